import Foundation
import Testing
@testable import TextEditing

@Suite("Undo and redo")
struct UndoHistoryTests {
  /// An editor with an undo history: performs commands the way UIKit will.
  struct Editor {
    var state: EditorState
    var history = UndoHistory()
    init(_ notationText: String, levels: Int = 0) {
      state = TextEditingTests.state(notationText)
      history = UndoHistory(levelsOfUndo: levels)
    }
    mutating func run(_ commands: EditingCommand...) {
      for command in commands {
        let tx = state.resolve(command)
        history.record(tx, before: state)
        state.apply(tx)
      }
    }
    mutating func type(_ text: String) {
      for c in text { run(.insertText(String(c))) }
    }
    mutating func undo() { history.undo(&state) }
    mutating func redo() { history.redo(&state) }
    var text: String { notation(state) }
  }

  @Test func typingIsOneStep() {
    var e = Editor("|")
    e.type("hello")
    #expect(e.history.undoCount == 1)
    e.undo()
    #expect(e.text == "|")
    e.redo()
    #expect(e.text == "hello|")
  }

  @Test func aCaretMoveStartsANewStep() {
    var e = Editor("|")
    e.type("ab")
    e.run(.move(.backward))
    e.type("X")
    #expect(e.text == "aX|b")
    e.undo()
    #expect(e.text == "a|b")
    e.undo()
    #expect(e.text == "|")
  }

  @Test func deletionAfterTypingIsANewStep() {
    var e = Editor("start |")
    e.type("abc")
    e.run(.deleteBackward, .deleteBackward)
    #expect(e.text == "start a|")
    #expect(e.history.undoCount == 2)
    e.undo()
    #expect(e.text == "start abc|")
    e.undo()
    #expect(e.text == "start |")
    e.redo()
    e.redo()
    #expect(e.text == "start a|")
  }

  @Test func backspacesOverClustersCoalesceAndRestoreExactly() {
    var e = Editor("a👍🏿🇯🇵e\u{301}👨‍👩‍👧‍👦|z")
    e.run(.deleteBackward, .deleteBackward, .deleteBackward, .deleteBackward)
    #expect(e.text == "a|z")
    #expect(e.history.undoCount == 1)
    e.undo()
    #expect(e.text == "a👍🏿🇯🇵e\u{301}👨‍👩‍👧‍👦|z")
  }

  @Test func forwardDeletesCoalesce() {
    var e = Editor("x|abc")
    e.run(.deleteForward, .deleteForward)
    #expect(e.text == "x|c")
    e.undo()
    #expect(e.text == "x|abc")
  }

  @Test func typingOverASelectionRestoresTheSelection() {
    var e = Editor("a[bcd>e")
    e.type("XY")
    #expect(e.text == "aXY|e")
    #expect(e.history.undoCount == 1)
    e.undo()
    #expect(e.text == "a[bcd>e")
  }

  @Test func pastesAreTheirOwnSteps() {
    var e = Editor("|")
    e.run(.paste("one"), .paste("two"))
    #expect(e.history.undoCount == 2)
    e.undo()
    #expect(e.text == "one|")
  }

  @Test func compositionIsOneStep() {
    var e = Editor("你|")
    e.run(
      .setMarkedText("h", selectedRange: 1..<1), .setMarkedText("ha", selectedRange: 2..<2),
      .setMarkedText("hao", selectedRange: 3..<3), .insertText("好"))
    #expect(e.text == "你好|")
    #expect(e.history.undoCount == 1)
    e.undo()
    #expect(e.text == "你|")
    e.redo()
    #expect(e.text == "你好|")
  }

  @Test func aNewEditClearsRedo() {
    var e = Editor("|")
    e.type("ab")
    e.undo()
    #expect(e.history.canRedo)
    e.type("c")
    #expect(!e.history.canRedo)
  }

  @Test func levelsOfUndoBoundTheHistory() {
    var e = Editor("|", levels: 3)
    for word in ["one", "two", "three", "four", "five"] {
      e.type(word)
      e.run(.move(.documentEnd), .insertText(" "))
      e.run(.move(.documentEnd))
    }
    #expect(e.history.undoCount == 3)
    while e.history.canUndo { e.undo() }
    // Ten steps were made (each word, each space); the oldest seven are gone.
    #expect(e.state.string == "one two three four")
    while e.history.canRedo { e.redo() }
    #expect(e.state.string == "one two three four five ")
    e.history.levelsOfUndo = 1
    #expect(e.history.undoCount == 1)
  }
}
