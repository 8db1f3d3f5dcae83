import Foundation

/// Lays out its arranged subviews in a row or a column.
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

  /// The direction of the stack.
  open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { setNeedsLayout() } }
  /// How arranged views fill the stack's length.
  open var distribution: Distribution = .fill { didSet { setNeedsLayout() } }
  /// How arranged views are placed across the stack.
  open var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
  /// The space between arranged views, in points.
  open var spacing: CGFloat = 0 { didSet { setNeedsLayout() } }
  /// The views the stack lays out, in order.
  open private(set) var arrangedSubviews: [UIView] = []

  /// A stack of `views`.
  public convenience init(arrangedSubviews views: [UIView]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  /// Adds `view` at the end of the arranged views (and as a subview).
  open func addArrangedSubview(_ view: UIView) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  /// Inserts `view` among the arranged views.
  open func insertArrangedSubview(_ view: UIView, at index: Int) {
    arrangedSubviews.removeAll { $0 === view }
    arrangedSubviews.insert(view, at: min(max(0, index), arrangedSubviews.count))
    if view.superview !== self { addSubview(view) }
    setNeedsLayout()
  }

  /// Stops laying out `view` (it stays a subview, as on iOS).
  open func removeArrangedSubview(_ view: UIView) {
    arrangedSubviews.removeAll { $0 === view }
    setNeedsLayout()
  }

  open override func willRemoveSubview(_ subview: UIView) {
    arrangedSubviews.removeAll { $0 === subview }
    super.willRemoveSubview(subview)
  }

  /// An arranged view's size: its width and height constraints, else its intrinsic size, else
  /// its frame's size.
  private func _naturalSize(_ view: UIView) -> CGSize {
    let intrinsic = view.intrinsicContentSize
    let width = view._constantWidth ?? (intrinsic.width == UIView.noIntrinsicMetric ? view.frame.width : intrinsic.width)
    let height = view._constantHeight ?? (intrinsic.height == UIView.noIntrinsicMetric ? view.frame.height : intrinsic.height)
    return CGSize(width: width, height: height)
  }

  private func _length(_ size: CGSize) -> CGFloat { axis == .horizontal ? size.width : size.height }
  private func _breadth(_ size: CGSize) -> CGFloat { axis == .horizontal ? size.height : size.width }

  open override var intrinsicContentSize: CGSize {
    let views = arrangedSubviews.filter { !$0.isHidden }
    let sizes = views.map(_naturalSize)
    let length = sizes.map(_length).reduce(0, +) + spacing * CGFloat(max(0, views.count - 1))
    let breadth = sizes.map(_breadth).max() ?? 0
    return axis == .horizontal ? CGSize(width: length, height: breadth) : CGSize(width: breadth, height: length)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

  open override func layoutSubviews() {
    super.layoutSubviews()
    let views = arrangedSubviews.filter { !$0.isHidden }
    guard !views.isEmpty else { return }
    let total = _length(bounds.size)
    let breadth = _breadth(bounds.size)
    let gaps = spacing * CGFloat(views.count - 1)
    var lengths = views.map { _length(_naturalSize($0)) }
    var gap = spacing
    switch distribution {
    case .fillEqually:
      lengths = Array(repeating: max(0, (total - gaps) / CGFloat(views.count)), count: views.count)
    case .fill, .fillProportionally:
      let natural = lengths.reduce(0, +)
      let extra = total - gaps - natural
      if distribution == .fillProportionally, natural > 0 {
        lengths = lengths.map { $0 * max(0, total - gaps) / natural }
      } else if let last = lengths.indices.last {
        lengths[last] = max(0, lengths[last] + extra)
      }
    case .equalSpacing, .equalCentering:
      let natural = lengths.reduce(0, +)
      gap = views.count > 1 ? max(spacing, (total - natural) / CGFloat(views.count - 1)) : 0
    }
    var position: CGFloat = 0
    for (view, length) in zip(views, lengths) {
      let naturalBreadth = _breadth(_naturalSize(view))
      let across: (offset: CGFloat, size: CGFloat)
      switch alignment {
      case .fill: across = (0, breadth)
      case .leading, .firstBaseline: across = (0, naturalBreadth)
      case .center: across = ((breadth - naturalBreadth) / 2, naturalBreadth)
      case .trailing, .lastBaseline: across = (breadth - naturalBreadth, naturalBreadth)
      }
      view.frame = axis == .horizontal
        ? CGRect(x: position, y: across.offset, width: length, height: across.size)
        : CGRect(x: across.offset, y: position, width: across.size, height: length)
      position += length + gap
    }
  }
}
