import Foundation

/// Recognizes a gesture from touches and sends its actions.
///
/// Selectors do not exist on Linux: targets register a method reference,
/// `UITapGestureRecognizer(target: self, action: ConversionViewController.dismissKeyboard)`;
/// the target is held weakly.
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

  /// The view the recognizer is attached to.
  open var view: UIView? { _view }
  weak var _view: UIView?

  /// Whether the recognizer takes part in touch handling.
  open var isEnabled = true

  /// The current state.
  open internal(set) var state: State = .possible

  /// Whether a recognized gesture cancels the touches of the view under it (default true).
  open var cancelsTouchesInView = true

  /// The delegate (kept for source compatibility; consulted for `gestureRecognizerShouldBegin`).
  open weak var delegate: (any UIGestureRecognizerDelegate)?

  private var _location: CGPoint = .zero

  /// Where the gesture happened, in `view`'s coordinates (nil: the window's).
  open func location(in view: UIView?) -> CGPoint {
    guard let view else { return _location }
    return view.convert(_location, from: nil)
  }

  /// Resets the recognizer to `.possible`; override to reset subclass state.
  open func reset() {}

  func _handle(_ touch: UITouch) {}

  func _recognize(at point: CGPoint) {
    _location = point
    if let delegate, !delegate.gestureRecognizerShouldBegin(self) {
      state = .failed
      return
    }
    state = .recognized
    for action in _actions { action.run(self) }
  }

  func _resetAfterGesture() {
    state = .possible
    reset()
  }
}

/// A weak reference to an action's target.
final class TargetBox {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}

/// The gesture recognizer delegate (every method optional).
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
  /// Whether the recognizer may recognize the gesture it is tracking (default true).
  func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
  public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
}

/// Recognizes taps: a touch that lifts close to where it went down.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
  /// Taps needed (1: a single tap).
  open var numberOfTapsRequired = 1
  /// Fingers needed (only 1 can happen here).
  open var numberOfTouchesRequired = 1

  /// How far a touch may move and still be a tap, in points.
  static let allowableMovement: CGFloat = 10
  private var _start: CGPoint?

  override func _handle(_ touch: UITouch) {
    let point = touch.location(in: nil)
    switch touch.phase {
    case .began:
      _start = point
      state = .possible
    case .moved, .stationary:
      if let start = _start, hypot(point.x - start.x, point.y - start.y) > Self.allowableMovement {
        state = .failed
      }
    case .ended:
      defer { _start = nil }
      guard state == .possible, touch.tapCount >= numberOfTapsRequired, numberOfTouchesRequired == 1
      else {
        _resetAfterGesture()
        return
      }
      _recognize(at: point)
    case .cancelled:
      state = .cancelled
      _start = nil
    }
  }
}
