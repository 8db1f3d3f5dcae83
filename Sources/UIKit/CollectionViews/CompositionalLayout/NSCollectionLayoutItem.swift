import Foundation
import TextEditing

/// The smallest part of a compositional layout: the size of one cell (in its group), its
/// insets, and supplementary items fastened to it (badges).
@preconcurrency @MainActor
open class NSCollectionLayoutItem: NSObject, @preconcurrency NSCopying {
  /// The item's size, in its group.
  public let layoutSize: NSCollectionLayoutSize
  /// Supplementary views fastened to the item.
  public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]
  /// Insets of the cell inside the item's frame.
  open var contentInsets: NSDirectionalEdgeInsets = .zero
  /// Space outside the item's frame.
  open var edgeSpacing: NSCollectionLayoutEdgeSpacing?

  /// An item of `layoutSize`.
  public convenience init(layoutSize: NSCollectionLayoutSize) {
    self.init(layoutSize: layoutSize, supplementaryItems: [])
  }

  /// An item of `layoutSize` with supplementary items.
  public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
    self.layoutSize = layoutSize
    self.supplementaryItems = supplementaryItems
    super.init()
  }

  public func copy(with zone: NSZone? = nil) -> Any { self }

  /// The number of cells the item takes (a group: all of its subitems', repeated).
  var _leafCount: Int { 1 }
}

/// Items laid out side by side (horizontal), one above the other (vertical), or where a
/// closure puts them (custom); a group is an item, so groups nest.
@preconcurrency @MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
  enum _Axis { case horizontal, vertical, custom }

  let _axis: _Axis
  /// The items of the group (one repeated `count` times for a repeating group).
  public let subitems: [NSCollectionLayoutItem]
  /// How many times the single subitem repeats (nil: the subitems as given).
  let _count: Int?
  let _customProvider: NSCollectionLayoutGroupCustomItemProvider?
  /// The space between the group's items.
  open var interItemSpacing: NSCollectionLayoutSpacing?

  /// Items side by side: `subitems` in order.
  public class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
    Self(_axis: 0, layoutSize: layoutSize, subitems: subitems, count: nil)
  }
  /// `count` copies of `subitem` side by side, sized to share the group's width.
  public class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int)
    -> Self
  {
    Self(_axis: 0, layoutSize: layoutSize, subitems: [subitem], count: count)
  }
  /// `count` copies of `subitem` side by side (deprecated in iOS 16 for
  /// `horizontal(layoutSize:repeatingSubitem:count:)`).
  public class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> Self {
    Self(_axis: 0, layoutSize: layoutSize, subitems: [subitem], count: count)
  }
  /// Items one above the other: `subitems` in order.
  public class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
    Self(_axis: 1, layoutSize: layoutSize, subitems: subitems, count: nil)
  }
  /// `count` copies of `subitem` one above the other, sized to share the group's height.
  public class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int)
    -> Self
  {
    Self(_axis: 1, layoutSize: layoutSize, subitems: [subitem], count: count)
  }
  /// `count` copies of `subitem` one above the other (deprecated in iOS 16).
  public class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> Self {
    Self(_axis: 1, layoutSize: layoutSize, subitems: [subitem], count: count)
  }
  /// Items where `itemProvider` puts them, given the group's environment.
  public class func custom(layoutSize: NSCollectionLayoutSize, itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider)
    -> Self
  {
    Self(_axis: 2, layoutSize: layoutSize, subitems: [], count: nil, provider: itemProvider)
  }

  /// How the class methods make a group of the class they are called on (call them instead).
  public required init(
    _axis rawAxis: Int, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], count: Int?,
    provider: NSCollectionLayoutGroupCustomItemProvider? = nil
  ) {
    let axis: _Axis = rawAxis == 0 ? .horizontal : rawAxis == 1 ? .vertical : .custom
    precondition(axis == .custom || !subitems.isEmpty, "NSCollectionLayoutGroup needs at least one subitem")
    precondition(count.map { $0 > 0 } ?? true, "NSCollectionLayoutGroup: count must be positive")
    _axis = axis
    self.subitems = subitems
    _count = count
    _customProvider = provider
    super.init(layoutSize: layoutSize, supplementaryItems: [])
  }

  /// The items the group places, repeats expanded.
  var _placedSubitems: [NSCollectionLayoutItem] {
    if let count = _count, let subitem = subitems.first { return Array(repeating: subitem, count: count) }
    return subitems
  }

  override var _leafCount: Int {
    _placedSubitems.reduce(0) { $0 + $1._leafCount }
  }

  /// A text description of the group's structure.
  open func visualDescription() -> String {
    "\(_axis) group of \(_placedSubitems.count) items, \(_leafCount) cells"
  }
}

/// Where a custom group puts its items.
public typealias NSCollectionLayoutGroupCustomItemProvider =
  @MainActor (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// One item of a custom group: its frame in the group, and a z-index.
@preconcurrency @MainActor
open class NSCollectionLayoutGroupCustomItem: NSObject, @preconcurrency NSCopying {
  public let frame: CGRect
  public let zIndex: Int

  public convenience init(frame: CGRect) { self.init(frame: frame, zIndex: 0) }
  public init(frame: CGRect, zIndex: Int) {
    self.frame = frame
    self.zIndex = zIndex
    super.init()
  }

  public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A supplementary view fastened to an item or group (a badge).
@preconcurrency @MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
  /// The kind of the view (what the data source's supplementary provider is asked for).
  public let elementKind: String
  /// Where it is fastened to its container.
  public let containerAnchor: NSCollectionLayoutAnchor
  /// Where its own point of attachment is (nil: the same edges as the container's).
  public let itemAnchor: NSCollectionLayoutAnchor?
  /// Its z-index (default 1: above the cell).
  open var zIndex = 1

  /// A supplementary item of `elementKind` at `containerAnchor`.
  public convenience init(
    layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor
  ) {
    self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, itemAnchor: nil)
  }

  /// A supplementary item of `elementKind` whose `itemAnchor` meets the container's
  /// `containerAnchor`.
  public init(
    layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor,
    itemAnchor: NSCollectionLayoutAnchor?
  ) {
    self.elementKind = elementKind
    self.containerAnchor = containerAnchor
    self.itemAnchor = itemAnchor
    super.init(layoutSize: layoutSize, supplementaryItems: [])
  }
}

/// A supplementary view at a section's (or the whole layout's) edge: a header or footer.
@preconcurrency @MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
  /// The edge it sits at.
  public let alignment: NSRectAlignment
  /// Its offset from that edge.
  public let offset: CGPoint
  /// Whether the section grows to hold it (default true); false overlaps the content.
  open var extendsBoundary = true
  /// Whether it stays in view while its section scrolls (a pinned header).
  open var pinToVisibleBounds = false

  /// A boundary item of `elementKind` at `alignment`.
  public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
    self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
  }

  /// A boundary item of `elementKind` at `alignment`, moved by `absoluteOffset`.
  public init(
    layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint
  ) {
    self.alignment = alignment
    offset = absoluteOffset
    super.init(
      layoutSize: layoutSize, elementKind: elementKind, containerAnchor: NSCollectionLayoutAnchor(edges: .top),
      itemAnchor: nil)
    zIndex = 0
  }

  var _isHeader: Bool { [.top, .topLeading, .topTrailing].contains(alignment) }
  var _isFooter: Bool { [.bottom, .bottomLeading, .bottomTrailing].contains(alignment) }
}

/// A decoration view behind a section (a background).
@preconcurrency @MainActor
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
  /// The kind of the decoration view (registered with the layout).
  public let elementKind: String
  /// Its z-index (default -1: behind the cells).
  open var zIndex = -1

  /// A decoration view the size of its section, behind the section's cells.
  public class func background(elementKind: String) -> Self {
    Self(_elementKind: elementKind)
  }

  /// How ``background(elementKind:)`` makes an item of the class it is called on.
  public required init(_elementKind elementKind: String) {
    self.elementKind = elementKind
    super.init(
      layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
      supplementaryItems: [])
  }
}
