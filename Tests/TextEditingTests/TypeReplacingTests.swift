import Foundation
import Testing
@testable import TextEditing

/// `typeReplacing`: typing that replaces what was typed just before the caret (a smart dash).
@Suite("Typing that replaces")
struct TypeReplacingTests {
  @Test func itReplacesTheRangeAndPutsTheCaretAfterIt() {
    let state = TextEditingTests.state("a-|")
    let tx = state.resolve(.typeReplacing(1..<2, with: "—"))
    #expect(tx.edit == TextEdit(range: 1..<2, replacement: "—"))
    #expect(tx.selection == .caret(2))
    #expect(tx.kind == .typing)
  }

  @Test func undoTakesItWithTheTypingItContinues() {
    var e = UndoHistoryTests.Editor("|")
    e.type("a-")
    e.run(.typeReplacing(1..<2, with: "—"))
    e.type("b")
    #expect(e.text == "a—b|")
    #expect(e.history.undoCount == 1)
    e.undo()
    #expect(e.text == "|")
    e.redo()
    #expect(e.text == "a—b|")
  }

  @Test func replacingTextTypedInAnEarlierStepIsAStepOfItsOwn() {
    var e = UndoHistoryTests.Editor("|")
    e.type("a-")
    e.run(.move(.backward), .move(.forward))
    e.run(.typeReplacing(1..<2, with: "—"))
    #expect(e.history.undoCount == 2)
    e.undo()
    #expect(e.text == "a-|")
  }
}
