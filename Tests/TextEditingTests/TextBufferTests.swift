import Foundation
import Testing
@testable import TextEditing

@Suite("TextBuffer: the UTF-16 rope")
struct TextBufferTests {
  @Test func emptyAndSmall() {
    var t = TextBuffer()
    #expect(t.utf16Count == 0 && t.isEmpty && t.string == "")
    t.replace(0..<0, with: "héllo 😀")
    #expect(t.string == "héllo 😀")
    #expect(t.utf16Count == ("héllo 😀" as NSString).length)
    t.replace(1..<2, with: "e")
    #expect(t.string == "hello 😀")
    #expect(t.substring(6..<8) == "😀")
    #expect(t[utf16: 6] == 0xD83D)
  }

  @Test("UTF-16 counting and transcoding agree with String", arguments: [0, 1, 7, 8, 9, 64, 1000])
  func transcoding(length: Int) {
    var rng = SeededGenerator(seed: UInt64(length) &+ 11)
    let s = randomTrickyString(length, using: &rng)
    #expect(UTF16Conversion.units(of: s) == Array(s.utf16))
    var copy = s
    let n = copy.withUTF8 { UTF16Conversion.utf16Count(ofUTF8: $0) }
    #expect(n == s.utf16.count)
  }

  @Test func largeTextBuildsABalancedTree() {
    let s = String(repeating: "abcdefghij\n", count: 100_000)
    let t = TextBuffer(s)
    #expect(t.utf16Count == s.utf16.count)
    #expect(t.newlineCount == 100_000)
    #expect(t.invariantViolation() == nil)
    #expect(t.root.height >= 2)
    #expect(t.substring(500_000..<500_011) == String(s.utf16.dropFirst(500_000).prefix(11))!)
  }

  @Test func surrogatePairsAreNeverSplit() {
    var t = TextBuffer("a😀b")
    #expect(t.isInsideSurrogatePair(2))
    // A range ending inside the pair widens to the whole scalar.
    t.replace(1..<2, with: "")
    #expect(t.string == "ab")
    // An insertion point inside a pair moves before it and takes nothing, in a leaf, across
    // leaves and in the kept string alike.
    var u = TextBuffer("a😀b")
    _ = u.string
    u.replace(2..<2, with: "x")
    #expect(u.string == "ax😀b")
    #expect(u.utf16Count == 5)
    var long = TextBuffer(String(repeating: "😀", count: 3_000))
    _ = long.string
    long.replace(3_001..<3_001, with: "x")
    #expect(long.utf16Count == 6_001)
    #expect(long.string == String(repeating: "😀", count: 1_500) + "x" + String(repeating: "😀", count: 1_500))
    #expect(long.invariantViolation() == nil)
    // Leaves never split a pair, even when a long run of astral scalars is built.
    let emoji = String(repeating: "😀", count: 5_000)
    let big = TextBuffer(emoji)
    #expect(big.invariantViolation() == nil)
    #expect(big.string == emoji)
  }

  @Test func copiesAreIndependent() {
    var a = TextBuffer(String(repeating: "x", count: 10_000))
    let b = a
    a.replace(5_000..<5_000, with: "Y")
    #expect(a.utf16Count == 10_001)
    #expect(b.utf16Count == 10_000)
    #expect(!b.string.contains("Y"))
    #expect(a.substring(5_000..<5_001) == "Y")
  }

  /// The model is an array of UTF-16 code units, which is what an `NSString` is. (Linux's
  /// `NSMutableString.replaceCharacters(in:with:)` widens a range that splits a grapheme
  /// cluster to whole clusters, unlike Apple's, so it cannot serve as the model here; see
  /// `linuxNSMutableStringRoundsToClusters`.)
  @Test("seeded random replacements match a UTF-16 array", arguments: [1, 2, 3, 4, 5, 6])
  func randomReplacementsMatchUTF16Model(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let start = randomTrickyString(Int.random(in: 0..<3_000, using: &rng), using: &rng)
    var buffer = TextBuffer(start)
    var model = Array(start.utf16)
    for step in 0..<400 {
      let length = model.count
      var lo = Int.random(in: 0...length, using: &rng)
      var hi = min(length, lo + [0, 0, 1, 2, 10, 300, 3_000].randomElement(using: &rng)!)
      // The buffer widens a range end inside a surrogate pair to the whole scalar.
      if lo > 0 && lo < length && UTF16.isTrailSurrogate(model[lo]) { lo -= 1 }
      if hi > 0 && hi < length && UTF16.isTrailSurrogate(model[hi]) { hi += 1 }
      let replacement =
        Bool.random(using: &rng)
        ? randomTrickyString(Int.random(in: 0..<4, using: &rng), using: &rng)
        : randomTrickyString(Int.random(in: 0..<1_500, using: &rng), using: &rng)
      buffer.replace(lo..<hi, with: replacement)
      model.replaceSubrange(lo..<hi, with: replacement.utf16)
      #expect(buffer.utf16Count == model.count, "step \(step)")
      #expect(buffer.invariantViolation() == nil, "step \(step)")
      if step % 25 == 0 || step == 399 {
        #expect(buffer.units(in: 0..<buffer.utf16Count) == model, "step \(step)")
        #expect(NSString(string: buffer.string).isEqual(to: String(decoding: model, as: UTF16.self)))
        #expect(buffer.newlineCount == model.filter { $0 == 10 }.count)
      }
    }
  }

  /// Edits on a text of several hundred leaves (a tree three levels deep), crossing leaf and node
  /// boundaries, with big pastes and deletions that force rebalancing.
  @Test func randomEditsOnADeepTree() {
    var rng = SeededGenerator(seed: 99)
    let start = randomTrickyString(120_000, using: &rng)
    var buffer = TextBuffer(start)
    var model = Array(start.utf16)
    #expect(buffer.root.height >= 2)
    for step in 0..<300 {
      let length = model.count
      var lo = Int.random(in: 0...length, using: &rng)
      var hi = min(length, lo + [0, 1, 2, 5_000, 70_000].randomElement(using: &rng)!)
      if lo > 0 && lo < length && UTF16.isTrailSurrogate(model[lo]) { lo -= 1 }
      if hi > 0 && hi < length && UTF16.isTrailSurrogate(model[hi]) { hi += 1 }
      let replacement = randomTrickyString([0, 1, 3, 20_000].randomElement(using: &rng)!, using: &rng)
      buffer.replace(lo..<hi, with: replacement)
      model.replaceSubrange(lo..<hi, with: replacement.utf16)
      #expect(buffer.invariantViolation() == nil, "step \(step)")
      #expect(buffer.utf16Count == model.count, "step \(step)")
    }
    #expect(buffer.units(in: 0..<buffer.utf16Count) == model)
    let probe = model.count / 3
    #expect(buffer.substring(probe..<(probe + 40)) == String(decoding: model[probe..<(probe + 40)], as: UTF16.self))
  }

  /// Typing fills a leaf until it splits in place; typing astral scalars makes the split land
  /// next to surrogate pairs.
  @Test func typingSplitsLeavesInPlace() {
    var model = Array(String(repeating: "0123456789", count: 700).utf16)
    var buffer = TextBuffer(String(decoding: model, as: UTF16.self))
    var caret = 3_500
    for k in 0..<4_000 {
      let key = ["a", "😀", "é", "\n", "中"][k % 5]
      buffer.replace(caret..<caret, with: key)
      model.replaceSubrange(caret..<caret, with: key.utf16)
      caret += key.utf16.count
      if k % 97 == 0 { #expect(buffer.invariantViolation() == nil, "key \(k)") }
    }
    #expect(buffer.invariantViolation() == nil)
    #expect(buffer.units(in: 0..<buffer.utf16Count) == model)
    #expect(buffer.newlineCount == 800)
    // And back out again with deletions at the caret.
    for _ in 0..<4_000 {
      let width = UTF16.isTrailSurrogate(model[caret - 1]) ? 2 : 1
      buffer.replace((caret - width)..<caret, with: "")
      model.removeSubrange((caret - width)..<caret)
      caret -= width
    }
    #expect(buffer.invariantViolation() == nil)
    #expect(buffer.units(in: 0..<buffer.utf16Count) == model)
  }

  /// A freshly built text has full inner nodes, so a leaf split by typing makes its parent
  /// split too (and, in time, the root).
  @Test func typingSplitsFullParents() {
    var model = Array(String(repeating: "abcdefghi\n", count: 30_000).utf16)
    var buffer = TextBuffer(String(decoding: model, as: UTF16.self))
    let heightBefore = buffer.root.height
    var caret = 150_000
    for k in 0..<6_000 {
      let key = k % 7 == 0 ? "👍🏽" : "x"
      buffer.replace(caret..<caret, with: key)
      model.replaceSubrange(caret..<caret, with: key.utf16)
      caret += key.utf16.count
      if k % 500 == 0 { #expect(buffer.invariantViolation() == nil, "key \(k)") }
    }
    #expect(buffer.invariantViolation() == nil)
    #expect(buffer.root.height >= heightBefore)
    #expect(buffer.units(in: 0..<buffer.utf16Count) == model)
    #expect(buffer.newlineCount == 30_000)
    let expectedLineStart = model[..<caret].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    #expect(buffer.lineStart(containing: caret) == expectedLineStart)
  }

  /// Documents the Linux Foundation behaviour that keeps NSMutableString out of the model above:
  /// on Apple's systems the result is "abeXYd".
  @Test func linuxNSMutableStringRoundsToClusters() {
    let m = NSMutableString(string: "abe\u{301}cd")
    m.replaceCharacters(in: NSRange(location: 3, length: 2), with: "XY")
    var b = TextBuffer("abe\u{301}cd")
    b.replace(3..<5, with: "XY")
    #expect(b.string == "abeXYd")
    #if os(Linux)
      withKnownIssue("swift-corelibs-foundation rounds NSRange to grapheme clusters") {
        #expect(m as String == "abeXYd")
      }
    #endif
  }

  @Test("precondition: out-of-range ranges stop with the range and the length")
  func outOfRange() async {
    await #expect(processExitsWith: .failure) {
      var t = TextBuffer("abc")
      t.replace(2..<9, with: "x")
    }
  }
}
