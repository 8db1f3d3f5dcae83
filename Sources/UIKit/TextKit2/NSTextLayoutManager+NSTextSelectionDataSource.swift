import Foundation
import TextEditing

// The layout manager as selection navigation's data source: text units from the text engine
// (clusters, words, sentences and paragraphs as UITextInputStringTokenizer walks them), lines and
// caret places from the line layout.

extension NSTextLayoutManager {
  private var _buffer: TextBuffer? { (textContentManager as? NSTextContentStorage)?._textBuffer }

  func _enumerateSubstrings(
    from location: any NSTextLocation, options: NSString.EnumerationOptions,
    using block: (String?, NSTextRange, NSTextRange?, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    guard let text = _buffer, let offset = location._offset else { return }
    let length = text.utf16Count
    let reverse = options.contains(.reverse)
    let wantsString = !options.contains(.substringNotRequired)
    var position = min(max(0, offset), length)
    var stop: ObjCBool = false
    // The kind of unit is the low byte of the options.
    let kind = options.rawValue & 0xFF
    while !stop.boolValue {
      guard let (range, enclosing) = _unit(kind, at: position, reverse: reverse, in: text) else { return }
      block(wantsString ? text.substring(range) : nil, NSTextRange(_offsets: range), NSTextRange(_offsets: enclosing), &stop)
      let next = reverse ? enclosing.lowerBound : enclosing.upperBound
      guard next != position else { return }
      position = next
    }
  }

  /// The next unit of `kind` (NSString's enumeration kinds) at or after `position` (before it in
  /// reverse), and the range enclosing it with its separators.
  private func _unit(_ kind: UInt, at position: Int, reverse: Bool, in text: TextBuffer) -> (Range<Int>, Range<Int>)? {
    let length = text.utf16Count
    switch kind {
    case NSString.EnumerationOptions.byComposedCharacterSequences.rawValue:
      guard reverse ? position > 0 : position < length else { return nil }
      let range = text.clusterRange(containing: reverse ? position - 1 : position)
      return (range, range)
    case NSString.EnumerationOptions._byWords.rawValue:
      guard let word = reverse ? text.wordRange(startingBefore: position) : text.wordRange(endingAfter: position) else { return nil }
      return (word, word)
    case NSString.EnumerationOptions._bySentences.rawValue:
      guard let sentence = reverse ? text.sentenceRange(startingBefore: position) : text.sentenceRange(endingAfter: position)
      else { return nil }
      return (sentence, sentence)
    case NSString.EnumerationOptions.byLines.rawValue:
      guard let layout = _lineLayout(), layout._tkLineCount > 0, reverse ? position > 0 : position < length else { return nil }
      let line = min(layout._tkLineIndex(containing: reverse ? position - 1 : position), layout._tkLineCount - 1)
      let enclosing = layout._tkLineRange(line)
      return (_withoutBreak(enclosing, in: text), enclosing)
    default:
      // By paragraphs: the content storage's, their separators enclosed.
      guard reverse ? position > 0 : position < length, let storage = textContentManager as? NSTextContentStorage else { return nil }
      let at = reverse ? position - 1 : position
      return (text.paragraphRange(containing: at), storage._paragraphRange(containing: at))
    }
  }

  /// `range` without the line break that ends it.
  private func _withoutBreak(_ range: Range<Int>, in text: TextBuffer) -> Range<Int> {
    guard !range.isEmpty, let last = text.character(before: range.upperBound), UITextView._isParagraphBreak(last) else { return range }
    return range.lowerBound..<(range.upperBound - last.utf16.count)
  }

  func _textRange(for granularity: NSTextSelection.Granularity, enclosing location: any NSTextLocation) -> NSTextRange? {
    guard let text = _buffer, let offset = location._offset, text.utf16Count > 0 else { return nil }
    let at = min(max(0, offset), text.utf16Count - 1)
    switch granularity {
    case .character:
      return NSTextRange(_offsets: text.clusterRange(containing: at))
    case .word:
      if let word = text.wordRange(endingAfter: at), word.contains(at) { return NSTextRange(_offsets: word) }
      return NSTextRange(_offsets: text.clusterRange(containing: at))
    case .sentence:
      if let sentence = text.sentenceRange(endingAfter: at), sentence.contains(at) { return NSTextRange(_offsets: sentence) }
      return _textRange(for: .paragraph, enclosing: location)
    case .paragraph:
      guard let (_, enclosing) = _unit(NSString.EnumerationOptions.byParagraphs.rawValue, at: at, reverse: false, in: text) else { return nil }
      return NSTextRange(_offsets: enclosing)
    case .line:
      guard let layout = _lineLayout(), layout._tkLineCount > 0 else { return nil }
      let line = min(layout._tkLineIndex(containing: at), layout._tkLineCount - 1)
      return NSTextRange(_offsets: layout._tkLineRange(line))
    }
  }

  func _baseWritingDirection(at location: any NSTextLocation) -> NSTextSelectionNavigation.WritingDirection {
    guard let text = _buffer, let offset = location._offset, text.utf16Count > 0 else { return .leftToRight }
    let rightToLeft = text.paragraphIsRightToLeft(containing: min(max(0, offset), text.utf16Count - 1)) ?? false
    return rightToLeft ? .rightToLeft : .leftToRight
  }

  func _enumerateCaretOffsets(
    at location: any NSTextLocation, using block: (CGFloat, any NSTextLocation, Bool, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    guard let layout = _lineLayout(), layout._tkLineCount > 0, let offset = location._offset else { return }
    let line = min(layout._tkLineIndex(containing: min(max(0, offset), layout._tkLength)), layout._tkLineCount - 1)
    let characters = layout._tkCharacters(onLine: line).sorted { $0.left < $1.left }
    var stop: ObjCBool = false
    guard !characters.isEmpty else {
      block(layout._tkTextStart(onLine: line), _TextLocation(layout._tkLineRange(line).lowerBound), true, &stop)
      return
    }
    let rightToLeft = _baseWritingDirection(at: location) == .rightToLeft
    for character in characters {
      // A character's leading edge is its left in left-to-right text, its right otherwise.
      let start = _TextLocation(character.range.lowerBound)
      block(character.left, start, !rightToLeft, &stop)
      if stop.boolValue { return }
      block(character.left + character.width, start, rightToLeft, &stop)
      if stop.boolValue { return }
    }
  }

  func _lineFragmentRange(for point: CGPoint) -> NSTextRange? {
    guard let layout = _lineLayout(), layout._tkLineCount > 0, point.y.isFinite else { return nil }
    let line = min(max(0, layout._tkLine(atY: point.y)), layout._tkLineCount - 1)
    return NSTextRange(_offsets: layout._tkLineRange(line))
  }
}

extension NSString.EnumerationOptions {
  /// Apple's `.byWords` (3), which swift-corelibs-foundation marks unavailable: the layout
  /// manager's substrings by words take it.
  static let _byWords = NSString.EnumerationOptions(rawValue: 3)
  /// Apple's `.bySentences` (4), unavailable in swift-corelibs-foundation likewise.
  static let _bySentences = NSString.EnumerationOptions(rawValue: 4)
}
