import Foundation

/// Lets the user drag items out of its view: a touch held still on the view for the lift delay
/// asks the delegate for items; when it gives some, they lift and follow the finger, and drop
/// interactions under the finger are asked to take them (DragDriver.swift).
@preconcurrency @MainActor
open class UIDragInteraction: NSObject, UIInteraction {
  /// Gives the items and hears how the drag goes (held weakly, as on iOS).
  open private(set) weak var delegate: (any UIDragInteractionDelegate)?
  /// Whether the view's own touch handling (its gesture recognizers, a text object's long
  /// press) goes on while the items lift (true, as on iOS). When false the view's touch is
  /// cancelled at the lift.
  open var allowsSimultaneousRecognitionDuringLift = true
  /// Whether touches on the view can start a drag (``isEnabledByDefault`` at first).
  open var isEnabled: Bool = UIDragInteraction.isEnabledByDefault

  /// Whether new drag interactions are enabled: true here, as on an iPad (an iPhone says false).
  /// The hosts' screens are iPad-sized windows driven by a pointer, and a drag starts only
  /// from a touch held still on selected text or on a view whose delegate gives items, so the
  /// taps, drags and long presses that do something today are left alone.
  open class var isEnabledByDefault: Bool { true }

  /// The view the interaction is on.
  open private(set) weak var view: UIView?

  /// An interaction asking `delegate` for items.
  public init(delegate: any UIDragInteractionDelegate) {
    self.delegate = delegate
    super.init()
  }

  open func willMove(to view: UIView?) {}

  open func didMove(to view: UIView?) {
    self.view = view
  }

  /// The preview iOS lifts when the delegate supplies none: the whole view, where it is.
  func _defaultLiftPreview() -> UITargetedDragPreview? {
    guard let view, view.superview != nil else { return nil }
    return UITargetedDragPreview(view: view)
  }
}
