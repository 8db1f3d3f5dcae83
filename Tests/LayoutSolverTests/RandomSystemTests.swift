import Testing

@testable import LayoutSolver

/// A small deterministic generator (SplitMix64), so that every run checks the same systems.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; nil if `a` is singular.
func gaussianSolve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
  let n = b.count
  var m = a
  var r = b
  for column in 0..<n {
    let pivot = (column..<n).max { abs(m[$0][column]) < abs(m[$1][column]) }!
    if abs(m[pivot][column]) < 1e-6 { return nil }
    m.swapAt(column, pivot)
    r.swapAt(column, pivot)
    for row in 0..<n where row != column {
      let factor = m[row][column] / m[column][column]
      for k in column..<n { m[row][k] -= factor * m[column][k] }
      r[row] -= factor * r[column]
    }
  }
  return (0..<n).map { r[$0] / m[$0][$0] }
}

/// Random systems checked against references that do not share the solver's code.
@Suite struct RandomSystemTests {
  /// n required equalities with a unique solution: the solver must find Gauss's answer, in
  /// whatever order they come, with soft constraints pulling elsewhere, and again after one is
  /// removed and added back.
  @Test(arguments: [1 as UInt64, 2, 3])
  func requiredEqualitiesMatchGaussianElimination(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    var checked = 0
    while checked < 60 {
      let n = Int.random(in: 2...4, using: &rng)
      let a = (0..<n).map { _ in (0..<n).map { _ in Double(Int.random(in: -4...4, using: &rng)) } }
      let b = (0..<n).map { _ in Double(Int.random(in: -50...50, using: &rng)) }
      guard let expected = gaussianSolve(a, b) else { continue }
      checked += 1
      let solver = Solver()
      let variables = (0..<n).map { Variable("x\($0)") }
      for (index, variable) in variables.enumerated() {
        let pull = Double(Int.random(in: -100...100, using: &rng))
        let priority = Priority(Float(Int.random(in: 1...999, using: &rng)))
        try solver.addConstraint(Constraint(variable, .equal, pull, priority: priority))
        if index % 2 == 0 {
          try solver.addConstraint(
            Constraint(variable, .lessThanOrEqual, pull - 3, priority: priority))
        }
      }
      var equalities: [Constraint] = []
      for row in (0..<n).shuffled(using: &rng) {
        var expression = Expression(-b[row])
        for column in 0..<n { expression = expression + a[row][column] * variables[column] }
        let constraint = Constraint(expression, .equal, 0)
        try solver.addConstraint(constraint)
        equalities.append(constraint)
      }
      func check(_ context: String) {
        for (variable, value) in zip(variables, expected) {
          #expect(
            abs(solver.value(of: variable) - value) < 1e-6,
            "seed \(seed), system \(checked) \(context): \(variable) = \(solver.value(of: variable)), Gauss says \(value); A = \(a), b = \(b)"
          )
        }
      }
      check("")
      let victim = equalities.randomElement(using: &rng)!
      try solver.removeConstraint(victim)
      try solver.addConstraint(victim)
      check("after removing and re-adding one")
    }
  }

  /// One variable, random required bounds, one soft equality: the answer is the wanted value
  /// clamped to the feasible interval. Conflicting bounds must be refused.
  @Test func aSoftValueIsClampedToRequiredBounds() throws {
    var rng = SeededGenerator(seed: 7)
    for trial in 0..<200 {
      let solver = Solver()
      let x = Variable("x")
      var lower = -Double.infinity
      var upper = Double.infinity
      let wanted = Double(Int.random(in: -60...60, using: &rng))
      try solver.addEditVariable(x, priority: Priority(Float(Int.random(in: 1...999, using: &rng))))
      try solver.suggestValue(wanted, for: x)
      for _ in 0..<Int.random(in: 1...5, using: &rng) {
        let bound = Double(Int.random(in: -50...50, using: &rng))
        let isLower = Bool.random(using: &rng)
        let constraint = Constraint(x, isLower ? .greaterThanOrEqual : .lessThanOrEqual, bound)
        let fits = isLower ? bound <= upper : bound >= lower
        if fits {
          try solver.addConstraint(constraint)
          if isLower { lower = max(lower, bound) } else { upper = min(upper, bound) }
        } else {
          #expect(throws: SolverError.self) { try solver.addConstraint(constraint) }
        }
        let expected = min(max(wanted, lower), upper)
        #expect(solver.value(of: x) == expected, "trial \(trial): [\(lower), \(upper)] ∋ \(wanted)")
      }
      let again = Double(Int.random(in: -60...60, using: &rng))
      try solver.suggestValue(again, for: x)
      #expect(solver.value(of: x) == min(max(again, lower), upper), "trial \(trial), again")
    }
  }

  /// Two variables in a box, random required half-planes that hold at a random point, and random
  /// soft equalities (some of them edit variables, moved several times). The optimum of a convex
  /// piecewise-linear objective over a polygon lies at a vertex of the arrangement of the
  /// constraint lines and the soft constraints' lines; the reference enumerates every such
  /// intersection. Optima may tie, so the solver's solution must be feasible and as good.
  @Test(arguments: [11 as UInt64, 12, 13, 14])
  func softConstraintsInAPolygonMatchVertexEnumeration(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    var accepted = 0
    var refused = 0

    for trial in 0..<25 {
      let x = Variable("x")
      let y = Variable("y")
      let solver = Solver()
      // a·x + b·y <= c, required.
      var halfPlanes: [(Double, Double, Double)] = [
        (1, 0, 100), (-1, 0, 0), (0, 1, 100), (0, -1, 0),
      ]
      let px = Double(Int.random(in: 0...100, using: &rng))
      let py = Double(Int.random(in: 0...100, using: &rng))
      for _ in 0..<Int.random(in: 0...4, using: &rng) {
        let a = Double(Int.random(in: -3...3, using: &rng))
        let b = Double(Int.random(in: -3...3, using: &rng))
        if a == 0 && b == 0 { continue }
        halfPlanes.append((a, b, a * px + b * py + Double(Int.random(in: 0...30, using: &rng))))
      }
      // The box stays; the others may be removed at the end.
      var removable: [(Double, Double, Double, Constraint)] = []
      for (index, (a, b, c)) in halfPlanes.enumerated().shuffled(using: &rng) {
        let constraint = Constraint(a * x + b * y, .lessThanOrEqual, Expression(c))
        try solver.addConstraint(constraint)
        if index >= 4 { removable.append((a, b, c, constraint)) }
      }
      // Soft: a·x + b·y == c with weight w.
      var soft: [(Double, Double, Double, Double, Constraint?)] = []
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        let a = Double(Int.random(in: -2...2, using: &rng))
        let b = Double(Int.random(in: -2...2, using: &rng))
        if a == 0 && b == 0 { continue }
        let c = Double(Int.random(in: -50...250, using: &rng))
        let priority = Priority(Float(Int.random(in: 1...999, using: &rng)))
        let relation: Constraint.Relation = .equal
        let constraint = Constraint(a * x + b * y, relation, Expression(c), priority: priority)
        try solver.addConstraint(constraint)
        soft.append((a, b, c, Double(priority.rawValue), constraint))
      }
      // Edit variables on x and y, as the last two soft terms.
      let wx = Double(Int.random(in: 1...999, using: &rng))
      let wy = Double(Int.random(in: 1...999, using: &rng))
      try solver.addEditVariable(x, priority: Priority(Float(wx)))
      try solver.addEditVariable(y, priority: Priority(Float(wy)))
      var editX = solver.value(of: x)
      var editY = solver.value(of: y)

      func check(_ context: String) {
        let terms = soft.map { ($0.0, $0.1, $0.2, $0.3) } + [(1, 0, editX, wx), (0, 1, editY, wy)]
        let reference = referenceOptimum(halfPlanes: halfPlanes, soft: terms)
        let sx = solver.value(of: x)
        let sy = solver.value(of: y)
        for (a, b, c) in halfPlanes {
          #expect(a * sx + b * sy <= c + 1e-6, "seed \(seed) trial \(trial) \(context): infeasible")
        }
        let cost = objective(sx, sy, terms)
        #expect(
          abs(cost - reference) <= 1e-6 * max(1, reference),
          "seed \(seed) trial \(trial) \(context): cost \(cost) at (\(sx), \(sy)), reference \(reference)"
        )
        // The optimal face is the hull of the optimal vertices: a coordinate is ambiguous when
        // they disagree on it. (The tolerance is tight: vertices that cost 0.01 more out of
        // 10,000 are not optimal.)
        let optimal = vertices(halfPlanes: halfPlanes, soft: terms).filter {
          abs(objective($0.0, $0.1, terms) - reference) <= 1e-11 * max(1, reference)
        }
        let xs = optimal.map(\.0)
        let ys = optimal.map(\.1)
        #expect(
          solver.isAmbiguous(x) == (xs.max()! - xs.min()! > 1e-6),
          "seed \(seed) trial \(trial) \(context): x in \(xs.min()!)...\(xs.max()!)")
        #expect(
          solver.isAmbiguous(y) == (ys.max()! - ys.min()! > 1e-6),
          "seed \(seed) trial \(trial) \(context): y in \(ys.min()!)...\(ys.max()!)")
      }
      check("after adding")
      for step in 0..<6 {
        editX = Double(Int.random(in: -20...120, using: &rng))
        editY = Double(Int.random(in: -20...120, using: &rng))
        try solver.suggestValue(editX, for: x)
        try solver.suggestValue(editY, for: y)
        check("after suggestion \(step)")
      }
      // Required half-planes that may empty the polygon: refused exactly when they do, and a
      // refusal leaves the solution as good as before.
      for _ in 0..<4 {
        let a = Double(Int.random(in: -3...3, using: &rng))
        let b = Double(Int.random(in: -3...3, using: &rng))
        if a == 0 && b == 0 { continue }
        let c = Double(Int.random(in: -150...150, using: &rng))
        let candidate = halfPlanes + [(a, b, c)]
        let constraint = Constraint(a * x + b * y, .lessThanOrEqual, Expression(c))
        if isFeasible(candidate) {
          try solver.addConstraint(constraint)
          halfPlanes = candidate
          removable.append((a, b, c, constraint))
          accepted += 1
          check("after a feasible required half-plane")
        } else {
          #expect(
            throws: SolverError.self, "seed \(seed) trial \(trial): \(a)x + \(b)y <= \(c) fits"
          ) { try solver.addConstraint(constraint) }
          #expect(!solver.hasConstraint(constraint))
          refused += 1
          check("after refusing an infeasible half-plane")
        }
      }
      // Removing required half-planes, in random order, and soft constraints, one at a time.
      for (a, b, c, constraint) in removable.shuffled(using: &rng) {
        try solver.removeConstraint(constraint)
        let index = halfPlanes.firstIndex { $0 == (a, b, c) }!
        halfPlanes.remove(at: index)
        check("after removing the required \(a)x + \(b)y <= \(c)")
      }
      while let removed = soft.popLast() {
        try solver.removeConstraint(removed.4!)
        check("after removing a soft constraint")
      }
    }
    #expect(accepted > 10 && refused > 10, "both outcomes exercised: \(accepted), \(refused)")

  }
}

/// Under-determined systems on purpose: a polygon, at most two soft terms whose weights often tie,
/// no edit variables. `isAmbiguous` must agree with the spread of the optimal vertices.
@Test(arguments: [31 as UInt64, 32])
func ambiguityMatchesTheOptimalFace(seed: UInt64) throws {
  var rng = SeededGenerator(seed: seed)
  var ambiguous = 0
  var determined = 0
  for trial in 0..<60 {
    let x = Variable("x")
    let y = Variable("y")
    let solver = Solver()
    var halfPlanes: [(Double, Double, Double)] = [(1, 0, 100), (-1, 0, 0), (0, 1, 100), (0, -1, 0)]
    let px = Double(Int.random(in: 0...100, using: &rng))
    let py = Double(Int.random(in: 0...100, using: &rng))
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      let a = Double(Int.random(in: -2...2, using: &rng))
      let b = Double(Int.random(in: -2...2, using: &rng))
      if a == 0 && b == 0 { continue }
      halfPlanes.append((a, b, a * px + b * py + Double(Int.random(in: 0...30, using: &rng))))
    }
    for (a, b, c) in halfPlanes {
      try solver.addConstraint(Constraint(a * x + b * y, .lessThanOrEqual, Expression(c)))
    }
    var soft: [(Double, Double, Double, Double)] = []
    for _ in 0..<Int.random(in: 0...2, using: &rng) {
      let a = Double(Int.random(in: -1...1, using: &rng))
      let b = Double(Int.random(in: -1...1, using: &rng))
      if a == 0 && b == 0 { continue }
      let c = Double(Int.random(in: -20...150, using: &rng))
      let weight: Double = [250, 250, 500].randomElement(using: &rng)!
      try solver.addConstraint(
        Constraint(a * x + b * y, .equal, Expression(c), priority: Priority(Float(weight))))
      soft.append((a, b, c, weight))
    }
    let reference = referenceOptimum(halfPlanes: halfPlanes, soft: soft)
    let optimal = vertices(halfPlanes: halfPlanes, soft: soft).filter {
      abs(objective($0.0, $0.1, soft) - reference) <= 1e-11 * max(1, reference)
    }
    for (variable, values) in [(x, optimal.map(\.0)), (y, optimal.map(\.1))] {
      let spread = values.max()! - values.min()! > 1e-6
      if spread { ambiguous += 1 } else { determined += 1 }
      #expect(
        solver.isAmbiguous(variable) == spread,
        "seed \(seed) trial \(trial): \(variable) in \(values.min()!)...\(values.max()!)")
    }
  }
  #expect(ambiguous > 10 && determined > 10, "both exercised: \(ambiguous), \(determined)")
}

func objective(_ x: Double, _ y: Double, _ soft: [(Double, Double, Double, Double)]) -> Double {
  soft.reduce(0) { $0 + $1.3 * abs($1.0 * x + $1.1 * y - $1.2) }
}

/// Whether the half-planes (which include a bounding box) meet: a non-empty bounded polygon has a
/// vertex, an intersection of two of their lines.
func isFeasible(_ halfPlanes: [(Double, Double, Double)]) -> Bool {
  referenceOptimum(halfPlanes: halfPlanes, soft: []) < .infinity
}

/// The least weighted violation over the polygon, by enumerating the vertices of the arrangement.
func referenceOptimum(
  halfPlanes: [(Double, Double, Double)], soft: [(Double, Double, Double, Double)]
) -> Double {
  vertices(halfPlanes: halfPlanes, soft: soft).map { objective($0.0, $0.1, soft) }.min()
    ?? .infinity
}

/// The intersections of two lines of the arrangement that lie in the polygon.
func vertices(
  halfPlanes: [(Double, Double, Double)], soft: [(Double, Double, Double, Double)]
) -> [(Double, Double)] {
  let lines = halfPlanes + soft.map { ($0.0, $0.1, $0.2) }
  var found: [(Double, Double)] = []
  for i in lines.indices {
    for j in lines.indices where j > i {
      let (a1, b1, c1) = lines[i]
      let (a2, b2, c2) = lines[j]
      let det = a1 * b2 - a2 * b1
      if abs(det) < 1e-12 { continue }
      let x = (c1 * b2 - c2 * b1) / det
      let y = (a1 * c2 - a2 * c1) / det
      guard halfPlanes.allSatisfy({ $0.0 * x + $0.1 * y <= $0.2 + 1e-7 }) else { continue }
      found.append((x, y))
    }
  }
  return found
}
