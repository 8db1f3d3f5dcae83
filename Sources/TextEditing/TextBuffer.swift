/// An editable text measured in UTF-16 code units, as `NSString` and `NSRange` measure it.
///
/// `TextBuffer` is a value type with copy-on-write storage: a B-tree rope (`RopeNode`) whose
/// leaves hold at most 1,024 UTF-16 units. Reading or replacing at an offset costs O(log n), so
/// a keystroke in the middle of a million characters costs about what it costs in a short text,
/// and a copy kept for later shares all unchanged leaves.
///
/// Every offset and range is in UTF-16 code units of this text. The buffer never holds a lone
/// surrogate: a range end that falls inside a surrogate pair is widened to the whole scalar.
public struct TextBuffer: Sendable {
  var root: RopeNode
  /// The whole text as a string, while one is at hand: the string the buffer was made from, or
  /// the one ``cachedString()`` built, kept up by edits at the end of the text (typing,
  /// Backspace) in place and by a few others noted for the next read. See ``cachedString()``.
  private var kept: KeptString?

  /// Whether reflection hides the text: `description`, `debugDescription` and the buffer's
  /// `Mirror` (so `dump`, `String(reflecting:)` and debuggers' summaries) show its length only.
  /// For a secure field's text, which nothing reflective may show. Edits keep the flag; nothing
  /// else reads it (equality ignores it).
  public var isConcealed = false

  /// An empty text.
  public init() {
    root = RopeNode.leaf([])
    kept = KeptString("")
  }

  /// A text holding `string` (kept, so that reading ``string`` back costs nothing).
  public init(_ string: String) {
    root = RopeNode.build(string)
    kept = KeptString(string)
  }

  /// The length in UTF-16 code units (`NSString.length`).
  public var utf16Count: Int { root.count }

  /// Whether the text is empty.
  public var isEmpty: Bool { root.count == 0 }

  /// The whole text as a string: O(1) while the buffer keeps one up to date (see
  /// ``cachedString()``); O(n) but a copy of the kept string with the edits since applied when
  /// it keeps one behind; else built anew, O(n) and several times slower.
  public var string: String { kept?.text ?? substring(0..<utf16Count) }

  /// The whole text as a string, which the buffer then keeps: reading it again costs nothing;
  /// typing or deleting at the end of the text updates the kept string in place (amortized
  /// O(1) per key while nobody else holds it); a few other edits between two reads
  /// (`KeptString.editLimit`) are noted, O(log n) each, and the next read applies them to the
  /// kept string in place, a move of the string's tail (and a copy of it when the caller still
  /// holds the string it read before, which must not change). Beyond them the buffer drops the
  /// string, and the next read builds it anew from the rope, O(n) with one allocation.
  ///
  /// Why: code that reads a text object's `text` on every keystroke (a delegate checking for a
  /// decimal separator, as the book's WorldTrotter does) would otherwise build the whole string
  /// each time, and typing would grow quadratic; a key in the middle of a megabyte would cost
  /// such code milliseconds.
  public mutating func cachedString() -> String {
    if kept != nil { return keptForEditing().read() }
    let built = substring(0..<utf16Count)
    kept = KeptString(built)
    return built
  }

  /// Whether the buffer keeps a string of its text (for tests).
  var isKeepingString: Bool { kept != nil }

  /// ``kept``, copied first when another buffer shares it. Only while `kept` is not nil.
  private mutating func keptForEditing() -> KeptString {
    if !isKnownUniquelyReferenced(&kept) { kept = kept!.copy() }
    return kept!
  }

  /// Keeps ``kept`` in step with an edit of `range` (UTF-16 offsets of the text before the
  /// edit, which has not been made yet), when that costs no more than the edit: text replaced
  /// at the end is cut off and the replacement appended; an edit elsewhere is noted for the
  /// next read in UTF-8 offsets, O(log n) (at most ``KeptString/editLimit`` between reads,
  /// beyond which the string is dropped). Bringing the string up to date on the spot would cost
  /// O(n) on every keystroke, which only a reader of the whole text should pay.
  private mutating func keepStringInStep(replacing range: Range<Int>, with replacement: String) {
    guard kept != nil, !(range.isEmpty && replacement.isEmpty) else { return }
    if !isKnownUniquelyReferenced(&kept) { kept = kept!.copy() }
    // Typing at the end, the common case, borrows the kept string's object (held by `self`)
    // rather than retaining it: a keystroke costs no reference counting here. (A start inside a
    // surrogate pair, which the edit widens, is not at a scalar boundary of the string:
    // `replaceAtEnd` declines it.)
    if range.upperBound == utf16Count,
      Unmanaged.passUnretained(kept.unsafelyUnwrapped)._withUnsafeGuaranteedRef({
        $0.replaceAtEnd(units: range.count, with: replacement)
      })
    {
      return
    }
    let kept = self.kept!
    guard kept.canNote else {
      self.kept = nil
      return
    }
    // An end inside a surrogate pair widens to the whole scalar, and an insertion point there
    // moves before it, as the rope's edit does.
    let lower = root.utf8Offset(ofUTF16: range.lowerBound)
    let upper = range.isEmpty ? lower : root.utf8Offset(ofUTF16: range.upperBound)
    kept.note(start: lower.down, removed: range.isEmpty ? 0 : upper.up - lower.down, replacement: replacement)
  }

  /// The number of U+000A LINE FEED characters.
  public var newlineCount: Int { root.newlines }

  /// The UTF-16 code unit at `offset`.
  ///
  /// - Precondition: `0 <= offset < utf16Count`.
  public subscript(utf16 offset: Int) -> UInt16 {
    precondition(
      offset >= 0 && offset < utf16Count,
      "TextBuffer: index \(offset) out of bounds; string length \(utf16Count)")
    let (leaf, start) = root.leaf(containing: offset)
    return leaf.units[offset - start]
  }

  /// The UTF-16 code units in `range`.
  ///
  /// - Precondition: `range` lies inside the text.
  public func units(in range: Range<Int>) -> [UInt16] {
    let range = UTF16Conversion.checkedRange(range, length: utf16Count)
    return [UInt16](unsafeUninitializedCapacity: range.count) { buffer, initialized in
      if let base = buffer.baseAddress { root.copyUnits(range.lowerBound, range.upperBound, to: base) }
      initialized = range.count
    }
  }

  /// The text in `range` (UTF-16 offsets of this text).
  ///
  /// - Precondition: `range` lies inside the text.
  public func substring(_ range: Range<Int>) -> String {
    let range = UTF16Conversion.checkedRange(range, length: utf16Count)
    if range.isEmpty { return "" }
    if range.count <= 64 {
      // Short text (a deleted character, a word): no heap array on the way.
      return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: range.count) { buffer in
        root.copyUnits(range.lowerBound, range.upperBound, to: buffer.baseAddress!)
        return UTF16Conversion.string(ofBuffer: UnsafeBufferPointer(buffer))
      }
    }
    // The whole text or a long part of it: its UTF-8 length counted leaf by leaf, then one
    // string of that size filled leaf by leaf (no intermediate array of units).
    var utf8Count = 0
    root.forEachRun(range.lowerBound, range.upperBound) { run in
      utf8Count += UTF16Conversion.utf8Count(ofUTF16: run)
      return true
    }
    return UTF16Conversion.string(utf8Count: utf8Count) { body in
      root.forEachRun(range.lowerBound, range.upperBound) { run in
        body(run)
        return true
      }
    }
  }

  /// Replaces the UTF-16 range `range` of this text with `replacement`.
  ///
  /// Costs O(log n + m) for a replacement of m units. An end inside a surrogate pair is widened
  /// to the whole scalar, so the text never holds a lone surrogate.
  ///
  /// - Precondition: `range` lies inside the text.
  public mutating func replace(_ range: Range<Int>, with replacement: String) {
    _ = replaceReportingFollowingScalar(range, with: replacement)
  }

  /// What follows the replacement once an edit is made, when the edit could tell cheaply.
  enum FollowingScalar {
    case endOfText
    case scalar(Unicode.Scalar)
    case unknown
  }

  /// `replace(_:with:)`, also reporting the scalar that follows the replacement when the edit
  /// saw it in passing (the keystroke path), so that the editor can skip a walk of the text.
  mutating func replaceReportingFollowingScalar(_ range: Range<Int>, with replacement: String)
    -> FollowingScalar
  {
    let range = UTF16Conversion.checkedRange(range, length: utf16Count)
    keepStringInStep(replacing: range, with: replacement)
    var replacement = replacement
    return replacement.withUTF8 { utf8 -> FollowingScalar in
      let bytes = utf8.count
      if bytes == 0 {
        // A deletion.
        if let inPlace = replaceInOneLeaf(range, UnsafeBufferPointer(start: nil, count: 0)) {
          return inPlace
        }
        replaceAcrossLeaves(range, with: RopeNode.leaf([]))
        return .unknown
      }
      if bytes > RopeNode.leafMax {
        // A paste: transcoded straight into new leaves.
        replaceAcrossLeaves(range, with: RopeNode.build(utf8: utf8))
        return .unknown
      }
      // A keystroke or a short insertion: its UTF-16 (never more units than bytes) goes
      // through a stack buffer straight into the leaf.
      return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: bytes) { buffer in
        let count = UTF16Conversion.transcode(
          utf8.baseAddress!, count: bytes, into: buffer.baseAddress!, capacity: bytes
        ).written
        let units = UnsafeBufferPointer(rebasing: buffer[..<count])
        if let inPlace = replaceInOneLeaf(range, units) { return inPlace }
        replaceAcrossLeaves(range, with: RopeNode.build(units: units))
        return .unknown
      }
    }
  }

  /// The fast path: an edit inside one leaf, made in place (splitting the leaf, and the root if
  /// need be, when it grows too long). Returns nil, changing nothing, when the edit does not
  /// qualify; else what follows the replacement, when the leaf showed it.
  private mutating func replaceInOneLeaf(_ range: Range<Int>, _ units: UnsafeBufferPointer<UInt16>)
    -> FollowingScalar?
  {
    let count = units.count
    if range.isEmpty && count == 0 { return .unknown }
    switch RopeNode.replaceInPlace(&root, range.lowerBound, range.upperBound, units) {
    case nil:
      return nil
    case .edited(_, _, let following)?:
      if range.lowerBound + count >= utf16Count { return .endOfText }
      return following.map { .scalar($0) } ?? .unknown
    case .split(let sibling, _, _)?:
      root = RopeNode(children: [root, sibling])
      return .unknown
    }
  }

  /// The general path: the text before the range, the new subtree and the text after it are
  /// joined into a rebalanced tree that shares every untouched subtree. O(log n + m).
  private mutating func replaceAcrossLeaves(_ range: Range<Int>, with middle: RopeNode) {
    let range = scalarAligned(range)
    if range.isEmpty && middle.count == 0 { return }
    let left = root.slice(0, range.lowerBound)
    let right = root.slice(range.upperBound, root.count)
    root = RopeNode.concat(RopeNode.concat(left, middle), right)
  }

  /// `range` with each end moved off the middle of a surrogate pair (the start down, the end up).
  /// An empty range there (an insertion point) moves before the pair: an insertion never takes
  /// the character it was aimed into.
  public func scalarAligned(_ range: Range<Int>) -> Range<Int> {
    var lo = range.lowerBound
    var hi = range.upperBound
    if range.isEmpty { return isInsideSurrogatePair(lo) ? (lo - 1)..<(lo - 1) : range }
    if isInsideSurrogatePair(lo) { lo -= 1 }
    if isInsideSurrogatePair(hi) { hi += 1 }
    return lo..<max(lo, hi)
  }

  /// Whether `offset` falls between the two halves of a surrogate pair.
  public func isInsideSurrogatePair(_ offset: Int) -> Bool {
    guard offset > 0 && offset < utf16Count else { return false }
    return RopeNode.isLowSurrogate(self[utf16: offset])
      && RopeNode.isHighSurrogate(self[utf16: offset - 1])
  }

  /// Describes the first broken structural invariant of the storage, or nil (for tests).
  func invariantViolation() -> String? { root.invariantViolation() }
}

extension TextBuffer: Equatable {
  public static func == (a: TextBuffer, b: TextBuffer) -> Bool {
    if a.root === b.root { return true }
    guard a.utf16Count == b.utf16Count else { return false }
    return a.units(in: 0..<a.utf16Count) == b.units(in: 0..<b.utf16Count)
  }
}

extension TextBuffer: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self.init(value) }
}

extension TextBuffer: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The text, or `<concealed, N UTF-16 units>` when ``isConcealed``.
  public var description: String { isConcealed ? concealedSummary : string }

  /// `TextBuffer("…")`, or `TextBuffer(<concealed, N UTF-16 units>)` when ``isConcealed``.
  public var debugDescription: String {
    "TextBuffer(\(isConcealed ? concealedSummary : string.debugDescription))"
  }

  /// The text and its length, never the storage (a rope of raw UTF-16 units, which says
  /// nothing to a reader); a concealed buffer shows its length only.
  public var customMirror: Mirror {
    if isConcealed {
      return Mirror(self, children: ["utf16Count": utf16Count, "isConcealed": true], displayStyle: .struct)
    }
    return Mirror(self, children: ["string": string, "utf16Count": utf16Count], displayStyle: .struct)
  }

  private var concealedSummary: String { "<concealed, \(utf16Count) UTF-16 units>" }
}
