import Foundation
import TextEditing

/// Lays out its arranged subviews in a row or a column, with Auto Layout: it makes the
/// constraints iOS's stack view makes (named `UISV-…` as there) and the engine solves them with
/// the views' intrinsic sizes, hugging and compression resistance. It draws nothing itself.
@preconcurrency @MainActor
open class UIStackView: UIView {
  /// How arranged views fill the stack's length.
  public enum Distribution: Int, Sendable {
    case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
  }

  /// How arranged views are placed across the stack.
  public enum Alignment: Int, Sendable {
    case fill, leading, firstBaseline, center, trailing, lastBaseline
    public static let top = Alignment.leading
    public static let bottom = Alignment.trailing
  }

  /// A custom spacing that means "use the stack's `spacing`".
  public static let spacingUseDefault = CGFloat(Float.greatestFiniteMagnitude)
  /// A custom spacing that means "use the system spacing" (8 points).
  public static let spacingUseSystem = CGFloat(Float.leastNormalMagnitude)

  /// The direction of the stack.
  open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { _arrangementChanged() } }
  /// How arranged views fill the stack's length.
  open var distribution: Distribution = .fill {
    didSet {
      _arrangesProportionally = distribution == .fillProportionally
      _arrangementChanged()
    }
  }
  /// How arranged views are placed across the stack.
  open var alignment: Alignment = .fill { didSet { _arrangementChanged() } }
  /// The space between arranged views, in points (a minimum for the equal-spacing
  /// distributions).
  open var spacing: CGFloat = 0 { didSet { _arrangementChanged() } }
  /// Whether vertical spacing runs from one view's last baseline to the next one's first.
  open var isBaselineRelativeArrangement = false { didSet { _arrangementChanged() } }
  /// Whether the arranged views sit within the layout margins rather than the bounds.
  open var isLayoutMarginsRelativeArrangement = false { didSet { _arrangementChanged() } }
  /// The views the stack lays out, in order.
  open private(set) var arrangedSubviews: [UIView] = []

  private var _customSpacing: [ObjectIdentifier: CGFloat] = [:]
  private var _arrangement: [NSLayoutConstraint] = []
  private var _spacers: [UILayoutGuide] = []
  private var _arrangementIsCurrent = false

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  /// Apple's stack view declares this one not failable (unlike `UIView`'s), so a subclass writes
  /// `required init(coder: NSCoder) { super.init(coder: coder) }`.
  public required init(coder: NSCoder) {
    super.init(coder: coder)!
  }

  /// A stack of `views`.
  public convenience init(arrangedSubviews views: [UIView]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  open override class var requiresConstraintBasedLayout: Bool { true }

  /// Adds `view` at the end of the arranged views (and as a subview); it is placed by
  /// constraints from now on (`translatesAutoresizingMaskIntoConstraints` becomes false).
  open func addArrangedSubview(_ view: UIView) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  /// Inserts `view` among the arranged views.
  open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
    precondition(
      stackIndex >= 0 && stackIndex <= arrangedSubviews.count,
      "UIStackView.insertArrangedSubview: index \(stackIndex) out of bounds 0...\(arrangedSubviews.count)")
    arrangedSubviews.removeAll { $0 === view }
    arrangedSubviews.insert(view, at: min(stackIndex, arrangedSubviews.count))
    view.translatesAutoresizingMaskIntoConstraints = false
    if view.superview !== self { addSubview(view) }
    _arrangementChanged()
  }

  /// Stops laying out `view` (it stays a subview, as on iOS).
  open func removeArrangedSubview(_ view: UIView) {
    guard arrangedSubviews.contains(where: { $0 === view }) else { return }
    arrangedSubviews.removeAll { $0 === view }
    _customSpacing[ObjectIdentifier(view)] = nil
    view._autoLayoutStorage?.huggingTieBreak = (0, 0)
    _arrangementChanged()
  }

  /// Sets the space after `arrangedSubview` (``spacingUseDefault`` to go back to `spacing`).
  open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
    _customSpacing[ObjectIdentifier(arrangedSubview)] = spacing == Self.spacingUseDefault ? nil : spacing
    _arrangementChanged()
  }

  /// The space after `arrangedSubview` (``spacingUseDefault`` when it has none of its own).
  open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
    _customSpacing[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
  }

  open override func willRemoveSubview(_ subview: UIView) {
    if arrangedSubviews.contains(where: { $0 === subview }) {
      arrangedSubviews.removeAll { $0 === subview }
      subview._autoLayoutStorage?.huggingTieBreak = (0, 0)
      _arrangementChanged()
    }
    super.willRemoveSubview(subview)
  }

  func _arrangementChanged() {
    _arrangementIsCurrent = false
    setNeedsUpdateConstraints()
  }

  /// An arranged view was hidden or shown: it collapses, and the spacing around it goes.
  func _arrangedSubviewVisibilityChanged() { _arrangementChanged() }

  open override func updateConstraints() {
    if !_arrangementIsCurrent { _rebuildArrangement() }
    super.updateConstraints()
  }

  // MARK: The constraints

  private func _rebuildArrangement() {
    _arrangementIsCurrent = true
    NSLayoutConstraint.deactivate(_arrangement)
    _arrangement = []
    for guide in _spacers { removeLayoutGuide(guide) }
    _spacers = []

    let horizontal = axis == .horizontal
    let visible = arrangedSubviews.filter { !$0.isHidden }
    let hidden = arrangedSubviews.filter { $0.isHidden }
    var made: [NSLayoutConstraint] = []
    func add(_ constraint: NSLayoutConstraint, _ identifier: String, priority: UILayoutPriority = .required) {
      constraint.identifier = identifier
      constraint.priority = priority
      made.append(constraint)
    }

    // The container the views fill: the bounds, or the margins.
    let container: any _LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
    func lead(_ item: any _LayoutItem) -> _AnchorTerm { .edge(_WeakItem(item), horizontal ? .leading : .top) }
    func trail(_ item: any _LayoutItem) -> _AnchorTerm { .edge(_WeakItem(item), horizontal ? .trailing : .bottom) }
    func center(_ item: any _LayoutItem) -> _AnchorTerm { .edge(_WeakItem(item), horizontal ? .centerX : .centerY) }
    func length(_ item: any _LayoutItem) -> _AnchorTerm { .edge(_WeakItem(item), horizontal ? .width : .height) }
    func crossLead(_ item: any _LayoutItem) -> _AnchorTerm { .edge(_WeakItem(item), horizontal ? .top : .leading) }
    func crossTrail(_ item: any _LayoutItem) -> _AnchorTerm { .edge(_WeakItem(item), horizontal ? .bottom : .trailing) }
    func crossCenter(_ item: any _LayoutItem) -> _AnchorTerm { .edge(_WeakItem(item), horizontal ? .centerY : .centerX) }
    func crossLength(_ item: any _LayoutItem) -> _AnchorTerm { .edge(_WeakItem(item), horizontal ? .height : .width) }
    func relate(
      _ a: _AnchorTerm, _ relation: NSLayoutConstraint.Relation, _ b: _AnchorTerm?, multiplier: CGFloat = 1,
      constant: CGFloat = 0
    ) -> NSLayoutConstraint {
      NSLayoutConstraint(first: a, relation: relation, second: b, multiplier: multiplier, constant: constant)
    }

    // Hidden views collapse to nothing at the start of the stack.
    for view in hidden {
      add(relate(length(view), .equal, nil), "UISV-hiding")
      add(relate(lead(view), .equal, lead(container)), "UISV-hiding")
      add(relate(crossLead(view), .equal, crossLead(container)), "UISV-hiding")
    }

    if let first = visible.first, let last = visible.last {
      add(relate(lead(first), .equal, lead(container)), "UISV-canvas-connection")
      add(relate(trail(last), .equal, trail(container)), "UISV-canvas-connection")

      // Along the axis.
      for (previous, next) in zip(visible, visible.dropFirst()) {
        var gap = _customSpacing[ObjectIdentifier(previous)] ?? spacing
        if gap == Self.spacingUseSystem { gap = UIView._systemSpacing }
        let relation: NSLayoutConstraint.Relation =
          (distribution == .equalSpacing || distribution == .equalCentering) ? .greaterThanOrEqual : .equal
        if !horizontal, isBaselineRelativeArrangement {
          add(
            relate(.edge(_WeakItem(next), .firstBaseline), relation, .edge(_WeakItem(previous), .lastBaseline), constant: gap),
            "UISV-spacing")
        } else {
          add(relate(lead(next), relation, trail(previous), constant: gap), "UISV-spacing")
        }
      }
      switch distribution {
      case .fill:
        break
      case .fillEqually:
        for view in visible.dropFirst() { add(relate(length(view), .equal, length(first)), "UISV-fill-equally") }
      case .fillProportionally:
        let sizes = visible.map { view -> CGFloat in
          let size = view.intrinsicContentSize
          let value = horizontal ? size.width : size.height
          return value == UIView.noIntrinsicMetric ? 0 : value
        }
        if sizes[0] > 0 {
          for (view, size) in zip(visible, sizes).dropFirst() where size > 0 {
            add(
              relate(length(view), .equal, length(first), multiplier: size / sizes[0]), "UISV-fill-proportionally",
              priority: UILayoutPriority(999))
          }
        }
      case .equalSpacing, .equalCentering:
        var firstSpacer: UILayoutGuide?
        for (previous, next) in zip(visible, visible.dropFirst()) {
          let spacer = UILayoutGuide()
          spacer.identifier = "UISV-distributing"
          addLayoutGuide(spacer)
          _spacers.append(spacer)
          if distribution == .equalSpacing {
            add(relate(lead(spacer), .equal, trail(previous)), "UISV-distributing-edge")
            add(relate(trail(spacer), .equal, lead(next)), "UISV-distributing-edge")
          } else {
            add(relate(lead(spacer), .equal, center(previous)), "UISV-distributing-edge")
            add(relate(trail(spacer), .equal, center(next)), "UISV-distributing-edge")
          }
          // Placed like the views across the axis, so that the guide is never ambiguous.
          add(relate(crossLead(spacer), .equal, crossLead(container)), "UISV-distributing-edge")
          add(relate(crossLength(spacer), .equal, nil), "UISV-distributing-edge")
          if let firstSpacer {
            add(relate(length(spacer), .equal, length(firstSpacer)), "UISV-fill-equally")
          } else {
            firstSpacer = spacer
            // A stack whose length nothing fixes packs its views as tightly as spacing allows.
            add(relate(length(spacer), .equal, nil), "UISV-canvas-fit", priority: UILayoutPriority(49))
          }
        }
      }

      // Across the axis.
      let baseline = horizontal && (alignment == .firstBaseline || alignment == .lastBaseline)
      for view in visible {
        switch alignment {
        case .fill:
          add(relate(crossLead(view), .equal, crossLead(container)), "UISV-canvas-connection")
          add(relate(crossTrail(view), .equal, crossTrail(container)), "UISV-canvas-connection")
        case .leading, .firstBaseline, .lastBaseline:
          if baseline {
            let attribute: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
            if view !== first {
              add(relate(.edge(_WeakItem(view), attribute), .equal, .edge(_WeakItem(first), attribute)), "UISV-alignment")
            }
            add(relate(crossLead(view), .greaterThanOrEqual, crossLead(container)), "UISV-spanning-boundary")
            add(relate(crossTrail(view), .lessThanOrEqual, crossTrail(container)), "UISV-spanning-boundary")
          } else {
            add(relate(crossLead(view), .equal, crossLead(container)), "UISV-canvas-connection")
            add(relate(crossTrail(view), .lessThanOrEqual, crossTrail(container)), "UISV-spanning-boundary")
          }
        case .trailing:
          add(relate(crossTrail(view), .equal, crossTrail(container)), "UISV-canvas-connection")
          add(relate(crossLead(view), .greaterThanOrEqual, crossLead(container)), "UISV-spanning-boundary")
        case .center:
          add(relate(crossCenter(view), .equal, crossCenter(container)), "UISV-canvas-connection")
          add(relate(crossLead(view), .greaterThanOrEqual, crossLead(container)), "UISV-spanning-boundary")
        }
      }
      if alignment != .fill {
        // Without a size of its own, the stack is as thick as its thickest view.
        add(relate(crossLength(container), .equal, nil), "UISV-canvas-fit", priority: UILayoutPriority(49))
      }
    }
    _arrangement = made
    NSLayoutConstraint.activate(made)
    // Ties of hugging in a `.fill` stack go to the views before the last, which keep their size
    // while the last one stretches: each view hugs a hair more than the next one.
    let engine = _autoLayoutStorage?.engine
    for (index, view) in arrangedSubviews.enumerated() {
      let tieBreak = distribution == .fill ? Float(arrangedSubviews.count - index) * 0.001 : 0
      view._autoLayoutState.huggingTieBreak = horizontal ? (tieBreak, 0) : (0, tieBreak)
      if let engine, engine.contains(view) {
        view._autoLayoutState.intrinsicSize = nil
        engine.intrinsicSizeChanged(view)
      }
    }
  }
}
