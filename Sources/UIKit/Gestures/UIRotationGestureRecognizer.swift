import Foundation

// See UIPinchGestureRecognizer.swift: rotations come as pinches do.

/// A gesture of two fingers turning about each other.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
  /// How far the fingers have turned since the rotation began, in radians (clockwise positive,
  /// as on screen; set it back to 0 to read each change as a step).
  open var rotation: CGFloat = 0
  /// How fast the rotation changes, in radians per second.
  open private(set) var velocity: CGFloat = 0

  private let _track = _TwoFingerTrack()
  private var _point: CGPoint? { _track.point }
  private var _accumulated: CGFloat = 0

  open override func location(in view: UIView?) -> CGPoint {
    guard let point = _point else { return super.location(in: view) }
    return view.map { $0.convert(point, from: nil) } ?? point
  }

  open override var numberOfTouches: Int { _point == nil ? 0 : 2 }

  open override func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
    guard let point = _point else { return super.location(ofTouch: touchIndex, in: view) }
    precondition(
      (0..<2).contains(touchIndex), "UIRotationGestureRecognizer.location(ofTouch:in:): index (\(touchIndex)) beyond bounds (2)")
    // Two fingers 100 points apart on a line turned by the rotation.
    let sign: CGFloat = touchIndex == 0 ? -1 : 1
    let finger = CGPoint(x: point.x + sign * 50 * cos(_accumulated), y: point.y + sign * 50 * sin(_accumulated))
    return view.map { $0.convert(finger, from: nil) } ?? finger
  }

  /// A step of a rotation at `point` (window coordinates) by `angle` radians.
  @discardableResult
  func _rotate(by angle: CGFloat, at point: CGPoint, phase: UITouch.Phase) -> Bool {
    let angle = angle.isFinite ? angle : 0
    return _twoFingerStep(
      _track, at: point, phase: phase,
      begin: {
        rotation = angle
        _accumulated = angle
        velocity = 0
      },
      change: { elapsed in
        rotation += angle
        _accumulated += angle
        if let elapsed, elapsed > 0 { velocity = angle / CGFloat(elapsed) }
      })
  }
}
