import Foundation

/// An action assistive technology offers on an element beside activating it (VoiceOver's
/// Actions rotor: "Delete", "Reply", "Mark as read"). Put it in the element's
/// `accessibilityCustomActions`; the handler runs when the user chooses it and returns whether
/// it succeeded.
///
/// Linux difference: there are no selectors, so the target–selector initializers do not exist;
/// the handler forms cover them (a method reference is a handler).
@preconcurrency @MainActor
open class UIAccessibilityCustomAction: NSObject {
  /// What runs when the action is chosen: true if it succeeded.
  public typealias Handler = @MainActor (UIAccessibilityCustomAction) -> Bool

  /// The name assistive technology reads (short: "Delete"). Setting it replaces
  /// ``attributedName``.
  open var name: String {
    get { attributedName.string }
    set { attributedName = NSAttributedString(string: newValue) }
  }
  /// The name with speech attributes.
  open var attributedName: NSAttributedString {
    get { _attributedName }
    set { _attributedName = newValue.copy() as? NSAttributedString ?? newValue }
  }
  private var _attributedName: NSAttributedString
  /// An image shown beside the name (Switch Control's menu).
  open var image: UIImage?
  /// What runs when the action is chosen.
  open var actionHandler: Handler?
  /// A group the action belongs to in the rotor (``editCategory``, or the app's own); nil for
  /// none.
  open var category: String?

  /// The category of editing actions (cut, copy, paste, delete), which assistive technology
  /// groups together.
  public nonisolated static let editCategory = "UIAccessibilityCustomActionCategoryEdit"

  /// An action named `name` that runs `actionHandler`.
  public init(name: String, actionHandler: @escaping Handler) {
    _attributedName = NSAttributedString(string: name)
    self.actionHandler = actionHandler
    super.init()
  }

  /// An action with an attributed name.
  public init(attributedName: NSAttributedString, actionHandler: @escaping Handler) {
    _attributedName = attributedName.copy() as? NSAttributedString ?? attributedName
    self.actionHandler = actionHandler
    super.init()
  }

  /// An action with a name and an image.
  public convenience init(name: String, image: UIImage?, actionHandler: @escaping Handler) {
    self.init(name: name, actionHandler: actionHandler)
    self.image = image
  }

  /// An action with an attributed name and an image.
  public convenience init(attributedName: NSAttributedString, image: UIImage?, actionHandler: @escaping Handler) {
    self.init(attributedName: attributedName, actionHandler: actionHandler)
    self.image = image
  }

  /// Runs the action as assistive technology does when the user chooses it: the handler's
  /// answer, or false without one.
  package func _perform() -> Bool {
    actionHandler?(self) ?? false
  }
}
