import Foundation

/// A presentation, a dismissal, a navigation change or a change of the screen's size under way:
/// the context an animator is handed (`UIViewControllerContextTransitioning`) and the
/// coordinator the controllers see (`transitionCoordinator`, `viewWillTransition(to:with:)`:
/// `UIViewControllerTransitionCoordinator`), one object as the two are on iOS in all that they
/// share. A size change (a rotation, a host's resize) has no controllers; its target transform is
/// the turn the interface makes, and it is never interactive.
///
/// Order, as on iOS: the controllers' `viewWillAppear`/`viewWillDisappear` (where apps add
/// alongside animations), then the animation (the animator's, or UIKit's slide) with the
/// alongside animations in it, then, when the animator calls `completeTransition(_:)`, the
/// coordinator's completions and UIKit's end of the transition (`viewDidAppear`, the
/// presentation controller's `…DidEnd`, the animator's `animationEnded`, the completion block).
@MainActor
final class _ViewControllerTransition: NSObject, UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator {
  let containerView: UIView
  let isAnimated: Bool
  let presentationStyle: UIModalPresentationStyle
  private let fromController: UIViewController?
  private let toController: UIViewController?
  private let fromView: UIView?
  private let toView: UIView?
  private var initialFrames: [ObjectIdentifier: CGRect] = [:]
  private var finalFrames: [ObjectIdentifier: CGRect] = [:]

  /// The animation's length (the animator's `transitionDuration(using:)`, or UIKit's).
  var transitionDuration: TimeInterval = 0
  private(set) var transitionWasCancelled = false
  var isCancelled: Bool { transitionWasCancelled }
  private(set) var isInteractive = false
  private(set) var initiallyInteractive = false
  var isInterruptible: Bool { false }
  private(set) var percentComplete: CGFloat = 0
  var completionVelocity: CGFloat { 1 }
  var completionCurve: UIView.AnimationCurve { .easeInOut }
  let targetTransform: CGAffineTransform

  /// The animator of a custom transition (what an interaction controller drives).
  var _animator: (any UIViewControllerAnimatedTransitioning)?

  /// What UIKit does once the animator is done (`true`: the transition completed).
  var onComplete: (@MainActor (Bool) -> Void)?
  /// Whether `completeTransition(_:)` was called.
  private(set) var isComplete = false

  private enum Phase { case preparing, animating, done }
  private var phase = Phase.preparing
  private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var interactionEnds: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var interactionChanges: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

  init(
    container: UIView, animated: Bool, style: UIModalPresentationStyle,
    from: (controller: UIViewController?, view: UIView?, initial: CGRect, final: CGRect),
    to: (controller: UIViewController?, view: UIView?, initial: CGRect, final: CGRect),
    targetTransform: CGAffineTransform = .identity
  ) {
    self.targetTransform = targetTransform
    containerView = container
    isAnimated = animated
    presentationStyle = style
    fromController = from.controller
    toController = to.controller
    fromView = from.view
    toView = to.view
    super.init()
    if let controller = from.controller {
      initialFrames[ObjectIdentifier(controller)] = from.initial
      finalFrames[ObjectIdentifier(controller)] = from.final
    }
    if let controller = to.controller {
      initialFrames[ObjectIdentifier(controller)] = to.initial
      finalFrames[ObjectIdentifier(controller)] = to.final
    }
  }

  /// The coordinator of a change of the screen's size in `container` (a rotation turns the
  /// interface by `targetTransform`).
  static func sizeChange(duration: TimeInterval, targetTransform: CGAffineTransform, container: UIView) -> _ViewControllerTransition {
    let nobody: (controller: UIViewController?, view: UIView?, initial: CGRect, final: CGRect) = (nil, nil, .zero, .zero)
    let transition = _ViewControllerTransition(
      container: container, animated: duration > 0, style: .none, from: nobody, to: nobody, targetTransform: targetTransform)
    transition.transitionDuration = duration
    return transition
  }

  // MARK: The context

  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    switch key {
    case .from: fromController
    case .to: toController
    default: nil
    }
  }

  func view(forKey key: UITransitionContextViewKey) -> UIView? {
    switch key {
    case .from: fromView
    case .to: toView
    default: nil
    }
  }

  func initialFrame(for vc: UIViewController) -> CGRect { initialFrames[ObjectIdentifier(vc)] ?? .zero }
  func finalFrame(for vc: UIViewController) -> CGRect { finalFrames[ObjectIdentifier(vc)] ?? .zero }

  func updateInteractiveTransition(_ percentComplete: CGFloat) {
    guard percentComplete.isFinite else { return }
    self.percentComplete = min(1, max(0, percentComplete))
    for handler in interactionChanges { handler(self) }
  }

  func finishInteractiveTransition() { endInteraction(cancelled: false) }
  func cancelInteractiveTransition() { endInteraction(cancelled: true) }

  func pauseInteractiveTransition() {
    guard !isComplete else { return }
    isInteractive = true
    for handler in interactionChanges { handler(self) }
  }

  private func endInteraction(cancelled: Bool) {
    guard isInteractive, !isComplete else { return }
    isInteractive = false
    transitionWasCancelled = cancelled
    for handler in interactionChanges { handler(self) }
    for handler in interactionEnds { handler(self) }
    interactionEnds = []
  }

  /// Starts the transition driven by an interaction.
  func _beginInteraction() {
    isInteractive = true
    initiallyInteractive = true
  }

  func completeTransition(_ didComplete: Bool) {
    // Once: a second call (an animator's completion and a timer both finishing) does nothing.
    guard !isComplete else { return }
    isComplete = true
    if !didComplete { transitionWasCancelled = true }
    percentComplete = didComplete ? 1 : 0
    phase = .done
    let blocks = completions
    completions = []
    for block in blocks { block(self) }
    onComplete?(didComplete)
    onComplete = nil
  }

  // MARK: The coordinator

  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    guard phase == .preparing else {
      // Too late to run alongside: the completion still runs after the transition.
      if let completion {
        if phase == .done { completion(self) } else { completions.append(completion) }
      }
      return false
    }
    if let animation { alongside.append(animation) }
    if let completion { completions.append(completion) }
    return true
  }

  func animateAlongsideTransition(
    in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    animate(alongsideTransition: animation, completion: completion)
  }

  func notifyWhenInteractionEnds(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
    interactionEnds.append(handler)
  }

  func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {
    interactionChanges.append(handler)
  }

  /// Runs the alongside animations, animated with the transition when it is animated.
  func _runAlongside() {
    guard phase == .preparing else { return }
    phase = .animating
    let blocks = alongside
    alongside = []
    guard !blocks.isEmpty else { return }
    if isAnimated, transitionDuration > 0 {
      UIView.animate(withDuration: transitionDuration, delay: 0, options: [.curveEaseInOut], animations: {
        for block in blocks { block(self) }
      })
    } else {
      for block in blocks { block(self) }
    }
  }
}
