import Foundation
import Testing

@testable import TerminalHost

#if canImport(Glibc)
  import Glibc
#endif

/// What the app prints while the terminal host runs (issue 17, item 5: a print larger than a pipe
/// holds, such as the person form's record with a 70,000-character name in
/// `applicationWillTerminate`, blocked in `write(1)` for ever because only the stopped run loop
/// read the pipe).
@Suite struct OutputCaptureTests {
  /// A descriptor standing in for standard output: /dev/null, so the test can tell afterwards
  /// that it was put back.
  private func scratchOutput() -> Int32 {
    open("/dev/null", O_WRONLY | O_CLOEXEC)
  }

  private func identity(_ fd: Int32) -> (UInt, UInt) {
    var info = stat()
    fstat(fd, &info)
    return (UInt(info.st_dev), UInt(info.st_ino))
  }

  /// Writes `bytes` to `fd` on another thread; true if every byte was written within `seconds`.
  private func writeCompletes(_ bytes: [UInt8], to fd: Int32, within seconds: Double) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
          if n < 0 { if errno == EINTR { continue }; break }
          offset += n
        }
      }
      done.signal()
    }
    thread.start()
    return done.wait(timeout: .now() + seconds) == .success
  }

  @Test func aPrintLargerThanAPipeNeverWaitsForAReader() throws {
    let target = scratchOutput()
    defer { close(target) }
    let original = identity(target)
    let capture = try #require(OutputCapture(redirecting: [target]))
    // Nobody calls takeFresh(): the run loop has stopped, as while the app terminates.
    let record = Array("{\"name\":\"\(String(repeating: "N", count: 70_000))\"}\n".utf8)
    let big = (0..<(1 << 20)).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    #expect(writeCompletes(record, to: target, within: 5))
    #expect(writeCompletes(big, to: target, within: 5))
    let kept = capture.stop()
    #expect(kept == record + big)
    // The descriptor is what it was, and writing to it goes there again.
    #expect(identity(target) == original)
    #expect(writeCompletes(record, to: target, within: 5))
    #expect(capture.stop() == [])
  }

  @Test func freshOutputWakesTheLoopAndKeptOutputIsBounded() throws {
    let target = scratchOutput()
    defer { close(target) }
    let capture = try #require(OutputCapture(redirecting: [target]))
    #expect(writeCompletes(Array("one\ntwo\n".utf8), to: target, within: 5))
    var wake = pollfd(fd: capture.wakeFD, events: Int16(POLLIN), revents: 0)
    #expect(poll(&wake, 1, 5000) == 1)
    var fresh: [UInt8] = []
    let deadline = Date().addingTimeInterval(5)
    while fresh.count < 8, Date() < deadline { fresh += capture.takeFresh() }
    #expect(fresh == Array("one\ntwo\n".utf8))
    wake.revents = 0
    #expect(poll(&wake, 1, 0) == 0, "taking the output quiets the wake descriptor")

    // 10 MB printed: only the last keptLimit bytes stay, after a note of what was dropped.
    let chunk = [UInt8](repeating: UInt8(ascii: "z"), count: 1 << 20)
    for _ in 0..<10 { #expect(writeCompletes(chunk, to: target, within: 5)) }
    #expect(writeCompletes(Array("end\n".utf8), to: target, within: 5))
    let kept = capture.stop()
    let dropped = 8 + 10 * (1 << 20) + 4 - OutputCapture.keptLimit
    let note = Array("[\(dropped) earlier bytes of output dropped]\n".utf8)
    #expect(Array(kept.prefix(note.count)) == note)
    #expect(kept.count == note.count + OutputCapture.keptLimit)
    #expect(Array(kept.suffix(4)) == Array("end\n".utf8))
  }
}
