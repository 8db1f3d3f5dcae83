import Testing

@testable import LayoutSolver

/// Systems small enough to solve by hand, each with a unique answer.
@Suite struct SolverTests {
  @Test func aRequiredEqualityFixesItsVariable() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(Constraint(x, .equal, 10))
    #expect(solver.value(of: x) == 10)
  }

  @Test func aVariableNoConstraintMentionsIsZero() {
    #expect(Solver().value(of: Variable("free")) == 0)
  }

  @Test func expressionsCombineLikeArithmetic() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    // x + 2y - 10 == 0 and x - y == 1: x = 4, y = 3.
    try solver.addConstraint(Constraint(x + 2 * y - 10, .equal, 0))
    try solver.addConstraint(Constraint(x - y, .equal, 1))
    #expect(abs(solver.value(of: x) - 4) < 1e-9)
    #expect(abs(solver.value(of: y) - 3) < 1e-9)
  }

  @Test func theStrongerSoftConstraintWins() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.addConstraint(Constraint(x + y, .equal, 20))
    try solver.addConstraint(Constraint(x, .equal, 15, priority: .defaultLow))
    try solver.addConstraint(Constraint(y, .equal, 10, priority: 500))
    #expect(solver.value(of: x) == 10)
    #expect(solver.value(of: y) == 10)
  }

  @Test func aSoftEqualityYieldsToARequiredBound() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(Constraint(x, .equal, 3, priority: 999))
    #expect(solver.value(of: x) == 3)
    try solver.addConstraint(Constraint(x, .greaterThanOrEqual, 5))
    #expect(solver.value(of: x) == 5)
    try solver.addConstraint(Constraint(x, .lessThanOrEqual, 4, priority: 1))
    #expect(solver.value(of: x) == 5)
  }

  @Test func theMidpointFollowsItsEdits() throws {
    let solver = Solver()
    let left = Variable("left")
    let mid = Variable("mid")
    let right = Variable("right")
    try solver.addConstraint(Constraint(mid, .equal, (left + right) / 2))
    try solver.addConstraint(Constraint(right, .greaterThanOrEqual, left + 10))
    try solver.addConstraint(Constraint(left, .greaterThanOrEqual, 0))
    try solver.addConstraint(Constraint(right, .lessThanOrEqual, 100))
    try solver.addConstraint(Constraint(left, .equal, 0, priority: 1))
    try solver.addConstraint(Constraint(right, .equal, 100, priority: 1))
    #expect(solver.value(of: mid) == 50)
    try solver.addEditVariable(mid, priority: 999)
    #expect(solver.value(of: mid) == 50, "adding an edit variable moves nothing")

    // (mid, left, right) expected, worked out by hand from the weighted objective.
    let steps: [(Double, Double, Double, Double)] = [
      (20, 20, 0, 40),
      (95, 95, 90, 100),
      (3, 5, 0, 10),  // mid ≥ 5 because right ≥ left + 10 and left ≥ 0
      (50, 50, 0, 100),
      (60, 60, 20, 100),
      (20, 20, 0, 40),
    ]
    for (suggestion, expectedMid, expectedLeft, expectedRight) in steps {
      try solver.suggestValue(suggestion, for: mid)
      #expect(abs(solver.value(of: mid) - expectedMid) < 1e-9, "mid after \(suggestion)")
      #expect(abs(solver.value(of: left) - expectedLeft) < 1e-9, "left after \(suggestion)")
      #expect(abs(solver.value(of: right) - expectedRight) < 1e-9, "right after \(suggestion)")
    }
    try solver.removeEditVariable(mid)
    #expect(!solver.hasEditVariable(mid))
    #expect(solver.value(of: mid) == 50)
  }

  @Test func aConflictingRequiredEqualityThrowsAndChangesNothing() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.addConstraint(Constraint(x, .equal, 10))
    try solver.addConstraint(Constraint(y, .equal, x + 5, priority: .defaultLow))
    let conflict = Constraint(x, .equal, 20)
    #expect {
      try solver.addConstraint(conflict)
    } throws: { error in
      guard case SolverError.unsatisfiableConstraint(let c) = error else { return false }
      return c === conflict
    }
    #expect(!solver.hasConstraint(conflict))
    #expect(solver.value(of: x) == 10)
    #expect(solver.value(of: y) == 15)
    #expect(solver.constraintCount == 2)
    // The solver goes on working after the refusal.
    try solver.addConstraint(Constraint(y, .lessThanOrEqual, 12))
    #expect(solver.value(of: y) == 12)
  }

  @Test func aConflictingRequiredInequalityThrowsAndChangesNothing() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let lower = Constraint(x, .greaterThanOrEqual, 10)
    try solver.addConstraint(lower)
    try solver.addConstraint(Constraint(x, .equal, 30, priority: 1))
    try solver.addConstraint(Constraint(y, .equal, 2 * x))
    #expect(solver.value(of: x) == 30)
    let conflicts = [
      Constraint(x, .lessThanOrEqual, 5),
      Constraint(y, .lessThanOrEqual, 19),
      Constraint(x + y, .equal, 0),
    ]
    for conflict in conflicts {
      #expect(throws: SolverError.self) { try solver.addConstraint(conflict) }
      #expect(!solver.hasConstraint(conflict))
      #expect(solver.value(of: x) == 30, "after \(conflict)")
      #expect(solver.value(of: y) == 60, "after \(conflict)")
    }
    // A bound that just fits is accepted, and removing it restores the former solution.
    let tight = Constraint(y, .lessThanOrEqual, 20)
    try solver.addConstraint(tight)
    #expect(solver.value(of: x) == 10)
    try solver.removeConstraint(tight)
    #expect(solver.value(of: x) == 30)
    try solver.removeConstraint(lower)
    #expect(solver.value(of: x) == 30)
  }

  @Test func aRedundantRequiredEqualityIsAccepted() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.addConstraint(Constraint(x + y, .equal, 10))
    try solver.addConstraint(Constraint(x - y, .equal, 2))
    let redundant = Constraint(2 * x, .equal, 12)
    try solver.addConstraint(redundant)
    try solver.removeConstraint(redundant)
    #expect(solver.value(of: x) == 6)
    #expect(solver.value(of: y) == 4)
  }

  @Test func removingConstraintsRestoresEarlierSolutions() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let weak = Constraint(x, .equal, 10, priority: .defaultLow)
    let strong = Constraint(x, .equal, 20, priority: .defaultHigh)
    let bound = Constraint(x, .lessThanOrEqual, 15)
    let link = Constraint(y, .equal, x * 3)
    try solver.addConstraint(weak)
    try solver.addConstraint(link)
    #expect(solver.value(of: y) == 30)
    try solver.addConstraint(strong)
    #expect(solver.value(of: x) == 20)
    try solver.addConstraint(bound)
    #expect(solver.value(of: x) == 15)
    #expect(solver.value(of: y) == 45)
    try solver.removeConstraint(bound)
    #expect(solver.value(of: x) == 20)
    try solver.removeConstraint(strong)
    #expect(solver.value(of: x) == 10)
    try solver.removeConstraint(link)
    #expect(solver.value(of: x) == 10)
    try solver.removeConstraint(weak)
    #expect(solver.value(of: x) == 0)
    #expect(solver.constraintCount == 0)
  }

  @Test func misuseIsReportedAsErrors() throws {
    let solver = Solver()
    let x = Variable("x")
    let c = Constraint(x, .equal, 1)
    try solver.addConstraint(c)
    #expect {
      try solver.addConstraint(c)
    } throws: { error in
      if case SolverError.duplicateConstraint(let d) = error { return d === c }
      return false
    }
    let stranger = Constraint(x, .equal, 2)
    #expect {
      try solver.removeConstraint(stranger)
    } throws: { error in
      if case SolverError.unknownConstraint(let d) = error { return d === stranger }
      return false
    }
    #expect {
      try solver.addEditVariable(x, priority: .required)
    } throws: { error in
      if case SolverError.requiredEditStrength(let v) = error { return v === x }
      return false
    }
    #expect(!solver.hasEditVariable(x))
    #expect {
      try solver.suggestValue(3, for: x)
    } throws: { error in
      if case SolverError.unknownEditVariable(let v) = error { return v === x }
      return false
    }
    try solver.addEditVariable(x, priority: .defaultHigh)
    #expect {
      try solver.addEditVariable(x, priority: .defaultLow)
    } throws: { error in
      if case SolverError.duplicateEditVariable(let v) = error { return v === x }
      return false
    }
    try solver.removeEditVariable(x)
    #expect(throws: SolverError.self) { try solver.removeEditVariable(x) }
    #expect(solver.value(of: x) == 1)
  }

  @Test func anEditVariableYieldsToRequiredConstraintsAndStrongerEdits() throws {
    let solver = Solver()
    let width = Variable("width")
    let height = Variable("height")
    try solver.addConstraint(Constraint(width, .greaterThanOrEqual, 10))
    try solver.addConstraint(Constraint(height, .equal, width * 2))
    try solver.addEditVariable(width, priority: 100)
    try solver.addEditVariable(height, priority: 900)
    try solver.suggestValue(50, for: width)
    try solver.suggestValue(40, for: height)
    #expect(solver.value(of: height) == 40)
    #expect(solver.value(of: width) == 20)
    try solver.suggestValue(4, for: height)
    #expect(solver.value(of: width) == 10)
    #expect(solver.value(of: height) == 20)
    try solver.removeEditVariable(height)
    #expect(solver.value(of: width) == 50)
  }

  @Test func constraintsWithoutVariablesAreCheckedAsArithmetic() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(Constraint(Expression(5), .equal, 5))
    try solver.addConstraint(Constraint(Expression(0), .lessThanOrEqual, 5))
    try solver.addConstraint(Constraint(x - x + 2, .greaterThanOrEqual, 1))
    for impossible in [
      Constraint(Expression(5), .equal, 6),
      Constraint(Expression(5), .lessThanOrEqual, 0),
      Constraint(x - x, .greaterThanOrEqual, 1),
    ] {
      #expect(throws: SolverError.self) { try solver.addConstraint(impossible) }
    }
    // Soft, they are merely violated.
    try solver.addConstraint(Constraint(Expression(5), .equal, 6, priority: .defaultLow))
    try solver.addConstraint(Constraint(x, .equal, 3))
    #expect(solver.value(of: x) == 3)
    #expect(solver.constraintCount == 5)
  }

  @Test func repeatedTermsAddUp() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.addConstraint(Constraint(x + x + y - y, .equal, 10))
    #expect(solver.value(of: x) == 5)
    try solver.addConstraint(Constraint(y, .equal, 3 * x - 2 * x + 1))
    #expect(solver.value(of: y) == 6)
  }

  @Test func replacingASoftConstraintOverAndOverDoesNotGrowTheTableau() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    try solver.addConstraint(Constraint(x + y, .equal, 100))
    try solver.addConstraint(Constraint(y, .greaterThanOrEqual, 10))
    try solver.addConstraint(Constraint(x, .equal, 30, priority: .defaultLow))
    var soft = Constraint(x, .lessThanOrEqual, 20, priority: .defaultHigh)
    try solver.addConstraint(soft)
    func cellCount() -> Int { solver.tableau.rows.reduce(0) { $0 + ($1?.cells.count ?? 0) } }
    var counts: [Int] = []
    for step in 0..<50 {
      try solver.removeConstraint(soft)
      let bound = Double(20 + step % 5)
      soft = Constraint(x, .lessThanOrEqual, bound, priority: .defaultHigh)
      try solver.addConstraint(soft)
      #expect(solver.value(of: x) == bound)
      #expect(solver.value(of: y) == 100 - bound)
      counts.append(cellCount())
    }
    #expect(counts.max()! <= counts.first! + 2, "cells in the tableau: \(counts)")
  }

  @Test func resetEmptiesTheSolver() throws {
    let solver = Solver()
    let x = Variable("x")
    let c = Constraint(x, .equal, 7)
    try solver.addConstraint(c)
    solver.reset()
    #expect(!solver.hasConstraint(c))
    #expect(solver.value(of: x) == 0)
    try solver.addConstraint(Constraint(x, .equal, 8))
    #expect(solver.value(of: x) == 8)
  }
}

/// Adding a constraint substitutes its new basic variable into the rows that mention it: a
/// chain of views hanging from one free edge (issue 32, item 12: 1,000 views took 18 s in a
/// debug build) must cost about as much as a pinned one.
@Suite struct SubjectChoiceTests {
  func chainCost(links: Int, pinned: Bool) throws -> (rows: Int, last: Double) {
    let solver = Solver()
    let first = Variable("x0")
    var previous = first
    if pinned { try solver.addConstraint(Constraint(first, .equal, 0)) }
    for index in 1...links {
      let next = Variable("x\(index)")
      try solver.addConstraint(Constraint(Expression(next) - Expression(previous), .equal, 2))
      previous = next
    }
    return (solver.tableau.rewrittenRows, solver.value(of: previous) - solver.value(of: first))
  }

  @Test func aChainFromAFreeEdgeRewritesLinearlyManyRows() throws {
    let free = try chainCost(links: 1_000, pinned: false)
    let pinned = try chainCost(links: 1_000, pinned: true)
    #expect(free.rows <= 4 * 1_000, "\(free.rows) rows rewritten (quadratic would be ~500,000)")
    #expect(pinned.rows <= 4 * 1_000)
    #expect(free.last == 2_000 && pinned.last == 2_000)
  }
}
