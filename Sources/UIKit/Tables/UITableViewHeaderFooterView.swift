import Foundation

/// A section's header or footer: a reusable view with a content view and a text label (the
/// table view makes one for a data source's title).
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
  /// The identifier the table view reuses the view under.
  open private(set) var reuseIdentifier: String?
  /// The view the content goes in.
  open private(set) var contentView: UIView
  /// Whether the view is a footer (set by the table view; a footer's text sits at its top).
  var _isFooter = false

  /// A header or footer view reused under `reuseIdentifier`.
  public init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    contentView = UIView(frame: .zero)
    super.init(frame: .zero)
    contentView.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)
    addSubview(contentView)
  }

  public convenience override init(frame: CGRect) {
    self.init(reuseIdentifier: nil)
    self.frame = frame
  }

  /// How a table view makes a view of a registered class (see
  /// ``UITableViewCell/init(_registeredReuseIdentifier:)``).
  public required convenience init(_registeredReuseIdentifier identifier: String) {
    self.init(reuseIdentifier: identifier)
  }

  public required init?(coder: NSCoder) {
    contentView = UIView(frame: .zero)
    super.init(coder: coder)
    addSubview(contentView)
  }

  private var _textLabel: UILabel?
  private var _detailTextLabel: UILabel?

  /// The title label (created on first use).
  open var textLabel: UILabel? {
    if let _textLabel { return _textLabel }
    let label = UILabel()
    label.font = .preferredFont(forTextStyle: .footnote)
    label.textColor = .secondaryLabel
    label.numberOfLines = 0
    contentView.addSubview(label)
    _textLabel = label
    setNeedsLayout()
    return label
  }

  /// A secondary label (created on first use).
  open var detailTextLabel: UILabel? {
    if let _detailTextLabel { return _detailTextLabel }
    let label = UILabel()
    label.font = .preferredFont(forTextStyle: .footnote)
    label.textColor = .secondaryLabel
    contentView.addSubview(label)
    _detailTextLabel = label
    setNeedsLayout()
    return label
  }

  /// A view behind the content.
  open var backgroundView: UIView? {
    didSet {
      oldValue?.removeFromSuperview()
      if let backgroundView { insertSubview(backgroundView, at: 0) }
    }
  }

  /// The content as a configuration (see ``UITableViewCell/contentConfiguration``).
  open var contentConfiguration: (any UIContentConfiguration)? {
    didSet {
      _configurationView?.removeFromSuperview()
      _configurationView = nil
      if let contentConfiguration {
        let view = contentConfiguration.makeContentView()
        contentView.addSubview(view)
        _configurationView = view
        _textLabel?.isHidden = true
        _detailTextLabel?.isHidden = true
      }
      setNeedsLayout()
    }
  }
  private var _configurationView: (any UIView & UIContentView)?

  /// An empty header configuration.
  open func defaultContentConfiguration() -> UIListContentConfiguration {
    _isFooter ? .footer() : .header()
  }

  /// Called before the table view hands the view out again.
  open func prepareForReuse() {}

  private var _kind: _ListLayout.Kind { _isFooter ? .footer : .header }

  open override func layoutSubviews() {
    super.layoutSubviews()
    contentView.frame = bounds
    backgroundView?.frame = bounds
    if let view = _configurationView {
      view.frame = contentView.bounds
    } else {
      _ListLayout.layout(
        _kind, in: contentView.bounds, margins: contentView.directionalLayoutMargins, image: nil, text: _textLabel,
        secondary: _detailTextLabel)
    }
  }

  /// The height the content needs at `width`.
  func _fittingHeight(width: CGFloat) -> CGFloat {
    if let view = _configurationView { return view.sizeThatFits(CGSize(width: width, height: 0)).height }
    if !contentView.constraints.isEmpty || contentView.subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) {
      return contentView.systemLayoutSizeFitting(
        CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
        verticalFittingPriority: .fittingSizeLevel
      ).height.rounded(.up)
    }
    return _ListLayout.height(
      _kind, width: width, margins: contentView.directionalLayoutMargins, image: nil, text: _textLabel,
      secondary: _detailTextLabel)
  }
}
