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
