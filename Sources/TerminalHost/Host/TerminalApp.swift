import CTerminalSupport
import Foundation
import UIKit

#if canImport(Glibc)
  import Glibc
#endif

/// The run loop of an app in the terminal: reads the terminal's bytes and the signals, turns
/// them into taps, keys and pastes, moves UIKit's clock with the real one, and draws what
/// changed.
@MainActor
package final class TerminalApp {
  /// The points one cell covers: 8 × 16, the headless host's cell too, so a layout built for
  /// one looks the same in the other.
  package nonisolated static let cellSize = CGSize(width: 8, height: 16)
  /// Trace and console lines kept for the pane.
  static let paneHistory = 500

  private let options: TerminalOptions
  private let session: TerminalSession
  private let programName: String
  private var input = TerminalInput()
  /// The keyboard protocol's negotiation and the keys down (set up in `run`, where the session
  /// it writes to has started).
  private var keyboard: TerminalKeyboard?
  private var writer: ScreenWriter
  /// Which emoji sequences the terminal joins (`rasterizer.joining`, which the writer, the
  /// composer and the window's measurer follow), asked at start (see EmojiJoiningProbe).
  private var rasterizer = CellRasterizer(cellSize: TerminalApp.cellSize)
  private var joiningProbe = EmojiJoiningProbe()
  private var layout = ScreenLayout(columns: 80, rows: 24, showsTracePane: false)
  private weak var window: UIWindow?
  private var paneLines: [String] = []
  private var traceToken: UIKitTrace.ObserverToken?
  private var running = true
  /// Whether something may have changed what the window shows since it was last drawn.
  private var needsRender = true
  /// When the next Foundation timer fires, if one is scheduled on the main run loop.
  private var foundationTimerDue: Date?
  /// Readable while work waits on the main queue; -1 when libdispatch does not say (the loop
  /// then wakes four times a second and draws each time, as it did before it could tell).
  private let mainQueueFD = cts_main_queue_fd()
  private var exitStatus: Int32 = 0
  private var touchIsDown = false
  /// The last left click (for double clicks) and the tap count of the touch under way.
  private var lastClick: (time: TimeInterval, column: Int, row: Int)?
  private var clickCount = 1
  private let startTime = DispatchTime.now().uptimeNanoseconds
  /// UIKit's time when `elapsed` was 0.
  private var clockOrigin: TimeInterval = 0

  package init(options: TerminalOptions, programName: String, session: TerminalSession = TerminalSession()) {
    self.options = options
    self.programName = programName
    self.session = session
    writer = ScreenWriter(colorMode: options.colorMode(environment: ProcessInfo.processInfo.environment))
  }

  /// Seconds since the app started, from the monotonic clock.
  private var elapsed: TimeInterval {
    TimeInterval(DispatchTime.now().uptimeNanoseconds - startTime) / 1_000_000_000
  }

  /// Runs the app made by `delegate` until the user quits; returns the exit status. The
  /// terminal is restored before this returns, whatever happened.
  package func run(delegate: any UIApplicationDelegate) -> Int32 {
    do {
      try session.start()
    } catch {
      FileHandle.standardError.write(Data("\(programName): \(error)\n".utf8))
      return 1
    }
    let session = session
    session.write(EmojiJoiningProbe.query)
    keyboard = TerminalKeyboard { session.enableKeyboardEnhancements() }
    let size = session.size()
    layout = ScreenLayout(columns: size.columns, rows: size.rows, showsTracePane: options.trace)
    UIScreen.main.bounds = CGRect(origin: .zero, size: layout.appSize(cellSize: Self.cellSize))
    // A terminal has no status bar or home indicator: the safe area is the whole screen.
    UIScreen.main._safeAreaInsets = .zero
    UIScreen.main._userInterfaceStyle = options.initialAppearance(environment: ProcessInfo.processInfo.environment)
    if options.trace || options.feedbackBell {
      traceToken = UIKitTrace.addObserver { [weak self] record, window in
        self?.observe(record)
      }
    }

    // A link the user taps opens in the desktop's browser (or mail, or phone app), as another
    // app would take it on a device; the trace pane shows it.
    UIApplication.shared._urlOpener = { [weak self] url in
      let opened = URLOpener.open(url)
      if self?.options.trace == true { self?.appendPaneLine("↗ \(url.absoluteString)\(opened ? "" : " (no opener)")") }
      return opened
    }
    defer { UIApplication.shared._urlOpener = nil }

    // The run loop moves UIKit's clock with the monotonic clock, so that a frame and the timers
    // due in it agree on the time; UIKit's time goes on from where it was.
    let scheduler = UIApplication.shared._scheduler
    scheduler.takeOver()
    clockOrigin = scheduler.now - elapsed
    defer { scheduler.giveBack() }
    UIApplication.shared._launch(delegate: delegate)
    let launchedWindow = UIApplication.shared.keyWindow ?? delegate.window
    if let window = launchedWindow {
      self.window = window
      window.textMeasurer = CellTextMeasurer(cellSize: Self.cellSize, joining: rasterizer.joining)
      UIScreen.main._textMeasurer = window.textMeasurer
      window.keyboard.locale = Locale.current
      window.keyboard.isSoftwareKeyboardEnabled = !options.hardwareKeyboard
      window._fullKeyboardAccess = options.fullKeyboardAccess
      window.frame = UIScreen.main.bounds
      window.setNeedsLayout()
      while running { runOnce() }
      // Keys still down will not come up: the app stops being active, as on iOS.
      keyboard?.cancelHeldKeys(in: self.window)
    } else {
      exitStatus = 1
    }
    if let traceToken { UIKitTrace.removeObserver(traceToken) }
    // The terminal comes back before the app hears it will terminate: what it prints then goes
    // straight to the real standard output, after what it printed while it ran, and however
    // much that is, it never waits for a loop that has stopped (issue 17: 70,000 characters
    // printed in applicationWillTerminate hung the app in raw mode on the alternate screen).
    let printed = session.restore()
    if !printed.isEmpty { FileHandle.standardOutput.write(Data(printed)) }
    if launchedWindow != nil {
      UIApplication.shared._terminate()
    } else {
      FileHandle.standardError.write(Data("\(programName): the app delegate made no key window\n".utf8))
    }
    return exitStatus
  }

  // MARK: The loop

  // The loop sleeps until something happens: bytes from the terminal, a signal, output for the
  // pane, UIKit's next timer, a Foundation timer, or work on the main queue (libdispatch's
  // main-queue descriptor, which CoreFoundation's own run loop waits on). It draws only after one
  // of those, so an idle app costs nothing whatever it shows (issue 17: Hypnosister with
  // thousands of labels idled at 55–98% of a core redrawing every 250 ms); and the screen
  // writer then sends only the cells that changed.

  /// UIKit's time moves to now: the monotonic clock from where UIKit's clock was when the host
  /// took it. Timers and animations due run; the screen is drawn after them.
  private func syncClock() {
    let now = clockOrigin + elapsed
    if let due = UIApplication.shared._scheduler.nextDueTime, due <= now { needsRender = true }
    UIApplication.shared._scheduler.advance(to: now)
  }

  private func runOnce() {
    syncClock()
    // Work the app queued on the main queue, main-actor tasks and Foundation timers; the date of
    // the next Foundation timer. A timer fired when that date moved (CoreFoundation fires a
    // timer a little before its date, so comparing with the clock would miss some).
    let timerBefore = foundationTimerDue
    foundationTimerDue = RunLoop.main.limitDate(forMode: .default)
      .flatMap { $0 == .distantFuture ? nil : $0 }
    if timerBefore != nil, foundationTimerDue != timerBefore { needsRender = true }
    if mainQueueFD < 0 { needsRender = true }
    // While something animates, every turn draws a frame (the poll below wakes at the frame rate).
    if CALayer.hasRunningAnimations { needsRender = true }
    if needsRender {
      needsRender = false
      render()
    }
    guard running else { return }

    if !unreadInput.isEmpty {
      // Read ahead during the last turn's input: handled now, as if read now.
      syncClock()
      let bytes = unreadInput
      unreadInput = []
      readAheadProbe = nil
      handle(input.feed(bytes, at: elapsed))
      return
    }

    var fds = [
      pollfd(fd: session.inputFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: session.signalFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: session.capturedOutput?.wakeFD ?? -1, events: Int16(POLLIN), revents: 0),
      pollfd(fd: mainQueueFD, events: Int16(POLLIN), revents: 0),
    ]
    let timeout = pollTimeout()
    let ready = poll(&fds, nfds_t(fds.count), timeout)
    if ready < 0 { return }  // EINTR: a signal; its byte is in the pipe
    // Work queued on the main queue runs at the top of the next turn and may change anything.
    if fds[3].revents != 0 { needsRender = true }
    if fds[1].revents != 0 { handleSignals() }
    if fds[2].revents != 0, let captured = session.capturedOutput {
      appendConsole(captured.takeFresh())
    }
    // Input happens now, not when the loop went to sleep: a click's touch must begin at the
    // time it came (a press read on a clock stopped while the app idled looked like a long
    // press at its release, and showed the edit menu on a plain tap).
    syncClock()
    if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
      guard let bytes = session.readInput() else {
        // The terminal went away (hang-up): nothing will come any more.
        running = false
        exitStatus = 129
        return
      }
      handle(input.feed(bytes, at: elapsed))
    } else {
      handle(input.expire(at: elapsed))
    }
  }

  /// Milliseconds until something is due: held-back input (see TerminalInput), UIKit's next
  /// timer and the next Foundation timer; -1 (until something happens) when nothing is. Without
  /// the main queue's descriptor, at most a quarter second, so that work queued from other
  /// threads runs soon.
  /// How often the screen is drawn while layers animate (30 frames a second: a terminal's
  /// cells change far less often than a display's pixels).
  static let animationFrameInterval: TimeInterval = 1.0 / 30

  private func pollTimeout() -> Int32 {
    var seconds: TimeInterval = mainQueueFD < 0 ? 0.25 : .infinity
    if let deadline = input.deadline { seconds = min(seconds, max(0, deadline - elapsed)) }
    if let due = UIApplication.shared._scheduler.nextDueTime {
      seconds = min(seconds, max(0, due - clockOrigin - elapsed))
    }
    if let timer = foundationTimerDue { seconds = min(seconds, max(0, timer.timeIntervalSinceNow)) }
    if CALayer.hasRunningAnimations { seconds = min(seconds, Self.animationFrameInterval) }
    guard seconds.isFinite else { return -1 }
    return Int32(min((seconds * 1000).rounded(.up), 3_600_000))
  }

  // MARK: Input

  /// Input read ahead during a long run of input (see `handle`), decoded at the next turn.
  private var unreadInput: [UInt8] = []
  /// The decoder as it would be after ``unreadInput``: what the look-ahead decodes with.
  private var readAheadProbe: TerminalInput?

  /// How long a run of input may keep the terminal unread: after this, the host reads what
  /// came meanwhile, so that a quit key typed behind thousands of queued keys is served at once.
  static let inputLookAheadInterval: TimeInterval = 0.05

  private func handle(_ events: [TerminalEvent]) {
    guard let window, !events.isEmpty else { return }
    needsRender = true
    // Each key may cost the app a lot (Hypnosister adds 20 labels a Return): a burst of keys can
    // take seconds, and Ctrl-C behind it waited for all of them (issue 32, item 12). Input is
    // handled in order; but once a burst has run for `inputLookAheadInterval`, the host reads
    // on, and a key in what is still queued that would quit now (Ctrl-Q, or Ctrl-C with nothing
    // to copy) quits at once: a quit key waits behind other input for that long at most.
    var queue = events[...]
    var lastLook = elapsed
    while running, let event = queue.popFirst() {
      if elapsed - lastLook > Self.inputLookAheadInterval {
        lastLook = elapsed
        if queue.contains(where: { quits($0, in: window) }) || readAheadQuits(in: window) {
          running = false
          return
        }
      }
      switch event {
      case .cursorPosition(let row, let column):
        if let answer = joiningProbe.receive(row: row, column: column) { useJoining(answer, in: window) }
      case .key, .focus, .keyboardProtocolFlags, .deviceAttributes:
        switch keyboard?.handle(event, in: window) {
        case .quit: running = false
        case .toggleSoftwareKeyboard: window.keyboard.isSoftwareKeyboardEnabled.toggle()
        case .toggleAppearance: UIScreen.main._toggleUserInterfaceStyle()
        case .key, .ignore, nil: break  // keys went to the app in `handle`
        }
      case .paste(let text):
        // As in the Simulator: the Mac's clipboard becomes the device's pasteboard, then ⌘V.
        guard !text.isEmpty else { break }
        UIPasteboard.general.string = text
        _ = window._press(HardwareKey(.character("v"), modifiers: .command))
      case .mouse(let mouse):
        handle(mouse, in: window)
      }
    }
  }

  /// Reads whatever input is waiting into ``unreadInput`` and says whether, decoded after what
  /// has been, it holds a key the host would quit on now. The bytes are decoded for good at the
  /// next turn, after the frame and the clock, as they would have been read then.
  private func readAheadQuits(in window: UIWindow) -> Bool {
    var fds = [pollfd(fd: session.inputFD, events: Int16(POLLIN), revents: 0)]
    guard poll(&fds, 1, 0) > 0, fds[0].revents & Int16(POLLIN) != 0, let bytes = session.readInput(), !bytes.isEmpty
    else { return false }
    unreadInput += bytes
    // A copy of the decoder reads the new bytes where the last look left off (a 10 MB paste
    // read ahead is decoded once, not at every look).
    var probe = readAheadProbe ?? input
    let quitting = probe.feed(bytes, at: elapsed).contains { quits($0, in: window) }
    readAheadProbe = probe
    return quitting
  }

  /// Whether `event` is a key press the host would quit on now.
  private func quits(_ event: TerminalEvent, in window: UIWindow) -> Bool {
    guard case .key(let key) = event, key.event == .press else { return false }
    if case .quit = KeyMapping.action(for: key, copies: KeyMapping.canCopy(in: window._firstResponder)) { return true }
    return false
  }

  private func handle(_ mouse: MouseEvent, in window: UIWindow) {
    let point = CGPoint(
      x: (CGFloat(mouse.column) + 0.5) * Self.cellSize.width,
      y: (CGFloat(mouse.row) + 0.5) * Self.cellSize.height)
    let inside = layout.isInApp(column: mouse.column, row: mouse.row)
    switch (mouse.kind, mouse.button) {
    case (.press, .left) where inside:
      if touchIsDown { window._touch(at: point, phase: .ended, tapCount: clickCount) }
      touchIsDown = true
      // A second click soon on the same cell is a double tap (the terminal reports no counts).
      let now = elapsed
      if let last = lastClick, now - last.time < 0.4, last.column == mouse.column, last.row == mouse.row {
        clickCount += 1
      } else {
        clickCount = 1
      }
      lastClick = (now, mouse.column, mouse.row)
      window._touch(at: point, phase: .began, tapCount: clickCount)
    case (.press, .right) where inside:
      window._secondaryClick(at: point)
    case (.drag, .left) where touchIsDown:
      window._touch(at: clamp(point, to: window.bounds), phase: .moved)
    case (.release, _) where touchIsDown:
      touchIsDown = false
      window._touch(at: clamp(point, to: window.bounds), phase: .ended, tapCount: clickCount)
    case (.move, _) where !touchIsDown:
      // The mouse over the app with no button down hovers (any-event tracking, 1003).
      window._hover(at: inside ? point : nil)
    case (.scroll, _) where inside && mouse.modifiers.contains(.control):
      // Control and the wheel pinch (a notch: 10 %), as a trackpad's pinch comes to desktop
      // apps; with Alt too they turn two fingers (a notch: 15°).
      let up = mouse.button == .wheelUp || mouse.button == .wheelLeft
      if mouse.modifiers.contains(.option) {
        window._trackpadRotate(at: point, by: (up ? -1 : 1) * .pi / 12)
      } else {
        window._trackpadPinch(at: point, scale: up ? 1.1 : 1 / 1.1)
      }
    case (.scroll, _) where inside:
      // Three lines a notch, as terminals scroll their own history; sideways six columns: a
      // tilting wheel (or a trackpad's sideways swipe), or a vertical wheel with Shift, as
      // browsers and most desktops turn it.
      let back = mouse.button == .wheelUp || mouse.button == .wheelLeft
      let sideways = mouse.button == .wheelLeft || mouse.button == .wheelRight || mouse.modifiers.contains(.shift)
      let delta = sideways
        ? CGPoint(x: (back ? -6 : 6) * Self.cellSize.width, y: 0)
        : CGPoint(x: 0, y: (back ? -3 : 3) * Self.cellSize.height)
      window._mouseWheel(at: point, delta: delta)
    default:
      break
    }
  }

  private func clamp(_ point: CGPoint, to rect: CGRect) -> CGPoint {
    CGPoint(x: min(max(point.x, rect.minX), rect.maxX - 1), y: min(max(point.y, rect.minY), rect.maxY - 1))
  }

  private func handleSignals() {
    for signal in session.readSignals() {
      switch signal {
      case SIGWINCH:
        resize()
      case SIGCONT:
        // What happened to the keys while the app was stopped is unknown: they are cancelled.
        keyboard?.cancelHeldKeys(in: window)
        session.reenter()
        writer.invalidate()
        needsRender = true
      default:
        // SIGINT, SIGTERM, SIGHUP, SIGQUIT: quit in order, with the status the signal means.
        running = false
        exitStatus = 128 + signal
      }
    }
  }

  private func resize() {
    let size = session.size()
    let newLayout = ScreenLayout(columns: size.columns, rows: size.rows, showsTracePane: options.trace)
    guard newLayout != layout else { return }
    layout = newLayout
    // As a window resized on an iPad: the controllers hear viewWillTransition(to:with:), the
    // screen and the windows filling it take the new size, and the views their new traits.
    UIApplication.shared._screenDidResize(to: layout.appSize(cellSize: Self.cellSize))
    writer.invalidate()
    needsRender = true
  }

  // MARK: Output

  private func render() {
    guard let window else { return }
    // The window is the screen's size unless the app resized it; the host draws no more than the
    // layout's cells either way (see ScreenLayout's cap).
    let room = layout.appSize(cellSize: Self.cellSize)
    let size = CGSize(
      width: min(window.bounds.width, room.width), height: min(window.bounds.height, room.height))
    // A frame costs what the views on screen cost (80,000 labels: 0.45 s in a release build).
    // While it is made, the host looks at the terminal every few hundred views: a quit key that
    // came meanwhile abandons the frame and quits (issue 32, item 12). Other input waits for the
    // next turn, as it would have.
    let interruption = FrameInterruption { [unowned self] in readAheadQuits(in: window) }
    let list = window.displayList(interruption: interruption)
    let app = rasterizer.rasterize(list, size: size, interruption: interruption)
    guard !interruption.isAbandoned else {
      running = false
      return
    }
    let screen = ScreenComposer.compose(
      app: app, layout: layout, paneTitle: "Trace: delegates, notifications, events",
      paneLines: paneLines, hint: hint(for: window), joining: rasterizer.joining)
    session.write(writer.update(to: screen))
  }

  /// The terminal answered the probe: from now on every column is counted as it draws emoji
  /// sequences (layout and the caret through the window's measurer, the grid, the pane, the
  /// diffed screen), and the screen is repainted.
  private func useJoining(_ answer: EmojiJoining, in window: UIWindow) {
    guard answer != rasterizer.joining else { return }
    rasterizer.joining = answer
    writer.joining = answer
    writer.invalidate()
    window.textMeasurer = CellTextMeasurer(cellSize: Self.cellSize, joining: answer)
    UIScreen.main._textMeasurer = window.textMeasurer
    needsRender = true
    if options.trace { appendPaneLine("terminal: emoji \(answer)") }
  }

  private func hint(for window: UIWindow) -> String {
    StatusHint.text(
      responder: window._firstResponder, presentsModal: window._presentsModal,
      softwareKeyboard: window.keyboard.isSoftwareKeyboardEnabled,
      focus: (window._fullKeyboardAccess, window._hasFocusedControl), width: layout.columns)
  }

  private func observe(_ record: TraceRecord) {
    if options.trace { appendTrace(record) }
    if options.feedbackBell, Self.ringsBell(record) { session.write(Self.bell) }
  }

  /// BEL: the terminal beeps or flashes, as its user set it up.
  static let bell: [UInt8] = [0x07]

  /// Whether `record` is feedback the bell stands for: only errors, the one outcome a user must
  /// not miss (a bell for every impact or selection tick would be noise).
  package static func ringsBell(_ record: TraceRecord) -> Bool {
    guard case .feedback(let generator, let message, let arguments) = record else { return false }
    return generator is UINotificationFeedbackGenerator && message.hasPrefix("notificationOccurred")
      && arguments.hasPrefix(".error")
  }

  private func appendTrace(_ record: TraceRecord) {
    appendPaneLine(record.line { object in
      guard let object else { return nil }
      if let view = object as? UIView, let identifier = view.accessibilityIdentifier { return identifier }
      return String(describing: type(of: object))
    })
  }

  /// Shows what the app printed in the pane, as it is printed (OutputCapture keeps it all for
  /// the end too).
  private func appendConsole(_ bytes: [UInt8]) {
    guard options.trace, !bytes.isEmpty else { return }
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    for line in lines.suffix(Self.paneHistory) {
      appendPaneLine("› " + line)
    }
  }

  private func appendPaneLine(_ line: String) {
    needsRender = true
    paneLines.append(line)
    if paneLines.count > Self.paneHistory { paneLines.removeFirst(paneLines.count - Self.paneHistory) }
  }
}
