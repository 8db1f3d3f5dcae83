import Foundation
import Testing
@testable import UIKit
import UIKitTesting
import TextEditing

/// A text view's delegate that records its calls and answers as told.
@MainActor
final class TextViewRecorder: NSObject, UITextViewDelegate {
  var shouldBegin = true
  var shouldEnd = true
  var shouldChange: (UITextView, NSRange, String) -> Bool = { _, _, _ in true }
  var onSelectionChange: ((UITextView) -> Void)?
  var calls: [String] = []

  func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
    calls.append("shouldBegin")
    return shouldBegin
  }
  func textViewDidBeginEditing(_ textView: UITextView) { calls.append("didBegin") }
  func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
    calls.append("shouldEnd")
    return shouldEnd
  }
  func textViewDidEndEditing(_ textView: UITextView) { calls.append("didEnd text=\(textView.text!)") }
  func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
    calls.append("shouldChange {\(range.location), \(range.length)} \(text.debugDescription)")
    return shouldChange(textView, range, text)
  }
  func textViewDidChange(_ textView: UITextView) { calls.append("didChange") }
  func textViewDidChangeSelection(_ textView: UITextView) {
    calls.append("didChangeSelection")
    onSelectionChange?(textView)
  }
}

/// A screen with a text field above a text view of 20 × 4 cells (160 × 96 pt with its insets).
@MainActor
final class NotesController: UIViewController {
  let field = UITextField(frame: CGRect(x: 16, y: 16, width: 160, height: 16))
  let textView = UITextView(frame: CGRect(x: 16, y: 48, width: 176, height: 96))

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    field.borderStyle = .none
    // One cell row of inset above and below; the 5 pt line padding rounds to one column.
    textView.textContainerInset = UIEdgeInsets(top: 16, left: 0, bottom: 16, right: 0)
    view.addSubview(field)
    view.addSubview(textView)
  }
}

@MainActor
func makeNotes() -> (HeadlessHost, NotesController) {
  let controller = NotesController()
  let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480), measuresTextInCells: true)
  host.name(controller.field, "field")
  host.name(controller.textView, "notes")
  return (host, controller)
}

/// The text of a text object with its caret or selection marked: "ab|cd", "a[bc]d".
@MainActor
func marked(_ input: some UITextInput) -> String {
  let text = (input.text(in: input.textRange(from: input.beginningOfDocument, to: input.endOfDocument)!) ?? "") as NSString
  let selection = input.selectedTextRange!
  let start = input.offset(from: input.beginningOfDocument, to: selection.start)
  let end = input.offset(from: input.beginningOfDocument, to: selection.end)
  if start == end { return text.replacingCharacters(in: NSRange(location: start, length: 0), with: "|") }
  return text.substring(to: start) + "[" + text.substring(with: NSRange(location: start, length: end - start)) + "]"
    + text.substring(from: end)
}

@MainActor
@Suite struct TextViewTests {
  // MARK: The order of messages

  @Test func beginningToEditPostsTheKeyboardNotificationsBeforeDidBegin() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    c.textView.delegate = delegate
    #expect(c.textView.becomeFirstResponder())
    #expect(host.timeline.lines == [
      "notes: textViewShouldBeginEditing(_:)",
      "UIKeyboardWillChangeFrameNotification", "UIKeyboardWillShowNotification",
      "notes: textViewDidBeginEditing(_:)",
      "notes: UITextViewTextDidBeginEditingNotification",
    ])
    host.clearTimeline()
    host.settle()
    #expect(host.timeline.names == ["UIKeyboardDidChangeFrameNotification", "UIKeyboardDidShowNotification"])
  }

  @Test func aTextFieldStillTellsItsDelegateBeforeTheKeyboard() {
    let (host, c) = makeNotes()
    c.field.becomeFirstResponder()
    #expect(host.timeline.names == [
      "UITextFieldTextDidBeginEditingNotification", ".editingDidBegin",
      "UIKeyboardWillChangeFrameNotification", "UIKeyboardWillShowNotification",
    ])
  }

  @Test func typingAsksThenTellsSelectionThenChange() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    c.textView.delegate = delegate
    c.textView.becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    host.type("a")
    #expect(host.timeline.lines == [
      "notes: textView(_:shouldChangeTextIn:replacementText:) {0, 0} \"a\"",
      "notes: textViewDidChangeSelection(_:)",
      "notes: textViewDidChange(_:)",
      "notes: UITextViewTextDidChangeNotification",
    ])
    #expect(c.textView.text == "a")
  }

  @Test func aRefusedChangeChangesAndPostsNothing() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    delegate.shouldChange = { _, _, text in text != "x" }
    c.textView.delegate = delegate
    c.textView.text = "ab"
    c.textView.becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    host.type("x")
    #expect(host.timeline.names == ["textView(_:shouldChangeTextIn:replacementText:)"])
    #expect(marked(c.textView) == "ab|")
  }

  @Test func endingToEditAsksAndCanKeepTheFocus() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    c.textView.delegate = delegate
    c.textView.becomeFirstResponder()
    host.type("hi")
    host.settle()
    delegate.shouldEnd = false
    host.clearTimeline()
    #expect(!c.textView.resignFirstResponder())
    #expect(c.textView.isFirstResponder && host.isKeyboardVisible)
    #expect(host.timeline.names == ["textViewShouldEndEditing(_:)"])
    delegate.shouldEnd = true
    host.clearTimeline()
    #expect(c.textView.resignFirstResponder())
    #expect(host.timeline.lines == [
      "notes: textViewShouldEndEditing(_:)",
      "notes: textViewDidEndEditing(_:)",
      "notes: UITextViewTextDidEndEditingNotification",
      "UIKeyboardWillChangeFrameNotification", "UIKeyboardWillHideNotification",
    ])
    #expect(delegate.calls.last == "didEnd text=hi")
  }

  @Test func aForcedEndIsNotAsked() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    delegate.shouldEnd = false
    c.textView.delegate = delegate
    c.textView.becomeFirstResponder()
    host.clearTimeline()
    #expect(c.view.endEditing(true))
    #expect(!c.textView.isFirstResponder)
    #expect(host.timeline.names.first == "textViewDidEndEditing(_:)")
  }

  @Test func movingFromAFieldToTheTextViewKeepsTheKeyboard() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    c.textView.delegate = delegate
    c.field.becomeFirstResponder()
    host.settle()
    host.clearTimeline()
    host.tap(c.textView)
    #expect(host.timeline.names == [
      "textViewShouldBeginEditing(_:)",
      "UITextFieldTextDidEndEditingNotification", ".editingDidEnd",
      "textViewDidBeginEditing(_:)", "UITextViewTextDidBeginEditingNotification",
    ], "same keyboard type: no frame change, and no hide between them")
    #expect(c.textView.isFirstResponder && host.isKeyboardVisible)
  }

  @Test func refusingToBeginLeavesEverythingAsItWas() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    delegate.shouldBegin = false
    c.textView.delegate = delegate
    host.tap(c.textView)
    #expect(!c.textView.isFirstResponder && !host.isKeyboardVisible)
    #expect(host.timeline.names == ["textViewShouldBeginEditing(_:)"])
  }

  @Test func aNonEditableTextViewDoesNotEdit() {
    let (host, c) = makeNotes()
    c.textView.isEditable = false
    host.tap(c.textView)
    // Selectable (the default): first responder for selecting, without the keyboard (see
    // ReadOnlyTextViewTests); neither editable nor selectable: not even that.
    #expect(c.textView.isFirstResponder && !host.isKeyboardVisible)
    host.type("x")
    #expect(c.textView.text == "")
    c.textView.isSelectable = false
    host.tap(c.textView)
    #expect(!c.textView.isFirstResponder && !host.isKeyboardVisible)
  }

  // MARK: Text and selection

  @Test func textIsAnImplicitlyUnwrappedStringAndSettingItTellsNoOne() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    c.textView.delegate = delegate
    c.textView.text = nil
    #expect(c.textView.text == "")
    c.textView.text = "line one\nline two"
    let length: Int = c.textView.text.count
    #expect(length == 17)
    #expect(c.textView.selectedRange == NSRange(location: 17, length: 0))
    #expect(delegate.calls.isEmpty && host.timeline.names.isEmpty)
  }

  @Test func settingTextWhileEditingMovesTheCaretToTheEndAndTellsTheSelection() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    c.textView.delegate = delegate
    c.textView.becomeFirstResponder()
    host.type("abc")
    c.textView.selectedRange = NSRange(location: 1, length: 0)
    delegate.calls = []
    c.textView.text = "xyz!"
    #expect(delegate.calls == ["didChangeSelection"])
    #expect(marked(c.textView) == "xyz!|")
  }

  @Test func selectedRangeAndSelectedTextRangeAgree() {
    let (_, c) = makeNotes()
    c.textView.text = "héllo 👨‍👩‍👧 world"
    c.textView.selectedRange = NSRange(location: 6, length: 8)
    #expect(marked(c.textView) == "héllo [👨‍👩‍👧] world")
    let range = c.textView.selectedTextRange!
    #expect(c.textView.offset(from: c.textView.beginningOfDocument, to: range.start) == 6)
    #expect(c.textView.text(in: range) == "👨‍👩‍👧")
    c.textView.selectedTextRange = c.textView.textRange(from: c.textView.beginningOfDocument, to: c.textView.beginningOfDocument)
    #expect(c.textView.selectedRange == NSRange(location: 0, length: 0))
  }

  @Test func anOutOfRangeSelectedRangeStopsWithAMessage() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let textView = UITextView(frame: .zero)
        textView.text = "abc"
        textView.selectedRange = NSRange(location: 2, length: 5)
      }
    }
  }

  @Test func returnInsertsALineBreakAskingTheDelegate() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    c.textView.delegate = delegate
    c.textView.becomeFirstResponder()
    host.type("one")
    host.pressReturn()
    host.type("two")
    #expect(c.textView.text == "one\ntwo")
    #expect(delegate.calls.contains("shouldChange {3, 0} \"\\n\""))
  }

  @Test func aDelegateCanTurnReturnIntoDone() {
    // The common iOS idiom: a "\n" ends editing instead of breaking the line.
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    delegate.shouldChange = { textView, _, text in
      if text == "\n" {
        textView.resignFirstResponder()
        return false
      }
      return true
    }
    c.textView.delegate = delegate
    c.textView.becomeFirstResponder()
    host.type("done")
    host.pressReturn()
    host.settle()
    #expect(c.textView.text == "done")
    #expect(!c.textView.isFirstResponder && !host.isKeyboardVisible)
  }

  @Test func theSoftwareKeyboardsReturnKeyBreaksTheLine() {
    let (host, c) = makeNotes()
    c.textView.becomeFirstResponder()
    host.settle()
    #expect(host.returnKeyLabel == "return")
    #expect(host.typeOnSoftwareKeyboard("Hi\nyo"))
    #expect(c.textView.text == "Hi\nyo")
  }

  @Test func backspaceRemovesWholeClustersAndTabInsertsATab() {
    let (host, c) = makeNotes()
    c.textView.becomeFirstResponder()
    host.type("a👩🏽‍🚀🇯🇵e\u{301}")
    host.deleteBackward()
    #expect(c.textView.text == "a👩🏽‍🚀🇯🇵")
    host.deleteBackward()
    #expect(c.textView.text == "a👩🏽‍🚀")
    host.deleteBackward()
    #expect(c.textView.text == "a")
    host.press(.tab)
    #expect(c.textView.text == "a\t")
  }

  @Test func undoAndRedoAskTheDelegateAndRestoreTheText() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    c.textView.delegate = delegate
    c.textView.becomeFirstResponder()
    host.type("hello")
    host.press(.left)
    host.type("!")
    delegate.calls = []
    host.press(.character("z"), modifiers: .command)
    #expect(marked(c.textView) == "hell|o")
    #expect(delegate.calls == ["shouldChange {4, 1} \"\"", "didChangeSelection", "didChange"])
    host.press(.character("z"), modifiers: .command)
    #expect(c.textView.text == "")
    host.press(.character("z"), modifiers: [.command, .shift])
    #expect(c.textView.text == "hello")
  }

  @Test func pasteIsOneQuestionAndCopyCutWork() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    c.textView.delegate = delegate
    c.textView.becomeFirstResponder()
    host.paste("pasted\ntext")
    #expect(delegate.calls.filter { $0.hasPrefix("shouldChange") } == ["shouldChange {0, 0} \"pasted\\ntext\""])
    c.textView.selectedRange = NSRange(location: 0, length: 6)
    host.press(.character("x"), modifiers: .command)
    #expect(UIPasteboard.general.string == "pasted")
    #expect(c.textView.text == "\ntext")
  }

  @Test func composingAsksAtEveryStep() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    c.textView.delegate = delegate
    c.textView.becomeFirstResponder()
    host.compose(["h", "ha"], commit: "哈")
    #expect(c.textView.text == "哈")
    #expect(delegate.calls.filter { $0.hasPrefix("shouldChange") } == [
      "shouldChange {0, 0} \"h\"", "shouldChange {0, 1} \"ha\"", "shouldChange {0, 2} \"哈\"",
    ])
  }

  @Test func programmaticInsertTextDoesNotAskButTells() {
    let (_, c) = makeNotes()
    let delegate = TextViewRecorder()
    c.textView.delegate = delegate
    c.textView.insertText("abc")
    c.textView.deleteBackward()
    #expect(c.textView.text == "ab")
    #expect(!delegate.calls.contains { $0.hasPrefix("shouldChange") })
    #expect(delegate.calls.filter { $0 == "didChange" }.count == 2)
  }

  @Test func clearsOnInsertionReplacesTheTextOnce() {
    let (host, c) = makeNotes()
    c.textView.text = "old"
    c.textView.becomeFirstResponder()
    c.textView.clearsOnInsertion = true
    host.type("n")
    host.type("ew")
    #expect(c.textView.text == "new")
    #expect(!c.textView.clearsOnInsertion)
  }

  /// Seed 003, listing 3-12: selecting text uppercases it.
  @Test func theSeedsUppercasingDelegateWorks() {
    let (host, c) = makeNotes()
    let delegate = TextViewRecorder()
    delegate.onSelectionChange = { textView in
      let r = textView.selectedRange
      if r.length == 0 { return }
      let text = textView.text! as NSString
      let upper = text.substring(with: r).uppercased()
      textView.text = text.replacingCharacters(in: r, with: upper)
    }
    c.textView.delegate = delegate
    c.textView.becomeFirstResponder()
    host.type("make me loud")
    // ⌥⇧← selects "loud": it is uppercased, and setting the text puts the caret at the end.
    host.press(.left, modifiers: [.shift, .option])
    #expect(marked(c.textView) == "make me LOUD|")
    c.textView.selectedRange = NSRange(location: 0, length: 4)
    #expect(marked(c.textView) == "MAKE me LOUD|")
    // A caret move (no selection) changes nothing.
    host.press(.left)
    #expect(marked(c.textView) == "MAKE me LOU|D")
  }

  // MARK: Layout, drawing, scrolling

  @Test func linesWrapAtWordsAndTheCaretFollows() {
    let (host, c) = makeNotes()
    c.textView.becomeFirstResponder()
    host.type("the quick brown fox jumps")
    let screen = host.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Row 4 is the text view's first text row (y 48 + 16 inset); column 3 after the padding.
    #expect(screen[4].contains("the quick brown fox"))
    #expect(screen[5].contains("jumps"))
    #expect(host.caretCell?.row == 5)
  }

  @Test func cjkAndEmojiTakeTwoColumnsAndWrapBetweenIdeographs() {
    let (host, c) = makeNotes()
    c.textView.text = "漢字漢字漢字漢字漢字漢字"
    let screen = host.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(screen[4].contains("漢字漢字漢字漢字漢字"), "ten ideographs fill 20 columns")
    #expect(screen[5].contains("漢字"))
  }

  @Test func upAndDownKeepTheColumn() {
    let (host, c) = makeNotes()
    c.textView.text = "abcdef\nab\nabcdef"
    c.textView.becomeFirstResponder()
    c.textView.selectedRange = NSRange(location: 5, length: 0)
    host.press(.down)
    #expect(marked(c.textView) == "abcdef\nab|\nabcdef")
    host.press(.down)
    #expect(marked(c.textView) == "abcdef\nab\nabcde|f", "the goal column survives a short line")
    host.press(.up, modifiers: .shift)
    #expect(marked(c.textView) == "abcdef\nab[\nabcde]f")
    host.press(.up, modifiers: .command)
    #expect(c.textView.selectedRange == NSRange(location: 0, length: 0))
  }

  @Test func typingPastTheBottomScrollsToTheCaret() {
    let (host, c) = makeNotes()
    c.textView.becomeFirstResponder()
    for line in 1...8 {
      host.type("line \(line)")
      if line < 8 { host.pressReturn() }
    }
    // Four rows of 16 pt are visible between the insets; the last line shows at the bottom.
    #expect(c.textView.contentSize.height == 160, "16 + 8 lines × 16 + 16")
    #expect(c.textView.contentOffset.y == 64, "the content's end at the bottom of 96 pt")
    let screen = host.screen()
    #expect(screen.contains("line 8") && !screen.contains("line 3"))
    host.press(.up, modifiers: .command)
    #expect(c.textView.contentOffset.y == 0)
    #expect(host.screen().contains("line 1"))
  }

  @Test func theWheelScrollsAndATapPlacesTheCaretOnTheLineDrawn() {
    let (host, c) = makeNotes()
    c.textView.text = (1...10).map { "row \($0)" }.joined(separator: "\n")
    #expect(host.window._scrollWheel(at: CGPoint(x: 40, y: 80), delta: CGPoint(x: 0, y: 48)))
    #expect(c.textView.contentOffset.y == 48)
    #expect(host.screen().contains("row 4"))
    #expect(!host.screen().contains("row 2\n"))
    // "row 5" is line 4: content y 16 + 4 × 16; its text starts after the 5 pt padding.
    host.tap(c.textView, at: CGPoint(x: 5 + 5 * 8 + 1, y: 16 + 4 * 16 + 8))
    #expect(c.textView.isFirstResponder)
    #expect(marked(c.textView).contains("row 5|"))
  }

  @Test func aLineScrolledHalfOutOfTheViewIsNotDrawnOutsideIt() {
    let (host, c) = makeNotes()
    c.textView.text = (1...10).map { "row \($0)" }.joined(separator: "\n")
    c.textView.contentOffset = CGPoint(x: 0, y: 24)
    let screen = host.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(screen[2].trimmingCharacters(in: .whitespaces).isEmpty, "row 1 straddles the top edge: hidden")
    #expect(screen[3].contains("row 2"))
  }

  @Test func deletingBelowTheOffsetPullsTheContentBack() {
    let (host, c) = makeNotes()
    c.textView.becomeFirstResponder()
    host.paste((1...10).map { "row \($0)" }.joined(separator: "\n"))
    #expect(c.textView.contentOffset.y > 0)
    host.press(.character("a"), modifiers: .command)
    host.deleteBackward()
    #expect(c.textView.contentOffset.y == 0)
    #expect(c.textView.text == "")
  }

  @Test func theOptionalCallSyntaxCompilesAndReachesTheDelegate() {
    let textView = UITextView(frame: .zero)
    let recorder = TextViewRecorder()
    textView.delegate = recorder
    let delegate = textView.delegate
    #expect(delegate?.textViewShouldBeginEditing?(textView) == true)
    #expect(delegate?.textView?(textView, shouldChangeTextIn: NSRange(location: 0, length: 0), replacementText: "a") == true)
    delegate?.textViewDidChange?(textView)
    delegate?.textViewDidChangeSelection?(textView)
    delegate?.textViewDidBeginEditing?(textView)
    delegate?.textViewDidEndEditing?(textView)
    #expect(delegate?.textViewShouldEndEditing?(textView) == true)
    #expect(recorder.calls.count == 7)
  }

  @Test func theNotificationsCarryTheTextView() {
    let (host, c) = makeNotes()
    let began = NotificationCollector(UITextView.textDidBeginEditingNotification)
    let changed = NotificationCollector(UITextView.textDidChangeNotification)
    let ended = NotificationCollector(UITextView.textDidEndEditingNotification)
    c.textView.becomeFirstResponder()
    host.type("ab")
    c.textView.resignFirstResponder()
    #expect(began.notes.count == 1 && changed.notes.count == 2 && ended.notes.count == 1)
    #expect(changed.notes.allSatisfy { $0.object as AnyObject? === c.textView })
  }
}

/// The incremental layout after an edit equals laying the whole text out again.
@Suite struct TextViewLayoutTests {
  static let pieces = ["a", "bc", " ", "  ", "word ", "\n", "漢", "字", "👨‍👩‍👧", "e\u{301}", "\r\n", "longerword", "\t"]

  @Test(arguments: 0..<40)
  func incrementalLayoutMatchesARebuild(seed: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(seed))
    let width = CGFloat(Int.random(in: 3...12, using: &rng))
    let measure: TextViewLayout.Measure = { CGFloat(TextWidth.columns(of: $0) == 2 ? 2 : 1) }
    var text = TextBuffer((0..<Int.random(in: 0...60, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined())
    var layout = TextViewLayout()
    layout.rebuild(text, width: width, measure: measure)
    for _ in 0..<60 {
      let length = text.utf16Count
      var lower = text.clusterBoundary(roundingDown: Int.random(in: 0...length, using: &rng))
      var upper = text.clusterBoundary(roundingUp: min(length, lower + Int.random(in: 0...8, using: &rng)))
      if lower > upper { swap(&lower, &upper) }
      let replacement = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
      let edit = TextEdit(range: lower..<upper, replacement: replacement)
      if edit.isEmpty { continue }
      edit.apply(to: &text)
      layout.update(after: edit, in: text, measure: measure, seamAfter: .max)
      var fresh = TextViewLayout()
      fresh.rebuild(text, width: width, measure: measure)
      #expect(layout.lineStarts == fresh.lineStarts, "after \(edit) in \(text.string.debugDescription) at width \(width)")
      if layout.lineStarts != fresh.lineStarts { return }
    }
  }

  /// Tabs going to tab stops (their width depends on where they start): the incremental
  /// layout still equals a fresh one.
  @Test(arguments: 0..<60)
  func incrementalLayoutWithTabStopsMatchesARebuild(seed: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 500)
    let width = CGFloat(Int.random(in: 3...14, using: &rng))
    let interval = CGFloat(Int.random(in: 2...5, using: &rng))
    let metrics = TextViewLayout.Metrics { CGFloat(TextWidth.columns(of: $0) == 2 ? 2 : 1) }.tabbing { x, _ in
      TextTabStops(locations: [interval], interval: interval).width(at: x, space: 1, step: 1)
    }
    var text = TextBuffer((0..<Int.random(in: 0...60, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined())
    var layout = TextViewLayout()
    layout.rebuild(text, width: width, metrics: metrics)
    for _ in 0..<60 {
      let length = text.utf16Count
      var lower = text.clusterBoundary(roundingDown: Int.random(in: 0...length, using: &rng))
      var upper = text.clusterBoundary(roundingUp: min(length, lower + Int.random(in: 0...8, using: &rng)))
      if lower > upper { swap(&lower, &upper) }
      let replacement = (0..<Int.random(in: 0...3, using: &rng)).map { _ in ["\t", "\t", "ab", " "].randomElement(using: &rng)! }.joined()
      let edit = TextEdit(range: lower..<upper, replacement: replacement)
      if edit.isEmpty { continue }
      edit.apply(to: &text)
      layout.update(after: edit, in: text, metrics: metrics, seamAfter: .max)
      var fresh = TextViewLayout()
      fresh.rebuild(text, width: width, metrics: metrics)
      #expect(layout.lineStarts == fresh.lineStarts, "after \(edit) in \(text.string.debugDescription) at width \(width)")
      if layout.lineStarts != fresh.lineStarts { return }
    }
  }

  /// With seams (a bounded rewrap), lines may end early but never overflow, never split a
  /// cluster, and every line feed still ends its line.
  @Test(arguments: 0..<40)
  func seamsKeepEveryLineInsideTheWidth(seed: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 1000)
    let width = CGFloat(Int.random(in: 3...12, using: &rng))
    let measure: TextViewLayout.Measure = { CGFloat(TextWidth.columns(of: $0) == 2 ? 2 : 1) }
    var text = TextBuffer((0..<Int.random(in: 20...80, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined())
    var layout = TextViewLayout()
    layout.rebuild(text, width: width, measure: measure)
    for _ in 0..<60 {
      let length = text.utf16Count
      let lower = text.clusterBoundary(roundingDown: Int.random(in: 0...length, using: &rng))
      let upper = text.clusterBoundary(roundingUp: min(length, lower + Int.random(in: 0...4, using: &rng)))
      let replacement = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
      let edit = TextEdit(range: lower..<upper, replacement: replacement)
      if edit.isEmpty { continue }
      edit.apply(to: &text)
      layout.update(after: edit, in: text, measure: measure, seamAfter: 1)
      let starts = layout.lineStarts
      #expect(starts.first == 0 && zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 })
      for index in 0..<layout.lineCount {
        let range = layout.lineRange(index)
        #expect(text.isClusterBoundary(range.lowerBound))
        let line = text.substring(range)
        let drawn = line.reversed().drop { $0 == " " || $0.isNewline }.reversed()
        let w = drawn.reduce(CGFloat(0)) { $0 + measure($1) }
        #expect(w <= width || drawn.count == 1, "line \(index) \(line.debugDescription) is wider than \(width)")
        #expect(!line.dropLast().contains { $0.isNewline }, "a line feed inside line \(index)")
      }
    }
  }

  @Test func aLineFeedEndsItsLineAndAFinalOneOpensAnEmptyLine() {
    var layout = TextViewLayout()
    layout.rebuild(TextBuffer("ab\ncd\n"), width: 10, measure: { _ in 1 })
    #expect(layout.lineStarts == [0, 3, 6])
    #expect(layout.lineIndex(containing: 2) == 0)
    #expect(layout.lineIndex(containing: 3) == 1)
    #expect(layout.lineIndex(containing: 6) == 2)
  }

  @Test func wordsWrapAndAWordWiderThanTheLineBreaksInside() {
    var layout = TextViewLayout()
    layout.rebuild(TextBuffer("aa bb abcdefgh"), width: 5, measure: { _ in 1 })
    #expect(layout.lineStarts == [0, 6, 11])
  }
}
