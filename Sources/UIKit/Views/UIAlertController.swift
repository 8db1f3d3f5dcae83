import Foundation
import TextEditing

/// A button of an alert.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
  /// How an action is styled (and which one Escape chooses: the cancel action).
  public enum Style: Int, Sendable {
    case `default`, cancel, destructive
  }

  /// The button's title.
  open private(set) var title: String?
  /// The button's style.
  open private(set) var style: Style = .default
  /// Whether the button can be chosen.
  open var isEnabled = true
  private(set) var handler: (@MainActor (UIAlertAction) -> Void)?

  /// An action with no title, the default style and no handler: NSObject's initializer, the
  /// designated one on iOS, so that a subclass may have its own and inherit the one below.
  public override init() {
    super.init()
  }

  /// An action with a title, a style and a handler run after the alert is dismissed (a
  /// convenience initializer, as iOS's factory method is in Swift).
  public convenience init(title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil) {
    self.init()
    self.title = title
    self.style = style
    self.handler = handler
  }
}

/// An alert or action sheet: a title, a message, optional text fields and buttons. It is modal:
/// while it shows, what it covers is dimmed, touches outside it do nothing and keys go to it
/// (Return chooses the action `_actionForReturnKey` names, Escape the cancel action, Tab and
/// the arrows move a highlight between its buttons, and Return then chooses the highlighted one).
/// The preferred action's title is bold (the cancel action's when there is none), a destructive
/// action's red.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
  /// Alert or action sheet.
  public enum Style: Int, Sendable {
    case actionSheet, alert
  }

  /// The alert's style.
  open private(set) var preferredStyle: Style = .alert
  /// The message under the title.
  open var message: String?
  /// The buttons, in the order added.
  open private(set) var actions: [UIAlertAction] = []
  /// The action Return chooses.
  open var preferredAction: UIAlertAction?
  /// Text fields in the alert.
  open private(set) var textFields: [UITextField]?
  /// The button that keyboard navigation has highlighted.
  private(set) var _focusedActionIndex: Int?

  /// An alert with a title, a message and a style.
  public convenience init(title: String?, message: String?, preferredStyle: Style) {
    self.init(nibName: nil, bundle: nil)
    self.title = title
    self.message = message
    self.preferredStyle = preferredStyle
  }

  /// Adds a button.
  open func addAction(_ action: UIAlertAction) {
    precondition(
      action.style != .cancel || !actions.contains { $0.style == .cancel },
      "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
    actions.append(action)
  }

  /// Adds a text field (alerts only), configured by `configurationHandler`.
  open func addTextField(configurationHandler: (@MainActor (UITextField) -> Void)? = nil) {
    precondition(preferredStyle == .alert, "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 240, height: 28))
    field.borderStyle = .roundedRect
    configurationHandler?(field)
    textFields = (textFields ?? []) + [field]
  }

  private let titleLabel = UILabel()
  private let messageLabel = UILabel()
  private var buttons: [UIButton] = []

  open override func loadView() {
    let container = _AlertContainerView(frame: CGRect(x: 0, y: 0, width: 270, height: 120))
    container.backgroundColor = UIColor._platterBackground
    view = container
  }

  open override func viewDidLoad() {
    super.viewDidLoad()
    titleLabel.font = .boldSystemFont(ofSize: 17)
    titleLabel.textAlignment = .center
    titleLabel.numberOfLines = 0
    messageLabel.font = .systemFont(ofSize: 13)
    messageLabel.textAlignment = .center
    messageLabel.numberOfLines = 0
    view.addSubview(titleLabel)
    view.addSubview(messageLabel)
  }

  override func _presentationFrame(in bounds: CGRect) -> CGRect {
    titleLabel.text = title
    messageLabel.text = message
    for button in buttons { button.removeFromSuperview() }
    let emphasized = _emphasizedAction
    buttons = actions.enumerated().map { index, action in
      let button = UIButton(type: .system)
      button.setTitle(action.title, for: .normal)
      button.isEnabled = action.isEnabled
      if action.style == .destructive { button.setTitleColor(.systemRed, for: .normal) }
      button.titleLabel?.font = action === emphasized ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
      if index == _focusedActionIndex { button.backgroundColor = .systemGray4 }
      button.addAction(UIAction { [weak self] _ in self?._choose(index) }, for: .touchUpInside)
      return button
    }
    let width: CGFloat = preferredStyle == .alert ? 270 : bounds.width - 16
    let inner = width - 32
    var y: CGFloat = 16
    for label in [titleLabel, messageLabel] where label.text?.isEmpty == false {
      let size = label.sizeThatFits(CGSize(width: inner, height: 0))
      label.frame = CGRect(x: 16, y: y, width: inner, height: size.height)
      y += size.height + 4
    }
    for field in textFields ?? [] {
      view.addSubview(field)
      field.frame = CGRect(x: 16, y: y + 4, width: inner, height: 28)
      y += 36
    }
    y += 8
    let horizontal = preferredStyle == .alert && buttons.count == 2
    for (index, button) in buttons.enumerated() {
      view.addSubview(button)
      if horizontal {
        button.frame = CGRect(x: CGFloat(index) * width / 2, y: y, width: width / 2, height: 44)
      } else {
        button.frame = CGRect(x: 0, y: y, width: width, height: 44)
        y += 44
      }
    }
    if horizontal { y += 44 }
    let height = y
    let origin = preferredStyle == .alert
      ? CGPoint(x: bounds.midX - width / 2, y: bounds.midY - height / 2)
      : CGPoint(x: 8, y: bounds.maxY - height - 8)
    return CGRect(origin: origin, size: CGSize(width: width, height: height))
  }

  /// Chooses the action at `index`: the alert goes, then the action's handler runs.
  func _choose(_ index: Int) {
    guard actions.indices.contains(index), actions[index].isEnabled else { return }
    let action = actions[index]
    presentingViewController?.dismiss(animated: true)
    action.handler?(action)
  }

  /// The action whose title is bold: the preferred action (alerts only), otherwise the cancel
  /// action (Apple: "If the alert also contains a cancel button, the preferred action receives
  /// the highlighting instead of the cancel button").
  var _emphasizedAction: UIAlertAction? {
    if preferredStyle == .alert, let preferred = preferredAction, actions.contains(preferred) { return preferred }
    return actions.first { $0.style == .cancel }
  }

  /// The action Return chooses when no button is highlighted, or nil when Return does nothing.
  ///
  /// iOS (alerts only, per Apple's `preferredAction` documentation and UIKit's own Return
  /// handling): the preferred action; without one, the only enabled action, or, of exactly two
  /// enabled actions where one is Cancel, the other one. Deliberate difference: an action that is
  /// `.destructive` is never chosen by default (only as the explicit `preferredAction`), because
  /// Return pressed out of habit must not destroy data (iOS would choose "Delete" in a
  /// Cancel/Delete alert).
  var _actionForReturnKey: UIAlertAction? {
    guard preferredStyle == .alert else { return nil }
    if let preferred = preferredAction, actions.contains(preferred) { return preferred }
    let enabled = actions.filter(\.isEnabled)
    let candidate: UIAlertAction?
    if enabled.count == 1 {
      candidate = enabled[0]
    } else if enabled.count == 2, enabled.contains(where: { $0.style == .cancel }) {
      candidate = enabled.first { $0.style != .cancel }
    } else {
      candidate = nil
    }
    return candidate?.style == .destructive ? nil : candidate
  }

  override var _dimsPresentingContent: Bool { true }

  override func _handleModalKey(_ key: HardwareKey) -> Bool {
    switch key.code {
    case .returnKey:
      if let focused = _focusedActionIndex {
        _choose(focused)
      } else if let action = _actionForReturnKey, let index = actions.firstIndex(of: action) {
        _choose(index)
      }
      return true
    case .escape:
      // The cancel action, if it can be chosen; nothing otherwise.
      if let index = actions.firstIndex(where: { $0.style == .cancel }) { _choose(index) }
      return true
    case .tab, .left, .right, .up, .down:
      guard !actions.isEmpty, textFields?.contains(where: { $0.isFirstResponder }) != true || key.code == .tab else { return false }
      let backwards = key.code == .left || key.code == .up || (key.code == .tab && key.modifiers.contains(.shift))
      let count = actions.count
      let current = _focusedActionIndex ?? (backwards ? 0 : -1)
      _focusedActionIndex = ((current + (backwards ? -1 : 1)) % count + count) % count
      // A highlighted cell, as the focused button of an alert on an iPad with a keyboard.
      for (index, button) in buttons.enumerated() {
        button.backgroundColor = index == _focusedActionIndex ? .systemGray4 : nil
      }
      return true
    default:
      return false
    }
  }
}

/// An alert's background: a filled rounded rectangle with a hairline edge, so that it stands
/// out from what it covers (in a terminal, a box around it).
@MainActor
final class _AlertContainerView: UIView {
  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    list.append(DisplayItem(frame: rect, clip: clip, content: .border(.roundedRect, .systemGray3), alpha: alpha))
  }
}

/// What iOS puts between a presented alert and what it covers: a translucent black layer. Touches
/// on it do nothing (the alert is modal).
@MainActor
final class _DimmingView: UIView {
  override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = UIColor(white: 0, alpha: 0.2)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}
