import Foundation
import Testing
@testable import TextEditing

/// The rope's storage: leaves that keep room at both ends, nodes whose children's end offsets
/// lag behind by a pending shift, and copy-on-write between snapshots of one text.
@Suite("Rope storage")
struct RopeStorageTests {
  static func expectMatches(_ buffer: TextBuffer, _ model: [UInt16], _ context: @autoclosure () -> String) {
    #expect(buffer.invariantViolation() == nil, "\(context())")
    #expect(buffer.utf16Count == model.count, "\(context())")
    #expect(buffer.units(in: 0..<buffer.utf16Count) == model, "\(context())")
    #expect(buffer.newlineCount == model.filter { $0 == 0x0A }.count, "\(context())")
  }

  /// Edits in one leaf at both ends: deletions near its start leave room at the front, which
  /// insertions near its start then take; when neither end has room the units move back to
  /// the start of the storage; a short leaf typed into grows.
  @Test func leafRoomAtBothEnds() {
    var model = Array(String(repeating: "abcdefghi\n", count: 90).utf16)
    var buffer = TextBuffer(String(decoding: model, as: UTF16.self))
    func edit(_ range: Range<Int>, _ text: String, _ step: String) {
      // The buffer widens an end inside a surrogate pair to the whole scalar and moves an
      // insertion point there before the pair; so does the model.
      var lo = range.lowerBound
      var hi = range.upperBound
      if lo > 0 && lo < model.count && UTF16.isTrailSurrogate(model[lo]) { lo -= 1 }
      if hi > 0 && hi < model.count && UTF16.isTrailSurrogate(model[hi]) { hi += 1 }
      if range.isEmpty { hi = lo }
      buffer.replace(range, with: text)
      // (Nothing replaced by nothing is no edit at all.)
      if !(range.isEmpty && text.isEmpty) { model.replaceSubrange(lo..<max(lo, hi), with: text.utf16) }
      Self.expectMatches(buffer, model, step)
    }
    // Deletions near the start (the front moves), then near the end.
    for k in 0..<200 { edit((10 + k % 7)..<(11 + k % 7), "", "front delete \(k)") }
    for k in 0..<100 { edit((model.count - 20)..<(model.count - 19), "", "back delete \(k)") }
    // Insertions near the start take the room at the front, then the back's, then neither.
    for k in 0..<400 {
      let at = k % 2 == 0 ? 5 + k % 11 : model.count - 3
      edit(at..<at, k % 9 == 0 ? "😀" : (k % 5 == 0 ? "\n" : "x"), "insert \(k)")
    }
    // Replacements of every length difference, at both ends.
    var rng = SeededGenerator(seed: 5)
    for k in 0..<300 {
      let n = model.count
      let lo = Int.random(in: 0...n, using: &rng)
      let hi = min(n, lo + Int.random(in: 0...6, using: &rng))
      edit(lo..<hi, String(repeating: "é", count: Int.random(in: 0...6, using: &rng)), "replace \(k)")
    }
    // A short leaf grows as it is typed into.
    var small = TextBuffer("ab")
    var smallModel = Array("ab".utf16)
    for k in 0..<600 {
      small.replace(1..<1, with: "x")
      smallModel.insert(0x78, at: 1)
      if k % 50 == 0 { Self.expectMatches(small, smallModel, "grow \(k)") }
    }
    Self.expectMatches(small, smallModel, "grown")
  }

  /// A leaf with a little room at each end and an edit that needs more than either: its units
  /// move back to the start of the storage; one more unit and it splits.
  @Test func roomSplitBetweenBothEnds() {
    var model = Array(String(repeating: "x", count: 1_000).utf16)
    var buffer = TextBuffer(String(decoding: model, as: UTF16.self))
    #expect(buffer.root.isLeaf && buffer.root.capacity == RopeNode.leafMax)
    func edit(_ range: Range<Int>, _ text: String) {
      buffer.replace(range, with: text)
      model.replaceSubrange(range, with: text.utf16)
      Self.expectMatches(buffer, model, "\(range) \(text)")
    }
    edit(0..<3, "")  // three units of room at the front
    edit(997..<997, String(repeating: "e", count: 21))  // three left at the back
    edit(500..<500, "abcde")  // needs five: neither end has them, both together do
    #expect(buffer.root.isLeaf && buffer.utf16Count == 1_023)
    edit(10..<10, "fg")  // past a full leaf: split
    #expect(!buffer.root.isLeaf)
  }

  /// Typing at several carets in turn in a text of hundreds of leaves: each node's pending
  /// shift moves between children, is carried by copies and applied before splits; snapshots
  /// taken along the way keep their text.
  @Test("several carets and snapshots on a deep tree", arguments: [1, 2, 3])
  func caretsAndSnapshots(seed: UInt64) {
    var rng = SeededGenerator(seed: seed &* 31)
    let start = randomTrickyString(40_000, using: &rng)
    var buffer = TextBuffer(start)
    var model = Array(start.utf16)
    var carets = (0..<4).map { _ in Int.random(in: 0...model.count, using: &rng) }
    var snapshots: [(TextBuffer, [UInt16])] = []
    for step in 0..<3_000 {
      let c = Int.random(in: 0..<carets.count, using: &rng)
      var at = min(carets[c], model.count)
      if at > 0 && at < model.count && UTF16.isTrailSurrogate(model[at]) { at -= 1 }
      let before = model.count
      if Int.random(in: 0..<3, using: &rng) == 0 && at > 0 {
        // Backspace over one scalar.
        let width = at > 1 && UTF16.isTrailSurrogate(model[at - 1]) ? 2 : 1
        buffer.replace((at - width)..<at, with: "")
        model.removeSubrange((at - width)..<at)
        at -= width
      } else {
        let key = randomTrickyString(1, using: &rng)
        buffer.replace(at..<at, with: key)
        model.insert(contentsOf: key.utf16, at: at)
      }
      // The carets after the edit move with the text.
      let delta = model.count - before
      for k in carets.indices where carets[k] >= at { carets[k] = max(at, carets[k] + delta) }
      carets[c] = delta > 0 ? at + delta : at
      if step % 250 == 0 {
        snapshots.append((buffer, model))
        #expect(buffer.invariantViolation() == nil, "step \(step)")
        // Reads through the pending shifts.
        let probe = Int.random(in: 0..<model.count, using: &rng)
        let end = min(model.count, probe + 50)
        #expect(buffer.units(in: probe..<end) == Array(model[probe..<end]), "step \(step)")
        let lineStart = model[..<probe].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        #expect(buffer.lineStart(containing: probe) == lineStart, "step \(step)")
      }
    }
    Self.expectMatches(buffer, model, "end")
    for (k, (snapshot, snapshotModel)) in snapshots.enumerated() {
      Self.expectMatches(snapshot, snapshotModel, "snapshot \(k)")
    }
  }

  /// A copy made while a node has a pending shift, then edited in another child (which
  /// applies the shift) and split by long typing, leaves the original as it was.
  @Test func copiesCarryPendingShifts() {
    var model = Array(String(repeating: "0123456789", count: 30_000).utf16)
    var buffer = TextBuffer(String(decoding: model, as: UTF16.self))
    for k in 0..<50 { buffer.replace((100_000 - k - 1)..<(100_000 - k), with: "") }
    model.removeSubrange((100_000 - 50)..<100_000)
    let copy = buffer
    let copyModel = model
    var edited = buffer
    var editedModel = model
    for k in 0..<3_000 {
      let at = k % 2 == 0 ? 10 + k : 250_000
      edited.replace(at..<at, with: "y")
      editedModel.insert(0x79, at: at)
    }
    Self.expectMatches(edited, editedModel, "edited")
    Self.expectMatches(copy, copyModel, "copy")
    Self.expectMatches(buffer, model, "original")
  }
}
