import Foundation

/// Asked by a drop interaction whether and how its view takes a drag, and told how it goes
/// (see the order in DragDriver.swift). Every method is optional; the extension supplies what
/// iOS does without one, and iOS's optional-call syntax compiles
/// (`delegate?.dropInteraction?(interaction, performDrop: session)`).
@preconcurrency @MainActor
public protocol UIDropInteractionDelegate: NSObjectProtocol {
  /// Whether the view might take the session (true by default); asked once as the finger
  /// first comes over the view.
  func dropInteraction(_ interaction: UIDropInteraction, canHandle session: any UIDropSession)
    -> Bool
  /// The finger came over the view.
  func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession)
  /// The finger moved over the view: what a drop here would do (`.cancel` by default).
  func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession
  ) -> UIDropProposal
  /// The finger left the view, or lifted over it without a drop.
  func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession)
  /// The finger lifted over the view with a `.copy` or `.move` proposal: take the items.
  func dropInteraction(_ interaction: UIDropInteraction, performDrop session: any UIDropSession)
  /// The drop's animations are over: draw the view's final state.
  func dropInteraction(_ interaction: UIDropInteraction, concludeDrop session: any UIDropSession)
  /// The session ended (sent to every drop interaction it came over).
  func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession)
  /// Where `item` lands (by default where the finger lifted).
  func dropInteraction(
    _ interaction: UIDropInteraction, previewForDropping item: UIDragItem,
    withDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview?
  /// `item` is about to land.
  func dropInteraction(
    _ interaction: UIDropInteraction, item: UIDragItem,
    willAnimateDropWith animator: any UIDragAnimating)
}

extension UIDropInteractionDelegate {
  public func dropInteraction(
    _ interaction: UIDropInteraction, canHandle session: any UIDropSession
  ) -> Bool { true }
  public func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession
  ) {}
  public func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession
  ) -> UIDropProposal {
    UIDropProposal(operation: .cancel)
  }
  public func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession
  ) {}
  public func dropInteraction(
    _ interaction: UIDropInteraction, performDrop session: any UIDropSession
  ) {}
  public func dropInteraction(
    _ interaction: UIDropInteraction, concludeDrop session: any UIDropSession
  ) {}
  public func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession
  ) {}
  public func dropInteraction(
    _ interaction: UIDropInteraction, previewForDropping item: UIDragItem,
    withDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview? { defaultPreview }
  public func dropInteraction(
    _ interaction: UIDropInteraction, item: UIDragItem,
    willAnimateDropWith animator: any UIDragAnimating
  ) {}

  /// `delegate?.dropInteraction?(…)`: every method of the protocol, as iOS code calls them.
  public var dropInteraction: UIDropInteractionDelegateCall? {
    UIDropInteractionDelegateCall(delegate: self)
  }
}

/// The value behind `delegate?.dropInteraction?(…)`.
@preconcurrency @MainActor
public struct UIDropInteractionDelegateCall {
  let delegate: any UIDropInteractionDelegate
  public func callAsFunction(_ interaction: UIDropInteraction, canHandle session: any UIDropSession)
    -> Bool
  {
    delegate.dropInteraction(interaction, canHandle: session)
  }
  public func callAsFunction(
    _ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession
  ) {
    delegate.dropInteraction(interaction, sessionDidEnter: session)
  }
  public func callAsFunction(
    _ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession
  ) -> UIDropProposal {
    delegate.dropInteraction(interaction, sessionDidUpdate: session)
  }
  public func callAsFunction(
    _ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession
  ) {
    delegate.dropInteraction(interaction, sessionDidExit: session)
  }
  public func callAsFunction(
    _ interaction: UIDropInteraction, performDrop session: any UIDropSession
  ) {
    delegate.dropInteraction(interaction, performDrop: session)
  }
  public func callAsFunction(
    _ interaction: UIDropInteraction, concludeDrop session: any UIDropSession
  ) {
    delegate.dropInteraction(interaction, concludeDrop: session)
  }
  public func callAsFunction(
    _ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession
  ) {
    delegate.dropInteraction(interaction, sessionDidEnd: session)
  }
  public func callAsFunction(
    _ interaction: UIDropInteraction, previewForDropping item: UIDragItem,
    withDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview? {
    delegate.dropInteraction(interaction, previewForDropping: item, withDefault: defaultPreview)
  }
  public func callAsFunction(
    _ interaction: UIDropInteraction, item: UIDragItem,
    willAnimateDropWith animator: any UIDragAnimating
  ) {
    delegate.dropInteraction(interaction, item: item, willAnimateDropWith: animator)
  }
}
