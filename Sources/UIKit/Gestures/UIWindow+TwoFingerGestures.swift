import Foundation

// Pinches and rotations reach their recognizers from the window, as the pointer's hover does
// (UIPinchGestureRecognizer.swift says how the hosts make them).

/// Where a two-finger gesture is and when its last step came (an object: the recognizer's
/// actions read it while a step runs).
final class _TwoFingerTrack {
  /// The pointer, in window coordinates, while the gesture lasts.
  var point: CGPoint?
  var lastTime: TimeInterval?

  func reset() {
    point = nil
    lastTime = nil
  }
}

extension UIGestureRecognizer {
  /// One step of a pinch's or rotation's life at `point`: `.began` starts it (`begin` sets its
  /// values) if the delegate lets it, a move applies `change` (given the time since the last
  /// step, for the velocity), an end or cancel finishes it and makes it ready for the next one.
  /// Returns whether the gesture is under way after the step.
  func _twoFingerStep(
    _ track: _TwoFingerTrack, at point: CGPoint, phase: UITouch.Phase, begin: () -> Void,
    change: (_ elapsed: TimeInterval?) -> Void
  ) -> Bool {
    let now = UIApplication.shared._scheduler.now
    track.point = point
    switch phase {
    case .began:
      guard state == .possible else { return false }
      begin()
      track.lastTime = now
      state = .began
      guard state == .began else {
        track.reset()
        _resetAfterGesture()
        return false
      }
    case .moved, .stationary:
      guard state == .began || state == .changed else { return false }
      change(track.lastTime.map { now - $0 })
      track.lastTime = now
      state = .changed
    case .ended, .cancelled:
      guard state == .began || state == .changed else { return false }
      state = phase == .ended ? .ended : .cancelled
      track.reset()
      _resetAfterGesture()
      return false
    }
    return true
  }
}

extension UIWindow {
  /// The two-finger gestures under way: a pinch, a rotation.
  final class _TwoFingerGestures {
    weak var pinch: UIPinchGestureRecognizer?
    weak var rotation: UIRotationGestureRecognizer?
    var pinchIdle: MainScheduler.Token?
    var rotationIdle: MainScheduler.Token?
  }

  /// The recognizers of `type` from the view under `point` up (a presented controller takes the
  /// pointer as it takes touches), innermost first.
  private func _twoFingerRecognizers<R: UIGestureRecognizer>(_ type: R.Type, at point: CGPoint) -> [R] {
    guard let view = hitTest(point, with: nil) else { return [] }
    if let modal = _modalControllers.last?._presentationRootView, !view.isDescendant(of: modal) { return [] }
    var found: [R] = []
    var next: UIView? = view
    while let v = next {
      for case let recognizer as R in v.gestureRecognizers ?? [] where recognizer.isEnabled { found.append(recognizer) }
      next = v.superview
    }
    return found
  }

  /// A pinch step at `point` (window coordinates): `.began` gives it to the innermost pinch
  /// recognizer under the point that begins; the others go to that one.
  package func _pinch(at point: CGPoint, scale factor: CGFloat, phase: UITouch.Phase) {
    if phase == .began {
      _twoFingers.pinch?._pinch(by: 1, at: point, phase: .cancelled)
      _twoFingers.pinch = _twoFingerRecognizers(UIPinchGestureRecognizer.self, at: point).first {
        $0._pinch(by: factor, at: point, phase: .began)
      }
      return
    }
    guard let recognizer = _twoFingers.pinch else { return }
    if !recognizer._pinch(by: factor, at: point, phase: phase) { _twoFingers.pinch = nil }
  }

  /// A rotation step at `point` by `angle` radians (see ``_pinch(at:scale:phase:)``).
  package func _rotate(at point: CGPoint, by angle: CGFloat, phase: UITouch.Phase) {
    if phase == .began {
      _twoFingers.rotation?._rotate(by: 0, at: point, phase: .cancelled)
      _twoFingers.rotation = _twoFingerRecognizers(UIRotationGestureRecognizer.self, at: point).first {
        $0._rotate(by: angle, at: point, phase: .began)
      }
      return
    }
    guard let recognizer = _twoFingers.rotation else { return }
    if !recognizer._rotate(by: angle, at: point, phase: phase) { _twoFingers.rotation = nil }
  }

  /// How long a trackpad gesture waits for its next step before it ends.
  static let _trackpadGestureIdle: TimeInterval = 0.15

  /// A step of a trackpad pinch from a host that sends no begin or end (a wheel turned with
  /// Control): the first step begins the pinch, later ones change it, and it ends when no step
  /// has come for ``_trackpadGestureIdle``.
  package func _trackpadPinch(at point: CGPoint, scale factor: CGFloat) {
    let scheduler = UIApplication.shared._scheduler
    if let idle = _twoFingers.pinchIdle { scheduler.cancel(idle) }
    _pinch(at: point, scale: factor, phase: _twoFingers.pinch == nil ? .began : .moved)
    guard _twoFingers.pinch != nil else { return }
    _twoFingers.pinchIdle = scheduler.schedule(after: Self._trackpadGestureIdle) { [weak self] in
      self?._twoFingers.pinchIdle = nil
      self?._pinch(at: point, scale: 1, phase: .ended)
    }
  }

  /// A step of a trackpad rotation (see ``_trackpadPinch(at:scale:)``).
  package func _trackpadRotate(at point: CGPoint, by angle: CGFloat) {
    let scheduler = UIApplication.shared._scheduler
    if let idle = _twoFingers.rotationIdle { scheduler.cancel(idle) }
    _rotate(at: point, by: angle, phase: _twoFingers.rotation == nil ? .began : .moved)
    guard _twoFingers.rotation != nil else { return }
    _twoFingers.rotationIdle = scheduler.schedule(after: Self._trackpadGestureIdle) { [weak self] in
      self?._twoFingers.rotationIdle = nil
      self?._rotate(at: point, by: 0, phase: .ended)
    }
  }
}
