import Foundation
import TextEditing

/// An item of a collection view: a content view holding the cell's content (a content
/// configuration's view, or the app's own subviews), a background view, and a selected
/// background view shown while the cell is selected or highlighted.
///
/// Unlike a table view cell, a collection view cell has no selected look of its own: it shows
/// selection through ``selectedBackgroundView``, a configuration (``configurationUpdateHandler``,
/// ``updateConfiguration(using:)``) or its own `isSelected` override, as on iOS.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
  /// The view the cell's content goes in (add subviews here, not to the cell).
  open var contentView: UIView { _contentView }
  private let _contentView: UIView

  public override init(frame: CGRect) {
    _contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
    super.init(frame: frame)
    addSubview(_contentView)
  }

  public required init?(coder: NSCoder) {
    _contentView = UIView(frame: .zero)
    super.init(coder: coder)
    addSubview(_contentView)
  }

  // MARK: Selection and highlight

  /// Whether the cell is selected (its collection view sets it; overrides restyle the cell).
  open var isSelected = false {
    didSet { if oldValue != isSelected { _stateChanged() } }
  }

  /// Whether the cell is highlighted (a touch is down on it).
  open var isHighlighted = false {
    didSet { if oldValue != isHighlighted { _stateChanged() } }
  }

  /// A view behind the content.
  open var backgroundView: UIView? {
    didSet {
      if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
      if let backgroundView { insertSubview(backgroundView, at: 0) }
      setNeedsLayout()
    }
  }

  /// A view behind the content, above ``backgroundView``, while the cell is selected or
  /// highlighted.
  open var selectedBackgroundView: UIView? {
    didSet {
      if oldValue !== selectedBackgroundView { oldValue?.removeFromSuperview() }
      _placeSelectedBackground()
    }
  }

  private func _placeSelectedBackground() {
    guard let selectedBackgroundView else { return }
    if isSelected || isHighlighted {
      selectedBackgroundView.frame = bounds
      if selectedBackgroundView.superview !== self {
        insertSubview(selectedBackgroundView, at: backgroundView == nil ? 0 : 1)
      }
    } else {
      selectedBackgroundView.removeFromSuperview()
    }
  }

  private func _stateChanged() {
    _placeSelectedBackground()
    setNeedsUpdateConfiguration()
    setNeedsDisplay()
  }

  // MARK: Configurations

  /// The cell's state (selected, highlighted, disabled, editing…), as its configurations see it.
  open var configurationState: UICellConfigurationState {
    var state = UICellConfigurationState()
    state.isSelected = isSelected
    state.isHighlighted = isHighlighted
    state.isDisabled = !isUserInteractionEnabled
    state.isEditing = _collectionView?.isEditing ?? false
    if let collectionView = _collectionView, let indexPath = _layoutAttributes?.indexPath,
      _layoutAttributes?.representedElementCategory == .cell,
      let outline = collectionView._diffableDataSource as? _OutlineToggling
    {
      state.isExpanded = outline._isExpanded(at: indexPath)
    }
    return state
  }

  // MARK: Background configuration

  /// The cell's background as a configuration (iOS 14): drawn behind the content, updated for
  /// the cell's state when ``automaticallyUpdatesBackgroundConfiguration``. A list cell has
  /// its list's by default.
  open var backgroundConfiguration: UIBackgroundConfiguration? {
    get { _backgroundConfiguration ?? _defaultBackground }
    set {
      _backgroundConfiguration = newValue
      _explicitBackground = true
    }
  }
  private var _backgroundConfiguration: UIBackgroundConfiguration?
  private var _explicitBackground = false
  /// The background the cell's list gives it (used until the app sets its own).
  var _defaultBackground: UIBackgroundConfiguration?
  /// The corners the background rounds (an inset-grouped section's ends).
  var _backgroundCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]

  /// Whether the background configuration follows the cell's state.
  open var automaticallyUpdatesBackgroundConfiguration = true

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    guard var background = _explicitBackground ? _backgroundConfiguration : _defaultBackground else { return }
    if automaticallyUpdatesBackgroundConfiguration { background = background.updated(for: configurationState) }
    let color = background.resolvedBackgroundColor(for: tintColor ?? .systemBlue)
    let insets = background.backgroundInsets
    let frame = CGRect(
      x: rect.minX + insets.leading, y: rect.minY + insets.top,
      width: max(0, rect.width - insets.leading - insets.trailing),
      height: max(0, rect.height - insets.top - insets.bottom))
    if background.cornerRadius > 0, !_backgroundCorners.isEmpty {
      list.append(
        DisplayItem(
          frame: frame, clip: clip,
          content: .roundedFill(color, DisplayItem.CornerRounding(radius: background.cornerRadius, corners: _backgroundCorners)),
          alpha: alpha))
    } else {
      list.append(DisplayItem(frame: frame, clip: clip, content: .fill(color), alpha: alpha))
    }
  }

  /// The cell's content as a configuration (a ``UIListContentConfiguration``, say): the cell
  /// shows it in a content view it makes (or updates, when the current one supports it).
  open var contentConfiguration: (any UIContentConfiguration)? {
    didSet { _applyContentConfiguration() }
  }

  /// Whether the content configuration is updated when the cell's state changes.
  open var automaticallyUpdatesContentConfiguration = true

  /// Called with the cell and its new state whenever the configuration is updated (after
  /// ``updateConfiguration(using:)``).
  public typealias ConfigurationUpdateHandler = (UICollectionViewCell, UICellConfigurationState) -> Void

  /// A closure that configures the cell for its state (instead of subclassing to override
  /// ``updateConfiguration(using:)``). Setting it updates the configuration.
  open var configurationUpdateHandler: ConfigurationUpdateHandler? {
    didSet { setNeedsUpdateConfiguration() }
  }

  private var _configurationView: (any UIView & UIContentView)?
  private var _updatingConfiguration = false

  /// Asks for ``updateConfiguration(using:)`` with the current state. iOS defers it to the next
  /// layout pass; here it runs at once (there are no in-between frames to save).
  open func setNeedsUpdateConfiguration() {
    guard !_updatingConfiguration else { return }
    _updatingConfiguration = true
    defer { _updatingConfiguration = false }
    let state = configurationState
    updateConfiguration(using: state)
    configurationUpdateHandler?(self, state)
    setNeedsDisplay()
  }

  /// Updates the cell's configurations for `state`. The default updates the content
  /// configuration (when ``UICollectionViewCell/automaticallyUpdatesContentConfiguration``); override it to restyle
  /// the cell, calling `super`.
  open func updateConfiguration(using state: UICellConfigurationState) {
    if automaticallyUpdatesContentConfiguration, contentConfiguration != nil { _applyContentConfiguration() }
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
      view.frame = contentView.bounds
      contentView.addSubview(view)
      _configurationView = view
    }
    setNeedsLayout()
    // A new configuration may change the cell's size (self-sizing invalidation, iOS 16).
    _intrinsicSizeChangedInside()
  }

  // MARK: Reuse

  /// Resets the selection and highlight before the cell is reused.
  open override func prepareForReuse() {
    super.prepareForReuse()
    isSelected = false
    isHighlighted = false
  }

  // MARK: Layout

  open override func layoutSubviews() {
    super.layoutSubviews()
    _contentView.frame = bounds
    backgroundView?.frame = bounds
    if isSelected || isHighlighted { selectedBackgroundView?.frame = bounds }
    _configurationView?.frame = _contentView.bounds
  }

  override var _measuredView: UIView { _contentView }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    if let view = _configurationView {
      let fitted = view.sizeThatFits(size)
      return CGSize(width: size.width > 0 ? size.width : fitted.width, height: fitted.height)
    }
    return super.sizeThatFits(size)
  }
}
