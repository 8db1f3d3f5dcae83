import Foundation

/// Asked what a drag of text carries and told how it goes (TextDragAndDrop.swift has the
/// order). Every method is optional; the extension supplies what iOS does without one, and
/// iOS's optional-call syntax compiles (`textDragDelegate?.textDraggableView?(view, itemsForDrag: r)`).
@preconcurrency @MainActor
public protocol UITextDragDelegate: NSObjectProtocol {
  /// The items the drag carries (by default the request's suggested items: the text).
  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, itemsForDrag dragRequest: any UITextDragRequest
  ) -> [UIDragItem]
  /// The preview lifted for `item` (nil: UIKit's, the selected lines of text).
  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, dragPreviewForLiftingItem item: UIDragItem,
    session: any UIDragSession
  ) -> UITargetedDragPreview?
  /// The lift is about to be animated.
  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable,
    willAnimateLiftWith animator: any UIDragAnimating, session: any UIDragSession)
  /// The finger moved after the lift: the drag begins.
  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, dragSessionWillBegin session: any UIDragSession)
  /// The drag ended with `operation` (after a move to another object, the text is gone here).
  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, dragSessionDidEnd session: any UIDragSession,
    with operation: UIDropOperation)
}

extension UITextDragDelegate {
  public func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, itemsForDrag dragRequest: any UITextDragRequest
  ) -> [UIDragItem] { dragRequest.suggestedItems }
  public func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, dragPreviewForLiftingItem item: UIDragItem,
    session: any UIDragSession
  ) -> UITargetedDragPreview? { nil }
  public func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable,
    willAnimateLiftWith animator: any UIDragAnimating, session: any UIDragSession
  ) {}
  public func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, dragSessionWillBegin session: any UIDragSession
  ) {}
  public func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, dragSessionDidEnd session: any UIDragSession,
    with operation: UIDropOperation
  ) {}

  /// `textDragDelegate?.textDraggableView?(…)`: every method of the protocol.
  public var textDraggableView: UITextDragDelegateCall? { UITextDragDelegateCall(delegate: self) }
}

/// The value behind `textDragDelegate?.textDraggableView?(…)`.
@preconcurrency @MainActor
public struct UITextDragDelegateCall {
  let delegate: any UITextDragDelegate
  public func callAsFunction(
    _ textDraggableView: UIView & UITextDraggable, itemsForDrag dragRequest: any UITextDragRequest
  ) -> [UIDragItem] {
    delegate.textDraggableView(textDraggableView, itemsForDrag: dragRequest)
  }
  public func callAsFunction(
    _ textDraggableView: UIView & UITextDraggable, dragPreviewForLiftingItem item: UIDragItem,
    session: any UIDragSession
  ) -> UITargetedDragPreview? {
    delegate.textDraggableView(textDraggableView, dragPreviewForLiftingItem: item, session: session)
  }
  public func callAsFunction(
    _ textDraggableView: UIView & UITextDraggable,
    willAnimateLiftWith animator: any UIDragAnimating, session: any UIDragSession
  ) {
    delegate.textDraggableView(textDraggableView, willAnimateLiftWith: animator, session: session)
  }
  public func callAsFunction(
    _ textDraggableView: UIView & UITextDraggable, dragSessionWillBegin session: any UIDragSession
  ) {
    delegate.textDraggableView(textDraggableView, dragSessionWillBegin: session)
  }
  public func callAsFunction(
    _ textDraggableView: UIView & UITextDraggable, dragSessionDidEnd session: any UIDragSession,
    with operation: UIDropOperation
  ) {
    delegate.textDraggableView(textDraggableView, dragSessionDidEnd: session, with: operation)
  }
}
