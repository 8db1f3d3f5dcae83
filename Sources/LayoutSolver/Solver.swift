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
public final class Solver {
  enum Kind { case invalid, external, slack, error, dummy }

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

  /// The objective row with the set of its symbols whose coefficient is negative, kept up to date
  /// so that choosing the entering symbol does not scan the objective.
  ///
  /// Unlike the tableau's rows it is a dictionary: it has a cell for every soft constraint, and
  /// error symbols come and go in it at every pivot.
  final class Objective {
    var cells: [Int: Double] = [:]
    var constant = 0.0
    var negatives = Set<Int>()

    func coefficient(for symbol: Int) -> Double { cells[symbol] ?? 0 }

    func insert(_ symbol: Int, _ coefficient: Double) {
      let sum = (cells[symbol] ?? 0) + coefficient
      if nearZero(sum) {
        cells[symbol] = nil
        negatives.remove(symbol)
      } else {
        cells[symbol] = sum
        if sum < 0 { negatives.insert(symbol) } else { negatives.remove(symbol) }
      }
    }

    func insert(_ other: Row, _ coefficient: Double) {
      constant += other.constant * coefficient
      for cell in other.cells { insert(cell.symbol, cell.value * coefficient) }
    }

    func substitute(_ symbol: Int, _ replacement: Row) {
      guard let coefficient = cells.removeValue(forKey: symbol) else { return }
      negatives.remove(symbol)
      insert(replacement, coefficient)
    }
  }

  /// Symbol id → kind; id 0 is "no symbol".
  private(set) var kinds: [Kind] = [.invalid]
  /// Basic symbol id → its row (nil for parametric symbols).
  private var rows: [Row?] = [nil]
  /// Symbol id → the basic symbols whose rows mention it.
  private var columns: [Set<Int>] = [[]]
  private var variableSymbols: [Variable: Int] = [:]
  private var constraints: [Constraint: Tag] = [:]
  private var edits: [Variable: Edit] = [:]
  private let objective = Objective()
  /// The phase-one objective while a constraint is added through an artificial variable.
  private var artificial: Objective?
  /// Restricted basic symbols whose row constant went negative (for the dual simplex).
  private var infeasibleRows: [Int] = []

  public init() {}

  // MARK: - Public API

  /// Adds a constraint and re-solves.
  ///
  /// - Throws: ``SolverError/duplicateConstraint(_:)`` if it is already in the solver;
  ///   ``SolverError/unsatisfiableConstraint(_:)`` if it is required and cannot hold with the
  ///   required constraints already added, in which case the solver keeps its former constraints
  ///   and solution.
  public func addConstraint(_ constraint: Constraint) throws {
    guard constraints[constraint] == nil else {
      throw SolverError.duplicateConstraint(constraint)
    }
    let (row, tag) = makeRow(for: constraint)
    var subject = chooseSubject(row, tag)
    if subject == 0 && row.cells.allSatisfy({ kinds[$0.symbol] == .dummy }) {
      guard nearZero(row.constant) else {
        undoObjectiveEffects(of: constraint, tag)
        throw SolverError.unsatisfiableConstraint(constraint)
      }
      subject = tag.marker
    }
    if subject == 0 {
      guard try addWithArtificialVariable(row) else {
        undoObjectiveEffects(of: constraint, tag)
        // Phase one moved the solution; the former optimum is restored by optimising again.
        try optimize(objective)
        infeasibleRows.removeAll()
        throw SolverError.unsatisfiableConstraint(constraint)
      }
    } else {
      row.solve(for: subject)
      substitute(subject, with: row)
      install(row, as: subject)
    }
    constraints[constraint] = tag
    try optimize(objective)
    infeasibleRows.removeAll()
  }

  /// Removes a constraint added before and re-solves.
  ///
  /// - Throws: ``SolverError/unknownConstraint(_:)`` if it is not in the solver.
  public func removeConstraint(_ constraint: Constraint) throws {
    guard let tag = constraints.removeValue(forKey: constraint) else {
      throw SolverError.unknownConstraint(constraint)
    }
    undoObjectiveEffects(of: constraint, tag)
    if rows[tag.marker] != nil {
      uninstall(tag.marker)
    } else {
      let leaving = markerLeavingRow(tag.marker)
      guard leaving != 0 else {
        throw SolverError.internalError("no row to remove for the marker of \(constraint)")
      }
      let row = uninstall(leaving)
      row.solve(for: leaving, tag.marker)
      substitute(tag.marker, with: row)
    }
    try optimize(objective)
    infeasibleRows.removeAll()
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
    // The edit row reads `variable - constant - e⁺ + e⁻ = 0`: a change of the constant is the
    // same as a change of e⁺ (or of -e⁻), so the rows move by the marker's coefficients.
    let marker = edit.tag.marker
    let other = edit.tag.other
    if let row = rows[marker] {
      row.constant -= delta
      if row.constant < 0 { infeasibleRows.append(marker) }
    } else if let row = rows[other] {
      row.constant += delta
      if row.constant < 0 { infeasibleRows.append(other) }
    } else {
      for basic in columns[marker] {
        let row = rows[basic]!
        row.constant += delta * row.coefficient(for: marker)
        if row.constant < 0 && kinds[basic] != .external { infeasibleRows.append(basic) }
      }
    }
    try dualOptimize()
  }

  /// The value of `variable` in the current solution (0 for a variable no constraint mentions).
  ///
  /// It is always current: every call that changes the system re-solves before returning.
  public func value(of variable: Variable) -> Double {
    guard let symbol = variableSymbols[variable], let row = rows[symbol] else { return 0 }
    return row.constant
  }

  /// Removes every constraint and edit variable.
  public func reset() {
    kinds = [.invalid]
    rows = [nil]
    columns = [[]]
    variableSymbols = [:]
    constraints = [:]
    edits = [:]
    objective.cells = [:]
    objective.constant = 0
    objective.negatives = []
    artificial = nil
    infeasibleRows = []
  }

  // MARK: - Symbols and the column index

  private func newSymbol(_ kind: Kind) -> Int {
    kinds.append(kind)
    rows.append(nil)
    columns.append([])
    return kinds.count - 1
  }

  private func symbol(for variable: Variable) -> Int {
    if let symbol = variableSymbols[variable] { return symbol }
    let symbol = newSymbol(.external)
    variableSymbols[variable] = symbol
    return symbol
  }

  /// Makes `row` the row of `basic` and records its symbols in the column index.
  private func install(_ row: Row, as basic: Int) {
    rows[basic] = row
    for cell in row.cells { columns[cell.symbol].insert(basic) }
  }

  /// Takes the row of `basic` out of the tableau and the column index.
  @discardableResult
  private func uninstall(_ basic: Int) -> Row {
    let row = rows[basic]!
    rows[basic] = nil
    for cell in row.cells { columns[cell.symbol].remove(basic) }
    return row
  }

  /// Adds `coefficient × source` to the installed row of `basic`, keeping the column index.
  private func add(_ source: Row, times coefficient: Double, to row: Row, of basic: Int) {
    row.constant += source.constant * coefficient
    // A merge of the two sorted cell arrays.
    let old = row.cells
    var merged: [Row.Cell] = []
    merged.reserveCapacity(old.count + source.cells.count)
    var i = 0
    var j = 0
    while i < old.count || j < source.cells.count {
      if j == source.cells.count || (i < old.count && old[i].symbol < source.cells[j].symbol) {
        merged.append(old[i])
        i += 1
      } else if i == old.count || source.cells[j].symbol < old[i].symbol {
        let cell = source.cells[j]
        let value = cell.value * coefficient
        if !nearZero(value) {
          merged.append(Row.Cell(symbol: cell.symbol, value: value))
          columns[cell.symbol].insert(basic)
        }
        j += 1
      } else {
        let sum = old[i].value + source.cells[j].value * coefficient
        if nearZero(sum) {
          columns[old[i].symbol].remove(basic)
        } else {
          merged.append(Row.Cell(symbol: old[i].symbol, value: sum))
        }
        i += 1
        j += 1
      }
    }
    row.cells = merged
  }

  /// Replaces `symbol` by `replacement` in every row that mentions it and in the objectives.
  private func substitute(_ symbol: Int, with replacement: Row) {
    let users = columns[symbol]
    columns[symbol] = []
    for basic in users {
      let row = rows[basic]!
      let coefficient = row.remove(symbol)!
      add(replacement, times: coefficient, to: row, of: basic)
      if kinds[basic] != .external && row.constant < 0 { infeasibleRows.append(basic) }
    }
    objective.substitute(symbol, replacement)
    artificial?.substitute(symbol, replacement)
  }

  /// Pivots: `entering` becomes basic in the row of `leaving`.
  private func pivot(leaving: Int, entering: Int) {
    let row = uninstall(leaving)
    row.solve(for: leaving, entering)
    substitute(entering, with: row)
    install(row, as: entering)
  }

  // MARK: - Adding a constraint

  /// The constraint's row in terms of parametric symbols, with its slack, error or dummy symbols,
  /// its errors entered in the objective, and a non-negative constant.
  private func makeRow(for constraint: Constraint) -> (Row, Tag) {
    let expression = constraint.expression
    let row = Row(constant: expression.constant)
    for term in expression.terms where !nearZero(term.coefficient) {
      let symbol = symbol(for: term.variable)
      if let basicRow = rows[symbol] {
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
      let slack = newSymbol(.slack)
      tag.marker = slack
      row.insert(slack, sign)
      if !constraint.priority.isRequired {
        let error = newSymbol(.error)
        tag.other = error
        row.insert(error, -sign)
        objective.insert(error, weight)
      }
    case .equal:
      if constraint.priority.isRequired {
        let dummy = newSymbol(.dummy)
        tag.marker = dummy
        row.insert(dummy, 1)
      } else {
        // expression = e⁺ - e⁻, both ≥ 0 and weighted.
        let plus = newSymbol(.error)
        let minus = newSymbol(.error)
        tag.marker = plus
        tag.other = minus
        row.insert(plus, -1)
        row.insert(minus, 1)
        objective.insert(plus, weight)
        objective.insert(minus, weight)
      }
    }
    if row.constant < 0 { row.reverseSign() }
    return (row, tag)
  }

  /// The symbol to make basic in a new row without breaking feasibility: an unrestricted
  /// variable if there is one, else the constraint's own slack or error if it enters with a
  /// negative coefficient (its value is then the row's non-negative constant); 0 if none.
  private func chooseSubject(_ row: Row, _ tag: Tag) -> Int {
    // Cells are sorted: the first external one has the lowest id.
    if let cell = row.cells.first(where: { kinds[$0.symbol] == .external }) { return cell.symbol }
    for symbol in [tag.marker, tag.other] where symbol != 0 {
      let kind = kinds[symbol]
      if (kind == .slack || kind == .error) && row.coefficient(for: symbol) < 0 { return symbol }
    }
    return 0
  }

  /// Phase one of the simplex: adds the row with an artificial variable, minimises it, and keeps
  /// the row if the artificial variable reached zero. Returns whether it did.
  private func addWithArtificialVariable(_ row: Row) throws -> Bool {
    let art = newSymbol(.slack)
    install(row.copy(), as: art)
    let phaseOne = Objective()
    phaseOne.insert(row, 1)
    artificial = phaseOne
    defer { artificial = nil }
    try optimize(phaseOne)
    let success = nearZero(phaseOne.constant)
    if rows[art] != nil {
      let artRow = uninstall(art)
      // On failure the artificial variable is basic with a positive value: dropping its row
      // drops the new constraint and leaves the former ones (phase one only pivoted them).
      if !success || artRow.cells.isEmpty { return success }
      let entering =
        artRow.cells.first(where: { kinds[$0.symbol] == .slack || kinds[$0.symbol] == .error })?
        .symbol ?? 0
      if entering == 0 { return false }
      artRow.solve(for: art, entering)
      substitute(entering, with: artRow)
      install(artRow, as: entering)
    }
    // The artificial variable is parametric now: dropping its column fixes it at zero.
    let users = columns[art]
    columns[art] = []
    for basic in users { _ = rows[basic]!.remove(art) }
    objective.substitute(art, Row())
    return success
  }

  /// Takes the constraint's error symbols out of the objective.
  private func undoObjectiveEffects(of constraint: Constraint, _ tag: Tag) {
    let weight = constraint.priority.weight
    for symbol in [tag.marker, tag.other] where symbol != 0 && kinds[symbol] == .error {
      if let row = rows[symbol] {
        objective.insert(row, -weight)
      } else {
        objective.insert(symbol, -weight)
      }
    }
  }

  // MARK: - Removing a constraint

  /// The row to pivot the marker of a constraint into, when the marker is parametric: the most
  /// restrictive row where it has a negative coefficient, else where it has a positive one, else
  /// a row of an unrestricted variable.
  private func markerLeavingRow(_ marker: Int) -> Int {
    var first = 0, second = 0, third = 0
    var ratio1 = Double.infinity, ratio2 = Double.infinity
    for basic in columns[marker].sorted() {
      let row = rows[basic]!
      let coefficient = row.coefficient(for: marker)
      if kinds[basic] == .external {
        if third == 0 { third = basic }
      } else if coefficient < 0 {
        let ratio = -row.constant / coefficient
        if ratio < ratio1 { ratio1 = ratio; first = basic }
      } else {
        let ratio = row.constant / coefficient
        if ratio < ratio2 { ratio2 = ratio; second = basic }
      }
    }
    return first != 0 ? first : second != 0 ? second : third
  }

  // MARK: - Optimisation

  /// The primal simplex: pivots until no objective coefficient is negative.
  private func optimize(_ goal: Objective) throws {
    while true {
      var entering = 0
      for symbol in goal.negatives where kinds[symbol] != .dummy {
        if entering == 0 || symbol < entering { entering = symbol }
      }
      if entering == 0 { return }
      var leaving = 0
      var best = Double.infinity
      for basic in columns[entering] where kinds[basic] != .external {
        let row = rows[basic]!
        let coefficient = row.coefficient(for: entering)
        if coefficient < 0 {
          let ratio = -row.constant / coefficient
          if ratio < best || (ratio == best && basic < leaving) {
            best = ratio
            leaving = basic
          }
        }
      }
      guard leaving != 0 else { throw SolverError.internalError("the objective is unbounded") }
      pivot(leaving: leaving, entering: entering)
    }
  }

  /// The dual simplex: pivots rows with a negative constant back to feasibility while keeping the
  /// objective optimal.
  private func dualOptimize() throws {
    while let leaving = infeasibleRows.popLast() {
      guard let row = rows[leaving], row.constant < 0 else { continue }
      var entering = 0
      var best = Double.infinity
      for cell in row.cells where cell.value > 0 && kinds[cell.symbol] != .dummy {
        let ratio = objective.coefficient(for: cell.symbol) / cell.value
        if ratio < best || (ratio == best && cell.symbol < entering) {
          best = ratio
          entering = cell.symbol
        }
      }
      guard entering != 0 else {
        throw SolverError.internalError("the dual simplex found no entering symbol")
      }
      pivot(leaving: leaving, entering: entering)
    }
  }
}
