import Foundation

/// A drop target's answer to where a drag is now: what a drop there would do.
@preconcurrency @MainActor
open class UIDropProposal: NSObject {
  /// What the drop would do.
  open private(set) var operation: UIDropOperation
  /// Whether the target needs the finger's exact place (iOS then lifts the preview off the
  /// finger a little); kept, and read by no host here.
  open var isPrecise = false
  /// Whether the preview grows to its full size over the target; kept, no host shows sizes.
  open var prefersFullSizePreview = false

  /// A proposal of `operation`.
  public init(operation: UIDropOperation) {
    self.operation = operation
    super.init()
  }

}
