import Foundation

// Pinches and rotations, as Mac Catalyst receives them: the hosts have one pointer, so two
// fingers come as a trackpad gesture (the browser's pinch arrives as a wheel with Control held,
// the terminal's as Control and the wheel) or from `HeadlessHost.pinch`/`rotate`, sent to the
// innermost recognizer of the kind under the pointer that may begin. They take no part in the
// touch sequence of other recognizers. While one is under way it reports two touches, a finger
// on each side of the pointer as far apart as the scale says.

/// A gesture of two fingers moving apart or together.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
  /// How far apart the fingers are compared with when the pinch began (1 at the start; set it
  /// back to 1 to read each change as a step, as apps do).
  open var scale: CGFloat = 1
  /// How fast the scale changes, in scale factor per second.
  open private(set) var velocity: CGFloat = 0

  private let _track = _TwoFingerTrack()
  private var _point: CGPoint? { _track.point }

  open override func location(in view: UIView?) -> CGPoint {
    guard let point = _point else { return super.location(in: view) }
    return view.map { $0.convert(point, from: nil) } ?? point
  }

  open override var numberOfTouches: Int { _point == nil ? 0 : 2 }

  open override func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
    guard let point = _point else { return super.location(ofTouch: touchIndex, in: view) }
    precondition(
      (0..<2).contains(touchIndex), "UIPinchGestureRecognizer.location(ofTouch:in:): index (\(touchIndex)) beyond bounds (2)")
    // Two fingers level with the pointer, 100 points apart at a scale of 1.
    let half = 50 * max(0.01, _accumulated)
    let finger = CGPoint(x: point.x + (touchIndex == 0 ? -half : half), y: point.y)
    return view.map { $0.convert(finger, from: nil) } ?? finger
  }

  /// The scale since the gesture began, whatever the app set `scale` to.
  private var _accumulated: CGFloat = 1

  /// A step of a pinch at `point` (window coordinates) by `factor`; `phase` says whether it
  /// begins, goes on, or ends. Returns whether the recognizer is under way after it.
  @discardableResult
  func _pinch(by factor: CGFloat, at point: CGPoint, phase: UITouch.Phase) -> Bool {
    let factor = factor.isFinite && factor > 0 ? factor : 1
    return _twoFingerStep(
      _track, at: point, phase: phase,
      begin: {
        scale = factor
        _accumulated = factor
        velocity = 0
      },
      change: { elapsed in
        let before = scale
        scale *= factor
        _accumulated *= factor
        if let elapsed, elapsed > 0 { velocity = (scale - before) / CGFloat(elapsed) }
      })
  }
}
