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
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {}
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {}
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
}
