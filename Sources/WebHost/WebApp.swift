import Foundation
import UIKit

/// How the browser front end shows the app: the simulated device and where to listen.
package struct WebHostOptions: Sendable {
  /// The TCP port on 127.0.0.1; 0 picks a free one.
  package var port = 0
  /// The device's screen in points and its safe area (status bar, home indicator).
  package var screenSize = CGSize(width: 390, height: 844)
  package var safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
  /// Device pixels per point of the frames sent.
  package var scale: CGFloat = 2
  /// Show the trace beside the device.
  package var trace = false
  /// Start with the software keyboard hidden (a connected hardware keyboard).
  package var hardwareKeyboard = false
  /// Full Keyboard Access: Tab reaches every control and Space activates it (see
  /// `UIFocusSystem`).
  package var fullKeyboardAccess = true
  /// How the page draws the device around the screen.
  package var chrome = WebDeviceChrome()
  /// The appearance the app starts in.
  package var appearance = WebAppearance.light
  /// The kind of device simulated.
  package var idiom = UIUserInterfaceIdiom.phone
  package init() {}
}

/// The appearance of the app in the browser: fixed to start with (⇧⌘A, Ctrl-Shift-A elsewhere,
/// switches it, as the Simulator's Toggle Appearance), or following the browser's light or dark
/// preference (`prefers-color-scheme`), live.
package enum WebAppearance: Sendable, Equatable {
  case light, dark, followsBrowser
}

/// The device around the screen on the page: the display's corner radius (0: square, as on an
/// iPhone SE, whose status bar reaches the corners) and whether it has a home button below the
/// screen instead of a home indicator on it.
package struct WebDeviceChrome: Sendable, Equatable {
  package var screenCornerRadius: CGFloat = 47.33
  package var hasHomeButton = false
  package init(screenCornerRadius: CGFloat = 47.33, hasHomeButton: Bool = false) {
    self.screenCornerRadius = screenCornerRadius
    self.hasHomeButton = hasHomeButton
  }
}

#if Web
  #if canImport(Glibc)
    import Glibc
  #endif

  /// The run loop of an app in the browser: serves the page and its WebSocket on 127.0.0.1,
  /// moves UIKit's clock with the real one, applies what the page sends and sends back what
  /// changed.
  @MainActor
  package final class WebApp {
    private let options: WebHostOptions
    private let programName: String
    private var running = true
    private var exitStatus: Int32 = 0
    private let startTime = DispatchTime.now().uptimeNanoseconds
    private var clockOrigin: TimeInterval = 0
    private var signalSources: [any DispatchSourceSignal] = []

    package init(options: WebHostOptions, programName: String) {
      self.options = options
      self.programName = programName
    }

    private var elapsed: TimeInterval {
      TimeInterval(DispatchTime.now().uptimeNanoseconds - startTime) / 1_000_000_000
    }

    /// Runs the app made by `delegate` until SIGINT or SIGTERM (Ctrl-C); returns the exit status.
    package func run(delegate: any UIApplicationDelegate) -> Int32 {
      UIScreen.main.bounds = CGRect(origin: .zero, size: options.screenSize)
      UIScreen.main._safeAreaInsets = options.safeAreaInsets
      UIScreen.main.scale = options.scale
      UIScreen.main._userInterfaceStyle = options.appearance == .dark ? .dark : .light
      UIScreen.main._userInterfaceIdiom = options.idiom
      let renderer = makeRenderer()
      let scheduler = UIApplication.shared._scheduler
      scheduler.takeOver()
      clockOrigin = scheduler.now - elapsed
      defer { scheduler.giveBack() }
      if let measurer = renderer?.textMeasurer { UIScreen.main._textMeasurer = measurer }
      UIApplication.shared._launch(delegate: delegate)
      guard let window = UIApplication.shared.keyWindow ?? delegate.window else {
        log(programName, "the app delegate made no key window")
        return 1
      }
      if let measurer = renderer?.textMeasurer { window.textMeasurer = measurer }
      window.keyboard.locale = Locale.current
      window.keyboard.isSoftwareKeyboardEnabled = !options.hardwareKeyboard
      window._fullKeyboardAccess = options.fullKeyboardAccess
      window.keyboard.drawsSlide = true
      window.frame = UIScreen.main.bounds
      window.setNeedsLayout()
      window.layoutIfNeeded()

      let session = WebSession(window: window, renderer: renderer, tracing: options.trace)
      session.chrome = options.chrome
      session.followsBrowserAppearance = options.appearance == .followsBrowser
      session.currentTime = { [weak self] in self.map { $0.clockOrigin + $0.elapsed } ?? scheduler.now }
      // For the browser test: SIGUSR1 writes what the window shows to $UIKIT_WEB_SNAPSHOT.
      let snapshotHook = WebSnapshotHook(window: window, scale: options.scale)
      defer { withExtendedLifetime(snapshotHook) {} }
      let server = WebServer(session: session, access: WebAccess(), port: options.port, programName: programName)
      let programName = self.programName
      watchSignals()
      let serverTask = Task.detached {
        do {
          try await server.run { address, _ in
            FileHandle.standardOutput.write(
              Data("\(programName): serving on \(address)\nOpen that address in a browser (Ctrl-C quits).\n".utf8))
          }
        } catch is CancellationError {
        } catch {
          log(programName, "the server stopped: \(error)")
          await MainActor.run { [weak self] in
            self?.running = false
            self?.exitStatus = 1
          }
        }
      }
      while running { turn(session) }
      serverTask.cancel()
      UIApplication.shared._terminate()
      return exitStatus
    }

    /// One turn: UIKit's clock moves to now (animations, timers), what changed goes to the tabs,
    /// then the loop sleeps until the page sends something, queued work arrives, or UIKit's next
    /// timer or animation frame is due.
    private func turn(_ session: WebSession) {
      let scheduler = UIApplication.shared._scheduler
      scheduler.advance(to: clockOrigin + elapsed)
      session.window.layoutIfNeeded()
      session.flush()
      var wait: TimeInterval = 1
      if let due = scheduler.nextDueTime { wait = min(wait, max(0, due - clockOrigin - elapsed)) }
      if let blink = session.nextCaretBlink { wait = min(wait, max(0, blink - clockOrigin - elapsed)) }
      if let due = session.nextAccessibilityUpdate { wait = min(wait, max(0, due - clockOrigin - elapsed)) }
      if CALayer.hasRunningAnimations || session.window.keyboard.isAnimating {
        wait = min(wait, Self.animationFrameInterval)
      }
      // Work the page's messages queue on the main actor runs in here.
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: wait))
    }

    /// The Pixels renderer at the options' scale.
    private func makeRenderer() -> (any WebFrameRendering)? {
      PixelFrameRenderer(scale: options.scale)
    }

    /// How often frames are drawn while something animates (60 a second, as a display).
    static let animationFrameInterval: TimeInterval = 1.0 / 60

    private func watchSignals() {
      for signalNumber in [SIGINT, SIGTERM] {
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
        source.setEventHandler { [weak self] in
          MainActor.assumeIsolated {
            self?.running = false
            self?.exitStatus = 128 + signalNumber
          }
        }
        source.resume()
        signalSources.append(source)
      }
    }
  }
#endif
