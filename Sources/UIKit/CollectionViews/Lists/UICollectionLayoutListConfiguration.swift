import Foundation
import TextEditing

/// How a compositional layout lays sections out as a list (iOS 14): the appearance (plain,
/// grouped, inset grouped, sidebar), headers and footers, and the list's background.
@preconcurrency @MainActor
public struct UICollectionLayoutListConfiguration {
  /// The look of a list.
  public enum Appearance: Int, Sendable {
    /// Rows edge to edge; headers stay pinned while their section scrolls.
    case plain
    /// Sections apart, on a grouped background.
    case grouped
    /// Grouped sections inset from the sides, their ends rounded.
    case insetGrouped
    /// A sidebar's grouped look.
    case sidebar
    /// A sidebar's plain look.
    case sidebarPlain
  }

  /// What a list section's header is.
  public enum HeaderMode: Int, Sendable {
    /// No header.
    case none
    /// A supplementary view of kind ``UICollectionView/elementKindSectionHeader``.
    case supplementary
    /// The section's first item, drawn as a header (an outline's parent).
    case firstItemInSection
  }

  /// What a list section's footer is.
  public enum FooterMode: Int, Sendable {
    case none, supplementary
  }

  /// The list's look.
  public let appearance: Appearance
  /// Whether lines are drawn between rows.
  ///
  /// Linux difference: separators are not drawn yet (as in table views); the setting is kept.
  public var showsSeparators = true
  /// The list's background (nil: the appearance's, `systemBackground` or
  /// `systemGroupedBackground`).
  public var backgroundColor: UIColor?
  /// What the sections' headers are.
  public var headerMode: HeaderMode = .none
  /// What the sections' footers are.
  public var footerMode: FooterMode = .none
  /// Space above each section's header (nil: the appearance's).
  public var headerTopPadding: CGFloat?

  /// Gives the swipe actions of the item at an index path (nil: none on that side).
  public typealias SwipeActionsConfigurationProvider = (IndexPath) -> UISwipeActionsConfiguration?
  /// The actions a swipe to the right reveals on a row (iOS 14).
  public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
  /// The actions a swipe to the left reveals on a row (iOS 14).
  public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?

  /// A list of `appearance`.
  public init(appearance: Appearance) {
    self.appearance = appearance
  }

  /// Whether the list is drawn on a grouped background.
  var _isGrouped: Bool { appearance == .grouped || appearance == .insetGrouped || appearance == .sidebar }

  var _resolvedBackgroundColor: UIColor {
    backgroundColor ?? (_isGrouped ? .systemGroupedBackground : .systemBackground)
  }
}
