// UIColor: an immutable colour in the extended sRGB space.
//
// Every colour is kept as red, green, blue and alpha (a grayscale colour has red = green = blue =
// white), and equality and hashing compare those four numbers. That differs from iOS in one edge
// case: there `UIColor(white: 0, alpha: 1)` and `UIColor(red: 0, green: 0, blue: 0, alpha: 1)` are
// in different colour spaces and not equal; here they are equal. Components are not clamped
// (extended sRGB allows values outside 0...1); `rgba8` clamps for renderers.
//
// The system colours are their light-mode, default-contrast values as Apple documents them
// (Human Interface Guidelines, iOS 13 and later); there is no dark mode or trait resolution here.

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

  /// Creates a colour from red, green, blue and opacity components (nominally 0...1).
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
    self.isGrayscale = false
    super.init()
  }

  /// Creates a grayscale colour from a white level and opacity (0 is black, 1 is white).
  public init(white: CGFloat, alpha: CGFloat) {
    self.red = white
    self.green = white
    self.blue = white
    self.alpha = alpha
    self.isGrayscale = true
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
    super.init()
  }

  /// A colour read from an archive (`NSKeyedArchiver`): its white level, or its red, green
  /// and blue components, and its opacity (1 when absent), under the keys iOS archives them
  /// with. Nil for an archive with no colour in it.
  public required init?(coder: NSCoder) {
    guard coder.allowsKeyedCoding else { return nil }
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
    super.init()
  }

  /// Writes the colour to an archive (see ``init(coder:)``).
  open func encode(with coder: NSCoder) {
    if isGrayscale {
      coder.encode(Double(red), forKey: "UIWhite")
    } else {
      coder.encode(Double(red), forKey: "UIRed")
      coder.encode(Double(green), forKey: "UIGreen")
      coder.encode(Double(blue), forKey: "UIBlue")
    }
    coder.encode(Double(alpha), forKey: "UIAlpha")
  }

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
    red?.pointee = self.red
    green?.pointee = self.green
    blue?.pointee = self.blue
    alpha?.pointee = self.alpha
    return true
  }

  /// Reads the white level and alpha; succeeds only for a gray colour (red = green = blue).
  @discardableResult
  open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
    guard red == green, green == blue else { return false }
    white?.pointee = red
    alpha?.pointee = self.alpha
    return true
  }

  /// Reads the hue, saturation, brightness (HSB) and alpha components; always succeeds.
  @discardableResult
  open func getHue(
    _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
    brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
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
    alpha?.pointee = self.alpha
    return true
  }

  /// Returns the same colour with a different opacity.
  open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    isGrayscale
      ? UIColor(white: red, alpha: alpha)
      : UIColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Equal when `object` is a UIColor with the same red, green, blue and alpha.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIColor else { return false }
    return red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
  }

  /// A hash of the red, green, blue and alpha components.
  open override var hash: Int {
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
    if isGrayscale { return "UIExtendedGrayColorSpace \(format(red)) \(format(alpha))" }
    return "UIExtendedSRGBColorSpace \(format(red)) \(format(green)) \(format(blue)) \(format(alpha))"
  }

  // MARK: For renderers

  /// The red, green, blue and alpha components, unclamped.
  package var components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    (red, green, blue, alpha)
  }

  /// The components clamped to 0...1 and rounded to 8 bits (sRGB; alpha is straight, not premultiplied).
  package var rgba8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    func byte(_ value: CGFloat) -> UInt8 {
      guard !value.isNaN else { return 0 }
      return UInt8((Swift.min(Swift.max(value, 0), 1) * 255).rounded())
    }
    return (byte(red), byte(green), byte(blue), byte(alpha))
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

// MARK: - System colours (light mode)

extension UIColor {
  private static let _systemRed = rgb255(255, 59, 48)
  private static let _systemOrange = rgb255(255, 149, 0)
  private static let _systemYellow = rgb255(255, 204, 0)
  private static let _systemGreen = rgb255(52, 199, 89)
  private static let _systemMint = rgb255(0, 199, 190)
  private static let _systemTeal = rgb255(48, 176, 199)
  private static let _systemCyan = rgb255(50, 173, 230)
  private static let _systemBlue = rgb255(0, 122, 255)
  private static let _systemIndigo = rgb255(88, 86, 214)
  private static let _systemPurple = rgb255(175, 82, 222)
  private static let _systemPink = rgb255(255, 45, 85)
  private static let _systemBrown = rgb255(162, 132, 94)
  private static let _systemGray = rgb255(142, 142, 147)
  private static let _systemGray2 = rgb255(174, 174, 178)
  private static let _systemGray3 = rgb255(199, 199, 204)
  private static let _systemGray4 = rgb255(209, 209, 214)
  private static let _systemGray5 = rgb255(229, 229, 234)
  private static let _systemGray6 = rgb255(242, 242, 247)
  private static let _label = rgb255(0, 0, 0)
  private static let _secondaryLabel = rgb255(60, 60, 67, 0.6)
  private static let _tertiaryLabel = rgb255(60, 60, 67, 0.3)
  private static let _quaternaryLabel = rgb255(60, 60, 67, 0.18)
  private static let _placeholderText = rgb255(60, 60, 67, 0.3)
  private static let _link = rgb255(0, 122, 255)
  private static let _systemBackground = rgb255(255, 255, 255)
  private static let _secondarySystemBackground = rgb255(242, 242, 247)
  private static let _tertiarySystemBackground = rgb255(255, 255, 255)
  private static let _systemGroupedBackground = rgb255(242, 242, 247)
  private static let _secondarySystemGroupedBackground = rgb255(255, 255, 255)
  private static let _tertiarySystemGroupedBackground = rgb255(242, 242, 247)
  private static let _systemFill = rgb255(120, 120, 128, 0.2)
  private static let _secondarySystemFill = rgb255(120, 120, 128, 0.16)
  private static let _tertiarySystemFill = rgb255(118, 118, 128, 0.12)
  private static let _quaternarySystemFill = rgb255(116, 116, 128, 0.08)
  private static let _separator = rgb255(60, 60, 67, 0.29)
  private static let _opaqueSeparator = rgb255(198, 198, 200)
  private static let _darkText = UIColor(white: 0, alpha: 1)
  private static let _lightText = UIColor(white: 1, alpha: 0.6)

  /// System red: (255, 59, 48).
  public class var systemRed: UIColor { _systemRed }
  /// System orange: (255, 149, 0).
  public class var systemOrange: UIColor { _systemOrange }
  /// System yellow: (255, 204, 0).
  public class var systemYellow: UIColor { _systemYellow }
  /// System green: (52, 199, 89).
  public class var systemGreen: UIColor { _systemGreen }
  /// System mint: (0, 199, 190).
  public class var systemMint: UIColor { _systemMint }
  /// System teal: (48, 176, 199).
  public class var systemTeal: UIColor { _systemTeal }
  /// System cyan: (50, 173, 230).
  public class var systemCyan: UIColor { _systemCyan }
  /// System blue: (0, 122, 255).
  public class var systemBlue: UIColor { _systemBlue }
  /// System indigo: (88, 86, 214).
  public class var systemIndigo: UIColor { _systemIndigo }
  /// System purple: (175, 82, 222).
  public class var systemPurple: UIColor { _systemPurple }
  /// System pink: (255, 45, 85).
  public class var systemPink: UIColor { _systemPink }
  /// System brown: (162, 132, 94).
  public class var systemBrown: UIColor { _systemBrown }
  /// System gray: (142, 142, 147).
  public class var systemGray: UIColor { _systemGray }
  /// System gray 2: (174, 174, 178).
  public class var systemGray2: UIColor { _systemGray2 }
  /// System gray 3: (199, 199, 204).
  public class var systemGray3: UIColor { _systemGray3 }
  /// System gray 4: (209, 209, 214).
  public class var systemGray4: UIColor { _systemGray4 }
  /// System gray 5: (229, 229, 234).
  public class var systemGray5: UIColor { _systemGray5 }
  /// System gray 6: (242, 242, 247).
  public class var systemGray6: UIColor { _systemGray6 }
  /// Primary text: black.
  public class var label: UIColor { _label }
  /// Secondary text: (60, 60, 67) at 60 % opacity.
  public class var secondaryLabel: UIColor { _secondaryLabel }
  /// Tertiary text: (60, 60, 67) at 30 % opacity.
  public class var tertiaryLabel: UIColor { _tertiaryLabel }
  /// Quaternary text: (60, 60, 67) at 18 % opacity.
  public class var quaternaryLabel: UIColor { _quaternaryLabel }
  /// Placeholder text in controls: (60, 60, 67) at 30 % opacity.
  public class var placeholderText: UIColor { _placeholderText }
  /// Links: (0, 122, 255).
  public class var link: UIColor { _link }
  /// The main background: white.
  public class var systemBackground: UIColor { _systemBackground }
  /// Content layered on the main background: (242, 242, 247).
  public class var secondarySystemBackground: UIColor { _secondarySystemBackground }
  /// Content layered on secondary backgrounds: white.
  public class var tertiarySystemBackground: UIColor { _tertiarySystemBackground }
  /// The background of grouped content: (242, 242, 247).
  public class var systemGroupedBackground: UIColor { _systemGroupedBackground }
  /// Content layered on a grouped background: white.
  public class var secondarySystemGroupedBackground: UIColor { _secondarySystemGroupedBackground }
  /// Content layered on secondary grouped backgrounds: (242, 242, 247).
  public class var tertiarySystemGroupedBackground: UIColor { _tertiarySystemGroupedBackground }
  /// Fill for thin and small shapes: (120, 120, 128) at 20 % opacity.
  public class var systemFill: UIColor { _systemFill }
  /// Fill for medium-size shapes: (120, 120, 128) at 16 % opacity.
  public class var secondarySystemFill: UIColor { _secondarySystemFill }
  /// Fill for large shapes: (118, 118, 128) at 12 % opacity.
  public class var tertiarySystemFill: UIColor { _tertiarySystemFill }
  /// Fill for large areas with complex content: (116, 116, 128) at 8 % opacity.
  public class var quaternarySystemFill: UIColor { _quaternarySystemFill }
  /// Thin separators that let content show through: (60, 60, 67) at 29 % opacity.
  public class var separator: UIColor { _separator }
  /// Opaque separators: (198, 198, 200).
  public class var opaqueSeparator: UIColor { _opaqueSeparator }
  /// The default tint of controls: system blue (there are no per-view tints to resolve here).
  public class var tintColor: UIColor { _systemBlue }
  /// Text on light backgrounds: black.
  public class var darkText: UIColor { _darkText }
  /// Text on dark backgrounds: white at 60 % opacity.
  public class var lightText: UIColor { _lightText }
}
