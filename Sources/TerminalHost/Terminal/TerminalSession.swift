import CTerminalSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The terminal while an app runs in it: raw mode, the alternate screen, mouse and bracketed
/// paste reporting, and the app's own output kept off the screen. Everything is put back by
/// ``restore()``, at exit, on a crash and on SIGINT, SIGTERM and SIGHUP (see CTerminalSupport).
package final class TerminalSession {
  /// What entering writes: the alternate screen (saving the cursor), SGR mouse reports for
  /// clicks and drags, bracketed paste, and a blinking bar cursor like iOS's caret.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[5 q"
  /// What leaving writes: everything above undone, in reverse, with the attributes reset and
  /// the cursor shown.
  static let leaveSequence =
    "\u{1B}[0m\u{1B}[0 q\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"

  /// Why the terminal could not be used.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// The terminal's input.
  package let inputFD: Int32
  /// The terminal, for the screen (a duplicate of standard output taken before the app's own
  /// output was redirected).
  package private(set) var screenFD: Int32 = -1
  /// The read end of the pipe that now receives the app's standard output (and standard error
  /// when that was the terminal too); -1 when not captured.
  package private(set) var capturedOutputFD: Int32 = -1
  private var savedStdout: Int32 = -1
  private var savedStderr: Int32 = -1
  private var isActive = false
  private var inputBuffer = [UInt8](repeating: 0, count: 65536)

  package init(inputFD: Int32 = STDIN_FILENO) {
    self.inputFD = inputFD
  }

  /// The pipe the signal handlers write to (one byte per signal).
  package var signalFD: Int32 { cts_signal_fd() }

  /// Enters raw mode and the alternate screen, and moves the app's standard output (and a
  /// standard error that is the terminal) into a pipe, so that `print` cannot scribble on the
  /// screen.
  package func start() throws {
    guard isatty(inputFD) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw Failure(description: "standard input and output must be a terminal (run it in a terminal, or use UIKitTesting's HeadlessHost in tests)")
    }
    screenFD = dup(STDOUT_FILENO)
    guard screenFD >= 0 else { throw Failure(description: "cannot duplicate standard output: \(String(cString: strerror(errno)))") }
    _ = fcntl(screenFD, F_SETFD, FD_CLOEXEC)
    guard cts_enter(inputFD, screenFD, Self.enterSequence, Self.leaveSequence) == 0 else {
      throw Failure(description: "cannot configure the terminal: \(String(cString: strerror(errno)))")
    }
    isActive = true
    captureOutput()
  }

  private func captureOutput() {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return }
    cts_flush_standard_streams()
    savedStdout = dup(STDOUT_FILENO)
    dup2(fds[1], STDOUT_FILENO)
    if isatty(STDERR_FILENO) == 1 {
      savedStderr = dup(STDERR_FILENO)
      dup2(fds[1], STDERR_FILENO)
    }
    close(fds[1])
    _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    capturedOutputFD = fds[0]
    // A pipe makes stdio buffer whole blocks; lines should reach the trace pane as printed.
    cts_line_buffer_stdout()
  }

  /// Reads what the app printed since the last call (non-blocking).
  package func readCapturedOutput() -> [UInt8] {
    guard capturedOutputFD >= 0 else { return [] }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(capturedOutputFD, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      result.append(contentsOf: buffer[0..<n])
    }
    return result
  }

  /// Puts the terminal back and gives the app its standard output and error again. Returns
  /// what the app printed and nobody read yet. Safe to call more than once.
  @discardableResult
  package func restore() -> [UInt8] {
    guard isActive else { return [] }
    isActive = false
    cts_flush_standard_streams()
    let pending = readCapturedOutput()
    cts_restore()
    if savedStdout >= 0 { dup2(savedStdout, STDOUT_FILENO); close(savedStdout); savedStdout = -1 }
    if savedStderr >= 0 { dup2(savedStderr, STDERR_FILENO); close(savedStderr); savedStderr = -1 }
    if capturedOutputFD >= 0 { close(capturedOutputFD); capturedOutputFD = -1 }
    if screenFD >= 0 { close(screenFD); screenFD = -1 }
    return pending
  }

  /// After the process was stopped and resumed: raw mode and the alternate screen again.
  package func reenter() {
    cts_reenter()
  }

  /// The terminal's size in cells (80 × 24 when it cannot tell).
  package func size() -> (columns: Int, rows: Int) {
    var columns: Int32 = 0
    var rows: Int32 = 0
    if cts_window_size(screenFD >= 0 ? screenFD : inputFD, &columns, &rows) == 0, columns > 0, rows > 0 {
      return (Int(columns), Int(rows))
    }
    return (80, 24)
  }

  /// Writes `bytes` to the screen, all of them (retrying after interruptions and short writes).
  package func write(_ bytes: [UInt8]) {
    guard screenFD >= 0, !bytes.isEmpty else { return }
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = Glibc.write(screenFD, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return
        }
        offset += n
      }
    }
  }

  /// Reads what the terminal sent (non-blocking after poll said it is readable). nil at end of
  /// input (the terminal went away).
  package func readInput() -> [UInt8]? {
    // One buffer for every read: a keystroke should not allocate and zero 64 KB.
    let n = inputBuffer.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
    if n > 0 { return Array(inputBuffer[0..<n]) }
    if n == 0 { return nil }
    return (errno == EINTR || errno == EAGAIN) ? [] : nil
  }

  /// The signals delivered since the last call (SIGWINCH, SIGINT, ...).
  package func readSignals() -> [Int32] {
    guard signalFD >= 0 else { return [] }
    var result: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(signalFD, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      result += buffer[0..<n].map { Int32($0) }
    }
    return result
  }
}
