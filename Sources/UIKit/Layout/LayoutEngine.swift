import Foundation
internal import LayoutSolver

/// A view's or a layout guide's alignment rectangle, as the solver's unknowns.
final class _LayoutVariables {
  let minX = Variable("minX")
  let minY = Variable("minY")
  let width = Variable("width")
  let height = Variable("height")
}

typealias _CompiledConstraint = LayoutSolver.Constraint
private typealias Expression = LayoutSolver.Expression

/// One view hierarchy's Auto Layout engine (iOS keeps one per window): the solver, the views it
/// places, and the constraints it holds.
///
/// It lives on the root of a hierarchy. Work is incremental where it is frequent: a constant
/// changed, a constraint activated between placed views, an intrinsic size that changed (a
/// keystroke in a growing field), a frame set on a view placed by its autoresizing mask. Rarer
/// changes (the hierarchy, `translatesAutoresizingMaskIntoConstraints`, the guides a view uses)
/// rebuild the solver from the installed constraints.
@MainActor
final class _LayoutEngine {
  unowned let root: UIView
  private let solver = Solver()
  /// A fitting engine (``UIView/systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``):
  /// it pulls the root's size towards a target instead of fixing it, and leaves views' state alone.
  private let fitting: (size: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)?

  /// The views it places below the root, in the hierarchy's order. The root is not among them:
  /// it owns the engine, and a strong reference back kept every window, controller and view
  /// that had ever been laid out by constraints alive (issue 32, item 9).
  private(set) var members: [UIView] = []
  private var memberSet: Set<ObjectIdentifier> = []
  private var guides: [UILayoutGuide] = []
  private var constraints: [NSLayoutConstraint] = []
  /// Compiled forms of a fitting engine (a live engine keeps them on the constraints).
  private var fittingCompiled: [ObjectIdentifier: _CompiledConstraint] = [:]
  private var rootSize: [_CompiledConstraint] = []
  /// Constraints whose compiled form depends on a view's margins or baselines.
  private var marginDependents: [NSLayoutConstraint] = []
  private var baselineDependents: [ObjectIdentifier: [NSLayoutConstraint]] = [:]

  var needsRebuild = true
  var needsUpdateConstraintsPass = true
  private var rootSizeDirty = false
  var guidesDirty = false
  private var pendingIntrinsic: [UIView] = []
  private var pendingAutoresizing: [UIView] = []
  private var pendingConstraints: [NSLayoutConstraint] = []
  /// The lowest-priority pushes of the last `exerciseAmbiguityInLayout()`.
  private var exercisePushes: [_CompiledConstraint] = []
  /// Whether the solution may have moved since the views were last compared with it.
  private var valuesChanged = false
  /// Set while the engine writes frames, so that those writes are not taken for the app's.
  var isApplying = false

  init(root: UIView) {
    self.root = root
    self.fitting = nil
  }

  private init(fittingRoot: UIView, size: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) {
    self.root = fittingRoot
    self.fitting = (size, horizontal, vertical)
  }

  var hasPendingWork: Bool {
    needsRebuild || valuesChanged || rootSizeDirty || guidesDirty || !pendingIntrinsic.isEmpty || !pendingAutoresizing.isEmpty
      || !pendingConstraints.isEmpty
  }

  func contains(_ view: UIView) -> Bool { memberSet.contains(ObjectIdentifier(view)) }

  // MARK: Notifications from views and constraints

  func constraintChanged(_ constraint: NSLayoutConstraint) {
    pendingConstraints.append(constraint)
    constraint._installedOn?.setNeedsLayout()
  }

  func constraintRemoved(_ constraint: NSLayoutConstraint) {
    if let compiled = constraint._compiled {
      try? solver.removeConstraint(compiled)
      valuesChanged = true
    }
    constraint._compiled = nil
    constraint._engine = nil
    constraints.removeAll { $0 === constraint }
    marginDependents.removeAll { $0 === constraint }
    for key in baselineDependents.keys { baselineDependents[key]?.removeAll { $0 === constraint } }
  }

  /// A constraint activated in this engine's hierarchy: added at once when the engine already
  /// places its items, else at the next rebuild.
  func constraintAdded(_ constraint: NSLayoutConstraint) {
    guard !needsRebuild, fitting == nil else {
      needsRebuild = true
      return
    }
    for owner in constraint._first.ownerViews + (constraint._second?.ownerViews ?? []) {
      guard let owner, contains(owner) else {
        needsRebuild = true
        return
      }
    }
    for guide in constraint._first.guides + (constraint._second?.guides ?? []) where guide._engine !== self {
      needsRebuild = true
      return
    }
    constraints.append(constraint)
    constraint._engine = self
    pendingConstraints.append(constraint)
  }

  func intrinsicSizeChanged(_ view: UIView) {
    // A live engine's root has a fixed size (and a reference to it here would be a cycle).
    guard view !== root || fitting != nil, let state = view._autoLayoutStorage, !state.intrinsicPending else { return }
    state.intrinsicPending = true
    pendingIntrinsic.append(view)
  }

  func autoresizingChanged(_ view: UIView) {
    guard view !== root, let state = view._autoLayoutStorage, !state.autoresizingPending else { return }
    state.autoresizingPending = true
    pendingAutoresizing.append(view)
  }

  func rootSizeChanged() { rootSizeDirty = true }

  // MARK: Solving

  /// Brings the solver up to date with everything that changed; then, when the solution moved,
  /// marks for layout the superviews of the views whose frames no longer match it.
  func sync() {
    if needsRebuild {
      rebuild()
    } else {
      if rootSizeDirty {
        rootSizeDirty = false
        for c in rootSize { try? solver.removeConstraint(c) }
        addRootSize()
      }
      let autoresizing = pendingAutoresizing
      pendingAutoresizing = []
      for view in autoresizing {
        view._autoLayoutStorage?.autoresizingPending = false
        guard contains(view), view !== root else { continue }
        replaceItemConstraints(of: view)
      }
      let intrinsic = pendingIntrinsic
      pendingIntrinsic = []
      for view in intrinsic {
        guard let state = view._autoLayoutStorage else { continue }
        state.intrinsicPending = false
        guard contains(view), view !== root || fitting != nil, !view.translatesAutoresizingMaskIntoConstraints || view === root
        else { continue }
        let size = view.intrinsicContentSize
        if let old = state.intrinsicSize, (old.width == UIView.noIntrinsicMetric) == (size.width == UIView.noIntrinsicMetric),
          (old.height == UIView.noIntrinsicMetric) == (size.height == UIView.noIntrinsicMetric)
        {
          // The same axes have a size: new suggestions for the edit variables (a dual simplex
          // step, the cheap path a keystroke in a growing field takes).
          if size.width != old.width, size.width != UIView.noIntrinsicMetric {
            try? solver.suggestValue(Double(size.width), for: state.intrinsicWidth)
            valuesChanged = true
          }
          if size.height != old.height, size.height != UIView.noIntrinsicMetric {
            try? solver.suggestValue(Double(size.height), for: state.intrinsicHeight)
            valuesChanged = true
          }
          state.intrinsicSize = size
        } else {
          removeIntrinsic(of: view)
          addIntrinsic(of: view, size: size)
        }
        for constraint in baselineDependents[ObjectIdentifier(view)] ?? [] { recompile(constraint, onlyIfMoved: true) }
      }
      let changed = pendingConstraints
      pendingConstraints = []
      for constraint in changed where constraint._engine === self && constraint.isActive {
        recompile(constraint, onlyIfMoved: false)
      }
      if guidesDirty {
        guidesDirty = false
        refreshGuides()
      }
    }
    if valuesChanged, fitting == nil {
      valuesChanged = false
      for view in members where !view.frame.isIdentical(to: frame(of: view)) {
        view.superview?.setNeedsLayout()
      }
    }
  }

  /// Where the engine puts `view`: its frame, from its alignment rectangle, as solved (a
  /// negative width or height is kept).
  func frame(of view: UIView) -> CGRect {
    view.frame(forAlignmentRect: rect(of: view._layoutVariables))
  }

  func rect(of variables: _LayoutVariables) -> CGRect {
    CGRect(
      x: Self.clean(solver.value(of: variables.minX)), y: Self.clean(solver.value(of: variables.minY)),
      width: Self.clean(solver.value(of: variables.width)), height: Self.clean(solver.value(of: variables.height)))
  }

  /// Removes the solver's rounding noise (69.99999999 is 70), as iOS's rounding to pixels does.
  private static func clean(_ value: Double) -> CGFloat {
    let rounded = (value * 1_000_000).rounded() / 1_000_000
    return rounded == 0 ? 0 : CGFloat(rounded)
  }

  func isAmbiguous(_ variables: _LayoutVariables) -> Bool {
    // Ambiguity is the constraints', not where an exercise moved the solution.
    let pushes = exercisePushes
    for push in pushes { try? solver.removeConstraint(push) }
    defer { if !pushes.isEmpty { exercisePushes = pushes.filter { (try? solver.addConstraint($0)) != nil } } }
    return solver.isAmbiguous(variables.minX) || solver.isAmbiguous(variables.minY) || solver.isAmbiguous(variables.width)
      || solver.isAmbiguous(variables.height)
  }

  /// Moves an ambiguous view to another solution that satisfies its constraints, as
  /// `exerciseAmbiguityInLayout()` does on iOS, and writes the new frames.
  ///
  /// The pushes stay in the solver at the lowest priority (until the next exercise or rebuild),
  /// as iOS's engine keeps the solution it moved to: taking them out again left the solver at
  /// the old solution, so the next layout pass placed the moved view's subviews by it while the
  /// view kept its moved frame, and a required constraint between them no longer held
  /// (issue 32, item 6).
  func exerciseAmbiguity(of view: UIView) {
    let variables = view._layoutVariables
    let targets = [variables.minX, variables.minY, variables.width, variables.height].filter { solver.isAmbiguous($0) }
    guard !targets.isEmpty else { return }
    let values = targets.map { solver.value(of: $0) }
    for push in exercisePushes { try? solver.removeConstraint(push) }
    exercisePushes = []
    for (variable, current) in zip(targets, values) {
      let push = _CompiledConstraint(variable, .greaterThanOrEqual, current + 100, priority: Priority(1))
      if (try? solver.addConstraint(push)) != nil { exercisePushes.append(push) }
    }
    let frames = members.map { ($0, frame(of: $0)) }
    isApplying = true
    for (member, newFrame) in frames where !member.frame.isIdentical(to: newFrame) { member.frame = newFrame }
    isApplying = false
  }

  // MARK: Building

  private func rebuild() {
    for view in [root] + members where view._autoLayoutStorage?.engine === self {
      let state = view._autoLayoutStorage!
      state.engine = nil
      state.intrinsicCompiled = []
      state.intrinsicEdits = []
      state.autoresizingCompiled = []
      state.intrinsicSize = nil
    }
    for constraint in constraints where constraint._engine === self {
      constraint._engine = nil
      constraint._compiled = nil
    }
    for guide in guides where guide._engine === self {
      guide._engine = nil
      guide._systemCompiled = []
    }
    solver.reset()
    exercisePushes = []
    members = []
    memberSet = []
    guides = []
    constraints = []
    fittingCompiled = [:]
    marginDependents = []
    baselineDependents = [:]
    rootSize = []
    pendingIntrinsic.forEach { $0._autoLayoutStorage?.intrinsicPending = false }
    pendingAutoresizing.forEach { $0._autoLayoutStorage?.autoresizingPending = false }
    pendingIntrinsic = []
    pendingAutoresizing = []
    pendingConstraints = []
    needsRebuild = false
    rootSizeDirty = false
    guidesDirty = false
    valuesChanged = true

    // The installed constraints, and the views their items are or belong to.
    var installed: [NSLayoutConstraint] = []
    var owners: [UIView] = []
    var usedGuides: [UILayoutGuide] = []
    func collect(_ view: UIView) {
      if let state = view._autoLayoutStorage {
        for constraint in state.installed where constraint._isAlive {
          installed.append(constraint)
          for owner in constraint._first.ownerViews + (constraint._second?.ownerViews ?? []) {
            if let owner { owners.append(owner) }
          }
          usedGuides += constraint._first.guides + (constraint._second?.guides ?? [])
        }
      }
      for subview in view.subviews { collect(subview) }
    }
    collect(root)
    // Every owner and its ancestors up to the root (expressions between views in different
    // superviews run through the ancestors' positions).
    memberSet.insert(ObjectIdentifier(root))
    for owner in owners {
      var current: UIView? = owner
      while let view = current, view !== root, memberSet.insert(ObjectIdentifier(view)).inserted {
        current = view.superview
      }
    }
    func order(_ view: UIView) {
      if view !== root { members.append(view) }
      for subview in view.subviews where memberSet.contains(ObjectIdentifier(subview)) { order(subview) }
    }
    order(root)

    addRootSize()
    if fitting == nil { root._autoLayoutState.engine = self }
    for view in members {
      if fitting == nil { view._autoLayoutState.engine = self }
      addItemConstraints(of: view)
    }
    if fitting != nil { addIntrinsic(of: root) }
    var seenGuides: Set<ObjectIdentifier> = []
    for guide in usedGuides where seenGuides.insert(ObjectIdentifier(guide)).inserted {
      guides.append(guide)
      if fitting == nil { guide._engine = self }
      addSystemConstraints(of: guide)
    }
    installed.sort { $0._activationOrder < $1._activationOrder }
    for constraint in installed {
      constraints.append(constraint)
      if fitting == nil { constraint._engine = self }
      add(constraint)
    }
  }

  private func addRootSize() {
    let variables = root._layoutVariables
    let size = root.alignmentRect(forFrame: CGRect(origin: .zero, size: root.bounds.size)).size
    if let fitting {
      rootSize = [
        _CompiledConstraint(variables.width, .equal, Double(fitting.size.width), priority: Self.priority(fitting.horizontal)),
        _CompiledConstraint(variables.height, .equal, Double(fitting.size.height), priority: Self.priority(fitting.vertical)),
        _CompiledConstraint(variables.width, .greaterThanOrEqual, 0),
        _CompiledConstraint(variables.height, .greaterThanOrEqual, 0),
      ]
    } else {
      rootSize = [
        _CompiledConstraint(variables.width, .equal, Double(size.width)),
        _CompiledConstraint(variables.height, .equal, Double(size.height)),
        _CompiledConstraint(variables.minX, .equal, 0),
        _CompiledConstraint(variables.minY, .equal, 0),
      ]
    }
    for c in rootSize { try? solver.addConstraint(c) }
    valuesChanged = true
  }

  private static func priority(_ priority: UILayoutPriority) -> Priority {
    Priority(min(1000, max(1, priority.rawValue)))
  }

  private func addItemConstraints(of view: UIView) {
    if view.translatesAutoresizingMaskIntoConstraints {
      addAutoresizing(of: view)
    } else {
      addIntrinsic(of: view)
    }
  }

  private func replaceItemConstraints(of view: UIView) {
    guard let state = view._autoLayoutStorage else { return }
    for c in state.autoresizingCompiled { try? solver.removeConstraint(c) }
    state.autoresizingCompiled = []
    removeIntrinsic(of: view)
    addItemConstraints(of: view)
  }

  /// A view placed by its frame and autoresizing mask: its alignment rectangle follows the
  /// superview's size as springs and struts would move it (see `UIView._springs`).
  private func addAutoresizing(of view: UIView) {
    guard let parent = view.superview else { return }
    let variables = view._layoutVariables
    let parentVariables = parent._layoutVariables
    let rect = view.alignmentRect(forFrame: view.frame)
    let parentSize = parent.alignmentRect(forFrame: CGRect(origin: .zero, size: parent.bounds.size)).size
    let (h, v) = view._springs(of: rect, in: parentSize)
    let list = [
      _CompiledConstraint(
        variables.minX, .equal, Double(h.origin) + Double(h.originShare) * (Expression(parentVariables.width) - Double(parentSize.width))),
      _CompiledConstraint(
        variables.width, .equal, Double(h.length) + Double(h.lengthShare) * (Expression(parentVariables.width) - Double(parentSize.width))),
      _CompiledConstraint(
        variables.minY, .equal, Double(v.origin) + Double(v.originShare) * (Expression(parentVariables.height) - Double(parentSize.height))),
      _CompiledConstraint(
        variables.height, .equal, Double(v.length) + Double(v.lengthShare) * (Expression(parentVariables.height) - Double(parentSize.height))),
    ]
    let added = addLogging(list, describedBy: view._autoresizingDescription, involving: view)
    if fitting == nil { view._autoLayoutState.autoresizingCompiled = added }
    valuesChanged = true
  }

  /// Adds required constraints UIKit makes itself; one that cannot hold is logged as iOS logs
  /// any broken constraint, and left out. Returns those added.
  private func addLogging(
    _ list: [_CompiledConstraint], describedBy describe: (_CompiledConstraint) -> String, involving view: UIView
  ) -> [_CompiledConstraint] {
    var added: [_CompiledConstraint] = []
    for c in list {
      do {
        try solver.addConstraint(c)
        added.append(c)
      } catch {
        _UIKitLog.unsatisfiable(broken: describe(c), involved: involvedDescriptions(for: [view]))
      }
    }
    return added
  }

  /// Content hugging and compression resistance around the intrinsic size. The size itself is
  /// an edit variable per axis (held just below required), so that a new intrinsic size is a
  /// new suggestion rather than new constraints.
  private func addIntrinsic(of view: UIView, size knownSize: CGSize? = nil) {
    let state = view._autoLayoutState
    let size = knownSize ?? view.intrinsicContentSize
    let variables = view._layoutVariables
    var list: [_CompiledConstraint] = []
    var edits: [Variable] = []
    let huggingH = state.hugging.horizontal + state.huggingTieBreak.horizontal
    let huggingV = state.hugging.vertical + state.huggingTieBreak.vertical
    for (length, dimension, intrinsic, hugging, compression) in [
      (size.width, variables.width, state.intrinsicWidth, huggingH, state.compression.horizontal),
      (size.height, variables.height, state.intrinsicHeight, huggingV, state.compression.vertical),
    ] where length != UIView.noIntrinsicMetric {
      guard (try? solver.addEditVariable(intrinsic, priority: Self.intrinsicEditPriority)) != nil else { continue }
      try? solver.suggestValue(Double(length), for: intrinsic)
      edits.append(intrinsic)
      list.append(_CompiledConstraint(dimension, .lessThanOrEqual, intrinsic, priority: Self.priority(hugging)))
      list.append(_CompiledConstraint(dimension, .greaterThanOrEqual, intrinsic, priority: Self.priority(compression)))
    }
    let added = list.filter { (try? solver.addConstraint($0)) != nil }
    if fitting == nil {
      state.intrinsicSize = size
      state.intrinsicCompiled = added
      state.intrinsicEdits = edits
    }
    valuesChanged = true
  }

  /// Above every hugging and compression priority short of required: the intrinsic size is a
  /// fact, and only the view's dimension gives way.
  private static let intrinsicEditPriority = Priority(999.99)

  private func removeIntrinsic(of view: UIView) {
    guard let state = view._autoLayoutStorage else { return }
    for c in state.intrinsicCompiled { try? solver.removeConstraint(c) }
    for variable in state.intrinsicEdits { try? solver.removeEditVariable(variable) }
    state.intrinsicCompiled = []
    state.intrinsicEdits = []
    state.intrinsicSize = nil
    valuesChanged = true
  }

  // MARK: Guides

  private func addSystemConstraints(of guide: UILayoutGuide) {
    guard let owner = guide.owningView, let kind = guide._systemKind else { return }
    let g = guide._layoutVariables
    let o = owner._layoutVariables
    let insets = owner._insets(for: kind)
    var list: [_CompiledConstraint] = [
      _CompiledConstraint(g.minY, .equal, Double(insets.top)),
      _CompiledConstraint(g.height, .equal, Expression(o.height) - Double(insets.top + insets.bottom)),
    ]
    if kind == .readableContent {
      let available = Expression(o.width) - Double(insets.left + insets.right)
      list += [
        _CompiledConstraint(Expression(g.width), .lessThanOrEqual, available),
        _CompiledConstraint(g.width, .lessThanOrEqual, Double(UIView._readableWidth)),
        _CompiledConstraint(Expression(g.width), .equal, available, priority: Priority(999)),
        // Centred within the margins.
        _CompiledConstraint(
          Expression(g.minX) * 2, .equal, Expression(o.width) + Double(insets.left - insets.right) - Expression(g.width)),
      ]
    } else {
      list += [
        _CompiledConstraint(g.minX, .equal, Double(insets.left)),
        _CompiledConstraint(g.width, .equal, Expression(o.width) - Double(insets.left + insets.right)),
      ]
    }
    let added = addLogging(list, describedBy: { "<system constraint of \(guide._layoutDescription): \($0)>" }, involving: owner)
    if fitting == nil {
      guide._systemCompiled = added
      guide._systemSnapshot = insets
    }
    valuesChanged = true
  }

  /// Safe areas, margins and the keyboard move; the guides built on them follow.
  private func refreshGuides() {
    for guide in guides {
      guard let owner = guide.owningView, let kind = guide._systemKind else { continue }
      if owner._insets(for: kind) != guide._systemSnapshot {
        for c in guide._systemCompiled { try? solver.removeConstraint(c) }
        addSystemConstraints(of: guide)
      }
    }
    for constraint in marginDependents { recompile(constraint, onlyIfMoved: true) }
  }

  // MARK: Constraints

  private func compiled(_ constraint: NSLayoutConstraint) -> _CompiledConstraint? {
    fitting == nil ? constraint._compiled : fittingCompiled[ObjectIdentifier(constraint)]
  }

  private func setCompiled(_ compiled: _CompiledConstraint?, for constraint: NSLayoutConstraint) {
    if fitting == nil {
      constraint._compiled = compiled
    } else {
      fittingCompiled[ObjectIdentifier(constraint)] = compiled
    }
  }

  private func add(_ constraint: NSLayoutConstraint) {
    guard let host = constraint._installedOn, let form = compile(constraint, in: host) else { return }
    if form.usesMargins, !marginDependents.contains(where: { $0 === constraint }) { marginDependents.append(constraint) }
    for view in form.baselineViews where !(baselineDependents[ObjectIdentifier(view)] ?? []).contains(where: { $0 === constraint }) {
      baselineDependents[ObjectIdentifier(view), default: []].append(constraint)
    }
    do {
      try solver.addConstraint(form.constraint)
      setCompiled(form.constraint, for: constraint)
    } catch {
      setCompiled(nil, for: constraint)
      let views = (constraint._first.ownerViews + (constraint._second?.ownerViews ?? [])).compactMap { $0 }
      _UIKitLog.unsatisfiable(
        broken: constraint.description, involved: involvedDescriptions(for: views, adding: constraint))
    }
    valuesChanged = true
  }

  private func recompile(_ constraint: NSLayoutConstraint, onlyIfMoved: Bool) {
    // A constraint deactivated since it was noted stays out.
    guard constraint._installedOn != nil else { return }
    let old = compiled(constraint)
    if onlyIfMoved, let old, let host = constraint._installedOn, let form = compile(constraint, in: host),
      form.constraint.expression.constant == old.expression.constant
    {
      return
    }
    if let old { try? solver.removeConstraint(old) }
    setCompiled(nil, for: constraint)
    add(constraint)
  }

  struct Form {
    var constraint: _CompiledConstraint
    var usesMargins = false
    var baselineViews: [UIView] = []
    /// Whether leading and trailing run right to left: the first item's direction decides for
    /// the whole constraint.
    var rightToLeft = false
  }

  /// The solver's form of a constraint, in the coordinates of the view it is installed on.
  private func compile(_ constraint: NSLayoutConstraint, in host: UIView) -> Form? {
    var form = Form(constraint: _CompiledConstraint(Expression(0), .equal, 0))
    form.rightToLeft = constraint._first.ownerViews.first.flatMap { $0?._isRightToLeft } ?? false
    guard let first = expression(constraint._first, in: host, form: &form) else { return nil }
    var right = Expression(Double(constraint.constant))
    if let second = constraint._second {
      guard let secondExpression = expression(second, in: host, form: &form) else { return nil }
      right = secondExpression * Double(constraint.multiplier) + Double(constraint.constant)
    }
    let relation: LayoutSolver.Constraint.Relation
    switch constraint.relation {
    case .equal: relation = .equal
    case .lessThanOrEqual: relation = .lessThanOrEqual
    case .greaterThanOrEqual: relation = .greaterThanOrEqual
    }
    form.constraint = _CompiledConstraint(first, relation, right, priority: Self.priority(constraint.priority))
    return form
  }

  private func expression(_ term: _AnchorTerm, in host: UIView, form: inout Form) -> Expression? {
    switch term {
    case .distance(let from, let to):
      guard let start = expression(from, in: host, form: &form), let end = expression(to, in: host, form: &form)
      else { return nil }
      return end - start
    case .edge(let weak, let attribute):
      guard let item = weak.object else { return nil }
      let variables = item._layoutVariables
      let horizontal = _AnchorTerm.edge(weak, attribute).kind == .x
      let length = Expression(horizontal ? variables.width : variables.height)
      var origin: Expression
      if let view = item as? UIView, view === host {
        // A scroll view's own edges, seen by what it holds, are its content's (iOS's rule for
        // constraints between a scroll view and its content), wherever it is scrolled to.
        let bounds = host is UIScrollView ? CGRect(origin: .zero, size: host.bounds.size) : host.bounds
        // The bounds origin as set: minX and minY are the standardized rectangle's, which for
        // a host laid out with a negative size is its far edge.
        origin = Expression(Double(horizontal ? bounds.origin.x : bounds.origin.y))
      } else {
        origin = Expression(horizontal ? variables.minX : variables.minY)
        var current = item._coordinateView
        while let view = current, view !== host {
          let parentVariables = view._layoutVariables
          origin = origin + (horizontal ? parentVariables.minX : parentVariables.minY)
            - Double(horizontal ? view.bounds.origin.x : view.bounds.origin.y)
          current = view.superview
        }
      }
      var margins = UIEdgeInsets.zero
      switch attribute {
      case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
        .centerXWithinMargins, .centerYWithinMargins:
        form.usesMargins = true
        if let view = item as? UIView { margins = view._insets(for: .layoutMargins) }
      default: break
      }
      // In a right-to-left constraint leading and trailing are measured from the right, as
      // iOS measures them: the right and left edges, negated, so that `a.leading ==
      // b.leading + 10` puts a 10 points in from b's right edge.
      let rightToLeft = form.rightToLeft
      switch attribute {
      case .width: return Expression(variables.width)
      case .height: return Expression(variables.height)
      case .left: return origin
      case .leading: return rightToLeft ? -(origin + length) : origin
      case .trailing: return rightToLeft ? -origin : origin + length
      case .top: return origin
      case .right, .bottom: return origin + length
      case .centerX, .centerY: return origin + length * 0.5
      case .leftMargin: return origin + Double(margins.left)
      case .leadingMargin: return rightToLeft ? -(origin + length - Double(margins.right)) : origin + Double(margins.left)
      case .rightMargin: return origin + length - Double(margins.right)
      case .trailingMargin: return rightToLeft ? -(origin + Double(margins.left)) : origin + length - Double(margins.right)
      case .topMargin: return origin + Double(margins.top)
      case .bottomMargin: return origin + length - Double(margins.bottom)
      case .centerXWithinMargins: return origin + Double(margins.left) + (length - Double(margins.left + margins.right)) * 0.5
      case .centerYWithinMargins: return origin + Double(margins.top) + (length - Double(margins.top + margins.bottom)) * 0.5
      case .firstBaseline, .lastBaseline:
        guard let view = item as? UIView else { return origin + length }
        form.baselineViews.append(view)
        let baseline = attribute == .firstBaseline ? view._firstBaseline : view._lastBaseline
        return origin + length * Double(baseline.heightFraction) + Double(baseline.offset)
      case .notAnAttribute: return nil
      }
    }
  }

  // MARK: Reports

  /// The descriptions iOS lists when a required constraint cannot hold: the constraints placing
  /// the views involved (their own, their autoresizing masks', their superviews').
  private func involvedDescriptions(for views: [UIView], adding extra: NSLayoutConstraint? = nil) -> [String] {
    var result: [String] = []
    var seen: Set<ObjectIdentifier> = []
    for constraint in constraints where compiled(constraint) != nil || constraint === extra {
      let owners = constraint._first.ownerViews + (constraint._second?.ownerViews ?? [])
      if owners.contains(where: { owner in views.contains { $0 === owner } }),
        seen.insert(ObjectIdentifier(constraint)).inserted
      {
        result.append(constraint.description)
      }
    }
    if let extra, seen.insert(ObjectIdentifier(extra)).inserted { result.append(extra.description) }
    for view in views {
      for c in view._autoLayoutStorage?.autoresizingCompiled ?? [] { result.append(view._autoresizingDescription(c)) }
    }
    return result
  }

  // MARK: Queries from anchors and guides

  static func engine(for item: any _LayoutItem) -> _LayoutEngine? {
    if let guide = item as? UILayoutGuide { return guide._engine }
    if let view = item as? UIView { return view._autoLayoutStorage?.engine }
    return nil
  }

  static func isAmbiguous(_ item: any _LayoutItem, attribute: NSLayoutConstraint.Attribute) -> Bool {
    guard let owner = item._ownerView else { return false }
    owner._updateAutoLayoutOfHierarchy()
    guard let engine = engine(for: item) else { return false }
    let v = item._layoutVariables
    switch _AnchorTerm.edge(_WeakItem(item), attribute).kind {
    case .x: return engine.solver.isAmbiguous(v.minX) || (attribute != .left && attribute != .leading && engine.solver.isAmbiguous(v.width))
    case .y: return engine.solver.isAmbiguous(v.minY) || (attribute != .top && engine.solver.isAmbiguous(v.height))
    case .dimension: return engine.solver.isAmbiguous(attribute == .width ? v.width : v.height)
    }
  }

  static func constraintsAffecting(_ item: any _LayoutItem, horizontal: Bool) -> [NSLayoutConstraint] {
    guard let owner = item._ownerView else { return [] }
    owner._updateAutoLayoutOfHierarchy()
    guard let engine = engine(for: item) else { return [] }
    return engine.constraints.filter { constraint in
      guard engine.compiled(constraint) != nil else { return false }
      let onAxis = constraint._first.kind == (horizontal ? .x : .y)
        || (constraint._first.kind == .dimension && constraint._first.isHorizontal == horizontal)
      return onAxis && (constraint._first.items + (constraint._second?.items ?? [])).contains { $0 === item }
    }
  }

  // MARK: Fitting

  /// The size `view`'s own constraints give it, pulled towards `target` at the priorities.
  static func fittingSize(
    of view: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority
  ) -> CGSize {
    let engine = _LayoutEngine(fittingRoot: view, size: target, horizontal: horizontal, vertical: vertical)
    view._runUpdateConstraintsPass()
    engine.sync()
    let rect = engine.rect(of: view._layoutVariables)
    return view.frame(forAlignmentRect: CGRect(origin: .zero, size: rect.size)).size
  }
}

extension _AnchorTerm {
  @MainActor var guides: [UILayoutGuide] {
    switch self {
    case .edge(let item, _): return (item.object as? UILayoutGuide).map { [$0] } ?? []
    case .distance(let from, let to): return from.guides + to.guides
    }
  }

  @MainActor var items: [AnyObject] {
    switch self {
    case .edge(let item, _): return item.object.map { [$0] } ?? []
    case .distance(let from, let to): return from.items + to.items
    }
  }
}

extension NSLayoutConstraint {
  /// Whether every item it mentions still exists.
  var _isAlive: Bool {
    _first.items.count + (_second?.items.count ?? 0) == _first.itemSlots + (_second?.itemSlots ?? 0)
  }
}

extension _AnchorTerm {
  var itemSlots: Int {
    switch self {
    case .edge: return 1
    case .distance(let from, let to): return from.itemSlots + to.itemSlots
    }
  }
}

/// Where UIKit's console messages go (Auto Layout's complaints, a text view switching to
/// TextKit 1): standard error, as iOS's log does, and a list tests read.
@MainActor
package enum _UIKitLog {
  /// The messages logged, oldest first (tests read and clear it): the last
  /// ``keptMessages`` at least, never more than twice that, so that an app that breaks a
  /// constraint on every pass does not grow without bound (each report is a kilobyte or more;
  /// standard error has them all).
  package static var messages: [String] = []
  package static let keptMessages = 1_000
  /// Whether messages also go to standard error (hosts that own the terminal keep it on:
  /// the terminal host captures standard error while it runs).
  package static var writesToStandardError = true

  package static func emit(_ message: String) {
    messages.append(message)
    if messages.count > 2 * keptMessages { messages.removeFirst(messages.count - keptMessages) }
    if writesToStandardError {
      FileHandle.standardError.write(Data((message + "\n").utf8))
    }
  }

  /// The solution puts a view where Core Animation cannot (a NaN edge, or a centre of ∞ − ∞).
  static func notFinite(view: UIView, frame: CGRect) {
    emit(
      "[LayoutConstraints] The constraints of \(view._layoutDescription) solve to a frame that is not finite "
        + "(\(frame.geometryDescription)): constants along a chain add up past the largest CGFloat. "
        + "The view keeps its frame (\(view.frame.geometryDescription)).")
  }

  static func unsatisfiable(broken: String, involved: [String]) {
    var text = "[LayoutConstraints] Unable to simultaneously satisfy constraints.\n"
    text += "\tProbably at least one of the constraints in the following list is one you don't want. \n"
    text += "\tTry this: \n"
    text += "\t\t(1) look at each constraint and try to figure out which you don't expect; \n"
    text += "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. \n"
    text += "(\n"
    text += involved.map { "    \"\($0)\"" }.joined(separator: ",\n")
    text += "\n)\n\nWill attempt to recover by breaking constraint \n\(broken)\n\n"
    text += "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.\n"
    text += "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful."
    emit(text)
  }
}
