import Foundation

/// What a text drag delegate is asked about: the text under the finger and the items UIKit
/// would drag.
@preconcurrency @MainActor
public protocol UITextDragRequest: NSObjectProtocol {
  /// The text to drag (the selection).
  var dragRange: UITextRange { get }
  /// The items UIKit would drag: the text as plain text.
  var suggestedItems: [UIDragItem] { get }
  /// Items already in the session (none: items are not added to a drag here).
  var existingItems: [UIDragItem] { get }
  /// Whether the text is selected (always: a drag starts from the selection).
  var isSelected: Bool { get }
  /// The session.
  var dragSession: any UIDragSession { get }
}

@MainActor
final class _TextDragRequest: NSObject, UITextDragRequest {
  let dragRange: UITextRange
  let suggestedItems: [UIDragItem]
  let existingItems: [UIDragItem] = []
  let isSelected = true
  let dragSession: any UIDragSession

  init(dragRange: UITextRange, suggestedItems: [UIDragItem], dragSession: any UIDragSession) {
    self.dragRange = dragRange
    self.suggestedItems = suggestedItems
    self.dragSession = dragSession
    super.init()
  }
}
