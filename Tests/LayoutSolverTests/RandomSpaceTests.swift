import Testing

@testable import LayoutSolver

/// The polygon test one dimension up, where pivots chain through more rows: three variables in a
/// box, random required half-spaces through a random point, random soft equalities and two edit
/// variables; the reference enumerates the vertices of the arrangement of all the planes.
@Suite struct RandomSpaceTests {
  typealias HalfSpace = (a: [Double], c: Double)  // a · v <= c
  typealias Soft = (a: [Double], c: Double, weight: Double)  // a · v == c, weighted

  @Test(arguments: [21 as UInt64, 22])
  func softConstraintsInABoxMatchVertexEnumeration(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for trial in 0..<12 {
      let v = [Variable("x"), Variable("y"), Variable("z")]
      let solver = Solver()
      var halfSpaces: [HalfSpace] = []
      for axis in 0..<3 {
        var unit = [0.0, 0, 0]
        unit[axis] = 1
        halfSpaces.append((unit, 100))
        unit[axis] = -1
        halfSpaces.append((unit, 0))
      }
      let point = (0..<3).map { _ in Double(Int.random(in: 0...100, using: &rng)) }
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        let a = (0..<3).map { _ in Double(Int.random(in: -2...2, using: &rng)) }
        if a.allSatisfy({ $0 == 0 }) { continue }
        halfSpaces.append((a, dot(a, point) + Double(Int.random(in: 0...20, using: &rng))))
      }
      func expression(_ a: [Double]) -> Expression {
        a.indices.reduce(Expression()) { $0 + a[$1] * v[$1] }
      }
      for space in halfSpaces.shuffled(using: &rng) {
        try solver.addConstraint(
          Constraint(expression(space.a), .lessThanOrEqual, Expression(space.c)))
      }
      var soft: [Soft] = []
      var softConstraints: [Constraint] = []
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        let a = (0..<3).map { _ in Double(Int.random(in: -1...2, using: &rng)) }
        if a.allSatisfy({ $0 == 0 }) { continue }
        let c = Double(Int.random(in: -20...220, using: &rng))
        let weight = Double(Int.random(in: 1...999, using: &rng))
        let constraint = Constraint(
          expression(a), .equal, Expression(c), priority: Priority(Float(weight)))
        try solver.addConstraint(constraint)
        soft.append((a, c, weight))
        softConstraints.append(constraint)
      }
      let editWeights = [
        Double(Int.random(in: 1...999, using: &rng)), Double(Int.random(in: 1...999, using: &rng)),
      ]
      try solver.addEditVariable(v[0], priority: Priority(Float(editWeights[0])))
      try solver.addEditVariable(v[2], priority: Priority(Float(editWeights[1])))
      var edits = [solver.value(of: v[0]), solver.value(of: v[2])]

      func check(_ context: String) {
        let terms =
          soft + [([1, 0, 0], edits[0], editWeights[0]), ([0, 0, 1], edits[1], editWeights[1])]
        let values = v.map { solver.value(of: $0) }
        for space in halfSpaces {
          #expect(dot(space.a, values) <= space.c + 1e-6, "seed \(seed) trial \(trial) \(context)")
        }
        let reference = referenceOptimum3(halfSpaces, terms)
        let cost = objective3(values, terms)
        #expect(
          abs(cost - reference) <= 1e-6 * max(1, reference),
          "seed \(seed) trial \(trial) \(context): cost \(cost) at \(values), reference \(reference)"
        )
      }
      check("after adding")
      for step in 0..<5 {
        edits = [
          Double(Int.random(in: -20...120, using: &rng)),
          Double(Int.random(in: -20...120, using: &rng)),
        ]
        try solver.suggestValue(edits[0], for: v[0])
        try solver.suggestValue(edits[1], for: v[2])
        check("after suggestion \(step)")
      }
      while let constraint = softConstraints.popLast() {
        try solver.removeConstraint(constraint)
        soft.removeLast()
        check("after removing a soft constraint")
      }
    }
  }
}

func dot(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }

func objective3(_ values: [Double], _ soft: [RandomSpaceTests.Soft]) -> Double {
  soft.reduce(0) { $0 + $1.weight * abs(dot($1.a, values) - $1.c) }
}

/// The least weighted violation over the polytope: the minimum over the vertices of the
/// arrangement of the constraints' and the soft terms' planes that lie in the polytope.
func referenceOptimum3(
  _ halfSpaces: [RandomSpaceTests.HalfSpace], _ soft: [RandomSpaceTests.Soft]
) -> Double {
  let planes = halfSpaces.map { ($0.a, $0.c) } + soft.map { ($0.a, $0.c) }
  var best = Double.infinity
  for i in planes.indices {
    for j in planes.indices where j > i {
      for k in planes.indices where k > j {
        guard
          let point = gaussianSolve(
            [planes[i].0, planes[j].0, planes[k].0], [planes[i].1, planes[j].1, planes[k].1])
        else { continue }
        guard halfSpaces.allSatisfy({ dot($0.a, point) <= $0.c + 1e-7 }) else { continue }
        best = min(best, objective3(point, soft))
      }
    }
  }
  return best
}
