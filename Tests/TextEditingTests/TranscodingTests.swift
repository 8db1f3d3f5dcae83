import Foundation
import Testing
@testable import TextEditing

/// The UTF-8 to UTF-16 transcoder, the UTF-16 and line feed counts, and the leaves a paste is
/// built into, checked against Foundation's own transcoding.
@Suite("Transcoding UTF-8 into UTF-16 leaves")
struct TranscodingTests {
  /// Scalars of every UTF-8 length, with the first and last of each length and the neighbours
  /// of the surrogate range, line breaks, and a few pieces that the transcoder's run paths
  /// take (accented letters, CJK, emoji with a skin tone).
  static let pieces: [String] = [
    "a", "Z", " ", "\n", "\r\n", "\u{0}", "\u{7F}",  // 1 byte
    "é", "ж", "ß", "\u{80}", "\u{7FF}",  // 2 bytes
    "中", "ー", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}",  // 3 bytes
    "😀", "🏽", "\u{10000}", "\u{10FFFF}",  // 4 bytes (surrogate pairs)
    "👍🏽", "naïve café", "敏捷的狐狸", "Привет", "👨‍👩‍👧‍👦", "🇯🇵",
  ]

  /// Foundation's UTF-16 of `string` (NSString's code units, by way of `Data`).
  static func foundationUTF16(_ string: String) -> [UInt16] {
    let data = string.data(using: .utf16LittleEndian)!
    return data.withUnsafeBytes { raw in
      (0..<(raw.count / 2)).map { raw.loadUnaligned(fromByteOffset: $0 * 2, as: UInt16.self) }
    }
  }

  static func randomString(_ count: Int, _ rng: inout SeededGenerator) -> String {
    var s = ""
    for _ in 0..<count { s += pieces.randomElement(using: &rng)! }
    return s
  }

  /// Transcodes `string` in pieces of at most `capacity` units with `transcoder`, as the rope's
  /// leaves are filled: no piece ends inside a surrogate pair, and each piece is whole scalars.
  static func transcodeInPieces(_ string: String, capacity: Int, using transcoder: UTF16Conversion.Transcoder = .best) -> [UInt16] {
    var units: [UInt16] = []
    // The bytes in an allocation of exactly their size, so that a run under the address
    // sanitizer (`swift test --sanitize=address`) catches a read past them.
    let bytes = Array(string.utf8)
    let exact = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    defer { exact.deallocate() }
    _ = exact.initialize(from: bytes)
    let utf8 = UnsafeBufferPointer(rebasing: exact[..<bytes.count])
    // Room beyond `capacity` is filled with a marker that must survive: nothing is written
    // past the room given.
    let buffer = UnsafeMutablePointer<UInt16>.allocate(capacity: capacity + 64)
    defer { buffer.deallocate() }
    var i = 0
    while i < utf8.count {
      buffer.initialize(repeating: 0xABCD, count: capacity + 64)
      let (read, written) = UTF16Conversion.transcode(
        utf8.baseAddress! + i, count: utf8.count - i, into: buffer, capacity: capacity, using: transcoder)
      #expect(read > 0 && written <= capacity)
      #expect((capacity..<(capacity + 64)).allSatisfy { buffer[$0] == 0xABCD }, "wrote past the room")
      if read == 0 { break }
      #expect(i + read == utf8.count || utf8[i + read] & 0xC0 != 0x80, "stopped inside a sequence")
      if written > 0 { #expect(!UTF16.isLeadSurrogate(buffer[written - 1])) }
      units.append(contentsOf: UnsafeBufferPointer(start: buffer, count: written))
      i += read
    }
    return units
  }

  @Test("random text: units, UTF-16 count and line feeds match Foundation", arguments: 0..<8)
  func randomText(seed: UInt64) {
    var rng = SeededGenerator(seed: seed &+ 1000)
    for _ in 0..<60 {
      let s = Self.randomString(Int.random(in: 0..<300, using: &rng), &rng)
      let expected = Self.foundationUTF16(s)
      #expect(UTF16Conversion.units(of: s) == expected, "\(s.debugDescription)")
      #expect(UTF16Conversion.utf16Count(of: s) == expected.count)
      var copy = s
      let lineFeeds = copy.withUTF8 { UTF16Conversion.newlineCount(ofUTF8: $0) }
      #expect(lineFeeds == expected.filter { $0 == 0x0A }.count)
      expected.withUnsafeBufferPointer {
        #expect(RopeNode.countNewlines($0) == lineFeeds)
      }
    }
  }

  /// Every run path at every alignment: an ASCII prefix of 0 to 40 bytes (the bulk loop takes
  /// sixteen bytes at a time and stops 32 bytes before the end), then a run of 0 to 12 scalars
  /// of one kind, then ASCII or another run, so that runs start, end and are cut short at
  /// every offset of the words and windows the transcoder reads.
  @Test("runs of each sequence length at every alignment")
  func runsAtEveryAlignment() {
    let runs = ["é", "中", "😀", "éa", "中a", "😀a", "é中", "中😀", "😀é", "a\u{7FF}", "\u{800}\u{FFFF}"]
    let tails = ["", "x", "xyz.\n", "0123456789abcdef0123456789abcdef0123", "ж", "敏捷", "🏽🏽"]
    for run in runs {
      for prefix in 0...40 {
        for length in 0...12 {
          for tail in tails {
            let s = String(repeating: "p", count: prefix) + String(repeating: run, count: length) + tail
            #expect(UTF16Conversion.units(of: s) == Self.foundationUTF16(s), "\(s.debugDescription)")
          }
        }
      }
    }
  }

  @Test("pieces of every capacity never split a surrogate pair", arguments: [1, 2, 3, 5, 7, 16, 31, 32, 33, 63, 1023, 1024])
  func piecesOfEveryCapacity(capacity: Int) {
    var rng = SeededGenerator(seed: UInt64(capacity))
    for _ in 0..<40 {
      var s = Self.randomString(Int.random(in: 0..<400, using: &rng), &rng)
      // With one unit of room, a surrogate pair can never be written.
      if capacity == 1 { s = String(s.unicodeScalars.filter { $0.value < 0x10000 }.map(Character.init)) }
      #expect(Self.transcodeInPieces(s, capacity: capacity) == Self.foundationUTF16(s), "\(s.debugDescription)")
    }
    // And one pair with one unit of room: nothing is read.
    if capacity == 1 {
      var s = "😀"
      let result = s.withUTF8 { utf8 in
        var unit: UInt16 = 0
        return UTF16Conversion.transcode(utf8.baseAddress!, count: utf8.count, into: &unit, capacity: 1)
      }
      #expect(result.read == 0 && result.written == 0)
    }
  }

  /// The vector counts fold their per-lane tallies every 2,016 bytes (UTF-16 count, line feeds
  /// in UTF-8) and every 32,768 units (line feeds in UTF-16): long texts cross the folds.
  @Test("counts across the vector loops' folds", arguments: [2_015, 2_016, 2_017, 4_100, 40_000, 70_001])
  func longCounts(length: Int) {
    var rng = SeededGenerator(seed: UInt64(length))
    var s = ""
    while s.utf8.count < length { s += Self.pieces.randomElement(using: &rng)! }
    let expected = Self.foundationUTF16(s)
    #expect(UTF16Conversion.utf16Count(of: s) == expected.count)
    var copy = s
    #expect(copy.withUTF8 { UTF16Conversion.newlineCount(ofUTF8: $0) } == expected.filter { $0 == 0x0A }.count)
    // Only line feeds, so that a lane's tally is as high as it gets.
    let feeds = [UInt16](repeating: 0x0A, count: length)
    #expect(feeds.withUnsafeBufferPointer { RopeNode.countNewlines($0) } == length)
    var newlines = String(repeating: "\n", count: length)
    #expect(newlines.withUTF8 { UTF16Conversion.newlineCount(ofUTF8: $0) } == length)
    let emoji = String(repeating: "😀", count: length / 4 + 1)
    #expect(UTF16Conversion.utf16Count(of: emoji) == 2 * (length / 4 + 1))
  }

  // MARK: Leaves

  /// A pasted text is built into full leaves: a surrogate pair that would straddle a leaf's
  /// end starts the next leaf, and a CR LF pair or an emoji sequence cut by a leaf's end is
  /// still one grapheme cluster.
  @Test("leaf edges: surrogate pairs, CR LF and clusters", arguments: 0..<8)
  func leafEdges(shift: Int) {
    let leafMax = RopeNode.leafMax
    for straddler in ["😀", "\r\n", "👨‍👩‍👧‍👦", "e\u{301}", "🇯🇵🇺🇸", "中", "é"] {
      // The straddler starts a few units before the first leaf's end.
      let prefix = String(repeating: "a", count: leafMax - 4 + shift)
      let s = prefix + straddler + String(repeating: "b", count: leafMax + 7) + straddler
      let buffer = TextBuffer(s)
      let expected = Self.foundationUTF16(s)
      #expect(buffer.invariantViolation() == nil, "\(straddler.debugDescription) shift \(shift)")
      #expect(buffer.units(in: 0..<buffer.utf16Count) == expected)
      #expect(buffer.newlineCount == expected.filter { $0 == 0x0A }.count)
      // Every leaf is full but for a pair that did not fit, and the last two share the rest.
      let root = buffer.root
      #expect(root.height == 1)
      let first = root.child(0).count
      #expect(first == leafMax || (first == leafMax - 1 && UTF16.isLeadSurrogate(expected[leafMax - 1])))
      // Cluster boundaries across the edge are those of Swift's Character.
      let boundaries = clusterBoundaries(of: s)
      for offset in (leafMax - 8)...(leafMax + 8) {
        #expect(buffer.isClusterBoundary(offset) == boundaries.contains(offset), "offset \(offset) \(straddler.debugDescription)")
      }
      let c = prefix.utf16.count
      let width = straddler.first!.utf16.count
      #expect(buffer.clusterRange(containing: c) == c..<(c + width))
      #expect(buffer.clusterBoundary(before: c + width) == c)
    }
  }

  /// A paste of every size around one, two and three leaves, into the middle of a text.
  @Test("pastes around leaf multiples", arguments: [1_023, 1_024, 1_025, 2_047, 2_048, 2_049, 3_072, 5_000])
  func pastesAroundLeafMultiples(units: Int) {
    var rng = SeededGenerator(seed: UInt64(units))
    var paste = ""
    while paste.utf16.count < units { paste += Self.pieces.randomElement(using: &rng)! }
    var buffer = TextBuffer(String(repeating: "0123456789\n", count: 300))
    var model = Array(buffer.string.utf16)
    buffer.replace(1_500..<1_510, with: paste)
    model.replaceSubrange(1_500..<1_510, with: Self.foundationUTF16(paste))
    #expect(buffer.invariantViolation() == nil)
    #expect(buffer.units(in: 0..<buffer.utf16Count) == model)
    #expect(buffer.newlineCount == model.filter { $0 == 0x0A }.count)
    // The paste on its own, as into an empty field.
    let alone = TextBuffer(paste)
    #expect(alone.invariantViolation() == nil)
    #expect(alone.units(in: 0..<alone.utf16Count) == Self.foundationUTF16(paste))
  }

  @Test func pasteThroughTheEditor() {
    var rng = SeededGenerator(seed: 77)
    let paste = Self.randomString(20_000, &rng)
    var state = EditorState(text: "before|after")
    state.perform(.select(.caret(7)))
    state.perform(.paste(paste))
    let expected = Self.foundationUTF16("before|" + paste + "after")
    #expect(state.text.units(in: 0..<state.text.utf16Count) == expected)
    #expect(state.selection == .caret(7 + Self.foundationUTF16(paste).count))
    #expect(state.text.invariantViolation() == nil)
  }
}
