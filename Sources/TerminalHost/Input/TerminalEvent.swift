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
  /// The terminal's answer to the kitty keyboard protocol's query (`CSI ? u`): the
  /// progressive enhancement flags in force (`CSI ? flags u`). Only a terminal that speaks the
  /// protocol answers.
  case keyboardProtocolFlags(Int)
  /// The terminal's answer to the primary device attributes query (`CSI c`), which every
  /// terminal answers: sent after the keyboard protocol's query, it says that no answer to that
  /// one is coming if none came before it.
  case deviceAttributes
  /// A cursor position report (`CSI row ; column R`, 1-based), the answer to `CSI 6n`: the host
  /// asks at start how wide the terminal draws emoji sequences (``EmojiJoiningProbe``).
  case cursorPosition(row: Int, column: Int)
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
    /// A modifier key pressed or released on its own (only the kitty keyboard protocol's
    /// "report all keys" mode reports these).
    case modifier(HardwareKey.ModifierKey)
  }

  /// What happened to the key: the kitty keyboard protocol reports repeats and releases (when
  /// asked to); every other report is a press.
  package enum Event: Hashable, Sendable {
    case press, `repeat`, release
  }

  /// The hardware keyboard's modifiers: Alt / Meta is `.option` (sent as an ESC prefix or
  /// modifier parameter 3), Super is `.command` where the terminal reports it (modifier
  /// parameter bit 8).
  package typealias Modifiers = HardwareKey.Modifiers

  package var code: Code
  package var modifiers: Modifiers
  package var event: Event
  /// Which physical key the report is about, so that a repeat or a release finds its press
  /// (a release names the key unshifted and with the modifiers of its own moment: ⇧A goes down
  /// as "A" and may come up as "a"). kitty's key number for `CSI … u` reports (the unshifted
  /// code point, or a functional key's number); for the `CSI 1 ; m A` and `CSI n ; m ~` forms a
  /// negative number made from the final byte or `n`. Nil for keys sent as plain bytes (text,
  /// C0 controls, an ESC prefix, SS3), whose release no terminal reports.
  ///
  /// Not part of equality: two reports of the same key mean the same key.
  package var number: Int?

  package init(_ code: Code, modifiers: Modifiers = [], event: Event = .press, number: Int? = nil) {
    self.code = code
    self.modifiers = modifiers
    self.event = event
    self.number = number
  }

  package static func == (a: TerminalKey, b: TerminalKey) -> Bool {
    a.code == b.code && a.modifiers == b.modifiers && a.event == b.event
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(modifiers)
    hasher.combine(event)
  }

  package var description: String {
    let suffix = event == .press ? "" : " (\(event))"
    switch code {
    case .character(let c): return modifiers.symbols + c + suffix
    default: return modifiers.symbols + "\(code)" + suffix
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
    case left, middle, right, wheelUp, wheelDown, wheelLeft, wheelRight, none
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
