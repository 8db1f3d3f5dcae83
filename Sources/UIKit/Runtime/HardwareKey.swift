/// A key pressed on a hardware keyboard (the terminal's keyboard, or a test's), as hosts hand it
/// to the window. Modifiers follow an iPad's keyboard: Command shortcuts for undo, copy and
/// paste; Option for word moves.
package struct HardwareKey: Hashable, Sendable, CustomStringConvertible {
  package enum Code: Hashable, Sendable {
    /// A key that types text (a letter, digit, symbol, space, or text an input method made).
    case character(String)
    case returnKey, tab, backspace, deleteForward, escape
    case left, right, up, down, home, end, pageUp, pageDown
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
