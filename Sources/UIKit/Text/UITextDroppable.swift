import Foundation

/// A text object that takes dropped text (UITextField and UITextView are).
@preconcurrency @MainActor
public protocol UITextDroppable: UITextInput, UITextPasteConfigurationSupporting {
  /// Asked how drops go (held weakly).
  var textDropDelegate: (any UITextDropDelegate)? { get set }
  /// The drop interaction UIKit added to the object.
  var textDropInteraction: UIDropInteraction? { get }
  /// Whether a drag is over the object.
  var isTextDropActive: Bool { get }
}

/// Whether a text object that is not editable takes a drop.
public enum UITextDropEditability: UInt, Sendable {
  /// It does not (the default).
  case no = 0
  /// It takes this drop and stays not editable.
  case temporary = 1
  /// It takes the drop and becomes editable.
  case yes = 2
}
