import Foundation

/// What a container of content (a view controller, a presentation controller) is told about
/// its size and traits changing, and how it sizes its children. UIKit calls these on the root
/// view controller of each window and on each presentation controller; a view controller's
/// own implementation passes them on to its children, so an override calls super.
@preconcurrency @MainActor
public protocol UIContentContainer: NSObjectProtocol {
  /// The size the container would like to be (a popover's or a form sheet's).
  var preferredContentSize: CGSize { get }
  /// A child's `preferredContentSize` changed.
  func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)
  /// A child whose view uses Auto Layout changed the size it fits.
  func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer)
  /// The size to give a child within `parentSize` (the default: `parentSize`).
  func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize)
    -> CGSize
  /// The container's view is about to change to `size` (the screen rotated or resized); the
  /// coordinator runs animations alongside and completions after.
  func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
  /// The container's traits are about to change to `newCollection` (size classes, on a
  /// rotation), before any `traitCollectionDidChange(_:)`.
  func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator)
}

extension UIViewController: UIContentContainer {}
extension UIPresentationController: UIContentContainer {}
