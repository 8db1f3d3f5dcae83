import Foundation

/// The root of a view hierarchy on the screen: it holds the first responder, owns the keyboard
/// of its text objects, and delivers touches and keys.
@preconcurrency @MainActor
open class UIWindow: UIView {
  /// Creates a window with the frame (usually `UIScreen.main.bounds`).
  public override init(frame: CGRect) {
    super.init(frame: frame)
    if !UIWindow._makingUnregistered { UIApplication.shared._register(self) }
  }

  /// Creates a window in `windowScene`, filling its screen (the scene delegate's usual first line:
  /// `window = UIWindow(windowScene: windowScene)`). A designated initializer, as on iOS, so a
  /// subclass may override it and call it.
  public init(windowScene: UIWindowScene) {
    super.init(frame: windowScene.screen.bounds)
    UIApplication.shared._register(self)
    // (An initializer's own assignment runs no property observer: join the scene here.)
    self.windowScene = windowScene
    windowScene._add(self)
  }

  /// Creates a window filling the main screen.
  public convenience init() {
    self.init(frame: UIScreen.main.bounds)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    UIApplication.shared._register(self)
  }

  /// The scene the window belongs to (nil for a window made without one).
  open weak var windowScene: UIWindowScene? {
    didSet {
      guard oldValue !== windowScene else { return }
      oldValue?._remove(self)
      windowScene?._add(self)
      _TraitSystem.markSubtree(self)
    }
  }

  /// A window inherits its traits from its scene (the screen's when it has none).
  override var _inheritedTraits: UITraitCollection {
    if let superview { return superview.traitCollection }
    return windowScene?.traitCollection ?? UIScreen.main.traitCollection
  }

  /// A window that is not one of the app's windows (the keyboard's). A convenience
  /// initializer, so that `init(frame:)` and `init(coder:)` stay the only designated ones and a
  /// subclass in another module inherits `init()` and `init(windowScene:)`, as on iOS.
  convenience init(_unregisteredFrame frame: CGRect) {
    UIWindow._makingUnregistered = true
    defer { UIWindow._makingUnregistered = false }
    self.init(frame: frame)
  }
  private static var _makingUnregistered = false

  // MARK: Key window

  /// Whether this is the app's key window (the one that receives keyboard input).
  open private(set) var isKeyWindow = false

  func _setKey(_ key: Bool) {
    guard key != isKeyWindow else { return }
    isKeyWindow = key
    if key { becomeKey() } else { resignKey() }
  }

  /// Makes the window the key window.
  open func makeKey() { UIApplication.shared._makeKey(self) }

  /// Shows the window and makes it the key window.
  open func makeKeyAndVisible() {
    isHidden = false
    makeKey()
    // The root view controller appears with the window (iOS: `viewWillAppear`, the layout
    // pass, `viewDidAppear`); a navigation controller forwards it to its top screen.
    rootViewController?._callWillAppear(false)
    layoutIfNeeded()
    rootViewController?._callDidAppear(false)
  }

  /// Whether a hardware key is being handled: a selection it makes shows no grab handles.
  static var _handlingHardwareKey = false

  /// The keyboard moved (its duration): the next layout pass animates with it.
  var _keyboardMoveDuration: TimeInterval?

  /// The screen's safe-area insets, as far as they overlap this window.
  var _deviceSafeAreaInsets: UIEdgeInsets {
    let screen = UIScreen.main
    let safe = screen.bounds.inset(by: screen._safeAreaInsets)
    let own = frame
    return UIEdgeInsets(
      top: min(max(0, safe.minY - own.minY), own.height), left: min(max(0, safe.minX - own.minX), own.width),
      bottom: min(max(0, own.maxY - safe.maxY), own.height), right: min(max(0, own.maxX - safe.maxX), own.width))
  }

  /// Called when the window became key.
  open func becomeKey() {}
  /// Called when the window stopped being key.
  open func resignKey() {}

  /// The view controller whose view fills the window.
  open var rootViewController: UIViewController? {
    didSet {
      guard oldValue !== rootViewController else { return }
      let shown = isKeyWindow && !isHidden
      if let old = oldValue, old.isViewLoaded, old.view.superview === self {
        if shown { old._callWillDisappear(false) }
        old.view.removeFromSuperview()
        if shown { old._callDidDisappear(false) }
      }
      if let controller = rootViewController {
        let view = controller.view!
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if shown { controller._callWillAppear(false) }
        addSubview(view)
        if shown { controller._callDidAppear(false) }
      }
    }
  }

  open override var next: UIResponder? { UIApplication.shared }

  // MARK: Focus

  private var _focusSystemStorage: UIFocusSystem?
  /// The window's focus system (UIFocusSystem.swift), made when first needed.
  var _focusSystem: UIFocusSystem {
    if let made = _focusSystemStorage { return made }
    let made = UIFocusSystem(window: self)
    _focusSystemStorage = made
    return made
  }
  var _focusSystemIfMade: UIFocusSystem? { _focusSystemStorage }
  /// Whether Full Keyboard Access is on in this window (a host's setting).
  package var _fullKeyboardAccess: Bool {
    get { _focusSystemStorage?.fullKeyboardAccess ?? false }
    set { _focusSystem.fullKeyboardAccess = newValue }
  }
  /// Whether keyboard focus is on something other than a text input (for a host's hints).
  package var _hasFocusedControl: Bool { _focusSystemStorage?._focusedControlView != nil }
  /// Whether the touch being delivered is Full Keyboard Access's activation, not a finger's
  /// (it does not defer focus).
  var _synthesizingFocusTap = false

  /// Focus starts in the root view controller.
  open override var preferredFocusEnvironments: [any UIFocusEnvironment] { rootViewController.map { [$0] } ?? [] }

  // MARK: First responder

  /// The first responder (for hosts).
  package var _firstResponder: UIResponder? { firstResponderObject }

  /// The first responder, held weakly as UIKit does not keep views alive by focus alone.
  weak var firstResponderObject: UIResponder?
  private var _transferDepth = 0
  var _isForcingEndEditing = false
  /// Whether the last transfer failed because the first responder would not resign (its
  /// delegate's `…ShouldEndEditing` said no), rather than because the new one would not begin.
  var _currentRefusedToResign = false

  /// Makes `responder` the first responder, asking the current one to resign first (without
  /// hiding the keyboard in between).
  func _transferFirstResponder(to responder: UIResponder) -> Bool {
    _currentRefusedToResign = false
    if let current = firstResponderObject, current !== responder {
      _transferDepth += 1
      let resigned = current.resignFirstResponder()
      _transferDepth -= 1
      guard resigned else {
        _currentRefusedToResign = true
        return false
      }
      // A delegate may have moved focus elsewhere while the old responder resigned.
      if let other = firstResponderObject, other !== responder { return false }
    }
    firstResponderObject = responder
    if responder._showsKeyboardBeforeDidBegin {
      _updateKeyboard(for: responder)
      responder._didBecomeFirstResponder()
    } else {
      responder._didBecomeFirstResponder()
      if firstResponderObject === responder { _updateKeyboard(for: responder) }
    }
    // The scroll views it is in bring it into view (UIScrollView+Dragging.swift).
    if firstResponderObject === responder, let view = responder as? UIView { view._scrollIntoViewOfScrollViews() }
    // While keyboard focus is up, it follows a field made first responder another way (a
    // delegate's becomeFirstResponder on Return).
    if firstResponderObject === responder, let view = responder as? UIView { _focusSystemStorage?._follow(view) }
    return firstResponderObject === responder
  }

  /// Clears `responder` as first responder; hides the keyboard unless another responder is
  /// taking over.
  func _clearFirstResponder(_ responder: UIResponder) {
    guard firstResponderObject === responder else { return }
    firstResponderObject = nil
    responder._didResignFirstResponder()
    if _transferDepth == 0 && firstResponderObject == nil { _updateKeyboard(for: nil) }
  }

  /// Ends `responder`'s first responder status whatever its delegate would say.
  func _forceEndEditing(of responder: UIResponder) {
    let wasForcing = _isForcingEndEditing
    _isForcingEndEditing = true
    _ = responder.resignFirstResponder()
    _isForcingEndEditing = wasForcing
    // A subclass that refuses even a forced end loses first responder status anyway.
    if firstResponderObject === responder { _clearFirstResponder(responder) }
  }

  // MARK: Undo

  private let _undoManager = UndoManager()

  /// The window's undo manager, shared by the text objects in it.
  open override var undoManager: UndoManager? { _undoManager }

  /// Ends the undo group of the event just delivered (see `UndoManager.groupsByEvent`), in the
  /// manager ``undoManager`` answers. A plain `UIWindow`'s answer is its own manager, which is
  /// used without the open getter: that getter's retain and release take the slow path of a
  /// weakly referenced object, three times a key. A subclass may answer another manager, so
  /// its getter is asked.
  func _endUndoEventGroup() {
    if type(of: self) == UIWindow.self {
      _undoManager._endEventGroupIfNeeded()
    } else {
      undoManager?._endEventGroupIfNeeded()
    }
  }

  // MARK: Keyboard

  /// The window's keyboard: the software keyboard or the first responder's input view.
  package private(set) lazy var keyboard = KeyboardController(window: self)

  func _updateKeyboard(for responder: UIResponder?) {
    // The find panel closes when the first responder moves out of it and its view.
    if let navigator = _findNavigator, !navigator._isPresenting, !(responder.map(navigator._serves) ?? false) {
      navigator._interaction?.dismissFindNavigator()
    }
    keyboard.update(for: _keyboardResponder(for: responder))
  }

  /// The find panel on screen (UIFindInteraction.swift): part of the keyboard.
  var _findNavigator: _UIFindNavigatorView?
  /// For the keyboard's own window: the app window whose keyboard it is.
  weak var _keyboardOwner: UIWindow?

  // MARK: Text measurement

  /// How text is measured in this window (hosts supply theirs).
  package var textMeasurer: any TextMeasuring = ProportionalTextMeasurer() {
    didSet {
      _textMeasurerStamp = UIWindow._nextTextMeasurerStamp()
      // Every size that came from text is stale.
      func invalidate(_ view: UIView) {
        view.setNeedsLayout()
        // Auto Layout keeps intrinsic sizes until told: a host that sets its measurer after the
        // app built its window (the browser's FreeType one) would otherwise get text clipped to
        // the widths of the measurer the window started with.
        view.invalidateIntrinsicContentSize()
        view.subviews.forEach(invalidate)
      }
      invalidate(self)
    }
  }

  /// Tells measurers apart without measuring: new whenever `textMeasurer` is set, and never
  /// the same in two windows (a text view remembers its character widths by it).
  package private(set) var _textMeasurerStamp = UIWindow._nextTextMeasurerStamp()
  private static var _textMeasurerStamps = 0
  private static func _nextTextMeasurerStamp() -> Int {
    _textMeasurerStamps += 1
    return _textMeasurerStamps
  }

  // MARK: Events

  private var _activeTouch: (touch: UITouch, recognizers: [UIGestureRecognizer])?
  /// The window's drags and drops (DragDriver.swift).
  lazy var _dragDriver = _DragDriver(window: self)
  /// Whether dragged items follow the finger (hosts show it).
  package var _isDragging: Bool { _dragDriver.isDragging }
  /// Whether the touch under way began on the keyboard.
  private var _touchOnKeyboard = false

  // MARK: Modal presentation

  // MARK: Layout

  private var _laidOutSize: CGSize?

  /// Keeps the root view controller's view (and presented ones) filling the window, and the
  /// keyboard docked at its bottom, when the window's size changes (a host resized it).
  open override func layoutSubviews() {
    super.layoutSubviews()
    if let root = rootViewController, root.isViewLoaded, root.view.superview === self {
      root.view.frame = bounds
    }
    for controller in _modalControllers where !controller.isBeingPresented && !controller.isBeingDismissed {
      controller._presentationRootView.frame = controller._presentationRootFrame(in: bounds)
    }
    for dimming in _dimmingViews.values { dimming.frame = bounds }
    if let old = _laidOutSize, old != bounds.size {
      keyboard.windowDidResize()
    }
    _laidOutSize = bounds.size
  }

  /// Whether a presented alert takes the keys (a sheet's keys go to the field in it, as on
  /// iOS, and Escape, left unused, dismisses it).
  package var _presentsModal: Bool { _modalControllers.last is UIAlertController }

  /// View controllers presented modally, bottom to top.
  private(set) var _modalControllers: [UIViewController] = []

  /// Presents `controller` over everything. The keyboard of a first responder under it goes
  /// away while it shows (the responder stays first responder), as on iOS when an alert comes
  /// up over a text field being edited.
  func _presentModal(_ controller: UIViewController) {
    _modalControllers.append(controller)
    if controller._dimsPresentingContent {
      let dimming = _DimmingView(frame: bounds)
      _dimmingViews[ObjectIdentifier(controller)] = dimming
      addSubview(dimming)
    }
    addSubview(controller._presentationRootView)
    _updateKeyboard(for: firstResponderObject)
  }

  /// Removes a presented controller; the first responder's keyboard comes back.
  func _dismissModal(_ controller: UIViewController) {
    _modalControllers.removeAll { $0 === controller }
    let root = controller._presentationRootView
    if root.superview === self { root.removeFromSuperview() }
    _dimmingViews.removeValue(forKey: ObjectIdentifier(controller))?.removeFromSuperview()
    _updateKeyboard(for: firstResponderObject)
  }

  /// The views dimming what each presented controller covers.
  private var _dimmingViews: [ObjectIdentifier: UIView] = [:]

  /// The responder the keyboard serves: the first responder, unless a modal controller covers
  /// it.
  private func _keyboardResponder(for responder: UIResponder?) -> UIResponder? {
    guard let responder, let modal = _modalControllers.last else { return responder }
    if let view = responder as? UIView, view.isDescendant(of: modal.view) { return responder }
    return nil
  }

  /// Delivers an event: touches to the views under them, presses to the first responder.
  open func sendEvent(_ event: UIEvent) {
    if let presses = event as? UIPressesEvent { _deliverPresses(presses) }
    for touch in event._touches { _deliver(touch, event: event) }
    _endUndoEventGroup()
  }

  /// The edit menu on screen (see UIEditMenuInteraction.swift).
  package weak var _editMenuInteraction: UIEditMenuInteraction?
  /// The edit menu the touch under way dismissed when it began: a tap on the caret shows the
  /// menu, unless that tap just took the same menu away (a second tap on the caret hides it).
  weak var _editMenuDismissedByTouch: UIEditMenuInteraction?
  /// The menu a bar button item or button shows (see ContextMenuPresentation.swift).
  package internal(set) var _contextMenu: _ContextMenuView?

  /// A secondary (right) click at `point`: a text object under it shows its edit menu there.
  package func _secondaryClick(at point: CGPoint) {
    _editMenuInteraction?.dismissMenu()
    // A secondary click is a touch too: a button's menu on screen goes, and the click with it.
    if let menu = _contextMenu {
      menu.dismiss()
      return
    }
    guard _modalControllers.isEmpty, !keyboard.contains(point) else { return }
    var view = hitTest(point, with: nil)
    while let current = view {
      if let owner = current as? any _TextEditMenuOwner {
        owner._secondaryClick(at: current.convert(point, from: nil))
        return
      }
      if let source = current as? any _ContextMenuSource,
        source._secondaryClickShowsContextMenu(at: current.convert(point, from: nil))
      {
        return
      }
      view = current.superview
    }
  }

  /// A touch at `point` (window coordinates) in `phase`; hosts call this for clicks and taps.
  package func _touch(at point: CGPoint, phase: UITouch.Phase, tapCount: Int = 1) {
    // A touch outside the edit menu dismisses it (and goes on to what it touched).
    if phase == .began {
      // A finger defers keyboard focus, as on an iPad (Full Keyboard Access's own tap does not).
      if !_synthesizingFocusTap { _focusSystemIfMade?._deferForTouch() }
      _editMenuDismissedByTouch = nil
      if let menu = _editMenuInteraction, let callout = menu._callout, !callout.frame.contains(point) {
        menu.dismissMenu()
        _editMenuDismissedByTouch = menu
      }
    }
    // A touch outside a button's menu dismisses it and reaches nothing else, as on iOS.
    if phase == .began, let menu = _contextMenu, !menu.frame.contains(point) {
      menu.dismiss()
      _touchOnKeyboard = false
      _activeTouch = nil
      return
    }
    if phase == .began {
      _touchOnKeyboard = _modalControllers.isEmpty && keyboard.contains(point) && _contextMenu == nil
    }
    if _touchOnKeyboard {
      keyboard.touch(at: point, phase: phase)
      return
    }
    let touch: UITouch
    if phase == .began {
      var view = hitTest(point, with: nil)
      // A modal controller takes every touch: touches outside it do nothing (but a popover's
      // passthrough views take theirs).
      let passesThrough = _modalControllers.last?._presentationController?._passesTouchThrough(at: point) ?? false
      if let modal = _modalControllers.last?._presentationRootView, let hit = view, !hit.isDescendant(of: modal),
        !(_contextMenu.map { hit.isDescendant(of: $0) } ?? false), !passesThrough
      {
        view = nil
      }
      if view == nil && !_modalControllers.isEmpty {
        _activeTouch = nil
        return
      }
      touch = UITouch(phase: .began, location: point, window: self, view: view, tapCount: tapCount)
      let recognizers = _recognizers(for: view)
      _activeTouch = (touch, recognizers)
    } else {
      guard let active = _activeTouch else { return }
      touch = active.touch
      touch.phase = phase
      touch._previousLocationInWindow = touch._locationInWindow
      touch._locationInWindow = point
    }
    touch.timestamp = UIApplication.shared._scheduler.now
    let event = UIEvent(touches: [touch], window: self, timestamp: UIApplication.shared._scheduler.now)
    UIApplication.shared.sendEvent(event)
    if phase == .ended || phase == .cancelled { _activeTouch = nil }
  }

  private func _recognizers(for view: UIView?) -> [UIGestureRecognizer] {
    var result: [UIGestureRecognizer] = []
    var current = view
    while let v = current {
      // Hover recognizers follow the pointer, not touches (UIHoverGestureRecognizer.swift).
      for recognizer in v.gestureRecognizers ?? [] where recognizer.isEnabled && !(recognizer is UIHoverGestureRecognizer) {
        // A control's own action wins over a tap recognizer of an ancestor (iOS 6 and later).
        if let hit = view, recognizer.view !== hit, !hit.gestureRecognizerShouldBegin(recognizer) {
          continue
        }
        result.append(recognizer)
      }
      current = v.superview
    }
    return result
  }

  /// The hover recognizers the pointer is over, innermost first (held weakly: a view removed
  /// meanwhile goes away with its recognizers).
  var _hovering: [UIGestureRecognizer.Weak] = []
  /// The pinch and rotation under way (UIWindow+TwoFingerGestures.swift).
  let _twoFingers = _TwoFingerGestures()

  /// The window's gesture recognizers at work (GestureArena.swift).
  let _gestureArena = _GestureArena()
  /// A touch-down the view has not had yet: a recognizer with `delaysTouchesBegan` holds it
  /// until it fails.
  private var _heldTouchBegan: (touch: UITouch, event: UIEvent)?
  /// Whether the view under the touch under way has had its touch-down.
  private var _viewHadTouchBegan = false

  private func _deliver(_ touch: UITouch, event: UIEvent) {
    guard let active = _activeTouch, active.touch === touch else { return }
    let arena = _gestureArena
    // Items lifted from a view follow the finger instead of the view getting the touch; a
    // drag of a scroll view takes the touch from the content (UIScrollView+Dragging.swift).
    // Either way the recognizers lose it.
    if _dragDriver.takes(touch, event: event) || _scrollViewsTake(touch, event: event) {
      arena.cancelAll()
      _heldTouchBegan = nil
      return
    }
    let touches: Set<UITouch> = [touch]
    if touch.phase == .began {
      arena.begin(touch, event: event, recognizers: active.recognizers)
      _heldTouchBegan = nil
      _viewHadTouchBegan = false
    }
    let wasCancelled = arena.viewTouchCancelled
    arena.deliver(touch, event: event)
    let ends = touch.phase == .ended || touch.phase == .cancelled
    defer { if ends { arena.endSequence() } }
    guard let view = touch.view else { return }
    if arena.viewTouchCancelled {
      // A recognizer took the touch: the view hears it cancelled, once, if it heard it begin.
      _heldTouchBegan = nil
      if !wasCancelled && _viewHadTouchBegan { view.touchesCancelled(touches, with: event) }
      return
    }
    if touch.phase == .began, arena.delaysTouchBegan {
      _heldTouchBegan = (touch, event)
      return
    }
    if let held = _heldTouchBegan, !arena.delaysTouchBegan || ends {
      _heldTouchBegan = nil
      _viewHadTouchBegan = true
      view.touchesBegan([held.touch], with: held.event)
    }
    guard _heldTouchBegan == nil else { return }
    switch touch.phase {
    case .began:
      _viewHadTouchBegan = true
      view.touchesBegan(touches, with: event)
    case .moved, .stationary: view.touchesMoved(touches, with: event)
    case .ended:
      // A recognizer still deciding after the lift (a double tap waiting for its second tap)
      // with `delaysTouchesEnded` holds the lift back: the view hears it when the recognizer
      // fails, or hears the touch cancelled if it recognizes.
      let deciding = arena.active.filter {
        $0.delaysTouchesEnded && $0.isEnabled && $0.state == .possible && $0._pendingState == nil && $0._awaitsFurtherTouches
      }
      if !deciding.isEmpty {
        arena.holdTouchEnded(for: deciding) { cancelled in
          if cancelled { view.touchesCancelled(touches, with: event) } else { view.touchesEnded(touches, with: event) }
        }
      } else {
        view.touchesEnded(touches, with: event)
      }
    case .cancelled: view.touchesCancelled(touches, with: event)
    }
  }

  /// A key from a hardware keyboard, pressed and released. Returns whether something used it.
  ///
  /// iOS's order: a key command that wants priority; the first responder's text input (its
  /// `pressesBegan` types the key); other matching key commands; the presses along the responder
  /// chain from the first responder (the window when there is none). Keys nothing used move
  /// between text fields (Tab) or go to a presented alert.
  @discardableResult
  package func _press(_ key: HardwareKey) -> Bool {
    _keyDown(key, releasedAtOnce: true).used
  }

  /// A key from a hardware keyboard went down and stays down until the host calls
  /// ``_keyUp(_:)`` with the event returned (a host that reports releases: the terminal with the
  /// kitty keyboard protocol, a test's `keyDown`). The same order as ``_press(_:)``. The event is
  /// nil when the key did nothing but close the edit menu.
  package func _keyDown(_ key: HardwareKey) -> (used: Bool, event: UIPressesEvent?) {
    _keyDown(key, releasedAtOnce: false)
  }

  private func _keyDown(_ key: HardwareKey, releasedAtOnce: Bool) -> (used: Bool, event: UIPressesEvent?) {
    // A selection a hardware key makes gets no grab handles (see `_handlingHardwareKey`).
    let outer = UIWindow._handlingHardwareKey
    UIWindow._handlingHardwareKey = true
    defer {
      UIWindow._handlingHardwareKey = outer
      _endUndoEventGroup()
    }
    // A button's menu takes every key while it shows (iPadOS's menu navigation).
    if let menu = _contextMenu {
      menu.handleKey(key)
      return (true, nil)
    }
    // A key dismisses the edit menu, as typing does on iOS; Escape does nothing else. A
    // modifier key alone is not typing.
    if let menu = _editMenuInteraction, !key.isModifierKey {
      menu.dismissMenu()
      if key.code == .escape && key.modifiers.isEmpty { return (true, nil) }
    }
    let modal = _modalControllers.last
    let start: UIResponder
    if let modal {
      // Keys go to a text field inside the modal controller, or to the controller.
      if let responder = firstResponderObject as? UIView, responder.isDescendant(of: modal.view) {
        start = responder
      } else {
        start = modal
      }
    } else {
      // Without a first responder, presses start at the focused view (as focus delivers them
      // on tvOS and on an iPad navigating by keyboard), else at the window. A focused field
      // that is not editing is passed over: it types only as first responder.
      start = firstResponderObject ?? _focusSystemIfMade?._focusedControlView ?? self
    }
    let scheduler = UIApplication.shared._scheduler
    let press = UIPress(key: key, responder: start, window: self, timestamp: scheduler.now)
    let event = UIPressesEvent(press: press, start: start, window: self, timestamp: press.timestamp)
    UIApplication.shared.sendEvent(event)
    // Without releases from the host (see the README), the key comes up at once.
    if releasedAtOnce { _end(event, phase: .ended) }
    if event._used { return (true, event) }
    // The main menu's find commands come after the responders' own keys.
    if _performFindCommand(key, from: start) { return (true, event) }
    if let modal {
      if modal._handleModalKey(key) { return (true, event) }
      // An alert moves between its own actions; other presentations navigate their views.
      return (!(modal is UIAlertController) && _focusSystem._handleKey(key), event)
    }
    // Escape on an accessory bar's Done item (the toolbar's key; see KeyboardController).
    if keyboard.performAccessoryKey(key) { return (true, event) }
    // Keyboard navigation (UIFocusSystem+Keyboard.swift): Tab, the arrows, Return, Space.
    return (_focusSystem._handleKey(key), event)
  }

  /// The key of `event` (from ``_keyDown(_:)``) came up: `pressesEnded` along the way its
  /// `pressesBegan` went (a text object keeps the end of a key it used). If the responder it
  /// began with is a view that has left this window meanwhile, the press is cancelled instead,
  /// as iOS cancels a press whose view is removed from its window. A key a key command took
  /// ends without a press, as it began without one.
  package func _keyUp(_ event: UIPressesEvent) {
    let removed = (event._start as? UIView).map { $0.window !== self } ?? false
    _end(event, phase: removed ? .cancelled : .ended)
  }

  /// The key of `event` was cancelled while down: the host lost the keyboard (the terminal lost
  /// focus, the app was stopped or quits), so its release will never be reported.
  /// `pressesCancelled` along the way its `pressesBegan` went.
  package func _cancelKey(_ event: UIPressesEvent) {
    _end(event, phase: .cancelled)
  }

  private func _end(_ event: UIPressesEvent, phase: UIPress.Phase) {
    let press = event._press
    guard press._phase != .ended, press._phase != .cancelled else { return }
    guard event._keyCommandUsed == nil else {
      press._phase = phase
      return
    }
    press._phase = phase
    press.timestamp = UIApplication.shared._scheduler.now
    event.timestamp = press.timestamp
    UIApplication.shared.sendEvent(event)
  }

  /// The key of `event` is held and the keyboard repeats it. iOS sends no new press for a
  /// repeat (`pressesBegan` came once; responders that want repeats time them themselves): the
  /// key command that took the key performs again unless it is `.nonRepeatable`, and the text
  /// object that used the key handles it again while it is the first responder (a held letter
  /// types again, a held arrow moves again, a held Backspace deletes again). Returns whether
  /// something used the repeat.
  @discardableResult
  package func _keyRepeat(_ event: UIPressesEvent) -> Bool {
    let outer = UIWindow._handlingHardwareKey
    UIWindow._handlingHardwareKey = true
    defer {
      UIWindow._handlingHardwareKey = outer
      _endUndoEventGroup()
    }
    let press = event._press
    guard press._phase != .ended, press._phase != .cancelled else { return false }
    if event._keyCommandUsed != nil {
      guard let command = event._keyCommand, command.repeatBehavior != .nonRepeatable else { return false }
      return command._perform(from: event._start, sender: command)
    }
    guard let user = press._usedBy else { return false }
    var responder: UIResponder? = event._start
    while let current = responder {
      if ObjectIdentifier(current) == user {
        return current.isFirstResponder && current._handleHardwareKey(press._hardwareKey)
      }
      responder = current.next
    }
    return false
  }

  /// Delivers a presses event: key commands when a key goes down, then the presses to the
  /// responder the press began with.
  private func _deliverPresses(_ event: UIPressesEvent) {
    let press = event._press, start = event._start
    switch press._phase {
    case .began:
      if let command = _keyCommand(for: press, from: start) {
        event._keyCommandUsed = command._perform(from: start, sender: command)
        event._used = event._keyCommandUsed == true
        if event._used {
          event._keyCommand = command
          return
        }
        event._keyCommandUsed = nil
      }
      press._reachedEndOfChain = false
      start.pressesBegan(event._presses, with: event)
      event._used = !press._reachedEndOfChain
    case .changed, .stationary: start.pressesChanged(event._presses, with: event)
    case .ended: start.pressesEnded(event._presses, with: event)
    case .cancelled: start.pressesCancelled(event._presses, with: event)
    }
  }

  /// The key command for `key` along the chain from `start`, nearest first; a command that does
  /// not want priority is not offered keys the first responder's text input uses.
  private func _keyCommand(for press: UIPress, from start: UIResponder) -> UIKeyCommand? {
    var textTakesKey: Bool?
    var responder: UIResponder? = start
    while let current = responder {
      if let commands = current.keyCommands, !commands.isEmpty {
        let key = press._key
        for command in commands where command._matches(key) {
          if command.wantsPriorityOverSystemBehavior { return command }
          if textTakesKey == nil {
            // iOS 15's order: text input, then keyboard navigation, then the command.
            textTakesKey = start._textInputTakesKey(press._hardwareKey) || _focusSystem._takesKey(press._hardwareKey)
          }
          if textTakesKey == false { return command }
        }
      }
      responder = current.next
    }
    return nil
  }

  // MARK: Drawing

  /// What the window shows now, keyboard included, as a display list in window points.
  /// `interruption` is asked now and then while the views draw; once it abandons the frame,
  /// the list is incomplete (the interruption's `isAbandoned` says so) and must not be shown.
  package func displayList(interruption: FrameInterruption? = nil) -> DisplayList {
    // The screen shows layers as committed: changes made outside an explicit CATransaction
    // commit now, as iOS commits them at the end of the run loop's turn, before drawing.
    CATransaction.flush()
    layoutIfNeeded()
    var list = DisplayList()
    list.isDark = traitCollection.userInterfaceStyle == .dark
    list.interruption = interruption
    _render(into: &list, clip: bounds, alpha: 1)
    list.interruption = nil
    if interruption?.isAbandoned == true { return list }
    _focusSystemIfMade?._render(into: &list)
    UITraitCollection._withCurrent(traitCollection) { keyboard.render(into: &list) }
    _dragDriver.render(into: &list)
    _renderDeviceChrome(into: &list)
    return list
  }
}
