import Foundation
import Synchronization

/// The app: its windows, the key window, and action dispatch along the responder chain.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
  /// The one application object.
  public static let shared = UIApplication()

  /// UIKit's clock (see ``MainScheduler``); every window shares it, as iOS's windows share the
  /// main run loop.
  package let _scheduler = MainScheduler()

  private var _windows: [WeakWindow] = []
  private struct WeakWindow { weak var window: UIWindow? }

  override private init() {
    super.init()
    // Core Animation's clock is this one (MainScheduler+CoreAnimation.swift).
    CAMediaClock.install(_scheduler)
  }

  /// There is one application object (``shared``): an archive never makes another.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// The layout direction of the app's interface (left to right unless the host sets it:
  /// iOS takes it from the app's language).
  open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { _userInterfaceLayoutDirection }
  /// What ``userInterfaceLayoutDirection`` answers; hosts set it before building the interface.
  package var _userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection = .leftToRight {
    didSet { if _userInterfaceLayoutDirection != oldValue { UIScreen.main._traitInputsDidChange() } }
  }

  /// How the host opens a URL for ``open(_:options:completionHandler:)`` (true: opened); nil
  /// when the host cannot (see UIApplication+OpenURL.swift).
  package var _urlOpener: (@MainActor (URL) -> Bool)?

  /// The scenes connected now (one, for an app that uses scenes; none otherwise).
  open var connectedScenes: Set<UIScene> { Set(_connectedScenes) }
  /// The sessions of the app's scenes.
  open var openSessions: Set<UISceneSession> { Set(_openSessions) }
  /// Whether the app shows several scenes at once (never, in a terminal).
  open var supportsMultipleScenes: Bool { false }
  var _connectedScenes: [UIScene] = []
  var _openSessions: [UISceneSession] = []

  /// What `@main` on the app delegate hands the delegate to: the host linked into the program
  /// registers itself here when the program loads (TerminalHost does).
  package nonisolated(unsafe) static var _mainHost: (@MainActor (any UIApplicationDelegate) -> Never)?

  /// The app's visible windows, back to front.
  open var windows: [UIWindow] {
    _windows.compactMap(\.window).filter { !$0.isHidden }
  }

  /// The coordinator of the rotation or resize under way, if one is (UIApplication+Orientation.swift).
  var _sizeTransition: _ViewControllerTransition?

  /// Every window of the app, hidden ones too.
  var _allWindows: [UIWindow] { _windows.compactMap(\.window) }

  /// The window that receives keyboard events.
  open var keyWindow: UIWindow? { _windows.compactMap(\.window).last { $0.isKeyWindow } }

  func _register(_ window: UIWindow) {
    _windows.removeAll { $0.window == nil || $0.window === window }
    _windows.append(WeakWindow(window: window))
  }

  func _makeKey(_ window: UIWindow) {
    for other in _windows.compactMap(\.window) where other !== window && other.isKeyWindow {
      other._setKey(false)
    }
    _register(window)
    window._setKey(true)
  }

  /// The application delegate: hosts tell it that the app launched and will terminate. Held
  /// weakly, as iOS does; the host that starts the app keeps it alive.
  open weak var delegate: (any UIApplicationDelegate)?

  /// Sends `action` to `target`, or, when `target` is nil, to the first responder of the key
  /// window or the first object up its responder chain that is a `Target`. Returns whether
  /// some object received it.
  ///
  /// Selectors do not exist on Linux: the action is a method reference, e.g.
  /// `UIApplication.shared.sendAction(UIResponder.resignFirstResponder, to: nil, from: nil, for: nil)`.
  @discardableResult
  open func sendAction<Target: AnyObject, Result>(
    _ action: (Target) -> () -> Result, to target: Target?, from sender: Any?, for event: UIEvent?
  ) -> Bool {
    guard let receiver = target ?? _firstInChain(of: Target.self) else { return false }
    _ = action(receiver)()
    return true
  }

  /// Sends `action` with a sender argument (see the form without one above).
  @discardableResult
  open func sendAction<Target: AnyObject, Sender, Result>(
    _ action: (Target) -> (Sender) -> Result, to target: Target?, from sender: Sender,
    for event: UIEvent?
  ) -> Bool {
    guard let receiver = target ?? _firstInChain(of: Target.self) else { return false }
    _ = action(receiver)(sender)
    return true
  }

  private func _firstInChain<Target: AnyObject>(of type: Target.Type) -> Target? {
    var responder: UIResponder? = keyWindow?.firstResponderObject ?? keyWindow
    while let current = responder {
      if let match = current as? Target { return match }
      responder = current.next
    }
    return nil
  }

  /// Dispatches an event to its window (touches go to the window under them).
  open func sendEvent(_ event: UIEvent) {
    event._window?.sendEvent(event)
  }
}

/// The screen: its bounds in points.
@preconcurrency @MainActor
open class UIScreen: NSObject {
  /// The device's screen. Hosts set its size (an iPhone-sized 390 × 844 pt by default).
  public static let main = UIScreen()

  /// The screen's rectangle in points, in the interface's orientation (a landscape interface
  /// has the wider bounds).
  open var bounds = CGRect(x: 0, y: 0, width: 390, height: 844) {
    // Windows' safe areas are computed from it (see `CALayer._geometryGeneration`), and size
    // classes too.
    didSet {
      CALayer._geometryGeneration &+= 1
      guard bounds.size != oldValue.size else { return }
      // A host that gives the screen another shape (a terminal, a landscape test screen) turns
      // the interface with it; a rotation sets the orientation itself first.
      let landscape = bounds.width > bounds.height
      if landscape != _interfaceOrientation.isLandscape {
        _interfaceOrientation = landscape ? .landscapeRight : .portrait
        UIDevice.current._orientation = _interfaceOrientation._deviceOrientation
      }
      _traitInputsDidChange()
    }
  }

  /// Points to pixels: the display scale of the screen's traits (1 unless a host says otherwise).
  open var scale: CGFloat = 1 {
    didSet {
      if self === UIScreen.main { UIScreen._mainScale.withLock { $0 = scale } }
      if scale != oldValue { _traitInputsDidChange() }
    }
  }

  /// The main screen's scale, for code off the main actor (image renderer formats).
  nonisolated static let _mainScale = Mutex<CGFloat>(1)

  // MARK: Traits

  /// The traits of the screen, which every scene, window and view on it inherits: the device's
  /// idiom, the host's light or dark appearance, size classes from the bounds (an iPhone is
  /// compact in width and regular in height in portrait; an iPad regular in both), the display
  /// scale, the app's content size category and layout direction.
  open var traitCollection: UITraitCollection { _screenTraits() }

  /// Called after the screen's traits changed.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

  /// The appearance the host shows (a host option: light unless it says dark).
  package var _userInterfaceStyle: UIUserInterfaceStyle = .light {
    didSet { if _userInterfaceStyle != oldValue { _traitInputsDidChange() } }
  }
  /// The kind of device the host simulates.
  package var _userInterfaceIdiom: UIUserInterfaceIdiom = .phone {
    didSet { if _userInterfaceIdiom != oldValue { _traitInputsDidChange() } }
  }
  /// Increase Contrast (Settings → Accessibility → Display & Text Size), as the host sets it.
  package var _accessibilityContrast: UIAccessibilityContrast = .normal {
    didSet {
      guard _accessibilityContrast != oldValue else { return }
      _traitInputsDidChange()
      NotificationCenter.default.post(name: UIAccessibility.darkerSystemColorsStatusDidChangeNotification, object: nil)
    }
  }
  /// Bold Text, as the host sets it.
  package var _legibilityWeight: UILegibilityWeight = .regular {
    didSet {
      guard _legibilityWeight != oldValue else { return }
      _traitInputsDidChange()
      NotificationCenter.default.post(name: UIAccessibility.boldTextStatusDidChangeNotification, object: nil)
    }
  }
  /// Reduce Motion, as the host sets it.
  package var _reducesMotion = false {
    didSet {
      guard _reducesMotion != oldValue else { return }
      NotificationCenter.default.post(name: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil)
      NotificationCenter.default.post(name: UIAccessibility.prefersCrossFadeTransitionsStatusDidChangeNotification, object: nil)
    }
  }
  var _traitCache: (generation: UInt64, inputs: _ScreenTraitInputs, traits: UITraitCollection)?
  var _reportedTraits: UITraitCollection?

  /// What of the screen the simulated device's status bar and home indicator cover: a window
  /// filling the screen has these safe-area insets. Hosts set them (the headless host simulates
  /// an iPhone 14's 47 points at the top and 34 at the bottom; a terminal has neither).
  package var _safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0) {
    didSet {
      CALayer._geometryGeneration &+= 1
      _portraitSafeAreaInsets = _interfaceOrientation.isPortrait ? _safeAreaInsets : Self._portraitInsets(fromLandscape: _safeAreaInsets)
    }
  }
  /// The portrait insets of a device whose landscape insets are `insets` (the sensor housing's
  /// side at the top; a home indicator's 34 points at the bottom).
  static func _portraitInsets(fromLandscape insets: UIEdgeInsets) -> UIEdgeInsets {
    UIEdgeInsets(top: max(insets.left, insets.right), left: 0, bottom: insets.bottom > 0 ? 34 : 0, right: 0)
  }

  /// The safe-area insets in portrait, which a rotation turns (UIApplication+Orientation.swift).
  var _portraitSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)

  /// The orientation of the interface on the screen: portrait unless the host rotated it (or
  /// made a screen wider than tall, which is in landscape).
  package var _interfaceOrientation: UIInterfaceOrientation = .portrait

  /// The screen's coordinate space, which turns with the interface (its bounds are ``bounds``).
  open var coordinateSpace: any UICoordinateSpace { _orientedSpace }
  /// The device's portrait-up coordinate space, whatever the interface's orientation.
  open var fixedCoordinateSpace: any UICoordinateSpace { _fixedSpace }
  private lazy var _orientedSpace = _ScreenCoordinateSpace(screen: self, fixed: false)
  private lazy var _fixedSpace = _ScreenCoordinateSpace(screen: self, fixed: true)

  /// How text is measured on this screen (hosts set theirs: a terminal's cells): what
  /// `NSString.size(withAttributes:)` and `boundingRect` measure with outside a view's drawing.
  package var _textMeasurer: any TextMeasuring {
    get { _StringLayout.screenMeasurer }
    set { _StringLayout.screenMeasurer = newValue }
  }
}
