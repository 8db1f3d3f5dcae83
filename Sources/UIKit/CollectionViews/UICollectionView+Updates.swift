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
    var sectionMap = UIScrollView._batchMapping(
      old: oldCounts.count, new: newCounts.count,
      removed: Set(batch.deletedSections).union(batch.movedSections.map(\.from)),
      fixed: Set(batch.insertedSections).union(batch.movedSections.map(\.to)))
    for move in batch.movedSections { sectionMap[move.from] = move.to }

    // Items of the sections that stay (a reloaded section's items are all new).
    var itemMaps: [Int: [Int?]] = [:]
    let movedFrom = Dictionary(batch.movedItems.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
    for (oldSection, newSection) in sectionMap.enumerated() {
      guard let newSection else { continue }
      if batch.reloadedSections.contains(oldSection) {
        itemMaps[oldSection] = Array(repeating: nil, count: oldCounts[oldSection])
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
      itemMaps[oldSection] = UIScrollView._batchMapping(
        old: oldCounts[oldSection], new: newCounts[newSection], removed: deleted.union(movedOut),
        fixed: inserted.union(movedIn))
    }
    func newIndexPath(_ old: IndexPath) -> IndexPath? {
      if let target = movedFrom[old] { return target }
      guard old.count == 2, old[0] < sectionMap.count, let section = sectionMap[old[0]],
        let item = itemMaps[old[0]]?[safe: old[1]] ?? nil
      else { return nil }
      return IndexPath(item: item, section: section)
    }

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
    let reloaded = Set(batch.reloadedItems)
    _remapViews { key in
      switch key.category {
      case .cell:
        guard !reloaded.contains(key.indexPath), let target = newIndexPath(key.indexPath) else { return nil }
        return _ElementKey(category: .cell, kind: "", indexPath: target)
      case .supplementaryView, .decorationView:
        let old = key.indexPath
        guard old.count >= 1, old[0] < sectionMap.count, let section = sectionMap[old[0]],
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
    layout._itemsMoved { reloaded.contains($0) ? nil : newIndexPath($0) }
    let context = layout._makeContext()
    context._invalidateEverything = true
    context._invalidateDataSourceCounts = true
    context._batchUpdate = true
    layout.invalidateLayout(with: context)
    layoutIfNeeded()
    let reconfigured = batch.reconfiguredItems.compactMap { newIndexPath($0) } + batch.reconfiguredNewItems
    if !reconfigured.isEmpty {
      _reconfigure(reconfigured)
      layoutIfNeeded()
    }
    layout.finalizeCollectionViewUpdates()
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
