import Foundation
import TextEditing

/// A position in a text object's text: a UTF-16 offset. Positions compare by value.
@preconcurrency @MainActor
open class UITextPosition: NSObject {
  /// The UTF-16 offset from the start of the text.
  let _offset: Int
  /// Whether a text object here made the position (and `_offset` locates it).
  let _isOffsetPosition: Bool

  init(offset: Int) {
    _offset = offset
    _isOffsetPosition = true
  }

  /// Creates a position for a subclass: a text-input object of one's own makes its positions
  /// as a subclass that holds what locates them (the text objects here read only their own).
  /// Such positions are equal only to themselves unless the subclass overrides `isEqual`.
  public override init() {
    _offset = 0
    _isOffsetPosition = false
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UITextPosition else { return false }
    guard _isOffsetPosition, other._isOffsetPosition else { return other === self }
    return other._offset == _offset
  }

  open override var hash: Int { _isOffsetPosition ? _offset.hashValue : ObjectIdentifier(self).hashValue }

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

  /// Creates a range for a subclass, which overrides ``start``, ``end`` and ``isEmpty``.
  public override init() {
    _start = UITextPosition()
    _end = _start
  }

  convenience init(_ range: Range<Int>) {
    self.init(start: UITextPosition(offset: range.lowerBound), end: UITextPosition(offset: range.upperBound))
  }

  var _range: Range<Int> { min(_start._offset, _end._offset)..<max(_start._offset, _end._offset) }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UITextRange else { return false }
    guard _start._isOffsetPosition, other._start._isOffsetPosition else { return other === self }
    return other._start == _start && other._end == _end
  }

  open override var hash: Int {
    _start._isOffsetPosition ? _start.hash &* 31 &+ _end.hash : ObjectIdentifier(self).hashValue
  }

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
  /// The position in `range` nearest to `point`.
  func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition?
  /// The character (grapheme cluster) drawn at `point`, or nil when no character is there.
  func characterRange(at point: CGPoint) -> UITextRange?

  /// The object that is told of changes the keyboard did not make (set by the system on iOS).
  var inputDelegate: (any UITextInputDelegate)? { get set }
  /// The object that finds words, sentences, lines… in the text.
  var tokenizer: any UITextInputTokenizer { get }
  /// The position in `range` farthest in a layout direction.
  func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition?
  /// The range from `position` to the farthest extent of its line (or text) in `direction`.
  func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange?
  /// The writing direction of the paragraph at `position`.
  func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection
  /// Sets the writing direction of the paragraphs in `range`.
  func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange)

  // Optional in UIKit: defaults below answer as iOS does when a conformer leaves them out.

  /// Asks whether the text in `range` may be replaced by `text` (true by default).
  func shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool
  /// Sets marked text with attributes (by default, its string as `setMarkedText`).
  func setAttributedMarkedText(_ markedText: NSAttributedString?, selectedRange: NSRange)
  /// Inserts text the keyboard offers alternatives for (by default, `insertText(_:)`).
  func insertText(_ text: String, alternatives: [String], style: UITextAlternativeStyle)
  /// The view whose coordinates the geometry is in (by default, the object if it is a view,
  /// else the first view up its responder chain).
  var textInputView: UIView { get }
  /// Which side of a line break the caret belongs to (`.forward` by default; not kept).
  var selectionAffinity: UITextStorageDirection { get set }
  /// Inserts a dictation result (by default, its phrases' text through `insertText(_:)`).
  func insertDictationResult(_ dictationResult: [UIDictationPhrase])
  /// Dictation recording ended (nothing by default).
  func dictationRecordingDidEnd()
  /// Dictation recognition failed (nothing by default).
  func dictationRecognitionFailed()
  /// The position `offset` characters from the start of `range` (nil outside it). By default,
  /// characters are the UTF-16 units of ``position(from:offset:)``; implement it when positions
  /// and character offsets do not correspond one to one.
  func position(within range: UITextRange, atCharacterOffset offset: Int) -> UITextPosition?
  /// How many characters lie between the start of `range` and `position` (by default the
  /// UTF-16 distance, kept inside the range).
  func characterOffset(of position: UITextPosition, within range: UITextRange) -> Int
  /// The text attributes at `position`, looking `direction` (forward: the character after it;
  /// backward: the one before). Nil by default; fields and text views give their text's.
  func textStyling(at position: UITextPosition, in direction: UITextStorageDirection) -> [NSAttributedString.Key: Any]?
  /// The edit menu for the text in `textRange`, given the actions the system suggests (iOS 16);
  /// nil (the default) shows the suggested actions. Text fields and text views ask their
  /// delegates here, so a subclass that overrides it decides before them.
  func editMenu(for textRange: UITextRange, suggestedActions: [UIMenuElement]) -> UIMenu?
  /// The edit menu is about to appear (iOS 16; nothing by default).
  func willPresentEditMenu(animator: any UIEditMenuInteractionAnimating)
  /// The edit menu is about to go (iOS 16; nothing by default).
  func willDismissEditMenu(animator: any UIEditMenuInteractionAnimating)
}

// MARK: Optional requirements' defaults

extension UITextInput {
  public func shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool { true }

  public func setAttributedMarkedText(_ markedText: NSAttributedString?, selectedRange: NSRange) {
    setMarkedText(markedText?.string, selectedRange: selectedRange)
  }

  public func insertText(_ text: String, alternatives: [String], style: UITextAlternativeStyle) {
    insertText(text)
  }

  public var textInputView: UIView {
    var responder: UIResponder? = self as? UIResponder
    while let current = responder {
      if let view = current as? UIView { return view }
      responder = current.next
    }
    preconditionFailure(
      "UITextInput.textInputView: \(type(of: self)) is not a view and has no view in its responder chain; implement textInputView")
  }

  public var selectionAffinity: UITextStorageDirection {
    get { .forward }
    // Not kept: a conformer that does not implement the property has no affinity to set.
    set {}
  }

  public func insertDictationResult(_ dictationResult: [UIDictationPhrase]) {
    insertText(dictationResult.map(\.text).joined())
  }

  public func dictationRecordingDidEnd() {}
  public func dictationRecognitionFailed() {}

  public func position(within range: UITextRange, atCharacterOffset offset: Int) -> UITextPosition? {
    guard offset >= 0, offset <= self.offset(from: range.start, to: range.end) else { return nil }
    return position(from: range.start, offset: offset)
  }

  public func characterOffset(of position: UITextPosition, within range: UITextRange) -> Int {
    let length = offset(from: range.start, to: range.end)
    return min(max(0, offset(from: range.start, to: position)), length)
  }

  public func textStyling(at position: UITextPosition, in direction: UITextStorageDirection)
    -> [NSAttributedString.Key: Any]?
  { nil }

  public func editMenu(for textRange: UITextRange, suggestedActions: [UIMenuElement]) -> UIMenu? { nil }
  public func willPresentEditMenu(animator: any UIEditMenuInteractionAnimating) {}
  public func willDismissEditMenu(animator: any UIEditMenuInteractionAnimating) {}
}

// MARK: Optional-call syntax
//
// iOS code calls UITextInput's optional methods with optional chaining, for example
// `input.shouldChangeText?(in: range, replacementText: "x")`. As for the delegates (see
// `UITextFieldDelegate`), each has a same-named property of optional type whose value calls the
// conformer's implementation (or the default); unlike on iOS it is never nil.
extension UITextInput {
  /// `input.shouldChangeText?(in: range, replacementText: text)`.
  public var shouldChangeText: UITextInputShouldChangeTextCall? { UITextInputShouldChangeTextCall(input: self) }
  /// `input.setAttributedMarkedText?(text, selectedRange: range)`.
  public var setAttributedMarkedText: ((NSAttributedString?, NSRange) -> Void)? {
    { self.setAttributedMarkedText($0, selectedRange: $1) }
  }
  /// `input.insertText?(text, alternatives: [...], style: .none)`.
  public var insertText: UITextInputInsertTextCall? { UITextInputInsertTextCall(input: self) }
  /// `input.insertDictationResult?(phrases)`.
  public var insertDictationResult: (([UIDictationPhrase]) -> Void)? { { self.insertDictationResult($0) } }
  /// `input.characterOffset?(of: position, within: range)`.
  public var characterOffset: UITextInputCharacterOffsetCall? { UITextInputCharacterOffsetCall(input: self) }
  /// `input.textStyling?(at: position, in: .forward)`.
  public var textStyling: UITextInputTextStylingCall? { UITextInputTextStylingCall(input: self) }
  /// `input.editMenu?(for: range, suggestedActions: actions)`.
  public var editMenu: UITextInputEditMenuCall? { UITextInputEditMenuCall(input: self) }
  /// `input.willPresentEditMenu?(animator: animator)`.
  public var willPresentEditMenu: UITextInputEditMenuAnimatorCall? { UITextInputEditMenuAnimatorCall(input: self, presents: true) }
  /// `input.willDismissEditMenu?(animator: animator)`.
  public var willDismissEditMenu: UITextInputEditMenuAnimatorCall? { UITextInputEditMenuAnimatorCall(input: self, presents: false) }
  // `position(within:atCharacterOffset:)` shares its base name with the required
  // `position(from:offset:)` and the others: call it without `?`.
  // `dictationRecordingDidEnd()` and `dictationRecognitionFailed()` take no argument, so a
  // property of the same name would redeclare them: call them without `?`.
}

/// The value behind `input.shouldChangeText?(in:replacementText:)`.
@preconcurrency @MainActor
public struct UITextInputShouldChangeTextCall {
  let input: any UITextInput
  public func callAsFunction(in range: UITextRange, replacementText text: String) -> Bool {
    input.shouldChangeText(in: range, replacementText: text)
  }
}

/// The value behind `input.insertText?(_:alternatives:style:)`.
@preconcurrency @MainActor
public struct UITextInputInsertTextCall {
  let input: any UITextInput
  public func callAsFunction(_ text: String, alternatives: [String], style: UITextAlternativeStyle) {
    input.insertText(text, alternatives: alternatives, style: style)
  }
}

/// The value behind `input.characterOffset?(of:within:)`.
@preconcurrency @MainActor
public struct UITextInputCharacterOffsetCall {
  let input: any UITextInput
  public func callAsFunction(of position: UITextPosition, within range: UITextRange) -> Int {
    input.characterOffset(of: position, within: range)
  }
}

/// The value behind `input.textStyling?(at:in:)`.
@preconcurrency @MainActor
public struct UITextInputTextStylingCall {
  let input: any UITextInput
  public func callAsFunction(at position: UITextPosition, in direction: UITextStorageDirection)
    -> [NSAttributedString.Key: Any]?
  {
    input.textStyling(at: position, in: direction)
  }
}

/// The value behind `input.editMenu?(for:suggestedActions:)`.
@preconcurrency @MainActor
public struct UITextInputEditMenuCall {
  let input: any UITextInput
  public func callAsFunction(for textRange: UITextRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
    input.editMenu(for: textRange, suggestedActions: suggestedActions)
  }
}

/// The value behind `input.willPresentEditMenu?(animator:)` and
/// `input.willDismissEditMenu?(animator:)`.
@preconcurrency @MainActor
public struct UITextInputEditMenuAnimatorCall {
  let input: any UITextInput
  let presents: Bool
  public func callAsFunction(animator: any UIEditMenuInteractionAnimating) {
    if presents { input.willPresentEditMenu(animator: animator) } else { input.willDismissEditMenu(animator: animator) }
  }
}
