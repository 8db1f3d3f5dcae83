/// The state of one editable text: the text, the selection, and the marked (IME) range.
///
/// Commands resolve against a state into ``Transaction``s without changing it
/// (``resolve(_:)``); applying a transaction (``apply(_:)``) is the only mutation. Between the
/// two a UIKit control asks its delegate. Invariants, which hold after every apply: the
/// selection lies inside the text on grapheme cluster boundaries (inside marked text, on
/// scalar boundaries: an input method may put its caret inside a cluster it is composing), the
/// marked range lies inside the text, and while text is marked the selection lies inside the
/// marked range (ends included).
///
/// The last invariant is what every step of a composition relies on (`setMarkedText`'s
/// selected range is relative to the marked text, Backspace deletes inside it): an edit or a
/// selection change that carries the selection out of the marked text commits it, as a tap
/// outside the composition does on iOS.
public struct EditorState: Sendable, Equatable {
  /// The text.
  public private(set) var text: TextBuffer
  /// The selection, in UTF-16 offsets of ``text``.
  public private(set) var selection: TextSelection
  /// The range of the marked (provisionally composed) text, or nil.
  public private(set) var markedRange: Range<Int>?
  /// Changes (wrapping) whenever the text is edited or replaced, so that a caller can tell in
  /// O(1) whether the text it resolved a command against is still the text: a UIKit object
  /// compares it across its delegate's answer. Not part of equality.
  public private(set) var textRevision: UInt64 = 0

  /// A state holding `text` with the caret at its end.
  public init(text: String = "") {
    self.text = TextBuffer(text)
    self.selection = .caret(self.text.utf16Count)
    self.markedRange = nil
  }

  /// A state holding `text` with `selection` (rounded out to grapheme cluster boundaries) and
  /// `markedRange`, which is dropped when the selection does not lie inside it.
  ///
  /// - Precondition: the selection and the marked range lie inside the text.
  public init(text: TextBuffer, selection: TextSelection, markedRange: Range<Int>? = nil) {
    self.text = text
    self.selection = .caret(0)
    let selection = Self.checked(selection, length: text.utf16Count)
    let marked = markedRange.map { UTF16Conversion.checkedRange($0, length: text.utf16Count) }
    self.markedRange = marked.flatMap { Self.holds($0, selection) ? $0 : nil }
    self.selection = normalized(selection, marked: self.markedRange)
  }

  /// Two states are equal when their text, selection and marked range are.
  public static func == (a: EditorState, b: EditorState) -> Bool {
    a.selection == b.selection && a.markedRange == b.markedRange && a.text == b.text
  }

  /// The text as a string. O(n), or O(1) while the text keeps one (see ``cachedString()``).
  public var string: String { text.string }

  /// The text as a string, which the state then keeps until an edit it cannot follow cheaply
  /// (see ``TextBuffer/cachedString()``): what a text object's `text` getter returns.
  public mutating func cachedString() -> String { text.cachedString() }

  /// Whether reflection hides the text (see ``TextBuffer/isConcealed``): a secure field's.
  /// Every later text keeps it, including one set whole with ``setText(_:)``.
  public var isTextConcealed: Bool {
    get { text.isConcealed }
    set { text.isConcealed = newValue }
  }

  /// The selected text.
  public var selectedText: String { text.substring(selection.range) }

  // MARK: Resolving

  /// The transaction that `command` asks for, computed without changing the state.
  public func resolve(_ command: EditingCommand) -> Transaction {
    switch command {
    case .insertText(let string):
      return replacingSelectionOrMarked(with: string, kind: markedRange == nil ? .typing : .composition)
    case .paste(let string):
      return replacingSelectionOrMarked(with: string, kind: .other)
    case .deleteBackward:
      if selection.isEmpty && markedRange == nil, selection.head > 0,
        let quick = text.loneScalarCluster(before: selection.head)
      {
        // Backspace over a scalar that is a cluster of its own (almost every keystroke): the
        // one walk of the text that found it also gives the deleted text and tells whether the
        // caret stays on a cluster boundary.
        let edit = TextEdit(range: quick.range, replacement: "")
        var tx = Transaction(
          edit: edit, selection: .caret(quick.range.lowerBound), markedRange: nil,
          kind: .deleteBackward)
        tx.knownRemovedText = String(Character(quick.scalar))
        tx.selectionKnownOnClusterBoundaries = quick.caretStaysOnBoundary
        return tx
      }
      return deletion(backward: true) { text.clusterBoundary(before: $0) ?? $0 }
    case .deleteForward:
      return deletion(backward: false) { text.clusterBoundary(after: $0) ?? $0 }
    case .deleteWordBackward:
      return deletion(backward: true) { text.wordBoundary(before: $0) }
    case .deleteWordForward:
      return deletion(backward: false) { text.wordBoundary(after: $0) }
    case .deleteToLineStart:
      return deletion(backward: true) { caret in
        let start = text.lineStart(containing: caret)
        return start == caret ? (text.clusterBoundary(before: caret) ?? caret) : start
      }
    case .deleteToLineEnd:
      return deletion(backward: false) { caret in
        let end = text.lineEnd(containing: caret)
        return end == caret ? (text.clusterBoundary(after: caret) ?? caret) : end
      }
    case .move(let movement):
      let range = selection.range
      let target: Int
      if !selection.isEmpty && movement == .backward {
        target = range.lowerBound
      } else if !selection.isEmpty && movement == .forward {
        target = range.upperBound
      } else {
        target = destination(of: movement, from: movesForward(movement) ? range.upperBound : range.lowerBound)
      }
      return Transaction(edit: nil, selection: .caret(target), markedRange: nil, kind: .other)
    case .extendSelection(let movement):
      let head = destination(of: movement, from: selection.head)
      return Transaction(
        edit: nil, selection: TextSelection(anchor: selection.anchor, head: head),
        markedRange: nil, kind: .other)
    case .selectAll:
      return Transaction(
        edit: nil, selection: TextSelection(range: 0..<text.utf16Count), markedRange: nil,
        kind: .other)
    case .select(let newSelection):
      // Selecting ends a composition, so the selection rounds out to clusters as any other
      // does (the marked text's exemption does not apply to a selection that outlives it).
      return Transaction(
        edit: nil, selection: normalized(checked(newSelection), marked: nil), markedRange: nil,
        kind: .other)
    case .setMarkedText(let string, let selectedRange):
      let target = markedRange ?? selection.range
      let length = string.utf16.count
      let lo = target.lowerBound
      let innerLo = min(max(selectedRange.lowerBound, 0), length)
      let innerHi = min(max(selectedRange.upperBound, innerLo), length)
      return Transaction(
        edit: TextEdit(range: target, replacement: string),
        selection: TextSelection(anchor: lo + innerLo, head: lo + innerHi),
        markedRange: length == 0 ? nil : lo..<(lo + length), kind: .composition)
    case .unmarkText:
      return Transaction(edit: nil, selection: selection, markedRange: nil, kind: .composition)
    case .replaceAll(let string):
      let edit = TextEdit(range: 0..<text.utf16Count, replacement: string)
      return Transaction(
        edit: edit, selection: .caret(edit.replacementUTF16Count), markedRange: nil, kind: .other)
    case .replace(let range, let string):
      let range = text.scalarAligned(UTF16Conversion.checkedRange(range, length: text.utf16Count))
      let edit = TextEdit(range: range, replacement: string)
      let newSelection = selection.mapped(through: edit)
      return Transaction(
        edit: edit, selection: newSelection,
        markedRange: mapMarked(through: edit, selection: newSelection), kind: .other)
    case .typeReplacing(let range, let string):
      let range = text.scalarAligned(UTF16Conversion.checkedRange(range, length: text.utf16Count))
      let edit = TextEdit(range: range, replacement: string)
      return Transaction(
        edit: edit, selection: .caret(edit.insertedRange.upperBound), markedRange: nil, kind: .typing)
    }
  }

  private func movesForward(_ movement: TextMovement) -> Bool {
    switch movement {
    case .forward, .wordForward, .lineEnd, .documentEnd: return true
    case .backward, .wordBackward, .lineStart, .documentStart: return false
    }
  }

  private func destination(of movement: TextMovement, from offset: Int) -> Int {
    switch movement {
    case .backward: return text.clusterBoundary(before: offset) ?? offset
    case .forward: return text.clusterBoundary(after: offset) ?? offset
    case .wordBackward: return text.wordBoundary(before: offset)
    case .wordForward: return text.wordBoundary(after: offset)
    case .lineStart: return text.lineStart(containing: offset)
    case .lineEnd: return text.lineEnd(containing: offset)
    case .documentStart: return 0
    case .documentEnd: return text.utf16Count
    }
  }

  private func replacingSelectionOrMarked(with string: String, kind: EditKind) -> Transaction {
    let edit = TextEdit(range: markedRange ?? selection.range, replacement: string)
    return Transaction(
      edit: edit, selection: .caret(edit.insertedRange.upperBound), markedRange: nil, kind: kind)
  }

  /// Deletes the selection if there is one, else from the caret to `boundary(caret)`. While
  /// text is marked, the deletion stays inside the marked text and keeps the rest marked.
  private func deletion(backward: Bool, to boundary: (Int) -> Int) -> Transaction {
    let kind: EditKind = backward ? .deleteBackward : .deleteForward
    var range = selection.range
    if selection.isEmpty {
      let caret = selection.head
      let other = boundary(caret)
      range = min(caret, other)..<max(caret, other)
      if let marked = markedRange {
        // The caret lies inside the marked text (an invariant), so the clamped range is the
        // part of the deletion inside it; built from checked bounds all the same.
        let lo = max(range.lowerBound, marked.lowerBound)
        let hi = min(range.upperBound, marked.upperBound)
        range = lo < hi ? lo..<hi : caret..<caret
      }
    }
    let edit = TextEdit(range: range, replacement: "")
    let caret = TextSelection.caret(range.lowerBound)
    var marked: Range<Int>?
    if let m = markedRange, m.lowerBound <= range.lowerBound, range.upperBound <= m.upperBound {
      let rest = m.count - range.count
      marked = rest > 0 ? m.lowerBound..<(m.lowerBound + rest) : nil
    } else {
      marked = mapMarked(through: edit, selection: caret)
    }
    return Transaction(
      edit: edit, selection: caret, markedRange: marked,
      kind: markedRange == nil ? kind : .composition)
  }

  /// The marked range after an edit that is not a composition step, which leaves `selection`:
  /// shifted when the edit lies before it, dropped (committed) when the edit touches it or
  /// carries the selection out of it.
  private func mapMarked(through edit: TextEdit, selection: TextSelection) -> Range<Int>? {
    guard let m = markedRange else { return nil }
    var mapped: Range<Int>?
    if edit.range.upperBound <= m.lowerBound && !(edit.range.isEmpty && edit.range.lowerBound == m.lowerBound) {
      mapped = (m.lowerBound + edit.lengthDelta)..<(m.upperBound + edit.lengthDelta)
    } else if edit.range.lowerBound >= m.upperBound && !(edit.range.isEmpty && edit.range.lowerBound == m.upperBound) {
      mapped = m
    }
    return mapped.flatMap { Self.holds($0, selection) ? $0 : nil }
  }

  /// Whether `selection` lies inside `marked` (ends included).
  private static func holds(_ marked: Range<Int>, _ selection: TextSelection) -> Bool {
    marked.lowerBound <= selection.range.lowerBound && selection.range.upperBound <= marked.upperBound
  }

  // MARK: Applying

  /// Applies a transaction resolved against this state: makes its edit, then sets the selection
  /// (rounded out to grapheme cluster boundaries of the new text) and the marked range.
  ///
  /// - Precondition: the edit's range lies inside the text, and the selection and marked range
  ///   lie inside the text after the edit.
  public mutating func apply(_ transaction: Transaction) {
    var caretAfterEditIsOnBoundary = false
    if let edit = transaction.edit, !edit.isEmpty {
      textRevision &+= 1
      let following = text.replaceReportingFollowingScalar(edit.range, with: edit.replacement)
      // Typing: a caret right after the typed text is on a cluster boundary when the last typed
      // scalar and the one after it certainly break (known without another walk of the text).
      if transaction.selection == .caret(edit.insertedRange.upperBound),
        let last = edit.replacement.unicodeScalars.last
      {
        switch following {
        case .endOfText: caretAfterEditIsOnBoundary = true
        case .scalar(let next):
          caretAfterEditIsOnBoundary = ClusterBreak.isCertainBreak(between: last, and: next)
        case .unknown: break
        }
      }
    }
    let length = text.utf16Count
    let newSelection = checked(transaction.selection)
    // A transaction built by hand may leave the selection outside its marked range: the
    // composition is committed then rather than left for the next deletion to trip over.
    markedRange = transaction.markedRange
      .map { UTF16Conversion.checkedRange($0, length: length) }
      .flatMap { Self.holds($0, newSelection) ? $0 : nil }
    selection =
      transaction.selectionKnownOnClusterBoundaries || caretAfterEditIsOnBoundary
      ? newSelection : normalized(newSelection, marked: markedRange)
  }

  /// Resolves and applies `command` at once (no delegate to ask); returns the transaction.
  @discardableResult
  public mutating func perform(_ command: EditingCommand) -> Transaction {
    let transaction = resolve(command)
    apply(transaction)
    return transaction
  }

  /// Replaces the whole text without an undo step or delegate (UIKit's `text` setter): the caret
  /// goes to the end and marked text is dropped.
  public mutating func setText(_ string: String) {
    let concealed = text.isConcealed
    text = TextBuffer(string)
    text.isConcealed = concealed
    markedRange = nil
    selection = .caret(text.utf16Count)
    textRevision &+= 1
  }

  private func checked(_ s: TextSelection) -> TextSelection {
    Self.checked(s, length: text.utf16Count)
  }

  private static func checked(_ s: TextSelection, length: Int) -> TextSelection {
    precondition(
      s.anchor >= 0 && s.anchor <= length && s.head >= 0 && s.head <= length,
      "EditorState: selection {\(s.range.lowerBound), \(s.range.count)} out of bounds; string length \(length)"
    )
    return s
  }

  /// `s` with each end on a grapheme cluster boundary: a caret moves forward out of a cluster,
  /// a range grows to cover the clusters it touches. A selection inside `marked` (the marked
  /// range that holds with it) is exempt: an input method may put its caret anywhere inside
  /// its composition, so there the ends only move off surrogate halves, outwards.
  private func normalized(_ s: TextSelection, marked: Range<Int>?) -> TextSelection {
    if let m = marked, Self.holds(m, s) {
      if s.isEmpty { return .caret(text.scalarAligned(s.head..<s.head).lowerBound) }
      let r = text.scalarAligned(s.range)
      return s.anchor <= s.head
        ? TextSelection(anchor: r.lowerBound, head: r.upperBound)
        : TextSelection(anchor: r.upperBound, head: r.lowerBound)
    }
    if s.isEmpty {
      return .caret(text.clusterBoundary(roundingUp: s.head))
    }
    let forward = s.anchor <= s.head
    let lo = text.clusterBoundary(roundingDown: s.range.lowerBound)
    let hi = text.clusterBoundary(roundingUp: s.range.upperBound)
    return forward ? TextSelection(anchor: lo, head: hi) : TextSelection(anchor: hi, head: lo)
  }
}
