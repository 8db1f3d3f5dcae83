// CGContext: a drawing destination that records what is painted.
//
// The contexts UIKit opens around a view's `draw(_:)` have no pixels behind them: a context
// keeps its graphics state (colours, line width, the current transformation matrix) and its
// current path, and each stroke or fill is recorded as polylines in the context's base
// coordinates with a colour, in order. UIKit opens one around a
// view's `draw(_:)` (`UIGraphicsGetCurrentContext()`), QuartzCore around a layer's
// `draw(in:)`; hosts draw the recording (a terminal in Braille dots). Line caps, joins, dashes
// and clipping are kept in the state but not applied to what is recorded. Bitmap contexts
// (CGContext+Bitmap.swift) also paint each drawing into their pixels, with all of these.

/// How ``CGContext/drawPath(using:)`` paints the current path.
public enum CGPathDrawingMode: Int32, Sendable {
  case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// One painting operation a context recorded: polylines in the context's base coordinates.
package struct CGContextDrawing: Sendable {
  package enum Mode: Sendable, Equatable {
    case stroke(lineWidth: CGFloat)
    case fill(evenOdd: Bool)
  }
  package var polylines: [CGPathPolyline]
  package var color: CGColor
  package var mode: Mode
  package init(polylines: [CGPathPolyline], color: CGColor, mode: Mode) {
    self.polylines = polylines
    self.color = color
    self.mode = mode
  }
}

/// A drawing context: graphics state, a current path, and the strokes and fills made so far.
public final class CGContext: @unchecked Sendable {
  private struct State {
    var fillColor = CGColor(gray: 0, alpha: 1)
    var strokeColor = CGColor(gray: 0, alpha: 1)
    var lineWidth: CGFloat = 1
    var lineCap: CGLineCap = .butt
    var lineJoin: CGLineJoin = .miter
    var alpha: CGFloat = 1
    var ctm = CGAffineTransform.identity
    var miterLimit: CGFloat = 10
    var blendMode = CGBlendMode.normal
    var interpolationQuality = CGInterpolationQuality.default
    var shouldAntialias = true
    /// Where a bitmap context paints (CGContext+Bitmap.swift); nil: everywhere.
    var clip: CGBitmapClip?
  }

  private var state = State()
  private var saved: [State] = []
  /// The current path, in base coordinates (points are mapped by the CTM as they are added).
  private var path = CGMutablePath()
  /// What was painted, in order.
  package private(set) var drawings: [CGContextDrawing] = []

  /// The pixels of a bitmap context (nil for the recording contexts views draw into).
  package var bitmap: CGBitmapStore?

  /// Creates an empty recording context (what UIKit and QuartzCore open around drawing code).
  package init() {}

  // MARK: Graphics state

  /// Pushes a copy of the graphics state (colours, line width, transform).
  public func saveGState() { saved.append(state) }

  /// Pops the graphics state saved last (nothing when none was saved).
  public func restoreGState() {
    if let last = saved.popLast() { state = last }
  }

  /// Sets the fill colour.
  public func setFillColor(_ color: CGColor) { state.fillColor = color }
  /// Sets the fill colour from RGB components.
  public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
  }
  /// Sets the fill colour from a gray level.
  public func setFillColor(gray: CGFloat, alpha: CGFloat) {
    state.fillColor = CGColor(gray: gray, alpha: alpha)
  }
  /// Sets the stroke colour.
  public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
  /// Sets the stroke colour from RGB components.
  public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
  }
  /// Sets the stroke colour from a gray level.
  public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
    state.strokeColor = CGColor(gray: gray, alpha: alpha)
  }
  /// Sets the width of stroked lines, in user-space points.
  public func setLineWidth(_ width: CGFloat) { state.lineWidth = width }
  /// Sets how line ends look (kept; hosts draw round ends).
  public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
  /// Sets how lines join (kept; hosts draw round joins).
  public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
  /// Sets how far a mitered join may reach, in line widths, before it is bevelled.
  public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit }
  /// Sets how painting combines with what is there (bitmap contexts; see CGBlendMode).
  public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }
  /// Sets whether edges are antialiased (kept: edges are always antialiased).
  public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }
  /// How images drawn scaled are sampled: `.none` takes the nearest pixel, the others blend the
  /// four nearest.
  public var interpolationQuality: CGInterpolationQuality {
    get { state.interpolationQuality }
    set { state.interpolationQuality = newValue }
  }
  /// Sets the opacity applied to everything painted.
  public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha }

  /// The current fill colour.
  package var fillColor: CGColor { state.fillColor }
  /// The current stroke colour.
  package var strokeColor: CGColor { state.strokeColor }
  package var lineCap: CGLineCap { state.lineCap }
  package var lineJoin: CGLineJoin { state.lineJoin }
  package var miterLimit: CGFloat { state.miterLimit }
  package var blendMode: CGBlendMode { state.blendMode }
  package var alpha: CGFloat { state.alpha }
  package var clipState: CGBitmapClip? {
    get { state.clip }
    set { state.clip = newValue }
  }

  // MARK: The transformation matrix

  /// The current transformation matrix: user space to base space.
  public var ctm: CGAffineTransform { state.ctm }

  /// Prepends a translation to the CTM.
  public func translateBy(x tx: CGFloat, y ty: CGFloat) {
    state.ctm = state.ctm.translatedBy(x: tx, y: ty)
  }
  /// Prepends a scale to the CTM.
  public func scaleBy(x sx: CGFloat, y sy: CGFloat) { state.ctm = state.ctm.scaledBy(x: sx, y: sy) }
  /// Prepends a rotation (radians) to the CTM.
  public func rotate(by angle: CGFloat) { state.ctm = state.ctm.rotated(by: angle) }
  /// Prepends `transform` to the CTM.
  public func concatenate(_ transform: CGAffineTransform) {
    state.ctm = transform.concatenating(state.ctm)
  }

  // MARK: The current path

  /// Discards the current path.
  public func beginPath() { path = CGMutablePath() }
  /// Starts a subpath at `point`.
  public func move(to point: CGPoint) { path.move(to: point, transform: state.ctm) }
  /// Adds a line from the current point.
  public func addLine(to point: CGPoint) { path.addLine(to: point, transform: state.ctm) }
  /// Adds connected lines through `points`.
  public func addLines(between points: [CGPoint]) {
    path.addLines(between: points, transform: state.ctm)
  }
  /// Adds a closed rectangle.
  public func addRect(_ rect: CGRect) { path.addRect(rect, transform: state.ctm) }
  /// Adds closed rectangles.
  public func addRects(_ rects: [CGRect]) { path.addRects(rects, transform: state.ctm) }
  /// Adds the ellipse inscribed in `rect`.
  public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: state.ctm) }
  /// Adds an arc (CoreGraphics' `clockwise`: decreasing angles).
  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {
    path.addArc(
      center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: clockwise,
      transform: state.ctm)
  }
  /// Adds a cubic Bézier curve.
  public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
    path.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
  }
  /// Adds a quadratic Bézier curve.
  public func addQuadCurve(to end: CGPoint, control: CGPoint) {
    path.addQuadCurve(to: end, control: control, transform: state.ctm)
  }
  /// Adds the elements of `path`.
  public func addPath(_ path: CGPath) { self.path.addPath(path, transform: state.ctm) }
  /// Closes the current subpath.
  public func closePath() { path.closeSubpath() }
  /// The current path, in base coordinates.
  package var pathInBase: CGPath { path }
  /// Whether the current path is empty.
  public var isPathEmpty: Bool { path.isEmpty }
  /// The current point of the current path, in user space.
  public var currentPointOfPath: CGPoint { path.currentPoint.applying(state.ctm.inverted()) }
  /// The bounding box of the current path, in user space.
  public var boundingBoxOfPath: CGRect { path.boundingBoxOfPath.applying(state.ctm.inverted()) }

  // MARK: Painting

  /// Strokes the current path with the stroke colour and line width, then discards it.
  public func strokePath() {
    record(path, stroke: true, evenOdd: false)
    beginPath()
  }

  /// Fills the area inside the current path, then discards it.
  public func fillPath(using rule: CGPathFillRule = .winding) {
    record(path, stroke: false, evenOdd: rule == .evenOdd)
    beginPath()
  }

  /// Paints the current path as `mode` says (fill, then stroke), then discards it.
  public func drawPath(using mode: CGPathDrawingMode) {
    switch mode {
    case .fill: record(path, stroke: false, evenOdd: false)
    case .eoFill: record(path, stroke: false, evenOdd: true)
    case .stroke: record(path, stroke: true, evenOdd: false)
    case .fillStroke:
      record(path, stroke: false, evenOdd: false)
      record(path, stroke: true, evenOdd: false)
    case .eoFillStroke:
      record(path, stroke: false, evenOdd: true)
      record(path, stroke: true, evenOdd: false)
    }
    beginPath()
  }

  /// Fills a rectangle (the current path is unchanged).
  public func fill(_ rect: CGRect) {
    paint(stroke: false) { $0.addRect(rect, transform: state.ctm) }
  }
  /// Fills rectangles.
  public func fill(_ rects: [CGRect]) {
    paint(stroke: false) { $0.addRects(rects, transform: state.ctm) }
  }
  /// Strokes a rectangle's outline.
  public func stroke(_ rect: CGRect) {
    paint(stroke: true) { $0.addRect(rect, transform: state.ctm) }
  }
  /// Strokes a rectangle's outline `width` wide.
  public func stroke(_ rect: CGRect, width: CGFloat) {
    saveGState()
    state.lineWidth = width
    stroke(rect)
    restoreGState()
  }
  /// Fills the ellipse inscribed in `rect`.
  public func fillEllipse(in rect: CGRect) {
    paint(stroke: false) { $0.addEllipse(in: rect, transform: state.ctm) }
  }
  /// Strokes the ellipse inscribed in `rect`.
  public func strokeEllipse(in rect: CGRect) {
    paint(stroke: true) { $0.addEllipse(in: rect, transform: state.ctm) }
  }
  /// Strokes line segments between pairs of points (0–1, 2–3, ...).
  public func strokeLineSegments(between points: [CGPoint]) {
    paint(stroke: true) { path in
      var index = 0
      while index + 1 < points.count {
        path.move(to: points[index], transform: state.ctm)
        path.addLine(to: points[index + 1], transform: state.ctm)
        index += 2
      }
    }
  }

  private func paint(stroke: Bool, _ build: (CGMutablePath) -> Void) {
    let shape = CGMutablePath()
    build(shape)
    record(shape, stroke: stroke, evenOdd: false)
  }

  private func record(_ shape: CGPath, stroke: Bool, evenOdd: Bool) {
    var polylines = shape.flattened()
    if !stroke {
      polylines = polylines.filter { $0.points.count > 2 }.map {
        CGPathPolyline(points: $0.points, isClosed: true)
      }
    }
    guard !polylines.isEmpty else { return }
    // A line width in user space, measured along x in base space (uniform scales are the rule).
    let scale = (state.ctm.a * state.ctm.a + state.ctm.b * state.ctm.b).squareRoot()
    record(
      CGContextDrawing(
        polylines: polylines, color: (stroke ? state.strokeColor : state.fillColor),
        mode: stroke ? .stroke(lineWidth: state.lineWidth * scale) : .fill(evenOdd: evenOdd)))
  }

  /// Appends a drawing made elsewhere (UIBezierPath's stroke and fill), with the context's
  /// alpha applied and its points mapped by the CTM.
  package func record(_ drawing: CGContextDrawing) {
    var drawing = drawing
    if state.alpha < 1 {
      drawing.color = drawing.color.copy(alpha: drawing.color.alpha * state.alpha) ?? drawing.color
    }
    drawings.append(drawing)
    if bitmap != nil { rasterize(drawing) }
  }

  /// Maps polylines from user space to base space (for drawings made in user space).
  package func toBase(_ polylines: [CGPathPolyline]) -> [CGPathPolyline] {
    guard !state.ctm.isIdentity else { return polylines }
    return polylines.map {
      CGPathPolyline(points: $0.points.map { $0.applying(state.ctm) }, isClosed: $0.isClosed)
    }
  }
}
