import Foundation
import TextEditing

/// Settings of a compositional layout as a whole.
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayoutConfiguration: NSObject, @preconcurrency NSCopying {
  /// The direction the layout scrolls in.
  ///
  /// Linux difference: only `.vertical` is laid out yet; a horizontal configuration lays out
  /// as a vertical one.
  open var scrollDirection: UICollectionView.ScrollDirection = .vertical
  /// The space between sections.
  open var interSectionSpacing: CGFloat = 0
  /// Headers and footers of the whole layout.
  open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
  /// What the layout's content is inset from (iOS 14).
  open var contentInsetsReference: UIContentInsetsReference = .automatic

  public override init() {
    super.init()
  }

  public func copy(with zone: NSZone? = nil) -> Any {
    let copy = UICollectionViewCompositionalLayoutConfiguration()
    copy.scrollDirection = scrollDirection
    copy.interSectionSpacing = interSectionSpacing
    copy.boundarySupplementaryItems = boundarySupplementaryItems
    copy.contentInsetsReference = contentInsetsReference
    return copy
  }
}

/// Makes the section at an index for an environment.
public typealias UICollectionViewCompositionalLayoutSectionProvider =
  @MainActor (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// A layout made of sections, groups and items (iOS 13): each section repeats a group that
/// places its items side by side, one above the other, or nested, sized absolutely, as
/// fractions of their container, or estimated and measured from their cells. Lists
/// (``UICollectionLayoutListConfiguration``) are compositional layouts too.
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
  private let _sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
  private var _configuration: UICollectionViewCompositionalLayoutConfiguration

  /// The layout's configuration (setting it lays everything out again).
  open var configuration: UICollectionViewCompositionalLayoutConfiguration {
    get { _configuration.copy() as! UICollectionViewCompositionalLayoutConfiguration }
    set {
      _configuration = newValue.copy() as! UICollectionViewCompositionalLayoutConfiguration
      invalidateLayout()
    }
  }

  /// A layout whose every section is `section`.
  public convenience init(section: NSCollectionLayoutSection) {
    self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
  }

  /// A layout whose every section is `section`, with `configuration`.
  public convenience init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
    self.init(sectionProvider: { _, _ in section }, configuration: configuration)
  }

  /// A layout whose sections `sectionProvider` makes, asked again each time the layout is
  /// invalidated (so that sections can follow the environment).
  public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
    self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
  }

  /// A layout whose sections `sectionProvider` makes, with `configuration`.
  public init(
    sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
    configuration: UICollectionViewCompositionalLayoutConfiguration
  ) {
    _sectionProvider = sectionProvider
    _configuration = configuration.copy() as! UICollectionViewCompositionalLayoutConfiguration
    super.init()
  }

  public required init?(coder: NSCoder) {
    _sectionProvider = { _, _ in nil }
    _configuration = UICollectionViewCompositionalLayoutConfiguration()
    super.init(coder: coder)
  }

  /// A list layout: every section laid out as `configuration` says (iOS 14).
  public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
    UICollectionViewCompositionalLayout { _, environment in
      NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
    }
  }

  // MARK: Geometry

  /// One placed cell. Plain values only (badges are kept by the section), so that the geometry
  /// of a long list is copied and freed without touching each item.
  struct _Item {
    var frame: CGRect
    var fixedWidth: Bool
    var fixedHeight: Bool
    var zIndex = 0
  }

  typealias _Badge = (kind: String, frame: CGRect, zIndex: Int)

  /// One placed supplementary or decoration view of a section.
  struct _Supplementary {
    var kind: String
    var frame: CGRect
    var zIndex: Int
    var pinned: Bool
    var isHeader: Bool
    var fixedHeight: Bool
    var indexPath: IndexPath
  }

  struct _Section {
    var start: CGFloat = 0
    var end: CGFloat = 0
    var items: [_Item] = []
    /// Each group's extent along the scrolling axis and its items.
    var groups: [(start: CGFloat, end: CGFloat, items: Range<Int>)] = []
    var supplementaries: [_Supplementary] = []
    var decorations: [_Supplementary] = []
    /// The badges of items that have them, by item.
    var badges: [Int: [_Badge]] = [:]
    /// A section that scrolls sideways: its behaviour, and its line of groups (top, bottom,
    /// and the right edge of its content with the trailing inset).
    var orthogonal: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    var visibleItemsHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
    var line: (top: CGFloat, bottom: CGFloat, contentWidth: CGFloat) = (0, 0, 0)
    var list: UICollectionLayoutListConfiguration?
  }

  private var _sections: [_Section] = []
  /// The environment of the last layout pass (what visible-items handlers are given).
  private var _environment: (any NSCollectionLayoutEnvironment)?
  private var _layoutSupplementaries: [_Supplementary] = []
  private var _contentSize: CGSize = .zero
  /// Sizes cells gave themselves (estimated dimensions), by section and item: arrays, so that
  /// laying out a long list looks each up without hashing, and an update moves them in a pass.
  private var _preferredItemSizes: [[CGSize?]] = []
  /// Sizes supplementary views gave themselves.
  private var _preferredSupplementarySizes: [String: CGSize] = [:]

  private static func _supplementaryKey(_ kind: String, _ indexPath: IndexPath) -> String {
    "\(kind)|\(Array(indexPath))"
  }

  open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    if context._invalidateDataSourceCounts && !context._batchUpdate {
      _preferredItemSizes.removeAll()
      _preferredSupplementarySizes.removeAll()
    }
    super.invalidateLayout(with: context)
  }

  open override func prepare() {
    super.prepare()
    _sections = []
    _layoutSupplementaries = []
    guard let collectionView else {
      _contentSize = .zero
      return
    }
    let bounds = collectionView.bounds
    let inset = collectionView.adjustedContentInset
    let width = max(0, bounds.width - inset.left - inset.right)
    let height = max(0, bounds.height - inset.top - inset.bottom)
    let safe = collectionView.safeAreaInsets
    let margins = collectionView.directionalLayoutMargins
    func effective(_ reference: UIContentInsetsReference) -> NSDirectionalEdgeInsets {
      switch reference {
      case .none, .automatic, .safeArea:
        return NSDirectionalEdgeInsets(
          top: 0, leading: max(0, safe.left - inset.left), bottom: 0, trailing: max(0, safe.right - inset.right))
      case .layoutMargins, .readableContent:
        return NSDirectionalEdgeInsets(top: 0, leading: margins.leading, bottom: 0, trailing: margins.trailing)
      }
    }
    let container = _LayoutContainer(
      size: CGSize(width: width, height: height), insets: .zero, effective: effective(_configuration.contentInsetsReference))
    let environment = _LayoutEnvironment(container: container, traitCollection: collectionView.traitCollection)
    _environment = environment

    var y: CGFloat = 0
    let layoutIndexPath = IndexPath(item: 0, section: 0)
    for boundary in _configuration.boundarySupplementaryItems where boundary._isHeader {
      let placed = _boundary(boundary, width: width, leading: 0, y: y, indexPath: layoutIndexPath)
      _layoutSupplementaries.append(placed)
      if boundary.extendsBoundary { y += placed.frame.height }
    }
    let sectionCount = collectionView.numberOfSections
    for sectionIndex in 0..<sectionCount {
      guard let section = _sectionProvider(sectionIndex, environment) else {
        preconditionFailure("UICollectionViewCompositionalLayout: the section provider returned nil for section \(sectionIndex)")
      }
      var geometry = _Section()
      geometry.list = section._listConfiguration
      geometry.visibleItemsHandler = section.visibleItemsInvalidationHandler
      geometry.start = y
      let reference = effective(section.contentInsetsReference)
      // Insets and spacing that are not finite numbers count as zero (frames must stay finite).
      var insets = Self._finite(section.contentInsets)
      insets.leading += reference.leading
      insets.trailing += reference.trailing
      let followInsets = section.supplementariesFollowContentInsets
      let boundaryLeading = followInsets ? insets.leading : reference.leading
      let boundaryWidth = max(0, width - (followInsets ? insets.leading + insets.trailing : reference.leading + reference.trailing))
      let sectionPath = IndexPath(item: 0, section: sectionIndex)
      for boundary in section.boundarySupplementaryItems where boundary._isHeader {
        let placed = _boundary(boundary, width: boundaryWidth, leading: boundaryLeading, y: y, indexPath: sectionPath)
        geometry.supplementaries.append(placed)
        if boundary.extendsBoundary { y += placed.frame.height }
      }
      let contentTop = y
      y += insets.top
      let contentWidth = max(0, width - insets.leading - insets.trailing)
      let groupContainer = CGSize(width: contentWidth, height: height)
      let count = collectionView.numberOfItems(inSection: sectionIndex)
      let orthogonal = section.orthogonalScrollingBehavior != .none
      var x = insets.leading
      var lineEnd = y
      var lineRight = insets.leading
      var placedCount = 0
      if !orthogonal, Self._stacksSingleCellGroups,
        let stack = _SingleCellGroup(section._group, in: groupContainer)
      {
        y = _placeStack(
          stack, count: count, section: sectionIndex, leading: insets.leading, top: y,
          spacing: Self._finite(section.interGroupSpacing), into: &geometry)
        placedCount = count
      }
      while placedCount < count {
        let start = geometry.items.count
        let origin = orthogonal ? CGPoint(x: x, y: y) : CGPoint(x: insets.leading, y: y)
        let frame = _place(
          section._group, at: origin, in: groupContainer, section: sectionIndex, first: placedCount, count: count,
          into: &geometry)
        let placed = geometry.items.count - start
        guard placed > 0 else { break }
        placedCount += placed
        if orthogonal {
          geometry.groups.append((frame.minY, frame.maxY, start..<geometry.items.count))
          x = frame.maxX + Self._finite(section.interGroupSpacing)
          lineEnd = max(lineEnd, frame.maxY)
          lineRight = max(lineRight, frame.maxX)
        } else {
          geometry.groups.append((frame.minY, frame.maxY, start..<geometry.items.count))
          y = frame.maxY + (placedCount < count ? Self._finite(section.interGroupSpacing) : 0)
        }
      }
      if orthogonal {
        geometry.orthogonal = section.orthogonalScrollingBehavior
        geometry.line = (y, lineEnd, max(width, lineRight + insets.trailing))
        y = lineEnd
      }
      y += insets.bottom
      let contentBottom = y
      for boundary in section.boundarySupplementaryItems where boundary._isFooter {
        let placed = _boundary(boundary, width: boundaryWidth, leading: boundaryLeading, y: y, indexPath: sectionPath)
        geometry.supplementaries.append(placed)
        if boundary.extendsBoundary { y += placed.frame.height }
      }
      for decoration in section.decorationItems {
        var frame = CGRect(x: 0, y: contentTop, width: width, height: contentBottom - contentTop)
        frame = frame.inset(
          by: UIEdgeInsets(
            top: decoration.contentInsets.top, left: decoration.contentInsets.leading,
            bottom: decoration.contentInsets.bottom, right: decoration.contentInsets.trailing))
        geometry.decorations.append(
          _Supplementary(
            kind: decoration.elementKind, frame: frame, zIndex: decoration.zIndex, pinned: false, isHeader: false,
            fixedHeight: true, indexPath: sectionPath))
      }
      geometry.end = y
      _sections.append(geometry)
      if sectionIndex < sectionCount - 1 { y += Self._finite(_configuration.interSectionSpacing) }
    }
    for boundary in _configuration.boundarySupplementaryItems where boundary._isFooter {
      let placed = _boundary(boundary, width: width, leading: 0, y: y, indexPath: layoutIndexPath)
      _layoutSupplementaries.append(placed)
      if boundary.extendsBoundary { y += placed.frame.height }
    }
    _contentSize = CGSize(width: width, height: y)
    if let list = _sections.first?.list {
      collectionView._setBackgroundColor(list._resolvedBackgroundColor)
    }
  }

  /// A header or footer of `width` at `y`.
  private func _boundary(
    _ boundary: NSCollectionLayoutBoundarySupplementaryItem, width: CGFloat, leading: CGFloat, y: CGFloat,
    indexPath: IndexPath
  ) -> _Supplementary {
    var size = boundary.layoutSize._resolve(in: CGSize(width: width, height: collectionView?.bounds.height ?? 0))
    let estimated = boundary.layoutSize.heightDimension.isEstimated
    if estimated, let preferred = _preferredSupplementarySizes[Self._supplementaryKey(boundary.elementKind, indexPath)] {
      size.height = preferred.height
    }
    var x = leading
    if [.topTrailing, .bottomTrailing, .trailing].contains(boundary.alignment) { x = leading + width - size.width }
    if [.top, .bottom].contains(boundary.alignment) { x = leading + (width - size.width) / 2 }
    let frame = CGRect(
      x: x + boundary.offset.x, y: y + boundary.offset.y, width: size.width, height: size.height)
    return _Supplementary(
      kind: boundary.elementKind, frame: frame, zIndex: boundary.zIndex, pinned: boundary.pinToVisibleBounds,
      isHeader: boundary._isHeader, fixedHeight: !estimated, indexPath: indexPath)
  }

  /// Places `item` (a cell, or a group of them) at `origin` in a container of `container`;
  /// returns its frame. Cells from item `first` of the section on, up to `count`.
  private func _place(
    _ item: NSCollectionLayoutItem, at origin: CGPoint, in container: CGSize, section: Int, first: Int, count: Int,
    into geometry: inout _Section
  ) -> CGRect {
    var size = item.layoutSize._resolve(in: container)
    guard let group = item as? NSCollectionLayoutGroup else {
      let widthEstimated = item.layoutSize.widthDimension.isEstimated
      let heightEstimated = item.layoutSize.heightDimension.isEstimated
      if widthEstimated || heightEstimated, let preferred = _preferredSize(section, first) {
        if widthEstimated { size.width = preferred.width + item.contentInsets.leading + item.contentInsets.trailing }
        if heightEstimated { size.height = preferred.height + item.contentInsets.top + item.contentInsets.bottom }
      }
      // Edge spacing lies outside the item (flexible spacing at its minimum): the item moves by
      // its leading and top spacing, and its siblings come after its trailing and bottom one.
      let spacing = item.edgeSpacing
      let outer = CGRect(
        origin: CGPoint(x: origin.x + (spacing?.leading?.spacing ?? 0), y: origin.y + (spacing?.top?.spacing ?? 0)),
        size: size)
      let frame = CGRect(
        x: outer.minX + item.contentInsets.leading, y: outer.minY + item.contentInsets.top,
        width: max(0, size.width - item.contentInsets.leading - item.contentInsets.trailing),
        height: max(0, size.height - item.contentInsets.top - item.contentInsets.bottom))
      if !item.supplementaryItems.isEmpty {
        geometry.badges[geometry.items.count] = item.supplementaryItems.map { supplementary in
          let supplementarySize = supplementary.layoutSize._resolve(in: frame.size)
          return (supplementary.elementKind, supplementary.containerAnchor._frame(of: supplementarySize, in: frame), supplementary.zIndex)
        }
      }
      geometry.items.append(_Item(frame: frame, fixedWidth: !widthEstimated, fixedHeight: !heightEstimated))
      return CGRect(
        x: origin.x, y: origin.y,
        width: outer.maxX + (spacing?.trailing?.spacing ?? 0) - origin.x,
        height: outer.maxY + (spacing?.bottom?.spacing ?? 0) - origin.y)
    }
    let horizontal = group._axis == .horizontal
    let subitems = group._placedSubitems
    let spacing = group.interItemSpacing
    if group._axis == .custom, let provider = group._customProvider {
      let groupContainer = _LayoutContainer(size: size, insets: .zero, effective: .zero)
      let environment = _LayoutEnvironment(
        container: groupContainer, traitCollection: collectionView?.traitCollection ?? UITraitCollection.current)
      var placedHere = 0
      for custom in provider(environment) {
        guard first + placedHere < count else { break }
        let frame = custom.frame.offsetBy(dx: origin.x, dy: origin.y)
        geometry.items.append(_Item(frame: frame, fixedWidth: true, fixedHeight: true, zIndex: custom.zIndex))
        placedHere += 1
      }
      return CGRect(origin: origin, size: size)
    }
    // A repeating group shares its length out among `count` copies; a group of subitems
    // repeats them, in order, as long as the next one fits (as iOS fills a row of a grid).
    let groupLength = horizontal ? size.width : size.height
    var gap = spacing?.spacing ?? 0
    var share: CGFloat?
    if let repeats = group._count, repeats > 0 {
      share = max(0, (groupLength - gap * CGFloat(repeats - 1)) / CGFloat(repeats))
    }
    // The subitems in the order they are placed, with their lengths along the axis.
    var sequence: [(item: NSCollectionLayoutItem, size: CGSize)] = []
    var used: CGFloat = 0
    var leaves = 0
    var index = 0
    while first + leaves < count {
      let subitem = subitems[index % subitems.count]
      var subitemSize = subitem.layoutSize._resolve(in: size)
      if let share {
        if horizontal { subitemSize.width = share } else { subitemSize.height = share }
      }
      let length = horizontal ? subitemSize.width : subitemSize.height
      let needed = (sequence.isEmpty ? 0 : gap) + length
      if group._count == nil, index >= subitems.count, used + needed > groupLength + 0.001 { break }
      if let repeats = group._count, index >= repeats { break }
      sequence.append((subitem, subitemSize))
      used += needed
      leaves += subitem._leafCount
      index += 1
      // A subitem with no length would repeat without end.
      if group._count == nil, length <= 0, index >= subitems.count { break }
    }
    if let spacing, spacing.isFlexibleSpacing, sequence.count > 1 {
      let total = sequence.reduce(0) { $0 + (horizontal ? $1.size.width : $1.size.height) }
      gap = max(spacing.spacing, (groupLength - total) / CGFloat(sequence.count - 1))
    }
    var cursor = horizontal ? origin.x : origin.y
    var extent: CGFloat = 0
    var placedLeaves = 0
    for (subitem, subitemSize) in sequence {
      guard first + placedLeaves < count else { break }
      let origin = horizontal ? CGPoint(x: cursor, y: origin.y) : CGPoint(x: origin.x, y: cursor)
      let before = geometry.items.count
      var frame = _place(subitem, at: origin, in: size, section: section, first: first + placedLeaves, count: count, into: &geometry)
      if share != nil, !(subitem is NSCollectionLayoutGroup) {
        // The share replaces the subitem's own length along the axis.
        var adjusted = CGRect(origin: origin, size: subitemSize)
        if horizontal { adjusted.size.height = frame.height } else { adjusted.size.width = frame.width }
        let insets = subitem.contentInsets
        geometry.items[geometry.items.count - 1].frame = CGRect(
          x: adjusted.minX + insets.leading, y: adjusted.minY + insets.top,
          width: max(0, adjusted.width - insets.leading - insets.trailing),
          height: max(0, adjusted.height - insets.top - insets.bottom))
        if horizontal { geometry.items[geometry.items.count - 1].fixedWidth = true } else { geometry.items[geometry.items.count - 1].fixedHeight = true }
        frame = adjusted
      }
      placedLeaves += geometry.items.count - before
      cursor = (horizontal ? frame.maxX : frame.maxY) + gap
      extent = max(extent, horizontal ? frame.height : frame.width)
    }
    // An estimated group takes the size of what it holds across its axis.
    if horizontal, group.layoutSize.heightDimension.isEstimated { size.height = extent }
    if !horizontal, group.layoutSize.heightDimension.isEstimated {
      size.height = max(0, cursor - gap - origin.y)
    }
    return CGRect(origin: origin, size: size)
  }

  open override var collectionViewContentSize: CGSize { _contentSize }

  /// Whether sections whose group holds one cell are laid out by ``_placeStack`` (off only in
  /// tests, which compare it with the general placement).
  static var _stacksSingleCellGroups = true

  /// A section's group that holds exactly one cell, as lists and stacks of rows do: each item
  /// makes one group, so the section is a sum of the cells' lengths, and a list of 10,000 items
  /// is laid out in a pass over an array instead of a group placement per item.
  struct _SingleCellGroup {
    var item: NSCollectionLayoutItem
    var horizontal: Bool
    var groupSize: CGSize
    var itemSize: CGSize
    var widthEstimated: Bool
    var heightEstimated: Bool
    var groupHeightEstimated: Bool
    var gap: CGFloat

    /// Nil unless `group` is a horizontal or vertical group of one cell (no count, no edge
    /// spacing, no badges) that a second copy of the cell would not fit in: `_place` would then
    /// place the cell once per group, as ``_placeStack`` does.
    @MainActor init?(_ group: NSCollectionLayoutGroup, in container: CGSize) {
      guard group._axis != .custom, group._count == nil, group.subitems.count == 1, let item = group.subitems.first,
        !(item is NSCollectionLayoutGroup), item.supplementaryItems.isEmpty, item.edgeSpacing == nil
      else { return nil }
      horizontal = group._axis == .horizontal
      groupSize = group.layoutSize._resolve(in: container)
      itemSize = item.layoutSize._resolve(in: groupSize)
      gap = group.interItemSpacing?.spacing ?? 0
      let length = horizontal ? itemSize.width : itemSize.height
      let groupLength = horizontal ? groupSize.width : groupSize.height
      guard length <= 0 || length + gap + length > groupLength + 0.001 else { return nil }
      self.item = item
      widthEstimated = item.layoutSize.widthDimension.isEstimated
      heightEstimated = item.layoutSize.heightDimension.isEstimated
      groupHeightEstimated = group.layoutSize.heightDimension.isEstimated
    }
  }

  /// Places `count` cells of a section whose group holds one, one group each, from `top`;
  /// returns where the last group ends. The same frames as `_place`'s, computed the same way.
  private func _placeStack(
    _ stack: _SingleCellGroup, count: Int, section: Int, leading: CGFloat, top: CGFloat, spacing: CGFloat,
    into geometry: inout _Section
  ) -> CGFloat {
    let insets = stack.item.contentInsets
    let preferred: [CGSize?] = section < _preferredItemSizes.count ? _preferredItemSizes[section] : []
    let measured = stack.widthEstimated || stack.heightEstimated
    geometry.items.reserveCapacity(geometry.items.count + count)
    geometry.groups.reserveCapacity(geometry.groups.count + count)
    var y = top
    for index in 0..<count {
      var size = stack.itemSize
      if measured, index < preferred.count, let given = preferred[index] {
        if stack.widthEstimated { size.width = given.width + insets.leading + insets.trailing }
        if stack.heightEstimated { size.height = given.height + insets.top + insets.bottom }
      }
      let frame = CGRect(
        x: leading + insets.leading, y: y + insets.top,
        width: max(0, size.width - insets.leading - insets.trailing),
        height: max(0, size.height - insets.top - insets.bottom))
      let start = geometry.items.count
      geometry.items.append(_Item(frame: frame, fixedWidth: !stack.widthEstimated, fixedHeight: !stack.heightEstimated))
      var groupSize = stack.groupSize
      if stack.groupHeightEstimated {
        if stack.horizontal {
          groupSize.height = size.height
        } else {
          let cursor = y + size.height + stack.gap
          groupSize.height = max(0, cursor - stack.gap - y)
        }
      }
      let groupFrame = CGRect(origin: CGPoint(x: leading, y: y), size: groupSize)
      geometry.groups.append((groupFrame.minY, groupFrame.maxY, start..<(start + 1)))
      y = groupFrame.maxY + (index + 1 < count ? spacing : 0)
    }
    return y
  }

  /// The size the cell of an item gave itself, if it did.
  private func _preferredSize(_ section: Int, _ item: Int) -> CGSize? {
    guard section < _preferredItemSizes.count, item >= 0, item < _preferredItemSizes[section].count else { return nil }
    return _preferredItemSizes[section][item]
  }

  private static func _finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
  private static func _finite(_ insets: NSDirectionalEdgeInsets) -> NSDirectionalEdgeInsets {
    NSDirectionalEdgeInsets(
      top: _finite(insets.top), leading: _finite(insets.leading), bottom: _finite(insets.bottom),
      trailing: _finite(insets.trailing))
  }

  // MARK: Attributes

  private func _makeAttributes() -> UICollectionViewLayoutAttributes {
    let type = (Swift.type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type)
      ?? UICollectionViewLayoutAttributes.self
    return type.init()
  }

  private func _cellAttributes(_ indexPath: IndexPath, _ item: _Item) -> UICollectionViewLayoutAttributes {
    let attributes = _makeAttributes()
    attributes.indexPath = indexPath
    attributes.frame = item.frame
    attributes.zIndex = item.zIndex
    attributes._fixedWidth = item.fixedWidth
    attributes._fixedHeight = item.fixedHeight
    if let list = _sections[indexPath.section].list {
      attributes._listAppearance = list.appearance
      let count = _sections[indexPath.section].items.count
      attributes._listPosition = (indexPath.item == 0, indexPath.item == count - 1)
      attributes._listHeaderMode = list.headerMode
    }
    return attributes
  }

  private func _supplementaryAttributes(_ supplementary: _Supplementary, category: UICollectionView.ElementCategory)
    -> UICollectionViewLayoutAttributes
  {
    let attributes = _makeAttributes()
    attributes.indexPath = supplementary.indexPath
    attributes._category = category
    attributes._kind = supplementary.kind
    attributes.frame = supplementary.pinned ? _pinned(supplementary) : supplementary.frame
    attributes.zIndex = supplementary.pinned ? max(supplementary.zIndex, 10) : supplementary.zIndex
    attributes._fixedWidth = true
    attributes._fixedHeight = supplementary.fixedHeight
    if supplementary.indexPath.count == 2, _sections.indices.contains(supplementary.indexPath[0]) {
      attributes._listAppearance = _sections[supplementary.indexPath[0]].list?.appearance
    }
    return attributes
  }

  private func _pinned(_ supplementary: _Supplementary) -> CGRect {
    guard let collectionView, _sections.indices.contains(supplementary.indexPath[0]) else { return supplementary.frame }
    let section = _sections[supplementary.indexPath[0]]
    let visible = collectionView.bounds
    let inset = collectionView.adjustedContentInset
    var frame = supplementary.frame
    if supplementary.isHeader {
      let limit = section.end - frame.height
      frame.origin.y = max(frame.minY, min(visible.minY + inset.top, limit))
    } else {
      let limit = section.start
      frame.origin.y = min(frame.minY, max(visible.maxY - inset.bottom - frame.height, limit))
    }
    return frame
  }

  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    var result: [UICollectionViewLayoutAttributes] = []
    for supplementary in _layoutSupplementaries {
      let attributes = _supplementaryAttributes(supplementary, category: .supplementaryView)
      if attributes.frame.safeIntersects(rect) { result.append(attributes) }
    }
    let pinning = _sections.contains { $0.supplementaries.contains(where: \.pinned) }
    var low = 0
    var high = _sections.count
    while low < high {
      let middle = (low + high) / 2
      if _sections[middle].end >= rect.minY { high = middle } else { low = middle + 1 }
    }
    var sectionIndex = pinning ? 0 : low
    while sectionIndex < _sections.count {
      let section = _sections[sectionIndex]
      if section.start > rect.maxY, !pinning { break }
      for decoration in section.decorations where decoration.frame.safeIntersects(rect) {
        result.append(_supplementaryAttributes(decoration, category: .decorationView))
      }
      for supplementary in section.supplementaries where supplementary.isHeader {
        let attributes = _supplementaryAttributes(supplementary, category: .supplementaryView)
        if attributes.frame.safeIntersects(rect) { result.append(attributes) }
      }
      // Groups are in order along the axis: find the first that reaches the rect.
      var group = 0
      var top = section.groups.count
      while group < top {
        let middle = (group + top) / 2
        if section.groups[middle].end >= rect.minY { top = middle } else { group = middle + 1 }
      }
      while group < section.groups.count, section.groups[group].start <= rect.maxY || _orthogonal(section) {
        for index in section.groups[group].items {
          let item = section.items[index]
          let indexPath = IndexPath(item: index, section: sectionIndex)
          if item.frame.safeIntersects(rect) { result.append(_cellAttributes(indexPath, item)) }
          for badge in section.badges[index] ?? [] where badge.frame.safeIntersects(rect) {
            result.append(
              _supplementaryAttributes(
                _Supplementary(
                  kind: badge.kind, frame: badge.frame, zIndex: badge.zIndex, pinned: false, isHeader: false,
                  fixedHeight: true, indexPath: indexPath), category: .supplementaryView))
          }
        }
        group += 1
      }
      for supplementary in section.supplementaries where !supplementary.isHeader {
        let attributes = _supplementaryAttributes(supplementary, category: .supplementaryView)
        if attributes.frame.safeIntersects(rect) { result.append(attributes) }
      }
      sectionIndex += 1
    }
    _runVisibleItemsHandlers(on: result)
    return result
  }

  /// Gives each section's visible-items handler its cells on screen, whose attributes it may
  /// change before the collection view applies them.
  private func _runVisibleItemsHandlers(on attributes: [UICollectionViewLayoutAttributes]) {
    guard let collectionView, let environment = _environment, _sections.contains(where: { $0.visibleItemsHandler != nil })
    else { return }
    var bySection: [Int: [UICollectionViewLayoutAttributes]] = [:]
    for element in attributes where element.representedElementCategory == .cell {
      let section = element.indexPath[0]
      guard _sections.indices.contains(section), _sections[section].visibleItemsHandler != nil,
        collectionView._visibleFrame(of: element).safeIntersects(collectionView.bounds)
      else { continue }
      bySection[section, default: []].append(element)
    }
    for section in bySection.keys.sorted() {
      guard let handler = _sections[section].visibleItemsHandler, let items = bySection[section] else { continue }
      let offset = collectionView._orthogonalScrollViews[section]?.contentOffset ?? collectionView.contentOffset
      handler(items.map { _VisibleItem($0) }, offset, environment)
    }
  }

  private func _orthogonal(_ section: _Section) -> Bool {
    section.orthogonal != .none
  }

  override func _orthogonalLines() -> [_OrthogonalLine] {
    guard let collectionView else { return [] }
    let width = collectionView.bounds.width
    return _sections.enumerated().compactMap { index, section in
      guard section.orthogonal != .none else { return nil }
      // Where each group begins, for the behaviours that come to rest on a group.
      let starts = section.groups.compactMap { group in group.items.map { section.items[$0].frame.minX }.min() }
      return _OrthogonalLine(
        section: index, frame: CGRect(x: 0, y: section.line.top, width: width, height: section.line.bottom - section.line.top),
        contentWidth: section.line.contentWidth, behavior: section.orthogonal, groupStarts: starts)
    }
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.count == 2, _sections.indices.contains(indexPath[0]),
      _sections[indexPath[0]].items.indices.contains(indexPath[1])
    else { return nil }
    return _cellAttributes(indexPath, _sections[indexPath[0]].items[indexPath[1]])
  }

  open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    guard indexPath.count == 2, _sections.indices.contains(indexPath[0]) else { return nil }
    let section = _sections[indexPath[0]]
    if let supplementary = section.supplementaries.first(where: { $0.kind == elementKind }) {
      return _supplementaryAttributes(supplementary, category: .supplementaryView)
    }
    if section.items.indices.contains(indexPath[1]),
      let badge = section.badges[indexPath[1]]?.first(where: { $0.kind == elementKind })
    {
      return _supplementaryAttributes(
        _Supplementary(
          kind: badge.kind, frame: badge.frame, zIndex: badge.zIndex, pinned: false, isHeader: false,
          fixedHeight: true, indexPath: indexPath), category: .supplementaryView)
    }
    // The layout's own headers and footers (index path 0-0).
    return _layoutSupplementaries.first { $0.kind == elementKind && $0.indexPath == indexPath }.map {
      _supplementaryAttributes($0, category: .supplementaryView)
    }
  }

  open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    guard indexPath.count == 2, _sections.indices.contains(indexPath[0]),
      let decoration = _sections[indexPath[0]].decorations.first(where: { $0.kind == elementKind })
    else { return nil }
    return _supplementaryAttributes(decoration, category: .decorationView)
  }

  // MARK: Invalidation

  /// A resize lays everything out again; with pinned headers, so does a scroll (only the
  /// pinned views move then).
  open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    guard let collectionView else { return false }
    return newBounds.size != collectionView.bounds.size
  }

  override func _swipeActionsConfiguration(for indexPath: IndexPath, leading: Bool) -> UISwipeActionsConfiguration? {
    guard indexPath.count == 2, _sections.indices.contains(indexPath[0]), let list = _sections[indexPath[0]].list else {
      return nil
    }
    return leading
      ? list.leadingSwipeActionsConfigurationProvider?(indexPath)
      : list.trailingSwipeActionsConfigurationProvider?(indexPath)
  }

  override func _itemsMoved(_ map: _CollectionBatchMap) {
    if !_preferredItemSizes.isEmpty {
      _preferredItemSizes = map.carry(_preferredItemSizes, newSectionCount: map.sections.newCount, filling: nil)
    }
    // Headers and footers are few: measured again.
    _preferredSupplementarySizes.removeAll()
  }

  override func _wantsPreferredAttributes(for attributes: UICollectionViewLayoutAttributes) -> Bool {
    !attributes._fixedWidth || !attributes._fixedHeight
  }

  open override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> Bool {
    preferredAttributes.size != originalAttributes.size
  }

  open override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutInvalidationContext {
    switch originalAttributes.representedElementCategory {
    case .cell:
      let indexPath = originalAttributes.indexPath
      if indexPath.count == 2, indexPath[0] >= 0, indexPath[1] >= 0 {
        if _preferredItemSizes.count <= indexPath[0] {
          _preferredItemSizes += Array(repeating: [], count: indexPath[0] + 1 - _preferredItemSizes.count)
        }
        if _preferredItemSizes[indexPath[0]].count <= indexPath[1] {
          _preferredItemSizes[indexPath[0]] += Array(
            repeating: nil, count: indexPath[1] + 1 - _preferredItemSizes[indexPath[0]].count)
        }
        _preferredItemSizes[indexPath[0]][indexPath[1]] = preferredAttributes.size
      }
    case .supplementaryView:
      _preferredSupplementarySizes[
        Self._supplementaryKey(originalAttributes.representedElementKind ?? "", originalAttributes.indexPath)] =
        preferredAttributes.size
    case .decorationView:
      break
    }
    return super.invalidationContext(
      forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
  }
}
