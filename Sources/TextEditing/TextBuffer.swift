/// An editable text measured in UTF-16 code units, as `NSString` and `NSRange` measure it.
///
/// `TextBuffer` is a value type with copy-on-write storage: a B-tree rope (``RopeNode``) whose
/// leaves hold at most 1,024 UTF-16 units. Reading or replacing at an offset costs O(log n), so
/// a keystroke in the middle of a million characters costs about what it costs in a short text,
/// and a copy kept for later shares all unchanged leaves.
///
/// Every offset and range is in UTF-16 code units of this text. The buffer never holds a lone
/// surrogate: a range end that falls inside a surrogate pair is widened to the whole scalar.
public struct TextBuffer: Sendable {
  var root: RopeNode

  /// An empty text.
  public init() { root = RopeNode(leaf: []) }

  /// A text holding `string`.
  public init(_ string: String) { root = RopeNode.build(UTF16Conversion.units(of: string)) }

  /// The length in UTF-16 code units (`NSString.length`).
  public var utf16Count: Int { root.count }

  /// Whether the text is empty.
  public var isEmpty: Bool { root.count == 0 }

  /// The whole text as a string. O(n).
  public var string: String { substring(0..<utf16Count) }

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
    var result: [UInt16] = []
    result.reserveCapacity(range.count)
    root.forEachRun(range.lowerBound, range.upperBound) {
      result.append(contentsOf: $0)
      return true
    }
    return result
  }

  /// The text in `range` (UTF-16 offsets of this text).
  ///
  /// - Precondition: `range` lies inside the text.
  public func substring(_ range: Range<Int>) -> String {
    UTF16Conversion.string(of: units(in: range))
  }

  /// Replaces the UTF-16 range `range` of this text with `replacement`.
  ///
  /// Costs O(log n + m) for a replacement of m units. An end inside a surrogate pair is widened
  /// to the whole scalar, so the text never holds a lone surrogate.
  ///
  /// - Precondition: `range` lies inside the text.
  public mutating func replace(_ range: Range<Int>, with replacement: String) {
    replace(range, withUnits: UTF16Conversion.units(of: replacement))
  }

  /// Replaces the UTF-16 range `range` with already transcoded UTF-16 code units.
  mutating func replace(_ range: Range<Int>, withUnits replacement: [UInt16]) {
    let range = scalarAligned(UTF16Conversion.checkedRange(range, length: utf16Count))
    let (lo, hi) = (range.lowerBound, range.upperBound)
    if lo == hi && replacement.isEmpty { return }
    if RopeNode.replaceInLeaf(&root, lo, hi, with: replacement, isRoot: true) { return }
    let left = root.slice(0, lo)
    let right = root.slice(hi, root.count)
    let middle = RopeNode.build(replacement)
    root = RopeNode.concat(RopeNode.concat(left, middle), right)
  }

  /// `range` with each end moved off the middle of a surrogate pair (the start down, the end up).
  func scalarAligned(_ range: Range<Int>) -> Range<Int> {
    var lo = range.lowerBound
    var hi = range.upperBound
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

extension TextBuffer: CustomStringConvertible, CustomDebugStringConvertible {
  public var description: String { string }
  public var debugDescription: String { "TextBuffer(\(string.debugDescription))" }
}
