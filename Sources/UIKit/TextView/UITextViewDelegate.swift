import Foundation

/// The messages a text view sends its delegate. Every method is optional: the protocol
/// extension supplies iOS's defaults (`should…` answers true, `did…` does nothing).
///
/// As with ``UITextFieldDelegate``, each method also has a same-named property of optional
/// type, so that iOS's optional-call syntax compiles and reaches the conforming type's
/// implementation: `delegate?.textViewShouldBeginEditing?(textView)`,
/// `delegate?.textView?(textView, shouldChangeTextIn: range, replacementText: text)`.
/// Unlike on iOS, the optional call is never nil.
///
/// It inherits ``UIScrollViewDelegate``, as on iOS: the text view's delegate hears its scrolling.
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
  /// Asks whether editing may begin (the text view is about to become first responder).
  func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
  /// Editing began: the text view is first responder (and, unlike a text field's, its
  /// keyboard notifications have already been posted).
  func textViewDidBeginEditing(_ textView: UITextView)
  /// Asks whether editing may end (the text view is about to resign first responder). Not
  /// asked when the end is forced (`endEditing(true)`, the view leaving its window).
  func textViewShouldEndEditing(_ textView: UITextView) -> Bool
  /// Editing ended: the text view resigned first responder.
  func textViewDidEndEditing(_ textView: UITextView)
  /// Asks whether the characters in `range` (UTF-16 units of the current text) may be
  /// replaced by `text` ("" for a deletion, "\n" for the Return key).
  func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
  /// The text changed through the user (typing, deleting, pasting, an input method, undo);
  /// not called when code sets `text`.
  func textViewDidChange(_ textView: UITextView)
  /// The selection changed (after typing too, and when code sets `text` or `selectedRange`
  /// while the view is editing).
  func textViewDidChangeSelection(_ textView: UITextView)
  /// The edit menu to show for the text in `range` (the selection); nil shows the suggested
  /// actions (Cut, Copy, Paste, Select, Select All as the selection allows).
  func textView(
    _ textView: UITextView, editMenuForTextIn range: NSRange, suggestedActions: [UIMenuElement]
  ) -> UIMenu?
  /// The edit menu is about to appear.
  func textView(_ textView: UITextView, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating)
  /// The edit menu is about to go.
  func textView(_ textView: UITextView, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating)
}

extension UITextViewDelegate {
  public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
  public func textViewDidBeginEditing(_ textView: UITextView) {}
  public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
  public func textViewDidEndEditing(_ textView: UITextView) {}
  public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
    true
  }
  public func textViewDidChange(_ textView: UITextView) {}
  public func textViewDidChangeSelection(_ textView: UITextView) {}
  public func textView(
    _ textView: UITextView, editMenuForTextIn range: NSRange, suggestedActions: [UIMenuElement]
  ) -> UIMenu? { nil }
  public func textView(
    _ textView: UITextView, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating
  ) {}
  public func textView(
    _ textView: UITextView, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating
  ) {}
}

// MARK: Optional-call syntax

extension UITextViewDelegate {
  /// `delegate?.textViewShouldBeginEditing?(textView)` (see ``UITextViewDelegate``).
  public var textViewShouldBeginEditing: ((UITextView) -> Bool)? {
    { self.textViewShouldBeginEditing($0) }
  }
  /// `delegate?.textViewDidBeginEditing?(textView)`.
  public var textViewDidBeginEditing: ((UITextView) -> Void)? {
    { self.textViewDidBeginEditing($0) }
  }
  /// `delegate?.textViewShouldEndEditing?(textView)`.
  public var textViewShouldEndEditing: ((UITextView) -> Bool)? {
    { self.textViewShouldEndEditing($0) }
  }
  /// `delegate?.textViewDidEndEditing?(textView)`.
  public var textViewDidEndEditing: ((UITextView) -> Void)? {
    { self.textViewDidEndEditing($0) }
  }
  /// `delegate?.textView?(textView, shouldChangeTextIn: range, replacementText: text)`.
  public var textView: UITextViewDelegateTextViewCall? {
    UITextViewDelegateTextViewCall(delegate: self)
  }
  /// `delegate?.textViewDidChange?(textView)`.
  public var textViewDidChange: ((UITextView) -> Void)? {
    { self.textViewDidChange($0) }
  }
  /// `delegate?.textViewDidChangeSelection?(textView)`.
  public var textViewDidChangeSelection: ((UITextView) -> Void)? {
    { self.textViewDidChangeSelection($0) }
  }
}

/// The value behind `delegate?.textView?(…)`: the delegate methods whose base name is
/// `textView`.
@preconcurrency @MainActor
public struct UITextViewDelegateTextViewCall {
  let delegate: any UITextViewDelegate
  public func callAsFunction(
    _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
  ) -> Bool {
    delegate.textView(textView, shouldChangeTextIn: range, replacementText: text)
  }
  public func callAsFunction(
    _ textView: UITextView, editMenuForTextIn range: NSRange, suggestedActions: [UIMenuElement]
  ) -> UIMenu? {
    delegate.textView(textView, editMenuForTextIn: range, suggestedActions: suggestedActions)
  }
  public func callAsFunction(
    _ textView: UITextView, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating
  ) {
    delegate.textView(textView, willPresentEditMenuWith: animator)
  }
  public func callAsFunction(
    _ textView: UITextView, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating
  ) {
    delegate.textView(textView, willDismissEditMenuWith: animator)
  }
}
