import Foundation
import TextEditing

/// The sizes of text unit a tokenizer knows.
public enum UITextGranularity: Int, Sendable {
  /// A grapheme cluster (what the user sees as one character: "👨‍👩‍👧", "é" made of two scalars).
  case character
  /// A word.
  case word
  /// A sentence.
  case sentence
  /// A paragraph: text between line breaks.
  case paragraph
  /// A line as laid out (a text view's wrapped lines; a field's one line).
  case line
  /// The whole text.
  case document
}

/// A direction for a tokenizer: a storage direction (`.storage(.forward)`) or a layout
/// direction (`.layout(.right)`), told apart by their raw values as in UIKit.
public struct UITextDirection: RawRepresentable, Equatable, Hashable, Sendable {
  public var rawValue: Int

  /// Creates a text direction with the raw value of a storage or layout direction.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// A direction of storage (forward: towards the end of the text).
  public static func storage(_ direction: UITextStorageDirection) -> UITextDirection {
    UITextDirection(rawValue: direction.rawValue)
  }

  /// A direction of layout (right, left, up, down).
  public static func layout(_ direction: UITextLayoutDirection) -> UITextDirection {
    UITextDirection(rawValue: direction.rawValue)
  }

  /// Whether the direction goes towards the end of the text: forward, and right and down in
  /// the left-to-right, top-to-bottom layout the text objects draw; nil for a raw value that is
  /// neither kind of direction.
  var _isForward: Bool? {
    if let storage = UITextStorageDirection(rawValue: rawValue) { return storage == .forward }
    guard let layout = UITextLayoutDirection(rawValue: rawValue) else { return nil }
    return layout == .right || layout == .down
  }
}

/// An object that finds text units (characters, words, sentences, paragraphs, lines, the
/// document) in a text-input object's text. A text object hands one out as its `tokenizer`.
///
/// A position is *at a boundary* going forward when a unit ends there, and going backward when
/// one starts there; it is *within* a unit going forward when the unit holds the text after
/// it, and going backward when it holds the text before it.
@preconcurrency @MainActor
public protocol UITextInputTokenizer: NSObjectProtocol {
  /// The unit of `granularity` that holds `position` in `direction`, or nil when the position is
  /// within no such unit (a caret between two words has no enclosing word).
  func rangeEnclosingPosition(
    _ position: UITextPosition, with granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> UITextRange?
  /// Whether a unit of `granularity` ends (forward) or starts (backward) at `position`.
  func isPosition(
    _ position: UITextPosition, atBoundary granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> Bool
  /// The next boundary of a unit of `granularity` from `position` in `direction` (the end of
  /// the unit it is in, or of the next one; going backward, a start), or nil when there is none.
  func position(
    from position: UITextPosition, toBoundary granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> UITextPosition?
  /// Whether `position` is within a unit of `granularity` in `direction`.
  func isPosition(
    _ position: UITextPosition, withinTextUnit granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> Bool
}

/// The tokenizer for text that the tokenizer reads through its text-input object: characters
/// by grapheme clusters, words by the editing engine's word rule (the one ⌥← and ⌥→ use),
/// sentences after Unicode's sentence rules, paragraphs between line breaks, and lines as the
/// text object lays them out (a `UITextView` wraps; a `UITextField` has one line; any other
/// text object's lines are its paragraphs, since only it knows its layout).
///
/// Subclasses override the four methods and call `super` for what layout does not change, as
/// Apple's documentation suggests. The tokenizer holds its text object weakly (the object holds
/// the tokenizer); once the object is gone, every answer is nil or false.
@preconcurrency @MainActor
open class UITextInputStringTokenizer: NSObject, UITextInputTokenizer {
  private weak var _textInput: (any UIResponder & UITextInput)?

  /// Creates a tokenizer for the text of `textInput`.
  public init(textInput: any UIResponder & UITextInput) {
    _textInput = textInput
    super.init()
  }

  open func rangeEnclosingPosition(
    _ position: UITextPosition, with granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> UITextRange? {
    guard let (reader, offset, forward) = _locate(position, direction) else { return nil }
    return _enclosingUnit(reader, granularity, offset, forward: forward).flatMap { reader.range($0) }
  }

  open func isPosition(
    _ position: UITextPosition, atBoundary granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> Bool {
    guard let (reader, offset, forward) = _locate(position, direction) else { return false }
    // A position inside a grapheme cluster (made by offset arithmetic) is at no boundary.
    guard reader.text.isClusterBoundary(reader.rawOffset(of: position)) else { return false }
    if granularity == .document { return offset == (forward ? reader.text.utf16Count : 0) }
    if forward { return reader.unit(granularity, startingBefore: offset)?.upperBound == offset }
    return reader.unit(granularity, endingAfter: offset)?.lowerBound == offset
  }

  open func position(
    from position: UITextPosition, toBoundary granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> UITextPosition? {
    guard let (reader, offset, forward) = _locate(position, direction) else { return nil }
    let target =
      forward
      ? reader.unit(granularity, endingAfter: offset)?.upperBound
      : reader.unit(granularity, startingBefore: offset)?.lowerBound
    return target.flatMap { reader.position($0) }
  }

  open func isPosition(
    _ position: UITextPosition, withinTextUnit granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> Bool {
    guard let (reader, offset, forward) = _locate(position, direction) else { return false }
    return _enclosingUnit(reader, granularity, offset, forward: forward) != nil
  }

  /// The text object's text and the UTF-16 offset of `position` read in `direction` (nil for a
  /// direction that is neither forward nor backward, or a position of another text).
  private func _locate(_ position: UITextPosition, _ direction: UITextDirection)
    -> (reader: _TokenizerReader, offset: Int, forward: Bool)?
  {
    guard let forward = direction._isForward, let reader = _reader(),
      let offset = reader.offset(of: position, forward: forward)
    else { return nil }
    return (reader, offset, forward)
  }

  /// The unit of `granularity` that holds `offset`, looking forward (the unit ending after it,
  /// if it starts at or before it) or backward (the unit starting before it, if it ends at or
  /// after it).
  private func _enclosingUnit(
    _ reader: _TokenizerReader, _ granularity: UITextGranularity, _ offset: Int, forward: Bool
  ) -> Range<Int>? {
    if forward {
      return reader.unit(granularity, endingAfter: offset).flatMap { $0.lowerBound <= offset ? $0 : nil }
    }
    return reader.unit(granularity, startingBefore: offset).flatMap { offset <= $0.upperBound ? $0 : nil }
  }

  /// What the four methods read: the text object's text, and how to turn its positions into
  /// UTF-16 offsets and back.
  private func _reader() -> _TokenizerReader? {
    guard let input = _textInput else { return nil }
    if let object = input as? any EditableTextObject {
      return _TokenizerReader(text: object._state.text, input: input, object: object)
    }
    // Another conformer: its text through `text(in:)`, its positions through `offset(from:to:)`.
    let start = input.beginningOfDocument
    guard let whole = input.textRange(from: start, to: input.endOfDocument),
      let string = input.text(in: whole)
    else { return nil }
    return _TokenizerReader(text: TextBuffer(string), input: input, object: nil)
  }
}

/// A text object's text as a tokenizer reads it.
@MainActor
private struct _TokenizerReader {
  let text: TextBuffer
  let input: any UIResponder & UITextInput
  /// The field or text view, which knows its visual lines; nil for other conformers.
  let object: (any EditableTextObject)?

  /// The position's UTF-16 offset on a cluster boundary; nil outside the text. A position
  /// inside a cluster (offset arithmetic can make one) looks forward from the cluster's start
  /// and backward from its end, so that the cluster holds it either way.
  func offset(of position: UITextPosition, forward: Bool) -> Int? {
    let offset = rawOffset(of: position)
    guard (0...text.utf16Count).contains(offset) else { return nil }
    return forward
      ? text.clusterBoundary(roundingDown: offset) : text.clusterBoundary(roundingUp: offset)
  }

  func rawOffset(of position: UITextPosition) -> Int {
    object != nil ? position._offset : input.offset(from: input.beginningOfDocument, to: position)
  }

  func position(_ offset: Int) -> UITextPosition? {
    object != nil
      ? UITextPosition(offset: offset)
      : input.position(from: input.beginningOfDocument, offset: offset)
  }

  func range(_ range: Range<Int>) -> UITextRange? {
    guard let start = position(range.lowerBound), let end = position(range.upperBound) else {
      return nil
    }
    return object != nil
      ? UITextRange(start: start, end: end) : input.textRange(from: start, to: end)
  }

  /// The first non-empty unit that ends after `offset` (the one holding the text after it, or
  /// the next).
  func unit(_ granularity: UITextGranularity, endingAfter offset: Int) -> Range<Int>? {
    let length = text.utf16Count
    switch granularity {
    case .character:
      guard offset < length else { return nil }
      return text.clusterRange(containing: offset)
    case .word:
      return text.wordRange(endingAfter: offset)
    case .sentence:
      return text.sentenceRange(endingAfter: offset)
    case .paragraph:
      return nextNonEmpty(from: text.paragraphRange(containing: offset), after: offset) { end in
        end < length
          ? text.paragraphRange(containing: end + text.character(at: end)!.utf16.count) : nil
      }
    case .line:
      if let object { return object._lineUnit(endingAfter: offset) }
      return unit(.paragraph, endingAfter: offset)
    case .document:
      return offset < length ? 0..<length : nil
    }
  }

  /// The last non-empty unit that starts before `offset` (the one holding the text before it,
  /// or the one before).
  func unit(_ granularity: UITextGranularity, startingBefore offset: Int) -> Range<Int>? {
    switch granularity {
    case .character:
      guard let start = text.clusterBoundary(before: offset) else { return nil }
      return start..<offset
    case .word:
      return text.wordRange(startingBefore: offset)
    case .sentence:
      return text.sentenceRange(startingBefore: offset)
    case .paragraph:
      var paragraph = text.paragraphRange(containing: offset)
      while paragraph.isEmpty || paragraph.lowerBound >= offset {
        guard paragraph.lowerBound > 0 else { return nil }
        paragraph = text.paragraphRange(containing: paragraph.lowerBound - 1)
      }
      return paragraph
    case .line:
      if let object { return object._lineUnit(startingBefore: offset) }
      return unit(.paragraph, startingBefore: offset)
    case .document:
      return offset > 0 ? 0..<text.utf16Count : nil
    }
  }

  private func nextNonEmpty(
    from first: Range<Int>, after offset: Int, next: (Int) -> Range<Int>?
  ) -> Range<Int>? {
    var unit = first
    while unit.isEmpty || unit.upperBound <= offset {
      guard let following = next(unit.upperBound) else { return nil }
      unit = following
    }
    return unit
  }
}
