import Foundation
import Testing
import UIKit
import UIKitTesting

/// Smart quotes and dashes, hardware-keyboard auto-capitalisation, smart insert and delete: the
/// text after typing, what the delegate is asked, and undo.
@MainActor
@Suite struct SmartTypingTests {
  /// A one-field form, editing, with `configure` applied to the field first.
  private func editing(_ configure: (UITextField) -> Void = { _ in }) -> (HeadlessHost, UITextField, RecordingDelegate) {
    let (host, fields) = makeForm()
    let delegate = RecordingDelegate()
    fields[0].delegate = delegate
    configure(fields[0])
    fields[0].becomeFirstResponder()
    host.settle()
    delegate.calls.removeAll()
    return (host, fields[0], delegate)
  }

  private func undo(_ host: HeadlessHost) { host.press(.character("z"), modifiers: .command) }
  private func redo(_ host: HeadlessHost) { host.press(.character("z"), modifiers: [.command, .shift]) }

  // MARK: Smart quotes

  @Test func typedQuotesOpenAndCloseByWhatPrecedesThem() {
    let (host, field, _) = editing { $0.smartQuotesType = .yes }
    host.type("\"Hi,\" she said. \"It's 'fine'\" (\"y\") [\"z\"]")
    #expect(field.text == "“Hi,” she said. “It’s ‘fine’” (“y”) [“z”]")
  }

  @Test func theDelegateIsAskedAboutTheCurlyQuoteAtTheSelection() {
    let (host, field, delegate) = editing { $0.smartQuotesType = .yes }
    host.type("ab")
    field.selectedTextRange = field.textRange(
      from: field.position(from: field.beginningOfDocument, offset: 1)!, to: field.endOfDocument)
    delegate.calls.removeAll()
    host.type("'")
    #expect(delegate.calls == ["shouldChange {1, 1} \"’\"", "didChangeSelection"])
    #expect(field.text == "a’")
  }

  @Test func defaultQuotesFollowTheSettingAndTheKeyboardType() {
    // The headless host starts with Smart Punctuation off: `.default` types straight quotes.
    var (host, field, _) = editing()
    host.type("\"x\"")
    #expect(field.text == "\"x\"")
    // With it on, `.default` curls them in an ordinary field...
    (host, field, _) = editing()
    host.smartPunctuation = true
    host.type("\"x\" don't")
    #expect(field.text == "“x” don’t")
    // ...but never in a password, email, URL or number field, nor where the trait says no.
    let plain: [(UITextField) -> Void] = [
      { $0.isSecureTextEntry = true }, { $0.keyboardType = .emailAddress }, { $0.keyboardType = .URL },
      { $0.keyboardType = .numbersAndPunctuation; $0.textContentType = .URL },
      { $0.keyboardType = .decimalPad }, { $0.smartQuotesType = .no; $0.smartDashesType = .no },
    ]
    for configure in plain {
      (host, field, _) = editing(configure)
      host.smartPunctuation = true
      host.type("\"x\" don't--")
      #expect(field.text == "\"x\" don't--")
    }
  }

  @Test func quotesFollowTheKeyboardLanguage() {
    let (host, fields) = makeForm()
    host.window.keyboard.locale = Locale(identifier: "de_DE")
    fields[0].smartQuotesType = .yes
    fields[0].becomeFirstResponder()
    host.type("\"Hallo\"")
    #expect(fields[0].text == "„Hallo“")
  }

  @Test func codeInsertingAQuoteAndAPasteStayStraight() {
    let (host, field, _) = editing { $0.smartQuotesType = .yes; $0.smartDashesType = .yes }
    field.insertText("\"a\"--")
    host.paste("'b'--")
    #expect(field.text == "\"a\"--'b'--")
  }

  @Test func theSoftwareKeyboardsQuoteKeyCurlsToo() {
    let (host, field, _) = editing { $0.smartQuotesType = .yes }
    #expect(host.typeOnSoftwareKeyboard("Don't"))
    #expect(field.text == "Don’t")
  }

  // MARK: Smart dashes

  @Test func twoHyphensBecomeAnEmDashAskingAboutTheHyphenTheyReplace() {
    let (host, field, delegate) = editing { $0.smartDashesType = .yes }
    host.type("a--b")
    #expect(field.text == "a—b")
    #expect(delegate.calls.filter { $0.hasPrefix("shouldChange") } == [
      "shouldChange {0, 0} \"a\"", "shouldChange {1, 0} \"-\"", "shouldChange {1, 1} \"—\"",
      "shouldChange {2, 0} \"b\"",
    ])
    #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 3)
  }

  @Test func aThirdHyphenAndASpacedHyphenStayHyphens() {
    let (host, field, _) = editing { $0.smartDashesType = .yes }
    host.type("a---b - c")
    #expect(field.text == "a—-b - c")
  }

  @Test func aRefusedDashLeavesTheHyphen() {
    let (host, field, delegate) = editing { $0.smartDashesType = .yes }
    delegate.shouldChange = { _, _, string in string != "—" }
    host.type("a--")
    #expect(field.text == "a-")
  }

  @Test func undoTakesTheDashWithTheTypingAroundIt() {
    let (host, field, _) = editing { $0.smartDashesType = .yes }
    host.type("wait--what")
    undo(host)
    #expect(field.text == "")
    redo(host)
    #expect(field.text == "wait—what")
  }

  @Test func aDashInATextViewAsksShouldChangeTextIn() {
    let (host, controller) = makeNotes()
    let recorder = TextViewRecorder()
    controller.textView.delegate = recorder
    controller.textView.smartDashesType = .yes
    controller.textView.smartQuotesType = .yes
    controller.textView.becomeFirstResponder()
    host.settle()
    recorder.calls.removeAll()
    host.type("x--\"y\"")
    #expect(controller.textView.text == "x—“y”")
    #expect(recorder.calls.filter { $0.hasPrefix("shouldChange") }[2] == "shouldChange {1, 1} \"—\"")
  }

  // MARK: Auto-capitalisation on the hardware keyboard

  @Test func theHardwareKeyboardCapitalisesSentencesWhenTheSettingIsOn() {
    let (host, field, delegate) = editing()
    host.hardwareKeyboardAutoCapitalization = true
    host.type("hello world. bye!  ok")
    #expect(field.text == "Hello world. Bye!  Ok")
    #expect(delegate.calls.first == "shouldChange {0, 0} \"H\"")
  }

  @Test func eachAutocapitalizationTypeOnTheHardwareKeyboard() {
    let cases: [(UITextAutocapitalizationType, String)] = [
      (.none, "ada lovelace. hi"), (.words, "Ada Lovelace. Hi"), (.sentences, "Ada lovelace. Hi"),
      (.allCharacters, "ADA LOVELACE. HI"),
    ]
    for (type, expected) in cases {
      let (host, field, _) = editing { $0.autocapitalizationType = type }
      host.hardwareKeyboardAutoCapitalization = true
      host.type("ada lovelace. hi")
      #expect(field.text == expected, "\(type)")
    }
  }

  /// The keyboard decides from the last ASCII character before the caret without reading the
  /// text before it as characters (UIKit's quick path): the decision is the rule's, after every
  /// kind of character, for each type.
  @Test func capitalisationAfterEveryKindOfCharacterFollowsTheRule() {
    let befores = [
      "", "a", "Z", "7", ".", "?", ")", "\"", "-", "~", "word", "end. ", "end.) ", "end.", "end!  ", " ", "x ",
      "caf\u{E9}", "e\u{301}", "\u{4E2D}", "\u{1F44D}\u{1F3FD}", "\u{0600}1", "\u{0600}a", "\u{00A0}", "\u{2003}",
      "a\u{200D}", "x\u{FE0F}", "end.\u{00A0}",
    ]
    for type in [UITextAutocapitalizationType.none, .words, .sentences, .allCharacters] {
      for before in befores {
        let (host, field, _) = editing { $0.autocapitalizationType = type }
        host.hardwareKeyboardAutoCapitalization = true
        field.text = before
        host.type("q")
        let capital = SoftwareKeyboard.shouldCapitalize(nextCharacterAfter: before, type: type)
        #expect(field.text == before + (capital ? "Q" : "q"), "\(type) after \(before.debugDescription)")
      }
    }
  }

  @Test func shiftAndCapsAreKeptAndNothingIsLowered() {
    let (host, field, _) = editing()
    host.hardwareKeyboardAutoCapitalization = true
    host.press(.character("A"), modifiers: .shift)
    host.type("BC dEF")
    #expect(field.text == "ABC dEF")
  }

  @Test func noCapitalsInPasswordEmailAndURLFieldsOrWithTheSettingOff() {
    let configurations: [(UITextField) -> Void] = [
      { $0.isSecureTextEntry = true }, { $0.keyboardType = .emailAddress }, { $0.keyboardType = .URL },
    ]
    for configure in configurations {
      let (host, field, _) = editing(configure)
      host.hardwareKeyboardAutoCapitalization = true
      host.type("abc")
      #expect(field.text == "abc")
    }
    let (host, field, _) = editing()
    host.type("abc")
    #expect(field.text == "abc", "the headless host starts with the setting off")
  }

  // MARK: Smart insert and delete

  @Test func aPastedWordGetsTheSpaceBetweenItAndItsNeighbour() {
    let (host, field, delegate) = editing { $0.smartInsertDeleteType = .yes }
    host.type("hello")
    delegate.calls.removeAll()
    host.paste("world")
    #expect(field.text == "hello world")
    #expect(delegate.calls.first == "shouldChange {5, 0} \" world\"")
    // Between two words it gets a space on the side that lacks one; after a space, none.
    field.text = "one three"
    field.selectedTextRange = field.textRange(
      from: field.position(from: field.beginningOfDocument, offset: 4)!,
      to: field.position(from: field.beginningOfDocument, offset: 4)!)
    host.paste("two")
    #expect(field.text == "one two three")
    // Punctuation pasted after a word stays against it.
    field.text = "apple"
    host.paste(".com")
    #expect(field.text == "apple.com")
  }

  @Test func withoutTheTraitOrInAPasswordFieldNothingIsAdded() {
    let cases: [(setting: Bool, configure: (UITextField) -> Void)] = [
      (false, { _ in }), (true, { $0.smartInsertDeleteType = .no }), (true, { $0.isSecureTextEntry = true }),
      (true, { $0.keyboardType = .URL }),
    ]
    for (setting, configure) in cases {
      let (host, field, _) = editing(configure)
      host.smartInsertDelete = setting
      field.text = "hello"
      host.paste("world")
      #expect(field.text == "helloworld")
    }
    // The setting on and the trait `.default`: as iOS does.
    let (host, field, _) = editing()
    host.smartInsertDelete = true
    field.text = "hello"
    host.paste("world")
    #expect(field.text == "hello world")
  }

  @Test func deletingASelectedWordTakesOneOfItsSpaces() {
    let (host, field, delegate) = editing { $0.smartInsertDeleteType = .yes }
    func select(_ text: String, _ location: Int, _ length: Int) {
      field.text = text
      field.selectedTextRange = field.textRange(
        from: field.position(from: field.beginningOfDocument, offset: location)!,
        to: field.position(from: field.beginningOfDocument, offset: location + length)!)
      delegate.calls.removeAll()
    }
    select("a word here", 2, 4)
    host.deleteBackward()
    #expect(field.text == "a here")
    #expect(delegate.calls.first == "shouldChange {2, 5} \"\"")
    undo(host)
    #expect(field.text == "a word here")
    // At the start of the text the space after the word goes; before a full stop, the one before.
    select("word here", 0, 4)
    host.press(.character("x"), modifiers: .command)
    #expect(field.text == "here")
    #expect(UIPasteboard.general.string == "word")
    select("say word.", 4, 4)
    host.deleteBackward()
    #expect(field.text == "say.")
    // Forward Delete does the same.
    select("a word here", 2, 4)
    host.press(.deleteForward)
    #expect(field.text == "a here")
    // Part of a word takes no space.
    select("a word here", 2, 3)
    host.deleteBackward()
    #expect(field.text == "a d here")
  }
}
