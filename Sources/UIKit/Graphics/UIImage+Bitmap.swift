// UIImage as a bitmap: made from a CGImage or a PNG or JPEG file, turned into PNG or JPEG data,
// and drawn into the current context.
//
// Decoding and encoding files needs libpng and libjpeg (the `Pixels` trait); without it
// `init?(data:)` returns nil and `pngData()`/`jpegData(compressionQuality:)` return nil, which
// is how iOS answers for data it cannot read and images without a bitmap.

import Foundation

#if Pixels
  import PixelRaster
#endif

/// What an image renderer drew, in the image's points: the items a view's display list would
/// hold for it, drawn where the image is (the terminal draws images from these).
package struct _ImageDrawing: @unchecked Sendable {
  package var size: CGSize
  package var items: [DisplayItem]
}

extension UIImage {
  /// An image of `cgImage`'s pixels at scale 1.
  public convenience init(cgImage: CGImage) {
    self.init(cgImage: cgImage, scale: 1, orientation: .up)
  }

  /// An image of `cgImage`'s pixels at `scale` pixels a point, shown turned by `orientation`.
  public convenience init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) {
    let scale = scale > 0 && scale.isFinite ? scale : 1
    var size = CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    if orientation._isSideways { size = CGSize(width: size.height, height: size.width) }
    self.init(name: nil, isSymbol: false, size: size, scale: scale, bitmap: cgImage, orientation: orientation)
  }

  /// The image's pixels (nil for a named or symbol image, and for an image a renderer drew
  /// without the `Pixels` trait).
  public var cgImage: CGImage? { _bitmap }

  /// The image in a PNG or JPEG file's bytes, at scale 1; nil when they are neither (or
  /// without the `Pixels` trait).
  public convenience init?(data: Data) {
    self.init(data: data, scale: 1)
  }

  /// The image in a PNG or JPEG file's bytes, at `scale` pixels a point.
  public convenience init?(data: Data, scale: CGFloat) {
    guard let bitmap = UIImage._decode(data) else { return nil }
    self.init(cgImage: bitmap, scale: scale, orientation: .up)
  }

  /// The image in the PNG or JPEG file at `path`; a name ending in "@2x" or "@3x" (before the
  /// extension) gives the scale, as on iOS. Nil when the file cannot be read or decoded.
  public convenience init?(contentsOfFile path: String) {
    guard let data = FileManager.default.contents(atPath: path), let bitmap = UIImage._decode(data) else { return nil }
    let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
    self.init(cgImage: bitmap, scale: scale, orientation: .up)
  }

  static func _decode(_ data: Data) -> CGImage? {
    #if Pixels
      guard let image = PNGDecoder.decode(data) ?? JPEGDecoder.decode(data), image.width > 0, image.height > 0 else {
        return nil
      }
      return CGImage(width: image.width, height: image.height, rgba: image.bytes)
    #else
      return nil
    #endif
  }

  /// The image's pixels as a PNG file (as iOS, without its orientation); nil for an image
  /// without pixels.
  public func pngData() -> Data? {
    #if Pixels
      guard let bitmap = _bitmap else { return nil }
      return Data(PNGEncoder.encode(RGBAImage(width: bitmap.width, height: bitmap.height, bytes: bitmap.rgba)))
    #else
      return nil
    #endif
  }

  /// The image's pixels, turned upright, as a JPEG file at `compressionQuality` (0 smallest …
  /// 1 best); transparent pixels become black, as on iOS. Nil for an image without pixels.
  public func jpegData(compressionQuality: CGFloat) -> Data? {
    #if Pixels
      guard let bitmap = _uprightBitmap() else { return nil }
      let image = RGBAImage(width: bitmap.width, height: bitmap.height, bytes: bitmap.rgba)
      return JPEGEncoder.encode(image, quality: Double(compressionQuality)).map { Data($0) }
    #else
      return nil
    #endif
  }

  /// The pixels as they are shown: turned and mirrored by the orientation.
  package func _uprightBitmap() -> CGImage? {
    guard let bitmap = _bitmap else { return nil }
    guard imageOrientation != .up else { return bitmap }
    let (w, h) = (bitmap.width, bitmap.height)
    let sideways = imageOrientation._isSideways
    let (ow, oh) = sideways ? (h, w) : (w, h)
    var out = [UInt8](repeating: 0, count: ow * oh * 4)
    bitmap.rgba.withUnsafeBufferPointer { src in
      for y in 0..<oh {
        for x in 0..<ow {
          // The source pixel shown at (x, y).
          let (sx, sy): (Int, Int) =
            switch imageOrientation {
            case .up: (x, y)
            case .down: (w - 1 - x, h - 1 - y)
            case .left: (w - 1 - y, x)
            case .right: (y, h - 1 - x)
            case .upMirrored: (w - 1 - x, y)
            case .downMirrored: (x, h - 1 - y)
            case .leftMirrored: (y, x)
            case .rightMirrored: (w - 1 - y, h - 1 - x)
            }
          let i = (sy * w + sx) * 4, o = (y * ow + x) * 4
          out[o] = src[i]; out[o + 1] = src[i + 1]; out[o + 2] = src[i + 2]; out[o + 3] = src[i + 3]
        }
      }
    }
    return CGImage(width: ow, height: oh, rgba: out, space: bitmap.colorSpace ?? CGColorSpaceCreateDeviceRGB())
  }

  // MARK: Drawing into the current context

  /// `draw(in:blendMode:alpha:)`.
  func _draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    context.setAlpha(context.alpha * alpha)
    _draw(in: rect, context: context)
    context.restoreGState()
  }

  /// `drawAsPattern(in:)`.
  func _drawAsPattern(in rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext(), size.width > 0, size.height > 0 else { return }
    context.saveGState()
    context.clip(to: rect)
    if context.bitmap != nil, let bitmap = _tinted(_uprightBitmap()) {
      context.drawImage(bitmap, in: CGRect(origin: rect.origin, size: size), firstRowAtMinY: true, tiled: true)
    } else {
      var y = rect.minY
      while y < rect.maxY {
        var x = rect.minX
        while x < rect.maxX {
          _draw(in: CGRect(x: x, y: y, width: size.width, height: size.height), context: context)
          x += size.width
        }
        y += size.height
      }
    }
    context.restoreGState()
  }

  /// The bitmap recoloured by the tint colour (set with `withTintColor`): its alpha in that colour.
  func _tinted(_ bitmap: CGImage?) -> CGImage? {
    guard let bitmap, let tint = tintColor else { return bitmap }
    let c = tint.rgba8
    var out = bitmap.rgba
    for i in stride(from: 0, to: out.count, by: 4) {
      out[i] = c.r
      out[i + 1] = c.g
      out[i + 2] = c.b
      out[i + 3] = UInt8((Int(out[i + 3]) * Int(c.a) + 127) / 255)
    }
    return CGImage(width: bitmap.width, height: bitmap.height, rgba: out)
  }

  /// Draws into `context`: pixels into a bitmap context (nine pieces for a resizable image),
  /// an image item into the recording of a view's `draw(_:)`.
  func _draw(in rect: CGRect, context: CGContext) {
    guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
    if context.bitmap != nil {
      if let bitmap = _tinted(_uprightBitmap()) {
        for piece in _slices(into: rect) {
          guard let cut = bitmap.cropping(to: piece.source) else { continue }
          if piece.tiles, resizingMode == .tile {
            context.saveGState()
            context.clip(to: piece.dest)
            let tile = CGRect(origin: piece.dest.origin, size: CGSize(width: piece.source.width / scale, height: piece.source.height / scale))
            context.drawImage(cut, in: tile, firstRowAtMinY: true, tiled: true)
            context.restoreGState()
          } else {
            context.drawImage(cut, in: piece.dest, firstRowAtMinY: true)
          }
        }
      } else {
        // A named or symbol image has no pixels: its glyph is drawn, as hosts draw it.
        UIGraphicsDrawingContext.paint(
          [DisplayItem(frame: rect, clip: rect, content: .image(self))], covering: rect, into: context)
      }
      return
    }
    UIGraphicsDrawingContext.record(image: self, in: rect, context: context)
  }

  /// A piece of a resizable image: its pixels and where they go.
  struct _Slice {
    var source: CGRect
    var dest: CGRect
    /// Whether the piece lies between the caps (tiled in tile mode).
    var tiles: Bool
  }

  /// The nine pieces of a resizable image drawn into `rect` (one piece for other images, or
  /// when `rect` is the image's size).
  func _slices(into rect: CGRect) -> [_Slice] {
    let pixels = CGSize(width: size.width * scale, height: size.height * scale)
    let whole = _Slice(source: CGRect(origin: .zero, size: pixels), dest: rect, tiles: false)
    let caps = capInsets
    guard caps != .zero, rect.size != size else { return [whole] }
    // Caps that do not fit in the image, or in the rectangle, are ignored (iOS draws the image stretched).
    guard caps.left + caps.right <= size.width, caps.top + caps.bottom <= size.height,
      caps.left + caps.right <= rect.width, caps.top + caps.bottom <= rect.height
    else { return [whole] }
    let sx = [0, caps.left, size.width - caps.right, size.width].map { $0 * scale }
    let sy = [0, caps.top, size.height - caps.bottom, size.height].map { $0 * scale }
    let dx = [rect.minX, rect.minX + caps.left, rect.maxX - caps.right, rect.maxX]
    let dy = [rect.minY, rect.minY + caps.top, rect.maxY - caps.bottom, rect.maxY]
    var pieces: [_Slice] = []
    for row in 0..<3 {
      for column in 0..<3 {
        let source = CGRect(x: sx[column], y: sy[row], width: sx[column + 1] - sx[column], height: sy[row + 1] - sy[row])
        let dest = CGRect(x: dx[column], y: dy[row], width: dx[column + 1] - dx[column], height: dy[row + 1] - dy[row])
        guard source.width > 0, source.height > 0, dest.width > 0, dest.height > 0 else { continue }
        pieces.append(_Slice(source: source, dest: dest, tiles: row == 1 || column == 1))
      }
    }
    return pieces
  }
}
