import Foundation

/// Makes the menu of a context menu; given the menu elements the system suggests (none here:
/// iOS suggests none for collection and table view items either).
public typealias UIContextMenuActionProvider = @MainActor ([UIMenuElement]) -> UIMenu?
/// Makes the view controller previewed beside a context menu.
public typealias UIContextMenuContentPreviewProvider = @MainActor () -> UIViewController?

/// What a context menu shows: the menu its action provider makes, for the content its
/// identifier names (iOS 13). Collection and table views ask their delegates for one when an
/// item is long-pressed or secondary-clicked.
///
/// Linux difference: no host shows previews, so `previewProvider` is kept and never called; the
/// menu is shown as a button's menu is (a list by the item).
@preconcurrency @MainActor
open class UIContextMenuConfiguration: NSObject {
  /// How a menu orders its elements relative to where it appears (iOS 16).
  public enum ElementOrder: Int, Sendable {
    case automatic, priority, fixed
  }

  /// The identifier given, or a unique one made for the configuration.
  open var identifier: any NSCopying { _identifier }
  private let _identifier: any NSCopying
  /// The identifiers of the other items the menu acts on (a multiple selection; iOS 16).
  open var secondaryItemIdentifiers: Set<AnyHashable> = []
  /// The number badged on a menu acting on several items (iOS 16; not drawn here).
  open var badgeCount: Int = 0
  /// How the menu orders its elements (iOS 16; here they are always in the menu's order).
  open var preferredMenuElementOrder: ElementOrder = .automatic

  let _previewProvider: UIContextMenuContentPreviewProvider?
  let _actionProvider: UIContextMenuActionProvider?

  init(_identifier identifier: (any NSCopying)?, previewProvider: UIContextMenuContentPreviewProvider?,
       actionProvider: UIContextMenuActionProvider?) {
    _identifier = identifier ?? NSUUID()
    _previewProvider = previewProvider
    _actionProvider = actionProvider
    super.init()
  }

  /// A configuration whose menu `actionProvider` makes (none: the interaction begins and ends
  /// at once, as iOS's does with an empty configuration).
  public convenience init(
    identifier: (any NSCopying)? = nil, previewProvider: UIContextMenuContentPreviewProvider? = nil,
    actionProvider: UIContextMenuActionProvider? = nil
  ) {
    self.init(_identifier: identifier, previewProvider: previewProvider, actionProvider: actionProvider)
  }

  /// The menu to show: the action provider's, when it makes one with something in it.
  func _menu() -> UIMenu? {
    guard let menu = _actionProvider?([]), !menu.children.isEmpty else { return nil }
    return menu
  }
}
