import Foundation
internal import LayoutSolver

extension UIView {
  /// How a view placed by its frame resizes when its superview's bounds change size.
  public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }

  /// The smallest size a view's constraints allow (the target for
  /// ``systemLayoutSizeFitting(_:)``).
  public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
  /// The largest size a view's constraints allow.
  public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

  /// The standard spacing between sibling views (`constraint(equalToSystemSpacingAfter:…)`).
  static let _systemSpacing: CGFloat = 8
  /// The widest a readable content guide gets (iOS's for the default text size).
  static let _readableWidth: CGFloat = 672

  /// Springs and struts along one axis: the part of the container's change in length each
  /// flexible part takes (in proportion to its current length, equally when all are zero), as
  /// UIKit's autoresizing does.
  static func _springs(
    origin: CGFloat, length: CGFloat, container: CGFloat, flexible: (leading: Bool, length: Bool, trailing: Bool)
  ) -> (origin: CGFloat, originShare: CGFloat, length: CGFloat, lengthShare: CGFloat) {
    let trailing = container - origin - length
    let parts = [(flexible.leading, origin), (flexible.length, length), (flexible.trailing, trailing)]
    let flexibleCount = parts.filter(\.0).count
    guard flexibleCount > 0 else { return (origin, 0, length, 0) }
    let total = parts.filter(\.0).map { max(0, $0.1) }.reduce(0, +)
    func share(_ isFlexible: Bool, _ value: CGFloat) -> CGFloat {
      guard isFlexible else { return 0 }
      return total > 0 ? max(0, value) / total : 1 / CGFloat(flexibleCount)
    }
    return (origin, share(flexible.leading, origin), length, share(flexible.length, length))
  }

  /// Springs and struts of `rect` in a container of `size`, along both axes, by the view's mask.
  func _springs(of rect: CGRect, in size: CGSize) -> (
    horizontal: (origin: CGFloat, originShare: CGFloat, length: CGFloat, lengthShare: CGFloat),
    vertical: (origin: CGFloat, originShare: CGFloat, length: CGFloat, lengthShare: CGFloat)
  ) {
    let mask = autoresizingMask
    return (
      UIView._springs(
        origin: rect.minX, length: rect.width, container: size.width,
        flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin))),
      UIView._springs(
        origin: rect.minY, length: rect.height, container: size.height,
        flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
    )
  }

  /// Springs and struts without Auto Layout: subviews placed by frame follow a change of this
  /// view's size (`autoresizesSubviews`).
  func _resizeSubviews(from oldSize: CGSize) {
    guard autoresizesSubviews, oldSize != bounds.size else { return }
    let newSize = bounds.size
    for subview in subviews {
      let mask = subview.autoresizingMask
      guard !mask.isEmpty, subview.translatesAutoresizingMaskIntoConstraints else { continue }
      // Views the engine places follow through their autoresizing constraints instead.
      if let engine = subview._autoLayoutStorage?.engine, engine.contains(subview) { continue }
      let (h, v) = subview._springs(of: subview.frame, in: oldSize)
      let dw = newSize.width - oldSize.width
      let dh = newSize.height - oldSize.height
      subview.frame = CGRect(
        x: h.origin + h.originShare * dw, y: v.origin + v.originShare * dh,
        width: max(0, h.length + h.lengthShare * dw), height: max(0, v.length + v.lengthShare * dh))
    }
  }

  // MARK: State

  var _autoLayoutState: _ViewAutoLayoutState {
    if let state = _autoLayoutStorage { return state }
    let state = _ViewAutoLayoutState()
    _autoLayoutStorage = state
    return state
  }

  var _layoutVariables: _LayoutVariables { _autoLayoutState.variables }

  /// The topmost ancestor (the view itself without a superview).
  var _hierarchyRoot: UIView {
    var view = self
    while let parent = view.superview { view = parent }
    return view
  }

  /// A constraint was installed on this view: its hierarchy now uses Auto Layout.
  func _constraintInstalled(_ constraint: NSLayoutConstraint) {
    let root = _hierarchyRoot
    root._treeUsesAutoLayout = true
    if let engine = root._layoutEngine {
      engine.constraintAdded(constraint)
    }
    setNeedsLayout()
    for owner in constraint._first.ownerViews + (constraint._second?.ownerViews ?? []) {
      owner?.superview?.setNeedsLayout()
    }
  }

  /// Before this view leaves its superview: the constraints of the views above that mention it
  /// or its subviews go (iOS removes them with the view); its old hierarchy rebuilds its engine.
  func _autoLayoutWillDetach() {
    let root = _hierarchyRoot
    guard root._treeUsesAutoLayout else { return }
    var ancestor = superview
    while let view = ancestor {
      if let state = view._autoLayoutStorage, !state.installed.isEmpty {
        for constraint in state.installed {
          let owners = constraint._first.ownerViews + (constraint._second?.ownerViews ?? [])
          if owners.contains(where: { $0 == nil || $0!.isDescendant(of: self) }) {
            constraint._deactivate()
          }
        }
      }
      ancestor = view.superview
    }
    root._layoutEngine?.needsRebuild = true
    root._layoutEngine?.needsUpdateConstraintsPass = true
    _treeUsesAutoLayout = true
  }

  /// After this view joined a superview: it is no root any more; its hierarchy's new root
  /// rebuilds its engine.
  func _autoLayoutDidAttach() {
    let usesAutoLayout = _treeUsesAutoLayout || _layoutEngine != nil || type(of: self).requiresConstraintBasedLayout
    _layoutEngine = nil
    guard usesAutoLayout || _hierarchyRoot._treeUsesAutoLayout else { return }
    let root = _hierarchyRoot
    root._treeUsesAutoLayout = true
    root._layoutEngine?.needsRebuild = true
    root._layoutEngine?.needsUpdateConstraintsPass = true
  }

  /// Runs the update-constraints pass and brings the hierarchy's engine up to date (from any
  /// view of the hierarchy). Cheap when nothing changed.
  func _updateAutoLayoutOfHierarchy() { _hierarchyRoot._updateAutoLayoutAsRoot() }

  /// ``_updateAutoLayoutOfHierarchy()`` on the root itself (callers that hold the root).
  func _updateAutoLayoutAsRoot() {
    guard _treeUsesAutoLayout else { return }
    let engine: _LayoutEngine
    if let existing = _layoutEngine {
      engine = existing
    } else {
      engine = _LayoutEngine(root: self)
      _layoutEngine = engine
    }
    if engine.needsUpdateConstraintsPass {
      engine.needsUpdateConstraintsPass = false
      _runUpdateConstraintsPass()
    }
    if engine.hasPendingWork { engine.sync() }
  }

  /// `updateConstraints` (a view controller's `updateViewConstraints` for its view) on every
  /// view that needs it, subviews before their superviews, as iOS updates from the leaves up.
  func _runUpdateConstraintsPass() {
    for subview in subviews { subview._runUpdateConstraintsPass() }
    guard _needsUpdateConstraints else { return }
    _needsUpdateConstraints = false
    if let controller = _viewController {
      controller.updateViewConstraints()
    } else {
      updateConstraints()
    }
  }

  /// Writes the engine's frames to the subviews it places (UIView's `layoutSubviews`).
  func _applyAutoLayoutToSubviews() {
    _updateAutoLayoutOfHierarchy()
    guard let engine = _autoLayoutStorage?.engine, engine.contains(self) else { return }
    var moved = false
    engine.isApplying = true
    for subview in subviews where subview._autoLayoutStorage?.engine === engine && engine.contains(subview) {
      let frame = engine.frame(of: subview)
      // Finite constants can add up past the largest CGFloat (1e308 three times along a
      // chain): a frame whose centre is then NaN would stop in Core Animation, so the view
      // keeps its frame and the log says why. Infinite edges are kept, as Core Animation keeps them.
      let centre = CGPoint(x: frame.origin.x + frame.size.width / 2, y: frame.origin.y + frame.size.height / 2)
      if frame.hasNaN || centre.x.isNaN || centre.y.isNaN {
        _UIKitLog.notFinite(view: subview, frame: frame)
        continue
      }
      if !subview.frame.isIdentical(to: frame) {
        subview.frame = frame
        moved = true
      }
    }
    engine.isApplying = false
    if moved { engine.guidesDirty = true }
  }

  /// A frame, bounds or centre change: springs and struts for the subviews, and the engine told
  /// when the app moved a view it places by autoresizing mask, or resized its root.
  func _geometryChanged(oldSize: CGSize) {
    if oldSize != bounds.size { _resizeSubviews(from: oldSize) }
    guard let engine = _autoLayoutStorage?.engine, !engine.isApplying else { return }
    if engine.root === self {
      if oldSize != bounds.size { engine.rootSizeChanged() }
    } else if translatesAutoresizingMaskIntoConstraints, engine.contains(self) {
      engine.autoresizingChanged(self)
      superview?.setNeedsLayout()
    }
    engine.guidesDirty = true
  }

  /// The safe area, margins or keyboard of this view changed: guides built on them follow at the
  /// next layout.
  func _systemGuidesMoved() {
    _hierarchyRoot._layoutEngine?.guidesDirty = true
    setNeedsLayout()
  }

  // MARK: Insets of the system guides

  /// The view's rectangle and its safe area, both in window coordinates, in one walk from the
  /// window down (nil outside a window): the screen's safe area on the window, cut down to each
  /// view on the way, and inset by a view controller's additional insets at its view.
  private var _safeAreaGeometry: (rect: CGRect, safe: CGRect)? {
    var geometry: (rect: CGRect, safe: CGRect)
    if let window = self as? UIWindow {
      geometry = (CGRect(origin: .zero, size: bounds.size), window.bounds.inset(by: window._deviceSafeAreaInsets))
    } else {
      guard let parent = superview, let outer = parent._safeAreaGeometry else { return nil }
      // A superview's bounds origin (a scroll offset) moves what it holds.
      let origin = CGPoint(
        x: outer.rect.minX + frame.minX - parent.bounds.minX, y: outer.rect.minY + frame.minY - parent.bounds.minY)
      let rect = CGRect(origin: origin, size: bounds.size)
      let safe = outer.safe.safeIntersection(rect)
      geometry = (rect, safe.isNull ? CGRect(origin: origin, size: .zero) : safe)
    }
    if let controller = _viewController {
      geometry.safe = geometry.safe.inset(by: controller.additionalSafeAreaInsets).inset(by: controller._containerSafeAreaInsets)
    }
    return geometry
  }

  /// The safe-area insets (zero outside a window, as on iOS).
  ///
  /// Kept while `CALayer._geometryGeneration` stays the same: the walk from the window down
  /// reads each ancestor's geometry (a text view scrolling to its caret asked for it on every
  /// key, about a sixth of the keystroke), and everything it reads counts a generation when it
  /// changes — layers' geometry and trees, superviews, view controllers' additional and
  /// container insets, the screen's bounds and safe area.
  var _computedSafeAreaInsets: UIEdgeInsets {
    let generation = CALayer._geometryGeneration
    if let cache = _safeAreaCache, cache.generation == generation { return cache.insets }
    let insets: UIEdgeInsets
    if let (own, safe) = _safeAreaGeometry {
      let top = min(max(0, safe.minY - own.minY), own.height)
      let left = min(max(0, safe.minX - own.minX), own.width)
      let bottom = min(max(0, own.maxY - safe.maxY), own.height - top)
      let right = min(max(0, own.maxX - safe.maxX), own.width - left)
      insets = UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
    } else {
      insets = .zero
    }
    _safeAreaCache = (generation, insets)
    return insets
  }

  /// The margins as the margins guide applies them: the layout margins (at least the
  /// superview's where they overlap, with `preservesSuperviewLayoutMargins`), on top of the safe
  /// area with `insetsLayoutMarginsFromSafeArea`.
  var _effectiveLayoutMargins: UIEdgeInsets {
    var margins = layoutMargins
    if let controller = _viewController, controller.viewRespectsSystemMinimumLayoutMargins {
      let minimum = controller.systemMinimumLayoutMargins
      margins.left = max(margins.left, minimum.leading)
      margins.right = max(margins.right, minimum.trailing)
      margins.top = max(margins.top, minimum.top)
      margins.bottom = max(margins.bottom, minimum.bottom)
    }
    if preservesSuperviewLayoutMargins, let parent = superview {
      let parentMargins = parent._effectiveLayoutMargins
      let frame = self.frame
      margins.left = max(margins.left, parentMargins.left - frame.minX)
      margins.top = max(margins.top, parentMargins.top - frame.minY)
      margins.right = max(margins.right, parentMargins.right - (parent.bounds.width - frame.maxX))
      margins.bottom = max(margins.bottom, parentMargins.bottom - (parent.bounds.height - frame.maxY))
    }
    if insetsLayoutMarginsFromSafeArea {
      let safe = _computedSafeAreaInsets
      margins.left += safe.left
      margins.right += safe.right
      margins.top += safe.top
      margins.bottom += safe.bottom
    }
    return margins
  }

  /// How far a system guide is inset from the view's bounds.
  func _insets(for kind: _SystemGuideKind) -> UIEdgeInsets {
    switch kind {
    case .safeArea: return _computedSafeAreaInsets
    case .layoutMargins, .readableContent: return _effectiveLayoutMargins
    case .topBars:
      return UIEdgeInsets(top: 0, left: 0, bottom: max(0, bounds.height - _computedSafeAreaInsets.top), right: 0)
    case .bottomBars:
      return UIEdgeInsets(top: max(0, bounds.height - _computedSafeAreaInsets.bottom), left: 0, bottom: 0, right: 0)
    case .keyboard:
      var top = bounds.height
      if let guide = _autoLayoutStorage?.keyboardGuide, guide.usesBottomSafeArea {
        top -= _computedSafeAreaInsets.bottom
      }
      if let window, let keyboard = window.keyboard.frame {
        let keyboardTop = convert(CGPoint(x: 0, y: keyboard.minY), from: nil).y
        top = min(top, max(0, keyboardTop))
      }
      return UIEdgeInsets(top: top, left: 0, bottom: 0, right: 0)
    }
  }

  func _systemGuide(_ kind: _SystemGuideKind, identifier: String) -> UILayoutGuide {
    let guide: UILayoutGuide
    switch kind {
    case .keyboard: guide = UIKeyboardLayoutGuide()
    case .topBars, .bottomBars: guide = _LayoutSupportGuide()
    default: guide = UILayoutGuide()
    }
    guide.identifier = identifier
    guide._systemKind = kind
    guide.owningView = self
    return guide
  }

  // MARK: Descriptions

  /// `UILabel:0x…'text'`, as Auto Layout's logs name views.
  var _layoutDescription: String {
    var text = "\(String(describing: type(of: self))):\(_address(self))"
    if let label = self as? UILabel, let string = label.text {
      text += "'\(string.prefix(20))'"
    } else if let identifier = accessibilityIdentifier {
      text += "'\(identifier)'"
    }
    return text
  }

  /// An autoresizing constraint as iOS prints it: `h=--& v=--& UIView:0x….minX == 20`.
  func _autoresizingDescription(_ constraint: _CompiledConstraint) -> String {
    let mask = autoresizingMask
    func flag(_ option: AutoresizingMask) -> String { mask.contains(option) ? "&" : "-" }
    let h = "h=" + flag(.flexibleLeftMargin) + flag(.flexibleWidth) + flag(.flexibleRightMargin)
    let v = "v=" + flag(.flexibleTopMargin) + flag(.flexibleHeight) + flag(.flexibleBottomMargin)
    let variables = _layoutVariables
    let name: String
    if constraint.expression.terms.contains(where: { $0.variable === variables.minX }) {
      name = "minX"
    } else if constraint.expression.terms.contains(where: { $0.variable === variables.minY }) {
      name = "minY"
    } else if constraint.expression.terms.contains(where: { $0.variable === variables.width }) {
      name = "width"
    } else {
      name = "height"
    }
    let value = _number(CGFloat(-constraint.expression.constant))
    return "<NSAutoresizingMaskLayoutConstraint:\(_address(constraint)) \(h) \(v) \(_layoutDescription).\(name) == \(value)   (active)>"
  }
}

/// Where a baseline is, as a fraction of the height plus an offset from the top.
struct _Baseline {
  var heightFraction: CGFloat
  var offset: CGFloat
  /// The bottom edge: the baseline of views without text.
  static let bottom = _Baseline(heightFraction: 1, offset: 0)
}

/// A view's Auto Layout state, made the first time the view takes part (most views never do).
@MainActor
final class _ViewAutoLayoutState {
  /// The constraints installed on the view, in the order they were activated.
  var installed: [NSLayoutConstraint] = []
  var hugging = (horizontal: UILayoutPriority.defaultLow, vertical: UILayoutPriority.defaultLow)
  /// What a `.fill` stack view adds to the view's hugging so that ties go as iOS resolves them
  /// (see `UIStackView._rebuildArrangement`).
  var huggingTieBreak: (horizontal: Float, vertical: Float) = (0, 0)
  var compression = (horizontal: UILayoutPriority.defaultHigh, vertical: UILayoutPriority.defaultHigh)
  lazy var variables = _LayoutVariables()
  /// The engine that places the view (or, on a root, the one it holds).
  weak var engine: _LayoutEngine?
  var autoresizingCompiled: [_CompiledConstraint] = []
  var intrinsicCompiled: [_CompiledConstraint] = []
  var intrinsicEdits: [Variable] = []
  /// The intrinsic size's edit variables.
  lazy var intrinsicWidth = Variable("intrinsicWidth")
  lazy var intrinsicHeight = Variable("intrinsicHeight")
  var intrinsicSize: CGSize?
  var intrinsicPending = false
  var autoresizingPending = false
  var guides: [UILayoutGuide] = []
  var safeAreaGuide: UILayoutGuide?
  var marginsGuide: UILayoutGuide?
  var readableGuide: UILayoutGuide?
  var keyboardGuide: UIKeyboardLayoutGuide?
  var layoutMargins: UIEdgeInsets?
  var preservesSuperviewLayoutMargins = false
  var insetsLayoutMarginsFromSafeArea = true
  /// The safe-area insets last reported by `safeAreaInsetsDidChange`.
  var reportedSafeAreaInsets: UIEdgeInsets = .zero
}

extension UIView: _LayoutItem {
  var _coordinateView: UIView? { superview }
  var _ownerView: UIView? { self }
}
