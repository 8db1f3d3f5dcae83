import Foundation
import Testing
import UIKit
import UIKitTesting

// UITextInput beyond the basics, used as iOS code uses it on a field and a text view: the
// tokenizer, the input delegate, hit-testing and geometry checked against the cells the
// headless host draws, and the optional members through iOS's optional-call syntax.

/// Records the input delegate's calls and the text object's own delegate calls in one list, so
/// that their order shows.
@MainActor
final class InputLog: NSObject, UITextInputDelegate, UITextFieldDelegate, UITextViewDelegate {
  var calls: [String] = []
  /// Runs inside `shouldChangeCharactersIn` / `shouldChangeTextIn` (default: nothing).
  var whileAsked: () -> Void = {}
  var answer = true

  /// Runs (once) inside the next `textWillChange` or `selectionWillChange`.
  var whileWarned: (() -> Void)?

  func selectionWillChange(_ textInput: (any UITextInput)?) {
    calls.append("selectionWillChange")
    runWarning()
  }
  func selectionDidChange(_ textInput: (any UITextInput)?) { calls.append("selectionDidChange") }
  func textWillChange(_ textInput: (any UITextInput)?) {
    calls.append("textWillChange")
    runWarning()
  }

  private func runWarning() {
    let body = whileWarned
    whileWarned = nil
    body?()
  }
  func textDidChange(_ textInput: (any UITextInput)?) { calls.append("textDidChange") }

  func textField(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
    replacementString string: String
  ) -> Bool {
    calls.append("shouldChange")
    whileAsked()
    return answer
  }
  func textFieldDidChangeSelection(_ textField: UITextField) { calls.append("didChangeSelection") }
  func textView(
    _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
  ) -> Bool {
    calls.append("shouldChange")
    whileAsked()
    return answer
  }
  func textViewDidChangeSelection(_ textView: UITextView) { calls.append("didChangeSelection") }
  func textViewDidChange(_ textView: UITextView) { calls.append("didChange") }

  func take() -> [String] {
    defer { calls = [] }
    return calls
  }
}

/// The UTF-16 range of `range` in `input`'s text.
@MainActor
func offsets(_ input: some UITextInput, _ range: UITextRange?) -> Range<Int>? {
  range.map {
    input.offset(
      from: input.beginningOfDocument, to: $0.start)..<input.offset(
        from: input.beginningOfDocument, to: $0.end)
  }
}

@MainActor
func offset(_ input: some UITextInput, _ position: UITextPosition?) -> Int? {
  position.map { input.offset(from: input.beginningOfDocument, to: $0) }
}

@MainActor
func position(_ input: some UITextInput, _ offset: Int) -> UITextPosition {
  input.position(from: input.beginningOfDocument, offset: offset)!
}

/// The UTF-16 range of `substring` in `text`.
func utf16Range(of substring: String, in text: String) -> Range<Int> {
  let r = (text as NSString).range(of: substring)
  return r.location..<(r.location + r.length)
}

/// The characters the host drew in the cells whose centres `rect` (window coordinates) covers,
/// on its middle row. (The host snaps text to cells: a text view's 5 pt line padding becomes
/// one 8 pt column, so a rect may start a few points before the cell it covers.)
@MainActor
func drawnText(_ host: HeadlessHost, in rect: CGRect) -> String {
  let grid = host.grid()
  let row = Int(rect.midY / 16)
  let first = Int((rect.minX / 8 - 0.5).rounded(.up))
  let last = Int((rect.maxX / 8 - 0.5).rounded(.up))
  return (first..<last).map { grid[$0, row] }.filter { !$0.isContinuation }.map(\.text).joined()
}

@MainActor
@Suite struct TextInputCompletenessTests {
  let forward = UITextDirection.storage(.forward)
  let backward = UITextDirection.storage(.backward)

  /// The notes screen's field and text view, each holding `text`, the view laid out.
  func objects(_ text: String) -> (HeadlessHost, UITextField, UITextView) {
    let (host, controller) = makeNotes()
    controller.field.text = text
    controller.textView.text = text
    host.settle()
    return (host, controller.field, controller.textView)
  }

  // MARK: The tokenizer

  @Test func charactersAreGraphemeClusters() {
    // a, a family joined with ZWJ (8 UTF-16 units), e + combining acute, a CJK ideograph.
    let text = "a👨‍👩‍👧e\u{301}中"
    let (host, field, textView) = objects(text)
    defer { withExtendedLifetime(host) {} }
    for input in [field as any UITextInput, textView] {
      let t = input.tokenizer
      #expect(
        offset(
          input, t.position(from: position(input, 1), toBoundary: .character, inDirection: forward))
          == 9)
      #expect(
        offset(
          input, t.position(from: position(input, 9), toBoundary: .character, inDirection: forward))
          == 11)
      #expect(
        offset(
          input,
          t.position(from: position(input, 11), toBoundary: .character, inDirection: backward)) == 9
      )
      #expect(
        offset(
          input, t.position(from: position(input, 9), toBoundary: .character, inDirection: backward)
        ) == 1)
      #expect(
        offsets(
          input,
          t.rangeEnclosingPosition(position(input, 1), with: .character, inDirection: forward))
          == 1..<9)
      #expect(
        offsets(
          input,
          t.rangeEnclosingPosition(position(input, 9), with: .character, inDirection: backward))
          == 1..<9)
      #expect(t.isPosition(position(input, 9), atBoundary: .character, inDirection: forward))
      // Inside the family (offset arithmetic can land there) is no boundary; its cluster holds it.
      #expect(!t.isPosition(position(input, 3), atBoundary: .character, inDirection: backward))
      #expect(!t.isPosition(position(input, 3), atBoundary: .character, inDirection: forward))
      #expect(
        offsets(
          input,
          t.rangeEnclosingPosition(position(input, 3), with: .character, inDirection: forward))
          == 1..<9)
      #expect(t.isPosition(position(input, 9), atBoundary: .character, inDirection: backward))
      #expect(
        t.position(from: position(input, 12), toBoundary: .character, inDirection: forward) == nil)
      #expect(
        t.position(from: position(input, 0), toBoundary: .character, inDirection: backward) == nil)
      #expect(!t.isPosition(position(input, 12), withinTextUnit: .character, inDirection: forward))
      #expect(t.isPosition(position(input, 12), withinTextUnit: .character, inDirection: backward))
    }
  }

  @Test func wordsFollowTheEnginesWordBoundaries() {
    let text = "Hello, world! 你好world don't"
    let (host, field, textView) = objects(text)
    defer { withExtendedLifetime(host) {} }
    let hello = utf16Range(of: "Hello", in: text)
    let world = utf16Range(of: "world", in: text)
    let han = utf16Range(of: "你好", in: text)
    let dont = utf16Range(of: "don't", in: text)
    for input in [field as any UITextInput, textView] {
      let t = input.tokenizer
      func enclosing(_ at: Int, _ direction: UITextDirection) -> Range<Int>? {
        offsets(
          input, t.rangeEnclosingPosition(position(input, at), with: .word, inDirection: direction))
      }
      // Inside a word either way; at its end only backward; in the punctuation after it, none.
      #expect(enclosing(2, forward) == hello)
      #expect(enclosing(2, backward) == hello)
      #expect(enclosing(hello.upperBound, forward) == nil)
      #expect(enclosing(hello.upperBound, backward) == hello)
      #expect(enclosing(hello.upperBound + 1, backward) == nil)
      #expect(enclosing(world.lowerBound, forward) == world)
      // Scripts split words where iOS's dictionary would too: 你好 and world are two.
      #expect(enclosing(han.lowerBound + 1, forward) == han)
      #expect(enclosing(han.upperBound, forward) == han.upperBound..<(han.upperBound + 5))
      #expect(enclosing(dont.lowerBound + 3, forward) == dont)
      // Boundaries: a word's end going forward, its start going backward.
      #expect(
        t.isPosition(position(input, hello.upperBound), atBoundary: .word, inDirection: forward))
      #expect(
        !t.isPosition(position(input, hello.upperBound), atBoundary: .word, inDirection: backward))
      #expect(
        t.isPosition(position(input, world.lowerBound), atBoundary: .word, inDirection: backward))
      #expect(
        !t.isPosition(position(input, world.lowerBound), atBoundary: .word, inDirection: forward))
      // Moving: to the end of the next word forward, the start of the previous one backward.
      #expect(
        offset(input, t.position(from: position(input, 0), toBoundary: .word, inDirection: forward))
          == hello.upperBound)
      #expect(
        offset(
          input,
          t.position(
            from: position(input, hello.upperBound), toBoundary: .word, inDirection: forward))
          == world.upperBound)
      #expect(
        offset(
          input,
          t.position(
            from: position(input, world.upperBound), toBoundary: .word, inDirection: backward))
          == world.lowerBound)
      #expect(
        offset(
          input,
          t.position(
            from: position(input, world.lowerBound), toBoundary: .word, inDirection: backward)) == 0
      )
      #expect(
        t.position(from: position(input, dont.upperBound), toBoundary: .word, inDirection: forward)
          == nil)
      // Within: the text after (forward) or before (backward) the position is a word's.
      #expect(
        t.isPosition(
          position(input, hello.upperBound), withinTextUnit: .word, inDirection: backward))
      #expect(
        !t.isPosition(
          position(input, hello.upperBound), withinTextUnit: .word, inDirection: forward))
      // Layout directions: right is forward and left backward in this left-to-right layout.
      #expect(enclosing(hello.upperBound, .layout(.left)) == hello)
      #expect(enclosing(hello.upperBound, .layout(.right)) == nil)
      // A raw value that is neither kind of direction finds nothing.
      #expect(enclosing(2, UITextDirection(rawValue: 42)) == nil)
    }
  }

  @Test func sentencesEndAtTheirPunctuation() {
    let text = "It costs 3.14 euros, i.e. little. Wow! Really?” Yes… and no.\nNext line"
    let (host, field, textView) = objects(text)
    defer { withExtendedLifetime(host) {} }
    let first = utf16Range(of: "It costs 3.14 euros, i.e. little.", in: text)
    let wow = utf16Range(of: "Wow!", in: text)
    let really = utf16Range(of: "Really?”", in: text)
    let yes = utf16Range(of: "Yes… and no.", in: text)
    let next = utf16Range(of: "Next line", in: text)
    for input in [field as any UITextInput, textView] {
      let t = input.tokenizer
      func enclosing(_ at: Int, _ direction: UITextDirection) -> Range<Int>? {
        offsets(
          input,
          t.rangeEnclosingPosition(position(input, at), with: .sentence, inDirection: direction))
      }
      #expect(enclosing(10, forward) == first)
      #expect(enclosing(wow.lowerBound, forward) == wow)
      #expect(enclosing(really.lowerBound + 2, backward) == really)
      #expect(enclosing(yes.lowerBound + 5, forward) == yes)
      // The space between two sentences is in neither.
      #expect(enclosing(wow.upperBound, forward) == nil)
      #expect(enclosing(wow.upperBound, backward) == wow)
      // A line break ends a sentence that has no punctuation, and the next starts after it.
      #expect(enclosing(next.lowerBound, forward) == next)
      #expect(
        offset(
          input, t.position(from: position(input, 0), toBoundary: .sentence, inDirection: forward))
          == first.upperBound)
      #expect(
        offset(
          input,
          t.position(
            from: position(input, first.upperBound), toBoundary: .sentence, inDirection: forward))
          == wow.upperBound)
      #expect(
        offset(
          input,
          t.position(
            from: position(input, next.lowerBound), toBoundary: .sentence, inDirection: backward))
          == yes.lowerBound)
      #expect(
        t.isPosition(position(input, wow.lowerBound), atBoundary: .sentence, inDirection: backward))
      #expect(
        t.isPosition(position(input, wow.upperBound), atBoundary: .sentence, inDirection: forward))
    }
  }

  @Test func paragraphsLieBetweenLineBreaks() {
    let text = "שלום עולם\r\ntwo\n\nthree"
    let (host, field, textView) = objects(text)
    defer { withExtendedLifetime(host) {} }
    let one = utf16Range(of: "שלום עולם", in: text)
    let two = utf16Range(of: "two", in: text)
    let three = utf16Range(of: "three", in: text)
    for input in [field as any UITextInput, textView] {
      let t = input.tokenizer
      #expect(
        offsets(
          input,
          t.rangeEnclosingPosition(position(input, 3), with: .paragraph, inDirection: forward))
          == one)
      #expect(
        offsets(
          input,
          t.rangeEnclosingPosition(
            position(input, two.lowerBound), with: .paragraph, inDirection: forward)) == two)
      #expect(
        t.rangeEnclosingPosition(
          position(input, two.lowerBound), with: .paragraph, inDirection: backward) == nil)
      // The empty paragraph between "two" and "three" holds no text: moving skips it.
      #expect(
        offset(
          input, t.position(from: position(input, 0), toBoundary: .paragraph, inDirection: forward))
          == one.upperBound)
      #expect(
        offset(
          input,
          t.position(
            from: position(input, one.upperBound), toBoundary: .paragraph, inDirection: forward))
          == two.upperBound)
      #expect(
        offset(
          input,
          t.position(
            from: position(input, two.upperBound), toBoundary: .paragraph, inDirection: forward))
          == three.upperBound)
      #expect(
        offset(
          input,
          t.position(
            from: position(input, three.lowerBound), toBoundary: .paragraph, inDirection: backward))
          == two.lowerBound)
      #expect(
        t.isPosition(
          position(input, three.lowerBound), atBoundary: .paragraph, inDirection: backward))
      #expect(
        t.isPosition(position(input, one.upperBound), atBoundary: .paragraph, inDirection: forward))
      #expect(
        !t.isPosition(
          position(input, one.upperBound + 1), withinTextUnit: .paragraph, inDirection: forward))
      // The document: its two ends.
      #expect(
        offsets(
          input, t.rangeEnclosingPosition(position(input, 4), with: .document, inDirection: forward)
        ) == 0..<text.utf16.count)
      #expect(t.isPosition(input.beginningOfDocument, atBoundary: .document, inDirection: backward))
      #expect(t.isPosition(input.endOfDocument, atBoundary: .document, inDirection: forward))
      #expect(!t.isPosition(input.endOfDocument, atBoundary: .document, inDirection: backward))
      #expect(
        offset(
          input, t.position(from: position(input, 4), toBoundary: .document, inDirection: forward))
          == text.utf16.count)
    }
  }

  @Test func linesAreTheViewsWrappedLines() throws {
    // The text view wraps at 20 columns: "alpha beta gamma " | "delta epsilon".
    let text = "alpha beta gamma delta epsilon"
    let (host, field, textView) = objects(text)
    defer { withExtendedLifetime(host) {} }
    let screen = host.screen().split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(screen.contains("alpha beta gamma"))
    #expect(screen.contains("delta epsilon"))
    let delta = utf16Range(of: "delta", in: text)
    let t = textView.tokenizer
    #expect(
      offsets(
        textView, t.rangeEnclosingPosition(position(textView, 3), with: .line, inDirection: forward)
      ) == 0..<delta.lowerBound)
    #expect(
      offsets(
        textView,
        t.rangeEnclosingPosition(
          position(textView, delta.lowerBound + 1), with: .line, inDirection: forward)) == delta
        .lowerBound..<text.utf16.count)
    #expect(
      t.isPosition(position(textView, delta.lowerBound), atBoundary: .line, inDirection: backward))
    #expect(
      offset(
        textView,
        t.position(from: position(textView, 0), toBoundary: .line, inDirection: .layout(.down)))
        == delta.lowerBound)
    // A field has one line: the whole text.
    #expect(
      offsets(
        field,
        field.tokenizer.rangeEnclosingPosition(
          position(field, delta.lowerBound + 1), with: .line, inDirection: forward))
        == 0..<text.utf16.count)
    #expect(
      !field.tokenizer.isPosition(
        position(field, delta.lowerBound), atBoundary: .line, inDirection: backward))
    // Each object keeps one tokenizer, a UITextInputStringTokenizer.
    #expect(textView.tokenizer === textView.tokenizer)
    #expect(field.tokenizer is UITextInputStringTokenizer)
  }

  @Test func theTokenizerReadsTheTextAsItIsNow() {
    let (host, field, _) = objects("one")
    defer { withExtendedLifetime(host) {} }
    let t = field.tokenizer
    field.text = "one two"
    #expect(
      offsets(
        field, t.rangeEnclosingPosition(position(field, 5), with: .word, inDirection: forward))
        == 4..<7)
    field.text = ""
    #expect(
      t.rangeEnclosingPosition(field.beginningOfDocument, with: .word, inDirection: forward) == nil)
    #expect(
      t.position(from: field.beginningOfDocument, toBoundary: .paragraph, inDirection: forward)
        == nil)
    // A position past the end of the text is in no unit.
    #expect(
      t.rangeEnclosingPosition(position(field, 0), with: .document, inDirection: backward) == nil)
  }

  // MARK: The input delegate

  @Test func codeChangingAFieldTellsTheInputDelegateAroundTheChange() {
    let (host, field, _) = objects("")
    defer { withExtendedLifetime(host) {} }
    let log = InputLog()
    field.delegate = log
    field.inputDelegate = log
    field.becomeFirstResponder()
    _ = log.take()

    // `text =`: the text's pair around the selection's (the caret moves to the end). A field
    // tells its delegate nothing of it.
    field.text = "héllo 👋🏽"
    #expect(
      log.take() == [
        "textWillChange", "selectionWillChange", "selectionDidChange", "textDidChange",
      ])
    // The same text again changes nothing: nothing is said.
    field.text = "héllo 👋🏽"
    #expect(log.take() == [])

    // Moving the selection from code: the selection's pair, then the delegate's didChangeSelection.
    field.selectedTextRange = textRange(field, 1, 5)
    #expect(log.take() == ["selectionWillChange", "selectionDidChange", "didChangeSelection"])
    field.selectedTextRange = textRange(field, 1, 5)
    #expect(log.take() == [])

    // replace(_:withText:) from code: not asked; told before the delegate hears of it.
    field.replace(textRange(field, 1, 5), withText: "i")
    #expect(field.text == "hi 👋🏽")
    #expect(
      log.take() == [
        "textWillChange", "selectionWillChange", "selectionDidChange", "textDidChange",
        "didChangeSelection",
      ])
    // A replacement after the caret leaves the selection where it is: only the text's pair.
    field.selectedTextRange = textRange(field, 0, 0)
    _ = log.take()
    field.replace(textRange(field, 3, 7), withText: "🇫🇷")
    #expect(field.text == "hi 🇫🇷")
    #expect(log.take() == ["textWillChange", "textDidChange", "didChangeSelection"])

    // insertText(_:) from code, and the alternatives variant: the same path.
    field.insertText("Oh, ")
    field.insertText("¡", alternatives: ["!"], style: .none)
    #expect(field.text == "Oh, ¡hi 🇫🇷")
    #expect(
      log.take() == [
        "textWillChange", "selectionWillChange", "selectionDidChange", "textDidChange",
        "didChangeSelection",
        "textWillChange", "selectionWillChange", "selectionDidChange", "textDidChange",
        "didChangeSelection",
      ])
  }

  @Test func theKeyboardsOwnEditsAreNotReported() {
    let (host, field, textView) = objects("")
    defer { withExtendedLifetime(host) {} }
    let log = InputLog()
    field.delegate = log
    field.inputDelegate = log
    host.tap(field)
    _ = log.take()

    // Keys on the terminal's keyboard: asked, but the input delegate hears nothing.
    host.type("שלום")
    host.deleteBackward()
    host.press(.right)  // back one letter: the text runs right to left
    #expect(!log.calls.contains { $0.hasPrefix("text") || $0.hasPrefix("selection") })
    #expect(log.take().contains("shouldChange"))
    // Keys on the software keyboard, and an input method's composition: the same.
    #expect(host.typeOnSoftwareKeyboard("ab"))
    host.compose(["n", "ni"], commit: "你")
    #expect(field.text == "שלab你ו")
    #expect(!log.calls.contains { $0.hasPrefix("text") || $0.hasPrefix("selection") })
    _ = log.take()

    // A tap that moves the caret is not the keyboard: the selection's pair.
    host.tap(field, at: CGPoint(x: 1, y: 8))
    #expect(log.take() == ["selectionWillChange", "selectionDidChange", "didChangeSelection"])
    // Nor is ⌘V (the edit menu's paste) or ⌘Z.
    host.paste("x")
    #expect(
      log.take() == [
        "shouldChange", "textWillChange", "selectionWillChange", "selectionDidChange",
        "textDidChange", "didChangeSelection",
      ])
    host.press(.character("z"), modifiers: .command)
    #expect(
      log.take() == [
        "shouldChange", "textWillChange", "selectionWillChange", "selectionDidChange",
        "textDidChange", "didChangeSelection",
      ])

    // A delegate that sets the text while asked about a key: its change is code's, and told.
    log.whileAsked = { field.text = "reset" }
    host.type("q")
    #expect(field.text == "reset")
    #expect(
      log.take() == [
        "shouldChange", "textWillChange", "selectionWillChange", "selectionDidChange",
        "textDidChange",
      ])

    // The text view: the same rules.
    let viewLog = InputLog()
    textView.delegate = viewLog
    textView.inputDelegate = viewLog
    host.tap(textView)
    _ = viewLog.take()
    host.type("é")
    host.pressReturn()
    #expect(
      viewLog.take() == [
        "shouldChange", "didChangeSelection", "didChange", "shouldChange", "didChangeSelection",
        "didChange",
      ])
    textView.text = "new"
    #expect(
      viewLog.take() == [
        "textWillChange", "selectionWillChange", "selectionDidChange", "textDidChange",
        "didChangeSelection",
      ])
    textView.selectedRange = NSRange(location: 1, length: 1)
    #expect(viewLog.take() == ["selectionWillChange", "selectionDidChange", "didChangeSelection"])
    textView.replace(textRange(textView, 0, 1), withText: "N")
    #expect(
      viewLog.take() == ["textWillChange", "textDidChange", "didChangeSelection", "didChange"])
  }

  @Test func anInputDelegateThatChangesTheTextWhileWarnedWins() {
    let (host, field, textView) = objects("")
    defer { withExtendedLifetime(host) {} }
    let setText: [(String) -> Void] = [{ field.text = $0 }, { textView.text = $0 }]
    for (input, set) in zip([field as any UITextInput, textView], setText) {
      let log = InputLog()
      input.inputDelegate = log
      // Told that "ef" is about to go, the delegate replaces the whole text: the replacement,
      // whose range is now past the end, is dropped and the delegate's text stands.
      set("abcdef")
      log.whileWarned = { set("x") }
      input.replace(textRange(input, 4, 6), withText: "Z")
      #expect(input.text(in: textRange(input, 0, 1)) == "x")
      #expect(offset(input, input.endOfDocument) == 1)
      // The same for a selection set from code.
      set("abcdef")
      log.whileWarned = { set("") }
      input.selectedTextRange = textRange(input, 3, 5)
      #expect(!input.hasText)
      #expect(offsets(input, input.selectedTextRange) == 0..<0)
      // Every will-call was closed by its did-call.
      #expect(
        log.calls.filter { $0.hasSuffix("WillChange") }.count
          == log.calls.filter { $0.hasSuffix("DidChange") }.count)
    }
  }

  // MARK: Geometry, true to what is drawn

  @Test func rectsCoverTheDrawnCharacters() throws {
    let text = "ab 中文 👍 done"
    let (host, field, textView) = objects(text)
    defer { withExtendedLifetime(host) {} }
    host.tap(field)
    host.settle()
    let window = host.window
    // The field's rect for "中文" covers the cells that show it.
    let cjk = utf16Range(of: "中文", in: text)
    let fieldRect = field.convert(
      field.firstRect(for: textRange(field, cjk.lowerBound, cjk.upperBound)), to: window)
    #expect(drawnText(host, in: fieldRect) == "中文")
    let rects = field.selectionRects(for: textRange(field, cjk.lowerBound, cjk.upperBound))
    #expect(rects.count == 1 && rects[0].containsStart && rects[0].containsEnd)
    #expect(rects[0].rect == field.firstRect(for: textRange(field, cjk.lowerBound, cjk.upperBound)))
    // The caret rect sits where the host puts the terminal's cursor.
    let caret = field.convert(field.caretRect(for: field.selectedTextRange!.start), to: window)
    let cursor = try #require(host.caretCell)
    #expect(Int(caret.minX / 8) == cursor.column && Int(caret.midY / 16) == cursor.row)

    // The text view wraps "alpha beta gamma delta" after "gamma ": a range across the wrap has
    // one rect per line, each over its part.
    textView.text = "alpha beta gamma delta"
    host.settle()
    let across = utf16Range(of: "gamma delta", in: textView.text)
    let viewRects = textView.selectionRects(
      for: textRange(textView, across.lowerBound, across.upperBound))
    #expect(viewRects.count == 2)
    #expect(
      drawnText(host, in: textView.convert(viewRects[0].rect, to: window)).trimmingCharacters(
        in: .whitespaces) == "gamma")
    #expect(drawnText(host, in: textView.convert(viewRects[1].rect, to: window)) == "delta")
    #expect(viewRects[0].containsStart && !viewRects[0].containsEnd && viewRects[1].containsEnd)
    #expect(
      textView.firstRect(for: textRange(textView, across.lowerBound, across.upperBound))
        == viewRects[0].rect)

    // Scrolled: the view shows 4 lines of 12; typing at the end scrolls there. Rects are in the
    // view's scrolled coordinates and still land on the drawn words; the caret rect on the
    // terminal's cursor.
    host.tap(textView)
    textView.text = (1...12).map { "line \($0)" }.joined(separator: "\n")
    host.type("!")
    host.settle()
    #expect(textView.contentOffset.y > 0)
    let last = utf16Range(of: "line 12", in: textView.text)
    let lastRect = textView.convert(
      textView.firstRect(for: textRange(textView, last.lowerBound, last.upperBound)), to: window)
    #expect(drawnText(host, in: lastRect) == "line 12")
    let viewCaret = textView.convert(textView.caretRect(for: textView.endOfDocument), to: window)
    let viewCursor = try #require(host.caretCell)
    // (The host snaps the 5 pt padding to a whole column: the nearest column boundary.)
    #expect(
      Int((viewCaret.minX / 8).rounded()) == viewCursor.column
        && Int(viewCaret.midY / 16) == viewCursor.row)
    // A line scrolled out of sight has its rect above the view's visible bounds.
    let first = textView.firstRect(for: textRange(textView, 0, 6))
    #expect(first.maxY <= textView.bounds.minY)
  }

  @Test func hitTestingFindsTheDrawnCharacter() throws {
    let text = "ab 中文 👍 שלום e\u{301}"
    let (host, field, textView) = objects(text)
    defer { withExtendedLifetime(host) {} }
    let window = host.window
    for input in [field as any UITextInput & UIView, textView] {
      // The middle of each drawn character's rect hits that character, wide ones too.
      for piece in ["b", "中", "文", "👍", "ש", "ם", "e\u{301}"] {
        let r = utf16Range(of: piece, in: text)
        let rect = input.firstRect(for: textRange(input, r.lowerBound, r.upperBound))
        let hit = input.characterRange(at: CGPoint(x: rect.midX, y: rect.midY))
        #expect(offsets(input, hit) == r, "\(piece) in \(type(of: input))")
        #expect(drawnText(host, in: input.convert(rect, to: window)) == piece)
      }
      // Right of the text there is no character; the closest position is the end.
      let end = input.caretRect(for: input.endOfDocument)
      #expect(input.characterRange(at: CGPoint(x: end.maxX + 40, y: end.midY)) == nil)
      #expect(
        offset(input, input.closestPosition(to: CGPoint(x: end.maxX + 40, y: end.midY)))
          == text.utf16.count)
      // Within a range, the closest position stays inside it.
      let within = textRange(input, 0, 2)
      #expect(
        offset(
          input, input.closestPosition(to: CGPoint(x: end.maxX + 40, y: end.midY), within: within))
          == 2)
    }
  }

  @Test func pointsFarOffOrNotFiniteHitNothingAndCrashNothing() {
    // A text view turned such a point into a line number with Int(_:), which traps.
    let (host, field, textView) = objects("one\ntwo")
    defer { withExtendedLifetime(host) {} }
    for input in [field as any UITextInput, textView] {
      #expect(input.closestPosition(to: CGPoint(x: CGFloat.nan, y: .nan)) != nil)
      #expect(input.characterRange(at: CGPoint(x: CGFloat.infinity, y: .infinity)) == nil)
      #expect(input.characterRange(at: CGPoint(x: CGFloat.nan, y: 8)) == nil)
    }
    // A field has one line: only x counts.
    #expect(
      offset(field, field.closestPosition(to: CGPoint(x: 1, y: CGFloat.greatestFiniteMagnitude)))
        == 0)
    #expect(
      offset(field, field.closestPosition(to: CGPoint(x: CGFloat.greatestFiniteMagnitude, y: 8)))
        == 7)
    // A text view: above the first line is the start, below the last the end.
    #expect(
      offset(
        textView, textView.closestPosition(to: CGPoint(x: 1, y: CGFloat.greatestFiniteMagnitude)))
        == 7)
    #expect(textView.characterRange(at: CGPoint(x: 20, y: -1e300)) == nil)
    #expect(textView.characterRange(at: CGPoint(x: 20, y: 1e300)) == nil)
    #expect(
      offset(textView, textView.closestPosition(to: CGPoint(x: 20, y: -CGFloat.infinity))) == 0)
    #expect(
      offset(textView, textView.closestPosition(to: CGPoint(x: 20, y: CGFloat.infinity))) == 7)
  }

  @Test func farthestPositionsAndExtendedRanges() {
    let text = "alpha beta gamma delta epsilon"
    let (host, field, textView) = objects(text)
    defer { withExtendedLifetime(host) {} }
    for input in [field as any UITextInput, textView] {
      let range = textRange(input, 6, 10)
      #expect(offset(input, input.position(within: range, farthestIn: .left)) == 6)
      #expect(offset(input, input.position(within: range, farthestIn: .up)) == 6)
      #expect(offset(input, input.position(within: range, farthestIn: .right)) == 10)
      #expect(offset(input, input.position(within: range, farthestIn: .down)) == 10)
      #expect(
        input.position(within: textRange(input, 0, 0), farthestIn: .right).map { offset(input, $0) }
          == 0)
    }
    // A field's line is its text; a text view's left and right stop at the visual line.
    #expect(
      offsets(field, field.characterRange(byExtending: position(field, 20), in: .left)) == 0..<20)
    #expect(
      offsets(field, field.characterRange(byExtending: position(field, 20), in: .right)) == 20..<30)
    #expect(
      offsets(textView, textView.characterRange(byExtending: position(textView, 20), in: .left))
        == 17..<20)
    #expect(
      offsets(textView, textView.characterRange(byExtending: position(textView, 20), in: .right))
        == 20..<30)
    #expect(
      offsets(textView, textView.characterRange(byExtending: position(textView, 8), in: .right))
        == 8..<17)
    #expect(
      offsets(textView, textView.characterRange(byExtending: position(textView, 20), in: .up))
        == 0..<20)
    #expect(
      offsets(textView, textView.characterRange(byExtending: position(textView, 20), in: .down))
        == 20..<30)
  }

  // MARK: Writing direction

  @Test func baseWritingDirectionFollowsTheParagraphsFirstLetter() {
    let text = "123 שלום world\nhello עולם\n"
    let (host, field, textView) = objects(text)
    defer { withExtendedLifetime(host) {} }
    for input in [field as any UITextInput, textView] {
      #expect(input.baseWritingDirection(for: position(input, 0), in: .forward) == .rightToLeft)
      input.setBaseWritingDirection(.leftToRight, for: textRange(input, 0, 3))
      #expect(input.baseWritingDirection(for: position(input, 0), in: .forward) == .leftToRight)
      input.setBaseWritingDirection(.natural, for: textRange(input, 0, 3))
      #expect(input.baseWritingDirection(for: position(input, 0), in: .backward) == .rightToLeft)
    }
    #expect(
      textView.baseWritingDirection(for: position(textView, 16), in: .forward) == .leftToRight)
    // A paragraph without a letter (the empty last one) reads left to right.
    #expect(
      textView.baseWritingDirection(for: textView.endOfDocument, in: .forward) == .leftToRight)
  }

  @Test func rightToLeftDrawsNaturalTextAtTheRightAndTheRectsFollow() throws {
    let text = "שלום"
    let (host, field, textView) = objects(text)
    defer { withExtendedLifetime(host) {} }
    let window = host.window
    for input in [field as any UITextInput & UIView, textView] {
      func wordRect() -> CGRect {
        input.convert(input.firstRect(for: textRange(input, 0, 4)), to: window)
      }
      // Hebrew sets the paragraph right to left: `.natural` aligns it at the right, and the host
      // draws it in visual order.
      let rightAligned = wordRect()
      #expect(drawnText(host, in: rightAligned) == "םולש")
      // The edit menu's Writing Direction ▸ Left to Right: natural alignment now means left.
      input.makeTextWritingDirectionLeftToRight(nil)
      host.settle()
      let leftAligned = wordRect()
      #expect(rightAligned.minX > leftAligned.minX + 100)
      #expect(drawnText(host, in: leftAligned) == "םולש", "a Hebrew word still reads right to left")
      #expect(
        input.baseWritingDirection(for: input.beginningOfDocument, in: .forward) == .leftToRight)
      input.makeTextWritingDirectionRightToLeft(nil)
      host.settle()
      #expect(wordRect() == rightAligned)
      #expect(
        input.baseWritingDirection(for: input.beginningOfDocument, in: .forward) == .rightToLeft)
      // The rightmost letter drawn is the first.
      let local = input.convert(rightAligned, from: window)
      let hit = input.characterRange(at: CGPoint(x: local.maxX - 4, y: local.midY))
      #expect(offsets(input, hit) == 0..<1)
    }
  }

  // MARK: The rest of UITextInput

  @Test func shouldChangeTextAsksTheDelegate() {
    let (host, field, textView) = objects("abc")
    defer { withExtendedLifetime(host) {} }
    let fieldLog = InputLog()
    let viewLog = InputLog()
    field.delegate = fieldLog
    textView.delegate = viewLog
    fieldLog.answer = false
    #expect(!field.shouldChangeText(in: textRange(field, 0, 1), replacementText: "x"))
    #expect(fieldLog.take() == ["shouldChange"])
    #expect(field.text == "abc")
    #expect(textView.shouldChangeText(in: textRange(textView, 1, 2), replacementText: "é"))
    #expect(viewLog.take() == ["shouldChange"])
    // Through iOS's optional-call syntax, as a keyboard or a proxy writes it.
    let input: any UITextInput = field
    #expect(input.shouldChangeText?(in: textRange(field, 0, 1), replacementText: "x") == false)
    fieldLog.answer = true
    #expect(input.shouldChangeText?(in: textRange(field, 0, 1), replacementText: "x") == true)
    // A range outside the text may not change, and the delegate is not asked.
    field.text = "abcdef"
    let stale = textRange(field, 4, 6)
    field.text = "ab"
    _ = fieldLog.take()
    #expect(!field.shouldChangeText(in: stale, replacementText: "x"))
    #expect(fieldLog.take() == [])
  }

  @Test func optionalMembersThroughOptionalCalls() {
    let (host, field, textView) = objects("")
    defer { withExtendedLifetime(host) {} }
    host.tap(textView)
    for input in [field as any UITextInput & UIResponder, textView] {
      input.insertText?("👩🏽‍💻", alternatives: ["x"], style: .lowConfidence)
      input.setAttributedMarkedText?(
        NSAttributedString(string: "かな"), NSRange(location: 2, length: 0))
      #expect(markedRange(of: input) == NSRange(location: 7, length: 2))
      input.unmarkText()
      input.insertDictationResult?([
        UIDictationPhrase(text: " and "),
        UIDictationPhrase(text: "more", alternativeInterpretations: ["moor"]),
      ])
      input.dictationRecordingDidEnd()
      input.dictationRecognitionFailed()
      #expect(input.text(in: textRange(input, 0, 18)) == "👩🏽‍💻かな and more")
      #expect(input.textInputView === input)
      input.selectionAffinity = .backward
      #expect(input.selectionAffinity == .backward)
      input.markedTextStyle = [.foregroundColor: UIColor.red]
      #expect(input.markedTextStyle?[.foregroundColor] as? UIColor == .red)
    }
  }

  @Test func theInputModeIsTheKeyboardsWhileEditing() {
    let (host, field, textView) = objects("")
    defer { withExtendedLifetime(host) {} }
    #expect(field.textInputMode == nil)
    #expect(field.textInputContextIdentifier == nil)
    host.tap(field)
    #expect(field.textInputMode?.primaryLanguage == "en-US")
    #expect(textView.textInputMode == nil)
    #expect(UITextInputMode.activeInputModes.map(\.primaryLanguage) == ["en-US"])
    // Switching the keyboard's language is switching input mode, which is announced.
    let notes = NotificationCollector(UITextInputMode.currentInputModeDidChangeNotification)
    host.window.keyboard.locale = Locale(identifier: "fr_CA")
    #expect(notes.notes.count == 1)
    #expect((notes.notes.first?.object as? UITextInputMode)?.primaryLanguage == "fr-CA")
    #expect(field.textInputMode?.primaryLanguage == "fr-CA")
    #expect(UITextInputMode.activeInputModes == [field.textInputMode!])
    UIResponder.clearTextInputContextIdentifier("notes")
  }

  // MARK: Character offsets and styling

  @Test func characterOffsetsWithinARangeCountUTF16Units() {
    let (_, field, textView) = objects("a👩‍👩‍👧b日本")
    for input in [field, textView] as [any UITextInput] {
      // The family is 8 UTF-16 units: "b" is 9 units into the text.
      let all = input.textRange(from: input.beginningOfDocument, to: input.endOfDocument)!
      let b = input.position(within: all, atCharacterOffset: 9)!
      #expect(input.text(in: input.textRange(from: b, to: input.position(from: b, offset: 1)!)!) == "b")
      #expect(input.characterOffset(of: b, within: all) == 9)
      let tail = input.textRange(from: b, to: input.endOfDocument)!
      #expect(input.characterOffset(of: input.endOfDocument, within: tail) == 3)
      // Outside the range: nil, or kept at its ends.
      #expect(input.position(within: tail, atCharacterOffset: 4) == nil)
      #expect(input.characterOffset(of: input.beginningOfDocument, within: tail) == 0)
    }
  }

  @Test func textStylingGivesTheAttributesOnEitherSide() {
    let (host, field, textView) = objects("")
    let bold = UIFont.boldSystemFont(ofSize: 17)
    let text = NSMutableAttributedString(string: "plain ", attributes: [.font: UIFont.systemFont(ofSize: 17)])
    text.append(NSAttributedString(string: "bold", attributes: [.font: bold, .foregroundColor: UIColor.systemRed]))
    field.attributedText = text
    textView.attributedText = text
    host.settle()
    for input in [field, textView] as [any UITextInput] {
      let boundary = input.position(from: input.beginningOfDocument, offset: 6)!
      #expect((input.textStyling(at: boundary, in: .forward)?[.font] as? UIFont)?.fontName == bold.fontName)
      #expect(input.textStyling(at: boundary, in: .forward)?[.foregroundColor] as? UIColor == .systemRed)
      #expect((input.textStyling(at: boundary, in: .backward)?[.font] as? UIFont)?.fontName != bold.fontName)
      // At the end, looking forward: what typing there would take (the bold run's).
      #expect((input.textStyling?(at: input.endOfDocument, in: .forward)?[.font] as? UIFont)?.fontName == bold.fontName)
    }
  }
}
