import UIKit

/// What a key pressed on the page does in the app.
package enum WebKeyAction: Equatable, Sendable {
  /// A key of the hardware keyboard.
  case key(HardwareKey)
  /// The Simulator's Toggle Software Keyboard (⌘K on a Mac, Ctrl-K elsewhere).
  case toggleSoftwareKeyboard
  /// The Simulator's Toggle Appearance (⇧⌘A on a Mac, Ctrl-Shift-A elsewhere): light ⇄ dark.
  case toggleAppearance
  /// Left to the browser: a paste shortcut (the page sends the clipboard's text as a paste, as
  /// the Simulator turns the Mac's clipboard into the device's pasteboard).
  case browser
  /// Nothing (a key no iPhone keyboard has, such as F5, or a lone modifier).
  case ignore
}

/// Maps the computer's keys, as the page reports them, to what the iOS Simulator does with a
/// Mac's keyboard: the computer's keyboard is a hardware keyboard.
///
/// On a Mac, ⌘ is ⌘ and ⌥ is ⌥. Elsewhere Ctrl stands for ⌘ in the shortcuts (Ctrl-A select
/// all, Ctrl-C copy, Ctrl-X cut, Ctrl-V paste, Ctrl-Z undo, Ctrl-Y and Ctrl-Shift-Z redo), and
/// Ctrl with an arrow or Backspace is ⌥ (by word), as the terminal host maps them; Alt is ⌥.
package enum WebKeyMapping {
  package static func action(for key: WebKey, isMac: Bool) -> WebKeyAction {
    var modifiers: HardwareKey.Modifiers = []
    if key.shift { modifiers.insert(.shift) }
    if key.alt { modifiers.insert(.option) }
    let command = isMac ? key.meta : key.control
    // On a Mac, Control reaches the app as itself; elsewhere it stands for ⌘ or ⌥ below.
    if isMac && key.control { modifiers.insert(.control) }
    let code: HardwareKey.Code
    switch key.key {
    case "Enter": code = .returnKey
    case "Tab": code = .tab
    case "Backspace":
      if key.control && !isMac { modifiers.insert(.option) }
      if command && isMac { modifiers.insert(.command) }
      code = .backspace
    case "Delete":
      if key.control && !isMac { modifiers.insert(.option) }
      code = .deleteForward
    case "Escape": code = .escape
    case "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown":
      if command { modifiers.insert(isMac ? .command : .option) }
      code =
        switch key.key {
        case "ArrowLeft": .left
        case "ArrowRight": .right
        case "ArrowUp": .up
        default: .down
        }
    case "Home": code = .home
    case "End": code = .end
    case "PageUp": code = .pageUp
    case "PageDown": code = .pageDown
    case " ": code = .character(" ")
    default:
      // A DOM key value is one printable grapheme, or a name ("Shift", "F5", "Process").
      guard key.key.count == 1, let scalar = key.key.unicodeScalars.first, scalar.value >= 0x20, scalar.value != 0x7F
      else { return .ignore }
      if command {
        modifiers.insert(.command)
        switch key.key.lowercased() {
        case "k": return .toggleSoftwareKeyboard
        case "a" where key.shift: return .toggleAppearance
        case "v": return .browser
        case "y" where !isMac:
          return .key(HardwareKey(.character("z"), modifiers: modifiers.union([.command, .shift])))
        default: return .key(HardwareKey(.character(key.key.lowercased()), modifiers: modifiers))
        }
      }
      if key.control && !isMac { return .ignore }
      // The character already has Shift applied ("A"); a hardware keyboard types it as such.
      modifiers.remove(.shift)
      code = .character(key.key)
    }
    return .key(HardwareKey(code, modifiers: modifiers))
  }
}
