// CGPath and CGMutablePath: the one path representation of the package.
//
// UIBezierPath wraps a CGMutablePath, and CAShapeLayer draws one, so both see the same elements.
// Elements are kept exactly as added, in the coordinates they were added in: an arc stays an arc
// (CoreGraphics turns arcs into Bézier curves; a terminal draws them better flattened from the
// circle itself). A transform other than the identity is applied when the element is added; an
// arc under such a transform is stored as the Bézier curves CoreGraphics would store, since a
// transformed circle is no longer one.
//
// Angles are in radians; in UIKit's coordinates (y down) an increasing angle turns clockwise on
// screen. CGPath's `clockwise` is CoreGraphics' (y up): `clockwise: true` goes through
// *decreasing* angles, which is counter-clockwise on a UIKit screen; UIBezierPath's `clockwise`
// is the opposite, as on iOS.

/// How a fill decides what is inside a path.
public enum CGPathFillRule: Int, Sendable {
  /// Inside where the path winds a non-zero number of times around the point.
  case winding = 0
  /// Inside where a ray from the point crosses the path an odd number of times.
  case evenOdd = 1
}

/// How the ends of stroked lines are drawn.
public enum CGLineCap: Int32, Sendable {
  case butt, round, square
}

/// How stroked lines join at corners.
public enum CGLineJoin: Int32, Sendable {
  case miter, round, bevel
}

/// One element of a path, in the coordinates it was added in.
package enum CGPathStoredElement: Equatable, Sendable {
  case move(CGPoint)
  case line(CGPoint)
  case quadCurve(control: CGPoint, to: CGPoint)
  case curve(control1: CGPoint, control2: CGPoint, to: CGPoint)
  /// An elliptical arc about `center` with radii `radii`, from `start` radians through `sweep`
  /// radians (positive: increasing angles, clockwise on a UIKit screen).
  case arc(center: CGPoint, radii: CGSize, start: CGFloat, sweep: CGFloat)
  case close
}

/// A subpath flattened into a polyline: its points in order, and whether it returns to its
/// first point.
package struct CGPathPolyline: Equatable, Sendable {
  package var points: [CGPoint]
  package var isClosed: Bool
  package init(points: [CGPoint], isClosed: Bool) {
    self.points = points
    self.isClosed = isClosed
  }
}

/// An immutable graphics path: lines, curves and arcs in subpaths.
public class CGPath: Hashable, @unchecked Sendable, CustomStringConvertible {
  /// The elements, in order.
  package internal(set) var elements: [CGPathStoredElement] = []
  /// The current point, nil in an empty path.
  package internal(set) var storedCurrentPoint: CGPoint?
  /// The start of the current subpath (where `closeSubpath()` returns to).
  package internal(set) var subpathStart: CGPoint?

  package init() {}

  package init(copying path: CGPath) {
    elements = path.elements
    storedCurrentPoint = path.storedCurrentPoint
    subpathStart = path.subpathStart
  }

  /// A closed path around `rect`, starting at its minimum corner.
  public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    let path = CGMutablePath()
    path.addRect(rect, transform: transform?.pointee ?? .identity)
    self.init(copying: path)
  }

  /// A closed path around the ellipse inscribed in `rect`.
  public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    let path = CGMutablePath()
    path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
    self.init(copying: path)
  }

  /// A closed path around `rect` with rounded corners of the given radii.
  public convenience init(
    roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: UnsafePointer<CGAffineTransform>?
  ) {
    let path = CGMutablePath()
    path.addRoundedRect(
      in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
      transform: transform?.pointee ?? .identity)
    self.init(copying: path)
  }

  /// Whether the path has no elements.
  public var isEmpty: Bool { elements.isEmpty }

  /// Where the next element starts from; `.zero` for an empty path.
  public var currentPoint: CGPoint { storedCurrentPoint ?? .zero }

  /// The smallest rectangle holding every point of the path, Bézier control points included;
  /// `.null` for an empty path.
  public var boundingBox: CGRect {
    var box = boundingBoxOfPath
    for element in elements {
      switch element {
      case .quadCurve(let control, _):
        box = box.union(CGRect(origin: control, size: .zero))
      case .curve(let c1, let c2, _):
        box = box.union(CGRect(origin: c1, size: .zero)).union(CGRect(origin: c2, size: .zero))
      default: break
      }
    }
    return box
  }

  /// The smallest rectangle holding every point the path passes through (control points
  /// excluded; to within the quarter point curves are flattened to); `.null` for an empty path.
  public var boundingBoxOfPath: CGRect {
    var box = CGRect.null
    for subpath in flattened() {
      for point in subpath.points {
        box = box.union(CGRect(origin: point, size: .zero))
      }
    }
    return box
  }

  /// Whether `point` (mapped by `transform` first) is inside the area a fill with `rule` paints.
  public func contains(
    _ point: CGPoint, using rule: CGPathFillRule = .winding,
    transform: CGAffineTransform = .identity
  ) -> Bool {
    let p = point.applying(transform)
    var winding = 0
    var crossings = 0
    for subpath in flattened() {
      let points = subpath.points
      guard points.count > 1 else { continue }
      for index in points.indices {
        let a = points[index]
        let b = points[(index + 1) % points.count]
        guard (a.y <= p.y) != (b.y <= p.y) else { continue }
        let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
        if x > p.x {
          crossings += 1
          winding += b.y > a.y ? 1 : -1
        }
      }
    }
    return rule == .evenOdd ? crossings % 2 == 1 : winding != 0
  }

  /// An immutable copy.
  public func copy() -> CGPath? { CGPath(copying: self) }

  /// An immutable copy with every point mapped by `transform` (nil: unchanged).
  public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    let path = CGMutablePath()
    path.addPath(self, transform: transform?.pointee ?? .identity)
    return CGPath(copying: path)
  }

  /// A mutable copy.
  public func mutableCopy() -> CGMutablePath? {
    let path = CGMutablePath()
    path.elements = elements
    path.storedCurrentPoint = storedCurrentPoint
    path.subpathStart = subpathStart
    return path
  }

  /// Equal when both paths have the same elements.
  public static func == (a: CGPath, b: CGPath) -> Bool { a.elements == b.elements }

  public func hash(into hasher: inout Hasher) { hasher.combine(elements.count) }

  public var description: String {
    "<CGPath: \(elements.count) elements, bounding box \(boundingBox)>"
  }

  // MARK: Flattening

  /// The path as polylines: each subpath's points (arcs and curves flattened to within
  /// `tolerance` points) and whether it is closed. What renderers draw and `contains` tests.
  package func flattened(tolerance: CGFloat = 0.25) -> [CGPathPolyline] {
    var result: [CGPathPolyline] = []
    var points: [CGPoint] = []
    var closed = false
    func finish() {
      if !points.isEmpty { result.append(CGPathPolyline(points: points, isClosed: closed)) }
      points = []
      closed = false
    }
    // An element after close() starts a new subpath at the closed one's start.
    func reopenIfClosed(_ fallback: CGPoint) {
      guard closed else { return }
      let start = points.first ?? fallback
      finish()
      points = [start]
    }
    for element in elements {
      switch element {
      case .move(let p):
        finish()
        points = [p]
      case .line(let p):
        reopenIfClosed(p)
        points.append(p)
      case .quadCurve(let control, let end):
        reopenIfClosed(end)
        let start = points.last ?? end
        // Degree elevation: the same curve as a cubic.
        let c1 = CGPoint(
          x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y))
        let c2 = CGPoint(
          x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
        points += Self.flattenCubic(start, c1, c2, end, tolerance: tolerance)
      case .curve(let c1, let c2, let end):
        reopenIfClosed(end)
        let start = points.last ?? end
        points += Self.flattenCubic(start, c1, c2, end, tolerance: tolerance)
      case .arc(let center, let radii, let start, let sweep):
        reopenIfClosed(center)
        let radius = max(radii.width, radii.height)
        // The chord error of a step θ is r(1 − cos(θ/2)); keep it under the tolerance.
        let step: CGFloat = radius > tolerance ? 2 * acos(max(-1, 1 - tolerance / radius)) : .pi / 2
        // A multiple of 4 steps, so that a whole circle's points are symmetric about both axes.
        var count = max(1, min(4096, Int((abs(sweep) / max(step, 0.001)).rounded(.up))))
        count = (count + 3) / 4 * 4
        for i in 1...count {
          let angle = start + sweep * CGFloat(i) / CGFloat(count)
          points.append(
            CGPoint(x: center.x + radii.width * cos(angle), y: center.y + radii.height * sin(angle))
          )
        }
      case .close:
        closed = true
      }
    }
    finish()
    return result
  }

  /// The points after `p0` of a cubic Bézier curve, evenly in its parameter, enough of them that
  /// the chords stay within `tolerance` of the curve (bounded by the control polygon's bend).
  private static func flattenCubic(
    _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, tolerance: CGFloat
  ) -> [CGPoint] {
    // The largest second difference of the control points bounds the curve's deviation from
    // its chords: n segments keep it under (3/4)·d/n².
    let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
    let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
    let d = (ddx * ddx + ddy * ddy).squareRoot()
    let count = max(1, min(1024, Int((0.75 * d / max(tolerance, 0.01)).squareRoot().rounded(.up))))
    return (1...count).map { i in
      let t = CGFloat(i) / CGFloat(count)
      let u = 1 - t
      let a = u * u * u
      let b = 3 * u * u * t
      let c = 3 * u * t * t
      let e = t * t * t
      return CGPoint(
        x: a * p0.x + b * p1.x + c * p2.x + e * p3.x, y: a * p0.y + b * p1.y + c * p2.y + e * p3.y)
    }
  }
}

/// A graphics path that can be built: move, add lines, curves, arcs, rectangles and ellipses,
/// close subpaths.
public final class CGMutablePath: CGPath, @unchecked Sendable {
  /// Creates an empty path.
  public override init() {
    super.init()
  }

  /// Starts a new subpath at `point`.
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
    let p = point.applying(transform)
    elements.append(.move(p))
    storedCurrentPoint = p
    subpathStart = p
  }

  /// Adds a straight line from the current point to `point`. Without a current point nothing
  /// is added (CoreGraphics logs "no current point" and ignores it).
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
    guard storedCurrentPoint != nil else { return }
    let p = point.applying(transform)
    elements.append(.line(p))
    storedCurrentPoint = p
  }

  /// Adds a sequence of connected lines: a move to the first point, then lines to the others.
  public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
    guard let first = points.first else { return }
    move(to: first, transform: transform)
    for point in points.dropFirst() { addLine(to: point, transform: transform) }
  }

  /// Adds a quadratic Bézier curve from the current point to `end` (nothing without a current point).
  public func addQuadCurve(
    to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity
  ) {
    guard storedCurrentPoint != nil else { return }
    let p = end.applying(transform)
    elements.append(.quadCurve(control: control.applying(transform), to: p))
    storedCurrentPoint = p
  }

  /// Adds a cubic Bézier curve from the current point to `end` (nothing without a current point).
  public func addCurve(
    to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
  ) {
    guard storedCurrentPoint != nil else { return }
    let p = end.applying(transform)
    elements.append(
      .curve(control1: control1.applying(transform), control2: control2.applying(transform), to: p))
    storedCurrentPoint = p
  }

  /// Adds a closed subpath around `rect`: from its minimum corner along the x axis first.
  public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
    let r = rect.standardized
    move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
    addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
    addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
    addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
    closeSubpath()
  }

  /// Adds a closed subpath around each rectangle.
  public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
    for rect in rects { addRect(rect, transform: transform) }
  }

  /// Adds a closed subpath around the ellipse inscribed in `rect`, from its rightmost point
  /// through increasing angles.
  public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
    let r = rect.standardized
    let center = CGPoint(x: r.midX, y: r.midY)
    move(to: CGPoint(x: r.maxX, y: r.midY), transform: transform)
    appendArc(
      center: center, radii: CGSize(width: r.width / 2, height: r.height / 2), start: 0,
      sweep: 2 * .pi,
      transform: transform)
    closeSubpath()
  }

  /// Adds a closed subpath around `rect` with elliptical corners `cornerWidth` × `cornerHeight`
  /// (each at most half the rectangle's side; larger radii are reduced to that).
  public func addRoundedRect(
    in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    let r = rect.standardized
    let rx = min(max(0, cornerWidth), r.width / 2)
    let ry = min(max(0, cornerHeight), r.height / 2)
    guard rx > 0, ry > 0 else {
      addRect(r, transform: transform)
      return
    }
    let radii = CGSize(width: rx, height: ry)
    move(to: CGPoint(x: r.minX + rx, y: r.minY), transform: transform)
    addLine(to: CGPoint(x: r.maxX - rx, y: r.minY), transform: transform)
    appendArc(
      center: CGPoint(x: r.maxX - rx, y: r.minY + ry), radii: radii, start: -.pi / 2,
      sweep: .pi / 2,
      transform: transform)
    addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry), transform: transform)
    appendArc(
      center: CGPoint(x: r.maxX - rx, y: r.maxY - ry), radii: radii, start: 0, sweep: .pi / 2,
      transform: transform)
    addLine(to: CGPoint(x: r.minX + rx, y: r.maxY), transform: transform)
    appendArc(
      center: CGPoint(x: r.minX + rx, y: r.maxY - ry), radii: radii, start: .pi / 2, sweep: .pi / 2,
      transform: transform)
    addLine(to: CGPoint(x: r.minX, y: r.minY + ry), transform: transform)
    appendArc(
      center: CGPoint(x: r.minX + rx, y: r.minY + ry), radii: radii, start: .pi, sweep: .pi / 2,
      transform: transform)
    closeSubpath()
  }

  /// Adds an arc of a circle, with CoreGraphics' sense of `clockwise` (decreasing angles when
  /// true: counter-clockwise on a UIKit screen). With a current point, a straight line first
  /// joins it to the arc's start; without one, the arc starts a new subpath.
  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
    transform: CGAffineTransform = .identity
  ) {
    addArc(
      center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      increasingAngles: !clockwise, transform: transform)
  }

  /// Adds an arc of `delta` radians from `startAngle` (positive: increasing angles).
  public func addRelativeArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    let r = abs(radius)
    joinArcStart(
      CGPoint(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle)),
      transform: transform)
    appendArc(
      center: center, radii: CGSize(width: r, height: r), start: startAngle, sweep: delta,
      transform: transform)
  }

  /// The arc of ``addArc(center:radius:startAngle:endAngle:clockwise:transform:)``, its sense
  /// given as the direction of the angles (UIBezierPath's `clockwise` is `increasingAngles`).
  /// A sweep of a whole turn or more draws the whole circle once.
  package func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    increasingAngles: Bool,
    transform: CGAffineTransform = .identity
  ) {
    let turn = 2 * CGFloat.pi
    var sweep = endAngle - startAngle
    if increasingAngles {
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
    joinArcStart(
      CGPoint(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle)),
      transform: transform)
    appendArc(
      center: center, radii: CGSize(width: r, height: r), start: startAngle, sweep: sweep,
      transform: transform)
  }

  private func joinArcStart(_ start: CGPoint, transform: CGAffineTransform) {
    let mapped = start.applying(transform)
    if storedCurrentPoint == nil {
      move(to: start, transform: transform)
    } else if storedCurrentPoint != mapped {
      addLine(to: start, transform: transform)
    }
  }

  /// Appends an arc whose start is the current point.
  package func appendArc(
    center: CGPoint, radii: CGSize, start: CGFloat, sweep: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    if transform.isIdentity {
      elements.append(.arc(center: center, radii: radii, start: start, sweep: sweep))
      let end = start + sweep
      storedCurrentPoint = CGPoint(
        x: center.x + radii.width * cos(end), y: center.y + radii.height * sin(end))
      return
    }
    // Bézier quarter-arcs (or shorter): control points at 4/3·tan(θ/4) of the radius along the
    // tangents, then transformed.
    let pieces = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
    let step = sweep / CGFloat(pieces)
    let k = 4 / 3 * tan(step / 4)
    func point(_ angle: CGFloat) -> CGPoint {
      CGPoint(x: center.x + radii.width * cos(angle), y: center.y + radii.height * sin(angle))
    }
    for i in 0..<pieces {
      let a0 = start + step * CGFloat(i)
      let a1 = a0 + step
      let p0 = point(a0)
      let p3 = point(a1)
      let c1 = CGPoint(x: p0.x - k * radii.width * sin(a0), y: p0.y + k * radii.height * cos(a0))
      let c2 = CGPoint(x: p3.x + k * radii.width * sin(a1), y: p3.y - k * radii.height * cos(a1))
      let end = p3.applying(transform)
      elements.append(
        .curve(control1: c1.applying(transform), control2: c2.applying(transform), to: end))
      storedCurrentPoint = end
    }
  }

  /// Appends the elements of `path`, each point mapped by `transform`.
  public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
    for element in path.elements {
      switch element {
      case .move(let p): move(to: p, transform: transform)
      case .line(let p): addLine(to: p, transform: transform)
      case .quadCurve(let control, let end):
        addQuadCurve(to: end, control: control, transform: transform)
      case .curve(let c1, let c2, let end):
        addCurve(to: end, control1: c1, control2: c2, transform: transform)
      case .arc(let center, let radii, let start, let sweep):
        if storedCurrentPoint == nil {
          move(
            to: CGPoint(
              x: center.x + radii.width * cos(start), y: center.y + radii.height * sin(start)),
            transform: transform)
        }
        appendArc(center: center, radii: radii, start: start, sweep: sweep, transform: transform)
      case .close: closeSubpath()
      }
    }
  }

  /// Closes the current subpath with a straight line back to its start, which becomes the
  /// current point.
  public func closeSubpath() {
    guard storedCurrentPoint != nil, let start = subpathStart else { return }
    elements.append(.close)
    storedCurrentPoint = start
  }

  /// Removes every element.
  package func removeAll() {
    elements.removeAll()
    storedCurrentPoint = nil
    subpathStart = nil
  }
}
