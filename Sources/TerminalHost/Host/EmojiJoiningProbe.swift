import UIKit

/// Finds out which emoji sequences the terminal draws joined, by asking it.
///
/// Terminals disagree: kitty, WezTerm and iTerm2 draw 👍🏿 as one glyph two columns wide; tmux
/// (3.3) draws 👍 and then 🏿, four columns; some join ZWJ sequences and flags, others not. A
/// host that counts the columns one way while the terminal draws them another leaves pieces of
/// a deleted emoji on screen and puts the caret where the text is not. So at start the host
/// writes one sample of each kind at the start of the screen's second row and asks where the
/// cursor went (`CSI 6n`; the answer is `CSI row ; column R`), then erases the row. The answers
/// arrive with the input, in order; once all four are in, the host counts as the terminal draws
/// (``EmojiJoining``). A terminal that does not answer is taken to join them all.
///
/// The second row, not the first, so that an answer cannot be read as Shift-F3, which xterm
/// sends as `CSI 1 ; 2 R`.
package struct EmojiJoiningProbe: Sendable {
  /// The kinds of sequence asked about, in the order the answers come.
  package enum Kind: CaseIterable, Sendable {
    case modifier, zeroWidthJoiner, flag, keycap

    /// The sample written for the kind.
    package var sample: String {
      switch self {
      case .modifier: "\u{1F44D}\u{1F3FF}"
      case .zeroWidthJoiner: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
      case .flag: "\u{1F1FA}\u{1F1F8}"
      case .keycap: "1\u{FE0F}\u{20E3}"
      }
    }
  }

  /// The row (1-based) the samples are written on.
  package static let row = 2

  /// The bytes that ask: each sample at the start of the row, then where the cursor is; the row
  /// is erased after (the host's first frame repaints the screen anyway).
  package static var query: [UInt8] {
    var text = ""
    for kind in Kind.allCases {
      text += "\u{1B}[\(row);1H" + kind.sample + "\u{1B}[6n"
    }
    text += "\u{1B}[\(row);1H\u{1B}[2K"
    return Array(text.utf8)
  }

  /// The columns each sample took, in the order asked.
  private var widths: [Int] = []

  package init() {}

  /// Whether every answer is in.
  package var isComplete: Bool { widths.count == Kind.allCases.count }

  /// Takes a cursor position report (1-based row and column). Returns what the terminal joins
  /// once the last answer is in; nil before, and for reports that are not answers to the probe.
  package mutating func receive(row: Int, column: Int) -> EmojiJoining? {
    guard row == Self.row, !isComplete else { return nil }
    widths.append(column - 1)
    guard isComplete else { return nil }
    return Self.joining(fromWidths: widths)
  }

  /// What the columns each sample took say: a sample that took the columns of its joined form
  /// is joined; one that took more (or fewer) is drawn as its parts.
  package static func joining(fromWidths widths: [Int]) -> EmojiJoining {
    func joined(_ kind: Kind) -> Bool {
      guard let index = Kind.allCases.firstIndex(of: kind), index < widths.count else { return true }
      return widths[index] == TextWidth.columns(of: kind.sample)
    }
    return EmojiJoining(
      modifiers: joined(.modifier), zeroWidthJoiner: joined(.zeroWidthJoiner), flags: joined(.flag),
      keycaps: joined(.keycap))
  }
}
