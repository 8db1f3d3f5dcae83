import Foundation

/// The content of a list cell, header or footer: an image, a text and a secondary text, with
/// their properties, laid out in one of the system styles (`cell()`, `subtitleCell()`,
/// `valueCell()`, headers and footers).
public struct UIListContentConfiguration: UIContentConfiguration {
  /// Which system style lays the content out.
  enum _Style: Sendable { case cell, subtitle, value, header, footer, groupedHeader, groupedFooter }
  var _style: _Style

  /// The image at the leading edge.
  public var image: UIImage?
  /// How the image is drawn.
  public var imageProperties = ImageProperties()
  /// The main text.
  public var text: String?
  /// The main text, with attributes (wins over ``text``).
  public var attributedText: NSAttributedString?
  /// How the main text is drawn.
  public var textProperties: TextProperties
  /// The secondary text (below the text, or at the trailing edge of a value cell).
  public var secondaryText: String?
  /// The secondary text, with attributes (wins over ``secondaryText``).
  public var secondaryAttributedText: NSAttributedString?
  /// How the secondary text is drawn.
  public var secondaryTextProperties: TextProperties
  /// The margins around the content.
  public var directionalLayoutMargins: NSDirectionalEdgeInsets
  /// Whether the content's margins come from the view's layout margins.
  public var axesPreservingSuperviewLayoutMargins: UIAxis = [.horizontal]
  /// The space between the image and the texts.
  public var imageToTextPadding: CGFloat = 16
  /// The space between the text and the secondary text side by side.
  public var textToSecondaryTextHorizontalPadding: CGFloat = 8
  /// The space between the text and the secondary text one above the other.
  public var textToSecondaryTextVerticalPadding: CGFloat = 3
  /// Whether the texts go side by side (as in a value cell) rather than stacked.
  public var prefersSideBySideTextAndSecondaryText: Bool

  init(_style style: _Style) {
    _style = style
    var primary = TextProperties(font: .preferredFont(forTextStyle: .body), color: .label)
    var secondary = TextProperties(font: .preferredFont(forTextStyle: .body), color: .secondaryLabel)
    var margins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    prefersSideBySideTextAndSecondaryText = false
    switch style {
    case .cell: break
    case .subtitle:
      secondary.font = .preferredFont(forTextStyle: .subheadline)
      secondary.color = .label
    case .value:
      prefersSideBySideTextAndSecondaryText = true
    case .header, .groupedHeader:
      primary.font = .preferredFont(forTextStyle: style == .header ? .headline : .footnote)
      primary.color = style == .header ? .label : .secondaryLabel
      margins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)
    case .footer, .groupedFooter:
      primary.font = .preferredFont(forTextStyle: .footnote)
      primary.color = .secondaryLabel
      margins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)
    }
    primary.numberOfLines = 0
    secondary.numberOfLines = 0
    textProperties = primary
    secondaryTextProperties = secondary
    directionalLayoutMargins = margins
  }

  /// The content of a default cell: an image and a text.
  public static func cell() -> UIListContentConfiguration { .init(_style: .cell) }
  /// A cell with the secondary text below the text.
  public static func subtitleCell() -> UIListContentConfiguration { .init(_style: .subtitle) }
  /// A cell with the secondary text at the trailing edge.
  public static func valueCell() -> UIListContentConfiguration { .init(_style: .value) }
  /// A plain table's header.
  public static func plainHeader() -> UIListContentConfiguration { .init(_style: .header) }
  /// A plain table's footer.
  public static func plainFooter() -> UIListContentConfiguration { .init(_style: .footer) }
  /// A header (as in a plain table).
  public static func header() -> UIListContentConfiguration { .init(_style: .header) }
  /// A footer (as in a plain table).
  public static func footer() -> UIListContentConfiguration { .init(_style: .footer) }
  /// A grouped table's header.
  public static func groupedHeader() -> UIListContentConfiguration { .init(_style: .groupedHeader) }
  /// A grouped table's footer.
  public static func groupedFooter() -> UIListContentConfiguration { .init(_style: .groupedFooter) }

  public func makeContentView() -> any UIView & UIContentView {
    UIListContentView(configuration: self)
  }

  /// The configuration for `state` (its look does not change with the state here).
  public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }

  /// How a text of the configuration is drawn.
  public struct TextProperties {
    /// The font.
    public var font: UIFont
    /// The colour.
    public var color: UIColor
    /// The alignment.
    public var alignment: TextAlignment = .natural
    /// How lines that do not fit break.
    public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    /// The most lines (0: as many as needed).
    public var numberOfLines = 0
    /// Whether the font shrinks to fit the width.
    public var adjustsFontSizeToFitWidth = false
    /// The smallest scale the font shrinks to.
    public var minimumScaleFactor: CGFloat = 0
    /// A change of case applied to the text.
    public var transform: TextTransform = .none

    init(font: UIFont, color: UIColor) {
      self.font = font
      self.color = color
    }

    /// A text's alignment in a list.
    public enum TextAlignment: Int, Sendable {
      case natural, center, justified
    }

    /// A change of case.
    public enum TextTransform: Int, Sendable {
      case none, capitalized, lowercase, uppercase
    }

    func _apply(_ string: String) -> String {
      switch transform {
      case .none: string
      case .capitalized: string.capitalized
      case .lowercase: string.lowercased()
      case .uppercase: string.uppercased()
      }
    }
  }

  /// How the image of the configuration is drawn.
  public struct ImageProperties {
    /// The image's tint.
    public var tintColor: UIColor?
    /// The largest size the image is drawn at (zero: its own size).
    public var maximumSize: CGSize = .zero
    /// The space kept for the image whatever its size (zero: its size).
    public var reservedLayoutSize: CGSize = .zero
    /// The corner radius.
    public var cornerRadius: CGFloat = 0
  }
}

/// The view that shows a ``UIListContentConfiguration``.
@preconcurrency @MainActor
open class UIListContentView: UIView, UIContentView {
  let _imageView = UIImageView()
  let _textLabel = UILabel()
  let _secondaryLabel = UILabel()
  private var _configuration: UIListContentConfiguration

  /// A view showing `configuration`.
  public init(configuration: UIListContentConfiguration) {
    _configuration = configuration
    super.init(frame: .zero)
    for view in [_imageView, _textLabel, _secondaryLabel] as [UIView] { addSubview(view) }
    _apply()
  }

  public required init?(coder: NSCoder) {
    _configuration = .cell()
    super.init(coder: coder)
  }

  /// The configuration shown (a ``UIListContentConfiguration``; another kind is ignored).
  open var configuration: any UIContentConfiguration {
    get { _configuration }
    set {
      guard let list = newValue as? UIListContentConfiguration else { return }
      _configuration = list
      _apply()
    }
  }

  /// Whether `configuration` is a ``UIListContentConfiguration``.
  open func supports(_ configuration: any UIContentConfiguration) -> Bool {
    configuration is UIListContentConfiguration
  }

  private func _apply() {
    let c = _configuration
    _imageView.image = c.image
    _imageView.isHidden = c.image == nil
    Self._configure(_textLabel, text: c.text, attributed: c.attributedText, properties: c.textProperties)
    Self._configure(
      _secondaryLabel, text: c.secondaryText, attributed: c.secondaryAttributedText, properties: c.secondaryTextProperties)
    invalidateIntrinsicContentSize()
    setNeedsLayout()
  }

  private static func _configure(
    _ label: UILabel, text: String?, attributed: NSAttributedString?, properties: UIListContentConfiguration.TextProperties
  ) {
    label.font = properties.font
    label.textColor = properties.color
    label.numberOfLines = properties.numberOfLines
    label.lineBreakMode = properties.lineBreakMode
    label.textAlignment = properties.alignment == .center ? .center : (properties.alignment == .justified ? .justified : .natural)
    if let attributed {
      label.attributedText = attributed
    } else {
      label.text = text.map(properties._apply)
    }
    label.isHidden = (label.text ?? "").isEmpty
  }

  var _layoutKind: _ListLayout.Kind {
    switch _configuration._style {
    case .subtitle: .subtitle
    case .value: .value1
    case .cell: _configuration.prefersSideBySideTextAndSecondaryText ? .value1 : .subtitle
    case .header, .groupedHeader: .header
    case .footer, .groupedFooter: .footer
    }
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    _ListLayout.layout(
      _layoutKind, in: bounds, margins: _configuration.directionalLayoutMargins, image: _imageView, text: _textLabel,
      secondary: _secondaryLabel, imagePadding: _configuration.imageToTextPadding,
      horizontalPadding: _configuration.textToSecondaryTextHorizontalPadding,
      verticalPadding: _configuration.textToSecondaryTextVerticalPadding)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let height = _ListLayout.height(
      _layoutKind, width: size.width, margins: _configuration.directionalLayoutMargins, image: _imageView,
      text: _textLabel, secondary: _secondaryLabel, imagePadding: _configuration.imageToTextPadding,
      horizontalPadding: _configuration.textToSecondaryTextHorizontalPadding,
      verticalPadding: _configuration.textToSecondaryTextVerticalPadding)
    return CGSize(width: size.width, height: height)
  }
}

/// The system layouts of list content: an image at the leading edge, then the texts stacked
/// (default and subtitle cells), side by side (value cells, the secondary text trailing), in a
/// label column (value2), or one text at the bottom (headers) or top (footers).
@MainActor
enum _ListLayout {
  enum Kind { case subtitle, value1, value2, header, footer }

  private static func visible(_ label: UILabel?) -> UILabel? {
    guard let label, !label.isHidden, !(label.text ?? "").isEmpty else { return nil }
    return label
  }

  private static func textHeight(_ label: UILabel?, width: CGFloat) -> CGFloat {
    guard let label = visible(label) else { return 0 }
    return label.sizeThatFits(CGSize(width: max(1, width), height: 0)).height
  }

  private static func textWidth(_ label: UILabel?) -> CGFloat {
    guard let label = visible(label) else { return 0 }
    return label.sizeThatFits(.zero).width
  }

  /// The image's size and the leading edge of the texts.
  private static func imageFrame(
    _ image: UIImageView?, x: CGFloat, midY: CGFloat, imagePadding: CGFloat
  ) -> (CGRect, CGFloat) {
    guard let image, !image.isHidden, let size = image.image?.size, size != .zero else { return (.zero, x) }
    let frame = CGRect(x: x, y: (midY - size.height / 2).rounded(), width: size.width, height: size.height)
    return (frame, x + size.width + imagePadding)
  }

  static func layout(
    _ kind: Kind, in bounds: CGRect, margins: NSDirectionalEdgeInsets, image: UIImageView?, text: UILabel?,
    secondary: UILabel?, imagePadding: CGFloat = 16, horizontalPadding: CGFloat = 8, verticalPadding: CGFloat = 3
  ) {
    let top = bounds.minY + margins.top, bottom = bounds.maxY - margins.bottom
    let midY = (top + bottom) / 2
    let right = bounds.maxX - margins.trailing
    let (imageRect, x) = imageFrame(image, x: bounds.minX + margins.leading, midY: midY, imagePadding: imagePadding)
    if let image, imageRect != .zero { image.frame = imageRect }
    let available = max(0, right - x)
    switch kind {
    case .subtitle, .header, .footer:
      let h1 = textHeight(text, width: available)
      let h2 = textHeight(secondary, width: available)
      let gap = h1 > 0 && h2 > 0 ? verticalPadding : 0
      let total = h1 + gap + h2
      let y: CGFloat =
        switch kind {
        case .header: max(top, bottom - total)
        case .footer: top
        default: (midY - total / 2).rounded()
        }
      text?.frame = CGRect(x: x, y: y, width: available, height: h1)
      secondary?.frame = CGRect(x: x, y: y + h1 + gap, width: available, height: h2)
    case .value1:
      let secondaryWidth = min(textWidth(secondary), available / 2)
      let gap = secondaryWidth > 0 ? horizontalPadding : 0
      let textWidth = max(0, available - secondaryWidth - gap)
      let h1 = textHeight(text, width: textWidth), h2 = textHeight(secondary, width: secondaryWidth)
      text?.frame = CGRect(x: x, y: (midY - h1 / 2).rounded(), width: textWidth, height: h1)
      secondary?.textAlignment = .right
      secondary?.frame = CGRect(x: right - secondaryWidth, y: (midY - h2 / 2).rounded(), width: secondaryWidth, height: h2)
    case .value2:
      let column = (available * 0.3).rounded()
      let secondaryWidth = max(0, available - column - horizontalPadding)
      let h1 = textHeight(text, width: column), h2 = textHeight(secondary, width: secondaryWidth)
      text?.textAlignment = .right
      text?.frame = CGRect(x: x, y: (midY - h1 / 2).rounded(), width: column, height: h1)
      secondary?.frame = CGRect(
        x: x + column + horizontalPadding, y: (midY - h2 / 2).rounded(), width: secondaryWidth, height: h2)
    }
  }

  /// The height the content needs at `width` (margins included).
  static func height(
    _ kind: Kind, width: CGFloat, margins: NSDirectionalEdgeInsets, image: UIImageView?, text: UILabel?,
    secondary: UILabel?, imagePadding: CGFloat = 16, horizontalPadding: CGFloat = 8, verticalPadding: CGFloat = 3
  ) -> CGFloat {
    let (imageRect, x) = imageFrame(image, x: margins.leading, midY: 0, imagePadding: imagePadding)
    let available = max(0, width - margins.trailing - x)
    let content: CGFloat
    switch kind {
    case .subtitle, .header, .footer:
      let h1 = textHeight(text, width: available), h2 = textHeight(secondary, width: available)
      content = h1 + h2 + (h1 > 0 && h2 > 0 ? verticalPadding : 0)
    case .value1:
      let secondaryWidth = min(textWidth(secondary), available / 2)
      let textWidth = max(0, available - secondaryWidth - (secondaryWidth > 0 ? horizontalPadding : 0))
      content = max(textHeight(text, width: textWidth), textHeight(secondary, width: secondaryWidth))
    case .value2:
      let column = (available * 0.3).rounded()
      content = max(
        textHeight(text, width: column), textHeight(secondary, width: max(0, available - column - horizontalPadding)))
    }
    return (max(content, imageRect.height) + margins.top + margins.bottom).rounded(.up)
  }
}
