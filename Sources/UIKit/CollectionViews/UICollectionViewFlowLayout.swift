import Foundation
import TextEditing

/// Sizes and spacing a flow layout asks its collection view's delegate for, section by
/// section and item by item. Every method is optional: the defaults are the layout's own
/// properties, as on iOS.
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
  /// The size of the item's cell (default: the layout's `itemSize`).
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize
  /// The section's margins (default: the layout's `sectionInset`).
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    insetForSectionAt section: Int
  ) -> UIEdgeInsets
  /// The spacing between the section's lines (default: the layout's `minimumLineSpacing`).
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat
  /// The least spacing between items of a line (default: `minimumInteritemSpacing`).
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat
  /// The size of the section's header (default: `headerReferenceSize`; zero: no header).
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize
  /// The size of the section's footer (default: `footerReferenceSize`; zero: no footer).
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    (collectionViewLayout as? UICollectionViewFlowLayout)?._defaultItemSize ?? .zero
  }
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    insetForSectionAt section: Int
  ) -> UIEdgeInsets {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
  }
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
  }
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
  }
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
  }
  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize {
    (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
  }
}

/// What an invalidation of a flow layout covers besides the base context's parts.
@preconcurrency @MainActor
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
  /// Whether the delegate's sizes and spacing are asked again (default true).
  open var invalidateFlowLayoutDelegateMetrics = true
  /// Whether the layout's own attributes are worked out again (default true).
  open var invalidateFlowLayoutAttributes = true
}

/// Items in lines, as on iOS: in a vertical layout each line runs across, filled with as many
/// items as fit between the section's insets with at least `minimumInteritemSpacing` between
/// them; lines are `minimumLineSpacing` apart and items are centred in their line's height. A
/// full line is justified (its items spread to both edges; a single item is centred), and the
/// last line of a section starts at the leading edge with the minimum spacing. A horizontal
/// layout does the same with the axes swapped. Sections have an optional header and footer
/// (``UICollectionView/elementKindSectionHeader``), which can stay pinned while their section
/// scrolls.
///
/// With an `estimatedItemSize`, cells size themselves: each visible cell is measured
/// (``UICollectionReusableView/preferredLayoutAttributesFitting(_:)``) and the layout moves
/// everything after it.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
  /// The relative position of a section's insets.
  public enum SectionInsetReference: Int, Sendable {
    /// From the collection view's content inset.
    case fromContentInset
    /// From the safe area.
    case fromSafeArea
    /// From the layout margins.
    case fromLayoutMargins
  }

  /// An `estimatedItemSize` that makes every cell size itself from its content.
  public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

  public override init() {
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

  /// The least distance between lines (default 10).
  open var minimumLineSpacing: CGFloat = 10 { didSet { _metricsChanged() } }
  /// The least distance between items of a line (default 10).
  open var minimumInteritemSpacing: CGFloat = 10 { didSet { _metricsChanged() } }
  /// The size of every item, unless the delegate says otherwise (default 50 × 50).
  open var itemSize = CGSize(width: 50, height: 50) { didSet { _metricsChanged() } }
  /// The size items are given until their cells have measured themselves (zero: cells do not
  /// size themselves; ``automaticSize``: they do, starting from `itemSize`).
  open var estimatedItemSize: CGSize = .zero {
    didSet {
      _preferredSizes.removeAll()
      _metricsChanged()
    }
  }
  /// The direction the layout scrolls in (default vertical).
  open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { _metricsChanged() } }
  /// The size of section headers (the height in a vertical layout; zero: none).
  open var headerReferenceSize: CGSize = .zero { didSet { _metricsChanged() } }
  /// The size of section footers.
  open var footerReferenceSize: CGSize = .zero { didSet { _metricsChanged() } }
  /// The margins around each section's items.
  open var sectionInset: UIEdgeInsets = .zero { didSet { _metricsChanged() } }
  /// What the section insets are measured from.
  open var sectionInsetReference: SectionInsetReference = .fromContentInset { didSet { _metricsChanged() } }
  /// Whether a section's header stays at the top while its section scrolls.
  open var sectionHeadersPinToVisibleBounds = false { didSet { _metricsChanged() } }
  /// Whether a section's footer stays at the bottom while its section scrolls.
  open var sectionFootersPinToVisibleBounds = false { didSet { _metricsChanged() } }

  private func _metricsChanged() {
    _dirty = true
    invalidateLayout()
  }

  var _defaultItemSize: CGSize {
    guard estimatedItemSize != .zero else { return itemSize }
    return estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
  }

  // MARK: Computed geometry

  private struct _Line {
    var items: Range<Int>
    /// Where the line starts and ends along the scrolling axis.
    var start: CGFloat
    var end: CGFloat
  }

  private struct _Section {
    var header: CGRect?
    var footer: CGRect?
    var items: [CGRect] = []
    var lines: [_Line] = []
    /// The section's extent along the scrolling axis, header and footer included.
    var start: CGFloat = 0
    var end: CGFloat = 0
    /// Where the items start and end along the scrolling axis (the insets excluded).
    var itemsStart: CGFloat = 0
    var itemsEnd: CGFloat = 0
  }

  private var _sections: [_Section] = []
  private var _contentSize: CGSize = .zero
  private var _dirty = true
  /// Sizes cells gave themselves (with an estimated item size).
  private var _preferredSizes: [IndexPath: CGSize] = [:]

  open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    let flow = context as? UICollectionViewFlowLayoutInvalidationContext
    if context.invalidateEverything || context.invalidateDataSourceCounts
      || context.invalidatedItemIndexPaths != nil || context.invalidatedSupplementaryIndexPaths != nil
      || (flow?.invalidateFlowLayoutDelegateMetrics ?? true) || (flow?.invalidateFlowLayoutAttributes ?? true)
    {
      _dirty = true
    }
    if context._invalidateDataSourceCounts && !context._batchUpdate { _preferredSizes.removeAll() }
    super.invalidateLayout(with: context)
  }

  private var _vertical: Bool { scrollDirection == .vertical }

  open override func prepare() {
    super.prepare()
    guard _dirty else { return }
    _dirty = false
    _sections = []
    guard let collectionView else {
      _contentSize = .zero
      return
    }
    let flowDelegate = collectionView.delegate as? any UICollectionViewDelegateFlowLayout
    let bounds = collectionView.bounds
    let contentInset = collectionView.adjustedContentInset
    // The extent across the scrolling axis the sections share.
    var across = _vertical ? bounds.width - contentInset.left - contentInset.right
      : bounds.height - contentInset.top - contentInset.bottom
    var referenceInset = UIEdgeInsets.zero
    switch sectionInsetReference {
    case .fromContentInset: break
    case .fromSafeArea:
      let safe = collectionView.safeAreaInsets
      referenceInset = _vertical
        ? UIEdgeInsets(top: 0, left: max(0, safe.left - contentInset.left), bottom: 0, right: max(0, safe.right - contentInset.right))
        : UIEdgeInsets(top: max(0, safe.top - contentInset.top), left: 0, bottom: max(0, safe.bottom - contentInset.bottom), right: 0)
    case .fromLayoutMargins:
      let margins = collectionView.layoutMargins
      referenceInset = _vertical
        ? UIEdgeInsets(top: 0, left: margins.left, bottom: 0, right: margins.right)
        : UIEdgeInsets(top: margins.top, left: 0, bottom: margins.bottom, right: 0)
    }
    across = max(0, across)
    var position: CGFloat = 0
    for section in 0..<collectionView.numberOfSections {
      var geometry = _Section()
      geometry.start = position
      let header = flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section)
        ?? headerReferenceSize
      let footer = flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section)
        ?? footerReferenceSize
      var inset = Self._finite(
        flowDelegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset)
      inset.top += referenceInset.top
      inset.left += referenceInset.left
      inset.bottom += referenceInset.bottom
      inset.right += referenceInset.right
      // A spacing, inset or reference size that is not a finite number counts as zero: the
      // frames must stay finite (a NaN frame stops where it is set).
      let lineSpacing = Self._finite(
        flowDelegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section)
          ?? minimumLineSpacing)
      let interitem = Self._finite(
        flowDelegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
          ?? minimumInteritemSpacing)

      let headerExtent = Self._finite(_vertical ? header.height : header.width)
      if headerExtent > 0 {
        geometry.header = _vertical
          ? CGRect(x: 0, y: position, width: across, height: headerExtent)
          : CGRect(x: position, y: 0, width: headerExtent, height: across)
        position += headerExtent
      }
      let leading = _vertical ? inset.left : inset.top
      let trailing = _vertical ? inset.right : inset.bottom
      position += _vertical ? inset.top : inset.left
      geometry.itemsStart = position
      let room = max(0, across - leading - trailing)

      // Sizes, then lines filled greedily.
      let count = collectionView.numberOfItems(inSection: section)
      var sizes: [CGSize] = []
      sizes.reserveCapacity(count)
      for item in 0..<count {
        let indexPath = IndexPath(item: item, section: section)
        var size = _preferredSizes[indexPath]
          ?? flowDelegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? _defaultItemSize
        if !size.width.isFinite || size.width < 0 { size.width = 0 }
        if !size.height.isFinite || size.height < 0 { size.height = 0 }
        sizes.append(size)
      }
      geometry.items = Array(repeating: .zero, count: count)
      var first = 0
      var lineStart = position
      while first < count {
        var last = first + 1
        var used = _vertical ? sizes[first].width : sizes[first].height
        while last < count {
          let next = _vertical ? sizes[last].width : sizes[last].height
          if used + interitem + next > room + 0.0001 { break }
          used += interitem + next
          last += 1
        }
        let isLastLine = last == count
        let lineExtent = sizes[first..<last].map { _vertical ? $0.height : $0.width }.max() ?? 0
        let itemCount = last - first
        let widths = sizes[first..<last].map { _vertical ? $0.width : $0.height }
        let total = widths.reduce(0, +)
        var offset: CGFloat
        var gap: CGFloat
        if isLastLine {
          offset = 0
          gap = interitem
        } else if itemCount == 1 {
          offset = ((room - total) / 2).rounded(.down)
          gap = 0
        } else {
          offset = 0
          gap = (room - total) / CGFloat(itemCount - 1)
        }
        for item in first..<last {
          let size = sizes[item]
          let alongLine = leading + offset
          let inLine = ((lineExtent - (_vertical ? size.height : size.width)) / 2).rounded(.down)
          geometry.items[item] = _vertical
            ? CGRect(x: alongLine, y: lineStart + inLine, width: size.width, height: size.height)
            : CGRect(x: lineStart + inLine, y: alongLine, width: size.width, height: size.height)
          offset += (_vertical ? size.width : size.height) + gap
        }
        geometry.lines.append(_Line(items: first..<last, start: lineStart, end: lineStart + lineExtent))
        lineStart += lineExtent
        first = last
        if first < count { lineStart += lineSpacing }
      }
      position = lineStart
      geometry.itemsEnd = position
      position += _vertical ? inset.bottom : inset.right
      let footerExtent = Self._finite(_vertical ? footer.height : footer.width)
      if footerExtent > 0 {
        geometry.footer = _vertical
          ? CGRect(x: 0, y: position, width: across, height: footerExtent)
          : CGRect(x: position, y: 0, width: footerExtent, height: across)
        position += footerExtent
      }
      geometry.end = position
      _sections.append(geometry)
    }
    _contentSize = _vertical ? CGSize(width: across, height: position) : CGSize(width: position, height: across)
  }

  open override var collectionViewContentSize: CGSize { _contentSize }

  private static func _finite(_ value: CGFloat) -> CGFloat { value.isFinite ? max(0, value) : 0 }
  private static func _finite(_ insets: UIEdgeInsets) -> UIEdgeInsets {
    UIEdgeInsets(
      top: insets.top.isFinite ? insets.top : 0, left: insets.left.isFinite ? insets.left : 0,
      bottom: insets.bottom.isFinite ? insets.bottom : 0, right: insets.right.isFinite ? insets.right : 0)
  }

  // MARK: Attributes

  private func _attributes(forItem indexPath: IndexPath, frame: CGRect) -> UICollectionViewLayoutAttributes {
    let type = (Swift.type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type)
      ?? UICollectionViewLayoutAttributes.self
    let attributes = type.init()
    attributes.indexPath = indexPath
    attributes.frame = frame
    return attributes
  }

  private func _supplementary(_ kind: String, section: Int, frame: CGRect) -> UICollectionViewLayoutAttributes {
    let attributes = _attributes(forItem: IndexPath(item: 0, section: section), frame: _pinned(kind, section, frame))
    attributes._category = .supplementaryView
    attributes._kind = kind
    attributes.zIndex = 10
    return attributes
  }

  /// A pinned header or footer's frame where the visible bounds put it.
  private func _pinned(_ kind: String, _ section: Int, _ frame: CGRect) -> CGRect {
    let header = kind == UICollectionView.elementKindSectionHeader
    guard let collectionView, header ? sectionHeadersPinToVisibleBounds : sectionFootersPinToVisibleBounds else {
      return frame
    }
    let geometry = _sections[section]
    let inset = collectionView.adjustedContentInset
    let visible = collectionView.bounds
    var frame = frame
    if _vertical {
      if header {
        let top = visible.minY + inset.top
        let limit = (geometry.footer?.minY ?? geometry.end) - frame.height
        frame.origin.y = max(frame.minY, min(top, limit))
      } else {
        let bottom = visible.maxY - inset.bottom - frame.height
        let limit = geometry.header?.maxY ?? geometry.start
        frame.origin.y = min(frame.minY, max(bottom, limit))
      }
    } else {
      if header {
        let leading = visible.minX + inset.left
        let limit = (geometry.footer?.minX ?? geometry.end) - frame.width
        frame.origin.x = max(frame.minX, min(leading, limit))
      } else {
        let trailing = visible.maxX - inset.right - frame.width
        let limit = geometry.header?.maxX ?? geometry.start
        frame.origin.x = min(frame.minX, max(trailing, limit))
      }
    }
    return frame
  }

  open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    let low = _vertical ? rect.minY : rect.minX
    let high = _vertical ? rect.maxY : rect.maxX
    var result: [UICollectionViewLayoutAttributes] = []
    let pinning = sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds
    // The first section that reaches the rect (sections are in order along the axis).
    var section = _firstIndex(in: _sections.count) { self._sections[$0].end >= low }
    while section < _sections.count {
      let geometry = _sections[section]
      if geometry.start > high, !pinning { break }
      if let header = geometry.header {
        let attributes = _supplementary(UICollectionView.elementKindSectionHeader, section: section, frame: header)
        if attributes.frame.safeIntersects(rect) { result.append(attributes) }
      }
      if geometry.itemsEnd >= low, geometry.itemsStart <= high {
        var line = _firstIndex(in: geometry.lines.count) { geometry.lines[$0].end >= low }
        while line < geometry.lines.count, geometry.lines[line].start <= high {
          for item in geometry.lines[line].items where geometry.items[item].safeIntersects(rect) {
            result.append(_attributes(forItem: IndexPath(item: item, section: section), frame: geometry.items[item]))
          }
          line += 1
        }
      }
      if let footer = geometry.footer {
        let attributes = _supplementary(UICollectionView.elementKindSectionFooter, section: section, frame: footer)
        if attributes.frame.safeIntersects(rect) { result.append(attributes) }
      }
      section += 1
    }
    return result
  }

  /// The first index in `0..<count` for which `reaches` holds (`reaches` turns true once and
  /// stays true), or `count`.
  private func _firstIndex(in count: Int, where reaches: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if reaches(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.count == 2, _sections.indices.contains(indexPath[0]),
      _sections[indexPath[0]].items.indices.contains(indexPath[1])
    else { return nil }
    return _attributes(forItem: indexPath, frame: _sections[indexPath[0]].items[indexPath[1]])
  }

  open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    guard indexPath.count >= 1, _sections.indices.contains(indexPath[0]) else { return nil }
    let geometry = _sections[indexPath[0]]
    switch elementKind {
    case UICollectionView.elementKindSectionHeader:
      return geometry.header.map { _supplementary(elementKind, section: indexPath[0], frame: $0) }
    case UICollectionView.elementKindSectionFooter:
      return geometry.footer.map { _supplementary(elementKind, section: indexPath[0], frame: $0) }
    default:
      return nil
    }
  }

  // MARK: Invalidation

  /// A resize lays the lines out again; with pinned headers or footers, so does a scroll.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    guard let collectionView else { return false }
    if newBounds.size != collectionView.bounds.size { return true }
    return sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds
  }

  open override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
    let context = super.invalidationContext(forBoundsChange: newBounds)
    if let flow = context as? UICollectionViewFlowLayoutInvalidationContext, let collectionView,
      newBounds.size == collectionView.bounds.size
    {
      // Only the pinned views move: the lines stay where they are.
      flow.invalidateFlowLayoutDelegateMetrics = false
      flow.invalidateFlowLayoutAttributes = false
    }
    return context
  }

  override func _itemsMoved(_ map: _CollectionBatchMap) {
    guard !_preferredSizes.isEmpty else { return }
    var moved: [IndexPath: CGSize] = [:]
    for (indexPath, size) in _preferredSizes {
      if let target = map.measuredIndexPath(indexPath) { moved[target] = size }
    }
    _preferredSizes = moved
  }

  override func _wantsPreferredAttributes(for attributes: UICollectionViewLayoutAttributes) -> Bool {
    estimatedItemSize != .zero && attributes.representedElementCategory == .cell
  }

  /// A self-sizing cell whose size differs from what the layout gave it moves the layout.
  open override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> Bool {
    estimatedItemSize != .zero && originalAttributes.representedElementCategory == .cell
      && preferredAttributes.size != originalAttributes.size
  }

  open override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutInvalidationContext {
    if originalAttributes.representedElementCategory == .cell {
      _preferredSizes[originalAttributes.indexPath] = preferredAttributes.size
    }
    return super.invalidationContext(
      forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
  }
}
