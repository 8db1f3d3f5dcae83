import Foundation

/// Lets its view take drops: while a drag is over the view its delegate is asked what a drop
/// would do, and takes the items when the finger lifts (DragDriver.swift).
@preconcurrency @MainActor
open class UIDropInteraction: NSObject, UIInteraction {
  /// Decides and takes drops (held weakly, as on iOS).
  open private(set) weak var delegate: (any UIDropInteractionDelegate)?
  /// Whether the view takes more than one drag at a time (one finger drags here: kept).
  open var allowsSimultaneousDropSessions = false

  /// The view the interaction is on.
  open private(set) weak var view: UIView?

  /// An interaction asking `delegate`.
  public init(delegate: any UIDropInteractionDelegate) {
    self.delegate = delegate
    super.init()
  }

  open func willMove(to view: UIView?) {}

  open func didMove(to view: UIView?) {
    self.view = view
  }
}
