import Foundation
import TextEditing

/// A button on a toolbar or navigation bar: a system item (Done, Cancel, a space, an icon), a
/// title, an image, or a custom view.
///
/// Selectors do not exist on Linux: the target-action initializers take a *method reference*,
/// `UIBarButtonItem(barButtonSystemItem: .done, target: self, action: FormViewController.done)`;
/// the method may take the item (as `UIBarButtonItem` or `Any`), the item and the event, or
/// nothing. The target is held weakly, as on iOS; a nil target sends the action up the responder
/// chain from the first responder. Spaces, which have no action, are written as on iOS:
/// `UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)`.
/// Method references cannot be read back or compared, so there is no `action` property; set a
/// new action with a new item, or use ``primaryAction``.
///
/// An item with a ``menu`` shows it when tapped if it has no action, and on a long press (half
/// a second) when it has one, as iOS decides from whether a tap would do something.
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
  /// How a plain item is drawn.
  public enum Style: Int, Sendable {
    /// The item's title in the regular weight.
    case plain = 0
    /// The item's title in bold: the bar's prominent action (Done).
    case done = 2
  }

  /// Items the system defines, with their iOS titles or icons, and iOS's raw values.
  public enum SystemItem: Int, Sendable {
    case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize,
      bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
    case close = 24
  }

  /// The style of a title item (`.done` draws it bold).
  open var style: Style = .plain { didSet { if style != oldValue { _itemDidChange() } } }
  /// The item's width: a fixed space's width, or a button's width instead of its natural
  /// width (0: natural).
  open var width: CGFloat = 0 { didSet { if width != oldValue { _itemDidChange() } } }
  /// Titles the item may show; kept for source compatibility (the width follows the title).
  open var possibleTitles: Set<String>?
  /// A view shown in place of the item's button; it gets touches itself.
  open var customView: UIView? { didSet { if customView !== oldValue { _itemDidChange() } } }
  /// The colour of the title or image (nil: the bar's tint colour).
  open var tintColor: UIColor? {
    get { _tintColor }
    set {
      guard _appearanceSetterProceeds("tintColor") else { return }
      let old = _tintColor
      _tintColor = newValue
      if newValue != old { _itemDidChange() }
    }
  }
  private var _tintColor: UIColor?
  /// Whether the item is shown selected.
  open var isSelected = false
  /// Whether the bar leaves the item out (and lays the others out without it).
  open var isHidden = false { didSet { if isHidden != oldValue { _itemDidChange() } } }
  /// The object the action is sent to; nil sends it up the responder chain. Held weakly.
  open weak var target: AnyObject?
  /// The group holding the item (``buttonGroup``), held weakly as UIKit does.
  weak var _buttonGroup: UIBarButtonItemGroup?

  /// The action run when the item is tapped; the title and image follow it when it is set (not
  /// on a system item), and the target-action pair is ignored while it is set.
  open var primaryAction: UIAction? {
    didSet { _primaryActionDidChange() }
  }

  /// Initializers call this too: a class's own initializers do not run its observers.
  private func _primaryActionDidChange() {
    guard let primaryAction, systemItem == nil else { return }
    if !primaryAction.title.isEmpty { title = primaryAction.title }
    if let actionImage = primaryAction.image { image = actionImage }
  }

  /// The menu the item shows: on a tap when the item has no action (no ``primaryAction`` and no
  /// target-action method), else on a long press.
  open var menu: UIMenu?

  /// Whether the item tracks a selection: with a ``menu`` and no action, choosing an element
  /// makes it the menu's only element that is on; with neither, a tap toggles ``isSelected``.
  open var changesSelectionAsPrimaryAction = false

  /// The system item, if the item is one.
  private(set) var systemItem: SystemItem?

  /// How to call the method reference: the receiver, the item, the event.
  private var _action: (run: @MainActor (AnyObject, UIBarButtonItem, UIEvent?) -> Void, accepts: (AnyObject) -> Bool)?

  /// An empty plain item.
  public override init() {
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  // MARK: System items

  /// A system item without an action (the spaces are written this way).
  public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Never?) {
    self.init()
    _setSystemItem(systemItem)
    self.target = target
  }

  /// A system item calling `action` on `target` with the item.
  public convenience init<Target: AnyObject, Sender>(
    barButtonSystemItem systemItem: SystemItem, target: Target?, action: @escaping (Target) -> (Sender) -> Void
  ) {
    self.init(barButtonSystemItem: systemItem, target: target, action: nil)
    _setAction(action)
  }

  /// A system item calling `action` on `target` with the item and the event.
  public convenience init<Target: AnyObject, Sender>(
    barButtonSystemItem systemItem: SystemItem, target: Target?,
    action: @escaping (Target) -> (Sender, UIEvent?) -> Void
  ) {
    self.init(barButtonSystemItem: systemItem, target: target, action: nil)
    _setAction(action)
  }

  /// A system item calling `action` on `target` without arguments.
  public convenience init<Target: AnyObject>(
    barButtonSystemItem systemItem: SystemItem, target: Target?, action: @escaping (Target) -> () -> Void
  ) {
    self.init(barButtonSystemItem: systemItem, target: target, action: nil)
    _setAction(action)
  }

  /// A system item whose tap runs `primaryAction` (its title and image are not used), or shows
  /// `menu` when there is no action.
  public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
    self.init()
    _setSystemItem(systemItem)
    self.primaryAction = primaryAction
    self.menu = menu
    _primaryActionDidChange()
  }

  // MARK: Title and image items

  /// A title item without an action.
  public convenience init(title: String?, style: Style, target: AnyObject?, action: Never?) {
    self.init()
    self.title = title
    self.style = style
    self.target = target
  }

  /// A title item calling `action` on `target` with the item.
  public convenience init<Target: AnyObject, Sender>(
    title: String?, style: Style, target: Target?, action: @escaping (Target) -> (Sender) -> Void
  ) {
    self.init(title: title, style: style, target: target, action: nil)
    _setAction(action)
  }

  /// A title item calling `action` on `target` with the item and the event.
  public convenience init<Target: AnyObject, Sender>(
    title: String?, style: Style, target: Target?, action: @escaping (Target) -> (Sender, UIEvent?) -> Void
  ) {
    self.init(title: title, style: style, target: target, action: nil)
    _setAction(action)
  }

  /// A title item calling `action` on `target` without arguments.
  public convenience init<Target: AnyObject>(
    title: String?, style: Style, target: Target?, action: @escaping (Target) -> () -> Void
  ) {
    self.init(title: title, style: style, target: target, action: nil)
    _setAction(action)
  }

  /// An image item without an action.
  public convenience init(image: UIImage?, style: Style, target: AnyObject?, action: Never?) {
    self.init()
    self.image = image
    self.style = style
    self.target = target
  }

  /// An image item calling `action` on `target` with the item.
  public convenience init<Target: AnyObject, Sender>(
    image: UIImage?, style: Style, target: Target?, action: @escaping (Target) -> (Sender) -> Void
  ) {
    self.init(image: image, style: style, target: target, action: nil)
    _setAction(action)
  }

  /// An image item calling `action` on `target` with the item and the event.
  public convenience init<Target: AnyObject, Sender>(
    image: UIImage?, style: Style, target: Target?, action: @escaping (Target) -> (Sender, UIEvent?) -> Void
  ) {
    self.init(image: image, style: style, target: target, action: nil)
    _setAction(action)
  }

  /// An image item calling `action` on `target` without arguments.
  public convenience init<Target: AnyObject>(
    image: UIImage?, style: Style, target: Target?, action: @escaping (Target) -> () -> Void
  ) {
    self.init(image: image, style: style, target: target, action: nil)
    _setAction(action)
  }

  /// An item with a title and/or an image whose tap runs `primaryAction` (whose own title and
  /// image win when they are set), or shows `menu` when there is no action.
  public convenience init(
    title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil
  ) {
    self.init()
    self.title = title
    self.image = image
    self.primaryAction = primaryAction
    self.menu = menu
    _primaryActionDidChange()
  }

  /// An item with a title and/or an image and no action; a tap shows `menu`.
  public convenience init(title: String?, image: UIImage?, target: AnyObject?, action: Never?, menu: UIMenu? = nil) {
    self.init()
    self.title = title
    self.image = image
    self.target = target
    self.menu = menu
  }

  /// An item with a title and/or an image calling `action` on `target` with the item; a long
  /// press shows `menu`.
  public convenience init<Target: AnyObject, Sender>(
    title: String?, image: UIImage?, target: Target?, action: @escaping (Target) -> (Sender) -> Void,
    menu: UIMenu? = nil
  ) {
    self.init(title: title, image: image, target: target, action: nil, menu: menu)
    _setAction(action)
  }

  /// An item with a title and/or an image calling `action` on `target` with the item and the
  /// event; a long press shows `menu`.
  public convenience init<Target: AnyObject, Sender>(
    title: String?, image: UIImage?, target: Target?, action: @escaping (Target) -> (Sender, UIEvent?) -> Void,
    menu: UIMenu? = nil
  ) {
    self.init(title: title, image: image, target: target, action: nil, menu: menu)
    _setAction(action)
  }

  /// An item with a title and/or an image calling `action` on `target` without arguments; a
  /// long press shows `menu`.
  public convenience init<Target: AnyObject>(
    title: String?, image: UIImage?, target: Target?, action: @escaping (Target) -> () -> Void, menu: UIMenu? = nil
  ) {
    self.init(title: title, image: image, target: target, action: nil, menu: menu)
    _setAction(action)
  }

  /// An item shown by `customView`, which handles its own touches.
  public convenience init(customView: UIView) {
    self.init()
    self.customView = customView
  }

  // MARK: Spaces

  /// A space of `width` points between the items around it.
  open class func fixedSpace(_ width: CGFloat) -> Self {
    let item = _makeSpace()
    item._setSystemItem(.fixedSpace)
    item.width = width
    return item
  }

  /// A space that takes a share of the bar's leftover width (flexible spaces share it equally).
  open class func flexibleSpace() -> Self {
    let item = _makeSpace()
    item._setSystemItem(.flexibleSpace)
    return item
  }

  /// A new item of the receiving class. iOS runs the class's `init`; Swift can make a `Self`
  /// only through a required initializer, and `init()` is not one (a subclass overrides it
  /// freely), so a subclass's item comes from the initializer every subclass has,
  /// `init(coder:)`, given a coder that holds nothing.
  private static func _makeSpace() -> Self {
    if self == UIBarButtonItem.self, let item = UIBarButtonItem() as? Self { return item }
    guard let item = self.init(coder: NSCoder()) else {
      preconditionFailure("UIBarButtonItem: \(self).init(coder:) returned nil for an empty coder, so no space item can be made")
    }
    return item
  }

  // MARK: What the bar draws

  private func _setSystemItem(_ item: SystemItem) {
    systemItem = item
    if let title = Self._systemTitles[item] { self.title = title }
    if let name = Self._systemImageNames[item] { image = UIImage(systemName: name) }
    // iOS draws the Done system item in the bold "done" style.
    if item == .done { style = .done }
  }

  /// The system items iOS shows as words (English: the app's only localization here).
  private static let _systemTitles: [SystemItem: String] = [
    .done: "Done", .cancel: "Cancel", .edit: "Edit", .save: "Save",
  ]

  /// The SF Symbols iOS 13 and later draw for the other system items; the terminal shows their
  /// glyphs.
  private static let _systemImageNames: [SystemItem: String] = [
    .add: "plus", .compose: "square.and.pencil", .reply: "arrowshape.turn.up.left",
    .action: "square.and.arrow.up", .organize: "folder", .bookmarks: "book", .search: "magnifyingglass",
    .refresh: "arrow.clockwise", .stop: "xmark", .camera: "camera", .trash: "trash", .play: "play",
    .pause: "pause", .rewind: "backward", .fastForward: "forward", .undo: "arrow.uturn.backward",
    .redo: "arrow.uturn.forward", .close: "xmark.circle",
  ]

  /// Whether the item is a space (it has no view and takes no touches).
  var _isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }
  var _isFlexibleSpace: Bool { systemItem == .flexibleSpace }

  // MARK: Sending the action

  private func _setAction<Target: AnyObject, Sender>(_ action: @escaping (Target) -> (Sender) -> Void) {
    _action = ({ object, item, _ in
      guard let object = object as? Target, let sender = item as? Sender else { return }
      action(object)(sender)
    }, { $0 is Target })
  }

  private func _setAction<Target: AnyObject, Sender>(_ action: @escaping (Target) -> (Sender, UIEvent?) -> Void) {
    _action = ({ object, item, event in
      guard let object = object as? Target, let sender = item as? Sender else { return }
      action(object)(sender, event)
    }, { $0 is Target })
  }

  private func _setAction<Target: AnyObject>(_ action: @escaping (Target) -> () -> Void) {
    _action = ({ object, _, _ in
      guard let object = object as? Target else { return }
      action(object)()
    }, { $0 is Target })
  }

  /// A tap on the item's view: its action runs; without one, its menu shows; without either, an
  /// item that ``changesSelectionAsPrimaryAction`` toggles ``isSelected``.
  func _tap(from view: UIView, event: UIEvent?) {
    guard isEnabled else { return }
    if _hasAction {
      _performAction(event: event)
    } else if menu != nil {
      _showMenu(from: view)
    } else if changesSelectionAsPrimaryAction {
      isSelected.toggle()
    }
  }

  /// Shows the item's menu under `view` (the item's view on its bar). An accessory toolbar's
  /// items live in the keyboard's own window; the menu shows in the app's key window, whose
  /// coordinates are the screen's too.
  func _showMenu(from view: UIView) {
    guard let menu, let window = UIApplication.shared.keyWindow ?? view.window else { return }
    let tracksSelection = changesSelectionAsPrimaryAction && !_hasAction
    window._presentContextMenu(
      menu, sender: self, sourceView: view, sourceRect: view.convert(view.bounds, to: nil),
      didChoose: tracksSelection ? { @MainActor [weak menu] element in menu?._selectOnly(element) } : nil)
  }

  /// Whether a tap does anything: an enabled item with a primary action or a method.
  var _hasAction: Bool { primaryAction != nil || _action != nil }

  /// The item was tapped (or its key pressed): the primary action runs, else the method is
  /// called on the target, or on the first responder up the chain that has it. Returns whether
  /// something ran.
  @discardableResult
  func _performAction(event: UIEvent?) -> Bool {
    guard isEnabled else { return false }
    if let primaryAction {
      primaryAction._sender = self
      primaryAction.handler(primaryAction)
      return true
    }
    guard let action = _action else { return false }
    if let target {
      action.run(target, self, event)
      return true
    }
    var responder: UIResponder? = UIApplication.shared.keyWindow?.firstResponderObject
      ?? UIApplication.shared.keyWindow
    while let current = responder {
      if action.accepts(current) {
        action.run(current, self, event)
        return true
      }
      responder = current.next
    }
    return false
  }
}
