/// A linear expression: a sum of `coefficient × variable` terms plus a constant.
///
/// Built with the arithmetic operators, so that `x + 2 * y - 10` reads as it does on paper.
/// Terms are kept in the order they were written; a variable may appear in several terms (the
/// solver adds them up).
public struct Expression: Sendable, CustomStringConvertible {
  /// One `coefficient × variable` term.
  public struct Term: Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
      self.variable = variable
      self.coefficient = coefficient
    }
  }

  public var terms: [Term]
  public var constant: Double

  public init(terms: [Term] = [], constant: Double = 0) {
    self.terms = terms
    self.constant = constant
  }

  /// The expression `1 × variable`.
  public init(_ variable: Variable) {
    self.init(terms: [Term(variable)])
  }

  /// The constant expression `constant`.
  public init(_ constant: Double) {
    self.init(constant: constant)
  }

  public var description: String {
    var parts = terms.map { term in
      term.coefficient == 1 ? "\(term.variable)" : "\(term.coefficient) * \(term.variable)"
    }
    if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
    return parts.joined(separator: " + ")
  }

  func scaled(by factor: Double) -> Expression {
    Expression(
      terms: terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
  }
}

// The operator set is spelled out per operand type instead of through a protocol so that the
// type checker resolves `x + 2 * y - 10` quickly and `Double` arithmetic is never hijacked.

public func + (lhs: Expression, rhs: Expression) -> Expression {
  Expression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
}
public func + (lhs: Expression, rhs: Variable) -> Expression { lhs + Expression(rhs) }
public func + (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) + rhs }
public func + (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) + Expression(rhs) }
public func + (lhs: Expression, rhs: Double) -> Expression {
  Expression(terms: lhs.terms, constant: lhs.constant + rhs)
}
public func + (lhs: Double, rhs: Expression) -> Expression { rhs + lhs }
public func + (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) + rhs }
public func + (lhs: Double, rhs: Variable) -> Expression { Expression(rhs) + lhs }

public prefix func - (operand: Expression) -> Expression { operand.scaled(by: -1) }
public prefix func - (operand: Variable) -> Expression { Expression(operand).scaled(by: -1) }

public func - (lhs: Expression, rhs: Expression) -> Expression { lhs + (-rhs) }
public func - (lhs: Expression, rhs: Variable) -> Expression { lhs + (-rhs) }
public func - (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) + (-rhs) }
public func - (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) + (-rhs) }
public func - (lhs: Expression, rhs: Double) -> Expression { lhs + (-rhs) }
public func - (lhs: Double, rhs: Expression) -> Expression { lhs + (-rhs) }
public func - (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) + (-rhs) }
public func - (lhs: Double, rhs: Variable) -> Expression { lhs + (-rhs) }

public func * (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: rhs) }
public func * (lhs: Double, rhs: Expression) -> Expression { rhs.scaled(by: lhs) }
public func * (lhs: Variable, rhs: Double) -> Expression { Expression(lhs).scaled(by: rhs) }
public func * (lhs: Double, rhs: Variable) -> Expression { Expression(rhs).scaled(by: lhs) }

/// Division by a constant; the divisor must not be zero.
public func / (lhs: Expression, rhs: Double) -> Expression {
  if rhs == 0 { fatalError("Expression divided by zero: \(lhs) / 0") }
  return lhs.scaled(by: 1 / rhs)
}
public func / (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) / rhs }
