import Foundation

/// A group of menu elements: a submenu, or a section shown inline.
@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
  /// A menu's identifier; iOS's standard menus have the constants below.
  public struct Identifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let application = Identifier("com.apple.menu.application")
    public static let file = Identifier("com.apple.menu.file")
    public static let edit = Identifier("com.apple.menu.edit")
    public static let view = Identifier("com.apple.menu.view")
    public static let window = Identifier("com.apple.menu.window")
    public static let help = Identifier("com.apple.menu.help")
    public static let about = Identifier("com.apple.menu.about")
    public static let preferences = Identifier("com.apple.menu.preferences")
    public static let services = Identifier("com.apple.menu.services")
    public static let hide = Identifier("com.apple.menu.hide")
    public static let quit = Identifier("com.apple.menu.quit")
    public static let newScene = Identifier("com.apple.menu.new-scene")
    public static let openRecent = Identifier("com.apple.menu.open-recent")
    public static let close = Identifier("com.apple.menu.close")
    public static let print = Identifier("com.apple.menu.print")
    public static let document = Identifier("com.apple.menu.document")
    public static let undoRedo = Identifier("com.apple.menu.undo-redo")
    public static let standardEdit = Identifier("com.apple.menu.standard-edit")
    public static let find = Identifier("com.apple.menu.find")
    public static let replace = Identifier("com.apple.menu.replace")
    public static let share = Identifier("com.apple.menu.share")
    public static let textStyle = Identifier("com.apple.menu.text-style")
    public static let spelling = Identifier("com.apple.menu.spelling")
    public static let spellingPanel = Identifier("com.apple.menu.spelling-panel")
    public static let spellingOptions = Identifier("com.apple.menu.spelling-options")
    public static let substitutions = Identifier("com.apple.menu.substitutions")
    public static let substitutionsPanel = Identifier("com.apple.menu.substitutions-panel")
    public static let substitutionOptions = Identifier("com.apple.menu.substitution-options")
    public static let transformations = Identifier("com.apple.menu.transformations")
    public static let speech = Identifier("com.apple.menu.speech")
    public static let lookup = Identifier("com.apple.menu.lookup")
    public static let learn = Identifier("com.apple.menu.learn")
    public static let format = Identifier("com.apple.menu.format")
    public static let font = Identifier("com.apple.menu.font")
    public static let textSize = Identifier("com.apple.menu.text-size")
    public static let textColor = Identifier("com.apple.menu.text-color")
    public static let textStylePasteboard = Identifier("com.apple.menu.text-style-pasteboard")
    public static let text = Identifier("com.apple.menu.text")
    public static let writingDirection = Identifier("com.apple.menu.writing-direction")
    public static let alignment = Identifier("com.apple.menu.alignment")
    public static let toolbar = Identifier("com.apple.menu.toolbar")
    public static let sidebar = Identifier("com.apple.menu.sidebar")
    public static let fullscreen = Identifier("com.apple.menu.fullscreen")
    public static let minimizeAndZoom = Identifier("com.apple.menu.minimize-and-zoom")
    public static let bringAllToFront = Identifier("com.apple.menu.bring-all-to-front")
    public static let root = Identifier("com.apple.menu.root")
  }

  /// How a menu shows its children.
  public struct Options: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The children show inline in the parent menu (a section), not as a submenu.
    public static let displayInline = Options(rawValue: 1 << 0)
    /// The menu is shown in the destructive style.
    public static let destructive = Options(rawValue: 1 << 1)
    /// At most one child is on: choosing one turns the others off.
    public static let singleSelection = Options(rawValue: 1 << 5)
    /// The children show as a row of small items.
    public static let displayAsPalette = Options(rawValue: 1 << 7)
  }

  /// How large a menu's children are drawn.
  public enum ElementSize: Int, Sendable {
    case small, medium, large
    /// The system chooses (iOS 17 and later: the default).
    case automatic = -1
  }

  /// The menu's identifier (a unique one when none was given).
  open private(set) var identifier: Identifier
  /// How the menu shows its children.
  open private(set) var options: Options
  /// The menu's elements.
  open private(set) var children: [UIMenuElement]
  /// How large the children are drawn.
  open var preferredElementSize: ElementSize

  /// The menu's title.
  open override var title: String { _title }
  /// A second line under the title.
  open override var subtitle: String? {
    get { _subtitle }
    set { _subtitle = newValue }
  }
  /// The image next to the title.
  open override var image: UIImage? { _image }

  /// Creates a menu.
  public init(
    title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: Identifier? = nil,
    options: Options = [], preferredElementSize: ElementSize = .automatic, children: [UIMenuElement] = []
  ) {
    self.identifier = identifier ?? Identifier(UUID().uuidString)
    self.options = options
    self.preferredElementSize = preferredElementSize
    self.children = children
    super.init(_title: title, image: image)
    _subtitle = subtitle
  }

  /// The children that are on (``UIMenuElement/State/on``), actions and commands, looking into
  /// inline sections; in a `.singleSelection` menu at most one.
  open var selectedElements: [UIMenuElement] {
    var result: [UIMenuElement] = []
    for child in children {
      switch child {
      case let action as UIAction where action.state == .on: result.append(action)
      case let command as UICommand where command.state == .on: result.append(command)
      case let menu as UIMenu where menu.options.contains(.displayInline): result += menu.selectedElements
      default: break
      }
    }
    return result
  }

  /// A copy of the menu with other children (the same title, image, identifier and options).
  open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
    UIMenu(
      title: title, subtitle: subtitle, image: image, identifier: identifier, options: options,
      preferredElementSize: preferredElementSize, children: newChildren)
  }

  /// Runs `element`, a child of this menu that the user chose, as iOS's menus do: a
  /// `.singleSelection` menu turns it on and its siblings off; the menu on screen goes first
  /// (`dismiss`) unless the element `keepsMenuPresented`; then an action runs with `sender`, or
  /// a command is performed from `start` up the responder chain. Returns whether the menu stays.
  @discardableResult
  func _run(
    chosen element: UIMenuElement, sender: AnyObject?, start: UIResponder?, dismiss: () -> Void
  ) -> Bool {
    if options.contains(.singleSelection) {
      _select(element)
      (element as? UIAction)?.state = .on
      (element as? UICommand)?.state = .on
    }
    let keepsPresented = (element as? UIAction)?.attributes.contains(.keepsMenuPresented) == true
      || (element as? UICommand)?.attributes.contains(.keepsMenuPresented) == true
    if !keepsPresented { dismiss() }
    if let action = element as? UIAction {
      action._run(sender: sender)
    } else if let command = element as? UICommand {
      _ = command._perform(from: start, sender: sender)
    }
    return keepsPresented
  }

  /// The menu's actions and commands in order, looking into inline sections and submenus:
  /// what a control that changes selection as its primary action chooses among.
  var _leaves: [UIMenuElement] {
    children.flatMap { child -> [UIMenuElement] in
      switch child {
      case is UIAction, is UICommand: [child]
      case let menu as UIMenu: menu._leaves
      default: []
      }
    }
  }

  /// Turns `element` on and every other of the menu's ``_leaves`` off.
  func _selectOnly(_ element: UIMenuElement) {
    for leaf in _leaves {
      let state: UIMenuElement.State = leaf === element ? .on : .off
      (leaf as? UIAction)?.state = state
      (leaf as? UICommand)?.state = state
    }
  }

  /// Turns `element` on and the menu's other elements off, in a `.singleSelection` menu, as
  /// iOS does when one is chosen.
  func _select(_ element: UIMenuElement) {
    guard options.contains(.singleSelection) else { return }
    for child in children where child !== element {
      (child as? UIAction)?.state = .off
      (child as? UICommand)?.state = .off
    }
  }
}
