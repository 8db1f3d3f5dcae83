/// An unknown of a constraint system, such as the left edge of a view.
///
/// A variable is an identity: two variables with the same name are different unknowns. Its value
/// lives in the ``Solver`` it is used with (``Solver/value(of:)``), so one variable may take part
/// in several solvers.
public final class Variable: Hashable, Sendable, CustomStringConvertible {
  /// A name for debugging output; it plays no part in solving.
  public let name: String

  /// Creates a new, distinct unknown.
  public init(_ name: String = "") {
    self.name = name
  }

  public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  public var description: String {
    name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) % 100_000)" : name
  }
}
