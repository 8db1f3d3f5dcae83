import UIKit

/// What a terminal sends: keys, pastes and mouse reports, decoded from its bytes by
/// ``InputDecoder``.
package enum TerminalEvent: Hashable, Sendable {
  /// A key (with modifiers) of the terminal's keyboard.
  case key(TerminalKey)
  /// Text the terminal delivered as one bracketed paste (line breaks normalised to "\n").
  case paste(String)
  /// A mouse report (SGR 1006 or legacy X10 encoding).
  case mouse(MouseEvent)
  /// The terminal window gained (true) or lost (false) focus (DEC mode 1004).
  case focus(Bool)
}

/// A key of the terminal's keyboard.
package struct TerminalKey: Hashable, Sendable, CustomStringConvertible {
  package enum Code: Hashable, Sendable {
    /// A key that types text: one grapheme cluster ("a", "A", "é", "日", "👩‍👩‍👧", " "). With
    /// `.control`, the base key in lower case ("c" for Ctrl-C).
    case character(String)
    case enter, tab, backspace, escape
    /// The forward-delete key (⌦, "Delete" on PC keyboards).
    case delete
    case insert
    case up, down, left, right
    case home, end, pageUp, pageDown
    /// F1–F12 (and beyond, where the terminal reports them).
    case function(Int)
  }

  /// The hardware keyboard's modifiers: Alt / Meta is `.option` (sent as an ESC prefix or
  /// modifier parameter 3), Super is `.command` where the terminal reports it (modifier
  /// parameter bit 8).
  package typealias Modifiers = HardwareKey.Modifiers

  package var code: Code
  package var modifiers: Modifiers

  package init(_ code: Code, modifiers: Modifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }

  package var description: String {
    switch code {
    case .character(let c): return modifiers.symbols + c
    default: return modifiers.symbols + "\(code)"
    }
  }
}

/// A mouse report, in 0-based cell coordinates of the terminal.
package struct MouseEvent: Hashable, Sendable {
  package enum Kind: Hashable, Sendable {
    /// A button went down.
    case press
    /// A button went up.
    case release
    /// The mouse moved with a button held.
    case drag
    /// The mouse moved with no button held (only with any-event tracking).
    case move
    /// The wheel turned (`button` is `.wheelUp` or `.wheelDown`).
    case scroll
  }

  package enum Button: Hashable, Sendable {
    case left, middle, right, wheelUp, wheelDown, none
  }

  package var kind: Kind
  package var button: Button
  /// 0-based column.
  package var column: Int
  /// 0-based row.
  package var row: Int
  package var modifiers: TerminalKey.Modifiers

  package init(kind: Kind, button: Button, column: Int, row: Int, modifiers: TerminalKey.Modifiers = []) {
    self.kind = kind
    self.button = button
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }
}
