import Foundation

/// Recognizes the pointer over its view: it begins when the pointer comes over the view,
/// changes as it moves there, and ends when it leaves (or leaves the window). Touches do not
/// take part: a hover recognizer never competes with the view's other recognizers.
///
/// The pointer is the browser's mouse and the terminal's (terminals that report motion) here,
/// and `HeadlessHost.hover(at:)` in tests. A mouse hovers at no height: `zOffset` is 0 and the
/// pencil's angles are those of a pencil standing straight up.
@preconcurrency @MainActor
open class UIHoverGestureRecognizer: UIGestureRecognizer {
  /// Where the pointer is, in window coordinates, while it hovers.
  private var _point: CGPoint?

  /// How high a pencil hovers above the screen, from 0 to 1 (a pointer: 0).
  open var zOffset: CGFloat { 0 }
  /// The angle between a hovering pencil and the screen (a pointer: π/2, straight up).
  open var altitudeAngle: CGFloat { .pi / 2 }
  /// The pencil's roll (a pointer: 0).
  open var rollAngle: CGFloat { 0 }
  /// The direction a hovering pencil points in, in `view`'s coordinates (a pointer: 0).
  open func azimuthAngle(in view: UIView?) -> CGFloat { 0 }
  /// The unit vector of ``azimuthAngle(in:)`` (a pointer: along x).
  open func azimuthUnitVector(in view: UIView?) -> CGVector { CGVector(dx: 1, dy: 0) }

  /// Where the pointer is, in `view`'s coordinates (nil: the window's).
  open override func location(in view: UIView?) -> CGPoint {
    guard let point = _point else { return super.location(in: view) }
    guard let view else { return point }
    return view.convert(point, from: nil)
  }

  /// The pointer is over the view at `point` (window coordinates): the recognizer begins, or
  /// changes.
  func _hover(at point: CGPoint) {
    _point = point
    switch state {
    case .possible: state = .began
    case .began, .changed: state = .changed
    default: break
    }
  }

  /// The pointer left the view: the recognizer ends and is ready for the next hover.
  func _hoverEnded() {
    if state == .began || state == .changed { state = .ended }
    _point = nil
    state = .possible
    reset()
  }
}

extension UIWindow {
  /// The pointer moved to `point` in the window (nil: it left the window): the hover
  /// recognizers of the view under it and of its ancestors begin or change, and those it left
  /// end. A presented controller takes the pointer as it takes touches.
  package func _hover(at point: CGPoint?) {
    var current: [UIHoverGestureRecognizer] = []
    if let point, var view = hitTest(point, with: nil) {
      if let modal = _modalControllers.last?._presentationRootView, !view.isDescendant(of: modal) { view = modal }
      var next: UIView? = view
      while let v = next {
        for case let recognizer as UIHoverGestureRecognizer in v.gestureRecognizers ?? [] where recognizer.isEnabled {
          current.append(recognizer)
        }
        next = v.superview
      }
    }
    for case let recognizer as UIHoverGestureRecognizer in _hovering.compactMap(\.recognizer)
    where !current.contains(where: { $0 === recognizer }) {
      recognizer._hoverEnded()
    }
    _hovering = current.map { UIGestureRecognizer.Weak(recognizer: $0) }
    if let point {
      for recognizer in current { recognizer._hover(at: point) }
    }
  }
}
