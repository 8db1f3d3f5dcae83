import Foundation

/// An object that can respond to events and take part in the responder chain; the window holds
/// the one first responder.
@preconcurrency @MainActor
open class UIResponder: NSObject {
  /// Creates a responder.
  public override init() {
    super.init()
  }

  /// Creates a responder from an archive. On Linux this is also how UIKit creates the objects
  /// iOS creates from their class: the `@main` app delegate and a scene configuration's
  /// `delegateClass` (Swift without Objective-C can only create an object from its class through
  /// a `required` initializer). A delegate class that declares initializers of its own must
  /// therefore implement this one too; one that declares none inherits it.
  public required init?(coder: NSCoder) {
    super.init()
  }
  /// The next responder in the chain: a view's view controller or superview, a view
  /// controller's view's superview, a window's application; nil at the end.
  open var next: UIResponder? { nil }

  /// Called when assistive technology asks to go back (VoiceOver's two-finger scrub, Escape
  /// with Full Keyboard Access): dismiss what is shown and return true, or return false (the
  /// default) and the next object up is asked. The elements' containers are asked first, then
  /// the responder chain from the element's view.
  open func accessibilityPerformEscape() -> Bool { false }

  /// Called when assistive technology's magic tap (VoiceOver's two-finger double tap) comes:
  /// do the screen's most important action and return true, or return false (the default) and
  /// the next object up is asked, up to the app delegate.
  open func accessibilityPerformMagicTap() -> Bool { false }

  /// Called when assistive technology scrolls (VoiceOver's three-finger swipe; `.up` moves
  /// the content up, showing what is below): scroll and return true, announcing where the
  /// content is with `.pageScrolled`; false (the default) lets the next object up (a scroll
  /// view, which pages) scroll.
  open func accessibilityScroll(_ direction: UIAccessibilityScrollDirection) -> Bool { false }

  /// Whether the responder accepts first responder status. `false` by default; text fields
  /// answer `true`.
  open var canBecomeFirstResponder: Bool { false }

  /// Whether the responder gives up first responder status when asked. `true` by default.
  open var canResignFirstResponder: Bool { true }

  /// Whether this responder is its window's first responder.
  open var isFirstResponder: Bool {
    guard let window = _responderWindow else { return false }
    return window.firstResponderObject === self
  }

  /// Asks to become the first responder of its window. Fails (returns false) when the responder
  /// is not in a window, cannot become first responder, or the current first responder refuses
  /// to resign.
  @discardableResult
  open func becomeFirstResponder() -> Bool {
    if isFirstResponder { return true }
    guard canBecomeFirstResponder, let window = _responderWindow else { return false }
    return window._transferFirstResponder(to: self)
  }

  /// Gives up first responder status. Returns false when the responder refuses (a text field
  /// whose delegate's `textFieldShouldEndEditing` answers false), true otherwise.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    guard isFirstResponder, let window = _responderWindow else { return true }
    let forced = window._isForcingEndEditing
    if !forced && !canResignFirstResponder { return false }
    window._clearFirstResponder(self)
    return true
  }

  /// The undo manager of the responder chain (a window has one).
  open var undoManager: UndoManager? { next?.undoManager }

  /// The input mode (keyboard language) while this responder takes text: the keyboard's mode
  /// for a first responder that adopts `UIKeyInput` (a field or text view that is editing), nil
  /// otherwise. Override to ask for another mode.
  open var textInputMode: UITextInputMode? {
    guard self is any UIKeyInput, isFirstResponder, let window = _responderWindow else { return nil }
    return UITextInputMode(locale: window.keyboard.locale)
  }

  /// An identifier under which the system remembers the input mode last used with this
  /// responder (nil by default: no memory). Override to return one.
  open var textInputContextIdentifier: String? { nil }

  /// Forgets the input mode remembered for `identifier`. The terminal's keyboard has one input
  /// mode, so nothing is ever remembered that would differ from it.
  open class func clearTextInputContextIdentifier(_ identifier: String) {}

  /// A custom input view shown instead of the system keyboard while this responder is first
  /// responder (nil: the keyboard, for responders that take text).
  open var inputView: UIView? { nil }

  /// A view shown above the keyboard (or the input view) while this responder is first
  /// responder.
  open var inputAccessoryView: UIView? { nil }

  /// A controller whose input view is shown instead of the system keyboard while this responder
  /// is first responder (nil by default). ``inputView``, when set, is preferred.
  open var inputViewController: UIInputViewController? { nil }

  /// A controller whose input view is shown above the keyboard (or the input view) while this
  /// responder is first responder (nil by default). ``inputAccessoryView``, when set, is
  /// preferred.
  open var inputAccessoryViewController: UIInputViewController? { nil }

  /// Updates the input view, accessory view and keyboard of the first responder after their
  /// properties changed: a new input or accessory view takes the old one's place, and the
  /// keyboard notifications announce the change as a show (see `KeyboardController`). Does
  /// nothing unless this responder is first responder.
  open func reloadInputViews() {
    guard isFirstResponder, let window = _responderWindow else { return }
    window._updateKeyboard(for: self)
  }

  // MARK: Touches

  /// A touch began in this responder (default: passed to the next responder).
  open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.touchesBegan(touches, with: event)
  }

  /// A touch moved (default: passed to the next responder).
  open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.touchesMoved(touches, with: event)
  }

  /// A touch ended (default: passed to the next responder).
  open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.touchesEnded(touches, with: event)
  }

  /// A touch was cancelled, e.g. because a gesture recognizer took it (default: passed on).
  open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    next?.touchesCancelled(touches, with: event)
  }

  // MARK: Presses and key commands

  /// The key commands this responder offers. The window looks for a command matching each
  /// hardware key along the responder chain from the first responder (the first responder's
  /// own commands first), before the key is delivered as a press.
  open var keyCommands: [UIKeyCommand]? { nil }

  /// Keys went down (default: passed to the next responder). Override to handle keys; call
  /// `super` with the presses you do not handle, or the responders after you (a text field
  /// among them, when you subclass one) never see them.
  open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    if let next { next.pressesBegan(presses, with: event) } else { _pressesReachedEnd(presses) }
  }

  /// Pressed keys changed (default: passed to the next responder).
  open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    if let next { next.pressesChanged(presses, with: event) } else { _pressesReachedEnd(presses) }
  }

  /// Keys were released (default: passed to the next responder).
  open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    if let next { next.pressesEnded(presses, with: event) } else { _pressesReachedEnd(presses) }
  }

  /// Presses were cancelled (default: passed to the next responder).
  open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    if let next { next.pressesCancelled(presses, with: event) } else { _pressesReachedEnd(presses) }
  }

  private func _pressesReachedEnd(_ presses: Set<UIPress>) {
    for press in presses { press._reachedEndOfChain = true }
  }

  // MARK: Hooks for subclasses inside UIKit

  /// The window the responder is in (views answer their window).
  var _responderWindow: UIWindow? { nil }

  /// Called after the window made this responder its first responder.
  func _didBecomeFirstResponder() {}

  /// Called after the window cleared this responder as first responder.
  func _didResignFirstResponder() {}

  /// Whether the responder takes text input (so the system keyboard shows for it).
  var _wantsKeyboard: Bool { false }

  /// Whether the keyboard is shown (and its notifications posted) before
  /// `_didBecomeFirstResponder` tells the delegate: true for text views, false for text
  /// fields (measured on iOS).
  var _showsKeyboardBeforeDidBegin: Bool { false }

  /// Handles a key from a hardware keyboard; returns whether it was used. Text objects
  /// override it and call it from their `pressesBegan`; the chain is walked by the presses.
  @discardableResult
  func _handleHardwareKey(_ key: HardwareKey) -> Bool { false }

  /// Whether the text input of this responder uses `key` itself (typing, moving, deleting,
  /// its edit shortcuts), so that key commands only get it if they ask for priority (iOS 15).
  func _textInputTakesKey(_ key: HardwareKey) -> Bool { false }

  /// The find panel the keyboard shows above everything else for this responder (the panel's
  /// own fields, and the view it searches, while it is up).
  var _findPanel: UIView? { nil }

  /// What the responder accepts when pasting item providers (nil: nothing set). Text fields and
  /// text views paste text whatever it says; see UITextPasteDelegate.swift.
  open var pasteConfiguration: UIPasteConfiguration?

  /// Made by the first read of `inputAssistantItem`.
  var _inputAssistantItem: UITextInputAssistantItem?

  // MARK: Actions along the responder chain

  /// Whether this responder performs `action` now (the edit menu shows a command only when
  /// some responder does; a key command runs on the first that does).
  ///
  /// iOS answers whether the responder implements the selector. Swift without Objective-C
  /// cannot ask that, so the default answers true for an action made from a method reference
  /// (`UIKeyCommand(…, action: Editor.save)`) when the responder is of the method's class, and
  /// false otherwise: text fields and text views answer for the standard edit actions
  /// (`.copy`, `.paste`, …) by their selection and the pasteboard, and a responder of your own
  /// that implements a standard edit action says so here, e.g.
  /// `if action == .copy { return hasSelection }`.
  open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
    action._implemented?(self) ?? false
  }

  /// The responder that performs `action`: this one if ``canPerformAction(_:withSender:)``
  /// answers true, otherwise the next responder's answer; nil when none can.
  open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
    if canPerformAction(action, withSender: sender) { return self }
    return next?.target(forAction: action, withSender: sender)
  }

  // MARK: Standard edit actions (UIResponderStandardEditActions)
  //
  // On iOS these are UIResponder's, so a plain UIView subclass overrides them (`override func
  // copy(_:)`) and the edit menu and ⌘-shortcuts send them along the responder chain. Here a
  // responder that does not override one passes it to its next responder, which is where
  // iOS's dispatch (`target(forAction:withSender:)`) would look next.

  /// Copies the selection.
  open func copy(_ sender: Any?) { next?.copy(sender) }
  /// Copies the selection and removes it.
  open func cut(_ sender: Any?) { next?.cut(sender) }
  /// Pastes the pasteboard's contents.
  open func paste(_ sender: Any?) { next?.paste(sender) }
  /// Pastes, taking on the style of the text around.
  open func pasteAndMatchStyle(_ sender: Any?) { next?.pasteAndMatchStyle(sender) }
  /// Selects the word at the insertion point.
  open func select(_ sender: Any?) { next?.select(sender) }
  /// Selects everything.
  open func selectAll(_ sender: Any?) { next?.selectAll(sender) }
  /// Deletes the selection.
  open func delete(_ sender: Any?) { next?.delete(sender) }
  /// Makes the selected text bold, or not.
  open func toggleBoldface(_ sender: Any?) { next?.toggleBoldface(sender) }
  /// Makes the selected text italic, or not.
  open func toggleItalics(_ sender: Any?) { next?.toggleItalics(sender) }
  /// Underlines the selected text, or not.
  open func toggleUnderline(_ sender: Any?) { next?.toggleUnderline(sender) }
  /// Makes the selected text larger.
  open func increaseSize(_ sender: Any?) { next?.increaseSize(sender) }
  /// Makes the selected text smaller.
  open func decreaseSize(_ sender: Any?) { next?.decreaseSize(sender) }
  /// Sets the writing direction to left to right.
  open func makeTextWritingDirectionLeftToRight(_ sender: Any?) { next?.makeTextWritingDirectionLeftToRight(sender) }
  /// Sets the writing direction to right to left.
  open func makeTextWritingDirectionRightToLeft(_ sender: Any?) { next?.makeTextWritingDirectionRightToLeft(sender) }

}
