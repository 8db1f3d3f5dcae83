import Foundation

/// What a text-input object tells its `inputDelegate` (on iOS, the system keyboard) about
/// changes of its text and selection that the keyboard did not make itself: code setting
/// `text` or `selectedTextRange`, calling `replace(_:withText:)` or `insertText(_:)`, a tap that
/// moves the caret, the edit menu, undo. Keys typed on either keyboard and input-method
/// composition are the keyboard's own changes and are not reported.
///
/// `UITextField` and `UITextView` call, around one change:
/// `textWillChange` → `selectionWillChange` → (the change) → `selectionDidChange` →
/// `textDidChange`, the selection's pair only when the selection moves and the text's pair
/// only when the text changes; then their own delegate methods, control events and
/// notifications follow.
@preconcurrency @MainActor
public protocol UITextInputDelegate: NSObjectProtocol {
  /// The selection of `textInput` is about to change.
  func selectionWillChange(_ textInput: (any UITextInput)?)
  /// The selection of `textInput` changed.
  func selectionDidChange(_ textInput: (any UITextInput)?)
  /// The text of `textInput` is about to change.
  func textWillChange(_ textInput: (any UITextInput)?)
  /// The text of `textInput` changed.
  func textDidChange(_ textInput: (any UITextInput)?)
}

/// A keyboard's input mode: its language. The terminal's keyboard has one, in the language of
/// the host's locale.
@preconcurrency @MainActor
open class UITextInputMode: NSObject {
  /// Posted when the current input mode changes (the host's keyboard locale changed); the
  /// object is the new `UITextInputMode`.
  nonisolated public static let currentInputModeDidChangeNotification = Notification.Name(
    "UITextInputCurrentInputModeDidChangeNotification")

  private let _primaryLanguage: String?

  /// Creates an input mode without a language.
  public override init() {
    _primaryLanguage = nil
    super.init()
  }

  init(locale: Locale) {
    _primaryLanguage = Self._bcp47(locale)
    super.init()
  }

  /// The mode's language as a BCP 47 tag ("en-US", "fr-CA", "zh-Hant"), or nil.
  open var primaryLanguage: String? { _primaryLanguage }

  /// The input modes the user can switch between: here the one keyboard, in the language of
  /// the key window's host (the user's locale without a key window).
  open class var activeInputModes: [UITextInputMode] {
    [UITextInputMode(locale: UIApplication.shared.keyWindow?.keyboard.locale ?? .current)]
  }

  // These read the stored language: NSObject's overrides are not isolated to the main actor.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UITextInputMode else { return false }
    return other._primaryLanguage == _primaryLanguage
  }

  open override var hash: Int { _primaryLanguage?.hashValue ?? 0 }

  open override var description: String { "<UITextInputMode \(_primaryLanguage ?? "none")>" }

  /// A locale's identifier as a BCP 47 tag, with the parts it names (a script only when it
  /// names one, as iOS's tags do): "en_US" → "en-US", "zh_Hant_TW" → "zh-Hant-TW".
  static func _bcp47(_ locale: Locale) -> String? {
    let base = locale.identifier.split(separator: "@").first.map(String.init) ?? ""
    let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" })
    guard parts.first?.isEmpty == false else { return nil }
    return parts.joined(separator: "-")
  }
}

/// How the keyboard marks text it inserts with alternatives (`insertText(_:alternatives:style:)`).
public enum UITextAlternativeStyle: Int, Sendable {
  /// No marking.
  case none = 0
  /// Text the keyboard is unsure of (dictation), shown to the user as such on iOS.
  case lowConfidence = 1
}

/// A phrase of a dictation result, with the other readings the recognizer considered.
@preconcurrency @MainActor
open class UIDictationPhrase: NSObject {
  /// The phrase as recognised.
  open var text: String { _text }
  /// Other readings, or nil when there are none.
  open var alternativeInterpretations: [String]? { _alternatives }

  private let _text: String
  private let _alternatives: [String]?

  /// Creates a phrase (the system makes these on iOS; tests and input methods make them here).
  public init(text: String, alternativeInterpretations: [String]? = nil) {
    _text = text
    _alternatives = alternativeInterpretations
    super.init()
  }
}
