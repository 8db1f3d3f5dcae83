/// A node of the rope that stores a ``TextBuffer``: a B-tree whose leaves hold runs of UTF-16 code
/// units and whose inner nodes cache the UTF-16 length, the UTF-8 length and the number of line
/// feeds below them.
///
/// Why a rope of UTF-16 units: UIKit speaks `NSRange` (UTF-16 offsets) at every API, so storing
/// UTF-16 makes an offset a plain index inside a leaf, and the tree makes finding that leaf
/// O(log n). Swift's `String` would need an O(n) UTF-16 breadcrumb rebuild after each mutation.
///
/// Nodes are copy-on-write: a mutation copies only the path from the root to the changed leaf
/// when the nodes are shared (for example with a snapshot kept for undo), and mutates in place
/// when they are not. Every leaf boundary falls between two Unicode scalars, never inside a
/// surrogate pair.
///
/// Storage: a node owns one plain allocation, a leaf's UTF-16 units or an inner node's child
/// references followed by their end offsets. (Swift arrays cost a generic metadata lookup per
/// allocation, a uniqueness check per mutation and a second object per leaf; a paste builds a
/// thousand leaves and a keystroke mutates one node per level.) Every offset below is in UTF-16
/// code units, relative to the start of the node it is passed to.
final class RopeNode: @unchecked Sendable {
  // @unchecked: nodes are only mutated while uniquely referenced (see `replaceInPlace`), the
  // copy-on-write discipline of the standard library's own collections.

  // Measured (texteditbench): wide nodes keep the tree two levels deep at a million
  // characters, and 1,024-unit leaves keep the in-leaf memmove of a keystroke small.
  static let leafMax = 1024
  static let leafMin = 512
  static let childMax = 64
  static let childMin = 32
  /// The child slots of an inner node: one more than `childMax`, for the moment between a
  /// child's split and the node's own.
  static let childSlots = childMax + 1

  /// 0 for a leaf; an inner node of height h has children of height h - 1.
  let height: Int
  // The copy-on-write discipline already rules out overlapping accesses, so the per-access
  // runtime exclusivity check (a quarter of a keystroke's instructions) is switched off.
  /// UTF-16 code units below this node (in a leaf: the units it holds).
  @exclusivity(unchecked) private(set) var count: Int
  /// U+000A LINE FEED code units below this node.
  @exclusivity(unchecked) private(set) var newlines: Int
  /// The bytes the text below this node takes in UTF-8 (a surrogate pair's scalar four, two per
  /// half): what maps a UTF-16 offset to the offset in a `String`'s UTF-8 storage in O(log n),
  /// for the buffer's kept string (see `TextBuffer.cachedString()`).
  @exclusivity(unchecked) private(set) var utf8Count: Int
  /// An inner node's number of children; 0 in a leaf.
  @exclusivity(unchecked) private(set) var childCount: Int
  /// A leaf's room, in UTF-16 units; 0 in an inner node.
  @exclusivity(unchecked) private(set) var capacity: Int
  /// Where a leaf's units start in its storage: an edit moves whichever side of it is shorter,
  /// the units before it (into room at the front) or those after it.
  @exclusivity(unchecked) private var unitStart = 0
  /// An inner node's pending shift of its children's end offsets: the ends stored for the
  /// children from `pendingChild` on are `pendingShift` short. Typing or deleting in one child
  /// adds to the shift instead of rewriting every later end; an edit in another child first
  /// applies it. `pendingChild` is also where the search for an offset looks first.
  @exclusivity(unchecked) private var pendingChild = 0
  @exclusivity(unchecked) private var pendingShift = 0
  /// A leaf: `capacity` UTF-16 units, the first `count` of them in use. An inner node:
  /// `childSlots` child references (the first `childCount` initialized), then `childSlots`
  /// integers, the offset at which each child ends (`children[0...i]`'s total length), kept so
  /// that finding the child that holds an offset is a binary search over contiguous integers.
  @exclusivity(unchecked) private var storage: UnsafeMutableRawPointer

  /// An empty leaf with room for `capacity` units.
  private init(leafCapacity capacity: Int) {
    height = 0
    count = 0
    newlines = 0
    utf8Count = 0
    childCount = 0
    self.capacity = capacity
    storage = UnsafeMutableRawPointer(UnsafeMutablePointer<UInt16>.allocate(capacity: max(capacity, 1)))
  }

  /// An inner node of `height` without children yet.
  private init(innerOfHeight height: Int) {
    precondition(height > 0)
    self.height = height
    count = 0
    newlines = 0
    utf8Count = 0
    childCount = 0
    capacity = 0
    let stride = MemoryLayout<Int>.stride
    storage = UnsafeMutableRawPointer.allocate(
      byteCount: 2 * RopeNode.childSlots * stride, alignment: MemoryLayout<Int>.alignment)
    storage.bindMemory(to: RopeNode.self, capacity: RopeNode.childSlots)
    (storage + RopeNode.childSlots * stride).bindMemory(to: Int.self, capacity: RopeNode.childSlots)
  }

  /// An inner node over `children` (1 to `childMax` nodes of one height).
  convenience init<C: Collection>(children: C) where C.Element == RopeNode {
    precondition(!children.isEmpty && children.count <= RopeNode.childMax)
    self.init(innerOfHeight: children.first!.height + 1)
    var c = 0
    var n = 0
    var b = 0
    var k = 0
    for child in children {
      assert(child.height == height - 1)
      c += child.count
      n += child.newlines
      b += child.utf8Count
      (childBase + k).initialize(to: child)
      endBase[k] = c
      k += 1
    }
    childCount = k
    count = c
    newlines = n
    utf8Count = b
  }

  private init(copying other: RopeNode) {
    height = other.height
    count = other.count
    newlines = other.newlines
    utf8Count = other.utf8Count
    childCount = other.childCount
    capacity = other.capacity
    pendingChild = other.pendingChild
    pendingShift = other.pendingShift
    if other.height == 0 {
      let units = UnsafeMutablePointer<UInt16>.allocate(capacity: max(other.capacity, 1))
      units.initialize(from: other.unitBase, count: other.count)
      storage = UnsafeMutableRawPointer(units)
    } else {
      let stride = MemoryLayout<Int>.stride
      storage = UnsafeMutableRawPointer.allocate(
        byteCount: 2 * RopeNode.childSlots * stride, alignment: MemoryLayout<Int>.alignment)
      storage.bindMemory(to: RopeNode.self, capacity: RopeNode.childSlots)
      (storage + RopeNode.childSlots * stride).bindMemory(to: Int.self, capacity: RopeNode.childSlots)
      childBase.initialize(from: other.childBase, count: other.childCount)
      endBase.initialize(from: other.endBase, count: other.childCount)
    }
  }

  deinit {
    if height != 0 { childBase.deinitialize(count: childCount) }
    storage.deallocate()
  }

  /// A leaf holding a copy of `units` (at most `leafMax` of them, not starting with the low half
  /// of a surrogate pair), with room for `capacity` units (by default a little more than it
  /// holds); `newlines` and `utf8Count` when the caller has counted them.
  static func leaf(
    copying units: UnsafeBufferPointer<UInt16>, capacity: Int? = nil, newlines: Int? = nil,
    utf8Count: Int? = nil
  ) -> RopeNode {
    let node = RopeNode(leafCapacity: max(capacity ?? leafCapacity(for: units.count), units.count))
    if let base = units.baseAddress { node.unitBase.initialize(from: base, count: units.count) }
    node.count = units.count
    node.newlines = newlines ?? countNewlines(units)
    node.utf8Count = utf8Count ?? countUTF8(units)
    return node
  }

  /// A leaf holding `units`.
  static func leaf(_ units: [UInt16]) -> RopeNode {
    units.withUnsafeBufferPointer { leaf(copying: $0) }
  }

  /// The room given to a new leaf of `n` units: a full leaf's worth for a leaf at least half
  /// full (so that typing into it never reallocates), else half as much again as it holds.
  static func leafCapacity(for n: Int) -> Int {
    if n >= leafMin { return leafMax }
    return max(16, (n &+ n &>> 1 &+ 15) & ~15)
  }

  var isLeaf: Bool { height == 0 }

  /// A leaf's units. Valid while the node is alive and not edited.
  @inline(__always) var units: UnsafeBufferPointer<UInt16> {
    UnsafeBufferPointer(start: unitBase, count: count)
  }

  @inline(__always) private var unitBase: UnsafeMutablePointer<UInt16> {
    storage.assumingMemoryBound(to: UInt16.self) + unitStart
  }

  @inline(__always) private var childBase: UnsafeMutablePointer<RopeNode> {
    storage.assumingMemoryBound(to: RopeNode.self)
  }

  @inline(__always) private var endBase: UnsafeMutablePointer<Int> {
    (storage + RopeNode.childSlots &* MemoryLayout<Int>.stride).assumingMemoryBound(to: Int.self)
  }

  /// An inner node's `i`-th child.
  @inline(__always) func child(_ i: Int) -> RopeNode { childBase[i] }

  /// The offset at which an inner node's `i`-th child starts.
  @inline(__always) func childStart(_ i: Int) -> Int { i == 0 ? 0 : childEnd(i &- 1) }

  /// The offset at which an inner node's `i`-th child ends.
  @inline(__always) func childEnd(_ i: Int) -> Int {
    endBase[i] &+ (i >= pendingChild ? pendingShift : 0)
  }

  /// Writes the pending shift into the stored end offsets (before they are moved or read raw).
  private func applyPendingShift() {
    if pendingShift != 0 {
      RopeNode.shift(endBase + pendingChild, count: childCount - pendingChild, by: pendingShift)
      pendingShift = 0
    }
  }

  /// Records that child `i` changed length by `delta` units, line feeds by `newlineDelta` and
  /// UTF-8 length by `utf8Delta`.
  @inline(__always)
  private func childChanged(_ i: Int, delta: Int, newlineDelta: Int, utf8Delta: Int) {
    count &+= delta
    newlines &+= newlineDelta
    utf8Count &+= utf8Delta
    if i != pendingChild {
      applyPendingShift()
      pendingChild = i
    }
    pendingShift &+= delta
  }

  /// An inner node's children, as an array (for the rebalancing paths, not the keystroke path).
  var children: [RopeNode] { Array(UnsafeBufferPointer(start: childBase, count: childCount)) }

  /// Whether the node is full enough to stand as a child without merging with a neighbour.
  var isOkChild: Bool {
    isLeaf ? count >= RopeNode.leafMin : childCount >= RopeNode.childMin
  }

  /// The U+000A LINE FEED code units in `units`, sixteen at a time.
  static func countNewlines(_ units: UnsafeBufferPointer<UInt16>) -> Int {
    guard let base = units.baseAddress else { return 0 }
    let n = units.count
    let raw = UnsafeRawPointer(base)
    let lineFeed = SIMD16<UInt16>(repeating: 0x0A)
    var total = 0
    var i = 0
    while i &+ 16 <= n {
      // Each lane counts down by one per line feed (a comparison is all ones where equal),
      // folded before the sixteen lanes' sum could leave Int16.
      var lanes = SIMD16<Int16>()
      let stop = min(n, i &+ 16 &* 2_048)
      while i &+ 16 <= stop {
        let v = raw.loadUnaligned(fromByteOffset: i &* 2, as: SIMD16<UInt16>.self)
        lanes &+= (v .== lineFeed)._storage
        i &+= 16
      }
      total &-= Int(lanes.wrappedSum())
    }
    while i < n {
      if base[i] == 0x0A { total &+= 1 }
      i &+= 1
    }
    return total
  }

  /// The UTF-8 length of `units`, sixteen at a time: one byte a unit, one more from U+0080 and
  /// another from U+0800 but for surrogates (so that a pair, two units of two, makes the four
  /// bytes of its scalar, and a run that ends between the halves of a pair counts half of it).
  static func countUTF8(_ units: UnsafeBufferPointer<UInt16>) -> Int {
    guard let base = units.baseAddress else { return 0 }
    let n = units.count
    let raw = UnsafeRawPointer(base)
    let twoBytes = SIMD16<UInt16>(repeating: 0x80)
    let threeBytes = SIMD16<UInt16>(repeating: 0x800)
    let surrogateMask = SIMD16<UInt16>(repeating: 0xF800)
    let surrogate = SIMD16<UInt16>(repeating: 0xD800)
    var total = n
    var i = 0
    while i &+ 16 <= n {
      // As in countNewlines: each lane counts down by one per extra byte (a true comparison
      // is all ones), folded before the lanes' sum could leave Int16.
      var lanes = SIMD16<Int16>()
      let stop = min(n, i &+ 16 &* 1_024)
      while i &+ 16 <= stop {
        let v = raw.loadUnaligned(fromByteOffset: i &* 2, as: SIMD16<UInt16>.self)
        lanes &+= (v .>= twoBytes)._storage
        lanes &+= ((v .>= threeBytes) .& ((v & surrogateMask) .!= surrogate))._storage
        i &+= 16
      }
      total &-= Int(lanes.wrappedSum())
    }
    while i < n {
      let u = base[i]
      if u >= 0x80 { total &+= 1 }
      if u >= 0x800 && u & 0xF800 != 0xD800 { total &+= 1 }
      i &+= 1
    }
    return total
  }

  @inline(__always) static func isLowSurrogate(_ u: UInt16) -> Bool { u & 0xFC00 == 0xDC00 }
  @inline(__always) static func isHighSurrogate(_ u: UInt16) -> Bool { u & 0xFC00 == 0xD800 }

  // MARK: Building

  /// Builds a balanced tree over the text of `string`, transcoding its UTF-8 straight into
  /// leaves.
  static func build(_ string: String) -> RopeNode {
    var string = string
    return string.withUTF8 { build(utf8: $0) }
  }

  /// Builds a balanced tree over the valid UTF-8 in `utf8`: one pass that transcodes into full
  /// leaves, each allocated once, and counts each leaf's line feeds while its bytes are in
  /// cache.
  static func build(utf8: UnsafeBufferPointer<UInt8>) -> RopeNode {
    guard let src = utf8.baseAddress, utf8.count > 0 else { return RopeNode(leafCapacity: 16) }
    let n = utf8.count
    // A text of at most `leafMax` bytes has at most `leafMax` units: one leaf.
    var leaves: [RopeNode] = []
    leaves.reserveCapacity(n / leafMax + 2)
    let capacity = n <= leafMax ? leafCapacity(for: n) : leafMax
    var i = 0
    while i < n {
      let leaf = RopeNode(leafCapacity: capacity)
      let (read, written) = UTF16Conversion.transcode(
        src + i, count: n - i, into: leaf.unitBase, capacity: capacity)
      leaf.count = written
      // Counted in the bytes just read, half as many as the units and still in cache.
      leaf.newlines = UTF16Conversion.newlineCount(
        ofUTF8: UnsafeBufferPointer(start: src + i, count: read))
      leaf.utf8Count = read
      leaves.append(leaf)
      i += read
    }
    if leaves.count >= 2, leaves[leaves.count - 1].count < leafMin {
      evenOut(leaves[leaves.count - 2], leaves[leaves.count - 1])
    }
    return leaves.count == 1 ? leaves[0] : buildLevels(leaves)
  }

  /// Builds a balanced tree over `units` (which do not start or end inside a surrogate pair).
  static func build(units: UnsafeBufferPointer<UInt16>) -> RopeNode {
    let n = units.count
    if n <= leafMax { return leaf(copying: units) }
    var leaves: [RopeNode] = []
    leaves.reserveCapacity(n / leafMax + 2)
    var start = 0
    while start < n {
      var end = min(start + leafMax, n)
      let remaining = n - end
      if remaining > 0 && remaining < leafMin {
        // Split what is left evenly rather than leave a runt leaf at the end.
        end = start + (n - start) / 2
      }
      if end < n && isLowSurrogate(units[end]) { end -= 1 }
      leaves.append(leaf(copying: UnsafeBufferPointer(rebasing: units[start..<end])))
      start = end
    }
    return buildLevels(leaves)
  }

  /// Moves units from the end of the full leaf `a` to the start of the short leaf `b` that
  /// follows it, so that both hold about half; `b` must have room for a full leaf.
  private static func evenOut(_ a: RopeNode, _ b: RopeNode) {
    let total = a.count + b.count
    var mid = total / 2
    if isLowSurrogate(a.unitBase[mid]) { mid += 1 }
    let moved = a.count - mid
    precondition(b.unitStart == 0 && b.capacity >= total - mid)
    let movedUnits = UnsafeBufferPointer(start: a.unitBase + mid, count: moved)
    let movedNewlines = countNewlines(movedUnits)
    let movedUTF8 = countUTF8(movedUnits)
    UnsafeMutableRawPointer(b.unitBase + moved).copyMemory(
      from: b.unitBase, byteCount: b.count * 2)
    (b.unitBase).update(from: a.unitBase + mid, count: moved)
    b.count += moved
    b.newlines += movedNewlines
    b.utf8Count += movedUTF8
    a.count = mid
    a.newlines -= movedNewlines
    a.utf8Count -= movedUTF8
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
        next.append(RopeNode(children: level[i..<(i + take)]))
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
      RopeNode(children: all[..<split]), RopeNode(children: all[split...]),
    ])
  }

  private static func mergeLeaves(_ a: RopeNode, _ b: RopeNode) -> RopeNode {
    let total = a.count + b.count
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: total) { buffer in
      let base = buffer.baseAddress!
      base.initialize(from: a.unitBase, count: a.count)
      (base + a.count).initialize(from: b.unitBase, count: b.count)
      let combined = UnsafeBufferPointer(buffer)
      if total <= leafMax {
        return leaf(
          copying: combined, newlines: a.newlines + b.newlines,
          utf8Count: a.utf8Count + b.utf8Count)
      }
      var mid = total / 2
      if isLowSurrogate(combined[mid]) { mid += 1 }
      return RopeNode(children: [
        leaf(copying: UnsafeBufferPointer(rebasing: combined[..<mid])),
        leaf(copying: UnsafeBufferPointer(rebasing: combined[mid...])),
      ])
    }
  }

  // MARK: Slicing

  /// The rope of the units in `lo..<hi` of this node, sharing whole subtrees.
  func slice(_ lo: Int, _ hi: Int) -> RopeNode {
    if lo == 0 && hi == count { return self }
    if isLeaf { return RopeNode.leaf(copying: UnsafeBufferPointer(rebasing: units[lo..<hi])) }
    var result: RopeNode?
    var i = firstChild(endingAfter: lo)
    while i < childCount {
      let start = childStart(i)
      if start >= hi { break }
      let end = childEnd(i)
      let piece = childBase[i].slice(max(lo, start) - start, min(hi, end) - start)
      result = result.map { RopeNode.concat($0, piece) } ?? piece
      i += 1
    }
    return result ?? RopeNode(leafCapacity: 16)
  }

  // MARK: In-place editing (the keystroke fast path)

  private func copy() -> RopeNode { RopeNode(copying: self) }

  /// What an in-place edit did to the tree it was made in.
  enum InPlaceResult {
    /// The edit was made; the line feed count and the UTF-8 length changed by the given
    /// amounts, and the scalar that now follows the replacement is `following` (nil: in another
    /// leaf).
    case edited(newlineDelta: Int, utf8Delta: Int, following: Unicode.Scalar?)
    /// The edit was made and the root had to be split: the new right half is to be put next to
    /// it under a new root.
    case split(newSibling: RopeNode, newlineDelta: Int, utf8Delta: Int)
  }

  /// What the edit of one leaf did. (No references inside, so passing it up the path costs
  /// no reference counting.)
  private enum LeafEdit {
    /// Made; the leaf's line feed count changed by `newlineDelta` and its UTF-8 length by
    /// `utf8Delta`, and `following` is the scalar after the replacement when it is in this leaf.
    case edited(newlineDelta: Int, utf8Delta: Int, following: Unicode.Scalar?)
    /// Not made: the range leaves the leaf, or the leaf would become too short (a change for
    /// the general path).
    case impossible
    /// Not made: the leaf would grow past `leafMax` and must be split.
    case overflows
  }

  /// Replaces `lo..<hi` of the tree at `root` with `replacement` in place, copying the path
  /// from the root only where it is shared, when the range lies in one leaf (the leaf holding
  /// the unit at `lo`; at the very end of the text, the last leaf). A leaf that grows too long
  /// is split in two, and so is a parent that then has too many children (the caller makes a
  /// new root over the two halves of a split root). An end that splits a surrogate pair is
  /// widened to the whole scalar. Returns nil, having changed no count or unit, when the edit
  /// cannot be made in place (it then takes the general path).
  static func replaceInPlace(
    _ root: inout RopeNode, _ lo: Int, _ hi: Int, _ replacement: UnsafeBufferPointer<UInt16>
  ) -> InPlaceResult? {
    switch edit(&root, lo, hi, replacement, isRoot: true) {
    case .edited(let newlineDelta, let utf8Delta, let following):
      return .edited(newlineDelta: newlineDelta, utf8Delta: utf8Delta, following: following)
    case .impossible:
      return nil
    case .overflows:
      // Once per few hundred keystrokes: the same descent again, splitting on the way back.
      return replaceSplitting(&root, lo, hi, replacement, isRoot: true)
    }
  }

  /// The keystroke path: one descent that makes each node on the way unique (the child slot
  /// is passed `inout`, so the walk itself costs no reference counting), the leaf's edit, and
  /// on the way back each parent's lengths and line feed count adjusted (a pending shift of
  /// its children's ends, in the usual case of an edit in the same child as the last one).
  /// Nothing changes, but for copies of shared nodes, unless the result is `.edited`.
  @inline(__always)
  private static func edit(
    _ slot: inout RopeNode, _ lo: Int, _ hi: Int, _ replacement: UnsafeBufferPointer<UInt16>,
    isRoot: Bool
  ) -> LeafEdit {
    if !isKnownUniquelyReferenced(&slot) { slot = slot.copy() }
    switch slot.height {
    case 0: return slot.editLeaf(lo, hi, replacement, isRoot: isRoot)
    case 1: return slot.editOverLeaves(lo, hi, replacement)
    case 2:
      // Up to a few million units: the whole descent inlined, without a call per level.
      return slot.editChild(lo, hi) { slot, lo, hi in
        if !isKnownUniquelyReferenced(&slot) { slot = slot.copy() }
        return slot.editOverLeaves(lo, hi, replacement)
      }
    default: return slot.editOverNodes(lo, hi, replacement)
    }
  }

  /// `edit` on a uniquely referenced inner node whose children are inner nodes. (Out of line,
  /// it recurses; the level below, the common case of a node over leaves, is inlined into it,
  /// so that a tree two levels deep costs one call.)
  private func editOverNodes(_ lo: Int, _ hi: Int, _ replacement: UnsafeBufferPointer<UInt16>)
    -> LeafEdit
  {
    editChild(lo, hi) { slot, lo, hi in
      if !isKnownUniquelyReferenced(&slot) { slot = slot.copy() }
      if slot.height == 1 { return slot.editOverLeaves(lo, hi, replacement) }
      return slot.editOverNodes(lo, hi, replacement)
    }
  }

  /// `edit` on a uniquely referenced inner node whose children are leaves.
  @inline(__always)
  private func editOverLeaves(_ lo: Int, _ hi: Int, _ replacement: UnsafeBufferPointer<UInt16>)
    -> LeafEdit
  {
    editChild(lo, hi) { slot, lo, hi in
      if !isKnownUniquelyReferenced(&slot) { slot = slot.copy() }
      return slot.editLeaf(lo, hi, replacement, isRoot: false)
    }
  }

  /// One level of `edit` on a uniquely referenced inner node: finds the child, lets `editChild`
  /// edit it (its slot, and the range relative to it), and records its change.
  @inline(__always)
  private func editChild(
    _ lo: Int, _ hi: Int, _ editChild: (inout RopeNode, Int, Int) -> LeafEdit
  ) -> LeafEdit {
    // The child that holds the unit at `lo` (the last child at the very end): text typed at a
    // boundary between two leaves goes to the start of the right one, so the caret after it
    // stays inside that leaf, next to the text it will be checked against.
    let (i, start, end) = child(containing: lo)
    if hi > end { return .impossible }
    let result = editChild(&childBase[i], lo &- start, hi &- start)
    if case .edited(let newlineDelta, let utf8Delta, _) = result {
      // The change in length comes from the child itself: the leaf may have widened the range
      // off a surrogate pair.
      childChanged(
        i, delta: childBase[i].count &- (end &- start), newlineDelta: newlineDelta,
        utf8Delta: utf8Delta)
    }
    return result
  }

  /// `replaceInPlace` by recursion, for an edit that splits its leaf (and perhaps parents).
  private static func replaceSplitting(
    _ slot: inout RopeNode, _ lo: Int, _ hi: Int, _ replacement: UnsafeBufferPointer<UInt16>,
    isRoot: Bool
  ) -> InPlaceResult? {
    if !isKnownUniquelyReferenced(&slot) { slot = slot.copy() }
    if slot.isLeaf {
      switch slot.editLeaf(lo, hi, replacement, isRoot: isRoot) {
      case .edited(let newlineDelta, let utf8Delta, let following):
        return .edited(newlineDelta: newlineDelta, utf8Delta: utf8Delta, following: following)
      case .impossible:
        return nil
      case .overflows:
        let (sibling, newlineDelta, utf8Delta) = slot.splitReplacing(lo, hi, replacement)
        return .split(newSibling: sibling, newlineDelta: newlineDelta, utf8Delta: utf8Delta)
      }
    }
    return slot.replaceInChild(lo, hi, replacement)
  }

  /// `replaceSplitting` on an inner node known to be uniquely referenced.
  private func replaceInChild(_ lo: Int, _ hi: Int, _ replacement: UnsafeBufferPointer<UInt16>)
    -> InPlaceResult?
  {
    let i = firstChild(endingAfter: lo)
    let childStart = childStart(i)
    let childEnd = childEnd(i)
    if hi > childEnd { return nil }
    let result = RopeNode.replaceSplitting(
      &childBase[i], lo - childStart, hi - childStart, replacement, isRoot: false)
    switch result {
    case nil:
      return nil
    case .edited(let newlineDelta, let utf8Delta, let following)?:
      childChanged(
        i, delta: childBase[i].count - (childEnd - childStart), newlineDelta: newlineDelta,
        utf8Delta: utf8Delta)
      return .edited(newlineDelta: newlineDelta, utf8Delta: utf8Delta, following: following)
    case .split(let sibling, let newlineDelta, let utf8Delta)?:
      applyPendingShift()
      let delta = childBase[i].count + sibling.count - (childEnd - childStart)
      // Open slot i + 1 (there is always one spare slot) and put the sibling there.
      let after = childCount - (i + 1)
      (childBase + i + 2).moveInitialize(from: childBase + i + 1, count: after)
      (childBase + i + 1).initialize(to: sibling)
      (endBase + i + 2).moveInitialize(from: endBase + i + 1, count: after)
      endBase[i] = childStart + childBase[i].count
      endBase[i + 1] = childEnd + delta
      childCount += 1
      RopeNode.shift(endBase + i + 2, count: childCount - (i + 2), by: delta)
      count += delta
      newlines += newlineDelta
      utf8Count += utf8Delta
      guard childCount > RopeNode.childMax else {
        return .edited(newlineDelta: newlineDelta, utf8Delta: utf8Delta, following: nil)
      }
      // Full: split this node too, and let the parent (or the buffer, above the root) take
      // the right half, as a B-tree insertion does.
      let half = childCount / 2
      let right = RopeNode(innerOfHeight: height)
      let moved = childCount - half
      right.childBase.moveInitialize(from: childBase + half, count: moved)
      let base = endBase[half - 1]
      var rightNewlines = 0
      var rightUTF8 = 0
      for k in 0..<moved {
        right.endBase[k] = endBase[half + k] - base
        rightNewlines += right.childBase[k].newlines
        rightUTF8 += right.childBase[k].utf8Count
      }
      right.childCount = moved
      right.count = count - base
      right.newlines = rightNewlines
      right.utf8Count = rightUTF8
      childCount = half
      count = base
      newlines -= rightNewlines
      utf8Count -= rightUTF8
      pendingChild = 0
      return .split(newSibling: right, newlineDelta: newlineDelta, utf8Delta: utf8Delta)
    }
  }

  /// `lo..<hi` of this leaf with each end moved off the middle of a surrogate pair (the start
  /// down, the end up). Surrogate pairs never straddle leaves, so this stays inside the leaf.
  @inline(__always)
  private func scalarAligned(_ lo: Int, _ hi: Int) -> (lo: Int, hi: Int) {
    let n = count
    let u = unitBase
    var lo = lo
    var hi = hi
    if lo > 0 && lo < n && RopeNode.isLowSurrogate(u[lo]) && RopeNode.isHighSurrogate(u[lo - 1]) {
      // An insertion point moves before the pair (it takes nothing); a range's start goes down.
      if hi == lo { return (lo - 1, lo - 1) }
      lo -= 1
    }
    if hi > 0 && hi < n && RopeNode.isLowSurrogate(u[hi]) && RopeNode.isHighSurrogate(u[hi - 1]) {
      hi += 1
    }
    return (lo, hi)
  }

  /// The changes in line feeds and in UTF-8 length when `lo..<hi` of this leaf (on scalar
  /// boundaries) becomes `replacement`.
  @inline(__always)
  private func deltas(_ lo: Int, _ hi: Int, _ replacement: UnsafeBufferPointer<UInt16>)
    -> (newlines: Int, utf8: Int)
  {
    let u = unitBase
    var newlines = 0
    var utf8 = 0
    var k = lo
    while k < hi {
      let unit = u[k]
      if unit == 0x0A { newlines &-= 1 }
      utf8 &-= RopeNode.utf8Length(unit)
      k &+= 1
    }
    for unit in replacement {
      if unit == 0x0A { newlines &+= 1 }
      utf8 &+= RopeNode.utf8Length(unit)
    }
    return (newlines, utf8)
  }

  /// The UTF-8 bytes that `unit` stands for (two for each half of a surrogate pair).
  @inline(__always)
  static func utf8Length(_ unit: UInt16) -> Int {
    1 &+ (unit >= 0x80 ? 1 : 0) &+ (unit >= 0x800 && unit & 0xF800 != 0xD800 ? 1 : 0)
  }

  /// Edits a uniquely referenced leaf in place, unless the range leaves it, it would become
  /// too short (but for the root) or too long.
  @inline(__always)
  private func editLeaf(
    _ lo: Int, _ hi: Int, _ replacement: UnsafeBufferPointer<UInt16>, isRoot: Bool
  ) -> LeafEdit {
    let n = count
    if hi > n { return .impossible }
    let (lo, hi) = scalarAligned(lo, hi)
    let added = replacement.count
    let newCount = n &+ added &- (hi &- lo)
    if (!isRoot && newCount < RopeNode.leafMin / 2) || newCount > 2 * RopeNode.leafMax {
      return .impossible
    }
    if newCount > RopeNode.leafMax { return .overflows }
    let (newlineDelta, utf8Delta) = deltas(lo, hi, replacement)
    let u = unitBase
    // The units before the range move by `growth` to the front, or those after it to the back.
    let growth = added &- (hi &- lo)
    let frontIsShorter = lo < n &- hi
    if growth == 0 {
      // Same length: nothing moves.
    } else if frontIsShorter && growth <= unitStart {
      UnsafeMutableRawPointer(u - growth).copyMemory(from: u, byteCount: lo &* 2)
      unitStart &-= growth
    } else if newCount &+ unitStart <= capacity {
      UnsafeMutableRawPointer(u + lo + added).copyMemory(from: u + hi, byteCount: (n &- hi) &* 2)
    } else if growth <= unitStart {
      UnsafeMutableRawPointer(u - growth).copyMemory(from: u, byteCount: lo &* 2)
      unitStart &-= growth
    } else if newCount <= capacity {
      // Room, but not on either side alone: the units go back to the start of the storage.
      let base = storage.assumingMemoryBound(to: UInt16.self)
      UnsafeMutableRawPointer(base).copyMemory(from: u, byteCount: lo &* 2)
      UnsafeMutableRawPointer(base + lo + added).copyMemory(from: u + hi, byteCount: (n &- hi) &* 2)
      unitStart = 0
    } else {
      // Grow (a short leaf being typed into): a new allocation, assembled in one pass.
      let grown = min(RopeNode.leafMax, max(newCount, capacity * 2))
      let fresh = UnsafeMutablePointer<UInt16>.allocate(capacity: grown)
      fresh.initialize(from: u, count: lo)
      (fresh + lo + added).initialize(from: u + hi, count: n - hi)
      storage.deallocate()
      storage = UnsafeMutableRawPointer(fresh)
      capacity = grown
      unitStart = 0
    }
    if let r = replacement.baseAddress { (unitBase + lo).update(from: r, count: added) }
    count = newCount
    newlines &+= newlineDelta
    utf8Count &+= utf8Delta
    // The scalar after the replacement, read while the leaf is at hand: it tells the editor
    // whether the caret after typed text sits on a cluster boundary without another walk.
    let end = lo &+ added
    var following: Unicode.Scalar?
    if end < newCount {
      let w = unitBase
      if RopeNode.isHighSurrogate(w[end]) {
        if end &+ 1 < newCount { following = ClusterBreak.decode(w[end], w[end &+ 1]) }
      } else {
        following = Unicode.Scalar(w[end])
      }
    }
    return .edited(newlineDelta: newlineDelta, utf8Delta: utf8Delta, following: following)
  }

  /// Makes the edit of a uniquely referenced leaf that would leave it longer than `leafMax`
  /// (at most twice that): the leaf keeps the first half of the result, a new sibling the
  /// second. Returns the sibling and the changes in line feeds and in UTF-8 length.
  private func splitReplacing(_ lo: Int, _ hi: Int, _ replacement: UnsafeBufferPointer<UInt16>)
    -> (RopeNode, Int, Int)
  {
    let (lo, hi) = scalarAligned(lo, hi)
    let (newlineDelta, utf8Delta) = deltas(lo, hi, replacement)
    let n = count
    let added = replacement.count
    let total = n + added - (hi - lo)
    precondition(total > RopeNode.leafMax && total <= 2 * RopeNode.leafMax)
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: total) { buffer in
      let t = buffer.baseAddress!
      t.initialize(from: unitBase, count: lo)
      if let r = replacement.baseAddress { (t + lo).initialize(from: r, count: added) }
      (t + lo + added).initialize(from: unitBase + hi, count: n - hi)
      var mid = total / 2
      if RopeNode.isLowSurrogate(t[mid]) { mid += 1 }
      let sibling = RopeNode.leaf(
        copying: UnsafeBufferPointer(start: t + mid, count: total - mid),
        capacity: RopeNode.leafMax)
      if capacity < mid {
        storage.deallocate()
        storage = UnsafeMutableRawPointer(UnsafeMutablePointer<UInt16>.allocate(capacity: RopeNode.leafMax))
        capacity = RopeNode.leafMax
      }
      unitStart = 0
      unitBase.update(from: t, count: mid)
      count = mid
      newlines = RopeNode.countNewlines(units)
      utf8Count = RopeNode.countUTF8(units)
      return (sibling, newlineDelta, utf8Delta)
    }
  }

  /// Adds `delta` to `count` integers from `start`. (A loop over a local count, which the
  /// compiler vectorises; one that reads `childCount` through `self` it cannot, as a store
  /// through a raw pointer might change it.)
  @inline(__always)
  private static func shift(_ start: UnsafeMutablePointer<Int>, count: Int, by delta: Int) {
    for j in 0..<count { start[j] &+= delta }
  }

  /// The index of the first child whose end is after `offset` (the child holding the unit at
  /// `offset`), or the last child.
  @inline(__always)
  func firstChild(endingAfter offset: Int) -> Int { child(containing: offset).index }

  /// The first child whose end is after `offset` (the child holding the unit at `offset`), or
  /// the last child, with the offsets at which it starts and ends: the child of the last edit
  /// when it qualifies (the usual case while typing), else found by a binary search over the
  /// children's end offsets.
  @inline(__always)
  func child(containing offset: Int) -> (index: Int, start: Int, end: Int) {
    let ends = endBase
    let p = pendingChild
    let shift = pendingShift
    let last = childCount &- 1
    if p <= last {
      let start = p == 0 ? 0 : ends[p &- 1]
      let end = ends[p] &+ shift
      if start <= offset && (p == last || end > offset) { return (p, start, end) }
    }
    var lo = 0
    var hi = last
    while lo < hi {
      let mid = (lo &+ hi) &>> 1
      if ends[mid] &+ (mid >= p ? shift : 0) > offset { hi = mid } else { lo = mid &+ 1 }
    }
    return (lo, childStart(lo), childEnd(lo))
  }

  // MARK: Reading

  /// The leaf holding the unit at `offset` (`offset < count`) and the offset of the leaf's start.
  func leaf(containing offset: Int) -> (leaf: RopeNode, start: Int) {
    precondition(offset >= 0 && offset < count, "rope offset \(offset) past the end")
    return withLeaf(containing: offset) { ($0, $1) }
  }

  /// Calls `body` with the leaf holding the unit at `offset` (the last leaf at the very end)
  /// and the offset of the leaf's start, found without reference counting on the way down.
  /// The tree must not change while `body` runs.
  @inline(__always)
  func withLeaf<R>(containing offset: Int, _ body: (RopeNode, Int) -> R) -> R {
    // Each node is held by its parent, so it is borrowed through `Unmanaged` (a method call on
    // an `unowned(unsafe)` reference retains and releases it).
    var node = Unmanaged.passUnretained(self)
    var start = 0
    while let child = node._withUnsafeGuaranteedRef({ n -> Unmanaged<RopeNode>? in
      if n.height == 0 { return nil }
      let child = n.child(containing: offset &- start)
      start &+= child.start
      return Unmanaged.passUnretained(n.childBase[child.index])
    }) {
      node = child
    }
    return node._withUnsafeGuaranteedRef { body($0, start) }
  }

  /// Where UTF-16 offset `offset` (`0...count`) of this node's text falls in its UTF-8: `down`
  /// and `up` differ only when the offset lies between the halves of a surrogate pair, where
  /// they are the UTF-8 offsets of the scalar's start and end. O(log n): the UTF-8 lengths of
  /// the children before the path, and of the leaf's units before the offset.
  func utf8Offset(ofUTF16 offset: Int) -> (down: Int, up: Int) {
    if offset >= count { return (utf8Count, utf8Count) }
    var node = Unmanaged.passUnretained(self)
    var start = 0
    var before = 0
    // Borrowed through `Unmanaged`, as in `withLeaf`.
    while let child = node._withUnsafeGuaranteedRef({ n -> Unmanaged<RopeNode>? in
      if n.height == 0 { return nil }
      let child = n.child(containing: offset &- start)
      start &+= child.start
      before &+= n.utf8Count(beforeChild: child.index)
      return Unmanaged.passUnretained(n.childBase[child.index])
    }) {
      node = child
    }
    return node._withUnsafeGuaranteedRef { leaf in
      let k = offset &- start
      let u = leaf.unitBase
      let prefix = before &+ RopeNode.countUTF8(UnsafeBufferPointer(start: u, count: k))
      if k > 0 && RopeNode.isLowSurrogate(u[k]) && RopeNode.isHighSurrogate(u[k &- 1]) {
        // The high half is counted (two bytes of the four).
        return (prefix &- 2, prefix &+ 2)
      }
      return (prefix, prefix)
    }
  }

  /// The UTF-8 length of an inner node's children before child `i`, summed from whichever end
  /// is nearer.
  @inline(__always)
  private func utf8Count(beforeChild i: Int) -> Int {
    let children = childBase
    if i <= childCount &>> 1 {
      var total = 0
      for k in 0..<i { total &+= children[k].utf8Count }
      return total
    }
    var total = utf8Count
    for k in i..<childCount { total &-= children[k].utf8Count }
    return total
  }

  /// Copies the units in `lo..<hi` to `destination`, visiting only the leaves that hold them.
  func copyUnits(_ lo: Int, _ hi: Int, to destination: UnsafeMutablePointer<UInt16>) {
    if lo >= hi { return }
    // The common case (a window around the caret): one leaf, found without recursion.
    let done = withLeaf(containing: lo) { leaf, start -> Bool in
      guard hi - start <= leaf.count else { return false }
      destination.update(from: leaf.unitBase + (lo - start), count: hi - lo)
      return true
    }
    if !done { copyUnitsAcrossLeaves(lo, hi, to: destination) }
  }

  private func copyUnitsAcrossLeaves(_ lo: Int, _ hi: Int, to destination: UnsafeMutablePointer<UInt16>) {
    if lo >= hi { return }
    if isLeaf {
      destination.update(from: unitBase + lo, count: hi - lo)
      return
    }
    var i = firstChild(endingAfter: lo)
    var written = 0
    while i < childCount {
      let start = childStart(i)
      if start >= hi { break }
      let a = max(lo, start)
      let b = min(hi, childEnd(i))
      childBase[i].copyUnitsAcrossLeaves(a - start, b - start, to: destination + written)
      written += b - a
      i += 1
    }
  }

  /// Calls `body` with consecutive runs of the units in `lo..<hi`, in order, until it returns
  /// false. Each run is valid only during its call.
  func forEachRun(_ lo: Int, _ hi: Int, _ body: (UnsafeBufferPointer<UInt16>) -> Bool) {
    _ = visitRuns(lo, hi, body)
  }

  private func visitRuns(_ lo: Int, _ hi: Int, _ body: (UnsafeBufferPointer<UInt16>) -> Bool)
    -> Bool
  {
    if lo >= hi { return true }
    if isLeaf { return body(UnsafeBufferPointer(start: unitBase + lo, count: hi - lo)) }
    var i = firstChild(endingAfter: lo)
    while i < childCount {
      let start = childStart(i)
      if start >= hi { break }
      let end = childEnd(i)
      if !childBase[i].visitRuns(max(lo, start) - start, min(hi, end) - start, body) {
        return false
      }
      i += 1
    }
    return true
  }

  /// Calls `body` with consecutive runs of the units in `lo..<hi`, from the end backwards, until
  /// it returns false. Each run is valid only during its call.
  func forEachRunBackward(_ lo: Int, _ hi: Int, _ body: (UnsafeBufferPointer<UInt16>) -> Bool) {
    _ = visitRunsBackward(lo, hi, body)
  }

  private func visitRunsBackward(
    _ lo: Int, _ hi: Int, _ body: (UnsafeBufferPointer<UInt16>) -> Bool
  ) -> Bool {
    if lo >= hi { return true }
    if isLeaf { return body(UnsafeBufferPointer(start: unitBase + lo, count: hi - lo)) }
    var i = firstChild(endingAfter: hi - 1)
    while i >= 0 {
      let start = childStart(i)
      let end = childEnd(i)
      if end <= lo { break }
      if !childBase[i].visitRunsBackward(max(lo, start) - start, min(hi, end) - start, body) {
        return false
      }
      i -= 1
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
      for i in 0..<node.childCount {
        let child = node.childBase[i]
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
    return total + RopeNode.countNewlines(UnsafeBufferPointer(start: node.unitBase, count: rest))
  }

  /// The offset just after the `k`-th line feed (1-based), which must exist.
  func offset(afterNewline k: Int) -> Int {
    precondition(k >= 1 && k <= newlines)
    var node = self
    var remaining = k
    var start = 0
    while !node.isLeaf {
      for i in 0..<node.childCount {
        let child = node.childBase[i]
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
      if unitStart < 0 || unitStart + count > capacity {
        return "leaf of \(count) units from \(unitStart) in room for \(capacity)"
      }
      if newlines != RopeNode.countNewlines(units) { return "leaf newline count wrong" }
      if utf8Count != RopeNode.countUTF8(units) { return "leaf UTF-8 length wrong" }
      if count > RopeNode.leafMax { return "leaf of \(count) units" }
      if let first = units.first, RopeNode.isLowSurrogate(first), !isRoot {
        return "leaf starts inside a surrogate pair"
      }
      return nil
    }
    if childCount == 0 || childCount > RopeNode.childMax {
      return "inner node with \(childCount) children"
    }
    var end = 0
    var n = 0
    var b = 0
    for i in 0..<childCount {
      let child = childBase[i]
      if child.height != height - 1 { return "child height \(child.height) under \(height)" }
      if let v = child.invariantViolation(isRoot: false) { return v }
      end += child.count
      n += child.newlines
      b += child.utf8Count
      if childEnd(i) != end { return "child ends out of date" }
    }
    if end != count { return "inner count \(count) != \(end)" }
    if n != newlines { return "inner newline count \(newlines) != \(n)" }
    if b != utf8Count { return "inner UTF-8 length \(utf8Count) != \(b)" }
    return nil
  }
}
