import Foundation
import TextEditing

/// A collection view's data source driven by snapshots (iOS 13): give it a cell provider,
/// then ``apply(_:animatingDifferences:completion:)`` snapshots; it works out the inserts,
/// deletes, moves and reloads between the last snapshot and the new one and applies them to
/// the collection view as one batch update, so cells, selection and the first responder stay
/// with their items.
///
/// As on iOS, it is the collection view's `dataSource` (set by the initializer; replacing it
/// stops with iOS's message), and subclasses override the data source methods it implements
/// (`collectionView(_:canMoveItemAt:)`, say).
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: NSObject, UICollectionViewDataSource, _OutlineToggling {
  /// Makes the cell of an item (typically with
  /// ``UICollectionView/dequeueConfiguredReusableCell(using:for:item:)``).
  public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
  /// Makes a supplementary view of a kind at an index path.
  public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

  private weak var _collectionView: UICollectionView?
  private let _cellProvider: CellProvider
  private var _snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

  /// Makes supplementary views (headers, footers) when the layout asks for them.
  public var supplementaryViewProvider: SupplementaryViewProvider?

  /// The outlines of the sections applied as section snapshots.
  private var _sectionSnapshots: [SectionIdentifierType: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]

  /// What happens when the user expands or collapses an item of an outline (iOS 14).
  public struct SectionSnapshotHandlers<Item: Hashable & Sendable> {
    /// Whether the item may expand (default: yes).
    public var shouldExpandItem: ((Item) -> Bool)?
    /// The item is about to expand.
    public var willExpandItem: ((Item) -> Void)?
    /// Whether the item may collapse (default: yes).
    public var shouldCollapseItem: ((Item) -> Bool)?
    /// The item is about to collapse.
    public var willCollapseItem: ((Item) -> Void)?
    /// The children to show when the parent expands (given its current outline), for outlines
    /// loaded lazily.
    public var snapshotForExpandingParent:
      ((Item, NSDiffableDataSourceSectionSnapshot<Item>) -> NSDiffableDataSourceSectionSnapshot<Item>)?

    public init() {}
  }

  /// What happens when the user expands or collapses an item.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

  /// What happens when the user moves items by hand (iOS 14): which may move, and what to do
  /// before and after the data source's snapshot follows a move (update the app's model from
  /// the transaction's `finalSnapshot` or `difference`).
  public struct ReorderingHandlers {
    /// Whether the user may move the item; without it, no item moves.
    public var canReorderItem: ((ItemIdentifierType) -> Bool)?
    /// A move is about to change the snapshot.
    public var willReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
    /// A move changed the snapshot.
    public var didReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

    public init() {}
  }

  /// What happens when the user moves items.
  public var reorderingHandlers = ReorderingHandlers()


  /// A data source for `collectionView` whose cells come from `cellProvider`; it becomes the
  /// collection view's data source.
  public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
    _collectionView = collectionView
    _cellProvider = cellProvider
    super.init()
    collectionView.dataSource = self
    collectionView._diffableDataSource = self
  }

  // MARK: Snapshots

  /// A copy of the data source's current state.
  open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    _snapshot
  }

  /// Makes `snapshot` the data source's state, updating the collection view by the
  /// differences (animated or not; the hosts draw the end state either way). `completion`
  /// runs once the update is done: at once without animation, after the animation's duration
  /// on UIKit's clock with it.
  open func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    // Outlines whose sections changed under them no longer describe them.
    for (section, outline) in _sectionSnapshots {
      guard let index = snapshot.indexOfSection(section), snapshot._sections[index].items == outline.visibleItems else {
        _sectionSnapshots[section] = nil
        continue
      }
    }
    _applyFull(snapshot, animatingDifferences: animatingDifferences, completion: completion)
  }

  private func _applyFull(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool, completion: (() -> Void)?
  ) {
    let old = _snapshot
    _snapshot = snapshot._settled
    guard let collectionView = _collectionView else {
      completion?()
      return
    }
    guard !collectionView._needsReload else {
      // Nothing was shown yet: there is nothing to move.
      collectionView.reloadData()
      completion?()
      return
    }
    let changes = _SnapshotChanges.between(old, snapshot)
    let update: () -> Void = {
      if changes._onlyReconfigures {
        // Nothing moves: the layout stays valid and only the cells are configured again.
        collectionView.reconfigureItems(at: changes.reconfiguredItems)
      } else {
        collectionView.performBatchUpdates {
          collectionView._applyChanges(changes)
        }
      }
    }
    _DiffableUpdate.run(animating: animatingDifferences, completion: completion, update)
  }

  /// ``apply(_:animatingDifferences:completion:)`` for async code (iOS 15).
  public func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true
  ) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      apply(snapshot, animatingDifferences: animatingDifferences) { continuation.resume() }
    }
  }

  /// Makes `snapshot` the state by reloading the collection view (no differences worked out;
  /// iOS 15).
  open func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)? = nil
  ) {
    _snapshot = snapshot._settled
    _collectionView?.reloadData()
    _collectionView?.layoutIfNeeded()
    completion?()
  }

  /// ``applySnapshotUsingReloadData(_:completion:)`` for async code.
  public func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) async {
    applySnapshotUsingReloadData(snapshot, completion: nil)
  }

  // MARK: Section snapshots

  /// Makes `snapshot` the outline of `section` (adding the section at the end when it is not
  /// there): the section shows the outline's visible items.
  open func apply(
    _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    var full = _snapshot
    if full.indexOfSection(section) == nil {
      full.appendSections([section])
    } else {
      full.deleteItems(full.itemIdentifiers(inSection: section))
    }
    full.appendItems(snapshot.visibleItems, toSection: section)
    // Items that stay keep their cells; their levels may change, so they are reconfigured.
    let kept = snapshot.visibleItems.filter { _snapshot._itemSections[$0] == section }
    if !kept.isEmpty { full.reconfigureItems(kept) }
    _sectionSnapshots[section] = snapshot
    _applyFull(full, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// The outline of `section` (a flat one of its items when none was applied).
  open func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
    if let outline = _sectionSnapshots[section] { return outline }
    var flat = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
    if _snapshot.indexOfSection(section) != nil { flat.append(_snapshot.itemIdentifiers(inSection: section)) }
    return flat
  }

  func _isExpanded(at indexPath: IndexPath) -> Bool {
    guard let item = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath[0]),
      let outline = _sectionSnapshots[section], outline.contains(item)
    else { return false }
    return outline.isExpanded(item)
  }

  /// The outline disclosure's default action: expands or collapses the item, asking the
  /// section snapshot handlers.
  func _toggleExpansion(at indexPath: IndexPath) {
    guard let item = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath[0]) else { return }
    var outline = snapshot(for: section)
    guard outline.contains(item) else { return }
    if outline.isExpanded(item) {
      guard sectionSnapshotHandlers.shouldCollapseItem?(item) ?? true else { return }
      sectionSnapshotHandlers.willCollapseItem?(item)
      outline.collapse([item])
    } else {
      guard sectionSnapshotHandlers.shouldExpandItem?(item) ?? true else { return }
      sectionSnapshotHandlers.willExpandItem?(item)
      if let provide = sectionSnapshotHandlers.snapshotForExpandingParent {
        let children = provide(item, outline.snapshot(of: item))
        outline.replace(childrenOf: item, using: children)
      }
      outline.expand([item])
    }
    apply(outline, to: section, animatingDifferences: true)
  }

  // MARK: Identifiers and index paths

  /// The item at `indexPath` (nil when there is none).
  open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
    _snapshot._item(at: indexPath)
  }

  /// Where the item is (nil when it is not in the current snapshot).
  open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
    _snapshot._itemIndexPath(of: itemIdentifier)
  }

  /// The section at `index` (nil when there is none; iOS 15).
  open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    _snapshot._section(at: index)
  }

  /// The index of the section (nil when it is not in the current snapshot; iOS 15).
  open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
    _snapshot.indexOfSection(sectionIdentifier)
  }

  // MARK: UICollectionViewDataSource

  open func numberOfSections(in collectionView: UICollectionView) -> Int {
    _snapshot.numberOfSections
  }

  open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    _snapshot._count(inSectionAt: section)
  }

  open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    guard let item = itemIdentifier(for: indexPath) else {
      preconditionFailure("UICollectionViewDiffableDataSource: no item at index path \(indexPath) in the current snapshot")
    }
    guard let cell = _cellProvider(collectionView, indexPath, item) else {
      preconditionFailure(
        "UICollectionView dataSource returned a nil cell for item at index path: \(indexPath), dataSource: \(self), item identifier: \(item)"
      )
    }
    // A list cell in an outline is indented by its level, as on iOS.
    if let listCell = cell as? UICollectionViewListCell, let section = sectionIdentifier(for: indexPath[0]),
      let outline = _sectionSnapshots[section], outline.contains(item)
    {
      listCell.indentationLevel = outline.level(of: item)
    }
    return cell
  }

  open func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    guard let supplementaryViewProvider else {
      preconditionFailure(
        "UICollectionViewDiffableDataSource: the layout asked for a supplementary view of kind '\(kind)' at \(indexPath), but the data source has no supplementaryViewProvider"
      )
    }
    guard let view = supplementaryViewProvider(collectionView, kind, indexPath) else {
      preconditionFailure(
        "the supplementary view provider returned nil for element of kind '\(kind)' at index path \(indexPath)")
    }
    return view
  }

  /// Whether the user may move the item: ``reorderingHandlers``' `canReorderItem` (no
  /// handler: no).
  open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    guard let item = itemIdentifier(for: indexPath), let canReorder = reorderingHandlers.canReorderItem else { return false }
    return canReorder(item)
  }

  /// The user moved an item: the data source's snapshot follows (the collection view already
  /// shows it), between ``reorderingHandlers``' `willReorder` and `didReorder`.
  open func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    guard let item = itemIdentifier(for: sourceIndexPath), let from = sectionIdentifier(for: sourceIndexPath[0]),
      let to = sectionIdentifier(for: destinationIndexPath[0])
    else { return }
    let initial = _snapshot
    var final = initial
    final.deleteItems([item])
    let destination = final.itemIdentifiers(inSection: to)
    if destinationIndexPath[1] < destination.count {
      final.insertItems([item], beforeItem: destination[destinationIndexPath[1]])
    } else {
      final.appendItems([item], toSection: to)
    }
    let transaction = NSDiffableDataSourceTransaction(initial: initial, final: final, sections: from == to ? [from] : [from, to])
    reorderingHandlers.willReorder?(transaction)
    _snapshot = final._settled
    for section in Set([from, to]) { _sectionSnapshots[section] = nil }
    reorderingHandlers.didReorder?(transaction)
  }

  open func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }

  open func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath { IndexPath(item: 0, section: index) }
}

extension UICollectionView {
  /// Applies a snapshot's changes inside a batch update.
  func _applyChanges(_ changes: _SnapshotChanges) {
    if !changes.deletedSections.isEmpty { deleteSections(changes.deletedSections) }
    if !changes.insertedSections.isEmpty { insertSections(changes.insertedSections) }
    if !changes.reloadedSections.isEmpty { reloadSections(changes.reloadedSections) }
    for move in changes.movedSections { moveSection(move.from, toSection: move.to) }
    if !changes.deletedItems.isEmpty { deleteItems(at: changes.deletedItems) }
    if !changes.insertedItems.isEmpty { insertItems(at: changes.insertedItems) }
    if !changes.reloadedItems.isEmpty { reloadItems(at: changes.reloadedItems) }
    for move in changes.movedItems { moveItem(at: move.from, to: move.to) }
    if !changes.reconfiguredItems.isEmpty { _batch?.reconfiguredNewItems += changes.reconfiguredItems }
  }
}
