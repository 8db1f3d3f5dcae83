import Foundation
import TextEditing

/// The items of one section as an outline (iOS 14): items with children, each parent expanded
/// or collapsed. Applied to a section of a collection view's diffable data source, it shows
/// the visible items (those whose ancestors are all expanded), in depth-first order; list cells
/// are indented by their level.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: @unchecked Sendable {
  private var _roots: [ItemIdentifierType] = []
  private var _children: [ItemIdentifierType: [ItemIdentifierType]] = [:]
  private var _parents: [ItemIdentifierType: ItemIdentifierType] = [:]
  private var _expanded: Set<ItemIdentifierType> = []
  /// Every item, for uniqueness.
  private var _all: Set<ItemIdentifierType> = []

  /// An empty section snapshot.
  public init() {}

  // MARK: Reading

  /// Every item, depth-first.
  public var items: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    result.reserveCapacity(_all.count)
    func walk(_ list: [ItemIdentifierType]) {
      for item in list {
        result.append(item)
        walk(_children[item] ?? [])
      }
    }
    walk(_roots)
    return result
  }

  /// The items without a parent.
  public var rootItems: [ItemIdentifierType] { _roots }

  /// The items shown: those whose ancestors are all expanded, depth-first.
  public var visibleItems: [ItemIdentifierType] {
    var result: [ItemIdentifierType] = []
    func walk(_ list: [ItemIdentifierType]) {
      for item in list {
        result.append(item)
        if _expanded.contains(item) { walk(_children[item] ?? []) }
      }
    }
    walk(_roots)
    return result
  }

  /// Whether the item is in the snapshot.
  public func contains(_ item: ItemIdentifierType) -> Bool { _all.contains(item) }

  /// The item's index among ``items`` (nil when it is not there).
  public func index(of item: ItemIdentifierType) -> Int? { items.firstIndex(of: item) }

  /// The item's depth (0 for a root).
  public func level(of item: ItemIdentifierType) -> Int {
    precondition(_all.contains(item), "Invalid item identifier: \(item) is not in the section snapshot")
    var level = 0
    var current = item
    while let parent = _parents[current] {
      level += 1
      current = parent
    }
    return level
  }

  /// The item's parent (nil for a root).
  public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { _parents[child] }

  /// Whether the item is expanded.
  public func isExpanded(_ item: ItemIdentifierType) -> Bool {
    precondition(_all.contains(item), "Invalid item identifier: \(item) is not in the section snapshot")
    return _expanded.contains(item)
  }

  /// Whether the item is visible (its ancestors are all expanded).
  public func isVisible(_ item: ItemIdentifierType) -> Bool {
    guard _all.contains(item) else { return false }
    var current = item
    while let parent = _parents[current] {
      guard _expanded.contains(parent) else { return false }
      current = parent
    }
    return true
  }

  /// The part of the outline under `parent` (with it as the root when `includingParent`).
  public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
    precondition(_all.contains(parent), "Invalid parent item identifier: \(parent) is not in the section snapshot")
    var result = Self()
    if includingParent {
      result.append([parent])
      result._copyChildren(of: parent, from: self, to: parent)
      if _expanded.contains(parent) { result._expanded.insert(parent) }
    } else {
      result.append(_children[parent] ?? [])
      for child in _children[parent] ?? [] {
        result._copyChildren(of: child, from: self, to: child)
        if _expanded.contains(child) { result._expanded.insert(child) }
      }
    }
    return result
  }

  private mutating func _copyChildren(of item: ItemIdentifierType, from source: Self, to parent: ItemIdentifierType) {
    let children = source._children[item] ?? []
    guard !children.isEmpty else { return }
    append(children, to: parent)
    for child in children {
      if source._expanded.contains(child) { _expanded.insert(child) }
      _copyChildren(of: child, from: source, to: child)
    }
  }

  /// A text picture of the outline (one line an item, indented, `+` expanded, `-` collapsed).
  public func visualDescription() -> String {
    var lines: [String] = []
    func walk(_ list: [ItemIdentifierType], _ depth: Int) {
      for item in list {
        let children = _children[item] ?? []
        let mark = children.isEmpty ? " " : (_expanded.contains(item) ? "+" : "-")
        lines.append(String(repeating: "  ", count: depth) + mark + " \(item)")
        walk(children, depth + 1)
      }
    }
    walk(_roots, 0)
    return lines.joined(separator: "\n")
  }

  // MARK: Changing

  private mutating func _claim(_ items: [ItemIdentifierType]) {
    var seen = Set<ItemIdentifierType>()
    let duplicates = items.filter { _all.contains($0) || !seen.insert($0).inserted }
    precondition(
      duplicates.isEmpty,
      "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(duplicates.map { "\($0)" }.joined(separator: ", ")))}"
    )
    _all.formUnion(items)
  }

  /// Adds items at the end of `parent`'s children (nil: of the roots).
  public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
    if let parent {
      precondition(_all.contains(parent), "Invalid parent item identifier: \(parent) is not in the section snapshot")
    }
    _claim(items)
    if let parent {
      _children[parent, default: []].append(contentsOf: items)
      for item in items { _parents[item] = parent }
    } else {
      _roots.append(contentsOf: items)
    }
  }

  /// Inserts items before `item`, as its siblings.
  public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
    _insert(items, next: item, after: false)
  }

  /// Inserts items after `item`, as its siblings.
  public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
    _insert(items, next: item, after: true)
  }

  private mutating func _insert(_ items: [ItemIdentifierType], next item: ItemIdentifierType, after: Bool) {
    precondition(_all.contains(item), "Invalid item identifier: \(item) is not in the section snapshot")
    _claim(items)
    if let parent = _parents[item] {
      let index = _children[parent]!.firstIndex(of: item)! + (after ? 1 : 0)
      _children[parent]!.insert(contentsOf: items, at: index)
      for new in items { _parents[new] = parent }
    } else {
      let index = _roots.firstIndex(of: item)! + (after ? 1 : 0)
      _roots.insert(contentsOf: items, at: index)
    }
  }

  /// Adds another snapshot's outline under `parent` (nil: at the roots).
  public mutating func append(_ snapshot: Self, to parent: ItemIdentifierType? = nil) {
    append(snapshot._roots, to: parent)
    _adopt(snapshot)
  }

  /// Inserts another snapshot's outline before `item`.
  public mutating func insert(_ snapshot: Self, before item: ItemIdentifierType) {
    insert(snapshot._roots, before: item)
    _adopt(snapshot)
  }

  /// Inserts another snapshot's outline after `item`.
  public mutating func insert(_ snapshot: Self, after item: ItemIdentifierType) {
    insert(snapshot._roots, after: item)
    _adopt(snapshot)
  }

  /// Takes `snapshot`'s children and expansion (its roots are already placed).
  private mutating func _adopt(_ snapshot: Self) {
    for root in snapshot._roots {
      _copyChildren(of: root, from: snapshot, to: root)
      if snapshot._expanded.contains(root) { _expanded.insert(root) }
    }
  }

  /// Replaces `parent`'s children with `snapshot`'s outline.
  public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
    delete(_children[parent] ?? [])
    append(snapshot, to: parent)
  }

  /// Removes items and everything under them (those not in the snapshot are ignored).
  public mutating func delete(_ items: [ItemIdentifierType]) {
    for item in items where _all.contains(item) {
      for child in _children[item] ?? [] { delete([child]) }
      _children[item] = nil
      if let parent = _parents.removeValue(forKey: item) {
        _children[parent]?.removeAll { $0 == item }
        if _children[parent]?.isEmpty == true { _children[parent] = nil }
      } else {
        _roots.removeAll { $0 == item }
      }
      _expanded.remove(item)
      _all.remove(item)
    }
  }

  /// Removes every item.
  public mutating func deleteAll() {
    self = Self()
  }

  /// Expands items (their children show when their ancestors are expanded too).
  public mutating func expand(_ items: [ItemIdentifierType]) {
    for item in items {
      precondition(_all.contains(item), "Invalid item identifier: \(item) is not in the section snapshot")
      _expanded.insert(item)
    }
  }

  /// Collapses items.
  public mutating func collapse(_ items: [ItemIdentifierType]) {
    for item in items { _expanded.remove(item) }
  }

  /// Whether the item has children.
  func _hasChildren(_ item: ItemIdentifierType) -> Bool { !(_children[item] ?? []).isEmpty }
}

