#if Pixels
import CFreeType
import Foundation

/// Paints into an ``RGBAImage``'s bytes: rectangles with fractional edges, and outlines (shapes,
/// strokes, glyphs) antialiased by FreeType's rasteriser, whose spans are blended straight into
/// the image. Coordinates are pixels from the top left; everything is clipped to `clip`.
package final class Raster {
  package let width: Int
  package let height: Int
  package let pixels: UnsafeMutablePointer<UInt8>
  /// Pixels outside are never touched.
  package var clip: PixelRect
  /// The colour painted now, components 0...1, alpha included.
  package var red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 1
  /// When set, the colour of each pixel painted (a gradient), alpha included.
  package var shader: ((Int, Int) -> (Float, Float, Float, Float))?

  package init(pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, clip: PixelRect) {
    self.pixels = pixels
    self.width = width
    self.height = height
    self.clip = clip
  }

  package func setColor(_ color: RGBA, alpha extra: CGFloat) {
    red = Float(color.r) / 255
    green = Float(color.g) / 255
    blue = Float(color.b) / 255
    alpha = Float(color.a) / 255 * Float(extra)
    opaqueWord = Self.word(RGBA(r: color.r, g: color.g, b: color.b, a: 255))
  }

  /// The current colour as the four bytes of one pixel, when opaque.
  private var opaqueWord: UInt32 = 0

  package static func word(_ c: RGBA) -> UInt32 {
    var w: UInt32 = 0
    withUnsafeMutableBytes(of: &w) { $0[0] = c.r; $0[1] = c.g; $0[2] = c.b; $0[3] = c.a }
    return w
  }

  @inline(__always)
  private func fillWords(_ start: UnsafeMutablePointer<UInt8>, count: Int, _ word: UInt32) {
    UnsafeMutableRawPointer(start).bindMemory(to: UInt32.self, capacity: count).update(repeating: word, count: count)
  }

  /// How painting combines with what is there (Core Graphics' blend modes that bitmap
  /// contexts apply; views' drawing is always `normal`).
  package enum Blend: Sendable {
    /// Source over: the colour covers what is under it by its alpha.
    case normal
    /// The colour replaces what is there (where the shape covers it).
    case copy
    /// What is there becomes transparent (where the shape covers it).
    case clear
  }

  /// How painting combines with the pixels.
  package var blend = Blend.normal
  /// When set, a coverage byte per pixel of the image (`width × height`) that everything painted
  /// is multiplied by: a clipping path.
  package var mask: UnsafePointer<UInt8>?

  /// Blends the current colour over `count` pixels of row `y` from `x`, at `coverage` (0...1).
  @inline(__always)
  package func blendSpan(x: Int, y: Int, count: Int, coverage: Float) {
    guard y >= clip.y, y < clip.maxY else { return }
    let x0 = max(x, clip.x), x1 = min(x + count, clip.maxX)
    guard x1 > x0 else { return }
    // An opaque colour covering whole pixels replaces them: one call that fills words (fast even
    // in a debug build, where the loop below is not).
    if shader == nil, mask == nil, blend == .normal, coverage >= 0.999, alpha >= 0.999 {
      fillWords(pixels + (y * width + x0) * 4, count: x1 - x0, opaqueWord)
      return
    }
    var r = red, g = green, b = blue, a = alpha
    for px in x0..<x1 {
      if let shader { (r, g, b, a) = shader(px, y) }
      var cover = coverage
      if let mask { cover *= Float(mask[y * width + px]) / 255 }
      let p = pixels + (y * width + px) * 4
      guard blend == .normal else {
        blendOther(p, r, g, b, a, cover)
        continue
      }
      let sa = a * cover
      guard sa > 0.001 else { continue }
      let da = Float(p[3]) / 255
      if da >= 0.999 {
        let inv = 1 - sa
        p[0] = UInt8(min(255, (r * 255 * sa + Float(p[0]) * inv).rounded()))
        p[1] = UInt8(min(255, (g * 255 * sa + Float(p[1]) * inv).rounded()))
        p[2] = UInt8(min(255, (b * 255 * sa + Float(p[2]) * inv).rounded()))
      } else {
        let outA = sa + da * (1 - sa)
        guard outA > 0 else { continue }
        let k = da * (1 - sa)
        p[0] = UInt8(min(255, ((r * 255 * sa + Float(p[0]) * k) / outA).rounded()))
        p[1] = UInt8(min(255, ((g * 255 * sa + Float(p[1]) * k) / outA).rounded()))
        p[2] = UInt8(min(255, ((b * 255 * sa + Float(p[2]) * k) / outA).rounded()))
        p[3] = UInt8(min(255, (outA * 255).rounded()))
      }
    }
  }

  /// Paints one straight-alpha pixel over pixel (`x`, `y`) (inside the clip; the caller
  /// checks): what copying an image's pixels 1:1 does, without the float path.
  @inline(__always)
  package func blendPixel(x: Int, y: Int, r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    guard a > 0 else { return }
    let p = pixels + (y * width + x) * 4
    if a == 255 || p[3] == 0 {
      p[0] = r; p[1] = g; p[2] = b; p[3] = a
      return
    }
    let sa = Int(a), da = Int(p[3])
    let k = da * (255 - sa)  // what shows through, ×255
    let outA255 = sa * 255 + k  // the result's alpha, ×255×255… over 255
    p[0] = UInt8((Int(r) * sa * 255 + Int(p[0]) * k + outA255 / 2) / outA255)
    p[1] = UInt8((Int(g) * sa * 255 + Int(p[1]) * k + outA255 / 2) / outA255)
    p[2] = UInt8((Int(b) * sa * 255 + Int(p[2]) * k + outA255 / 2) / outA255)
    p[3] = UInt8((outA255 + 127) / 255)
  }

  /// The copy and clear blends of one pixel, by the part `cover` of it the shape covers.
  private func blendOther(_ p: UnsafeMutablePointer<UInt8>, _ r: Float, _ g: Float, _ b: Float, _ a: Float, _ cover: Float) {
    guard cover > 0.001 else { return }
    let da = Float(p[3]) / 255
    // Premultiplied: the result is the mix, by coverage, of the source (or nothing) and what was.
    let (sr, sg, sb, sa): (Float, Float, Float, Float) = blend == .copy ? (r * a, g * a, b * a, a) : (0, 0, 0, 0)
    let outA = sa * cover + da * (1 - cover)
    guard outA > 0.001 else {
      p[0] = 0; p[1] = 0; p[2] = 0; p[3] = 0
      return
    }
    func mix(_ s: Float, _ d: UInt8) -> UInt8 {
      UInt8(min(255, max(0, ((s * cover + Float(d) / 255 * da * (1 - cover)) / outA * 255).rounded())))
    }
    p[0] = mix(sr, p[0]); p[1] = mix(sg, p[1]); p[2] = mix(sb, p[2])
    p[3] = UInt8(min(255, (outA * 255).rounded()))
  }

  /// Replaces the pixels of `rect` (clipped) with `color`.
  package func clear(_ rect: PixelRect, to color: RGBA) {
    let r = rect.intersection(clip)
    guard !r.isEmpty else { return }
    let word = Self.word(color)
    for y in r.y..<r.maxY { fillWords(pixels + (y * width + r.x) * 4, count: r.width, word) }
  }

  /// Fills a rectangle in pixels; a pixel its edge crosses is painted by the part it covers.
  package func fill(x minX: CGFloat, y minY: CGFloat, maxX: CGFloat, maxY: CGFloat) {
    // Whatever lies beyond the image (an infinite or huge frame) is cut first: NaN fills nothing.
    let minX = max(minX, -1), minY = max(minY, -1)
    let maxX = min(maxX, CGFloat(width + 1)), maxY = min(maxY, CGFloat(height + 1))
    guard maxX > minX, maxY > minY else { return }
    let x0 = Int(minX.rounded(.down)), x1 = Int(maxX.rounded(.up))
    let y0 = Int(minY.rounded(.down)), y1 = Int(maxY.rounded(.up))
    func cover(_ i: Int, _ lo: CGFloat, _ hi: CGFloat) -> Float {
      Float(max(0, min(CGFloat(i + 1), hi) - max(CGFloat(i), lo)))
    }
    for y in max(y0, clip.y)..<max(max(y0, clip.y), min(y1, clip.maxY)) {
      let cy = cover(y, minY, maxY)
      // Whole pixels in the middle, partial ones at the ends.
      let left = cover(x0, minX, maxX)
      if x1 - x0 == 1 {
        blendSpan(x: x0, y: y, count: 1, coverage: left * cy)
        continue
      }
      blendSpan(x: x0, y: y, count: 1, coverage: left * cy)
      if x1 - x0 > 2 { blendSpan(x: x0 + 1, y: y, count: x1 - x0 - 2, coverage: cy) }
      blendSpan(x: x1 - 1, y: y, count: 1, coverage: cover(x1 - 1, minX, maxX) * cy)
    }
  }

  // MARK: Outlines

  /// Renders `outline` (FreeType's y-up coordinates, where y = `height` is the image's top) with
  /// the current colour.
  package func render(_ outline: UnsafeMutablePointer<FT_Outline>, library: FT_Library) {
    guard !clip.isEmpty else { return }
    var params = FT_Raster_Params()
    params.flags = Int32(FT_RASTER_FLAG_AA | FT_RASTER_FLAG_DIRECT | FT_RASTER_FLAG_CLIP)
    params.gray_spans = rasterSpans
    params.user = Unmanaged.passUnretained(self).toOpaque()
    params.clip_box = FT_BBox(
      xMin: FT_Pos(clip.x), yMin: FT_Pos(height - clip.maxY), xMax: FT_Pos(clip.maxX), yMax: FT_Pos(height - clip.y))
    _ = FT_Outline_Render(library, outline, &params)
  }

  /// Fills `path` (pixels, y down) by the non-zero or even-odd rule.
  package func fill(_ path: OutlinePath, evenOdd: Bool, library: FT_Library) {
    path.withOutline(library: library, imageHeight: height) { outline in
      if evenOdd { outline.pointee.flags |= Int32(FT_OUTLINE_EVEN_ODD_FILL) }
      render(outline, library: library)
    }
  }

  /// How a stroke's open ends and its corners are drawn (Core Graphics' line caps and joins).
  package enum Cap: Sendable { case butt, round, square }
  package enum Join: Sendable { case miter, round, bevel }

  /// Strokes each subpath of `path` `lineWidth` pixels wide (butt caps and miter joins unless
  /// told: UIBezierPath's defaults), each closed one as a loop.
  package func stroke(
    _ path: OutlinePath, lineWidth: CGFloat, cap: Cap = .butt, join: Join = .miter, miterLimit: CGFloat = 10,
    library: FT_Library
  ) {
    guard lineWidth > 0, lineWidth.isFinite else { return }
    var stroker: FT_Stroker?
    guard FT_Stroker_New(library, &stroker) == 0, let stroker else { return }
    defer { FT_Stroker_Done(stroker) }
    let ftCap: FT_Stroker_LineCap =
      switch cap {
      case .butt: FT_STROKER_LINECAP_BUTT
      case .round: FT_STROKER_LINECAP_ROUND
      case .square: FT_STROKER_LINECAP_SQUARE
      }
    let ftJoin: FT_Stroker_LineJoin =
      switch join {
      case .miter: FT_STROKER_LINEJOIN_MITER
      case .round: FT_STROKER_LINEJOIN_ROUND
      case .bevel: FT_STROKER_LINEJOIN_BEVEL
      }
    let limit = miterLimit.isFinite ? max(1, min(miterLimit, 1000)) : 10
    FT_Stroker_Set(stroker, FT_Fixed((lineWidth / 2 * 64).rounded()), ftCap, ftJoin, FT_Fixed((limit * 65536).rounded()))
    for contour in path.contours() {
      contour.path.withOutline(library: library, imageHeight: height) { outline in
        guard FT_Stroker_ParseOutline(stroker, outline, contour.isClosed ? 0 : 1) == 0 else { return }
        var points: FT_UInt = 0, contours: FT_UInt = 0
        guard FT_Stroker_GetCounts(stroker, &points, &contours) == 0, points > 0 else { return }
        var stroked = FT_Outline()
        guard FT_Outline_New(library, points, Int32(contours), &stroked) == 0 else { return }
        defer { FT_Outline_Done(library, &stroked) }
        stroked.n_points = 0
        stroked.n_contours = 0
        FT_Stroker_Export(stroker, &stroked)
        render(&stroked, library: library)
      }
    }
  }
}

/// The FreeType library bitmap contexts rasterise with (FreeType's are not thread-safe: hold
/// `lock` while using it).
package enum RasterLibrary {
  package static let lock = NSRecursiveLock()
  nonisolated(unsafe) package static let shared: FT_Library = {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      preconditionFailure("PixelRaster: FreeType could not start")
    }
    return library
  }()
}

/// FreeType calls this with each row's spans of coverage.
private let rasterSpans: FT_SpanFunc = { y, count, spans, user in
  guard let spans, let user else { return }
  let raster = Unmanaged<Raster>.fromOpaque(user).takeUnretainedValue()
  let row = raster.height - 1 - Int(y)
  for i in 0..<Int(count) {
    let span = spans[i]
    raster.blendSpan(x: Int(span.x), y: row, count: Int(span.len), coverage: Float(span.coverage) / 255)
  }
}

/// A path in pixels (y down) of lines and cubic curves, made into FreeType outlines.
package struct OutlinePath {
  /// Points with FreeType's tags: on the curve, or a cubic control point.
  package private(set) var points: [(x: CGFloat, y: CGFloat, onCurve: Bool)] = []
  /// Each contour's last point index, and whether it was closed.
  package private(set) var ends: [(last: Int, closed: Bool)] = []
  private var start = 0

  package init() {}

  package var isEmpty: Bool { points.isEmpty }

  package mutating func move(to x: CGFloat, _ y: CGFloat) {
    finish(closed: false)
    start = points.count
    points.append((x, y, true))
  }

  package mutating func line(to x: CGFloat, _ y: CGFloat) {
    if let last = points.last, last.onCurve, abs(last.x - x) < 1e-6, abs(last.y - y) < 1e-6 { return }
    points.append((x, y, true))
  }

  package mutating func curve(_ c1x: CGFloat, _ c1y: CGFloat, _ c2x: CGFloat, _ c2y: CGFloat, to x: CGFloat, _ y: CGFloat) {
    points.append((c1x, c1y, false))
    points.append((c2x, c2y, false))
    points.append((x, y, true))
  }

  package mutating func close() { finish(closed: true) }

  private mutating func finish(closed: Bool) {
    guard points.count > start, ends.last?.last != points.count - 1 else { return }
    // A closed contour's last point repeating its first is dropped (FreeType closes it).
    if closed, points.count - start > 1, let first = points[start] as (x: CGFloat, y: CGFloat, onCurve: Bool)?,
      let last = points.last, last.onCurve, abs(first.x - last.x) < 1e-6, abs(first.y - last.y) < 1e-6
    {
      points.removeLast()
    }
    ends.append((points.count - 1, closed))
    start = points.count
  }

  /// The contours one by one (each its own path).
  package func contours() -> [(path: OutlinePath, isClosed: Bool)] {
    var copy = self
    copy.finish(closed: false)
    var result: [(OutlinePath, Bool)] = []
    var first = 0
    for end in copy.ends {
      var one = OutlinePath()
      one.points = Array(copy.points[first...end.last])
      one.ends = [(one.points.count - 1, end.closed)]
      one.start = one.points.count
      result.append((one, end.closed))
      first = end.last + 1
    }
    return result
  }

  /// Calls `body` with this path as a FreeType outline (y up, y = `imageHeight` at the top).
  package func withOutline(library: FT_Library, imageHeight: Int, _ body: (UnsafeMutablePointer<FT_Outline>) -> Void) {
    var copy = self
    copy.finish(closed: false)
    // FreeType's outlines count points in 16 bits; a point that is not finite cannot be drawn.
    guard !copy.points.isEmpty, copy.points.count < Int(Int16.max), copy.ends.count < Int(Int16.max),
      copy.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e9 && abs($0.y) < 1e9 })
    else { return }
    var outline = FT_Outline()
    guard FT_Outline_New(library, FT_UInt(copy.points.count), Int32(copy.ends.count), &outline) == 0 else { return }
    defer { FT_Outline_Done(library, &outline) }
    for (i, p) in copy.points.enumerated() {
      outline.points[i] = FT_Vector(x: FT_Pos((p.x * 64).rounded()), y: FT_Pos(((CGFloat(imageHeight) - p.y) * 64).rounded()))
      outline.tags[i] = p.onCurve ? CChar(FT_CURVE_TAG_ON) : CChar(FT_CURVE_TAG_CUBIC)
    }
    for (i, end) in copy.ends.enumerated() { outline.contours[i] = Int16(end.last) }
    body(&outline)
  }

  // MARK: Shapes

  /// A rectangle with rounded corners (radii per corner: top left, top right, bottom right,
  /// bottom left), clockwise on screen.
  package mutating func addRoundedRect(minX: CGFloat, minY: CGFloat, maxX: CGFloat, maxY: CGFloat,
    radii: (CGFloat, CGFloat, CGFloat, CGFloat))
  {
    guard maxX > minX, maxY > minY else { return }
    let limit = min(maxX - minX, maxY - minY) / 2
    let (tl, tr, br, bl) = (min(radii.0, limit), min(radii.1, limit), min(radii.2, limit), min(radii.3, limit))
    // A quarter circle as one cubic: the control points lie this fraction of the radius out.
    let k: CGFloat = 0.5522847498
    move(to: minX + tl, minY)
    line(to: maxX - tr, minY)
    if tr > 0 { curve(maxX - tr + k * tr, minY, maxX, minY + tr - k * tr, to: maxX, minY + tr) }
    line(to: maxX, maxY - br)
    if br > 0 { curve(maxX, maxY - br + k * br, maxX - br + k * br, maxY, to: maxX - br, maxY) }
    line(to: minX + bl, maxY)
    if bl > 0 { curve(minX + bl - k * bl, maxY, minX, maxY - bl + k * bl, to: minX, maxY - bl) }
    line(to: minX, minY + tl)
    if tl > 0 { curve(minX, minY + tl - k * tl, minX + tl - k * tl, minY, to: minX + tl, minY) }
    close()
  }
}
#endif
