import Foundation
import Testing
@testable import TextEditing

/// While text is marked, the selection lies inside the marked range (an input method's caret
/// is relative to its composition); every command keeps that true, ending the composition when
/// an edit carries the selection out of it.
@Suite("Marked text stays consistent")
struct MarkedTextConsistencyTests {
  /// "ab{xy|}cd": "xy" marked after "ab", the caret at its end.
  func composing() -> EditorState {
    var s = state("ab|cd")
    s.perform(.setMarkedText("xy", selectedRange: 2..<2))
    #expect(notation(s) == "ab{xy|}cd")
    return s
  }

  // Issue 17 (1): a replacement just after the marked text moved the caret past it while the
  // marked range stayed, and the next Backspace clamped its range to the marked text,
  // building 5..<4 ("Range requires lowerBound <= upperBound").
  @Test func anEditCarryingTheCaretOutOfTheMarkedTextCommitsIt() {
    var s = composing()
    s.perform(.replace(4..<5, with: "QQ"))
    #expect(notation(s) == "abxyQQ|d")
    s.perform(.deleteBackward)
    #expect(notation(s) == "abxyQ|d")

    var f = composing()
    f.perform(.replace(4..<5, with: "QQ"))
    f.perform(.deleteForward)
    #expect(notation(f) == "abxyQQ|")
  }

  @Test func anEditBeforeTheMarkedTextShiftsIt() {
    var s = composing()
    s.perform(.replace(0..<1, with: "QQ"))
    #expect(notation(s) == "QQb{xy|}cd")
    s.perform(.deleteBackward)
    #expect(notation(s) == "QQb{x|}cd")
  }

  @Test func anEditAfterTheMarkedTextLeavesIt() {
    var s = composing()
    s.perform(.replace(5..<6, with: "QQ"))
    #expect(notation(s) == "ab{xy|}cQQ")
  }

  @Test func everyDeletionStaysInsideTheMarkedText() {
    for command in [
      EditingCommand.deleteBackward, .deleteForward, .deleteWordBackward, .deleteWordForward,
      .deleteToLineStart, .deleteToLineEnd,
    ] {
      var s = composing()
      s.perform(command)
      #expect(s.string.hasPrefix("ab") && s.string.hasSuffix("cd"), "\(command)")
      if let m = s.markedRange { #expect(m.contains(s.selection.range.lowerBound) || m.upperBound == s.selection.head) }
    }
  }

  // Issue 17 (10): a selection set during a composition lost its inner end to the marked-text
  // exemption (4..<5 inside 👍🏽 collapsed to a caret) and then rounded to a caret at 6.
  @Test func aSelectionInsideAClusterOfMarkedTextRoundsOutToTheCluster() {
    var s = state("ab|")
    s.perform(.setMarkedText("👍🏽", selectedRange: 4..<4))
    #expect(s.markedRange == 2..<6)
    s.perform(.select(TextSelection(anchor: 4, head: 5)))
    #expect(s.selection.range == 2..<6)
    s.perform(.select(TextSelection(anchor: 5, head: 3)))
    #expect(s.selection == TextSelection(anchor: 6, head: 2), "a backward selection keeps its direction")
  }

  @Test func anInputMethodsCaretMayStillSitInsideItsComposition() {
    var s = state("ab|")
    // Hangul jamo being composed: one cluster, with the input method's caret between them.
    s.perform(.setMarkedText("\u{1112}\u{1161}", selectedRange: 1..<1))
    #expect(notation(s) == "ab{\u{1112}|\u{1161}}")
  }

  @Test func aStateBuiltWithASelectionOutsideItsMarkedRangeDropsTheMarkedRange() {
    let s = EditorState(text: TextBuffer("abcd"), selection: .caret(4), markedRange: 1..<2)
    #expect(s.markedRange == nil)
    let kept = EditorState(text: TextBuffer("abcd"), selection: .caret(2), markedRange: 1..<3)
    #expect(kept.markedRange == 1..<3)
  }

  // Issue 17 (3): caller-supplied lengths are clamped, never added up to an overflow.
  @Test func hugeMarkedSelectionsAreClamped() {
    var s = state("ab|")
    s.perform(.setMarkedText("xy", selectedRange: 0..<Int.max))
    #expect(notation(s) == "ab{[xy>}")
    s.perform(.setMarkedText("z", selectedRange: Int.max..<Int.max))
    #expect(notation(s) == "ab{z|}")
  }

  @Test func anNSRangeWhoseEndOverflowsIsRefusedWithItsValues() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = TextEdit(nsRange: NSRange(location: Int.max, length: 2), replacement: "")
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("TextEdit: invalid range {\(Int.max), 2}"))
  }
}

@Suite("Caller values never overflow")
struct CallerValueOverflowTests {
  @Test func anNSRangeWhoseEndIsPastIntMaxFindsNoStringRange() {
    #expect(UTF16Conversion.range(in: "abc", NSRange(location: 1, length: Int.max)) == nil)
    #expect(UTF16Conversion.range(in: "abc", NSRange(location: Int.max, length: Int.max)) == nil)
    #expect(UTF16Conversion.range(in: "abc", NSRange(location: 1, length: 2)) != nil)
  }
}
