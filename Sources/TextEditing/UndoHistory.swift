/// The undo and redo stacks of one text, as edits rather than snapshots.
///
/// Grouping follows what a user of UIKit sees: consecutive typing is one step (so is an IME
/// composition up to its commit, and so is a run of Backspaces or of forward deletes); a move of
/// the caret, a change of kind (typing after deleting, deleting after typing) or a paste starts
/// a new step. Undo and redo restore the text and the selection exactly.
///
/// Costs do not grow with the text or with the length of a step: typing appends to the step's
/// replacement in place, and deleted text is kept as pieces joined only when undone.
public struct UndoHistory: Sendable {
  struct Step: Sendable {
    /// The step as one edit of the text before it.
    var forward: TextEdit
    /// What the step removed, as pieces: `before` in reverse order, then `core`, then `after`.
    var removedBefore: [String]
    var removedCore: String
    var removedAfter: [String]
    var selectionBefore: TextSelection
    var selectionAfter: TextSelection
    var kind: EditKind
    var isOpen: Bool

    var removedText: String {
      removedBefore.reversed().joined() + removedCore + removedAfter.joined()
    }

    var inverse: TextEdit { TextEdit(range: forward.insertedRange, replacement: removedText) }
  }

  var undoStack: [Step] = []
  var redoStack: [Step] = []

  /// Whether reflection hides the text of the steps (a secure field's history): see
  /// `UndoHistory+Reflection.swift`.
  public var isConcealed = false

  /// The most undo steps kept; the oldest are dropped beyond it. 0 means no limit, as with
  /// `UndoManager.levelsOfUndo`.
  public var levelsOfUndo: Int {
    didSet { trim() }
  }

  /// An empty history keeping at most `levelsOfUndo` steps (0: no limit).
  public init(levelsOfUndo: Int = 0) {
    precondition(levelsOfUndo >= 0, "UndoHistory: levelsOfUndo must not be negative")
    self.levelsOfUndo = levelsOfUndo
  }

  /// Whether there is a step to undo.
  public var canUndo: Bool { !undoStack.isEmpty }
  /// Whether there is a step to redo.
  public var canRedo: Bool { !redoStack.isEmpty }
  /// The number of steps that can be undone.
  public var undoCount: Int { undoStack.count }
  /// The number of steps that can be redone.
  public var redoCount: Int { redoStack.count }

  /// Forgets every step.
  public mutating func removeAll() {
    undoStack.removeAll()
    redoStack.removeAll()
  }

  /// Ends the current group: the next edit starts a new undo step.
  public mutating func breakCoalescing() {
    if !undoStack.isEmpty { undoStack[undoStack.count - 1].isOpen = false }
  }

  /// Records `transaction`, which is about to be applied to `state`, merging it into the open
  /// step when it continues it. A transaction without an edit (a caret move) closes the open
  /// step.
  ///
  /// Call it before `state.apply(transaction)`: it reads the text the edit replaces. (Holding a
  /// copy of the state across the apply instead would make the apply copy a path of the text.)
  ///
  /// Returns whether the transaction opened a new undo step (false when it continued the open
  /// step or changed no text), so that a caller mirroring steps into an `UndoManager` registers
  /// one action per step.
  @discardableResult
  public mutating func record(_ transaction: Transaction, before state: EditorState) -> Bool {
    let before = state
    guard let edit = transaction.edit, !edit.isEmpty else {
      if transaction.kind != .composition || transaction.markedRange == nil { breakCoalescing() }
      return false
    }
    redoStack.removeAll()
    let removed = transaction.knownRemovedText ?? before.text.substring(edit.range)
    if transaction.kind != .other, !undoStack.isEmpty,
      undoStack[undoStack.count - 1].isOpen,
      undoStack[undoStack.count - 1].kind == transaction.kind,
      UndoHistory.coalesce(edit, removed: removed, into: &undoStack[undoStack.count - 1])
    {
      undoStack[undoStack.count - 1].selectionAfter = transaction.selection
      return false
    }
    breakCoalescing()
    undoStack.append(
      Step(
        forward: edit, removedBefore: [], removedCore: removed, removedAfter: [],
        selectionBefore: before.selection, selectionAfter: transaction.selection,
        kind: transaction.kind, isOpen: transaction.kind != .other))
    trim()
    return true
  }

  /// Merges `edit` (of the text after `step`) into `step`; false when it does not continue it.
  private static func coalesce(_ edit: TextEdit, removed: String, into step: inout Step) -> Bool {
    switch step.kind {
    case .typing:
      // Typing continues only at the end of what the step typed. Append in place: a copy of
      // the step's edit held here would make every keystroke copy all the typed text.
      let typed = step.forward.insertedRange
      if !edit.range.isEmpty {
        // Typing that replaces the end of what the step typed (a smart dash over the hyphen
        // typed just before) stays in the step; anything reaching further back starts one.
        guard edit.range.upperBound == typed.upperBound, edit.range.lowerBound >= typed.lowerBound,
          let combined = step.forward.composed(with: edit)
        else { return false }
        step.forward = combined
        return true
      }
      guard edit.range.lowerBound == typed.upperBound else { return false }
      step.forward.appendToReplacement(edit.replacement, utf16Count: edit.replacementUTF16Count)
      return true
    case .deleteBackward:
      let f = step.forward
      guard f.replacementUTF16Count == 0, edit.replacementUTF16Count == 0,
        edit.range.upperBound == f.range.lowerBound
      else { return false }
      step.forward = TextEdit(range: edit.range.lowerBound..<f.range.upperBound, replacement: "")
      step.removedBefore.append(removed)
      return true
    case .deleteForward:
      let f = step.forward
      guard f.replacementUTF16Count == 0, edit.replacementUTF16Count == 0,
        edit.range.lowerBound == f.range.lowerBound
      else { return false }
      step.forward = TextEdit(
        range: f.range.lowerBound..<(f.range.upperBound + edit.range.count), replacement: "")
      step.removedAfter.append(removed)
      return true
    case .composition:
      guard let forward = step.forward.composed(with: edit) else { return false }
      let inverse = TextEdit(range: edit.insertedRange, replacement: removed)
      guard let undo = inverse.composed(with: step.inverse) else { return false }
      step.forward = forward
      step.removedBefore = []
      step.removedAfter = []
      step.removedCore = undo.replacement
      return true
    case .other:
      return false
    }
  }

  private mutating func trim() {
    if levelsOfUndo > 0 && undoStack.count > levelsOfUndo {
      undoStack.removeFirst(undoStack.count - levelsOfUndo)
    }
  }

  /// The edit ``undo(_:)`` would make now (of the current text), or nil when there is nothing
  /// to undo; a delegate can be asked about it first.
  public func peekUndo() -> TextEdit? {
    undoStack.last?.inverse
  }

  /// The edit ``redo(_:)`` would make now, or nil when there is nothing to redo.
  public func peekRedo() -> TextEdit? {
    redoStack.last?.forward
  }

  /// Undoes the last step on `state`; returns the edit made, or nil when there is nothing to
  /// undo. The selection returns to what it was before the step; marked text is committed.
  @discardableResult
  public mutating func undo(_ state: inout EditorState) -> TextEdit? {
    guard let step = undoStack.popLast() else { return nil }
    let inverse = step.inverse
    state.apply(
      Transaction(edit: inverse, selection: step.selectionBefore, markedRange: nil, kind: .other))
    var closed = step
    closed.isOpen = false
    redoStack.append(closed)
    return inverse
  }

  /// Redoes the last undone step on `state`; returns the edit made, or nil when there is
  /// nothing to redo.
  @discardableResult
  public mutating func redo(_ state: inout EditorState) -> TextEdit? {
    guard let step = redoStack.popLast() else { return nil }
    state.apply(
      Transaction(edit: step.forward, selection: step.selectionAfter, markedRange: nil, kind: .other))
    undoStack.append(step)
    return step.forward
  }
}
