// A text-input view written the way editor libraries write one for iOS (a UIView adopting
// UITextInput with its own position and range classes, a string tokenizer and an input
// delegate it tells of its own changes), a tokenizer of one's own, and a UITextField subclass
// overriding UITextInput's members. Compiled in Swift 5 mode; it must compile without
// diagnostics and behave.
import UIKit
import UIKitTesting
import XCTest

final class EditorPosition: UITextPosition {
  let index: Int
  init(_ index: Int) {
    self.index = index
    super.init()
  }
}

final class EditorRange: UITextRange {
  let range: NSRange
  init(_ range: NSRange) {
    self.range = range
    super.init()
  }
  override var start: UITextPosition { return EditorPosition(range.location) }
  override var end: UITextPosition { return EditorPosition(range.location + range.length) }
  override var isEmpty: Bool { return range.length == 0 }
}

final class EditorSelectionRect: UITextSelectionRect {
  private let frame: CGRect
  init(_ frame: CGRect) {
    self.frame = frame
    super.init()
  }
  override var rect: CGRect { return frame }
}

/// A one-line editor with 10 pt wide characters.
final class MiniEditorView: UIView, UITextInput {
  private(set) var storage = NSMutableString(string: "")
  private var selection = NSRange(location: 0, length: 0)
  private var marked: NSRange?
  let advance: CGFloat = 10

  // UIKeyInput
  var hasText: Bool { return storage.length > 0 }

  func insertText(_ text: String) {
    let target = marked ?? selection
    storage.replaceCharacters(in: target, with: text)
    marked = nil
    selection = NSRange(location: target.location + (text as NSString).length, length: 0)
  }

  func deleteBackward() {
    var target = selection
    if target.length == 0 {
      guard target.location > 0 else { return }
      target = storage.rangeOfComposedCharacterSequence(at: target.location - 1)
    }
    storage.replaceCharacters(in: target, with: "")
    selection = NSRange(location: target.location, length: 0)
  }

  /// Sets the text from code, telling the input delegate as iOS's documentation asks.
  func setText(_ text: String) {
    inputDelegate?.textWillChange(self)
    storage = NSMutableString(string: text)
    selection = NSRange(location: storage.length, length: 0)
    inputDelegate?.textDidChange(self)
  }

  // UITextInput
  func text(in range: UITextRange) -> String? {
    guard let range = range as? EditorRange, NSMaxRange(range.range) <= storage.length else {
      return nil
    }
    return storage.substring(with: range.range)
  }

  func replace(_ range: UITextRange, withText text: String) {
    guard let range = range as? EditorRange else { return }
    storage.replaceCharacters(in: range.range, with: text)
    selection = NSRange(location: range.range.location + (text as NSString).length, length: 0)
  }

  var selectedTextRange: UITextRange? {
    get { return EditorRange(selection) }
    set {
      guard let range = newValue as? EditorRange else { return }
      inputDelegate?.selectionWillChange(self)
      selection = range.range
      inputDelegate?.selectionDidChange(self)
    }
  }

  var markedTextRange: UITextRange? { return marked.map { EditorRange($0) } }
  var markedTextStyle: [NSAttributedString.Key: Any]?

  func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
    let target = marked ?? selection
    let text = markedText ?? ""
    storage.replaceCharacters(in: target, with: text)
    marked = NSRange(location: target.location, length: (text as NSString).length)
    selection = NSRange(
      location: target.location + selectedRange.location, length: selectedRange.length)
  }

  func unmarkText() { marked = nil }

  var beginningOfDocument: UITextPosition { return EditorPosition(0) }
  var endOfDocument: UITextPosition { return EditorPosition(storage.length) }

  func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
    guard let from = fromPosition as? EditorPosition, let to = toPosition as? EditorPosition else {
      return nil
    }
    return EditorRange(
      NSRange(location: min(from.index, to.index), length: abs(to.index - from.index)))
  }

  func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
    guard let position = position as? EditorPosition else { return nil }
    let target = position.index + offset
    return (0...storage.length).contains(target) ? EditorPosition(target) : nil
  }

  func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int)
    -> UITextPosition?
  {
    switch direction {
    case .left: return self.position(from: position, offset: -offset)
    case .right: return self.position(from: position, offset: offset)
    case .up: return beginningOfDocument
    case .down: return endOfDocument
    @unknown default: return nil
    }
  }

  func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
    let a = (position as! EditorPosition).index
    let b = (other as! EditorPosition).index
    return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
  }

  func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
    return (toPosition as! EditorPosition).index - (from as! EditorPosition).index
  }

  weak var inputDelegate: UITextInputDelegate?
  lazy var tokenizer: UITextInputTokenizer = UITextInputStringTokenizer(textInput: self)

  func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection)
    -> UITextPosition?
  {
    return direction == .left || direction == .up ? range.start : range.end
  }

  func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection)
    -> UITextRange?
  {
    return direction == .left || direction == .up
      ? textRange(from: beginningOfDocument, to: position)
      : textRange(from: position, to: endOfDocument)
  }

  func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection)
    -> NSWritingDirection
  {
    return .leftToRight
  }

  func setBaseWritingDirection(_ writingDirection: NSWritingDirection, for range: UITextRange) {}

  func firstRect(for range: UITextRange) -> CGRect {
    guard let range = range as? EditorRange else { return .null }
    return CGRect(
      x: CGFloat(range.range.location) * advance, y: 0,
      width: CGFloat(range.range.length) * advance, height: 20)
  }

  func caretRect(for position: UITextPosition) -> CGRect {
    return CGRect(
      x: CGFloat((position as! EditorPosition).index) * advance, y: 0, width: 2, height: 20)
  }

  func selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
    return [EditorSelectionRect(firstRect(for: range))]
  }

  func closestPosition(to point: CGPoint) -> UITextPosition? {
    return EditorPosition(max(0, min(storage.length, Int((point.x / advance).rounded()))))
  }

  func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
    guard let range = range as? EditorRange,
      let closest = closestPosition(to: point) as? EditorPosition
    else { return nil }
    return EditorPosition(max(range.range.location, min(NSMaxRange(range.range), closest.index)))
  }

  func characterRange(at point: CGPoint) -> UITextRange? {
    let index = Int(point.x / advance)
    guard index >= 0, index < storage.length else { return nil }
    return EditorRange(storage.rangeOfComposedCharacterSequence(at: index))
  }
}

/// A tokenizer of one's own: words are runs of anything but spaces.
final class SpaceTokenizer: NSObject, UITextInputTokenizer {
  weak var editor: MiniEditorView?

  private func index(_ position: UITextPosition) -> Int {
    return (position as! EditorPosition).index
  }
  private var text: NSString { return (editor?.storage ?? "") as NSString }

  private func word(around index: Int) -> NSRange? {
    guard index < text.length, text.character(at: index) != 32 else { return nil }
    var start = index
    while start > 0, text.character(at: start - 1) != 32 { start -= 1 }
    var end = index
    while end < text.length, text.character(at: end) != 32 { end += 1 }
    return NSRange(location: start, length: end - start)
  }

  func rangeEnclosingPosition(
    _ position: UITextPosition, with granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> UITextRange? {
    let at = index(position)
    let probe = direction == .storage(.backward) ? at - 1 : at
    return probe >= 0 ? word(around: probe).map { EditorRange($0) } : nil
  }

  func isPosition(
    _ position: UITextPosition, atBoundary granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> Bool {
    let at = index(position)
    return at == 0 || at == text.length || text.character(at: at - 1) == 32
      || text.character(at: at) == 32
  }

  func position(
    from position: UITextPosition, toBoundary granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> UITextPosition? {
    guard let range = rangeEnclosingPosition(position, with: granularity, inDirection: direction)
    else { return nil }
    return direction == .storage(.backward) ? range.start : range.end
  }

  func isPosition(
    _ position: UITextPosition, withinTextUnit granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> Bool {
    return rangeEnclosingPosition(position, with: granularity, inDirection: direction) != nil
  }
}

/// A string tokenizer subclassed as Apple's documentation suggests: lines come from the
/// editor's layout (every 10 characters here), everything else from `super`.
final class FixedLineTokenizer: UITextInputStringTokenizer {
  override func rangeEnclosingPosition(
    _ position: UITextPosition, with granularity: UITextGranularity,
    inDirection direction: UITextDirection
  ) -> UITextRange? {
    guard granularity == .line, let index = (position as? EditorPosition)?.index else {
      return super.rangeEnclosingPosition(position, with: granularity, inDirection: direction)
    }
    let start = (index / 10) * 10
    return EditorRange(NSRange(location: start, length: 10))
  }
}

final class InputDelegateRecorder: NSObject, UITextInputDelegate {
  var calls: [String] = []
  func selectionWillChange(_ textInput: UITextInput?) { calls.append("selectionWillChange") }
  func selectionDidChange(_ textInput: UITextInput?) { calls.append("selectionDidChange") }
  func textWillChange(_ textInput: UITextInput?) { calls.append("textWillChange") }
  func textDidChange(_ textInput: UITextInput?) { calls.append("textDidChange") }
}

/// A field that hides its caret and selection and counts what its keyboard inserts, as
/// one-time-code and masked fields do.
class CaretlessTextField: UITextField {
  var alternativesSeen: [[String]] = []
  override func caretRect(for position: UITextPosition) -> CGRect { return .zero }
  override func selectionRects(for range: UITextRange) -> [UITextSelectionRect] { return [] }
  override func insertText(_ text: String, alternatives: [String], style: UITextAlternativeStyle) {
    alternativesSeen.append(alternatives)
    super.insertText(text, alternatives: alternatives, style: style)
  }
  override var tokenizer: UITextInputTokenizer { return super.tokenizer }
  override func shouldChangeText(in range: UITextRange, replacementText text: String) -> Bool {
    return text.allSatisfy { $0.isNumber }
      && super.shouldChangeText(in: range, replacementText: text)
  }
}

final class CustomTextInputTests: XCTestCase {
  func testTheStringTokenizerReadsAnotherConformerThroughItsPositions() {
    let editor = MiniEditorView(frame: CGRect(x: 0, y: 0, width: 300, height: 20))
    editor.setText("hello wörld 👍🏽 ok. Next")
    let tokenizer = editor.tokenizer
    let inside = editor.position(from: editor.beginningOfDocument, offset: 8)!
    let word =
      tokenizer.rangeEnclosingPosition(inside, with: .word, inDirection: .storage(.forward))
      as? EditorRange
    XCTAssertEqual(word?.range, NSRange(location: 6, length: 5))
    let end = tokenizer.position(
      from: editor.beginningOfDocument, toBoundary: .sentence, inDirection: .storage(.forward))
    XCTAssertEqual((end as? EditorPosition)?.index, 20)
    let emoji = tokenizer.rangeEnclosingPosition(
      EditorPosition(12), with: .character, inDirection: .storage(.forward))
    XCTAssertEqual((emoji as? EditorRange)?.range, NSRange(location: 12, length: 4))
    XCTAssertTrue(
      tokenizer.isPosition(EditorPosition(11), atBoundary: .word, inDirection: .layout(.right)))
    XCTAssertFalse(
      tokenizer.isPosition(
        EditorPosition(11), withinTextUnit: .word, inDirection: .storage(.forward)))
    // Positions of one's own compare by identity unless the subclass says otherwise.
    XCTAssertNotEqual(EditorPosition(3), EditorPosition(3))
  }

  func testACustomTokenizerAndTheOptionalMembers() {
    let editor = MiniEditorView(frame: CGRect(x: 0, y: 0, width: 300, height: 20))
    let spaces = SpaceTokenizer()
    spaces.editor = editor
    editor.tokenizer = spaces
    editor.setText("don't-stop me")
    let word = editor.tokenizer.rangeEnclosingPosition(
      EditorPosition(13), with: .word, inDirection: .storage(.backward))
    XCTAssertEqual(editor.text(in: word!), "me")
    XCTAssertEqual(
      editor.text(
        in: editor.tokenizer.rangeEnclosingPosition(
          EditorPosition(2), with: .word, inDirection: .storage(.forward))!), "don't-stop")

    // The optional members, called as iOS code calls them; the conformer left them out.
    let input: UITextInput = editor
    XCTAssertEqual(
      input.shouldChangeText?(
        in: EditorRange(NSRange(location: 0, length: 1)), replacementText: "x"), true)
    input.insertText?("!", alternatives: [], style: .none)
    XCTAssertEqual(editor.storage, "don't-stop me!")
    input.setAttributedMarkedText?(NSAttributedString(string: "か"), NSRange(location: 1, length: 0))
    XCTAssertEqual(
      (editor.markedTextRange as? EditorRange)?.range, NSRange(location: 14, length: 1))
    editor.unmarkText()
    XCTAssertTrue(input.textInputView === editor)
    XCTAssertEqual(input.selectionAffinity, .forward)
    input.insertDictationResult?([UIDictationPhrase(text: "!")])
    XCTAssertEqual(editor.storage, "don't-stop me!か!")
    // Character offsets within a range, by the conformer's own positions; outside: nil, kept.
    let range = EditorRange(NSRange(location: 6, length: 4))
    XCTAssertEqual((input.position(within: range, atCharacterOffset: 2) as? EditorPosition)?.index, 8)
    XCTAssertNil(input.position(within: range, atCharacterOffset: 5))
    XCTAssertNil(input.position(within: range, atCharacterOffset: -1))
    XCTAssertEqual(input.characterOffset?(of: EditorPosition(9), within: range), 3)
    XCTAssertEqual(input.characterOffset?(of: EditorPosition(0), within: range), 0)
    XCTAssertEqual(input.characterOffset?(of: EditorPosition(15), within: range), 4)
    XCTAssertNil(input.textStyling?(at: EditorPosition(1), in: .forward) ?? nil)
  }

  func testASubclassOfTheStringTokenizerCallsSuper() {
    let editor = MiniEditorView(frame: CGRect(x: 0, y: 0, width: 300, height: 20))
    editor.setText("first line second line")
    let tokenizer = FixedLineTokenizer(textInput: editor)
    let line = tokenizer.rangeEnclosingPosition(
      EditorPosition(12), with: .line, inDirection: .storage(.forward))
    XCTAssertEqual((line as? EditorRange)?.range, NSRange(location: 10, length: 10))
    let word = tokenizer.rangeEnclosingPosition(
      EditorPosition(12), with: .word, inDirection: .storage(.forward))
    XCTAssertEqual(word.flatMap { editor.text(in: $0) }, "second")
  }

  func testTheInputDelegateHearsWhatTheEditorTellsIt() {
    let editor = MiniEditorView(frame: CGRect(x: 0, y: 0, width: 300, height: 20))
    let recorder = InputDelegateRecorder()
    editor.inputDelegate = recorder
    editor.setText("abc")
    editor.selectedTextRange = EditorRange(NSRange(location: 1, length: 0))
    XCTAssertEqual(
      recorder.calls,
      ["textWillChange", "textDidChange", "selectionWillChange", "selectionDidChange"])
  }

  func testASubclassOverridesUITextInputMembers() {
    let field = CaretlessTextField(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
    field.text = "12"
    XCTAssertEqual(field.caretRect(for: field.endOfDocument), .zero)
    XCTAssertTrue(
      field.selectionRects(
        for: field.textRange(from: field.beginningOfDocument, to: field.endOfDocument)!
      ).isEmpty)
    let input: UITextInput = field
    input.insertText?("3", alternatives: ["8"], style: .none)
    XCTAssertEqual(field.text, "123")
    XCTAssertEqual(field.alternativesSeen, [["8"]])
    let all = field.textRange(from: field.beginningOfDocument, to: field.endOfDocument)!
    XCTAssertEqual(input.shouldChangeText?(in: all, replacementText: "x"), false)
    XCTAssertTrue(field.shouldChangeText(in: all, replacementText: "45"))
    XCTAssertTrue(
      field.tokenizer.isPosition(
        field.endOfDocument, atBoundary: .document, inDirection: .storage(.forward)))
  }
}
