// The constraint solver on a form of N rows, the workload of issue 14's benchmark. Each row is a
// label and a field: the label's leading edge at the margin, the field 8 points after the label
// and its trailing edge at the margin (required equalities), the label's width hugging its
// intrinsic width at 250 and resisting compression at 750 (inequalities), and the row's top at
// 20 + 44 × its index from the container's top: six constraints a row, rows independent of each
// other as the cells of a table or the rows of a stack view are. With `--chained` each row's top
// is instead 44 points below the previous row's; every row's value then depends on every row
// above it, and the tableau's rows grow with N in any Cassowary solver (kiwisolver's too).
// Benchmarks/Compare/layout_kiwi.py builds the same systems with kiwisolver, the same table.
//
//   swift build -c release --product layoutsolverbench
//   .build/release/layoutsolverbench [--chained] [--quick] [--solver-only]

import LayoutSolver

#if canImport(Glibc)
  import Glibc
#endif

let width = 400.0

struct Form {
  let solver = Solver()
  var spacings: [Constraint] = []
  var labelLefts: [Variable] = []
  var labelWidths: [Variable] = []
  var fieldLefts: [Variable] = []
  var fieldWidths: [Variable] = []
  var tops: [Variable] = []

  static func intrinsicWidth(_ row: Int) -> Double { 60 + Double(row % 7) * 5 }

  /// Every constraint of the form, in the order they are added.
  var constraints: [Constraint] = []

  /// Makes the variables and constraints; `addAll()` adds them to the solver.
  init(rows: Int, chained: Bool) {
    let left = Variable("container.left")
    let right = Variable("container.right")
    let top = Variable("container.top")
    constraints = [
      Constraint(left, .equal, 0), Constraint(right, .equal, width), Constraint(top, .equal, 0),
    ]
    var previousTop = top
    var gap = 20.0
    for row in 0..<rows {
      let labelLeft = Variable("label\(row).left")
      let labelWidth = Variable("label\(row).width")
      let fieldLeft = Variable("field\(row).left")
      let fieldWidth = Variable("field\(row).width")
      let rowTop = Variable("row\(row).top")
      let intrinsic = Self.intrinsicWidth(row)
      let spacing = Constraint(fieldLeft, .equal, labelLeft + labelWidth + 8)
      constraints += [
        Constraint(labelLeft, .equal, left + 20),
        spacing,
        Constraint(fieldLeft + fieldWidth, .equal, right - 20),
        Constraint(labelWidth, .lessThanOrEqual, intrinsic, priority: .defaultLow),
        Constraint(labelWidth, .greaterThanOrEqual, intrinsic, priority: .defaultHigh),
        chained
          ? Constraint(rowTop, .equal, previousTop + gap)
          : Constraint(rowTop, .equal, top + 20 + 44 * Double(row)),
      ]
      previousTop = rowTop
      gap = 44
      spacings.append(spacing)
      labelLefts.append(labelLeft)
      labelWidths.append(labelWidth)
      fieldLefts.append(fieldLeft)
      fieldWidths.append(fieldWidth)
      tops.append(rowTop)
    }
  }

  func addAll() throws {
    for constraint in constraints { try solver.addConstraint(constraint) }
  }

  /// Replaces the spacing constraint of `row` by one with the constant `spacing`.
  mutating func setSpacing(_ spacing: Double, row: Int) throws {
    try solver.removeConstraint(spacings[row])
    let replacement = Constraint(
      fieldLefts[row], .equal, labelLefts[row] + labelWidths[row] + spacing)
    try solver.addConstraint(replacement)
    spacings[row] = replacement
  }

  /// The field's width must follow from the label's intrinsic width and the spacing.
  func check(row: Int, spacing: Double) {
    let expected = width - 20 - (20 + Self.intrinsicWidth(row) + spacing)
    let actual = solver.value(of: fieldWidths[row])
    precondition(
      abs(actual - expected) < 1e-6, "row \(row): field width \(actual), expected \(expected)")
    let expectedTop = 20 + 44 * Double(row)
    precondition(abs(solver.value(of: tops[row]) - expectedTop) < 1e-6, "row \(row): wrong top")
  }
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let quick = CommandLine.arguments.contains("--quick")
let chained = CommandLine.arguments.contains("--chained")
let sizes = quick ? [10, 100] : [10, 100, 1000]
let clock = ContinuousClock()
var solverOnly: [(Int, Double)] = []

print(
  "LayoutSolver (Swift): a form of N rows, 6 constraints a row, "
    + (chained ? "each row below the previous one" : "each row at its offset from the top"))
print("| N | build + solve | per row | change one constant + solve | per row |")
print("|---:|---:|---:|---:|---:|")
for n in sizes {
  let repetitions = max(3, 2000 / n)
  var builds: [Double] = []
  var adds: [Double] = []
  var form: Form? = nil
  for _ in 0..<repetitions {
    form = nil
    let start = clock.now
    let built = Form(rows: n, chained: chained)
    let middle = clock.now
    try built.addAll()
    let end = clock.now
    builds.append(seconds(end - start))
    adds.append(seconds(end - middle))
    form = built
  }
  solverOnly.append((n, median(adds)))
  var edited = form!
  for row in [0, n / 2, n - 1] { edited.check(row: row, spacing: 8) }
  let middle = n / 2
  let changes = quick ? 20 : 400
  var changeTimes: [Double] = []
  for index in 0..<changes {
    let spacing = index % 2 == 0 ? 12.0 : 8.0
    let start = clock.now
    try edited.setSpacing(spacing, row: middle)
    _ = edited.solver.value(of: edited.fieldWidths[middle])
    changeTimes.append(seconds(clock.now - start))
    if index < 2 { edited.check(row: middle, spacing: spacing) }
  }
  let build = median(builds)
  let change = median(changeTimes)
  print(
    "| \(n) | \(format(build * 1e3)) ms | \(format(build / Double(n) * 1e6)) µs | \(format(change * 1e6)) µs | \(format(change / Double(n) * 1e6)) µs |"
  )
}

func format(_ value: Double) -> String {
  let rounded = (value * 100).rounded() / 100
  return rounded >= 100 ? String(Int(rounded.rounded())) : String(rounded)
}

if CommandLine.arguments.contains("--solver-only") {
  print()
  print("LayoutSolver's addConstraint alone (objects built beforehand):")
  for (n, add) in solverOnly {
    print("  N = \(n): \(format(add * 1e3)) ms, \(format(add / Double(n) * 1e6)) µs a row")
  }
}
