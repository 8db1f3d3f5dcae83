import Foundation

// UIMenuController: the edit menu's older interface (deprecated in iOS 16, still called by
// libraries). As on iOS 16, it shows the edit menu of a `UIEditMenuInteraction` on the target
// view: the standard edit actions a responder from the target view up can perform, then the
// `menuItems` one can, pointing at the target rectangle; its notifications are posted as the
// menu comes and goes.

/// A custom item of the menu controller's menu.
///
/// iOS's `action` is a selector the responder chain performs. Here it is a method reference
/// (`UIMenuItem(title: "Define", action: NoteViewController.define)`, where `define` takes the
/// sender or nothing), or one of the standard edit actions' ``Selector`` constants; the item
/// shows when a responder from the target view up can perform it (`canPerformAction`).
@preconcurrency @MainActor
open class UIMenuItem: NSObject {
  /// The item's title.
  open var title: String
  let _action: _ResponderAction

  /// The item's action: a standard edit action's constant, or a method reference's own selector.
  open var action: Selector { _action.selector }

  /// An item performing a standard edit action (`.copy`, `.paste`, …).
  public init(title: String, action: Selector) {
    self.title = title
    _action = _ResponderAction(standard: action)
    super.init()
  }

  /// An item calling `action`, a method reference taking the sender (the menu controller's
  /// command).
  public init<Target: AnyObject, Sender>(title: String, action: @escaping (Target) -> (Sender) -> Void) {
    self.title = title
    _action = _ResponderAction(action)
    super.init()
  }

  /// An item calling `action`, a method reference taking nothing.
  public init<Target: AnyObject>(title: String, action: @escaping (Target) -> () -> Void) {
    self.title = title
    _action = _ResponderAction(action)
    super.init()
  }
}

/// The edit menu, shown for a rectangle of a view.
@preconcurrency @MainActor
open class UIMenuController: NSObject {
  /// Where the menu's arrow points (kept: the menu goes above the target, below when there is
  /// no room).
  public enum ArrowDirection: Int, Sendable {
    case `default` = 0, up, down, left, right
  }

  /// The app's menu controller.
  public static let shared = UIMenuController()

  /// Posted before the menu shows.
  public static let willShowMenuNotification = Notification.Name("UIMenuControllerWillShowMenuNotification")
  /// Posted after the menu shows.
  public static let didShowMenuNotification = Notification.Name("UIMenuControllerDidShowMenuNotification")
  /// Posted before the menu hides.
  public static let willHideMenuNotification = Notification.Name("UIMenuControllerWillHideMenuNotification")
  /// Posted after the menu hides.
  public static let didHideMenuNotification = Notification.Name("UIMenuControllerDidHideMenuNotification")
  /// Posted when the menu's frame changes.
  public static let menuFrameDidChangeNotification = Notification.Name("UIMenuControllerMenuFrameDidChangeNotification")

  /// The custom items, after the standard edit actions.
  open var menuItems: [UIMenuItem]?
  /// Where the arrow points, for the next time the menu shows: `.up` puts the menu below the
  /// target, `.down` above it; `.default` above unless there is no room.
  open var arrowDirection = ArrowDirection.default

  private weak var _targetView: UIView?
  private var _targetRect = CGRect.zero
  private var _interaction: UIEditMenuInteraction?
  private lazy var _delegate = _Delegate(controller: self)

  /// Whether the menu is on screen. Setting it shows the menu for the target set last
  /// (``setTargetRect(_:in:)``), or hides it.
  open var isMenuVisible: Bool {
    get { _interaction?._visibleConfiguration != nil }
    set { setMenuVisible(newValue, animated: false) }
  }

  /// The menu's frame in the window's (the screen's) coordinates; `.zero` when hidden.
  open var menuFrame: CGRect {
    guard isMenuVisible, let callout = _interaction?._callout, let window = callout.window else { return .zero }
    return callout.convert(callout.bounds, to: window)
  }

  /// Sets the rectangle of `targetView` the menu is for (before `setMenuVisible`).
  open func setTargetRect(_ targetRect: CGRect, in targetView: UIView) {
    _targetRect = targetRect
    _targetView = targetView
  }

  /// Shows or hides the menu (for the target set with ``setTargetRect(_:in:)``).
  open func setMenuVisible(_ menuVisible: Bool, animated: Bool) {
    if menuVisible {
      if let view = _targetView { showMenu(from: view, rect: _targetRect) }
    } else {
      hideMenu()
    }
  }

  /// Shows the menu for `targetRect` of `targetView`. Nothing shows when the view is not in a
  /// window or no item can be performed.
  open func showMenu(from targetView: UIView, rect targetRect: CGRect) {
    hideMenu()
    _targetView = targetView
    _targetRect = targetRect
    let interaction = UIEditMenuInteraction(delegate: _delegate)
    if let old = _interaction, let view = old.view { view.removeInteraction(old) }
    targetView.addInteraction(interaction)
    _interaction = interaction
    let configuration = UIEditMenuConfiguration(identifier: nil, sourcePoint: CGPoint(x: targetRect.midX, y: targetRect.minY))
    // The arrow's direction places the menu as the edit menu's does: up puts it below.
    configuration.preferredArrowDirection = UIEditMenuArrowDirection(rawValue: arrowDirection.rawValue) ?? .automatic
    interaction.presentEditMenu(with: configuration)
  }

  /// Hides the menu shown for `targetView`.
  open func hideMenu(from targetView: UIView) {
    guard _interaction?.view === targetView else { return }
    hideMenu()
  }

  /// Hides the menu.
  open func hideMenu() {
    _interaction?.dismissMenu()
  }

  /// Asks again which items can be performed, and shows those.
  open func update() {
    _interaction?.reloadVisibleMenu()
  }

  /// The interaction's delegate: the menu's items, its target, and the notifications.
  private final class _Delegate: NSObject, UIEditMenuInteractionDelegate {
    weak var controller: UIMenuController?
    init(controller: UIMenuController) { self.controller = controller }

    func editMenuInteraction(
      _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration, suggestedActions: [UIMenuElement]
    ) -> UIMenu? {
      let custom = (controller?.menuItems ?? []).map { item in
        UICommand(
          _title: item.title, image: nil, action: item._action, propertyList: nil, alternates: [], discoverabilityTitle: nil,
          attributes: [], state: .off)
      }
      return UIMenu(children: suggestedActions + custom)
    }

    func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect {
      controller?._targetRect ?? .zero
    }

    func editMenuInteraction(
      _ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
      animator: any UIEditMenuInteractionAnimating
    ) {
      announce(UIMenuController.willShowMenuNotification, then: UIMenuController.didShowMenuNotification, animator: animator)
    }

    func editMenuInteraction(
      _ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
      animator: any UIEditMenuInteractionAnimating
    ) {
      announce(UIMenuController.willHideMenuNotification, then: UIMenuController.didHideMenuNotification, animator: animator)
    }

    /// Posts `will` now and `did` when the menu's animation ends.
    private func announce(_ will: Notification.Name, then did: Notification.Name, animator: any UIEditMenuInteractionAnimating) {
      guard let controller else { return }
      NotificationCenter.default.post(name: will, object: controller)
      animator.addCompletion { NotificationCenter.default.post(name: did, object: controller) }
    }
  }
}
