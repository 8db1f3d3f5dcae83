/// Why the solver refused a request. After any of these the solver is as it was before the call.
public enum SolverError: Error, Sendable, CustomStringConvertible {
  /// A required constraint that cannot hold together with the required constraints already added.
  case unsatisfiableConstraint(Constraint)
  /// The constraint has already been added.
  case duplicateConstraint(Constraint)
  /// The constraint was never added, or has been removed.
  case unknownConstraint(Constraint)
  /// The variable is already an edit variable.
  case duplicateEditVariable(Variable)
  /// The variable is not an edit variable.
  case unknownEditVariable(Variable)
  /// Edit variables must be soft: a required edit would make every suggestion a hard constraint.
  case requiredEditStrength(Variable)
  /// The tableau broke an invariant; a bug in the solver, reported rather than trapped on.
  case internalError(String)

  public var description: String {
    switch self {
    case .unsatisfiableConstraint(let c): "unsatisfiable required constraint: \(c)"
    case .duplicateConstraint(let c): "constraint already added: \(c)"
    case .unknownConstraint(let c): "constraint not in the solver: \(c)"
    case .duplicateEditVariable(let v): "already an edit variable: \(v)"
    case .unknownEditVariable(let v): "not an edit variable: \(v)"
    case .requiredEditStrength(let v): "an edit variable cannot be required: \(v)"
    case .internalError(let message): "internal solver error: \(message)"
    }
  }
}
