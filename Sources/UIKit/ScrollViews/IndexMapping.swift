import Foundation

/// A batch update of a table or collection view, for one list of positions (the sections, or
/// one section's rows or items): where each of `oldCount` positions goes among `newCount` when
/// the `removed` old positions go and the `fixed` new positions are taken by inserts and moves.
/// The others keep their order.
///
/// Only the changes are stored, so that an update of one row of a long list costs the size of
/// the update: a position's new place is found by bisection and counting, and
/// ``carry(_:filling:)`` moves a per-position array (measured heights) in one pass.
struct _IndexMapping {
  let oldCount: Int
  let newCount: Int
  /// Old positions that go, in increasing order.
  private let removed: [Int]
  /// New positions taken by inserts and moves, in increasing order.
  private let fixed: [Int]
  /// Every old position goes (a reloaded section's rows).
  private let removesAll: Bool
  /// Old positions sent to a given new one (a moved section), ahead of the rule.
  private var overrides: [Int: Int] = [:]

  init(old: Int, new: Int, removed: some Sequence<Int>, fixed: some Sequence<Int>) {
    oldCount = old
    newCount = new
    self.removed = Array(Set(removed)).sorted()
    self.fixed = Array(Set(fixed)).sorted()
    removesAll = false
  }

  /// Every one of `old` positions goes.
  init(removingAll old: Int, new: Int) {
    oldCount = old
    newCount = new
    removed = []
    fixed = []
    removesAll = true
  }

  /// Sends old position `old` to `new`, whatever the rule says (`old` should be removed and
  /// `new` fixed).
  mutating func send(_ old: Int, to new: Int) {
    overrides[old] = new
  }

  /// Whether nothing moves: every position stays where it was.
  var isIdentity: Bool { !removesAll && removed.isEmpty && fixed.isEmpty && overrides.isEmpty && oldCount == newCount }

  /// Where old position `old` goes; nil when it goes away (or is out of range).
  subscript(old: Int) -> Int? {
    guard old >= 0, old < oldCount else { return nil }
    if let target = overrides[old] { return target }
    guard !removesAll else { return nil }
    let before = Self.count(in: removed, below: old)
    if before < removed.count, removed[before] == old { return nil }
    // The rank among the old positions that stay is the rank among the new positions that are
    // not fixed.
    var position = old - before
    for taken in fixed {
      if taken <= position { position += 1 } else { break }
    }
    return position < newCount ? position : nil
  }

  /// Every old position's new one, in order (for the few sections of a view).
  var all: [Int?] { (0..<oldCount).map { self[$0] } }

  /// `values` (one per old position; missing ones count as `fill`) at their new positions, with
  /// `fill` where inserts and moves go. Overridden positions are not carried (their values are
  /// the caller's to place).
  func carry<Value>(_ values: [Value], filling fill: Value) -> [Value] {
    if isIdentity, values.count == oldCount { return values }
    var result: [Value] = []
    result.reserveCapacity(newCount)
    guard !removesAll else { return Array(repeating: fill, count: newCount) }
    var oldIndex = 0
    var removedIndex = 0
    var fixedIndex = 0
    while result.count < newCount {
      if fixedIndex < fixed.count, fixed[fixedIndex] == result.count {
        result.append(fill)
        fixedIndex += 1
        continue
      }
      while removedIndex < removed.count, removed[removedIndex] == oldIndex {
        removedIndex += 1
        oldIndex += 1
      }
      // Runs of positions that stay are copied whole.
      let nextFixed = fixedIndex < fixed.count ? fixed[fixedIndex] : newCount
      let nextRemoved = removedIndex < removed.count ? removed[removedIndex] : oldCount
      let run = min(nextFixed - result.count, nextRemoved - oldIndex, oldCount - oldIndex)
      guard run > 0 else {
        // Fewer old positions stay than new ones are free (an inconsistent update): the rest
        // is filled.
        result.append(fill)
        continue
      }
      let available = max(0, min(values.count, oldIndex + run) - oldIndex)
      if available > 0 { result.append(contentsOf: values[oldIndex..<(oldIndex + available)]) }
      if available < run { result.append(contentsOf: repeatElement(fill, count: run - available)) }
      oldIndex += run
    }
    return result
  }

  /// How many of the sorted `values` are below `value`.
  private static func count(in values: [Int], below value: Int) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if values[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
