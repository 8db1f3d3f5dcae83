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

  // Measured (texteditbench): wide nodes keep the tree two levels deep at a million
  // characters, and 1,024-unit leaves keep the in-leaf memmove of a keystroke small.
  static let leafMax = 1024
  static let leafMin = 512
  static let childMax = 64
  static let childMin = 32

  /// 0 for a leaf; an inner node of height h has children of height h - 1.
  let height: Int
  // The copy-on-write discipline already rules out overlapping accesses, so the per-access
  // runtime exclusivity check (a quarter of a keystroke's instructions) is switched off.
  /// UTF-16 code units below this node.
  @exclusivity(unchecked) private(set) var count: Int
  /// U+000A LINE FEED code units below this node.
  @exclusivity(unchecked) private(set) var newlines: Int
  @exclusivity(unchecked) private(set) var children: [RopeNode]
  /// The offset at which each child ends (`children[0...i]`'s total length), kept beside the
  /// children so that finding the child that holds an offset is a binary search over
  /// contiguous integers instead of a visit to every child.
  @exclusivity(unchecked) private(set) var childEnds: [Int]
  @exclusivity(unchecked) private(set) var units: [UInt16]

  init(leaf units: [UInt16], newlines: Int? = nil) {
    height = 0
    self.units = units
    children = []
    childEnds = []
    count = units.count
    self.newlines = newlines ?? RopeNode.countNewlines(units[...])
  }

  init(children: [RopeNode]) {
    precondition(!children.isEmpty && children.count <= RopeNode.childMax)
    height = children[0].height + 1
    self.children = children
    units = []
    var c = 0
    var n = 0
    var ends: [Int] = []
    ends.reserveCapacity(children.count)
    for child in children {
      assert(child.height == height - 1)
      c += child.count
      n += child.newlines
      ends.append(c)
    }
    childEnds = ends
    count = c
    newlines = n
  }

  private init(copying other: RopeNode) {
    height = other.height
    count = other.count
    newlines = other.newlines
    children = other.children
    childEnds = other.childEnds
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

  /// Builds a balanced tree over the text of `string`, transcoding its UTF-8 straight into
  /// leaves.
  static func build(_ string: String) -> RopeNode {
    if string.utf8.count <= 64 { return RopeNode(leaf: Array(string.utf16)) }
    var string = string
    let pieces = string.withUTF8 { UTF16Conversion.leaves(ofUTF8: $0, leafCapacity: leafMax) }
    var leaves = pieces.map { RopeNode(leaf: $0.units, newlines: $0.newlines) }
    if leaves.isEmpty { return RopeNode(leaf: []) }
    // Even out a short last leaf with its neighbour.
    if leaves.count >= 2, leaves[leaves.count - 1].count < leafMin {
      let combined = leaves[leaves.count - 2].units + leaves[leaves.count - 1].units
      var mid = combined.count / 2
      if isLowSurrogate(combined[mid]) { mid += 1 }
      leaves[leaves.count - 2] = RopeNode(leaf: Array(combined[..<mid]))
      leaves[leaves.count - 1] = RopeNode(leaf: Array(combined[mid...]))
    }
    return leaves.count == 1 ? leaves[0] : buildLevels(leaves)
  }

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

  /// What an in-place edit did to the subtree it was made in.
  enum InPlaceResult {
    /// The edit was made; the subtree's line feed count changed by the given amount, and the
    /// scalar that now follows the replacement is `following` (nil: in another leaf).
    case edited(newlineDelta: Int, following: Unicode.Scalar?)
    /// The edit was made and the leaf grew past its limit, so it was split: the new right half
    /// is to be inserted after it by the parent.
    case split(newSibling: RopeNode, newlineDelta: Int)
  }

  /// Replaces `lo..<hi` with the `count` units of `replacement` in place, in one descent that
  /// copies the path only where it is shared, when the range lies in one leaf (the leaf holding
  /// the unit at `lo`; at the very end of the text, the last leaf). A leaf that grows too long
  /// is split in two, and so is a parent that then has too many children. An end that
  /// splits a surrogate pair is widened to the whole scalar. Returns nil, having changed no
  /// count or unit, when the edit cannot be made in place (it then takes the general path).
  static func replaceInPlace<C: Collection>(
    _ slot: inout RopeNode, _ lo: Int, _ hi: Int, _ replacement: C, count: Int, isRoot: Bool
  ) -> InPlaceResult? where C.Element == UInt16 {
    if !isKnownUniquelyReferenced(&slot) { slot = slot.copy() }
    let node = slot
    if node.isLeaf {
      var lo = lo
      var hi = hi
      let n = node.units.count
      if hi > n { return nil }
      // Surrogate pairs never straddle leaves, so widening stays inside this leaf.
      if lo > 0 && lo < n && isLowSurrogate(node.units[lo]) && isHighSurrogate(node.units[lo - 1]) {
        lo -= 1
      }
      if hi > 0 && hi < n && isLowSurrogate(node.units[hi]) && isHighSurrogate(node.units[hi - 1]) {
        hi += 1
      }
      let newCount = n + count - (hi - lo)
      let overflows = newCount > leafMax
      if newCount > 2 * leafMax || (!isRoot && newCount < leafMin / 2)
      {
        return nil
      }
      var newlineDelta = 0
      for u in node.units[lo..<hi] where u == 0x0A { newlineDelta -= 1 }
      for u in replacement where u == 0x0A { newlineDelta += 1 }
      node.units.replaceSubrange(lo..<hi, with: replacement)
      guard overflows else {
        node.count = newCount
        node.newlines += newlineDelta
        // The scalar after the replacement, read while the leaf is at hand: it tells the editor
        // whether the caret after typed text sits on a cluster boundary without another walk.
        let end = lo + count
        var following: Unicode.Scalar?
        if end < newCount {
          let u = node.units[end]
          if isHighSurrogate(u) {
            if end + 1 < newCount { following = ClusterBreak.decode(u, node.units[end + 1]) }
          } else {
            following = Unicode.Scalar(u)
          }
        }
        return .edited(newlineDelta: newlineDelta, following: following)
      }
      var mid = newCount / 2
      if isLowSurrogate(node.units[mid]) { mid += 1 }
      let sibling = RopeNode(leaf: Array(node.units[mid...]))
      node.units.removeSubrange(mid...)
      node.count = mid
      node.newlines = countNewlines(node.units[...])
      return .split(newSibling: sibling, newlineDelta: newlineDelta)
    }
    // The child that holds the unit at `lo` (the last child at the very end): text typed at a
    // boundary between two leaves goes to the start of the right one, so the caret after it
    // stays inside that leaf, next to the text it will be checked against.
    let i = node.firstChild(endingAfter: lo)
    let childStart = i == 0 ? 0 : node.childEnds[i - 1]
    let childEnd = node.childEnds[i]
    if hi > childEnd { return nil }
    guard
      let result = replaceInPlace(
        &node.children[i], lo - childStart, hi - childStart, replacement, count: count,
        isRoot: false)
    else { return nil }
    // The change in length comes from the children themselves: the leaf may have widened the
    // range off a surrogate pair.
    switch result {
    case .edited(let newlineDelta, let following):
      let delta = node.children[i].count - (childEnd - childStart)
      if delta != 0 {
        node.childEnds.withUnsafeMutableBufferPointer { ends in
          for j in i..<ends.count { ends[j] &+= delta }
        }
        node.count += delta
      }
      node.newlines += newlineDelta
      return .edited(newlineDelta: newlineDelta, following: following)
    case .split(let sibling, let newlineDelta):
      let delta = node.children[i].count + sibling.count - (childEnd - childStart)
      node.children.insert(sibling, at: i + 1)
      node.childEnds.insert(childEnd + delta, at: i + 1)
      node.childEnds[i] = childStart + node.children[i].count
      for j in (i + 2)..<node.childEnds.count { node.childEnds[j] += delta }
      node.count += delta
      node.newlines += newlineDelta
      guard node.children.count > childMax else {
        return .edited(newlineDelta: newlineDelta, following: nil)
      }
      // Full: split this node too, and let the parent (or the buffer, above the root) take
      // the right half, as a B-tree insertion does.
      let half = node.children.count / 2
      let right = RopeNode(children: Array(node.children[half...]))
      node.children.removeSubrange(half...)
      node.childEnds.removeSubrange(half...)
      node.count = node.childEnds[half - 1]
      node.newlines -= right.newlines
      return .split(newSibling: right, newlineDelta: newlineDelta)
    }
  }

  /// The index of the first child whose end is after `offset` (the child holding the unit at
  /// `offset`), or the last child. Binary search over `childEnds`.
  @inline(__always)
  func firstChild(endingAfter offset: Int) -> Int {
    var lo = 0
    var hi = childEnds.count - 1
    while lo < hi {
      let mid = (lo + hi) >> 1
      if childEnds[mid] > offset { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }

  // MARK: Reading

  /// The leaf holding the unit at `offset` (`offset < count`) and the offset of the leaf's start.
  func leaf(containing offset: Int) -> (leaf: RopeNode, start: Int) {
    precondition(offset >= 0 && offset < count, "rope offset \(offset) past the end")
    return leafRecursive(offset, 0)
  }

  private func leafRecursive(_ offset: Int, _ start: Int) -> (leaf: RopeNode, start: Int) {
    if isLeaf { return (self, start) }
    let i = firstChild(endingAfter: offset)
    let childStart = i == 0 ? 0 : childEnds[i - 1]
    return children[i].leafRecursive(offset - childStart, start + childStart)
  }

  /// Copies the units in `lo..<hi` to `destination`, visiting only the leaves that hold them.
  func copyUnits(_ lo: Int, _ hi: Int, to destination: UnsafeMutablePointer<UInt16>) {
    if lo >= hi { return }
    if isLeaf {
      units.withUnsafeBufferPointer { src in
        destination.update(from: src.baseAddress! + lo, count: hi - lo)
      }
      return
    }
    var i = firstChild(endingAfter: lo)
    var written = 0
    while i < children.count {
      let childStart = i == 0 ? 0 : childEnds[i - 1]
      if childStart >= hi { break }
      let a = max(lo, childStart)
      let b = min(hi, childEnds[i])
      children[i].copyUnits(a - childStart, b - childStart, to: destination + written)
      written += b - a
      i += 1
    }
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
    var end = 0
    for (i, child) in children.enumerated() {
      end += child.count
      if childEnds[i] != end { return "child ends out of date" }
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
