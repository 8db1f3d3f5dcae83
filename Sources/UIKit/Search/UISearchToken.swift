import Foundation

/// A token in a search field: an icon and a word standing for a filter ("Photos", "Today"),
/// drawn before the text as a chip.
@preconcurrency @MainActor
open class UISearchToken: NSObject {
  /// The icon (iOS keeps it private too).
  let _icon: UIImage?
  /// The word.
  let _text: String

  /// A token showing `icon` and `text`.
  public init(icon: UIImage?, text: String) {
    _icon = icon
    _text = text
    super.init()
  }

  /// What the token stands for (the app's own value).
  open var representedObject: Any?

  /// What the chip shows: the icon's glyph and the text.
  var _label: String {
    if let glyph = _icon?.glyph, !glyph.isEmpty { return glyph + " " + _text }
    return _text
  }
}
