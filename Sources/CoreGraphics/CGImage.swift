// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (Core Graphics names its functions so.)

// CGImage: a bitmap. Unlike the contexts views draw into, an image here holds real pixels in
// every build: its bytes are the ones it was made with, in the layout its `bitmapInfo` names,
// and `dataProvider?.data` hands them back unchanged. Drawing an image (CGContext.draw(_:in:))
// and painting into one (bitmap contexts) need the `Pixels` trait; see CGContext+Bitmap.swift.

import Foundation

/// Core Foundation's data object. On Apple's systems it is toll-free bridged to `NSData`; here
/// it *is* `NSData`, so `data as CFData` and `cfData as Data` work as they do there.
public typealias CFData = NSData

/// A pointer to the bytes of `theData` (valid while the object lives, as on Apple's systems).
public func CFDataGetBytePtr(_ theData: CFData!) -> UnsafePointer<UInt8>! {
  theData.bytes.assumingMemoryBound(to: UInt8.self)
}

/// The number of bytes in `theData`.
public func CFDataGetLength(_ theData: CFData!) -> Int { theData.length }

/// Where a pixel's alpha is, and whether its colour components are premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
  case none = 0
  case premultipliedLast = 1
  case premultipliedFirst = 2
  case last = 3
  case first = 4
  case noneSkipLast = 5
  case noneSkipFirst = 6
  case alphaOnly = 7
}

/// How a bitmap's pixels are laid out: the alpha information in the low bits, the byte order
/// above.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
  public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
  public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
  public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
  public static let byteOrderDefault = CGBitmapInfo([])
  public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
  public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
  public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
  public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
  /// The host's 32-bit order (little-endian on the machines Swift runs on here).
  public static let byteOrder32Host = byteOrder32Little
  /// The host's 16-bit order.
  public static let byteOrder16Host = byteOrder16Little

  /// The bitmap information of `alphaInfo` in the default byte order.
  public init(alphaInfo: CGImageAlphaInfo) { self.init(rawValue: alphaInfo.rawValue) }
}

/// How colours outside a colour space's gamut are mapped (kept; there is no colour management).
public enum CGColorRenderingIntent: Int32, Sendable {
  case defaultIntent = 0
  case absoluteColorimetric = 1
  case relativeColorimetric = 2
  case perceptual = 3
  case saturation = 4
}

/// How finely an image is sampled when it is drawn scaled.
public enum CGInterpolationQuality: Int32, Sendable {
  case `default` = 0
  /// Nearest pixel.
  case none = 1
  case low = 2
  case high = 3
  case medium = 4
}

/// A source of bytes for images.
public final class CGDataProvider: @unchecked Sendable {
  /// The bytes, copied when the provider was made (as Core Graphics retains its data).
  package let bytes: [UInt8]

  package init(bytes: [UInt8]) { self.bytes = bytes }

  /// A provider of a copy of `data`'s bytes.
  public convenience init?(data: CFData) {
    self.init(bytes: [UInt8](data as Data))
  }

  /// A provider of `size` bytes at `data`; `releaseData` is called once they have been copied.
  public convenience init?(
    dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer, size: Int,
    releaseData: @escaping @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void
  ) {
    guard size >= 0 else { return nil }
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    releaseData(info, data, size)
    self.init(bytes: bytes)
  }

  /// A copy of the provider's bytes.
  public var data: CFData? { NSData(bytes: bytes, length: bytes.count) }
}

/// A bitmap image: `width` × `height` pixels in the layout the other properties describe.
public final class CGImage: @unchecked Sendable, Hashable, CustomStringConvertible {
  public let width: Int
  public let height: Int
  public let bitsPerComponent: Int
  public let bitsPerPixel: Int
  public let bytesPerRow: Int
  public let colorSpace: CGColorSpace?
  public let bitmapInfo: CGBitmapInfo
  public let shouldInterpolate: Bool
  public let renderingIntent: CGColorRenderingIntent
  /// The bytes, as given.
  public let dataProvider: CGDataProvider?
  /// The pixels as 8-bit RGBA, alpha not premultiplied, row after row (what drawing reads).
  package let rgba: [UInt8]

  /// The alpha part of ``bitmapInfo``.
  public var alphaInfo: CGImageAlphaInfo {
    CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
  }

  /// Whether the image is a mask (never here: masks are not made).
  public var isMask: Bool { false }

  /// The byte order part of ``bitmapInfo``.
  package var byteOrder: CGBitmapInfo { bitmapInfo.intersection(.byteOrderMask) }

  /// An image of `provider`'s bytes in the layout the arguments describe, or nil when the layout
  /// is not one of those read here: 8 bits a component, RGB with or without alpha (any of its
  /// positions, premultiplied or not, in 32-bit default, big or little byte order, or three bytes
  /// a pixel without alpha), gray (one byte) or gray and alpha (two), or alpha only; or when the
  /// provider has too few bytes for the rows.
  public init?(
    width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
    space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
    decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent
  ) {
    guard width > 0, height > 0, bitsPerComponent == 8,
      let layout = CGPixelLayout(space: space, bitsPerPixel: bitsPerPixel, bitmapInfo: bitmapInfo),
      bytesPerRow >= width * layout.bytesPerPixel,
      provider.bytes.count >= bytesPerRow * (height - 1) + width * layout.bytesPerPixel
    else { return nil }
    self.width = width
    self.height = height
    self.bitsPerComponent = bitsPerComponent
    self.bitsPerPixel = bitsPerPixel
    self.bytesPerRow = bytesPerRow
    self.colorSpace = space
    self.bitmapInfo = bitmapInfo
    self.shouldInterpolate = shouldInterpolate
    self.renderingIntent = intent
    self.dataProvider = provider
    self.rgba = provider.bytes.withUnsafeBytes { raw in
      layout.toRGBA(raw.baseAddress!, width: width, height: height, bytesPerRow: bytesPerRow)
    }
  }

  /// An image of straight 8-bit RGBA pixels (what bitmap contexts and PNG files give).
  package init(width: Int, height: Int, rgba: [UInt8], space: CGColorSpace = .deviceRGB) {
    precondition(width > 0 && height > 0 && rgba.count == width * height * 4,
      "CGImage: \(rgba.count) bytes for \(width) × \(height) RGBA pixels")
    self.width = width
    self.height = height
    bitsPerComponent = 8
    bitsPerPixel = 32
    bytesPerRow = width * 4
    colorSpace = space
    bitmapInfo = CGBitmapInfo(alphaInfo: .last)
    shouldInterpolate = true
    renderingIntent = .defaultIntent
    dataProvider = CGDataProvider(bytes: rgba)
    self.rgba = rgba
  }

  /// The part of the image inside `rect` (pixels, from the top left; rounded outwards), or nil
  /// when they do not meet.
  public func cropping(to rect: CGRect) -> CGImage? {
    let bounds = CGRect(x: 0, y: 0, width: width, height: height)
    let cut = rect.standardized.intersection(bounds)
    guard !cut.isNull, !cut.isEmpty else { return nil }
    let x0 = Int(cut.minX.rounded(.down)), y0 = Int(cut.minY.rounded(.down))
    let x1 = Int(cut.maxX.rounded(.up)), y1 = Int(cut.maxY.rounded(.up))
    var out = [UInt8]()
    out.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
    for y in y0..<y1 { out.append(contentsOf: rgba[(y * width + x0) * 4..<(y * width + x1) * 4]) }
    return CGImage(width: x1 - x0, height: y1 - y0, rgba: out, space: colorSpace ?? .deviceRGB)
  }

  /// A copy of the image.
  public func copy() -> CGImage? { CGImage(width: width, height: height, rgba: rgba, space: colorSpace ?? .deviceRGB) }

  /// A copy of the image in another colour space of the same model (nil for another model).
  public func copy(colorSpace space: CGColorSpace) -> CGImage? {
    guard space.model == (colorSpace?.model ?? .rgb) else { return nil }
    return CGImage(width: width, height: height, rgba: rgba, space: space)
  }

  /// The straight RGBA bytes of pixel (`x`, `y`) from the top left.
  package func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let i = (y * width + x) * 4
    return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
  }

  public static func == (a: CGImage, b: CGImage) -> Bool { a === b }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  public var description: String {
    "<CGImage \(width) × \(height), \(bitsPerPixel) bits a pixel, alpha \(alphaInfo)>"
  }
}

/// One of the pixel layouts images and bitmap contexts read and write, converted to and from
/// straight RGBA.
package struct CGPixelLayout: Sendable {
  package enum Kind: Sendable {
    /// Four bytes: the offsets of red, green, blue and alpha (alpha nil when skipped).
    case rgb(r: Int, g: Int, b: Int, a: Int?, premultiplied: Bool, bytes: Int)
    /// Gray, with alpha after it or not.
    case gray(alpha: Bool, premultiplied: Bool)
    case alphaOnly
  }
  package let kind: Kind

  package var bytesPerPixel: Int {
    switch kind {
    case .rgb(_, _, _, _, _, let bytes): bytes
    case .gray(let alpha, _): alpha ? 2 : 1
    case .alphaOnly: 1
    }
  }

  package init?(space: CGColorSpace?, bitsPerPixel: Int, bitmapInfo: CGBitmapInfo) {
    guard bitmapInfo.intersection(.floatInfoMask).isEmpty else { return nil }
    let alpha = CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue)
    guard let alpha else { return nil }
    let order = bitmapInfo.intersection(.byteOrderMask)
    if alpha == .alphaOnly {
      guard bitsPerPixel == 8 else { return nil }
      kind = .alphaOnly
      return
    }
    let model = space?.model ?? .rgb
    switch model {
    case .monochrome:
      switch (alpha, bitsPerPixel) {
      case (.none, 8): kind = .gray(alpha: false, premultiplied: false)
      case (.premultipliedLast, 16): kind = .gray(alpha: true, premultiplied: true)
      case (.last, 16): kind = .gray(alpha: true, premultiplied: false)
      default: return nil
      }
    case .rgb:
      if bitsPerPixel == 24 {
        guard alpha == .none, order.isEmpty || order == .byteOrder32Big else { return nil }
        kind = .rgb(r: 0, g: 1, b: 2, a: nil, premultiplied: false, bytes: 3)
        return
      }
      guard bitsPerPixel == 32, alpha != .none else { return nil }
      // In memory order: the 32-bit word's big-endian order is ARGB/RGBA as named; little-endian
      // reverses it (BGRA for premultipliedFirst, ABGR for premultipliedLast).
      let first = alpha == .premultipliedFirst || alpha == .first || alpha == .noneSkipFirst
      let hasAlpha = !(alpha == .noneSkipFirst || alpha == .noneSkipLast)
      let premultiplied = alpha == .premultipliedFirst || alpha == .premultipliedLast
      var offsets = first ? (a: 0, r: 1, g: 2, b: 3) : (a: 3, r: 0, g: 1, b: 2)
      switch order {
      case .byteOrderDefault, .byteOrder32Big: break
      case .byteOrder32Little: offsets = (3 - offsets.a, 3 - offsets.r, 3 - offsets.g, 3 - offsets.b)
      default: return nil
      }
      kind = .rgb(r: offsets.r, g: offsets.g, b: offsets.b, a: hasAlpha ? offsets.a : nil, premultiplied: premultiplied, bytes: 4)
    default:
      return nil
    }
  }

  /// Straight RGBA bytes of the pixels at `base`.
  package func toRGBA(_ base: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height * 4)
    out.withUnsafeMutableBufferPointer { dest in
      for y in 0..<height {
        let row = base.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
        readRow(row, into: dest.baseAddress! + y * width * 4, width: width)
      }
    }
    return out
  }

  /// Converts one row of `width` pixels to straight RGBA.
  package func readRow(_ row: UnsafePointer<UInt8>, into d: UnsafeMutablePointer<UInt8>, width: Int) {
    func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
      a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a)))
    }
    for x in 0..<width {
      let o = x * 4
      switch kind {
      case .rgb(let r, let g, let b, let a, let premultiplied, let bytes):
        let p = row + x * bytes
        let alpha = a.map { p[$0] } ?? 255
        if premultiplied {
          d[o] = unpremultiply(p[r], alpha); d[o + 1] = unpremultiply(p[g], alpha); d[o + 2] = unpremultiply(p[b], alpha)
        } else {
          d[o] = p[r]; d[o + 1] = p[g]; d[o + 2] = p[b]
        }
        d[o + 3] = alpha
      case .gray(let hasAlpha, let premultiplied):
        let p = row + x * (hasAlpha ? 2 : 1)
        let alpha = hasAlpha ? p[1] : 255
        let v = premultiplied ? unpremultiply(p[0], alpha) : p[0]
        d[o] = v; d[o + 1] = v; d[o + 2] = v; d[o + 3] = alpha
      case .alphaOnly:
        d[o] = 0; d[o + 1] = 0; d[o + 2] = 0; d[o + 3] = row[x]
      }
    }
  }

  /// Converts one row of straight RGBA to this layout.
  package func writeRow(_ s: UnsafePointer<UInt8>, into row: UnsafeMutablePointer<UInt8>, width: Int) {
    func premultiply(_ c: UInt8, _ a: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }
    for x in 0..<width {
      let o = x * 4
      switch kind {
      case .rgb(let r, let g, let b, let a, let premultiplied, let bytes):
        let p = row + x * bytes
        let alpha = a == nil ? 255 : s[o + 3]
        if premultiplied {
          p[r] = premultiply(s[o], alpha); p[g] = premultiply(s[o + 1], alpha); p[b] = premultiply(s[o + 2], alpha)
        } else if a == nil {
          // A layout without alpha shows the colour over black, as Core Graphics composites it.
          p[r] = premultiply(s[o], s[o + 3]); p[g] = premultiply(s[o + 1], s[o + 3]); p[b] = premultiply(s[o + 2], s[o + 3])
        } else {
          p[r] = s[o]; p[g] = s[o + 1]; p[b] = s[o + 2]
        }
        if let a { p[a] = alpha } else if bytes == 4 {
          // The skipped byte.
          let skipped = 6 - r - g - b
          if skipped >= 0 && skipped < 4 { p[skipped] = 255 }
        }
      case .gray(let hasAlpha, let premultiplied):
        let p = row + x * (hasAlpha ? 2 : 1)
        // Rec. 601 luma, as a gray context converts colour.
        let weighted: Int = 299 * Int(s[o]) + 587 * Int(s[o + 1]) + 114 * Int(s[o + 2])
        let luma = UInt8(min(255, (weighted + 500) / 1000))
        if hasAlpha {
          p[0] = premultiplied ? premultiply(luma, s[o + 3]) : luma
          p[1] = s[o + 3]
        } else {
          p[0] = premultiply(luma, s[o + 3])
        }
      case .alphaOnly:
        row[x] = s[o + 3]
      }
    }
  }
}
