import Foundation

/// A position in a text object's text: a UTF-16 offset. Positions compare by value.
@preconcurrency @MainActor
open class UITextPosition: NSObject {
  /// The UTF-16 offset from the start of the text.
  let _offset: Int

  init(offset: Int) {
    _offset = offset
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UITextPosition else { return false }
    return other._offset == _offset
  }

  open override var hash: Int { _offset.hashValue }

  open override var description: String { "<UITextPosition \(_offset)>" }
}

/// A range of a text object's text between two positions. Ranges compare by value.
@preconcurrency @MainActor
open class UITextRange: NSObject {
  /// The start of the range.
  open var start: UITextPosition { _start }
  /// The end of the range.
  open var end: UITextPosition { _end }
  /// Whether the range is empty (a caret).
  open var isEmpty: Bool { _start._offset == _end._offset }

  let _start: UITextPosition
  let _end: UITextPosition

  init(start: UITextPosition, end: UITextPosition) {
    _start = start
    _end = end
  }

  convenience init(_ range: Range<Int>) {
    self.init(start: UITextPosition(offset: range.lowerBound), end: UITextPosition(offset: range.upperBound))
  }

  var _range: Range<Int> { min(_start._offset, _end._offset)..<max(_start._offset, _end._offset) }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UITextRange else { return false }
    return other._start == _start && other._end == _end
  }

  open override var hash: Int { _start.hash &* 31 &+ _end.hash }

  open override var description: String { "<UITextRange \(_start._offset)..<\(_end._offset)>" }
}

/// Directions for moving through text.
public enum UITextLayoutDirection: Int, Sendable {
  case right = 2, left, up, down
}

/// Logical directions in text.
public enum UITextStorageDirection: Int, Sendable {
  case forward, backward
}

/// The minimal text-entry protocol: insert and delete at the insertion point.
@preconcurrency @MainActor
public protocol UIKeyInput: UITextInputTraits {
  /// Whether there is any text.
  var hasText: Bool { get }
  /// Inserts `text` at the insertion point (replacing the selection).
  func insertText(_ text: String)
  /// Deletes the selection, or the character before the insertion point.
  func deleteBackward()
}

/// Text input: positions and ranges, the selection, marked (IME) text. Offsets are UTF-16
/// code units, as in `NSRange`.
@preconcurrency @MainActor
public protocol UITextInput: UIKeyInput {
  /// The text in `range`, or nil when the range is outside the text.
  func text(in range: UITextRange) -> String?
  /// Replaces the text in `range` with `text`.
  func replace(_ range: UITextRange, withText text: String)
  /// The selection (settable also when not first responder).
  var selectedTextRange: UITextRange? { get set }
  /// The range of marked (IME) text, if any.
  var markedTextRange: UITextRange? { get }
  /// Attributes of marked text.
  var markedTextStyle: [NSAttributedString.Key: Any]? { get set }
  /// Sets the marked text, replacing the current marked text or the selection; `selectedRange`
  /// is relative to the marked text.
  func setMarkedText(_ markedText: String?, selectedRange: NSRange)
  /// Commits the marked text.
  func unmarkText()
  /// The start of the text.
  var beginningOfDocument: UITextPosition { get }
  /// The end of the text.
  var endOfDocument: UITextPosition { get }
  /// A range between two positions (nil when either is outside the text).
  func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
  /// The position `offset` UTF-16 units from `position`; nil outside the text.
  func position(from position: UITextPosition, offset: Int) -> UITextPosition?
  /// The position `offset` units from `position` in a layout direction; nil outside the text.
  func position(
    from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int
  ) -> UITextPosition?
  /// How two positions are ordered.
  func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
  /// The UTF-16 distance from one position to another.
  func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
  /// The rectangle of the caret at `position`, in the object's coordinates.
  func caretRect(for position: UITextPosition) -> CGRect
  /// The first rectangle (the first line's part) that encloses `range`, in the object's
  /// coordinates.
  func firstRect(for range: UITextRange) -> CGRect
  /// The rectangles that enclose `range`, one per line, in the object's coordinates.
  func selectionRects(for range: UITextRange) -> [UITextSelectionRect]
  /// The position nearest to `point`, in the object's coordinates.
  func closestPosition(to point: CGPoint) -> UITextPosition?
}
