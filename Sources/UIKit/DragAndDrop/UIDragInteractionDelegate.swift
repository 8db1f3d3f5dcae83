import Foundation

/// Asked by a drag interaction what to drag and told how the drag goes (see the order in
/// DragDriver.swift). Only ``dragInteraction(_:itemsForBeginning:)`` is required; the extension
/// supplies what iOS does without the others, and iOS's optional-call syntax compiles
/// (`delegate?.dragInteraction?(interaction, sessionWillBegin: session)`).
@preconcurrency @MainActor
public protocol UIDragInteractionDelegate: NSObjectProtocol {
  /// The items a touch held still on the view lifts (none: no drag).
  func dragInteraction(
    _ interaction: UIDragInteraction, itemsForBeginning session: any UIDragSession
  ) -> [UIDragItem]
  /// The preview lifted for `item` (nil: none; by default the interaction's view).
  func dragInteraction(
    _ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: any UIDragSession
  ) -> UITargetedDragPreview?
  /// The lift is about to be animated.
  func dragInteraction(
    _ interaction: UIDragInteraction, willAnimateLiftWith animator: any UIDragAnimating,
    session: any UIDragSession)
  /// The finger moved after the lift: the drag begins.
  func dragInteraction(
    _ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession)
  /// Whether a drop may move the items (true by default).
  func dragInteraction(
    _ interaction: UIDragInteraction, sessionAllowsMoveOperation session: any UIDragSession
  ) -> Bool
  /// Whether the items must stay in the app (false by default; they cannot leave it here).
  func dragInteraction(
    _ interaction: UIDragInteraction,
    sessionIsRestrictedToDraggingApplication session: any UIDragSession
  ) -> Bool
  /// Whether previews keep their full size over targets (false by default).
  func dragInteraction(
    _ interaction: UIDragInteraction, prefersFullSizePreviewsFor session: any UIDragSession
  ) -> Bool
  /// The finger moved.
  func dragInteraction(_ interaction: UIDragInteraction, sessionDidMove session: any UIDragSession)
  /// The finger lifted: the drag ends with `operation` (`.cancel` when nothing took it).
  func dragInteraction(
    _ interaction: UIDragInteraction, session: any UIDragSession,
    willEndWith operation: UIDropOperation)
  /// The drag ended with `operation`.
  func dragInteraction(
    _ interaction: UIDragInteraction, session: any UIDragSession,
    didEndWith operation: UIDropOperation)
  /// The drop target has the items' data.
  func dragInteraction(
    _ interaction: UIDragInteraction, sessionDidTransferItems session: any UIDragSession)
  /// Items a tap adds to a drag under way (none by default; one finger drags here, so never asked).
  func dragInteraction(
    _ interaction: UIDragInteraction, itemsForAddingTo session: any UIDragSession,
    withTouchAt point: CGPoint
  ) -> [UIDragItem]
  /// Which of several drags a tap adds to (nil by default; never asked: one drag at a time).
  func dragInteraction(
    _ interaction: UIDragInteraction, sessionForAddingItems sessions: [any UIDragSession],
    withTouchAt point: CGPoint
  ) -> (any UIDragSession)?
  /// Items are about to join the session from `addingInteraction` (never sent: see above).
  func dragInteraction(
    _ interaction: UIDragInteraction, session: any UIDragSession, willAdd items: [UIDragItem],
    for addingInteraction: UIDragInteraction)
  /// Where `item` goes back to when the drag is cancelled (by default where it was lifted).
  func dragInteraction(
    _ interaction: UIDragInteraction, previewForCancelling item: UIDragItem,
    withDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview?
  /// `item` is about to go back.
  func dragInteraction(
    _ interaction: UIDragInteraction, item: UIDragItem,
    willAnimateCancelWith animator: any UIDragAnimating)
}

extension UIDragInteractionDelegate {
  public func dragInteraction(
    _ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: any UIDragSession
  ) -> UITargetedDragPreview? {
    interaction._defaultLiftPreview()
  }
  public func dragInteraction(
    _ interaction: UIDragInteraction, willAnimateLiftWith animator: any UIDragAnimating,
    session: any UIDragSession
  ) {}
  public func dragInteraction(
    _ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession
  ) {}
  public func dragInteraction(
    _ interaction: UIDragInteraction, sessionAllowsMoveOperation session: any UIDragSession
  ) -> Bool {
    true
  }
  public func dragInteraction(
    _ interaction: UIDragInteraction,
    sessionIsRestrictedToDraggingApplication session: any UIDragSession
  ) -> Bool { false }
  public func dragInteraction(
    _ interaction: UIDragInteraction, prefersFullSizePreviewsFor session: any UIDragSession
  ) -> Bool {
    false
  }
  public func dragInteraction(
    _ interaction: UIDragInteraction, sessionDidMove session: any UIDragSession
  ) {}
  public func dragInteraction(
    _ interaction: UIDragInteraction, session: any UIDragSession,
    willEndWith operation: UIDropOperation
  ) {}
  public func dragInteraction(
    _ interaction: UIDragInteraction, session: any UIDragSession,
    didEndWith operation: UIDropOperation
  ) {}
  public func dragInteraction(
    _ interaction: UIDragInteraction, sessionDidTransferItems session: any UIDragSession
  ) {}
  public func dragInteraction(
    _ interaction: UIDragInteraction, itemsForAddingTo session: any UIDragSession,
    withTouchAt point: CGPoint
  ) -> [UIDragItem] { [] }
  public func dragInteraction(
    _ interaction: UIDragInteraction, sessionForAddingItems sessions: [any UIDragSession],
    withTouchAt point: CGPoint
  ) -> (any UIDragSession)? { nil }
  public func dragInteraction(
    _ interaction: UIDragInteraction, session: any UIDragSession, willAdd items: [UIDragItem],
    for addingInteraction: UIDragInteraction
  ) {}
  public func dragInteraction(
    _ interaction: UIDragInteraction, previewForCancelling item: UIDragItem,
    withDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview? { defaultPreview }
  public func dragInteraction(
    _ interaction: UIDragInteraction, item: UIDragItem,
    willAnimateCancelWith animator: any UIDragAnimating
  ) {}

  /// `delegate?.dragInteraction?(…)`: every method of the protocol, as iOS code calls them.
  public var dragInteraction: UIDragInteractionDelegateCall? {
    UIDragInteractionDelegateCall(delegate: self)
  }
}

/// The value behind `delegate?.dragInteraction?(…)`.
@preconcurrency @MainActor
public struct UIDragInteractionDelegateCall {
  let delegate: any UIDragInteractionDelegate
  public func callAsFunction(
    _ interaction: UIDragInteraction, itemsForBeginning session: any UIDragSession
  ) -> [UIDragItem] {
    delegate.dragInteraction(interaction, itemsForBeginning: session)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: any UIDragSession
  ) -> UITargetedDragPreview? {
    delegate.dragInteraction(interaction, previewForLifting: item, session: session)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, willAnimateLiftWith animator: any UIDragAnimating,
    session: any UIDragSession
  ) {
    delegate.dragInteraction(interaction, willAnimateLiftWith: animator, session: session)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession
  ) {
    delegate.dragInteraction(interaction, sessionWillBegin: session)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, sessionAllowsMoveOperation session: any UIDragSession
  ) -> Bool {
    delegate.dragInteraction(interaction, sessionAllowsMoveOperation: session)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction,
    sessionIsRestrictedToDraggingApplication session: any UIDragSession
  ) -> Bool {
    delegate.dragInteraction(interaction, sessionIsRestrictedToDraggingApplication: session)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, prefersFullSizePreviewsFor session: any UIDragSession
  ) -> Bool {
    delegate.dragInteraction(interaction, prefersFullSizePreviewsFor: session)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, sessionDidMove session: any UIDragSession
  ) {
    delegate.dragInteraction(interaction, sessionDidMove: session)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, session: any UIDragSession,
    willEndWith operation: UIDropOperation
  ) {
    delegate.dragInteraction(interaction, session: session, willEndWith: operation)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, session: any UIDragSession,
    didEndWith operation: UIDropOperation
  ) {
    delegate.dragInteraction(interaction, session: session, didEndWith: operation)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, sessionDidTransferItems session: any UIDragSession
  ) {
    delegate.dragInteraction(interaction, sessionDidTransferItems: session)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, itemsForAddingTo session: any UIDragSession,
    withTouchAt point: CGPoint
  ) -> [UIDragItem] {
    delegate.dragInteraction(interaction, itemsForAddingTo: session, withTouchAt: point)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, sessionForAddingItems sessions: [any UIDragSession],
    withTouchAt point: CGPoint
  ) -> (any UIDragSession)? {
    delegate.dragInteraction(interaction, sessionForAddingItems: sessions, withTouchAt: point)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, session: any UIDragSession, willAdd items: [UIDragItem],
    for addingInteraction: UIDragInteraction
  ) {
    delegate.dragInteraction(interaction, session: session, willAdd: items, for: addingInteraction)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, previewForCancelling item: UIDragItem,
    withDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview? {
    delegate.dragInteraction(interaction, previewForCancelling: item, withDefault: defaultPreview)
  }
  public func callAsFunction(
    _ interaction: UIDragInteraction, item: UIDragItem,
    willAnimateCancelWith animator: any UIDragAnimating
  ) {
    delegate.dragInteraction(interaction, item: item, willAnimateCancelWith: animator)
  }
}
