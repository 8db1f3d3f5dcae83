import Testing
import UIKit

@testable import TerminalHost

/// The status line says what the keys do for whatever has them now.
@MainActor @Suite struct StatusHintTests {
  @Test func eachResponderGetsItsOwnKeys() {
    let field = UITextField()
    let notes = UITextView()
    #expect(
      StatusHint.text(responder: field, presentsModal: false, softwareKeyboard: true)
        == " ^K hide keyboard · Tab next field · ⇧Tab previous · click to tap · ^Z undo · ^C quit")
    let inTextView = StatusHint.text(responder: notes, presentsModal: false, softwareKeyboard: true)
    #expect(inTextView.contains("Tab types a tab") && !inTextView.contains("Tab next field"))
    #expect(
      StatusHint.text(responder: nil, presentsModal: false, softwareKeyboard: false)
        == " ^K show keyboard · Tab first field · click to tap · ^C quit")
    // Keyboard focus: with Full Keyboard Access, Tab reaches controls and Space activates them.
    #expect(
      StatusHint.text(responder: nil, presentsModal: false, softwareKeyboard: false, focus: (true, false))
        == " ^K show keyboard · Tab focus · click to tap · ^C quit")
    #expect(
      StatusHint.text(responder: nil, presentsModal: false, softwareKeyboard: false, focus: (true, true))
        == " ^K show keyboard · Space activate · Tab next · arrows move · click to tap · ^C quit")
    #expect(
      StatusHint.text(responder: nil, presentsModal: false, softwareKeyboard: false, focus: (false, true))
        .contains("Return select"))
    #expect(
      StatusHint.text(responder: field, presentsModal: false, softwareKeyboard: false, focus: (true, false))
        .contains("Tab next · ⇧Tab previous"))
    let alert = StatusHint.text(responder: field, presentsModal: true, softwareKeyboard: true)
    #expect(alert.contains("Esc cancel") && !alert.contains("Tab next field") && !alert.contains("^K"))
  }

  @Test func anAccessoryToolbarsDoneItemIsNamedWithEscape() {
    final class Target { func done() {} }
    let target = Target()
    let field = UITextField()
    let toolbar = UIToolbar()
    let done = UIBarButtonItem(barButtonSystemItem: .done, target: target, action: Target.done)
    toolbar.items = [.flexibleSpace(), done]
    field.inputAccessoryView = toolbar
    #expect(
      StatusHint.text(responder: field, presentsModal: false, softwareKeyboard: false)
        == " ^K show keyboard · Esc Done · Tab next field · ⇧Tab previous · click to tap · ^Z undo · ^C quit")
    done.isEnabled = false
    #expect(!StatusHint.text(responder: field, presentsModal: false, softwareKeyboard: false).contains("Esc"))
  }
}
