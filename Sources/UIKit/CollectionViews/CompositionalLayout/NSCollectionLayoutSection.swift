import Foundation
import TextEditing

/// What a compositional layout's section provider sees: the container (the collection view's
/// size and insets) and the traits.
@preconcurrency @MainActor
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
  /// The space the layout lays out in.
  var container: any NSCollectionLayoutContainer { get }
  /// The collection view's traits.
  var traitCollection: UITraitCollection { get }
}

/// The space a compositional layout lays out in.
@preconcurrency @MainActor
public protocol NSCollectionLayoutContainer: NSObjectProtocol {
  /// The collection view's size.
  var contentSize: CGSize { get }
  /// The size inside ``effectiveContentInsets``.
  var effectiveContentSize: CGSize { get }
  /// The insets the layout was given.
  var contentInsets: NSDirectionalEdgeInsets { get }
  /// The insets in effect (the content insets reference's).
  var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

final class _LayoutContainer: NSObject, NSCollectionLayoutContainer {
  let contentSize: CGSize
  let contentInsets: NSDirectionalEdgeInsets
  let effectiveContentInsets: NSDirectionalEdgeInsets

  init(size: CGSize, insets: NSDirectionalEdgeInsets, effective: NSDirectionalEdgeInsets) {
    contentSize = size
    contentInsets = insets
    effectiveContentInsets = effective
  }

  var effectiveContentSize: CGSize {
    CGSize(
      width: max(0, contentSize.width - effectiveContentInsets.leading - effectiveContentInsets.trailing),
      height: max(0, contentSize.height - effectiveContentInsets.top - effectiveContentInsets.bottom))
  }
}

final class _LayoutEnvironment: NSObject, NSCollectionLayoutEnvironment {
  let container: any NSCollectionLayoutContainer
  let traitCollection: UITraitCollection

  init(container: any NSCollectionLayoutContainer, traitCollection: UITraitCollection) {
    self.container = container
    self.traitCollection = traitCollection
  }
}

/// What insets a section's (or the layout's) content is measured from.
public enum UIContentInsetsReference: Int, Sendable {
  case automatic, none, safeArea, layoutMargins, readableContent
}

/// How a section of a compositional layout scrolls across the layout's axis.
///
/// Linux difference: a section with a behaviour other than `.none` lays its groups out in one
/// line across the layout, as on iOS, but that line does not scroll yet: what lies beyond the
/// collection view's width cannot be reached.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
  case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// A section of a compositional layout: a group repeated until the section's items are
/// placed, with insets, spacing between groups, headers and footers, and backgrounds.
@preconcurrency @MainActor
open class NSCollectionLayoutSection: NSObject, @preconcurrency NSCopying {
  /// The group repeated through the section.
  let _group: NSCollectionLayoutGroup

  /// A section repeating `group`.
  public init(group: NSCollectionLayoutGroup) {
    _group = group
    super.init()
  }

  /// Insets of the groups inside the section.
  open var contentInsets: NSDirectionalEdgeInsets = .zero
  /// What the insets are measured from (iOS 14).
  open var contentInsetsReference: UIContentInsetsReference = .automatic
  /// The space between groups.
  open var interGroupSpacing: CGFloat = 0
  /// How the section scrolls across the layout's axis (see the type for what is modelled).
  open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
  /// Headers and footers of the section.
  open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
  /// Whether headers and footers are inset like the groups (default true).
  open var supplementariesFollowContentInsets = true
  /// Decoration views of the section (backgrounds).
  open var decorationItems: [NSCollectionLayoutDecorationItem] = []

  /// The list's appearance, for a section made by ``list(using:layoutEnvironment:)``.
  var _listConfiguration: UICollectionLayoutListConfiguration?

  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// A section laid out as a list of `configuration`'s appearance (iOS 14): one full-width,
  /// self-sizing cell a row, with the appearance's insets, spacing, headers and footers.
  public static func list(
    using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: any NSCollectionLayoutEnvironment
  ) -> NSCollectionLayoutSection {
    let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
    let item = NSCollectionLayoutItem(layoutSize: size)
    let group = NSCollectionLayoutGroup.vertical(layoutSize: size, subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section._listConfiguration = configuration
    let width = layoutEnvironment.container.contentSize.width
    switch configuration.appearance {
    case .plain, .sidebarPlain:
      break
    case .grouped, .sidebar:
      section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    case .insetGrouped:
      let side: CGFloat = width >= 600 ? 20 : 16
      section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }
    let grouped = configuration.appearance != .plain && configuration.appearance != .sidebarPlain
    if configuration.headerMode == .supplementary {
      let header = NSCollectionLayoutBoundarySupplementaryItem(
        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(grouped ? 38 : 28)),
        elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
      header.pinToVisibleBounds = !grouped
      section.boundarySupplementaryItems.append(header)
    }
    if configuration.footerMode == .supplementary {
      section.boundarySupplementaryItems.append(
        NSCollectionLayoutBoundarySupplementaryItem(
          layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(28)),
          elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
    }
    // A grouped list keeps its sections apart even without headers, as the grouped table
    // here does (18 points above and below a section).
    if grouped {
      if configuration.headerMode != .supplementary { section.contentInsets.top = configuration.headerTopPadding ?? 18 }
      if configuration.footerMode != .supplementary { section.contentInsets.bottom = 18 }
    }
    return section
  }
}
