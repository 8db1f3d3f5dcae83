// Which keys each keyboard type and plane has, row by row, with their relative widths.
// Geometry (points) is in SoftwareKeyboard+Layout.swift.

import Foundation
import Synchronization

extension SoftwareKeyboard {
  /// A key before it has a place: everything but the frame.
  struct KeySpec: Hashable, Sendable {
    var label: String
    var secondaryLabel: String? = nil
    var action: Action
    var role: Role
    var isEnabled = true
    var isProminent = false
    var isSelected = false
  }

  /// How wide a row item is: a number of key units (a letter key is 1 on the letter planes, a
  /// digit key is 1 on the pads), or a share of the row's leftover width.
  enum Width: Hashable, Sendable {
    case units(CGFloat)
    case flexible(CGFloat)
  }

  /// One item of a row, left to right.
  enum RowItem: Hashable, Sendable {
    /// A key.
    case key(KeySpec, Width)
    /// An empty slot the size of a key (the number pad's blank bottom-left); spaced like a key.
    case hole(Width)
    /// Extra space between keys; adds no key gap of its own.
    case spacer(Width)
  }

  /// The rows of the plane showing, top to bottom.
  var keySpecs: [[RowItem]] {
    switch effectivePlane {
    case .letters: letterRows
    case .numbers: numberRows
    case .symbols: symbolRows
    case .pad: padRows
    case .padSymbols: padSymbolRows
    }
  }

  /// Whether the plane showing is one of the 3 × 4 digit grids (laid out with larger keys).
  var isPadPlane: Bool {
    let plane = effectivePlane
    return plane == .pad || plane == .padSymbols
  }

  // MARK: Letter, number and symbol planes

  private static let letterRowsText = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
  private static let numberRowsText: [[String]] = [
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"],
    ["-", "/", ":", ";", "(", ")", "$", "&", "@", "\""],
  ]
  private static let symbolRowsText: [[String]] = [
    ["[", "]", "{", "}", "#", "%", "^", "*", "+", "="],
    ["_", "\\", "|", "~", "<", ">", "€", "£", "¥", "•"],
  ]
  /// The third row of the number and symbol planes, between its plane key and delete.
  private static let punctuationRowText = [".", ",", "?", "!", "'"]

  /// Width of shift, delete, "#+=" and the third row's "123", in letter units.
  private static let sideKeyUnits: CGFloat = 1.3
  /// Width of the bottom row's plane key and Return key, in letter units.
  private static let bottomKeyUnits: CGFloat = 2.6

  private var letterRows: [[RowItem]] {
    let uppercase = shiftState != .off
    let letters = Self.letterRowsText.map { row in
      row.map { letter -> RowItem in
        let text = uppercase ? String(letter).uppercased() : String(letter)
        return .key(character(text), .units(1))
      }
    }
    let shiftLabel =
      switch shiftState {
      case .off: "⇧"
      case .on: "⬆"
      case .capsLock: "⇪"
      }
    let shift = KeySpec(
      label: shiftLabel, action: .shift, role: .modifier, isSelected: shiftState != .off)
    let third: [RowItem] =
      [.key(shift, .units(Self.sideKeyUnits)), .spacer(.flexible(1))] + letters[2]
      + [.spacer(.flexible(1)), .key(deleteKey, .units(Self.sideKeyUnits))]
    let numbersPlane: Plane = keyboardType == .namePhonePad ? .pad : .numbers
    return [letters[0], letters[1], third, bottomRow(planeKey: planeKey("123", numbersPlane))]
  }

  private var numberRows: [[RowItem]] {
    punctuationRows(
      Self.numberRowsText, sideKey: planeKey("#+=", .symbols),
      bottomPlaneKey: planeKey("ABC", .letters))
  }

  private var symbolRows: [[RowItem]] {
    punctuationRows(
      Self.symbolRowsText, sideKey: planeKey("123", .numbers),
      bottomPlaneKey: planeKey("ABC", .letters))
  }

  private func punctuationRows(
    _ text: [[String]], sideKey: KeySpec, bottomPlaneKey: KeySpec
  ) -> [[RowItem]] {
    let top = text.map { row in row.map { RowItem.key(character($0), .units(1)) } }
    // The five punctuation keys share the width the seven letters take on the letter plane.
    let punctuation = Self.punctuationRowText.map { RowItem.key(character($0), .flexible(1)) }
    let third: [RowItem] =
      [.key(sideKey, .units(Self.sideKeyUnits)), .spacer(.units(0.25))] + punctuation
      + [.spacer(.units(0.25)), .key(deleteKey, .units(Self.sideKeyUnits))]
    return top + [third, bottomRow(planeKey: bottomPlaneKey)]
  }

  /// The bottom row: plane key, (globe,) the keyboard type's own keys, Return.
  private func bottomRow(planeKey: KeySpec) -> [RowItem] {
    var row: [RowItem] = []
    if showsGlobeKey {
      let globe = KeySpec(label: "🌐", action: .nextKeyboard, role: .modifier)
      row += [
        .key(planeKey, .units(Self.bottomKeyUnits / 2)),
        .key(globe, .units(Self.bottomKeyUnits / 2)),
      ]
    } else {
      row.append(.key(planeKey, .units(Self.bottomKeyUnits)))
    }
    let space = RowItem.key(spaceKey, .flexible(1))
    switch keyboardType {
    case .URL:
      // No space bar: ".", "/" and a wide ".com" (seed 001: "突出 . / 和 .com").
      row += [
        .key(character("."), .units(1.5)), .key(character("/"), .units(1.5)),
        .key(character(".com"), .flexible(1)),
      ]
    case .emailAddress:
      row += [space, .key(character("@"), .units(1)), .key(character("."), .units(1))]
    case .twitter:
      row += [space, .key(character("@"), .units(1)), .key(character("#"), .units(1))]
    case .webSearch:
      row += [space, .key(character("."), .units(1))]
    case .default, .asciiCapable, .numbersAndPunctuation, .namePhonePad, .numberPad, .phonePad,
      .decimalPad, .asciiCapableNumberPad:
      row.append(space)
    }
    row.append(.key(returnKey, .units(Self.bottomKeyUnits)))
    return row
  }

  // MARK: Pads

  /// The letters printed under the digits of a telephone keypad.
  private static let keypadLetters: [String: String] = [
    "2": "ABC", "3": "DEF", "4": "GHI", "5": "JKL", "6": "MNO", "7": "PQRS", "8": "TUV",
    "9": "WXYZ",
  ]

  private var padRows: [[RowItem]] {
    let isPhone = keyboardType == .phonePad || keyboardType == .namePhonePad
    let digits = padDigits
    let digit = { (ascii: String) -> RowItem in
      var spec = self.character(digits[Int(ascii)!])
      spec.secondaryLabel = ascii == "0" ? (isPhone ? "+" : nil) : Self.keypadLetters[ascii]
      return .key(spec, .units(1))
    }
    let grid = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]].map { $0.map(digit) }
    let bottomLeft: RowItem =
      switch keyboardType {
      case .decimalPad: .key(character(decimalSeparator), .units(1))
      case .phonePad: .key(planeKey("+*#", .padSymbols), .units(1))
      case .namePhonePad: .key(planeKey("ABC", .letters), .units(1))
      default: .hole(.units(1))
      }
    return grid + [[bottomLeft, digit("0"), .key(deleteKey, .units(1))]]
  }

  /// The phone pad's "+*#" page. iOS's exact page is not documented; this one offers `*`, `#`,
  /// `+`, the characters phone numbers are written with, and the dialling pause
  /// (",") and wait (";").
  private var padSymbolRows: [[RowItem]] {
    let chars = [["*", "#", "+"], ["(", ")", "-"]].map { row in
      row.map { RowItem.key(character($0), .units(1)) }
    }
    let pause = KeySpec(label: "pause", action: .insert(","), role: .character)
    let wait = KeySpec(label: "wait", action: .insert(";"), role: .character)
    let third: [RowItem] = [
      .key(pause, .units(1)), .key(wait, .units(1)), .key(character("/"), .units(1)),
    ]
    let bottom: [RowItem] = [
      .key(planeKey("123", .pad), .units(1)), .key(character("."), .units(1)),
      .key(deleteKey, .units(1)),
    ]
    return chars + [third, bottom]
  }

  /// The digits 0–9 of the pad: the locale's digits ("٥" in ar_EG) on the number and decimal
  /// pads, as iOS's number pad shows "locale-appropriate digits"; ASCII on
  /// `asciiCapableNumberPad` and the phone pads.
  private var padDigits: [String] {
    guard keyboardType == .numberPad || keyboardType == .decimalPad else { return Self.asciiDigits }
    // Made once per locale: a NumberFormatter costs more to create than the rest of a frame of
    // the keyboard, which is drawn on every key.
    return Self.localeDigits.withLock { known in
      if let digits = known[locale.identifier] { return digits }
      let formatter = NumberFormatter()
      formatter.locale = locale
      formatter.usesGroupingSeparator = false
      let digits = (0...9).map { value in
        guard let text = formatter.string(from: NSNumber(value: value)), text.count == 1 else {
          return Self.asciiDigits[value]
        }
        return text
      }
      known[locale.identifier] = digits
      return digits
    }
  }

  private static let asciiDigits = (0...9).map(String.init)
  private static let localeDigits = Mutex<[String: [String]]>([:])

  /// The locale's decimal separator ("." for en_US, "," for de_DE).
  package var decimalSeparator: String {
    locale.decimalSeparator ?? "."
  }

  // MARK: Key builders

  private func character(_ text: String) -> KeySpec {
    KeySpec(label: text, action: .insert(text), role: .character)
  }

  private func planeKey(_ label: String, _ target: Plane) -> KeySpec {
    KeySpec(label: label, action: .switchPlane(target), role: .modifier)
  }

  private var deleteKey: KeySpec {
    KeySpec(label: "⌫", action: .deleteBackward, role: .modifier)
  }

  private var spaceKey: KeySpec {
    KeySpec(label: Self.spaceKeyLabel(locale: locale), action: .space, role: .space)
  }

  private var returnKey: KeySpec {
    KeySpec(
      label: returnKeyLabel,
      action: .return,
      role: .return,
      isEnabled: returnKeyEnabled,
      isProminent: returnKeyEnabled
        && Self.isReturnKeyProminent(returnKeyType, keyboardType: keyboardType)
    )
  }
}
