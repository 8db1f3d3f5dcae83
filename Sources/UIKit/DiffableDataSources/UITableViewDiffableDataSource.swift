import Foundation
import TextEditing

/// A table view's data source driven by snapshots (iOS 13), as
/// ``UICollectionViewDiffableDataSource`` is a collection view's: ``apply(_:animatingDifferences:completion:)``
/// works out the inserts, deletes, moves and reloads and applies them as one batch update with
/// ``defaultRowAnimation``.
///
/// Subclass it to give section titles or to allow editing and moving, as on iOS: the data
/// source methods it implements are `open` (editing is off unless a subclass says otherwise).
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: NSObject, UITableViewDataSource {
  /// Makes the cell of an item.
  public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

  private weak var _tableView: UITableView?
  private let _cellProvider: CellProvider
  private var _snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

  /// How rows come and go when a snapshot is applied with animation (default `.automatic`).
  public var defaultRowAnimation: UITableView.RowAnimation = .automatic

  /// A data source for `tableView` whose cells come from `cellProvider`; it becomes the table
  /// view's data source.
  public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
    _tableView = tableView
    _cellProvider = cellProvider
    super.init()
    tableView.dataSource = self
  }

  // MARK: Snapshots

  /// A copy of the data source's current state.
  open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
    _snapshot
  }

  /// Makes `snapshot` the data source's state, updating the table by the differences.
  /// `completion` runs once the update is done: at once without animation, after the
  /// animation's duration on UIKit's clock with it.
  open func apply(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    let old = _snapshot
    _snapshot = snapshot._settled
    guard let tableView = _tableView else {
      completion?()
      return
    }
    guard tableView._hasLoadedData else {
      tableView.reloadData()
      completion?()
      return
    }
    let changes = _SnapshotChanges.between(old, snapshot)
    let animation = animatingDifferences ? defaultRowAnimation : .none
    let update: () -> Void = {
      if changes._onlyReconfigures {
        tableView.reconfigureRows(at: changes.reconfiguredItems)
        return
      }
      tableView.performBatchUpdates {
        if !changes.deletedSections.isEmpty { tableView.deleteSections(changes.deletedSections, with: animation) }
        if !changes.insertedSections.isEmpty { tableView.insertSections(changes.insertedSections, with: animation) }
        if !changes.reloadedSections.isEmpty { tableView.reloadSections(changes.reloadedSections, with: animation) }
        for move in changes.movedSections { tableView.moveSection(move.from, toSection: move.to) }
        if !changes.deletedItems.isEmpty { tableView.deleteRows(at: changes.deletedItems, with: animation) }
        if !changes.insertedItems.isEmpty { tableView.insertRows(at: changes.insertedItems, with: animation) }
        if !changes.reloadedItems.isEmpty { tableView.reloadRows(at: changes.reloadedItems, with: animation) }
        for move in changes.movedItems { tableView.moveRow(at: move.from, to: move.to) }
      }
      if !changes.reconfiguredItems.isEmpty { tableView.reconfigureRows(at: changes.reconfiguredItems) }
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

  /// Makes `snapshot` the state by reloading the table (iOS 15).
  open func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
    completion: (() -> Void)? = nil
  ) {
    _snapshot = snapshot._settled
    _tableView?.reloadData()
    _tableView?.layoutIfNeeded()
    completion?()
  }

  /// ``applySnapshotUsingReloadData(_:completion:)`` for async code.
  public func applySnapshotUsingReloadData(
    _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) async {
    applySnapshotUsingReloadData(snapshot, completion: nil)
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

  // MARK: UITableViewDataSource

  open func numberOfSections(in tableView: UITableView) -> Int { _snapshot.numberOfSections }

  open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    _snapshot._count(inSectionAt: section)
  }

  open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    guard let item = itemIdentifier(for: indexPath) else {
      preconditionFailure("UITableViewDiffableDataSource: no item at index path \(indexPath) in the current snapshot")
    }
    guard let cell = _cellProvider(tableView, indexPath, item) else {
      preconditionFailure(
        "UITableView dataSource returned a nil cell for row at index path: \(indexPath). Table view: \(tableView), dataSource: \(self)"
      )
    }
    return cell
  }

  open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
  open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
  /// Whether the row can be edited (default false: a subclass turns swipe-to-delete on).
  open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
  open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
  open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
  open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
    index
  }
  open func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {}
  open func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}
}
