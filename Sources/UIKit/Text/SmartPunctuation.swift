import Foundation
import TextEditing

// What the keyboards do to a typed key before the text object sees it: smart quotes and dashes
// (`smartQuotesType`, `smartDashesType`) and, on a hardware keyboard, auto-capitalisation
// (`autocapitalizationType`). On iOS the keyboard (UIKeyboardImpl) makes these substitutions,
// so they apply to keys typed on either keyboard and never to `insertText(_:)` called by code
// or to a paste.
//
// The rules followed (iOS 11 and later, Settings › General › Keyboard › Smart Punctuation on):
// - `"` and `'` become an opening quote (“ ‘) at the start of the text, after whitespace, after
//   opening punctuation — ( [ { < — after an opening quote of either kind and after a dash;
//   otherwise a closing one (” ’), so an apostrophe inside a word is ’ ("don’t"). The glyphs are
//   the keyboard language's (`Locale.quotationBeginDelimiter` …: „ “ for German, « » for French).
// - A hyphen typed right after a hyphen replaces both with an em dash: "--" → "—" (the iOS 11
//   betas' en dash for "--" and em dash for "---" did not ship). A hyphen typed after that dash
//   stays a hyphen ("---" → "—-"), and a hyphen between spaces stays a hyphen.
// - Quotes and dashes are substituted when the trait is `.yes`, never when it is `.no`, and for
//   `.default` when the Smart Punctuation setting is on and the text object is not for secure
//   text, a URL, an email address, digits or a phone number (keyboard type or content type), as
//   Apple documents `.default` ("disabled for email address and password keyboards").
//
// Every substitution is one edit through the object's one mutation path: the delegate's
// `shouldChangeCharactersIn` / `shouldChangeTextIn` sees the smart character, with the range of
// the selection for a quote and the range of the hyphen it replaces ({n-1, 1}) for a dash, as
// iOS's keyboard asks when it replaces text it typed (as autocorrection does). A refusal leaves
// the text as it was. The dash joins the typing it continues in one undo step.

/// The smart punctuation rules: pure functions of the text before the caret.
package enum SmartPunctuation {
  /// The character a typed `"` or `'` becomes after `previous` (nil at the start of the text),
  /// with `locale`'s quotation marks; nil for any other `typed` string.
  package static func quote(for typed: String, after previous: Character?, locale: Locale) -> String? {
    let double: Bool
    switch typed {
    case "\"": double = true
    case "'": double = false
    default: return nil
    }
    let opens = previous.map(opensQuote) ?? true
    if double {
      return opens ? (locale.quotationBeginDelimiter ?? "\u{201C}") : (locale.quotationEndDelimiter ?? "\u{201D}")
    }
    // The closing single quote is also the apostrophe (don’t), whatever quotes the language uses.
    return opens ? (locale.alternateQuotationBeginDelimiter ?? "\u{2018}") : "\u{2019}"
  }

  /// Whether a quote typed after `character` opens a quotation.
  static func opensQuote(_ character: Character) -> Bool {
    character.isWhitespace || openingPunctuation.contains(character)
  }

  private static let openingPunctuation: Set<Character> = [
    "(", "[", "{", "<", "\u{201C}", "\u{2018}", "\u{201E}", "\u{201A}", "«", "‹", "\u{2014}", "\u{2013}",
  ]

  /// The em dash a typed hyphen makes with the hyphen before it: "--" → "—".
  package static let emDash = "\u{2014}"

  /// Whether `typed` is a key that ``quote(for:after:locale:)`` or ``makesDash(_:after:)``
  /// may substitute: `"`, `'` or `-`.
  package static func mightSubstitute(_ typed: String) -> Bool {
    guard typed.utf8.count == 1, let byte = typed.utf8.first else { return false }
    return byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-")
  }

  /// Whether a `typed` hyphen after `previous` makes an em dash with it.
  package static func makesDash(_ typed: String, after previous: Character?) -> Bool {
    typed == "-" && previous == "-"
  }

  /// Whether `.default` smart punctuation (and smart insert/delete) applies to a text object
  /// with these traits: not for secure text, URLs, email addresses, digits or phone numbers.
  @MainActor
  package static func defaultApplies(to traits: any UITextInputTraits) -> Bool {
    if traits.isSecureTextEntry { return false }
    switch traits.keyboardType {
    case .URL, .emailAddress, .numberPad, .phonePad, .decimalPad, .asciiCapableNumberPad, .namePhonePad:
      return false
    default:
      break
    }
    if let content = traits.textContentType, excludedContentTypes.contains(content) { return false }
    return true
  }

  private static let excludedContentTypes: Set<UITextContentType> = [
    .URL, .emailAddress, .username, .password, .newPassword, .oneTimeCode,
  ]
}

extension EditableTextObject {
  /// The keyboard's settings (Smart Punctuation, hardware Auto-Capitalization), or iOS's
  /// defaults for an object in no window.
  private var _keyboardSettings: KeyboardController? { (self as? UIView)?.window?.keyboard }

  private var _traits: (any UITextInputTraits)? {
    // The two text objects by class first: a cast to a class is a comparison of metadata, where
    // the cast to the protocol looks the conformance up through each superclass, on every key.
    if let field = self as? UITextField { return field }
    if let view = self as? UITextView { return view }
    return self as? any UITextInputTraits
  }

  /// Whether typed quotes become typographic (see the header of this file).
  var _smartQuotesApply: Bool {
    guard let traits = _traits else { return false }
    switch traits.smartQuotesType {
    case .yes: return true
    case .no: return false
    case .default: return (_keyboardSettings?.smartPunctuation ?? true) && SmartPunctuation.defaultApplies(to: traits)
    }
  }

  /// Whether a typed "--" becomes an em dash (see the header of this file).
  var _smartDashesApply: Bool {
    guard let traits = _traits else { return false }
    switch traits.smartDashesType {
    case .yes: return true
    case .no: return false
    case .default: return (_keyboardSettings?.smartPunctuation ?? true) && SmartPunctuation.defaultApplies(to: traits)
    }
  }

  /// The character just before the selection (or the marked text), nil at the start.
  private var _characterBeforeInsertion: Character? {
    let start = _state.markedRange?.lowerBound ?? _state.selection.range.lowerBound
    guard start > 0 else { return nil }
    return _state.text.substring(_state.text.clusterBoundary(roundingDown: start - 1)..<start).last
  }

  /// A key that types `string`, from either keyboard: smart quotes and dashes apply, then it is
  /// delivered through `insertText(_:)` as user input (the delegate is asked).
  func _typeKey(_ string: String) {
    // Only a hyphen and the two quotes are ever substituted (`makesDash`, `quote`): other keys,
    // almost all of them, skip reading the character before the caret and the traits.
    if SmartPunctuation.mightSubstitute(string), _state.markedRange == nil, !_isReadOnly {
      let previous = _characterBeforeInsertion
      if _smartDashesApply, _state.selection.isEmpty, SmartPunctuation.makesDash(string, after: previous) {
        let caret = _state.selection.head
        // The hyphen is one UTF-16 unit: the dash replaces exactly it.
        _perform(.typeReplacing((caret - 1)..<caret, with: SmartPunctuation.emDash), origin: .user)
        return
      }
      if _smartQuotesApply,
        let quote = SmartPunctuation.quote(
          for: string, after: previous, locale: _keyboardSettings?.locale ?? Locale(identifier: "en_US"))
      {
        _deliverUserInput { insertText(quote) }
        return
      }
    }
    _deliverUserInput { insertText(string) }
  }

  /// A character key of the hardware keyboard: auto-capitalised as `autocapitalizationType`
  /// asks (when the setting is on), then typed as ``_typeKey(_:)`` types it.
  func _typeHardwareKey(_ string: String) {
    _typeKey(_autocapitalizedHardwareKey(string))
  }

  /// `string` as the hardware keyboard types it: a lower-case letter becomes a capital where
  /// the software keyboard would have turned shift on (start of a sentence for `.sentences`, of
  /// a word for `.words`, always for `.allCharacters`). A letter typed with Shift or Caps Lock
  /// is already a capital; nothing makes a capital lower-case. Not in secure text, URL or email
  /// fields, whose keyboards iOS does not capitalise.
  func _autocapitalizedHardwareKey(_ string: String) -> String {
    // A key of one ASCII character (what a hardware keyboard types almost every time) is a
    // lower-case letter when it is a...z: that answers `count == 1` and `isLowercase` without
    // grapheme breaking or a look-up of Unicode properties.
    let ascii: UInt8? = string.utf8.count == 1 ? string.utf8.first : nil
    if let ascii, !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii) { return string }
    // Every condition below must hold for a capital, so the cheapest that fails decides first.
    guard let traits = _traits else { return string }
    let type = traits.autocapitalizationType
    if type == .none { return string }
    if type == .sentences || type == .words {
      // After a printable ASCII character other than a space (the letter before, in the middle
      // of a word), neither capitalises: the last character before the caret is the cluster
      // that ends with it, which only a prepended mark can start instead (never whitespace).
      let caret = _state.selection.range.lowerBound
      if caret > 0, (0x21...0x7E).contains(_state.text[utf16: caret - 1]) { return string }
    }
    guard _keyboardSettings?.hardwareKeyboardAutoCapitalization ?? true, !traits.isSecureTextEntry,
      traits.keyboardType != .URL, traits.keyboardType != .emailAddress
    else { return string }
    if ascii == nil {
      guard string.count == 1, let letter = string.first, letter.isLowercase else { return string }
    }
    let before = _textBeforeCaret(limit: 8)
    guard SoftwareKeyboard.shouldCapitalize(nextCharacterAfter: before, type: type)
    else { return string }
    return string.uppercased()
  }
}
