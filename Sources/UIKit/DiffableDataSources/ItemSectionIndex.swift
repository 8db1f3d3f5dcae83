import Foundation

/// The section of each item of a snapshot, as a dictionary would hold it, made to be copied and
/// edited a little: a shared base and the changes since it.
///
/// A snapshot is a value: the data source keeps one, `snapshot()` hands out a copy, and the app
/// edits the copy. With one dictionary, the first edit of the copy copied all of it (10,000
/// items: the largest part of applying a snapshot that replaced one). Here an edit touches only
/// the changes, which are folded into a new base once they are a quarter of it, so each edit
/// costs a constant amount on average.
struct _ItemSectionIndex<Item: Hashable, Section> {
  private var base: [Item: Section] = [:]
  /// Items added, or moved to another section, since the base.
  private var added: [Item: Section] = [:]
  /// Items of the base that are gone.
  private var removed: Set<Item> = []
  private(set) var count = 0

  init() {}

  subscript(item: Item) -> Section? {
    get {
      if let section = added[item] { return section }
      if removed.contains(item) { return nil }
      return base[item]
    }
    set {
      if let newValue {
        if self[item] == nil { count += 1 }
        added[item] = newValue
        removed.remove(item)
      } else {
        _ = removeValue(forKey: item)
      }
      compactIfNeeded()
    }
  }

  /// Removes the item; returns its section, nil when it was not there.
  @discardableResult
  mutating func removeValue(forKey item: Item) -> Section? {
    guard let section = self[item] else { return nil }
    added.removeValue(forKey: item)
    if base[item] != nil { removed.insert(item) }
    count -= 1
    compactIfNeeded()
    return section
  }

  private mutating func compactIfNeeded() {
    guard added.count + removed.count > max(64, base.count / 4) else { return }
    var merged = base
    for item in removed { merged.removeValue(forKey: item) }
    merged.merge(added) { _, new in new }
    base = merged
    added = [:]
    removed = []
  }
}
