import Foundation
import TextEditing

// The text field's editing life: beginning and ending, the one mutation path every user edit
// takes, keys from both keyboards, the pasteboard, Return, the clear button, touches and undo.
// The order of messages (UIKit's documentation, "Editing text fields and text views"), with the
// measured orders pinned in tests (Tests/UIKitTests/TextFieldSequenceTests.swift):
//   begin:  shouldBegin → first responder → (clearsOnBeginEditing: shouldClear) → didBegin →
//           textDidBeginEditing notification → .editingDidBegin → keyboard notifications
//   edit:   shouldChangeCharactersIn → text changes → didChangeSelection → .editingChanged →
//           textDidChange notification
//   end:    shouldEnd → resign → didEnd(reason:) → textDidEndEditing notification →
//           .editingDidEnd → keyboard notifications
extension UITextField {
  // MARK: Notifications

  /// Posted when editing begins; the object is the field.
  nonisolated public static let textDidBeginEditingNotification = Notification.Name(
    "UITextFieldTextDidBeginEditingNotification")
  /// Posted after the text changed through user input; the object is the field.
  nonisolated public static let textDidChangeNotification = Notification.Name(
    "UITextFieldTextDidChangeNotification")
  /// Posted when editing ended; the object is the field.
  nonisolated public static let textDidEndEditingNotification = Notification.Name(
    "UITextFieldTextDidEndEditingNotification")
  /// The userInfo key of the reason editing ended (a `DidEndEditingReason` raw value).
  nonisolated public static let didEndEditingReasonUserInfoKey = "UITextFieldDidEndEditingReasonKey"

  // MARK: Delegate calls (each reported to hosts' timelines as it starts)

  /// Reports a delegate message to hosts' timelines; the arguments are formatted only when
  /// someone observes (a typed key's `{loc, len} "x"` would cost more than the edit).
  func _trace(_ message: String, _ arguments: @autoclosure () -> String = "") {
    guard UIKitTrace.isObserved else { return }
    UIKitTrace.report(.delegate(sender: self, message: message, arguments: arguments()), window: window)
  }

  func _askShouldBegin() -> Bool {
    guard let delegate else { return true }
    _trace("textFieldShouldBeginEditing(_:)")
    return delegate.textFieldShouldBeginEditing(self)
  }

  func _askShouldEnd() -> Bool {
    guard let delegate else { return true }
    _trace("textFieldShouldEndEditing(_:)")
    return delegate.textFieldShouldEndEditing(self)
  }

  func _askShouldChange(_ range: NSRange, _ string: String) -> Bool {
    guard let delegate else { return true }
    _trace(
      "textField(_:shouldChangeCharactersIn:replacementString:)",
      UIKitTrace.changeArguments(range, string, of: self))
    return delegate.textField(self, shouldChangeCharactersInRanges: [NSValue(range: range)], replacementString: string)
  }

  func _askShouldClear() -> Bool {
    guard let delegate else { return true }
    _trace("textFieldShouldClear(_:)")
    return delegate.textFieldShouldClear(self)
  }

  func _askShouldReturn() -> Bool {
    guard let delegate else { return true }
    _trace("textFieldShouldReturn(_:)")
    return delegate.textFieldShouldReturn(self)
  }

  func _tellDidChangeSelection() {
    _typingAttributes = nil
    guard let delegate else { return }
    _trace("textFieldDidChangeSelection(_:)")
    delegate.textFieldDidChangeSelection(self)
  }

  // MARK: Becoming and resigning first responder

  func _becomeFirstResponder() -> Bool {
    if isFirstResponder { return true }
    guard canBecomeFirstResponder, window != nil else { return false }
    guard _askShouldBegin() else { return false }
    return super.becomeFirstResponder()
  }

  func _resignFirstResponder() -> Bool {
    guard isFirstResponder, let window else { return super.resignFirstResponder() }
    // A forced end (endEditing(true), leaving the window) is not asked about.
    if !window._isForcingEndEditing {
      guard _askShouldEnd() else { return false }
    }
    return super.resignFirstResponder()
  }

  func _textFieldDidBecomeFirstResponder() {
    isEditing = true
    _typingAttributes = nil
    _history.breakCoalescing()
    if clearsOnBeginEditing, _state.text.utf16Count > 0, _askShouldClear() {
      // Cleared before didBegin; no shouldChangeCharactersIn, no editingChanged (measured).
      _state.setText("")
      _history.removeAll()
      undoManager?.removeAllActions(withTarget: self)
    } else {
      _state.apply(_state.resolve(.move(.documentEnd)))
    }
    if isSecureTextEntry && _state.text.utf16Count > 0 { _replacesOnNextEdit = true }
    setNeedsLayout()
    if let delegate {
      _trace("textFieldDidBeginEditing(_:)")
      delegate.textFieldDidBeginEditing(self)
    }
    guard isFirstResponder else { return }
    UIKitTrace.post(UITextField.textDidBeginEditingNotification, object: self, window: window)
    _sendActions(for: .editingDidBegin, event: nil)
  }

  func _textFieldDidResignFirstResponder() {
    // Marked text is committed as it stands.
    if _state.markedRange != nil { _state.apply(_state.resolve(.unmarkText)) }
    isEditing = false
    _typingAttributes = nil
    _replacesOnNextEdit = false
    _history.breakCoalescing()
    setNeedsLayout()
    if let delegate {
      _trace("textFieldDidEndEditing(_:reason:)", ".committed")
      delegate.textFieldDidEndEditing(self, reason: .committed)
    }
    UIKitTrace.post(UITextField.textDidEndEditingNotification, object: self, window: window)
    _sendActions(for: .editingDidEnd, event: nil)
  }

  // MARK: The one mutation path

  /// Resolves `command`, asks the delegate about its edit (user edits only), applies it,
  /// records undo, then calls `textFieldDidChangeSelection`, sends `.editingChanged` and posts
  /// `textDidChangeNotification`. Returns false when the delegate refused, or made the edit
  /// stale by changing the field while asked (`_askShouldChangeIfStillCurrent`): nothing
  /// changed and nothing was sent. Commands that only move the selection call
  /// `textFieldDidChangeSelection` when it moved.
  @discardableResult
  func _perform(_ command: EditingCommand, origin: TextEditOrigin = .user) -> Bool {
    var transaction = _state.resolve(command)
    guard let edit = transaction.edit else {
      return _applySelectionChange(transaction, tellsDelegate: true, origin: origin)
    }
    // Nothing to change (Backspace at the start): the delegate is not asked (measured on iOS).
    if edit.isEmpty { return true }
    // The delegate hears of the edit the user made at the caret, even when a secure field
    // that regained focus (or clearsOnInsertion) replaces the whole text (as iOS does).
    if origin == .user, !_askShouldChangeIfStillCurrent(edit) { return false }
    if _replacesOnNextEdit || clearsOnInsertion, _isInsertionOrDeletion(command) {
      _replacesOnNextEdit = false
      if clearsOnInsertion, _isInsertion(command) { clearsOnInsertion = false }
      transaction = _state.resolve(.replaceAll(_isInsertion(command) ? edit.replacement : ""))
    }
    _commit(transaction, origin: origin)
    return true
  }

  private func _isInsertionOrDeletion(_ command: EditingCommand) -> Bool {
    switch command {
    case .insertText, .paste, .setMarkedText, .typeReplacing, .deleteBackward, .deleteForward, .deleteWordBackward,
      .deleteWordForward, .deleteToLineStart, .deleteToLineEnd:
      true
    default: false
    }
  }

  /// Applies a transaction that changes the text and tells everyone, in order: the input
  /// delegate around the change (unless the keyboard made it), then the field's delegate,
  /// control event and notification.
  func _commit(_ transaction: Transaction, origin: TextEditOrigin = .user) {
    let tellsInputDelegate = _tellsInputDelegate(origin)
    let selectionMoves = transaction.selection != _state.selection
    if tellsInputDelegate, !_inputDelegateWillChangeKeepsState(text: true, selection: selectionMoves) { return }
    _recordUndo(transaction)
    if let edit = transaction.edit { _runsWillApply(edit) }
    _state.apply(transaction)
    _runsDidApply()
    if tellsInputDelegate { _inputDelegateDidChange(text: true, selection: selectionMoves) }
    // The text's size changed: a stack or a centring superview may place the field anew.
    invalidateIntrinsicContentSize()
    _tellDidChangeSelection()
    _textDidChange()
  }

  /// `.editingChanged`, then the notification (the measured order on iOS).
  func _textDidChange() {
    _sendActions(for: .editingChanged, event: nil)
    UIKitTrace.post(UITextField.textDidChangeNotification, object: self, window: window)
    window?.keyboard.responderTextDidChange()
  }

  // MARK: Return and the clear button

  /// The Return key: asks `textFieldShouldReturn`; when it agrees, sends
  /// `.editingDidEndOnExit` and `.primaryActionTriggered`, and if anything listens for
  /// `.editingDidEndOnExit`, the first responder resigns.
  func _pressReturn() {
    if _state.markedRange != nil {
      _perform(.unmarkText)
      return
    }
    guard _askShouldReturn() else { return }
    let listens = allControlEvents.contains(.editingDidEndOnExit)
    _sendActions(for: .editingDidEndOnExit, event: nil)
    _sendActions(for: .primaryActionTriggered, event: nil)
    // The delegate may have moved focus; the *current* first responder resigns (as on iOS).
    if listens, let responder = window?.firstResponderObject {
      responder.resignFirstResponder()
    }
  }

  /// The clear button: asks `textFieldShouldClear` (not `shouldChangeCharactersIn`); when it
  /// agrees the text goes, then `.editingChanged` and the notification. A field that was not
  /// editing begins editing afterwards.
  func _tapClearButton() {
    guard _state.text.utf16Count > 0 else { return }
    guard _askShouldClear() else { return }
    _replacesOnNextEdit = false
    _commit(_state.resolve(.replaceAll("")))
    if !isFirstResponder { becomeFirstResponder() }
  }

  // MARK: Hardware keyboard

  func _textFieldHandleHardwareKey(_ key: HardwareKey) -> Bool {
    let m = key.modifiers
    let extend = m.contains(.shift)
    func move(_ movement: TextMovement) { _perform(extend ? .extendSelection(movement) : .move(movement)) }
    switch key.code {
    case .character(let string):
      if m.contains(.command) || m.contains(.control) { return _handleShortcut(string.lowercased(), shift: extend) }
      _typeHardwareKey(string)
    case .backspace:
      if _state.markedRange != nil { return _deleteMarkedBackward() }
      if m.contains(.command) || m.contains(.option) {
        _perform(m.contains(.command) ? .deleteToLineStart : .deleteWordBackward)
      } else {
        _deliverUserInput { deleteBackward() }
      }
    case .deleteForward:
      _perform(m.contains(.option) ? .deleteWordForward : _smartDeletion(.deleteForward))
    case .left, .right:
      // The arrows move by screen side: in right-to-left text the left arrow goes forward, as
      // on iOS (by the paragraph's direction; see the README on mixed-direction lines).
      let towardsEnd = (key.code == .right) != _textIsRightToLeft
      if towardsEnd {
        move(m.contains(.command) ? .lineEnd : m.contains(.option) ? .wordForward : .forward)
      } else {
        move(m.contains(.command) ? .lineStart : m.contains(.option) ? .wordBackward : .backward)
      }
    case .up, .home, .pageUp:
      move(.documentStart)
    case .down, .end, .pageDown:
      move(.documentEnd)
    case .returnKey:
      _pressReturn()
    case .tab:
      window?._focusSystem._tab(from: self, backwards: extend)
    case .escape:
      if _state.markedRange != nil { _perform(.setMarkedText("", selectedRange: 0..<0)) } else { return false }
    case .modifier:
      return false
    }
    return true
  }

  // MARK: Touches

  func _textFieldTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard isEnabled, let touch = touches.first else { return }
    _dragAnchor = nil
    if isFirstResponder, !_showsClearButtonHit(touch) {
      _dragAnchor = _offset(at: touch.location(in: self))
    }
  }

  func _textFieldTouchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard isEnabled, isFirstResponder, let anchor = _dragAnchor, let touch = touches.first else { return }
    let head = _offset(at: touch.location(in: self))
    _perform(.select(TextSelection(anchor: anchor, head: head)))
  }

  private func _showsClearButtonHit(_ touch: UITouch) -> Bool {
    _showsClearButton && clearButtonRect(forBounds: bounds).insetBy(dx: -4, dy: -4).contains(touch.location(in: self))
  }

  func _textFieldDidTapInside(at point: CGPoint) {
    if _showsClearButton, clearButtonRect(forBounds: bounds).insetBy(dx: -4, dy: -4).contains(point) {
      _tapClearButton()
      return
    }
    let wasDragging = _dragAnchor.map { $0 != _offset(at: point) } ?? false
    _dragAnchor = nil
    if wasDragging { return }
    let wasEditing = isFirstResponder
    if !wasEditing {
      guard becomeFirstResponder() else { return }
    }
    let offset = _offset(at: point)
    let tappedCaret = wasEditing && _state.selection.range == offset..<offset
    _perform(.select(.caret(offset)))
    _editMenuTapEnded(at: point, tappedCaret: tappedCaret)
  }

  /// The grapheme cluster boundary nearest to `point` (field coordinates) in the laid-out text,
  /// scrolled as it is drawn.
  func _offset(at point: CGPoint) -> Int {
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
    let font = _drawingFont
    let (origin, visible) = _lineOrigin(in: rect, font: font, measurer: measurer)
    let x = point.x - rect.minX - origin
    if let offset = _bidiOffset(at: x, in: visible, font: font, measurer: measurer) { return offset }
    if x <= 0 { return visible.range.lowerBound }
    // Walk clusters (the drawn string's); the text's offsets follow the same clusters.
    var width: CGFloat = 0
    var offset = visible.range.lowerBound
    let kerning = _kerning(measurer: measurer)
    for (character, source) in zip(visible.string, _state.text.substring(visible.range)) {
      let w = measurer.size(of: String(character), font: font).width + (kerning?(offset) ?? 0)
      // The nearer edge of the character under the point; its exact middle counts as before it
      // (AppKit documents the same rule: a fraction through the glyph of at most 0.5).
      if x <= width + w / 2 { return offset }
      width += w
      offset += source.utf16.count
    }
    return visible.range.upperBound
  }

  /// The characters of the drawn line in visual order with their extents, when the line holds
  /// right-to-left text (nil for a left-to-right line, which is drawn in logical order): what
  /// the host draws (CellGrid+Bidi.swift), measured with the field's measurer. A secure field's
  /// bullets keep their order.
  func _bidiCharacters(
    in visible: (range: Range<Int>, string: String, offset: (Int) -> Int), font: UIFont, measurer: any TextMeasuring
  ) -> [(left: CGFloat, width: CGFloat, range: Range<Int>, rightToLeft: Bool)]? {
    guard !isSecureTextEntry else { return nil }
    let scalars = visible.string.unicodeScalars
    let rightToLeft = _textIsRightToLeft
    guard rightToLeft || scalars.contains(where: { $0._opensRightToLeft }) else { return nil }
    let paragraph = BidiParagraph(scalars, baseLevel: rightToLeft ? 1 : 0)
    let levels = paragraph.lineLevels(0..<paragraph.levels.count)
    var characters: [(width: CGFloat, range: Range<Int>, level: UInt8)] = []
    var scalarIndex = 0
    var offset = visible.range.lowerBound
    let kerning = _kerning(measurer: measurer)
    for character in visible.string {
      let end = offset + character.utf16.count
      let width = measurer.size(of: String(character), font: font).width + (kerning?(offset) ?? 0)
      characters.append((width, offset..<end, levels[scalarIndex]))
      scalarIndex += character.unicodeScalars.count
      offset = end
    }
    var left: CGFloat = 0
    return BidiParagraph.visualOrder(characters.map(\.level)).map { index in
      let character = characters[index]
      defer { left += character.width }
      return (left, character.width, character.range, character.level & 1 == 1)
    }
  }

  /// The offset nearest `x` (from the drawn line's left end) on a line with right-to-left text
  /// (nil for a left-to-right line): the nearer edge of the character under `x`, its left edge
  /// being its end when it runs right to left.
  private func _bidiOffset(
    at x: CGFloat, in visible: (range: Range<Int>, string: String, offset: (Int) -> Int), font: UIFont,
    measurer: any TextMeasuring
  ) -> Int? {
    guard let characters = _bidiCharacters(in: visible, font: font, measurer: measurer), let last = characters.last
    else { return nil }
    for character in characters {
      if x <= character.left + character.width / 2 {
        return character.rightToLeft ? character.range.upperBound : character.range.lowerBound
      }
      if x <= character.left + character.width {
        return character.rightToLeft ? character.range.lowerBound : character.range.upperBound
      }
    }
    return last.rightToLeft ? last.range.lowerBound : last.range.upperBound
  }
}

extension UITextField: _AttributedTextObject {}
