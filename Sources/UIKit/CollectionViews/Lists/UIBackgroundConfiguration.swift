import Foundation
import TextEditing

/// The background of a cell, header or footer as a value (iOS 14): a colour, corners, insets
/// and a stroke, with the system styles of list cells. A cell draws it behind its content and
/// updates it for its state (selected and highlighted cells darken).
public struct UIBackgroundConfiguration: Equatable {
  enum _Style: Equatable { case clear, plainCell, plainHeaderFooter, groupedCell, groupedHeaderFooter, sidebarCell, sidebarHeader }
  var _style: _Style

  /// A view drawn as the background (above the colour).
  public var customView: UIView?
  /// The corner radius.
  public var cornerRadius: CGFloat = 0
  /// Insets of the background inside the cell.
  public var backgroundInsets: NSDirectionalEdgeInsets = .zero
  /// The colour (nil: the cell's tint colour).
  public var backgroundColor: UIColor?
  /// Changes the colour before it is drawn.
  public var backgroundColorTransformer: UIConfigurationColorTransformer?
  /// The stroke's colour (nil: none).
  public var strokeColor: UIColor?
  /// The stroke's width.
  public var strokeWidth: CGFloat = 0
  /// How far the stroke reaches outside the background.
  public var strokeOutset: CGFloat = 0

  init(_style style: _Style) {
    _style = style
    switch style {
    case .clear: backgroundColor = .clear
    case .plainCell: backgroundColor = .systemBackground
    case .plainHeaderFooter: backgroundColor = .systemBackground
    case .groupedCell: backgroundColor = .secondarySystemGroupedBackground
    case .groupedHeaderFooter: backgroundColor = .clear
    case .sidebarCell: backgroundColor = .clear
    case .sidebarHeader: backgroundColor = .clear
    }
  }

  /// No background.
  public static func clear() -> UIBackgroundConfiguration { .init(_style: .clear) }
  /// A plain list's cell.
  public static func listPlainCell() -> UIBackgroundConfiguration { .init(_style: .plainCell) }
  /// A plain list's header or footer.
  public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { .init(_style: .plainHeaderFooter) }
  /// A grouped list's cell.
  public static func listGroupedCell() -> UIBackgroundConfiguration { .init(_style: .groupedCell) }
  /// A grouped list's header or footer.
  public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { .init(_style: .groupedHeaderFooter) }
  /// A sidebar's cell.
  public static func listSidebarCell() -> UIBackgroundConfiguration { .init(_style: .sidebarCell) }
  /// A sidebar's header.
  public static func listSidebarHeader() -> UIBackgroundConfiguration { .init(_style: .sidebarHeader) }

  /// The colour drawn for `tintColor` (the transformer applied).
  public func resolvedBackgroundColor(for tintColor: UIColor) -> UIColor {
    let color = backgroundColor ?? tintColor
    return backgroundColorTransformer?(color) ?? color
  }

  /// This configuration as a cell in `state` shows it: highlighted and selected list cells
  /// take the system's grey (a sidebar's, the tint colour).
  public func updated(for state: any UIConfigurationState) -> UIBackgroundConfiguration {
    guard let cell = state as? UICellConfigurationState, cell.isHighlighted || cell.isSelected else { return self }
    var updated = self
    switch _style {
    case .plainCell, .groupedCell: updated.backgroundColor = .systemGray4
    case .sidebarCell: updated.backgroundColor = nil
    case .clear, .plainHeaderFooter, .groupedHeaderFooter, .sidebarHeader: break
    }
    return updated
  }

  public static func == (a: UIBackgroundConfiguration, b: UIBackgroundConfiguration) -> Bool {
    a._style == b._style && a.customView === b.customView && a.cornerRadius == b.cornerRadius
      && a.backgroundInsets == b.backgroundInsets && a.backgroundColor == b.backgroundColor
      && a.strokeColor == b.strokeColor && a.strokeWidth == b.strokeWidth && a.strokeOutset == b.strokeOutset
  }
}

/// Changes a colour (a configuration's colour before it is drawn).
public struct UIConfigurationColorTransformer: Sendable {
  /// The transformation.
  public let transform: @Sendable (UIColor) -> UIColor

  /// A transformer that applies `transform`.
  public init(_ transform: @escaping @Sendable (UIColor) -> UIColor) {
    self.transform = transform
  }

  /// Applies the transformation.
  public func callAsFunction(_ input: UIColor) -> UIColor { transform(input) }

  /// Makes colours grey.
  public static let grayscale = UIConfigurationColorTransformer { color in
    var white: CGFloat = 0
    var alpha: CGFloat = 0
    var red: CGFloat = 0
    var green: CGFloat = 0
    var blue: CGFloat = 0
    if color.getRed(&red, green: &green, blue: &blue, alpha: &alpha) {
      white = 0.299 * red + 0.587 * green + 0.114 * blue
    }
    return UIColor(white: white, alpha: alpha)
  }
}
