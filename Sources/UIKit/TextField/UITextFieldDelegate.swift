import Foundation

/// The messages a text field sends its delegate. Every method is optional: the protocol
/// extension supplies iOS's defaults (`should…` answers true, `did…` does nothing).
///
/// iOS code calls optional requirements with optional-chaining syntax, for example in a
/// delegate proxy: `inner?.textFieldShouldReturn?(field)` or
/// `inner?.textField?(field, shouldChangeCharactersIn: range, replacementString: string)`.
/// Linux Swift has no `optional` requirements, so each method also has a same-named property
/// of optional type that calls it; the syntax compiles and reaches the conforming type's
/// implementation (or the default). Unlike on iOS, the optional call is never nil.
@preconcurrency @MainActor
public protocol UITextFieldDelegate: NSObjectProtocol {
  /// Asks whether editing may begin (the field is about to become first responder).
  func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
  /// Editing began: the field is first responder.
  func textFieldDidBeginEditing(_ textField: UITextField)
  /// Asks whether editing may end (the field is about to resign first responder). Not asked
  /// when the end is forced (`endEditing(true)`, the field leaving its window).
  func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
  /// Editing ended (called only when the delegate does not implement
  /// ``textFieldDidEndEditing(_:reason:)``, whose default calls this).
  func textFieldDidEndEditing(_ textField: UITextField)
  /// Editing ended for `reason` (called in preference to ``textFieldDidEndEditing(_:)``).
  func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
  /// Asks whether the characters in `range` (UTF-16 units of the current text) may be replaced
  /// by `string` ("" for a deletion).
  func textField(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
    replacementString string: String
  ) -> Bool
  /// The selection changed (after typing, too).
  func textFieldDidChangeSelection(_ textField: UITextField)
  /// Asks whether the clear button (or `clearsOnBeginEditing`) may remove the text.
  func textFieldShouldClear(_ textField: UITextField) -> Bool
  /// Asks whether the field should process the Return key.
  func textFieldShouldReturn(_ textField: UITextField) -> Bool
  /// The edit menu to show for the characters in `range` (the selection); nil shows the
  /// suggested actions (Cut, Copy, Paste, Select, Select All as the selection allows).
  func textField(
    _ textField: UITextField, editMenuForCharactersIn range: NSRange, suggestedActions: [UIMenuElement]
  ) -> UIMenu?
  /// Asks whether `string` may replace the characters in `ranges` (iOS 26; each an `NSRange`
  /// in an `NSValue`). A field asks this form with the one range it edits; not implemented, it
  /// asks ``textField(_:shouldChangeCharactersIn:replacementString:)`` with the ranges' union.
  func textField(
    _ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String
  ) -> Bool
  /// The edit menu for the characters in `ranges` (iOS 26); not implemented, it asks
  /// ``textField(_:editMenuForCharactersIn:suggestedActions:)`` with the ranges' union.
  func textField(
    _ textField: UITextField, editMenuForCharactersInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]
  ) -> UIMenu?
  /// The edit menu is about to appear.
  func textField(_ textField: UITextField, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating)
  /// The edit menu is about to go.
  func textField(_ textField: UITextField, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating)
}

extension UITextFieldDelegate {
  public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
  public func textFieldDidBeginEditing(_ textField: UITextField) {}
  public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
  public func textFieldDidEndEditing(_ textField: UITextField) {}
  public func textFieldDidEndEditing(
    _ textField: UITextField, reason: UITextField.DidEndEditingReason
  ) {
    textFieldDidEndEditing(textField)
  }
  public func textField(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
    replacementString string: String
  ) -> Bool { true }
  public func textField(
    _ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String
  ) -> Bool {
    self.textField(textField, shouldChangeCharactersIn: _union(of: ranges), replacementString: string)
  }
  public func textField(
    _ textField: UITextField, editMenuForCharactersInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]
  ) -> UIMenu? {
    self.textField(textField, editMenuForCharactersIn: _union(of: ranges), suggestedActions: suggestedActions)
  }
  public func textFieldDidChangeSelection(_ textField: UITextField) {}
  public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
  public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
  public func textField(
    _ textField: UITextField, editMenuForCharactersIn range: NSRange, suggestedActions: [UIMenuElement]
  ) -> UIMenu? { nil }
  public func textField(
    _ textField: UITextField, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating
  ) {}
  public func textField(
    _ textField: UITextField, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating
  ) {}
}

// MARK: Optional-call syntax

extension UITextFieldDelegate {
  /// `delegate?.textFieldShouldBeginEditing?(field)` (see ``UITextFieldDelegate``).
  public var textFieldShouldBeginEditing: ((UITextField) -> Bool)? {
    { self.textFieldShouldBeginEditing($0) }
  }
  /// `delegate?.textFieldDidBeginEditing?(field)`.
  public var textFieldDidBeginEditing: ((UITextField) -> Void)? {
    { self.textFieldDidBeginEditing($0) }
  }
  /// `delegate?.textFieldShouldEndEditing?(field)`.
  public var textFieldShouldEndEditing: ((UITextField) -> Bool)? {
    { self.textFieldShouldEndEditing($0) }
  }
  /// `delegate?.textFieldDidEndEditing?(field)` and
  /// `delegate?.textFieldDidEndEditing?(field, reason: .committed)`.
  public var textFieldDidEndEditing: UITextFieldDelegateDidEndEditingCall? {
    UITextFieldDelegateDidEndEditingCall(delegate: self)
  }
  /// `delegate?.textField?(field, shouldChangeCharactersIn: range, replacementString: s)`.
  public var textField: UITextFieldDelegateTextFieldCall? {
    UITextFieldDelegateTextFieldCall(delegate: self)
  }
  /// `delegate?.textFieldDidChangeSelection?(field)`.
  public var textFieldDidChangeSelection: ((UITextField) -> Void)? {
    { self.textFieldDidChangeSelection($0) }
  }
  /// `delegate?.textFieldShouldClear?(field)`.
  public var textFieldShouldClear: ((UITextField) -> Bool)? {
    { self.textFieldShouldClear($0) }
  }
  /// `delegate?.textFieldShouldReturn?(field)`.
  public var textFieldShouldReturn: ((UITextField) -> Bool)? {
    { self.textFieldShouldReturn($0) }
  }
}

/// The value behind `delegate?.textFieldDidEndEditing?(…)`: callable with or without a reason.
@preconcurrency @MainActor
public struct UITextFieldDelegateDidEndEditingCall {
  let delegate: any UITextFieldDelegate
  public func callAsFunction(_ textField: UITextField) {
    delegate.textFieldDidEndEditing(textField)
  }
  public func callAsFunction(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
    delegate.textFieldDidEndEditing(textField, reason: reason)
  }
}

/// The value behind `delegate?.textField?(…)`: the delegate methods whose base name is
/// `textField`.
@preconcurrency @MainActor
public struct UITextFieldDelegateTextFieldCall {
  let delegate: any UITextFieldDelegate
  public func callAsFunction(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
    replacementString string: String
  ) -> Bool {
    delegate.textField(textField, shouldChangeCharactersIn: range, replacementString: string)
  }
  public func callAsFunction(
    _ textField: UITextField, editMenuForCharactersIn range: NSRange, suggestedActions: [UIMenuElement]
  ) -> UIMenu? {
    delegate.textField(textField, editMenuForCharactersIn: range, suggestedActions: suggestedActions)
  }
  public func callAsFunction(
    _ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String
  ) -> Bool {
    delegate.textField(textField, shouldChangeCharactersInRanges: ranges, replacementString: string)
  }
  public func callAsFunction(
    _ textField: UITextField, editMenuForCharactersInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]
  ) -> UIMenu? {
    delegate.textField(textField, editMenuForCharactersInRanges: ranges, suggestedActions: suggestedActions)
  }
  public func callAsFunction(
    _ textField: UITextField, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating
  ) {
    delegate.textField(textField, willPresentEditMenuWith: animator)
  }
  public func callAsFunction(
    _ textField: UITextField, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating
  ) {
    delegate.textField(textField, willDismissEditMenuWith: animator)
  }
}
