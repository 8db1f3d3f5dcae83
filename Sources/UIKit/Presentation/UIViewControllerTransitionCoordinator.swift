import Foundation

/// The keys of the view controllers in a transition.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewController")
  public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewController")
}

/// The keys of the views in a transition.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
  public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

/// What a transition is doing, as the blocks given to a coordinator see it.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
  var isAnimated: Bool { get }
  var presentationStyle: UIModalPresentationStyle { get }
  var initiallyInteractive: Bool { get }
  var isInterruptible: Bool { get }
  var isInteractive: Bool { get }
  var isCancelled: Bool { get }
  var transitionDuration: TimeInterval { get }
  var percentComplete: CGFloat { get }
  var completionVelocity: CGFloat { get }
  var completionCurve: UIView.AnimationCurve { get }
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  func view(forKey key: UITransitionContextViewKey) -> UIView?
  var containerView: UIView { get }
  /// For a rotation, the turn the interface makes (identity for a resize).
  var targetTransform: CGAffineTransform { get }
}

/// Runs animations alongside a transition and completions after it (the one handed to
/// `viewWillTransition(to:with:)`).
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
  /// Runs `animation` inside the transition's animation and `completion` after it. False when
  /// the transition's animation already ran.
  @discardableResult
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
  /// The same, for animations of a view outside the transition's container.
  @discardableResult
  func animateAlongsideTransition(
    in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
  /// Called when an interactive transition's interaction ends.
  func notifyWhenInteractionEnds(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
  /// Called when an interactive transition's interaction changes.
  func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
  /// `animate(alongsideTransition:completion:)` without a completion (the completion defaults
  /// to nil on iOS).
  @discardableResult
  public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?)
    -> Bool
  {
    animate(alongsideTransition: animation, completion: nil)
  }

  /// `animateAlongsideTransition(in:animation:completion:)` without a completion.
  @discardableResult
  public func animateAlongsideTransition(
    in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    animateAlongsideTransition(in: view, animation: animation, completion: nil)
  }
}
