import Foundation

/// One thing being dragged: its data (an item provider) and, inside the app, the object itself.
@preconcurrency @MainActor
open class UIDragItem: NSObject {
  /// The item's data, as a drop target loads it.
  open private(set) var itemProvider: NSItemProvider
  /// The object itself, for targets in the same app (every drag here is in the app).
  open var localObject: Any?
  /// Makes the preview that follows the finger (nil: the lift's preview stays).
  // `final`: Swift on Linux fails to link overridable members holding main-actor closures.
  public final var previewProvider: (() -> UIDragPreview?)?

  /// An item of `itemProvider`'s data.
  public init(itemProvider: NSItemProvider) {
    self.itemProvider = itemProvider
    super.init()
  }
}
