import Foundation
import QuartzCore

extension UIView {
  /// What this view and its subviews draw, and nothing else: not its ancestors, its siblings or
  /// the keyboard, as `CALayer.render(in:)` draws one layer tree on iOS. Items are in window
  /// points (the hierarchy's root's when the view has no window), clipped to `rect`, the view's
  /// bounds in those points. Snapshot strategies draw one view with it.
  package func _subtreeDisplayList() -> (list: DisplayList, rect: CGRect) {
    // As UIWindow.displayList(): what was changed outside a transaction is committed and the
    // layout is current before anything is drawn.
    CATransaction.flush()
    var root: UIView = self
    while let parent = root.superview { root = parent }
    root.layoutIfNeeded()
    let origin = _originInWindow
    let rect = CGRect(x: origin.x + bounds.minX, y: origin.y + bounds.minY, width: bounds.width, height: bounds.height)
    var list = DisplayList()
    _render(into: &list, clip: rect, alpha: 1)
    return (list, rect)
  }
}

extension UIViewController {
  /// Where the controller is in its appearance cycle, as iOS's `_printHierarchy` names it
  /// ("appeared", "appearing", "disappearing", "disappeared"): snapshot strategies print it.
  package var _appearanceStateName: String {
    switch _appearanceState {
    case .appeared: "appeared"
    case .appearing: "appearing"
    case .disappearing: "disappearing"
    case .disappeared: "disappeared"
    }
  }
}
