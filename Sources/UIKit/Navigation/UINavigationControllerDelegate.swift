import Foundation

/// What a navigation controller tells its delegate as it shows a screen. Every method is
/// optional.
///
/// iOS code's optional-call form compiles, `delegate?.navigationController?(nav, willShow: vc,
/// animated: true)` (a same-named property whose value calls the method; never nil, unlike on
/// iOS). In a view controller that is the delegate, `navigationController` is still
/// `UIViewController.navigationController`: name lookup prefers the class's property.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
  /// `viewController` is about to show (before its `viewWillAppear`).
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
  /// `viewController` showed (after its `viewDidAppear`).
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
  /// The animator of an animated push or pop from `fromVC` to `toVC` (nil: UIKit's slide).
  func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)?
  /// The interaction driving the push or pop `animationController` animates (nil: none).
  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {}
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {}
  public func navigationController(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
  public func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

extension UINavigationController {
  /// What a navigation change does, for the delegate's animator.
  public enum Operation: Int, Sendable {
    case none = 0
    case push = 1
    case pop = 2
  }
}

// MARK: Optional-call syntax

extension UINavigationControllerDelegate {
  /// `delegate?.navigationController?(nav, willShow: vc, animated: true)` and `didShow`.
  public var navigationController: UINavigationControllerDelegateCall? {
    UINavigationControllerDelegateCall(delegate: self)
  }
}

/// The callable behind `delegate?.navigationController?(…)`.
@preconcurrency @MainActor
public struct UINavigationControllerDelegateCall {
  let delegate: any UINavigationControllerDelegate
  public func callAsFunction(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    delegate.navigationController(navigationController, willShow: viewController, animated: animated)
  }
  public func callAsFunction(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    delegate.navigationController(navigationController, didShow: viewController, animated: animated)
  }
  public func callAsFunction(
    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? {
    delegate.navigationController(navigationController, animationControllerFor: operation, from: fromVC, to: toVC)
  }
  public func callAsFunction(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  ) -> (any UIViewControllerInteractiveTransitioning)? {
    delegate.navigationController(navigationController, interactionControllerFor: animationController)
  }
}
