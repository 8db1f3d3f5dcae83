/// The simplex tableau of a ``Solver`` and the algorithm's steps on it.
///
/// A value type with mutating methods, so that rows, columns and objective are updated in place
/// under the compiler's static exclusivity checks; the runtime checks that a class's stored
/// properties get at every access cost as much as the rest of the solver together.
struct Tableau {
  enum Kind { case invalid, external, slack, error, dummy }

  /// The objective row with the set of its symbols whose coefficient is negative, kept up to date
  /// so that choosing the entering symbol does not scan the objective.
  ///
  /// Unlike the tableau's rows it is a dictionary: it has a cell for every soft constraint, and
  /// error symbols come and go in it at every pivot.
  struct Objective {
    var cells: [Int: Double] = [:]
    var constant = 0.0
    var negatives = Set<Int>()

    func coefficient(for symbol: Int) -> Double { cells[symbol] ?? 0 }

    mutating func insert(_ symbol: Int, _ coefficient: Double) {
      let old = cells[symbol] ?? 0
      let sum = old + coefficient
      if nearZero(sum) {
        cells[symbol] = nil
      } else {
        cells[symbol] = sum
      }
      // The set changes only when the sign does (most updates keep it: hashing is not free).
      let wasNegative = old < 0
      let isNegative = !nearZero(sum) && sum < 0
      if isNegative != wasNegative {
        if isNegative { negatives.insert(symbol) } else { negatives.remove(symbol) }
      }
    }

    mutating func insert(_ other: Row, _ coefficient: Double) {
      constant += other.constant * coefficient
      for cell in other.cells { insert(cell.symbol, cell.value * coefficient) }
    }

    mutating func substitute(_ symbol: Int, _ replacement: Row) {
      guard let coefficient = cells.removeValue(forKey: symbol) else { return }
      negatives.remove(symbol)
      insert(replacement, coefficient)
    }
  }

  /// Symbol id → kind; id 0 is "no symbol".
  var kinds: [Kind] = [.invalid]
  /// Basic symbol id → its row (nil for parametric symbols).
  var rows: [Row?] = [nil]
  /// Symbol id → the basic symbols whose rows mention it.
  var columns: [Column] = [Column()]
  var objective = Objective()
  /// The phase-one objective while a constraint is added through an artificial variable.
  var artificial: Objective?
  /// Restricted basic symbols whose row constant went negative (for the dual simplex).
  var infeasibleRows: [Int] = []
  /// Rows rewritten by substitution so far: what adding a constraint costs (tests check it
  /// grows linearly where a layout does).
  var rewrittenRows = 0

  // MARK: - Symbols and the column index

  mutating func newSymbol(_ kind: Kind) -> Int {
    kinds.append(kind)
    rows.append(nil)
    columns.append(Column())
    return kinds.count - 1
  }

  /// The value of a symbol: its row's constant if basic, zero if parametric.
  func value(of symbol: Int) -> Double { rows[symbol]?.constant ?? 0 }

  /// Makes `row` the row of `basic` and records its symbols in the column index.
  mutating func install(_ row: Row, as basic: Int) {
    for cell in row.cells { columns[cell.symbol].insert(basic) }
    rows[basic] = row
  }

  /// Takes the row of `basic` out of the tableau and the column index.
  @discardableResult
  mutating func uninstall(_ basic: Int) -> Row {
    let row = rows[basic]!
    rows[basic] = nil
    for cell in row.cells { columns[cell.symbol].remove(basic) }
    return row
  }

  /// Adds `coefficient × source` to the installed row of `basic`, keeping the column index: a
  /// merge of the two sorted cell arrays.
  static func add(
    _ source: Row, times coefficient: Double, to row: inout Row, of basic: Int,
    columns: inout [Column]
  ) {
    row.constant += source.constant * coefficient
    let old = row.cells
    let new = source.cells
    var merged: [Row.Cell] = []
    merged.reserveCapacity(old.count + new.count)
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if j == new.count || (i < old.count && old[i].symbol < new[j].symbol) {
        merged.append(old[i])
        i += 1
      } else if i == old.count || new[j].symbol < old[i].symbol {
        let value = new[j].value * coefficient
        if !nearZero(value) {
          merged.append(Row.Cell(symbol: new[j].symbol, value: value))
          columns[new[j].symbol].insert(basic)
        }
        j += 1
      } else {
        let sum = old[i].value + new[j].value * coefficient
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
  mutating func substitute(_ symbol: Int, with replacement: Row) {
    let users = columns[symbol]
    columns[symbol] = Column()
    for basic in users {
      rewrittenRows &+= 1
      let coefficient = rows[basic]!.remove(symbol)!
      Self.add(replacement, times: coefficient, to: &rows[basic]!, of: basic, columns: &columns)
      if kinds[basic] != .external && rows[basic]!.constant < 0 { infeasibleRows.append(basic) }
    }
    objective.substitute(symbol, replacement)
    if artificial != nil { artificial!.substitute(symbol, replacement) }
  }

  /// Pivots: `entering` becomes basic in the row of `leaving`.
  mutating func pivot(leaving: Int, entering: Int) {
    var row = uninstall(leaving)
    row.solve(for: leaving, entering)
    substitute(entering, with: row)
    install(row, as: entering)
  }

  // MARK: - Adding a row

  /// The symbol to make basic in a new row without breaking feasibility: an unrestricted
  /// variable if there is one, else the constraint's own slack or error if it enters with a
  /// negative coefficient (its value is then the row's non-negative constant); 0 if none.
  func chooseSubject(_ row: Row, marker: Int, other: Int) -> Int {
    // Of the external symbols, the one fewest rows mention (a new view's edge: none), so that
    // solving for it substitutes into as few rows as possible. Taking the lowest id instead
    // made a chain of views hanging from one free edge quadratic: every new link solved for
    // that shared edge and rewrote every row before it (1,000 views: 18 s, not 1 s).
    var best = 0
    var bestCount = Int.max
    for cell in row.cells where kinds[cell.symbol] == .external {
      let count = cell.symbol < columns.count ? columns[cell.symbol].count : 0
      if count < bestCount {
        best = cell.symbol
        bestCount = count
        if count == 0 { break }
      }
    }
    if best != 0 { return best }
    func fits(_ symbol: Int) -> Bool {
      symbol != 0 && (kinds[symbol] == .slack || kinds[symbol] == .error)
        && row.coefficient(for: symbol) < 0
    }
    return fits(marker) ? marker : fits(other) ? other : 0
  }

  /// Puts a new constraint's row (with a non-negative constant) into the tableau; false if it
  /// cannot hold with the rows there, which are then as they were (up to pivots).
  mutating func addRow(_ row: Row, marker: Int, other: Int) throws -> Bool {
    var row = row
    var subject = chooseSubject(row, marker: marker, other: other)
    if subject == 0 && row.cells.allSatisfy({ kinds[$0.symbol] == .dummy }) {
      guard nearZero(row.constant) else { return false }
      subject = marker
    }
    if subject == 0 {
      return try addWithArtificialVariable(row)
    }
    row.solve(for: subject)
    substitute(subject, with: row)
    install(row, as: subject)
    return true
  }

  /// Phase one of the simplex: adds the row with an artificial variable, minimises it, and keeps
  /// the row if the artificial variable reached zero. Returns whether it did.
  mutating func addWithArtificialVariable(_ row: Row) throws -> Bool {
    let art = newSymbol(.slack)
    install(row, as: art)
    var phaseOne = Objective()
    phaseOne.insert(row, 1)
    artificial = phaseOne
    defer { artificial = nil }
    try optimize(phaseOne: true)
    let success = nearZero(artificial!.constant)
    if rows[art] != nil {
      var artRow = uninstall(art)
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
    columns[art] = Column()
    for basic in users { _ = rows[basic]!.remove(art) }
    objective.substitute(art, Row())
    return success
  }

  // MARK: - Removing a row

  /// The row to pivot the marker of a constraint into, when the marker is parametric: the most
  /// restrictive row where it has a negative coefficient, else where it has a positive one, else
  /// a row of an unrestricted variable.
  func markerLeavingRow(_ marker: Int) -> Int {
    var first = 0
    var second = 0
    var third = 0
    var ratio1 = Double.infinity
    var ratio2 = Double.infinity
    for basic in columns[marker].sorted() {
      let row = rows[basic]!
      let coefficient = row.coefficient(for: marker)
      if kinds[basic] == .external {
        if third == 0 { third = basic }
      } else if coefficient < 0 {
        let ratio = -row.constant / coefficient
        if ratio < ratio1 {
          ratio1 = ratio
          first = basic
        }
      } else {
        let ratio = row.constant / coefficient
        if ratio < ratio2 {
          ratio2 = ratio
          second = basic
        }
      }
    }
    return first != 0 ? first : second != 0 ? second : third
  }

  /// Takes the row that `marker` identifies out of the tableau; false if there is none.
  mutating func removeRow(marker: Int) -> Bool {
    if rows[marker] != nil {
      uninstall(marker)
      return true
    }
    let leaving = markerLeavingRow(marker)
    guard leaving != 0 else { return false }
    var row = uninstall(leaving)
    row.solve(for: leaving, marker)
    substitute(marker, with: row)
    return true
  }

  // MARK: - Optimisation

  /// The primal simplex on the objective (or on the phase-one objective): pivots until no
  /// objective coefficient is negative.
  mutating func optimize(phaseOne: Bool = false) throws {
    while true {
      var entering = 0
      for symbol in (phaseOne ? artificial!.negatives : objective.negatives)
      where kinds[symbol] != .dummy {
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
  mutating func dualOptimize() throws {
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

  // MARK: - Ambiguity

  /// Whether the external `symbol` takes more than one value over the optimal solutions.
  ///
  /// Every optimum keeps the symbols with a positive objective coefficient at zero, so the
  /// optimal solutions are the feasible points of the tableau with those columns dropped; on that
  /// copy the primal simplex minimises and maximises the symbol. A parametric external symbol,
  /// or one in the symbol's row, is unrestricted and taken as moving it: the simplex here only
  /// raises restricted symbols from zero, and such a free variable is what an under-constrained
  /// layout has anyway.
  func isAmbiguous(_ symbol: Int) -> Bool {
    guard let row = rows[symbol] else { return true }
    if row.cells.contains(where: { kinds[$0.symbol] == .external }) { return true }
    var face = self
    for (costly, coefficient) in objective.cells where coefficient > 0 {
      let users = face.columns[costly]
      face.columns[costly] = Column()
      for basic in users { _ = face.rows[basic]!.remove(costly) }
    }
    face.infeasibleRows = []
    func least(_ sign: Double) -> Double {
      var copy = face
      copy.objective = Objective()
      copy.objective.insert(copy.rows[symbol]!, sign)
      do { try copy.optimize() } catch { return -.infinity }
      return copy.objective.constant
    }
    let minimum = least(1)
    let maximum = -least(-1)
    return !(maximum - minimum < 1.0e-7)
  }

  /// Moves the constant of an edit constraint (`variable - constant - e⁺ + e⁻ = 0`) by `delta`
  /// and restores optimality. A change of the constant is the same as a change of e⁺ (or of
  /// -e⁻), so the rows move by the marker's coefficients.
  mutating func shiftEdit(marker: Int, other: Int, by delta: Double) throws {
    if rows[marker] != nil {
      rows[marker]!.constant -= delta
      if rows[marker]!.constant < 0 { infeasibleRows.append(marker) }
    } else if rows[other] != nil {
      rows[other]!.constant += delta
      if rows[other]!.constant < 0 { infeasibleRows.append(other) }
    } else {
      for basic in columns[marker] {
        let coefficient = rows[basic]!.coefficient(for: marker)
        rows[basic]!.constant += delta * coefficient
        if rows[basic]!.constant < 0 && kinds[basic] != .external { infeasibleRows.append(basic) }
      }
    }
    try dualOptimize()
  }
}
