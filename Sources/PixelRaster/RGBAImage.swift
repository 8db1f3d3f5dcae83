#if Pixels
import Foundation

/// A rectangle of pixels: whole pixels from (`x`, `y`), `width` × `height`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The pixels a rectangle of points covers at `scale`, rounded outwards (a pixel partly
  /// covered belongs to it).
  public init(covering rect: CGRect, scale: CGFloat) {
    // A null, infinite or huge rectangle covers nothing sensible: it becomes empty or is cut to
    // ±2³⁰ pixels.
    let limit = CGFloat(1 << 30)
    guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
      self.init(x: 0, y: 0, width: 0, height: 0)
      return
    }
    func clamp(_ v: CGFloat) -> CGFloat { min(limit, max(-limit, v * scale)) }
    let minX = Int(clamp(rect.minX).rounded(.down))
    let minY = Int(clamp(rect.minY).rounded(.down))
    let maxX = Int(clamp(rect.maxX).rounded(.up))
    let maxY = Int(clamp(rect.maxY).rounded(.up))
    self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  public var isEmpty: Bool { width == 0 || height == 0 }
  public var maxX: Int { x + width }
  public var maxY: Int { y + height }

  /// The part inside `other` (empty, at `other`'s origin, when they do not meet).
  public func intersection(_ other: PixelRect) -> PixelRect {
    let x0 = max(x, other.x), y0 = max(y, other.y)
    let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return PixelRect(x: other.x, y: other.y, width: 0, height: 0) }
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The smallest rectangle holding both.
  public func union(_ other: PixelRect) -> PixelRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x0 = min(x, other.x), y0 = min(y, other.y)
    return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  public var description: String { "(\(x), \(y), \(width) × \(height))" }
}

/// A colour of one pixel: 8-bit sRGB, alpha not premultiplied.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public var a: UInt8
  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }
  public static let white = RGBA(r: 255, g: 255, b: 255)
  public static let black = RGBA(r: 0, g: 0, b: 0)
  public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
  public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}

/// An image in memory: `width` × `height` pixels, row after row from the top, four bytes a pixel
/// (red, green, blue, alpha; sRGB; alpha not premultiplied), as PNG and a browser's `ImageData`
/// lay them out. `scale` is the pixels per point it was drawn at.
public struct RGBAImage: Equatable, Sendable {
  public let width: Int
  public let height: Int
  /// Pixels per point.
  public let scale: CGFloat
  /// `width × height × 4` bytes.
  public var bytes: [UInt8]

  /// An image of one colour (opaque white by default).
  public init(width: Int, height: Int, scale: CGFloat = 1, color: RGBA = .white) {
    precondition(width >= 0 && height >= 0, "RGBAImage: negative size \(width) × \(height)")
    self.width = width
    self.height = height
    self.scale = scale
    bytes = [UInt8](repeating: 0, count: width * height * 4)
    if color != .clear {
      var word: UInt32 = 0
      withUnsafeMutableBytes(of: &word) { $0[0] = color.r; $0[1] = color.g; $0[2] = color.b; $0[3] = color.a }
      bytes.withUnsafeMutableBytes { raw in
        raw.bindMemory(to: UInt32.self).update(repeating: word)
      }
    }
  }

  /// An image from its bytes (`width × height × 4` of them).
  public init(width: Int, height: Int, scale: CGFloat = 1, bytes: [UInt8]) {
    precondition(width >= 0 && height >= 0 && bytes.count == width * height * 4,
      "RGBAImage: \(bytes.count) bytes for \(width) × \(height) pixels (needs \(width * height * 4))")
    self.width = width
    self.height = height
    self.scale = scale
    self.bytes = bytes
  }

  /// The whole image as a rectangle.
  public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  /// The pixel at (`x`, `y`), from the top left.
  public subscript(x: Int, y: Int) -> RGBA {
    get {
      precondition(x >= 0 && y >= 0 && x < width && y < height, "RGBAImage: pixel (\(x), \(y)) outside \(width) × \(height)")
      let i = (y * width + x) * 4
      return RGBA(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
    }
    set {
      precondition(x >= 0 && y >= 0 && x < width && y < height, "RGBAImage: pixel (\(x), \(y)) outside \(width) × \(height)")
      let i = (y * width + x) * 4
      bytes[i] = newValue.r
      bytes[i + 1] = newValue.g
      bytes[i + 2] = newValue.b
      bytes[i + 3] = newValue.a
    }
  }

  /// The pixel under a point (in points).
  public func pixel(atPoint point: CGPoint) -> RGBA {
    self[Int((point.x * scale).rounded(.down)), Int((point.y * scale).rounded(.down))]
  }

  /// The bytes of `region` (clamped to the image), row after row: what a browser's `ImageData`
  /// of that rectangle holds.
  public func bytes(in region: PixelRect) -> [UInt8] {
    let r = region.intersection(bounds)
    var out = [UInt8]()
    out.reserveCapacity(r.width * r.height * 4)
    for y in r.y..<r.maxY {
      let start = (y * width + r.x) * 4
      out.append(contentsOf: bytes[start..<(start + r.width * 4)])
    }
    return out
  }

  /// The smallest rectangle holding every pixel that differs from `previous` (nil when none
  /// does); an image of another size differs everywhere.
  public func changedRegion(since previous: RGBAImage) -> PixelRect? {
    guard previous.width == width, previous.height == height else { return bounds }
    var minX = width, minY = height, maxX = -1, maxY = -1
    bytes.withUnsafeBufferPointer { now in
      previous.bytes.withUnsafeBufferPointer { before in
        let stride = width * 4
        for y in 0..<height {
          let row = y * stride
          guard memcmp(now.baseAddress! + row, before.baseAddress! + row, stride) != 0 else { continue }
          minY = min(minY, y)
          maxY = y
          var x = 0
          while x < width, now[row + x * 4] == before[row + x * 4], now[row + x * 4 + 1] == before[row + x * 4 + 1],
            now[row + x * 4 + 2] == before[row + x * 4 + 2], now[row + x * 4 + 3] == before[row + x * 4 + 3]
          { x += 1 }
          minX = min(minX, x)
          var last = width - 1
          while last > x, now[row + last * 4] == before[row + last * 4], now[row + last * 4 + 1] == before[row + last * 4 + 1],
            now[row + last * 4 + 2] == before[row + last * 4 + 2], now[row + last * 4 + 3] == before[row + last * 4 + 3]
          { last -= 1 }
          maxX = max(maxX, last)
        }
      }
    }
    guard maxY >= 0 else { return nil }
    return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }
}
#endif
