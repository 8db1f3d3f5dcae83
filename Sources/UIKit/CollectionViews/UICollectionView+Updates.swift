import Foundation
import TextEditing

/// A group of inserts, deletes, reloads and moves applied together. Deletes, reloads and move
/// sources name items as they were before the group; inserts and move destinations as they
/// will be after it, as on iOS.
struct _CollectionBatch {
  var insertedItems: [IndexPath] = []
  var deletedItems: [IndexPath] = []
  var reloadedItems: [IndexPath] = []
  var reconfiguredItems: [IndexPath] = []
  /// Items to reconfigure named by their index paths after the update (a diffable data
  /// source's).
  var reconfiguredNewItems: [IndexPath] = []
  var movedItems: [(from: IndexPath, to: IndexPath)] = []
  var insertedSections = IndexSet()
  var deletedSections = IndexSet()
  var reloadedSections = IndexSet()
  var movedSections: [(from: Int, to: Int)] = []
}

extension UICollectionView {
  func _update(_ change: (inout _CollectionBatch) -> Void) {
    if _batch != nil {
      change(&_batch!)
    } else {
      var batch = _CollectionBatch()
      change(&batch)
      _apply(batch)
    }
  }

  func _apply(_ batch: _CollectionBatch) {
    // A collection view that has not loaded yet just loads, as on iOS.
    if _needsReload {
      _loadCountsIfNeeded()
      setNeedsLayout()
      layoutIfNeeded()
      return
    }
    guard dataSource != nil else { return }
    let oldCounts = (0..<numberOfSections).map { numberOfItems(inSection: $0) }
    _needsReload = true
    _loadCountsIfNeeded()
    let newCounts = (0..<numberOfSections).map { numberOfItems(inSection: $0) }

    // Sections.
    for section in batch.deletedSections.union(batch.reloadedSections) {
      precondition(
        section < oldCounts.count,
        "attempt to delete section \(section), but there are only \(oldCounts.count) sections before the update")
    }
    for section in batch.insertedSections {
      precondition(
        section < newCounts.count,
        "attempt to insert section \(section) but there are only \(newCounts.count) sections after the update")
    }
    for move in batch.movedSections {
      precondition(
        move.from < oldCounts.count && move.to < newCounts.count,
        "attempt to move section \(move.from) to \(move.to), but there are \(oldCounts.count) sections before and \(newCounts.count) after the update"
      )
    }
    precondition(
      newCounts.count == oldCounts.count - batch.deletedSections.count + batch.insertedSections.count,
      "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(newCounts.count)) must be equal to the number of sections contained in the collection view before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(batch.insertedSections.count) inserted, \(batch.deletedSections.count) deleted)."
    )
    var sectionMap = _IndexMapping(
      old: oldCounts.count, new: newCounts.count,
      removed: Array(batch.deletedSections) + batch.movedSections.map(\.from),
      fixed: Array(batch.insertedSections) + batch.movedSections.map(\.to))
    for move in batch.movedSections { sectionMap.send(move.from, to: move.to) }

    // Items of the sections that stay (a reloaded section's items are all new).
    var itemMaps: [Int: _IndexMapping] = [:]
    for (oldSection, newSection) in sectionMap.all.enumerated() {
      guard let newSection else { continue }
      if batch.reloadedSections.contains(oldSection) {
        itemMaps[oldSection] = _IndexMapping(removingAll: oldCounts[oldSection], new: newCounts[newSection])
        continue
      }
      let deleted = Set(batch.deletedItems.filter { $0[0] == oldSection }.map { $0[1] })
      let movedOut = Set(batch.movedItems.filter { $0.from[0] == oldSection }.map { $0.from[1] })
      let inserted = Set(batch.insertedItems.filter { $0[0] == newSection }.map { $0[1] })
      let movedIn = Set(batch.movedItems.filter { $0.to[0] == newSection }.map { $0.to[1] })
      for item in deleted.union(movedOut) {
        precondition(
          item >= 0 && item < oldCounts[oldSection],
          "attempt to delete item \(item) from section \(oldSection) which only contains \(oldCounts[oldSection]) items before the update"
        )
      }
      for item in inserted.union(movedIn) {
        precondition(
          item >= 0 && item < newCounts[newSection],
          "attempt to insert item \(item) into section \(newSection), but there are only \(newCounts[newSection]) items in section \(newSection) after the update"
        )
      }
      let movedInFromOthers = batch.movedItems.filter { $0.to[0] == newSection && $0.from[0] != oldSection }.count
      let movedOutToOthers = batch.movedItems.filter { $0.from[0] == oldSection && $0.to[0] != newSection }.count
      let expected = oldCounts[oldSection] - deleted.count + inserted.count + movedInFromOthers - movedOutToOthers
      precondition(
        newCounts[newSection] == expected,
        "Invalid update: invalid number of items in section \(newSection). The number of items contained in an existing section after the update (\(newCounts[newSection])) must be equal to the number of items contained in that section before the update (\(oldCounts[oldSection])), plus or minus the number of items inserted or deleted from that section (\(inserted.count) inserted, \(deleted.count) deleted) and plus or minus the number of items moved into or out of that section (\(movedInFromOthers) moved in, \(movedOutToOthers) moved out)."
      )
      itemMaps[oldSection] = _IndexMapping(
        old: oldCounts[oldSection], new: newCounts[newSection], removed: deleted.union(movedOut),
        fixed: inserted.union(movedIn))
    }
    let map = _CollectionBatchMap(
      sections: sectionMap, items: itemMaps,
      movedItems: Dictionary(batch.movedItems.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first }),
      reloadedItems: Set(batch.reloadedItems))
    func newIndexPath(_ old: IndexPath) -> IndexPath? { map.newIndexPath(old) }

    // The layout hears the changes before it is asked for the new attributes.
    var updateItems: [UICollectionViewUpdateItem] = []
    for section in batch.deletedSections {
      updateItems.append(.init(before: IndexPath(item: NSNotFound, section: section), after: nil, action: .delete))
    }
    for section in batch.insertedSections {
      updateItems.append(.init(before: nil, after: IndexPath(item: NSNotFound, section: section), action: .insert))
    }
    for section in batch.reloadedSections {
      let path = IndexPath(item: NSNotFound, section: section)
      updateItems.append(.init(before: path, after: sectionMap[section].map { IndexPath(item: NSNotFound, section: $0) }, action: .reload))
    }
    for move in batch.movedSections {
      updateItems.append(
        .init(
          before: IndexPath(item: NSNotFound, section: move.from), after: IndexPath(item: NSNotFound, section: move.to),
          action: .move))
    }
    for path in batch.deletedItems { updateItems.append(.init(before: path, after: nil, action: .delete)) }
    for path in batch.insertedItems { updateItems.append(.init(before: nil, after: path, action: .insert)) }
    for path in batch.reloadedItems {
      updateItems.append(.init(before: path, after: newIndexPath(path), action: .reload))
    }
    for move in batch.movedItems { updateItems.append(.init(before: move.from, after: move.to, action: .move)) }
    let layout = collectionViewLayout
    layout.prepare(forCollectionViewUpdates: updateItems)

    // Views and selection follow their items; reloaded items get new cells.
    let reloaded = map.reloadedItems
    _remapViews { key in
      switch key.category {
      case .cell:
        guard !reloaded.contains(key.indexPath), let target = newIndexPath(key.indexPath) else { return nil }
        return _ElementKey(category: .cell, kind: "", indexPath: target)
      case .supplementaryView, .decorationView:
        let old = key.indexPath
        guard old.count >= 1, let section = sectionMap[old[0]],
          !batch.reloadedSections.contains(old[0])
        else { return nil }
        var target = old
        target[0] = section
        if old.count == 2, let moved = newIndexPath(old), moved[0] == section { target = moved }
        return _ElementKey(category: key.category, kind: key.kind, indexPath: target)
      }
    }
    _selected = Set(_selected.compactMap { newIndexPath($0) })
    for (indexPath, cell) in _cells { cell.isSelected = _selected.contains(indexPath) }

    // Measured sizes move with their items; reloaded items are measured again.
    layout._itemsMoved(map)
    layout._invalidateAfterUpdate()
    layoutIfNeeded()
    let reconfigured = batch.reconfiguredItems.compactMap { newIndexPath($0) } + batch.reconfiguredNewItems
    if !reconfigured.isEmpty {
      _reconfigure(reconfigured)
      layoutIfNeeded()
    }
    layout.finalizeCollectionViewUpdates()
  }
}

/// Where a batch update of a collection view sends each item: its sections' and items'
/// mappings, stored as the changes only (see ``_IndexMapping``).
struct _CollectionBatchMap {
  var sections: _IndexMapping
  /// The items of each section that stays, by its old index.
  var items: [Int: _IndexMapping]
  var movedItems: [IndexPath: IndexPath]
  var reloadedItems: Set<IndexPath>

  /// Where the item at `old` goes (a reloaded item stays where it is); nil when it went.
  func newIndexPath(_ old: IndexPath) -> IndexPath? {
    if let target = movedItems[old] { return target }
    guard old.count == 2, let section = sections[old[0]], let item = items[old[0]]?[old[1]] else { return nil }
    return IndexPath(item: item, section: section)
  }

  /// Where the measurements of the item at `old` go: as ``newIndexPath(_:)``, but nil for a
  /// reloaded item (its new cell is measured again).
  func measuredIndexPath(_ old: IndexPath) -> IndexPath? {
    reloadedItems.contains(old) ? nil : newIndexPath(old)
  }

  /// Per-item values (one array per old section) carried to the items' new index paths, with
  /// `fill` for inserted and reloaded items: one pass per section, however long.
  func carry<Value>(_ values: [[Value]], newSectionCount: Int, filling fill: Value) -> [[Value]] {
    var result: [[Value]] = Array(repeating: [], count: newSectionCount)
    for (oldSection, sectionValues) in values.enumerated() {
      guard let newSection = sections[oldSection], newSection < newSectionCount, let items = items[oldSection] else {
        continue
      }
      result[newSection] = items.carry(sectionValues, filling: fill)
    }
    for (from, to) in movedItems where !reloadedItems.contains(from) {
      guard values.indices.contains(from[0]), values[from[0]].indices.contains(from[1]),
        result.indices.contains(to[0]), result[to[0]].indices.contains(to[1])
      else { continue }
      result[to[0]][to[1]] = values[from[0]][from[1]]
    }
    for old in reloadedItems {
      guard let target = newIndexPath(old), result.indices.contains(target[0]), result[target[0]].indices.contains(target[1])
      else { continue }
      result[target[0]][target[1]] = fill
    }
    return result
  }
}
