import Foundation

/// A text object whose selected text can be dragged (UITextField and UITextView are).
@preconcurrency @MainActor
public protocol UITextDraggable: UITextInput {
  /// Told of the drag and asked what it carries (held weakly).
  var textDragDelegate: (any UITextDragDelegate)? { get set }
  /// The drag interaction UIKit added to the object: set its `isEnabled` to turn text drags
  /// off (or on).
  var textDragInteraction: UIDragInteraction? { get }
  /// Whether text of the object is being dragged (from the lift to the drop).
  var isTextDragActive: Bool { get }
  /// How the drag is shown.
  var textDragOptions: UITextDragOptions { get set }
}
