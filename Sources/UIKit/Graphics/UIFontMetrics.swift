import Foundation

/// Scales fonts and values as a text style scales with the content size category: a custom font
/// made through a metrics object grows and shrinks with the style's system font.
open class UIFontMetrics: NSObject, @unchecked Sendable {
  private let textStyle: UIFont.TextStyle

  /// The metrics of the body style.
  open class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

  /// The metrics of `textStyle`.
  public init(forTextStyle textStyle: UIFont.TextStyle) {
    self.textStyle = textStyle
    super.init()
  }

  /// The ratio of the style's size at `category` to its size at Large.
  private func ratio(_ traitCollection: UITraitCollection?) -> CGFloat {
    let category = UIContentSizeCategory._resolved(traitCollection?.preferredContentSizeCategory)
    return textStyle._size(for: category) / textStyle.defaultSizeAndWeight.size
  }

  /// `font` scaled for the app's content size category (taken as its size at Large); a view
  /// that adjusts to the category scales it again when the category changes.
  open func scaledFont(for font: UIFont) -> UIFont {
    scaledFont(for: font, maximumPointSize: 0, compatibleWith: nil)
  }

  /// `font` scaled, at most `maximumPointSize` points (0: no limit).
  open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
    scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
  }

  /// `font` scaled for the category of `traitCollection`.
  open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
    scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
  }

  /// `font` scaled for the category of `traitCollection`, at most `maximumPointSize` (0: no limit).
  open func scaledFont(
    for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection?
  ) -> UIFont {
    let dynamic = UIFont._DynamicType(
      style: textStyle, sizeAtLarge: font.pointSize, maximumPointSize: maximumPointSize > 0 ? maximumPointSize : nil)
    let category = UIContentSizeCategory._resolved(traitCollection?.preferredContentSizeCategory)
    let scaled = font.withSize(dynamic.size(for: category))
    scaled._dynamic = dynamic
    return scaled
  }

  /// `value` (a spacing, a height) scaled as the style's font is for the app's category.
  open func scaledValue(for value: CGFloat) -> CGFloat {
    scaledValue(for: value, compatibleWith: nil)
  }

  /// `value` scaled for the category of `traitCollection`.
  open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
    value * ratio(traitCollection)
  }
}
