import Foundation

/// What follows the finger during a drag: a view, cut by parameters.
@preconcurrency @MainActor
open class UIDragPreview: NSObject {
  /// The view shown.
  open private(set) var view: UIView
  /// How it is cut.
  open private(set) var parameters: UIDragPreviewParameters

  /// A preview of `view` cut by `parameters`.
  public init(view: UIView, parameters: UIDragPreviewParameters) {
    self.view = view
    self.parameters = parameters
    super.init()
  }

  /// A preview of all of `view`.
  public convenience init(view: UIView) {
    self.init(view: view, parameters: UIDragPreviewParameters())
  }

}
