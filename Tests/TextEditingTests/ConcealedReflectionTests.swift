import Foundation
import Testing
@testable import TextEditing

/// Issue 17, item 12: a concealed text (a secure field's) and its undo history show nothing of
/// the text to reflection, through every edit.
@Suite struct ConcealedReflectionTests {
  /// Everything `dump`, `String(describing:)` and `String(reflecting:)` show of `value`.
  private func reflected(_ value: Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text + "\n" + String(describing: value) + "\n" + String(reflecting: value)
  }

  @Test func aConcealedStateAndHistoryShowLengthsOnly() {
    var state = EditorState(text: "Qx9 ")
    state.isTextConcealed = true
    var history = UndoHistory()
    history.isConcealed = true
    for command: EditingCommand in [
      .insertText("s3"), .insertText("cr"), .deleteBackward, .paste("et!"), .move(.documentStart),
      .setMarkedText("ほし", selectedRange: 2..<2), .unmarkText,
    ] {
      let transaction = state.resolve(command)
      history.record(transaction, before: state)
      state.apply(transaction)
    }
    history.undo(&state)
    #expect(state.string == "Qx9 s3cet!")
    #expect(history.canUndo && history.canRedo)
    for shown in [reflected(state), reflected(state.text), reflected(history)] {
      for secret in ["Qx9", "s3", "cet", "ほし", "et!", "cr"] {
        #expect(!shown.contains(secret), "\(shown)")
      }
    }
    #expect(reflected(state.text).contains("<concealed, 10 UTF-16 units>"))
    #expect(reflected(history).contains("{0, 0} → <concealed, 2 UTF-16 units> (removed <concealed, 0 UTF-16 units>)"))
    // Whole-text replacement and undo keep the flag.
    state.setText("hunter2")
    #expect(state.isTextConcealed)
    #expect(!reflected(state).contains("hunter2"))
    #expect(state.text.description == "<concealed, 7 UTF-16 units>")
    #expect(state.text.debugDescription == "TextBuffer(<concealed, 7 UTF-16 units>)")
  }

  @Test func anOrdinaryStateAndHistoryShowTheirText() {
    var state = EditorState(text: "Qx9 ")
    var history = UndoHistory()
    let transaction = state.resolve(.paste("s3cret"))
    history.record(transaction, before: state)
    state.apply(transaction)
    #expect(reflected(state).contains("Qx9 s3cret"))
    #expect(reflected(history).contains("{4, 0} → \"s3cret\" (removed \"\"), other"))
    #expect(history.description == "UndoHistory(1 undo step, 0 redo steps)")
    #expect(state.text.description == "Qx9 s3cret")
    // Concealment changes nothing but reflection.
    var concealed = state
    concealed.isTextConcealed = true
    #expect(concealed == state)
    #expect(concealed.string == "Qx9 s3cret")
  }
}
