import Foundation

// UIPercentDrivenInteractiveTransition: an interaction controller that scrubs the animator's
// animations by a percentage (a pan's progress), then finishes or cancels them.
//
// As on iOS it drives the animator's `interruptibleAnimator(using:)` when the animator gives
// one. Otherwise it runs `animateTransition(using:)` with the `UIView.animate` blocks the
// animator makes taken into one paused property animator (iOS pauses the layers' time to the
// same effect): `update(_:)` moves it, `finish()` runs the rest forward and `cancel()` runs it
// back, each at `completionSpeed` on `completionCurve` (or `timingCurve`); the blocks'
// completions run when it ends, where the animator calls `completeTransition(_:)`.

/// An interaction controller that moves a transition's animations by a percentage.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
  /// How long the transition's animation lasts (the animator's `transitionDuration`).
  open var duration: CGFloat {
    guard let context = _context, let animator = context._animator else { return 0 }
    return CGFloat(animator.transitionDuration(using: context))
  }
  /// How far the transition is (0...1).
  open private(set) var percentComplete: CGFloat = 0
  /// How fast the rest runs after `finish()` or `cancel()` (1: the animation's own speed).
  open var completionSpeed: CGFloat = 1
  /// The curve the rest runs on.
  open var completionCurve: UIView.AnimationCurve = .easeInOut
  /// The timing the rest runs on, when set (over `completionCurve`).
  open var timingCurve: (any UITimingCurveProvider)?
  /// Whether the transition starts interactive.
  open var wantsInteractiveStart = true

  private var _context: _ViewControllerTransition?
  /// The animator scrubbed: the animator's interruptible animator, or the blocks taken in.
  private var _driven: (any UIViewImplicitlyAnimating)?
  /// Whether a transition started and this is driving it.
  var _isDriving: Bool { _context != nil && _context?.isComplete == false }
  /// The taker of `UIView.animate` blocks while `animateTransition(using:)` runs.
  static var _capturing: _Capture?

  public override init() { super.init() }

  /// Starts the transition paused at 0 %.
  open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    guard let context = transitionContext as? _ViewControllerTransition, let animator = context._animator else { return }
    _context = context
    percentComplete = 0
    let interruptible = animator.interruptibleAnimator(using: context)
    if (interruptible as? UIViewPropertyAnimator)?._standsInForMissingInterruptibleAnimator != true {
      _driven = interruptible
      _pauseAtStart()
    } else {
      _drive(context) { animator.animateTransition(using: context) }
    }
  }

  /// Drives `context` by the `UIView.animate` blocks `animate` makes (UIKit's own slide, for the
  /// navigation controller's edge swipe, or an animator's `animateTransition(using:)`).
  func _drive(_ context: _ViewControllerTransition, _ animate: () -> Void) {
    _context = context
    percentComplete = 0
    let capture = _Capture()
    let outer = Self._capturing
    Self._capturing = capture
    animate()
    Self._capturing = outer
    _driven = capture.animator
    _pauseAtStart()
  }

  private func _pauseAtStart() {
    guard let driven = _driven, driven.state != .stopped else { return }
    driven.pauseAnimation()
    driven.fractionComplete = 0
  }

  /// Moves the transition to `percentComplete` (0...1).
  open func update(_ percentComplete: CGFloat) {
    guard percentComplete.isFinite, let context = _context, !context.isComplete else { return }
    self.percentComplete = min(1, max(0, percentComplete))
    if let driven = _driven, driven.state == .active {
      if driven.isRunning { driven.pauseAnimation() }
      driven.fractionComplete = self.percentComplete
    }
    context.updateInteractiveTransition(self.percentComplete)
  }

  /// Pauses a transition running after `finish()` or `cancel()`, for an interaction to take it
  /// over again.
  open func pauseInteractiveTransition() {
    guard let context = _context, !context.isComplete else { return }
    if let driven = _driven, driven.state == .active, driven.isRunning {
      driven.pauseAnimation()
      percentComplete = driven.fractionComplete
    }
    context.pauseInteractiveTransition()
  }

  /// Runs the rest of the transition to its end.
  open func finish() {
    guard let context = _context, !context.isComplete else { return }
    context.finishInteractiveTransition()
    _continue(reversed: false)
  }

  /// Runs the transition back to its start: it is cancelled.
  open func cancel() {
    guard let context = _context, !context.isComplete else { return }
    context.cancelInteractiveTransition()
    _continue(reversed: true)
  }

  /// Runs the driven animator on from where it is, forward or back: the rest of its time
  /// (what is left of its duration either way) divided by `completionSpeed`.
  private func _continue(reversed: Bool) {
    guard let driven = _driven, driven.state == .active else { return }
    driven.isReversed = reversed
    let speed = completionSpeed > 0 && completionSpeed.isFinite ? completionSpeed : 1
    let timing = timingCurve ?? UICubicTimingParameters(animationCurve: completionCurve)
    driven.continueAnimation(withTimingParameters: timing, durationFactor: 1 / speed)
  }

  /// Takes the `UIView.animate` blocks of an animator into one property animator, made with the
  /// first block's duration.
  @MainActor
  final class _Capture {
    private(set) var animator: UIViewPropertyAnimator?

    func take(_ context: UIView._AnimationContext, _ animations: @MainActor () -> Void, _ completion: (@MainActor (Bool) -> Void)?) {
      let total = max(context.duration + context.delay, 1e-6)
      let animator = self.animator ?? UIViewPropertyAnimator(duration: total, curve: .linear)
      self.animator = animator
      animator._addNow(animations, delayFactor: context.delay / animator.duration)
      // iOS's blocks finish (true) whichever way the transition ends: the animator asks the
      // context whether it was cancelled.
      if let completion { animator.addCompletion { _ in completion(true) } }
    }
  }
}
