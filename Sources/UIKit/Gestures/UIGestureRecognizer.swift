import Foundation

/// Recognizes a gesture from touches and sends its actions.
///
/// Selectors do not exist on Linux: targets register a method reference,
/// `UITapGestureRecognizer(target: self, action: ConversionViewController.dismissKeyboard)`;
/// the target is held weakly.
///
/// As on iOS, a recognizer sees a touch before the view under it; it moves through its states
/// (`.possible`, then `.began`/`.changed`/`.ended` for a continuous gesture, or `.recognized`
/// for a discrete one, or `.failed`/`.cancelled`), and its actions run at each transition but
/// the failure. A recognizer that begins or recognizes stops the others on the touch unless a
/// delegate lets them recognize simultaneously, waits for the recognizers it must see fail
/// (`require(toFail:)`), and with `cancelsTouchesInView` takes the touch from the view.
///
/// Subclasses (custom recognizers) override `touchesBegan(_:with:)` and the other touch methods
/// and set ``state``, as iOS code does after importing `UIKit.UIGestureRecognizerSubclass`
/// (here `state` is settable without that import, which does not exist).
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
  /// States of a recognizer.
  public enum State: Int, Sendable {
    case possible, began, changed, ended, cancelled, failed
    /// A discrete gesture was recognized (the same raw value as `ended`, as on iOS).
    public static let recognized = State.ended
  }

  private final var _actions: [(target: TargetBox, run: @MainActor (UIGestureRecognizer) -> Void)] = []

  /// A recognizer with no target.
  public override init() {
    super.init()
  }

  /// A recognizer that calls `action` on `target` (held weakly) with no argument.
  public convenience init<Target: AnyObject>(target: Target?, action: @escaping (Target) -> () -> Void) {
    self.init()
    if let target { addTarget(target, action: action) }
  }

  /// A recognizer that calls `action` on `target` (held weakly) with the recognizer as the
  /// concrete subclass the method expects.
  public convenience init<Target: AnyObject, Recognizer: UIGestureRecognizer>(
    target: Target?, action: @escaping (Target) -> (Recognizer) -> Void
  ) {
    self.init()
    if let target { addTarget(target, action: action) }
  }

  /// Adds a target and a method taking the recognizer.
  open func addTarget<Target: AnyObject, Recognizer: UIGestureRecognizer>(
    _ target: Target, action: @escaping (Target) -> (Recognizer) -> Void
  ) {
    let box = TargetBox(target)
    _actions.append((box, { [weak box] recognizer in
      guard let object = box?.object as? Target, let r = recognizer as? Recognizer else { return }
      action(object)(r)
    }))
  }

  /// Adds a target and a method without arguments.
  open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
    let box = TargetBox(target)
    _actions.append((box, { [weak box] _ in
      guard let object = box?.object as? Target else { return }
      action(object)()
    }))
  }

  /// Removes every action of `target` (nil: of every target).
  open func removeTarget(_ target: AnyObject?) {
    _actions.removeAll { target == nil || $0.target.object === target }
  }

  /// Removes `target`'s actions, as iOS code writes it: `action` must be nil here (actions are
  /// method references, which cannot be compared; the README's differences), and then every
  /// action of `target` goes (of every target when `target` is nil too).
  open func removeTarget(_ target: Any?, action: Selector?) {
    precondition(
      action == nil,
      "UIGestureRecognizer.removeTarget(_:action:): pass action: nil (actions are method references here, which cannot be compared)")
    removeTarget(target.map { $0 as AnyObject })
  }

  /// The view the recognizer is attached to.
  open var view: UIView? { _view }
  weak var _view: UIView?

  /// Whether the recognizer takes part in touch handling. Disabling one in the middle of its
  /// gesture cancels it.
  open var isEnabled = true {
    didSet {
      guard !isEnabled else { return }
      switch _state {
      case .began, .changed: state = .cancelled
      case .possible: if _arena != nil { state = .failed }
      default: break
      }
    }
  }

  /// The recognizer's name, for debugging.
  open var name: String?

  /// Whether a recognized gesture cancels the touches of the view under it (default true).
  open var cancelsTouchesInView = true
  /// Whether the view under it gets no touch-down until this recognizer fails (default false).
  open var delaysTouchesBegan = false
  /// Whether the view gets its touch's lift only once this recognizer fails (default true).
  open var delaysTouchesEnded = true
  /// Whether the recognizer keeps to one touch type (default true; there is one here).
  open var requiresExclusiveTouchType = true

  /// The delegate: asked whether to begin, whether to recognize alongside others, which
  /// failures to wait for, and which touches to receive.
  open weak var delegate: (any UIGestureRecognizerDelegate)?

  // MARK: State

  private var _state: State = .possible
  /// The state the recognizer reached while waiting for recognizers it must see fail.
  var _pendingState: State?
  /// The touch sequence the recognizer takes part in, while it does.
  weak var _arena: _GestureArena?
  /// The touches the recognizer is tracking.
  var _touches: [UITouch] = []
  private var _location: CGPoint = .zero

  /// The current state. Setting it moves the recognizer on as iOS does: leaving `.possible`
  /// asks ``UIGestureRecognizerDelegate/gestureRecognizerShouldBegin(_:)`` (and the view), waits
  /// for required failures and stops the other recognizers; each transition but `.failed` runs
  /// the actions.
  open var state: State {
    get { _state }
    set { _transition(to: newValue) }
  }

  private func _transition(to newValue: State) {
    let old = _state
    switch newValue {
    case .possible:
      _state = .possible
      _pendingState = nil
    case .began where old == .possible, .ended where old == .possible:
      guard _shouldBegin() else {
        _state = .failed
        _arena?._recognizerFailed(self)
        return
      }
      if let arena = _arena, arena._mustWait(self) {
        _pendingState = newValue
        arena._hold(self)
        return
      }
      _state = newValue
      _arena?._recognizerBegan(self)
      _sendActions()
      if newValue == .ended { _arena?._recognizerFinished(self) }
    case .began:
      // Only a possible recognizer begins.
      return
    case .changed:
      guard old == .began || old == .changed else { return }
      _state = .changed
      _sendActions()
    case .ended, .cancelled:
      guard old == .began || old == .changed else {
        if old == .possible { _fail() }
        return
      }
      _state = newValue
      _sendActions()
      _arena?._recognizerFinished(self)
    case .failed:
      guard old == .possible else { return }
      _fail()
    }
  }

  private func _fail() {
    _pendingState = nil
    _state = .failed
    _arena?._recognizerFailed(self)
  }

  /// Whether the delegate and the view let the recognizer leave `.possible`.
  private func _shouldBegin() -> Bool {
    if let delegate, !delegate.gestureRecognizerShouldBegin(self) { return false }
    if let view, !view.gestureRecognizerShouldBegin(self) { return false }
    return true
  }

  /// Moves a recognizer that waited for required failures on to the state it reached.
  func _resolvePending(failed requirement: Bool) {
    guard let pending = _pendingState else { return }
    _pendingState = nil
    if requirement {
      _state = pending
      _arena?._recognizerBegan(self)
      _sendActions()
      if pending == .ended { _arena?._recognizerFinished(self) }
    } else {
      _fail()
    }
  }

  func _sendActions() {
    for action in _actions { action.run(self) }
  }

  // MARK: Touches

  /// Touches went down (subclasses override it; call `super`).
  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// Touches moved.
  open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// Touches lifted.
  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
  /// Touches were cancelled.
  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}

  /// Stops sending `touch` to the recognizer.
  open func ignore(_ touch: UITouch, for event: UIEvent) {
    _touches.removeAll { $0 === touch }
    _ignored.insert(ObjectIdentifier(touch))
  }
  var _ignored: Set<ObjectIdentifier> = []

  /// Called by UIKit after the gesture ended, failed or was cancelled, before the recognizer
  /// takes part in a new one; subclasses reset their own state here.
  open func reset() {}

  /// Whether recognizing stops `preventedGestureRecognizer` (default true).
  open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
  /// Whether `preventingGestureRecognizer` recognizing stops this one (default true).
  open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
  /// Whether this recognizer waits for `otherGestureRecognizer` to fail (default false).
  open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
  /// Whether `otherGestureRecognizer` waits for this one to fail (default false).
  open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

  /// The recognizers that must fail before this one may leave `.possible`.
  final var _requiredToFail: [Weak] = []
  struct Weak { weak var recognizer: UIGestureRecognizer? }

  /// Makes this recognizer wait, when it would begin or recognize, until
  /// `otherGestureRecognizer` fails (it fails itself if the other recognizes): a single tap
  /// that requires a double tap to fail.
  open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
    _requiredToFail.append(Weak(recognizer: otherGestureRecognizer))
  }

  /// How many touches the recognizer is tracking.
  open var numberOfTouches: Int { _touches.count }

  /// Where the gesture is, in `view`'s coordinates (nil: the window's): the touch's location,
  /// or where it was when the gesture was recognized.
  open func location(in view: UIView?) -> CGPoint {
    let point = _touches.first?._locationInWindow ?? _location
    guard let view else { return point }
    return view.convert(point, from: nil)
  }

  /// Where touch `touchIndex` is, in `view`'s coordinates.
  open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
    precondition(
      _touches.indices.contains(touchIndex),
      "UIGestureRecognizer.location(ofTouch:in:): index (\(touchIndex)) beyond bounds (\(_touches.count))")
    return _touches[touchIndex].location(in: view)
  }

  /// The modifier keys held when the gesture's last event came (iOS 13.4).
  open internal(set) var modifierFlags: UIKeyModifierFlags = []

  // MARK: UIKit's side

  /// Passes a touch of the sequence to the recognizer's touch methods.
  func _receive(_ touch: UITouch, event: UIEvent) {
    guard !_ignored.contains(ObjectIdentifier(touch)) else { return }
    _location = touch._locationInWindow
    let touches: Set<UITouch> = [touch]
    switch touch.phase {
    case .began:
      if !_touches.contains(where: { $0 === touch }) { _touches.append(touch) }
      touchesBegan(touches, with: event)
    case .moved, .stationary:
      touchesMoved(touches, with: event)
    case .ended:
      touchesEnded(touches, with: event)
      _touches.removeAll { $0 === touch }
    case .cancelled:
      touchesCancelled(touches, with: event)
      _touches.removeAll { $0 === touch }
    }
  }

  /// A continuous gesture's touch lifted (or was cancelled): a gesture under way ends (or is
  /// cancelled), one that never began fails. What pans, long presses and the sheet's swipe do
  /// when their touch goes.
  func _finishContinuousGesture(cancelled: Bool) {
    switch state {
    case .began, .changed: state = cancelled ? .cancelled : .ended
    case .possible: state = .failed
    default: break
    }
  }

  /// Whether the recognizer, still `.possible` after its touches lifted, waits for more (a
  /// double tap between its taps) rather than failing.
  var _awaitsFurtherTouches: Bool { false }

  /// Back to `.possible` after a gesture, with ``reset()``.
  func _resetAfterGesture() {
    _state = .possible
    _pendingState = nil
    _touches = []
    _ignored = []
    reset()
  }
}

/// A weak reference to an action's target.
final class TargetBox {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}
