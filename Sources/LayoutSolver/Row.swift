/// One equation of the tableau, `basic = constant + Σ coefficient × symbol`, or, before it has a
/// basic symbol, `0 = constant + Σ coefficient × symbol`.
///
/// Symbols are dense integer ids (see `Tableau.kinds`). Cells are kept sorted by symbol in one
/// array, as kiwisolver's rows are: layout rows have a handful of cells, where a linear array
/// beats hashing (hashing was half the time of adding a constraint with dictionaries), lookups are
/// binary searches, and adding one row to another is a merge. A value type, so that the tableau
/// updates rows in place without the runtime exclusivity checks a class's properties cost (they
/// were half of the time left).
struct Row {
  struct Cell {
    var symbol: Int
    var value: Double
  }

  var cells: [Cell]
  var constant: Double

  init(constant: Double = 0, cells: [Cell] = []) {
    self.constant = constant
    self.cells = cells
  }

  /// The position of `symbol`'s cell, or where it would go.
  @inline(__always) func position(of symbol: Int) -> (index: Int, found: Bool) {
    var low = 0
    var high = cells.count
    while low < high {
      let middle = (low + high) / 2
      if cells[middle].symbol < symbol { low = middle + 1 } else { high = middle }
    }
    return (low, low < cells.count && cells[low].symbol == symbol)
  }

  func coefficient(for symbol: Int) -> Double {
    let (index, found) = position(of: symbol)
    return found ? cells[index].value : 0
  }

  /// Takes `symbol`'s cell out; its coefficient, or nil if the row does not mention it.
  mutating func remove(_ symbol: Int) -> Double? {
    let (index, found) = position(of: symbol)
    guard found else { return nil }
    return cells.remove(at: index).value
  }

  /// Adds `coefficient × symbol`, dropping the cell if the sum cancels out.
  mutating func insert(_ symbol: Int, _ coefficient: Double) {
    let (index, found) = position(of: symbol)
    if found {
      let sum = cells[index].value + coefficient
      if nearZero(sum) { cells.remove(at: index) } else { cells[index].value = sum }
    } else if !nearZero(coefficient) {
      cells.insert(Cell(symbol: symbol, value: coefficient), at: index)
    }
  }

  /// Adds `coefficient × other`, constant included.
  mutating func insert(_ other: Row, _ coefficient: Double) {
    constant += other.constant * coefficient
    for cell in other.cells { insert(cell.symbol, cell.value * coefficient) }
  }

  mutating func reverseSign() {
    constant = -constant
    for index in cells.indices { cells[index].value = -cells[index].value }
  }

  /// Turns `0 = … + c × symbol + …` into `symbol = …` (the symbol leaves the cells).
  mutating func solve(for symbol: Int) {
    let factor = -1 / remove(symbol)!
    constant *= factor
    for index in cells.indices { cells[index].value *= factor }
  }

  /// Turns `lhs = … + c × rhs + …` into `rhs = …` (lhs joins the cells).
  mutating func solve(for lhs: Int, _ rhs: Int) {
    insert(lhs, -1)
    solve(for: rhs)
  }
}

/// Coefficients and constants this close to zero are zero: pivots accumulate rounding error, and
/// a coefficient of 1e-17 must not be chosen as a pivot.
@inline(__always) func nearZero(_ value: Double) -> Bool {
  abs(value) < 1.0e-8
}
