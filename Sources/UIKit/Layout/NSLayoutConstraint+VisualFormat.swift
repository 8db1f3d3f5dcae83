import Foundation
import TextEditing

extension NSLayoutConstraint {
  /// The constraints a line of the visual format language describes, inactive:
  /// `"H:|-[name(>=100)]-8-[field]-|"`, `"V:|-(20@750)-[title]"`. Views and metrics are looked up
  /// by name; `-` alone is the standard spacing (8 points between views, 20 from the superview's
  /// edge); `options` align every view of the line on one attribute.
  ///
  /// A format that cannot be parsed stops with iOS's message, a caret under the place.
  public class func constraints(
    withVisualFormat format: String, options opts: FormatOptions = [], metrics: [String: Any]?,
    views: [String: Any]
  ) -> [NSLayoutConstraint] {
    var parser = _VisualFormatParser(format: format, metrics: metrics ?? [:], views: views)
    return parser.parse(options: opts)
  }
}

@MainActor
private struct _VisualFormatParser {
  let format: String
  let characters: [Character]
  let metrics: [String: Any]
  let views: [String: Any]
  var index = 0

  init(format: String, metrics: [String: Any], views: [String: Any]) {
    self.format = format
    self.characters = Array(format)
    self.metrics = metrics
    self.views = views
  }

  /// One `relation value @priority` of a predicate list.
  struct Predicate {
    var relation: NSLayoutConstraint.Relation = .equal
    var constant: CGFloat?
    var view: UIView?
    var priority: UILayoutPriority = .required
  }

  enum Connection {
    case none
    case standard
    case predicates([Predicate])
  }

  func fail(_ reason: String) -> Never {
    let caret = String(repeating: " ", count: min(index, characters.count)) + "^"
    preconditionFailure("Unable to parse constraint format: \n\(reason) \n\(format) \n\(caret)")
  }

  var current: Character? { index < characters.count ? characters[index] : nil }

  mutating func skipSpaces() {
    while let c = current, c == " " { index += 1 }
  }

  mutating func consume(_ c: Character) -> Bool {
    skipSpaces()
    if current == c {
      index += 1
      return true
    }
    return false
  }

  mutating func identifier() -> String? {
    skipSpaces()
    let start = index
    while let c = current, c.isLetter || c.isNumber || c == "_" { index += 1 }
    return index > start ? String(characters[start..<index]) : nil
  }

  mutating func number() -> CGFloat? {
    skipSpaces()
    let start = index
    if current == "-" || current == "+" { index += 1 }
    while let c = current, c.isNumber || c == "." { index += 1 }
    guard index > start, let value = Double(String(characters[start..<index])) else {
      index = start
      return nil
    }
    return CGFloat(value)
  }

  func metric(_ name: String) -> CGFloat? {
    guard let value = metrics[name] else { return nil }
    if let number = value as? NSNumber { return CGFloat(number.doubleValue) }
    if let number = value as? CGFloat { return number }
    if let number = value as? Double { return CGFloat(number) }
    if let number = value as? Int { return CGFloat(number) }
    if let number = value as? Float { return CGFloat(number) }
    return nil
  }

  func view(named name: String) -> UIView {
    guard let view = views[name] as? UIView else { fail("Unknown view name: \(name)") }
    return view
  }

  /// `<relation>?<constant or view>(@<priority>)?`
  mutating func predicate(allowingViews: Bool) -> Predicate {
    var predicate = Predicate()
    skipSpaces()
    if consume("=") {
      guard consume("=") else { fail("Expected '=='") }
    } else if consume(">") {
      guard consume("=") else { fail("Expected '>='") }
      predicate.relation = .greaterThanOrEqual
    } else if consume("<") {
      guard consume("=") else { fail("Expected '<='") }
      predicate.relation = .lessThanOrEqual
    }
    if let value = number() {
      predicate.constant = value
    } else if let name = identifier() {
      if let value = metric(name) {
        predicate.constant = value
      } else if allowingViews, let view = views[name] as? UIView {
        predicate.view = view
      } else {
        fail(allowingViews ? "Unknown metric or view name: \(name)" : "Unknown metric name: \(name)")
      }
    } else {
      fail("Expected a number, metric or view name")
    }
    if consume("@") {
      if let value = number() {
        predicate.priority = UILayoutPriority(Float(value))
      } else if let name = identifier(), let value = metric(name) {
        predicate.priority = UILayoutPriority(Float(value))
      } else {
        fail("Expected a priority")
      }
      guard predicate.priority.rawValue > 0 && predicate.priority.rawValue <= 1000 else {
        fail("Priorities must be greater than 0 and at most 1000")
      }
    }
    return predicate
  }

  /// `(p, p, …)`
  mutating func predicateList(allowingViews: Bool) -> [Predicate] {
    var list = [predicate(allowingViews: allowingViews)]
    while consume(",") { list.append(predicate(allowingViews: allowingViews)) }
    guard consume(")") else { fail("Expected ')' to end a predicate list") }
    return list
  }

  /// What follows a `-`: a spacing (`-8-`, `-(>=20)-`, `-metric-`) or the standard one (`-`).
  mutating func connection() -> Connection {
    guard consume("-") else { return .none }
    skipSpaces()
    if consume("(") {
      let list = predicateList(allowingViews: false)
      guard consume("-") else { fail("Expected '-' after a spacing") }
      return .predicates(list)
    }
    let start = index
    if let value = number() {
      guard consume("-") else { fail("Expected '-' after a spacing") }
      return .predicates([Predicate(constant: value)])
    }
    if let name = identifier() {
      guard let value = metric(name) else {
        index = start
        fail("Unknown metric name: \(name)")
      }
      guard consume("-") else { fail("Expected '-' after a spacing") }
      return .predicates([Predicate(constant: value)])
    }
    return .standard
  }

  mutating func parse(options: NSLayoutConstraint.FormatOptions) -> [NSLayoutConstraint] {
    var vertical = false
    skipSpaces()
    if index + 1 < characters.count, characters[index + 1] == ":", current == "H" || current == "V" {
      vertical = current == "V"
      index += 2
    }
    let leftToRight = options.contains(.directionLeftToRight)
    let rightToLeft = options.contains(.directionRightToLeft)
    let leadingAttribute: NSLayoutConstraint.Attribute =
      vertical ? .top : (leftToRight ? .left : (rightToLeft ? .right : .leading))
    let trailingAttribute: NSLayoutConstraint.Attribute =
      vertical ? .bottom : (leftToRight ? .right : (rightToLeft ? .left : .trailing))
    let lengthAttribute: NSLayoutConstraint.Attribute = vertical ? .height : .width

    var made: [NSLayoutConstraint] = []
    func relate(
      _ a: UIView, _ aAttribute: NSLayoutConstraint.Attribute, _ predicate: Predicate, _ b: UIView?,
      _ bAttribute: NSLayoutConstraint.Attribute
    ) {
      let constraint: NSLayoutConstraint
      if let b {
        constraint = NSLayoutConstraint(
          item: a, attribute: aAttribute, relatedBy: predicate.relation, toItem: b, attribute: bAttribute,
          multiplier: 1, constant: predicate.constant ?? 0)
      } else {
        constraint = NSLayoutConstraint(
          item: a, attribute: aAttribute, relatedBy: predicate.relation, toItem: nil, attribute: .notAnAttribute,
          multiplier: 1, constant: predicate.constant ?? 0)
      }
      constraint.priority = predicate.priority
      made.append(constraint)
    }

    var pendingConnection: Connection?
    var lineViews: [UIView] = []
    var previous: UIView?
    var startsAtSuperview = false
    if consume("|") {
      startsAtSuperview = true
      pendingConnection = connection()
    }
    while consume("[") {
      guard let name = identifier() else { fail("Expected a view name") }
      let view = view(named: name)
      if consume("(") {
        for predicate in predicateList(allowingViews: true) {
          relate(view, lengthAttribute, predicate, predicate.view, lengthAttribute)
        }
      }
      guard consume("]") else { fail("Expected ']' to end a view") }
      // The connection before this view.
      if let connection = pendingConnection {
        if let previous {
          addSpacing(connection, from: previous, trailingAttribute, to: view, leadingAttribute, standard: 8)
        } else if startsAtSuperview {
          guard let parent = view.superview else { fail("Unable to interpret '|' character, because the related view doesn't have a superview") }
          addSpacing(connection, from: parent, leadingAttribute, to: view, leadingAttribute, standard: 20)
        }
      }
      lineViews.append(view)
      previous = view
      pendingConnection = connection()
    }
    if consume("|") {
      guard let last = previous else { fail("Expected a view") }
      guard let parent = last.superview else { fail("Unable to interpret '|' character, because the related view doesn't have a superview") }
      addSpacing(pendingConnection ?? .none, from: last, trailingAttribute, to: parent, trailingAttribute, standard: 20)
      pendingConnection = nil
    } else if case .some(.standard) = pendingConnection {
      fail("Expected a view or '|' after '-'")
    } else if case .some(.predicates) = pendingConnection {
      fail("Expected a view or '|' after a spacing")
    }
    skipSpaces()
    guard index == characters.count else { fail("Unexpected character") }
    guard !lineViews.isEmpty else { fail("Expected a view") }

    // Alignment of every view with the first.
    let alignments: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
      (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
      (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
      (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
    ]
    for (option, attribute) in alignments where options.contains(option) {
      let horizontalAttribute = [.left, .right, .leading, .trailing, .centerX].contains(attribute)
      guard horizontalAttribute == vertical else {
        fail("Options mask required views to be aligned on a \(vertical ? "vertical" : "horizontal") edge, which is not allowed for layout that is also \(vertical ? "vertical" : "horizontal")")
      }
      for view in lineViews.dropFirst() {
        made.append(
          NSLayoutConstraint(
            item: lineViews[0], attribute: attribute, relatedBy: .equal, toItem: view, attribute: attribute,
            multiplier: 1, constant: 0))
      }
    }
    return made

    func addSpacing(
      _ connection: Connection, from a: UIView, _ aAttribute: NSLayoutConstraint.Attribute, to b: UIView,
      _ bAttribute: NSLayoutConstraint.Attribute, standard: CGFloat
    ) {
      let predicates: [Predicate]
      switch connection {
      case .none: predicates = [Predicate(constant: 0)]
      case .standard: predicates = [Predicate(constant: standard)]
      case .predicates(let list): predicates = list
      }
      for predicate in predicates {
        // `b.leading relation a.trailing + spacing` (the later item first, as iOS writes it).
        relate(b, bAttribute, predicate, a, aAttribute)
      }
    }
  }
}
