// CAShapeLayer: a layer that draws a path, filled and stroked.

/// How a stroke's ends look (`CAShapeLayer.lineCap`).
public struct CAShapeLayerLineCap: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let butt = CAShapeLayerLineCap(rawValue: "butt")
  public static let round = CAShapeLayerLineCap(rawValue: "round")
  public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// How a stroke's corners look (`CAShapeLayer.lineJoin`).
public struct CAShapeLayerLineJoin: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
  public static let round = CAShapeLayerLineJoin(rawValue: "round")
  public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// The fill rule of a shape layer (`CAShapeLayer.fillRule`).
public struct CAShapeLayerFillRule: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Inside where the path winds around the point a non-zero number of times (the default).
  public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
  /// Inside where a ray from the point crosses the path an odd number of times.
  public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// A layer that draws a path in its coordinates: filled in `fillColor`, then stroked in
/// `strokeColor`, `lineWidth` wide, from `strokeStart` to `strokeEnd` of its length.
@preconcurrency @MainActor
open class CAShapeLayer: CALayer {
  /// The shape (nil: nothing drawn).
  open var path: CGPath? {
    didSet { implicitChange("path", from: .discrete(oldValue.map { AnyHashable($0) })) }
  }
  /// The fill colour (opaque black by default, as on iOS; nil: no fill).
  open var fillColor: CGColor? = CGColor(gray: 0, alpha: 1) {
    didSet { implicitChange("fillColor", from: .color(oldValue)) }
  }
  /// How the fill decides what is inside.
  open var fillRule: CAShapeLayerFillRule = .nonZero
  /// The stroke colour (nil by default: no stroke).
  open var strokeColor: CGColor? {
    didSet { implicitChange("strokeColor", from: .color(oldValue)) }
  }
  /// Where the stroke starts, as a fraction of the path's length (0 by default).
  open var strokeStart: CGFloat = 0 {
    didSet { implicitChange("strokeStart", from: .number(Double(oldValue))) }
  }
  /// Where the stroke ends, as a fraction of the path's length (1 by default).
  open var strokeEnd: CGFloat = 1 {
    didSet { implicitChange("strokeEnd", from: .number(Double(oldValue))) }
  }
  /// The stroke's width in points (1 by default).
  open var lineWidth: CGFloat = 1 {
    didSet { implicitChange("lineWidth", from: .number(Double(oldValue))) }
  }
  /// The miter limit (kept; hosts draw round joins).
  open var miterLimit: CGFloat = 10
  /// The stroke's ends (kept; hosts draw round ends).
  open var lineCap: CAShapeLayerLineCap = .butt
  /// The stroke's corners (kept; hosts draw round joins).
  open var lineJoin: CAShapeLayerLineJoin = .miter
  /// Where the dash pattern starts.
  open var lineDashPhase: CGFloat = 0
  /// Lengths of dashes and gaps, alternately, in points (nil: a solid line).
  open var lineDashPattern: [NSNumber]?

  public override init() {
    super.init()
  }

  public override init(layer: Any) {
    super.init(layer: layer)
    guard let other = layer as? CAShapeLayer else { return }
    path = other.path
    fillColor = other.fillColor
    fillRule = other.fillRule
    strokeColor = other.strokeColor
    strokeStart = other.strokeStart
    strokeEnd = other.strokeEnd
    lineWidth = other.lineWidth
    miterLimit = other.miterLimit
    lineCap = other.lineCap
    lineJoin = other.lineJoin
    lineDashPhase = other.lineDashPhase
    lineDashPattern = other.lineDashPattern
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  package override func makePresentationCopy() -> CALayer { CAShapeLayer(layer: self) }

  package override func animatableValue(forKeyPath keyPath: String) -> CAAnimatableValue? {
    switch keyPath {
    case "strokeStart": .number(strokeStart)
    case "strokeEnd": .number(strokeEnd)
    case "lineWidth": .number(lineWidth)
    case "lineDashPhase": .number(lineDashPhase)
    case "miterLimit": .number(miterLimit)
    case "strokeColor": .color(strokeColor)
    case "fillColor": .color(fillColor)
    case "path": .discrete(path.map { AnyHashable($0) })
    default: super.animatableValue(forKeyPath: keyPath)
    }
  }

  package override func setAnimatableValue(_ value: CAAnimatableValue, forKeyPath keyPath: String) {
    switch (keyPath, value) {
    case ("strokeStart", .number(let n)): strokeStart = n
    case ("strokeEnd", .number(let n)): strokeEnd = n
    case ("lineWidth", .number(let n)): lineWidth = n
    case ("lineDashPhase", .number(let n)): lineDashPhase = n
    case ("miterLimit", .number(let n)): miterLimit = n
    case ("strokeColor", .color(let c)): strokeColor = c
    case ("fillColor", .color(let c)): fillColor = c
    case ("path", .discrete(let p)): path = p?.base as? CGPath
    default: super.setAnimatableValue(value, forKeyPath: keyPath)
    }
  }

  /// The polylines the stroke covers: the path flattened, cut to `strokeStart`...`strokeEnd` of
  /// its total length and to the dash pattern. What hosts draw.
  package func strokedPolylines() -> [CGPathPolyline] {
    guard let path else { return [] }
    let lines = path.flattened()
    var segments: [(CGPoint, CGPoint)] = []
    var breaks: [Int] = []  // indices in `segments` where a subpath starts
    for line in lines {
      breaks.append(segments.count)
      var points = line.points
      if line.isClosed, let first = points.first, points.count > 2 { points.append(first) }
      if points.count == 1 { points.append(points[0]) }
      for (a, b) in zip(points, points.dropFirst()) { segments.append((a, b)) }
    }
    func length(_ s: (CGPoint, CGPoint)) -> CGFloat { hypot(s.1.x - s.0.x, s.1.y - s.0.y) }
    let total = segments.reduce(0) { $0 + length($1) }
    let start = min(max(strokeStart, 0), 1) * total
    let end = min(max(strokeEnd, 0), 1) * total
    guard end > start || (total == 0 && strokeEnd > strokeStart) else { return [] }
    // Dashes: on-intervals along the whole length, starting at the phase.
    var onIntervals: [(CGFloat, CGFloat)] = [(start, end)]
    let pattern = (lineDashPattern ?? []).map { CGFloat($0.doubleValue) }.filter { $0 >= 0 }
    if !pattern.isEmpty, pattern.reduce(0, +) > 0 {
      onIntervals = []
      var position = -lineDashPhase
      var index = 0
      while position < end {
        let dash = pattern[index % pattern.count]
        if index % 2 == 0 {
          let a = max(position, start)
          let b = min(position + dash, end)
          if b > a { onIntervals.append((a, b)) }
        }
        position += dash
        index += 1
        if index > 100_000 { break }
      }
    }
    var result: [CGPathPolyline] = []
    var current: [CGPoint] = []
    var travelled: CGFloat = 0
    func flush() {
      if !current.isEmpty { result.append(CGPathPolyline(points: current, isClosed: false)) }
      current = []
    }
    for (index, segment) in segments.enumerated() {
      if breaks.contains(index) { flush() }
      let l = length(segment)
      let segStart = travelled
      let segEnd = travelled + l
      for (a, b) in onIntervals where b >= segStart && a <= segEnd {
        let from = l > 0 ? (max(a, segStart) - segStart) / l : 0
        let to = l > 0 ? (min(b, segEnd) - segStart) / l : 1
        let p = CGPoint(
          x: segment.0.x + (segment.1.x - segment.0.x) * from,
          y: segment.0.y + (segment.1.y - segment.0.y) * from)
        let q = CGPoint(
          x: segment.0.x + (segment.1.x - segment.0.x) * to,
          y: segment.0.y + (segment.1.y - segment.0.y) * to)
        if let last = current.last, last == p {
          current.append(q)
        } else {
          flush()
          current = [p, q]
        }
      }
      travelled = segEnd
    }
    flush()
    return result
  }
}
