import Testing

@testable import LayoutSolver

/// `isAmbiguous`: whether the constraints leave a variable's value open.
@Suite struct AmbiguityTests {
  @Test func aPinnedVariableIsNotAmbiguous() throws {
    let solver = Solver()
    let x = Variable("x")
    #expect(solver.isAmbiguous(x), "no constraint mentions it")
    try solver.addConstraint(Constraint(x, .equal, 10))
    #expect(!solver.isAmbiguous(x))
  }

  @Test func aSumLeavesBothTermsOpen() throws {
    let solver = Solver()
    let x = Variable("x")
    let y = Variable("y")
    let z = Variable("z")
    try solver.addConstraint(Constraint(x + y, .equal, 20))
    try solver.addConstraint(Constraint(z, .equal, 1))
    #expect(solver.isAmbiguous(x))
    #expect(solver.isAmbiguous(y))
    #expect(!solver.isAmbiguous(z))
    try solver.addConstraint(Constraint(x, .equal, 5, priority: .defaultLow))
    #expect(!solver.isAmbiguous(x))
    #expect(!solver.isAmbiguous(y))
    #expect(solver.value(of: y) == 15)
  }

  @Test func anIntervalWithoutPreferenceIsAmbiguous() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(Constraint(x, .greaterThanOrEqual, 0))
    try solver.addConstraint(Constraint(x, .lessThanOrEqual, 10))
    #expect(solver.isAmbiguous(x))
    try solver.addConstraint(Constraint(x, .lessThanOrEqual, 0))
    #expect(!solver.isAmbiguous(x), "squeezed to one point")
  }

  @Test func equalPrioritiesPullingApartAreAmbiguousAndUnequalOnesAreNot() throws {
    let solver = Solver()
    let x = Variable("x")
    try solver.addConstraint(Constraint(x, .equal, 0, priority: .defaultLow))
    let rival = Constraint(x, .equal, 10, priority: .defaultLow)
    try solver.addConstraint(rival)
    #expect(solver.isAmbiguous(x), "every x in 0...10 costs 2500")
    try solver.removeConstraint(rival)
    try solver.addConstraint(Constraint(x, .equal, 10, priority: .defaultHigh))
    #expect(!solver.isAmbiguous(x))
    #expect(solver.value(of: x) == 10)
  }

  @Test func aFormRowIsDeterminedAndLosesItWhenAConstraintGoes() throws {
    let solver = Solver()
    let left = Variable("label.left")
    let width = Variable("label.width")
    let fieldLeft = Variable("field.left")
    let fieldWidth = Variable("field.width")
    let spacing = Constraint(fieldLeft, .equal, left + width + 8)
    try solver.addConstraint(Constraint(left, .equal, 20))
    try solver.addConstraint(spacing)
    try solver.addConstraint(Constraint(fieldLeft + fieldWidth, .equal, 380))
    try solver.addConstraint(Constraint(width, .lessThanOrEqual, 60, priority: .defaultLow))
    try solver.addConstraint(Constraint(width, .greaterThanOrEqual, 60, priority: .defaultHigh))
    for variable in [left, width, fieldLeft, fieldWidth] {
      #expect(!solver.isAmbiguous(variable), "\(variable)")
    }
    #expect(solver.value(of: fieldWidth) == 292)
    try solver.removeConstraint(spacing)
    #expect(solver.isAmbiguous(fieldLeft))
    #expect(solver.isAmbiguous(fieldWidth))
    #expect(!solver.isAmbiguous(width))
    #expect(solver.value(of: width) == 60, "asking changed nothing")
  }
}
