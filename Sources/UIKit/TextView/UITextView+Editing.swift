import Foundation
import TextEditing

// The text view's editing life: beginning and ending, the one mutation path every user edit
// takes, keys from both keyboards, touches. The order of messages:
//   begin:  shouldBegin → first responder → keyboard notifications (will…) → didBegin →
//           UITextViewTextDidBeginEditingNotification
//   edit:   shouldChangeTextIn → text changes → didChangeSelection → didChange →
//           UITextViewTextDidChangeNotification
//   end:    shouldEnd → resign → didEnd → UITextViewTextDidEndEditingNotification → keyboard
//           notifications (unless another text object takes over)
extension UITextView {
  // MARK: Notifications

  /// Posted when editing begins; the object is the text view.
  nonisolated public static let textDidBeginEditingNotification = Notification.Name(
    "UITextViewTextDidBeginEditingNotification")
  /// Posted after the text changed through user input; the object is the text view.
  nonisolated public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
  /// Posted when editing ended; the object is the text view.
  nonisolated public static let textDidEndEditingNotification = Notification.Name(
    "UITextViewTextDidEndEditingNotification")

  // MARK: Delegate calls (each reported to hosts' timelines as it starts)

  /// Reports a delegate message to hosts' timelines; the arguments are formatted only when
  /// someone observes (a pasted megabyte's description would cost more than the paste).
  func _trace(_ message: String, _ arguments: @autoclosure () -> String = "") {
    guard UIKitTrace.isObserved else { return }
    UIKitTrace.report(.delegate(sender: self, message: message, arguments: arguments()), window: window)
  }

  func _askShouldChange(_ range: NSRange, _ string: String) -> Bool {
    guard let delegate else { return true }
    _trace("textView(_:shouldChangeTextIn:replacementText:)", UIKitTrace.changeArguments(range, string, of: self))
    return delegate.textView(self, shouldChangeTextInRanges: [NSValue(range: range)], replacementText: string)
  }

  func _tellDidChangeSelection() {
    _typingAttributes = nil
    if _isActive { _scrollCaretToVisible() }
    guard let delegate else { return }
    _trace("textViewDidChangeSelection(_:)")
    delegate.textViewDidChangeSelection(self)
  }

  /// `textViewDidChange`, then the notification.
  func _textDidChange() {
    if let delegate {
      _trace("textViewDidChange(_:)")
      delegate.textViewDidChange(self)
    }
    UIKitTrace.post(UITextView.textDidChangeNotification, object: self, window: window)
    window?.keyboard.responderTextDidChange()
  }

  func _didReplayStep() {
    _layout = nil
    _goalX = nil
    invalidateIntrinsicContentSize()
    _textKitDidReplaceText()
  }

  // MARK: Becoming and resigning first responder

  func _becomeFirstResponder() -> Bool {
    if isFirstResponder { return true }
    guard canBecomeFirstResponder, window != nil else { return false }
    // A read-only view begins no editing: the delegate is not asked (as on iOS).
    if isEditable, let delegate {
      _trace("textViewShouldBeginEditing(_:)")
      guard delegate.textViewShouldBeginEditing(self) else { return false }
    }
    return super.becomeFirstResponder()
  }

  func _resignFirstResponder() -> Bool {
    guard isFirstResponder, let window else { return super.resignFirstResponder() }
    // A forced end (endEditing(true), leaving the window) is not asked about.
    if _isEditing, !window._isForcingEndEditing, let delegate {
      _trace("textViewShouldEndEditing(_:)")
      guard delegate.textViewShouldEndEditing(self) else { return false }
    }
    return super.resignFirstResponder()
  }

  func _textViewDidBecomeFirstResponder() {
    _isActive = true
    _goalX = nil
    setNeedsLayout()
    // A read-only view's session: no editing delegate calls, no notification.
    guard isEditable else { return }
    _isEditing = true
    _history.breakCoalescing()
    _scrollCaretToVisible()
    if let delegate {
      _trace("textViewDidBeginEditing(_:)")
      delegate.textViewDidBeginEditing(self)
    }
    guard isFirstResponder else { return }
    UIKitTrace.post(UITextView.textDidBeginEditingNotification, object: self, window: window)
  }

  func _textViewDidResignFirstResponder() {
    // Marked text is committed as it stands.
    if _state.markedRange != nil { _state.apply(_state.resolve(.unmarkText)) }
    let wasEditing = _isEditing
    _isEditing = false
    _isActive = false
    _history.breakCoalescing()
    _dragAnchor = nil
    setNeedsLayout()
    guard wasEditing else { return }
    if let delegate {
      _trace("textViewDidEndEditing(_:)")
      delegate.textViewDidEndEditing(self)
    }
    UIKitTrace.post(UITextView.textDidEndEditingNotification, object: self, window: window)
  }

  // MARK: The one mutation path

  /// Resolves `command`, asks the delegate about its edit (user edits only), applies it,
  /// records undo, lays out the lines it touched, then calls `textViewDidChangeSelection`,
  /// `textViewDidChange` and posts `textDidChangeNotification`. Returns false when the
  /// delegate refused, or made the edit stale by changing the view while asked
  /// (`_askShouldChangeIfStillCurrent`): nothing changed and nothing was sent. Commands that
  /// only move the selection call `textViewDidChangeSelection` when it moved.
  @discardableResult
  func _perform(_ command: EditingCommand, origin: TextEditOrigin = .user) -> Bool {
    var transaction = _state.resolve(command)
    guard let edit = transaction.edit else {
      // Code moving the selection of a view that is not editing tells no one (as on iOS).
      return _applySelectionChange(transaction, tellsDelegate: _isActive || origin == .user, origin: origin)
    }
    if edit.isEmpty { return true }
    // The user cannot change a read-only view's text: refused before the delegate is asked.
    if origin == .user, !isEditable { return false }
    if origin == .user, !_askShouldChangeIfStillCurrent(edit) { return false }
    if clearsOnInsertion, _isInsertion(command) {
      clearsOnInsertion = false
      transaction = _state.resolve(.replaceAll(edit.replacement))
    }
    _commit(transaction, origin: origin)
    return true
  }

  /// Applies a transaction that changes the text and tells everyone, in order: the input
  /// delegate around the change (unless the keyboard made it), then the view's delegate and
  /// notification.
  func _commit(_ transaction: Transaction, origin: TextEditOrigin) {
    let tellsInputDelegate = _tellsInputDelegate(origin)
    let selectionMoves = transaction.selection != _state.selection
    if tellsInputDelegate, !_inputDelegateWillChangeKeepsState(text: true, selection: selectionMoves) { return }
    _recordUndo(transaction)
    if let edit = transaction.edit { _runsWillApply(edit) }
    _state.apply(transaction)
    _runsDidApply()
    if tellsInputDelegate { _inputDelegateDidChange(text: true, selection: selectionMoves) }
    if let edit = transaction.edit {
      _layoutAfterEdit(edit)
      _textKitDidEdit(edit)
    }
    _goalX = nil
    if !isScrollEnabled { invalidateIntrinsicContentSize() }
    setNeedsLayout()
    _tellDidChangeSelection()
    _textDidChange()
  }

  // MARK: Hardware keyboard

  func _textViewHandleHardwareKey(_ key: HardwareKey) -> Bool {
    let m = key.modifiers
    // A read-only view uses only the keys that select and copy; the others (typing, Backspace,
    // Delete, Return, Tab) go on up the responder chain, and no delegate is asked.
    if !isEditable, !_isReadOnlyKey(key) { return false }
    let extend = m.contains(.shift)
    func move(_ movement: TextMovement) {
      _goalX = nil
      _perform(extend ? .extendSelection(movement) : .move(movement))
    }
    switch key.code {
    case .character(let string):
      if m.contains(.command) || m.contains(.control) { return _handleShortcut(string.lowercased(), shift: extend) }
      _typeHardwareKey(string)
    case .backspace:
      if _state.markedRange != nil { return _deleteMarkedBackward() }
      if m.contains(.command) {
        _deleteToVisualLineStart()
      } else if m.contains(.option) {
        _perform(.deleteWordBackward)
      } else {
        _deliverUserInput { deleteBackward() }
      }
    case .deleteForward:
      _perform(m.contains(.option) ? .deleteWordForward : _smartDeletion(.deleteForward))
    case .left, .right:
      // By screen side: in a right-to-left paragraph the left arrow goes forward (as a field's).
      let towardsEnd = (key.code == .right) != _paragraphIsRightToLeft(at: _state.selection.head)
      if m.contains(.command) { _moveToVisualLineEdge(end: towardsEnd, extend: extend) } else if towardsEnd {
        move(m.contains(.option) ? .wordForward : .forward)
      } else {
        move(m.contains(.option) ? .wordBackward : .backward)
      }
    case .up:
      if m.contains(.command) { move(.documentStart) } else { _moveVertically(lines: -1, extend: extend) }
    case .down:
      if m.contains(.command) { move(.documentEnd) } else { _moveVertically(lines: 1, extend: extend) }
    case .pageUp:
      _moveVertically(lines: -_linesPerPage(down: false), extend: extend)
    case .pageDown:
      _moveVertically(lines: _linesPerPage(down: true), extend: extend)
    case .home:
      move(.documentStart)
    case .end:
      move(.documentEnd)
    case .returnKey:
      _keyboardReturn()
    case .tab:
      // A tab character, as a text view on iOS inserts with a hardware keyboard.
      _perform(.insertText("\t"))
    case .escape:
      if _state.markedRange != nil { _perform(.setMarkedText("", selectedRange: 0..<0)) } else { return false }
    case .modifier:
      return false
    }
    return true
  }

  /// The keys a read-only view uses: moving and selecting, and the shortcuts (⌘C, ⌘A; ⌘X and
  /// ⌘V reach a responder that can cut or paste, which this view cannot).
  func _isReadOnlyKey(_ key: HardwareKey) -> Bool {
    switch key.code {
    case .character:
      return key.modifiers.contains(.command) || key.modifiers.contains(.control)
    case .left, .right, .up, .down, .pageUp, .pageDown, .home, .end: return true
    case .backspace, .deleteForward, .returnKey, .tab, .escape, .modifier: return false
    }
  }

  /// How many lines Page Up and Page Down move: the visible lines less one; when paragraph
  /// styles space the lines, the rows whose tops are within a page, less the caret's line,
  /// of the caret's (at least one).
  private func _linesPerPage(down: Bool) -> Int {
    let visible = bounds.height - textContainerInset.top - textContainerInset.bottom
    let layout = _ensureLayout()
    let lineHeight = _lineHeight
    guard layout.boxes != nil else { return max(1, Int(bounded: visible / lineHeight) - 1) }
    let line = layout.lineIndex(containing: _state.selection.head)
    let from = layout.box(ofLine: line, lineHeight: lineHeight)
    let reach = max(from.height, visible - from.height)
    var rows = 0
    var index = line
    while true {
      let next = layout.line(index, movedBy: down ? 1 : -1)
      // Past the text's end: one more line takes the caret there.
      guard next >= 0, next < layout.lineCount else { return rows + 1 }
      if abs(layout.box(ofLine: next, lineHeight: lineHeight).top - from.top) > reach { return max(1, rows) }
      rows += 1
      index = next
    }
  }

  /// Up and Down: the caret moves `lines` visual lines, keeping its x position across moves;
  /// past the first or last line it goes to the start or end of the text.
  func _moveVertically(lines: Int, extend: Bool) {
    let selection = _state.selection
    // Without Shift, a selection collapses at the edge the move goes towards.
    let from = extend || selection.isEmpty ? selection.head : (lines < 0 ? selection.range.lowerBound : selection.range.upperBound)
    let caret = _caretPoint(for: from)
    let goal = _goalX ?? caret.x
    let layout = _ensureLayout()
    let target = layout.line(caret.line, movedBy: lines)
    let offset: Int
    if target < 0 {
      offset = 0
    } else if target >= layout.lineCount {
      offset = _state.text.utf16Count
    } else {
      offset = _offset(onLine: target, x: goal)
    }
    _perform(.select(extend ? TextSelection(anchor: selection.anchor, head: offset) : .caret(offset)))
    _goalX = goal
  }

  /// ⌘← and ⌘→: the start or end of the visual line (before its line break).
  private func _moveToVisualLineEdge(end: Bool, extend: Bool) {
    let layout = _ensureLayout()
    let selection = _state.selection
    let line = layout.lineIndex(containing: selection.head)
    let content = _lineContent(line, in: layout)
    let offset = end ? content.range.upperBound : content.range.lowerBound
    _goalX = nil
    _perform(.select(extend ? TextSelection(anchor: selection.anchor, head: offset) : .caret(offset)))
  }

  /// ⌘⌫: deletes from the start of the visual line to the caret (or the selection).
  private func _deleteToVisualLineStart() {
    let selection = _state.selection
    guard selection.isEmpty else {
      _perform(.deleteBackward)
      return
    }
    let layout = _ensureLayout()
    let start = layout.lineRange(layout.lineIndex(containing: selection.head)).lowerBound
    if start == selection.head {
      _perform(.deleteBackward)
    } else {
      _perform(.replace(start..<selection.head, with: ""))
    }
  }

  // MARK: Touches

  func _textViewTouchesBegan(_ touches: Set<UITouch>) {
    guard let touch = touches.first else { return }
    _dragAnchor = isFirstResponder ? _offset(at: touch.location(in: self)) : nil
  }

  func _textViewTouchesMoved(_ touches: Set<UITouch>) {
    guard isFirstResponder, let anchor = _dragAnchor, let touch = touches.first else { return }
    let head = _offset(at: touch.location(in: self))
    _goalX = nil
    _perform(.select(TextSelection(anchor: anchor, head: head)))
  }

  /// A tap puts the caret where it landed, beginning to edit first if needed; the end of a
  /// drag leaves its selection.
  func _textViewTouchesEnded(_ touches: Set<UITouch>) {
    guard let touch = touches.first else { return }
    let point = touch.location(in: self)
    let wasDragging = _dragAnchor.map { $0 != _offset(at: point) } ?? false
    _dragAnchor = nil
    if wasDragging || !bounds.contains(point) { return }
    let longPress = UIApplication.shared._scheduler.now - _editMenuState.touchBegan >= _longPressDuration
    if _textItemTouchEnded(at: point, tapCount: _editMenuState.tapCount, longPress: longPress) { return }
    let wasEditing = isFirstResponder
    if !wasEditing {
      guard becomeFirstResponder() else { return }
    }
    _goalX = nil
    let offset = _offset(at: point)
    let tappedCaret = wasEditing && _state.selection.range == offset..<offset
    _perform(.select(.caret(offset)))
    // In read-only text a long press selects the word under the finger (iOS puts no caret
    // there to act on); the menu then offers to copy it.
    if !isEditable, _editMenuState.tapCount < 2,
      UIApplication.shared._scheduler.now - _editMenuState.touchBegan >= _longPressDuration
    {
      _selectWordAtCaret()
    }
    _editMenuTapEnded(at: point, tappedCaret: tappedCaret)
  }
}

extension UITextView: _AttributedTextObject {}

extension UITextView: SoftwareKeyboardClient {
  /// Return, on either keyboard, inserts a line break (whatever the key's label); during an
  /// input method's composition it commits the marked text instead.
  func _keyboardReturn() {
    _byKeyboard {
      if _state.markedRange != nil {
        _perform(.unmarkText)
      } else {
        _perform(.insertText("\n"))
      }
    }
  }
}
