import Foundation

/// An element holding one paragraph of text: its characters and attributes, the paragraph
/// separator (a line feed, CR LF, U+2029) included when it has one.
open class NSTextParagraph: NSTextElement {
  /// The paragraph's text, separator included.
  open private(set) var attributedString: NSAttributedString

  /// A paragraph of `attributedString` (an empty one for nil), placed in no document yet.
  public init(attributedString: NSAttributedString?) {
    self.attributedString = attributedString.map { NSAttributedString(attributedString: $0) } ?? NSAttributedString(string: "")
    super.init(textContentManager: nil)
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
  var _separatorLength: Int { NSTextParagraph._separatorLength(ofTextEndingIn: attributedString.string) }

  /// The UTF-16 length of the paragraph separator ending `string`.
  static func _separatorLength(ofTextEndingIn string: String) -> Int {
    let units = string.utf16
    guard let last = units.last else { return 0 }
    switch last {
    case 0x0A:
      let before = units.index(before: units.endIndex)
      return before > units.startIndex && units[units.index(before: before)] == 0x0D ? 2 : 1
    case 0x0D, 0x2029: return 1
    default: return 0
    }
  }
}
