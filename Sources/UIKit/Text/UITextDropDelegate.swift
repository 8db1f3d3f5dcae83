import Foundation

/// Asked how text dropped on a text object goes in, and told how the drag over it goes
/// (TextDragAndDrop.swift has the order). Every method is optional; the extension supplies
/// what iOS does without one, and iOS's optional-call syntax compiles
/// (`textDropDelegate?.textDroppableView?(view, proposalForDrop: drop)`).
@preconcurrency @MainActor
public protocol UITextDropDelegate: NSObjectProtocol {
  /// Whether an object that is not editable takes the drop (`.no` by default).
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable,
    willBecomeEditableForDrop drop: any UITextDropRequest
  ) -> UITextDropEditability
  /// What a drop at the request's position does (by default the suggested proposal).
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, proposalForDrop drop: any UITextDropRequest
  ) -> UITextDropProposal
  /// The drop is about to go in (a `.delegate` performer puts the text in here).
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, willPerformDrop drop: any UITextDropRequest)
  /// Where the dropped text lands (by default UIKit's preview).
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable,
    previewForDroppingAllItemsWithDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview?
  /// The drag came over the object.
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidEnter session: any UIDropSession)
  /// The drag moved over the object.
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidUpdate session: any UIDropSession)
  /// The drag left the object (or lifted over it without a drop).
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidExit session: any UIDropSession)
  /// The drag ended.
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidEnd session: any UIDropSession)
}

extension UITextDropDelegate {
  public func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable,
    willBecomeEditableForDrop drop: any UITextDropRequest
  ) -> UITextDropEditability { .no }
  public func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, proposalForDrop drop: any UITextDropRequest
  ) -> UITextDropProposal { drop.suggestedProposal }
  public func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, willPerformDrop drop: any UITextDropRequest
  ) {}
  public func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable,
    previewForDroppingAllItemsWithDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview? { defaultPreview }
  public func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidEnter session: any UIDropSession
  ) {}
  public func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidUpdate session: any UIDropSession
  ) {}
  public func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidExit session: any UIDropSession
  ) {}
  public func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidEnd session: any UIDropSession
  ) {}

  /// `textDropDelegate?.textDroppableView?(…)`: every method of the protocol.
  public var textDroppableView: UITextDropDelegateCall? { UITextDropDelegateCall(delegate: self) }
}

/// The value behind `textDropDelegate?.textDroppableView?(…)`.
@preconcurrency @MainActor
public struct UITextDropDelegateCall {
  let delegate: any UITextDropDelegate
  public func callAsFunction(
    _ textDroppableView: UIView & UITextDroppable,
    willBecomeEditableForDrop drop: any UITextDropRequest
  ) -> UITextDropEditability {
    delegate.textDroppableView(textDroppableView, willBecomeEditableForDrop: drop)
  }
  public func callAsFunction(
    _ textDroppableView: UIView & UITextDroppable, proposalForDrop drop: any UITextDropRequest
  ) -> UITextDropProposal {
    delegate.textDroppableView(textDroppableView, proposalForDrop: drop)
  }
  public func callAsFunction(
    _ textDroppableView: UIView & UITextDroppable, willPerformDrop drop: any UITextDropRequest
  ) {
    delegate.textDroppableView(textDroppableView, willPerformDrop: drop)
  }
  public func callAsFunction(
    _ textDroppableView: UIView & UITextDroppable,
    previewForDroppingAllItemsWithDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview? {
    delegate.textDroppableView(
      textDroppableView, previewForDroppingAllItemsWithDefault: defaultPreview)
  }
  public func callAsFunction(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidEnter session: any UIDropSession
  ) {
    delegate.textDroppableView(textDroppableView, dropSessionDidEnter: session)
  }
  public func callAsFunction(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidUpdate session: any UIDropSession
  ) {
    delegate.textDroppableView(textDroppableView, dropSessionDidUpdate: session)
  }
  public func callAsFunction(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidExit session: any UIDropSession
  ) {
    delegate.textDroppableView(textDroppableView, dropSessionDidExit: session)
  }
  public func callAsFunction(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidEnd session: any UIDropSession
  ) {
    delegate.textDroppableView(textDroppableView, dropSessionDidEnd: session)
  }
}
