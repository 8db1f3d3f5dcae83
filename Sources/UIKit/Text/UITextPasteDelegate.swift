import Foundation
import TextEditing

// Pasting through a paste delegate (iOS 11): when a text field or text view has a
// `pasteDelegate`, a paste (⌘V, the edit menu's Paste, `paste(_:)`) asks it, in this order:
//
// 1. `textPasteConfigurationSupporting(_:transform:)` once per pasteboard item: the delegate
//    sets the item's result (a string, an attributed string, an attachment, none, or the
//    default: the item's text in the typing attributes);
// 2. `textPasteConfigurationSupporting(_:combineItemAttributedStrings:for:)` with the results
//    (by default joined in order);
// 3. `textPasteConfigurationSupporting(_:shouldAnimatePasteOf:to:)` (no host animates a paste;
//    the answer is asked for, as on iOS, and has no visible effect);
// 4. `textPasteConfigurationSupporting(_:performPasteOf:to:)`: by default the object inserts
//    the string through its one mutation path (the object's own delegate is asked
//    `shouldChangeCharactersIn`/`shouldChangeTextIn`, then hears `DidChange`, as for a paste
//    without a paste delegate); the caret goes to the end of the range it returns.
//
// Without a paste delegate nothing here runs: a paste costs what it did.
// Differences: the pasteboard here holds strings, so every item is text
// (`public.utf8-plain-text`); a result must be set before `transform` returns (iOS also takes
// one set later, asynchronously): an item left without one gets the default result. The text
// inserted is the combined string's characters, in the typing attributes (as iOS pastes into
// text whose attributes the user cannot edit).

/// What a responder accepts when pasting (or dropping): type identifiers.
@preconcurrency @MainActor
open class UIPasteConfiguration: NSObject {
  /// The uniform type identifiers accepted.
  open var acceptableTypeIdentifiers: [String]

  /// A configuration accepting nothing yet.
  public override init() {
    acceptableTypeIdentifiers = []
    super.init()
  }

  /// A configuration accepting `acceptableTypeIdentifiers`.
  public init(acceptableTypeIdentifiers: [String]) {
    self.acceptableTypeIdentifiers = acceptableTypeIdentifiers
    super.init()
  }

  /// Accepts more type identifiers.
  open func addAcceptableTypeIdentifiers(_ acceptableTypeIdentifiers: [String]) {
    self.acceptableTypeIdentifiers.append(contentsOf: acceptableTypeIdentifiers)
  }
}

/// An object that takes pastes of item providers.
@preconcurrency @MainActor
public protocol UIPasteConfigurationSupporting: NSObjectProtocol {
  /// What the object accepts.
  var pasteConfiguration: UIPasteConfiguration? { get set }
}

/// An object that takes pastes of text through a paste delegate (UITextField, UITextView).
@preconcurrency @MainActor
public protocol UITextPasteConfigurationSupporting: UIPasteConfigurationSupporting {
  /// The delegate asked about pastes (see ``UITextPasteDelegate``).
  var pasteDelegate: (any UITextPasteDelegate)? { get set }
}

/// One item being pasted, handed to ``UITextPasteDelegate`` to transform: the delegate sets its
/// result with one of the `set…Result` methods.
@preconcurrency @MainActor
public protocol UITextPasteItem: NSObjectProtocol {
  /// The item's data.
  var itemProvider: NSItemProvider { get }
  /// The object itself when the paste comes from the same app (never, for a pasteboard string).
  var localObject: Any? { get }
  /// The attributes the text takes by default (the object's typing attributes).
  var defaultAttributes: [NSAttributedString.Key: Any] { get }
  /// The item pastes as `string`, in the default attributes.
  func setStringResult(_ string: String)
  /// The item pastes as `string`.
  func setAttributedStringResult(_ string: NSAttributedString)
  /// The item pastes as an attachment.
  func setResult(attachment textAttachment: NSTextAttachment)
  /// The item pastes nothing.
  func setNoResult()
  /// The item pastes as its text in the default attributes.
  func setDefaultResult()
}

/// Asked how a paste into a text object goes (see the order at the top of this file). Every
/// method is optional; the extension supplies what iOS does without one, and iOS's
/// optional-call syntax compiles (`pasteDelegate?.textPasteConfigurationSupporting?(…)`).
@preconcurrency @MainActor
public protocol UITextPasteDelegate: NSObjectProtocol {
  /// Transforms a pasted item: call one of `item`'s `set…Result` methods.
  func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting, transform item: any UITextPasteItem)
  /// Combines the items' results into the one string pasted over `textRange`.
  func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    combineItemAttributedStrings itemStrings: [NSAttributedString], for textRange: UITextRange
  ) -> NSAttributedString
  /// Puts `attributedString` in place of `textRange`; returns the range of the text pasted.
  func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    performPasteOf attributedString: NSAttributedString, to textRange: UITextRange
  ) -> UITextRange
  /// Whether the paste is animated (true by default).
  func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    shouldAnimatePasteOf attributedString: NSAttributedString, to textRange: UITextRange
  ) -> Bool
}

extension UITextPasteDelegate {
  public func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting, transform item: any UITextPasteItem
  ) {
    item.setDefaultResult()
  }

  public func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    combineItemAttributedStrings itemStrings: [NSAttributedString], for textRange: UITextRange
  ) -> NSAttributedString {
    _joinAttributedStrings(itemStrings)
  }

  public func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    performPasteOf attributedString: NSAttributedString, to textRange: UITextRange
  ) -> UITextRange {
    (textPasteConfigurationSupporting as? any _TextPasteTarget)?._performDefaultPaste(of: attributedString, to: textRange)
      ?? textRange
  }

  public func textPasteConfigurationSupporting(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    shouldAnimatePasteOf attributedString: NSAttributedString, to textRange: UITextRange
  ) -> Bool { true }

  /// `pasteDelegate?.textPasteConfigurationSupporting?(…)`.
  public var textPasteConfigurationSupporting: UITextPasteDelegateCall? { UITextPasteDelegateCall(delegate: self) }
}

/// The value behind `pasteDelegate?.textPasteConfigurationSupporting?(…)`.
@preconcurrency @MainActor
public struct UITextPasteDelegateCall {
  let delegate: any UITextPasteDelegate
  public func callAsFunction(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting, transform item: any UITextPasteItem
  ) {
    delegate.textPasteConfigurationSupporting(textPasteConfigurationSupporting, transform: item)
  }
  public func callAsFunction(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    combineItemAttributedStrings itemStrings: [NSAttributedString], for textRange: UITextRange
  ) -> NSAttributedString {
    delegate.textPasteConfigurationSupporting(textPasteConfigurationSupporting, combineItemAttributedStrings: itemStrings, for: textRange)
  }
  public func callAsFunction(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    performPasteOf attributedString: NSAttributedString, to textRange: UITextRange
  ) -> UITextRange {
    delegate.textPasteConfigurationSupporting(textPasteConfigurationSupporting, performPasteOf: attributedString, to: textRange)
  }
  public func callAsFunction(
    _ textPasteConfigurationSupporting: any UITextPasteConfigurationSupporting,
    shouldAnimatePasteOf attributedString: NSAttributedString, to textRange: UITextRange
  ) -> Bool {
    delegate.textPasteConfigurationSupporting(textPasteConfigurationSupporting, shouldAnimatePasteOf: attributedString, to: textRange)
  }
}

/// `strings` one after another, each keeping its attributes. Built through attribute runs:
/// Foundation on Linux traps when it compares attribute values of UIKit's classes, which
/// appending attributed strings does (see `_AttributeRuns.attributedString`).
func _joinAttributedStrings(_ strings: [NSAttributedString]) -> NSAttributedString {
  let text = strings.map(\.string).joined()
  var runs = _AttributeRuns(length: (text as NSString).length, attributes: [:], revision: 0)
  var offset = 0
  for piece in strings {
    var location = 0
    while location < piece.length {
      var range = NSRange(location: 0, length: 0)
      let attributes = piece.attributes(at: location, effectiveRange: &range)
      let end = max(location + 1, range.location + range.length)
      runs.set(attributes, in: (offset + location)..<(offset + end))
      location = end
    }
    offset += piece.length
  }
  return runs.attributedString(text)
}

/// A pasteboard string being pasted.
@MainActor
final class _TextPasteItem: NSObject, UITextPasteItem {
  let string: String
  let itemProvider: NSItemProvider
  let defaultAttributes: [NSAttributedString.Key: Any]
  var localObject: Any? { nil }
  /// The result: nil until set; `.some(nil)` for no result.
  private(set) var result: NSAttributedString??

  init(string: String, defaultAttributes: [NSAttributedString.Key: Any]) {
    self.string = string
    self.defaultAttributes = defaultAttributes
    itemProvider = NSItemProvider(item: string as NSString, typeIdentifier: "public.utf8-plain-text")
    super.init()
  }

  func setStringResult(_ string: String) { result = .some(NSAttributedString(string: string, attributes: defaultAttributes)) }
  func setAttributedStringResult(_ string: NSAttributedString) { result = .some(string) }
  func setResult(attachment textAttachment: NSTextAttachment) { result = .some(NSAttributedString(attachment: textAttachment)) }
  func setNoResult() { result = .some(nil) }
  func setDefaultResult() { result = .some(NSAttributedString(string: string, attributes: defaultAttributes)) }
}

/// A text object that pastes through its paste delegate.
@MainActor
protocol _TextPasteTarget: _AttributedTextObject, UITextPasteConfigurationSupporting {
  /// Pastes `string` over `range` through the one mutation path; the range of the text pasted.
  func _performDefaultPaste(of string: NSAttributedString, to range: UITextRange) -> UITextRange
}

extension _TextPasteTarget {
  func _performDefaultPaste(of string: NSAttributedString, to range: UITextRange) -> UITextRange {
    let target = range._range
    let length = _state.text.utf16Count
    guard target.upperBound <= length else { return range }
    if _state.selection.range != target, _state.markedRange == nil {
      _ = _perform(.select(TextSelection(range: target)), origin: .program)
    }
    let before = length
    guard _perform(_smartPaste(string.string), origin: .user) else { return UITextRange(target.lowerBound..<target.lowerBound) }
    let inserted = target.count + _state.text.utf16Count - before
    return UITextRange(target.lowerBound..<min(_state.text.utf16Count, target.lowerBound + max(0, inserted)))
  }

  /// Pastes the general pasteboard's strings through `delegate`, in iOS's order (see the top
  /// of this file).
  func _paste(through delegate: any UITextPasteDelegate) {
    let strings = UIPasteboard.general._pastableTexts
    guard !strings.isEmpty else { return }
    let range = UITextRange(_state.markedRange ?? _state.selection.range)
    let defaults = _currentTypingAttributes
    var results: [NSAttributedString] = []
    for string in strings {
      let item = _TextPasteItem(string: string, defaultAttributes: defaults)
      _tracePaste("textPasteConfigurationSupporting(_:transform:)", string.debugDescription)
      delegate.textPasteConfigurationSupporting(self, transform: item)
      switch item.result {
      case .none: results.append(NSAttributedString(string: string, attributes: defaults))
      case .some(.some(let result)): results.append(result)
      case .some(.none): break
      }
    }
    guard !results.isEmpty else { return }
    _tracePaste("textPasteConfigurationSupporting(_:combineItemAttributedStrings:for:)", "\(results.count) strings")
    let combined = delegate.textPasteConfigurationSupporting(self, combineItemAttributedStrings: results, for: range)
    let described = { "\(combined.string.debugDescription) {\(range._range.lowerBound), \(range._range.count)}" }
    _tracePaste("textPasteConfigurationSupporting(_:shouldAnimatePasteOf:to:)", described())
    _ = delegate.textPasteConfigurationSupporting(self, shouldAnimatePasteOf: combined, to: range)
    _tracePaste("textPasteConfigurationSupporting(_:performPasteOf:to:)", described())
    let pasted = delegate.textPasteConfigurationSupporting(self, performPasteOf: combined, to: range)
    let end = min(pasted._range.upperBound, _state.text.utf16Count)
    if _state.selection.range != end..<end, _state.markedRange == nil {
      _ = _perform(.select(.caret(end)), origin: .program)
    }
  }

  private func _tracePaste(_ message: String, _ arguments: @autoclosure () -> String) {
    guard UIKitTrace.isObserved else { return }
    let secure = (self as? any UITextInputTraits)?.isSecureTextEntry == true
    UIKitTrace.report(
      .delegate(sender: self, message: message, arguments: secure ? "<secure>" : arguments()), window: (self as? UIView)?.window)
  }
}

extension UITextView: _TextPasteTarget {}
extension UITextField: _TextPasteTarget {}
extension UIResponder: UIPasteConfigurationSupporting {}
