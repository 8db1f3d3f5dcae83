// The text input traits: the enums of UIKit's `UITextInputTraits.h` and the protocol itself.
//
// Names, cases and raw values are Apple's (the `NS_ENUM(NSInteger, …)` declarations, in
// declaration order starting at 0), so code that stores or compares raw values behaves as on iOS.

/// The kind of software keyboard to show for a text object.
///
/// Each case selects a key set; see `SoftwareKeyboard` for what each one offers. The software
/// keyboard only *offers* those keys: a hardware keyboard can still type anything into the field,
/// which is why a delegate that must reject letters has to check the replacement string itself.
public enum UIKeyboardType: Int, Sendable, Hashable {
  /// The default keyboard for the current input method (letters first).
  case `default` = 0
  /// A keyboard that displays standard ASCII characters.
  case asciiCapable = 1
  /// Numbers and assorted punctuation (the keyboard opens on its numbers plane).
  case numbersAndPunctuation = 2
  /// A keyboard optimized for URL entry: `.`, `/` and `.com` instead of a space bar.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case URL = 3
  /// A number pad for PIN entry: digits 0–9 and delete, nothing else.
  case numberPad = 4
  /// A phone pad: 1–9, 0, `*`, `#`, `+`.
  case phonePad = 5
  /// A keyboard for a person's name or phone number: letters plus a phone pad.
  case namePhonePad = 6
  /// A keyboard for email addresses: `@` and `.` beside the space bar.
  case emailAddress = 7
  /// A number pad with the locale's decimal separator.
  case decimalPad = 8
  /// A keyboard for Twitter text: `@` and `#` beside the space bar.
  case twitter = 9
  /// A keyboard for web search terms: space and `.`; its default Return key reads "Go".
  case webSearch = 10
  /// A number pad that outputs only ASCII digits.
  case asciiCapableNumberPad = 11

  /// A keyboard optimized for alphabetic entry; the same value as `asciiCapable` (deprecated
  /// alias in Apple's header).
  public static let alphabet: UIKeyboardType = .asciiCapable
}

/// The appearance of the keyboard.
public enum UIKeyboardAppearance: Int, Sendable, Hashable {
  /// The default appearance, which is the light one.
  case `default` = 0
  /// A dark keyboard, for dark interfaces.
  case dark = 1
  /// A light keyboard, for light interfaces.
  case light = 2

  /// The keyboard of an alert; the same value as `dark`.
  public static let alert: UIKeyboardAppearance = .dark
}

/// What the keyboard's Return key says. The label follows the user's language: "Done" in English,
/// "完成" in Simplified Chinese (see `SoftwareKeyboard.returnKeyLabel(for:keyboardType:locale:)`).
public enum UIReturnKeyType: Int, Sendable, Hashable {
  case `default` = 0
  case go = 1
  case google = 2
  case join = 3
  case next = 4
  case route = 5
  case search = 6
  case send = 7
  case yahoo = 8
  case done = 9
  case emergencyCall = 10
  case `continue` = 11
}

/// When the shift key turns on by itself.
public enum UITextAutocapitalizationType: Int, Sendable, Hashable {
  /// Never.
  case none = 0
  /// At the start of every word.
  case words = 1
  /// At the start of every sentence.
  case sentences = 2
  /// For every character.
  case allCharacters = 3
}

/// Whether autocorrection is on while typing.
public enum UITextAutocorrectionType: Int, Sendable, Hashable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// Whether spell checking is on while typing.
public enum UITextSpellCheckingType: Int, Sendable, Hashable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// Whether straight quotes become typographic ones.
public enum UITextSmartQuotesType: Int, Sendable, Hashable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// Whether double hyphens become dashes.
public enum UITextSmartDashesType: Int, Sendable, Hashable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// Whether spaces are added or removed around inserted and deleted words.
public enum UITextSmartInsertDeleteType: Int, Sendable, Hashable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// The traits of a text object that configure the software keyboard.
///
/// In Apple's UIKit every requirement is an Objective-C *optional* requirement. Swift on Linux has
/// no optional requirements, so the extension below supplies each one: reading gives the value a
/// text field starts with (`TextInputTraitDefaults`), and setting is ignored. A type that declares
/// the property (as `UITextField` and `UITextView` do, with stored properties) is used instead.
@preconcurrency @MainActor
public protocol UITextInputTraits: NSObjectProtocol {
  var autocapitalizationType: UITextAutocapitalizationType { get set }
  var autocorrectionType: UITextAutocorrectionType { get set }
  var spellCheckingType: UITextSpellCheckingType { get set }
  var smartQuotesType: UITextSmartQuotesType { get set }
  var smartDashesType: UITextSmartDashesType { get set }
  var smartInsertDeleteType: UITextSmartInsertDeleteType { get set }
  var keyboardType: UIKeyboardType { get set }
  var keyboardAppearance: UIKeyboardAppearance { get set }
  var returnKeyType: UIReturnKeyType { get set }
  var enablesReturnKeyAutomatically: Bool { get set }
  var isSecureTextEntry: Bool { get set }
  /// Implicitly unwrapped, as in Apple's Swift interface (`UITextContentType!`); nil by default.
  var textContentType: UITextContentType! { get set }
  /// The rules a new password must follow, for the system's strong-password suggestion.
  var passwordRules: UITextInputPasswordRules? { get set }
  /// Whether the keyboard shows inline predictions (iOS 17).
  var inlinePredictionType: UITextInlinePredictionType { get set }
  /// Whether typed math expressions are completed with their result (iOS 18).
  var mathExpressionCompletionType: UITextMathExpressionCompletionType { get set }
  /// How Writing Tools may work on the text (iOS 18).
  var writingToolsBehavior: UIWritingToolsBehavior { get set }
  /// What Writing Tools may hand back (iOS 18).
  var allowedWritingToolsResultOptions: UIWritingToolsResultOptions { get set }
}

extension UITextInputTraits {
  public var autocapitalizationType: UITextAutocapitalizationType {
    get { TextInputTraitDefaults.autocapitalizationType }
    set {}
  }
  public var autocorrectionType: UITextAutocorrectionType {
    get { TextInputTraitDefaults.autocorrectionType }
    set {}
  }
  public var spellCheckingType: UITextSpellCheckingType {
    get { TextInputTraitDefaults.spellCheckingType }
    set {}
  }
  public var smartQuotesType: UITextSmartQuotesType {
    get { TextInputTraitDefaults.smartQuotesType }
    set {}
  }
  public var smartDashesType: UITextSmartDashesType {
    get { TextInputTraitDefaults.smartDashesType }
    set {}
  }
  public var smartInsertDeleteType: UITextSmartInsertDeleteType {
    get { TextInputTraitDefaults.smartInsertDeleteType }
    set {}
  }
  public var keyboardType: UIKeyboardType {
    get { TextInputTraitDefaults.keyboardType }
    set {}
  }
  public var keyboardAppearance: UIKeyboardAppearance {
    get { TextInputTraitDefaults.keyboardAppearance }
    set {}
  }
  public var returnKeyType: UIReturnKeyType {
    get { TextInputTraitDefaults.returnKeyType }
    set {}
  }
  public var enablesReturnKeyAutomatically: Bool {
    get { TextInputTraitDefaults.enablesReturnKeyAutomatically }
    set {}
  }
  public var isSecureTextEntry: Bool {
    get { TextInputTraitDefaults.isSecureTextEntry }
    set {}
  }
  public var textContentType: UITextContentType! {
    get { TextInputTraitDefaults.textContentType }
    set {}
  }
  public var passwordRules: UITextInputPasswordRules? {
    get { nil }
    set {}
  }
  public var inlinePredictionType: UITextInlinePredictionType {
    get { .default }
    set {}
  }
  public var mathExpressionCompletionType: UITextMathExpressionCompletionType {
    get { .default }
    set {}
  }
  public var writingToolsBehavior: UIWritingToolsBehavior {
    get { .default }
    set {}
  }
  public var allowedWritingToolsResultOptions: UIWritingToolsResultOptions {
    get { [] }
    set {}
  }
}

/// Whether the keyboard offers inline predictions (grey completions after the caret).
///
/// There are no predictions on Linux: the trait is kept for the code that sets it.
public enum UITextInlinePredictionType: Int, Sendable, Hashable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// Whether a typed math expression (`12*3=`) is completed with its result.
///
/// No completion happens on Linux: the trait is kept for the code that sets it.
public enum UITextMathExpressionCompletionType: Int, Sendable, Hashable {
  case `default` = 0
  case no = 1
  case yes = 2
}

/// How Writing Tools (Apple Intelligence's proofreading and rewriting) may work on a view's
/// text. There are no Writing Tools on Linux: the trait is kept for the code that sets it.
public enum UIWritingToolsBehavior: Int, Sendable, Hashable {
  /// Writing Tools leave the text alone.
  case none = -1
  /// The system decides.
  case `default` = 0
  /// The whole inline experience.
  case complete = 1
  /// An overlay panel only.
  case limited = 2
}

/// What Writing Tools may return into a view. Raw values are Apple's.
public struct UIWritingToolsResultOptions: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Text without attributes.
  public static let plainText = UIWritingToolsResultOptions(rawValue: 1 << 0)
  /// Text with RTF-like style attributes.
  public static let richText = UIWritingToolsResultOptions(rawValue: 1 << 1)
  /// Lists.
  public static let list = UIWritingToolsResultOptions(rawValue: 1 << 2)
  /// Tables.
  public static let table = UIWritingToolsResultOptions(rawValue: 1 << 3)
  /// Text with presentation intents (iOS 26).
  public static let presentationIntent = UIWritingToolsResultOptions(rawValue: 1 << 4)
}

/// The rules a password must follow, in the password-rules language of Apple's Password
/// Manager Resources (`required: upper; required: digit; minlength: 8;`).
///
/// iOS reads them only to suggest a strong password for a `.newPassword` field; there is no
/// password suggestion on Linux, so the rules are kept and read back as given (iOS does not
/// check them either).
open class UITextInputPasswordRules: NSObject, NSCopying, @unchecked Sendable {
  /// The rules, as given to `init(descriptor:)`.
  public let passwordRulesDescriptor: String

  /// Rules from a descriptor in the password-rules language.
  public init(descriptor passwordRulesDescriptor: String) {
    self.passwordRulesDescriptor = passwordRulesDescriptor
    super.init()
  }

  public func copy(with zone: NSZone? = nil) -> Any {
    // Immutable: a copy is the object itself, as Foundation's immutable classes do.
    self
  }

  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UITextInputPasswordRules else { return false }
    return other.passwordRulesDescriptor == passwordRulesDescriptor
  }

  public override var hash: Int { passwordRulesDescriptor.hashValue }

  public override var description: String {
    "<UITextInputPasswordRules: \(passwordRulesDescriptor.debugDescription)>"
  }
}

/// The traits a text field or text view starts with, as Apple documents each property's default.
///
/// `UITextField` and `UITextView` initialise their stored trait properties from these, so that
/// the defaults live in one place.
package enum TextInputTraitDefaults {
  package static let autocapitalizationType: UITextAutocapitalizationType = .sentences
  package static let autocorrectionType: UITextAutocorrectionType = .default
  package static let spellCheckingType: UITextSpellCheckingType = .default
  package static let smartQuotesType: UITextSmartQuotesType = .default
  package static let smartDashesType: UITextSmartDashesType = .default
  package static let smartInsertDeleteType: UITextSmartInsertDeleteType = .default
  package static let keyboardType: UIKeyboardType = .default
  package static let keyboardAppearance: UIKeyboardAppearance = .default
  package static let returnKeyType: UIReturnKeyType = .default
  package static let enablesReturnKeyAutomatically = false
  package static let isSecureTextEntry = false
  package static let textContentType: UITextContentType? = nil
}
