/// What reflection (`Mirror`, `dump`, `String(reflecting:)`) shows of an undo history: each
/// step's edit, what it removed and the selections around it. A concealed history (a secure
/// field's) shows where each step changed the text and how many UTF-16 units it put in and took
/// out, never the text itself: undo steps hold every key typed.
extension UndoHistory: CustomReflectable, CustomStringConvertible {
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "undoSteps": undoStack.map { $0.reflection(concealed: isConcealed) },
        "redoSteps": redoStack.map { $0.reflection(concealed: isConcealed) },
        "levelsOfUndo": levelsOfUndo,
        "isConcealed": isConcealed,
      ],
      displayStyle: .struct)
  }

  /// `UndoHistory(2 undo steps, 0 redo steps)`.
  public var description: String {
    "UndoHistory(\(undoCount) undo step\(undoCount == 1 ? "" : "s"), \(redoCount) redo step\(redoCount == 1 ? "" : "s"))"
  }
}

extension UndoHistory.Step {
  /// One step as reflection shows it.
  struct Reflection: CustomStringConvertible, CustomReflectable {
    var description: String
    var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
  }

  /// `{2, 1} → "xy" (removed "a")`, or with `concealed`, `{2, 1} → <concealed, 2 UTF-16 units>
  /// (removed <concealed, 1 UTF-16 unit>)`; then the kind, and whether the step is still open.
  func reflection(concealed: Bool) -> Reflection {
    let removed = removedText
    func shown(_ text: String, count: Int) -> String {
      concealed ? "<concealed, \(count) UTF-16 unit\(count == 1 ? "" : "s")>" : text.debugDescription
    }
    let range = "{\(forward.range.lowerBound), \(forward.range.count)}"
    return Reflection(
      description: "\(range) → \(shown(forward.replacement, count: forward.replacementUTF16Count))"
        + " (removed \(shown(removed, count: forward.range.count))), \(kind)\(isOpen ? ", open" : "")")
  }
}
