import Foundation
import Testing
@testable import TextEditing

/// Seeded random sequences of commands, checked after every step against a model of the text
/// (an array of UTF-16 code units, i.e. what an NSString holds) and against the invariants of
/// the editing state; then everything is undone and redone.
@Suite("Random command sequences")
struct RandomCommandTests {
  static let batches = 20
  static let sequencesPerBatch = 100
  static let commandsPerSequence = 150

  static func randomCommand(_ s: EditorState, _ rng: inout SeededGenerator) -> EditingCommand {
    let n = s.text.utf16Count
    let movements: [TextMovement] = [
      .backward, .forward, .wordBackward, .wordForward, .lineStart, .lineEnd, .documentStart,
      .documentEnd,
    ]
    switch Int.random(in: 0..<100, using: &rng) {
    case 0..<30: return .insertText(randomTrickyString(1, using: &rng))
    case 30..<33: return .paste(randomTrickyString(Int.random(in: 0..<40, using: &rng), using: &rng))
    case 33..<45: return .deleteBackward
    case 45..<50: return .deleteForward
    case 50..<53: return .deleteWordBackward
    case 53..<55: return .deleteWordForward
    case 55..<57: return .deleteToLineStart
    case 57..<58: return .deleteToLineEnd
    case 58..<70: return .move(movements.randomElement(using: &rng)!)
    case 70..<76: return .extendSelection(movements.randomElement(using: &rng)!)
    case 76..<77: return .selectAll
    case 77..<81:
      return .select(TextSelection(anchor: Int.random(in: 0...n, using: &rng), head: Int.random(in: 0...n, using: &rng)))
    case 81..<89:
      let marked = randomTrickyString(Int.random(in: 0..<3, using: &rng), using: &rng)
      let len = marked.utf16.count
      let lo = Int.random(in: 0...len, using: &rng)
      return .setMarkedText(marked, selectedRange: lo..<Int.random(in: lo...len, using: &rng))
    case 89..<92: return .unmarkText
    case 92..<93: return .replaceAll(randomTrickyString(Int.random(in: 0..<10, using: &rng), using: &rng))
    default:
      let lo = Int.random(in: 0...n, using: &rng)
      let hi = Int.random(in: lo...n, using: &rng)
      return .replace(lo..<hi, with: randomTrickyString(Int.random(in: 0..<3, using: &rng), using: &rng))
    }
  }

  static func checkInvariants(_ s: EditorState, model: [UInt16], _ context: @autoclosure () -> String) {
    let n = s.text.utf16Count
    #expect(n == model.count, "length \(context())")
    #expect(s.text.invariantViolation() == nil, "storage \(context())")
    let string = s.string
    #expect(Array(string.utf16) == model, "text \(context())")
    #expect(NSString(string: string).length == model.count)
    let sel = s.selection
    #expect(sel.anchor >= 0 && sel.anchor <= n && sel.head >= 0 && sel.head <= n, "selection \(context())")
    if let m = s.markedRange {
      #expect(m.lowerBound >= 0 && m.upperBound <= n, "marked \(context())")
    } else {
      let boundaries = clusterBoundaries(of: string)
      #expect(boundaries.contains(sel.anchor) && boundaries.contains(sel.head), "selection \(sel) off a cluster boundary \(context())")
    }
  }

  @Test("sequences", arguments: 0..<batches)
  func randomSequences(batch: Int) {
    for k in 0..<Self.sequencesPerBatch {
      let seed = UInt64(batch * Self.sequencesPerBatch + k)
      var rng = SeededGenerator(seed: seed)
      var state = EditorState(text: randomTrickyString(Int.random(in: 0..<60, using: &rng), using: &rng))
      var history = UndoHistory()
      var model = Array(state.string.utf16)
      let start = state.text
      for step in 0..<Self.commandsPerSequence {
        let command = Self.randomCommand(state, &rng)
        let before = state
        let tx = state.resolve(command)
        // Resolving changes nothing.
        #expect(state == before)
        if let edit = tx.edit, !edit.isEmpty {
          model.replaceSubrange(edit.range, with: edit.replacement.utf16)
        }
        history.record(tx, before: state)
        state.apply(tx)
        Self.checkInvariants(state, model: model, "seed \(seed) step \(step) \(command)")
      }
      let end = state.text
      while history.canUndo { history.undo(&state) }
      #expect(state.text == start, "undoing everything restores the start (seed \(seed))")
      while history.canRedo { history.redo(&state) }
      #expect(state.text == end, "redoing everything restores the end (seed \(seed))")
    }
  }
}
