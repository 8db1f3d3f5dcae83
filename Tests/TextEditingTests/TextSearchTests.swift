import Foundation
import Testing
@testable import TextEditing

/// `TextSearch` against what Foundation's `range(of:options:range:)` finds, and the cluster,
/// word and overlap rules of a find panel.
@Suite struct TextSearchTests {
  /// Every non-overlapping match NSString finds, searching on after each one.
  private func foundation(_ query: String, in text: String, _ options: NSString.CompareOptions) -> [Range<Int>] {
    let string = text as NSString
    var found: [Range<Int>] = []
    var from = 0
    while from < string.length {
      let r = string.range(of: query, options: options, range: NSRange(location: from, length: string.length - from))
      guard r.location != NSNotFound else { break }
      found.append(r.location..<(r.location + r.length))
      from = r.location + max(r.length, 1)
    }
    return found
  }

  @Test(arguments: [
    ("the cat sat on The mat", "the"),
    ("ABC abc aBc", "abc"),
    ("naïve NAIVE naive", "naive"),
    ("Straße STRASSE", "straße"),
    ("aaaa", "aa"),
    ("x\r\ny\r\n", "\r\n"),
    ("Ünïcödé ÜNÏCÖDÉ unicode", "ÜNICODE"),
  ])
  func matchesFoundationIgnoringCaseAndDiacritics(text: String, query: String) {
    let search = TextSearch(caseInsensitive: true, diacriticInsensitive: true)
    #expect(
      search.ranges(of: query, in: TextBuffer(text))
        == foundation(query, in: text, [.caseInsensitive, .diacriticInsensitive]))
  }

  @Test func literalSearchRespectsCaseAndDiacritics() {
    let search = TextSearch()
    let text = TextBuffer("Café cafe CAFÉ café")
    #expect(search.ranges(of: "café", in: text) == [15..<19])
    #expect(TextSearch(caseInsensitive: true).ranges(of: "café", in: text) == [0..<4, 10..<14, 15..<19])
    #expect(TextSearch(diacriticInsensitive: true).ranges(of: "cafe", in: text) == [5..<9, 15..<19])
  }

  @Test func canonicallyEquivalentTextMatches() {
    // Precomposed and decomposed é find each other, with or without case and diacritics
    // ignored, as NSString's search does without `.literal`.
    let text = TextBuffer("e\u{301} é É")
    #expect(TextSearch().ranges(of: "é", in: text) == [0..<2, 3..<4])
    #expect(TextSearch().ranges(of: "e\u{301}", in: text) == [0..<2, 3..<4])
    #expect(TextSearch(caseInsensitive: true).ranges(of: "é", in: text) == [0..<2, 3..<4, 5..<6])
    // Hangul syllables and their jamo.
    #expect(TextSearch().ranges(of: "가", in: TextBuffer("\u{1100}\u{1161} 가")) == [0..<2, 3..<4])
  }

  @Test func matchesAreWholeClusters() {
    let family = "👨‍👩‍👧"
    let text = TextBuffer("\(family) 👨 👍🏽 👍 e\u{301}")
    let literal = TextSearch()
    // The man inside the family is not a match; the one standing alone is.
    #expect(literal.ranges(of: "👨", in: text) == [9..<11])
    #expect(literal.ranges(of: family, in: text) == [0..<8])
    // A thumb with a skin tone is one cluster: the plain thumb matches only itself.
    #expect(literal.ranges(of: "👍", in: text) == [17..<19])
    // "e" with a combining accent: only with diacritics ignored, and then the whole cluster.
    #expect(literal.ranges(of: "e", in: text).isEmpty)
    #expect(TextSearch(diacriticInsensitive: true).ranges(of: "e", in: text) == [20..<22])
  }

  @Test func emojiNextToEachOtherAndToLetters() {
    // A thumb with a skin tone, a plain thumb, a letter, a thumb with the emoji selector, a
    // flag (two regional indicators) and a keycap.
    let text = TextBuffer("👍🏽👍x👍\u{FE0F}🇯🇵1\u{FE0F}\u{20E3}")
    #expect(TextSearch().ranges(of: "👍", in: text) == [4..<6])
    #expect(TextSearch().ranges(of: "👍\u{FE0F}", in: text) == [7..<10])
    #expect(TextSearch().ranges(of: "x", in: text) == [6..<7])
    #expect(TextSearch().ranges(of: "🇯🇵", in: text) == [10..<14])
    #expect(TextSearch().ranges(of: "1", in: text).isEmpty, "the keycap's digit is not a cluster of its own")
    #expect(TextSearch(caseInsensitive: true).ranges(of: "X", in: text) == [6..<7])
  }

  @Test func cjkAndRightToLeftText() {
    let text = TextBuffer("日本語と日本 שלום עולם שלום")
    #expect(TextSearch().ranges(of: "日本", in: text) == [0..<2, 4..<6])
    #expect(TextSearch().ranges(of: "שלום", in: text) == [7..<11, 17..<21])
  }

  @Test func wordMatching() {
    let text = TextBuffer("tea team, steam. Tea! “tea” tea’s")
    let contains = TextSearch(caseInsensitive: true)
    #expect(contains.ranges(of: "tea", in: text).count == 6)
    let starts = TextSearch(caseInsensitive: true, wordMatch: .startsWith)
    // Not the one inside "steam".
    #expect(starts.ranges(of: "tea", in: text) == [0..<3, 4..<7, 17..<20, 23..<26, 28..<31])
    let whole = TextSearch(caseInsensitive: true, wordMatch: .fullWord)
    // Not "team"; the apostrophe of "tea’s" ends a word, as on iOS.
    #expect(whole.ranges(of: "tea", in: text) == [0..<3, 17..<20, 23..<26, 28..<31])
  }

  /// The fast paths (units that stand alone, common emoji) against the plain definition: the
  /// text's clusters folded one by one, matches made of whole clusters, searched from each
  /// match's end.
  @Test func randomTextsAgreeWithClusterByClusterFolding() {
    let pieces = [
      "a", "B", "é", "e\u{301}", "É", "ß", "ss", " ", ".", "日", "本", "👍", "👍🏽", "🏽", "👨‍👩‍👧", "🇯🇵", "\u{FE0F}",
      "\u{200D}", "\r\n", "\n", "ا", "\u{0600}", "ｶ", "\u{FF9E}", "가", "\u{11A8}", "1\u{FE0F}\u{20E3}",
    ]
    var generator = SystemRandomNumberGenerator()
    for round in 0..<300 {
      let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
      let query = (0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
      let search = TextSearch(caseInsensitive: round % 2 == 0, diacriticInsensitive: round % 3 == 0)
      #expect(search.ranges(of: query, in: TextBuffer(text)) == reference(query, in: text, search), "\(text.debugDescription) / \(query.debugDescription)")
    }
  }

  private func reference(_ query: String, in text: String, _ search: TextSearch) -> [Range<Int>] {
    var options: String.CompareOptions = []
    if search.caseInsensitive { options.insert(.caseInsensitive) }
    if search.diacriticInsensitive { options.insert(.diacriticInsensitive) }
    func fold(_ character: Character) -> [UInt16] {
      let folded = Array(String(character).folding(options: options, locale: nil).decomposedStringWithCanonicalMapping.utf16)
      return folded.isEmpty ? Array(character.utf16) : folded
    }
    let clusters = text.map { (units: fold($0), length: $0.utf16.count) }
    let needle = query.map(fold).flatMap { $0 }
    var found: [Range<Int>] = []
    var offsets = [0]
    for cluster in clusters { offsets.append(offsets.last! + cluster.length) }
    var start = 0
    while start < clusters.count {
      var units: [UInt16] = []
      var end = start
      while end < clusters.count, units.count < needle.count {
        units += clusters[end].units
        end += 1
      }
      if units == needle {
        found.append(offsets[start]..<offsets[end])
        start = end
      } else {
        start += 1
      }
    }
    return found
  }

  @Test func emptyQueriesAndTextsFindNothing() {
    #expect(TextSearch().ranges(of: "", in: TextBuffer("abc")).isEmpty)
    #expect(TextSearch().ranges(of: "a", in: TextBuffer("")).isEmpty)
    #expect(TextSearch().ranges(of: "abcd", in: TextBuffer("abc")).isEmpty)
  }

  @Test func aLongTextIsSearchedInOrderWithoutOverlaps() {
    let text = TextBuffer(String(repeating: "lorem ipsum dolor ", count: 5_000))
    let found = TextSearch(caseInsensitive: true).ranges(of: "ipsum", in: text)
    #expect(found.count == 5_000)
    #expect(found.first == 6..<11)
    #expect(zip(found, found.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound })
  }
}
