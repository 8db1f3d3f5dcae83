import Foundation
import Testing
import UIKit
import UIKitTesting

// Issue 17's defects of the text objects, each seen from outside: the text, the selection as
// UITextInput reports it, the marked range, and the delegate's calls.

/// The selection of `input` as a UTF-16 NSRange, read through UITextInput.
@MainActor
func selection(of input: some UITextInput) -> NSRange {
  let range = input.selectedTextRange!
  let start = input.offset(from: input.beginningOfDocument, to: range.start)
  return NSRange(location: start, length: input.offset(from: range.start, to: range.end))
}

/// The marked range of `input` as a UTF-16 NSRange, or nil.
@MainActor
func markedRange(of input: some UITextInput) -> NSRange? {
  input.markedTextRange.map { range in
    let start = input.offset(from: input.beginningOfDocument, to: range.start)
    return NSRange(location: start, length: input.offset(from: range.start, to: range.end))
  }
}

/// The range `lo..<hi` (UTF-16 offsets) of `input`'s text.
@MainActor
func textRange(_ input: some UITextInput, _ lo: Int, _ hi: Int) -> UITextRange {
  let start = input.position(from: input.beginningOfDocument, offset: lo)!
  let end = input.position(from: input.beginningOfDocument, offset: hi)!
  return input.textRange(from: start, to: end)!
}

/// A text view's delegate whose `shouldChangeTextIn` runs `body`.
@MainActor
final class TextViewChangeDelegate: NSObject, UITextViewDelegate {
  var calls: [String] = []
  var shouldChange: (UITextView, NSRange, String) -> Bool = { _, _, _ in true }
  func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
    calls.append("shouldChange {\(range.location), \(range.length)} \(text.debugDescription)")
    return shouldChange(textView, range, text)
  }
  func textViewDidChangeSelection(_ textView: UITextView) { calls.append("didChangeSelection") }
  func textViewDidChange(_ textView: UITextView) { calls.append("didChange") }
}

// MARK: 1. The caret after marked text

@MainActor
@Suite struct MarkedTextThroughProgrammaticEditsTests {
  // text "abcd", caret {2,0}, "xy" marked, then "c" (just after the marked text, where the caret
  // is) replaced by "QQ": the caret goes after "QQ", out of the composition, which is committed.
  // Deleting then trapped ("Range requires lowerBound <= upperBound").
  @Test(arguments: [false, true]) func aFieldDeletesAfterAReplacementBesideItsMarkedText(forward: Bool) {
    let (host, fields) = makeForm()
    let field = fields[0]
    field.text = "abcd"
    field.becomeFirstResponder()
    field.selectedTextRange = textRange(field, 2, 2)
    field.setMarkedText("xy", selectedRange: NSRange(location: 2, length: 0))
    #expect(markedRange(of: field) == NSRange(location: 2, length: 2))
    field.replace(textRange(field, 4, 5), withText: "QQ")
    #expect(field.text == "abxyQQd")
    #expect(selection(of: field) == NSRange(location: 6, length: 0))
    #expect(field.markedTextRange == nil)
    if forward {
      host.press(.deleteForward)
      #expect(field.text == "abxyQQ")
      #expect(selection(of: field) == NSRange(location: 6, length: 0))
    } else {
      field.deleteBackward()
      #expect(field.text == "abxyQd")
      #expect(selection(of: field) == NSRange(location: 5, length: 0))
    }
  }

  @Test(arguments: [false, true]) func aTextViewDeletesAfterAReplacementBesideItsMarkedText(forward: Bool) {
    let (host, c) = makeNotes()
    let view = c.textView
    view.text = "abcd"
    view.becomeFirstResponder()
    view.selectedRange = NSRange(location: 2, length: 0)
    view.setMarkedText("xy", selectedRange: NSRange(location: 2, length: 0))
    view.replace(textRange(view, 4, 5), withText: "QQ")
    #expect(view.text == "abxyQQd")
    #expect(view.selectedRange == NSRange(location: 6, length: 0))
    #expect(view.markedTextRange == nil)
    if forward {
      host.press(.deleteForward)
      #expect(view.text == "abxyQQ")
    } else {
      view.deleteBackward()
      #expect(view.text == "abxyQd")
      #expect(view.selectedRange == NSRange(location: 5, length: 0))
    }
  }

  @Test func aReplacementBeforeTheMarkedTextShiftsTheComposition() {
    let (_, fields) = makeForm()
    let field = fields[0]
    field.text = "abcd"
    field.becomeFirstResponder()
    field.selectedTextRange = textRange(field, 2, 2)
    field.setMarkedText("xy", selectedRange: NSRange(location: 2, length: 0))
    field.replace(textRange(field, 0, 1), withText: "QQ")
    #expect(field.text == "QQbxycd")
    #expect(markedRange(of: field) == NSRange(location: 3, length: 2))
    #expect(selection(of: field) == NSRange(location: 5, length: 0))
    field.deleteBackward()
    #expect(field.text == "QQbxcd")
    #expect(markedRange(of: field) == NSRange(location: 3, length: 1))
    field.unmarkText()
    #expect(field.text == "QQbxcd" && field.markedTextRange == nil)
  }
}

// MARK: 2. Delegates that change the text object while they are asked

/// What a re-entrant delegate does from inside `shouldChange…` before allowing the edit.
enum ReentrantAction: String, CaseIterable, Sendable {
  case setText, moveSelection, resign, insertText
}

@MainActor
@Suite struct ReentrantDelegateTests {
  // The field's text is replaced inside the delegate call: the proposed range named the old
  // text (and may lie past the end of the new one). Applying it crashed in the UTF-16
  // conversion; the edit is dropped and the delegate's own change stands.
  @Test func aFieldWhoseDelegateReplacesTheTextAndAllowsTheEditKeepsTheDelegatesText() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = RecordingDelegate()
    let counter = ActionCounter()
    field.addTarget(counter, action: ActionCounter.editingChanged, for: .editingChanged)
    field.delegate = delegate
    field.text = "hello"
    field.becomeFirstResponder()
    delegate.shouldChange = { field, _, _ in
      field.text = ""
      return true
    }
    delegate.calls.removeAll()
    host.type("!")
    #expect(field.text == "")
    #expect(delegate.calls == ["shouldChange {5, 0} \"!\""], "the dropped edit tells no one")
    #expect(counter.events.isEmpty)

    field.text = "hello"
    host.paste("xyz")
    #expect(field.text == "")

    delegate.shouldChange = { _, _, _ in true }
    host.type("ok")
    #expect(field.text == "ok")
    #expect(counter.events == ["changed:o", "changed:ok"])
  }

  @Test(arguments: ReentrantAction.allCases) func aFieldsDelegateActingInsideShouldChange(_ action: ReentrantAction) {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.text = "hello"
    field.becomeFirstResponder()
    delegate.shouldChange = { field, _, _ in
      switch action {
      case .setText: field.text = "Z"
      case .moveSelection: field.selectedTextRange = textRange(field, 0, 0)
      case .resign: field.resignFirstResponder()
      case .insertText: field.insertText("Z")
      }
      return true
    }
    host.type("!")
    switch action {
    case .setText:
      #expect(field.text == "Z")
      #expect(selection(of: field) == NSRange(location: 1, length: 0))
    case .moveSelection:
      #expect(field.text == "hello", "the edit at the old caret is dropped")
      #expect(selection(of: field) == NSRange(location: 0, length: 0))
    case .resign:
      // Ending editing changes neither text nor selection: the edit still applies.
      #expect(field.text == "hello!")
      #expect(!field.isFirstResponder)
    case .insertText:
      #expect(field.text == "helloZ")
      #expect(selection(of: field) == NSRange(location: 6, length: 0))
    }
  }

  @Test(arguments: ReentrantAction.allCases) func aTextViewsDelegateActingInsideShouldChange(_ action: ReentrantAction) {
    let (host, c) = makeNotes()
    let view = c.textView
    let delegate = TextViewChangeDelegate()
    view.delegate = delegate
    view.text = "hello"
    view.becomeFirstResponder()
    delegate.shouldChange = { view, _, _ in
      switch action {
      case .setText: view.text = "Z"
      case .moveSelection: view.selectedRange = NSRange(location: 0, length: 0)
      case .resign: view.resignFirstResponder()
      case .insertText: view.insertText("Z")
      }
      return true
    }
    host.paste("!!")
    switch action {
    case .setText: #expect(view.text == "Z")
    case .moveSelection: #expect(view.text == "hello" && view.selectedRange == NSRange(location: 0, length: 0))
    case .resign: #expect(view.text == "hello!!" && !view.isFirstResponder)
    case .insertText: #expect(view.text == "helloZ" && view.selectedRange == NSRange(location: 6, length: 0))
    }
  }

  @Test func aDelegateReplacingTheTextDuringUndoWins() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.becomeFirstResponder()
    host.type("abc")
    delegate.shouldChange = { field, _, _ in
      field.text = "x"
      return true
    }
    host.press(.character("z"), modifiers: .command)
    #expect(field.text == "x")
    #expect(field.undoManager?.canUndo == false, "setting text drops the undo steps")
    delegate.shouldChange = { _, _, _ in true }
    host.type("y")
    #expect(field.text == "xy")
  }
}

// MARK: 3. Caller values that overflowed

@MainActor
@Suite struct HugeCallerValuesTests {
  @Test func aHugeMarkedSelectionIsClampedToTheMarkedText() {
    let (_, fields) = makeForm()
    let field = fields[0]
    field.text = "ab"
    field.becomeFirstResponder()
    field.setMarkedText("xy", selectedRange: NSRange(location: 1, length: Int.max))
    #expect(field.text == "abxy")
    #expect(selection(of: field) == NSRange(location: 3, length: 1))
    field.setMarkedText("xyz", selectedRange: NSRange(location: Int.max, length: Int.max))
    #expect(selection(of: field) == NSRange(location: 5, length: 0))

    let (_, c) = makeNotes()
    c.textView.becomeFirstResponder()
    c.textView.setMarkedText("xy", selectedRange: NSRange(location: Int.max - 1, length: Int.max))
    #expect(c.textView.selectedRange == NSRange(location: 2, length: 0))
  }

  @Test func positionsFarOutsideTheTextAreNil() {
    let (_, c) = makeNotes()
    let inputs: [any UITextInput] = [c.field, c.textView]
    c.field.text = "abc"
    c.textView.text = "one\ntwo"
    for input in inputs {
      let start = input.beginningOfDocument
      let end = input.endOfDocument
      for offset in [Int.max, Int.min, Int.max - 1, Int.min + 1] {
        #expect(input.position(from: start, offset: offset) == nil)
        #expect(input.position(from: end, offset: offset) == nil)
        #expect(input.position(from: end, in: .left, offset: offset) == nil)
        #expect(input.position(from: start, in: .right, offset: offset) == nil)
      }
      #expect(input.offset(from: end, to: start) == -input.offset(from: start, to: end))
    }
    // Up and down past the first or last line end at the document's edges.
    let view = c.textView
    let middle = view.position(from: view.beginningOfDocument, offset: 5)!
    #expect(view.position(from: middle, in: .down, offset: Int.max) == view.endOfDocument)
    #expect(view.position(from: middle, in: .up, offset: Int.max) == view.beginningOfDocument)
    #expect(view.position(from: middle, in: .up, offset: Int.min) == view.endOfDocument)
    #expect(view.position(from: middle, in: .down, offset: Int.min) == view.beginningOfDocument)
  }

  @Test func aHugeSelectedRangeStopsWithAMessageNamingIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let textView = UITextView(frame: .zero)
        textView.text = "abc"
        textView.selectedRange = NSRange(location: 2, length: Int.max)
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("UITextView.selectedRange: range {2, \(Int.max)} out of bounds; string length 3"))
  }
}

// MARK: 9. A refused undo

@MainActor
@Suite struct RefusedUndoTests {
  // Type "abc", Left, type "X": two undo steps. The delegate refuses the first ⌘Z; the step
  // stays where it was, so undoing everything still ends at "".
  @Test func aRefusedUndoStaysUndoable() {
    let (host, fields) = makeForm()
    let field = fields[0]
    let delegate = RecordingDelegate()
    field.delegate = delegate
    field.becomeFirstResponder()
    host.type("abc")
    host.press(.left)
    host.type("X")
    var refusals = 1
    delegate.shouldChange = { _, _, _ in
      if refusals > 0 {
        refusals -= 1
        return false
      }
      return true
    }
    delegate.calls.removeAll()
    host.press(.character("z"), modifiers: .command)
    #expect(field.text == "abXc")
    #expect(field.undoManager?.canUndo == true)
    #expect(field.undoManager?.undoActionName == "Typing", "the kept step keeps its name")
    host.press(.character("z"), modifiers: .command)
    #expect(field.text == "abc")
    host.press(.character("z"), modifiers: .command)
    #expect(field.text == "")
    #expect(field.undoManager?.canUndo == false)
    #expect(delegate.calls.filter { $0.hasPrefix("shouldChange") } == [
      "shouldChange {2, 1} \"\"", "shouldChange {2, 1} \"\"", "shouldChange {0, 3} \"\"",
    ])

    // The same for redo.
    refusals = 1
    host.press(.character("z"), modifiers: [.command, .shift])
    #expect(field.text == "")
    #expect(field.undoManager?.canRedo == true)
    host.press(.character("z"), modifiers: [.command, .shift])
    host.press(.character("z"), modifiers: [.command, .shift])
    #expect(field.text == "abXc")
    #expect(field.undoManager?.canRedo == false)
  }

  @Test func aTextViewsRefusedUndoStaysUndoable() {
    let (host, c) = makeNotes()
    let view = c.textView
    let delegate = TextViewChangeDelegate()
    view.delegate = delegate
    view.becomeFirstResponder()
    host.type("abc")
    host.press(.left)
    host.type("X")
    var refuse = true
    delegate.shouldChange = { _, _, _ in
      defer { refuse = false }
      return !refuse
    }
    host.press(.character("z"), modifiers: .command)
    #expect(view.text == "abXc")
    host.press(.character("z"), modifiers: .command)
    host.press(.character("z"), modifiers: .command)
    #expect(view.text == "")
  }
}

// MARK: 10. A selection set during a composition

@MainActor
@Suite struct SelectionDuringCompositionTests {
  // "ab" then 👍🏽 (👍 2..<4, 🏽 4..<6) marked: selecting 4..<5 lies inside the one cluster 2..<6,
  // which it rounds out to, as every selection inside a cluster does.
  @Test func aFieldsSelectionInsideAComposedClusterRoundsOut() {
    let (_, fields) = makeForm()
    let field = fields[0]
    field.text = "ab"
    field.becomeFirstResponder()
    field.setMarkedText("👍🏽", selectedRange: NSRange(location: 4, length: 0))
    #expect(markedRange(of: field) == NSRange(location: 2, length: 4))
    field.selectedTextRange = textRange(field, 4, 5)
    #expect(selection(of: field) == NSRange(location: 2, length: 4))
    #expect(field.text == "ab👍🏽")
  }

  @Test func aTextViewsSelectionInsideAComposedClusterRoundsOut() {
    let (_, c) = makeNotes()
    c.textView.text = "ab"
    c.textView.becomeFirstResponder()
    c.textView.setMarkedText("👍🏽", selectedRange: NSRange(location: 4, length: 0))
    c.textView.selectedRange = NSRange(location: 4, length: 1)
    #expect(c.textView.selectedRange == NSRange(location: 2, length: 4))
  }
}
