import Foundation

/// The modifier keys held with a key, with iOS's raw values.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Caps Lock.
  public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
  /// Shift.
  public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
  /// Control.
  public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
  /// Option (Alt).
  public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
  /// Command.
  public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
  /// A key on the numeric keypad.
  public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// A key, with modifier keys, that runs an action when pressed on a hardware keyboard.
///
/// Responders list theirs in ``UIResponder/keyCommands``; the window looks for one matching
/// each key along the responder chain from the first responder. As on iOS 15 and later, a key
/// the first responder's text input uses (typing, arrows, Delete, Return, Tab, and its ⌘A, ⌘C,
/// ⌘X, ⌘V, ⌘Z) goes to the text first unless the command ``wantsPriorityOverSystemBehavior``.
/// A key a command takes is not delivered as a press.
///
/// The action is a method reference, not a selector:
/// `UIKeyCommand(input: "s", modifierFlags: .command, action: EditorViewController.save)`.
@preconcurrency @MainActor
open class UIKeyCommand: UICommand {
  /// What the key types, or one of the `input…` constants for keys that type nothing.
  open private(set) var input: String?
  /// The modifier keys to hold.
  open private(set) var modifierFlags: UIKeyModifierFlags
  /// Whether the command gets the key before the text input of the first responder.
  open var wantsPriorityOverSystemBehavior = false
  /// Whether the system may localise the shortcut for other keyboard layouts.
  open var allowsAutomaticLocalization = true
  /// Whether the system may mirror the shortcut in right-to-left layouts.
  open var allowsAutomaticMirroring = true
  /// Whether the command performs again, at the keyboard's repeat rate, while its keys are held
  /// (iOS 16). `.automatic` repeats, as key commands have since iOS 7: set `.nonRepeatable` for
  /// a command that must run once per press (closing a document).
  open var repeatBehavior: UIMenuElement.RepeatBehavior = .automatic

  init(
    _title title: String, image: UIImage?, action: _ResponderAction, input: String,
    modifierFlags: UIKeyModifierFlags, propertyList: Any?, alternates: [UICommandAlternate],
    discoverabilityTitle: String?, attributes: UIMenuElement.Attributes, state: UIMenuElement.State
  ) {
    self.input = input
    self.modifierFlags = modifierFlags
    super.init(
      _title: title, image: image, action: action, propertyList: propertyList, alternates: alternates,
      discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
  }

  /// Creates a key command for `input` with `modifierFlags` that calls `action`, a method
  /// reference taking the command (`func save(_ sender: UIKeyCommand)`).
  public convenience init<Target: AnyObject, Sender>(
    input: String, modifierFlags: UIKeyModifierFlags, action: @escaping (Target) -> (Sender) -> Void
  ) {
    self.init(
      _title: "", image: nil, action: _ResponderAction(action), input: input, modifierFlags: modifierFlags,
      propertyList: nil, alternates: [], discoverabilityTitle: nil, attributes: [], state: .off)
  }

  /// Creates a key command that calls a method without arguments (`func save()`).
  public convenience init<Target: AnyObject>(
    input: String, modifierFlags: UIKeyModifierFlags, action: @escaping (Target) -> () -> Void
  ) {
    self.init(
      _title: "", image: nil, action: _ResponderAction(action), input: input, modifierFlags: modifierFlags,
      propertyList: nil, alternates: [], discoverabilityTitle: nil, attributes: [], state: .off)
  }

  /// Creates a key command that can also be a menu element.
  public convenience init<Target: AnyObject, Sender>(
    title: String = "", image: UIImage? = nil, action: @escaping (Target) -> (Sender) -> Void, input: String,
    modifierFlags: UIKeyModifierFlags = [], propertyList: Any? = nil, alternates: [UICommandAlternate] = [],
    discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off
  ) {
    self.init(
      _title: title, image: image, action: _ResponderAction(action), input: input, modifierFlags: modifierFlags,
      propertyList: propertyList, alternates: alternates, discoverabilityTitle: discoverabilityTitle,
      attributes: attributes, state: state)
  }

  /// Creates a key command, usable as a menu element, that calls a method without arguments.
  public convenience init<Target: AnyObject>(
    title: String = "", image: UIImage? = nil, action: @escaping (Target) -> () -> Void, input: String,
    modifierFlags: UIKeyModifierFlags = [], propertyList: Any? = nil, alternates: [UICommandAlternate] = [],
    discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off
  ) {
    self.init(
      _title: title, image: image, action: _ResponderAction(action), input: input, modifierFlags: modifierFlags,
      propertyList: propertyList, alternates: alternates, discoverabilityTitle: discoverabilityTitle,
      attributes: attributes, state: state)
  }

  // MARK: Input strings for special keys (iOS's values)

  /// The up arrow.
  public nonisolated static let inputUpArrow = "UIKeyInputUpArrow"
  /// The down arrow.
  public nonisolated static let inputDownArrow = "UIKeyInputDownArrow"
  /// The left arrow.
  public nonisolated static let inputLeftArrow = "UIKeyInputLeftArrow"
  /// The right arrow.
  public nonisolated static let inputRightArrow = "UIKeyInputRightArrow"
  /// Escape.
  public nonisolated static let inputEscape = "UIKeyInputEscape"
  /// Page Up.
  public nonisolated static let inputPageUp = "UIKeyInputPageUp"
  /// Page Down.
  public nonisolated static let inputPageDown = "UIKeyInputPageDown"
  /// Home.
  public nonisolated static let inputHome = "UIKeyInputHome"
  /// End.
  public nonisolated static let inputEnd = "UIKeyInputEnd"
  /// Forward delete (⌦).
  public nonisolated static let inputDelete = "UIKeyInputDelete"
  /// F1.
  public nonisolated static let f1 = "UIKeyInputF1"
  /// F2.
  public nonisolated static let f2 = "UIKeyInputF2"
  /// F3.
  public nonisolated static let f3 = "UIKeyInputF3"
  /// F4.
  public nonisolated static let f4 = "UIKeyInputF4"
  /// F5.
  public nonisolated static let f5 = "UIKeyInputF5"
  /// F6.
  public nonisolated static let f6 = "UIKeyInputF6"
  /// F7.
  public nonisolated static let f7 = "UIKeyInputF7"
  /// F8.
  public nonisolated static let f8 = "UIKeyInputF8"
  /// F9.
  public nonisolated static let f9 = "UIKeyInputF9"
  /// F10.
  public nonisolated static let f10 = "UIKeyInputF10"
  /// F11.
  public nonisolated static let f11 = "UIKeyInputF11"
  /// F12.
  public nonisolated static let f12 = "UIKeyInputF12"

  /// Whether the command is for `key`. Letters match either case (iOS reports them lower case
  /// in `charactersIgnoringModifiers`, and `"S"` with `.shift` is how apps often write ⇧S);
  /// Caps Lock and the numeric-pad flag do not count.
  func _matches(_ key: UIKey) -> Bool {
    guard let input else { return false }
    let significant: UIKeyModifierFlags = [.shift, .control, .alternate, .command]
    guard modifierFlags.intersection(significant) == key.modifierFlags.intersection(significant) else { return false }
    let pressed = key.charactersIgnoringModifiers
    return input == pressed || input.lowercased() == pressed || input == key.characters
  }
}
