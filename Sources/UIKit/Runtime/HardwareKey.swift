/// A key pressed on a hardware keyboard (the terminal's keyboard, or a test's), as hosts hand it
/// to the window. Modifiers follow an iPad's keyboard: Command shortcuts for undo, copy and
/// paste; Option for word moves.
package struct HardwareKey: Hashable, Sendable, CustomStringConvertible {
  package enum Code: Hashable, Sendable {
    /// A key that types text (a letter, digit, symbol, space, or text an input method made).
    case character(String)
    case returnKey, tab, backspace, deleteForward, escape
    case left, right, up, down, home, end, pageUp, pageDown
    /// A modifier key on its own (a host that reports them: the terminal with the kitty
    /// keyboard protocol, a test). `modifiers` holds the modifiers down after the event, so a
    /// Shift press includes `.shift`.
    case modifier(ModifierKey)
  }

  /// The modifier keys, left and right, with the HID usage each has.
  package enum ModifierKey: Int, Hashable, Sendable {
    case leftControl = 0xE0, leftShift, leftOption, leftCommand
    case rightControl = 0xE4, rightShift, rightOption, rightCommand
  }

  package struct Modifiers: OptionSet, Hashable, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let shift = Modifiers(rawValue: 1)
    package static let control = Modifiers(rawValue: 2)
    package static let option = Modifiers(rawValue: 4)
    package static let command = Modifiers(rawValue: 8)

    /// The modifiers as the Mac writes them, in its order: ⌃⌥⇧⌘.
    package var symbols: String {
      (contains(.control) ? "⌃" : "") + (contains(.option) ? "⌥" : "") + (contains(.shift) ? "⇧" : "")
        + (contains(.command) ? "⌘" : "")
    }
  }

  package var code: Code
  package var modifiers: Modifiers

  /// Whether this is a modifier key on its own.
  package var isModifierKey: Bool {
    if case .modifier = code { return true }
    return false
  }

  package init(_ code: Code, modifiers: Modifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }

  package var description: String {
    switch code {
    case .character(let s): return modifiers.symbols + s
    default: return modifiers.symbols + "\(code)"
    }
  }
}
