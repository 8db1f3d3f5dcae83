#if Pixels
import CFreeType
import Foundation
import QuartzCore
import PixelRaster
import TextEditing

/// Draws a window's display list in pixels: what the PNG snapshots and the browser front end
/// show. One renderer for both, so they agree by construction.
///
/// It draws what iOS draws: fills, colours and opacity, clip rectangles, rounded corners with
/// antialiased edges, a rounded-rect field's light-grey hairline border (5 pt corners) with
/// its corners left transparent, text in DejaVu Sans (fontconfig's pick; bold, italic and
/// monospaced faces as the font asks), the caret as a 2 pt bar in the tint colour, the selection
/// in the tint colour at 20 % opacity, marked text underlined, paths filled or stroked, gradients.
package struct PixelRenderer: Sendable {
  /// Pixels per point (1, 2 or 3 as on iPhones; any positive number works).
  package var scale: CGFloat

  package init(scale: CGFloat = 2) {
    precondition(scale > 0 && scale.isFinite, "PixelRenderer: the scale must be a positive number, not \(scale)")
    self.scale = scale
  }

  /// The image of a window of `size` points showing `list`. With `dirty` (points), only that
  /// part is drawn; the rest stays white (black for a list drawn in dark appearance).
  package func render(_ list: DisplayList, size: CGSize, dirty: CGRect? = nil) -> RGBAImage {
    var image = RGBAImage(
      width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)), scale: scale)
    render(list, dirty: dirty, into: &image)
    return image
  }

  /// Redraws `dirty` (points; all of it when nil) of `image` (a window's image at this scale)
  /// from `list`: the pixels outside stay as they were.
  package func render(_ list: DisplayList, dirty: CGRect? = nil, into image: inout RGBAImage) {
    render(list, dirty: dirty, background: list.isDark ? .black : .white, into: &image)
  }

  /// Redraws `dirty` of `image` from `list` over `background` (nil: over the pixels there, as
  /// items drawn into a bitmap context are).
  package func render(_ list: DisplayList, dirty: CGRect? = nil, background: RGBA?, into image: inout RGBAImage) {
    precondition(image.scale == scale, "PixelRenderer: an image at scale \(image.scale) redrawn at \(scale)")
    let area = dirty.map { PixelRect(covering: $0, scale: scale).intersection(image.bounds) } ?? image.bounds
    guard !area.isEmpty else { return }
    let (width, height) = (image.width, image.height)
    let book = FontBook.shared
    book.lock.lock()
    defer { book.lock.unlock() }
    image.bytes.withUnsafeMutableBufferPointer { buffer in
      let raster = Raster(pixels: buffer.baseAddress!, width: width, height: height, clip: area)
      if let background { raster.clear(area, to: background) }
      var painter = Painter(raster: raster, scale: scale, area: area, book: book)
      painter.draw(list)
    }
  }
}

/// One frame's drawing: the raster, the scale and the part being redrawn.
private struct Painter {
  let raster: Raster
  let scale: CGFloat
  let area: PixelRect
  let book: FontBook
  /// The last rounded fill, so a layer border on the same frame follows its corners.
  var lastRounding: (frame: CGRect, rounding: DisplayItem.CornerRounding)?

  init(raster: Raster, scale: CGFloat, area: PixelRect, book: FontBook) {
    self.raster = raster
    self.scale = scale
    self.area = area
    self.book = book
  }

  static let allCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
  /// UITextField.BorderStyle.roundedRect's corner radius, in points.
  static let fieldCornerRadius: CGFloat = 5

  mutating func draw(_ list: DisplayList) {
    let items = list.items
    // Fills, borders, gradients and images draw inside their frames (antialiased edges a little
    // past them: the 2 points the browser's diff widens a changed item by); when the part redrawn
    // is elsewhere they are skipped before any path is built. Text checks its own line.
    let redrawn = CGRect(
      x: CGFloat(area.x) / scale - 2, y: CGFloat(area.y) / scale - 2,
      width: CGFloat(area.width) / scale + 4, height: CGFloat(area.height) / scale + 4)
    for (index, item) in items.enumerated() where item.alpha > 0.001 && item.hosts.contains(.pixels) {
      switch item.content {
      case .fill, .roundedFill, .gradient, .border, .image:
        guard item.frame.safeIntersects(redrawn) else { continue }
      case .text, .path:
        break
      }
      guard item.isPlaceable, setClip(item.clip) else { continue }
      switch item.content {
      case .fill(let color):
        // A rounded-rect field fills its background under its border: iOS leaves the corners
        // outside the border transparent.
        if index + 1 < items.count, case .border(.roundedRect, _) = items[index + 1].content, items[index + 1].frame == item.frame {
          let rounding = DisplayItem.CornerRounding(radius: Self.fieldCornerRadius, corners: Self.allCorners)
          fillRounded(item.frame, rounding: rounding, color: color, alpha: item.alpha)
        } else {
          setColor(color, item.alpha)
          let f = px(item.frame)
          raster.fill(x: f.minX, y: f.minY, maxX: f.maxX, maxY: f.maxY)
        }
      case .roundedFill(let color, let rounding):
        lastRounding = (item.frame, rounding)
        fillRounded(item.frame, rounding: rounding, color: color, alpha: item.alpha)
      case .gradient(let geometry, let rounding):
        lastRounding = (item.frame, rounding)
        drawGradient(geometry, rounding: rounding, frame: item.frame, alpha: item.alpha)
      case .border(let kind, let color):
        drawBorder(kind, color: color, frame: item.frame, alpha: item.alpha)
      case .text(let run):
        drawText(run, frame: item.frame, clip: item.clip, alpha: item.alpha)
      case .path(let run):
        drawPath(run, alpha: item.alpha)
      case .image(let image):
        drawImage(image, frame: item.frame, clip: item.clip, alpha: item.alpha)
      }
    }
  }

  // MARK: Geometry

  func px(_ rect: CGRect) -> CGRect {
    CGRect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
  }

  /// Clips to `rect` (points) within the area redrawn; false when nothing is left.
  @discardableResult
  func setClip(_ rect: CGRect) -> Bool {
    // Cut to the image first: a clip may be infinite.
    let rect = rect.safeIntersection(CGRect(x: 0, y: 0, width: CGFloat(raster.width) / scale, height: CGFloat(raster.height) / scale))
    guard !rect.isNull, !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite else {
      raster.clip = PixelRect(x: 0, y: 0, width: 0, height: 0)
      return false
    }
    // Clip edges land on whole pixels (views' frames do at their scale).
    let x0 = Int((rect.minX * scale).rounded()), y0 = Int((rect.minY * scale).rounded())
    let x1 = Int((rect.maxX * scale).rounded()), y1 = Int((rect.maxY * scale).rounded())
    raster.clip = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(area)
    return !raster.clip.isEmpty
  }

  func setColor(_ color: UIColor, _ alpha: CGFloat) {
    let c = color.rgba8
    raster.setColor(RGBA(r: c.r, g: c.g, b: c.b, a: c.a), alpha: alpha)
  }

  func radii(_ rounding: DisplayItem.CornerRounding) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
    let r = rounding.radius * scale
    let c = rounding.corners
    return (c.contains(.layerMinXMinYCorner) ? r : 0, c.contains(.layerMaxXMinYCorner) ? r : 0,
      c.contains(.layerMaxXMaxYCorner) ? r : 0, c.contains(.layerMinXMaxYCorner) ? r : 0)
  }

  // MARK: Shapes

  func fillRounded(_ frame: CGRect, rounding: DisplayItem.CornerRounding, color: UIColor, alpha: CGFloat) {
    setColor(color, alpha)
    let f = px(frame)
    guard rounding.radius > 0, !rounding.corners.isEmpty else {
      raster.fill(x: f.minX, y: f.minY, maxX: f.maxX, maxY: f.maxY)
      return
    }
    var path = OutlinePath()
    path.addRoundedRect(minX: f.minX, minY: f.minY, maxX: f.maxX, maxY: f.maxY, radii: radii(rounding))
    raster.fill(path, evenOdd: false, library: book.library)
  }

  func drawGradient(_ geometry: CAGradientGeometry, rounding: DisplayItem.CornerRounding, frame: CGRect, alpha: CGFloat) {
    let f = px(frame)
    guard f.width > 0, f.height > 0 else { return }
    let extra = Float(alpha)
    raster.shader = { x, y in
      let unit = CGPoint(x: (CGFloat(x) + 0.5 - f.minX) / f.width, y: (CGFloat(y) + 0.5 - f.minY) / f.height)
      guard let color = geometry.color(atUnitPoint: unit) else { return (0, 0, 0, 0) }
      let c = UIColor(cgColor: color).rgba8
      return (Float(c.r) / 255, Float(c.g) / 255, Float(c.b) / 255, Float(c.a) / 255 * extra)
    }
    defer { raster.shader = nil }
    var path = OutlinePath()
    path.addRoundedRect(minX: f.minX, minY: f.minY, maxX: f.maxX, maxY: f.maxY, radii: radii(rounding))
    raster.fill(path, evenOdd: false, library: book.library)
  }

  func drawBorder(_ kind: DisplayItem.BorderKind, color: UIColor, frame: CGRect, alpha: CGFloat) {
    setColor(color, alpha)
    let f = px(frame)
    var width = scale
    var corner: (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
    switch kind {
    case .line, .bezel:
      break
    case .roundedRect:
      // A hairline: half a point, at least one pixel, in whole pixels.
      width = max(1, (0.5 * scale).rounded())
      let r = Self.fieldCornerRadius * scale
      corner = (r, r, r, r)
    case .layer(let rounded):
      if let last = lastRounding, last.frame == frame {
        corner = radii(DisplayItem.CornerRounding(radius: last.rounding.radius, corners: rounded))
      }
    }
    guard f.width > 0, f.height > 0 else { return }
    var path = OutlinePath()
    path.addRoundedRect(minX: f.minX, minY: f.minY, maxX: f.maxX, maxY: f.maxY, radii: corner)
    let w = min(width, f.width / 2, f.height / 2)
    let inner = (max(0, corner.0 - w), max(0, corner.1 - w), max(0, corner.2 - w), max(0, corner.3 - w))
    path.addRoundedRect(minX: f.minX + w, minY: f.minY + w, maxX: f.maxX - w, maxY: f.maxY - w, radii: inner)
    raster.fill(path, evenOdd: true, library: book.library)
  }

  func drawPath(_ run: PathRun, alpha: CGFloat) {
    setColor(run.color, alpha)
    var path = OutlinePath()
    for subpath in run.subpaths {
      guard let first = subpath.points.first else { continue }
      path.move(to: first.x * scale, first.y * scale)
      for p in subpath.points.dropFirst() { path.line(to: p.x * scale, p.y * scale) }
      // A polyline that comes back to its start (a flattened circle) is a loop: stroked with a
      // join there, not two butt ends that leave a notch.
      let last = subpath.points[subpath.points.count - 1]
      if subpath.isClosed || (subpath.points.count > 2 && abs(last.x - first.x) < 1e-9 && abs(last.y - first.y) < 1e-9) {
        path.close()
      }
    }
    guard !path.isEmpty else { return }
    switch run.mode {
    case .fill(let evenOdd):
      raster.fill(path, evenOdd: evenOdd, library: book.library)
    case .stroke(let lineWidth):
      raster.stroke(path, lineWidth: lineWidth * scale, library: book.library)
    }
  }

  func drawImage(_ image: UIImage, frame: CGRect, clip: CGRect, alpha: CGFloat) {
    guard frame.width > 0, frame.height > 0 else { return }
    if let bitmap = image._uprightBitmap() {
      // Pixels: scaled into the frame (nine pieces for a resizable image), a template in its tint.
      let tint = (image.tintColor ?? (image.renderingMode == .alwaysTemplate ? UIColor.tintColor : nil)).map {
        let c = $0.rgba8
        return RGBA(r: c.r, g: c.g, b: c.b, a: c.a)
      }
      for piece in image._slices(into: frame) {
        if piece.tiles, image.resizingMode == .tile {
          // Tiles of the piece's size in points, cut at the piece's edges.
          let tileSize = CGSize(width: piece.source.width / image.scale, height: piece.source.height / image.scale)
          guard tileSize.width > 0.01, tileSize.height > 0.01 else { continue }
          setClip(clip.safeIntersection(piece.dest))
          var y = piece.dest.minY
          while y < piece.dest.maxY {
            var x = piece.dest.minX
            while x < piece.dest.maxX {
              raster.draw(bitmap, source: piece.source, in: px(CGRect(origin: CGPoint(x: x, y: y), size: tileSize)), tint: tint, opacity: alpha)
              x += tileSize.width
            }
            y += tileSize.height
          }
          setClip(clip)
        } else {
          raster.draw(bitmap, source: piece.source, in: px(piece.dest), tint: tint, opacity: alpha)
        }
      }
      return
    }
    // Named and symbol images have no pixels. The symbols UIKit's own chrome shows are drawn as
    // shapes (the search field's magnifier, the clear button); the others draw their glyph,
    // filling the frame's height.
    if image.isSymbolImage, let name = image.name,
      drawSymbolShape(name, frame: frame, color: image.tintColor ?? .secondaryLabel, alpha: alpha)
    {
      return
    }
    let glyph = image.glyph
    guard !glyph.isEmpty else { return }
    let size = min(frame.width, frame.height) * 0.8
    let run = TextRun(string: glyph, font: .systemFont(ofSize: size), color: image.tintColor ?? .secondaryLabel, alignment: .center)
    // An image is not text: a glyph no face has is left out rather than drawn as a box, and an
    // emoji standing in for a symbol is its silhouette in the tint (SF Symbols are templates).
    drawText(run, frame: frame, clip: clip, alpha: alpha, drawsBoxes: false, silhouettes: true)
  }

  /// Draws the SF Symbol `name` as a shape in `color`, centred in `frame` as a symbol image fills
  /// it; false for a symbol without a shape here. The proportions are SF Symbols' regular weight
  /// at the size of the frame (a ring of about a tenth of the size with its handle at 45°; a
  /// filled circle with a cross cut out of it).
  func drawSymbolShape(_ name: String, frame: CGRect, color: UIColor, alpha: CGFloat) -> Bool {
    let side = min(frame.width, frame.height) * scale
    let box = CGRect(x: frame.midX * scale - side / 2, y: frame.midY * scale - side / 2, width: side, height: side)
    func point(_ x: CGFloat, _ y: CGFloat) -> (CGFloat, CGFloat) { (box.minX + x * side, box.minY + y * side) }
    switch name {
    case "magnifyingglass":
      setColor(color, alpha)
      // The lens: a ring (outer radius 0.32, 0.09 thick) centred up and left of the middle.
      let (cx, cy) = point(0.42, 0.42)
      let outer = 0.32 * side, inner = outer - 0.09 * side
      var lens = OutlinePath()
      lens.addRoundedRect(minX: cx - outer, minY: cy - outer, maxX: cx + outer, maxY: cy + outer, radii: (outer, outer, outer, outer))
      lens.addRoundedRect(minX: cx - inner, minY: cy - inner, maxX: cx + inner, maxY: cy + inner, radii: (inner, inner, inner, inner))
      raster.fill(lens, evenOdd: true, library: book.library)
      // The handle, from the ring's edge down and right, rounded at its end.
      let start = outer * 0.7071 - 0.01 * side
      var handle = OutlinePath()
      handle.move(to: cx + start, cy + start)
      let (ex, ey) = point(0.86, 0.86)
      handle.line(to: ex, ey)
      raster.stroke(handle, lineWidth: 0.12 * side, cap: .round, library: book.library)
      return true
    case "xmark.circle.fill":
      setColor(color, alpha)
      // The disc, with the cross cut out of it (even-odd: the cross is one polygon inside it).
      let r = 0.5 * side
      var disc = OutlinePath()
      disc.addRoundedRect(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, radii: (r, r, r, r))
      let (cx, cy) = (box.midX, box.midY)
      let arm = 0.22 * side * 1.4142, half = 0.045 * side * 1.4142
      // The plus sign's outline, turned 45°.
      let plus: [(CGFloat, CGFloat)] = [
        (-half, -arm), (half, -arm), (half, -half), (arm, -half), (arm, half), (half, half),
        (half, arm), (-half, arm), (-half, half), (-arm, half), (-arm, -half), (-half, -half),
      ]
      let turned = plus.map { (x, y) in (cx + (x - y) * 0.7071, cy + (x + y) * 0.7071) }
      disc.move(to: turned[0].0, turned[0].1)
      for (x, y) in turned.dropFirst() { disc.line(to: x, y) }
      disc.close()
      raster.fill(disc, evenOdd: true, library: book.library)
      return true
    default:
      return false
    }
  }

  // MARK: Text

  func drawText(
    _ run: TextRun, frame: CGRect, clip: CGRect, alpha: CGFloat, drawsBoxes: Bool = true, silhouettes: Bool = false
  ) {
    let font = run.font
    let pt = font.pointSize
    // A line draws within its clip (the grab handles' dots a little past it) and within two ems
    // of its line box, up and down (tall marks, emoji): when the part redrawn is elsewhere (the
    // browser redraws only what changed, a key's label among 200 items), the line is not laid
    // out at all.
    let lineTop = frame.midY - font.lineHeight / 2
    let reach = run.selectionHandles.isEmpty ? clip : clip.insetBy(dx: -Self.handleDotDiameter, dy: -Self.handleDotDiameter)
    let margin = max(2 * pt, Self.handleDotDiameter + 2)
    guard setClip(reach), CGFloat(raster.clip.maxY) > (lineTop - margin) * scale,
      CGFloat(raster.clip.y) < (lineTop + font.lineHeight + margin) * scale
    else { return }
    let layout = TextLayout(run: run, book: book)
    let origin = layout.origin(in: frame.width, run: run, book: book)
    let baseline = (lineTop + font.ascender) * scale
    let startX = frame.minX + origin
    // Text stays inside its frame across (a scrolled field's line), not down (descenders).
    let textClip = CGRect(x: frame.minX, y: clip.minY, width: frame.width, height: clip.height).safeIntersection(clip)
    let tint = UIColor.tintColor

    // Backgrounds and the selection under the glyphs.
    setClip(textClip)
    for cluster in layout.clusters {
      guard let background = cluster.style?.background else { continue }
      setColor(background, alpha)
      raster.fill(x: (startX + cluster.x) * scale, y: lineTop * scale, maxX: (startX + cluster.x + cluster.advance) * scale,
        maxY: (lineTop + font.lineHeight) * scale)
    }
    if let selected = run.selectedRange, !selected.isEmpty {
      let from = layout.x(atOffset: selected.lowerBound), to = layout.x(atOffset: selected.upperBound)
      setColor(tint.withAlphaComponent(0.2), alpha)
      raster.fill(x: (startX + from) * scale, y: lineTop * scale, maxX: (startX + to) * scale, maxY: (lineTop + font.lineHeight) * scale)
    }

    // Glyphs.
    for cluster in layout.clusters {
      let left = (startX + cluster.x) * scale
      let right = (startX + cluster.x + cluster.advance) * scale
      guard right >= CGFloat(raster.clip.x) - pt * scale, left <= CGFloat(raster.clip.maxX) + pt * scale else { continue }
      setColor(cluster.style?.foreground ?? run.color, alpha)
      let size = cluster.pointSize * scale
      if cluster.layout.isBox {
        if drawsBoxes { drawBox(left: left, right: right, baseline: baseline, em: size) }
        continue
      }
      for glyph in cluster.layout.glyphs {
        if let color = book.colorGlyph(face: glyph.face, glyph: glyph.glyph) {
          // An emoji font's bitmap, scaled to the font's size (its own colours: not the text's).
          let dest = CGRect(
            x: left + CGFloat(glyph.x + color.left) * size, y: baseline - CGFloat(color.top) * size,
            width: CGFloat(color.width) * size, height: CGFloat(color.height) * size)
          let source = CGRect(x: 0, y: 0, width: color.image.width, height: color.image.height)
          let tint = silhouettes ? (cluster.style?.foreground ?? run.color).rgba8 : nil
          raster.draw(color.image, source: source, in: dest,
            tint: tint.map { RGBA(r: $0.r, g: $0.g, b: $0.b, a: $0.a) }, opacity: alpha)
          continue
        }
        guard let outline = book.loadOutline(face: glyph.face, glyph: glyph.glyph, pixelSize: size) else { continue }
        let dx = FT_Pos(((left + CGFloat(glyph.x) * size) * 64).rounded())
        let dy = FT_Pos(((CGFloat(raster.height) - baseline) * 64).rounded())
        FT_Outline_Translate(outline, dx, dy)
        raster.render(outline, library: book.library)
      }
    }

    // Lines: marked text and underlined spans under the baseline, struck-through spans across.
    let thickness = max(1, (pt * scale / 16).rounded())
    let underlineY = (baseline + 0.12 * pt * scale).rounded()
    for cluster in layout.clusters {
      let marked = run.markedRange.map { $0.contains(cluster.offset) } ?? false
      let left = (startX + cluster.x) * scale, right = (startX + cluster.x + cluster.advance) * scale
      if marked || cluster.style?.isUnderlined == true {
        setColor(cluster.style?.foreground ?? run.color, alpha)
        raster.fill(x: left, y: underlineY, maxX: right, maxY: underlineY + thickness)
      }
      if cluster.style?.isStrikethrough == true {
        setColor(cluster.style?.foreground ?? run.color, alpha)
        let y = (baseline - 0.28 * pt * scale).rounded()
        raster.fill(x: left, y: y, maxX: right, maxY: y + thickness)
      }
    }

    // The grab handles at a selection's ends (a selection made by touch).
    if let selected = run.selectedRange, !selected.isEmpty, !run.selectionHandles.isEmpty {
      drawSelectionHandles(run, selected: selected, layout: layout, startX: startX, lineTop: lineTop, textClip: textClip,
        clip: clip, alpha: alpha)
    }

    // The caret: a 2 pt bar on whole pixels, as tall as the line, in the tint colour.
    if let caret = run.caretOffset, !run.isCaretHidden {
      setClip(clip)
      setColor(tint, alpha)
      let x = ((startX + layout.x(atOffset: caret)) * scale).rounded()
      raster.fill(x: x, y: (lineTop * scale).rounded(), maxX: x + 2 * scale, maxY: ((lineTop + font.lineHeight) * scale).rounded())
    }
  }

  /// The grab handle's dot diameter and bar width, in points (iOS: a bar as wide as the caret
  /// and a dot about 10 pt across, in the tint colour).
  static let handleDotDiameter: CGFloat = 10
  static let handleBarWidth: CGFloat = 2

  /// iOS's grab handles: at the selection's start a bar the line's height with a dot on top, at
  /// its end the same with the dot underneath, centred on the selection's edges. They reach
  /// past the line, so they are clipped to the text's clip widened by a dot (a field's handles
  /// stick out above and below it, as on iOS), and an end scrolled out of a field is not drawn.
  func drawSelectionHandles(
    _ run: TextRun, selected: Range<Int>, layout: TextLayout, startX: CGFloat, lineTop: CGFloat, textClip: CGRect,
    clip: CGRect, alpha: CGFloat
  ) {
    let d = Self.handleDotDiameter
    let lineBottom = lineTop + run.font.lineHeight
    setColor(UIColor.tintColor, alpha)
    for (handle, offset) in [(SelectionHandles.start, selected.lowerBound), (.end, selected.upperBound)]
    where run.selectionHandles.contains(handle) {
      let x = startX + layout.x(atOffset: offset)
      guard x >= textClip.minX - 1, x <= textClip.maxX + 1 else { continue }
      setClip(clip.insetBy(dx: -d, dy: -d))
      let barLeft = ((x - Self.handleBarWidth / 2) * scale).rounded()
      raster.fill(x: barLeft, y: (lineTop * scale).rounded(), maxX: barLeft + Self.handleBarWidth * scale,
        maxY: (lineBottom * scale).rounded())
      let centreY = handle == .start ? lineTop - d / 2 + 1 : lineBottom + d / 2 - 1
      let cx = (barLeft / scale) + Self.handleBarWidth / 2
      var path = OutlinePath()
      let r = d / 2 * scale
      path.addRoundedRect(minX: cx * scale - r, minY: centreY * scale - r, maxX: cx * scale + r, maxY: centreY * scale + r,
        radii: (r, r, r, r))
      raster.fill(path, evenOdd: false, library: book.library)
    }
  }

  /// A character no face has: a hollow box from the baseline up.
  func drawBox(left: CGFloat, right: CGFloat, baseline: CGFloat, em: CGFloat) {
    let inset = em * 0.08
    let line = max(1, (em * 0.06).rounded())
    let (x0, x1, y0, y1) = (left + inset, right - inset, baseline - em * 0.72, baseline)
    guard x1 - x0 > 2 * line, y1 - y0 > 2 * line else { return }
    var path = OutlinePath()
    path.addRoundedRect(minX: x0, minY: y0, maxX: x1, maxY: y1, radii: (0, 0, 0, 0))
    path.addRoundedRect(minX: x0 + line, minY: y0 + line, maxX: x1 - line, maxY: y1 - line, radii: (0, 0, 0, 0))
    raster.fill(path, evenOdd: true, library: book.library)
  }
}

/// A text run's grapheme clusters laid out in points from the line's start: where the caret,
/// the selection and each glyph go. The caller holds the font book's lock.
struct TextLayout {
  struct Placed {
    /// UTF-16 offset and length in the run's string.
    var offset: Int
    var length: Int
    /// Pen position and advance, in points.
    var x: CGFloat
    var advance: CGFloat
    var pointSize: CGFloat
    var layout: FontBook.Cluster
    var style: TextRunStyle?
  }

  var clusters: [Placed] = []
  var width: CGFloat = 0

  init(run: TextRun, book: FontBook) {
    let font = run.font
    let plain = FontBook.request(for: font)
    var offset = 0
    var x: CGFloat = 0
    var spanIndex = 0
    for character in run.string {
      let length = character.utf16.count
      defer { offset += length }
      var style: TextRunStyle?
      if !run.spans.isEmpty {
        while spanIndex < run.spans.count, run.spans[spanIndex].range.upperBound <= offset { spanIndex += 1 }
        if spanIndex < run.spans.count, run.spans[spanIndex].range.contains(offset) { style = run.spans[spanIndex].style }
      }
      let request = style.map { FontBook.request(for: font, bold: $0.isBold, italic: $0.isItalic) } ?? plain
      var drawn = character
      if character == "\u{FFFC}", let glyph = style?.attachmentGlyph, let first = glyph.first { drawn = first }
      if character == "\n" || character == "\r\n" || character == "\t" { drawn = " " }
      let cluster = book.cluster(drawn, request)
      // Views lay text out in the run's font, measured with the plain face (a bold or italic
      // range, or an attachment's glyph, takes the room of the characters it draws): each
      // glyph is drawn at that advance, so the caret and the selection stay where views put them.
      let measuredCharacter: Character = character == "\n" || character == "\r\n" || character == "\t" ? " " : character
      let measured = request == plain && drawn == measuredCharacter ? cluster : book.cluster(measuredCharacter, plain)
      // A kerned character's advance takes its kern (in points, as views measure it).
      var advance = CGFloat(measured.advance) * font.pointSize
      // A tab goes to its tab stop (TextTabs.swift), as views measured it.
      if character == "\t", let stops = run.tabStops { advance = stops.width(at: x, space: advance, step: 0) }
      advance += style.map { TextKerning.advance($0.kern, step: 0) } ?? 0
      clusters.append(Placed(offset: offset, length: length, x: x, advance: advance, pointSize: font.pointSize,
        layout: cluster, style: style))
      x += advance
    }
    width = x
    if let lineWidth = run.justifiedWidth { justify(to: lineWidth, run: run) }
  }

  /// Widens the spaces between words so that the text fills `lineWidth` points, by fractions
  /// of a point (``TextJustification``: the view measured with these glyphs asked the same).
  private mutating func justify(to lineWidth: CGFloat, run: TextRun) {
    let isSpace = run.string.map(TextJustification.widens)
    guard isSpace.count == clusters.count,
      let extras = TextJustification.extraWidths(
        widths: clusters.map(\.advance), isSpace: isSpace, lineWidth: lineWidth, rightToLeft: run._paragraphRunsRightToLeft)
    else { return }
    var shift: CGFloat = 0
    for index in clusters.indices {
      clusters[index].x += shift
      clusters[index].advance += extras[index]
      shift += extras[index]
    }
    width += shift
  }

  /// The pen position before the character at UTF-16 `offset` (the caret's x), in points.
  func x(atOffset offset: Int) -> CGFloat {
    var x: CGFloat = 0
    for cluster in clusters {
      if cluster.offset >= offset { return cluster.x }
      x = cluster.x + cluster.advance
    }
    return x
  }

  /// Where the line starts in a frame `frameWidth` wide, as UITextField places it: an editing
  /// line too long for the frame (with a space's width to spare) is scrolled so that the caret,
  /// or the selection's end, sits at the right edge; otherwise the alignment decides.
  func origin(in frameWidth: CGFloat, run: TextRun, book: FontBook) -> CGFloat {
    let space = CGFloat(book.cluster(" ", FontBook.request(for: run.font)).advance) * run.font.pointSize
    if run.scrollsToCaret, width + space > frameWidth {
      let end = run.caretOffset ?? run.selectedRange?.upperBound ?? 0
      return -max(0, x(atOffset: end) + space - frameWidth)
    }
    switch run.alignment {
    case .center: return max(0, (frameWidth - width) / 2)
    case .right: return max(0, frameWidth - width)
    default: return 0
    }
  }
}
#endif
