// Terminal column widths, for renderers that draw text into a grid of cells and for text
// measurement that counts cells.
//
// Widths follow Unicode's East Asian Width property (UAX #11: Wide and Fullwidth are 2 columns,
// everything else, including Ambiguous, is 1) and emoji presentation (UTS #51), decided per
// grapheme cluster, which is what a terminal cell holds:
//
// - 0 columns: a cluster made only of zero-width scalars (controls such as "\n" and "\t", format
//   characters such as ZWJ, ZWSP and soft hyphen, combining marks, variation selectors, Hangul
//   medial vowels and final consonants, line and paragraph separators).
// - 2 columns: a cluster with a Wide or Fullwidth scalar (CJK, Hangul, kana, fullwidth forms,
//   most emoji), with an Emoji_Presentation scalar (regional-indicator flags, skin-tone modifiers)
//   not followed by VS15 (U+FE0E, text presentation), or with VS16 (U+FE0F, emoji presentation)
//   after an emoji-capable scalar (keycaps "1️⃣", "❤️"). ZWJ sequences are one cluster, so 2.
// - 1 column: any other cluster (Latin, Greek, Cyrillic, Arabic, Hebrew, Indic, with or without
//   combining marks).
//
// The Wide/Fullwidth table is Unicode 14 East Asian Width data, plus the ranges Unicode reserves as
// Wide (CJK ideograph blocks and planes 2 and 3, Symbols and Pictographs Extended-A) and the Wide
// characters added in Unicode 15 and 16; newer emoji are caught by the standard library's
// Emoji_Presentation property.

/// Which emoji sequences a terminal draws joined, as one glyph of two columns. A terminal that
/// does not join one draws its parts one after another, each as wide as on its own (tmux draws
/// 👍🏿 as 👍 then 🏿, four columns), and whatever counts the columns (layout, the caret, the
/// diffed screen) must count them as it draws them. The terminal host finds out by asking the
/// terminal where its cursor went after each kind of sequence.
package struct EmojiJoining: Sendable, Equatable, CustomStringConvertible {
  /// An emoji base with a skin-tone modifier (👍🏿).
  package var modifiers = true
  /// Emoji joined by ZERO WIDTH JOINER (👨‍👩‍👧).
  package var zeroWidthJoiner = true
  /// Two regional indicators (🇺🇸).
  package var flags = true
  /// A keycap: a character, VS16 and U+20E3 (1️⃣).
  package var keycaps = true

  package init(modifiers: Bool = true, zeroWidthJoiner: Bool = true, flags: Bool = true, keycaps: Bool = true) {
    self.modifiers = modifiers
    self.zeroWidthJoiner = zeroWidthJoiner
    self.flags = flags
    self.keycaps = keycaps
  }

  /// Every sequence joined, as Unicode intends (and as most terminals of today draw them).
  package static let all = EmojiJoining()

  package var description: String {
    "modifiers \(modifiers ? "joined" : "apart"), ZWJ \(zeroWidthJoiner ? "joined" : "apart"), "
      + "flags \(flags ? "joined" : "apart"), keycaps \(keycaps ? "joined" : "apart")"
  }
}

/// Terminal column widths of characters and strings (East Asian Width and emoji presentation, per grapheme cluster).
package enum TextWidth {
  /// The number of terminal columns a string occupies in a terminal that joins what `joining`
  /// says: the sum of its grapheme clusters' widths.
  package static func columns(of string: some StringProtocol, joining: EmojiJoining) -> Int {
    guard joining != .all else { return columns(of: string) }
    return string.reduce(0) { $0 + columns(of: $1, joining: joining) }
  }

  /// The number of terminal columns a grapheme cluster occupies in a terminal that joins what
  /// `joining` says: a sequence it does not join is as wide as its parts drawn one after another.
  package static func columns(of character: Character, joining: EmojiJoining) -> Int {
    let joined = columns(of: character)
    guard joining != .all, joined == 2 else { return joined }
    var hasJoiner = false
    var modifiers = 0
    var indicators = 0
    var hasKeycap = false
    for scalar in character.unicodeScalars {
      switch scalar.value {
      case 0x200D: hasJoiner = true
      case 0x1F3FB...0x1F3FF: modifiers += 1
      case 0x1F1E6...0x1F1FF: indicators += 1
      case 0x20E3: hasKeycap = true
      default: break
      }
    }
    if hasJoiner {
      // A terminal that does not join ZWJ sequences draws each part between joiners as a
      // cluster of its own (its modifier joined or not). One that joins them but not modifiers
      // (tmux 3.3) puts each modifier in cells of its own and what follows a joiner into the
      // cell before it.
      guard joining.zeroWidthJoiner else { return apartWidth(of: character, joining: joining) }
      return joining.modifiers ? joined : joined + 2 * modifiers
    }
    if modifiers > 0 && !joining.modifiers
      || indicators >= 2 && !joining.flags
      || hasKeycap && !joining.keycaps
    {
      return character.unicodeScalars.reduce(0) { $0 + columns(of: Character($1)) }
    }
    return joined
  }

  /// The width of a ZWJ sequence drawn as its parts: each part (the scalars between joiners)
  /// is measured as text of its own, its modifiers joined or not as `joining` says.
  private static func apartWidth(of character: Character, joining: EmojiJoining) -> Int {
    var parts = joining
    parts.zeroWidthJoiner = true
    return character.unicodeScalars.split(separator: "\u{200D}").reduce(0) { total, part in
      total + columns(of: String(String.UnicodeScalarView(part)), joining: parts)
    }
  }

  /// The number of terminal columns a string occupies: the sum of its grapheme clusters' widths.
  package static func columns(of string: some StringProtocol) -> Int {
    // ASCII runs (most text in a field) are counted a byte at a time: a printable byte is one
    // cluster of one column. The run's last byte may begin a cluster with what follows (a
    // combining mark), so the cluster walk starts there.
    let ascii = string.utf8.withContiguousStorageIfAvailable { bytes -> (columns: Int, length: Int) in
      var columns = 0
      var length = 0
      while length < bytes.count {
        let byte = bytes[length]
        guard byte < 0x80 else { break }
        if byte >= 0x20 && byte < 0x7F { columns += 1 }
        length += 1
      }
      if length < bytes.count, length > 0 {
        let last = bytes[length - 1]
        if last >= 0x20 && last < 0x7F { columns -= 1 }
        length -= 1
      }
      return (columns, length)
    }
    var total = ascii?.columns ?? 0
    let start = string.utf8.index(string.utf8.startIndex, offsetBy: ascii?.length ?? 0)
    guard start < string.utf8.endIndex else { return total }
    for character in string[start...] {
      total += columns(of: character)
    }
    return total
  }

  /// The number of terminal columns a grapheme cluster occupies: 0, 1 or 2.
  package static func columns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    // Fast path: a lone printable ASCII scalar.
    if scalars.count == 1, let only = scalars.first, only.value < 0x7F {
      return only.value >= 0x20 ? 1 : 0
    }
    var hasVisible = false
    var hasWide = false
    var hasEmojiPresentation = false
    var hasEmojiBase = false
    var hasVS15 = false
    var hasVS16 = false
    for scalar in scalars {
      switch scalar.value {
      case 0xFE0E: hasVS15 = true; continue
      case 0xFE0F: hasVS16 = true; continue
      default: break
      }
      let width = columns(of: scalar)
      if width > 0 { hasVisible = true }
      if width == 2 { hasWide = true }
      let properties = scalar.properties
      if properties.isEmojiPresentation { hasEmojiPresentation = true }
      if properties.isEmoji { hasEmojiBase = true }
    }
    if hasWide { return 2 }
    if hasEmojiPresentation && !hasVS15 { return 2 }
    if hasVS16 && hasEmojiBase { return 2 }
    return hasVisible ? 1 : 0
  }

  /// The width of one scalar on its own: 0 for zero-width scalars, 2 for Wide and Fullwidth ones, else 1 (emoji presentation is decided per cluster).
  package static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if isZeroWidth(scalar) { return 0 }
    return isWide(value) ? 2 : 1
  }

  /// Whether a scalar takes no column of its own (controls, format characters, combining marks, Hangul medial vowels and final consonants, separators).
  package static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true  // Hangul Jungseong and Jongseong
    default: break
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator:
      return true
    default:
      return false
    }
  }

  /// Whether a scalar value has East Asian Width Wide or Fullwidth.
  package static func isWide(_ value: UInt32) -> Bool {
    if value < wideRanges[0].lower { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lower {
        high = middle - 1
      } else if value > range.upper {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Sorted, disjoint, inclusive ranges of East Asian Width W and F scalars.
  private static let wideRanges: [(lower: UInt32, upper: UInt32)] = [
  (0x1100, 0x115F), (0x231A, 0x231B), (0x2329, 0x232A), (0x23E9, 0x23EC), (0x23F0, 0x23F0),
  (0x23F3, 0x23F3), (0x25FD, 0x25FE), (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F),
  (0x2693, 0x2693), (0x26A1, 0x26A1), (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5),
  (0x26CE, 0x26CE), (0x26D4, 0x26D4), (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5),
  (0x26FA, 0x26FA), (0x26FD, 0x26FD), (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728),
  (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797),
  (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55),
  (0x2E80, 0x2E99), (0x2E9B, 0x2EF3), (0x2F00, 0x2FD5), (0x2FF0, 0x303E), (0x3041, 0x3096),
  (0x3099, 0x30FF), (0x3105, 0x312F), (0x3131, 0x318E), (0x3190, 0x31E5), (0x31EF, 0x321E),
  (0x3220, 0x3247), (0x3250, 0x4DBF), (0x4E00, 0xA48C), (0xA490, 0xA4C6), (0xA960, 0xA97C),
  (0xAC00, 0xD7A3), (0xF900, 0xFAFF), (0xFE10, 0xFE19), (0xFE30, 0xFE52), (0xFE54, 0xFE66),
  (0xFE68, 0xFE6B), (0xFF01, 0xFF60), (0xFFE0, 0xFFE6), (0x16FE0, 0x16FE4), (0x16FF0, 0x16FF1),
  (0x17000, 0x187F7), (0x18800, 0x18CD5), (0x18D00, 0x18D08), (0x1AFF0, 0x1AFF3),
  (0x1AFF5, 0x1AFFB), (0x1AFFD, 0x1AFFE), (0x1B000, 0x1B122), (0x1B132, 0x1B132),
  (0x1B150, 0x1B152), (0x1B155, 0x1B155), (0x1B164, 0x1B167), (0x1B170, 0x1B2FB),
  (0x1F004, 0x1F004), (0x1F0CF, 0x1F0CF), (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A),
  (0x1F200, 0x1F202), (0x1F210, 0x1F23B), (0x1F240, 0x1F248), (0x1F250, 0x1F251),
  (0x1F260, 0x1F265), (0x1F300, 0x1F320), (0x1F32D, 0x1F335), (0x1F337, 0x1F37C),
  (0x1F37E, 0x1F393), (0x1F3A0, 0x1F3CA), (0x1F3CF, 0x1F3D3), (0x1F3E0, 0x1F3F0),
  (0x1F3F4, 0x1F3F4), (0x1F3F8, 0x1F43E), (0x1F440, 0x1F440), (0x1F442, 0x1F4FC),
  (0x1F4FF, 0x1F53D), (0x1F54B, 0x1F54E), (0x1F550, 0x1F567), (0x1F57A, 0x1F57A),
  (0x1F595, 0x1F596), (0x1F5A4, 0x1F5A4), (0x1F5FB, 0x1F64F), (0x1F680, 0x1F6C5),
  (0x1F6CC, 0x1F6CC), (0x1F6D0, 0x1F6D2), (0x1F6D5, 0x1F6D7), (0x1F6DD, 0x1F6DF),
  (0x1F6EB, 0x1F6EC), (0x1F6F4, 0x1F6FC), (0x1F7E0, 0x1F7EB), (0x1F7F0, 0x1F7F0),
  (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945), (0x1F947, 0x1F9FF), (0x1FA70, 0x1FAFF),
  (0x20000, 0x2FFFD), (0x30000, 0x3FFFD),
  ]
}
