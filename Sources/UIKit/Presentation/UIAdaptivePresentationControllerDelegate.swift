import Foundation

/// What a presentation controller tells its delegate, chiefly about the user's attempts to
/// dismiss a sheet by swiping it down (Escape here). Every method is optional.
///
/// On a swipe: if the presented controller (or the screen it shows) has
/// `isModalInPresentation`, only ``presentationControllerDidAttemptToDismiss(_:)``; otherwise
/// ``presentationControllerShouldDismiss(_:)``, and on `false`
/// ``presentationControllerDidAttemptToDismiss(_:)``, on `true`
/// ``presentationControllerWillDismiss(_:)``, the dismissal, then
/// ``presentationControllerDidDismiss(_:)``. Dismissing in code (`dismiss(animated:)`) calls
/// none of them, as on iOS.
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
  /// The style to adapt to in a compact environment (default `.automatic`: none here).
  func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
  /// Asks whether a user's swipe may dismiss the sheet (default true).
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  /// A user's swipe is dismissing the sheet.
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  /// The sheet a user swiped away is gone.
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
  /// A user's swipe was refused (`isModalInPresentation`, or `presentationControllerShouldDismiss`
  /// said no): the place to ask "Discard changes?".
  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
  public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
    .automatic
  }
  public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
    true
  }
  public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
  public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

// MARK: Optional-call syntax

extension UIAdaptivePresentationControllerDelegate {
  /// `delegate?.presentationControllerShouldDismiss?(controller)`.
  public var presentationControllerShouldDismiss: ((UIPresentationController) -> Bool)? {
    { self.presentationControllerShouldDismiss($0) }
  }
  /// `delegate?.presentationControllerWillDismiss?(controller)`.
  public var presentationControllerWillDismiss: ((UIPresentationController) -> Void)? {
    { self.presentationControllerWillDismiss($0) }
  }
  /// `delegate?.presentationControllerDidDismiss?(controller)`.
  public var presentationControllerDidDismiss: ((UIPresentationController) -> Void)? {
    { self.presentationControllerDidDismiss($0) }
  }
  /// `delegate?.presentationControllerDidAttemptToDismiss?(controller)`.
  public var presentationControllerDidAttemptToDismiss: ((UIPresentationController) -> Void)? {
    { self.presentationControllerDidAttemptToDismiss($0) }
  }
}
