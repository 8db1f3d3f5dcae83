import Foundation

/// The name of an action sent along the responder chain: what `#selector(…)` makes on iOS.
///
/// Swift on Linux has no Objective-C selectors. iOS code that compares actions, as in
/// `canPerformAction(_:withSender:)`, writes the standard edit actions as named constants
/// (`#selector(paste(_:))` becomes `.paste`, `#selector(UIResponderStandardEditActions.copy(_:))`
/// becomes `.copy`), or any action by its Objective-C name (`Selector("save:")`). A command made
/// from a method reference (`UICommand(title:action: Editor.save)`) has a selector of its own
/// that names the method's class; its ``UIResponder/canPerformAction(_:withSender:)`` default
/// is true for responders of that class, which is iOS's "the responder implements the method".
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  let _name: String
  /// For a method reference's selector: whether a responder implements the method (is of the
  /// method's class).
  let _implemented: (@Sendable (AnyObject) -> Bool)?

  /// A selector with its Objective-C name, such as `"paste:"`.
  public init(_ name: String) {
    _name = name
    _implemented = nil
  }

  public init(stringLiteral name: String) { self.init(name) }

  init(_name name: String, implemented: @escaping @Sendable (AnyObject) -> Bool) {
    _name = name
    _implemented = implemented
  }

  /// The selector's name.
  public var description: String { _name }

  public static func == (a: Selector, b: Selector) -> Bool { a._name == b._name }
  public func hash(into hasher: inout Hasher) { hasher.combine(_name) }

  // MARK: UIResponderStandardEditActions

  /// `cut(_:)`.
  public static let cut = Selector("cut:")
  /// `copy(_:)`.
  public static let copy = Selector("copy:")
  /// `paste(_:)`.
  public static let paste = Selector("paste:")
  /// `pasteAndMatchStyle(_:)`.
  public static let pasteAndMatchStyle = Selector("pasteAndMatchStyle:")
  /// `select(_:)`.
  public static let select = Selector("select:")
  /// `selectAll(_:)`.
  public static let selectAll = Selector("selectAll:")
  /// `delete(_:)`.
  public static let delete = Selector("delete:")
  /// `toggleBoldface(_:)`.
  public static let toggleBoldface = Selector("toggleBoldface:")
  /// `toggleItalics(_:)`.
  public static let toggleItalics = Selector("toggleItalics:")
  /// `toggleUnderline(_:)`.
  public static let toggleUnderline = Selector("toggleUnderline:")
  /// `increaseSize(_:)`.
  public static let increaseSize = Selector("increaseSize:")
  /// `decreaseSize(_:)`.
  public static let decreaseSize = Selector("decreaseSize:")
  /// `makeTextWritingDirectionLeftToRight(_:)`.
  public static let makeTextWritingDirectionLeftToRight = Selector("makeTextWritingDirectionLeftToRight:")
  /// `makeTextWritingDirectionRightToLeft(_:)`.
  public static let makeTextWritingDirectionRightToLeft = Selector("makeTextWritingDirectionRightToLeft:")

  /// `find(_:)`.
  public static let find = Selector("find:")
  /// `findAndReplace(_:)`.
  public static let findAndReplace = Selector("findAndReplace:")
  /// `findNext(_:)`.
  public static let findNext = Selector("findNext:")
  /// `findPrevious(_:)`.
  public static let findPrevious = Selector("findPrevious:")
  /// `useSelectionForFind(_:)`.
  public static let useSelectionForFind = Selector("useSelectionForFind:")

  /// Runs a standard edit action on `responder`; false for any other selector.
  @MainActor
  func _performStandardEditAction(on responder: UIResponder, sender: Any?) -> Bool {
    switch self {
    case .cut: responder.cut(sender)
    case .copy: responder.copy(sender)
    case .paste: responder.paste(sender)
    case .pasteAndMatchStyle: responder.pasteAndMatchStyle(sender)
    case .select: responder.select(sender)
    case .selectAll: responder.selectAll(sender)
    case .delete: responder.delete(sender)
    case .toggleBoldface: responder.toggleBoldface(sender)
    case .toggleItalics: responder.toggleItalics(sender)
    case .toggleUnderline: responder.toggleUnderline(sender)
    case .increaseSize: responder.increaseSize(sender)
    case .decreaseSize: responder.decreaseSize(sender)
    case .makeTextWritingDirectionLeftToRight: responder.makeTextWritingDirectionLeftToRight(sender)
    case .makeTextWritingDirectionRightToLeft: responder.makeTextWritingDirectionRightToLeft(sender)
    case .find, .findAndReplace, .findNext, .findPrevious, .useSelectionForFind:
      // Not UIResponder's methods (on iOS they are optional requirements no responder class
      // implements): the text view and the find panel perform them.
      guard let finder = responder as? any _FindActionResponder else { return false }
      switch self {
      case .find: finder.find(sender)
      case .findAndReplace: finder.findAndReplace(sender)
      case .findNext: finder.findNext(sender)
      case .findPrevious: finder.findPrevious(sender)
      default: finder.useSelectionForFind(sender)
      }
    default: return false
    }
    return true
  }
}
