// UIBezierPath: lines, arcs, rectangles and ovals, stroked or filled in a view's `draw(_:)`.
//
// The path keeps its elements exactly (an arc is an arc); `stroke()` and `fill()` flatten it into
// polylines (within a quarter of a point) and record them, with the colour set by
// `UIColor.setStroke()`/`setFill()`, in the current drawing context — the one UIKit opens around
// a view's `draw(_:)`. Hosts rasterise what was recorded (the terminal in Braille dots, see
// CellGrid+Paths.swift). Outside `draw(_:)` there is no current context and, as on iOS, stroking
// or filling draws nothing.
//
// Angles are in radians in UIKit's coordinates, whose y axis points down: angle 0 is to the right
// of the centre, π/2 below it, and `clockwise: true` goes from the start angle to the end angle
// through increasing angles (clockwise on screen), as on iOS.

/// A path made of straight lines and arcs that a view can stroke or fill in `draw(_:)`.
open class UIBezierPath: NSObject {
  /// One element of a path, in the coordinates it was added in.
  package enum Element: Equatable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    /// An elliptical arc about `center` with radii `radii`, from `start` radians through `sweep`
    /// radians (positive: clockwise on screen).
    case arc(center: CGPoint, radii: CGSize, start: CGFloat, sweep: CGFloat)
    case close
  }

  /// The elements, in order.
  package private(set) var elements: [Element] = []
  private var _currentPoint: CGPoint?
  private var subpathStart: CGPoint?

  /// The width of stroked lines, in points (1 by default).
  open var lineWidth: CGFloat = 1
  /// Whether `fill()` uses the even-odd rule (false: the non-zero winding rule, the default).
  open var usesEvenOddFillRule = false
  /// How the ends of stroked lines look (kept for source compatibility; hosts draw round ends).
  open var lineCapStyle: CGLineCap = .butt
  /// How stroked lines join (kept for source compatibility; hosts draw round joins).
  open var lineJoinStyle: CGLineJoin = .miter

  /// Creates an empty path.
  public override init() {
    super.init()
  }

  /// Creates a closed path around a rectangle, starting at its top-left corner and going
  /// clockwise on screen.
  public convenience init(rect: CGRect) {
    self.init()
    let r = rect.standardized
    move(to: CGPoint(x: r.minX, y: r.minY))
    addLine(to: CGPoint(x: r.maxX, y: r.minY))
    addLine(to: CGPoint(x: r.maxX, y: r.maxY))
    addLine(to: CGPoint(x: r.minX, y: r.maxY))
    close()
  }

  /// Creates a closed path around the oval inscribed in `rect` (a circle in a square), starting
  /// at its rightmost point and going clockwise on screen.
  public convenience init(ovalIn rect: CGRect) {
    self.init()
    let r = rect.standardized
    let center = CGPoint(x: r.midX, y: r.midY)
    let radii = CGSize(width: r.width / 2, height: r.height / 2)
    move(to: CGPoint(x: r.maxX, y: r.midY))
    appendArc(center: center, radii: radii, start: 0, sweep: 2 * .pi)
    close()
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
  open var currentPoint: CGPoint { _currentPoint ?? .zero }

  /// Whether the path has no elements.
  open var isEmpty: Bool { elements.isEmpty }

  /// Starts a new subpath at `point`.
  open func move(to point: CGPoint) {
    elements.append(.move(point))
    _currentPoint = point
    subpathStart = point
  }

  /// Adds a straight line from the current point to `point`. Without a current point (an empty
  /// path) nothing is added: CoreGraphics logs "no current point" and ignores the line.
  open func addLine(to point: CGPoint) {
    guard _currentPoint != nil else { return }
    elements.append(.line(point))
    _currentPoint = point
  }

  /// Adds an arc of a circle. With a current point, a straight line first joins it to the
  /// arc's start (so concentric circles need a `move(to:)` to each circle's start, as the book's
  /// Hypnosister does); without one, the arc starts a new subpath. A sweep of a whole turn or
  /// more draws the whole circle once.
  open func addArc(
    withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {
    let turn = 2 * CGFloat.pi
    var sweep = endAngle - startAngle
    if clockwise {
      if sweep >= turn {
        sweep = turn
      } else if sweep < 0 {
        sweep = sweep.truncatingRemainder(dividingBy: turn)
        if sweep < 0 { sweep += turn }
      }
    } else {
      if sweep <= -turn {
        sweep = -turn
      } else if sweep > 0 {
        sweep = sweep.truncatingRemainder(dividingBy: turn)
        if sweep > 0 { sweep -= turn }
      }
    }
    let r = abs(radius)
    let start = CGPoint(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
    if _currentPoint == nil {
      move(to: start)
    } else if _currentPoint != start {
      addLine(to: start)
    }
    appendArc(center: center, radii: CGSize(width: r, height: r), start: startAngle, sweep: sweep)
  }

  private func appendArc(center: CGPoint, radii: CGSize, start: CGFloat, sweep: CGFloat) {
    elements.append(.arc(center: center, radii: radii, start: start, sweep: sweep))
    let end = start + sweep
    _currentPoint = CGPoint(x: center.x + radii.width * cos(end), y: center.y + radii.height * sin(end))
  }

  /// Closes the current subpath with a straight line back to its start; the current point
  /// becomes that start.
  open func close() {
    guard _currentPoint != nil, let start = subpathStart else { return }
    elements.append(.close)
    _currentPoint = start
  }

  /// Removes every element.
  open func removeAllPoints() {
    elements.removeAll()
    _currentPoint = nil
    subpathStart = nil
  }

  /// Appends the elements of another path.
  open func append(_ path: UIBezierPath) {
    for element in path.elements {
      switch element {
      case .move(let p): move(to: p)
      case .line(let p): addLine(to: p)
      case .arc(let center, let radii, let start, let sweep):
        if _currentPoint == nil {
          move(to: CGPoint(x: center.x + radii.width * cos(start), y: center.y + radii.height * sin(start)))
        }
        appendArc(center: center, radii: radii, start: start, sweep: sweep)
      case .close: close()
      }
    }
  }

  // MARK: Geometry

  /// The smallest rectangle holding every point of the path (arcs included exactly, to within
  /// the quarter point the path is flattened to); `.null` for an empty path. (iOS's `bounds`
  /// may also include Bézier control points; this path has none.)
  open var bounds: CGRect {
    var box = CGRect.null
    for subpath in flattened() {
      for point in subpath.points {
        box = box.union(CGRect(origin: point, size: .zero))
      }
    }
    return box
  }

  /// Whether `point` is inside the area `fill()` would paint.
  open func contains(_ point: CGPoint) -> Bool {
    var winding = 0
    var crossings = 0
    for subpath in flattened() {
      let points = subpath.points
      guard points.count > 1 else { continue }
      for index in points.indices {
        let a = points[index]
        let b = points[(index + 1) % points.count]
        guard (a.y <= point.y) != (b.y <= point.y) else { continue }
        let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
        if x > point.x {
          crossings += 1
          winding += b.y > a.y ? 1 : -1
        }
      }
    }
    return usesEvenOddFillRule ? crossings % 2 == 1 : winding != 0
  }

  /// The path as polylines: each subpath's points (arcs flattened to within `tolerance` points)
  /// and whether it is closed.
  package func flattened(tolerance: CGFloat = 0.25) -> [PathRun.Subpath] {
    var result: [PathRun.Subpath] = []
    var points: [CGPoint] = []
    var closed = false
    func finish() {
      if !points.isEmpty { result.append(PathRun.Subpath(points: points, isClosed: closed)) }
      points = []
      closed = false
    }
    for element in elements {
      switch element {
      case .move(let p):
        finish()
        points = [p]
      case .line(let p):
        if closed {
          // A line after close() starts a new subpath at the closed one's start.
          let start = points.first ?? p
          finish()
          points = [start]
        }
        points.append(p)
      case .arc(let center, let radii, let start, let sweep):
        if closed {
          let first = points.first ?? center
          finish()
          points = [first]
        }
        let radius = max(radii.width, radii.height)
        // The chord error of a step θ is r(1 − cos(θ/2)); keep it under the tolerance.
        let step: CGFloat =
          radius > tolerance ? 2 * acos(max(-1, 1 - tolerance / radius)) : .pi / 2
        // A multiple of 4 steps, so that a whole circle's points are symmetric about both axes.
        var count = max(1, min(4096, Int((abs(sweep) / max(step, 0.001)).rounded(.up))))
        count = (count + 3) / 4 * 4
        for i in 1...count {
          let angle = start + sweep * CGFloat(i) / CGFloat(count)
          points.append(CGPoint(x: center.x + radii.width * cos(angle), y: center.y + radii.height * sin(angle)))
        }
      case .close:
        closed = true
      }
    }
    finish()
    return result
  }

  // MARK: Drawing

  /// Draws the path's outline, `lineWidth` wide, in the stroke colour of the current drawing
  /// context (`UIColor.setStroke()`); nothing outside `draw(_:)`.
  open func stroke() {
    UIGraphicsDrawingContext.record { context in
      PathRun(subpaths: flattened(), color: context.strokeColor, mode: .stroke(lineWidth: lineWidth))
    }
  }

  /// Paints the area inside the path (each subpath closed) in the fill colour of the current
  /// drawing context (`UIColor.setFill()`); nothing outside `draw(_:)`.
  open func fill() {
    UIGraphicsDrawingContext.record { context in
      PathRun(
        subpaths: flattened().map { PathRun.Subpath(points: $0.points, isClosed: true) },
        color: context.fillColor, mode: .fill(evenOdd: usesEvenOddFillRule))
    }
  }

  open override var description: String {
    "<UIBezierPath: \(elements.count) elements, bounds \(bounds)>"
  }
}

/// How the ends of stroked lines are drawn.
public enum CGLineCap: Int32, Sendable {
  case butt, round, square
}

/// How stroked lines join at corners.
public enum CGLineJoin: Int32, Sendable {
  case miter, round, bevel
}
