import Foundation
import TextEditing

/// Where a collection view's cells, supplementary views and decoration views go: the abstract
/// class that ``UICollectionViewFlowLayout`` and ``UICollectionViewCompositionalLayout`` (and
/// libraries' own layouts) subclass.
///
/// The collection view asks, in this order, as on iOS: ``prepare()`` after the layout was
/// invalidated, then ``collectionViewContentSize``, then ``layoutAttributesForElements(in:)``
/// for the rect it shows (and ``layoutAttributesForItem(at:)`` for a single item it needs,
/// to scroll to it, say). Scrolling asks ``shouldInvalidateLayout(forBoundsChange:)``; a
/// self-sizing cell's size goes through
/// ``shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)``.
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
  public override init() {
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init()
  }

  /// The collection view that uses the layout (set when the layout is given to one).
  open var collectionView: UICollectionView? { _collectionView }
  weak var _collectionView: UICollectionView?

  /// Whether ``prepare()`` is due before the collection view next asks for attributes.
  var _needsPrepare = true

  // MARK: Invalidation

  /// Marks the whole layout invalid: the collection view calls ``prepare()`` again at its next
  /// layout pass.
  open func invalidateLayout() {
    let context = (type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)?.init()
      ?? UICollectionViewLayoutInvalidationContext()
    context._invalidateEverything = true
    invalidateLayout(with: context)
  }

  /// Marks the parts that `context` names invalid (a subclass reads the context, then calls
  /// `super`); the collection view lays out again at its next pass.
  open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    _needsPrepare = true
    guard let collectionView else { return }
    if context.contentOffsetAdjustment != .zero {
      var offset = collectionView.contentOffset
      offset.x += context.contentOffsetAdjustment.x
      offset.y += context.contentOffsetAdjustment.y
      collectionView.contentOffset = offset
    }
    collectionView.setNeedsLayout()
  }

  /// The class of the attributes the layout makes (a subclass of
  /// ``UICollectionViewLayoutAttributes`` to carry more).
  open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }
  /// The class of the invalidation contexts the layout makes.
  open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

  // MARK: Providing the layout

  /// Works out the layout (called before the collection view asks for attributes, after each
  /// invalidation). The default does nothing.
  open func prepare() {}

  /// The size of everything the layout places (the collection view's content size).
  open var collectionViewContentSize: CGSize { .zero }

  /// The attributes of every element whose frame meets `rect`.
  open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

  /// The attributes of the cell of the item at `indexPath`.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

  /// The attributes of the supplementary view of `elementKind` at `indexPath`.
  open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  { nil }

  /// The attributes of the decoration view of `elementKind` at `indexPath`.
  open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  { nil }

  /// Where scrolling that would stop at `proposedContentOffset` stops (the default: there).
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
    proposedContentOffset
  }

  /// Where a glide that would stop at `proposedContentOffset` stops (a paging layout snaps it).
  open func targetContentOffset(
    forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
  ) -> CGPoint {
    proposedContentOffset
  }

  // MARK: Bounds changes and self-sizing

  /// Whether a change of the collection view's bounds (a scroll, a resize) invalidates the
  /// layout (the default: no; a layout whose elements depend on the offset says yes).
  open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

  /// What a bounds change invalidates.
  open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
    let context = _makeContext()
    if let collectionView, collectionView.bounds.size != newBounds.size {
      context._invalidateEverything = true
    }
    return context
  }

  /// Whether a cell's preferred attributes (its own size) invalidate the layout (the default:
  /// no).
  open func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> Bool {
    false
  }

  /// What a cell's preferred attributes invalidate (the item).
  open func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutInvalidationContext {
    let context = _makeContext()
    switch originalAttributes.representedElementCategory {
    case .cell: context.invalidateItems(at: [originalAttributes.indexPath])
    case .supplementaryView:
      context.invalidateSupplementaryElements(
        ofKind: originalAttributes.representedElementKind ?? "", at: [originalAttributes.indexPath])
    case .decorationView:
      context.invalidateDecorationElements(
        ofKind: originalAttributes.representedElementKind ?? "", at: [originalAttributes.indexPath])
    }
    return context
  }

  /// A new context of ``invalidationContextClass``.
  func _makeContext() -> UICollectionViewLayoutInvalidationContext {
    (type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)?.init()
      ?? UICollectionViewLayoutInvalidationContext()
  }

  /// Invalidates everything after the collection view changed its items itself (a batch
  /// update, an item moved by hand): the counts changed, and measured sizes moved with their
  /// items (`_itemsMoved`) rather than being lost as after a reload.
  func _invalidateAfterUpdate() {
    let context = _makeContext()
    context._invalidateEverything = true
    context._invalidateDataSourceCounts = true
    context._batchUpdate = true
    invalidateLayout(with: context)
  }

  /// The swipe actions of the item (a list section's providers).
  func _swipeActionsConfiguration(for indexPath: IndexPath, leading: Bool) -> UISwipeActionsConfiguration? { nil }

  /// A batch update moved the items: `map` gives each old index path's new one. Layouts that
  /// keep measured sizes move them along (``_CollectionBatchMap/measuredIndexPath(_:)``).
  func _itemsMoved(_ map: _CollectionBatchMap) {}

  /// The sections whose items scroll sideways in a line of their own (a compositional
  /// section's `orthogonalScrollingBehavior`); the collection view gives each a scroll view.
  func _orthogonalLines() -> [_OrthogonalLine] { [] }

  /// Whether the collection view asks cells for their preferred attributes (a layout with
  /// estimated sizes).
  func _wantsPreferredAttributes(for attributes: UICollectionViewLayoutAttributes) -> Bool { false }

  // MARK: Updates

  /// The updates about to be applied (inserts, deletes, moves, reloads), before the layout is
  /// asked for the new attributes.
  open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}
  /// The updates were applied.
  open func finalizeCollectionViewUpdates() {}
  /// The collection view's bounds are about to change with an animation.
  open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}
  /// The animated bounds change is over.
  open func finalizeAnimatedBoundsChange() {}
  /// The layout is about to replace `oldLayout`.
  open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}
  /// The layout is about to be replaced by `newLayout`.
  open func prepareForTransition(to newLayout: UICollectionViewLayout) {}
  /// A change of layout is over.
  open func finalizeLayoutTransition() {}

  /// Where an item that is being inserted starts (the default: nil, its final attributes).
  open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    nil
  }
  /// Where an item that is being deleted ends.
  open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    nil
  }
  /// Where a supplementary view that is being inserted starts.
  open func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? { nil }
  /// Where a supplementary view that is being deleted ends.
  open func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> UICollectionViewLayoutAttributes? { nil }

  // MARK: Decoration views

  var _decorationClasses: [String: UICollectionReusableView.Type] = [:]

  /// Registers the class of a decoration view of `elementKind` (nil removes it).
  open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
    guard let viewClass else {
      _decorationClasses[elementKind] = nil
      return
    }
    guard let type = viewClass as? UICollectionReusableView.Type else {
      preconditionFailure("must pass a class of kind UICollectionReusableView")
    }
    _decorationClasses[elementKind] = type
  }

  // MARK: Layout direction

  /// The direction the layout was written for (flipped in the other direction when
  /// ``flipsHorizontallyInOppositeLayoutDirection`` is true).
  open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
  /// Whether the layout mirrors itself in the other layout direction.
  open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }
}

/// What an invalidation of a layout covers.
@preconcurrency @MainActor
open class UICollectionViewLayoutInvalidationContext: NSObject {
  public required override init() {
    super.init()
  }

  var _invalidateEverything = false
  var _invalidateDataSourceCounts = false
  /// Whether the counts changed through a batch update (whose moves the layout has been told
  /// through `_itemsMoved`), rather than a reload.
  var _batchUpdate = false

  /// Whether the whole layout is invalid (``UICollectionViewLayout/invalidateLayout()``, a
  /// reload, a new data source).
  open var invalidateEverything: Bool { _invalidateEverything }
  /// Whether the numbers of sections and items changed.
  open var invalidateDataSourceCounts: Bool { _invalidateDataSourceCounts || _invalidateEverything }

  /// The items invalidated.
  open private(set) var invalidatedItemIndexPaths: [IndexPath]?
  /// The supplementary views invalidated, by kind.
  open private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
  /// The decoration views invalidated, by kind.
  open private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?

  /// How far the content offset moves with the invalidation.
  open var contentOffsetAdjustment: CGPoint = .zero
  /// How much the content size changes with the invalidation.
  open var contentSizeAdjustment: CGSize = .zero

  /// Marks items invalid.
  open func invalidateItems(at indexPaths: [IndexPath]) {
    invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
  }
  /// Marks supplementary views invalid.
  open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
    var all = invalidatedSupplementaryIndexPaths ?? [:]
    all[elementKind, default: []] += indexPaths
    invalidatedSupplementaryIndexPaths = all
  }
  /// Marks decoration views invalid.
  open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
    var all = invalidatedDecorationIndexPaths ?? [:]
    all[elementKind, default: []] += indexPaths
    invalidatedDecorationIndexPaths = all
  }
}

/// One change of a batch update, as a layout's
/// ``UICollectionViewLayout/prepare(forCollectionViewUpdates:)`` sees it.
@preconcurrency @MainActor
open class UICollectionViewUpdateItem: NSObject {
  /// What the change does.
  public enum Action: Int, Sendable {
    case insert, delete, reload, move, none
  }

  /// The item's (or section's: item `NSNotFound`) index path before the update (nil for an
  /// insert).
  open var indexPathBeforeUpdate: IndexPath? { _before }
  /// The index path after the update (nil for a delete).
  open var indexPathAfterUpdate: IndexPath? { _after }
  /// What the change does.
  open var updateAction: Action { _action }

  let _before: IndexPath?
  let _after: IndexPath?
  let _action: Action

  init(before: IndexPath?, after: IndexPath?, action: Action) {
    _before = before
    _after = after
    _action = action
    super.init()
  }

  open override var description: String {
    "<UICollectionViewUpdateItem: \(_action) \(_before.map { "\($0)" } ?? "nil") -> \(_after.map { "\($0)" } ?? "nil")>"
  }
}
