import UIKit

/// What a key of the terminal's keyboard does: a command of the host (the Simulator's menu
/// shortcuts), or a key of the hardware keyboard the app sees.
package enum HostAction: Equatable, Sendable {
  /// Ctrl-Q, and Ctrl-C with nothing to copy: quit (the app hears it will terminate, the
  /// terminal is restored).
  case quit
  /// Ctrl-K: the Simulator's "Toggle Software Keyboard" (⌘K there).
  case toggleSoftwareKeyboard
  /// Ctrl-T: the Simulator's "Toggle Appearance" (⇧⌘A there, which a terminal cannot tell
  /// from Ctrl-A): light ⇄ dark.
  case toggleAppearance
  /// A key of the hardware keyboard.
  case key(HardwareKey)
  /// Nothing (a key no iPhone keyboard has, such as F5).
  case ignore
}

/// Maps the terminal's keys to what the iOS Simulator does with the Mac's keyboard.
///
/// A terminal has no ⌘ key (only a few report Super), so Ctrl stands in for it, as it does on
/// Linux and Windows: Ctrl-A select all, Ctrl-X cut, Ctrl-V paste, Ctrl-Z undo, Ctrl-Y and
/// Ctrl-Shift-Z redo, Ctrl-F find, Ctrl-Alt-F find and replace, Ctrl-G and Ctrl-Shift-G next and
/// previous match, Ctrl-E use the selection for find. Ctrl-C copies while the first responder has a selection it can copy (the
/// status line then says "^C copy · ^Q quit"), and otherwise quits, as in every terminal program;
/// Ctrl-Insert copies too. Ctrl with an arrow or Backspace is ⌥ (by word), as on Linux.
package enum KeyMapping {
  /// `copies`: whether the first responder has a selection to copy (``canCopy(in:)``), asked
  /// only for Ctrl-C.
  package static func action(for key: TerminalKey, copies: @autoclosure () -> Bool = false) -> HostAction {
    // Control is the terminal's stand-in for ⌘ and ⌥ (below), never passed on as itself.
    var modifiers = key.modifiers.subtracting(.control)
    let control = key.modifiers.contains(.control)
    let code: HardwareKey.Code
    switch key.code {
    case .character(let text):
      if control || key.modifiers.contains(.command) {
        switch text.lowercased() {
        case "c" where control && copies():
          return .key(HardwareKey(.character("c"), modifiers: modifiers.union(.command)))
        case "c" where control, "q": return .quit
        case "k": return .toggleSoftwareKeyboard
        case "t": return .toggleAppearance
        case "a", "x", "v", "z", "f", "g", "e":
          // Ctrl-F find (with Alt, find and replace), Ctrl-G next (with Shift, where the
          // terminal reports it, previous), Ctrl-E use the selection for find.
          modifiers.insert(.command)
          return .key(HardwareKey(.character(text.lowercased()), modifiers: modifiers))
        case "y":
          return .key(HardwareKey(.character("z"), modifiers: modifiers.union([.command, .shift])))
        case "c":
          modifiers.insert(.command)
          return .key(HardwareKey(.character("c"), modifiers: modifiers))
        default: return .ignore
        }
      }
      code = .character(text)
    case .enter: code = .returnKey
    case .tab: code = .tab
    case .backspace:
      if control { modifiers.insert(.option) }
      code = .backspace
    case .escape: code = .escape
    case .delete:
      if control { modifiers.insert(.option) }
      code = .deleteForward
    case .insert:
      // Ctrl-Insert copies, Shift-Insert pastes (the old IBM CUA keys terminals still send).
      if control { return .key(HardwareKey(.character("c"), modifiers: .command)) }
      if key.modifiers.contains(.shift) { return .key(HardwareKey(.character("v"), modifiers: .command)) }
      return .ignore
    case .left, .right:
      if control { modifiers.insert(.option) }
      code = key.code == .left ? .left : .right
    case .up: code = .up
    case .down: code = .down
    case .home: code = .home
    case .end: code = .end
    case .pageUp: code = .pageUp
    case .pageDown: code = .pageDown
    case .function: return .ignore
    case .modifier(let modifierKey):
      // A modifier key alone is itself, with the modifiers down after it: a Control key here is
      // the Control key (Control stands in for ⌘ only in shortcuts, above).
      return .key(HardwareKey(.modifier(modifierKey), modifiers: key.modifiers))
    }
    return .key(HardwareKey(code, modifiers: modifiers))
  }
}

extension KeyMapping {
  /// Whether Ctrl-C copies now: the first responder has a selection and would perform Copy
  /// (a secure field would not, so there Ctrl-C quits).
  @MainActor
  package static func canCopy(in responder: UIResponder?) -> Bool {
    guard let responder, let input = responder as? any UITextInput, let range = input.selectedTextRange,
      !range.isEmpty
    else { return false }
    return responder.canPerformAction(.copy, withSender: nil)
  }
}
