/// An incremental solver for linear equalities and inequalities with priorities: the Cassowary
/// algorithm of Badros, Borning and Stuckey (2001).
///
/// The solver keeps a simplex tableau in solved form: every basic symbol is a row of parametric
/// symbols; parametric symbols are zero, so a basic variable's value is its row's constant.
/// Variables of the user are unrestricted; each inequality brings a slack symbol (≥ 0), each soft
/// constraint error symbols (≥ 0) whose weighted sum is the objective, each required equality a
/// dummy symbol (= 0) that marks its row for removal. Adding a constraint pivots its row into the
/// tableau and runs the primal simplex on the objective; removing one pivots its marker into the
/// basis and drops that row; a new suggestion for an edit variable moves row constants and the
/// dual simplex restores feasibility. None of these rebuilds the tableau.
///
/// Unlike kiwisolver, the solver keeps a column index (which rows mention each symbol) and the set
/// of objective symbols with a negative coefficient, so that a pivot touches only the rows that
/// mention the entering symbol, and no step scans the whole tableau or the whole objective: the
/// cost of adding a constraint to a system of independent rows does not grow with their number.
///
/// Pivoting follows Bland's rule (lowest symbol id enters; ties among leaving rows go to the lowest
/// id), which rules out cycling on degenerate systems, which layouts are full of.
///
/// Priorities weigh linearly (see ``Priority``). A solver is not thread-safe; use it from one
/// thread or actor at a time.
public final class Solver {
  /// The symbols that a constraint brought into the tableau: `marker` identifies its row
  /// (a slack, a dummy, or the positive error); `other` is the second error symbol of a soft
  /// constraint, if any.
  struct Tag {
    var marker: Int
    var other: Int
  }

  struct Edit {
    var constraint: Constraint
    var tag: Tag
    var constant: Double
  }

  private(set) var tableau = Tableau()
  private var variableSymbols: [Variable: Int] = [:]
  private var constraints: [Constraint: Tag] = [:]
  private var edits: [Variable: Edit] = [:]

  public init() {}

  /// Adds a constraint and re-solves.
  ///
  /// - Throws: ``SolverError/duplicateConstraint(_:)`` if it is already in the solver;
  ///   ``SolverError/unsatisfiableConstraint(_:)`` if it is required and cannot hold with the
  ///   required constraints already added, in which case the solver keeps its former constraints
  ///   and an optimal solution of them (the same one when that optimum is unique).
  public func addConstraint(_ constraint: Constraint) throws {
    guard constraints[constraint] == nil else {
      throw SolverError.duplicateConstraint(constraint)
    }
    let (row, tag) = makeRow(for: constraint)
    guard try tableau.addRow(row, marker: tag.marker, other: tag.other) else {
      undoObjectiveEffects(of: constraint, tag)
      // Phase one may have moved the solution; optimising again restores an optimum.
      try tableau.optimize()
      tableau.infeasibleRows.removeAll()
      throw SolverError.unsatisfiableConstraint(constraint)
    }
    constraints[constraint] = tag
    try tableau.optimize()
    tableau.infeasibleRows.removeAll()
  }

  /// Removes a constraint added before and re-solves.
  ///
  /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not in the solver.
  public func removeConstraint(_ constraint: Constraint) throws {
    guard let tag = constraints.removeValue(forKey: constraint) else {
      throw SolverError.unknownConstraint(constraint)
    }
    undoObjectiveEffects(of: constraint, tag)
    guard tableau.removeRow(marker: tag.marker) else {
      throw SolverError.internalError("no row to remove for the marker of \(constraint)")
    }
    try tableau.optimize()
    tableau.infeasibleRows.removeAll()
  }

  /// Whether the constraint is in the solver.
  public func hasConstraint(_ constraint: Constraint) -> Bool {
    constraints[constraint] != nil
  }

  /// The number of constraints in the solver, edit variables' included.
  public var constraintCount: Int { constraints.count }

  /// Makes `variable` an edit variable: a soft `variable == value` whose value
  /// ``suggestValue(_:for:)`` changes cheaply. The first suggested value is the variable's current
  /// value, so adding an edit variable does not move anything.
  ///
  /// - Throws: ``SolverError/requiredEditStrength(_:)`` for a required priority;
  ///   ``SolverError/duplicateEditVariable(_:)`` if it already is one.
  public func addEditVariable(_ variable: Variable, priority: Priority) throws {
    guard edits[variable] == nil else { throw SolverError.duplicateEditVariable(variable) }
    guard !priority.isRequired else { throw SolverError.requiredEditStrength(variable) }
    let current = value(of: variable)
    let constraint = Constraint(variable, .equal, current, priority: priority)
    try addConstraint(constraint)
    edits[variable] = Edit(constraint: constraint, tag: constraints[constraint]!, constant: current)
  }

  /// Stops editing `variable` (its suggested value no longer pulls on it).
  ///
  /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not an edit variable.
  public func removeEditVariable(_ variable: Variable) throws {
    guard let edit = edits[variable] else { throw SolverError.unknownEditVariable(variable) }
    try removeConstraint(edit.constraint)
    edits[variable] = nil
  }

  /// Whether `variable` is an edit variable.
  public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

  /// Asks for `variable == value` at the edit variable's priority and re-solves with the dual
  /// simplex, from the current solution.
  ///
  /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not an edit variable.
  public func suggestValue(_ value: Double, for variable: Variable) throws {
    guard var edit = edits[variable] else { throw SolverError.unknownEditVariable(variable) }
    let delta = value - edit.constant
    edit.constant = value
    edits[variable] = edit
    try tableau.shiftEdit(marker: edit.tag.marker, other: edit.tag.other, by: delta)
  }

  /// The value of `variable` in the current solution (0 for a variable no constraint mentions).
  ///
  /// It is always current: every call that changes the system re-solves before returning.
  public func value(of variable: Variable) -> Double {
    guard let symbol = variableSymbols[variable] else { return 0 }
    return tableau.value(of: symbol)
  }

  /// Whether `variable`'s value is not determined by the constraints: another solution satisfies
  /// the required constraints, costs no more in weighted violations of the others, and gives the
  /// variable another value. A variable no constraint mentions is ambiguous. This is what
  /// `hasAmbiguousLayout` asks of a view's frame.
  ///
  /// Its cost is two optimisations on a copy of the tableau, the solver is left unchanged.
  public func isAmbiguous(_ variable: Variable) -> Bool {
    guard let symbol = variableSymbols[variable] else { return true }
    return tableau.isAmbiguous(symbol)
  }

  /// Removes every constraint and edit variable.
  public func reset() {
    tableau = Tableau()
    variableSymbols = [:]
    constraints = [:]
    edits = [:]
  }

  // MARK: - Rows of constraints

  private func symbol(for variable: Variable) -> Int {
    if let symbol = variableSymbols[variable] { return symbol }
    let symbol = tableau.newSymbol(.external)
    variableSymbols[variable] = symbol
    return symbol
  }

  /// The constraint's row in terms of parametric symbols, with its slack, error or dummy symbols,
  /// its errors entered in the objective, and a non-negative constant.
  private func makeRow(for constraint: Constraint) -> (Row, Tag) {
    let expression = constraint.expression
    var row = Row(constant: expression.constant)
    row.cells.reserveCapacity(expression.terms.count + 2)
    for term in expression.terms where !nearZero(term.coefficient) {
      let symbol = symbol(for: term.variable)
      if let basicRow = tableau.rows[symbol] {
        row.insert(basicRow, term.coefficient)
      } else {
        row.insert(symbol, term.coefficient)
      }
    }
    var tag = Tag(marker: 0, other: 0)
    let weight = constraint.priority.weight
    switch constraint.relation {
    case .lessThanOrEqual, .greaterThanOrEqual:
      // expression + slack = 0 with slack ≥ 0 says expression ≤ 0; ≥ flips the slack's sign.
      let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
      let slack = tableau.newSymbol(.slack)
      tag.marker = slack
      row.insert(slack, sign)
      if !constraint.priority.isRequired {
        let error = tableau.newSymbol(.error)
        tag.other = error
        row.insert(error, -sign)
        tableau.objective.insert(error, weight)
      }
    case .equal:
      if constraint.priority.isRequired {
        let dummy = tableau.newSymbol(.dummy)
        tag.marker = dummy
        row.insert(dummy, 1)
      } else {
        // expression = e⁺ - e⁻, both ≥ 0 and weighted.
        let plus = tableau.newSymbol(.error)
        let minus = tableau.newSymbol(.error)
        tag.marker = plus
        tag.other = minus
        row.insert(plus, -1)
        row.insert(minus, 1)
        tableau.objective.insert(plus, weight)
        tableau.objective.insert(minus, weight)
      }
    }
    if row.constant < 0 { row.reverseSign() }
    return (row, tag)
  }

  /// Takes the constraint's error symbols out of the objective.
  private func undoObjectiveEffects(of constraint: Constraint, _ tag: Tag) {
    let weight = constraint.priority.weight
    func undo(_ symbol: Int) {
      guard symbol != 0 && tableau.kinds[symbol] == .error else { return }
      if let row = tableau.rows[symbol] {
        tableau.objective.insert(row, -weight)
      } else {
        tableau.objective.insert(symbol, -weight)
      }
    }
    undo(tag.marker)
    undo(tag.other)
  }
}
