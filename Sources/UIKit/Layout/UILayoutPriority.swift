import Foundation

/// How much a constraint (or a view's resistance to growing or shrinking) matters: 1 to 1000.
/// A required constraint (1000) must hold; the engine breaks the lower ones first, and weighs
/// two soft constraints by their priorities.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
  public var rawValue: Float

  public init(rawValue: Float) { self.rawValue = rawValue }
  public init(_ rawValue: Float) { self.rawValue = rawValue }

  /// A constraint that must hold.
  public static let required = UILayoutPriority(1000)
  /// The priority with which a button resists compressing its content.
  public static let defaultHigh = UILayoutPriority(750)
  /// The priority with which a button hugs its content.
  public static let defaultLow = UILayoutPriority(250)
  /// The priority with which a view's size is pulled towards the target of
  /// `systemLayoutSizeFitting(_:)`.
  public static let fittingSizeLevel = UILayoutPriority(50)
  /// The priority of dragging a split view's divider that can resize the scene.
  public static let dragThatCanResizeScene = UILayoutPriority(510)
  /// The priority with which a window's scene keeps its size.
  public static let sceneSizeStayPut = UILayoutPriority(500)
  /// The priority of dragging a divider that cannot resize the scene.
  public static let dragThatCannotResizeScene = UILayoutPriority(490)

  public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

  public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }
  public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }
}

extension UILayoutPriority: CustomStringConvertible {
  public var description: String {
    rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
  }
}
