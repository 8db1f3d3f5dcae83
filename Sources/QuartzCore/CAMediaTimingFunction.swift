// CAMediaTimingFunction: the pacing of an animation, a cubic Bézier curve from (0, 0) to (1, 1)
// that maps elapsed time (x) to progress (y). The named curves' control points are the ones
// Apple documents.

/// The names of the predefined timing functions.
public struct CAMediaTimingFunctionName: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Even pacing.
  public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
  /// Begins slowly, then speeds up.
  public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
  /// Begins quickly, then slows down.
  public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
  /// Slow at both ends.
  public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
  /// The system default (most system animations' pacing).
  public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// How an animation's progress follows time.
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
  private let c1: (x: Float, y: Float)
  private let c2: (x: Float, y: Float)

  /// A timing function with control points (c1x, c1y) and (c2x, c2y); the curve runs from (0, 0)
  /// to (1, 1).
  public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
    c1 = (min(max(c1x, 0), 1), c1y)
    c2 = (min(max(c2x, 0), 1), c2y)
    super.init()
  }

  /// One of the predefined timing functions.
  public convenience init(name: CAMediaTimingFunctionName) {
    switch name {
    case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
    case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
    case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
    case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
    default: self.init(controlPoints: 0, 0, 1, 1)
    }
  }

  /// Writes control point `index` (0...3; 0 is (0, 0), 3 is (1, 1)) into `values` (two floats).
  open func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
    let point: (Float, Float) =
      switch index {
      case 0: (0, 0)
      case 1: c1
      case 2: c2
      default: (1, 1)
      }
    values[0] = point.0
    values[1] = point.1
  }

  /// The progress (y) at elapsed fraction `x` (0...1): x(t) is solved for the curve's parameter
  /// t by bisection, which always converges since x(t) is monotonic with control x in 0...1.
  package func progress(at x: Double) -> Double {
    let x = min(max(x, 0), 1)
    func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
      let u = 1 - t
      return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0
    var high = 1.0
    var t = x
    for _ in 0..<40 {
      let value = bezier(t, Double(c1.x), Double(c2.x))
      if abs(value - x) < 1e-7 { break }
      if value < x { low = t } else { high = t }
      t = (low + high) / 2
    }
    return bezier(t, Double(c1.y), Double(c2.y))
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? CAMediaTimingFunction else { return false }
    return c1 == other.c1 && c2 == other.c2
  }

  open override var hash: Int { Int(c1.x * 1000 + c1.y * 100 + c2.x * 10 + c2.y) }
}
