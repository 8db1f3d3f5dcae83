import Foundation

/// A row of a table view: a content view holding the cell's content (the labels and image of a
/// system style, or a content configuration's view, or the app's own subviews), and an
/// accessory at the trailing edge (drawn as a glyph: `›` disclosure, `✓` checkmark, `ⓘ`
/// detail button).
@preconcurrency @MainActor
open class UITableViewCell: UIView {
  /// The system layouts of a cell's labels.
  public enum CellStyle: Int, Sendable {
    /// A text label (and an optional image).
    case `default`
    /// A text label at the leading edge, the detail text at the trailing edge.
    case value1
    /// A label column at the leading edge, the detail text after it.
    case value2
    /// The detail text below the text label.
    case subtitle
  }

  /// What shows at the trailing edge.
  public enum AccessoryType: Int, Sendable {
    case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
  }

  /// How a selected cell looks.
  public enum SelectionStyle: Int, Sendable {
    case none, blue, gray, `default`
  }

  /// The editing control of a row.
  public enum EditingStyle: Int, Sendable {
    case none, delete, insert
  }

  /// Where separators are inset (kept for source compatibility).
  public enum SeparatorInsetReference: Int, Sendable {
    case fromCellEdges, fromAutomaticInsets
  }

  /// The cell's system layout.
  let _style: CellStyle

  /// The identifier the table view reuses the cell under.
  open private(set) var reuseIdentifier: String?

  /// The view the cell's content goes in (add subviews here, not to the cell).
  open private(set) var contentView: UIView

  /// A cell of `style`, reused under `reuseIdentifier`.
  public init(style: CellStyle, reuseIdentifier: String?) {
    _style = style
    self.reuseIdentifier = reuseIdentifier
    contentView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
    super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
    contentView.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    addSubview(contentView)
  }

  /// A default-style cell with no reuse identifier.
  public convenience override init(frame: CGRect) {
    self.init(style: .default, reuseIdentifier: nil)
    self.frame = frame
  }

  /// How a table view makes a cell of a registered class: through the class's
  /// `init(style:reuseIdentifier:)` (its override, if it has one).
  ///
  /// Linux difference: Swift cannot call a non-required initializer on a class object, so this
  /// required convenience initializer stands in for Objective-C's `[[cellClass alloc]
  /// initWithStyle:reuseIdentifier:]`. A subclass that overrides `init(style:reuseIdentifier:)`
  /// (or declares no initializer) inherits it; one with only initializers of its own must
  /// also override `init(style:reuseIdentifier:)` to be registered.
  public required convenience init(_registeredReuseIdentifier identifier: String) {
    self.init(style: .default, reuseIdentifier: identifier)
  }

  public required init?(coder: NSCoder) {
    _style = .default
    contentView = UIView(frame: .zero)
    super.init(coder: coder)
    addSubview(contentView)
  }

  // MARK: System content

  private var _textLabel: UILabel?
  private var _detailTextLabel: UILabel?
  private var _imageView: UIImageView?

  /// The main label (created on first use; not used with a ``contentConfiguration``).
  open var textLabel: UILabel? {
    if let _textLabel { return _textLabel }
    let label = UILabel()
    label.font = .preferredFont(forTextStyle: .body)
    label.numberOfLines = 1
    if _style == .value2 {
      label.font = .preferredFont(forTextStyle: .footnote)
      label.textColor = .tintColor
    }
    contentView.addSubview(label)
    _textLabel = label
    setNeedsLayout()
    return label
  }

  /// The secondary label (nil in the default style).
  open var detailTextLabel: UILabel? {
    guard _style != .default else { return nil }
    if let _detailTextLabel { return _detailTextLabel }
    let label = UILabel()
    switch _style {
    case .subtitle: label.font = .preferredFont(forTextStyle: .subheadline)
    case .value1:
      label.font = .preferredFont(forTextStyle: .body)
      label.textColor = .secondaryLabel
    default: label.font = .preferredFont(forTextStyle: .body)
    }
    contentView.addSubview(label)
    _detailTextLabel = label
    setNeedsLayout()
    return label
  }

  /// The image at the leading edge (created on first use).
  open var imageView: UIImageView? {
    if let _imageView { return _imageView }
    let view = UIImageView()
    contentView.addSubview(view)
    _imageView = view
    setNeedsLayout()
    return view
  }

  // MARK: Content configuration

  /// The cell's content as a configuration (a ``UIListContentConfiguration``, say): the cell
  /// shows it in a content view it makes (or updates, when the current one supports it).
  open var contentConfiguration: (any UIContentConfiguration)? {
    didSet { _applyContentConfiguration() }
  }

  /// Whether the content configuration is updated when the cell's state changes.
  open var automaticallyUpdatesContentConfiguration = true

  private var _configurationView: (any UIView & UIContentView)?

  /// A list configuration in the style of the cell (``UIListContentConfiguration/cell()`` for
  /// the default style, `subtitleCell()`, `valueCell()`), empty.
  open func defaultContentConfiguration() -> UIListContentConfiguration {
    switch _style {
    case .default: .cell()
    case .subtitle: .subtitleCell()
    case .value1, .value2: .valueCell()
    }
  }

  private func _applyContentConfiguration() {
    guard var configuration = contentConfiguration else {
      _configurationView?.removeFromSuperview()
      _configurationView = nil
      return
    }
    if automaticallyUpdatesContentConfiguration { configuration = configuration.updated(for: configurationState) }
    if let view = _configurationView, view.supports(configuration) {
      view.configuration = configuration
    } else {
      _configurationView?.removeFromSuperview()
      let view = configuration.makeContentView()
      contentView.addSubview(view)
      _configurationView = view
    }
    // The system labels and the configuration are exclusive, as on iOS.
    _textLabel?.isHidden = true
    _detailTextLabel?.isHidden = true
    _imageView?.isHidden = true
    setNeedsLayout()
  }

  /// The cell's state (selected, highlighted, editing).
  open var configurationState: UICellConfigurationState {
    var state = UICellConfigurationState()
    state.isSelected = isSelected
    state.isHighlighted = isHighlighted
    state.isEditing = isEditing
    state.isDisabled = !isUserInteractionEnabled
    return state
  }

  /// Asks for the configuration to be updated for the cell's current state.
  open func setNeedsUpdateConfiguration() {
    if contentConfiguration != nil { _applyContentConfiguration() }
  }

  // MARK: Accessory

  /// The standard accessory (drawn as a glyph at the trailing edge).
  open var accessoryType: AccessoryType = .none {
    didSet { if oldValue != accessoryType { _updateAccessory() } }
  }

  /// A custom accessory view (wins over ``accessoryType``).
  open var accessoryView: UIView? {
    didSet {
      if oldValue !== accessoryView { oldValue?.removeFromSuperview() }
      _updateAccessory()
    }
  }

  /// The accessory while the table view is editing.
  open var editingAccessoryType: AccessoryType = .none
  /// The accessory view while the table view is editing.
  open var editingAccessoryView: UIView?

  private var _accessoryLabel: UILabel?

  static func _glyph(for type: AccessoryType) -> String? {
    switch type {
    case .none: nil
    case .disclosureIndicator: "›"
    case .checkmark: "✓"
    case .detailButton: "ⓘ"
    case .detailDisclosureButton: "ⓘ ›"
    }
  }

  private func _updateAccessory() {
    if let accessoryView {
      _accessoryLabel?.removeFromSuperview()
      _accessoryLabel = nil
      if accessoryView.superview !== self { addSubview(accessoryView) }
    } else if let glyph = Self._glyph(for: accessoryType) {
      let label = _accessoryLabel ?? UILabel()
      label.text = glyph
      label.textColor = accessoryType == .checkmark || accessoryType == .detailButton ? .tintColor : .tertiaryLabel
      if label.superview == nil { addSubview(label) }
      _accessoryLabel = label
    } else {
      _accessoryLabel?.removeFromSuperview()
      _accessoryLabel = nil
    }
    setNeedsLayout()
  }

  /// The accessory's frame (nil: none).
  var _accessoryFrame: CGRect? {
    let view: UIView? = accessoryView ?? _accessoryLabel
    return view?.frame
  }

  /// The width the accessory takes at the trailing edge, its margin included.
  private var _accessoryWidth: CGFloat {
    if let accessoryView { return accessoryView.frame.width + 16 }
    if let label = _accessoryLabel { return label.sizeThatFits(.zero).width + 16 }
    return 0
  }

  // MARK: Selection and highlight

  /// How the cell looks when selected.
  open var selectionStyle: SelectionStyle = .default

  /// A view behind the content while the cell is selected or highlighted (default: a grey fill).
  open var selectedBackgroundView: UIView?
  /// A view behind the content.
  open var backgroundView: UIView? {
    didSet {
      oldValue?.removeFromSuperview()
      if let backgroundView { insertSubview(backgroundView, at: 0) }
      setNeedsLayout()
    }
  }

  /// Whether the cell is selected (see ``setSelected(_:animated:)``).
  open var isSelected: Bool {
    get { _isSelected }
    set { setSelected(newValue, animated: false) }
  }
  private var _isSelected = false

  /// Selects or deselects the cell (its look; the table view's selection is
  /// ``UITableView/selectRow(at:animated:scrollPosition:)``). Override to restyle the cell.
  open func setSelected(_ selected: Bool, animated: Bool) {
    guard _isSelected != selected else { return }
    _isSelected = selected
    _stateChanged()
  }

  /// Whether the cell is highlighted (a touch is down on it).
  open var isHighlighted: Bool {
    get { _isHighlighted }
    set { setHighlighted(newValue, animated: false) }
  }
  private var _isHighlighted = false

  /// Highlights or unhighlights the cell.
  open func setHighlighted(_ highlighted: Bool, animated: Bool) {
    guard _isHighlighted != highlighted else { return }
    _isHighlighted = highlighted
    _stateChanged()
  }

  private func _stateChanged() {
    let lit = _showsSelection
    _textLabel?.isHighlighted = lit
    _detailTextLabel?.isHighlighted = lit
    _imageView?.isHighlighted = lit
    if let selectedBackgroundView {
      if lit {
        selectedBackgroundView.frame = bounds
        insertSubview(selectedBackgroundView, at: backgroundView == nil ? 0 : 1)
      } else {
        selectedBackgroundView.removeFromSuperview()
      }
    }
    if automaticallyUpdatesContentConfiguration, contentConfiguration != nil { _applyContentConfiguration() }
  }

  private var _showsSelection: Bool { (_isSelected || _isHighlighted) && selectionStyle != .none }

  // MARK: Editing

  /// Whether the cell is in editing mode.
  open var isEditing = false
  /// Sets editing mode.
  open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }
  /// The cell's editing style (set by the table view).
  open internal(set) var editingStyle: EditingStyle = .none
  /// Whether the cell's content indents while editing.
  open var shouldIndentWhileEditing = true
  /// The indentation level.
  open var indentationLevel = 0
  /// The width of one indentation level.
  open var indentationWidth: CGFloat = 10
  /// The separator's inset.
  open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)

  // MARK: Reuse

  /// Called before the table view hands the cell out again from its reuse queue: reset state
  /// that is not content (the data source sets the content). The default clears the selection
  /// and highlight.
  open func prepareForReuse() {
    setSelected(false, animated: false)
    setHighlighted(false, animated: false)
    isEditing = false
  }

  /// The row the cell is for (set by its table view).
  weak var _tableView: UITableView?

  // MARK: Layout

  open override func layoutSubviews() {
    super.layoutSubviews()
    let accessory = _accessoryWidth
    let indent = CGFloat(indentationLevel) * indentationWidth
    contentView.frame = CGRect(x: indent, y: 0, width: max(0, bounds.width - accessory - indent), height: bounds.height)
    backgroundView?.frame = bounds
    if _showsSelection { selectedBackgroundView?.frame = bounds }
    if let accessoryView {
      let size = accessoryView.frame.size
      accessoryView.frame = CGRect(
        x: bounds.width - 16 - size.width, y: ((bounds.height - size.height) / 2).rounded(), width: size.width,
        height: size.height)
    } else if let label = _accessoryLabel {
      let size = label.sizeThatFits(.zero)
      label.frame = CGRect(
        x: bounds.width - 16 - size.width, y: ((bounds.height - size.height) / 2).rounded(), width: size.width,
        height: size.height)
    }
    if let view = _configurationView {
      view.frame = contentView.bounds
    } else {
      _ListLayout.layout(
        _layoutKind, in: contentView.bounds, margins: contentView.directionalLayoutMargins, image: _imageView,
        text: _textLabel, secondary: _detailTextLabel)
    }
  }

  private var _layoutKind: _ListLayout.Kind {
    switch _style {
    case .default, .subtitle: .subtitle
    case .value1: .value1
    case .value2: .value2
    }
  }

  /// Whether the content view's height comes from Auto Layout (constraints on its subviews).
  var _usesAutoLayoutContent: Bool { contentView._contentUsesAutoLayout }

  /// The height the cell's content needs at `width` (the cell's width): from the content
  /// view's constraints, from a content configuration, or from the system labels; at least
  /// 44 points for the system content, as on iOS.
  func _fittingHeight(width: CGFloat) -> CGFloat {
    let contentWidth = max(0, width - _accessoryWidth - CGFloat(indentationLevel) * indentationWidth)
    if _usesAutoLayoutContent {
      // Labels of several lines wrap at the width layout gives them: lay the content out at
      // the row's width first, so that their heights follow it.
      if bounds.width != width { frame.size.width = width }
      layoutIfNeeded()
      let size = contentView.systemLayoutSizeFitting(
        CGSize(width: contentWidth, height: UIView.layoutFittingCompressedSize.height),
        withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
      return size.height.rounded(.up)
    }
    let content: CGFloat
    if let view = _configurationView {
      content = view.sizeThatFits(CGSize(width: contentWidth, height: 0)).height
    } else {
      content = _ListLayout.height(
        _layoutKind, width: contentWidth, margins: contentView.directionalLayoutMargins, image: _imageView,
        text: _textLabel, secondary: _detailTextLabel)
    }
    return max(44, content)
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    // The default selected look: a grey fill behind the content (a selectedBackgroundView
    // replaces it).
    guard _showsSelection, selectedBackgroundView == nil else { return }
    list.append(DisplayItem(frame: rect, clip: clip, content: .fill(.systemGray4), alpha: alpha))
  }
}

extension UIView {
  /// Whether the view's content is sized by Auto Layout (constraints installed on it, or a
  /// subview placed by constraints): how a table or collection view cell's content is measured.
  var _contentUsesAutoLayout: Bool {
    !constraints.isEmpty || subviews.contains { !$0.translatesAutoresizingMaskIntoConstraints }
  }
}
