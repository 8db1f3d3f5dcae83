import Foundation

/// Bar button items kept together, with an item to show in their place when room runs out (the
/// iPad shortcuts bar's groups; see ``UITextInputAssistantItem``).
@preconcurrency @MainActor
open class UIBarButtonItemGroup: NSObject {
  /// The items of the group; each learns the group as its `buttonGroup`.
  open var barButtonItems: [UIBarButtonItem] {
    didSet {
      for item in oldValue where item._buttonGroup === self { item._buttonGroup = nil }
      for item in barButtonItems { item._buttonGroup = self }
    }
  }
  /// The item shown instead of the group when there is not room for all its items.
  open var representativeItem: UIBarButtonItem?
  /// Whether the group shows its representative item now: never here, as no shortcuts bar is
  /// drawn (an iPhone has none).
  open var isDisplayingRepresentativeItem: Bool { false }
  /// Whether the group is hidden.
  open var isHidden = false

  /// A group of `barButtonItems` with `representativeItem` for when they do not fit.
  public init(barButtonItems: [UIBarButtonItem], representativeItem: UIBarButtonItem?) {
    self.barButtonItems = barButtonItems
    self.representativeItem = representativeItem
    super.init()
    for item in barButtonItems { item._buttonGroup = self }
  }
}

extension UIBarButtonItem {
  /// The group the item belongs to, if any.
  public var buttonGroup: UIBarButtonItemGroup? { _buttonGroup }
}
