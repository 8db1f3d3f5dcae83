import Foundation

/// What an input view controller reads and edits: the text of the responder it serves, around
/// the insertion point (iOS's proxy for a custom keyboard).
@preconcurrency @MainActor
public protocol UITextDocumentProxy: UIKeyInput {
  /// The text before the insertion point (nil when there is no document).
  var documentContextBeforeInput: String? { get }
  /// The text after the insertion point, or after the selection.
  var documentContextAfterInput: String? { get }
  /// The selected text (nil when the selection is empty).
  var selectedText: String? { get }
  /// The input mode of the document.
  var documentInputMode: UITextInputMode? { get }
  /// An identifier of the document, the same while the same responder is served.
  var documentIdentifier: UUID { get }
  /// Moves the insertion point by `offset` characters (grapheme clusters), within the text.
  func adjustTextPosition(byCharacterOffset offset: Int)
  /// Sets marked text at the insertion point, as an input method does.
  func setMarkedText(_ markedText: String, selectedRange: NSRange)
  /// Commits the marked text.
  func unmarkText()
}

/// The controller of a custom input view: a responder's ``UIResponder/inputViewController`` (or
/// ``UIResponder/inputAccessoryViewController``) whose ``inputView`` the keyboard shows in its
/// place while the responder is first responder. Its ``textDocumentProxy`` edits the
/// responder's text; ``dismissKeyboard()`` ends the responder's editing.
///
/// Keyboard extensions (a system-wide custom keyboard) do not exist here: this is the in-app
/// use of the class. There is one input mode, so ``advanceToNextInputMode()`` does nothing and
/// ``needsInputModeSwitchKey`` is false.
@preconcurrency @MainActor
open class UIInputViewController: UIViewController, UITextInputDelegate {
  private let _proxy = _TextDocumentProxy()

  /// The view shown in the keyboard's place: the controller's view, a `UIInputView` of the
  /// keyboard style unless `loadView` makes another.
  open override var inputView: UIInputView? {
    get { view as? UIInputView }
    set { view = newValue }
  }

  open override func loadView() {
    view = UIInputView(frame: .zero, inputViewStyle: .keyboard)
  }

  /// The proxy to the text of the responder being served.
  open var textDocumentProxy: any UITextDocumentProxy { _proxy }

  /// The primary language of the input view (nil: the system's).
  open var primaryLanguage: String?

  /// Whether the input view must offer a key to switch input modes: never, with one mode.
  open var needsInputModeSwitchKey: Bool { false }

  /// Whether the input view has full access: always, inside the app.
  open var hasFullAccess: Bool { true }

  /// Ends the editing of the responder being served: its input view goes away.
  open func dismissKeyboard() {
    _ = _proxy.responder?.resignFirstResponder()
  }

  /// Switches to the next input mode. The terminal's keyboard has one: nothing happens.
  open func advanceToNextInputMode() {}

  // MARK: UITextInputDelegate

  /// The served document's selection will change.
  open func selectionWillChange(_ textInput: (any UITextInput)?) {}
  /// The served document's selection changed.
  open func selectionDidChange(_ textInput: (any UITextInput)?) {}
  /// The served document's text will change.
  open func textWillChange(_ textInput: (any UITextInput)?) {}
  /// The served document's text changed.
  open func textDidChange(_ textInput: (any UITextInput)?) {}

  /// The keyboard shows this controller's view for `responder` (nil: no longer shows it).
  func _serve(_ responder: UIResponder?) {
    // Another document gets another identifier; the same one served again keeps its own.
    if let responder, _lastServed !== responder {
      _proxy.documentIdentifier = UUID()
      _lastServed = responder
    }
    _proxy.responder = responder
  }
  private weak var _lastServed: UIResponder?
}

/// The document proxy: reads and edits a `UIKeyInput` (positions through `UITextInput` when the
/// responder adopts it).
@preconcurrency @MainActor
final class _TextDocumentProxy: NSObject, UITextDocumentProxy {
  weak var responder: UIResponder?
  var documentIdentifier = UUID()

  private var keyInput: (any UIKeyInput)? { responder as? any UIKeyInput }
  private var textInput: (any UITextInput)? { responder as? any UITextInput }

  var hasText: Bool { keyInput?.hasText ?? false }
  func insertText(_ text: String) { keyInput?.insertText(text) }
  func deleteBackward() { keyInput?.deleteBackward() }

  var documentContextBeforeInput: String? {
    guard let input = textInput, let selection = input.selectedTextRange,
      let range = input.textRange(from: input.beginningOfDocument, to: selection.start)
    else { return nil }
    return input.text(in: range)
  }

  var documentContextAfterInput: String? {
    guard let input = textInput, let selection = input.selectedTextRange,
      let range = input.textRange(from: selection.end, to: input.endOfDocument)
    else { return nil }
    return input.text(in: range)
  }

  var selectedText: String? {
    guard let input = textInput, let selection = input.selectedTextRange, !selection.isEmpty else { return nil }
    return input.text(in: selection)
  }

  var documentInputMode: UITextInputMode? { responder?.textInputMode }

  func adjustTextPosition(byCharacterOffset offset: Int) {
    guard let input = textInput, let selection = input.selectedTextRange else { return }
    // Characters are grapheme clusters: count them in the text on the side the caret moves to.
    let base = offset < 0 ? selection.start : selection.end
    let side = offset < 0 ? documentContextBeforeInput ?? "" : documentContextAfterInput ?? ""
    let count = min(abs(offset), side.count)
    let units: Int
    if offset < 0 {
      units = -side.suffix(count).utf16.count
    } else {
      units = side.prefix(count).utf16.count
    }
    guard let position = input.position(from: base, offset: units) else { return }
    input.selectedTextRange = input.textRange(from: position, to: position)
  }

  func setMarkedText(_ markedText: String, selectedRange: NSRange) {
    textInput?.setMarkedText(markedText, selectedRange: selectedRange)
  }

  func unmarkText() { textInput?.unmarkText() }
}

extension UIResponder {
  /// The view the keyboard shows in its place for this responder: ``inputView``, else the input
  /// view of ``inputViewController`` (loading it).
  var _shownInputView: UIView? {
    if let view = inputView { return view }
    return inputViewController?.inputView
  }

  /// The view the keyboard shows above it: ``inputAccessoryView``, else the input view of
  /// ``inputAccessoryViewController``.
  var _shownInputAccessoryView: UIView? {
    if let view = inputAccessoryView { return view }
    return inputAccessoryViewController?.inputView
  }
}
