import Foundation

/// One change of a text as a value: the UTF-16 range of the *old* text that is replaced, and the
/// string that replaces it. This is exactly what `textField(_:shouldChangeCharactersIn:
/// replacementString:)` is asked about: insertion has an empty range, deletion an empty
/// replacement.
public struct TextEdit: Sendable, Hashable, CustomStringConvertible {
  /// The replaced range, in UTF-16 code units of the text before the edit.
  public var range: Range<Int>
  /// The text that takes the range's place.
  public private(set) var replacement: String
  /// `replacement.utf16.count`, kept so that offset arithmetic never rescans the string.
  public private(set) var replacementUTF16Count: Int

  /// An edit replacing `range` (UTF-16 offsets of the old text) with `replacement`.
  public init(range: Range<Int>, replacement: String) {
    self.range = range
    self.replacement = replacement
    self.replacementUTF16Count = UTF16Conversion.utf16Count(of: replacement)
  }

  /// An edit replacing an `NSRange` (UTF-16) with `replacement`.
  public init(nsRange: NSRange, replacement: String) {
    // The end is checked too: `location + length` past Int.max would trap as an overflow.
    precondition(
      nsRange.location != NSNotFound && nsRange.location >= 0 && nsRange.length >= 0
        && nsRange.length <= Int.max - nsRange.location,
      "TextEdit: invalid range {\(nsRange.location), \(nsRange.length)}")
    self.init(range: nsRange.location..<(nsRange.location + nsRange.length), replacement: replacement)
  }

  /// The replaced range as an `NSRange`, as the delegate receives it.
  public var nsRange: NSRange { UTF16Conversion.nsRange(range) }

  /// The range the replacement occupies in the text after the edit.
  public var insertedRange: Range<Int> {
    range.lowerBound..<(range.lowerBound + replacementUTF16Count)
  }

  /// The change in UTF-16 length that the edit makes.
  public var lengthDelta: Int { replacementUTF16Count - range.count }

  /// Whether the edit changes nothing whatever the text.
  public var isEmpty: Bool { range.isEmpty && replacementUTF16Count == 0 }

  /// Applies the edit to `text`.
  ///
  /// - Precondition: `range` lies inside `text`.
  public func apply(to text: inout TextBuffer) {
    text.replace(range, with: replacement)
  }

  /// The edit that undoes this one, given the text this edit applies to (before applying it).
  public func inverted(in textBefore: TextBuffer) -> TextEdit {
    TextEdit(range: insertedRange, replacement: textBefore.substring(range))
  }

  /// The offset `offset` of the old text maps to in the new text.
  ///
  /// Offsets before the range stay, offsets after it shift by ``lengthDelta``, and offsets inside
  /// it (or at its end) go to the end of the replacement.
  public func map(_ offset: Int) -> Int {
    if offset < range.lowerBound { return offset }
    if offset >= range.upperBound && !(range.isEmpty && offset == range.lowerBound) {
      return offset + lengthDelta
    }
    return range.lowerBound + replacementUTF16Count
  }

  /// One edit with the effect of this edit followed by `next` (whose range refers to the text
  /// after this edit), or nil when the two do not touch and so cannot be one contiguous edit.
  ///
  /// Used to coalesce typing into one undo step.
  public func composed(with next: TextEdit) -> TextEdit? {
    let a1 = range.lowerBound
    let b1 = range.upperBound
    let l1 = replacementUTF16Count
    let a2 = next.range.lowerBound
    let b2 = next.range.upperBound
    guard a2 <= a1 + l1 && b2 >= a1 else { return nil }
    let lo = min(a1, a2)
    let hi = b1 + max(0, b2 - (a1 + l1))
    let units = Array(replacement.utf16)
    let keepPrefix = max(a2 - a1, 0)
    let keepSuffixFrom = min(b2 - a1, l1)
    var combined = String(decoding: units[0..<keepPrefix], as: UTF16.self)
    combined += next.replacement
    combined += String(decoding: units[keepSuffixFrom..<l1], as: UTF16.self)
    return TextEdit(range: lo..<hi, replacement: combined)
  }

  /// Appends `suffix` (of `utf16Count` UTF-16 units) to the replacement in place: amortized
  /// O(suffix) when this edit holds the only copy of its replacement.
  mutating func appendToReplacement(_ suffix: String, utf16Count: Int) {
    replacement += suffix
    replacementUTF16Count += utf16Count
  }

  public var description: String {
    "{\(range.lowerBound), \(range.count)} → \(replacement.debugDescription)"
  }
}
