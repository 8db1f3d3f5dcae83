// UIFont: a font description with the metrics text layout needs.
//
// There is no font rasterizer behind it. Every font, system or named, reports metrics scaled from
// San Francisco (SF Pro Text: 2048 units per em, ascender 1950, descender -494, cap height 1443,
// x-height 1084, no line gap), so a 17 pt font has lineHeight 17 × 2444 / 2048 ≈ 20.287, as on iOS.
// `init?(name:size:)` accepts any name and keeps it (iOS returns nil for fonts it does not have).
// System font names follow iOS 13 and later: ".SFUI-Regular", ".SFUI-Bold", ...; family
// ".AppleSystemUIFont".

/// A font: a name, a point size and a weight, with San Francisco's metrics scaled to the size.
open class UIFont: NSObject, NSSecureCoding, @unchecked Sendable {
  public static var supportsSecureCoding: Bool { true }
  /// CoreFoundation's object header; the first stored property (see `_CFObjectHeader`).
  private let _cfHeader = _CFObjectHeader.word
  /// The font's point size (the em size). A size given as NaN is 0 and one beyond ±2⁵³ points
  /// is held there: line heights and advances then stay finite when they are added up, so
  /// text in such a font lays out and draws (as nothing there, or enormous) instead of
  /// placing views at NaN, which Core Animation refuses.
  open private(set) var pointSize: CGFloat = 14
  /// The font's full name, such as ".SFUI-Regular" or "Helvetica-Bold".
  open private(set) var fontName = ".SFUI-Regular"
  /// The font's family name, such as ".AppleSystemUIFont" or "Helvetica".
  open private(set) var familyName = ".AppleSystemUIFont"

  private var weight = Weight.regular
  private var isItalic = false
  private var isMonospaced = false
  private var hasMonospacedDigits = false

  /// The system font at the system font size (14 pt): NSObject's initializer, which is UIFont's
  /// designated one on iOS, so that a subclass inherits the others. iOS code gets fonts from the
  /// class methods and `init?(name:size:)`; this one exists for subclasses and `UIFont()`.
  public override init() {
    super.init()
  }

  /// A font read from an archive (`NSKeyedArchiver`): its name and size under the keys iOS
  /// archives them with, and its weight, slant and fixed pitch. Nil for an archive with no font.
  public required init?(coder: NSCoder) {
    guard coder.allowsKeyedCoding, let name = coder.decodeObject(forKey: "UIFontName") as? String else {
      return nil
    }
    fontName = name
    familyName = (coder.decodeObject(forKey: "UIFontFamilyName") as? String) ?? name
    pointSize = UIFont._usableSize(CGFloat(coder.decodeDouble(forKey: "UIFontPointSize")))
    weight = Weight(rawValue: CGFloat(coder.decodeDouble(forKey: "UIFontWeight")))
    isItalic = coder.decodeBool(forKey: "UIFontItalic")
    isMonospaced = coder.decodeBool(forKey: "UIFontMonospaced")
    hasMonospacedDigits = coder.decodeBool(forKey: "UIFontMonospacedDigits")
    super.init()
  }

  /// Writes the font to an archive (see ``init(coder:)``).
  open func encode(with coder: NSCoder) {
    coder.encode(fontName, forKey: "UIFontName")
    coder.encode(familyName, forKey: "UIFontFamilyName")
    coder.encode(Double(pointSize), forKey: "UIFontPointSize")
    coder.encode(Double(weight.rawValue), forKey: "UIFontWeight")
    coder.encode(isItalic, forKey: "UIFontItalic")
    coder.encode(isMonospaced, forKey: "UIFontMonospaced")
    coder.encode(hasMonospacedDigits, forKey: "UIFontMonospacedDigits")
  }

  /// See ``pointSize``.
  private static func _usableSize(_ size: CGFloat) -> CGFloat {
    let limit = CGFloat(Int.boundedMagnitude)
    return size.isNaN ? 0 : min(max(size, -limit), limit)
  }

  private convenience init(
    name: String, family: String, size: CGFloat, weight: Weight,
    italic: Bool = false, monospaced: Bool = false, monospacedDigits: Bool = false
  ) {
    self.init()
    self.fontName = name
    self.familyName = family
    self.pointSize = UIFont._usableSize(size)
    self.weight = weight
    self.isItalic = italic
    self.isMonospaced = monospaced
    self.hasMonospacedDigits = monospacedDigits || monospaced
  }

  /// Creates a font with the given name and size; any name is accepted and kept (there is no font list on Linux).
  public convenience init?(name fontName: String, size fontSize: CGFloat) {
    guard !fontName.isEmpty else { return nil }
    let lowered = fontName.lowercased()
    let family = fontName.split(separator: "-", maxSplits: 1).first.map(String.init) ?? fontName
    let weight: Weight =
      lowered.contains("black") ? .black
      : lowered.contains("heavy") ? .heavy
      : lowered.contains("semibold") ? .semibold
      : lowered.contains("bold") ? .bold
      : lowered.contains("medium") ? .medium
      : lowered.contains("ultralight") ? .ultraLight
      : lowered.contains("thin") ? .thin
      : lowered.contains("light") ? .light
      : .regular
    let monospaced = ["mono", "courier", "menlo", "monaco", "consolas"].contains { lowered.contains($0) }
    self.init(
      name: fontName, family: family, size: fontSize, weight: weight,
      italic: lowered.contains("italic") || lowered.contains("oblique"), monospaced: monospaced)
  }

  // MARK: System fonts

  /// The system font (San Francisco) at the given size, regular weight.
  open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
    systemFont(ofSize: fontSize, weight: .regular)
  }

  /// The system font at the given size and weight.
  open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    UIFont(name: ".SFUI-\(weight.nameSuffix)", family: ".AppleSystemUIFont", size: fontSize, weight: weight)
  }

  /// The bold system font at the given size.
  open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    systemFont(ofSize: fontSize, weight: .bold)
  }

  /// The italic system font at the given size.
  open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(
      name: ".SFUI-RegularItalic", family: ".AppleSystemUIFont", size: fontSize, weight: .regular,
      italic: true)
  }

  /// The monospaced system font (SF Mono) at the given size and weight.
  open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    UIFont(
      name: ".AppleSystemUIFontMonospaced-\(weight.nameSuffix)", family: ".AppleSystemUIFontMonospaced",
      size: fontSize, weight: weight, monospaced: true)
  }

  /// The system font at the given size and weight, with digits of equal width.
  open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
    UIFont(
      name: ".SFUI-\(weight.nameSuffix)", family: ".AppleSystemUIFont", size: fontSize, weight: weight,
      monospacedDigits: true)
  }

  /// The system font for a text style at the app's preferred content size category (Large, the
  /// default, unless the host changed it): iOS's sizes for each category (see
  /// UIContentSizeCategory.swift).
  open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
    preferredFont(forTextStyle: style, compatibleWith: nil)
  }

  /// The system font for a text style at the content size category of `traitCollection` (the
  /// app's when nil or unspecified).
  open class func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
    let category = UIContentSizeCategory._resolved(traitCollection?.preferredContentSizeCategory)
    let (size, weight) = style.defaultSizeAndWeight
    let font = systemFont(ofSize: style._size(for: category), weight: weight)
    font._dynamic = _DynamicType(style: style, sizeAtLarge: size, maximumPointSize: nil)
    return font
  }

  /// A font matching `descriptor` at `pointSize` (the descriptor's size when 0).
  public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
    let size = pointSize > 0 ? pointSize : descriptor.pointSize
    let traits = descriptor.symbolicTraits
    let weight = descriptor._weight ?? (traits.contains(.traitBold) ? .bold : .regular)
    let bold = traits.contains(.traitBold) || weight.rawValue >= Weight.semibold.rawValue
    let italic = traits.contains(.traitItalic)
    let mono = traits.contains(.traitMonoSpace)
    let family = descriptor._family ?? ".AppleSystemUIFont"
    let name: String
    if let explicit = descriptor._name {
      name = explicit
    } else if family == ".AppleSystemUIFont" || family == ".AppleSystemUIFontMonospaced" {
      let suffix = (bold && weight.rawValue < Weight.semibold.rawValue ? Weight.bold : weight).nameSuffix
      name = (mono ? ".AppleSystemUIFontMonospaced-" : ".SFUI-") + suffix + (italic ? "Italic" : "")
    } else {
      name = family + (bold ? "-Bold" : "") + (italic ? (bold ? "Italic" : "-Italic") : "")
    }
    self.init(
      name: name, family: mono && descriptor._family == nil ? ".AppleSystemUIFontMonospaced" : family, size: size,
      weight: bold && weight.rawValue < Weight.semibold.rawValue ? .bold : weight, italic: italic, monospaced: mono)
    if let style = descriptor._textStyle {
      _dynamic = _DynamicType(style: style, sizeAtLarge: style.defaultSizeAndWeight.size, maximumPointSize: nil)
    }
  }

  /// The font's attributes as a descriptor (family, name, size, traits, text style).
  open var fontDescriptor: UIFontDescriptor {
    var traits: UIFontDescriptor.SymbolicTraits = []
    if _isBold { traits.insert(.traitBold) }
    if isItalic { traits.insert(.traitItalic) }
    if isMonospaced { traits.insert(.traitMonoSpace) }
    var attributes: [UIFontDescriptor.AttributeName: Any] = [
      .family: familyName, .name: fontName, .size: pointSize,
      .traits: [UIFontDescriptor.TraitKey.symbolic: traits.rawValue, UIFontDescriptor.TraitKey.weight: weight.rawValue],
    ]
    if let style = _dynamic?.style { attributes[.textStyle] = style.rawValue }
    return UIFontDescriptor(fontAttributes: attributes)
  }

  /// Dynamic Type: the text style and size at Large of a font from `preferredFont` or
  /// `UIFontMetrics`, which views that adjust to the content size category scale again.
  package struct _DynamicType {
    package var style: TextStyle
    package var sizeAtLarge: CGFloat
    package var maximumPointSize: CGFloat?

    /// The font's size at `category`.
    package func size(for category: UIContentSizeCategory) -> CGFloat {
      let scaled = sizeAtLarge * style._size(for: category) / style.defaultSizeAndWeight.size
      return maximumPointSize.map { min($0, scaled) } ?? scaled
    }
  }
  package var _dynamic: _DynamicType?

  /// The same font at the size its Dynamic Type style has at `category` (itself when it has no
  /// style).
  package func _scaled(to category: UIContentSizeCategory) -> UIFont {
    guard let dynamic = _dynamic else { return self }
    let font = withSize(dynamic.size(for: category))
    font._dynamic = dynamic
    return font
  }

  /// The same family and size, with or without bold and italic.
  package func _withTraits(bold: Bool, italic: Bool) -> UIFont {
    if bold == _isBold && italic == isItalic { return self }
    var traits = fontDescriptor.symbolicTraits
    traits.remove([.traitBold, .traitItalic])
    if bold { traits.insert(.traitBold) }
    if italic { traits.insert(.traitItalic) }
    var attributes = fontDescriptor.fontAttributes
    attributes[.name] = nil
    var traitDictionary: [UIFontDescriptor.TraitKey: Any] = [.symbolic: traits.rawValue]
    if !bold { traitDictionary[.weight] = (_isBold ? Weight.regular : weight).rawValue }
    attributes[.traits] = traitDictionary
    let font = UIFont(descriptor: UIFontDescriptor(fontAttributes: attributes), size: pointSize)
    font._dynamic = _dynamic
    return font
  }

  /// The standard system font size: 14 pt.
  open class var systemFontSize: CGFloat { 14 }
  /// The standard size of labels: 17 pt.
  open class var labelFontSize: CGFloat { 17 }
  /// The standard size of buttons: 18 pt.
  open class var buttonFontSize: CGFloat { 18 }
  /// The size of the small system font: 12 pt.
  open class var smallSystemFontSize: CGFloat { 12 }

  // MARK: Metrics

  private static let unitsPerEm: CGFloat = 2048

  /// The distance from the baseline to the top of the tallest glyphs (positive).
  open var ascender: CGFloat { pointSize * 1950 / UIFont.unitsPerEm }
  /// The distance from the baseline to the bottom of the lowest glyphs (negative).
  open var descender: CGFloat { -pointSize * 494 / UIFont.unitsPerEm }
  /// The height of capital letters above the baseline.
  open var capHeight: CGFloat { pointSize * 1443 / UIFont.unitsPerEm }
  /// The height of lowercase x above the baseline.
  open var xHeight: CGFloat { pointSize * 1084 / UIFont.unitsPerEm }
  /// The extra space between lines (zero for San Francisco).
  open var leading: CGFloat { 0 }
  /// The height of a line of text: ascender − descender + leading (≈ 1.193 × pointSize).
  open var lineHeight: CGFloat { ascender - descender + leading }

  /// Returns the same font at another size.
  open func withSize(_ fontSize: CGFloat) -> UIFont {
    let font = UIFont(
      name: fontName, family: familyName, size: fontSize, weight: weight, italic: isItalic,
      monospaced: isMonospaced, monospacedDigits: hasMonospacedDigits)
    // A size chosen by hand is not Dynamic Type's any more.
    return font
  }

  /// Equal when `object` is a UIFont with the same name, size, weight, slant and digit spacing.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIFont else { return false }
    return fontName == other.fontName && pointSize == other.pointSize && weight == other.weight
      && isItalic == other.isItalic && isMonospaced == other.isMonospaced
      && hasMonospacedDigits == other.hasMonospacedDigits
  }

  /// A hash of the name, size and weight.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(fontName)
    hasher.combine(pointSize)
    hasher.combine(weight)
    return hasher.finalize()
  }

  /// The font as iOS describes it, without the object address.
  open override var description: String {
    let size = String(format: "%.2f", Double(pointSize))
    return "<UICTFont> font-family: \"\(fontName)\"; font-weight: \(weight.rawValue >= Weight.bold.rawValue ? "bold" : "normal");"
      + " font-style: \(isItalic ? "italic" : "normal"); font-size: \(size)pt"
  }

  // MARK: For renderers and layout

  /// The font's weight (for system fonts the requested one; for named fonts guessed from the name).
  package var _weight: Weight { weight }
  /// Whether the font is bold enough that a renderer with only regular and bold should draw it bold (semibold or heavier).
  package var _isBold: Bool { weight.rawValue >= Weight.semibold.rawValue }
  /// Whether the font is italic (for named fonts, guessed from the name).
  package var _isItalic: Bool { isItalic }
  /// Whether every glyph has the same advance (SF Mono, or a named font that looks monospaced).
  package var _isMonospaced: Bool { isMonospaced }

  /// The default font of UITextField and UITextView: "the body style of the system font" (17 pt regular).
  package static var _defaultTextFieldFont: UIFont { preferredFont(forTextStyle: .body) }
  /// The default font of UILabel: "the system font at a size of 17 points".
  package static var _defaultLabelFont: UIFont { systemFont(ofSize: 17) }
  /// The font attributed strings are drawn with when they have no `.font` attribute: 12 pt Helvetica.
  package static var _defaultAttributedStringFont: UIFont { UIFont(name: "Helvetica", size: 12)! }
}

// MARK: - Weight

extension UIFont {
  /// A font weight, with Apple's raw values (-0.8 ultra-light … 0 regular … 0.62 black).
  public struct Weight: RawRepresentable, Hashable, Sendable {
    /// The weight as a number between -1 and 1.
    public let rawValue: CGFloat

    /// Creates a weight from its raw value.
    public init(rawValue: CGFloat) { self.rawValue = rawValue }

    /// Creates a weight from its raw value.
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

    /// Ultra-light: -0.8.
    public static let ultraLight = Weight(rawValue: -0.8)
    /// Thin: -0.6.
    public static let thin = Weight(rawValue: -0.6)
    /// Light: -0.4.
    public static let light = Weight(rawValue: -0.4)
    /// Regular: 0.
    public static let regular = Weight(rawValue: 0)
    /// Medium: 0.23.
    public static let medium = Weight(rawValue: 0.23)
    /// Semibold: 0.3.
    public static let semibold = Weight(rawValue: 0.3)
    /// Bold: 0.4.
    public static let bold = Weight(rawValue: 0.4)
    /// Heavy: 0.56.
    public static let heavy = Weight(rawValue: 0.56)
    /// Black: 0.62.
    public static let black = Weight(rawValue: 0.62)

    fileprivate var nameSuffix: String {
      // The named weight nearest to the raw value.
      let named: [(Weight, String)] = [
        (.ultraLight, "Ultralight"), (.thin, "Thin"), (.light, "Light"), (.regular, "Regular"),
        (.medium, "Medium"), (.semibold, "Semibold"), (.bold, "Bold"), (.heavy, "Heavy"), (.black, "Black"),
      ]
      return named.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }!.1
    }
  }
}

// MARK: - Text styles

extension UIFont {
  /// A Dynamic Type text style, with Apple's raw values.
  public struct TextStyle: RawRepresentable, Hashable, Sendable {
    /// The style's identifier, such as "UICTFontTextStyleBody".
    public let rawValue: String

    /// Creates a style from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a style from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Large titles: 34 pt regular.
    public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
    /// First-level headings: 28 pt regular.
    public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
    /// Second-level headings: 22 pt regular.
    public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
    /// Third-level headings: 20 pt regular.
    public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
    /// Headings: 17 pt semibold.
    public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
    /// Subheadings: 15 pt regular.
    public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
    /// Body text: 17 pt regular.
    public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
    /// Callouts: 16 pt regular.
    public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
    /// Footnotes: 13 pt regular.
    public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
    /// Standard captions: 12 pt regular.
    public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
    /// Alternate captions: 11 pt regular.
    public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

    /// The size and weight at the Large (default) content size category; unknown styles get body's.
    package var defaultSizeAndWeight: (size: CGFloat, weight: Weight) {
      switch self {
      case .largeTitle: (34, .regular)
      case .title1: (28, .regular)
      case .title2: (22, .regular)
      case .title3: (20, .regular)
      case .headline: (17, .semibold)
      case .subheadline: (15, .regular)
      case .callout: (16, .regular)
      case .footnote: (13, .regular)
      case .caption1: (12, .regular)
      case .caption2: (11, .regular)
      default: (17, .regular)
      }
    }
  }
}
