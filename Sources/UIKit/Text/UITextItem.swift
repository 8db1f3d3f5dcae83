import Foundation

/// A link, text attachment or tagged range of a text view's text that the user tapped or
/// long-pressed (iOS 17): what `textView(_:primaryActionFor:defaultAction:)` and
/// `textView(_:menuConfigurationFor:defaultMenu:)` are asked about. Only UIKit makes them.
@preconcurrency @MainActor
open class UITextItem: NSObject {
  /// What the item is, with its value.
  public enum Content {
    /// A link (a `.link` attribute, or a detected URL, e-mail address or phone number).
    case link(URL)
    /// A text attachment (the attachment character's `.attachment`).
    case textAttachment(NSTextAttachment)
    /// A range with a `.textItemTag` attribute: the tag.
    case tag(String)
  }

  /// The item's content.
  public let content: Content
  /// The item's range in the text view's text (UTF-16 units).
  public let range: NSRange

  init(content: Content, range: NSRange) {
    self.content = content
    self.range = range
    super.init()
  }

  /// The menu shown for a text item (a long press on a link): the menu, and the preview beside
  /// it (this host shows no previews: README).
  @preconcurrency @MainActor
  open class MenuConfiguration: NSObject {
    /// What is shown beside the menu.
    public enum Preview {
      /// The system's preview of the item.
      case `default`
      /// A view of the app's.
      case view(UIView)
    }

    /// The preview (nil: none).
    let _preview: Preview?
    /// The menu.
    let _menu: UIMenu

    /// A configuration showing `menu`, with `preview` beside it.
    public convenience init(preview: Preview? = .default, menu: UIMenu) {
      self.init(_preview: preview, menu: menu)
    }

    init(_preview preview: Preview?, menu: UIMenu) {
      _preview = preview
      _menu = menu
      super.init()
    }
  }
}

/// How the user interacted with a link or attachment (iOS 10 to 17's delegate methods).
public enum UITextItemInteraction: Int, Sendable {
  /// A tap: perform the default action (open the URL).
  case invokeDefaultAction = 0
  /// A long press: show the actions for the item.
  case presentActions = 1
  /// A preview (peek) of the item: never on Linux, which has no 3D Touch or context-menu previews.
  case preview = 2
}

extension NSAttributedString.Key {
  /// A custom tag for a range of text (a `String`): tapping it asks the text view's delegate
  /// about a ``UITextItem`` of content `.tag`.
  public static let textItemTag = NSAttributedString.Key("UITextItemTagAttributeName")
}
