import Testing
import UIKit
import UIKitTesting

@testable import TerminalHost

/// The status line for a read-only (selectable) text view names the keys that select and copy,
/// and promises no keyboard, typing or undo.
@MainActor @Suite struct ReadOnlyTextViewHintTests {
  @Test func aReadOnlyTextViewIsOfferedSelectionAndCopy() {
    let terms = UITextView()
    terms.isEditable = false
    let hint = StatusHint.text(responder: terms, presentsModal: false, softwareKeyboard: false)
    #expect(hint == " ⇧arrows select · ^A select all · click to leave · ^C quit")
    terms.isEditable = true
    #expect(StatusHint.text(responder: terms, presentsModal: false, softwareKeyboard: false).contains("Tab types a tab"))
  }

  @Test func ctrlInsertAndCtrlAReachTheTextViewAsCopyAndSelectAll() {
    #expect(KeyMapping.action(for: TerminalKey(.insert, modifiers: .control)) == .key(HardwareKey(.character("c"), modifiers: .command)))
    #expect(KeyMapping.action(for: TerminalKey(.character("a"), modifiers: .control)) == .key(HardwareKey(.character("a"), modifiers: .command)))
  }

  /// Ctrl-C copies while something is selected that can be copied (the hint says so), and
  /// quits otherwise; Ctrl-Q always quits.
  @Test func ctrlCCopiesASelectionAndOtherwiseQuits() {
    let controller = UIViewController()
    let field = UITextField(frame: CGRect(x: 0, y: 100, width: 300, height: 40))
    controller.view.addSubview(field)
    let host = HeadlessHost(rootViewController: controller)
    field.text = "copy me"
    #expect(field.becomeFirstResponder())
    let ctrlC = TerminalKey(.character("c"), modifiers: .control)
    #expect(!KeyMapping.canCopy(in: field))
    #expect(KeyMapping.action(for: ctrlC, copies: KeyMapping.canCopy(in: field)) == .quit)
    #expect(StatusHint.text(responder: field, presentsModal: false, softwareKeyboard: false).hasSuffix("· ^C quit"))
    field.selectAll(nil)
    #expect(KeyMapping.canCopy(in: field))
    #expect(StatusHint.text(responder: field, presentsModal: false, softwareKeyboard: false).hasSuffix("· ^C copy · ^Q quit"))
    let action = KeyMapping.action(for: ctrlC, copies: KeyMapping.canCopy(in: field))
    #expect(action == .key(HardwareKey(.character("c"), modifiers: .command)))
    UIPasteboard.general.string = nil
    if case .key(let key) = action { host.window._press(key) }
    #expect(UIPasteboard.general.string == "copy me")
    #expect(KeyMapping.action(for: TerminalKey(.character("q"), modifiers: .control), copies: true) == .quit)
    field.isSecureTextEntry = true
    field.selectAll(nil)
    #expect(!KeyMapping.canCopy(in: field), "a secure field copies nothing: Ctrl-C quits")
  }

  /// A narrow terminal drops hints from the end, never the copy and quit keys.
  @Test func aNarrowHintKeepsTheKeyboardAndTheQuitKeys() {
    let field = UITextField()
    let wide = StatusHint.text(responder: field, presentsModal: false, softwareKeyboard: true)
    #expect(wide == " ^K hide keyboard · Tab next field · ⇧Tab previous · click to tap · ^Z undo · ^C quit")
    let narrow = StatusHint.text(responder: field, presentsModal: false, softwareKeyboard: true, width: 50)
    #expect(narrow == " ^K hide keyboard · Tab next field · ^C quit")
    #expect(StatusHint.text(responder: field, presentsModal: false, softwareKeyboard: true, width: 10) == " ^K hide keyboard · ^C quit")
  }
}

/// A text view with find says Ctrl-F finds; the find panel's field says how to go on and out.
@MainActor @Suite struct FindHintTests {
  @Test func findIsOfferedAndThePanelNamesItsKeys() throws {
    let controller = UIViewController()
    let notes = UITextView(frame: CGRect(x: 0, y: 100, width: 300, height: 200))
    notes.text = "find me"
    controller.view.addSubview(notes)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    #expect(!StatusHint.text(responder: notes, presentsModal: false, softwareKeyboard: true).contains("^F find"))
    notes.isFindInteractionEnabled = true
    #expect(StatusHint.text(responder: notes, presentsModal: false, softwareKeyboard: true)
      == " ^K hide keyboard · Tab types a tab · ^F find · click to leave · ^Z undo · ^C quit")
    host.tap(notes)
    // Ctrl-F as the terminal maps it reaches the text view as ⌘F.
    guard case .key(let key) = KeyMapping.action(for: TerminalKey(.character("f"), modifiers: .control)) else {
      Issue.record("Ctrl-F is not a key")
      return
    }
    #expect(host.window._press(key))
    let field = try #require(host.window._firstResponder)
    #expect(field._isFindPanelField)
    // (The field starts with the app's last query, selected: Ctrl-C may copy it.)
    #expect(StatusHint.text(responder: field, presentsModal: false, softwareKeyboard: true)
      .hasPrefix(" ^K hide keyboard · ^G next · Esc close · Return back to text · ^C "))
  }
}
