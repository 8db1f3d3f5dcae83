/// The on-screen keyboard as data: which keys a text object's traits give, what each key is
/// labelled and does, where it sits, and which key a touch lands on.
///
/// Hosts (the headless test host, the terminal host) build one from the first responder's traits
/// and draw `rows(in:)`; a tap goes through `key(at:in:)`, and the host performs the key's
/// `action` on the text object, then calls `apply(_:)` and `updateShift(textBeforeCaret:…)` so
/// the plane and shift state follow as they do on iOS. The model holds no text and no time.
///
/// The key sets are those of an iPhone in portrait with the English (US) keyboard, as iOS 12
/// shows them on an iPhone 6s.
package struct SoftwareKeyboard: Hashable, Sendable {
  /// One page of keys. A keyboard type offers some of these; `plane` is the one showing.
  package enum Plane: Hashable, Sendable {
    /// q w e r t y …, shift, delete, the "123" key.
    case letters
    /// 1–0 and common punctuation, the "#+=" key.
    case numbers
    /// Brackets, maths and currency symbols, the "123" key.
    case symbols
    /// A 3 × 4 grid of digits (number pad, decimal pad, phone pad, a name-phone pad's digits).
    case pad
    /// The phone pad's second page, reached with its "+*#" key.
    case padSymbols
  }

  /// The shift key: off, on for the next letter, or locked (caps lock, a double tap).
  package enum ShiftState: Hashable, Sendable {
    case off
    case on
    case capsLock
  }

  /// What pressing a key does. The host performs it on the text object.
  package enum Action: Hashable, Sendable {
    /// Insert this text at the caret (one key, one string: "a", "A", ".com", ",").
    case insert(String)
    /// Delete one grapheme cluster before the caret (or the selection).
    case deleteBackward
    /// Toggle shift (`apply(_:)` updates `shiftState`).
    case shift
    /// Show another plane (`apply(_:)` updates `plane`).
    case switchPlane(Plane)
    /// Insert a space (a key of its own so that a host can implement iOS's ". " shortcut).
    case space
    /// The Return key: a text field asks its delegate `textFieldShouldReturn`; a text view
    /// inserts a newline.
    case `return`
    /// The globe key: switch to the next input language. Only present with `showsGlobeKey`.
    case nextKeyboard
  }

  /// How a key is drawn.
  package enum Role: Hashable, Sendable {
    /// Letters, digits, punctuation: light keys.
    case character
    /// Shift, delete, plane switches, the globe: darker keys.
    case modifier
    /// The space bar.
    case space
    /// The Return key: grey when it is the default one, blue (prominent) otherwise.
    case `return`
  }

  /// A key: what to draw, what it does, where it is.
  package struct Key: Hashable, Sendable {
    /// What the key shows ("q", "Q", "123", "⌫", "Done", "完成").
    package var label: String
    /// The small letters under a number pad's digit ("ABC" under 2), when there are any.
    package var secondaryLabel: String?
    package var action: Action
    package var role: Role
    /// False only for a Return key disabled by `enablesReturnKeyAutomatically`.
    package var isEnabled: Bool
    /// True for a blue Return key (every type but `.default`, and only while enabled).
    package var isProminent: Bool
    /// True for a lit shift key (shift on or locked).
    package var isSelected: Bool
    /// The key's rectangle in points, relative to the keyboard's top-left corner.
    package var frame: CGRect
  }

  /// The text object's keyboard type; decides the key set.
  package var keyboardType: UIKeyboardType
  /// The text object's Return key type; decides the Return key's label and colour.
  package var returnKeyType: UIReturnKeyType
  /// Light or dark; the model only carries it for the host to draw with.
  package var keyboardAppearance: UIKeyboardAppearance
  /// The user's language and region: Return and space labels, the decimal pad's separator, the
  /// number pad's digits.
  package var locale: Locale
  /// Whether the Return key can be pressed (see `isReturnKeyEnabled(enablesReturnKeyAutomatically:text:)`).
  package var returnKeyEnabled: Bool
  package var shiftState: ShiftState
  /// The plane showing. A plane the keyboard type does not have reads as its nearest one (see
  /// `effectivePlane`).
  package var plane: Plane
  /// Whether the letter, number and symbol planes carry a globe key beside the plane switch, as
  /// on iPhones with a Home button. Off by default: on iPhones with a home indicator the globe
  /// sits below the keys, outside the key area.
  package var showsGlobeKey: Bool

  /// A keyboard for the given traits, on the plane the keyboard type opens with unless `plane`
  /// says otherwise.
  package init(
    keyboardType: UIKeyboardType = TextInputTraitDefaults.keyboardType,
    returnKeyType: UIReturnKeyType = TextInputTraitDefaults.returnKeyType,
    keyboardAppearance: UIKeyboardAppearance = TextInputTraitDefaults.keyboardAppearance,
    locale: Locale = .current,
    returnKeyEnabled: Bool = true,
    shiftState: ShiftState = .off,
    plane: Plane? = nil,
    showsGlobeKey: Bool = false
  ) {
    self.keyboardType = keyboardType
    self.returnKeyType = returnKeyType
    self.keyboardAppearance = keyboardAppearance
    self.locale = locale
    self.returnKeyEnabled = returnKeyEnabled
    self.shiftState = shiftState
    self.plane = plane ?? Self.initialPlane(for: keyboardType)
    self.showsGlobeKey = showsGlobeKey
  }

  /// The plane a keyboard type opens with: numbers for `numbersAndPunctuation`, the digit grid for
  /// the pads, letters for everything else.
  package static func initialPlane(for keyboardType: UIKeyboardType) -> Plane {
    switch keyboardType {
    case .numbersAndPunctuation: .numbers
    case .numberPad, .decimalPad, .phonePad, .asciiCapableNumberPad: .pad
    case .default, .asciiCapable, .URL, .namePhonePad, .emailAddress, .twitter, .webSearch: .letters
    }
  }

  /// The planes a keyboard type can show, the first being the one it opens with.
  package static func planes(for keyboardType: UIKeyboardType) -> [Plane] {
    switch keyboardType {
    case .numbersAndPunctuation: [.numbers, .symbols, .letters]
    case .numberPad, .decimalPad, .asciiCapableNumberPad: [.pad]
    case .phonePad: [.pad, .padSymbols]
    case .namePhonePad: [.letters, .pad]
    case .default, .asciiCapable, .URL, .emailAddress, .twitter, .webSearch:
      [.letters, .numbers, .symbols]
    }
  }

  /// `plane` if the keyboard type has it, else the plane it opens with (a name-phone pad maps
  /// its missing number planes to its digits).
  package var effectivePlane: Plane {
    let planes = Self.planes(for: keyboardType)
    if planes.contains(plane) { return plane }
    if keyboardType == .namePhonePad, plane != .letters { return .pad }
    return planes[0]
  }

  /// Whether the interface around the keyboard is in dark appearance (the responder's traits).
  package var interfaceIsDark = false

  /// Whether to draw the dark keyboard: `.dark` (and its alias `.alert`) always; `.default`
  /// follows the interface's appearance, as since iOS 13 (in light appearance it is the light
  /// keyboard, as seed 001 says: "等同于 UIKeyboardAppearanceLight"); `.light` never.
  package var isDark: Bool {
    keyboardAppearance == .dark || (keyboardAppearance == .default && interfaceIsDark)
  }

  /// Whether the keys showing include a Return key (number, decimal and phone pads have none).
  package var hasReturnKey: Bool {
    keySpecs.contains { row in
      row.contains { if case .key(let spec, _) = $0 { spec.action == .return } else { false } }
    }
  }

  /// Whether the Return key can be pressed: with `enablesReturnKeyAutomatically`, only while the
  /// text object has text (any text, spaces included), as Apple documents the trait.
  package static func isReturnKeyEnabled(enablesReturnKeyAutomatically: Bool, text: String) -> Bool
  {
    !enablesReturnKeyAutomatically || !text.isEmpty
  }

  // MARK: - State after a key press

  /// Updates `plane` and `shiftState` after the host has performed `action`, as iOS does:
  /// - shift toggles (off → on, on or locked → off);
  /// - a plane switch shows that plane;
  /// - a letter typed with shift on turns shift off (caps lock stays);
  /// - on a keyboard that opens with letters, a space or an apostrophe typed on the number or
  ///   symbol plane goes back to the letters.
  package mutating func apply(_ action: Action) {
    let current = effectivePlane
    switch action {
    case .shift:
      guard current == .letters else { return }
      shiftState = shiftState == .off ? .on : .off
    case .switchPlane(let newPlane):
      plane = newPlane
    case .insert(let text):
      if current == .letters, shiftState == .on { shiftState = .off }
      if text == "'" { returnToLettersIfTemporary(from: current) }
    case .space:
      returnToLettersIfTemporary(from: current)
    case .deleteBackward, .return, .nextKeyboard:
      break
    }
  }

  /// Locks shift (a double tap on the shift key).
  package mutating func lockShift() {
    if effectivePlane == .letters { shiftState = .capsLock }
  }

  /// Turns shift on or off for the next character from the text before the caret and the text
  /// object's `autocapitalizationType`, unless caps lock is on. Hosts call it when editing begins
  /// and after every change of the text or the selection.
  package mutating func updateShift(
    textBeforeCaret: String,
    autocapitalizationType: UITextAutocapitalizationType
  ) {
    guard shiftState != .capsLock else { return }
    shiftState =
      Self.shouldCapitalize(nextCharacterAfter: textBeforeCaret, type: autocapitalizationType)
      ? .on : .off
  }

  private mutating func returnToLettersIfTemporary(from current: Plane) {
    if (current == .numbers || current == .symbols),
      Self.initialPlane(for: keyboardType) == .letters
    {
      plane = .letters
    }
  }
}
