// UIColor: an immutable colour in the extended sRGB space, or a dynamic colour that resolves
// to one by the traits it is used with.
//
// Every fixed colour is kept as red, green, blue and alpha (a grayscale colour has red = green =
// blue = white), and equality and hashing compare those four numbers. That differs from iOS in
// one edge case: there `UIColor(white: 0, alpha: 1)` and `UIColor(red: 0, green: 0, blue: 0,
// alpha: 1)` are in different colour spaces and not equal; here they are equal. Components are
// not clamped (extended sRGB allows values outside 0...1); `rgba8` clamps for renderers.
//
// A dynamic colour (`init(dynamicProvider:)`, and the system colours: UIColor+System.swift)
// keeps its provider. Asked for components (`getRed`, `cgColor`, drawing), it resolves with
// `UITraitCollection.current`, which UIKit sets to the traits of the view it draws, as on iOS.

/// An immutable colour, stored as extended-sRGB red, green, blue and alpha components.
open class UIColor: NSObject, NSSecureCoding, @unchecked Sendable {
  /// CoreFoundation's object header; the first stored property (see `_CFObjectHeader`).
  private let _cfHeader = _CFObjectHeader.word
  public static var supportsSecureCoding: Bool { true }
  private let red: CGFloat
  private let green: CGFloat
  private let blue: CGFloat
  private let alpha: CGFloat
  /// Whether the colour was made from a white level (it bridges to a gray CGColor).
  let isGrayscale: Bool
  /// A dynamic colour's provider (nil for a fixed colour).
  let _provider: ((UITraitCollection) -> UIColor)?
  /// A system colour's name, as iOS prints it (`systemBackgroundColor`).
  let _systemName: String?

  /// Creates a colour from red, green, blue and opacity components (nominally 0...1).
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
    self.isGrayscale = false
    _provider = nil
    _systemName = nil
    super.init()
  }

  /// Creates a grayscale colour from a white level and opacity (0 is black, 1 is white).
  public init(white: CGFloat, alpha: CGFloat) {
    self.red = white
    self.green = white
    self.blue = white
    self.alpha = alpha
    self.isGrayscale = true
    _provider = nil
    _systemName = nil
    super.init()
  }

  /// Creates a colour from hue, saturation, brightness (HSB, all 0...1; hue wraps) and opacity.
  /// A designated initializer, as on iOS, so a subclass may override it.
  public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    let rgb = UIColor.rgb(hue: hue, saturation: saturation, brightness: brightness)
    self.red = rgb.red
    self.green = rgb.green
    self.blue = rgb.blue
    self.alpha = alpha
    self.isGrayscale = false
    _provider = nil
    _systemName = nil
    super.init()
  }

  /// Creates a colour from a CoreGraphics colour (designated, as on iOS): a CGColor in a gray
  /// space gives a white-level colour, any other is read as sRGB.
  public init(cgColor: CGColor) {
    let c = cgColor.rgba
    self.red = c.red
    self.green = c.green
    self.blue = c.blue
    self.alpha = c.alpha
    self.isGrayscale = cgColor.isGray
    _provider = nil
    _systemName = nil
    super.init()
  }

  /// A colour read from an archive (`NSKeyedArchiver`): its white level, or its red, green
  /// and blue components, and its opacity (1 when absent), under the keys iOS archives them
  /// with. Nil for an archive with no colour in it.
  public required init?(coder: NSCoder) {
    guard coder.allowsKeyedCoding else { return nil }
    // A system colour is archived by name and comes back as that (dynamic) colour, as on iOS.
    if coder.containsValue(forKey: "UISystemColorName"),
      let name = coder.decodeObject(of: NSString.self, forKey: "UISystemColorName") as String?,
      let system = UIColor._systemColorsByName[name]
    {
      (red, green, blue, alpha, isGrayscale) = (0, 0, 0, 0, false)
      _provider = system._provider
      _systemName = name
      super.init()
      return
    }
    if coder.containsValue(forKey: "UIWhite") {
      let white = CGFloat(coder.decodeDouble(forKey: "UIWhite"))
      (red, green, blue, isGrayscale) = (white, white, white, true)
    } else if coder.containsValue(forKey: "UIRed") {
      red = CGFloat(coder.decodeDouble(forKey: "UIRed"))
      green = CGFloat(coder.decodeDouble(forKey: "UIGreen"))
      blue = CGFloat(coder.decodeDouble(forKey: "UIBlue"))
      isGrayscale = false
    } else {
      return nil
    }
    alpha = coder.containsValue(forKey: "UIAlpha") ? CGFloat(coder.decodeDouble(forKey: "UIAlpha")) : 1
    _provider = nil
    _systemName = nil
    super.init()
  }

  /// Writes the colour to an archive (see ``init(coder:)``). A system colour is archived by its
  /// name too; another dynamic colour as its resolution with `UITraitCollection.current` (its
  /// provider, a closure, cannot be archived).
  open func encode(with coder: NSCoder) {
    if let name = _systemName, UIColor._systemColorsByName[name] != nil {
      coder.encode(name as NSString, forKey: "UISystemColorName")
    }
    let c = _current
    if c.isGrayscale {
      coder.encode(Double(c.red), forKey: "UIWhite")
    } else {
      coder.encode(Double(c.red), forKey: "UIRed")
      coder.encode(Double(c.green), forKey: "UIGreen")
      coder.encode(Double(c.blue), forKey: "UIBlue")
    }
    coder.encode(Double(c.alpha), forKey: "UIAlpha")
  }

  /// A colour that resolves by traits: `dynamicProvider` is asked for the colour for a trait
  /// collection whenever the colour is used (drawn, turned into a `CGColor`, read with
  /// `getRed`), with the traits of the view that uses it.
  public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
    (red, green, blue, alpha, isGrayscale) = (0, 0, 0, 0, false)
    _provider = dynamicProvider
    _systemName = nil
    super.init()
  }

  /// A system colour: dynamic, with a name.
  init(_systemName name: String, provider: @escaping (UITraitCollection) -> UIColor) {
    (red, green, blue, alpha, isGrayscale) = (0, 0, 0, 0, false)
    _provider = provider
    _systemName = name
    super.init()
  }

  /// The fixed colour this colour is for `traitCollection` (a fixed colour is itself).
  open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
    guard let provider = _provider else { return self }
    return provider(traitCollection).resolvedColor(with: traitCollection)
  }

  /// Whether the colour depends on traits.
  package var _isDynamic: Bool { _provider != nil }

  /// The fixed colour in effect now: resolved with `UITraitCollection.current`.
  var _current: UIColor { _provider == nil ? self : resolvedColor(with: .current) }

  /// Returns nil: there are no asset catalogs on Linux, so no named colour can be found.
  public convenience init?(named name: String) {
    return nil
  }

  /// Reads the red, green, blue and alpha components; always succeeds.
  @discardableResult
  open func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    let c = _current
    red?.pointee = c.red
    green?.pointee = c.green
    blue?.pointee = c.blue
    alpha?.pointee = c.alpha
    return true
  }

  /// Reads the white level and alpha; succeeds only for a gray colour (red = green = blue).
  @discardableResult
  open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
    let c = _current
    guard c.red == c.green, c.green == c.blue else { return false }
    white?.pointee = c.red
    alpha?.pointee = c.alpha
    return true
  }

  /// Reads the hue, saturation, brightness (HSB) and alpha components; always succeeds.
  @discardableResult
  open func getHue(
    _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
    brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    let c = _current
    let (red, green, blue) = (c.red, c.green, c.blue)
    let maximum = Swift.max(red, green, blue)
    let minimum = Swift.min(red, green, blue)
    let delta = maximum - minimum
    var h: CGFloat = 0
    if delta > 0 {
      if maximum == red {
        h = (green - blue) / delta
        if h < 0 { h += 6 }
      } else if maximum == green {
        h = (blue - red) / delta + 2
      } else {
        h = (red - green) / delta + 4
      }
      h /= 6
    }
    hue?.pointee = h
    saturation?.pointee = maximum > 0 ? delta / maximum : 0
    brightness?.pointee = maximum
    alpha?.pointee = c.alpha
    return true
  }

  /// Returns the same colour with a different opacity (for a dynamic colour, a dynamic colour
  /// whose every resolution has that opacity).
  open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    if _provider != nil {
      return UIColor(dynamicProvider: { [self] traits in resolvedColor(with: traits).withAlphaComponent(alpha) })
    }
    return isGrayscale
      ? UIColor(white: red, alpha: alpha)
      : UIColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Equal when `object` is a UIColor with the same red, green, blue and alpha; a dynamic
  /// colour is equal only to itself.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIColor else { return false }
    if _provider != nil || other._provider != nil {
      // The same system colour, even decoded from an archive, is equal to itself.
      if let name = _systemName, name == other._systemName { return true }
      return self === other
    }
    return red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
  }

  /// A hash of the red, green, blue and alpha components.
  open override var hash: Int {
    if let name = _systemName { return name.hashValue }
    if _provider != nil { return ObjectIdentifier(self).hashValue }
    var hasher = Hasher()
    hasher.combine(red)
    hasher.combine(green)
    hasher.combine(blue)
    hasher.combine(alpha)
    return hasher.finalize()
  }

  /// The colour space and components, as iOS prints them (`UIExtendedSRGBColorSpace 1 0 0 1`).
  open override var description: String {
    func format(_ value: CGFloat) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(Double(value))"
    }
    if let name = _systemName { return "<UIDynamicSystemColor; name = \(name)>" }
    if _provider != nil { return "<UIDynamicProviderColor; provider = <closure>>" }
    if isGrayscale { return "UIExtendedGrayColorSpace \(format(red)) \(format(alpha))" }
    return "UIExtendedSRGBColorSpace \(format(red)) \(format(green)) \(format(blue)) \(format(alpha))"
  }

  // MARK: For renderers

  /// The red, green, blue and alpha components, unclamped.
  package var components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    // A fixed colour reads its own fields: renderers ask every cell's colour, every frame.
    guard _provider != nil else { return (red, green, blue, alpha) }
    let c = _current
    return (c.red, c.green, c.blue, c.alpha)
  }

  /// The components clamped to 0...1 and rounded to 8 bits (sRGB; alpha is straight, not premultiplied).
  package var rgba8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    func byte(_ value: CGFloat) -> UInt8 {
      guard !value.isNaN else { return 0 }
      return UInt8((Swift.min(Swift.max(value, 0), 1) * 255).rounded())
    }
    guard _provider != nil else { return (byte(red), byte(green), byte(blue), byte(alpha)) }
    let c = _current
    return (byte(c.red), byte(c.green), byte(c.blue), byte(c.alpha))
  }

  private static func rgb(hue: CGFloat, saturation: CGFloat, brightness: CGFloat)
    -> (red: CGFloat, green: CGFloat, blue: CGFloat)
  {
    guard saturation > 0 else { return (brightness, brightness, brightness) }
    var h = hue - hue.rounded(.down)  // wrap into 0..<1
    h *= 6
    let sector = Int(h.rounded(.down)) % 6
    let fraction = h - h.rounded(.down)
    let p = brightness * (1 - saturation)
    let q = brightness * (1 - saturation * fraction)
    let t = brightness * (1 - saturation * (1 - fraction))
    switch sector {
    case 0: return (brightness, t, p)
    case 1: return (q, brightness, p)
    case 2: return (p, brightness, t)
    case 3: return (p, q, brightness)
    case 4: return (t, p, brightness)
    default: return (brightness, p, q)
    }
  }

  fileprivate static func rgb255(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
    UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
  }
}

// MARK: - Fixed colours

extension UIColor {
  private static let _black = UIColor(white: 0, alpha: 1)
  private static let _darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
  private static let _lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
  private static let _white = UIColor(white: 1, alpha: 1)
  private static let _gray = UIColor(white: 0.5, alpha: 1)
  private static let _red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
  private static let _green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
  private static let _blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
  private static let _cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
  private static let _yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
  private static let _magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
  private static let _orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
  private static let _purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
  private static let _brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
  private static let _clear = UIColor(white: 0, alpha: 0)

  /// Black (white level 0).
  public class var black: UIColor { _black }
  /// Dark gray (white level 1/3).
  public class var darkGray: UIColor { _darkGray }
  /// Light gray (white level 2/3).
  public class var lightGray: UIColor { _lightGray }
  /// White (white level 1).
  public class var white: UIColor { _white }
  /// Gray (white level 0.5).
  public class var gray: UIColor { _gray }
  /// Red (1, 0, 0).
  public class var red: UIColor { _red }
  /// Green (0, 1, 0).
  public class var green: UIColor { _green }
  /// Blue (0, 0, 1).
  public class var blue: UIColor { _blue }
  /// Cyan (0, 1, 1).
  public class var cyan: UIColor { _cyan }
  /// Yellow (1, 1, 0).
  public class var yellow: UIColor { _yellow }
  /// Magenta (1, 0, 1).
  public class var magenta: UIColor { _magenta }
  /// Orange (1, 0.5, 0).
  public class var orange: UIColor { _orange }
  /// Purple (0.5, 0, 0.5).
  public class var purple: UIColor { _purple }
  /// Brown (0.6, 0.4, 0.2).
  public class var brown: UIColor { _brown }
  /// Fully transparent (white level 0, alpha 0).
  public class var clear: UIColor { _clear }
}
