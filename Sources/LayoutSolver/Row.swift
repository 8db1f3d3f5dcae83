/// One equation of the tableau, `basic = constant + Σ coefficient × symbol`, or, before it has a
/// basic symbol, `0 = constant + Σ coefficient × symbol`.
///
/// Symbols are dense integer ids (see `Solver.kinds`). A row is a reference so that the solver can
/// update it in place while it also sits in the column index.
final class Row {
  var cells: [Int: Double]
  var constant: Double

  init(constant: Double = 0, cells: [Int: Double] = [:]) {
    self.constant = constant
    self.cells = cells
  }

  func copy() -> Row { Row(constant: constant, cells: cells) }

  func coefficient(for symbol: Int) -> Double { cells[symbol] ?? 0 }

  /// Adds `coefficient × symbol`, dropping the cell if the sum cancels out.
  func insert(_ symbol: Int, _ coefficient: Double) {
    let sum = (cells[symbol] ?? 0) + coefficient
    if nearZero(sum) { cells[symbol] = nil } else { cells[symbol] = sum }
  }

  /// Adds `coefficient × other`, constant included.
  func insert(_ other: Row, _ coefficient: Double) {
    constant += other.constant * coefficient
    for (symbol, value) in other.cells { insert(symbol, value * coefficient) }
  }

  func reverseSign() {
    constant = -constant
    for key in cells.keys { cells[key] = -cells[key]! }
  }

  /// Turns `0 = … + c × symbol + …` into `symbol = …` (the symbol leaves the cells).
  func solve(for symbol: Int) {
    let factor = -1 / cells.removeValue(forKey: symbol)!
    constant *= factor
    for key in cells.keys { cells[key]! *= factor }
  }

  /// Turns `lhs = … + c × rhs + …` into `rhs = …` (lhs joins the cells).
  func solve(for lhs: Int, _ rhs: Int) {
    insert(lhs, -1)
    solve(for: rhs)
  }
}

/// Coefficients and constants this close to zero are zero: pivots accumulate rounding error, and
/// a coefficient of 1e-17 must not be chosen as a pivot.
@inline(__always) func nearZero(_ value: Double) -> Bool {
  abs(value) < 1.0e-8
}
