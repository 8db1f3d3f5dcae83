import Foundation
import Testing
@testable import TextEditing

@Suite("Grapheme clusters, words and lines")
struct ClusterTests {
  /// Checks every offset of `buffer` against Swift's `Character` segmentation of the whole text.
  func expectClustersMatchString(_ buffer: TextBuffer, _ context: String = "") {
    let string = buffer.string
    let boundaries = clusterBoundaries(of: string)
    let sorted = boundaries.sorted()
    let n = buffer.utf16Count
    var k = 0
    for offset in 0...n {
      while k + 1 < sorted.count && sorted[k + 1] <= offset { k += 1 }
      let expected = boundaries.contains(offset)
      #expect(buffer.isClusterBoundary(offset) == expected, "offset \(offset) \(context)")
      let before = offset == 0 ? nil : (expected ? sorted[k - 1] : sorted[k])
      #expect(buffer.clusterBoundary(before: offset) == before, "before \(offset) \(context)")
      let after = offset == n ? nil : sorted[expected ? k + 1 : k + 1]
      #expect(buffer.clusterBoundary(after: offset) == after, "after \(offset) \(context)")
    }
  }

  @Test("cluster boundaries match Swift's Character", arguments: 1...8)
  func randomTextsMatchCharacter(seed: UInt64) {
    var rng = SeededGenerator(seed: seed &* 7919)
    // Long enough to span several leaves, so that clusters straddle leaf boundaries.
    var buffer = TextBuffer(randomTrickyString(700, using: &rng))
    expectClustersMatchString(buffer, "seed \(seed)")
    // Edits move leaf boundaries to new places.
    for _ in 0..<5 {
      let n = buffer.utf16Count
      let lo = Int.random(in: 0...n, using: &rng)
      buffer.replace(lo..<min(n, lo + 40), with: randomTrickyString(30, using: &rng))
    }
    expectClustersMatchString(buffer, "seed \(seed) edited")
  }

  @Test func examplesOfEachKind() {
    let cases: [(String, [String])] = [
      ("👨‍👩‍👧‍👦a", ["👨‍👩‍👧‍👦", "a"]),
      ("🇯🇵🇺🇸🇫🇷", ["🇯🇵", "🇺🇸", "🇫🇷"]),
      ("👍🏿👍", ["👍🏿", "👍"]),
      ("e\u{301}\u{302}x", ["e\u{301}\u{302}", "x"]),
      ("\u{1100}\u{1161}\u{11A8}한", ["\u{1100}\u{1161}\u{11A8}", "한"]),
      ("a\r\nb", ["a", "\r\n", "b"]),
      ("नमस्ते", ["न", "म", "स्ते"]),
      ("中文ひカ", ["中", "文", "ひ", "カ"]),
      ("مرحبا", ["م", "ر", "ح", "ب", "ا"]),
      ("שָׁלוֹם", ["שָׁ", "ל", "וֹ", "ם"]),
    ]
    for (text, clusters) in cases {
      let buffer = TextBuffer(text)
      var offset = 0
      for cluster in clusters {
        let r = buffer.clusterRange(containing: offset)
        #expect(buffer.substring(r) == cluster, "\(text.debugDescription) at \(offset)")
        offset = r.upperBound
      }
      #expect(offset == buffer.utf16Count)
    }
  }

  @Test func longRunsOfFlagsAndMarksAreExact() {
    // Pairing of regional indicators depends on the whole run: with an odd run every boundary
    // shifts by one indicator.
    let odd = String(repeating: "\u{1F1E6}", count: 1_001)
    let buffer = TextBuffer("x" + odd + "y")
    #expect(buffer.isClusterBoundary(1))
    #expect(buffer.isClusterBoundary(5))
    #expect(!buffer.isClusterBoundary(3))
    #expect(buffer.clusterRange(containing: 2_001) == 2_001..<2_003)  // the lone last one
    let marks = TextBuffer("a" + String(repeating: "\u{301}", count: 3_000) + "b")
    #expect(marks.clusterRange(containing: 1_500) == 0..<3_001)
    #expect(marks.clusterBoundary(before: 3_002) == 3_001)
  }

  @Test func characterAccessors() {
    let buffer = TextBuffer("a👨‍👩‍👧‍👦b")
    #expect(buffer.character(at: 0) == "a")
    #expect(buffer.character(at: 1) == "👨‍👩‍👧‍👦")
    #expect(buffer.character(at: 3) == "👨‍👩‍👧‍👦")  // inside the cluster
    #expect(buffer.character(before: buffer.utf16Count - 1) == "👨‍👩‍👧‍👦")
    #expect(buffer.character(at: buffer.utf16Count) == nil)
    #expect(buffer.character(before: 0) == nil)
    #expect(buffer.clusterBoundary(roundingDown: 3) == 1)
    #expect(buffer.clusterBoundary(roundingUp: 3) == buffer.utf16Count - 1)
  }

  @Test("word boundaries", arguments: [
    ("hello world|", "hello |world"),
    ("hello world  |", "hello |world  "),
    ("don't stop|", "don't |stop"),
    ("don't| stop", "|don't stop"),
    ("a.b|", "a.|b"),
    ("foo_bar|", "|foo_bar"),
    ("你好world|", "你好|world"),
    ("ひらがなカタカナ|", "ひらがな|カタカナ"),
    ("안녕 세상|", "안녕 |세상"),
    ("naïve café|", "naïve |café"),
    ("x 👍🏿 y|", "x 👍🏿 |y"),
    ("|abc", "|abc"),
  ])
  func wordBackward(from: String, to: String) {
    let s = state(from)
    #expect(s.text.wordBoundary(before: s.selection.head) == state(to).selection.head)
  }

  @Test("forward word boundaries", arguments: [
    ("|hello world", "hello| world"),
    ("hello| world", "hello world|"),
    ("|don't stop", "don't| stop"),
    ("|你好world", "你好|world"),
    ("abc|", "abc|"),
  ])
  func wordForward(from: String, to: String) {
    let s = state(from)
    #expect(s.text.wordBoundary(after: s.selection.head) == state(to).selection.head)
  }

  @Test func lines() {
    let t = TextBuffer("one\ntwo\r\nthree")
    #expect(t.lineStart(containing: 0) == 0)
    #expect(t.lineStart(containing: 3) == 0)
    #expect(t.lineStart(containing: 4) == 4)
    #expect(t.lineEnd(containing: 4) == 7)  // before the CR of CR LF
    #expect(t.lineStart(containing: 12) == 9)
    #expect(t.lineEnd(containing: 12) == 14)
    let big = TextBuffer(String(repeating: "0123456789\n", count: 50_000))
    #expect(big.lineStart(containing: 300_005) == 300_003)
    #expect(big.lineEnd(containing: 300_005) == 300_013)
  }
}
