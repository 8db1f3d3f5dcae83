// Image configurations: the traits and symbol settings an image is drawn with.
//
// There are no SF Symbols shapes on Linux; a symbol image is drawn as its glyph (UIImage.swift).
// What a configuration changes here is what code can observe: the symbol image's size (its
// point size times the scale's factor, as the glyph's box), the weight and colours it keeps,
// and how configurations combine (`applying(_:)`: the other's specified values win).

extension UIImage {
  /// The traits an image is for.
  open class Configuration: NSObject, @unchecked Sendable {
    /// The traits, when set.
    public let traitCollection: UITraitCollection?

    init(traitCollection: UITraitCollection?) {
      self.traitCollection = traitCollection
      super.init()
    }

    /// A copy with `traitCollection`.
    open func withTraitCollection(_ traitCollection: UITraitCollection?) -> Self {
      _with(traitCollection: traitCollection)
    }

    /// This configuration with `otherConfiguration`'s specified values over it.
    open func applying(_ otherConfiguration: UIImage.Configuration?) -> Self {
      _applying(otherConfiguration)
    }

    func _with(traitCollection: UITraitCollection?) -> Self {
      // Subclasses return their own copy; a plain configuration is one of these.
      unsafeDowncast(Configuration(traitCollection: traitCollection), to: Self.self)
    }

    func _applying(_ other: UIImage.Configuration?) -> Self {
      _with(traitCollection: other?.traitCollection ?? traitCollection)
    }
  }

  /// The weight of a symbol's strokes.
  public enum SymbolWeight: Int, Sendable, Hashable {
    case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The font weight of the same name.
    public func fontWeight() -> UIFont.Weight {
      switch self {
      case .unspecified, .regular: .regular
      case .ultraLight: .ultraLight
      case .thin: .thin
      case .light: .light
      case .medium: .medium
      case .semibold: .semibold
      case .bold: .bold
      case .heavy: .heavy
      case .black: .black
      }
    }
  }

  /// A symbol's size relative to the text beside it.
  public enum SymbolScale: Int, Sendable, Hashable {
    case `default` = -1, unspecified = 0, small, medium, large

    /// How much bigger than the point size the symbol's box is (iOS's small and large scales
    /// are about 0.8 and 1.3 of the medium one).
    var _factor: CGFloat {
      switch self {
      case .small: 0.8
      case .large: 1.3
      default: 1
      }
    }
  }

  /// How a symbol image is drawn: point size or text style, weight, scale and colours.
  open class SymbolConfiguration: Configuration, @unchecked Sendable {
    /// The point size (0: unspecified).
    package let _pointSize: CGFloat
    package let _textStyle: UIFont.TextStyle?
    package let _weight: SymbolWeight
    package let _scale: SymbolScale
    package let _hierarchicalColor: UIColor?
    package let _paletteColors: [UIColor]?
    package let _prefersMulticolor: Bool?

    init(
      traitCollection: UITraitCollection? = nil, pointSize: CGFloat = 0, textStyle: UIFont.TextStyle? = nil,
      weight: SymbolWeight = .unspecified, scale: SymbolScale = .unspecified, hierarchicalColor: UIColor? = nil,
      paletteColors: [UIColor]? = nil, prefersMulticolor: Bool? = nil
    ) {
      _pointSize = pointSize.isFinite ? max(0, pointSize) : 0
      _textStyle = textStyle
      _weight = weight
      _scale = scale
      _hierarchicalColor = hierarchicalColor
      _paletteColors = paletteColors
      _prefersMulticolor = prefersMulticolor
      super.init(traitCollection: traitCollection)
    }

    /// Symbols at `pointSize`.
    public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: .unspecified) }
    /// Symbols at `pointSize` and `weight`.
    public convenience init(pointSize: CGFloat, weight: SymbolWeight) {
      self.init(pointSize: pointSize, weight: weight, scale: .unspecified)
    }
    /// Symbols at `pointSize`, `weight` and `scale`.
    public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
      self.init(traitCollection: nil, pointSize: pointSize, weight: weight, scale: scale)
    }
    /// Symbols sized as text of `textStyle`.
    public convenience init(textStyle: UIFont.TextStyle) { self.init(textStyle: textStyle, scale: .unspecified) }
    /// Symbols sized as text of `textStyle`, at `scale`.
    public convenience init(textStyle: UIFont.TextStyle, scale: SymbolScale) {
      self.init(traitCollection: nil, textStyle: textStyle, scale: scale)
    }
    /// Symbols of `weight`.
    public convenience init(weight: SymbolWeight) { self.init(traitCollection: nil, weight: weight) }
    /// Symbols at `scale`.
    public convenience init(scale: SymbolScale) { self.init(traitCollection: nil, scale: scale) }
    /// Symbols matching `font` (its point size and weight).
    public convenience init(font: UIFont) { self.init(font: font, scale: .unspecified) }
    /// Symbols matching `font`, at `scale`.
    public convenience init(font: UIFont, scale: SymbolScale) {
      self.init(traitCollection: nil, pointSize: font.pointSize, weight: font._symbolWeight, scale: scale)
    }
    /// Symbols in shades of one colour.
    public convenience init(hierarchicalColor: UIColor) { self.init(traitCollection: nil, hierarchicalColor: hierarchicalColor) }
    /// Symbols whose layers take these colours in order.
    public convenience init(paletteColors: [UIColor]) { self.init(traitCollection: nil, paletteColors: paletteColors) }

    /// A configuration preferring the symbols' own colours.
    open class func preferringMulticolor() -> Self {
      unsafeDowncast(SymbolConfiguration(prefersMulticolor: true), to: Self.self)
    }
    /// A configuration preferring one colour.
    open class func preferringMonochrome() -> Self {
      unsafeDowncast(SymbolConfiguration(prefersMulticolor: false), to: Self.self)
    }
    /// A configuration that specifies nothing.
    public class var unspecified: SymbolConfiguration { SymbolConfiguration() }

    /// This configuration without its point size, text style and weight.
    open func configurationWithoutPointSizeAndWeight() -> Self {
      _copy(pointSize: 0, textStyle: .some(nil), weight: .unspecified)
    }
    /// This configuration without its scale.
    open func configurationWithoutScale() -> Self { _copy(scale: .unspecified) }
    /// This configuration without its text style.
    open func configurationWithoutTextStyle() -> Self { _copy(textStyle: .some(nil)) }
    /// This configuration without its weight.
    open func configurationWithoutWeight() -> Self { _copy(weight: .unspecified) }

    /// Whether `otherConfiguration` specifies the same values.
    open func isEqual(to otherConfiguration: UIImage.SymbolConfiguration?) -> Bool {
      guard let other = otherConfiguration else { return false }
      return _pointSize == other._pointSize && _textStyle == other._textStyle && _weight == other._weight
        && _scale == other._scale && _hierarchicalColor == other._hierarchicalColor
        && _paletteColors == other._paletteColors && _prefersMulticolor == other._prefersMulticolor
        && traitCollection == other.traitCollection
    }

    open override func isEqual(_ object: Any?) -> Bool { isEqual(to: object as? SymbolConfiguration) }
    open override var hash: Int {
      var hasher = Hasher()
      hasher.combine(_pointSize)
      hasher.combine(_weight)
      hasher.combine(_scale)
      return hasher.finalize()
    }

    func _copy(
      pointSize: CGFloat? = nil, textStyle: UIFont.TextStyle?? = nil, weight: SymbolWeight? = nil, scale: SymbolScale? = nil,
      traitCollection: UITraitCollection?? = nil
    ) -> Self {
      unsafeDowncast(
        SymbolConfiguration(
          traitCollection: traitCollection ?? self.traitCollection, pointSize: pointSize ?? _pointSize,
          textStyle: textStyle ?? _textStyle, weight: weight ?? _weight, scale: scale ?? _scale,
          hierarchicalColor: _hierarchicalColor, paletteColors: _paletteColors, prefersMulticolor: _prefersMulticolor),
        to: Self.self)
    }

    override func _with(traitCollection: UITraitCollection?) -> Self { _copy(traitCollection: .some(traitCollection)) }

    override func _applying(_ other: UIImage.Configuration?) -> Self {
      guard let other else { return self }
      guard let symbol = other as? SymbolConfiguration else { return _with(traitCollection: other.traitCollection ?? traitCollection) }
      // The other's specified values win; a point size and a text style replace each other.
      let sizeFromOther = symbol._pointSize > 0 || symbol._textStyle != nil
      return unsafeDowncast(
        SymbolConfiguration(
          traitCollection: symbol.traitCollection ?? traitCollection,
          pointSize: sizeFromOther ? symbol._pointSize : _pointSize,
          textStyle: sizeFromOther ? symbol._textStyle : _textStyle,
          weight: symbol._weight != .unspecified ? symbol._weight : _weight,
          scale: symbol._scale != .unspecified ? symbol._scale : _scale,
          hierarchicalColor: symbol._hierarchicalColor ?? _hierarchicalColor,
          paletteColors: symbol._paletteColors ?? _paletteColors,
          prefersMulticolor: symbol._prefersMulticolor ?? _prefersMulticolor),
        to: Self.self)
    }

    /// The side of a symbol's box in points: the point size (or the text style's), times the
    /// scale's factor; nil when the configuration gives no size.
    var _symbolSide: CGFloat? {
      let points = _pointSize > 0 ? _pointSize : _textStyle.map { UIFont.preferredFont(forTextStyle: $0).pointSize }
      return points.map { $0 * _scale._factor }
    }
  }

  /// The image's configuration (a symbol image's symbol configuration).
  public var configuration: UIImage.Configuration? { _symbolConfiguration }

  /// A symbol image's configuration (nil for other images and symbols without one).
  public var symbolConfiguration: UIImage.SymbolConfiguration? { _symbolConfiguration }

  /// The symbol named `name` drawn with `configuration`.
  public convenience init?(systemName name: String, withConfiguration configuration: UIImage.Configuration?) {
    guard !name.isEmpty else { return nil }
    let symbol = configuration as? SymbolConfiguration
    let side = symbol?._symbolSide
    self.init(
      name: name, isSymbol: true, size: side.map { CGSize(width: $0, height: $0) } ?? UIImage.defaultSize,
      symbolConfiguration: symbol)
  }

  /// The image named `name` (any non-empty name), with `configuration`.
  public convenience init?(named name: String, in bundle: Bundle?, with configuration: UIImage.Configuration?) {
    guard !name.isEmpty else { return nil }
    self.init(name: name, isSymbol: false, size: UIImage.defaultSize)
  }

  /// `withConfiguration(_:)`.
  func _withConfiguration(_ configuration: UIImage.Configuration) -> UIImage {
    guard isSymbolImage, let symbol = configuration as? SymbolConfiguration else { return self }
    let side = symbol._symbolSide
    return _copy(symbolConfiguration: .some(symbol), size: side.map { CGSize(width: $0, height: $0) } ?? size)
  }


}

extension UIFont {
  /// The symbol weight matching the font's weight.
  var _symbolWeight: UIImage.SymbolWeight {
    let weight = (fontDescriptor._weight ?? .regular).rawValue
    switch weight {
    case ..<(-0.7): return .ultraLight
    case ..<(-0.5): return .thin
    case ..<(-0.2): return .light
    case ..<0.1: return .regular
    case ..<0.27: return .medium
    case ..<0.35: return .semibold
    case ..<0.5: return .bold
    case ..<0.6: return .heavy
    default: return .black
    }
  }
}
