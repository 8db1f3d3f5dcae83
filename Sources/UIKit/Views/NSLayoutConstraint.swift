import Foundation

/// A layout constraint. Only the constraints that fix a view's width or height to a constant
/// (`view.widthAnchor.constraint(equalToConstant: 250)`) are modelled: stack views size their
/// arranged views by them. Constraints between views are not (no Auto Layout solver); their
/// anchors do not exist here, so code that uses them does not compile rather than silently
/// laying out wrong.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
  /// A layout direction.
  public enum Axis: Int, Sendable {
    case horizontal, vertical
  }

  /// Which dimension a constraint fixes.
  enum _Dimension { case width, height }

  /// The view whose dimension the constraint fixes.
  weak var _view: UIView?
  let _dimension: _Dimension

  /// The dimension's length, in points.
  open var constant: CGFloat {
    didSet { if isActive { _view?.invalidateIntrinsicContentSize() } }
  }

  /// Whether the constraint takes part in layout (new constraints are inactive, as on iOS).
  open var isActive = false {
    didSet {
      guard oldValue != isActive, let view = _view else { return }
      if isActive {
        view._constraints.append(self)
      } else {
        view._constraints.removeAll { $0 === self }
      }
      view.invalidateIntrinsicContentSize()
    }
  }

  /// A name for debugging.
  open var identifier: String?

  init(view: UIView, dimension: _Dimension, constant: CGFloat) {
    _view = view
    _dimension = dimension
    self.constant = constant
    super.init()
  }

  /// Activates each constraint.
  public static func activate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = true }
  }

  /// Deactivates each constraint.
  public static func deactivate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = false }
  }
}

/// A view's width or height, for constraints that fix it.
@preconcurrency @MainActor
open class NSLayoutDimension: NSObject {
  unowned let _view: UIView
  let _dimension: NSLayoutConstraint._Dimension

  init(view: UIView, dimension: NSLayoutConstraint._Dimension) {
    _view = view
    _dimension = dimension
  }

  /// A constraint (inactive until activated) that makes the dimension `c` points.
  open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
    NSLayoutConstraint(view: _view, dimension: _dimension, constant: c)
  }
}

extension UIView {
  /// The view's width, for a constraint that fixes it.
  public var widthAnchor: NSLayoutDimension { NSLayoutDimension(view: self, dimension: .width) }
  /// The view's height, for a constraint that fixes it.
  public var heightAnchor: NSLayoutDimension { NSLayoutDimension(view: self, dimension: .height) }

  /// The active constraints that fix this view's dimensions.
  public var constraints: [NSLayoutConstraint] { _constraints }

  /// The width an active constraint fixes, if any (the last activated wins).
  var _constantWidth: CGFloat? { _constraints.last { $0._dimension == .width }?.constant }
  /// The height an active constraint fixes, if any.
  var _constantHeight: CGFloat? { _constraints.last { $0._dimension == .height }?.constant }
}
