import Foundation

/// Recognizes a touch held still: it begins once the touch has stayed within
/// ``allowableMovement`` for ``minimumPressDuration``, then reports every move (`.changed`) and
/// ends when the touch lifts. Moving too far or lifting before the time fails it.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
  /// How long the touch must be held (default half a second).
  open var minimumPressDuration: TimeInterval = 0.5
  /// How far the touch may move before the gesture begins, in points (default 10).
  open var allowableMovement: CGFloat = 10
  /// Taps before the held one (default 0: just hold).
  open var numberOfTapsRequired = 0
  /// Fingers needed (one pointer touches here: more never recognizes).
  open var numberOfTouchesRequired = 1

  private var _start: CGPoint?
  private var _timer: MainScheduler.Token?

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first else { return }
    guard numberOfTouchesRequired == 1, touch.tapCount >= numberOfTapsRequired + 1 || numberOfTapsRequired == 0 else {
      state = .failed
      return
    }
    _start = touch.location(in: nil)
    _timer = UIApplication.shared._scheduler.schedule(after: max(0, minimumPressDuration)) { [weak self] in
      guard let self else { return }
      self._timer = nil
      if self.state == .possible { self.state = .began }
    }
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first else { return }
    switch state {
    case .possible:
      guard let start = _start else { return }
      let point = touch.location(in: nil)
      if hypot(point.x - start.x, point.y - start.y) > allowableMovement { state = .failed }
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    _finishContinuousGesture(cancelled: false)
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    _finishContinuousGesture(cancelled: true)
  }

  open override func reset() {
    super.reset()
    _start = nil
    if let timer = _timer { UIApplication.shared._scheduler.cancel(timer) }
    _timer = nil
  }
}
