import Foundation

/// The closure a ``UIAction`` runs when it is chosen.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A menu element that runs a closure when chosen: an item of a menu, or a control's action
/// without a target.
@preconcurrency @MainActor
open class UIAction: UIMenuElement {
  /// An action's identifier. Two actions with the same identifier are the same action to
  /// `UIControl.removeAction(identifiedBy:for:)`.
  public struct Identifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The action that pastes the pasteboard's contents.
    public static let paste = Identifier("com.apple.menu.paste")
    /// The action that pastes and goes to what was pasted (a web address).
    public static let pasteAndGo = Identifier("com.apple.menu.paste-and-go")
    /// The action that pastes taking on the style of the text around.
    public static let pasteAndMatchStyle = Identifier("com.apple.menu.paste-and-match-style")
    /// The action that pastes and searches for what was pasted.
    public static let pasteAndSearch = Identifier("com.apple.menu.paste-and-search")
    /// The action that makes a new item from the pasteboard's contents.
    public static let newFromPasteboard = Identifier("com.apple.menu.new-from-pasteboard")
  }

  /// The action's title.
  open override var title: String {
    get { _title }
    set { _title = newValue }
  }
  /// A second line under the title.
  open override var subtitle: String? {
    get { _subtitle }
    set { _subtitle = newValue }
  }
  /// The action's image.
  open override var image: UIImage? {
    get { _image }
    set { _image = newValue }
  }
  /// The image shown instead of ``image`` while ``state`` is `.on`.
  open var selectedImage: UIImage?
  /// The action's identifier (a unique one when none was given).
  open private(set) var identifier: Identifier
  /// A longer title, for the discoverability HUD.
  open var discoverabilityTitle: String?
  /// How the action looks and behaves in a menu.
  open var attributes: UIMenuElement.Attributes
  /// Whether the action shows a checkmark.
  open var state: UIMenuElement.State
  /// The object that sent the action (a control, a menu's presenting interaction), while its
  /// handler runs.
  open var sender: Any? { _sender }

  let handler: UIActionHandler
  weak var _sender: AnyObject?

  /// Creates an action with iOS's whole initialiser (a unique identifier when none is given).
  public init(
    title: String = "", subtitle: String? = nil, image: UIImage? = nil, selectedImage: UIImage? = nil,
    identifier: Identifier? = nil, discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
    state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
  ) {
    self.selectedImage = selectedImage
    self.identifier = identifier ?? Identifier(UUID().uuidString)
    self.discoverabilityTitle = discoverabilityTitle
    self.attributes = attributes
    self.state = state
    self.handler = handler
    super.init(_title: title, image: image)
    _subtitle = subtitle
  }

  /// Runs the handler with `sender` as the action's sender.
  func _run(sender: AnyObject?) {
    _sender = sender
    handler(self)
  }
}
