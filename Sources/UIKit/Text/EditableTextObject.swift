import Foundation
import TextEditing

/// Where an edit comes from: the user (the delegate is asked) or code calling `UIKeyInput` /
/// `UITextInput` methods (the delegate is not asked, as on iOS).
enum TextEditOrigin {
  case user
  case program
}

/// What `UITextField` and `UITextView` share: one `EditorState` (text, selection and marked
/// range in UTF-16 offsets), one `UndoHistory`, and the steps around them that do not depend
/// on which delegate protocol is asked or which notifications follow: undo registration and
/// replay, Backspace inside marked text, the ⌘ shortcuts, and what the software keyboard reads.
///
/// Each class keeps its own `_perform` (the one mutation path), because the delegate question
/// and the messages after an edit differ: a field asks `shouldChangeCharactersIn` and sends
/// `.editingChanged`; a text view asks `shouldChangeTextIn` and calls `textViewDidChange`.
@MainActor
protocol EditableTextObject: UIResponder {
  /// The text, its selection and marked range.
  var _state: EditorState { get set }
  /// The object's own undo steps (coalesced typing).
  var _history: UndoHistory { get set }
  /// The undo manager the object registered steps with (its window's, usually): when the object
  /// goes away, its steps go from there, as Apple advises (see `deinit`).
  var _registeredUndoManager: UndoManager? { get set }
  /// Whether the selection was last changed from a hardware keyboard (Shift-arrows, ⌘A): iOS
  /// then draws the highlight without grab handles, which belong to touch.
  var _selectionByHardwareKeyboard: Bool { get set }
  /// Resolves `command`, asks the delegate (user edits), applies, records undo, and tells
  /// everyone. Returns false when the delegate refused.
  @discardableResult
  func _perform(_ command: EditingCommand, origin: TextEditOrigin) -> Bool
  /// Asks the delegate whether the UTF-16 `range` of the current text may become `string`.
  func _askShouldChange(_ range: NSRange, _ string: String) -> Bool
  /// The selection changed: the delegate's `…DidChangeSelection`.
  func _tellDidChangeSelection()
  /// The text changed through the user or undo: the delegate, control events, notification.
  func _textDidChange()
  /// Undo or redo replaced text (the edit is not at hand: a text view lays its lines out anew).
  func _didReplayStep()
  /// The ⌘ shortcuts' actions.
  func selectAll(_ sender: Any?)
  func copy(_ sender: Any?)
  func cut(_ sender: Any?)
  func paste(_ sender: Any?)
  /// The overridable `UIKeyInput` entry points every key goes through.
  func insertText(_ text: String)
  func deleteBackward()
  /// Set while a key is delivered through `insertText(_:)` or `deleteBackward()`, so that they
  /// treat it as user input (see ``_deliverUserInput(_:)``).
  var _userInputPending: Bool { get set }
  /// Set while either keyboard (its keys, an input method) edits: the input delegate is not told
  /// of the keyboard's own changes (see ``_byKeyboard(_:)``).
  var _keyboardEditing: Bool { get set }
  /// Told of changes the keyboard did not make (UITextInput's `inputDelegate`).
  var inputDelegate: (any UITextInputDelegate)? { get set }
  /// The writing direction set through `setBaseWritingDirection(_:for:)` (`.natural`: none).
  var _baseWritingDirection: NSWritingDirection { get set }
  /// Whether the user may not change the text (a text view that is not editable): keys that
  /// edit and ⌘X, ⌘V, ⌘Z are not the object's.
  var _isReadOnly: Bool { get }
  /// The first non-empty visual line that ends after `offset` (its line break left out).
  func _lineUnit(endingAfter offset: Int) -> Range<Int>?
  /// The last non-empty visual line that starts before `offset`.
  func _lineUnit(startingBefore offset: Int) -> Range<Int>?
}

extension EditableTextObject {
  func _didReplayStep() {}
  var _isReadOnly: Bool { false }

  // MARK: Edit actions a text object answers itself

  /// `select(_:)`: selects the word at the caret (the word the caret is in or at the start of,
  /// else the one before it), as the edit menu's Select does.
  func _selectWordAtCaret() {
    let text = _state.text
    let caret = _state.selection.range.lowerBound
    var end = text.wordBoundary(after: caret)
    var start = text.wordBoundary(before: end)
    if start > caret {
      start = text.wordBoundary(before: caret)
      end = text.wordBoundary(after: start)
    }
    guard start < end else { return }
    _perform(.select(TextSelection(anchor: start, head: end)), origin: .user)
  }

  /// `delete(_:)`: deletes the selection (the user chose Delete: the delegate is asked); a caret
  /// deletes nothing.
  func _deleteSelection() {
    guard !_state.selection.isEmpty else { return }
    _perform(_smartDeletion(.deleteBackward), origin: .user)
  }

  // MARK: Keys through the overridable entry points

  /// Delivers a key through an overridable entry point (`insertText(_:)`, `deleteBackward()`),
  /// as iOS's keyboards do: a subclass's override sees every key, and the base implementation,
  /// if the override calls it, treats the key as user input (asking the delegate).
  func _deliverUserInput(_ body: () -> Void) {
    _userInputPending = true
    body()
    // An override that never called the base implementation leaves the mark: clear it, so that
    // a later call from code is not taken for a key.
    _userInputPending = false
  }

  /// Whether the call under way is a key (user input) or code, consuming the mark: a delegate
  /// that calls `insertText(_:)` while being asked about the key is code.
  func _takeUserInputOrigin() -> TextEditOrigin {
    defer { _userInputPending = false }
    return _userInputPending ? .user : .program
  }

  // MARK: The input delegate

  /// Runs `body` as the keyboard's own edit: its changes are not reported to the input
  /// delegate (on iOS the input delegate is the keyboard, which knows what it did; telling it
  /// makes it drop its state, which breaks Korean composition and autocorrection).
  @discardableResult
  func _byKeyboard<T>(_ body: () -> T) -> T {
    let was = _keyboardEditing
    _keyboardEditing = true
    defer { _keyboardEditing = was }
    return body()
  }

  /// Runs `body` as an edit the keyboard does not make, inside a key's handling: a ⌘ shortcut
  /// runs an action (paste, undo) as the edit menu would.
  @discardableResult
  func _notByKeyboard<T>(_ body: () -> T) -> T {
    let was = _keyboardEditing
    _keyboardEditing = false
    defer { _keyboardEditing = was }
    return body()
  }

  /// Whether the input delegate hears of a change from `origin`: code's changes always, the
  /// user's unless the keyboard made them (a tap, the edit menu, the clear button, undo).
  func _tellsInputDelegate(_ origin: TextEditOrigin) -> Bool {
    origin == .program || !_keyboardEditing
  }

  /// `textWillChange`, then `selectionWillChange` (each when it applies).
  func _inputDelegateWillChange(text: Bool, selection: Bool) {
    guard let inputDelegate else { return }
    if text { inputDelegate.textWillChange(self as? any UITextInput) }
    if selection { inputDelegate.selectionWillChange(self as? any UITextInput) }
  }

  /// Sends the will-calls and answers whether the object is still as it was. An input delegate
  /// that changes the text, selection or marked text while told that a change is coming has
  /// made that change stale (its range may now be past the end): its own change stands, the
  /// coming one is dropped, and the will-calls are closed with their did-calls at once.
  func _inputDelegateWillChangeKeepsState(text: Bool, selection: Bool) -> Bool {
    guard inputDelegate != nil else { return true }
    let revision = _state.textRevision
    let before = (_state.selection, _state.markedRange)
    _inputDelegateWillChange(text: text, selection: selection)
    if _state.textRevision == revision, _state.selection == before.0, _state.markedRange == before.1 { return true }
    _inputDelegateDidChange(text: text, selection: selection)
    return false
  }

  /// `selectionDidChange`, then `textDidChange`: the calls of ``_inputDelegateWillChange(text:selection:)``
  /// closed in reverse order.
  func _inputDelegateDidChange(text: Bool, selection: Bool) {
    guard let inputDelegate else { return }
    if selection { inputDelegate.selectionDidChange(self as? any UITextInput) }
    if text { inputDelegate.textDidChange(self as? any UITextInput) }
  }

  /// Sets the whole text (`text =`), telling the input delegate around it: the text's pair when
  /// the string differs, the selection's when the caret moves (it goes to the end).
  func _replaceAllTextTellingInputDelegate(_ string: String) {
    // Comparing the texts costs their length: only when someone listens.
    guard inputDelegate != nil else { return _state.setText(string) }
    let textChanges = _state.cachedString() != string
    let selectionMoves = _state.selection != .caret(string.utf16.count) || _state.markedRange != nil
    _inputDelegateWillChange(text: textChanges, selection: selectionMoves)
    _state.setText(string)
    _inputDelegateDidChange(text: textChanges, selection: selectionMoves)
  }

  // MARK: Undo

  /// Records `transaction` in the object's history; a new step is also registered with the
  /// responder chain's undo manager (named "Typing" for typing, as iOS names it).
  func _recordUndo(_ transaction: Transaction) {
    let opened = _history.record(transaction, before: _state)
    guard opened, let undoManager, undoManager.isUndoRegistrationEnabled else { return }
    _registeredUndoManager = undoManager
    undoManager.registerUndo(withTarget: self) { object in object._replayStep(undo: true) }
    undoManager.setActionName(transaction.kind == .typing ? "Typing" : "")
  }

  /// Undoes (or redoes) the object's last step. The delegate is asked about the edit (as on
  /// iOS, where a delegate assuming in-range ranges crashes on undo); a refusal leaves the
  /// text as is and the step where it was, so that the next undo (or redo) tries it again.
  func _replayStep(undo: Bool) {
    guard let edit = undo ? _history.peekUndo() : _history.peekRedo() else { return }
    let revision = _state.textRevision
    guard _askShouldChange(edit.nsRange, edit.replacement) else {
      // Without this the manager would consume the step (nothing was registered in its place)
      // while the history kept it, and every later undo would replay the step before.
      undoManager?._keepCurrentOperation()
      return
    }
    // A delegate that changed the text while asked (set `text`, typed) made the step's edit
    // name text that may be gone: its own change stands (see `_askShouldChangeIfStillCurrent`).
    // Only the text matters here: undo restores the selection it recorded.
    guard _state.textRevision == revision else { return }
    // Undo is not the keyboard's change (even when ⌘Z asked for it).
    guard _inputDelegateWillChangeKeepsState(text: true, selection: true) else {
      undoManager?._keepCurrentOperation()
      return
    }
    // The runs follow the step's edit (what it brings back takes the attributes around it).
    let attributed = self as? any _AttributedTextObject
    attributed?._runsWillApply(edit)
    if undo { _history.undo(&_state) } else { _history.redo(&_state) }
    attributed?._runsDidApply()
    _inputDelegateDidChange(text: true, selection: true)
    _didReplayStep()
    // Registered while the manager undoes (or redoes), this lands on the opposite stack.
    undoManager?.registerUndo(withTarget: self) { object in object._replayStep(undo: !undo) }
    (self as? UIView)?.setNeedsLayout()
    _tellDidChangeSelection()
    _textDidChange()
  }

  /// Asks the delegate whether `edit` (of the current text) may be made, and checks that it
  /// still can be: false when the delegate refused, and false when it changed the text, the
  /// selection or the marked text while it was asked.
  ///
  /// A delegate that sets `text`, moves the selection or calls `insertText` inside
  /// `shouldChangeCharactersIn` / `shouldChangeTextIn` and then returns true has made the
  /// proposed edit stale: its range named characters of the old text (which may now be past
  /// the end) and the user aimed it at the old caret. Apple documents the answer as whether
  /// "the specified text range should be replaced", and the pattern its developers use to
  /// reformat a field is to set `text` themselves; so the delegate's own change stands and the
  /// stale edit is dropped, with nothing sent for it (as for a refusal). Applying it to the new
  /// text instead would insert the keystroke at an unrelated place, or trap on a range past
  /// the end. Checked in O(1) through the text's revision.
  func _askShouldChangeIfStillCurrent(_ edit: TextEdit) -> Bool {
    let revision = _state.textRevision
    let selection = _state.selection.range
    let marked = _state.markedRange
    guard _askShouldChange(edit.nsRange, edit.replacement) else { return false }
    // The edit stands if the delegate left the text, the marked text and the selected range as
    // they were. Ranges are compared, as iOS compares NSRanges: a delegate that sets the same
    // range again (`tv.selectedRange = tv.selectedRange`, which forgets which end a Shift-arrow
    // selection grew from) has not moved the selection.
    return _state.textRevision == revision && _state.selection.range == selection && _state.markedRange == marked
  }

  /// Applies a transaction that only moves the selection (or the marked range), recording it
  /// in the history (a caret move ends a run of typing); when something moved, the object
  /// redraws and, if `tellsDelegate`, its delegate hears `…DidChangeSelection`.
  @discardableResult
  func _applySelectionChange(_ transaction: Transaction, tellsDelegate: Bool, origin: TextEditOrigin) -> Bool {
    let before = (_state.selection, _state.markedRange)
    let moves = transaction.selection != before.0 || transaction.markedRange != before.1
    let tellsInputDelegate = moves && _tellsInputDelegate(origin)
    if tellsInputDelegate, !_inputDelegateWillChangeKeepsState(text: false, selection: true) { return false }
    _history.record(transaction, before: _state)
    _state.apply(transaction)
    if tellsInputDelegate { _inputDelegateDidChange(text: false, selection: true) }
    if before.0 != _state.selection || before.1 != _state.markedRange {
      _selectionByHardwareKeyboard = UIWindow._handlingHardwareKey
      // Typing attributes last until the selection moves, whoever moves it (iOS resets them
      // even when no delegate hears of the move).
      if before.0 != _state.selection, let attributed = self as? any _AttributedTextObject {
        attributed._typingAttributes = nil
      }
      (self as? UIView)?.setNeedsLayout()
      if tellsDelegate { _tellDidChangeSelection() }
    }
    return true
  }

  /// Whether `command` inserts text (typing, pasting, composing): what `clearsOnInsertion`
  /// waits for.
  func _isInsertion(_ command: EditingCommand) -> Bool {
    switch command {
    case .insertText, .paste, .setMarkedText, .typeReplacing: true
    default: false
    }
  }

  // MARK: Keys shared by both text objects

  /// Backspace while composing: the composition loses its last character (one more step of
  /// marked text, asked like every step).
  func _deleteMarkedBackward() -> Bool {
    guard let marked = _state.markedRange else { return false }
    var composing = _state.text.substring(marked)
    if !composing.isEmpty { composing.removeLast() }
    let length = composing.utf16.count
    _perform(.setMarkedText(composing, selectedRange: length..<length), origin: .user)
    return true
  }

  /// The keys a text object uses itself: what `_handleHardwareKey` acts on. Key commands get
  /// these only when they want priority over system behaviour (iOS 15's order: text input
  /// first). Escape is the text's only while it ends a composition.
  func _textObjectTakesKey(_ key: HardwareKey) -> Bool {
    guard isFirstResponder else { return false }
    switch key.code {
    case .character(let string):
      if key.modifiers.contains(.command) || key.modifiers.contains(.control) {
        let lowered = string.lowercased()
        if ["b", "i", "u"].contains(lowered) {
          return (self as? any _AttributedTextObject)?.allowsEditingTextAttributes ?? false
        }
        return (_isReadOnly ? ["a", "c"] : ["a", "c", "x", "v", "z"]).contains(lowered)
      }
      return !_isReadOnly
    case .backspace, .deleteForward, .returnKey, .tab: return !_isReadOnly
    case .escape: return _state.markedRange != nil
    case .modifier: return false
    default: return true
    }
  }

  /// The text object's part of `pressesBegan`: the key of each press it uses is handled here;
  /// the others go on up the responder chain (`passOn`, the superclass's method).
  func _textObjectPressesBegan(
    _ presses: Set<UIPress>, with event: UIPressesEvent?, passOn: (Set<UIPress>, UIPressesEvent?) -> Void
  ) {
    // One press per key is the common case: pass it on without building another set. The
    // window delivers a key to its first responder, so `responder` answers the question
    // `isFirstResponder` would, without the window's lookup on every key.
    if presses.count == 1, let press = presses.first {
      guard press._responder === self || isFirstResponder else { return passOn(presses, event) }
      if _handleHardwareKey(press._hardwareKey) { press._usedBy = ObjectIdentifier(self) } else { passOn(presses, event) }
      return
    }
    guard isFirstResponder else { return passOn(presses, event) }
    let unused = presses.filter { press in
      guard _handleHardwareKey(press._hardwareKey) else { return true }
      press._usedBy = ObjectIdentifier(self)
      return false
    }
    if !unused.isEmpty { passOn(unused, event) }
  }

  /// The text object's part of `pressesEnded` (and `pressesCancelled`): a press it used when
  /// it began ends here, as a responder that handles a press handles all of its phases; the
  /// others go on up the chain.
  func _textObjectPressesEnded(
    _ presses: Set<UIPress>, with event: UIPressesEvent?, passOn: (Set<UIPress>, UIPressesEvent?) -> Void
  ) {
    if presses.count == 1, let press = presses.first {
      if press._usedBy != ObjectIdentifier(self) { passOn(presses, event) }
      return
    }
    let others = presses.filter { $0._usedBy != ObjectIdentifier(self) }
    if !others.isEmpty { passOn(others, event) }
  }

  /// ⌘A, ⌘C, ⌘X, ⌘V, ⌘Z and ⇧⌘Z; false for other keys.
  func _handleShortcut(_ key: String, shift: Bool) -> Bool {
    _notByKeyboard { _runShortcut(key, shift: shift) }
  }

  private func _runShortcut(_ key: String, shift: Bool) -> Bool {
    switch key {
    // As iOS sends the edit menu's key commands: to the responder that can perform the action
    // (`target(forAction:withSender:)`), so a subclass's `canPerformAction` can refuse one.
    case "a": _sendEditAction(.selectAll)
    case "c": _sendEditAction(.copy)
    case "x": _sendEditAction(.cut)
    case "v": _sendEditAction(.paste)
    case "b", "i", "u":
      // The text attribute toggles, when the object lets the user edit attributes.
      guard (self as? any _AttributedTextObject)?.allowsEditingTextAttributes ?? false else { return false }
      _sendEditAction(key == "b" ? .toggleBoldface : key == "i" ? .toggleItalics : .toggleUnderline)
    case "z":
      // Undo would change a read-only text (or, through the window's shared manager, another).
      guard !_isReadOnly, let undoManager else { return false }
      if shift { if undoManager.canRedo { undoManager.redo() } } else if undoManager.canUndo { undoManager.undo() }
    default: return false
    }
    return true
  }

  private func _sendEditAction(_ action: Selector) {
    guard let target = target(forAction: action, withSender: nil) as? UIResponder else { return }
    _ = action._performStandardEditAction(on: target, sender: nil)
  }

  // MARK: What the software keyboard reads

  /// Up to `limit` UTF-16 units before the selection, whole clusters (for auto-capitalisation).
  func _textBeforeCaret(limit: Int) -> String {
    let caret = _state.selection.range.lowerBound
    let start = max(0, caret - limit)
    return _state.text.substring(_state.text.clusterBoundary(roundingDown: start)..<caret)
  }

  /// Whether the text is empty (for `enablesReturnKeyAutomatically`).
  var _keyboardTextIsEmpty: Bool { _state.text.utf16Count == 0 }

  /// Backspace from the software keyboard: inside marked text it edits the composition.
  func _keyboardDeleteBackward() {
    _byKeyboard {
      if _state.markedRange != nil {
        _ = _deleteMarkedBackward()
      } else {
        _deliverUserInput { deleteBackward() }
      }
    }
  }

  /// A key typed on the software keyboard (user input: the delegate is asked).
  func _keyboardInsert(_ text: String) { _byKeyboard { _typeKey(text) } }
}

// MARK: UITextInput, shared
//
// `UITextField` and `UITextView` answer `UITextInput` from the same state; their public
// methods call these. Programmatic `insertText`, `deleteBackward` and `replace` do not ask the
// delegate but do tell observers; each step of marked text is user input and asks.
extension EditableTextObject {
  var _inputLength: Int { _state.text.utf16Count }

  func _inputText(in range: UITextRange) -> String? {
    let r = range._range
    guard r.upperBound <= _inputLength else { return nil }
    return _state.text.substring(r)
  }

  func _inputReplace(_ range: UITextRange, withText text: String) {
    let r = range._range
    guard r.upperBound <= _inputLength else { return }
    _perform(.replace(r, with: text), origin: .program)
  }

  func _inputSelect(_ range: UITextRange?) {
    guard let range else { return }
    let anchor = min(range._start._offset, _inputLength)
    let head = min(range._end._offset, _inputLength)
    _perform(.select(TextSelection(anchor: anchor, head: head)), origin: .program)
  }

  func _inputSetMarkedText(_ markedText: String?, selectedRange: NSRange) {
    let text = markedText ?? ""
    let length = text.utf16.count
    // Clamped to the marked text piece by piece: `location + length` of a caller's NSRange
    // may be past Int.max.
    let lower = min(max(0, selectedRange.location), length)
    let upper = lower + min(max(0, selectedRange.length), length - lower)
    // Marked text comes from an input method: the keyboard's own change.
    _byKeyboard { _ = _perform(.setMarkedText(text, selectedRange: lower..<upper), origin: .user) }
  }

  func _inputUnmarkText() {
    _byKeyboard { _ = _perform(.unmarkText, origin: .user) }
  }

  /// Whether the delegate lets the text in `range` become `text` (false for a range outside
  /// the text), as the keyboard asks before it replaces text.
  func _inputShouldChangeText(in range: UITextRange, replacementText text: String) -> Bool {
    let r = range._range
    guard r.lowerBound >= 0, r.upperBound <= _inputLength else { return false }
    return _askShouldChange(UTF16Conversion.nsRange(r), text)
  }

  /// The position in `range` farthest towards `direction`: its start going left or up, its end
  /// going right or down (the text objects lay text out left to right, top to bottom).
  func _inputPosition(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
    let r = range._range
    guard r.lowerBound >= 0, r.upperBound <= _inputLength else { return nil }
    switch direction {
    case .left, .up: return UITextPosition(offset: r.lowerBound)
    case .right, .down: return UITextPosition(offset: r.upperBound)
    }
  }

  /// `closestPosition(to:)` kept inside `range`.
  func _inputClosestPosition(_ closest: UITextPosition?, within range: UITextRange) -> UITextPosition? {
    let r = range._range
    guard let closest, r.lowerBound >= 0, r.upperBound <= _inputLength else { return nil }
    return UITextPosition(offset: min(max(closest._offset, r.lowerBound), r.upperBound))
  }

  /// The alignment one line of text of `alignment` is drawn with: `.natural` follows the text's
  /// base direction (``_textIsRightToLeft``), as TextKit resolves it; so does `.justified`, whose
  /// only line is its paragraph's last.
  func _resolvedAlignment(_ alignment: NSTextAlignment) -> NSTextAlignment {
    (alignment == .justified ? .natural : alignment)._resolved(rightToLeft: _textIsRightToLeft)
  }

  /// The base direction of the text's first paragraph: the writing direction set for it, else
  /// its first strong letter (Arabic or Hebrew typed into a field turns it right to left, as
  /// iOS's field follows the keyboard's language), else the view's layout direction.
  var _textIsRightToLeft: Bool {
    if _baseWritingDirection != .natural { return _baseWritingDirection == .rightToLeft }
    if let rightToLeft = _state.text.paragraphIsRightToLeft(containing: 0) { return rightToLeft }
    return (self as? UIView)?._isRightToLeft ?? false
  }

  /// The writing direction set for the text, else the one its paragraph at `position` takes
  /// from its first letter (left to right when it has none).
  func _inputBaseWritingDirection(for position: UITextPosition) -> NSWritingDirection {
    if _baseWritingDirection != .natural { return _baseWritingDirection }
    let offset = min(max(0, position._offset), _inputLength)
    return _state.text.paragraphIsRightToLeft(containing: offset) == true ? .rightToLeft : .leftToRight
  }

  func _inputTextRange(from: UITextPosition, to: UITextPosition) -> UITextRange? {
    let bounds = 0..._inputLength
    guard bounds.contains(from._offset), bounds.contains(to._offset) else { return nil }
    return UITextRange(start: from, end: to)
  }

  /// The position `offset` UTF-16 units after `position` (before it when `backwards`), or nil
  /// outside the text, as UITextInput documents; no offset overflows, Int.min included.
  func _inputPosition(from position: UITextPosition, offset: Int, backwards: Bool = false) -> UITextPosition? {
    let (target, overflow) =
      backwards
      ? position._offset.subtractingReportingOverflow(offset)
      : position._offset.addingReportingOverflow(offset)
    guard !overflow, (0..._inputLength).contains(target) else { return nil }
    return UITextPosition(offset: target)
  }
}

extension UITextInput {
  /// How two positions are ordered (by UTF-16 offset).
  public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
    position._order(to: other)
  }

  /// The UTF-16 distance from one position to another.
  public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
    from._distance(to: toPosition)
  }
}

extension UITextPosition {
  /// How this position and `other` are ordered (by UTF-16 offset): what every text object's
  /// `compare(_:to:)` answers.
  func _order(to other: UITextPosition) -> ComparisonResult {
    _offset < other._offset ? .orderedAscending : _offset > other._offset ? .orderedDescending : .orderedSame
  }

  /// The UTF-16 distance to `other`. (Positions only come from text objects, which make them
  /// inside their text, so the difference cannot overflow.)
  func _distance(to other: UITextPosition) -> Int {
    other._offset - _offset
  }
}
