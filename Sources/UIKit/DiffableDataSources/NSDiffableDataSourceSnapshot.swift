import Foundation
import TextEditing

/// The state of a diffable data source at one moment: its sections and their items, named by
/// identifiers (iOS 13). A value: take one from the data source (`snapshot()`), change it, and
/// apply it; the data source works out the inserts, deletes and moves.
///
/// Identifiers are unique across the snapshot (sections among sections, items among items).
/// Naming an identifier that is not there, or adding one twice, stops with iOS's message.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
  @unchecked Sendable
{
  /// One section and its items. `token` changes whenever the items do, so that applying a
  /// snapshot compares only the sections that changed.
  struct _Section {
    var identifier: SectionIdentifierType
    var items: [ItemIdentifierType]
    var token = _Token()
    /// The token the section had before its first edit since it was settled, and how many of
    /// its first and last items are still that version's, in place: applying a snapshot that
    /// edited a long section compares only what lies between (see `_SnapshotChanges`).
    var base: _Token?
    var unchangedPrefix = 0
    var unchangedSuffix = 0

    /// Records that at `position`, `removed` items went and others may have come (the items
    /// array is edited by the caller, before or after).
    mutating func edited(at position: Int, removing removed: Int, countBefore: Int) {
      if base == nil {
        base = token
        unchangedPrefix = countBefore
        unchangedSuffix = countBefore
      }
      unchangedPrefix = max(0, min(unchangedPrefix, position))
      unchangedSuffix = max(0, min(unchangedSuffix, countBefore - position - removed))
      token = _Token()
    }

    /// Records an edit whose extent is not known.
    mutating func editedAnywhere() {
      if base == nil { base = token }
      unchangedPrefix = 0
      unchangedSuffix = 0
      token = _Token()
    }
  }

  /// An identity that changes with each mutation (a new object).
  final class _Token: @unchecked Sendable {}

  var _sections: [_Section] = []
  /// The section of each item.
  var _itemSections = _ItemSectionIndex<ItemIdentifierType, SectionIdentifierType>()
  /// Changes whenever sections are added, removed or moved, or items change section.
  var _structure = _Token()

  private var _reloadedItems: [ItemIdentifierType] = []
  private var _reconfiguredItems: [ItemIdentifierType] = []
  private var _reloadedSections: [SectionIdentifierType] = []

  /// An empty snapshot.
  public init() {}

  // MARK: Reading

  /// The number of items in all sections.
  public var numberOfItems: Int { _itemSections.count }
  /// The number of sections.
  public var numberOfSections: Int { _sections.count }
  /// The sections, in order.
  public var sectionIdentifiers: [SectionIdentifierType] { _sections.map(\.identifier) }
  /// The items of all sections, in order.
  public var itemIdentifiers: [ItemIdentifierType] { _sections.flatMap(\.items) }

  /// The sections whose items are to be reloaded when the snapshot is applied.
  public var reloadedSectionIdentifiers: [SectionIdentifierType] { _reloadedSections }
  /// The items whose cells are to be made again when the snapshot is applied.
  public var reloadedItemIdentifiers: [ItemIdentifierType] { _reloadedItems }
  /// The items whose cells are to be configured again when the snapshot is applied (iOS 15).
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] { _reconfiguredItems }

  /// The number of items in the section.
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    _sections[_sectionIndex(identifier, "numberOfItems(inSection:)")].items.count
  }

  /// The items of the section, in order.
  public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
    _sections[_sectionIndex(identifier, "itemIdentifiers(inSection:)")].items
  }

  /// The section holding the item (nil when the item is not in the snapshot).
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
    _itemSections[identifier]
  }

  /// The item's index among all items (nil when it is not in the snapshot).
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
    guard let path = _indexPath(of: identifier) else { return nil }
    return _sections[..<path.section].reduce(0) { $0 + $1.items.count } + path.item
  }

  /// The section's index (nil when it is not in the snapshot).
  public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
    _sections.firstIndex { $0.identifier == identifier }
  }

  func _indexPath(of item: ItemIdentifierType) -> (section: Int, item: Int)? {
    guard let section = _itemSections[item], let sectionIndex = indexOfSection(section),
      let itemIndex = _sections[sectionIndex].items.firstIndex(of: item)
    else { return nil }
    return (sectionIndex, itemIndex)
  }

  private func _sectionIndex(_ identifier: SectionIdentifierType, _ what: String) -> Int {
    guard let index = indexOfSection(identifier) else {
      preconditionFailure("\(what): invalid section identifier \(identifier): it is not in the snapshot")
    }
    return index
  }

  // MARK: Items

  /// Adds items at the end of `sectionIdentifier` (nil: the last section).
  public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
    let section: Int
    if let sectionIdentifier {
      section = _sectionIndex(sectionIdentifier, "appendItems(_:toSection:)")
    } else {
      precondition(
        !_sections.isEmpty, "There are currently no sections in the data source. Please add a section first.")
      section = _sections.count - 1
    }
    _add(identifiers, to: section, at: _sections[section].items.count)
  }

  /// Inserts items before `beforeIdentifier`, in its section.
  public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
    guard let path = _indexPath(of: beforeIdentifier) else {
      preconditionFailure("Invalid parameter not satisfying: indexPath || ignoreInvalidItems (item \(beforeIdentifier) is not in the snapshot)")
    }
    _add(identifiers, to: path.section, at: path.item)
  }

  /// Inserts items after `afterIdentifier`, in its section.
  public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
    guard let path = _indexPath(of: afterIdentifier) else {
      preconditionFailure("Invalid parameter not satisfying: indexPath || ignoreInvalidItems (item \(afterIdentifier) is not in the snapshot)")
    }
    _add(identifiers, to: path.section, at: path.item + 1)
  }

  private mutating func _add(_ identifiers: [ItemIdentifierType], to section: Int, at position: Int) {
    var seen = Set<ItemIdentifierType>()
    let duplicates = identifiers.filter { _itemSections[$0] != nil || !seen.insert($0).inserted }
    precondition(
      duplicates.isEmpty,
      "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(duplicates.map { "\($0)" }.joined(separator: ", ")))}"
    )
    guard !identifiers.isEmpty else { return }
    let identifier = _sections[section].identifier
    for item in identifiers { _itemSections[item] = identifier }
    _sections[section].edited(at: position, removing: 0, countBefore: _sections[section].items.count)
    _sections[section].items.insert(contentsOf: identifiers, at: position)
  }

  /// Removes items (those not in the snapshot are ignored).
  public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
    var bySection: [SectionIdentifierType: Set<ItemIdentifierType>] = [:]
    for item in identifiers {
      guard let section = _itemSections.removeValue(forKey: item) else { continue }
      bySection[section, default: []].insert(item)
    }
    for (section, items) in bySection {
      guard let index = indexOfSection(section) else { continue }
      if items.count <= 8 {
        // A few items (a swipe's delete, a replaced row): found by equality and removed, which
        // costs a scan of the section without hashing each of its items.
        for item in items {
          guard let position = _sections[index].items.firstIndex(of: item) else { continue }
          _sections[index].edited(at: position, removing: 1, countBefore: _sections[index].items.count)
          _sections[index].items.remove(at: position)
        }
      } else {
        _sections[index].items.removeAll { items.contains($0) }
        _sections[index].editedAnywhere()
      }
    }
    if !_reloadedItems.isEmpty { _reloadedItems.removeAll { _itemSections[$0] == nil } }
    if !_reconfiguredItems.isEmpty { _reconfiguredItems.removeAll { _itemSections[$0] == nil } }
  }

  /// Removes every item and section.
  public mutating func deleteAllItems() {
    _sections = []
    _itemSections = _ItemSectionIndex()
    _reloadedItems = []
    _reconfiguredItems = []
    _reloadedSections = []
    _structure = _Token()
  }

  /// Moves an item before another one (possibly into another section).
  public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
    _move(identifier, next: toIdentifier, after: false)
  }

  /// Moves an item after another one (possibly into another section).
  public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
    _move(identifier, next: toIdentifier, after: true)
  }

  private mutating func _move(_ item: ItemIdentifierType, next other: ItemIdentifierType, after: Bool) {
    precondition(item != other, "Attempted to move item identifier \(item) relative to itself")
    guard let from = _indexPath(of: item) else {
      preconditionFailure("Invalid item identifier specified for move: \(item) is not in the snapshot")
    }
    precondition(_itemSections[other] != nil, "Invalid item identifier specified for move: \(other) is not in the snapshot")
    _sections[from.section].edited(at: from.item, removing: 1, countBefore: _sections[from.section].items.count)
    _sections[from.section].items.remove(at: from.item)
    let to = _indexPath(of: other)!
    let position = to.item + (after ? 1 : 0)
    _sections[to.section].edited(at: position, removing: 0, countBefore: _sections[to.section].items.count)
    _sections[to.section].items.insert(item, at: position)
    if to.section != from.section {
      _itemSections[item] = _sections[to.section].identifier
      _structure = _Token()
    }
  }

  /// Marks items to be reloaded (new cells) when the snapshot is applied.
  public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
    for item in identifiers {
      precondition(
        _itemSections[item] != nil, "Attempted to reload item identifier that does not exist in the snapshot: \(item)")
      if !_reloadedItems.contains(item) { _reloadedItems.append(item) }
    }
  }

  /// Marks items to be reconfigured (their cells kept and configured again) when the snapshot
  /// is applied (iOS 15).
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
    for item in identifiers {
      precondition(
        _itemSections[item] != nil,
        "Attempted to reconfigure item identifier that does not exist in the snapshot: \(item)")
      if !_reconfiguredItems.contains(item) { _reconfiguredItems.append(item) }
    }
  }

  // MARK: Sections

  /// Adds sections at the end.
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
    _insertSections(identifiers, at: _sections.count)
  }

  /// Inserts sections before `toIdentifier`.
  public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
    _insertSections(identifiers, at: _sectionIndex(toIdentifier, "insertSections(_:beforeSection:)"))
  }

  /// Inserts sections after `toIdentifier`.
  public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
    _insertSections(identifiers, at: _sectionIndex(toIdentifier, "insertSections(_:afterSection:)") + 1)
  }

  private mutating func _insertSections(_ identifiers: [SectionIdentifierType], at index: Int) {
    var seen = Set<SectionIdentifierType>()
    let duplicates = identifiers.filter { indexOfSection($0) != nil || !seen.insert($0).inserted }
    precondition(
      duplicates.isEmpty,
      "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\(duplicates.map { "\($0)" }.joined(separator: ", ")))}"
    )
    guard !identifiers.isEmpty else { return }
    _sections.insert(contentsOf: identifiers.map { _Section(identifier: $0, items: []) }, at: index)
    _structure = _Token()
  }

  /// Removes sections and their items (those not in the snapshot are ignored).
  public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
    let gone = Set(identifiers)
    for section in _sections where gone.contains(section.identifier) {
      for item in section.items { _itemSections[item] = nil }
    }
    let count = _sections.count
    _sections.removeAll { gone.contains($0.identifier) }
    guard _sections.count != count else { return }
    _structure = _Token()
    _reloadedSections.removeAll { gone.contains($0) }
    _reloadedItems.removeAll { _itemSections[$0] == nil }
    _reconfiguredItems.removeAll { _itemSections[$0] == nil }
  }

  /// Moves a section before another one.
  public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
    _moveSection(identifier, next: toIdentifier, after: false)
  }

  /// Moves a section after another one.
  public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
    _moveSection(identifier, next: toIdentifier, after: true)
  }

  private mutating func _moveSection(_ identifier: SectionIdentifierType, next other: SectionIdentifierType, after: Bool) {
    precondition(identifier != other, "Attempted to move section identifier \(identifier) relative to itself")
    let from = _sectionIndex(identifier, "moveSection")
    _ = _sectionIndex(other, "moveSection")
    let section = _sections.remove(at: from)
    let to = indexOfSection(other)!
    _sections.insert(section, at: to + (after ? 1 : 0))
    _structure = _Token()
  }

  /// Marks sections to be reloaded (their items' cells and supplementary views made again).
  public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
    for section in identifiers {
      _ = _sectionIndex(section, "reloadSections(_:)")
      if !_reloadedSections.contains(section) { _reloadedSections.append(section) }
    }
  }

  // MARK: What diffable data sources read

  /// The item at `indexPath` (nil when there is none).
  func _item(at indexPath: IndexPath) -> ItemIdentifierType? {
    guard indexPath.count == 2, _sections.indices.contains(indexPath[0]),
      _sections[indexPath[0]].items.indices.contains(indexPath[1])
    else { return nil }
    return _sections[indexPath[0]].items[indexPath[1]]
  }

  /// Where the item is, as a two-index path (an item's or a row's).
  func _itemIndexPath(of item: ItemIdentifierType) -> IndexPath? {
    _indexPath(of: item).map { IndexPath(item: $0.item, section: $0.section) }
  }

  /// The section at `index` (nil when there is none).
  func _section(at index: Int) -> SectionIdentifierType? {
    _sections.indices.contains(index) ? _sections[index].identifier : nil
  }

  /// The number of items of the section at `index` (0 when there is none).
  func _count(inSectionAt index: Int) -> Int {
    _sections.indices.contains(index) ? _sections[index].items.count : 0
  }

  /// The snapshot without its reload and reconfigure marks (what the data source keeps once
  /// it has applied them).
  var _settled: Self {
    var copy = self
    copy._reloadedItems = []
    copy._reconfiguredItems = []
    copy._reloadedSections = []
    // Edits are counted from here on.
    for index in copy._sections.indices where copy._sections[index].base != nil {
      copy._sections[index].base = nil
    }
    return copy
  }
}

/// How both diffable data sources run an update: without animation inside
/// `performWithoutAnimation`, and the completion at once, or after the animation's duration on
/// UIKit's clock.
@MainActor
enum _DiffableUpdate {
  static func run(animating: Bool, completion: (() -> Void)?, _ update: () -> Void) {
    if animating { update() } else { UIView.performWithoutAnimation(update) }
    guard let completion else { return }
    if animating && UIView.areAnimationsEnabled {
      UIApplication.shared._scheduler.schedule(after: 0.3) { completion() }
    } else {
      completion()
    }
  }
}
