import Foundation
import TextEditing

/// Something Auto Layout places: a view or a layout guide. Its four variables are its alignment
/// rectangle in the coordinates of `_coordinateView` (a view's superview, a guide's owning view).
@MainActor
protocol _LayoutItem: AnyObject {
  var _layoutVariables: _LayoutVariables { get }
  /// The view in whose bounds coordinates the item's origin variables are.
  var _coordinateView: UIView? { get }
  /// The view the item is, or belongs to (for common ancestors).
  var _ownerView: UIView? { get }
  /// `UILabel:0x…'text'`, as Auto Layout's logs name items.
  var _layoutDescription: String { get }
}

/// A weak reference to a layout item (constraints do not keep their items alive).
struct _WeakItem {
  weak var object: (any _LayoutItem)?
  init(_ object: any _LayoutItem) { self.object = object }
}

/// One side of a constraint: an attribute of an item, or the distance between two anchors of one
/// axis (`anchorWithOffset(to:)`).
indirect enum _AnchorTerm {
  case edge(_WeakItem, NSLayoutConstraint.Attribute)
  case distance(from: _AnchorTerm, to: _AnchorTerm)

  enum Kind { case x, y, dimension }

  @MainActor var item: AnyObject? {
    if case .edge(let item, _) = self { return item.object }
    return nil
  }

  var attribute: NSLayoutConstraint.Attribute {
    if case .edge(_, let attribute) = self { return attribute }
    return .notAnAttribute
  }

  var kind: Kind {
    switch self {
    case .distance: return .dimension
    case .edge(_, let attribute):
      switch attribute {
      case .width, .height: return .dimension
      case .left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin, .leadingMargin,
        .trailingMargin, .centerXWithinMargins:
        return .x
      default: return .y
      }
    }
  }

  var isDimension: Bool { kind == .dimension }

  /// Whether a dimension is horizontal (width, or a distance between x anchors).
  var isHorizontal: Bool {
    switch self {
    case .distance(let from, _): return from.kind == .x
    case .edge(_, let attribute): return attribute == .width || kind == .x
    }
  }

  /// left/right versus leading/trailing: iOS refuses to relate one family to the other.
  private var usesAbsoluteDirection: Bool? {
    switch attribute {
    case .left, .right, .leftMargin, .rightMargin: return true
    case .leading, .trailing, .leadingMargin, .trailingMargin: return false
    default: return nil
    }
  }

  @MainActor static func checkCompatible(_ first: _AnchorTerm, _ second: _AnchorTerm) {
    let ok: Bool
    switch (first.kind, second.kind) {
    case (.x, .x), (.y, .y): ok = true
    case (.dimension, .dimension): ok = true
    default: ok = false
    }
    precondition(
      ok,
      "NSLayoutConstraint: Constraint improperly relates anchors of incompatible types: "
        + "\(first.anchorDescription) and \(second.anchorDescription)")
    if let a = first.usesAbsoluteDirection, let b = second.usesAbsoluteDirection {
      precondition(
        a == b,
        "NSLayoutConstraint: A constraint cannot be made between a leading/trailing attribute and a "
          + "right/left attribute. Use leading/trailing for both or neither. "
          + "(\(first.anchorDescription) and \(second.anchorDescription))")
    }
  }

  @MainActor var ownerViews: [UIView?] {
    switch self {
    case .edge(let item, _): return [item.object?._ownerView]
    case .distance(let from, let to): return from.ownerViews + to.ownerViews
    }
  }

  /// The nearest view that contains every item of both sides (nil: none, or an item is gone).
  @MainActor static func commonAncestor(_ first: _AnchorTerm, _ second: _AnchorTerm?) -> UIView? {
    let owners = first.ownerViews + (second?.ownerViews ?? [])
    guard var candidate = owners.first ?? nil else { return nil }
    for owner in owners.dropFirst() {
      guard let owner else { return nil }
      var found: UIView? = candidate
      while let c = found, !owner.isDescendant(of: c) { found = c.superview }
      guard let common = found else { return nil }
      candidate = common
    }
    return candidate
  }

  @MainActor var termDescription: String {
    switch self {
    case .edge(let item, let attribute):
      return (item.object?._layoutDescription ?? "(deallocated)") + "." + _attributeName(attribute)
    case .distance(let from, let to):
      return "(\(to.termDescription) - \(from.termDescription))"
    }
  }

  @MainActor var anchorDescription: String {
    let type: String
    switch kind {
    case .x: type = "NSLayoutXAxisAnchor"
    case .y: type = "NSLayoutYAxisAnchor"
    case .dimension: type = "NSLayoutDimension"
    }
    return "<\(type) \"\(termDescription)\">"
  }
}

func _attributeName(_ attribute: NSLayoutConstraint.Attribute) -> String {
  switch attribute {
  case .left: "left"
  case .right: "right"
  case .top: "top"
  case .bottom: "bottom"
  case .leading: "leading"
  case .trailing: "trailing"
  case .width: "width"
  case .height: "height"
  case .centerX: "centerX"
  case .centerY: "centerY"
  case .lastBaseline: "lastBaseline"
  case .firstBaseline: "firstBaseline"
  case .leftMargin: "leftMargin"
  case .rightMargin: "rightMargin"
  case .topMargin: "topMargin"
  case .bottomMargin: "bottomMargin"
  case .leadingMargin: "leadingMargin"
  case .trailingMargin: "trailingMargin"
  case .centerXWithinMargins: "centerXWithinMargins"
  case .centerYWithinMargins: "centerYWithinMargins"
  case .notAnAttribute: "notAnAttribute"
  }
}

/// An edge, centre, baseline or dimension of a view or a layout guide, for making constraints
/// with `constraint(equalTo:)` and its siblings. The type parameter keeps x anchors, y anchors
/// and dimensions apart at compile time, as on iOS.
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
  let _term: _AnchorTerm

  init(_term: _AnchorTerm) {
    self._term = _term
    super.init()
  }

  func _constraint(
    _ relation: NSLayoutConstraint.Relation, _ other: _AnchorTerm?, multiplier: CGFloat = 1, constant: CGFloat = 0
  ) -> NSLayoutConstraint {
    NSLayoutConstraint(first: _term, relation: relation, second: other, multiplier: multiplier, constant: constant)
  }

  /// `self == anchor` (inactive until activated).
  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
    _constraint(.equal, anchor._term)
  }
  /// `self >= anchor`.
  open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
    _constraint(.greaterThanOrEqual, anchor._term)
  }
  /// `self <= anchor`.
  open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
    _constraint(.lessThanOrEqual, anchor._term)
  }
  /// `self == anchor + c`.
  open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
    _constraint(.equal, anchor._term, constant: c)
  }
  /// `self >= anchor + c`.
  open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
    -> NSLayoutConstraint
  {
    _constraint(.greaterThanOrEqual, anchor._term, constant: c)
  }
  /// `self <= anchor + c`.
  open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
    -> NSLayoutConstraint
  {
    _constraint(.lessThanOrEqual, anchor._term, constant: c)
  }

  /// The anchor's name (`UIView:0x….leading`).
  open var name: String { _term.termDescription }

  /// The view or layout guide the anchor belongs to.
  open var item: AnyObject? { _term.item }

  /// Whether the engine cannot tell where this anchor is from the constraints.
  open var hasAmbiguousLayout: Bool {
    guard case .edge(let weak, let attribute) = _term, let item = weak.object else { return false }
    return _LayoutEngine.isAmbiguous(item, attribute: attribute)
  }

  /// The active constraints that mention this anchor's item on the anchor's axis.
  open var constraintsAffectingLayout: [NSLayoutConstraint] {
    guard case .edge(let weak, _) = _term, let item = weak.object else { return [] }
    return _LayoutEngine.constraintsAffecting(item, horizontal: _term.isHorizontal || _term.kind == .x)
  }

  nonisolated open override var description: String { MainActor.assumeIsolated { _term.anchorDescription } }
}

/// A horizontal anchor: leading, trailing, left, right, centre X.
@preconcurrency @MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
  /// The distance from this anchor to `otherAnchor`, as a dimension other constraints can use.
  open func anchorWithOffset(to otherAnchor: NSLayoutXAxisAnchor) -> NSLayoutDimension {
    NSLayoutDimension(_term: .distance(from: _term, to: otherAnchor._term))
  }
  /// `self == anchor + multiplier × the system spacing` (8 points between two views).
  open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  {
    _constraint(.equal, anchor._term, constant: UIView._systemSpacing * multiplier)
  }
  /// `self >= anchor + multiplier × the system spacing`.
  open func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  {
    _constraint(.greaterThanOrEqual, anchor._term, constant: UIView._systemSpacing * multiplier)
  }
  /// `self <= anchor + multiplier × the system spacing`.
  open func constraint(lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  {
    _constraint(.lessThanOrEqual, anchor._term, constant: UIView._systemSpacing * multiplier)
  }
}

/// A vertical anchor: top, bottom, centre Y, first and last baselines.
@preconcurrency @MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
  /// The distance from this anchor to `otherAnchor`, as a dimension other constraints can use.
  open func anchorWithOffset(to otherAnchor: NSLayoutYAxisAnchor) -> NSLayoutDimension {
    NSLayoutDimension(_term: .distance(from: _term, to: otherAnchor._term))
  }
  /// `self == anchor + multiplier × the system spacing` (8 points between two views).
  open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  {
    _constraint(.equal, anchor._term, constant: UIView._systemSpacing * multiplier)
  }
  /// `self >= anchor + multiplier × the system spacing`.
  open func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  {
    _constraint(.greaterThanOrEqual, anchor._term, constant: UIView._systemSpacing * multiplier)
  }
  /// `self <= anchor + multiplier × the system spacing`.
  open func constraint(lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat)
    -> NSLayoutConstraint
  {
    _constraint(.lessThanOrEqual, anchor._term, constant: UIView._systemSpacing * multiplier)
  }
}

/// A width or a height (or the distance between two anchors).
@preconcurrency @MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
  /// `self == c`.
  open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
    _constraint(.equal, nil, constant: c)
  }
  /// `self >= c`.
  open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    _constraint(.greaterThanOrEqual, nil, constant: c)
  }
  /// `self <= c`.
  open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
    _constraint(.lessThanOrEqual, nil, constant: c)
  }
  /// `self == m × anchor`.
  open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
    _constraint(.equal, anchor._term, multiplier: m)
  }
  /// `self >= m × anchor`.
  open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
    _constraint(.greaterThanOrEqual, anchor._term, multiplier: m)
  }
  /// `self <= m × anchor`.
  open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
    _constraint(.lessThanOrEqual, anchor._term, multiplier: m)
  }
  /// `self == m × anchor + c`.
  open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
    -> NSLayoutConstraint
  {
    _constraint(.equal, anchor._term, multiplier: m, constant: c)
  }
  /// `self >= m × anchor + c`.
  open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
    -> NSLayoutConstraint
  {
    _constraint(.greaterThanOrEqual, anchor._term, multiplier: m, constant: c)
  }
  /// `self <= m × anchor + c`.
  open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
    -> NSLayoutConstraint
  {
    _constraint(.lessThanOrEqual, anchor._term, multiplier: m, constant: c)
  }
}
