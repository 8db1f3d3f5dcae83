import Foundation

/// A description of a font by attributes (family, name, size, traits, text style), from which
/// `UIFont(descriptor:size:)` makes a font.
open class UIFontDescriptor: NSObject, @unchecked Sendable {
  /// CoreFoundation's object header; the first stored property (see `_CFObjectHeader`).
  private let _cfHeader = _CFObjectHeader.word
  /// The keys of a descriptor's attributes, with Apple's raw values.
  public struct AttributeName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The family name (a String).
    public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
    /// The font's full name (a String).
    public static let name = AttributeName(rawValue: "NSFontNameAttribute")
    /// The face name, such as "Bold" (a String).
    public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
    /// The point size (a number).
    public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
    /// The name shown to people (a String).
    public static let visibleName = AttributeName(rawValue: "NSFontVisibleNameAttribute")
    /// The font's transform.
    public static let matrix = AttributeName(rawValue: "NSFontMatrixAttribute")
    /// The characters the font covers.
    public static let characterSet = AttributeName(rawValue: "NSFontCharacterSetAttribute")
    /// Fallback fonts.
    public static let cascadeList = AttributeName(rawValue: "NSFontCascadeListAttribute")
    /// The traits (a dictionary of ``TraitKey`` to values).
    public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
    /// A fixed advance for every glyph (a number).
    public static let fixedAdvance = AttributeName(rawValue: "NSFontFixedAdvanceAttribute")
    /// Typographic features.
    public static let featureSettings = AttributeName(rawValue: "NSFontFeatureSettingsAttribute")
    /// The Dynamic Type text style (a `UIFont.TextStyle` raw value).
    public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
  }

  /// The keys of the ``AttributeName/traits`` dictionary.
  public struct TraitKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The symbolic traits (a ``SymbolicTraits`` raw value).
    public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
    /// The weight (a `UIFont.Weight` raw value, -1 … 1).
    public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
    /// The width (-1 condensed … 1 expanded).
    public static let width = TraitKey(rawValue: "NSCTFontProportionTrait")
    /// The slant (-1 … 1).
    public static let slant = TraitKey(rawValue: "NSCTFontSlantTrait")
  }

  /// Style traits, with Apple's bit values.
  public struct SymbolicTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
    public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
    public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
    public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
    public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
    public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
    public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
    public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
    public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
  }

  /// System font designs.
  public struct SystemDesign: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
    public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
    public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
    public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
  }

  /// The descriptor's attributes.
  open private(set) var fontAttributes: [AttributeName: Any]

  /// A descriptor with `attributes`.
  public init(fontAttributes attributes: [AttributeName: Any] = [:]) {
    fontAttributes = attributes
    super.init()
  }

  /// A descriptor of the font named `fontName` at `size`.
  public convenience init(name fontName: String, size: CGFloat) {
    self.init(fontAttributes: [.name: fontName, .size: size])
  }

  /// A descriptor of the font named `fontName` with a transform.
  public convenience init(name fontName: String, matrix: CGAffineTransform) {
    self.init(fontAttributes: [.name: fontName, .matrix: matrix])
  }

  /// The descriptor of the system font for a text style at the app's content size category.
  open class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
    UIFont.preferredFont(forTextStyle: style).fontDescriptor
  }

  /// The descriptor of the system font for a text style at the category of `traitCollection`.
  open class func preferredFontDescriptor(
    withTextStyle style: UIFont.TextStyle, compatibleWith traitCollection: UITraitCollection?
  ) -> UIFontDescriptor {
    UIFont.preferredFont(forTextStyle: style, compatibleWith: traitCollection).fontDescriptor
  }

  /// The PostScript name (the font's name).
  open var postscriptName: String { _name ?? _family ?? ".SFUI-Regular" }
  /// The point size (0 when not given).
  open var pointSize: CGFloat { (fontAttributes[.size] as? CGFloat) ?? (fontAttributes[.size] as? Double).map { CGFloat($0) } ?? 0 }
  /// The transform (identity when not given).
  open var matrix: CGAffineTransform { (fontAttributes[.matrix] as? CGAffineTransform) ?? .identity }
  /// The symbolic traits.
  open var symbolicTraits: SymbolicTraits {
    let traits = fontAttributes[.traits] as? [TraitKey: Any]
    let raw = traits?[.symbolic]
    if let raw = raw as? UInt32 { return SymbolicTraits(rawValue: raw) }
    if let raw = raw as? Int { return SymbolicTraits(rawValue: UInt32(truncatingIfNeeded: raw)) }
    if let raw = raw as? NSNumber { return SymbolicTraits(rawValue: raw.uint32Value) }
    return []
  }

  /// The value of one attribute.
  open func object(forKey anAttribute: AttributeName) -> Any? { fontAttributes[anAttribute] }

  /// The same descriptor with `attributes` added (replacing those with the same keys).
  open func addingAttributes(_ attributes: [AttributeName: Any]) -> UIFontDescriptor {
    UIFontDescriptor(fontAttributes: fontAttributes.merging(attributes) { _, new in new })
  }

  /// The same descriptor with exactly `symbolicTraits` (the name is dropped so that the family
  /// and traits pick the face); never nil here.
  open func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
    var attributes = fontAttributes
    attributes[.name] = nil
    var traits = (attributes[.traits] as? [TraitKey: Any]) ?? [:]
    traits[.symbolic] = symbolicTraits.rawValue
    if !symbolicTraits.contains(.traitBold), let weight = traits[.weight] as? CGFloat, weight >= UIFont.Weight.semibold.rawValue {
      traits[.weight] = UIFont.Weight.regular.rawValue
    }
    attributes[.traits] = traits
    if attributes[.family] == nil { attributes[.family] = _family ?? ".AppleSystemUIFont" }
    return UIFontDescriptor(fontAttributes: attributes)
  }

  /// The same descriptor at another size.
  open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor {
    addingAttributes([.size: newPointSize])
  }

  /// The same descriptor in another family (the name is dropped).
  open func withFamily(_ newFamily: String) -> UIFontDescriptor {
    var attributes = fontAttributes
    attributes[.name] = nil
    attributes[.family] = newFamily
    return UIFontDescriptor(fontAttributes: attributes)
  }

  /// The same descriptor with a transform.
  open func withMatrix(_ matrix: CGAffineTransform) -> UIFontDescriptor {
    addingAttributes([.matrix: matrix])
  }

  /// The same descriptor with a face name.
  open func withFace(_ newFace: String) -> UIFontDescriptor {
    addingAttributes([.face: newFace])
  }

  /// The system font in another design (monospaced is SF Mono; rounded and serif keep the
  /// system family, which has the same metrics here); nil for a font outside the system family.
  open func withDesign(_ design: SystemDesign) -> UIFontDescriptor? {
    let family = _family ?? ".AppleSystemUIFont"
    guard family.hasPrefix(".AppleSystemUIFont") else { return nil }
    var traits = symbolicTraits
    if design == .monospaced { traits.insert(.traitMonoSpace) } else { traits.remove(.traitMonoSpace) }
    return withSymbolicTraits(traits)?.addingAttributes([.family: design == .monospaced ? ".AppleSystemUIFontMonospaced" : ".AppleSystemUIFont"])
  }

  // MARK: For UIFont

  package var _name: String? { fontAttributes[.name] as? String }
  package var _family: String? { fontAttributes[.family] as? String }
  package var _weight: UIFont.Weight? {
    let traits = fontAttributes[.traits] as? [TraitKey: Any]
    switch traits?[.weight] {
    case let value as CGFloat: return UIFont.Weight(rawValue: value)
    case let value as Double: return UIFont.Weight(rawValue: CGFloat(value))
    case let value as NSNumber: return UIFont.Weight(rawValue: CGFloat(value.doubleValue))
    default: return nil
    }
  }
  package var _textStyle: UIFont.TextStyle? {
    (fontAttributes[.textStyle] as? String).map(UIFont.TextStyle.init(rawValue:))
  }

  /// Equal when the attributes describe the same font (name, family, size, traits).
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIFontDescriptor else { return false }
    return _name == other._name && _family == other._family && pointSize == other.pointSize
      && symbolicTraits == other.symbolicTraits && _weight == other._weight && _textStyle == other._textStyle
  }

  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(_name)
    hasher.combine(_family)
    hasher.combine(pointSize)
    return hasher.finalize()
  }
}
