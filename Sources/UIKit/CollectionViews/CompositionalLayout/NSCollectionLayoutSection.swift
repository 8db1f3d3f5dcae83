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

/// Changes the items of a section on screen before they are shown (see
/// ``NSCollectionLayoutSection/visibleItemsInvalidationHandler``).
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
  @MainActor ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

/// An item of a section on screen, as a section's visible-items handler sees it: what it may
/// change (alpha, z-index, hidden, centre, transform) and what names it.
///
/// Linux difference: on iOS the protocol refines `UIDynamicItem`; UIKit Dynamics is not
/// modelled here, so it declares the dynamic item's `center`, `bounds` and `transform` itself.
@preconcurrency @MainActor
public protocol NSCollectionLayoutVisibleItem: NSObjectProtocol {
  var alpha: CGFloat { get set }
  var zIndex: Int { get set }
  var isHidden: Bool { get set }
  var center: CGPoint { get set }
  var transform: CGAffineTransform { get set }
  var transform3D: CATransform3D { get set }
  /// The item's name (its element kind, or "cell").
  var name: String { get }
  var indexPath: IndexPath { get }
  /// Where the item is, in the section's scrolled coordinates (the collection view's content).
  var frame: CGRect { get }
  var bounds: CGRect { get }
  var representedElementCategory: UICollectionView.ElementCategory { get }
  var representedElementKind: String? { get }
}

/// A visible item over the layout attributes the collection view applies.
@MainActor
final class _VisibleItem: NSObject, NSCollectionLayoutVisibleItem {
  let attributes: UICollectionViewLayoutAttributes

  init(_ attributes: UICollectionViewLayoutAttributes) {
    self.attributes = attributes
    super.init()
  }

  var alpha: CGFloat {
    get { attributes.alpha }
    set { attributes.alpha = newValue }
  }
  var zIndex: Int {
    get { attributes.zIndex }
    set { attributes.zIndex = newValue }
  }
  var isHidden: Bool {
    get { attributes.isHidden }
    set { attributes.isHidden = newValue }
  }
  var center: CGPoint {
    get { attributes.center }
    set { attributes.center = newValue }
  }
  var transform: CGAffineTransform {
    get { attributes.transform }
    set { attributes.transform = newValue }
  }
  var transform3D: CATransform3D {
    get { attributes.transform3D }
    set { attributes.transform3D = newValue }
  }
  var name: String { attributes.representedElementKind ?? "cell" }
  var indexPath: IndexPath { attributes.indexPath }
  var frame: CGRect { attributes.frame }
  var bounds: CGRect { attributes.bounds }
  var representedElementCategory: UICollectionView.ElementCategory { attributes.representedElementCategory }
  var representedElementKind: String? { attributes.representedElementKind }
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

  /// Called before each layout pass with the section's items on screen, the offset the
  /// section is scrolled to and the environment: change their alpha, transform, centre or
  /// z-index (a carousel that scales the item in the middle). For a section that scrolls
  /// sideways the offset is its own scroll view's; otherwise the collection view's.
  open var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?

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
