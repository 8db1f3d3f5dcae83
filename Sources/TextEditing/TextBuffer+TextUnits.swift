/// Text units a tokenizer walks (`UITextInputStringTokenizer`): words, sentences and
/// paragraphs as UTF-16 ranges, and the writing direction a paragraph's text gives it.
///
/// A unit never holds the separators around it: a word is a run of one word class (see
/// `TextBuffer+WordsAndLines.swift`), a sentence ends at its terminating punctuation and any
/// closing quotes or brackets (the spaces after it belong to no sentence), and a paragraph is a
/// line without its line break. So a position in the spaces between two words is inside no
/// word, which is what "within a text unit" asks.
extension TextBuffer {
  // MARK: Words

  /// The first word that ends after `offset`: the word holding the cluster at `offset`, else
  /// the next one; nil when no word follows.
  public func wordRange(endingAfter offset: Int) -> Range<Int>? {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    guard offset < utf16Count else { return nil }
    let end = wordBoundary(after: offset)
    // With no word after `offset`, `wordBoundary(after:)` answers the end of the text, which
    // then follows separators (or a word that lies wholly before `offset`).
    guard end > offset, let last = character(before: end),
      TextBuffer.wordClass(of: last) != .separator
    else {
      return nil
    }
    return wordBoundary(before: end)..<end
  }

  /// The last word that starts before `offset`: the word holding the cluster before `offset`,
  /// else the one before it; nil when no word precedes.
  public func wordRange(startingBefore offset: Int) -> Range<Int>? {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    guard offset > 0 else { return nil }
    let start = wordBoundary(before: offset)
    guard start < offset, let first = character(at: start),
      TextBuffer.wordClass(of: first) != .separator
    else {
      return nil
    }
    return start..<wordBoundary(after: start)
  }

  // MARK: Paragraphs

  /// The paragraph (line, its line break left out) that holds `offset`.
  public func paragraphRange(containing offset: Int) -> Range<Int> {
    lineStart(containing: offset)..<lineEnd(containing: offset)
  }

  /// Where the paragraph after the one ending at `end` (a `lineEnd`) starts; nil at the end.
  private func paragraphStart(after end: Int) -> Int? {
    guard end < utf16Count, let lineBreak = character(at: end) else { return nil }
    return end + lineBreak.utf16.count
  }

  // MARK: Sentences

  /// The first sentence that ends after `offset`; nil when none follows. Costs the length of
  /// the paragraphs it reads (a sentence never crosses a line break).
  public func sentenceRange(endingAfter offset: Int) -> Range<Int>? {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    var paragraph = paragraphRange(containing: offset)
    while true {
      if let sentence = sentences(in: paragraph).first(where: { $0.upperBound > offset }) {
        return sentence
      }
      guard let next = paragraphStart(after: paragraph.upperBound) else { return nil }
      paragraph = paragraphRange(containing: next)
    }
  }

  /// The last sentence that starts before `offset`; nil when none precedes.
  public func sentenceRange(startingBefore offset: Int) -> Range<Int>? {
    _ = UTF16Conversion.checkedOffset(offset, length: utf16Count)
    var paragraph = paragraphRange(containing: offset)
    while true {
      if let sentence = sentences(in: paragraph).last(where: { $0.lowerBound < offset }) {
        return sentence
      }
      guard paragraph.lowerBound > 0 else { return nil }
      // The offset just before this paragraph's start is the previous line's break.
      paragraph = paragraphRange(containing: paragraph.lowerBound - 1)
    }
  }

  /// The sentences of one paragraph, after Unicode's sentence rules (UAX #29) for the cases
  /// prose meets: a sentence ends after `!`, `?` (and their CJK, Arabic and Devanagari forms)
  /// or a full stop, with any closing punctuation after them. A full stop does not end one
  /// when a letter or digit follows it at once ("3.14", "e.g.", "U.S.A") or when the next word
  /// after spaces starts in lower case ("etc. and"), as rule SB8 keeps them together.
  func sentences(in paragraph: Range<Int>) -> [Range<Int>] {
    let characters = Array(substring(paragraph))
    var offsets: [Int] = []
    offsets.reserveCapacity(characters.count + 1)
    var at = paragraph.lowerBound
    for character in characters {
      offsets.append(at)
      at += character.utf16.count
    }
    offsets.append(at)

    var result: [Range<Int>] = []
    var start: Int?
    var i = 0
    while i < characters.count {
      let c = characters[i]
      if start == nil {
        if !c.isWhitespace { start = i }
        i += 1
        continue
      }
      guard TextBuffer.isSentenceTerminal(c) || TextBuffer.isFullStop(c) else {
        i += 1
        continue
      }
      // A run of terminators ("?!", "...") and then closing punctuation.
      var j = i
      var lastIsFullStop = false
      while j < characters.count,
        TextBuffer.isSentenceTerminal(characters[j]) || TextBuffer.isFullStop(characters[j])
      {
        lastIsFullStop = TextBuffer.isFullStop(characters[j])
        j += 1
      }
      let terminatorsEnd = j
      while j < characters.count, TextBuffer.isClosingPunctuation(characters[j]) { j += 1 }
      let sentenceEnd = j
      var k = j
      while k < characters.count, characters[k].isWhitespace { k += 1 }
      var ends = true
      if lastIsFullStop {
        if terminatorsEnd == sentenceEnd, sentenceEnd < characters.count,
          characters[sentenceEnd].isLetter || characters[sentenceEnd].isNumber
        {
          ends = false
        } else if k < characters.count, k > sentenceEnd, characters[k].isLowercase {
          ends = false
        }
      }
      if ends {
        result.append(offsets[start!]..<offsets[sentenceEnd])
        start = nil
        i = k
      } else {
        i = sentenceEnd
      }
    }
    if let start {
      var end = characters.count
      while end > start, characters[end - 1].isWhitespace { end -= 1 }
      result.append(offsets[start]..<offsets[end])
    }
    return result
  }

  private static func isSentenceTerminal(_ c: Character) -> Bool {
    switch c {
    case "!", "?", "\u{203C}", "\u{2047}", "\u{2048}", "\u{2049}", "\u{3002}", "\u{FF01}",
      "\u{FF1F}", "\u{FF61}",
      "\u{061F}", "\u{06D4}", "\u{0964}", "\u{0965}":
      true
    default: false
    }
  }

  private static func isFullStop(_ c: Character) -> Bool {
    c == "." || c == "\u{FF0E}" || c == "\u{2026}"
  }

  private static func isClosingPunctuation(_ c: Character) -> Bool {
    switch c {
    case "\"", "'", ")", "]", "}", "\u{2019}", "\u{201D}", "\u{00BB}", "\u{203A}", "\u{300D}",
      "\u{300F}", "\u{3011}",
      "\u{FF09}", "\u{FF3D}":
      true
    default: false
    }
  }

  // MARK: Writing direction

  /// Whether the paragraph holding `offset` runs right to left by its first strong letter
  /// outside isolates (Unicode's bidirectional rules P2 and P3): true for Hebrew, Arabic and the
  /// other right-to-left scripts, false for a left-to-right letter, nil when the paragraph has
  /// none. Reads the paragraph in pieces up to its first strong letter.
  public func paragraphIsRightToLeft(containing offset: Int) -> Bool? {
    paragraphIsRightToLeft(inParagraph: paragraphRange(containing: offset))
  }

  /// ``paragraphIsRightToLeft(containing:)`` of the paragraph `paragraph` (a
  /// ``paragraphRange(containing:)``, which the caller found). The first piece read is short:
  /// most paragraphs start with a strong letter.
  public func paragraphIsRightToLeft(inParagraph paragraph: Range<Int>) -> Bool? {
    var at = paragraph.lowerBound
    var isolateDepth = 0
    var piece = 32
    while at < paragraph.upperBound {
      let end = clusterBoundary(roundingUp: min(paragraph.upperBound, at + piece))
      if let level = BidiParagraph.firstStrongLevel(of: substring(at..<end).unicodeScalars, isolateDepth: &isolateDepth) {
        return level == 1
      }
      at = end
      piece = min(piece * 4, 4096)
    }
    return nil
  }
}
