import Testing
import UIKit

@testable import TerminalHost

/// The status line for a read-only (selectable) text view names the keys that select and copy,
/// and promises no keyboard, typing or undo.
@MainActor @Suite struct ReadOnlyTextViewHintTests {
  @Test func aReadOnlyTextViewIsOfferedSelectionAndCopy() {
    let terms = UITextView()
    terms.isEditable = false
    let hint = StatusHint.text(responder: terms, presentsModal: false, softwareKeyboard: false)
    #expect(hint == " ⇧arrows select · ^A select all · ^Insert copy · click to leave · ^C quit")
    terms.isEditable = true
    #expect(StatusHint.text(responder: terms, presentsModal: false, softwareKeyboard: false).contains("Tab types a tab"))
  }

  @Test func ctrlInsertAndCtrlAReachTheTextViewAsCopyAndSelectAll() {
    #expect(KeyMapping.action(for: TerminalKey(.insert, modifiers: .control)) == .key(HardwareKey(.character("c"), modifiers: .command)))
    #expect(KeyMapping.action(for: TerminalKey(.character("a"), modifiers: .control)) == .key(HardwareKey(.character("a"), modifiers: .command)))
  }
}
