import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the app prints while it runs in the terminal: its standard output (and error) moved into
/// a pipe that a thread of its own empties as soon as anything arrives.
///
/// The thread is the point: a pipe holds 64 KB, and when the run loop emptied it, a print larger
/// than that (or any print once the loop had stopped, such as `applicationWillTerminate`'s)
/// blocked the main thread in `write(1)` waiting for the main thread, forever. Now a print waits
/// for nobody; the run loop only collects the lines for the trace pane (``takeFresh()``), woken
/// by ``wakeFD``.
///
/// Memory is bounded: the last ``keptLimit`` bytes are kept for the end (``stop()``), the last
/// ``freshLimit`` bytes not yet taken for the pane; older bytes are dropped.
package final class OutputCapture: @unchecked Sendable {
  /// The most bytes kept for the end; older output is dropped.
  package static let keptLimit = 4 << 20
  /// The most bytes kept for the pane between two ``takeFresh()`` calls.
  package static let freshLimit = 256 << 10

  /// The descriptors redirected into the pipe, each with the duplicate of what it was before.
  private var saved: [(target: Int32, original: Int32)] = []
  private let readFD: Int32
  /// Readable when fresh output arrived (one byte per burst; ``takeFresh()`` empties it).
  package let wakeFD: Int32
  private let wakeWriteFD: Int32
  private let stopReadFD: Int32
  private let stopWriteFD: Int32
  private let finished = DispatchSemaphore(value: 0)
  private var isStopped = false

  private let lock = NSLock()
  private var kept: [UInt8] = []
  private var fresh: [UInt8] = []
  private var wakePending = false
  /// Bytes dropped from the front of `kept` because of the limit.
  private var dropped = 0

  /// Redirects each of `targets` (say standard output and error) into a new pipe and starts the
  /// thread that empties it. Returns nil (nothing redirected) when the pipes cannot be made.
  package init?(redirecting targets: [Int32]) {
    var output: [Int32] = [-1, -1]
    var wake: [Int32] = [-1, -1]
    var stop: [Int32] = [-1, -1]
    guard pipe(&output) == 0 else { return nil }
    guard pipe(&wake) == 0 else {
      close(output[0]); close(output[1])
      return nil
    }
    guard pipe(&stop) == 0 else {
      for fd in output + wake { close(fd) }
      return nil
    }
    for fd in [output[0], wake[0], wake[1], stop[0], stop[1]] {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    readFD = output[0]
    wakeFD = wake[0]
    wakeWriteFD = wake[1]
    stopReadFD = stop[0]
    stopWriteFD = stop[1]
    for target in targets {
      let original = dup(target)
      guard original >= 0 else { continue }
      _ = fcntl(original, F_SETFD, FD_CLOEXEC)
      dup2(output[1], target)
      saved.append((target, original))
    }
    // Only the targets write into the pipe now: once they are put back, the reader sees its end.
    close(output[1])
    let thread = Thread { [self] in drain() }
    thread.name = "TerminalHost output capture"
    thread.start()
  }

  deinit {
    if !isStopped { _ = stop() }
    for fd in [readFD, wakeFD, wakeWriteFD, stopReadFD, stopWriteFD] { close(fd) }
  }

  /// The output not taken yet, for the trace pane (at most ``freshLimit`` bytes, the latest).
  package func takeFresh() -> [UInt8] {
    var byte: UInt8 = 0
    while read(wakeFD, &byte, 1) > 0 {}
    lock.lock()
    defer { lock.unlock() }
    wakePending = false
    let taken = Array(fresh.suffix(Self.freshLimit))
    fresh = []
    return taken
  }

  /// Puts the redirected descriptors back, collects what is still in the pipe and ends the
  /// thread; returns everything kept (the last ``keptLimit`` bytes printed). Flush stdio's
  /// buffers first. Safe to call more than once (later calls return nothing).
  package func stop() -> [UInt8] {
    guard !isStopped else { return [] }
    isStopped = true
    for (target, original) in saved {
      dup2(original, target)
      close(original)
    }
    saved = []
    var byte: UInt8 = 1
    _ = write(stopWriteFD, &byte, 1)
    // The thread only drains what is in the pipe; a child process that inherited the pipe and
    // keeps printing must not hold the app's exit, hence the bound.
    _ = finished.wait(timeout: .now() + 1)
    lock.lock()
    defer { lock.unlock() }
    var result = Array(kept.suffix(Self.keptLimit))
    dropped += kept.count - result.count
    if dropped > 0 {
      result.insert(contentsOf: Array("[\(dropped) earlier bytes of output dropped]\n".utf8), at: 0)
    }
    kept = []
    fresh = []
    return result
  }

  // MARK: The thread

  private func drain() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    var fds = [
      pollfd(fd: readFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stopReadFD, events: Int16(POLLIN), revents: 0),
    ]
    loop: while true {
      if poll(&fds, 2, -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      if fds[0].revents != 0 {
        switch readAvailable(into: &buffer) {
        case .more: break
        case .end: break loop
        }
      }
      if fds[1].revents != 0 {
        // Told to stop: what the pipe still holds is the last output; take it (bounded, see
        // stop()).
        _ = readAvailable(into: &buffer, limit: Self.keptLimit)
        break
      }
    }
    finished.signal()
  }

  private enum ReadResult { case more, end }

  /// Reads until the pipe is empty (or `limit` bytes were read); `.end` when every writer is gone.
  private func readAvailable(into buffer: inout [UInt8], limit: Int = .max) -> ReadResult {
    var total = 0
    while total < limit {
      let n = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
      if n > 0 {
        total += n
        append(buffer[0..<n])
      } else if n == 0 {
        return .end
      } else if errno == EINTR {
        continue
      } else {
        // EAGAIN: empty for now.
        return .more
      }
    }
    return .more
  }

  private func append(_ bytes: ArraySlice<UInt8>) {
    lock.lock()
    kept += bytes
    // Trimmed when twice the limit, to the limit: dropping costs a copy per `keptLimit` bytes
    // printed, not per print.
    if kept.count > 2 * Self.keptLimit {
      let excess = kept.count - Self.keptLimit
      kept.removeFirst(excess)
      dropped += excess
    }
    fresh += bytes
    if fresh.count > 2 * Self.freshLimit { fresh.removeFirst(fresh.count - Self.freshLimit) }
    let wake = !wakePending
    wakePending = true
    lock.unlock()
    if wake {
      var byte: UInt8 = 1
      _ = write(wakeWriteFD, &byte, 1)
    }
  }
}
