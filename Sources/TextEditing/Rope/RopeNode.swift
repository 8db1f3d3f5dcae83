/// A node of the rope that stores a ``TextBuffer``: a B-tree whose leaves hold runs of UTF-16 code
/// units and whose inner nodes cache the UTF-16 length and the number of line feeds below them.
///
/// Why a rope of UTF-16 units: UIKit speaks `NSRange` (UTF-16 offsets) at every API, so storing
/// UTF-16 makes an offset a plain index inside a leaf, and the tree makes finding that leaf
/// O(log n). Swift's `String` would need an O(n) UTF-16 breadcrumb rebuild after each mutation.
///
/// Nodes are copy-on-write: a mutation copies only the path from the root to the changed leaf
/// when the nodes are shared (for example with a snapshot kept for undo), and mutates in place
/// when they are not. Every leaf boundary falls between two Unicode scalars, never inside a
/// surrogate pair.
final class RopeNode: @unchecked Sendable {
  // @unchecked: nodes are only mutated while uniquely referenced (see `makeUnique`), the
  // copy-on-write discipline of the standard library's own collections.

  static let leafMax = 1024
  static let leafMin = 512
  static let childMax = 8
  static let childMin = 4

  /// 0 for a leaf; an inner node of height h has children of height h - 1.
  let height: Int
  /// UTF-16 code units below this node.
  private(set) var count: Int
  /// U+000A LINE FEED code units below this node.
  private(set) var newlines: Int
  private(set) var children: [RopeNode]
  private(set) var units: [UInt16]

  init(leaf units: [UInt16]) {
    height = 0
    self.units = units
    children = []
    count = units.count
    newlines = RopeNode.countNewlines(units[...])
  }

  init(children: [RopeNode]) {
    precondition(!children.isEmpty && children.count <= RopeNode.childMax)
    height = children[0].height + 1
    self.children = children
    units = []
    var c = 0
    var n = 0
    for child in children {
      assert(child.height == height - 1)
      c += child.count
      n += child.newlines
    }
    count = c
    newlines = n
  }

  private init(copying other: RopeNode) {
    height = other.height
    count = other.count
    newlines = other.newlines
    children = other.children
    units = other.units
  }

  var isLeaf: Bool { height == 0 }

  /// Whether the node is full enough to stand as a child without merging with a neighbour.
  var isOkChild: Bool {
    isLeaf ? units.count >= RopeNode.leafMin : children.count >= RopeNode.childMin
  }

  static func countNewlines(_ units: ArraySlice<UInt16>) -> Int {
    var n = 0
    for u in units where u == 0x0A { n += 1 }
    return n
  }

  @inline(__always) static func isLowSurrogate(_ u: UInt16) -> Bool { u & 0xFC00 == 0xDC00 }
  @inline(__always) static func isHighSurrogate(_ u: UInt16) -> Bool { u & 0xFC00 == 0xD800 }

  // MARK: Building

  /// Builds a balanced tree over `units`, splitting leaves only between scalars.
  static func build(_ units: [UInt16]) -> RopeNode {
    if units.count <= leafMax { return RopeNode(leaf: units) }
    var leaves: [RopeNode] = []
    leaves.reserveCapacity(units.count / leafMax + 2)
    var start = 0
    let n = units.count
    while start < n {
      var end = min(start + leafMax, n)
      let remaining = n - end
      if remaining > 0 && remaining < leafMin {
        // Split what is left evenly rather than leave a runt leaf at the end.
        end = start + (n - start) / 2
      }
      if end < n && isLowSurrogate(units[end]) { end -= 1 }
      leaves.append(RopeNode(leaf: Array(units[start..<end])))
      start = end
    }
    return buildLevels(leaves)
  }

  private static func buildLevels(_ nodes: [RopeNode]) -> RopeNode {
    var level = nodes
    while level.count > 1 {
      var next: [RopeNode] = []
      next.reserveCapacity(level.count / childMax + 2)
      var i = 0
      while i < level.count {
        var take = min(childMax, level.count - i)
        let rest = level.count - i - take
        if rest > 0 && rest < childMin { take = (level.count - i) / 2 }
        next.append(RopeNode(children: Array(level[i..<(i + take)])))
        i += take
      }
      level = next
    }
    return level[0]
  }

  // MARK: Concatenation (balanced, O(|h1 - h2|) nodes touched)

  static func concat(_ a: RopeNode, _ b: RopeNode) -> RopeNode {
    if a.count == 0 { return b }
    if b.count == 0 { return a }
    let h1 = a.height
    let h2 = b.height
    if h1 < h2 {
      let c2 = b.children
      if h1 == h2 - 1 && a.isOkChild { return mergeNodes([a], c2) }
      let joined = concat(a, c2[0])
      if joined.height == h2 - 1 { return mergeNodes([joined], Array(c2.dropFirst())) }
      return mergeNodes(joined.children, Array(c2.dropFirst()))
    } else if h1 == h2 {
      if a.isOkChild && b.isOkChild { return RopeNode(children: [a, b]) }
      if h1 == 0 { return mergeLeaves(a, b) }
      return mergeNodes(a.children, b.children)
    } else {
      let c1 = a.children
      if h2 == h1 - 1 && b.isOkChild { return mergeNodes(c1, [b]) }
      let joined = concat(c1[c1.count - 1], b)
      if joined.height == h1 - 1 { return mergeNodes(Array(c1.dropLast()), [joined]) }
      return mergeNodes(Array(c1.dropLast()), joined.children)
    }
  }

  private static func mergeNodes(_ c1: [RopeNode], _ c2: [RopeNode]) -> RopeNode {
    let all = c1 + c2
    if all.count <= childMax { return RopeNode(children: all) }
    let split = min(childMax, all.count - childMin)
    return RopeNode(children: [
      RopeNode(children: Array(all[..<split])), RopeNode(children: Array(all[split...])),
    ])
  }

  private static func mergeLeaves(_ a: RopeNode, _ b: RopeNode) -> RopeNode {
    let combined = a.units + b.units
    if combined.count <= leafMax { return RopeNode(leaf: combined) }
    var mid = combined.count / 2
    if isLowSurrogate(combined[mid]) { mid += 1 }
    return RopeNode(children: [
      RopeNode(leaf: Array(combined[..<mid])), RopeNode(leaf: Array(combined[mid...])),
    ])
  }

  // MARK: Slicing

  /// The rope of the units in `lo..<hi` of this node, sharing whole subtrees.
  func slice(_ lo: Int, _ hi: Int) -> RopeNode {
    if lo == 0 && hi == count { return self }
    if isLeaf { return RopeNode(leaf: Array(units[lo..<hi])) }
    var result: RopeNode?
    var offset = 0
    for child in children {
      let end = offset + child.count
      defer { offset = end }
      if end <= lo { continue }
      if offset >= hi { break }
      let piece = child.slice(max(lo, offset) - offset, min(hi, end) - offset)
      result = result.map { RopeNode.concat($0, piece) } ?? piece
    }
    return result ?? RopeNode(leaf: [])
  }

  // MARK: In-place editing (the keystroke fast path)

  private func copy() -> RopeNode { RopeNode(copying: self) }

  /// Replaces `lo..<hi` with `replacement` when the range lies inside one leaf and the leaf stays
  /// within its size bounds; returns false (and changes nothing) otherwise.
  static func replaceInLeaf(
    _ node: inout RopeNode, _ lo: Int, _ hi: Int, with replacement: [UInt16], isRoot: Bool
  ) -> Bool {
    guard node.canReplaceInOneLeaf(lo, hi, delta: replacement.count - (hi - lo), isRoot: isRoot)
    else { return false }
    replaceInPlace(&node, lo, hi, replacement)
    return true
  }

  private func canReplaceInOneLeaf(_ lo: Int, _ hi: Int, delta: Int, isRoot: Bool) -> Bool {
    var node = self
    var lo = lo
    var hi = hi
    while !node.isLeaf {
      var found = false
      for child in node.children {
        if lo <= child.count {
          if hi > child.count { return false }
          node = child
          found = true
          break
        }
        lo -= child.count
        hi -= child.count
      }
      if !found { return false }
    }
    let newCount = node.count + delta
    if newCount > RopeNode.leafMax { return false }
    if !isRoot && newCount < RopeNode.leafMin / 2 { return false }
    return true
  }

  private static func replaceInPlace(
    _ slot: inout RopeNode, _ lo: Int, _ hi: Int, _ replacement: [UInt16]
  ) {
    if !isKnownUniquelyReferenced(&slot) { slot = slot.copy() }
    let node = slot
    let delta = replacement.count - (hi - lo)
    if node.isLeaf {
      let removedNewlines = RopeNode.countNewlines(node.units[lo..<hi])
      node.units.replaceSubrange(lo..<hi, with: replacement)
      node.count = node.units.count
      node.newlines += RopeNode.countNewlines(replacement[...]) - removedNewlines
      return
    }
    var lo = lo
    var hi = hi
    for i in node.children.indices {
      let childCount = node.children[i].count
      if lo <= childCount {
        let before = node.children[i].newlines
        replaceInPlace(&node.children[i], lo, hi, replacement)
        node.count += delta
        node.newlines += node.children[i].newlines - before
        return
      }
      lo -= childCount
      hi -= childCount
    }
    preconditionFailure("rope offset past the end")
  }

  // MARK: Reading

  /// The leaf holding the unit at `offset` (`offset < count`) and the offset of the leaf's start.
  func leaf(containing offset: Int) -> (leaf: RopeNode, start: Int) {
    var node = self
    var start = 0
    var rest = offset
    while !node.isLeaf {
      var next: RopeNode?
      for child in node.children {
        if rest < child.count {
          next = child
          break
        }
        rest -= child.count
        start += child.count
      }
      guard let n = next else { preconditionFailure("rope offset \(offset) past the end") }
      node = n
    }
    return (node, start)
  }

  /// Calls `body` with consecutive runs of the units in `lo..<hi`, in order, until it returns
  /// false.
  func forEachRun(_ lo: Int, _ hi: Int, _ body: (ArraySlice<UInt16>) -> Bool) {
    _ = visitRuns(lo, hi, body)
  }

  private func visitRuns(_ lo: Int, _ hi: Int, _ body: (ArraySlice<UInt16>) -> Bool) -> Bool {
    if lo >= hi { return true }
    if isLeaf { return body(units[lo..<hi]) }
    var offset = 0
    for child in children {
      let end = offset + child.count
      defer { offset = end }
      if end <= lo { continue }
      if offset >= hi { break }
      if !child.visitRuns(max(lo, offset) - offset, min(hi, end) - offset, body) { return false }
    }
    return true
  }

  /// Calls `body` with consecutive runs of the units in `lo..<hi`, from the end backwards, until
  /// it returns false.
  func forEachRunBackward(_ lo: Int, _ hi: Int, _ body: (ArraySlice<UInt16>) -> Bool) {
    _ = visitRunsBackward(lo, hi, body)
  }

  private func visitRunsBackward(_ lo: Int, _ hi: Int, _ body: (ArraySlice<UInt16>) -> Bool)
    -> Bool
  {
    if lo >= hi { return true }
    if isLeaf { return body(units[lo..<hi]) }
    var end = count
    for child in children.reversed() {
      let start = end - child.count
      defer { end = start }
      if start >= hi { continue }
      if end <= lo { break }
      if !child.visitRunsBackward(max(lo, start) - start, min(hi, end) - start, body) {
        return false
      }
    }
    return true
  }

  /// The number of line feeds in `0..<offset`.
  func newlines(before offset: Int) -> Int {
    var node = self
    var rest = offset
    var total = 0
    while !node.isLeaf {
      var next: RopeNode?
      for child in node.children {
        if rest <= child.count {
          next = child
          break
        }
        rest -= child.count
        total += child.newlines
      }
      guard let n = next else { return total }
      node = n
    }
    return total + RopeNode.countNewlines(node.units[..<rest])
  }

  /// The offset just after the `k`-th line feed (1-based), which must exist.
  func offset(afterNewline k: Int) -> Int {
    precondition(k >= 1 && k <= newlines)
    var node = self
    var remaining = k
    var start = 0
    while !node.isLeaf {
      for child in node.children {
        if remaining <= child.newlines {
          node = child
          break
        }
        remaining -= child.newlines
        start += child.count
      }
    }
    for (i, u) in node.units.enumerated() where u == 0x0A {
      remaining -= 1
      if remaining == 0 { return start + i + 1 }
    }
    preconditionFailure("newline count out of sync")
  }

  // MARK: Invariants (for tests)

  /// Checks every structural invariant, returning a description of the first violation.
  func invariantViolation(isRoot: Bool = true) -> String? {
    if isLeaf {
      if units.count != count { return "leaf count \(count) != \(units.count)" }
      if newlines != RopeNode.countNewlines(units[...]) { return "leaf newline count wrong" }
      if units.count > RopeNode.leafMax { return "leaf of \(units.count) units" }
      if let first = units.first, RopeNode.isLowSurrogate(first),
        !isRoot
      {
        return "leaf starts inside a surrogate pair"
      }
      return nil
    }
    if children.isEmpty || children.count > RopeNode.childMax {
      return "inner node with \(children.count) children"
    }
    var c = 0
    var n = 0
    for child in children {
      if child.height != height - 1 { return "child height \(child.height) under \(height)" }
      if let v = child.invariantViolation(isRoot: false) { return v }
      c += child.count
      n += child.newlines
    }
    if c != count { return "inner count \(count) != \(c)" }
    if n != newlines { return "inner newline count \(newlines) != \(n)" }
    return nil
  }
}
