import Foundation

/// Recognizes taps: touches that lift close to where they went down. With
/// ``numberOfTapsRequired`` above 1, the recognizer waits after each tap for the next (a third
/// of a second) and fails if it does not come; a single-tap recognizer that
/// `require(toFail:)`s it then recognizes, as on iOS.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
  /// Taps needed (1: a single tap).
  open var numberOfTapsRequired = 1
  /// Fingers needed (one pointer touches here: more never recognizes).
  open var numberOfTouchesRequired = 1

  /// How far a touch may move and still be a tap, in points.
  static let allowableMovement: CGFloat = 10
  /// How long the recognizer waits for the next tap of a multiple tap.
  static let multipleTapInterval: TimeInterval = 0.35

  private var _start: CGPoint?
  private var _waitForNextTap: MainScheduler.Token?

  override var _awaitsFurtherTouches: Bool { _waitForNextTap != nil }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first else { return }
    let waited = _waitForNextTap != nil
    _cancelWait()
    // A touch the host does not count as the next tap (too late or too far) ends the wait.
    if waited && touch.tapCount <= 1 {
      state = .failed
      return
    }
    _start = touch.location(in: nil)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first, let start = _start else { return }
    let point = touch.location(in: nil)
    if hypot(point.x - start.x, point.y - start.y) > Self.allowableMovement { state = .failed }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first, state == .possible else { return }
    _start = nil
    guard numberOfTouchesRequired == 1 else {
      state = .failed
      return
    }
    if touch.tapCount >= numberOfTapsRequired {
      state = .recognized
    } else {
      _waitForNextTap = UIApplication.shared._scheduler.schedule(after: Self.multipleTapInterval) { [weak self] in
        guard let self else { return }
        self._waitForNextTap = nil
        if self.state == .possible { self.state = .failed }
      }
    }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    _cancelWait()
    state = .failed
  }

  open override func reset() {
    super.reset()
    _start = nil
    _cancelWait()
  }

  private func _cancelWait() {
    if let token = _waitForNextTap { UIApplication.shared._scheduler.cancel(token) }
    _waitForNextTap = nil
  }
}
