import Foundation
@testable import TextEditing

/// A small deterministic generator (SplitMix64), so that a failing random test can be replayed
/// from its seed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Pieces of text that stress grapheme clustering: each is one or more whole clusters.
let trickyPieces: [String] = [
  "a", "b", "z", " ", ".", "'", "\n", "\r\n", "\t", "0", "_",
  "é", "e\u{301}", "e\u{301}\u{302}\u{303}", "\u{301}",  // precomposed, combining, a stray mark
  "👨‍👩‍👧‍👦", "👩🏽‍💻", "👍🏿", "🏳️‍🌈", "❤️", "😀", "🧑‍🤝‍🧑",  // ZWJ sequences, skin tones
  "🇯🇵", "🇺🇸", "🇫🇷", "\u{1F1E6}",  // flags and a lone regional indicator
  "한", "\u{1100}\u{1161}\u{11A8}", "\u{1100}",  // Hangul syllable, conjoining jamo, a lone L
  "中", "文", "字", "ひ", "カ", "ー",  // CJK, kana
  "مرحبا", "\u{0628}\u{0650}", "\u{0600}1",  // Arabic, with a mark, a prepended sign
  "שלום", "\u{05D1}\u{05BC}",  // Hebrew, with a point
  "क्षि", "नमस्ते", "\u{0915}\u{094D}\u{200D}\u{0937}",  // Devanagari conjuncts
  "ก", "\u{0E33}", "ไทย",  // Thai
  "\u{200D}", "\u{FE0F}", "\u{00AD}", "©", "™", "𝒜", "\u{E0067}",  // ZWJ, VS16, soft hyphen
]

/// A random string of `count` tricky pieces.
func randomTrickyString(_ count: Int, using rng: inout SeededGenerator) -> String {
  var s = ""
  for _ in 0..<count { s += trickyPieces.randomElement(using: &rng)! }
  return s
}

/// The UTF-16 offsets of every grapheme cluster boundary of `string`, by Swift's `Character`.
func clusterBoundaries(of string: String) -> Set<Int> {
  var result: Set<Int> = [0]
  var offset = 0
  for c in string {
    offset += c.utf16.count
    result.insert(offset)
  }
  return result
}

/// Parses the compact notation "ab|cd" (caret) or "a[bc>d" / "a<bc]d" (selection with its head
/// at `>` / `<`) into a state.
func state(_ notation: String) -> EditorState {
  var text = ""
  var anchor: Int?
  var head: Int?
  var offset = 0
  for ch in notation {
    switch ch {
    case "|": anchor = offset; head = offset
    case "[": anchor = offset
    case "]": anchor = offset
    case ">": head = offset
    case "<": head = offset
    default:
      text.append(ch)
      offset += ch.utf16.count
    }
  }
  let buffer = TextBuffer(text)
  return EditorState(
    text: buffer,
    selection: TextSelection(anchor: anchor ?? buffer.utf16Count, head: head ?? buffer.utf16Count))
}

/// Renders a state in the compact notation: "ab|cd", "a[bc>d", "a<bc]d", with the marked text
/// in braces: "ni{h|a}".
func notation(_ s: EditorState) -> String {
  let units = Array(s.string.utf16)
  var out = ""
  let sel = s.selection
  for i in 0...units.count {
    if let m = s.markedRange, m.lowerBound == i, !m.isEmpty { out += "{" }
    if sel.isEmpty && sel.head == i { out += "|" }
    if !sel.isEmpty {
      if sel.anchor == i { out += sel.anchor < sel.head ? "[" : "]" }
      if sel.head == i { out += sel.anchor < sel.head ? ">" : "<" }
    }
    if let m = s.markedRange, m.upperBound == i, !m.isEmpty { out += "}" }
    if i < units.count {
      // Emit whole scalars.
      if UTF16.isTrailSurrogate(units[i]) { continue }
      let end = UTF16.isLeadSurrogate(units[i]) ? i + 2 : i + 1
      out += String(decoding: units[i..<end], as: UTF16.self)
    }
  }
  return out
}
