import Foundation

/// A rectangle that takes part in Auto Layout without being a view: spacing between views, a
/// region to centre in, or one of a view's system guides (safe area, margins, readable content,
/// keyboard). Its frame is in its owning view's coordinates.
@preconcurrency @MainActor
open class UILayoutGuide: NSObject, _LayoutItem {
  public override init() {
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init()
  }

  /// A name for debugging (system guides have iOS's names, such as `UIViewSafeAreaLayoutGuide`).
  open var identifier: String = ""

  /// The view the guide belongs to (set by ``UIView/addLayoutGuide(_:)``).
  open weak var owningView: UIView?

  /// The guide's rectangle in its owning view's coordinates, as the last layout computed it
  /// (`.zero` before an app's own guide took part in a layout). A view's system guides (safe
  /// area, margins, readable content, keyboard) always have one, as on iOS: where no constraint
  /// uses them, it is the view's bounds inset by what the guide keeps clear of.
  open var layoutFrame: CGRect {
    owningView?._updateAutoLayoutOfHierarchy()
    guard let engine = _engine else {
      guard let kind = _systemKind, let view = owningView else { return .zero }
      let insets = view._insets(for: kind)
      let bounds = view.bounds
      return CGRect(
        x: bounds.minX + insets.left, y: bounds.minY + insets.top,
        width: max(0, bounds.width - insets.left - insets.right),
        height: max(0, bounds.height - insets.top - insets.bottom))
    }
    return engine.rect(of: _layoutVariables)
  }

  /// Whether the guide's rectangle is not determined by its constraints.
  open var hasAmbiguousLayout: Bool {
    owningView?._updateAutoLayoutOfHierarchy()
    guard let engine = _engine else { return false }
    return engine.isAmbiguous(_layoutVariables)
  }

  /// The active constraints that place the guide along `axis`.
  open func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
    _LayoutEngine.constraintsAffecting(self, horizontal: axis == .horizontal)
  }

  // MARK: Anchors

  private func anchor(_ attribute: NSLayoutConstraint.Attribute) -> _AnchorTerm { .edge(_WeakItem(self), attribute) }

  /// The leading edge.
  open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(_term: anchor(.leading)) }
  /// The trailing edge.
  open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(_term: anchor(.trailing)) }
  /// The left edge.
  open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(_term: anchor(.left)) }
  /// The right edge.
  open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(_term: anchor(.right)) }
  /// The top edge.
  open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(_term: anchor(.top)) }
  /// The bottom edge.
  open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(_term: anchor(.bottom)) }
  /// The width.
  open var widthAnchor: NSLayoutDimension { NSLayoutDimension(_term: anchor(.width)) }
  /// The height.
  open var heightAnchor: NSLayoutDimension { NSLayoutDimension(_term: anchor(.height)) }
  /// The horizontal centre.
  open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(_term: anchor(.centerX)) }
  /// The vertical centre.
  open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(_term: anchor(.centerY)) }

  nonisolated open override var description: String { MainActor.assumeIsolated { _description } }

  private var _description: String {
    "<\(String(describing: type(of: self))): \(_address(self)) - \(identifier.isEmpty ? "" : "\"\(identifier)\", ")layoutFrame = \(layoutFrame), owningView = \(owningView.map { $0._layoutDescription } ?? "nil")>"
  }

  // MARK: Engine

  let _layoutVariables = _LayoutVariables()
  var _coordinateView: UIView? { owningView }
  var _ownerView: UIView? { owningView }
  var _layoutDescription: String {
    "\(String(describing: type(of: self))):\(_address(self))" + (identifier.isEmpty ? "" : "'\(identifier)'")
  }

  /// Which of its owning view's system guides this is (nil: an app's own guide).
  var _systemKind: _SystemGuideKind?
  weak var _engine: _LayoutEngine?
  var _systemCompiled: [_CompiledConstraint] = []
  var _systemSnapshot: UIEdgeInsets?
}

/// The system guides a view offers; each is the view's bounds inset by something.
enum _SystemGuideKind {
  case safeArea, layoutMargins, readableContent, keyboard
  /// A view controller's `topLayoutGuide` and `bottomLayoutGuide` (before safe areas): the
  /// bars' heights at the top and bottom of its view.
  case topBars, bottomBars
}

/// What a view controller's `topLayoutGuide` and `bottomLayoutGuide` are: the part of its view
/// the status bar (or the home indicator) covers, before iOS 11 named it the safe area.
@MainActor
public protocol UILayoutSupport: AnyObject {
  /// The covered height.
  var length: CGFloat { get }
  var topAnchor: NSLayoutYAxisAnchor { get }
  var bottomAnchor: NSLayoutYAxisAnchor { get }
  var heightAnchor: NSLayoutDimension { get }
}

final class _LayoutSupportGuide: UILayoutGuide, UILayoutSupport {
  var length: CGFloat { layoutFrame.height }
}

/// A layout guide that follows something moving on screen (the keyboard's is the one iOS has),
/// and can switch constraints on and off as what it follows nears or leaves an edge.
@preconcurrency @MainActor
open class UITrackingLayoutGuide: UILayoutGuide {
  private var nearEdge: [(edges: NSDirectionalRectEdge, constraints: [NSLayoutConstraint])] = []
  private var awayFromEdge: [(edges: NSDirectionalRectEdge, constraints: [NSLayoutConstraint])] = []

  /// Constraints that are active while the tracked thing is near every one of `edge`'s edges
  /// (the ones set for `edge` before stop being tracked, and are deactivated).
  open func setConstraints(_ trackingConstraints: [NSLayoutConstraint], activeWhenNearEdge edge: NSDirectionalRectEdge) {
    Self._replace(&nearEdge, edge, with: trackingConstraints)
    _updateTrackedConstraints()
  }

  /// Constraints that are active while the tracked thing is away from every one of `edge`'s
  /// edges (the ones set for `edge` before stop being tracked, and are deactivated).
  open func setConstraints(_ trackingConstraints: [NSLayoutConstraint], activeWhenAwayFrom edge: NSDirectionalRectEdge) {
    Self._replace(&awayFromEdge, edge, with: trackingConstraints)
    _updateTrackedConstraints()
  }

  /// The constraints set for nearness to `edge`.
  open func constraints(activeWhenNearEdge edge: NSDirectionalRectEdge) -> [NSLayoutConstraint] {
    nearEdge.first { $0.edges == edge }?.constraints ?? []
  }

  /// The constraints set for distance from `edge`.
  open func constraints(activeWhenAwayFrom edge: NSDirectionalRectEdge) -> [NSLayoutConstraint] {
    awayFromEdge.first { $0.edges == edge }?.constraints ?? []
  }

  private static func _replace(
    _ entries: inout [(edges: NSDirectionalRectEdge, constraints: [NSLayoutConstraint])], _ edge: NSDirectionalRectEdge,
    with constraints: [NSLayoutConstraint]
  ) {
    if let old = entries.first(where: { $0.edges == edge }) {
      NSLayoutConstraint.deactivate(old.constraints.filter { kept in !constraints.contains { $0 === kept } })
    }
    entries.removeAll { $0.edges == edge }
    entries.append((edge, constraints))
  }

  /// Forgets (and deactivates) every tracked constraint.
  open func removeAllTrackedConstraints() {
    NSLayoutConstraint.deactivate((nearEdge + awayFromEdge).flatMap(\.constraints))
    nearEdge = []
    awayFromEdge = []
  }

  /// The edges the tracked thing is near now.
  var _nearEdges: NSDirectionalRectEdge { [] }

  func _updateTrackedConstraints() {
    let near = _nearEdges
    for entry in nearEdge {
      let on = near.contains(entry.edges)
      for constraint in entry.constraints where constraint.isActive != on { constraint.isActive = on }
    }
    for entry in awayFromEdge {
      let on = near.isDisjoint(with: entry.edges)
      for constraint in entry.constraints where constraint.isActive != on { constraint.isActive = on }
    }
  }
}

/// The guide a view's `keyboardLayoutGuide` is: its top follows the top of the keyboard (docked
/// at the bottom of the window) through the keyboard's show and hide, and sits at the bottom of
/// the safe area while the keyboard is hidden.
@preconcurrency @MainActor
open class UIKeyboardLayoutGuide: UITrackingLayoutGuide {
  /// Whether the guide follows a floating or undocked keyboard (iPhone keyboards are docked).
  open var followsUndockedKeyboard = false
  /// Whether the hidden keyboard's guide stops at the safe area's bottom (true) or at the
  /// view's bottom edge.
  open var usesBottomSafeArea = true {
    didSet { if oldValue != usesBottomSafeArea { owningView?._systemGuidesMoved() } }
  }
  /// The distance above the keyboard within which a drag dismisses it interactively.
  open var keyboardDismissPadding: CGFloat = 0

  /// A docked keyboard is near the bottom edge, shown or not.
  override var _nearEdges: NSDirectionalRectEdge { [.bottom] }
}

/// Edges of a rectangle, leading and trailing rather than left and right.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
  public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
  public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
  public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
  public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}
