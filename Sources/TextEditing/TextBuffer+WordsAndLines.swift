/// Word and line boundaries, in UTF-16 offsets, for word-wise moves and deletions.
///
/// A *word* is a run of grapheme clusters of one script class: letters, digits and marks of
/// alphabetic scripts (an apostrophe between two of them stays inside the word, as in "don't"),
/// or a run of Han ideographs, of hiragana, of katakana, or of Hangul. Anything else (spaces,
/// punctuation, symbols, emoji) separates words. iOS segments Chinese and Japanese with a
/// dictionary; without one, a change of script is the closest approximation, so "你好world" is
/// two words and "你好世界" is one.
///
/// A *line* ends at U+000A LINE FEED (a CR LF pair ends at its LF).
extension TextBuffer {
  enum WordClass: Equatable {
    case separator
    case alphabetic
    case han
    case hiragana
    case katakana
    case hangul
  }

  static func wordClass(of character: Character) -> WordClass {
    guard let scalar = character.unicodeScalars.first else { return .separator }
    let v = scalar.value
    switch v {
    case 0x3040...0x309F: return .hiragana
    case 0x30A0...0x30FF, 0x31F0...0x31FF: return .katakana
    case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return .hangul
    default: break
    }
    if scalar.properties.isIdeographic { return .han }
    if scalar == "_" { return .alphabetic }
    if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
      return .alphabetic
    }
    return .separator
  }

  private static func isApostrophe(_ c: Character) -> Bool { c == "'" || c == "\u{2019}" }

  /// The start of the word that ends at or contains the cluster before `offset`, skipping any
  /// separators first; 0 when there is none.
  public func wordBoundary(before offset: Int) -> Int {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    var i = offset
    while let start = clusterBoundary(before: i),
      let c = character(at: start), TextBuffer.wordClass(of: c) == .separator
    {
      i = start
    }
    guard let first = clusterBoundary(before: i), let c = character(at: first) else { return i }
    let cls = TextBuffer.wordClass(of: c)
    i = first
    while let start = clusterBoundary(before: i), let c = character(at: start) {
      let k = TextBuffer.wordClass(of: c)
      if k == cls {
        i = start
        continue
      }
      // "don't": an apostrophe between two letters of the same class is part of the word.
      if cls == .alphabetic, TextBuffer.isApostrophe(c), let before = clusterBoundary(before: start),
        let b = character(at: before), TextBuffer.wordClass(of: b) == cls
      {
        i = before
        continue
      }
      break
    }
    return i
  }

  /// The end of the word that starts at or contains the cluster at `offset`, skipping any
  /// separators first; the end of the text when there is none.
  public func wordBoundary(after offset: Int) -> Int {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    var i = offset
    while let c = character(at: i), TextBuffer.wordClass(of: c) == .separator,
      let end = clusterBoundary(after: i)
    {
      i = end
    }
    guard let c = character(at: i), let first = clusterBoundary(after: i) else { return i }
    let cls = TextBuffer.wordClass(of: c)
    i = first
    while let c = character(at: i), let end = clusterBoundary(after: i) {
      if TextBuffer.wordClass(of: c) == cls {
        i = end
        continue
      }
      if cls == .alphabetic, TextBuffer.isApostrophe(c), let n = character(at: end),
        TextBuffer.wordClass(of: n) == cls
      {
        i = end
        continue
      }
      break
    }
    return i
  }

  /// The start of the line that contains `offset`: just after the previous line feed, or 0.
  public func lineStart(containing offset: Int) -> Int {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    let k = root.newlines(before: offset)
    return k == 0 ? 0 : root.offset(afterNewline: k)
  }

  /// The end of the line that contains `offset`: the offset of the next line feed, or the end.
  public func lineEnd(containing offset: Int) -> Int {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    let k = root.newlines(before: offset)
    var end = k == root.newlines ? utf16Count : root.offset(afterNewline: k + 1) - 1
    // A CR LF pair ends the line at its CR.
    if end > offset, end < utf16Count, self[utf16: end - 1] == 0x0D { end -= 1 }
    return end
  }
}
