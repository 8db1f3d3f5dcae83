// UIEdgeInsets, NSDirectionalEdgeInsets and CGRect.inset(by:).
//
// Foundation on Linux has AppKit's NSEdgeInsets; UIKit's inset types are distinct structs with the
// same fields, as on iOS.

/// Inset distances for the four edges of a rectangle; positive values shrink it.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
  /// The inset from the top edge.
  public var top: CGFloat
  /// The inset from the left edge.
  public var left: CGFloat
  /// The inset from the bottom edge.
  public var bottom: CGFloat
  /// The inset from the right edge.
  public var right: CGFloat

  /// Creates insets that are all zero.
  public init() {
    self.init(top: 0, left: 0, bottom: 0, right: 0)
  }

  /// Creates insets from the four edge distances.
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Insets that are all zero.
  public static let zero = UIEdgeInsets()
}

extension UIEdgeInsets: CustomStringConvertible {
  /// The insets as `{top, left, bottom, right}`, the form NSStringFromUIEdgeInsets uses.
  public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

/// Inset distances for the four edges of a rectangle, with leading and trailing in place of left and right.
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
  /// The inset from the top edge.
  public var top: CGFloat
  /// The inset from the leading edge (left in left-to-right layouts).
  public var leading: CGFloat
  /// The inset from the bottom edge.
  public var bottom: CGFloat
  /// The inset from the trailing edge (right in left-to-right layouts).
  public var trailing: CGFloat

  /// Creates insets that are all zero.
  public init() {
    self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
  }

  /// Creates insets from the four edge distances.
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// Insets that are all zero.
  public static let zero = NSDirectionalEdgeInsets()
}

extension NSDirectionalEdgeInsets: CustomStringConvertible {
  /// The insets as `{top, leading, bottom, trailing}`.
  public var description: String { "{\(top), \(leading), \(bottom), \(trailing)}" }
}

extension CGRect {
  /// Returns the rectangle moved in by `insets` on each edge (UIEdgeInsetsInsetRect; not standardized, may become negative).
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left,
      y: origin.y + insets.top,
      width: size.width - (insets.left + insets.right),
      height: size.height - (insets.top + insets.bottom)
    )
  }
}
