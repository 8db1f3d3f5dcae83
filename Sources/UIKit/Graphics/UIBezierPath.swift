// UIBezierPath: lines, arcs, rectangles and ovals, stroked or filled in a view's `draw(_:)`.
//
// The path is a CGMutablePath (CoreGraphics' CGPath.swift keeps its elements exactly: an arc is an
// arc), so `cgPath` and CAShapeLayer see the same elements; `stroke()` and `fill()` flatten it into
// polylines (within a quarter of a point) and record them, with the colour set by
// `UIColor.setStroke()`/`setFill()`, in the current drawing context — the one UIKit opens around
// a view's `draw(_:)`. Hosts rasterise what was recorded (the terminal in Braille dots, see
// CellGrid+Paths.swift). Outside `draw(_:)` there is no current context and, as on iOS, stroking
// or filling draws nothing.
//
// Angles are in radians in UIKit's coordinates, whose y axis points down: angle 0 is to the right
// of the centre, π/2 below it, and `clockwise: true` goes from the start angle to the end angle
// through increasing angles (clockwise on screen), as on iOS.

/// A path made of straight lines, curves and arcs that a view can stroke or fill in `draw(_:)`.
open class UIBezierPath: NSObject {
  /// One element of a path, in the coordinates it was added in.
  package typealias Element = CGPathStoredElement

  /// The path itself; UIBezierPath adds drawing attributes around it.
  private var path = CGMutablePath()

  /// The elements, in order.
  package var elements: [Element] { path.elements }

  /// The width of stroked lines, in points (1 by default).
  open var lineWidth: CGFloat = 1
  /// Whether `fill()` uses the even-odd rule (false: the non-zero winding rule, the default).
  open var usesEvenOddFillRule = false
  /// How the ends of stroked lines look (kept for source compatibility; hosts draw round ends).
  open var lineCapStyle: CGLineCap = .butt
  /// How stroked lines join (kept for source compatibility; hosts draw round joins).
  open var lineJoinStyle: CGLineJoin = .miter
  /// How far a mitered join may reach, in line widths, before it is bevelled.
  open var miterLimit: CGFloat = 10

  /// Creates an empty path.
  public override init() {
    super.init()
  }

  /// Creates a path with the elements of a CoreGraphics path (a copy: changing one does not
  /// change the other).
  public convenience init(cgPath: CGPath) {
    self.init()
    path.addPath(cgPath)
  }

  /// The path as an immutable CoreGraphics path (a copy); setting it replaces the elements.
  open var cgPath: CGPath {
    get { path.copy() ?? CGPath() }
    set {
      path = CGMutablePath()
      path.addPath(newValue)
    }
  }

  /// Creates a closed path around a rectangle, starting at its top-left corner and going
  /// clockwise on screen.
  public convenience init(rect: CGRect) {
    self.init()
    path.addRect(rect)
  }

  /// Creates a closed path around the oval inscribed in `rect` (a circle in a square), starting
  /// at its rightmost point and going clockwise on screen.
  public convenience init(ovalIn rect: CGRect) {
    self.init()
    path.addEllipse(in: rect)
  }

  /// Creates a closed path around a rectangle with corners of radius `cornerRadius` (at most
  /// half the shorter side), starting on the top edge and going clockwise on screen.
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init()
    path.addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
  }

  /// Creates a path holding one circular arc (see
  /// ``addArc(withCenter:radius:startAngle:endAngle:clockwise:)``).
  public convenience init(
    arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {
    self.init()
    addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
  }

  // MARK: Building

  /// Where the next line or arc starts from; `.zero` when the path has none (an empty path, as
  /// on iOS).
  open var currentPoint: CGPoint { path.currentPoint }

  /// Whether the path has no elements.
  open var isEmpty: Bool { path.isEmpty }

  /// Starts a new subpath at `point`.
  open func move(to point: CGPoint) {
    path.move(to: point)
  }

  /// Adds a straight line from the current point to `point`. Without a current point (an empty
  /// path) nothing is added: CoreGraphics logs "no current point" and ignores the line.
  open func addLine(to point: CGPoint) {
    path.addLine(to: point)
  }

  /// Adds a cubic Bézier curve from the current point to `endPoint`.
  open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
  }

  /// Adds a quadratic Bézier curve from the current point to `endPoint`.
  open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
    path.addQuadCurve(to: endPoint, control: controlPoint)
  }

  /// Adds an arc of a circle. With a current point, a straight line first joins it to the
  /// arc's start (so concentric circles need a `move(to:)` to each circle's start, as the book's
  /// Hypnosister does); without one, the arc starts a new subpath. A sweep of a whole turn or
  /// more draws the whole circle once. `clockwise` is on screen (increasing angles), the
  /// opposite of CGPath's.
  open func addArc(
    withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {
    path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, increasingAngles: clockwise)
  }

  /// Closes the current subpath with a straight line back to its start; the current point
  /// becomes that start.
  open func close() {
    path.closeSubpath()
  }

  /// Removes every element.
  open func removeAllPoints() {
    path.removeAll()
  }

  /// Appends the elements of another path.
  open func append(_ bezierPath: UIBezierPath) {
    path.addPath(bezierPath.path)
  }

  /// Maps every point of the path by `transform`.
  open func apply(_ transform: CGAffineTransform) {
    let old = path
    path = CGMutablePath()
    path.addPath(old, transform: transform)
  }

  // MARK: Geometry

  /// The smallest rectangle holding every point of the path (arcs included exactly, to within
  /// the quarter point the path is flattened to, and the control points of curves); `.null`
  /// for an empty path.
  open var bounds: CGRect { path.boundingBox }

  /// Whether `point` is inside the area `fill()` would paint.
  open func contains(_ point: CGPoint) -> Bool {
    path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
  }

  /// The path as polylines: each subpath's points (arcs flattened to within `tolerance` points)
  /// and whether it is closed.
  package func flattened(tolerance: CGFloat = 0.25) -> [PathRun.Subpath] {
    path.flattened(tolerance: tolerance)
  }

  // MARK: Drawing

  /// Draws the path's outline, `lineWidth` wide, in the stroke colour of the current drawing
  /// context (`UIColor.setStroke()`); nothing outside `draw(_:)`.
  open func stroke() {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let polylines = flattened()
    guard !polylines.isEmpty else { return }
    let scale = (context.ctm.a * context.ctm.a + context.ctm.b * context.ctm.b).squareRoot()
    // The path's own caps, joins and miter limit (a bitmap context paints with them).
    context.saveGState()
    context.setLineCap(lineCapStyle)
    context.setLineJoin(lineJoinStyle)
    context.setMiterLimit(miterLimit)
    context.record(
      CGContextDrawing(
        polylines: context.toBase(polylines), color: context.strokeColor, mode: .stroke(lineWidth: lineWidth * scale)))
    context.restoreGState()
  }

  /// Paints the area inside the path (each subpath closed) in the fill colour of the current
  /// drawing context (`UIColor.setFill()`); nothing outside `draw(_:)`.
  open func fill() {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let polylines = flattened().map { PathRun.Subpath(points: $0.points, isClosed: true) }
    guard !polylines.isEmpty else { return }
    context.record(
      CGContextDrawing(
        polylines: context.toBase(polylines), color: context.fillColor, mode: .fill(evenOdd: usesEvenOddFillRule)))
  }

  /// Narrows the current context's clip to the inside of the path (by its fill rule): what is
  /// drawn after is cut to it. Bitmap contexts (an image renderer's) apply clips.
  open func addClip() {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.beginPath()
    context.addPath(cgPath)
    context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
  }

  /// Paints the inside of the path in `blendMode` at `alpha`.
  open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    context.setAlpha(context.alpha * alpha)
    fill()
    context.restoreGState()
  }

  /// Draws the path's outline in `blendMode` at `alpha`.
  open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    context.setAlpha(context.alpha * alpha)
    stroke()
    context.restoreGState()
  }

  open override var description: String {
    "<UIBezierPath: \(elements.count) elements, bounds \(bounds)>"
  }
}
