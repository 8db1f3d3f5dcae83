import Foundation

/// The bar button items a responder puts on the keyboard's shortcuts bar, around the typing
/// suggestions. The shortcuts bar exists on iPad only: on iPhone, which every host here
/// simulates, the text input system ignores these items, as iOS does on iPhone. They are kept,
/// so that code setting them (often to empty, to hide iPad's shortcuts) runs unchanged.
@preconcurrency @MainActor
open class UITextInputAssistantItem: NSObject {
  /// Whether the user may hide the shortcuts bar (true by default).
  open var allowsHidingShortcuts = true
  /// The groups shown before the typing suggestions (copied when set, as Apple's property is).
  open var leadingBarButtonGroups: [UIBarButtonItemGroup] = []
  /// The groups shown after the typing suggestions.
  open var trailingBarButtonGroups: [UIBarButtonItemGroup] = []
  /// A button beside the text preview of visionOS's keyboard (there is none here).
  open var keyboardActionButtonItem: UIBarButtonItem?

  public override init() {
    super.init()
  }
}

extension UIResponder {
  /// The responder's input assistant: the items of the iPad keyboard's shortcuts bar while this
  /// responder is first responder. Made on first use, one per responder.
  public var inputAssistantItem: UITextInputAssistantItem {
    if let item = _inputAssistantItem { return item }
    let item = UITextInputAssistantItem()
    _inputAssistantItem = item
    return item
  }
}
