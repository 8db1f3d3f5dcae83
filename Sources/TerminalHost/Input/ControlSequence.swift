/// A CSI (`ESC [`) or SS3 (`ESC O`) sequence from the terminal, split into its parts.
///
/// The bytes between the introducer and the final byte are a private marker (`<`, `=`, `>` or
/// `?`), numeric parameters separated by `;`, each with optional sub-parameters separated by `:`,
/// and intermediate bytes (0x20–0x2F).
struct ControlSequence {
  /// A number larger than any meaningful parameter; longer digit strings saturate here instead
  /// of overflowing.
  static let largestNumber = 999_999_999

  var marker: UInt8?
  /// Each parameter's sub-parameters; `nil` where a number was left out ("CSI ;5A").
  var parameters: [[Int?]] = []
  var hasIntermediates = false
  var final: UInt8

  /// Parses the bytes between the introducer and `final`; nil when they do not form a
  /// sequence (a marker byte in the middle, a digit after an intermediate byte).
  init?(body: [UInt8], final: UInt8) {
    self.final = final
    var index = 0
    if let first = body.first, (0x3C...0x3F).contains(first) {
      marker = first
      index = 1
    }
    var current: [Int?] = []
    var number: Int?
    var sawParameterByte = false
    while index < body.count {
      let byte = body[index]
      index += 1
      switch byte {
      case 0x30...0x39:
        guard !hasIntermediates else { return nil }
        number = min((number ?? 0) * 10 + Int(byte - 0x30), Self.largestNumber)
        sawParameterByte = true
      case 0x3A:
        guard !hasIntermediates else { return nil }
        current.append(number)
        number = nil
        sawParameterByte = true
      case 0x3B:
        guard !hasIntermediates else { return nil }
        current.append(number)
        parameters.append(current)
        current = []
        number = nil
        sawParameterByte = true
      case 0x20...0x2F:
        hasIntermediates = true
      default:
        return nil
      }
    }
    if sawParameterByte {
      current.append(number)
      parameters.append(current)
    }
  }

  /// The first sub-parameter of parameter `index`, if given.
  func number(_ index: Int) -> Int? {
    index < parameters.count ? parameters[index].first ?? nil : nil
  }

  /// Sub-parameter `sub` of parameter `index`, if given.
  func number(_ index: Int, _ sub: Int) -> Int? {
    guard index < parameters.count, sub < parameters[index].count else { return nil }
    return parameters[index][sub]
  }

  /// The event of a kitty keyboard protocol report: the sub-parameter after the modifiers
  /// (`CSI 97 ; 1:3 u`, `CSI 1 ; 1:3 A`), 1 press (also when absent), 2 repeat, 3 release.
  /// Other values are no event the protocol defines: nil, and the report is ignored.
  static func event(_ value: Int?) -> TerminalKey.Event? {
    switch value {
    case nil, 1: .press
    case 2: .repeat
    case 3: .release
    default: nil
    }
  }

  /// The modifiers of an xterm-style modifier parameter: 1 + a bitmask of 1 Shift, 2 Alt,
  /// 4 Control, 8 Super/Meta. kitty's higher bits (Hyper, Meta, Caps Lock, Num Lock) have no
  /// counterpart in ``TerminalKey/Modifiers`` and are ignored.
  static func modifiers(_ parameter: Int?) -> TerminalKey.Modifiers {
    guard let parameter, parameter > 1 else { return [] }
    let bits = parameter - 1
    var modifiers: TerminalKey.Modifiers = []
    if bits & 1 != 0 { modifiers.insert(.shift) }
    if bits & 2 != 0 { modifiers.insert(.option) }
    if bits & 4 != 0 { modifiers.insert(.control) }
    if bits & 8 != 0 { modifiers.insert(.command) }
    return modifiers
  }
}

/// What a complete escape sequence means as input.
enum SequenceMeaning: Equatable {
  case key(TerminalKey)
  case focus(Bool)
  case mouse(MouseEvent)
  /// An X10 or urxvt mouse report: the button code (without its +32 offset) and 0-based cell.
  /// Its release does not name the button, so the decoder, which remembers presses, resolves it.
  case legacyMouse(code: Int, column: Int, row: Int)
  case pasteStart
  /// The answer to the kitty keyboard protocol's query, `CSI ? flags u`.
  case keyboardProtocolFlags(Int)
  /// An answer to the primary device attributes query, `CSI ? … c`.
  case deviceAttributes
  /// A cursor position report, `CSI row ; column R` (1-based).
  case cursorPosition(row: Int, column: Int)
  /// A report the decoder does not use (a device attribute, a cursor position, ...) or a
  /// sequence it does not know: swallowed.
  case nothing
}

extension ControlSequence {
  // MARK: CSI

  /// The meaning of `ESC [ body final`.
  var csiMeaning: SequenceMeaning {
    guard !hasIntermediates else { return .nothing }
    switch marker {
    case nil: break
    case UInt8(ascii: "<"): return sgrMouse
    case UInt8(ascii: "?"):
      // Answers to the host's queries at start (see TerminalSession.keyboardProtocolQuery).
      if final == UInt8(ascii: "u") { return .keyboardProtocolFlags(max(0, number(0) ?? 0)) }
      if final == UInt8(ascii: "c") { return .deviceAttributes }
      return .nothing
    default: return .nothing
    }
    switch final {
    case UInt8(ascii: "~"):
      return tildeMeaning
    case UInt8(ascii: "u"):
      return kittyMeaning
    case UInt8(ascii: "I") where parameters.isEmpty:
      return .focus(true)
    case UInt8(ascii: "O") where parameters.isEmpty:
      return .focus(false)
    case UInt8(ascii: "M") where parameters.count >= 3:
      // urxvt (mode 1015): the X10 button code, in decimal, with 1-based coordinates.
      guard let code = number(0), let x = number(1), let y = number(2), code >= 32 else {
        return .nothing
      }
      return .legacyMouse(code: code - 32, column: max(0, x - 1), row: max(0, y - 1))
    case UInt8(ascii: "R") where parameters.count >= 2:
      // A cursor position report (`CSI row ; column R`). xterm sends Shift-F3 the same way;
      // the report is the likelier meaning, since the host asks for it (EmojiJoiningProbe).
      guard let row = number(0), let column = number(1), row >= 1, column >= 1 else { return .nothing }
      return .cursorPosition(row: row, column: column)
    default:
      guard let code = Self.letterKeys[final] else { return .nothing }
      // "CSI 1 ; m A" is the usual form; some terminals send "CSI m A". kitty adds the event
      // after the modifiers ("CSI 1 ; 1:3 A", the arrow's release).
      let index = parameters.count >= 2 ? 1 : 0
      var modifiers = Self.modifiers(number(index))
      guard let event = Self.event(number(index, 1)) else { return .nothing }
      if final == UInt8(ascii: "Z") { modifiers.insert(.shift) }  // back-tab
      return .key(TerminalKey(code, modifiers: modifiers, event: event, number: -Int(final)))
    }
  }

  /// Keys named by a CSI or SS3 final letter.
  private static let letterKeys: [UInt8: TerminalKey.Code] = [
    UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down,
    UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
    UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
    UInt8(ascii: "P"): .function(1), UInt8(ascii: "Q"): .function(2),
    UInt8(ascii: "R"): .function(3), UInt8(ascii: "S"): .function(4),
    UInt8(ascii: "Z"): .tab,
  ]

  /// `CSI n ; m ~`: VT220-style editing and function keys, the paste start marker and xterm's
  /// modifyOtherKeys form `CSI 27 ; m ; codepoint ~`.
  private var tildeMeaning: SequenceMeaning {
    guard let n = number(0) else { return .nothing }
    if n == 200 { return parameters.count == 1 ? .pasteStart : .nothing }
    let modifiers = Self.modifiers(number(1))
    guard let event = Self.event(number(1, 1)) else { return .nothing }
    if n == 27 {
      guard parameters.count >= 3, let codepoint = number(2) else { return .nothing }
      return Self.key(codepoint: codepoint, modifiers: modifiers, codepointIsShifted: true)
        .map(SequenceMeaning.key) ?? .nothing
    }
    let code: TerminalKey.Code
    switch n {
    case 1, 7: code = .home
    case 4, 8: code = .end
    case 2: code = .insert
    case 3: code = .delete
    case 5: code = .pageUp
    case 6: code = .pageDown
    case 11...15: code = .function(n - 10)  // F1–F5
    case 17...21: code = .function(n - 11)  // F6–F10
    case 23...26: code = .function(n - 12)  // F11–F14
    case 28, 29: code = .function(n - 13)  // F15, F16
    case 31...34: code = .function(n - 14)  // F17–F20
    default: return .nothing
    }
    // Home and End have two forms each (1 and 7, 4 and 8): the key, not the form, names them.
    let form = code == .home ? 1 : code == .end ? 4 : n
    return .key(TerminalKey(code, modifiers: modifiers, event: event, number: -1000 - form))
  }

  /// kitty's keyboard protocol (and fixterms):
  /// `CSI codepoint[:shifted[:base]] ; modifiers[:event] ; text-codepoints u`.
  private var kittyMeaning: SequenceMeaning {
    guard let codepoint = number(0), let event = Self.event(number(1, 1)) else { return .nothing }
    var text: String?
    if parameters.count >= 3 {
      var scalars = String.UnicodeScalarView()
      for value in parameters[2] {
        guard let value, let scalar = Self.printableScalar(value) else { continue }
        scalars.append(scalar)
      }
      if !scalars.isEmpty { text = String(scalars) }
    }
    let modifiers = Self.modifiers(number(1))
    // Text no key is known to type (an input method's, a compose sequence's) comes as key 0.
    if codepoint == 0 {
      guard let text, event == .press else { return .nothing }
      return .key(TerminalKey(.character(text), modifiers: modifiers.subtracting(.shift)))
    }
    guard
      var key = Self.key(
        codepoint: codepoint, modifiers: modifiers, shifted: number(0, 1), text: text,
        codepointIsShifted: false)
    else { return .nothing }
    key.event = event
    key.number = codepoint
    return .key(key)
  }

  /// The key a kitty or modifyOtherKeys report names by code point; nil for keys that have no
  /// ``TerminalKey/Code`` (Hyper and Meta alone, media keys, Caps Lock, ...).
  ///
  /// kitty names the key's unshifted code point (plus, optionally, the shifted one and the text);
  /// modifyOtherKeys names the code point Shift produced. Both become what typing produces
  /// elsewhere: a typed character carries Shift itself ("A", not Shift-"a"), while a shortcut
  /// with Control or Command names the base key in lower case, as C0 controls do (⌃⇧a).
  static func key(
    codepoint: Int, modifiers: TerminalKey.Modifiers, shifted: Int? = nil, text: String? = nil,
    codepointIsShifted: Bool
  ) -> TerminalKey? {
    switch codepoint {
    case 13: return TerminalKey(.enter, modifiers: modifiers)
    case 9: return TerminalKey(.tab, modifiers: modifiers)
    case 8, 127: return TerminalKey(.backspace, modifiers: modifiers)
    case 27: return TerminalKey(.escape, modifiers: modifiers)
    case 0xE000...0xF8FF:
      // kitty numbers its functional keys in the Private Use Area.
      switch kittyFunctionalKey(codepoint) {
      case .some(.character(let keypad)):
        return characterKey(keypad, modifiers: modifiers, shifted: nil, text: nil, isShifted: false)
      case .some(let code): return TerminalKey(code, modifiers: modifiers)
      case nil: return nil
      }
    default:
      guard let scalar = printableScalar(codepoint) else { return nil }
      let shiftedText = shifted.flatMap(printableScalar).map { String($0) }
      return characterKey(
        String(scalar), modifiers: modifiers, shifted: shiftedText, text: text,
        isShifted: codepointIsShifted
      )
    }
  }

  private static func characterKey(
    _ base: String, modifiers: TerminalKey.Modifiers, shifted: String?, text: String?,
    isShifted: Bool
  ) -> TerminalKey {
    var modifiers = modifiers
    if modifiers.contains(.control) || modifiers.contains(.command) {
      let lower = base.lowercased()
      return TerminalKey(.character(lower.count == 1 ? lower : base), modifiers: modifiers)
    }
    guard modifiers.contains(.shift) else {
      return TerminalKey(.character(text ?? base), modifiers: modifiers)
    }
    let upper = base.uppercased()
    let letter = upper != base && upper.count == 1 ? upper : nil
    guard let typed = text ?? shifted ?? (isShifted ? base : letter) else {
      // Shift with a key whose shifted character depends on the layout ("1" → "!" or "+"), and
      // the terminal did not say: the key keeps its Shift.
      return TerminalKey(.character(base), modifiers: modifiers)
    }
    modifiers.remove(.shift)
    return TerminalKey(.character(typed), modifiers: modifiers)
  }

  /// kitty's Private Use Area key numbers that have a ``TerminalKey/Code``; keypad keys become
  /// the keys they stand for.
  private static func kittyFunctionalKey(_ codepoint: Int) -> TerminalKey.Code? {
    switch codepoint {
    case 57376...57398: return .function(codepoint - 57376 + 13)  // F13–F35
    case 57399...57408: return .character(String(codepoint - 57399))  // KP_0–KP_9
    case 57409: return .character(".")
    case 57410: return .character("/")
    case 57411: return .character("*")
    case 57412: return .character("-")
    case 57413: return .character("+")
    case 57414: return .enter
    case 57415: return .character("=")
    case 57416: return .character(",")
    case 57417: return .left
    case 57418: return .right
    case 57419: return .up
    case 57420: return .down
    case 57421: return .pageUp
    case 57422: return .pageDown
    case 57423: return .home
    case 57424: return .end
    case 57425: return .insert
    case 57426: return .delete
    // Modifier keys alone (reported in the "report all keys" mode). Hyper, Meta and the ISO
    // level shifts have no key on an iPad's keyboard.
    case 57441: return .modifier(.leftShift)
    case 57442: return .modifier(.leftControl)
    case 57443: return .modifier(.leftOption)
    case 57444: return .modifier(.leftCommand)
    case 57447: return .modifier(.rightShift)
    case 57448: return .modifier(.rightControl)
    case 57449: return .modifier(.rightOption)
    case 57450: return .modifier(.rightCommand)
    default: return nil
    }
  }

  /// The scalar for `value` if it is a character one could type (not a control, not a
  /// surrogate, not beyond U+10FFFF).
  static func printableScalar(_ value: Int) -> Unicode.Scalar? {
    guard value >= 0x20, !(0x7F...0x9F).contains(value), value <= 0x10FFFF else { return nil }
    return Unicode.Scalar(UInt32(value))
  }

  // MARK: Mouse

  /// `CSI < b ; x ; y M` (press, drag, move, wheel) or `… m` (release), SGR mode 1006.
  private var sgrMouse: SequenceMeaning {
    guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"), parameters.count >= 3,
      let code = number(0), let x = number(1), let y = number(2)
    else { return .nothing }
    let event = Self.mouseEvent(
      code: code, column: max(0, x - 1), row: max(0, y - 1),
      isRelease: final == UInt8(ascii: "m")
    )
    return event.map(SequenceMeaning.mouse) ?? .nothing
  }

  /// Decodes a mouse button code: low 2 bits the button (0 left, 1 middle, 2 right, 3 none),
  /// +4 Shift, +8 Alt/Meta, +16 Control, +32 motion, +64 wheel (0 up, 1 down, 2 left, 3 right:
  /// xterm's buttons 4–7). Nil for what `MouseEvent` cannot express: buttons 8–11, a wheel
  /// "release", a press of no button.
  static func mouseEvent(code: Int, column: Int, row: Int, isRelease: Bool) -> MouseEvent? {
    var modifiers: TerminalKey.Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.option) }
    if code & 16 != 0 { modifiers.insert(.control) }
    guard code & 128 == 0 else { return nil }
    let bits = code & 3
    if code & 64 != 0 {
      guard !isRelease else { return nil }
      return MouseEvent(
        kind: .scroll, button: [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][bits],
        column: column, row: row, modifiers: modifiers
      )
    }
    let button: MouseEvent.Button = [.left, .middle, .right, .none][bits]
    let kind: MouseEvent.Kind
    if isRelease {
      kind = .release
    } else if code & 32 != 0 {
      kind = bits == 3 ? .move : .drag
    } else {
      guard bits != 3 else { return nil }
      kind = .press
    }
    return MouseEvent(kind: kind, button: button, column: column, row: row, modifiers: modifiers)
  }

  // MARK: SS3

  /// The meaning of `ESC O body final`: cursor and F1–F4 keys, and the keypad in application
  /// mode. Modifiers are accepted leniently, as "ESC O 5 C" or "ESC O 1 ; 5 C".
  var ss3Meaning: SequenceMeaning {
    guard marker == nil, !hasIntermediates else { return .nothing }
    let modifiers = Self.modifiers(parameters.count >= 2 ? number(1) : number(0))
    if let code = Self.letterKeys[final], final != UInt8(ascii: "Z") {
      return .key(TerminalKey(code, modifiers: modifiers))
    }
    switch final {
    case UInt8(ascii: "M"):
      return .key(TerminalKey(.enter, modifiers: modifiers))
    case UInt8(ascii: "X"):
      return .key(TerminalKey(.character("="), modifiers: modifiers))
    case UInt8(ascii: "j")...UInt8(ascii: "y"):
      // The application keypad: j * k + l , m - n . o / p–y 0–9.
      let keypad = Array("*+,-./0123456789")[Int(final - UInt8(ascii: "j"))]
      return .key(TerminalKey(.character(String(keypad)), modifiers: modifiers))
    default:
      return .nothing
    }
  }
}
