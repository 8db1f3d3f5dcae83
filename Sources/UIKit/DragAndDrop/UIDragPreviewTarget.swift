import Foundation

/// Where a targeted drag preview goes: a point of a container view.
///
/// On iOS this subclasses `UIPreviewTarget`, which this UIKit does not have; the members are
/// the same.
@preconcurrency @MainActor
open class UIDragPreviewTarget: NSObject {
  /// The view the centre is in (it must be in a window).
  open private(set) var container: UIView
  /// The preview's centre, in the container's coordinates.
  open private(set) var center: CGPoint
  /// A transform applied to the preview there.
  open private(set) var transform: CGAffineTransform

  /// A target at `center` of `container`, transformed by `transform`.
  public init(container: UIView, center: CGPoint, transform: CGAffineTransform) {
    self.container = container
    self.center = center
    self.transform = transform
    super.init()
  }

  /// A target at `center` of `container`.
  public convenience init(container: UIView, center: CGPoint) {
    self.init(container: container, center: center, transform: .identity)
  }

}
