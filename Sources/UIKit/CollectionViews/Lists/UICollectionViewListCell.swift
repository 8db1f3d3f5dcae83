import Foundation
import TextEditing

/// A cell of a list (iOS 14): a content configuration in the middle, accessories at its
/// edges, an indentation for outlines, and the list's background (rounded at the ends of an
/// inset-grouped section). It sizes itself to its content, at least 44 points tall.
@preconcurrency @MainActor
open class UICollectionViewListCell: UICollectionViewCell {
  public override init(frame: CGRect) {
    super.init(frame: frame)
    // A list row's margins, as a table cell's.
    contentView.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    contentView.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
  }

  /// The accessories, leading and trailing, in order.
  open var accessories: [UICellAccessory] = [] {
    didSet { _updateAccessories() }
  }
  /// The indentation level (an outline's depth).
  open var indentationLevel = 0 {
    didSet { if oldValue != indentationLevel { setNeedsLayout() } }
  }
  /// The width of one indentation level.
  open var indentationWidth: CGFloat = 10 {
    didSet { setNeedsLayout() }
  }
  /// Whether leading accessories move with the indentation.
  open var indentsAccessories = true {
    didSet { setNeedsLayout() }
  }

  /// The guide of the line between rows (from the content's leading text to the trailing edge).
  open var separatorLayoutGuide: UILayoutGuide { _separatorGuide }
  private lazy var _separatorGuide: UILayoutGuide = {
    let guide = UILayoutGuide()
    addLayoutGuide(guide)
    NSLayoutConstraint.activate([
      guide.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
      guide.trailingAnchor.constraint(equalTo: trailingAnchor),
      guide.bottomAnchor.constraint(equalTo: bottomAnchor),
      guide.heightAnchor.constraint(equalToConstant: 1),
    ])
    return guide
  }()

  /// A list content configuration in the style of the cell's list: a header's for the first
  /// item of a section whose header mode is `.firstItemInSection`, a cell's otherwise.
  open func defaultContentConfiguration() -> UIListContentConfiguration {
    if let attributes = _layoutAttributes, attributes._listHeaderMode == .firstItemInSection,
      attributes.indexPath.count == 2, attributes.indexPath[1] == 0
    {
      return attributes._listAppearance == .plain ? .plainHeader() : .groupedHeader()
    }
    return .cell()
  }

  // MARK: Accessories

  private var _accessoryViews: [(accessory: UICellAccessory, view: UIView)] = []

  private func _updateAccessories() {
    for (_, view) in _accessoryViews { view.removeFromSuperview() }
    _accessoryViews = []
    let editing = configurationState.isEditing
    for accessory in accessories where accessory._isDisplayed(editing: editing) {
      let view = _makeView(for: accessory)
      view.isHidden = accessory.isHidden
      addSubview(view)
      _accessoryViews.append((accessory, view))
    }
    setNeedsLayout()
  }

  /// Whether `point` (the cell's coordinates) is on a reorder handle on screen: a touch there
  /// moves the item at once, as dragging iOS's handle does.
  func _reorderHandleContains(_ point: CGPoint) -> Bool {
    _accessoryViews.contains { accessory, view in
      guard case .reorder = accessory._kind, !view.isHidden else { return false }
      // The handle is narrow: the touch counts a few points around it and the row's height.
      let frame = view.frame
      return CGRect(x: frame.minX - 8, y: 0, width: frame.width + 16, height: bounds.height).contains(point)
    }
  }

  private func _makeView(for accessory: UICellAccessory) -> UIView {
    if case .customView(let view, _) = accessory._kind {
      if let tint = accessory.tintColor { view.tintColor = tint }
      return view
    }
    let label = _AccessoryLabel()
    let (glyph, color) = _glyph(for: accessory)
    label.text = glyph
    label.textColor = accessory.tintColor ?? color
    if case .label(_, let font) = accessory._kind { label.font = font }
    label.handler = _handler(for: accessory)
    return label
  }

  private func _glyph(for accessory: UICellAccessory) -> (String, UIColor) {
    switch accessory._kind {
    case .disclosureIndicator: ("›", .tertiaryLabel)
    case .checkmark: ("✓", .tintColor)
    case .delete: ("⊖", .systemRed)
    case .insert: ("⊕", .systemGreen)
    case .reorder: ("≡", .tertiaryLabel)
    case .multiselect: (isSelected ? "✓⃝" : "○", isSelected ? .tintColor : .tertiaryLabel)
    case .outlineDisclosure: (_isExpanded ? "⌄" : "›", .tintColor)
    case .label(let text, _): (text, .secondaryLabel)
    case .detail: ("ⓘ", .tintColor)
    case .customView: ("", .label)
    }
  }

  /// Whether the cell's item is expanded in its section snapshot (an outline).
  var _isExpanded: Bool { configurationState.isExpanded }

  private func _handler(for accessory: UICellAccessory) -> (@MainActor () -> Void)? {
    if let handler = accessory._actionHandler { return handler }
    guard case .outlineDisclosure = accessory._kind else { return nil }
    return { [weak self] in self?._toggleOutline() }
  }

  /// The default outline disclosure action: expands or collapses the item in its diffable
  /// data source's section snapshot.
  private func _toggleOutline() {
    guard let collectionView = _collectionView, let indexPath = collectionView.indexPath(for: self),
      let outline = collectionView._diffableDataSource as? _OutlineToggling
    else { return }
    outline._toggleExpansion(at: indexPath)
  }

  open override func updateConfiguration(using state: UICellConfigurationState) {
    super.updateConfiguration(using: state)
    _updateAccessories()
  }

  // MARK: Layout

  /// The width taken by the accessories on one side, their spacing included.
  private func _accessoriesWidth(leading: Bool) -> CGFloat {
    var width: CGFloat = 0
    for (accessory, view) in _accessoryViews where accessory._isLeading == leading {
      width += _width(of: accessory, view) + 8
    }
    return width > 0 ? width + 8 : 0
  }

  private func _width(of accessory: UICellAccessory, _ view: UIView) -> CGFloat {
    switch accessory.reservedLayoutWidth {
    case .custom(let width): return width
    case .standard: return 24
    case .actual:
      let size = view is UILabel ? view.sizeThatFits(.zero) : view.frame.size
      return size.width
    }
  }

  private var _indentation: CGFloat { CGFloat(max(0, indentationLevel)) * indentationWidth }

  open override func layoutSubviews() {
    super.layoutSubviews()
    let indent = _indentation
    let leadingWidth = _accessoriesWidth(leading: true)
    let trailingWidth = _accessoriesWidth(leading: false)
    let contentX = indent + leadingWidth
    contentView.frame = CGRect(
      x: contentX, y: 0, width: max(0, bounds.width - contentX - trailingWidth), height: bounds.height)
    for subview in contentView.subviews where subview is UIContentView { subview.frame = contentView.bounds }
    var x = (indentsAccessories ? indent : 0) + 8
    for (accessory, view) in _accessoryViews where accessory._isLeading {
      let width = _width(of: accessory, view)
      let height = view is UILabel ? view.sizeThatFits(.zero).height : view.frame.height
      view.frame = CGRect(x: x, y: ((bounds.height - height) / 2).rounded(), width: width, height: height)
      x += width + 8
    }
    var trailing = bounds.width - 16
    for (accessory, view) in _accessoryViews.reversed() where !accessory._isLeading {
      let width = _width(of: accessory, view)
      let height = view is UILabel ? view.sizeThatFits(.zero).height : view.frame.height
      trailing -= width
      view.frame = CGRect(x: trailing, y: ((bounds.height - height) / 2).rounded(), width: width, height: height)
      trailing -= 8
    }
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let accessories = _indentation + _accessoriesWidth(leading: true) + _accessoriesWidth(leading: false)
    let content = super.sizeThatFits(CGSize(width: max(0, size.width - accessories), height: size.height))
    return CGSize(width: size.width > 0 ? size.width : content.width + accessories, height: max(44, content.height))
  }

  override var _measuringInset: CGFloat {
    _indentation + _accessoriesWidth(leading: true) + _accessoriesWidth(leading: false)
  }

  override var _minimumHeight: CGFloat { 44 }

  override func _listAttributesApplied(_ attributes: UICollectionViewLayoutAttributes) {
    super._listAttributesApplied(attributes)
    guard let appearance = attributes._listAppearance else { return }
    if attributes.representedElementCategory != .cell {
      // A header or footer: the list's header background (clear on a grouped list).
      let grouped = appearance != .plain && appearance != .sidebarPlain
      _defaultBackground = grouped ? .listGroupedHeaderFooter() : .listPlainHeaderFooter()
      _backgroundCorners = []
      return
    }
    switch appearance {
    case .plain, .sidebarPlain:
      _defaultBackground = .listPlainCell()
      _backgroundCorners = []
    case .grouped, .sidebar:
      _defaultBackground = appearance == .sidebar ? .listSidebarCell() : .listGroupedCell()
      _backgroundCorners = []
    case .insetGrouped:
      var background = UIBackgroundConfiguration.listGroupedCell()
      background.cornerRadius = 10
      _defaultBackground = background
      var corners: CACornerMask = []
      if attributes._listPosition.first { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
      if attributes._listPosition.last { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
      _backgroundCorners = corners
    }
  }
}

/// A label that runs a handler when tapped (a list cell's accessory).
@MainActor
final class _AccessoryLabel: UILabel {
  var handler: (@MainActor () -> Void)? {
    didSet {
      isUserInteractionEnabled = handler != nil
      if handler != nil, gestureRecognizers?.isEmpty ?? true {
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: _AccessoryLabel.tapped))
      }
    }
  }

  func tapped() { handler?() }
}

/// A diffable data source that can expand and collapse the item at an index path (its
/// section snapshot's outline).
@MainActor
protocol _OutlineToggling: AnyObject {
  func _toggleExpansion(at indexPath: IndexPath)
  func _isExpanded(at indexPath: IndexPath) -> Bool
}
