import Foundation

/// A view that sends actions to targets when control events happen.
///
/// Selectors do not exist on Linux. A target registers a *method reference* instead:
/// `field.addTarget(self, action: ConversionViewController.fahrenheitFieldEditingChanged,
/// for: .editingChanged)`. The target is held weakly, as on iOS; a method may take the sender
/// (as `UITextField`, `UIControl` or `Any`), the sender and the event, or nothing.
@preconcurrency @MainActor
open class UIControl: UIView {
  /// Control events, with iOS's raw values.
  public struct Event: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let touchDown = Event(rawValue: 1 << 0)
    public static let touchDownRepeat = Event(rawValue: 1 << 1)
    public static let touchDragInside = Event(rawValue: 1 << 2)
    public static let touchDragOutside = Event(rawValue: 1 << 3)
    public static let touchDragEnter = Event(rawValue: 1 << 4)
    public static let touchDragExit = Event(rawValue: 1 << 5)
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let touchUpOutside = Event(rawValue: 1 << 7)
    public static let touchCancel = Event(rawValue: 1 << 8)
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    public static let menuActionTriggered = Event(rawValue: 1 << 14)
    public static let editingDidBegin = Event(rawValue: 1 << 16)
    public static let editingChanged = Event(rawValue: 1 << 17)
    public static let editingDidEnd = Event(rawValue: 1 << 18)
    public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
    public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
    public static let allEditingEvents = Event(rawValue: 0x000F_0000)
    public static let applicationReserved = Event(rawValue: 0x0F00_0000)
    public static let systemReserved = Event(rawValue: 0xF000_0000)
    public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
  }

  /// Control states, with iOS's raw values.
  public struct State: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let normal = State([])
    public static let highlighted = State(rawValue: 1 << 0)
    public static let disabled = State(rawValue: 1 << 1)
    public static let selected = State(rawValue: 1 << 2)
    public static let focused = State(rawValue: 1 << 3)
    public static let application = State(rawValue: 0x00FF_0000)
    public static let reserved = State(rawValue: 0xFF00_0000)
  }

  /// Vertical placement of content.
  public enum ContentVerticalAlignment: Int, Sendable {
    case center, top, bottom, fill
  }

  /// Horizontal placement of content.
  public enum ContentHorizontalAlignment: Int, Sendable {
    case center, left, right, fill, leading, trailing
  }

  private struct Registration {
    enum Kind {
      /// The target (nil: the responder chain), how to call it, and which responders qualify.
      case target(TargetBox?, @MainActor (AnyObject?, UIControl, UIEvent?) -> Void, (AnyObject) -> Bool)
      case action(UIAction)
    }
    var kind: Kind
    var events: Event
    /// What `actions(forTarget:forControlEvent:)` lists for it: the method reference's type
    /// (Swift cannot name a method reference, and selectors do not exist here).
    var actionName = ""
  }

  private var _registrations: [Registration] = []

  /// Creates a control with the frame.
  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// Creates a control whose primary action (`.primaryActionTriggered`) is `primaryAction`.
  public convenience init(frame: CGRect, primaryAction: UIAction?) {
    self.init(frame: frame)
    if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  // MARK: State

  /// Whether the control responds to touches (disabled controls draw dimmed).
  open var isEnabled = true
  /// Whether the control is selected.
  open var isSelected = false
  /// Whether the control is highlighted (a finger is on it).
  open var isHighlighted = false
  /// Whether a tap shows the control's menu (a button's `menu`) instead of sending its primary
  /// action; otherwise a long press shows it.
  open var showsMenuAsPrimaryAction = false
  /// Whether the control shows its menu at all (setting a button's `menu` turns it on).
  open var isContextMenuInteractionEnabled = false
  /// Whether a touch is being tracked.
  open private(set) var isTracking = false
  /// Whether the tracked touch is inside the control.
  open private(set) var isTouchInside = false
  /// The control's state, from the flags above.
  open var state: State {
    var state: State = []
    if isHighlighted { state.insert(.highlighted) }
    if !isEnabled { state.insert(.disabled) }
    if isSelected { state.insert(.selected) }
    return state
  }
  /// Vertical alignment of the content.
  open var contentVerticalAlignment: ContentVerticalAlignment = .center
  /// Horizontal alignment of the content.
  open var contentHorizontalAlignment: ContentHorizontalAlignment = .center

  // MARK: Target-action

  /// Calls `action` on `target` with the sender when any of `controlEvents` happens. A nil
  /// target sends the action up the responder chain from the first responder to the first
  /// object that is a `Target`.
  open func addTarget<Target: AnyObject, Sender>(
    _ target: Target?, action: @escaping (Target) -> (Sender) -> Void, for controlEvents: Event
  ) {
    _register(target, controlEvents, named: Self._actionName(of: action)) { object, sender, _ in
      guard let object = object as? Target, let sender = sender as? Sender else { return }
      action(object)(sender)
    }
  }

  /// Calls `action` on `target` with the sender and the event.
  open func addTarget<Target: AnyObject, Sender>(
    _ target: Target?, action: @escaping (Target) -> (Sender, UIEvent?) -> Void,
    for controlEvents: Event
  ) {
    _register(target, controlEvents, named: Self._actionName(of: action)) { object, sender, event in
      guard let object = object as? Target, let sender = sender as? Sender else { return }
      action(object)(sender, event)
    }
  }

  /// Calls `action` on `target` without arguments.
  open func addTarget<Target: AnyObject>(
    _ target: Target?, action: @escaping (Target) -> () -> Void, for controlEvents: Event
  ) {
    _register(target, controlEvents, named: Self._actionName(of: action)) { object, _, _ in
      guard let object = object as? Target else { return }
      action(object)()
    }
  }

  private final func _register<Target: AnyObject>(
    _ target: Target?, _ events: Event, named name: String,
    _ run: @escaping @MainActor (AnyObject?, UIControl, UIEvent?) -> Void
  ) {
    let box = target.map(TargetBox.init)
    _registrations.append(
      Registration(kind: .target(box, run, { $0 is Target }), events: events, actionName: name))
  }

  private static func _actionName<Action>(of action: Action) -> String {
    String(describing: type(of: action))
  }

  /// The actions `target` has for `controlEvent` (a nil target: those sent up the responder
  /// chain), or nil when it has none, as on iOS. iOS lists selector names; a method reference
  /// has no name in Swift, so each action is listed by its type, such as
  /// `"(ViewController) -> (UIButton) -> ()"`: as many entries as the target has actions.
  open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
    let object = target.map { $0 as AnyObject }
    let names = _registrations.compactMap { registration -> String? in
      guard case .target(let box, _, _) = registration.kind, !registration.events.isDisjoint(with: controlEvent)
      else { return nil }
      let matches = object == nil ? box == nil : (box?.object).map { $0 === object } ?? false
      return matches ? registration.actionName : nil
    }
    return names.isEmpty ? nil : names
  }

  /// Removes `target`'s actions for `controlEvents` (a nil target: every target's). Method
  /// references cannot be compared, so `action` must be nil: all of the target's actions go.
  open func removeTarget(
    _ target: AnyObject?, action: Never? = nil, for controlEvents: Event
  ) {
    _removeRegistrations(for: controlEvents) { kind in
      guard case .target(let box, _, _) = kind else { return false }
      return target == nil || box?.object === target
    }
  }

  /// Takes `controlEvents` off the registrations `matches` picks; drops those left with none.
  private func _removeRegistrations(for controlEvents: Event, where matches: (Registration.Kind) -> Bool) {
    for index in _registrations.indices.reversed() where matches(_registrations[index].kind) {
      _registrations[index].events.subtract(controlEvents)
      if _registrations[index].events.isEmpty { _registrations.remove(at: index) }
    }
  }

  /// The targets with actions (targets that went away are not listed).
  open var allTargets: Set<AnyHashable> {
    var targets = Set<AnyHashable>()
    for registration in _registrations {
      if case .target(let box, _, _) = registration.kind, let object = box?.object as? NSObject {
        targets.insert(object)
      }
    }
    return targets
  }

  /// The events some action is registered for.
  open var allControlEvents: Event {
    _registrations.reduce(into: Event()) { $0.formUnion($1.events) }
  }

  /// Runs `action`'s handler when any of `controlEvents` happens.
  open func addAction(_ action: UIAction, for controlEvents: Event) {
    _registrations.append(Registration(kind: .action(action), events: controlEvents))
  }

  /// Removes `action` for `controlEvents`.
  open func removeAction(_ action: UIAction, for controlEvents: Event) {
    _removeRegistrations(for: controlEvents) { kind in
      if case .action(let registered) = kind { registered === action } else { false }
    }
  }

  /// Removes the action with `identifier` for `controlEvents`.
  open func removeAction(identifiedBy identifier: UIAction.Identifier, for controlEvents: Event) {
    _removeRegistrations(for: controlEvents) { kind in
      if case .action(let registered) = kind { registered.identifier == identifier } else { false }
    }
  }

  /// Sends the actions registered for `controlEvents`, in registration order; a registration
  /// for several of the events fires once per event.
  open func sendActions(for controlEvents: Event) {
    _sendActions(for: controlEvents, event: nil)
  }

  func _sendActions(for controlEvents: Event, event: UIEvent?) {
    // Nothing registered and nobody tracing (a text field without targets, on every key).
    if _registrations.isEmpty && !UIKitTrace.isObserved { return }
    // Each single event in ascending order; registrations matched in the order they were made.
    var bit: UInt = 1
    while bit != 0 && bit <= controlEvents.rawValue {
      let single = Event(rawValue: bit)
      if controlEvents.contains(single) { _send(single, event: event) }
      bit <<= 1
    }
  }

  private func _send(_ single: Event, event: UIEvent?) {
    UIKitTrace.report(.controlEvent(sender: self, event: single), window: window)
    // A snapshot: actions may add or remove registrations.
    let registrations = _registrations.filter { $0.events.contains(single) }
    for registration in registrations {
      switch registration.kind {
      case .action(let action):
        sendAction(action)
      case .target(let box, let run, let type):
        if let box {
          guard let object = box.object else { continue }  // the target went away
          run(object, self, event)
        } else if let receiver = _responderChainTarget(matching: type) {
          run(receiver, self, event)
        }
      }
    }
  }

  private func _responderChainTarget(matching qualifies: (AnyObject) -> Bool) -> AnyObject? {
    var responder: UIResponder? = window?.firstResponderObject ?? self
    while let current = responder {
      if qualifies(current) { return current }
      responder = current.next
    }
    return nil
  }

  /// Runs a `UIAction`'s handler with this control as its sender.
  open func sendAction(_ action: UIAction) {
    action._run(sender: self)
  }

  // MARK: Touch tracking

  /// How far outside its bounds a tracked touch still counts as inside: iOS keeps a control
  /// highlighted, and sends `.touchDragInside` and `.touchUpInside`, until the finger is about
  /// 70 points away, so that a thumb that slides off a button does not cancel the tap.
  static let _touchSlop: CGFloat = 70

  /// Whether a tracked touch at `point` (the control's coordinates) counts as inside.
  final func _isTouchInside(at point: CGPoint, with event: UIEvent?) -> Bool {
    if self.point(inside: point, with: event) { return true }
    return bounds.insetBy(dx: -Self._touchSlop, dy: -Self._touchSlop).safeContains(point)
  }

  /// Called when a touch goes down in the control; return false not to track it: the control
  /// is not highlighted, sends no touch-down, and the touch's moves and lift go up the
  /// responder chain instead. Subclasses override it to start their own tracking (a slider
  /// takes its thumb here).
  open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

  /// Called as a tracked touch moves, before the drag events; return false to stop tracking it
  /// (no drag or touch-up events follow, and `endTracking` is not called).
  open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

  /// Called when a tracked touch lifts, while `isTracking` is still true, before the
  /// touch-up event is sent.
  open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

  /// Called when a tracked touch is cancelled (a gesture recognizer or the system took it, or
  /// the control left its window). It ends the tracking and sends `.touchCancel`; overrides
  /// call `super`, as on iOS.
  open func cancelTracking(with event: UIEvent?) {
    isTracking = false
    isHighlighted = false
    _sendActions(for: .touchCancel, event: event)
  }

  // The order below is iOS's (UIControl's touch handling, iOS 17): the tracking method is asked
  // first, then the state changes, then the events go out; touch-up is sent after
  // `endTracking`, with `isTracking` already false.

  /// A disabled control lets touches through to what is under it (a disabled button in a table
  /// cell: the tap selects the row), as on iOS.
  open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    guard isEnabled else { return nil }
    return super.hitTest(point, with: event)
  }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    _menuShownByLongPress = false
    guard isEnabled, let touch = touches.first else { return super.touchesBegan(touches, with: event) }
    isTracking = beginTracking(touch, with: event)
    guard isTracking else { return }
    isTouchInside = true
    isHighlighted = true
    var events: Event = .touchDown
    if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
    _sendActions(for: events, event: event)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard isTracking, let touch = touches.first else { return super.touchesMoved(touches, with: event) }
    isTracking = continueTracking(touch, with: event)
    guard isTracking else { return }
    let inside = _isTouchInside(at: touch.location(in: self), with: event)
    let changed = inside != isTouchInside
    isTouchInside = inside
    isHighlighted = inside
    if changed { _sendActions(for: inside ? .touchDragEnter : .touchDragExit, event: event) }
    _sendActions(for: inside ? .touchDragInside : .touchDragOutside, event: event)
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    _cancelMenuLongPress()
    guard isTracking, let touch = touches.first else {
      if isHighlighted { isHighlighted = false }
      return super.touchesEnded(touches, with: event)
    }
    let inside = _isTouchInside(at: touch.location(in: self), with: event)
    if inside != isTouchInside {
      isTouchInside = inside
      _sendActions(for: inside ? .touchDragEnter : .touchDragExit, event: event)
    }
    endTracking(touch, with: event)
    isTracking = false
    _sendActions(for: inside ? .touchUpInside : .touchUpOutside, event: event)
    isHighlighted = false
    isTouchInside = false
    // A lift after a long press showed the menu is not a tap.
    if inside && !_menuShownByLongPress { _didTapInside(at: touch.location(in: self), event: event) }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    _cancelMenuLongPress()
    guard isTracking else {
      if isHighlighted { isHighlighted = false }
      return super.touchesCancelled(touches, with: event)
    }
    cancelTracking(with: event)
    isTracking = false
    isTouchInside = false
    if isHighlighted { isHighlighted = false }
  }

  /// A completed tap inside the control (buttons send their primary action).
  func _didTapInside(at point: CGPoint, event: UIEvent?) {}

  // MARK: A menu shown by a long press (a button's or a bar button item's `menu`)

  /// The pending long press that shows the control's menu.
  private var _menuLongPress: MainScheduler.Token?
  /// Set when the long press showed the menu: the lift then does not tap.
  private var _menuShownByLongPress = false
  /// How long a touch is held before the menu shows.
  static let _menuLongPressDuration: TimeInterval = 0.5

  /// Calls `show` if the touch that began is still held half a second later.
  // `final`: a non-final member taking a `@MainActor` closure links under different names in
  // different files on Linux (a compiler bug met before, see the navigation code).
  final func _armMenuLongPress(_ show: @escaping @MainActor () -> Void) {
    _menuLongPress = UIApplication.shared._scheduler.schedule(after: Self._menuLongPressDuration) { [weak self] in
      guard let self, self.isTracking else { return }
      self._menuShownByLongPress = true
      show()
    }
  }

  private func _cancelMenuLongPress() {
    if let token = _menuLongPress { UIApplication.shared._scheduler.cancel(token) }
    _menuLongPress = nil
  }

  /// A control's own tap wins over a tap recognizer on an ancestor, as on iOS 6 and later.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
    !(gestureRecognizer is UITapGestureRecognizer) || gestureRecognizer.view === self
  }
}
