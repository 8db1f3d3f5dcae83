import Foundation

/// What a navigation controller tells its delegate as it shows a screen. Every method is
/// optional.
///
/// There is no `delegate?.navigationController?(…)` optional-call form (as the text-field
/// delegate has): a property named `navigationController` on this protocol would collide with
/// `UIViewController.navigationController` in every view controller that is the delegate.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
  /// `viewController` is about to show (before its `viewWillAppear`).
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
  /// `viewController` showed (after its `viewDidAppear`).
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {}
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {}
}
