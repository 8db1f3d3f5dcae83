import UIKit

/// The status line under the app: what the keys do for whatever has them now, so that it never
/// promises a key the current responder uses otherwise (a text view takes Tab as a character).
enum StatusHint {
  /// The hint for `responder`, at most `width` columns: when it does not fit, the hints before
  /// the last go from the end (the first, the keyboard's key, stays, and so do the copy and quit
  /// keys, which a user must always be able to find).
  @MainActor
  ///
  /// `focus` is keyboard focus (UIFocusSystem): whether Full Keyboard Access is on, and whether
  /// an item other than a text input has focus (then Space or Return activate it).
  static func text(
    responder: UIResponder?, presentsModal: Bool, softwareKeyboard: Bool,
    focus: (fullKeyboardAccess: Bool, controlFocused: Bool) = (false, false), width: Int = .max
  ) -> String {
    let keyboard = "^K \(softwareKeyboard ? "hide" : "show") keyboard"
    var parts: [String]
    if presentsModal {
      parts = ["Return choose", "Esc cancel", "Tab or arrows highlight", "click a button"]
    } else if let textView = responder as? UITextView, !textView.isEditable {
      // Read-only text: no keyboard to show, nothing to type or undo; select and copy.
      parts = ["⇧arrows select", "^A select all", "click to leave"]
      if textView.isFindInteractionEnabled { parts.insert("^F find", at: 2) }
    } else if responder?._isFindPanelField == true {
      // The find panel's fields (UIFindInteraction): Return goes back to the text on an iPhone.
      parts = [keyboard, "^G next", "Esc close", "Return back to text"]
    } else if let textView = responder as? UITextView {
      // A text view keeps Tab (it types a tab character, as on iOS): the way out is a click on
      // another input, or the keyboard's Return in a delegate that ends editing on it.
      parts = [keyboard, "Tab types a tab", "click to leave", "^Z undo"]
      if textView.isFindInteractionEnabled { parts.insert("^F find", at: 2) }
    } else if responder is UITextField {
      // With Full Keyboard Access, Tab goes on to the controls too.
      parts = [keyboard, focus.fullKeyboardAccess ? "Tab next" : "Tab next field", "⇧Tab previous", "click to tap", "^Z undo"]
    } else if focus.controlFocused {
      parts = [keyboard, focus.fullKeyboardAccess ? "Space activate" : "Return select", "Tab next", "arrows move", "click to tap"]
    } else {
      parts = [keyboard, focus.fullKeyboardAccess ? "Tab focus" : "Tab first field", "click to tap"]
    }
    // Escape runs an accessory toolbar's Done item: say so after the keyboard's key, since a
    // number pad's Done is often the only way to finish.
    if !presentsModal, let done = KeyboardController.accessoryDoneItem(of: responder) {
      parts.insert("Esc \(done.title ?? done.accessibilityLabel ?? "Done")", at: 1)
    }
    // Ctrl-C copies while there is a selection to copy (see KeyMapping), and quits otherwise.
    let quit = KeyMapping.canCopy(in: responder) ? ["^C copy", "^Q quit"] : ["^C quit"]
    func line() -> String { " " + (parts + quit).joined(separator: " · ") }
    while parts.count > 1, TextWidth.columns(of: line()) > width { parts.removeLast() }
    return line()
  }
}
