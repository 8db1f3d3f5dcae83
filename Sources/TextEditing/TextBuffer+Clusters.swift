/// Grapheme cluster (user-perceived character) boundaries, found by looking only near the
/// offset asked about.
///
/// The rules of Unicode's extended grapheme clusters (UAX #29) mostly look at the two scalars on
/// either side of a position, but three of them look back arbitrarily far: emoji ZWJ sequences
/// (GB11), regional-indicator pairs (GB12/13, flags) and Indic conjuncts (GB9c). So the text is
/// segmented from an *anchor*: a position where a break is certain whatever came before, and
/// which no later rule looks back across. Between two anchors Swift's own `Character` breaking is
/// exact. In ordinary text an anchor sits next to almost every character, so a query costs
/// O(log n); only a long run of combining marks or flags makes it scan that run, as
/// `NSString` and `String` do.
extension TextBuffer {
  /// The scalar that starts at the scalar-aligned `offset` (`offset < utf16Count`) and its width
  /// in UTF-16 code units.
  func scalar(at offset: Int) -> (scalar: Unicode.Scalar, width: Int) {
    let (leaf, start) = root.leaf(containing: offset)
    return ClusterBreak.scalar(startingAt: offset - start, in: leaf.units)
  }

  /// The scalar that ends at the scalar-aligned `offset` (`offset > 0`) and its width.
  func scalar(before offset: Int) -> (scalar: Unicode.Scalar, width: Int) {
    let (leaf, start) = root.leaf(containing: offset - 1)
    return ClusterBreak.scalar(endingAt: offset - start, in: leaf.units)
  }

  /// The scalars around `offset`, copied out of the tree in one walk: the two that end at
  /// `offset` and the two that start there. When `offset` splits a surrogate pair, only that is
  /// reported.
  func neighborhood(_ offset: Int) -> Neighborhood {
    // Copy up to five units on each side (two scalars of up to two units, and one more so that a
    // pair cut by the window's edge is never mistaken for a whole scalar) in one walk of the tree.
    let count = utf16Count
    let lo = max(0, offset - 5)
    let hi = min(count, offset + 5)
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 10) { buffer -> Neighborhood in
      let base = buffer.baseAddress!
      root.copyUnits(lo, hi, to: base)
      let window = UnsafeBufferPointer(start: base, count: hi - lo)
      return Neighborhood(window, at: offset - lo)
    }
  }

  /// The nearest anchor at or before the scalar-aligned `offset` (`offset < utf16Count`).
  private func anchor(atOrBefore offset: Int) -> Int {
    if offset == 0 { return 0 }
    var next = scalar(at: offset).scalar
    var position = offset
    var found = 0
    root.forEachRunBackward(0, offset) { run in
      var i = run.endIndex
      while i > run.startIndex {
        let (x, width) = ClusterBreak.scalar(endingAt: i, in: run)
        i -= width
        if ClusterBreak.isCertainBreak(between: x, and: next) {
          found = position
          return false
        }
        position -= width
        next = x
      }
      return true
    }
    return found
  }

  /// The nearest anchor after the scalar-aligned `offset` (`offset < utf16Count`), or the end.
  private func anchor(after offset: Int) -> Int {
    var (previous, width) = scalar(at: offset)
    var position = offset + width
    var found = utf16Count
    root.forEachRun(position, utf16Count) { run in
      var i = run.startIndex
      while i < run.endIndex {
        let (y, w) = ClusterBreak.scalar(startingAt: i, in: run)
        if ClusterBreak.isCertainBreak(between: previous, and: y) {
          found = position
          return false
        }
        position += w
        i += w
        previous = y
      }
      return true
    }
    return found
  }

  /// The grapheme cluster that contains the UTF-16 code unit at `offset`.
  ///
  /// - Precondition: `0 <= offset < utf16Count`.
  public func clusterRange(containing offset: Int) -> Range<Int> {
    precondition(
      offset >= 0 && offset < utf16Count,
      "TextBuffer.clusterRange(containing:): index \(offset) out of bounds; string length \(utf16Count)"
    )
    // The common case: a scalar with a certain break on both sides is a cluster of its own.
    var n = neighborhood(offset)
    var aligned = offset
    if n.isInsideSurrogatePair {
      aligned -= 1
      n = neighborhood(aligned)
    }
    if let y = n.at0, n.before1.map({ ClusterBreak.isCertainBreak(between: $0, and: y) }) ?? true,
      n.at1.map({ ClusterBreak.isCertainBreak(between: y, and: $0) }) ?? true
    {
      return aligned..<(aligned + n.at0Width)
    }
    let lo = anchor(atOrBefore: aligned)
    let hi = anchor(after: aligned)
    var start = lo
    for character in substring(lo..<hi) {
      let end = start + character.utf16.count
      if end > offset { return start..<end }
      start = end
    }
    return start..<hi
  }

  /// Whether `offset` lies between two grapheme clusters (the ends of the text count).
  ///
  /// - Precondition: `0 <= offset <= utf16Count`.
  public func isClusterBoundary(_ offset: Int) -> Bool {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    if offset == 0 || offset == utf16Count { return true }
    let n = neighborhood(offset)
    if n.isInsideSurrogatePair { return false }
    if let x = n.before1, let y = n.at0, ClusterBreak.isCertainBreak(between: x, and: y) {
      return true
    }
    return clusterRange(containing: offset).lowerBound == offset
  }

  /// The grapheme cluster boundary before `offset`, or nil at the start of the text.
  public func clusterBoundary(before offset: Int) -> Int? {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    if offset == 0 { return nil }
    // The common case: the scalar before `offset` is a cluster of its own.
    if let lone = loneScalarCluster(before: offset) { return lone.range.lowerBound }
    return clusterRange(containing: offset - 1).lowerBound
  }

  /// The scalar before `offset` when it is a grapheme cluster of its own (a certain break on
  /// both sides), with its range and whether, once it is removed, `offset`'s new position is
  /// still certainly a cluster boundary; nil when that cannot be told from the neighbourhood.
  func loneScalarCluster(before offset: Int) -> (
    range: Range<Int>, scalar: Unicode.Scalar, caretStaysOnBoundary: Bool
  )? {
    let n = neighborhood(offset)
    guard !n.isInsideSurrogatePair, let x = n.before1 else { return nil }
    guard n.at0.map({ ClusterBreak.isCertainBreak(between: x, and: $0) }) ?? true,
      n.before2.map({ ClusterBreak.isCertainBreak(between: $0, and: x) }) ?? true
    else { return nil }
    let staysOnBoundary: Bool
    if let before = n.before2, let after = n.at0 {
      staysOnBoundary = ClusterBreak.isCertainBreak(between: before, and: after)
    } else {
      staysOnBoundary = true  // at either end of the text
    }
    return ((offset - n.before1Width)..<offset, x, staysOnBoundary)
  }

  /// The grapheme cluster boundary after `offset`, or nil at the end of the text.
  public func clusterBoundary(after offset: Int) -> Int? {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    if offset == utf16Count { return nil }
    return clusterRange(containing: offset).upperBound
  }

  /// `offset` moved back to the start of the cluster it falls inside (unchanged on a boundary).
  public func clusterBoundary(roundingDown offset: Int) -> Int {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    if offset == 0 || offset == utf16Count { return offset }
    return clusterRange(containing: offset).lowerBound
  }

  /// `offset` moved forward to the end of the cluster it falls inside (unchanged on a boundary).
  public func clusterBoundary(roundingUp offset: Int) -> Int {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    if isClusterBoundary(offset) { return offset }
    return clusterRange(containing: offset).upperBound
  }

  /// The grapheme cluster that ends at or contains the code unit before `offset`, as a
  /// `Character`, or nil at the start.
  public func character(before offset: Int) -> Character? {
    guard let start = clusterBoundary(before: offset) else { return nil }
    return substring(start..<clusterRange(containing: start).upperBound).first
  }

  /// The grapheme cluster that starts at or contains `offset`, or nil at the end.
  public func character(at offset: Int) -> Character? {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    guard offset < utf16Count else { return nil }
    return substring(clusterRange(containing: offset)).first
  }
}

/// The scalars around an offset (see `TextBuffer.neighborhood(_:)`); nil past either end.
struct Neighborhood {
  /// Decodes the scalars around index `i` of `w`, a window of the text's UTF-16 units.
  init(_ w: UnsafeBufferPointer<UInt16>, at i: Int) {
    let n = w.count
    if i > 0 && i < n && RopeNode.isLowSurrogate(w[i]) && RopeNode.isHighSurrogate(w[i - 1]) {
      isInsideSurrogatePair = true
      return
    }
    if i > 0 {
      let (x, width) = ClusterBreak.scalar(endingAt: i, in: w)
      before1 = x
      before1Width = width
      let j = i - width
      if j > 0 { before2 = ClusterBreak.scalar(endingAt: j, in: w).scalar }
    }
    if i < n {
      let (y, width) = ClusterBreak.scalar(startingAt: i, in: w)
      at0 = y
      at0Width = width
      if i + width < n { at1 = ClusterBreak.scalar(startingAt: i + width, in: w).scalar }
    }
  }

  /// The scalar that ends at the offset, and its width in UTF-16 units.
  var before1: Unicode.Scalar?
  var before1Width = 0
  /// The scalar before that.
  var before2: Unicode.Scalar?
  /// The scalar that starts at the offset, and its width.
  var at0: Unicode.Scalar?
  var at0Width = 0
  /// The scalar after that.
  var at1: Unicode.Scalar?
  /// Whether the offset falls between the halves of a surrogate pair (the rest is then unset).
  var isInsideSurrogatePair = false
}

/// Which scalar pairs have a grapheme cluster break between them that no context can remove.
package enum ClusterBreak {
  /// The scalar that ends at index `i` of `units` (`i > units.startIndex`) and its width; a
  /// lone surrogate reads as U+FFFD.
  @inline(__always)
  static func scalar<C: RandomAccessCollection>(endingAt i: Int, in units: C)
    -> (scalar: Unicode.Scalar, width: Int) where C.Element == UInt16, C.Index == Int
  {
    let u = units[i - 1]
    if RopeNode.isLowSurrogate(u), i - 1 > units.startIndex,
      RopeNode.isHighSurrogate(units[i - 2])
    {
      return (decode(units[i - 2], u), 2)
    }
    return (Unicode.Scalar(u) ?? "\u{FFFD}", 1)
  }

  /// The scalar that starts at index `i` of `units` (`i < units.endIndex`) and its width; a
  /// lone surrogate reads as U+FFFD.
  @inline(__always)
  static func scalar<C: RandomAccessCollection>(startingAt i: Int, in units: C)
    -> (scalar: Unicode.Scalar, width: Int) where C.Element == UInt16, C.Index == Int
  {
    let u = units[i]
    if RopeNode.isHighSurrogate(u), i + 1 < units.endIndex, RopeNode.isLowSurrogate(units[i + 1]) {
      return (decode(u, units[i + 1]), 2)
    }
    return (Unicode.Scalar(u) ?? "\u{FFFD}", 1)
  }

  @inline(__always)
  static func decode(_ high: UInt16, _ low: UInt16) -> Unicode.Scalar {
    let value = 0x10000 + (UInt32(high & 0x3FF) << 10) + UInt32(low & 0x3FF)
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }

  /// True when UAX #29 breaks between `x` and `y` whatever precedes `x`, and no rule applied at
  /// a later position looks back past `y`.
  package static func isCertainBreak(between x: Unicode.Scalar, and y: Unicode.Scalar) -> Bool {
    let a = x.value
    let b = y.value
    // GB3-GB5: break around controls, except CR LF. No look-back crosses a control.
    if a == 0x0D { return b != 0x0A }
    if isControl(a) || isControl(b) { return true }
    // GB9b: a prepended concatenation mark joins what follows; GB11: ZWJ joins a pictograph.
    if mayBePrepend(a) || a == 0x200D { return false }
    guard isPlainStarter(b) else { return false }
    // GB6: a leading Hangul jamo joins a following syllable.
    if b >= 0xAC00 && b <= 0xD7A3 && ((a >= 0x1100 && a <= 0x115F) || (a >= 0xA960 && a <= 0xA97F)) {
      return false
    }
    return true
  }

  private static func isControl(_ v: UInt32) -> Bool {
    v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029
  }

  /// Scalars of Grapheme_Cluster_Break=Prepend, with whole supplementary blocks taken in to stay
  /// on the safe side (a false positive only costs a longer scan).
  private static func mayBePrepend(_ v: UInt32) -> Bool {
    switch v {
    case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E: return true
    case 0x11000...0x11FFF: return true
    default: return false
    }
  }

  /// Scalars whose Grapheme_Cluster_Break is Other and that are not Indic conjunct consonants:
  /// nothing attaches them to what precedes, and look-backs stop at them.
  package static func isPlainStarter(_ v: UInt32) -> Bool {
    switch v {
    case 0x20...0x7E,  // ASCII
      0xA0...0xAC, 0xAE...0x2FF,  // Latin-1 (not the soft hyphen), Latin Extended, IPA
      0x370...0x377, 0x37A...0x3FF,  // Greek
      0x400...0x482, 0x48A...0x52F,  // Cyrillic
      0x5D0...0x5EA,  // Hebrew letters
      0x620...0x64A, 0x660...0x669,  // Arabic letters and digits
      0x0E01...0x0E30,  // Thai consonants
      0x2010...0x2027, 0x2030...0x205E,  // general punctuation
      0x2600...0x27BF,  // symbols and dingbats (pictographs among them)
      0x3001...0x3002, 0x300C...0x300F,  // CJK punctuation
      0x3041...0x3096, 0x30A1...0x30FA,  // kana
      0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK ideographs
      0xAC00...0xD7A3,  // Hangul syllables
      0xFF01...0xFF5E,  // full-width forms
      0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF,  // emoji (not skin tones)
      0x1F900...0x1F9FF, 0x1FA70...0x1FAFF:
      return true
    default:
      return false
    }
  }
}
