import Foundation
import Testing
@testable import TextEditing

/// Issue 17, item 7: the string a buffer keeps for readers of its whole text (`cachedString()`)
/// is always the text, whatever edits follow, and a string handed out never changes.
@Suite struct KeptStringTests {
  /// The text as the rope holds it, built from the units (never the kept string).
  private func rebuilt(_ buffer: TextBuffer) -> String {
    String(decoding: buffer.units(in: 0..<buffer.utf16Count), as: UTF16.self)
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func keptStringFollowsRandomEdits(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var buffer = TextBuffer(randomTrickyString(20, using: &rng))
    // The model: the UTF-16 units, edited as an array.
    var model = Array(buffer.string.utf16)
    var modelString: String { String(decoding: model, as: UTF16.self) }
    var handedOut: [(String, String)] = []
    for step in 0..<400 {
      let length = model.count
      // Mostly at the end (typing and Backspace, which the kept string follows in place),
      // sometimes anywhere; on scalar boundaries, as every editor command resolves them.
      let atEnd = Int.random(in: 0..<4, using: &rng) != 0
      var lo = atEnd ? max(0, length - Int.random(in: 0...3, using: &rng)) : Int.random(in: 0...length, using: &rng)
      var hi = atEnd ? length : Int.random(in: lo...min(length, lo + 6), using: &rng)
      if lo > 0, lo < length, UTF16.isTrailSurrogate(model[lo]) { lo -= 1 }
      if hi > 0, hi < length, UTF16.isTrailSurrogate(model[hi]) { hi += 1 }
      let replacement = Int.random(in: 0..<3, using: &rng) == 0 ? "" : randomTrickyString(Int.random(in: 1...3, using: &rng), using: &rng)
      buffer.replace(lo..<hi, with: replacement)
      model.replaceSubrange(lo..<hi, with: Array(replacement.utf16))
      #expect(buffer.units(in: 0..<buffer.utf16Count) == model, "seed \(seed), step \(step): the rope itself went wrong")
      // Read often (so that the next edits find a kept string), not always.
      if Int.random(in: 0..<3, using: &rng) != 0 {
        let read = buffer.cachedString()
        #expect(read == modelString, "seed \(seed), step \(step)")
        #expect(buffer.string == read)
        if step % 25 == 0 { handedOut.append((read, modelString)) }
      }
    }
    // Strings handed out earlier were not changed by the edits after them.
    for (read, expected) in handedOut { #expect(read == expected) }
  }

  @Test func typingAndDeletingAtTheEndKeepTheStringUpToDate() {
    var buffer = TextBuffer("ab👍🏽")
    var held = buffer.cachedString()
    buffer.replace(buffer.utf16Count..<buffer.utf16Count, with: "c")
    #expect(buffer.cachedString() == "ab👍🏽c")
    #expect(held == "ab👍🏽", "a string handed out does not change")
    held = buffer.cachedString()
    buffer.replace((buffer.utf16Count - 1)..<buffer.utf16Count, with: "")
    buffer.replace((buffer.utf16Count - 2)..<buffer.utf16Count, with: "")  // the skin tone
    #expect(buffer.cachedString() == "ab👍")
    // A deletion starting inside the surrogate pair of the thumb removes the whole scalar.
    buffer.replace((buffer.utf16Count - 1)..<buffer.utf16Count, with: "")
    #expect(buffer.cachedString() == "ab")
    #expect(rebuilt(buffer) == "ab")
    #expect(held == "ab👍🏽c")
    // An edit elsewhere drops the kept string; the next read builds it again.
    buffer.replace(0..<1, with: "X")
    #expect(buffer.string == "Xb")
    #expect(buffer.cachedString() == "Xb")
  }

  @Test func buildingTheWholeStringMatchesTheStandardLibrarysDecoding() {
    // Several leaves, mixed widths, and runs of ASCII longer and shorter than a vector step.
    var rng = SeededGenerator(seed: 42)
    var text = ""
    while text.utf16.count < 5_000 {
      text += Bool.random(using: &rng) ? String(repeating: "x", count: Int.random(in: 1...40, using: &rng)) : randomTrickyString(3, using: &rng)
    }
    var buffer = TextBuffer(text)
    buffer.replace(0..<0, with: "é")  // drops the kept string: `string` builds from the rope
    #expect(buffer.string == "é" + text)
    for (lo, hi) in [(0, 1), (1, 70), (3, 4_000), (100, 5_000)] where hi <= buffer.utf16Count {
      let units = buffer.units(in: lo..<hi)
      #expect(buffer.substring(lo..<hi) == String(decoding: units, as: UTF16.self))
    }
    // Lone surrogates at a range's ends become U+FFFD, as String(decoding:as:) makes them.
    let pair = TextBuffer("a😀b" + String(repeating: "c", count: 100))
    #expect(pair.substring(0..<2) == "a\u{FFFD}")
    #expect(pair.substring(2..<80) == "\u{FFFD}b" + String(repeating: "c", count: 76))
  }

  /// Random edits in the middle of a mixed text several leaves long (ZWJ emoji, combining marks,
  /// CJK, Arabic and Hebrew…), in runs near a moving caret as typing makes them (keys,
  /// Backspace, deleting a selection, pasting), some with an end inside a surrogate pair; the
  /// text read after 0 to 12 edits, so that some reads apply noted edits (merged or not) and
  /// some follow more edits than the buffer notes. Every read is the text, `string` agrees
  /// before and after, strings read earlier never change, and a copy taken along the way keeps
  /// its own text whatever either side does next.
  @Test(arguments: [11, 12, 13, 14, 15, 16])
  func readsAfterMiddleEditsOfMixedTextAreTheText(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var initial = ""
    while initial.utf16.count < 6_000 { initial += randomTrickyString(8, using: &rng) }
    var buffer = TextBuffer(initial)
    var model = Array(initial.utf16)
    func string(_ units: [UInt16]) -> String { String(decoding: units, as: UTF16.self) }
    var caret = model.count / 2
    var handedOut: [(String, String)] = []
    var copies: [(TextBuffer, [UInt16])] = []
    var editsToNextRead = 0
    for step in 0..<600 {
      let length = model.count
      // Near the caret mostly (runs that merge), anywhere sometimes.
      if Int.random(in: 0..<8, using: &rng) == 0 { caret = Int.random(in: 0...length, using: &rng) }
      caret = min(caret, length)
      var lo: Int
      var hi: Int
      var replacement = ""
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<5:  // typing
        (lo, hi) = (caret, caret)
        replacement = randomTrickyString(1, using: &rng)
      case 5..<7:  // Backspace over a unit or a few
        (lo, hi) = (max(0, caret - Int.random(in: 1...3, using: &rng)), caret)
      case 7:  // a selection deleted or replaced
        lo = max(0, caret - Int.random(in: 0...20, using: &rng))
        hi = min(length, caret + Int.random(in: 0...20, using: &rng))
        if Bool.random(using: &rng) { replacement = randomTrickyString(3, using: &rng) }
      case 8:  // a paste
        (lo, hi) = (caret, caret)
        replacement = randomTrickyString(Int.random(in: 5...400, using: &rng), using: &rng)
      default:  // forward delete
        (lo, hi) = (caret, min(length, caret + Int.random(in: 1...4, using: &rng)))
      }
      buffer.replace(lo..<hi, with: replacement)
      // The buffer widens an end inside a surrogate pair to the whole scalar, and moves an
      // insertion point there before the pair (an edit that changes nothing is no edit).
      if lo == hi && replacement.isEmpty { continue }
      func insidePair(_ k: Int) -> Bool {
        k > 0 && k < length && UTF16.isTrailSurrogate(model[k])
          && UTF16.isLeadSurrogate(model[k - 1])
      }
      if lo == hi, insidePair(lo) {
        lo -= 1
        hi = lo
      } else {
        if insidePair(lo) { lo -= 1 }
        if insidePair(hi) { hi += 1 }
      }
      let inserted = Array(replacement.utf16)
      model.replaceSubrange(lo..<hi, with: inserted)
      caret = lo + inserted.count
      if editsToNextRead > 0 {
        editsToNextRead -= 1
      } else {
        editsToNextRead = [0, 0, 1, 2, 3, 7, 8, 9, 12].randomElement(using: &rng)!
        let expected = string(model)
        #expect(buffer.string == expected, "seed \(seed), step \(step): string")
        let read = buffer.cachedString()
        #expect(read == expected, "seed \(seed), step \(step): cachedString()")
        #expect(read.utf16.count == buffer.utf16Count)
        #expect(buffer.string == read)
        if step % 20 == 0 { handedOut.append((read, expected)) }
      }
      if step % 97 == 0 { copies.append((buffer, model)) }
      if step % 150 == 149, let (copy, units) = copies.popLast() {
        // The copy reads its own text, then edits it; this buffer's text stays.
        var copy = copy
        #expect(copy.cachedString() == string(units), "seed \(seed), step \(step): a copy")
        var third = units.count / 3
        if UTF16.isTrailSurrogate(units[third]) { third += 1 }
        copy.replace(third..<third, with: "👩🏽‍💻")
        #expect(copy.cachedString().unicodeScalars.count == string(units).unicodeScalars.count + 4)
        #expect(
          buffer.cachedString() == string(model), "seed \(seed), step \(step): after a copy's edit")
      }
    }
    #expect(buffer.invariantViolation() == nil)
    #expect(
      buffer.units(in: 0..<buffer.utf16Count) == model, "seed \(seed): the rope itself went wrong")
    for (read, expected) in handedOut { #expect(read == expected, "a string handed out changed") }
  }

  /// The UTF-8 offset of every UTF-16 offset of a text of several leaves (the rope's per-node
  /// UTF-8 lengths, kept through edits), and the two ends of a scalar for an offset inside a
  /// surrogate pair.
  @Test func utf8OffsetsOfUTF16OffsetsMatchTheString() {
    var rng = SeededGenerator(seed: 7)
    var text = ""
    while text.utf16.count < 5_000 { text += randomTrickyString(6, using: &rng) }
    var buffer = TextBuffer(text)
    // Edits of all kinds, so that the lengths are checked after each path updated them: in one
    // leaf, across leaves, splitting a leaf.
    for (range, replacement) in [
      (10..<10, "é中"), (1_000..<3_500, ""), (200..<200, String(repeating: "😀x", count: 700)),
      (50..<60, "\u{05D1}\u{05BC}"),
    ] {
      buffer.replace(range, with: replacement)
      #expect(buffer.invariantViolation() == nil)
    }
    let units = buffer.units(in: 0..<buffer.utf16Count)
    var utf8 = 0
    for k in 0...units.count {
      let offset = buffer.root.utf8Offset(ofUTF16: k)
      if k > 0, k < units.count, UTF16.isTrailSurrogate(units[k]) {
        #expect(offset.down == utf8 - 4 && offset.up == utf8, "offset \(k) inside a pair")
      } else {
        #expect(offset.down == utf8 && offset.up == utf8, "offset \(k)")
      }
      if k < units.count {
        let unit = units[k]
        // A surrogate pair's four bytes counted at its first half.
        if UTF16.isLeadSurrogate(unit) {
          utf8 += 4
        } else if !UTF16.isTrailSurrogate(unit) {
          utf8 += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3
        }
      }
    }
    #expect(utf8 == String(decoding: units, as: UTF16.self).utf8.count)
    #expect(buffer.root.utf8Count == utf8)
  }

  /// After a read, an edit in the middle keeps the string (noted for the next read, which
  /// brings it up to date without building it from the rope); more edits than the buffer notes
  /// between two reads drop it, and the next read builds it again.
  @Test func aMiddleEditAfterAReadKeepsTheStringAndManyWithoutAReadDropIt() {
    let text = String(repeating: "ab中👍🏽\u{0628}\u{0650}e\u{301}", count: 500)
    var buffer = TextBuffer(text)
    let held = buffer.cachedString()
    let middle = buffer.utf16Count / 2
    buffer.replace(middle..<middle, with: "X")
    #expect(buffer.isKeepingString, "an edit in the middle after a read drops the string")
    let units = buffer.units(in: 0..<buffer.utf16Count)
    #expect(buffer.cachedString() == String(decoding: units, as: UTF16.self))
    #expect(held == text)
    for k in 0..<KeptString.editLimit {
      buffer.replace((10 * k)..<(10 * k + 1), with: "")
      #expect(buffer.isKeepingString)
    }
    buffer.replace(0..<1, with: "Y")
    #expect(!buffer.isKeepingString, "more edits than noted between reads keep the string")
    let rebuilt = buffer.cachedString()
    #expect(rebuilt == String(decoding: buffer.units(in: 0..<buffer.utf16Count), as: UTF16.self))
    #expect(buffer.isKeepingString)
    #expect(held == text)
  }
}
