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
}
