import Foundation
import Testing
import UIKit
import UIKitTesting

/// A fade, as apps write one: the arriving view is added to the container at its final frame and
/// fades in; the leaving one fades out; `completeTransition` in the animation's completion.
@MainActor
private final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let log: EventLog
  var completes = true
  private(set) var contexts: [any UIViewControllerContextTransitioning] = []
  init(log: EventLog) { self.log = log }

  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.4 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    log.add("animateTransition")
    contexts.append(transitionContext)
    let container = transitionContext.containerView
    if let to = transitionContext.view(forKey: .to), let toController = transitionContext.viewController(forKey: .to) {
      container.addSubview(to)
      to.frame = transitionContext.finalFrame(for: toController)
      to.alpha = 0
    }
    let from = transitionContext.view(forKey: .from)
    UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
      transitionContext.view(forKey: .to)?.alpha = 1
      from?.alpha = 0
    }) { [completes] _ in
      transitionContext.completeTransition(completes && !transitionContext.transitionWasCancelled)
    }
  }

  func animationEnded(_ transitionCompleted: Bool) { log.add("animationEnded \(transitionCompleted)") }
}

/// The delegate handing out the fade, and (for `.custom`) a half-height presentation.
@MainActor
private final class TransitionDelegate: NSObject, UIViewControllerTransitioningDelegate {
  let animator: FadeAnimator
  let log: EventLog
  var interaction: (any UIViewControllerInteractiveTransitioning)?
  init(log: EventLog) {
    self.log = log
    animator = FadeAnimator(log: log)
  }
  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? {
    log.add("animationController forPresented")
    return animator
  }
  func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
    log.add("animationController forDismissed")
    return animator
  }
  func interactionControllerForDismissal(
    using animator: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { interaction }
  func presentationController(
    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
  ) -> UIPresentationController? {
    log.add("presentationController")
    return HalfHeightPresentationController(presentedViewController: presented, presenting: presenting)
  }
}

/// A custom presentation: the bottom half of the screen over a dimming view it adds itself.
@MainActor
private final class HalfHeightPresentationController: UIPresentationController {
  let dimming = UIView()
  override var frameOfPresentedViewInContainerView: CGRect {
    guard let bounds = containerView?.bounds else { return .zero }
    return CGRect(x: 0, y: bounds.midY, width: bounds.width, height: bounds.height / 2)
  }
  override func presentationTransitionWillBegin() {
    guard let containerView else { return }
    dimming.backgroundColor = UIColor.black.withAlphaComponent(0.4)
    dimming.frame = containerView.bounds
    containerView.insertSubview(dimming, at: 0)
  }
  override func dismissalTransitionDidEnd(_ completed: Bool) {
    if completed { dimming.removeFromSuperview() }
  }
  override func containerViewWillLayoutSubviews() {
    dimming.frame = containerView?.bounds ?? .zero
    presentedView?.frame = frameOfPresentedViewInContainerView
  }
}

/// Drives a dismissal by hand, as a pan would.
@MainActor
private final class HandDrivenInteraction: NSObject, UIViewControllerInteractiveTransitioning {
  var context: (any UIViewControllerContextTransitioning)?
  func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    context = transitionContext
  }
}

/// A controller that adds an animation alongside its transition and logs its completion.
@MainActor
private final class CoordinatedController: LoggingController {
  var alongsideRan = false
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    let coordinator = transitionCoordinator
    log.add("coordinator \(coordinator == nil ? "nil" : "animated \(coordinator!.isAnimated) \(coordinator!.transitionDuration)")")
    coordinator?.animate(alongsideTransition: { [weak self] _ in self?.alongsideRan = true }) { [log] context in
      log.add("coordinator completion cancelled \(context.isCancelled)")
    }
  }
}

@MainActor @Suite struct CustomTransitionTests {
  private func setUp() -> (HeadlessHost, LoggingController, EventLog) {
    let log = EventLog()
    let root = LoggingController("Root", log: log)
    let host = HeadlessHost(rootViewController: root)
    _ = log.take()
    return (host, root, log)
  }

  @Test func aCustomAnimatorPresentsWithTheContextAndTheCoordinatorInIOSsOrder() throws {
    let (host, root, log) = setUp()
    let delegate = TransitionDelegate(log: log)
    let card = CoordinatedController("Card", log: log)
    card.modalPresentationStyle = .overFullScreen
    card.transitioningDelegate = delegate
    var completed = false
    root.present(card, animated: true) {
      log.add("completion")
      completed = true
    }
    #expect(log.take() == [
      "Card viewDidLoad", "animationController forPresented", "Card viewWillAppear", "coordinator animated true 0.4",
      "animateTransition",
    ])
    let context = try #require(delegate.animator.contexts.first)
    #expect(context.viewController(forKey: .from) === root)
    #expect(context.viewController(forKey: .to) === card)
    #expect(context.view(forKey: .to) === card.view)
    #expect(context.view(forKey: .from) == nil, "over full screen: the presenting view stays where it is")
    #expect(context.containerView === host.window)
    #expect(context.finalFrame(for: card) == host.window.bounds)
    #expect(context.initialFrame(for: card) == .zero)
    #expect(context.presentationStyle == .overFullScreen)
    #expect(context.isAnimated && !context.isInteractive)
    #expect(card.alongsideRan)
    #expect(card.isBeingPresented)
    #expect(card.view.layer.presentation()?.opacity ?? 1 < 0.1, "the fade starts transparent")
    host.advance(by: 0.2)
    #expect(log.take().isEmpty)
    host.advance(by: 0.25)
    #expect(log.take() == [
      "coordinator completion cancelled false", "Card viewDidAppear", "animationEnded true", "completion",
    ])
    #expect(completed)
    #expect(!card.isBeingPresented)
    #expect(card.transitionCoordinator == nil)
    #expect(card.view.alpha == 1)

    // Dismissal: the same animator, the presented view leaving.
    card.dismiss(animated: true)
    #expect(log.take() == ["animationController forDismissed", "Card viewWillDisappear", "animateTransition"])
    let dismissal = try #require(delegate.animator.contexts.last)
    #expect(dismissal.viewController(forKey: .from) === card)
    #expect(dismissal.viewController(forKey: .to) === root)
    #expect(dismissal.view(forKey: .from) === card.view)
    #expect(dismissal.view(forKey: .to) == nil)
    #expect(card.transitionCoordinator != nil)
    host.advance(by: 0.45)
    #expect(log.take() == ["Card viewDidDisappear", "animationEnded true"])
    #expect(root.presentedViewController == nil)
    #expect(card.view.window == nil)
  }

  @Test func aCustomPresentationControllerPlacesTheViewInItsContainer() throws {
    let (host, root, log) = setUp()
    let delegate = TransitionDelegate(log: log)
    let half = LoggingController("Half", log: log)
    half.modalPresentationStyle = .custom
    half.transitioningDelegate = delegate
    root.present(half, animated: true)
    let presentation = try #require(half.presentationController as? HalfHeightPresentationController)
    #expect(presentation.presentationStyle == .custom)
    let container = try #require(presentation.containerView)
    #expect(container.window === host.window)
    #expect(container.frame == host.window.bounds)
    #expect(presentation.dimming.superview === container)
    #expect(presentation.presentedView === half.view)
    #expect(half.view.superview === container)
    #expect(!presentation.shouldRemovePresentersView)
    host.advance(by: 0.5)
    #expect(half.view.convert(half.view.bounds, to: nil) == CGRect(x: 0, y: 422, width: 390, height: 422))
    #expect(log.take() == [
      "Half viewDidLoad", "presentationController", "animationController forPresented", "Half viewWillAppear",
      "animateTransition", "Half viewDidAppear", "animationEnded true",
    ])
    // The presenting screen never disappeared: it shows under the dimming view.
    #expect(root.view.window === host.window)

    // A resize lays the container out: the presentation controller places the view again.
    host.resizeScreen(to: CGSize(width: 600, height: 400))
    host.window.layoutIfNeeded()
    #expect(half.view.frame == CGRect(x: 0, y: 200, width: 600, height: 200))

    half.dismiss(animated: true)
    host.advance(by: 0.5)
    #expect(presentation.dimming.superview == nil)
    #expect(container.window == nil)

    // Presented again: a new container, the view in it.
    root.present(half, animated: false)
    let again = try #require(half.presentationController?.containerView)
    #expect(again !== container)
    #expect(half.view.superview === again)
    #expect(again.window === host.window)
  }

  @Test func anAnimatorThatCancelsLeavesThePresenterAsItWas() {
    let (host, root, log) = setUp()
    let delegate = TransitionDelegate(log: log)
    delegate.animator.completes = false
    let card = LoggingController("Card", log: log)
    card.modalPresentationStyle = .fullScreen
    card.transitioningDelegate = delegate
    var completed = false
    root.present(card, animated: true) { completed = true }
    _ = log.take()
    host.advance(by: 0.5)
    #expect(log.take() == [
      "Card viewWillDisappear", "Root viewWillAppear", "Card viewDidDisappear", "Root viewDidAppear",
      "animationEnded false",
    ])
    #expect(!completed, "a cancelled presentation does not complete")
    #expect(root.presentedViewController == nil)
    #expect(card.presentingViewController == nil)
    #expect(card.view.window == nil)
    #expect(!card.isBeingPresented)
    // The presenter can present again.
    delegate.animator.completes = true
    root.present(card, animated: true)
    host.advance(by: 0.5)
    #expect(root.presentedViewController === card)
  }

  @Test func anInteractionDrivesADismissalAndCanCancelIt() throws {
    let (host, root, log) = setUp()
    let delegate = TransitionDelegate(log: log)
    let card = LoggingController("Card", log: log)
    card.modalPresentationStyle = .overFullScreen
    card.transitioningDelegate = delegate
    root.present(card, animated: true)
    host.advance(by: 0.5)
    let interaction = HandDrivenInteraction()
    delegate.interaction = interaction
    _ = log.take()

    card.dismiss(animated: true)
    let context = try #require(interaction.context)
    #expect(context.isInteractive)
    #expect(log.take() == ["animationController forDismissed", "Card viewWillDisappear"], "the interaction, not the animator, runs")
    var changes: [CGFloat] = []
    let coordinator = try #require(card.transitionCoordinator)
    #expect(coordinator.initiallyInteractive)
    coordinator.notifyWhenInteractionChanges { changes.append($0.percentComplete) }
    var ended: Bool?
    coordinator.notifyWhenInteractionEnds { ended = $0.isCancelled }
    context.updateInteractiveTransition(0.3)
    context.updateInteractiveTransition(.nan)
    context.cancelInteractiveTransition()
    #expect(changes == [0.3, 0.3])
    #expect(ended == true)
    #expect(context.transitionWasCancelled)
    context.completeTransition(!context.transitionWasCancelled)
    #expect(log.take() == ["Card viewWillAppear", "Card viewDidAppear", "animationEnded false"])
    #expect(root.presentedViewController === card, "the card stays")
    #expect(!card.isBeingDismissed)
    context.completeTransition(true)
    #expect(log.take().isEmpty, "a second completeTransition does nothing")
  }

  @Test func uikitsOwnPresentationHasACoordinatorToo() {
    let (host, root, log) = setUp()
    let sheet = CoordinatedController("Sheet", log: log)
    root.present(sheet, animated: true)
    #expect(log.take() == ["Sheet viewDidLoad", "Sheet viewWillAppear", "coordinator animated true 0.3"])
    #expect(sheet.alongsideRan)
    host.advance(by: 0.35)
    #expect(log.take() == ["coordinator completion cancelled false", "Sheet viewDidAppear"])
    // Without animation the coordinator says so, and the alongside block runs at once.
    let second = CoordinatedController("Second", log: log)
    sheet.present(second, animated: false)
    #expect(log.take() == [
      "Second viewDidLoad", "Second viewWillAppear", "coordinator animated false 0.0",
      "coordinator completion cancelled false", "Second viewDidAppear",
    ])
    #expect(second.alongsideRan)
  }
}

/// A navigation delegate with a fade for pushes and pops.
@MainActor
private final class FadingNavigationDelegate: NSObject, UINavigationControllerDelegate {
  let animator: FadeAnimator
  let log: EventLog
  var interaction: (any UIViewControllerInteractiveTransitioning)?
  init(log: EventLog) {
    self.log = log
    animator = FadeAnimator(log: log)
  }
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) { log.add("willShow") }
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) { log.add("didShow") }
  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? {
    log.add("animationControllerFor \(operation == .push ? "push" : "pop")")
    return animator
  }
  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { interaction }
}

@MainActor @Suite struct CustomNavigationTransitionTests {
  @Test func theDelegatesAnimatorPushesAndPops() throws {
    let log = EventLog()
    let first = LoggingController("First", log: log)
    let navigation = UINavigationController(rootViewController: first)
    let delegate = FadingNavigationDelegate(log: log)
    navigation.delegate = delegate
    let host = HeadlessHost(rootViewController: navigation)
    _ = log.take()

    let second = CoordinatedController("Second", log: log)
    navigation.pushViewController(second, animated: true)
    #expect(log.take() == [
      "Second willMove(toParent: nav)", "Second viewDidLoad", "willShow", "animationControllerFor push",
      "First viewWillDisappear",
      "Second viewWillAppear", "coordinator animated true 0.4", "animateTransition",
    ])
    let context = try #require(delegate.animator.contexts.last)
    #expect(context.viewController(forKey: .from) === first)
    #expect(context.viewController(forKey: .to) === second)
    #expect(context.containerView === navigation.view)
    #expect(context.presentationStyle == .none)
    #expect(context.finalFrame(for: second) == navigation.view.bounds)
    #expect(context.finalFrame(for: first) == .zero)
    // The bar stays above the screen the animator added.
    #expect(navigation.view.subviews.last === navigation.navigationBar)
    #expect(second.transitionCoordinator != nil)
    host.advance(by: 0.45)
    #expect(log.take() == [
      "coordinator completion cancelled false", "First viewDidDisappear", "Second viewDidAppear",
      "Second didMove(toParent: nav)", "didShow", "animationEnded true",
    ])
    #expect(navigation.topViewController === second)
    #expect(first.view.superview == nil)
    #expect(second.transitionCoordinator == nil)

    navigation.popViewController(animated: true)
    #expect(log.take() == [
      "willShow", "animationControllerFor pop", "Second willMove(toParent: nil)", "Second viewWillDisappear",
      "First viewWillAppear", "animateTransition",
    ])
    host.advance(by: 0.45)
    #expect(log.take() == [
      "Second viewDidDisappear", "First viewDidAppear", "Second didMove(toParent: nil)", "didShow", "animationEnded true",
    ])
    #expect(navigation.viewControllers == [first])
  }

  @Test func aCancelledPopLeavesTheStackAsItWas() throws {
    let log = EventLog()
    let first = LoggingController("First", log: log)
    let second = LoggingController("Second", log: log)
    let navigation = UINavigationController(rootViewController: first)
    navigation.pushViewController(second, animated: false)
    let delegate = FadingNavigationDelegate(log: log)
    navigation.delegate = delegate
    let host = HeadlessHost(rootViewController: navigation)
    let interaction = HandDrivenInteraction()
    delegate.interaction = interaction
    _ = log.take()

    navigation.popViewController(animated: true)
    let context = try #require(interaction.context)
    #expect(navigation.viewControllers == [first], "the stack changes as the pop starts")
    context.updateInteractiveTransition(0.4)
    context.cancelInteractiveTransition()
    context.completeTransition(false)
    #expect(log.take() == [
      "First viewDidLoad", "willShow", "animationControllerFor pop", "Second willMove(toParent: nil)",
      "Second viewWillDisappear", "First viewWillAppear",
      // Let go: back as it was, no didShow.
      "First viewWillDisappear", "Second viewWillAppear", "First viewDidDisappear", "Second viewDidAppear",
      "Second didMove(toParent: nav)", "animationEnded false",
    ])
    #expect(navigation.viewControllers == [first, second])
    #expect(navigation.topViewController === second)
    #expect(second.parent === navigation)
    #expect(second.view.window === host.window)
    #expect(first.view.superview == nil)
    #expect(navigation.navigationBar.items?.count == 2)
    // The navigation controller works on.
    navigation.delegate = nil
    navigation.popViewController(animated: false)
    #expect(navigation.viewControllers == [first])
  }
}

@MainActor @Suite struct DismissalStateTests {
  /// As on iOS, a controller is still being dismissed in its `viewDidDisappear` (the share
  /// sheet tells a swipe from a choice by it), animated or not.
  @Test(arguments: [true, false])
  func aDismissedControllerIsStillBeingDismissedInViewDidDisappear(_ animated: Bool) {
    final class Recorder: UIViewController {
      var seen: Bool?
      override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        seen = isBeingDismissed
      }
    }
    let root = UIViewController()
    let host = HeadlessHost(rootViewController: root)
    let presented = Recorder()
    root.present(presented, animated: false)
    presented.dismiss(animated: animated)
    host.settle()
    #expect(presented.seen == true)
    #expect(!presented.isBeingDismissed)
  }
}

/// A slide that gives its property animator as the interruptible one, as iOS 10 animators do.
@MainActor
private final class InterruptibleSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  private var animator: UIViewPropertyAnimator?
  private(set) var asked = 0

  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.5 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    interruptibleAnimator(using: transitionContext).startAnimation()
  }

  func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
    asked += 1
    if let animator { return animator }
    let container = transitionContext.containerView
    let to = transitionContext.view(forKey: .to)!
    container.addSubview(to)
    to.frame = container.bounds.offsetBy(dx: container.bounds.width, dy: 0)
    let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) { to.frame = container.bounds }
    animator.addCompletion { position in transitionContext.completeTransition(position == .end) }
    self.animator = animator
    return animator
  }
}

@MainActor
private final class SlidingNavigationDelegate: NSObject, UINavigationControllerDelegate {
  let animator = InterruptibleSlideAnimator()
  let interaction = UIPercentDrivenInteractiveTransition()
  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { animator }
  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { interaction }
}

@MainActor @Suite struct PercentDrivenTransitionTests {
  /// A fade animator (UIView.animate) scrubbed by percent: the arriving view's alpha follows
  /// `update`, `finish()` runs the rest and completes the transition.
  @Test func aPercentDrivenDismissalScrubsTheAnimatorsBlocksThenFinishes() throws {
    let log = EventLog()
    let root = LoggingController("Root", log: log)
    let host = HeadlessHost(rootViewController: root)
    let presented = LoggingController("Presented", log: log)
    let delegate = TransitionDelegate(log: log)
    presented.modalPresentationStyle = .custom
    presented.transitioningDelegate = delegate
    root.present(presented, animated: false)
    host.advance(by: 0.1)
    _ = host.screen()  // on screen: its changes animate
    let interaction = UIPercentDrivenInteractiveTransition()
    interaction.completionSpeed = 2
    delegate.interaction = interaction
    _ = log.take()

    presented.dismiss(animated: true)
    #expect(log.take().contains("animateTransition"))
    #expect(interaction.duration == 0.4)
    let leaving = presented.view!
    #expect(leaving.alpha == 0, "the model value is the end's at once")
    #expect(abs(leaving.layer.presentation()!.opacity - 1) < 0.01, "shown where the interaction is: the start")
    interaction.update(0.25)
    #expect(interaction.percentComplete == 0.25)
    #expect(abs(leaving.layer.presentation()!.opacity - 0.75) < 0.01)
    host.advance(by: 1)
    #expect(abs(leaving.layer.presentation()!.opacity - 0.75) < 0.01, "paused: time does not move it")
    #expect(presented.presentingViewController === root)

    interaction.finish()
    // The rest (75 % of 0.4 s) at twice the speed: 0.15 s.
    host.advance(by: 0.1)
    #expect(presented.presentingViewController === root, "still running")
    host.advance(by: 0.1)
    #expect(root.presentedViewController == nil)
    #expect(log.take().contains("animationEnded true"))
  }

  @Test func aFinishingTransitionCanBePausedAndTakenOverAgainAndRunsOnItsTimingCurve() throws {
    /// Dismisses with an interaction finished at 20 %, 0.08 s later: the opacity shown, then
    /// paused there.
    func finishing(timingCurve: (any UITimingCurveProvider)?) -> (shown: Float, host: HeadlessHost, root: UIViewController,
      presented: UIViewController, interaction: UIPercentDrivenInteractiveTransition, log: EventLog)
    {
      let log = EventLog()
      let root = LoggingController("Root", log: log)
      let host = HeadlessHost(rootViewController: root)
      let presented = LoggingController("Presented", log: log)
      let delegate = TransitionDelegate(log: log)
      presented.modalPresentationStyle = .custom
      presented.transitioningDelegate = delegate
      root.present(presented, animated: false)
      host.advance(by: 0.1)
      _ = host.screen()  // on screen: its changes animate
      let interaction = UIPercentDrivenInteractiveTransition()
      interaction.timingCurve = timingCurve
      delegate.interaction = interaction
      _ = log.take()
      presented.dismiss(animated: true)
      interaction.update(0.2)
      interaction.finish()
      host.advance(by: 0.08)
      return (presented.view.layer.presentation()!.opacity, host, root, presented, interaction, log)
    }
    let eased = finishing(timingCurve: nil)
    eased.interaction.cancel()
    eased.host.advance(by: 1)
    let run = finishing(timingCurve: UICubicTimingParameters(animationCurve: .linear))
    // On the linear curve the opacity follows the clock (0.2 + 4 or 5 frames of 1/60 s over
    // 0.4 s); the default ease-in-out curve is elsewhere at the same moment.
    #expect(run.shown > 0.58 && run.shown < 0.64, "linear \(run.shown)")
    #expect(abs(run.shown - eased.shown) > 0.05, "linear \(run.shown), ease-in-out \(eased.shown)")
    // The finger comes back: paused where it is (0.2 + 0.08 / 0.4), and time does not move it.
    run.interaction.pauseInteractiveTransition()
    let fraction = run.interaction.percentComplete
    #expect(abs(fraction - 0.4) < 0.01, "\(fraction)")
    let leaving = run.presented.view!
    #expect(abs(leaving.layer.presentation()!.opacity - 0.6) < 0.01)
    run.host.advance(by: 1)
    #expect(run.presented.presentingViewController === run.root)
    #expect(abs(leaving.layer.presentation()!.opacity - 0.6) < 0.01)
    run.interaction.update(0.1)
    #expect(abs(leaving.layer.presentation()!.opacity - 0.9) < 0.01)
    run.interaction.cancel()
    run.host.advance(by: 0.5)
    #expect(run.root.presentedViewController === run.presented)
    #expect(run.log.take().contains("animationEnded false"))
  }

  @Test func aCancelRunsTheAnimatorsBlocksBackAndThePresentationStays() throws {
    let log = EventLog()
    let root = LoggingController("Root", log: log)
    let host = HeadlessHost(rootViewController: root)
    let presented = LoggingController("Presented", log: log)
    let delegate = TransitionDelegate(log: log)
    presented.modalPresentationStyle = .custom
    presented.transitioningDelegate = delegate
    root.present(presented, animated: false)
    host.advance(by: 0.1)
    _ = host.screen()  // on screen: its changes animate
    let interaction = UIPercentDrivenInteractiveTransition()
    delegate.interaction = interaction
    _ = log.take()

    presented.dismiss(animated: true)
    interaction.update(0.5)
    interaction.cancel()
    host.advance(by: 0.5)
    #expect(root.presentedViewController === presented)
    #expect(presented.view.alpha == 1, "run back to the start")
    #expect(log.take().contains("animationEnded false"))
    interaction.update(0.9)  // after the end: nothing happens
    #expect(root.presentedViewController === presented)
  }

  /// An animator's interruptible animator is what the interaction drives.
  @Test func anInterruptibleAnimatorIsDriven() throws {
    let first = UIViewController()
    let navigation = UINavigationController(rootViewController: first)
    let delegate = SlidingNavigationDelegate()
    navigation.delegate = delegate
    let host = HeadlessHost(rootViewController: navigation)
    let second = UIViewController()
    navigation.pushViewController(second, animated: true)
    #expect(delegate.animator.asked >= 1)
    let width = navigation.view.bounds.width
    delegate.interaction.update(0.5)
    #expect(abs(second.view.layer.presentation()!.frame.minX - width / 2) < 1)
    delegate.interaction.finish()
    host.advance(by: 1)
    #expect(navigation.topViewController === second)
    #expect(second.view.frame.minX == 0)
  }
}

@MainActor @Suite struct EdgeSwipePopTests {
  private func setUp() -> (HeadlessHost, UINavigationController, LoggingController, LoggingController, EventLog) {
    let log = EventLog()
    let first = LoggingController("First", log: log)
    let second = LoggingController("Second", log: log)
    let navigation = UINavigationController(rootViewController: first)
    navigation.pushViewController(second, animated: false)
    let host = HeadlessHost(rootViewController: navigation, screenSize: CGSize(width: 390, height: 844))
    _ = host.screen()
    _ = log.take()
    return (host, navigation, first, second, log)
  }

  @Test func aSwipeFromTheLeftEdgePastHalfWayPops() throws {
    let (host, navigation, first, second, log) = setUp()
    #expect(navigation.interactivePopGestureRecognizer is UIScreenEdgePanGestureRecognizer)
    host.touchDown(at: CGPoint(x: 5, y: 400))
    host.moveTouch(to: CGPoint(x: 60, y: 402))
    host.moveTouch(to: CGPoint(x: 100, y: 402))
    // The top screen follows the finger; the one under it is coming in from a third of the way.
    let shown = try #require(second.view.layer.presentation())
    #expect(abs(shown.frame.minX - 95) < 2, "\(shown.frame)")
    #expect(first.view.superview != nil)
    #expect(navigation.transitionCoordinator?.isInteractive == true)
    host.moveTouch(to: CGPoint(x: 260, y: 402))
    host.liftTouch(at: CGPoint(x: 260, y: 402))
    host.advance(by: 0.5)
    #expect(navigation.viewControllers == [first])
    #expect(log.take().contains("Second viewDidDisappear"))
  }

  @Test func aShortSwipeIsLetGoAndTheScreenStays() throws {
    let (host, navigation, first, second, log) = setUp()
    var cancelled: Bool?
    host.touchDown(at: CGPoint(x: 5, y: 400))
    host.moveTouch(to: CGPoint(x: 40, y: 400))
    navigation.transitionCoordinator?.notifyWhenInteractionChanges { context in cancelled = context.isCancelled }
    host.moveTouch(to: CGPoint(x: 80, y: 400))
    host.liftTouch(at: CGPoint(x: 80, y: 400))
    #expect(cancelled == true, "the coordinator says the interaction was let go")
    host.advance(by: 0.5)
    #expect(navigation.viewControllers == [first, second])
    #expect(second.view.frame.minX == 0)
    #expect(first.view.superview == nil)
    let events = log.take()
    #expect(events.contains("Second viewDidAppear") && !events.contains("Second viewDidDisappear"))
  }

  @Test func noSwipeAtTheRootOrWhenDisabledOrAwayFromTheEdge() {
    let (host, navigation, first, second, _) = setUp()
    host.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 400))
    host.advance(by: 0.5)
    #expect(navigation.viewControllers == [first, second], "a pan away from the edge is not a back swipe")
    navigation.interactivePopGestureRecognizer?.isEnabled = false
    host.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 300, y: 400))
    host.advance(by: 0.5)
    #expect(navigation.viewControllers == [first, second])
    navigation.interactivePopGestureRecognizer?.isEnabled = true
    navigation.popViewController(animated: false)
    host.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 300, y: 400))
    host.advance(by: 0.5)
    #expect(navigation.viewControllers == [first], "nothing to go back to")
  }
}
