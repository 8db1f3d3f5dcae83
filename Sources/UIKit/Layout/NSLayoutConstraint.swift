import Foundation
import TextEditing

/// A relation between two layout attributes that Auto Layout keeps true:
/// `firstItem.firstAttribute  relation  multiplier × secondItem.secondAttribute + constant`.
///
/// A constraint is inactive when made; activating it installs it on the nearest common ancestor
/// of its items (see ``UIView/constraints``), and the next layout pass solves it together with the
/// views' content sizes, their autoresizing masks and the other constraints. Constraints hold
/// their items weakly.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
  /// The part of a view's or a layout guide's alignment rectangle a constraint relates.
  public enum Attribute: Int, Sendable {
    case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case lastBaseline, firstBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    /// No attribute: the second attribute of a constraint without a second item.
    case notAnAttribute = 0

    /// The bottom-most baseline (the name before iOS 8).
    @available(*, deprecated, renamed: "lastBaseline")
    public static let baseline = Attribute.lastBaseline
  }

  /// How the two sides of a constraint compare.
  public enum Relation: Int, Sendable {
    case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
  }

  /// A layout direction.
  public enum Axis: Int, Sendable {
    case horizontal, vertical
  }

  /// Options of the visual format language: how the views of a format line up across it, and
  /// the direction of its leading and trailing edges.
  public struct FormatOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
    public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
    public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
    public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
    public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
    public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
    public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
    public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
    public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
    public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
    public static let directionLeadingToTrailing = FormatOptions([])
    public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
    public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
    public static let directionMask = FormatOptions(rawValue: 0x3 << 16)
    public static let spacingEdgeToEdge = FormatOptions([])
    public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
    public static let spacingMask = FormatOptions(rawValue: 0x1 << 19)
  }

  // MARK: Making constraints

  /// What it relates: nil only for a constraint made with `init()`, which iOS allows (and
  /// subclasses rely on, as it is the designated initializer) but which cannot be activated.
  private var _terms: (first: _AnchorTerm, second: _AnchorTerm?)?
  private(set) var _relation: Relation = .equal
  private(set) var _multiplier: CGFloat = 1

  /// iOS's reason for a constant that is NaN or infinite (an anchor's constant, the item
  /// initializer's, the setter's): it raises where the constant is given, before layout.
  private static func _notFiniteMessage(_ constant: CGFloat, _ first: _AnchorTerm?, _ second: _AnchorTerm?) -> String {
    "NSLayoutConstraint constant is not finite!  That's illegal.  constant:\(constant) "
      + "firstAnchor:\(first?.anchorDescription ?? "(null)") secondAnchor:\(second?.anchorDescription ?? "(null)")"
  }

  var _first: _AnchorTerm {
    guard let terms = _terms else {
      preconditionFailure(
        "NSLayoutConstraint: \(_address(self)) was made with init() and relates no items; make it with "
          + "init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:) or a layout anchor")
    }
    return terms.first
  }
  var _second: _AnchorTerm? { _terms?.second }

  /// A constraint that relates nothing yet: the designated initializer, which a subclass
  /// overrides and the item initializer calls. It cannot be activated.
  public override init() {
    constant = 0
    super.init()
  }

  /// A constraint `view1.attr1 relation multiplier × view2.attr2 + c`. Items are views or
  /// layout guides; `view2` is nil (and `attr2` `.notAnAttribute`) for a width or height
  /// compared with a constant.
  ///
  /// Stops with iOS's message when the attributes cannot be related: a location compared with a
  /// constant, a horizontal attribute with a vertical one, a leading or trailing edge with a left
  /// or right one.
  public convenience init(
    item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
    toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
  ) {
    guard let first = view1 as? any _LayoutItem else {
      preconditionFailure(
        "NSLayoutConstraint for \(view1): Constraint items must each be a view or layout guide.")
    }
    precondition(attr1 != .notAnAttribute, "NSLayoutConstraint: the first attribute cannot be .notAnAttribute")
    var second: _AnchorTerm?
    if let view2 {
      guard let item = view2 as? any _LayoutItem else {
        preconditionFailure(
          "NSLayoutConstraint for \(view2): Constraint items must each be a view or layout guide.")
      }
      precondition(
        attr2 != .notAnAttribute,
        "NSLayoutConstraint: a constraint with a second item needs a second attribute (not .notAnAttribute)")
      second = .edge(_WeakItem(item), attr2)
    } else {
      precondition(
        attr2 == .notAnAttribute,
        "NSLayoutConstraint: a constraint without a second item must use .notAnAttribute for it")
      precondition(
        attr1 == .width || attr1 == .height,
        "NSLayoutConstraint: A constraint cannot be made that sets a location equal to a constant. "
          + "Location attributes must be specified in pairs. (\(attr1) of \(first._layoutDescription))")
    }
    self.init(first: .edge(_WeakItem(first), attr1), relation: relation, second: second, multiplier: multiplier, constant: c)
  }

  convenience init(first: _AnchorTerm, relation: Relation, second: _AnchorTerm?, multiplier: CGFloat, constant: CGFloat) {
    if let second {
      _AnchorTerm.checkCompatible(first, second)
    }
    precondition(multiplier.isFinite, "NSLayoutConstraint: the multiplier must be finite, not \(multiplier)")
    precondition(constant.isFinite, Self._notFiniteMessage(constant, first, second))
    precondition(
      second == nil || multiplier != 0 || first.isDimension,
      "NSLayoutConstraint: A multiplier of 0 or a nil second item together with a location for the first "
        + "attribute creates an illegal constraint of a location equal to a constant.")
    self.init()
    _terms = (first, second)
    _relation = relation
    _multiplier = multiplier
    self.constant = constant
  }

  // MARK: What it relates

  /// The first item (a view or a layout guide).
  open var firstItem: AnyObject? { _terms?.first.item }
  /// The attribute of the first item (`.notAnAttribute` for a constraint made with `init()`).
  open var firstAttribute: Attribute { _terms?.first.attribute ?? .notAnAttribute }
  /// The second item, nil for a constant width or height.
  open var secondItem: AnyObject? { _second?.item }
  /// The attribute of the second item (`.notAnAttribute` without one).
  open var secondAttribute: Attribute { _second?.attribute ?? .notAnAttribute }
  /// How the sides compare.
  open var relation: Relation { _relation }
  /// The factor of the second attribute.
  open var multiplier: CGFloat { _multiplier }

  /// The first side as an anchor.
  open var firstAnchor: NSLayoutAnchor<AnyObject> { NSLayoutAnchor<AnyObject>(_term: _first) }
  /// The second side as an anchor, if it has one.
  open var secondAnchor: NSLayoutAnchor<AnyObject>? { _second.map { NSLayoutAnchor<AnyObject>(_term: $0) } }

  // MARK: What can change

  /// The constant added to the second side. Changing it on an active constraint re-solves the
  /// layout before the next display (inside `UIView.animate`, call `layoutIfNeeded()` there).
  open var constant: CGFloat {
    didSet {
      guard constant != oldValue else { return }
      precondition(constant.isFinite, Self._notFiniteMessage(constant, _terms?.first, _terms?.second))
      _engine?.constraintChanged(self)
    }
  }

  /// How much the constraint matters (required by default). An installed constraint cannot
  /// change between required and optional, as on iOS.
  open var priority: UILayoutPriority = .required {
    didSet {
      guard priority != oldValue else { return }
      precondition(
        priority.rawValue > 0 && priority.rawValue <= 1000,
        "NSLayoutConstraint: a priority must be greater than 0 and at most 1000, not \(priority.rawValue)")
      if isActive {
        precondition(
          (oldValue == .required) == (priority == .required),
          "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. "
            + "You passed priority \(priority.rawValue) and the existing priority was \(oldValue.rawValue).")
      }
      _engine?.constraintChanged(self)
    }
  }

  /// A name shown in the constraint's description (and so in Auto Layout's logs).
  open var identifier: String?

  /// Whether the constraint should be archived with its view (nothing archives on Linux).
  open var shouldBeArchived = false

  /// Whether the constraint takes part in layout. New constraints are inactive. Activating one
  /// installs it on the nearest common ancestor of its items, and stops with iOS's message when
  /// they have none.
  open var isActive: Bool {
    get { _installedOn != nil }
    set {
      if newValue {
        _activate()
      } else {
        _deactivate()
      }
    }
  }

  /// Activates each constraint (faster than one at a time on iOS; the same here).
  open class func activate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = true }
  }

  /// Deactivates each constraint.
  open class func deactivate(_ constraints: [NSLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = false }
  }

  // MARK: Installation

  /// The view holding the constraint while it is active.
  weak var _installedOn: UIView?
  /// The engine that solves it, while it is in one.
  weak var _engine: _LayoutEngine?
  /// The solver's form of the constraint in `_engine` (nil: not in the solver, or broken).
  var _compiled: _CompiledConstraint?
  /// When it was activated (the engine adds constraints in this order, so that the one that
  /// conflicts with earlier ones is the one broken, as iOS usually reports it).
  var _activationOrder = 0
  private static var _activations = 0
  /// What kind of constraint it is, for descriptions (a user's, an autoresizing mask's…).
  var _kind: _Kind = .user

  enum _Kind { case user, autoresizing, system }

  private func _activate() {
    guard _installedOn == nil else { return }
    precondition(
      _terms != nil,
      "NSLayoutConstraint: \(_address(self)) cannot be activated: it was made with init() and relates no items")
    guard let host = _AnchorTerm.commonAncestor(_first, _second) else {
      let firstName = _first.anchorDescription
      let secondName = _second?.anchorDescription ?? "nil"
      preconditionFailure(
        "Unable to activate constraint with anchors \(firstName) and \(secondName) because they have no common "
          + "ancestor. Does the constraint or its anchors reference items in different view hierarchies? "
          + "That's illegal.")
    }
    _install(on: host)
  }

  func _install(on host: UIView) {
    Self._activations += 1
    _activationOrder = Self._activations
    _installedOn = host
    host._autoLayoutState.installed.append(self)
    host._constraintInstalled(self)
  }

  func _deactivate() {
    guard let host = _installedOn else { return }
    _installedOn = nil
    host._autoLayoutState.installed.removeAll { $0 === self }
    _engine?.constraintRemoved(self)
    host.setNeedsLayout()
  }

  // MARK: Description

  nonisolated open override var description: String { MainActor.assumeIsolated { _description } }

  private var _description: String {
    var text = "<\(_kind == .autoresizing ? "NSAutoresizingMaskLayoutConstraint" : "NSLayoutConstraint"):\(_address(self))"
    if let identifier { text += " '\(identifier)'" }
    text += " " + _equationDescription
    text += isActive ? "   (active)>" : "   (inactive)>"
    return text
  }

  var _equationDescription: String {
    guard _terms != nil else { return "(no items)" }
    var text = _first.termDescription
    switch _relation {
    case .equal: text += " == "
    case .greaterThanOrEqual: text += " >= "
    case .lessThanOrEqual: text += " <= "
    }
    if let _second {
      if _multiplier != 1 { text += "\(_number(_multiplier))*" }
      text += _second.termDescription
      if constant > 0 { text += " + \(_number(constant))" }
      if constant < 0 { text += " - \(_number(-constant))" }
    } else {
      text += _number(constant)
    }
    if priority != .required { text += "   (priority \(priority))" }
    return text
  }
}

/// `0x…` of an object, as Objective-C descriptions show it.
func _address(_ object: AnyObject) -> String {
  "0x" + String(UInt(bitPattern: ObjectIdentifier(object).hashValue), radix: 16)
}

func _number(_ value: CGFloat) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
}
