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
  /// Asks whether `text` may replace the text in `ranges` (iOS 26; each an `NSRange` in an
  /// `NSValue`). A text view asks this form with the one range it edits; not implemented, it
  /// asks ``textView(_:shouldChangeTextIn:replacementText:)`` with the ranges' union.
  func textView(_ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String) -> Bool
  /// The edit menu for the text in `ranges` (iOS 26); not implemented, it asks
  /// ``textView(_:editMenuForTextIn:suggestedActions:)`` with the ranges' union.
  func textView(
    _ textView: UITextView, editMenuForTextInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]
  ) -> UIMenu?
  /// The edit menu is about to appear.
  func textView(_ textView: UITextView, willPresentEditMenuWith animator: any UIEditMenuInteractionAnimating)
  /// The edit menu is about to go.
  func textView(_ textView: UITextView, willDismissEditMenuWith animator: any UIEditMenuInteractionAnimating)

  // Links and attachments (UITextView+Links.swift has the order in which these are asked).

  /// The action a tap on `textItem` performs (iOS 17); return `defaultAction` to open the link,
  /// another action to do something else, nil to do nothing. Not implemented, it asks
  /// `textView(_:shouldInteractWith:in:interaction:)` with `.invokeDefaultAction` and performs
  /// `defaultAction` when that answers true.
  func textView(_ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction) -> UIAction?
  /// The menu a long press on `textItem` shows (iOS 17); nil shows none. Not implemented, it asks
  /// `textView(_:shouldInteractWith:in:interaction:)` with `.presentActions` and shows
  /// `defaultMenu` when that answers true.
  func textView(
    _ textView: UITextView, menuConfigurationFor textItem: UITextItem, defaultMenu: UIMenu
  ) -> UITextItem.MenuConfiguration?
  /// A text item's menu is about to appear (iOS 17).
  func textView(
    _ textView: UITextView, textItemMenuWillDisplayFor textItem: UITextItem, animator: any UIContextMenuInteractionAnimating)
  /// A text item's menu is about to go (iOS 17).
  func textView(
    _ textView: UITextView, textItemMenuWillEndFor textItem: UITextItem, animator: any UIContextMenuInteractionAnimating)
  /// Whether the user may interact with the link to `URL` in `characterRange` (UTF-16 units of
  /// the text) by `interaction` (deprecated in iOS 17; asked only when the `UITextItem`
  /// methods are not implemented). Not implemented, it asks the iOS 7 form.
  func textView(
    _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction
  ) -> Bool
  /// Whether the user may interact with `textAttachment` in `characterRange` by `interaction`
  /// (deprecated in iOS 17, as the URL form). Not implemented, it asks the iOS 7 form.
  func textView(
    _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment, in characterRange: NSRange,
    interaction: UITextItemInteraction
  ) -> Bool
  /// The iOS 7 form of the URL question (deprecated in iOS 10); true when not implemented.
  func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange) -> Bool
  /// The iOS 7 form of the attachment question (deprecated in iOS 10); true when not implemented.
  func textView(_ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment, in characterRange: NSRange) -> Bool

  // Writing Tools (iOS 18): declared so that iOS delegates compile; Linux has no Writing Tools,
  // so a text view never calls them (`isWritingToolsActive` is always false; README).

  /// A Writing Tools session is about to begin (never called here).
  func textViewWritingToolsWillBegin(_ textView: UITextView)
  /// A Writing Tools session ended (never called here).
  func textViewWritingToolsDidEnd(_ textView: UITextView)
  /// The ranges of `enclosingRange` Writing Tools must leave alone (none by default; never
  /// asked here).
  func textView(_ textView: UITextView, writingToolsIgnoredRangesInEnclosingRange enclosingRange: NSRange) -> [NSValue]
}

extension UITextViewDelegate {
  public func textViewWritingToolsWillBegin(_ textView: UITextView) {}
  public func textViewWritingToolsDidEnd(_ textView: UITextView) {}
  public func textView(_ textView: UITextView, writingToolsIgnoredRangesInEnclosingRange enclosingRange: NSRange) -> [NSValue] {
    []
  }
  public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
  public func textViewDidBeginEditing(_ textView: UITextView) {}
  public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
  public func textViewDidEndEditing(_ textView: UITextView) {}
  public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
    true
  }
  public func textView(
    _ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String
  ) -> Bool {
    self.textView(textView, shouldChangeTextIn: _union(of: ranges), replacementText: text)
  }
  public func textView(
    _ textView: UITextView, editMenuForTextInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]
  ) -> UIMenu? {
    self.textView(textView, editMenuForTextIn: _union(of: ranges), suggestedActions: suggestedActions)
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

  public func textView(_ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction) -> UIAction? {
    switch textItem.content {
    case .link(let url):
      textView._traceLinkQuestion("textView(_:shouldInteractWith:in:interaction:)", url.absoluteString, textItem.range, .invokeDefaultAction)
      return self.textView(textView, shouldInteractWith: url, in: textItem.range, interaction: .invokeDefaultAction) ? defaultAction : nil
    case .textAttachment(let attachment):
      textView._traceLinkQuestion("textView(_:shouldInteractWith:in:interaction:)", "<attachment>", textItem.range, .invokeDefaultAction)
      return self.textView(textView, shouldInteractWith: attachment, in: textItem.range, interaction: .invokeDefaultAction)
        ? defaultAction : nil
    case .tag:
      return defaultAction
    }
  }
  public func textView(
    _ textView: UITextView, menuConfigurationFor textItem: UITextItem, defaultMenu: UIMenu
  ) -> UITextItem.MenuConfiguration? {
    let allowed: Bool
    switch textItem.content {
    case .link(let url):
      textView._traceLinkQuestion("textView(_:shouldInteractWith:in:interaction:)", url.absoluteString, textItem.range, .presentActions)
      allowed = self.textView(textView, shouldInteractWith: url, in: textItem.range, interaction: .presentActions)
    case .textAttachment(let attachment):
      textView._traceLinkQuestion("textView(_:shouldInteractWith:in:interaction:)", "<attachment>", textItem.range, .presentActions)
      allowed = self.textView(textView, shouldInteractWith: attachment, in: textItem.range, interaction: .presentActions)
    case .tag:
      allowed = true
    }
    return allowed && !defaultMenu.children.isEmpty ? UITextItem.MenuConfiguration(menu: defaultMenu) : nil
  }
  public func textView(
    _ textView: UITextView, textItemMenuWillDisplayFor textItem: UITextItem, animator: any UIContextMenuInteractionAnimating
  ) {}
  public func textView(
    _ textView: UITextView, textItemMenuWillEndFor textItem: UITextItem, animator: any UIContextMenuInteractionAnimating
  ) {}
  public func textView(
    _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction
  ) -> Bool {
    self.textView(textView, shouldInteractWith: URL, in: characterRange)
  }
  public func textView(
    _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment, in characterRange: NSRange,
    interaction: UITextItemInteraction
  ) -> Bool {
    self.textView(textView, shouldInteractWith: textAttachment, in: characterRange)
  }
  public func textView(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange) -> Bool { true }
  public func textView(
    _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment, in characterRange: NSRange
  ) -> Bool { true }
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
  /// `delegate?.textViewWritingToolsWillBegin?(textView)`.
  public var textViewWritingToolsWillBegin: ((UITextView) -> Void)? {
    { self.textViewWritingToolsWillBegin($0) }
  }
  /// `delegate?.textViewWritingToolsDidEnd?(textView)`.
  public var textViewWritingToolsDidEnd: ((UITextView) -> Void)? {
    { self.textViewWritingToolsDidEnd($0) }
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
    _ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String
  ) -> Bool {
    delegate.textView(textView, shouldChangeTextInRanges: ranges, replacementText: text)
  }
  public func callAsFunction(
    _ textView: UITextView, editMenuForTextInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]
  ) -> UIMenu? {
    delegate.textView(textView, editMenuForTextInRanges: ranges, suggestedActions: suggestedActions)
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
  public func callAsFunction(_ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction) -> UIAction? {
    delegate.textView(textView, primaryActionFor: textItem, defaultAction: defaultAction)
  }
  public func callAsFunction(
    _ textView: UITextView, menuConfigurationFor textItem: UITextItem, defaultMenu: UIMenu
  ) -> UITextItem.MenuConfiguration? {
    delegate.textView(textView, menuConfigurationFor: textItem, defaultMenu: defaultMenu)
  }
  public func callAsFunction(
    _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction
  ) -> Bool {
    delegate.textView(textView, shouldInteractWith: URL, in: characterRange, interaction: interaction)
  }
  public func callAsFunction(
    _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment, in characterRange: NSRange,
    interaction: UITextItemInteraction
  ) -> Bool {
    delegate.textView(textView, shouldInteractWith: textAttachment, in: characterRange, interaction: interaction)
  }
  public func callAsFunction(_ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange) -> Bool {
    delegate.textView(textView, shouldInteractWith: URL, in: characterRange)
  }
  public func callAsFunction(
    _ textView: UITextView, shouldInteractWith textAttachment: NSTextAttachment, in characterRange: NSRange
  ) -> Bool {
    delegate.textView(textView, shouldInteractWith: textAttachment, in: characterRange)
  }
  public func callAsFunction(
    _ textView: UITextView, textItemMenuWillDisplayFor textItem: UITextItem, animator: any UIContextMenuInteractionAnimating
  ) {
    delegate.textView(textView, textItemMenuWillDisplayFor: textItem, animator: animator)
  }
  public func callAsFunction(
    _ textView: UITextView, textItemMenuWillEndFor textItem: UITextItem, animator: any UIContextMenuInteractionAnimating
  ) {
    delegate.textView(textView, textItemMenuWillEndFor: textItem, animator: animator)
  }
  public func callAsFunction(
    _ textView: UITextView, writingToolsIgnoredRangesInEnclosingRange enclosingRange: NSRange
  ) -> [NSValue] {
    delegate.textView(textView, writingToolsIgnoredRangesInEnclosingRange: enclosingRange)
  }
}
