import Foundation

/// A key's HID usage code (USB HID usage page 7), with iOS's raw values.
public enum UIKeyboardHIDUsage: Int, Sendable {
  case keyboardErrorRollOver = 1, keyboardPOSTFail, keyboardErrorUndefined
  case keyboardA = 4, keyboardB, keyboardC, keyboardD, keyboardE, keyboardF, keyboardG, keyboardH, keyboardI
  case keyboardJ, keyboardK, keyboardL, keyboardM, keyboardN, keyboardO, keyboardP, keyboardQ, keyboardR
  case keyboardS, keyboardT, keyboardU, keyboardV, keyboardW, keyboardX, keyboardY, keyboardZ
  case keyboard1 = 30, keyboard2, keyboard3, keyboard4, keyboard5, keyboard6, keyboard7, keyboard8, keyboard9
  case keyboard0 = 39
  case keyboardReturnOrEnter = 40, keyboardEscape, keyboardDeleteOrBackspace, keyboardTab, keyboardSpacebar
  case keyboardHyphen = 45, keyboardEqualSign, keyboardOpenBracket, keyboardCloseBracket, keyboardBackslash
  case keyboardNonUSPound = 50, keyboardSemicolon, keyboardQuote, keyboardGraveAccentAndTilde, keyboardComma
  case keyboardPeriod = 55, keyboardSlash, keyboardCapsLock
  case keyboardF1 = 58, keyboardF2, keyboardF3, keyboardF4, keyboardF5, keyboardF6, keyboardF7, keyboardF8
  case keyboardF9 = 66, keyboardF10, keyboardF11, keyboardF12
  case keyboardPrintScreen = 70, keyboardScrollLock, keyboardPause, keyboardInsert, keyboardHome, keyboardPageUp
  case keyboardDeleteForward = 76, keyboardEnd, keyboardPageDown
  case keyboardRightArrow = 79, keyboardLeftArrow, keyboardDownArrow, keyboardUpArrow
  case keyboardLeftControl = 0xE0, keyboardLeftShift, keyboardLeftAlt, keyboardLeftGUI
  case keyboardRightControl = 0xE4, keyboardRightShift, keyboardRightAlt, keyboardRightGUI
}

/// A key of a hardware keyboard as a press reports it: what it types, with and without the
/// modifier keys, its HID code and the modifiers held.
///
/// A terminal reports text, not key positions: `keyCode` is the key of a US layout that types
/// the character (`"!"` is ⇧1, `.keyboard1`), and `.keyboardErrorUndefined` for text no US key
/// types (`"é"` from a layout or an input method).
@preconcurrency @MainActor
open class UIKey: NSObject {
  /// What the key types with the modifiers held (`"A"` for ⇧A); an `UIKeyCommand.input…`
  /// constant for keys that type nothing.
  open var characters: String { _characters }
  /// What the key types without modifiers: lower case for letters, the unshifted symbol of a
  /// US layout for shifted symbols.
  open var charactersIgnoringModifiers: String { _charactersIgnoringModifiers }
  /// The modifier keys held.
  open var modifierFlags: UIKeyModifierFlags { _modifierFlags }
  /// The key's HID usage code.
  open var keyCode: UIKeyboardHIDUsage { _keyCode }

  // Constants, so that reading them on every key costs no exclusivity check.
  private let _characters: String
  private let _charactersIgnoringModifiers: String
  private let _modifierFlags: UIKeyModifierFlags
  private let _keyCode: UIKeyboardHIDUsage

  let _hardwareKey: HardwareKey

  init(_ key: HardwareKey) {
    _hardwareKey = key
    var flags: UIKeyModifierFlags = []
    if key.modifiers.contains(.shift) { flags.insert(.shift) }
    if key.modifiers.contains(.control) { flags.insert(.control) }
    if key.modifiers.contains(.option) { flags.insert(.alternate) }
    if key.modifiers.contains(.command) { flags.insert(.command) }
    let special: (String, UIKeyboardHIDUsage)
    switch key.code {
    case .character(let text):
      let (base, code, shifted) = UIKey._usKey(for: text)
      // A shifted character implies Shift even when the terminal did not report it.
      if shifted { flags.insert(.shift) }
      _characters = flags.contains(.shift) && !shifted ? text.uppercased() : text
      _charactersIgnoringModifiers = base
      _keyCode = code
      _modifierFlags = flags
      super.init()
      return
    case .returnKey: special = ("\r", .keyboardReturnOrEnter)
    case .tab: special = ("\t", .keyboardTab)
    case .backspace: special = ("\u{8}", .keyboardDeleteOrBackspace)
    case .deleteForward: special = (UIKeyCommand.inputDelete, .keyboardDeleteForward)
    case .escape: special = (UIKeyCommand.inputEscape, .keyboardEscape)
    case .left: special = (UIKeyCommand.inputLeftArrow, .keyboardLeftArrow)
    case .right: special = (UIKeyCommand.inputRightArrow, .keyboardRightArrow)
    case .up: special = (UIKeyCommand.inputUpArrow, .keyboardUpArrow)
    case .down: special = (UIKeyCommand.inputDownArrow, .keyboardDownArrow)
    case .home: special = (UIKeyCommand.inputHome, .keyboardHome)
    case .end: special = (UIKeyCommand.inputEnd, .keyboardEnd)
    case .pageUp: special = (UIKeyCommand.inputPageUp, .keyboardPageUp)
    case .pageDown: special = (UIKeyCommand.inputPageDown, .keyboardPageDown)
    // A modifier key alone types nothing: iOS gives empty strings.
    case .modifier(let modifier): special = ("", UIKeyboardHIDUsage(rawValue: modifier.rawValue)!)
    }
    (_characters, _keyCode) = special
    _charactersIgnoringModifiers = special.0
    _modifierFlags = flags
    super.init()
  }

  private static let _shiftedSymbols: [Character: Character] = [
    "!": "1", "@": "2", "#": "3", "$": "4", "%": "5", "^": "6", "&": "7", "*": "8", "(": "9", ")": "0",
    "_": "-", "+": "=", "{": "[", "}": "]", "|": "\\", ":": ";", "\"": "'", "~": "`", "<": ",", ">": ".",
    "?": "/",
  ]
  private static let _symbolCodes: [Character: UIKeyboardHIDUsage] = [
    " ": .keyboardSpacebar, "-": .keyboardHyphen, "=": .keyboardEqualSign, "[": .keyboardOpenBracket,
    "]": .keyboardCloseBracket, "\\": .keyboardBackslash, ";": .keyboardSemicolon, "'": .keyboardQuote,
    "`": .keyboardGraveAccentAndTilde, ",": .keyboardComma, ".": .keyboardPeriod, "/": .keyboardSlash,
  ]

  /// The unshifted character, key and whether Shift types `text` on a US layout.
  private static func _usKey(for text: String) -> (String, UIKeyboardHIDUsage, Bool) {
    // One UTF-8 byte is one ASCII character: no grapheme breaking on the typing path.
    guard text.utf8.count == 1, let ascii = text.utf8.first, ascii < 0x80 else {
      return (text.lowercased(), .keyboardErrorUndefined, false)
    }
    let character = Character(Unicode.Scalar(ascii))
    switch ascii {
    case UInt8(ascii: "a")...UInt8(ascii: "z"):
      return (text, UIKeyboardHIDUsage(rawValue: 4 + Int(ascii - UInt8(ascii: "a")))!, false)
    case UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return (text.lowercased(), UIKeyboardHIDUsage(rawValue: 4 + Int(ascii - UInt8(ascii: "A")))!, true)
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      return (text, UIKeyboardHIDUsage(rawValue: 30 + Int(ascii - UInt8(ascii: "1")))!, false)
    case UInt8(ascii: "0"):
      return (text, .keyboard0, false)
    default:
      if let base = _shiftedSymbols[character] {
        return (String(base), _usKey(for: String(base)).1, true)
      }
      return (text, _symbolCodes[character] ?? .keyboardErrorUndefined, false)
    }
  }
}

/// A press of a physical button: here, a key of the hardware keyboard.
@preconcurrency @MainActor
open class UIPress: NSObject {
  /// The phase of a press.
  public enum Phase: Int, Sendable {
    case began, changed, stationary, ended, cancelled
  }

  /// Kinds of press, with iOS's raw values. iOS's type is an enumeration of the Apple TV
  /// remote's buttons; a keyboard key that is none of them has a value outside those (see
  /// ``type``), so compare with `==` or switch with a `default`.
  public struct PressType: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let upArrow = PressType(rawValue: 0)
    public static let downArrow = PressType(rawValue: 1)
    public static let leftArrow = PressType(rawValue: 2)
    public static let rightArrow = PressType(rawValue: 3)
    public static let select = PressType(rawValue: 4)
    public static let menu = PressType(rawValue: 5)
    public static let playPause = PressType(rawValue: 6)
    public static let pageUp = PressType(rawValue: 30)
    public static let pageDown = PressType(rawValue: 31)
    public static let tvRemoteOneTwoThree = PressType(rawValue: 32)
    public static let tvRemoteFourColors = PressType(rawValue: 33)
  }

  /// The press's phase.
  open var phase: Phase { _phase }
  // The stored properties the window reads and writes on every key are `@exclusivity(unchecked)`:
  // only UIKit writes them (the setters are internal), never inside another access to them, so
  // the run-time check of each access (a call into the runtime's access set, some 40
  // instructions) could never fire.
  @exclusivity(unchecked) var _phase: Phase
  /// What was pressed: the arrows, Page Up and Page Down have their types, Return is `.select`
  /// and Escape `.menu` (as a keyboard's are on tvOS); other keys have a raw value of
  /// 2000 + their HID usage code.
  open var type: PressType {
    switch _hardwareKey.code {
    case .up: .upArrow
    case .down: .downArrow
    case .left: .leftArrow
    case .right: .rightArrow
    case .returnKey: .select
    case .escape: .menu
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    default: PressType(rawValue: 2000 + _key.keyCode.rawValue)
    }
  }
  /// The key of the press.
  open var key: UIKey? { _key }
  /// When the press began or last changed, on UIKit's clock.
  @exclusivity(unchecked) open internal(set) var timestamp: TimeInterval
  /// The responder the press was delivered to first (held strongly, as iOS declares it).
  open var responder: UIResponder? { _responder }
  /// A constant: a text object compares itself with it on every key, which reads a `let`
  /// without the open getter's dynamic dispatch, exclusivity check and reference counting.
  let _responder: UIResponder?
  /// The window of the press (held strongly, as iOS declares it).
  open internal(set) var window: UIWindow?
  /// Gesture recognizers that receive the press (none: recognizers here take touches only).
  open var gestureRecognizers: [UIGestureRecognizer]? { nil }
  /// How hard the button is pressed: 1 while a key is down, 0 once released.
  open var force: CGFloat { phase == .ended || phase == .cancelled ? 0 : 1 }

  /// The key as the host decoded it: text objects act on this, so that typing builds no
  /// `UIKey` unless someone asks for one.
  let _hardwareKey: HardwareKey
  lazy var _key = UIKey(_hardwareKey)
  /// The text object that typed (or otherwise used) the key, which its end stays with (an
  /// identity only: compared, never followed, so it costs no reference counting per key).
  @exclusivity(unchecked) var _usedBy: ObjectIdentifier?
  /// Set when the press went past the end of the responder chain: nothing used it.
  @exclusivity(unchecked) var _reachedEndOfChain = false

  init(key: HardwareKey, responder: UIResponder?, window: UIWindow?, timestamp: TimeInterval) {
    _hardwareKey = key
    _phase = .began
    _responder = responder
    self.window = window
    self.timestamp = timestamp
  }
}

/// An event that carries presses of physical buttons (keys).
@preconcurrency @MainActor
open class UIPressesEvent: UIEvent {
  /// `.presses`.
  open override var type: EventType { .presses }
  /// The presses of the event.
  open var allPresses: Set<UIPress> { _presses }
  /// The presses a gesture recognizer receives (none: recognizers here take touches only).
  open func presses(for gesture: UIGestureRecognizer) -> Set<UIPress> { [] }

  let _presses: Set<UIPress>
  /// The event's one press and the responder it goes to first, kept apart so that the window
  /// reads them without going through the set and the open getters on every key.
  let _press: UIPress
  let _start: UIResponder
  /// Whether a responder (or a key command) used the key.
  @exclusivity(unchecked) var _used = false
  /// Whether a key command took the key (then no press is delivered for it, as on iOS).
  @exclusivity(unchecked) var _keyCommandUsed: Bool?
  /// The key command that took the key: it performs again while the key repeats.
  var _keyCommand: UIKeyCommand?

  init(press: UIPress, start: UIResponder, window: UIWindow?, timestamp: TimeInterval) {
    _presses = [press]
    _press = press
    _start = start
    super.init()
    _window = window
    self.timestamp = timestamp
  }
}
