import Foundation

/// An element of a menu: a command, an action or a submenu. UIKit makes its subclasses
/// (``UIAction``, ``UICommand``, ``UIKeyCommand``, ``UIMenu``, ``UIDeferredMenuElement``); apps
/// do not subclass it.
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
  /// How an element looks and behaves in a menu.
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The element is shown dimmed and cannot be chosen.
    public static let disabled = Attributes(rawValue: 1 << 0)
    /// The element is shown in the destructive style.
    public static let destructive = Attributes(rawValue: 1 << 1)
    /// The element is not shown.
    public static let hidden = Attributes(rawValue: 1 << 2)
    /// Choosing the element leaves the menu open.
    public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
  }

  /// Whether an element shows a checkmark.
  public enum State: Int, Sendable {
    case off, on, mixed
  }

  /// Whether an element performs again while its key command's keys are held down.
  public enum RepeatBehavior: Int, Sendable {
    /// As UIKit decides: key commands repeat, as they always have on iOS.
    case automatic
    case repeatable
    case nonRepeatable
  }

  /// The element's title.
  open var title: String { _title }
  /// A second line under the title.
  open var subtitle: String? { _subtitle }
  /// The image shown next to the title.
  open var image: UIImage? { _image }

  var _title: String
  var _subtitle: String?
  var _image: UIImage?

  init(_title title: String, image: UIImage?) {
    _title = title
    _image = image
  }
}

/// What a command calls when it is chosen, found along the responder chain.
///
/// Selectors do not exist on Linux, so a command's action is a method reference
/// (`ViewController.save`) or, for the standard edit actions, a ``Selector`` constant (`.copy`).
/// The receiver is found as iOS finds it: `target(forAction:withSender:)` from where the chain
/// starts, which asks each responder's `canPerformAction(_:withSender:)`; by default a responder
/// can perform a method reference's action when it is of the method's class.
@MainActor
struct _ResponderAction {
  /// The action's selector (see ``Selector``).
  let selector: Selector
  /// Calls the action on the responder `target(forAction:withSender:)` chose.
  let invoke: @MainActor (_ target: UIResponder, _ sender: UICommand) -> Bool

  private static var count = 0

  private static func selector<Target>(for type: Target.Type) -> Selector {
    count += 1
    return Selector(_name: "\(String(reflecting: Target.self)).method#\(count)", implemented: { $0 is Target })
  }

  init<Target: AnyObject, Sender>(_ method: @escaping (Target) -> (Sender) -> Void) {
    selector = Self.selector(for: Target.self)
    invoke = { target, sender in
      guard let argument = sender as? Sender, let receiver = target as? Target else { return false }
      method(receiver)(argument)
      return true
    }
  }

  init<Target: AnyObject>(_ method: @escaping (Target) -> () -> Void) {
    selector = Self.selector(for: Target.self)
    invoke = { target, _ in
      guard let receiver = target as? Target else { return false }
      method(receiver)()
      return true
    }
  }

  /// A standard edit action (`.copy`, `.paste`, …).
  init(standard selector: Selector) {
    self.selector = selector
    invoke = { target, sender in selector._performStandardEditAction(on: target, sender: sender) }
  }

  /// Calls the action on the responder that can perform it, from `start` up; false when none can.
  func perform(_ start: UIResponder?, _ sender: UICommand) -> Bool {
    guard let target = start?.target(forAction: selector, withSender: sender) as? UIResponder else { return false }
    return invoke(target, sender)
  }
}

/// An alternative action of a command, chosen when the user holds other modifier keys.
@preconcurrency @MainActor
open class UICommandAlternate: NSObject {
  /// The alternative's title.
  open private(set) var title: String
  /// The modifier keys that select the alternative.
  open private(set) var modifierFlags: UIKeyModifierFlags
  let _action: _ResponderAction

  /// Creates an alternative that calls `action` (a method reference, see ``UICommand``).
  public init<Target: AnyObject, Sender>(
    title: String, action: @escaping (Target) -> (Sender) -> Void, modifierFlags: UIKeyModifierFlags
  ) {
    self.title = title
    self.modifierFlags = modifierFlags
    _action = _ResponderAction(action)
  }

  /// Creates an alternative that calls a method without arguments.
  public init<Target: AnyObject>(
    title: String, action: @escaping (Target) -> () -> Void, modifierFlags: UIKeyModifierFlags
  ) {
    self.title = title
    self.modifierFlags = modifierFlags
    _action = _ResponderAction(action)
  }
}

/// A menu element that sends an action along the responder chain.
///
/// iOS's `action` is a `Selector`; here it is a method reference, e.g.
/// `UICommand(title: "Save", action: DocumentViewController.save)`, where `save` may take the
/// command (`func save(_ sender: UICommand)`, or `Any?`) or nothing. The method runs on the first
/// responder, or the first object up its responder chain, that is of the method's class and whose
/// `canPerformAction(_:withSender:)` does not refuse ``action``.
@preconcurrency @MainActor
open class UICommand: UIMenuElement {
  /// The command's title.
  open override var title: String {
    get { _title }
    set { _title = newValue }
  }
  /// A second line under the title.
  open override var subtitle: String? {
    get { _subtitle }
    set { _subtitle = newValue }
  }
  /// The command's image.
  open override var image: UIImage? {
    get { _image }
    set { _image = newValue }
  }
  /// A longer title, shown where the system lists the shortcuts (the discoverability HUD).
  open var discoverabilityTitle: String?
  /// How the command looks and behaves.
  open var attributes: UIMenuElement.Attributes
  /// Whether the command shows a checkmark.
  open var state: UIMenuElement.State
  /// A value that tells commands with the same action apart.
  open private(set) var propertyList: Any?
  /// The command's alternatives.
  open private(set) var alternates: [UICommandAlternate]
  /// The object that chose the command, while its action runs (nil otherwise).
  open internal(set) var sender: Any?

  let _action: _ResponderAction

  /// The action's selector: a standard edit action's constant (`.copy`), or for a method
  /// reference a selector of its own (see ``Selector``).
  open var action: Selector { _action.selector }

  init(
    _title title: String, image: UIImage?, action: _ResponderAction, propertyList: Any?,
    alternates: [UICommandAlternate], discoverabilityTitle: String?, attributes: UIMenuElement.Attributes,
    state: UIMenuElement.State
  ) {
    _action = action
    self.propertyList = propertyList
    self.alternates = alternates
    self.discoverabilityTitle = discoverabilityTitle
    self.attributes = attributes
    self.state = state
    super.init(_title: title, image: image)
  }

  /// A command for a standard edit action (`.copy`, `.paste`, …): what the edit menu suggests.
  convenience init(_title title: String, standardAction selector: Selector) {
    self.init(
      _title: title, image: nil, action: _ResponderAction(standard: selector), propertyList: nil, alternates: [],
      discoverabilityTitle: nil, attributes: [], state: .off)
  }

  /// Creates a command that calls `action`, a method reference taking the command.
  public convenience init<Target: AnyObject, Sender>(
    title: String = "", image: UIImage? = nil, action: @escaping (Target) -> (Sender) -> Void,
    propertyList: Any? = nil, alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
    attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off
  ) {
    self.init(
      _title: title, image: image, action: _ResponderAction(action), propertyList: propertyList,
      alternates: alternates, discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
  }

  /// Creates a command that calls `action`, a method reference taking no arguments.
  public convenience init<Target: AnyObject>(
    title: String = "", image: UIImage? = nil, action: @escaping (Target) -> () -> Void,
    propertyList: Any? = nil, alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
    attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off
  ) {
    self.init(
      _title: title, image: image, action: _ResponderAction(action), propertyList: propertyList,
      alternates: alternates, discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
  }

  /// Runs the action on the responder chain from `start`; false when no responder takes it or
  /// the command is disabled.
  func _perform(from start: UIResponder?, sender: Any?) -> Bool {
    if attributes.contains(.disabled) { return false }
    self.sender = sender
    defer { self.sender = nil }
    return _action.perform(start, self)
  }
}
