import Foundation

// Custom transitions, as iOS 7 introduced them: a presented controller's `transitioningDelegate`
// (or a navigation controller's delegate) hands UIKit an animator; UIKit builds the transition's
// context (the container view, the controllers and views on each side, their frames) and asks
// the animator to animate; the animator calls `completeTransition(_:)` when it is done, and
// UIKit then finishes (appearance calls, the presentation controller, the completion blocks).
//
// The protocols' optional requirements are protocol-extension defaults here (see the README).

/// What a transition hands its animator: where to animate and what.
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
  /// The view the transition happens in: the animator adds the arriving view to it.
  var containerView: UIView { get }
  /// Whether the transition is animated.
  var isAnimated: Bool { get }
  /// Whether the transition is driven by an interaction now.
  var isInteractive: Bool { get }
  /// Whether an interactive transition was cancelled (pass `!transitionWasCancelled` to
  /// `completeTransition(_:)`).
  var transitionWasCancelled: Bool { get }
  /// The presentation style of a presentation or dismissal (`.none` for a navigation change).
  var presentationStyle: UIModalPresentationStyle { get }
  /// An interaction moved the transition to `percentComplete` (0...1).
  func updateInteractiveTransition(_ percentComplete: CGFloat)
  /// The interaction ended and the transition is to complete.
  func finishInteractiveTransition()
  /// The interaction ended and the transition is to go back.
  func cancelInteractiveTransition()
  /// The interaction paused the transition's animations.
  func pauseInteractiveTransition()
  /// The animator is done: `didComplete` false if the transition was cancelled. Call it once.
  func completeTransition(_ didComplete: Bool)
  /// The controller leaving (`.from`) or arriving (`.to`).
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  /// The view leaving or arriving (nil when that side's view does not take part: the presenting
  /// controller's view under a sheet stays where it is).
  func view(forKey key: UITransitionContextViewKey) -> UIView?
  /// The rotation the interface makes during the transition (identity here).
  var targetTransform: CGAffineTransform { get }
  /// Where `vc`'s view starts (`.zero` when it has no place yet: the arriving controller).
  func initialFrame(for vc: UIViewController) -> CGRect
  /// Where `vc`'s view ends (`.zero` when it leaves the screen).
  func finalFrame(for vc: UIViewController) -> CGRect
}

/// An object that animates a transition between two controllers.
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
  /// How long the transition lasts (the coordinator's alongside animations take as long).
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
  /// Animates: add the arriving view to the container, animate, then call
  /// `completeTransition(_:)`.
  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
  /// Called after the transition ended (`transitionCompleted` false if it was cancelled).
  func animationEnded(_ transitionCompleted: Bool)
  /// The animator that animates the transition, for an interaction to pause, scrub and
  /// continue (`UIPercentDrivenInteractiveTransition` drives it when it is given). Return the
  /// same object for the whole transition.
  func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating
}

extension UIViewControllerAnimatedTransitioning {
  public func animationEnded(_ transitionCompleted: Bool) {}

  /// Not given (the optional requirement left out): an animator marked so, which interactions
  /// never drive; they capture what `animateTransition(using:)` animates instead.
  public func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
    let standIn = UIViewPropertyAnimator(duration: 0, curve: .linear)
    standIn._standsInForMissingInterruptibleAnimator = true
    return standIn
  }
}

/// An object that drives a transition with an interaction (a pan that follows the finger).
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
  /// Starts the transition: drive it with the context's `updateInteractiveTransition(_:)` and
  /// end it with `finishInteractiveTransition()` or `cancelInteractiveTransition()`.
  func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
  /// How fast the rest of the transition runs after the interaction ends (1: its own speed).
  var completionSpeed: CGFloat { get }
  /// The curve the rest of the transition runs with.
  var completionCurve: UIView.AnimationCurve { get }
  /// Whether the transition starts interactive (true by default).
  var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
  public var completionSpeed: CGFloat { 1 }
  public var completionCurve: UIView.AnimationCurve { .easeInOut }
  public var wantsInteractiveStart: Bool { true }
}

/// What a controller presented with a custom transition asks for its animators and its
/// presentation controller (set it as the presented controller's `transitioningDelegate`).
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
  /// The animator of `presented`'s presentation (nil: UIKit's own).
  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)?
  /// The animator of `dismissed`'s dismissal (nil: UIKit's own).
  func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
  /// The interaction driving the presentation (nil: not interactive).
  func interactionControllerForPresentation(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)?
  /// The interaction driving the dismissal (nil: not interactive).
  func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)?
  /// The presentation controller of a `.custom` presentation (nil: UIKit's own).
  func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
  ) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
  public func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
  public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
    nil
  }
  public func interactionControllerForPresentation(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
  public func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
  public func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
  ) -> UIPresentationController? { nil }
}
