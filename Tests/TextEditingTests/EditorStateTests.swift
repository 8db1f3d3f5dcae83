import Foundation
import Testing
@testable import TextEditing

@Suite("Commands resolve to edits")
struct EditorStateTests {
  /// Resolves `command` on the state written as `before`, checks the proposed edit (as the
  /// delegate would see it) and the state after applying it.
  func expect(
    _ before: String, _ command: EditingCommand, edit: (NSRange, String)?, after: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var s = state(before)
    let tx = s.resolve(command)
    if let (range, replacement) = edit {
      #expect(tx.edit?.nsRange == range, sourceLocation: sourceLocation)
      #expect(tx.edit?.replacement == replacement, sourceLocation: sourceLocation)
    } else {
      #expect(tx.edit == nil, sourceLocation: sourceLocation)
    }
    s.apply(tx)
    #expect(notation(s) == after, sourceLocation: sourceLocation)
  }

  // Seed 001's worked examples of textField(_:shouldChangeCharactersIn:replacementString:).
  @Test func seed001Examples() {
    // "abcde", type "f" at the end: range {5, 0}, string "f".
    expect("abcde|", .insertText("f"), edit: (NSRange(location: 5, length: 0), "f"), after: "abcdef|")
    // Select "cde", type "f": range {2, 3}, string "f".
    expect("ab[cde>", .insertText("f"), edit: (NSRange(location: 2, length: 3), "f"), after: "abf|")
    // Select "bcde", paste "cde": range {1, 4}, string "cde".
    expect("a[bcde>", .paste("cde"), edit: (NSRange(location: 1, length: 4), "cde"), after: "acde|")
    // Delete: the deleted range and an empty string.
    expect("abcde|", .deleteBackward, edit: (NSRange(location: 4, length: 1), ""), after: "abcd|")
  }

  @Test func deletionRemovesWholeClusters() {
    expect("a👨‍👩‍👧‍👦|", .deleteBackward, edit: (NSRange(location: 1, length: 11), ""), after: "a|")
    expect("🇯🇵🇺🇸|", .deleteBackward, edit: (NSRange(location: 4, length: 4), ""), after: "🇯🇵|")
    expect("👍🏿|x", .deleteBackward, edit: (NSRange(location: 0, length: 4), ""), after: "|x")
    expect("e\u{301}\u{302}|", .deleteBackward, edit: (NSRange(location: 0, length: 3), ""), after: "|")
    expect("|한\u{1100}", .deleteForward, edit: (NSRange(location: 0, length: 1), ""), after: "|\u{1100}")
    expect("a\r\n|b", .deleteBackward, edit: (NSRange(location: 1, length: 2), ""), after: "a|b")
    expect("|मस्ते", .deleteForward, edit: (NSRange(location: 0, length: 1), ""), after: "|स्ते")
    expect("ab|", .deleteForward, edit: (NSRange(location: 2, length: 0), ""), after: "ab|")
    // Backspace at the start still proposes an (empty) edit: UIKit asks its delegate anyway.
    expect("|ab", .deleteBackward, edit: (NSRange(location: 0, length: 0), ""), after: "|ab")
  }

  @Test func wordAndLineDeletion() {
    expect("hello world|", .deleteWordBackward, edit: (NSRange(location: 6, length: 5), ""), after: "hello |")
    expect("|hello world", .deleteWordForward, edit: (NSRange(location: 0, length: 5), ""), after: "| world")
    expect("one\ntwo three|", .deleteToLineStart, edit: (NSRange(location: 4, length: 9), ""), after: "one\n|")
    expect("one\n|two", .deleteToLineStart, edit: (NSRange(location: 3, length: 1), ""), after: "one|two")
    expect("|one\ntwo", .deleteToLineEnd, edit: (NSRange(location: 0, length: 3), ""), after: "|\ntwo")
    expect("a[bc>d", .deleteWordBackward, edit: (NSRange(location: 1, length: 2), ""), after: "a|d")
  }

  @Test func moves() {
    expect("ab|c", .move(.backward), edit: nil, after: "a|bc")
    expect("a[bc>d", .move(.backward), edit: nil, after: "a|bcd")
    expect("a[bc>d", .move(.forward), edit: nil, after: "abc|d")
    expect("x👨‍👩‍👧‍👦|", .move(.backward), edit: nil, after: "x|👨‍👩‍👧‍👦")
    expect("|🇯🇵🇺🇸", .move(.forward), edit: nil, after: "🇯🇵|🇺🇸")
    expect("ab|c", .move(.documentStart), edit: nil, after: "|abc")
    expect("ab|c", .move(.documentEnd), edit: nil, after: "abc|")
    expect("one two| three", .move(.wordForward), edit: nil, after: "one two three|")
    expect("one\ntw|o\nthree", .move(.lineStart), edit: nil, after: "one\n|two\nthree")
    expect("one\ntw|o\nthree", .move(.lineEnd), edit: nil, after: "one\ntwo|\nthree")
    expect("ab|cd", .extendSelection(.forward), edit: nil, after: "ab[c>d")
    expect("ab[c>d", .extendSelection(.backward), edit: nil, after: "ab|cd")
    expect("ab|cd", .extendSelection(.backward), edit: nil, after: "a<b]cd")
    expect("a<b]cd", .extendSelection(.wordBackward), edit: nil, after: "<ab]cd")
    expect("ab|cd", .selectAll, edit: nil, after: "[abcd>")
  }

  @Test func selectionIsRoundedToClusters() {
    var s = state("a👨‍👩‍👧‍👦b|")
    s.perform(.select(.caret(3)))
    #expect(notation(s) == "a👨‍👩‍👧‍👦|b")
    s.perform(.select(TextSelection(anchor: 2, head: 5)))
    #expect(notation(s) == "a[👨‍👩‍👧‍👦>b")
    // Typing a combining mark after "e" keeps the caret after the new cluster; typing "e" before
    // a lone mark puts the caret after the cluster it forms.
    s = EditorState(text: TextBuffer("\u{301}x"), selection: .caret(0))
    s.perform(.insertText("e"))
    #expect(notation(s) == "e\u{301}|x")
  }

  /// Seed 001's pinyin example: "h", "a" are marked, then 哈 is chosen. Each step is a separate
  /// edit the delegate is asked about.
  @Test func pinyinComposition() {
    var s = state("你|")
    var edits: [TextEdit] = []
    for command in [
      EditingCommand.setMarkedText("h", selectedRange: 1..<1),
      .setMarkedText("ha", selectedRange: 2..<2),
      .insertText("哈"),
    ] {
      let tx = s.resolve(command)
      edits.append(tx.edit!)
      s.apply(tx)
    }
    #expect(edits.map(\.nsRange) == [
      NSRange(location: 1, length: 0), NSRange(location: 1, length: 1), NSRange(location: 1, length: 2),
    ])
    #expect(edits.map(\.replacement) == ["h", "ha", "哈"])
    #expect(notation(s) == "你哈|")
    #expect(s.markedRange == nil)
  }

  @Test func markedTextEditing() {
    var s = state("x|")
    s.perform(.setMarkedText("nihao", selectedRange: 5..<5))
    #expect(notation(s) == "x{nihao|}")
    s.perform(.deleteBackward)
    #expect(notation(s) == "x{niha|}")
    s.perform(.setMarkedText("你好", selectedRange: 0..<2))
    #expect(notation(s) == "x{[你好>}")
    s.perform(.unmarkText)
    #expect(s.markedRange == nil)
    #expect(s.string == "x你好")
    s = state("ab|")
    s.perform(.setMarkedText("k", selectedRange: 1..<1))
    s.perform(.setMarkedText("", selectedRange: 0..<0))
    #expect(notation(s) == "ab|")
  }

  @Test func replaceAllAndProgrammaticReplace() {
    expect("ab|c", .replaceAll("xyz"), edit: (NSRange(location: 0, length: 3), "xyz"), after: "xyz|")
    expect("ab|cd", .replace(3..<4, with: "ZZ"), edit: (NSRange(location: 3, length: 1), "ZZ"), after: "ab|cZZ")
    expect("abcd|", .replace(0..<1, with: ""), edit: (NSRange(location: 0, length: 1), ""), after: "bcd|")
  }

  /// UIKit's `text` setter: no edit to ask about, the caret goes to the end, marked text goes.
  @Test func setTextReplacesEverythingAndPutsTheCaretAtTheEnd() {
    var s = state("ab|c")
    s.perform(.setMarkedText("ni", selectedRange: 2..<2))
    s.setText("héllo 👋🏽")
    #expect(notation(s) == "héllo 👋🏽|")
    #expect(s.markedRange == nil)
    s.setText("")
    #expect(notation(s) == "|")
  }

  @Test func composingEdits() {
    let e1 = TextEdit(range: 2..<2, replacement: "xy")
    #expect(e1.composed(with: TextEdit(range: 4..<4, replacement: "z")) == TextEdit(range: 2..<2, replacement: "xyz"))
    #expect(e1.composed(with: TextEdit(range: 3..<4, replacement: "")) == TextEdit(range: 2..<2, replacement: "x"))
    #expect(e1.composed(with: TextEdit(range: 1..<3, replacement: "Q")) == TextEdit(range: 1..<2, replacement: "Qy"))
    #expect(e1.composed(with: TextEdit(range: 9..<9, replacement: "far")) == nil)
    var text = TextBuffer("hello")
    let edit = TextEdit(range: 1..<4, replacement: "ipp")
    let inverse = edit.inverted(in: text)
    edit.apply(to: &text)
    #expect(text.string == "hippo")
    inverse.apply(to: &text)
    #expect(text.string == "hello")
  }
}
