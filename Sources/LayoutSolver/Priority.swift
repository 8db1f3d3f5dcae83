/// How much a constraint matters, on UIKit's scale: 1 to 1000, where 1000 is required.
///
/// Required constraints are hard: the solver never violates them, and adding one that conflicts
/// with the others throws ``SolverError/unsatisfiableConstraint(_:)``. Any other priority `p`
/// makes the constraint soft: the solver minimises the sum over soft constraints of
/// `p × violation`, where the violation of `a == b` is `|a - b|` and that of `a <= b` is
/// `max(0, a - b)`. So the weight is the priority itself: one point of error at 750 costs as much
/// as three at 250. Apple does not document its engine's weighting; this linear one is kiwisolver's
/// when given numeric strengths, and the UIKit layer may map its priorities differently.
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible,
  ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
{
  /// The priority, in `1...1000`.
  public let rawValue: Float

  /// A priority in `1...1000`; anything else is a programmer's error.
  public init(_ rawValue: Float) {
    // fatalError, not precondition: its message survives optimised builds.
    if !(rawValue >= 1 && rawValue <= 1000) {
      fatalError("Priority \(rawValue) is outside 1...1000 (1000 is required)")
    }
    self.rawValue = rawValue
  }

  public init(floatLiteral value: Float) { self.init(value) }
  public init(integerLiteral value: Int) { self.init(Float(value)) }

  /// 1000: a hard constraint.
  public static let required = Priority(1000)
  /// 750, UIKit's default for compression resistance.
  public static let defaultHigh = Priority(750)
  /// 250, UIKit's default for content hugging.
  public static let defaultLow = Priority(250)
  /// 50, what UIKit's fitting-size computation uses.
  public static let fittingSizeLevel = Priority(50)

  /// Whether the constraint is hard.
  public var isRequired: Bool { rawValue >= 1000 }

  /// The weight of a soft constraint's violation in the objective.
  var weight: Double { Double(rawValue) }

  public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { isRequired ? "required" : "\(rawValue)" }
}
