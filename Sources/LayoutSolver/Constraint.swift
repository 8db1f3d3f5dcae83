/// A linear relation between two expressions, with a priority.
///
/// A constraint is an identity, as `NSLayoutConstraint` is: the solver adds and removes this
/// object, and two constraints with the same terms are different constraints.
public final class Constraint: Hashable, Sendable, CustomStringConvertible {
  /// How the two sides compare.
  public enum Relation: Sendable, CustomStringConvertible {
    case equal
    case lessThanOrEqual
    case greaterThanOrEqual

    public var description: String {
      switch self {
      case .equal: "=="
      case .lessThanOrEqual: "<="
      case .greaterThanOrEqual: ">="
      }
    }
  }

  /// `lhs - rhs`: the constraint says `expression <relation> 0`.
  public let expression: Expression
  public let relation: Relation
  public let priority: Priority

  /// The constraint `lhs <relation> rhs`.
  public init(
    _ lhs: Expression, _ relation: Relation, _ rhs: Expression, priority: Priority = .required
  ) {
    self.expression = lhs - rhs
    self.relation = relation
    self.priority = priority
  }

  /// The constraint `lhs <relation> rhs`.
  public convenience init(
    _ lhs: Expression, _ relation: Relation, _ rhs: Double, priority: Priority = .required
  ) {
    self.init(lhs, relation, Expression(rhs), priority: priority)
  }

  /// The constraint `lhs <relation> rhs`.
  public convenience init(
    _ lhs: Variable, _ relation: Relation, _ rhs: Expression, priority: Priority = .required
  ) {
    self.init(Expression(lhs), relation, rhs, priority: priority)
  }

  /// The constraint `lhs <relation> rhs`.
  public convenience init(
    _ lhs: Variable, _ relation: Relation, _ rhs: Variable, priority: Priority = .required
  ) {
    self.init(Expression(lhs), relation, Expression(rhs), priority: priority)
  }

  /// The constraint `lhs <relation> rhs`.
  public convenience init(
    _ lhs: Variable, _ relation: Relation, _ rhs: Double, priority: Priority = .required
  ) {
    self.init(Expression(lhs), relation, Expression(rhs), priority: priority)
  }

  public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  public var description: String { "\(expression) \(relation) 0 @\(priority)" }
}
