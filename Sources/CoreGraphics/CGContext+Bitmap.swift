// Bitmap contexts: a CGContext with pixels behind it.
//
// With the `Pixels` trait, `CGContext(data:width:height:…)` paints every fill, stroke, image and
// clear into its pixels as it is made, with FreeType's rasteriser (antialiased), in the layout
// the caller asked for (8 bits a component: RGBA or ARGB in either byte order, premultiplied or
// not, with alpha skipped or not; gray; alpha only), into the caller's memory or its own.
// Clipping (rectangles and paths), blend modes (normal, copy, clear), line caps, joins and the
// miter limit apply. Device space is Core Graphics': pixels from the bottom left, y up, so
// `draw(_:in:)` shows an image upright there and upside down under UIKit's flipped transform,
// as on iOS.
//
// Without the trait there is no rasteriser: the initializer returns nil (its documented
// failure), and code that falls back on a nil context takes that path.

import Foundation

#if Pixels
  import CFreeType
  import PixelRaster
#endif

/// Compositing operations for painting. Bitmap contexts apply `normal`, `copy` and `clear`;
/// the others are painted as `normal` (the README's differences).
public enum CGBlendMode: Int32, Sendable {
  case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
  case difference, exclusion, hue, saturation, color, luminosity
  case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
  case destinationAtop, xor, plusDarker, plusLighter
}

/// A bitmap context's clip in device pixels (top-left origin): a rectangle, and a coverage
/// mask when a path narrowed it.
package final class CGBitmapClip: @unchecked Sendable {
  /// Whole pixels: minX, minY, maxX, maxY.
  package let x0: Int, y0: Int, x1: Int, y1: Int
  /// A byte a pixel of the context (nil: the rectangle alone).
  package let mask: [UInt8]?

  package init(x0: Int, y0: Int, x1: Int, y1: Int, mask: [UInt8]?) {
    self.x0 = x0
    self.y0 = y0
    self.x1 = max(x0, x1)
    self.y1 = max(y0, y1)
    self.mask = mask
  }
}

/// A bitmap context's pixels: straight RGBA to paint on, mirrored into the memory the caller
/// sees in the layout it asked for.
package final class CGBitmapStore: @unchecked Sendable {
  package let width: Int
  package let height: Int
  package let bytesPerRow: Int
  package let bitsPerComponent: Int
  package let bitsPerPixel: Int
  package let space: CGColorSpace
  package let info: CGBitmapInfo
  package let layout: CGPixelLayout
  /// The caller's memory, or memory the context allocated.
  package let data: UnsafeMutableRawPointer
  private let ownsData: Bool
  /// What is painted on: `width × height × 4` bytes.
  package var rgba: [UInt8]

  init(data: UnsafeMutableRawPointer?, width: Int, height: Int, bytesPerRow: Int, bitsPerComponent: Int,
    bitsPerPixel: Int, space: CGColorSpace, info: CGBitmapInfo, layout: CGPixelLayout)
  {
    self.width = width
    self.height = height
    self.bytesPerRow = bytesPerRow
    self.bitsPerComponent = bitsPerComponent
    self.bitsPerPixel = bitsPerPixel
    self.space = space
    self.info = info
    self.layout = layout
    if let data {
      self.data = data
      ownsData = false
      rgba = layout.toRGBA(data, width: width, height: height, bytesPerRow: bytesPerRow)
    } else {
      // Core Graphics clears the memory it allocates.
      self.data = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * height, alignment: 16)
      self.data.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
      ownsData = true
      rgba = [UInt8](repeating: 0, count: width * height * 4)
    }
  }

  deinit {
    if ownsData { data.deallocate() }
  }

  /// Reads rows `y0..<y1` from the caller's memory (which the caller may have written to).
  package func load(rows: Range<Int>) {
    let rows = rows.clamped(to: 0..<height)
    rgba.withUnsafeMutableBufferPointer { out in
      for y in rows {
        layout.readRow(data.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt8.self),
          into: out.baseAddress! + y * width * 4, width: width)
      }
    }
  }

  /// Writes rows `y0..<y1` back to the caller's memory.
  package func store(rows: Range<Int>) {
    let rows = rows.clamped(to: 0..<height)
    rgba.withUnsafeBufferPointer { source in
      for y in rows {
        layout.writeRow(source.baseAddress! + y * width * 4,
          into: data.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt8.self), width: width)
      }
    }
  }

  /// The image of the pixels now, in the context's layout.
  package func makeImage() -> CGImage? {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: bytesPerRow * height))
    return CGImage(
      width: width, height: height, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
      bytesPerRow: bytesPerRow, space: space, bitmapInfo: info, provider: CGDataProvider(bytes: bytes), decode: nil,
      shouldInterpolate: true, intent: .defaultIntent)
  }
}

extension CGContext {
  /// A bitmap context: `width` × `height` pixels at `data` (or memory the context allocates and
  /// clears, when nil), rows `bytesPerRow` bytes apart (0: as few as the pixels need), in the
  /// layout `space`, `bitsPerComponent` and `bitmapInfo` (a `CGImageAlphaInfo` raw value,
  /// possibly with a byte order) describe. Nil for a layout this module does not paint (see the
  /// file's comment), for a size that is not positive, and without the `Pixels` trait.
  public convenience init?(
    data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
    space: CGColorSpace, bitmapInfo: UInt32
  ) {
    #if Pixels
      let info = CGBitmapInfo(rawValue: bitmapInfo)
      let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue)
      // Core Graphics paints into these: RGB with alpha or a skipped byte (32 bits a pixel),
      // gray without alpha, alpha only.
      let bitsPerPixel: Int
      switch (space.model, alpha) {
      case (_, .alphaOnly?): bitsPerPixel = 8
      case (.monochrome, .none?): bitsPerPixel = 8
      case (.rgb, .some(let a)) where a != .none: bitsPerPixel = 32
      default: return nil
      }
      guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, bitsPerComponent == 8,
        let layout = CGPixelLayout(space: space, bitsPerPixel: bitsPerPixel, bitmapInfo: info)
      else { return nil }
      let rowBytes = bytesPerRow == 0 ? width * layout.bytesPerPixel : bytesPerRow
      guard rowBytes >= width * layout.bytesPerPixel else { return nil }
      self.init()
      bitmap = CGBitmapStore(
        data: data, width: width, height: height, bytesPerRow: rowBytes, bitsPerComponent: bitsPerComponent,
        bitsPerPixel: bitsPerPixel, space: space, info: info, layout: layout)
    #else
      return nil
    #endif
  }

  /// The pixels of a bitmap context, in its layout (nil for other contexts).
  public var data: UnsafeMutableRawPointer? { bitmap?.data }
  /// The width of a bitmap context in pixels (0 for other contexts).
  public var width: Int { bitmap?.width ?? 0 }
  /// The height of a bitmap context in pixels (0 for other contexts).
  public var height: Int { bitmap?.height ?? 0 }
  /// The bytes between rows of a bitmap context (0 for other contexts).
  public var bytesPerRow: Int { bitmap?.bytesPerRow ?? 0 }
  /// The bits of one component of a bitmap context's pixels (0 for other contexts).
  public var bitsPerComponent: Int { bitmap?.bitsPerComponent ?? 0 }
  /// The bits of a bitmap context's pixel (0 for other contexts).
  public var bitsPerPixel: Int { bitmap?.bitsPerPixel ?? 0 }
  /// The colour space of a bitmap context (nil for other contexts).
  public var colorSpace: CGColorSpace? { bitmap?.space }
  /// The layout of a bitmap context's pixels (empty for other contexts).
  public var bitmapInfo: CGBitmapInfo { bitmap?.info ?? [] }
  /// The alpha layout of a bitmap context's pixels.
  public var alphaInfo: CGImageAlphaInfo {
    CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
  }

  /// An image of a bitmap context's pixels now (nil for other contexts).
  public func makeImage() -> CGImage? { bitmap?.makeImage() }

  /// Makes the pixels under `rect` transparent (bitmap contexts; within the clip).
  public func clear(_ rect: CGRect) {
    #if Pixels
      guard bitmap != nil else { return }
      let shape = CGMutablePath()
      shape.addRect(rect, transform: ctm)
      let polylines = shape.flattened().map { CGPathPolyline(points: $0.points, isClosed: true) }
      paint(polylines, color: CGColor(gray: 0, alpha: 1), stroke: nil, evenOdd: false, blend: .clear)
    #endif
  }

  /// Narrows the clip to `rect` (bitmap contexts apply it; recording contexts keep no clip).
  public func clip(to rect: CGRect) {
    let shape = CGMutablePath()
    shape.addRect(rect, transform: ctm)
    narrowClip(shape, evenOdd: false)
  }

  /// Narrows the clip to the union of `rects`.
  public func clip(to rects: [CGRect]) {
    let shape = CGMutablePath()
    shape.addRects(rects, transform: ctm)
    narrowClip(shape, evenOdd: false)
  }

  /// Narrows the clip to the inside of the current path, then discards the path.
  public func clip(using rule: CGPathFillRule = .winding) {
    narrowClip(pathInBase, evenOdd: rule == .evenOdd)
    beginPath()
  }

  /// Draws `image` into `rect` (user space), its first row at `rect`'s maximum y: upright in
  /// Core Graphics' y-up space, upside down under UIKit's flipped transform (as on iOS).
  /// `byTiling` repeats it from `rect` across the clip.
  public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
    drawImage(image, in: rect, firstRowAtMinY: false, tiled: byTiling)
  }

  // MARK: Painting pixels

  private func narrowClip(_ shape: CGPath, evenOdd: Bool) {
    #if Pixels
      guard let bitmap else { return }
      let polylines = shape.flattened().map { CGPathPolyline(points: $0.points, isClosed: true) }
      // The shape's coverage, painted opaque on a clear canvas: its alpha is the new mask.
      var canvas = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
      let (w, h) = (bitmap.width, bitmap.height)
      canvas.withUnsafeMutableBufferPointer { buffer in
        RasterLibrary.lock.lock()
        defer { RasterLibrary.lock.unlock() }
        let raster = Raster(pixels: buffer.baseAddress!, width: w, height: h, clip: PixelRect(x: 0, y: 0, width: w, height: h))
        raster.setColor(.black, alpha: 1)
        raster.fill(Self.outline(polylines, height: h), evenOdd: evenOdd, library: RasterLibrary.shared)
      }
      var mask = [UInt8](repeating: 0, count: w * h)
      var minX = w, minY = h, maxX = 0, maxY = 0
      for y in 0..<h {
        for x in 0..<w {
          var m = canvas[(y * w + x) * 4 + 3]
          if let old = clipState {
            let inRect = x >= old.x0 && x < old.x1 && y >= old.y0 && y < old.y1
            let before: UInt8 = inRect ? (old.mask?[y * w + x] ?? 255) : 0
            m = UInt8((Int(m) * Int(before) + 127) / 255)
          }
          mask[y * w + x] = m
          if m > 0 {
            minX = min(minX, x); maxX = max(maxX, x + 1)
            minY = min(minY, y); maxY = max(maxY, y + 1)
          }
        }
      }
      clipState = CGBitmapClip(x0: minX, y0: minY, x1: maxX, y1: maxY, mask: mask)
    #endif
  }

  /// Paints a recorded drawing into a bitmap context's pixels.
  func rasterize(_ drawing: CGContextDrawing) {
    #if Pixels
      let blend: Raster.Blend =
        switch blendMode {
        case .copy: .copy
        case .clear: .clear
        default: .normal
        }
      switch drawing.mode {
      case .fill(let evenOdd): paint(drawing.polylines, color: drawing.color, stroke: nil, evenOdd: evenOdd, blend: blend)
      case .stroke(let width): paint(drawing.polylines, color: drawing.color, stroke: width, evenOdd: false, blend: blend)
      }
    #endif
  }

  #if Pixels
    /// The colour of straight RGBA pixels `src` (`width` a row) at (`x`, `y`) in pixel-centre
    /// coordinates, kept to the pixels `within` (minX, minY, maxX, maxY): the nearest pixel, or
    /// the four nearest blended in premultiplied colour (so transparent pixels do not darken
    /// edges). Premultiplied components, 0...1.
    @inline(__always)
    static func sample(
      _ src: UnsafeBufferPointer<UInt8>, width: Int, x: CGFloat, y: CGFloat, within: (Int, Int, Int, Int), nearest: Bool
    ) -> (Float, Float, Float, Float) {
      let (lowX, lowY, highX, highY) = within
      var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
      @inline(__always) func add(_ sx: Int, _ sy: Int, _ weight: Float) {
        let i = (sy * width + sx) * 4
        let pa = Float(src[i + 3]) / 255 * weight
        a += pa
        r += Float(src[i]) / 255 * pa
        g += Float(src[i + 1]) / 255 * pa
        b += Float(src[i + 2]) / 255 * pa
      }
      if nearest {
        add(min(highX, max(lowX, Int((x + 0.5).rounded(.down)))), min(highY, max(lowY, Int((y + 0.5).rounded(.down)))), 1)
      } else {
        let ix = Int(x.rounded(.down)), iy = Int(y.rounded(.down))
        let tx = Float(x - CGFloat(ix)), ty = Float(y - CGFloat(iy))
        let x0 = min(highX, max(lowX, ix)), x1 = min(highX, max(lowX, ix + 1))
        let y0 = min(highY, max(lowY, iy)), y1 = min(highY, max(lowY, iy + 1))
        add(x0, y0, (1 - tx) * (1 - ty))
        add(x1, y0, tx * (1 - ty))
        add(x0, y1, (1 - tx) * ty)
        add(x1, y1, tx * ty)
      }
      return (r, g, b, a)
    }

    /// Polylines in device space (y up) as an outline in image rows (y down).
    static func outline(_ polylines: [CGPathPolyline], height: Int) -> OutlinePath {
      var path = OutlinePath()
      let h = CGFloat(height)
      for line in polylines {
        guard let first = line.points.first else { continue }
        path.move(to: first.x, h - first.y)
        for p in line.points.dropFirst() { path.line(to: p.x, h - p.y) }
        if line.isClosed { path.close() }
      }
      return path
    }

    /// Runs `body` with a raster on the context's pixels, clipped and masked by its clip, after
    /// reading the rows `rows` may touch from the caller's memory; writes them back after.
    package func withRaster(rows: Range<Int>, _ body: (Raster) -> Void) {
      guard let bitmap else { return }
      let rows = rows.clamped(to: 0..<bitmap.height)
      guard !rows.isEmpty else { return }
      bitmap.load(rows: rows)
      let (w, h) = (bitmap.width, bitmap.height)
      let clip = clipState
      bitmap.rgba.withUnsafeMutableBufferPointer { buffer in
        let area =
          clip.map { PixelRect(x: $0.x0, y: $0.y0, width: $0.x1 - $0.x0, height: $0.y1 - $0.y0) }
          ?? PixelRect(x: 0, y: 0, width: w, height: h)
        let raster = Raster(pixels: buffer.baseAddress!, width: w, height: h,
          clip: area.intersection(PixelRect(x: 0, y: rows.lowerBound, width: w, height: rows.count)))
        if let mask = clip?.mask {
          mask.withUnsafeBufferPointer { m in
            raster.mask = m.baseAddress
            body(raster)
            raster.mask = nil
          }
        } else {
          body(raster)
        }
      }
      bitmap.store(rows: rows)
    }

    /// The image rows (y down) that polylines in device space reach, widened by `margin`.
    private func rows(of polylines: [CGPathPolyline], margin: CGFloat) -> Range<Int> {
      guard let bitmap else { return 0..<0 }
      var minY = CGFloat.infinity, maxY = -CGFloat.infinity
      for line in polylines {
        for p in line.points where p.y.isFinite {
          minY = min(minY, p.y)
          maxY = max(maxY, p.y)
        }
      }
      guard minY <= maxY else { return 0..<0 }
      let h = CGFloat(bitmap.height)
      let top = max(0, min(h, h - maxY - margin)), bottom = max(0, min(h, h - minY + margin))
      return Int(top.rounded(.down))..<Int(bottom.rounded(.up))
    }

    private func paint(_ polylines: [CGPathPolyline], color: CGColor, stroke width: CGFloat?, evenOdd: Bool, blend: Raster.Blend) {
      guard let bitmap, !polylines.isEmpty else { return }
      let margin = (width ?? 0) * max(1, miterLimit) / 2 + 2
      let rgba = color.rgba
      func byte(_ v: CGFloat) -> UInt8 { UInt8(max(0, min(255, (v.isFinite ? v : 0) * 255)).rounded()) }
      let outline = Self.outline(polylines, height: bitmap.height)
      let cap: Raster.Cap = switch lineCap { case .butt: .butt; case .round: .round; case .square: .square }
      let join: Raster.Join = switch lineJoin { case .miter: .miter; case .round: .round; case .bevel: .bevel }
      withRaster(rows: rows(of: polylines, margin: margin)) { raster in
        RasterLibrary.lock.lock()
        defer { RasterLibrary.lock.unlock() }
        raster.blend = blend
        raster.setColor(RGBA(r: byte(rgba.red), g: byte(rgba.green), b: byte(rgba.blue), a: byte(rgba.alpha)), alpha: 1)
        if let width {
          raster.stroke(outline, lineWidth: width, cap: cap, join: join, miterLimit: miterLimit, library: RasterLibrary.shared)
        } else {
          raster.fill(outline, evenOdd: evenOdd, library: RasterLibrary.shared)
        }
      }
    }
  #endif

  /// Draws `image` into `rect` (user space). With `firstRowAtMinY` its first row goes at the
  /// rectangle's minimum y (UIKit's `UIImage.draw(in:)`, upright in a flipped context); else at
  /// its maximum y (Core Graphics' `draw(_:in:)`). Each pixel of the context samples the image
  /// through the inverse of the CTM, so any transform (scales, flips, rotations) is honoured.
  package func drawImage(_ image: CGImage, in rect: CGRect, firstRowAtMinY: Bool, tiled: Bool = false, alpha extra: CGFloat = 1) {
    #if Pixels
      guard let bitmap, rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite,
        rect.minX.isFinite, rect.minY.isFinite
      else { return }
      let ctm = self.ctm
      let inverse = ctm.inverted()
      guard ctm.a * ctm.d - ctm.b * ctm.c != 0 else { return }
      // The device rectangle the image can reach (all of it when tiled).
      let h = CGFloat(bitmap.height)
      let reach = tiled ? CGRect(x: 0, y: 0, width: CGFloat(bitmap.width), height: h) : rect.applying(ctm)
      let x0 = max(0, Int(reach.minX.rounded(.down))), x1 = min(bitmap.width, Int(reach.maxX.rounded(.up)))
      let rowTop = max(0, Int((h - reach.maxY).rounded(.down))), rowBottom = min(bitmap.height, Int((h - reach.minY).rounded(.up)))
      guard x1 > x0, rowBottom > rowTop else { return }
      let (iw, ih) = (image.width, image.height)
      let nearest = interpolationQuality == .none || !image.shouldInterpolate
      let opacity = Float(max(0, min(1, alpha * extra)))
      let blend: Raster.Blend = blendMode == .copy ? .copy : blendMode == .clear ? .clear : .normal
      // Pixel for pixel (a picture made at the context's scale, drawn where its pixels fall on
      // the context's): rows are blended straight across.
      let device = rect.applying(ctm)
      if !tiled, blend == .normal, opacity >= 1, clipState?.mask == nil, ctm.b == 0, ctm.c == 0, ctm.a > 0,
        abs(device.width - CGFloat(iw)) < 1e-6, abs(device.height - CGFloat(ih)) < 1e-6,
        device.minX == device.minX.rounded(), device.minY == device.minY.rounded()
      {
        // Image row 0 is at the top of the device rectangle when the flips cancel.
        let firstRowOnTop = firstRowAtMinY == (ctm.d < 0)
        let left = Int(device.minX), top = bitmap.height - Int(device.maxY)
        image.rgba.withUnsafeBufferPointer { src in
          withRaster(rows: max(0, top)..<min(bitmap.height, top + ih)) { raster in
            let clip = raster.clip
            for row in max(top, clip.y)..<min(top + ih, clip.maxY) {
              let sy = firstRowOnTop ? row - top : ih - 1 - (row - top)
              for x in max(left, clip.x)..<min(left + iw, clip.maxX) {
                let i = (sy * iw + (x - left)) * 4
                raster.blendPixel(x: x, y: row, r: src[i], g: src[i + 1], b: src[i + 2], a: src[i + 3])
              }
            }
          }
        }
        return
      }
      image.rgba.withUnsafeBufferPointer { src in
        withRaster(rows: rowTop..<rowBottom) { raster in
          raster.blend = blend
          for row in rowTop..<rowBottom {
            for x in x0..<x1 {
              // The pixel's centre in user space, then in the image's unit square.
              let device = CGPoint(x: CGFloat(x) + 0.5, y: h - (CGFloat(row) + 0.5))
              let user = device.applying(inverse)
              var u = (user.x - rect.minX) / rect.width
              var v = (user.y - rect.minY) / rect.height
              if tiled {
                u -= u.rounded(.down)
                v -= v.rounded(.down)
              } else if u < 0 || u >= 1 || v < 0 || v >= 1 {
                continue
              }
              if !firstRowAtMinY { v = 1 - v }
              let (r, g, b, a) = Self.sample(
                src, width: iw, x: u * CGFloat(iw) - 0.5, y: v * CGFloat(ih) - 0.5,
                within: (0, 0, iw - 1, ih - 1), nearest: nearest)
              guard a > 0 || blend != .normal else { continue }
              func byte(_ c: Float) -> UInt8 { a > 0 ? UInt8(min(255, (c / a * 255).rounded())) : 0 }
              raster.setColor(RGBA(r: byte(r), g: byte(g), b: byte(b), a: UInt8(min(255, (a * 255).rounded()))), alpha: CGFloat(opacity))
              raster.blendSpan(x: x, y: row, count: 1, coverage: 1)
            }
          }
        }
      }
    #endif
  }
}

#if Pixels
  extension Raster {
    /// Paints the pixels `source` of `image` (image pixels, from the top left) scaled into `dest`
    /// (raster pixels, y down), sampled at each destination pixel's centre (nearest pixel or
    /// bilinear, in premultiplied colour). With `tint`, the image's alpha is painted in that
    /// colour (a template image). `opacity` multiplies alpha.
    package func draw(
      _ image: CGImage, source: CGRect, in dest: CGRect, tint: RGBA? = nil, opacity: CGFloat = 1, nearest: Bool = false
    ) {
      guard dest.width > 0, dest.height > 0, source.width > 0, source.height > 0,
        [dest.minX, dest.minY, dest.maxX, dest.maxY].allSatisfy({ $0.isFinite && abs($0) < 1e8 })
      else { return }
      let x0 = max(clip.x, Int(dest.minX.rounded(.down))), x1 = min(clip.maxX, Int(dest.maxX.rounded(.up)))
      let y0 = max(clip.y, Int(dest.minY.rounded(.down))), y1 = min(clip.maxY, Int(dest.maxY.rounded(.up)))
      guard x1 > x0, y1 > y0 else { return }
      let (iw, ih) = (image.width, image.height)
      let sx = source.width / dest.width, sy = source.height / dest.height
      let savedShader = shader
      defer { shader = savedShader }
      let extra = Float(max(0, min(1, opacity)))
      image.rgba.withUnsafeBufferPointer { src in
        func sample(_ px: Int, _ py: Int) -> (Float, Float, Float, Float) {
          let fx = source.minX + (CGFloat(px) + 0.5 - dest.minX) * sx - 0.5
          let fy = source.minY + (CGFloat(py) + 0.5 - dest.minY) * sy - 0.5
          let lowX = Int(source.minX.rounded(.down)), highX = min(iw, Int(source.maxX.rounded(.up))) - 1
          let lowY = Int(source.minY.rounded(.down)), highY = min(ih, Int(source.maxY.rounded(.up))) - 1
          let (r, g, b, a) = CGContext.sample(src, width: iw, x: fx, y: fy, within: (lowX, lowY, highX, highY), nearest: nearest)
          guard a > 0 else { return (0, 0, 0, 0) }
          if let tint {
            return (Float(tint.r) / 255, Float(tint.g) / 255, Float(tint.b) / 255, a * Float(tint.a) / 255 * extra)
          }
          return (r / a, g / a, b / a, a * extra)
        }
        shader = sample
        for y in y0..<y1 { blendSpan(x: x0, y: y, count: x1 - x0, coverage: 1) }
      }
    }
  }
#endif
