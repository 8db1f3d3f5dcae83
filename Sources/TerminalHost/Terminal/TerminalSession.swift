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
  /// clicks, drags and motion with no button (hover), bracketed paste, and a blinking bar cursor like iOS's caret; then
  /// explicit bidi mode (BDSM reset, `CSI 8 l`): the host draws right-to-left text in visual
  /// order itself, so a terminal that reorders (VTE) must not reorder again. Terminals without
  /// bidi support ignore mode 8.
  static let enterSequence = "\u{1B}[?1049h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1003h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[5 q\u{1B}[8l"
  /// What leaving writes: everything above undone, in reverse, with the attributes reset and
  /// the cursor shown.
  static let leaveSequence =
    "\u{1B}[8h\u{1B}[0m\u{1B}[0 q\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"

  /// Asks whether the terminal speaks the kitty keyboard protocol: the protocol's flags query,
  /// then the primary device attributes query, which every terminal answers. A terminal that
  /// answers the second without the first does not speak it (see TerminalKeyboard); nothing
  /// waits for either answer.
  static let keyboardProtocolQuery = "\u{1B}[?u\u{1B}[c"
  /// The kitty keyboard protocol's enhancements, pushed once the terminal said it speaks it:
  /// disambiguate (1), report event types (2: repeats and releases), report alternate keys (4),
  /// report all keys as escape codes (8: text keys' releases and modifier keys alone, as an
  /// iPad's keyboard reports them) and report associated text (16: what the key types, which
  /// 8 would otherwise leave out) = 31; and focus reports (DEC mode 1004), so that keys down
  /// when the terminal loses focus are cancelled rather than left down for ever. Pushed after
  /// the alternate screen is entered, as the protocol keeps a stack per screen.
  static let keyboardEnhancements = "\u{1B}[>31u\u{1B}[?1004h"
  /// Undoes ``keyboardEnhancements``, before the alternate screen is left.
  static let keyboardEnhancementsPop = "\u{1B}[?1004l\u{1B}[<u"

  /// Why the terminal could not be used.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// The terminal's input.
  package let inputFD: Int32
  /// The terminal, for the screen (a duplicate of standard output taken before the app's own
  /// output was redirected).
  package private(set) var screenFD: Int32 = -1
  /// The app's standard output (and standard error when that was the terminal too) while it
  /// runs; nil when not captured.
  package private(set) var capturedOutput: OutputCapture?
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
    write(Array(Self.keyboardProtocolQuery.utf8))
    captureOutput()
  }

  /// Pushes the kitty keyboard protocol's enhancements and asks for the flags again (to learn
  /// which the terminal took). From now on every way the terminal is restored pops them first
  /// (quit, error, signals, crashes, a stop), and a resume pushes them again.
  package func enableKeyboardEnhancements() {
    guard isActive else { return }
    // The pop is armed before the push is written: a signal in between pops an empty stack,
    // which the protocol defines as harmless; the other order could leave the push behind.
    cts_set_sequences(
      Self.enterSequence + Self.keyboardEnhancements, Self.keyboardEnhancementsPop + Self.leaveSequence)
    write(Array((Self.keyboardEnhancements + "\u{1B}[?u").utf8))
  }

  private func captureOutput() {
    cts_flush_standard_streams()
    let targets = isatty(STDERR_FILENO) == 1 ? [STDOUT_FILENO, STDERR_FILENO] : [STDOUT_FILENO]
    capturedOutput = OutputCapture(redirecting: targets)
    // A pipe makes stdio buffer whole blocks; lines should reach the trace pane as printed.
    if capturedOutput != nil { cts_line_buffer_stdout() }
  }

  /// Puts the terminal back and gives the app its standard output and error again. Returns
  /// what the app printed while it ran (the last ``OutputCapture/keptLimit`` bytes), for the
  /// caller to write out now that the terminal is back. Safe to call more than once.
  ///
  /// From this call on, SIGINT, SIGTERM, SIGHUP and SIGQUIT end the process at once (the run
  /// loop no longer listens for them): whatever the app does while it terminates, and however
  /// long writing its output takes, a signal still ends it.
  @discardableResult
  package func restore() -> [UInt8] {
    guard isActive else { return [] }
    isActive = false
    cts_exit_on_quit_signals()
    cts_flush_standard_streams()
    let kept = capturedOutput?.stop() ?? []
    capturedOutput = nil
    cts_restore()
    if screenFD >= 0 { close(screenFD); screenFD = -1 }
    return kept
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
