// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (Core Graphics and Core Animation name their functions and constants so.)

// CGColor and CGColorSpace: a colour as components in a colour space.
//
// There is no colour management on Linux: every RGB space is treated as sRGB and every gray space
// as sRGB gray, which is what a terminal shows anyway. What is kept exactly is what code can
// observe: the components as given (unclamped in the extended spaces, clamped to 0...1 in the
// others, as CoreGraphics clamps), their number, the space's model and name, and equality.

/// The kind of colour space: how many components a colour in it has and what they mean.
public enum CGColorSpaceModel: Int32, Sendable {
  case unknown = -1
  case monochrome = 0
  case rgb = 1
  case cmyk = 2
  case lab = 3
  case deviceN = 4
  case indexed = 5
  case pattern = 6
  case XYZ = 7
}

/// A colour space: how a colour's components are to be understood.
public final class CGColorSpace: Hashable, @unchecked Sendable, CustomStringConvertible {
  /// The colour space's model (RGB or monochrome here).
  public let model: CGColorSpaceModel
  /// The name of the colour space, when it was created by name (device spaces have none).
  public let name: String?
  /// Whether components may lie outside 0...1 (the extended spaces).
  package let isExtended: Bool

  private init(model: CGColorSpaceModel, name: String?, isExtended: Bool) {
    self.model = model
    self.name = name
    self.isExtended = isExtended
  }

  /// Creates a colour space from one of the names below (`CGColorSpace.sRGB`, ...); nil for a
  /// name this module does not know.
  public convenience init?(name: String) {
    switch name {
    case CGColorSpace.sRGB, CGColorSpace.genericRGBLinear, CGColorSpace.linearSRGB,
      CGColorSpace.displayP3:
      self.init(model: .rgb, name: name, isExtended: false)
    case CGColorSpace.extendedSRGB, CGColorSpace.extendedLinearSRGB:
      self.init(model: .rgb, name: name, isExtended: true)
    case CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray:
      self.init(model: .monochrome, name: name, isExtended: false)
    case CGColorSpace.extendedGray:
      self.init(model: .monochrome, name: name, isExtended: true)
    default:
      return nil
    }
  }

  /// The number of colour components (alpha not counted): 3 for RGB, 1 for gray.
  public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

  /// The sRGB colour space.
  public static let sRGB = "kCGColorSpaceSRGB"
  /// The extended-range sRGB colour space (UIKit's colours live here).
  public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
  /// The sRGB primaries with a linear transfer function.
  public static let linearSRGB = "kCGColorSpaceLinearSRGB"
  /// The extended-range linear sRGB colour space.
  public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
  /// The generic linear RGB colour space.
  public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
  /// The Display P3 colour space (drawn as sRGB here).
  public static let displayP3 = "kCGColorSpaceDisplayP3"
  /// The generic gray colour space with a 2.2 gamma.
  public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
  /// The extended-range gray colour space (UIKit's white colours live here).
  public static let extendedGray = "kCGColorSpaceExtendedGray"
  /// The linear gray colour space.
  public static let linearGray = "kCGColorSpaceLinearGray"

  package static let deviceRGB = CGColorSpace(model: .rgb, name: nil, isExtended: false)
  package static let deviceGray = CGColorSpace(model: .monochrome, name: nil, isExtended: false)

  public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool {
    a.model == b.model && a.name == b.name && a.isExtended == b.isExtended
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(model)
    hasher.combine(name)
  }

  public var description: String {
    "<CGColorSpace \(name ?? (model == .monochrome ? "kCGColorSpaceDeviceGray" : "kCGColorSpaceDeviceRGB"))>"
  }
}

/// The device-dependent RGB colour space.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { .deviceRGB }

/// The device-dependent gray colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { .deviceGray }

/// An immutable colour: components (the colour's, then alpha) in a colour space.
public final class CGColor: Hashable, @unchecked Sendable, CustomStringConvertible {
  /// The colour space the components are in.
  public let colorSpace: CGColorSpace?
  private let storage: [CGFloat]

  private init(space: CGColorSpace, components: [CGFloat]) {
    colorSpace = space
    storage =
      space.isExtended
      ? components : components.map { $0.isNaN ? 0 : Swift.min(Swift.max($0, 0), 1) }
  }

  /// Creates a colour in the sRGB colour space from red, green, blue and alpha, 0...1 each.
  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(space: CGColorSpace(name: CGColorSpace.sRGB)!, components: [red, green, blue, alpha])
  }

  /// Creates a colour in the sRGB colour space.
  public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Creates a gray colour from a gray level (0 black, 1 white) and alpha.
  public convenience init(gray: CGFloat, alpha: CGFloat) {
    self.init(
      space: CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!, components: [gray, alpha])
  }

  /// Creates a gray colour in the generic gray gamma 2.2 colour space.
  public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
    self.init(gray: gray, alpha: alpha)
  }

  /// Creates a colour from `space.numberOfComponents + 1` values (the last is alpha) read from
  /// `components`; nil for a space without a component model this module draws (RGB, gray).
  public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
    guard space.model == .rgb || space.model == .monochrome else { return nil }
    let count = space.numberOfComponents + 1
    self.init(space: space, components: Array(UnsafeBufferPointer(start: components, count: count)))
  }

  /// Opaque black (gray 0).
  public static let black = CGColor(gray: 0, alpha: 1)
  /// Opaque white (gray 1).
  public static let white = CGColor(gray: 1, alpha: 1)
  /// Transparent (gray 0, alpha 0).
  public static let clear = CGColor(gray: 0, alpha: 0)

  /// The components, the colour's then alpha (four for RGB, two for gray).
  public var components: [CGFloat]? { storage }
  /// The number of components, alpha included.
  public var numberOfComponents: Int { storage.count }
  /// The opacity.
  public var alpha: CGFloat { storage.last ?? 1 }

  /// The same colour with another opacity.
  public func copy(alpha: CGFloat) -> CGColor? {
    var components = storage
    components[components.count - 1] = alpha
    return CGColor(space: colorSpace ?? .deviceRGB, components: components)
  }

  /// A copy of the colour.
  public func copy() -> CGColor? { CGColor(space: colorSpace ?? .deviceRGB, components: storage) }

  /// The colour as sRGB red, green, blue and alpha, whatever its space (a gray level gives
  /// three equal components). What renderers read.
  package var rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    if storage.count == 2 { return (storage[0], storage[0], storage[0], storage[1]) }
    return (storage[0], storage[1], storage[2], storage[3])
  }

  /// Whether the colour is in a gray space.
  package var isGray: Bool { storage.count == 2 }

  /// Creates a colour in UIKit's extended spaces (what `UIColor.cgColor` returns).
  package static func extended(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
    -> CGColor
  {
    CGColor(
      space: CGColorSpace(name: CGColorSpace.extendedSRGB)!, components: [red, green, blue, alpha])
  }

  /// Creates a gray colour in UIKit's extended gray space.
  package static func extended(white: CGFloat, alpha: CGFloat) -> CGColor {
    CGColor(space: CGColorSpace(name: CGColorSpace.extendedGray)!, components: [white, alpha])
  }

  /// Equal when the colour spaces and the components are equal (as CFEqual compares colours).
  public static func == (a: CGColor, b: CGColor) -> Bool {
    a.colorSpace == b.colorSpace && a.storage == b.storage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage)
  }

  public var description: String {
    "<CGColor \(Unmanaged.passUnretained(self).toOpaque())> [\(colorSpace?.description ?? "")] ( \(storage.map { "\($0)" }.joined(separator: " ")) )"
  }
}
