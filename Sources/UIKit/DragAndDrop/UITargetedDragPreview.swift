import Foundation
import TextEditing

/// A drag preview with a place on screen: where a lift starts, a drop lands or a cancel goes
/// back to.
///
/// On iOS this subclasses `UITargetedPreview`, which this UIKit does not have; the members are
/// the same.
@preconcurrency @MainActor
open class UITargetedDragPreview: NSObject {
  /// The view shown.
  open private(set) var view: UIView
  /// How it is cut.
  open private(set) var parameters: UIDragPreviewParameters
  /// Where it is.
  open private(set) var target: UIDragPreviewTarget

  /// A preview of `view` cut by `parameters` at `target`.
  public init(view: UIView, parameters: UIDragPreviewParameters, target: UIDragPreviewTarget) {
    self.view = view
    self.parameters = parameters
    self.target = target
    super.init()
  }

  /// A preview of `view` where it is: the view must be in a window.
  public convenience init(view: UIView, parameters: UIDragPreviewParameters) {
    precondition(
      view.superview != nil,
      "UITargetedDragPreview(view:parameters:): the view must be in a window (use init(view:parameters:target:))"
    )
    let superview = view.superview!
    self.init(
      view: view, parameters: parameters,
      target: UIDragPreviewTarget(container: superview, center: view.center))
  }

  /// A preview of all of `view` where it is.
  public convenience init(view: UIView) {
    self.init(view: view, parameters: UIDragPreviewParameters())
  }

  /// The preview's size: the visible path's bounds, else the view's.
  open var size: CGSize {
    if let path = parameters.visiblePath, !path.isEmpty { return path.bounds.size }
    return view.bounds.size
  }

  /// The same preview at another target.
  open func retargetedPreview(with newTarget: UIDragPreviewTarget) -> UITargetedDragPreview {
    UITargetedDragPreview(view: view, parameters: parameters, target: newTarget)
  }

}
