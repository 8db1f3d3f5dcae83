import Foundation
import QuartzCore

/// How focus is shown on an item. The system effect (``effect()`` or `UIFocusEffect()`) is a
/// halo in the tint colour round the item's bounds, following its layer's corner radius.
open class UIFocusEffect: NSObject, NSCopying {
  public override required init() { super.init() }

  /// The system's effect, with metrics taken from the focus item.
  open class func effect() -> Self { self.init() }

  open func copy(with zone: NSZone? = nil) -> Any { _copy() }

  func _copy() -> UIFocusEffect { UIFocusEffect() }

  /// The outline of the halo for `view`, in its coordinates.
  @MainActor func _shape(for view: UIView) -> UIFocusHaloEffect._Shape {
    .roundedRect(view.bounds, cornerRadius: view._focusCornerRadius)
  }
}

/// A halo drawn round a shape: a rectangle, a rounded rectangle or a path, in the coordinates
/// of the focused view (or of ``referenceView`` when set).
open class UIFocusHaloEffect: UIFocusEffect {
  /// Where the halo lies relative to its shape.
  public enum Position: Int, Sendable {
    /// Outside, unless the item fills its container (then inside).
    case automatic
    /// Round the outside of the shape.
    case outside
    /// Inside the shape.
    case inside
  }

  enum _Shape {
    case roundedRect(CGRect, cornerRadius: CGFloat)
    case path(UIBezierPath)
  }

  private var shape: _Shape = .roundedRect(.zero, cornerRadius: 0)

  /// The view the halo is placed in (nil: chosen from the focus item).
  open weak var containerView: UIView?
  /// The view the halo is drawn above (nil: the focused item).
  open weak var referenceView: UIView?
  /// Where the halo lies relative to its shape.
  open var position: Position = .automatic

  public required init() { super.init() }

  /// A halo round a rectangle.
  public convenience init(rect: CGRect) {
    self.init()
    shape = .roundedRect(rect, cornerRadius: 0)
  }

  /// A halo round a rectangle with rounded corners (`curve` is accepted; corners are drawn
  /// circular).
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat, curve: CALayerCornerCurve) {
    self.init()
    shape = .roundedRect(rect, cornerRadius: cornerRadius)
  }

  /// A halo following a path.
  public convenience init(path bezierPath: UIBezierPath) {
    self.init()
    shape = .path(UIBezierPath(cgPath: bezierPath.cgPath))
  }

  override func _copy() -> UIFocusEffect {
    let copy = UIFocusHaloEffect()
    copy.shape = shape
    copy.containerView = containerView
    copy.referenceView = referenceView
    copy.position = position
    return copy
  }

  @MainActor override func _shape(for view: UIView) -> _Shape { shape }
}
