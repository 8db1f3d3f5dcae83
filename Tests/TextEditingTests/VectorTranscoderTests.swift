import Foundation
import Testing
@testable import TextEditing

/// The transcoders chosen at run time (UTF16Conversion.Transcoder): each one this CPU runs
/// produces Foundation's units, counts and leaves, at every alignment of its 32-byte blocks and
/// every room left in a leaf. On a CPU without AVX2 only the portable one is checked here (the
/// other suites check it too).
@Suite("Vector transcoders")
struct VectorTranscoderTests {
  typealias Transcoder = UTF16Conversion.Transcoder

  static let available = Transcoder.allCases.filter(\.isAvailable)

  @Test("the best transcoder runs here, and names round-trip")
  func choosing() {
    #expect(Transcoder.best.isAvailable)
    #expect(Transcoder.portable.isAvailable)
    for transcoder in Transcoder.allCases {
      #expect(Transcoder(name: transcoder.name) == transcoder)
      #expect(Transcoder(name: transcoder.name.uppercased()) == transcoder)
    }
    #expect(Transcoder(name: "sse9") == nil)
  }

  @Test("random text, in one piece", arguments: available)
  func randomText(transcoder: Transcoder) {
    var rng = SeededGenerator(seed: 4_242)
    for _ in 0..<200 {
      let s = TranscodingTests.randomString(Int.random(in: 0..<2_000, using: &rng), &rng)
      let expected = TranscodingTests.foundationUTF16(s)
      #expect(UTF16Conversion.units(of: s, using: transcoder) == expected, "\(s.debugDescription)")
      var copy = s
      copy.withUTF8 { utf8 in
        #expect(UTF16Conversion.utf16Count(ofUTF8: utf8, using: transcoder) == expected.count)
        #expect(UTF16Conversion.newlineCount(ofUTF8: utf8, using: transcoder) == expected.filter { $0 == 0x0A }.count)
      }
    }
  }

  /// Each kind of sequence starting at every offset of a 32-byte block (so that blocks end one,
  /// two and three bytes into it, and a 4-byte lead is a block's last byte), after a prefix long
  /// enough for the kernel to run, in runs and alone.
  @Test("sequences at every block offset", arguments: available)
  func everyBlockOffset(transcoder: Transcoder) {
    let kinds = ["é", "中", "😀", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "é中😀", "😀😀", "\n"]
    for kind in kinds {
      for prefix in 40...(40 + 64) {
        for run in [1, 2, 5, 17] {
          let s = String(repeating: "p", count: prefix) + String(repeating: kind, count: run)
            + String(repeating: "q", count: 70)
          #expect(UTF16Conversion.units(of: s, using: transcoder) == TranscodingTests.foundationUTF16(s),
                  "\(kind.debugDescription) at \(prefix) × \(run)")
        }
      }
    }
  }

  /// Leaves of every room around the kernel's margins (it stops 33 units before a leaf's end)
  /// and the rope's leaf size, filled from texts of every sequence length: a piece never ends
  /// inside a sequence or a surrogate pair, and nothing is written past the room.
  @Test("pieces of every capacity", arguments: [1, 2, 3, 33, 39, 40, 41, 64, 65, 66, 67, 100, 1_023, 1_024])
  func piecesOfEveryCapacity(capacity: Int) {
    var rng = SeededGenerator(seed: UInt64(capacity) &+ 9)
    for transcoder in Self.available {
      for _ in 0..<30 {
        var s = TranscodingTests.randomString(Int.random(in: 0..<1_500, using: &rng), &rng)
        if capacity == 1 { s = String(s.unicodeScalars.filter { $0.value < 0x10000 }.map(Character.init)) }
        #expect(TranscodingTests.transcodeInPieces(s, capacity: capacity, using: transcoder) == TranscodingTests.foundationUTF16(s),
                "\(transcoder) \(s.debugDescription)")
      }
      // Only emoji: the kernel's room runs out on a surrogate pair as often as not.
      let emoji = String(repeating: "😀🏽", count: 300)
      #expect(TranscodingTests.transcodeInPieces(emoji, capacity: capacity == 1 ? 2 : capacity, using: transcoder)
                == TranscodingTests.foundationUTF16(emoji), "\(transcoder)")
    }
  }

  /// A 4-byte sequence at every offset of ASCII, cut into pieces whose room the kernel's blocks
  /// fill exactly (its first scalar, then blocks of 32): where the last block ends right after
  /// a 4-byte lead, its low surrogate must still fit, and nothing may be written past the room.
  @Test("a surrogate pair at the end of the last block", arguments: available)
  func pairAtTheLastBlocksEnd(transcoder: Transcoder) {
    for capacity in [33 + 32, 33 + 64, 33 + 96, 1 + 32 * 31] {
      for offset in (capacity - 40)...(capacity + 8) {
        let s = String(repeating: "a", count: offset) + "😀" + String(repeating: "b", count: 100)
        #expect(TranscodingTests.transcodeInPieces(s, capacity: capacity, using: transcoder) == TranscodingTests.foundationUTF16(s),
                "\(transcoder) emoji at \(offset), room \(capacity)")
      }
    }
  }

  /// The counts' vector loops take 32 or 64 bytes a step; lengths around those.
  @Test("counts around the vector widths", arguments: available)
  func counts(transcoder: Transcoder) {
    var rng = SeededGenerator(seed: 31)
    for length in [0, 1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 4_097] {
      var s = ""
      while s.utf8.count < length { s += TranscodingTests.pieces.randomElement(using: &rng)! }
      let expected = TranscodingTests.foundationUTF16(s)
      s.withUTF8 { utf8 in
        #expect(UTF16Conversion.utf16Count(ofUTF8: utf8, using: transcoder) == expected.count)
        #expect(UTF16Conversion.newlineCount(ofUTF8: utf8, using: transcoder) == expected.filter { $0 == 0x0A }.count)
      }
    }
    var feeds = String(repeating: "\n", count: 1_000)
    #expect(feeds.withUTF8 { UTF16Conversion.newlineCount(ofUTF8: $0, using: transcoder) } == 1_000)
    var leads = String(repeating: "😀", count: 500)
    #expect(leads.withUTF8 { UTF16Conversion.utf16Count(ofUTF8: $0, using: transcoder) } == 1_000)
  }
}
