import Foundation

// The edit menu of UITextField and UITextView: when it shows (a double tap, a long press, a
// secondary click), what it suggests (iOS's rules, through canPerformAction), and which
// delegate methods are asked (the text delegates' edit-menu methods, not an edit-menu
// interaction delegate).

/// What a text object keeps for its edit menu.
struct _TextEditMenuState {
  /// The interaction that shows the menu (made the first time).
  var interaction: UIEditMenuInteraction?
  /// When the touch under way began, and its tap count.
  var touchBegan: TimeInterval = 0
  var tapCount = 1
}

/// A text object with an edit menu (UITextField, UITextView).
@MainActor
protocol _TextEditMenuOwner: AnyObject {
  /// The menu's interaction and the touch under way.
  var _editMenuState: _TextEditMenuState { get set }
  /// The delegate's menu for the selection, or the suggested actions.
  func _editMenu(suggestedActions: [UIMenuElement]) -> UIMenu?
  /// The delegate's `willPresentEditMenuWith`.
  func _tellWillPresentEditMenu(_ animator: any UIEditMenuInteractionAnimating)
  /// The delegate's `willDismissEditMenuWith`.
  func _tellWillDismissEditMenu(_ animator: any UIEditMenuInteractionAnimating)
  /// The selection's rectangle (the caret's when it is empty), in the object's coordinates.
  func _editMenuTargetRect() -> CGRect
  /// An item of the menu ran (Select and Select All bring the menu back, as on iOS).
  func _editMenuActionDidRun(_ element: UIMenuElement)
  /// A secondary click at `point` (the object's coordinates).
  func _secondaryClick(at point: CGPoint)
}

/// How long a touch must stay down to be a long press (UILongPressGestureRecognizer's default).
let _longPressDuration: TimeInterval = 0.5

extension EditableTextObject where Self: UIView & UITextInput & _TextEditMenuOwner {
  /// iOS's rules for the standard edit actions of a text object: Cut and Copy need a selection
  /// and no secure text, Cut, Paste and Delete an editable object, Paste text on the pasteboard,
  /// Select a caret in some text, Select All text not all selected. Nil for other actions.
  func _textCanPerformAction(_ action: Selector, editable: Bool, secure: Bool) -> Bool? {
    let selection = _state.selection.range
    let length = _state.text.utf16Count
    let active = isFirstResponder
    switch action {
    case .cut: return active && editable && !secure && !selection.isEmpty
    case .copy: return active && !secure && !selection.isEmpty
    case .paste: return active && editable && !(UIPasteboard.general._pastableTexts.first ?? "").isEmpty
    case .select: return active && selection.isEmpty && length > 0
    case .selectAll: return active && length > 0 && selection.count < length
    case .delete: return active && editable && !selection.isEmpty
    case .toggleBoldface, .toggleItalics, .toggleUnderline:
      // ⌘B/⌘I/⌘U (and the menu's Format items on iOS) only where the user may edit attributes.
      return active && editable && ((self as? any _AttributedTextObject)?.allowsEditingTextAttributes ?? false)
    default: return nil
    }
  }

  /// The touch under way began (for double taps and long presses).
  func _editMenuTouchBegan(_ touches: Set<UITouch>) {
    guard let touch = touches.first else { return }
    _editMenuState.touchBegan = UIApplication.shared._scheduler.now
    _editMenuState.tapCount = touch.tapCount
  }

  /// A tap ended with the caret placed: a double tap selects the word and shows the menu, a
  /// long press shows it at the caret, and so does a single tap on the caret where it already
  /// was (`tappedCaret`), as on iOS, unless that tap dismissed this menu (then it stays hidden:
  /// tapping the caret toggles the menu). A tap that focuses the object or moves the caret
  /// shows none.
  func _editMenuTapEnded(at point: CGPoint, tappedCaret: Bool) {
    let state = _editMenuState
    guard isFirstResponder else { return }
    if state.tapCount >= 2 {
      _selectWordAtCaret()
      _presentTextEditMenu(at: point)
    } else if UIApplication.shared._scheduler.now - state.touchBegan >= _longPressDuration {
      _presentTextEditMenu(at: point)
    } else if tappedCaret {
      let dismissedHere = state.interaction != nil && window?._editMenuDismissedByTouch === state.interaction
      if !dismissedHere { _presentTextEditMenu(at: point) }
    }
  }

  /// Presents the edit menu for the selection, from `point` (the selection's top when nil).
  func _presentTextEditMenu(at point: CGPoint?) {
    let interaction = _editMenuState.interaction ?? {
      let made = UIEditMenuInteraction(delegate: nil)
      made._textOwner = self
      made.didMove(to: self)
      _editMenuState.interaction = made
      return made
    }()
    let rect = _editMenuTargetRect()
    interaction.presentEditMenu(
      with: UIEditMenuConfiguration(identifier: nil, sourcePoint: point ?? CGPoint(x: rect.midX, y: rect.minY)))
  }

  /// The selection's rectangle, or the caret's.
  func _editMenuTargetRect() -> CGRect {
    guard let range = selectedTextRange else { return .zero }
    return range.isEmpty ? caretRect(for: range.start) : firstRect(for: range)
  }

  func _editMenuActionDidRun(_ element: UIMenuElement) {
    if let command = element as? UICommand, command.action == .select || command.action == .selectAll {
      _presentTextEditMenu(at: nil)
    }
  }

  // The menu goes through UITextInput's methods (a subclass may override them), which ask the
  // delegate.
  func _editMenu(suggestedActions: [UIMenuElement]) -> UIMenu? {
    let range = selectedTextRange ?? UITextRange(_state.selection.range)
    return editMenu(for: range, suggestedActions: suggestedActions) ?? UIMenu(children: suggestedActions)
  }

  func _tellWillPresentEditMenu(_ animator: any UIEditMenuInteractionAnimating) { willPresentEditMenu(animator: animator) }
  func _tellWillDismissEditMenu(_ animator: any UIEditMenuInteractionAnimating) { willDismissEditMenu(animator: animator) }
}

/// The trace's arguments for an edit-menu question: the range and the suggested titles.
@MainActor private func _editMenuTraceArguments(_ range: NSRange, _ suggested: [UIMenuElement]) -> String {
  "{\(range.location), \(range.length)} [\(suggested.map { $0.title }.joined(separator: ", "))]"
}

extension UITextField: _TextEditMenuOwner {
  func _editMenuFromDelegate(for range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
    guard let delegate else { return nil }
    _trace("textField(_:editMenuForCharactersIn:suggestedActions:)", _editMenuTraceArguments(range, suggestedActions))
    return delegate.textField(self, editMenuForCharactersInRanges: [NSValue(range: range)], suggestedActions: suggestedActions)
  }

  func _tellDelegateWillPresentEditMenu(_ animator: any UIEditMenuInteractionAnimating) {
    _trace("textField(_:willPresentEditMenuWith:)")
    delegate?.textField(self, willPresentEditMenuWith: animator)
  }

  func _tellDelegateWillDismissEditMenu(_ animator: any UIEditMenuInteractionAnimating) {
    _trace("textField(_:willDismissEditMenuWith:)")
    delegate?.textField(self, willDismissEditMenuWith: animator)
  }

  func _secondaryClick(at point: CGPoint) {
    guard isEnabled else { return }
    if !isFirstResponder { guard becomeFirstResponder() else { return } }
    let offset = _offset(at: point)
    if !_state.selection.range.contains(offset) { _perform(.select(.caret(offset))) }
    _presentTextEditMenu(at: point)
  }
}

extension UITextView: _TextEditMenuOwner {
  func _editMenuFromDelegate(for range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
    guard let delegate else { return nil }
    _trace("textView(_:editMenuForTextIn:suggestedActions:)", _editMenuTraceArguments(range, suggestedActions))
    return delegate.textView(self, editMenuForTextInRanges: [NSValue(range: range)], suggestedActions: suggestedActions)
  }

  func _tellDelegateWillPresentEditMenu(_ animator: any UIEditMenuInteractionAnimating) {
    _trace("textView(_:willPresentEditMenuWith:)")
    delegate?.textView(self, willPresentEditMenuWith: animator)
  }

  func _tellDelegateWillDismissEditMenu(_ animator: any UIEditMenuInteractionAnimating) {
    _trace("textView(_:willDismissEditMenuWith:)")
    delegate?.textView(self, willDismissEditMenuWith: animator)
  }

  func _secondaryClick(at point: CGPoint) {
    if !isFirstResponder { guard becomeFirstResponder() else { return } }
    let offset = _offset(at: point)
    if !_state.selection.range.contains(offset) { _perform(.select(.caret(offset))) }
    _presentTextEditMenu(at: point)
  }
}
