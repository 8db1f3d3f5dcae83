import Foundation
import Testing
import UIKit
import UIKitTesting

// A seeded fuzz of Auto Layout through the public API (issue 32, "Keep it held"): random
// systems of anchor constraints between nested views (equalities and inequalities, required
// and optional, sizes with multipliers, constants from ordinary to extreme but finite), laid
// out in a window, then `exerciseAmbiguityInLayout()`, `systemLayoutSizeFitting` and more
// layout passes. After each pass every active required constraint holds for the frames the
// views have (unless Auto Layout logged that it broke one), no frame has a NaN, and when the
// scenario ends its window, controller, views and constraints are all freed.
//
// CI runs a fixed budget with a fixed seed; to run longer by hand:
//   LAYOUT_FUZZ_SYSTEMS=44000 LAYOUT_FUZZ_SEED=3 swift test -c release --filter LayoutFuzzTests
// With LAYOUT_FUZZ_DUMP=1 a failure prints its views, constraints and the operations before it;
// with LAYOUT_FUZZ_REDUCE=1 it first deactivates every constraint the failure does not need.

extension UIView {
  var debugName: String { "\(type(of: self)):0x" + String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16) }
}

@MainActor
struct LayoutFuzzer {
  var rng: SeededRandomNumberGenerator
  var checks = 0
  var brokenSystems = 0
  var failures: [String] = []

  init(seed: UInt64) { rng = SeededRandomNumberGenerator(seed: seed) }

  static let horizontal: [NSLayoutConstraint.Attribute] = [.leading, .trailing, .left, .right, .centerX, .width]
  static let vertical: [NSLayoutConstraint.Attribute] = [.top, .bottom, .centerY, .height]

  mutating func constant() -> CGFloat {
    switch Int.random(in: 0..<20, using: &rng) {
    case 0: return [1e6, -1e6, 1e12, 0.5, -0.25][Int.random(in: 0..<5, using: &rng)]
    case 1: return 0
    default: return CGFloat(Int.random(in: -300...300, using: &rng))
    }
  }

  /// A value of `attribute` of `item` (a view or a guide) in `root`'s coordinates.
  static func value(_ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute, in root: UIView) -> CGFloat {
    var rect: CGRect
    if let view = item as? UIView {
      rect = view === root ? root.bounds : view.convert(view.bounds, to: root)
      if view !== root {
        // Frames as set (a negative solved size is kept); convert(_:to:) standardizes.
        var origin = view.frame.origin
        var ancestor = view.superview
        while let a = ancestor, a !== root { origin.x += a.frame.origin.x - a.bounds.origin.x; origin.y += a.frame.origin.y - a.bounds.origin.y; ancestor = a.superview }
        rect = CGRect(origin: origin, size: view.frame.size)
      }
    } else if let guide = item as? UILayoutGuide, let owner = guide.owningView {
      rect = owner.convert(guide.layoutFrame, to: root)
    } else {
      return .nan
    }
    switch attribute {
    // Raw edges (Foundation's minX, width, … standardize).
    case .leading, .left: return rect.origin.x
    case .trailing, .right: return rect.origin.x + rect.size.width
    case .centerX: return rect.origin.x + rect.size.width / 2
    case .width: return rect.size.width
    case .top: return rect.origin.y
    case .bottom: return rect.origin.y + rect.size.height
    case .centerY: return rect.origin.y + rect.size.height / 2
    case .height: return rect.size.height
    default: return .nan
    }
  }

  /// Whether `constraint` holds for the frames.
  /// `scale`: the largest magnitude in the system (a simplex on doubles is exact to about
  /// 1e-9 of it: a constant of 1e12 anywhere blurs every value by a thousandth of a point).
  static func holds(_ c: NSLayoutConstraint, in root: UIView, scale: CGFloat = 0) -> Bool {
    guard let first = c.firstItem else { return true }
    let lhs = value(first, c.firstAttribute, in: root)
    let rhs = (c.secondItem.map { value($0, c.secondAttribute, in: root) * c.multiplier } ?? 0) + c.constant
    let tolerance = 0.01 + 1e-9 * max(abs(lhs), abs(rhs), scale)
    switch c.relation {
    case .equal: return abs(lhs - rhs) <= tolerance
    case .lessThanOrEqual: return lhs <= rhs + tolerance
    case .greaterThanOrEqual: return lhs >= rhs - tolerance
    @unknown default: return true
    }
  }

  /// One random system: builds, lays out, exercises, fits, and checks; returns what must be freed.
  mutating func runSystem(_ index: Int) -> [(String, () -> AnyObject?)] {
    _UIKitLog.messages = []
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = UIViewController()
    let root = controller.view!
    var views: [UIView] = []
    for _ in 0..<Int.random(in: 2...7, using: &rng) {
      let view = Bool.random(using: &rng) ? UIView() : UILabel()
      (view as? UILabel)?.text = String(repeating: "w", count: Int.random(in: 0...12, using: &rng))
      view.translatesAutoresizingMaskIntoConstraints = false
      let parent = views.isEmpty || Int.random(in: 0..<3, using: &rng) == 0 ? root : views.randomElement(using: &rng)!
      parent.addSubview(view)
      views.append(view)
    }
    var constraints: [NSLayoutConstraint] = []
    for _ in 0..<Int.random(in: 2...(4 * views.count), using: &rng) {
      let view = views.randomElement(using: &rng)!
      let axis = Bool.random(using: &rng) ? Self.horizontal : Self.vertical
      let attribute = axis.randomElement(using: &rng)!
      let isSize = attribute == .width || attribute == .height
      let relation: NSLayoutConstraint.Relation = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual][Int.random(in: 0..<4, using: &rng)]
      let constraint: NSLayoutConstraint
      if isSize && Int.random(in: 0..<3, using: &rng) == 0 {
        constraint = NSLayoutConstraint(item: view, attribute: attribute, relatedBy: relation, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: abs(constant()))
      } else {
        // Items in the same tree; a guide of the root now and then.
        let others: [AnyObject] = views.filter { $0 !== view } + [root, root.safeAreaLayoutGuide, root.layoutMarginsGuide]
        let other = others.randomElement(using: &rng)!
        let otherAttribute: NSLayoutConstraint.Attribute
        if isSize {
          otherAttribute = [.width, .height][Int.random(in: 0..<2, using: &rng)]
        } else {
          // Leading and trailing go with each other, left and right with each other.
          let compatible = axis.filter {
            $0 != .width && $0 != .height
              && !([.leading, .trailing].contains(attribute) && [.left, .right].contains($0))
              && !([.left, .right].contains(attribute) && [.leading, .trailing].contains($0))
          }
          otherAttribute = compatible.randomElement(using: &rng)!
        }
        let multiplier: CGFloat = isSize ? [0.5, 1, 1, 2][Int.random(in: 0..<4, using: &rng)] : 1
        constraint = NSLayoutConstraint(item: view, attribute: attribute, relatedBy: relation, toItem: other, attribute: otherAttribute, multiplier: multiplier, constant: constant())
      }
      constraint.priority = [.required, .required, .required, .defaultHigh, .defaultLow, UILayoutPriority(999)][Int.random(in: 0..<6, using: &rng)]
      constraints.append(constraint)
    }
    NSLayoutConstraint.activate(constraints)
    window.rootViewController = controller
    window.makeKeyAndVisible()

    func check(_ step: String) {
      checks += 1
      window.layoutIfNeeded()
      for view in [root] + views where view.bounds.hasNaN || view.center.x.isNaN || view.center.y.isNaN {
        failures.append("system \(index) \(step): a frame has NaN: \(view.frame)")
      }
      // A system Auto Layout could not satisfy breaks a constraint and says so: its frames
      // are then checked only for NaN.
      guard !_UIKitLog.messages.contains(where: { $0.contains("Unable to simultaneously") || $0.contains("not finite") }) else {
        brokenSystems += 1
        return
      }
      let scale = constraints.filter(\.isActive).map { abs($0.constant) }.max() ?? 0
      for c in constraints where c.isActive && c.priority == .required && !Self.holds(c, in: root, scale: scale) {
        failures.append("system \(index) \(step): \(c) does not hold: \(views.map(\.frame))")
        if ProcessInfo.processInfo.environment["LAYOUT_FUZZ_REDUCE"] != nil {
          func failing() -> Bool {
            window.layoutIfNeeded()
            if !_UIKitLog.messages.isEmpty { return false }
            return constraints.contains { $0.isActive && $0.priority == .required && !Self.holds($0, in: root) }
          }
          var changed = true
          while changed {
            changed = false
            for k in constraints where k.isActive {
              k.isActive = false
              if failing() { changed = true } else { k.isActive = true; _UIKitLog.messages = [] }
            }
          }
          window.layoutIfNeeded()
          print("REDUCED system \(index) \(step):")
          for v in views { print("REDUCED view \(v.debugName) parent \(v.superview === root ? "root" : v.superview!.debugName) frame \(v.frame) bounds \(v.bounds) intrinsic \(v.intrinsicContentSize)") }
          for k in constraints where k.isActive { print("REDUCED \(k) holds \(Self.holds(k, in: root))") }
          print("REDUCED safe \(root.safeAreaLayoutGuide.layoutFrame) margins \(root.layoutMarginsGuide.layoutFrame)")
          return
        }
        if ProcessInfo.processInfo.environment["LAYOUT_FUZZ_DUMP"] != nil {
          print("DUMP system \(index) \(step) failing \(c)")
          for v in views { print("DUMP view \(v.debugName) parent \(v.superview === root ? "root" : v.superview!.debugName) frame \(v.frame) ambiguous \(v.hasAmbiguousLayout)") }
          for c in constraints where c.isActive {
            let lhs = Self.value(c.firstItem!, c.firstAttribute, in: root)
            let rhs = c.secondItem.map { Self.value($0, c.secondAttribute, in: root) } ?? 0
            print("DUMP \(c) holds \(Self.holds(c, in: root)) lhs \(lhs) rhs-item \(rhs)")
          }
          print("DUMP safe \(root.safeAreaLayoutGuide.layoutFrame) margins \(root.layoutMarginsGuide.layoutFrame) root \(root.frame)")
          print("DUMP log \(_UIKitLog.messages)")
        }
      }
    }
    check("first layout")
    for round in 0..<3 {
      let op = Int.random(in: 0..<4, using: &rng)
      switch op {
      case 0:
        let v = views.randomElement(using: &rng)!
        if ProcessInfo.processInfo.environment["LAYOUT_FUZZ_DUMP"] != nil { print("DUMP system \(index) round \(round): exercise \(v.debugName)") }
        v.exerciseAmbiguityInLayout()
      case 1:
        let view = ([root] + views).randomElement(using: &rng)!
        _ = view.systemLayoutSizeFitting(
          [UIView.layoutFittingCompressedSize, UIView.layoutFittingExpandedSize, CGSize(width: 200, height: 50)][Int.random(in: 0..<3, using: &rng)])
      case 2:
        views.randomElement(using: &rng)!.exerciseAmbiguityInLayout()
        _ = root.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
      default:
        let c = constraints.randomElement(using: &rng)!
        let old = c.constant
        c.constant = constant()
        if ProcessInfo.processInfo.environment["LAYOUT_FUZZ_DUMP"] != nil { print("DUMP system \(index) round \(round): constant \(old) -> \(c)") }
      }
      check("round \(round) (\(["exercise", "fitting", "exercise then fitting", "constant"][op]))")
    }
    window.isHidden = true
    return [("window", { [weak window] in window }), ("controller", { [weak controller] in controller })]
      + views.map { view in ("view", { [weak view] in view }) }
      + constraints.map { c in ("constraint", { [weak c] in c }) }
  }
}

@MainActor @Suite struct LayoutFuzzTests {
  static var systems: Int { ProcessInfo.processInfo.environment["LAYOUT_FUZZ_SYSTEMS"].flatMap(Int.init) ?? 600 }
  static var seed: UInt64 { ProcessInfo.processInfo.environment["LAYOUT_FUZZ_SEED"].flatMap(UInt64.init) ?? 32 }

  @Test func randomSystemsStayValidSolutionsAndAreFreed() {
    _UIKitLog.writesToStandardError = false
    defer { _UIKitLog.writesToStandardError = true; _UIKitLog.messages = [] }
    var fuzzer = LayoutFuzzer(seed: Self.seed)
    var leaked: [String] = []
    let start = Date()
    for index in 0..<Self.systems {
      let watched = fuzzer.runSystem(index)
      for (name, object) in watched where object() != nil { leaked.append("system \(index): \(name)") }
      if fuzzer.failures.count > 20 || leaked.count > 20 { break }
    }
    let seconds = Date().timeIntervalSince(start)
    print("LayoutFuzzTests: \(Self.systems) systems, \(fuzzer.checks) checked layouts (\(fuzzer.brokenSystems) with a constraint Auto Layout broke and logged), \(fuzzer.failures.count) failures, \(leaked.count) objects not freed, \(String(format: "%.1f", seconds)) s (seed \(Self.seed))")
    #expect(fuzzer.failures.isEmpty, "\(fuzzer.failures.prefix(5).joined(separator: "\n"))")
    #expect(leaked.isEmpty, "\(leaked.prefix(5))")
  }
}
