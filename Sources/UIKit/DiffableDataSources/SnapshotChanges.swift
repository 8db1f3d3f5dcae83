import Foundation
import TextEditing

/// What turns one snapshot into another, in the terms of a batch update: deletes, reloads and
/// move sources name old index paths; inserts and move destinations new ones, as
/// ``UICollectionView/performBatchUpdates(_:completion:)`` takes them. Reconfigured items are
/// named by their new index paths (they are reconfigured after the update).
struct _SnapshotChanges: Equatable {
  var deletedSections = IndexSet()
  var insertedSections = IndexSet()
  var reloadedSections = IndexSet()
  var movedSections: [Move<Int>] = []
  var deletedItems: [IndexPath] = []
  var insertedItems: [IndexPath] = []
  var reloadedItems: [IndexPath] = []
  var movedItems: [Move<IndexPath>] = []
  var reconfiguredItems: [IndexPath] = []

  struct Move<Index: Equatable>: Equatable {
    var from: Index
    var to: Index
  }

  var isEmpty: Bool { self == _SnapshotChanges() }

  /// Whether the changes only reconfigure items (no item or section comes, goes or moves).
  var _onlyReconfigures: Bool {
    var structural = self
    structural.reconfiguredItems = []
    return structural.isEmpty
  }

  /// The changes from `old` to `new`. Only sections whose items changed are compared item by
  /// item (a section's items carry a token that each change replaces), so applying a snapshot
  /// that changed one section costs that section's size, whatever the others hold.
  static func between<S, I>(
    _ old: NSDiffableDataSourceSnapshot<S, I>, _ new: NSDiffableDataSourceSnapshot<S, I>
  ) -> _SnapshotChanges {
    var changes = _SnapshotChanges()
    let oldIDs = old._sections.map(\.identifier)
    let newIDs = new._sections.map(\.identifier)
    let oldSectionIndex = Dictionary(uniqueKeysWithValues: oldIDs.enumerated().map { ($1, $0) })
    let newSectionIndex = Dictionary(uniqueKeysWithValues: newIDs.enumerated().map { ($1, $0) })

    // Sections: gone, new, and moved (those outside the longest run kept in order).
    for (index, id) in oldIDs.enumerated() where newSectionIndex[id] == nil { changes.deletedSections.insert(index) }
    for (index, id) in newIDs.enumerated() where oldSectionIndex[id] == nil { changes.insertedSections.insert(index) }
    let commonOld = oldIDs.filter { newSectionIndex[$0] != nil }
    let commonNew = newIDs.filter { oldSectionIndex[$0] != nil }
    for change in commonNew.difference(from: commonOld) {
      if case .remove(_, let id, _) = change {
        changes.movedSections.append(Move(from: oldSectionIndex[id]!, to: newSectionIndex[id]!))
      }
    }

    // Items of the sections that changed (those whose token differs, and those that came or
    // went): an item in an unchanged section stayed where it was.
    var oldChanged: [Int] = []
    for (index, section) in old._sections.enumerated() {
      guard let newIndex = newSectionIndex[section.identifier] else {
        oldChanged.append(index)
        continue
      }
      if new._sections[newIndex].token !== section.token { oldChanged.append(index) }
    }
    var newChanged: [Int] = []
    for (index, section) in new._sections.enumerated() {
      guard let oldIndex = oldSectionIndex[section.identifier] else {
        newChanged.append(index)
        continue
      }
      if old._sections[oldIndex].token !== section.token { newChanged.append(index) }
    }
    // In a section that stays, the items before the first difference and after the last one
    // stayed where they were (compared by equality, without hashing): only the middle part is
    // looked at item by item, so replacing one item of a long section costs two scans.
    var oldRanges: [Int: Range<Int>] = [:]
    var newRanges: [Int: Range<Int>] = [:]
    for section in oldChanged { oldRanges[section] = old._sections[section].items.indices }
    for section in newChanged { newRanges[section] = new._sections[section].items.indices }
    for section in oldChanged {
      guard let newSection = newSectionIndex[oldIDs[section]], newRanges[newSection] != nil else { continue }
      let before = old._sections[section].items
      let after = new._sections[newSection].items
      var prefix = 0
      let shorter = min(before.count, after.count)
      // A section edited since the old snapshot was settled says which of its ends it left
      // alone: only the rest is compared (a snapshot that replaced one item of 10,000 compares
      // a few).
      var knownSuffix = 0
      if let base = new._sections[newSection].base, base === old._sections[section].token {
        prefix = min(new._sections[newSection].unchangedPrefix, shorter)
        knownSuffix = min(new._sections[newSection].unchangedSuffix, shorter - prefix)
      }
      while prefix < shorter, before[prefix] == after[prefix] { prefix += 1 }
      var suffix = min(knownSuffix, shorter - prefix)
      while suffix < shorter - prefix, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] {
        suffix += 1
      }
      oldRanges[section] = prefix..<(before.count - suffix)
      newRanges[newSection] = prefix..<(after.count - suffix)
    }
    var oldPaths: [I: IndexPath] = [:]
    for section in oldChanged {
      let items = old._sections[section].items
      for item in oldRanges[section]! { oldPaths[items[item]] = IndexPath(item: item, section: section) }
    }
    var newPaths: [I: IndexPath] = [:]
    for section in newChanged {
      let items = new._sections[section].items
      for item in newRanges[section]! { newPaths[items[item]] = IndexPath(item: item, section: section) }
    }
    for section in oldChanged {
      let sectionGone = changes.deletedSections.contains(section)
      let items = old._sections[section].items
      for item in oldRanges[section]! {
        let id = items[item]
        let oldPath = IndexPath(item: item, section: section)
        guard let newPath = newPaths[id] else {
          if !sectionGone { changes.deletedItems.append(oldPath) }
          continue
        }
        let sectionNew = changes.insertedSections.contains(newPath[0])
        if sectionGone || sectionNew {
          // An item cannot move out of a deleted section or into an inserted one: it goes
          // and comes again.
          if !sectionGone { changes.deletedItems.append(oldPath) }
          if !sectionNew { changes.insertedItems.append(newPath) }
        } else if oldIDs[section] != newIDs[newPath[0]] {
          changes.movedItems.append(Move(from: oldPath, to: newPath))
        }
      }
    }
    for section in newChanged where !changes.insertedSections.contains(section) {
      let items = new._sections[section].items
      for item in newRanges[section]! where oldPaths[items[item]] == nil {
        changes.insertedItems.append(IndexPath(item: item, section: section))
      }
    }
    // Within a section that stays: the items outside the longest run kept in order moved.
    for section in oldChanged where !changes.deletedSections.contains(section) {
      let id = oldIDs[section]
      let newSection = newSectionIndex[id]!
      let stayingOld = old._sections[section].items[oldRanges[section]!].filter {
        newPaths[$0].map { newIDs[$0[0]] == id } ?? false
      }
      let stayingNew = new._sections[newSection].items[newRanges[newSection]!].filter {
        oldPaths[$0].map { oldIDs[$0[0]] == id } ?? false
      }
      for change in stayingNew.difference(from: stayingOld) {
        if case .remove(_, let item, _) = change {
          changes.movedItems.append(Move(from: oldPaths[item]!, to: newPaths[item]!))
        }
      }
    }

    // Reloads name old index paths; an item that also moves is deleted and inserted instead,
    // which makes its cell again just as well.
    let movedFrom = Set(changes.movedItems.map(\.from))
    let insertedSet = Set(changes.insertedItems)
    for id in new.reloadedItemIdentifiers {
      guard let newPath = new._indexPath(of: id).map({ IndexPath(item: $0.item, section: $0.section) }),
        let oldPath = old._indexPath(of: id).map({ IndexPath(item: $0.item, section: $0.section) }),
        !insertedSet.contains(newPath), !changes.deletedSections.contains(oldPath[0])
      else { continue }
      if movedFrom.contains(oldPath) {
        changes.movedItems.removeAll { $0.from == oldPath }
        changes.deletedItems.append(oldPath)
        changes.insertedItems.append(newPath)
      } else {
        changes.reloadedItems.append(oldPath)
      }
    }
    for id in new.reloadedSectionIdentifiers {
      if let oldIndex = oldSectionIndex[id], newSectionIndex[id] != nil { changes.reloadedSections.insert(oldIndex) }
    }
    let reloadedSet = Set(changes.reloadedItems)
    for id in new.reconfiguredItemIdentifiers {
      guard let path = new._indexPath(of: id) else { continue }
      let newPath = IndexPath(item: path.item, section: path.section)
      if let oldPath = old._indexPath(of: id), reloadedSet.contains(IndexPath(item: oldPath.item, section: oldPath.section)) {
        continue
      }
      changes.reconfiguredItems.append(newPath)
    }
    return changes
  }
}
