import Foundation
import Testing
@testable import UIKit
import UIKitTesting

// A text view with `isEditable = false` and `isSelectable = true`, as iOS has it: the user
// selects and copies, nothing edits, no keyboard shows, and only the selection delegate
// method is called (not textViewShouldBeginEditing / DidBeginEditing / DidEndEditing).

/// A point of `textView` on the character at `offset` (its coordinates).
@MainActor
private func point(_ textView: UITextView, at offset: Int) -> CGPoint {
  let rect = textView.caretRect(for: textView.position(from: textView.beginningOfDocument, offset: offset)!)
  return CGPoint(x: rect.minX + 2, y: rect.midY)
}

/// The screen cell showing the character at `offset` of `textView`.
@MainActor
private func cell(_ textView: UITextView, at offset: Int) -> (column: Int, row: Int) {
  let rect = textView.caretRect(for: textView.position(from: textView.beginningOfDocument, offset: offset)!)
  let window = textView.convert(rect, to: nil)
  // The terminal draws a line from the cell nearest its start.
  return (Int((window.minX / 8).rounded()), Int(window.midY / 16))
}

/// The notes screen with its text view read-only, holding `text`, and a recording delegate.
@MainActor
private func makeReadOnly(_ text: String) -> (HeadlessHost, NotesController, TextViewRecorder) {
  let (host, controller) = makeNotes()
  let recorder = TextViewRecorder()
  controller.textView.isEditable = false
  controller.textView.text = text
  controller.textView.delegate = recorder
  return (host, controller, recorder)
}

/// Collects the notifications that editing or a keyboard would post.
private final class EditingNotes: @unchecked Sendable {
  let collectors = [
    UIResponder.keyboardWillShowNotification, UIResponder.keyboardWillHideNotification,
    UITextView.textDidBeginEditingNotification, UITextView.textDidEndEditingNotification,
    UITextView.textDidChangeNotification,
  ].map { NotificationCollector($0) }
  var names: [String] { collectors.flatMap { $0.notes.map { $0.name.rawValue } } }
}

@MainActor @Suite struct ReadOnlyTextViewTests {
  @Test func aTapMakesItFirstResponderWithoutKeyboardOrEditingDelegateCalls() {
    let (host, c, recorder) = makeReadOnly("Terms apply")
    let notes = EditingNotes()
    #expect(c.textView.canBecomeFirstResponder)
    host.tap(c.textView, at: point(c.textView, at: 3))
    host.settle()
    #expect(c.textView.isFirstResponder)
    #expect(!host.isKeyboardVisible)
    #expect(recorder.calls == ["didChangeSelection"])
    #expect(c.textView.selectedRange == NSRange(location: 3, length: 0))
    #expect(notes.names.isEmpty)
    #expect(host.caretCell == nil, "no caret in read-only text")
    #expect(!host.isEditMenuVisible)
  }

  @Test func aDoubleTapSelectsTheWordDrawsItAndOffersCopyAndSelectAllOnly() {
    let (host, c, recorder) = makeReadOnly("Terms apply")
    UIPasteboard.general.string = "on the pasteboard"
    let notes = EditingNotes()
    host.doubleTap(c.textView, at: point(c.textView, at: 7))
    #expect(marked(c.textView) == "Terms [apply]")
    #expect(host.editMenuItems == ["Copy", "Select All"])
    #expect(!recorder.calls.contains("shouldBegin") && !recorder.calls.contains("didBegin"))
    #expect(Set(recorder.calls) == ["didChangeSelection"])
    #expect(host.chooseEditMenuItem("Copy"))
    #expect(UIPasteboard.general.string == "apply")
    #expect(!host.isEditMenuVisible)
    // The selection stays, drawn (inverse), with no caret.
    let selected = cell(c.textView, at: 6), before = cell(c.textView, at: 4)
    let grid = host.grid()
    #expect(grid[selected.column, selected.row].isInverse)
    #expect(grid[selected.column, selected.row].text == "a")
    #expect(!grid[before.column, before.row].isInverse)
    #expect(host.caretCell == nil)
    #expect(notes.names.isEmpty)
    #expect(!c.textView.canPerformAction(.cut, withSender: nil))
    #expect(!c.textView.canPerformAction(.paste, withSender: nil))
    #expect(!c.textView.canPerformAction(.delete, withSender: nil))
    #expect(c.textView.canPerformAction(.copy, withSender: nil))
  }

  @Test func shiftArrowsSelectAndCommandCCopies() {
    let (host, c, recorder) = makeReadOnly("Terms apply")
    UIPasteboard.general.string = nil
    host.tap(c.textView, at: point(c.textView, at: 0))
    recorder.calls = []
    for _ in 0..<5 { #expect(host.press(.right, modifiers: .shift)) }
    #expect(marked(c.textView) == "[Terms] apply")
    #expect(recorder.calls == Array(repeating: "didChangeSelection", count: 5))
    #expect(host.press(.character("c"), modifiers: .command))
    #expect(UIPasteboard.general.string == "Terms")
    host.press(.right)
    #expect(marked(c.textView) == "Terms| apply")
  }

  @Test func typingDeletingPastingCuttingAndUndoChangeNothingAndAskNoOne() {
    let (host, c, recorder) = makeReadOnly("Terms apply")
    host.tap(c.textView, at: point(c.textView, at: 5))
    host.press(.character("a"), modifiers: .command)
    #expect(c.textView.selectedRange == NSRange(location: 0, length: 11))
    recorder.calls = []
    let notes = EditingNotes()
    host.type("x")
    host.press(.backspace)
    host.press(.deleteForward)
    host.pressReturn()
    host.paste("pasted")
    host.press(.character("x"), modifiers: .command)
    host.press(.character("z"), modifiers: .command)
    c.textView.paste(nil)
    c.textView.cut(nil)
    c.textView.delete(nil)
    #expect(c.textView.text == "Terms apply")
    #expect(recorder.calls.isEmpty, "the delegate is never asked")
    #expect(UIPasteboard.general.string == "pasted", "⌘X cut nothing")
    #expect(c.textView.selectedRange == NSRange(location: 0, length: 11))
    #expect(notes.names.isEmpty)
    #expect(c.textView.isFirstResponder)
  }

  @Test func selectAllFromTheKeyboardAndFromTheMenu() {
    let (host, c, recorder) = makeReadOnly("Terms apply")
    host.longPress(c.textView, at: point(c.textView, at: 2))
    #expect(c.textView.isFirstResponder)
    #expect(marked(c.textView) == "[Terms] apply", "a long press selects the word")
    #expect(host.editMenuItems == ["Copy", "Select All"])
    recorder.calls = []
    #expect(host.chooseEditMenuItem("Select All"))
    #expect(c.textView.selectedRange == NSRange(location: 0, length: 11))
    #expect(host.editMenuItems == ["Copy"], "Select All brings the menu back, without Cut")
    #expect(recorder.calls == ["didChangeSelection"])
    host.press(.escape)
    host.press(.left)
    #expect(marked(c.textView) == "|Terms apply")
    host.press(.character("a"), modifiers: .command)
    #expect(c.textView.selectedRange == NSRange(location: 0, length: 11))
  }

  @Test func codeChangingTheTextOrSelectionOfTheFocusedViewTellsOnlyTheSelectionMethod() {
    let (host, c, recorder) = makeReadOnly("Terms apply")
    host.tap(c.textView, at: point(c.textView, at: 1))
    recorder.calls = []
    c.textView.selectedRange = NSRange(location: 0, length: 5)
    c.textView.text = "New terms"
    #expect(recorder.calls == ["didChangeSelection", "didChangeSelection"])
    #expect(marked(c.textView) == "New terms|")
    c.textView.resignFirstResponder()
    #expect(recorder.calls.count == 2, "no textViewShouldEndEditing or DidEndEditing")
  }

  @Test func withoutIsSelectableNothingSelectsAndNoOneIsTold() {
    let (host, c, recorder) = makeReadOnly("Terms apply")
    c.textView.isSelectable = false
    let before = c.textView.selectedRange
    #expect(!c.textView.canBecomeFirstResponder)
    host.tap(c.textView, at: point(c.textView, at: 3))
    host.doubleTap(c.textView, at: point(c.textView, at: 3))
    host.rightClick(c.textView, at: point(c.textView, at: 3))
    #expect(!c.textView.isFirstResponder)
    #expect(!c.textView.becomeFirstResponder())
    #expect(c.textView.selectedRange == before)
    #expect(recorder.calls.isEmpty)
    #expect(!host.isEditMenuVisible)
  }

  @Test func turningSelectionOffEndsTheReadOnlySessionQuietly() {
    let (host, c, recorder) = makeReadOnly("Terms apply")
    host.doubleTap(c.textView, at: point(c.textView, at: 1))
    #expect(c.textView.isFirstResponder)
    recorder.calls = []
    c.textView.isSelectable = false
    #expect(!c.textView.isFirstResponder)
    #expect(!host.isEditMenuVisible)
    #expect(recorder.calls.isEmpty, "no editing began, so none ends")
    let grid = host.grid()
    let first = cell(c.textView, at: 0)
    #expect(!grid[first.column, first.row].isInverse, "the selection is no longer drawn")
  }

  @Test func togglingIsEditableWhileFirstResponderEndsTheSession() {
    let (host, c) = makeNotes()
    let recorder = TextViewRecorder()
    c.textView.text = "Terms apply"
    c.textView.delegate = recorder
    host.tap(c.textView, at: point(c.textView, at: 2))
    host.settle()
    #expect(recorder.calls == ["shouldBegin", "didBegin", "didChangeSelection"])
    #expect(host.isKeyboardVisible)
    recorder.calls = []

    // Editable → read-only: editing ends (forced, not asked) and the keyboard goes.
    c.textView.isEditable = false
    host.settle()
    #expect(!c.textView.isFirstResponder)
    #expect(recorder.calls == ["didEnd text=Terms apply"])
    #expect(!host.isKeyboardVisible)

    // Read-only: a tap selects without beginning to edit.
    recorder.calls = []
    host.tap(c.textView, at: point(c.textView, at: 4))
    host.settle()
    #expect(c.textView.isFirstResponder && !host.isKeyboardVisible)
    #expect(recorder.calls == ["didChangeSelection"])

    // Read-only → editable: the selection session ends quietly; the next tap begins editing.
    recorder.calls = []
    c.textView.isEditable = true
    #expect(!c.textView.isFirstResponder)
    #expect(recorder.calls.isEmpty)
    host.tap(c.textView, at: point(c.textView, at: 4))
    host.settle()
    #expect(recorder.calls == ["shouldBegin", "didBegin"])
    #expect(host.isKeyboardVisible)
    host.type("!")
    #expect(c.textView.text == "Term!s apply")
  }

  @Test func tappingItFromAnEditingFieldHidesTheKeyboard() {
    let (host, c, recorder) = makeReadOnly("Terms apply")
    host.tap(c.field)
    host.settle()
    #expect(host.isKeyboardVisible)
    let hide = NotificationCollector(UIResponder.keyboardWillHideNotification)
    host.tap(c.textView, at: point(c.textView, at: 1))
    host.settle()
    #expect(c.textView.isFirstResponder && !c.field.isFirstResponder)
    #expect(!host.isKeyboardVisible)
    #expect(hide.notes.count == 1)
    #expect(recorder.calls == ["didChangeSelection"])
    // Typing goes nowhere: neither into the read-only text nor into the field.
    host.type("q")
    #expect(c.textView.text == "Terms apply" && c.field.text == "")
  }
}

/// A terms-of-service screen, as an app writes it: a read-only text view the user reads,
/// selects in and copies from, above an Accept button.
@MainActor
private final class TermsController: UIViewController, UITextViewDelegate {
  let terms = UITextView()
  let accept = UIButton(type: .system)
  var selections: [NSRange] = []
  static let text = """
    1. Acceptance. By using the service you agree to these terms.
    2. Privacy. We keep your data safe.
    """

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    terms.frame = CGRect(x: 16, y: 48, width: 288, height: 160)
    terms.isEditable = false
    terms.text = Self.text
    terms.delegate = self
    accept.setTitle("Accept", for: .normal)
    accept.frame = CGRect(x: 16, y: 224, width: 96, height: 32)
    view.addSubview(terms)
    view.addSubview(accept)
  }

  func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
    Issue.record("a read-only text view never asks to begin editing")
    return true
  }

  func textViewDidChangeSelection(_ textView: UITextView) { selections.append(textView.selectedRange) }

  func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
    Issue.record("a read-only text view never asks about a change")
    return true
  }
}

@MainActor @Suite struct TermsOfServiceClientTests {
  @Test func theUserSelectsAClauseWithTheMouseAndCopiesItButCannotChangeTheTerms() {
    let controller = TermsController()
    let host = HeadlessHost(
      rootViewController: controller, screenSize: CGSize(width: 320, height: 480), measuresTextInCells: true)
    UIPasteboard.general.string = nil
    let terms = controller.terms
    #expect(host.screen().contains("1. Acceptance. By using the\n   service you agree"))

    // "Privacy" starts the second paragraph: drag over it after a tap gave the view focus.
    let start = (TermsController.text as NSString).range(of: "Privacy").location
    host.tap(terms, at: point(terms, at: start))
    host.drag(
      from: terms.convert(point(terms, at: start), to: nil),
      to: terms.convert(point(terms, at: start + 7), to: nil))
    #expect(terms.selectedRange == NSRange(location: start, length: 7))
    #expect(!host.isKeyboardVisible)
    host.press(.character("c"), modifiers: .command)
    #expect(UIPasteboard.general.string == "Privacy")
    #expect(controller.selections.last == NSRange(location: start, length: 7))

    // A keystroke does not replace the selection; the whole text copies through the menu.
    host.type("x")
    host.press(.backspace)
    host.rightClick(terms, at: point(terms, at: 3))
    #expect(host.editMenuItems == ["Select", "Select All"])
    host.chooseEditMenuItem("Select All")
    host.chooseEditMenuItem("Copy")
    #expect(UIPasteboard.general.string == TermsController.text)
    #expect(terms.text == TermsController.text)
    #expect(host.screen().contains("2. Privacy. We keep your data\n   safe."))
  }
}
