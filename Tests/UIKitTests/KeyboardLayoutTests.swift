import Foundation
import Testing
import UIKit

// The software keyboard model and the text input traits (Sources/UIKit/Keyboard).

private let enUS = Locale(identifier: "en_US")
private let deDE = Locale(identifier: "de_DE")
private let zhHans = Locale(identifier: "zh-Hans")
private let iPhone14 = CGSize(width: 390, height: 844)
private let iPhone8 = CGSize(width: 375, height: 667)

private func labels(_ keyboard: SoftwareKeyboard, width: CGFloat = 390) -> [[String]] {
  keyboard.rows(width: width).map { $0.map(\.label) }
}

private let letterRows = [
  ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"],
  ["a", "s", "d", "f", "g", "h", "j", "k", "l"],
  ["⇧", "z", "x", "c", "v", "b", "n", "m", "⌫"],
]
private let numberRows = [
  ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"],
  ["-", "/", ":", ";", "(", ")", "$", "&", "@", "\""],
  ["#+=", ".", ",", "?", "!", "'", "⌫"],
]
private let symbolRows = [
  ["[", "]", "{", "}", "#", "%", "^", "*", "+", "="],
  ["_", "\\", "|", "~", "<", ">", "€", "£", "¥", "•"],
  ["123", ".", ",", "?", "!", "'", "⌫"],
]
private let digitRows = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]]

/// The first plane of every keyboard type, en_US, default Return key.
private let firstPlanes: [(UIKeyboardType, [[String]])] = [
  (.default, letterRows + [["123", "space", "return"]]),
  (.asciiCapable, letterRows + [["123", "space", "return"]]),
  (.numbersAndPunctuation, numberRows + [["ABC", "space", "return"]]),
  (.URL, letterRows + [["123", ".", "/", ".com", "return"]]),
  (.numberPad, digitRows + [["0", "⌫"]]),
  (.phonePad, digitRows + [["+*#", "0", "⌫"]]),
  (.namePhonePad, letterRows + [["123", "space", "return"]]),
  (.emailAddress, letterRows + [["123", "space", "@", ".", "return"]]),
  (.decimalPad, digitRows + [[".", "0", "⌫"]]),
  (.twitter, letterRows + [["123", "space", "@", "#", "return"]]),
  (.webSearch, letterRows + [["123", "space", ".", "Go"]]),
  (.asciiCapableNumberPad, digitRows + [["0", "⌫"]]),
]

@Suite("Keyboard: traits")
struct KeyboardTraitTests {
  @Test func keyboardTypeRawValuesAreApples() {
    let expected: [(UIKeyboardType, Int)] = [
      (.default, 0), (.asciiCapable, 1), (.numbersAndPunctuation, 2), (.URL, 3), (.numberPad, 4),
      (.phonePad, 5), (.namePhonePad, 6), (.emailAddress, 7), (.decimalPad, 8), (.twitter, 9),
      (.webSearch, 10), (.asciiCapableNumberPad, 11),
    ]
    for (type, raw) in expected {
      #expect(type.rawValue == raw)
      #expect(UIKeyboardType(rawValue: raw) == type)
    }
    #expect(UIKeyboardType(rawValue: 12) == nil)
    #expect(UIKeyboardType.alphabet == .asciiCapable)
    #expect(UIKeyboardType.alphabet.rawValue == 1)
  }

  @Test func keyboardAppearanceRawValuesAreApples() {
    #expect(UIKeyboardAppearance.default.rawValue == 0)
    #expect(UIKeyboardAppearance.dark.rawValue == 1)
    #expect(UIKeyboardAppearance.light.rawValue == 2)
    #expect(UIKeyboardAppearance.alert == .dark)
    #expect(UIKeyboardAppearance(rawValue: 3) == nil)
  }

  @Test func returnKeyTypeRawValuesAreApples() {
    let expected: [UIReturnKeyType] = [
      .default, .go, .google, .join, .next, .route, .search, .send, .yahoo, .done, .emergencyCall,
      .continue,
    ]
    for (raw, type) in expected.enumerated() {
      #expect(type.rawValue == raw)
      #expect(UIReturnKeyType(rawValue: raw) == type)
    }
    #expect(UIReturnKeyType(rawValue: 12) == nil)
  }

  @Test func smallTraitEnumsRawValuesAreApples() {
    #expect(
      [UITextAutocapitalizationType.none, .words, .sentences, .allCharacters].map(\.rawValue)
        == [0, 1, 2, 3])
    #expect([UITextAutocorrectionType.default, .no, .yes].map(\.rawValue) == [0, 1, 2])
    #expect([UITextSpellCheckingType.default, .no, .yes].map(\.rawValue) == [0, 1, 2])
    #expect([UITextSmartQuotesType.default, .no, .yes].map(\.rawValue) == [0, 1, 2])
    #expect([UITextSmartDashesType.default, .no, .yes].map(\.rawValue) == [0, 1, 2])
    #expect([UITextSmartInsertDeleteType.default, .no, .yes].map(\.rawValue) == [0, 1, 2])
  }

  @Test func textContentTypeIsAStringWrapper() {
    #expect(UITextContentType.oneTimeCode.rawValue == "one-time-code")
    #expect(UITextContentType.newPassword.rawValue == "new-password")
    #expect(UITextContentType.emailAddress.rawValue == "email")
    #expect(UITextContentType.telephoneNumber.rawValue == "tel")
    #expect(UITextContentType(rawValue: "username") == .username)
    #expect(UITextContentType("custom").rawValue == "custom")
    let all: Set<UITextContentType> = [
      .name, .givenName, .familyName, .emailAddress, .telephoneNumber, .username, .password,
      .newPassword, .oneTimeCode, .URL, .postalCode, .birthdate, .creditCardNumber,
    ]
    #expect(all.count == 13)
  }

  @Test func textFieldDefaultsAreTheDocumentedOnes() {
    #expect(TextInputTraitDefaults.keyboardType == .default)
    #expect(TextInputTraitDefaults.keyboardAppearance == .default)
    #expect(TextInputTraitDefaults.returnKeyType == .default)
    #expect(TextInputTraitDefaults.autocapitalizationType == .sentences)
    #expect(TextInputTraitDefaults.autocorrectionType == .default)
    #expect(TextInputTraitDefaults.spellCheckingType == .default)
    #expect(TextInputTraitDefaults.smartQuotesType == .default)
    #expect(TextInputTraitDefaults.smartDashesType == .default)
    #expect(TextInputTraitDefaults.smartInsertDeleteType == .default)
    #expect(TextInputTraitDefaults.enablesReturnKeyAutomatically == false)
    #expect(TextInputTraitDefaults.isSecureTextEntry == false)
    #expect(TextInputTraitDefaults.textContentType == nil)
  }

  /// A conformer that declares only some traits (as an iOS `UIKeyInput` view may, the requirements
  /// being optional there) reads the rest as the defaults.
  @MainActor @Test func undeclaredTraitsReadAsDefaults() {
    final class PinView: NSObject, UITextInputTraits {
      var keyboardType: UIKeyboardType = .numberPad
    }
    let view = PinView()
    #expect(view.keyboardType == .numberPad)
    #expect(view.autocapitalizationType == .sentences)
    #expect(view.returnKeyType == .default)
    #expect(view.textContentType == nil)
    let traits: any UITextInputTraits = view
    #expect(traits.keyboardType == .numberPad)
    view.isSecureTextEntry = true  // ignored: PinView has no storage for it
    #expect(view.isSecureTextEntry == false)
  }
}

@Suite("Keyboard: key sets")
struct KeyboardKeySetTests {
  @Test(arguments: firstPlanes.map(\.0))
  func firstPlaneHasTheTypesKeys(type: UIKeyboardType) {
    let expected = firstPlanes.first { $0.0 == type }!.1
    let keyboard = SoftwareKeyboard(keyboardType: type, locale: enUS)
    #expect(keyboard.plane == SoftwareKeyboard.initialPlane(for: type))
    #expect(labels(keyboard) == expected)
  }

  @Test(arguments: firstPlanes.map(\.0))
  func onlyThePadsLackAReturnKey(type: UIKeyboardType) {
    let keyboard = SoftwareKeyboard(keyboardType: type, locale: enUS)
    let returnKeys = keyboard.rows(width: 390).joined().filter { $0.action == .return }
    let isPad = [.numberPad, .decimalPad, .phonePad, .asciiCapableNumberPad].contains(type)
    #expect(keyboard.hasReturnKey == !isPad)
    #expect(returnKeys.count == (isPad ? 0 : 1))
    #expect(SoftwareKeyboard.isPad(type) == isPad)
  }

  @Test func otherPlanesOfTheDefaultKeyboard() {
    var keyboard = SoftwareKeyboard(keyboardType: .default, locale: enUS, plane: .numbers)
    #expect(labels(keyboard) == numberRows + [["ABC", "space", "return"]])
    keyboard.plane = .symbols
    #expect(labels(keyboard) == symbolRows + [["ABC", "space", "return"]])
  }

  @Test func phonePadSecondPageHasStarHashAndPlus() {
    let keyboard = SoftwareKeyboard(keyboardType: .phonePad, locale: enUS, plane: .padSymbols)
    let rows = labels(keyboard)
    #expect(rows[0] == ["*", "#", "+"])
    #expect(rows.last == ["123", ".", "⌫"])
    #expect(!keyboard.hasReturnKey)
  }

  @Test func namePhonePadSwitchesBetweenLettersAndDigits() {
    var keyboard = SoftwareKeyboard(keyboardType: .namePhonePad, locale: enUS)
    let switchKey = keyboard.rows(width: 390)[3][0]
    #expect(switchKey.action == .switchPlane(.pad))
    keyboard.apply(switchKey.action)
    #expect(labels(keyboard) == digitRows + [["ABC", "0", "⌫"]])
  }

  @Test func missingPlanesFallBackToTheTypesOwn() {
    #expect(SoftwareKeyboard(keyboardType: .numberPad, plane: .letters).effectivePlane == .pad)
    #expect(SoftwareKeyboard(keyboardType: .default, plane: .pad).effectivePlane == .letters)
    #expect(SoftwareKeyboard(keyboardType: .namePhonePad, plane: .numbers).effectivePlane == .pad)
  }

  @Test func decimalPadUsesTheLocalesSeparator() {
    let us = SoftwareKeyboard(keyboardType: .decimalPad, locale: enUS).rows(width: 390)[3][0]
    #expect(us.label == ".")
    #expect(us.action == .insert("."))
    let de = SoftwareKeyboard(keyboardType: .decimalPad, locale: deDE).rows(width: 390)[3][0]
    #expect(de.label == ",")
    #expect(de.action == .insert(","))
  }

  @Test func numberPadDigitsFollowTheLocaleButAsciiPadStaysAscii() {
    let arabic = Locale(identifier: "ar_EG")
    let localized = SoftwareKeyboard(keyboardType: .numberPad, locale: arabic).rows(width: 390)
    #expect(localized[1][1].label == "٥")
    #expect(localized[1][1].action == .insert("٥"))
    let ascii = SoftwareKeyboard(keyboardType: .asciiCapableNumberPad, locale: arabic)
    #expect(labels(ascii) == digitRows + [["0", "⌫"]])
  }

  @Test func numberPadDigitsCarryKeypadLetters() {
    let rows = SoftwareKeyboard(keyboardType: .phonePad, locale: enUS).rows(width: 390)
    #expect(rows[0].map(\.secondaryLabel) == [nil, "ABC", "DEF"])
    #expect(rows[2].map(\.secondaryLabel) == ["PQRS", "TUV", "WXYZ"])
    #expect(rows[3][1].secondaryLabel == "+")
  }

  @Test func shiftShowsCapitalsAndTypesThem() {
    let keyboard = SoftwareKeyboard(keyboardType: .default, locale: enUS, shiftState: .on)
    let rows = keyboard.rows(width: 390)
    #expect(rows[0].first?.label == "Q")
    #expect(rows[0].first?.action == .insert("Q"))
    #expect(rows[2].first?.label == "⬆")
    #expect(rows[2].first?.isSelected == true)
    let locked = SoftwareKeyboard(keyboardType: .default, locale: enUS, shiftState: .capsLock)
    #expect(locked.rows(width: 390)[2].first?.label == "⇪")
  }

  @Test func globeKeyIsOptional() {
    let keyboard = SoftwareKeyboard(keyboardType: .emailAddress, locale: enUS, showsGlobeKey: true)
    #expect(labels(keyboard)[3] == ["123", "🌐", "space", "@", ".", "return"])
    #expect(keyboard.rows(width: 390)[3][1].action == .nextKeyboard)
  }

  @Test func appearanceDefaultIsLight() {
    #expect(!SoftwareKeyboard(keyboardAppearance: .default).isDark)
    #expect(!SoftwareKeyboard(keyboardAppearance: .light).isDark)
    #expect(SoftwareKeyboard(keyboardAppearance: .dark).isDark)
    #expect(SoftwareKeyboard(keyboardAppearance: .alert).isDark)
  }

  @Test func spaceBarLabelFollowsTheLanguage() {
    #expect(labels(SoftwareKeyboard(locale: zhHans))[3] == ["123", "空格", "换行"])
  }

  @Test(arguments: [320.0, 375.0, 390.0, 430.0, 844.0])
  func keysStayInsideTheKeyboardAndNeverOverlap(width: Double) {
    for (type, _) in firstPlanes {
      for plane in SoftwareKeyboard.planes(for: type) {
        let keys = Array(
          SoftwareKeyboard(keyboardType: type, locale: enUS, plane: plane).rows(width: width)
            .joined())
        for (index, key) in keys.enumerated() {
          #expect(key.frame.minX >= 0 && key.frame.maxX <= width + 0.001, "\(type) \(key.label)")
          #expect(key.frame.minY >= 0 && key.frame.maxY <= 216)
          #expect(key.frame.width > 0 && key.frame.height > 0)
          for other in keys[(index + 1)...] {
            #expect(!key.frame.intersects(other.frame), "\(type) \(key.label) \(other.label)")
          }
        }
      }
    }
  }
}

@Suite("Keyboard: Return key")
struct KeyboardReturnKeyTests {
  static let labels: [(UIReturnKeyType, String, String)] = [
    (.default, "return", "换行"),
    (.go, "Go", "前往"),
    (.google, "Search", "搜索"),
    (.join, "Join", "加入"),
    (.next, "Next", "下一项"),
    (.route, "Route", "路线"),
    (.search, "Search", "搜索"),
    (.send, "Send", "发送"),
    (.yahoo, "Search", "搜索"),
    (.done, "Done", "完成"),
    (.emergencyCall, "Emergency Call", "紧急呼叫"),
    (.continue, "Continue", "继续"),
  ]

  @Test(arguments: labels.map(\.0))
  func labelInEnglishAndChinese(type: UIReturnKeyType) {
    let (_, english, chinese) = Self.labels.first { $0.0 == type }!
    #expect(SoftwareKeyboard.returnKeyLabel(for: type, locale: enUS) == english)
    #expect(
      SoftwareKeyboard.returnKeyLabel(for: type, locale: Locale(identifier: "en_GB")) == english)
    #expect(SoftwareKeyboard.returnKeyLabel(for: type, locale: zhHans) == chinese)
    #expect(
      SoftwareKeyboard.returnKeyLabel(for: type, locale: Locale(identifier: "zh_CN")) == chinese)
    #expect(
      SoftwareKeyboard.returnKeyLabel(for: type, locale: Locale(identifier: "zh-Hans-CN"))
        == chinese)
    // Languages without a translation read English.
    #expect(SoftwareKeyboard.returnKeyLabel(for: type, locale: deDE) == english)
    #expect(
      SoftwareKeyboard.returnKeyLabel(for: type, locale: Locale(identifier: "zh-Hant")) == english)
    #expect(
      SoftwareKeyboard.returnKeyLabel(for: type, locale: Locale(identifier: "zh_TW")) == english)

    let keyboard = SoftwareKeyboard(returnKeyType: type, locale: zhHans)
    let key = keyboard.rows(width: 390).joined().first { $0.action == .return }
    #expect(key?.label == chinese)
    #expect(key?.role == .return)
    #expect(key?.isProminent == (type != .default))
  }

  @Test func webSearchDefaultReturnReadsGoAndIsBlue() {
    #expect(
      SoftwareKeyboard.returnKeyLabel(for: .default, keyboardType: .webSearch, locale: enUS) == "Go"
    )
    #expect(
      SoftwareKeyboard.returnKeyLabel(for: .default, keyboardType: .webSearch, locale: zhHans)
        == "前往")
    #expect(SoftwareKeyboard.isReturnKeyProminent(.default, keyboardType: .webSearch))
    #expect(!SoftwareKeyboard.isReturnKeyProminent(.default, keyboardType: .URL))
    #expect(
      SoftwareKeyboard.returnKeyLabel(for: .done, keyboardType: .webSearch, locale: enUS) == "Done")
  }

  @Test func enablesReturnKeyAutomaticallyDisablesItForEmptyText() {
    #expect(!SoftwareKeyboard.isReturnKeyEnabled(enablesReturnKeyAutomatically: true, text: ""))
    #expect(SoftwareKeyboard.isReturnKeyEnabled(enablesReturnKeyAutomatically: true, text: "a"))
    #expect(SoftwareKeyboard.isReturnKeyEnabled(enablesReturnKeyAutomatically: true, text: " "))
    #expect(SoftwareKeyboard.isReturnKeyEnabled(enablesReturnKeyAutomatically: false, text: ""))

    let disabled = SoftwareKeyboard(returnKeyType: .done, locale: enUS, returnKeyEnabled: false)
    let key = disabled.rows(width: 390)[3].last!
    #expect(key.action == .return)
    #expect(!key.isEnabled)
    #expect(!key.isProminent)
    #expect(key.label == "Done")
    let enabled = SoftwareKeyboard(returnKeyType: .done, locale: enUS, returnKeyEnabled: true)
    #expect(enabled.rows(width: 390)[3].last!.isEnabled)
    #expect(enabled.rows(width: 390)[3].last!.isProminent)
  }
}

@Suite("Keyboard: hit testing")
struct KeyboardHitTestTests {
  @Test(arguments: firstPlanes.map(\.0))
  func everyKeysRectHitsThatKey(type: UIKeyboardType) {
    let keyboard = SoftwareKeyboard(keyboardType: type, locale: enUS)
    for key in keyboard.rows(width: 390).joined() {
      let f = key.frame
      for point in [
        CGPoint(x: f.midX, y: f.midY), CGPoint(x: f.minX, y: f.minY),
        CGPoint(x: f.maxX - 0.01, y: f.maxY - 0.01),
      ] {
        #expect(keyboard.key(at: point, width: 390) == key, "\(type) \(key.label) \(point)")
      }
      // Just outside each edge is another key or nothing, never this key.
      for point in [
        CGPoint(x: f.minX - 0.01, y: f.midY), CGPoint(x: f.maxX, y: f.midY),
        CGPoint(x: f.midX, y: f.minY - 0.01), CGPoint(x: f.midX, y: f.maxY),
      ] {
        #expect(keyboard.key(at: point, width: 390) != key, "\(type) \(key.label) \(point)")
      }
    }
  }

  @Test func gapsMarginsAndTheOutsideHitNothing() {
    let keyboard = SoftwareKeyboard(keyboardType: .default, locale: enUS)
    let rows = keyboard.rows(width: 390)
    let q = rows[0][0]
    let w = rows[0][1]
    #expect(
      keyboard.key(at: CGPoint(x: (q.frame.maxX + w.frame.minX) / 2, y: q.frame.midY), width: 390)
        == nil)
    #expect(keyboard.key(at: CGPoint(x: 1, y: q.frame.midY), width: 390) == nil)
    #expect(keyboard.key(at: CGPoint(x: q.frame.midX, y: 1), width: 390) == nil)
    #expect(
      keyboard.key(at: CGPoint(x: 195, y: (q.frame.maxY + rows[1][0].frame.minY) / 2), width: 390)
        == nil)
    #expect(keyboard.key(at: CGPoint(x: -5, y: 20), width: 390) == nil)
    #expect(keyboard.key(at: CGPoint(x: 400, y: 20), width: 390) == nil)
    #expect(keyboard.key(at: CGPoint(x: 195, y: 300), width: 390) == nil)
    #expect(
      keyboard.key(at: CGPoint(x: q.frame.midX, y: q.frame.midY), width: 390)?.action
        == .insert("q"))
  }

  @Test func numberPadsBlankSlotHitsNothing() {
    let keyboard = SoftwareKeyboard(keyboardType: .numberPad, locale: enUS)
    let zero = keyboard.rows(width: 390)[3][0]
    #expect(zero.label == "0")
    #expect(keyboard.key(at: CGPoint(x: 60, y: zero.frame.midY), width: 390) == nil)
    #expect(keyboard.key(at: CGPoint(x: zero.frame.midX, y: zero.frame.midY), width: 390) == zero)
  }

  @Test func keysSitBelowThePredictionBar() {
    let keyboard = SoftwareKeyboard(keyboardType: .default, locale: enUS)
    let geometry = SoftwareKeyboard.geometry(
      for: .default, windowSize: iPhone14, showsPredictionBar: true)
    let rows = keyboard.rows(in: geometry)
    #expect(rows[0][0].frame.minY == CGFloat(45 + 6))
    #expect(keyboard.key(at: CGPoint(x: rows[0][0].frame.midX, y: 20), in: geometry) == nil)
    #expect(
      keyboard.key(at: CGPoint(x: rows[0][0].frame.midX, y: rows[0][0].frame.midY), in: geometry)
        == rows[0][0])
    #expect(keyboard.key(at: CGPoint(x: 195, y: geometry.size.height - 10), in: geometry) == nil)
  }
}

@Suite("Keyboard: shift and planes")
struct KeyboardStateTests {
  @Test(arguments: [
    // (text before the caret, type, capitalize?)
    ("", UITextAutocapitalizationType.sentences, true),
    ("Hello", .sentences, false),
    ("Hello ", .sentences, false),
    ("Hello.", .sentences, false),
    ("Hello. ", .sentences, true),
    ("Hello.  ", .sentences, true),
    ("Hi! ", .sentences, true),
    ("Why? ", .sentences, true),
    ("Hello,", .sentences, false),
    ("Hello, ", .sentences, false),
    ("line\n", .sentences, true),
    ("line\n ", .sentences, true),
    ("   ", .sentences, true),
    ("He said \"Hi.\" ", .sentences, true),
    ("(Done.) ", .sentences, true),
    ("你好。", .sentences, false),
    ("你好。 ", .sentences, true),
    ("", .words, true),
    ("New", .words, false),
    ("New ", .words, true),
    ("New\n", .words, true),
    ("New-", .words, false),
    ("", .allCharacters, true),
    ("abc", .allCharacters, true),
    ("", .none, false),
    ("Hello. ", .none, false),
  ])
  func autocapitalization(text: String, type: UITextAutocapitalizationType, expected: Bool) {
    #expect(SoftwareKeyboard.shouldCapitalize(nextCharacterAfter: text, type: type) == expected)
  }

  @Test func shiftStartsOnWhenAutocapitalizationSaysSo() {
    var keyboard = SoftwareKeyboard(locale: enUS)
    keyboard.updateShift(textBeforeCaret: "", autocapitalizationType: .sentences)
    #expect(keyboard.shiftState == .on)
    keyboard.apply(.insert("H"))
    #expect(keyboard.shiftState == .off)
    keyboard.updateShift(textBeforeCaret: "H", autocapitalizationType: .sentences)
    #expect(keyboard.shiftState == .off)
    keyboard.updateShift(textBeforeCaret: "Hi. ", autocapitalizationType: .sentences)
    #expect(keyboard.shiftState == .on)
    keyboard.updateShift(textBeforeCaret: "", autocapitalizationType: .none)
    #expect(keyboard.shiftState == .off)
  }

  @Test func shiftTogglesAndCapsLockSticks() {
    var keyboard = SoftwareKeyboard(locale: enUS)
    keyboard.apply(.shift)
    #expect(keyboard.shiftState == .on)
    keyboard.apply(.shift)
    #expect(keyboard.shiftState == .off)
    keyboard.lockShift()
    #expect(keyboard.shiftState == .capsLock)
    keyboard.apply(.insert("A"))
    #expect(keyboard.shiftState == .capsLock)
    keyboard.updateShift(textBeforeCaret: "A", autocapitalizationType: .sentences)
    #expect(keyboard.shiftState == .capsLock)
    keyboard.apply(.shift)
    #expect(keyboard.shiftState == .off)
  }

  @Test func spaceOnTheNumberPlaneReturnsToLetters() {
    var keyboard = SoftwareKeyboard(keyboardType: .default, locale: enUS)
    keyboard.apply(.switchPlane(.numbers))
    #expect(keyboard.plane == .numbers)
    keyboard.apply(.insert("4"))
    #expect(keyboard.plane == .numbers)
    keyboard.apply(.switchPlane(.symbols))
    keyboard.apply(.space)
    #expect(keyboard.plane == .letters)
    keyboard.apply(.switchPlane(.numbers))
    keyboard.apply(.insert("'"))
    #expect(keyboard.plane == .letters)

    var numbers = SoftwareKeyboard(keyboardType: .numbersAndPunctuation, locale: enUS)
    numbers.apply(.space)
    #expect(numbers.plane == .numbers)
  }
}

@Suite("Keyboard: size and animation")
struct KeyboardGeometryTests {
  @Test func heightsOnAnIPhoneWithAHomeIndicator() {
    #expect(SoftwareKeyboard.hasHomeIndicator(windowSize: iPhone14))
    #expect(
      SoftwareKeyboard.height(for: .default, windowSize: iPhone14, showsPredictionBar: true) == 336)
    #expect(
      SoftwareKeyboard.height(for: .default, windowSize: iPhone14, showsPredictionBar: false) == 291
    )
    #expect(
      SoftwareKeyboard.height(for: .decimalPad, windowSize: iPhone14, showsPredictionBar: true)
        == 291)
    #expect(
      SoftwareKeyboard.height(for: .numberPad, windowSize: iPhone14, showsPredictionBar: false)
        == 291)
    let geometry = SoftwareKeyboard.geometry(
      for: .default, windowSize: iPhone14, showsPredictionBar: true)
    #expect(geometry.keyArea == CGRect(x: 0, y: 45, width: 390, height: 216))
    #expect(geometry.bottomStripHeight == 75)
    #expect(geometry.size == CGSize(width: 390, height: 336))
  }

  @Test func heightsOnAnIPhoneWithAHomeButton() {
    #expect(!SoftwareKeyboard.hasHomeIndicator(windowSize: iPhone8))
    #expect(
      SoftwareKeyboard.height(for: .default, windowSize: iPhone8, showsPredictionBar: true) == 260)
    #expect(
      SoftwareKeyboard.height(for: .default, windowSize: iPhone8, showsPredictionBar: false) == 216)
    #expect(
      SoftwareKeyboard.height(for: .phonePad, windowSize: iPhone8, showsPredictionBar: true) == 216)
  }

  @Test func heightsInLandscape() {
    let landscape = CGSize(width: 844, height: 390)
    #expect(
      SoftwareKeyboard.height(for: .default, windowSize: landscape, showsPredictionBar: false)
        == 183)
    #expect(
      SoftwareKeyboard.height(
        for: .default, windowSize: CGSize(width: 667, height: 375), showsPredictionBar: false)
        == 162)
  }

  @Test func frameIsDockedWhenVisibleAndBelowTheWindowWhenHidden() {
    #expect(
      SoftwareKeyboard.frame(
        for: .default, windowSize: iPhone14, showsPredictionBar: true, isVisible: true)
        == CGRect(x: 0, y: 508, width: 390, height: 336))
    #expect(
      SoftwareKeyboard.frame(
        for: .default, windowSize: iPhone14, showsPredictionBar: true, isVisible: false)
        == CGRect(x: 0, y: 844, width: 390, height: 336))
  }

  @Test func predictionBarShowsOnlyAboveCorrectableLetterKeyboards() {
    #expect(
      SoftwareKeyboard.showsPredictionBar(
        keyboardType: .default, autocorrectionType: .default, isSecureTextEntry: false))
    #expect(
      !SoftwareKeyboard.showsPredictionBar(
        keyboardType: .default, autocorrectionType: .no, isSecureTextEntry: false))
    #expect(
      !SoftwareKeyboard.showsPredictionBar(
        keyboardType: .default, autocorrectionType: .yes, isSecureTextEntry: true))
    #expect(
      !SoftwareKeyboard.showsPredictionBar(
        keyboardType: .decimalPad, autocorrectionType: .yes, isSecureTextEntry: false))
    #expect(
      SoftwareKeyboard.showsPredictionBar(
        keyboardType: .emailAddress, autocorrectionType: .default, isSecureTextEntry: false))
  }

  @Test func animationMatchesIOSNotifications() {
    #expect(SoftwareKeyboard.animationDuration == 0.25)
    #expect(SoftwareKeyboard.animationCurveRawValue == 7)
  }
}
