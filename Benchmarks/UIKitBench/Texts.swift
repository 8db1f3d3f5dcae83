// The texts every library is measured on. Benchmarks/Compare/texts.py builds the same texts
// from the same recipes; both sides print a fingerprint of each (`fingerprint(_:)`) and the
// comparison script refuses to compare figures measured on different texts.

/// The workloads' texts, built deterministically (no random numbers: repeated units).
enum Texts {
  /// The unit the W2 texts repeat: Latin words, accented letters, CJK and an emoji with a skin
  /// tone. No line break: every library here edits one line.
  static let prose = "The quick brown fox jumps over the lazy dog; 敏捷的狐狸 👍🏽 naïve café. "

  /// The keys typed in W1 and W2, one per key, in turn.
  static let typedKeys: [String] = "abcdefghijklmnopqrstuvwxyz".map { String($0) }

  /// `unit` repeated and cut to exactly `scalars` Unicode scalars (code points, which is what
  /// Python's `len` counts).
  static func repeated(_ unit: String, scalars count: Int) -> String {
    let unitScalars = Array(unit.unicodeScalars)
    var view = String.UnicodeScalarView()
    view.reserveCapacity(count)
    for i in 0..<count { view.append(unitScalars[i % unitScalars.count]) }
    return String(view)
  }

  /// The W2 text of `scalars` code points, and the UTF-16 offset of its middle: the start of
  /// the repetition of ``prose`` nearest below the half, so the caret is on a cluster boundary
  /// and at the same character in every library.
  static func middleText(scalars count: Int) -> (text: String, middleScalars: Int, middleUTF16: Int) {
    let unitScalars = prose.unicodeScalars.count
    let repetition = (count / 2) / unitScalars
    return (repeated(prose, scalars: count), repetition * unitScalars, repetition * prose.utf16.count)
  }

  /// The clusters W3 deletes, in turn: an emoji ZWJ family, a flag, a thumb with a skin tone,
  /// e + combining acute, a woman technologist (skin tone and ZWJ), a flag, and a + combining
  /// ring + combining dot below.
  static let clusters = [
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",
    "\u{1F1EF}\u{1F1F5}",
    "\u{1F44D}\u{1F3FF}",
    "e\u{0301}",
    "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}",
    "\u{1F1EB}\u{1F1F7}",
    "a\u{030A}\u{0323}",
  ]

  /// The W3 text: `count` clusters of ``clusters``, in turn.
  static func clusterText(count: Int) -> String {
    var text = ""
    for i in 0..<count { text += clusters[i % clusters.count] }
    return text
  }

  /// Units for the 1 MB pastes: ASCII prose, and mixed Latin, CJK and emoji. No line break (a
  /// single-line field keeps the whole paste either way; Textual's Input keeps only the first
  /// line of a paste).
  static let pasteASCIIUnit = "The quick brown fox jumps over the lazy dog. "
  static let pasteMixedUnit = "Ünïcödé text, 中文 and emoji 👍🏽 mixed. "

  /// `unit` repeated and cut at the last whole scalar within `bytes` bytes of UTF-8.
  static func megabyte(_ unit: String, bytes: Int = 1 << 20) -> String {
    var view = String.UnicodeScalarView()
    var used = 0
    let scalars = Array(unit.unicodeScalars)
    var i = 0
    while true {
      let scalar = scalars[i % scalars.count]
      let length = UTF8.width(scalar)
      if used + length > bytes { break }
      view.append(scalar)
      used += length
      i += 1
    }
    return String(view)
  }

  /// A fingerprint both languages compute alike: FNV-1a (64 bits) of the UTF-8 bytes, in hex,
  /// with the number of code points.
  static func fingerprint(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "\(text.unicodeScalars.count):" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}

// MARK: Text-view texts

extension Texts {
  /// The length of a line of the text-view texts, in code points, its line feed included.
  static let lineLength = 80

  /// `unit` repeated to `count` code points, in lines of ``lineLength``: code point `i` is a line
  /// feed when `i % 80 == 79`, else the unit's code point `i % unit.count` (so a line feed takes
  /// that code point's place; the same recipe in texts.py).
  static func lines(_ unit: String, scalars count: Int) -> String {
    let unitScalars = Array(unit.unicodeScalars)
    var view = String.UnicodeScalarView()
    view.reserveCapacity(count)
    for i in 0..<count { view.append(i % lineLength == lineLength - 1 ? "\n" : unitScalars[i % unitScalars.count]) }
    return String(view)
  }

  /// The text-view W2 text of `scalars` code points in lines of 80, and its middle: the start of
  /// the line nearest below the half (code points and UTF-16 units).
  static func middleLinesText(scalars count: Int) -> (text: String, middleScalars: Int, middleUTF16: Int) {
    let text = lines(prose, scalars: count)
    let middle = (count / 2) / lineLength * lineLength
    let utf16 = String(String.UnicodeScalarView(text.unicodeScalars.prefix(middle))).utf16.count
    return (text, middle, utf16)
  }

  /// The text-view paste: ``pasteMixedUnit`` (or ``pasteASCIIUnit``) in lines of 80, cut at the
  /// last whole code point within `bytes` bytes of UTF-8.
  static func megabyteLines(_ unit: String, bytes: Int = 1 << 20) -> String {
    let unitScalars = Array(unit.unicodeScalars)
    var view = String.UnicodeScalarView()
    var used = 0
    var i = 0
    while true {
      let scalar: Unicode.Scalar = i % lineLength == lineLength - 1 ? "\n" : unitScalars[i % unitScalars.count]
      let length = UTF8.width(scalar)
      if used + length > bytes { break }
      view.append(scalar)
      used += length
      i += 1
    }
    return String(view)
  }
}
