import Foundation
import TextEditing

/// An element holding one paragraph of text: its characters and attributes, the paragraph
/// separator (a line feed, CR LF, U+2029) included when it has one.
open class NSTextParagraph: NSTextElement {
  /// The paragraph's text, separator included (a content storage's paragraph reads it from
  /// the storage when first asked: laying a paragraph out does not copy its text).
  open var attributedString: NSAttributedString {
    if let string = _attributedString { return string }
    var read: NSAttributedString?
    if let storage = _storage, let range = elementRange?._offsets {
      nonisolated(unsafe) var made: NSAttributedString?
      MainActor.assumeIsolated {
        if let text = storage.textStorage, range.upperBound <= text.length {
          made = text.attributedSubstring(from: UTF16Conversion.nsRange(range))
        }
      }
      read = made
    }
    let string = read ?? NSAttributedString(string: "")
    _attributedString = string
    return string
  }
  private var _attributedString: NSAttributedString?
  /// The content storage whose text this paragraph is (nil for a paragraph made of a string).
  weak var _storage: NSTextContentStorage?
  /// The attribute runs of a paragraph made of a string (a content storage delegate's
  /// substitute), made once for drawing it in a text view.
  var _substituteRuns: _AttributeRuns?

  /// A paragraph of `attributedString` (an empty one for nil), placed in no document yet.
  public init(attributedString: NSAttributedString?) {
    _attributedString = attributedString.map { NSAttributedString(attributedString: $0) } ?? NSAttributedString(string: "")
    super.init(textContentManager: nil)
  }

  /// A paragraph of `storage`'s text at the range it is given (read when asked for).
  init(_paragraphOf storage: NSTextContentStorage) {
    _storage = storage
    super.init(textContentManager: storage)
  }

  /// The paragraph's range without its separator.
  open var paragraphContentRange: NSTextRange? {
    guard let range = elementRange else { return nil }
    let separator = _separatorLength
    guard separator > 0 else { return range }
    return _rangeInDocument(from: range.location, content: 0..<(attributedString.length - separator)) ?? range
  }

  /// The range of the paragraph's separator (nil for a last paragraph without one).
  open var paragraphSeparatorRange: NSTextRange? {
    guard let range = elementRange else { return nil }
    let separator = _separatorLength
    guard separator > 0 else { return nil }
    let length = attributedString.length
    return _rangeInDocument(from: range.location, content: (length - separator)..<length)
  }

  /// A range of the paragraph's text, as locations of its document.
  private func _rangeInDocument(from start: any NSTextLocation, content: Range<Int>) -> NSTextRange? {
    if let offset = start._offset {
      return NSTextRange(_offsets: (offset + content.lowerBound)..<(offset + content.upperBound))
    }
    // Another content manager's locations: it says where they are (main actor, as it is).
    guard let manager = textContentManager else { return nil }
    nonisolated(unsafe) let start = start
    return MainActor.assumeIsolated {
      guard let from = manager.location(start, offsetBy: content.lowerBound),
        let to = manager.location(start, offsetBy: content.upperBound)
      else { return nil }
      return NSTextRange(location: from, end: to)
    }
  }

  /// The UTF-16 length of the separator that ends the text (0 without one).
  var _separatorLength: Int {
    if _attributedString == nil, let storage = _storage, let range = elementRange?._offsets, !range.isEmpty {
      return MainActor.assumeIsolated {
        let text = storage._textBuffer
        guard range.upperBound <= text.utf16Count else { return 0 }
        return NSTextParagraph._separatorLength(endingAt: range.upperBound, after: range.lowerBound) { text[utf16: $0] }
      }
    }
    return NSTextParagraph._separatorLength(ofTextEndingIn: attributedString.string)
  }

  /// The UTF-16 length of the paragraph separator ending `string`.
  static func _separatorLength(ofTextEndingIn string: String) -> Int {
    let units = Array(string.utf16.suffix(2))
    return _separatorLength(endingAt: units.count, after: 0) { units[$0] }
  }

  /// The UTF-16 length of the separator ending at `end` of a text whose units `unit` gives
  /// (not reading before `start`): a line feed, CR LF, a lone CR or U+2029; 0 for none.
  static func _separatorLength(endingAt end: Int, after start: Int, unit: (Int) -> UInt16) -> Int {
    guard end > start else { return 0 }
    switch unit(end - 1) {
    case 0x0A: return end - 1 > start && unit(end - 2) == 0x0D ? 2 : 1
    case 0x0D, 0x2029: return 1
    default: return 0
    }
  }
}
