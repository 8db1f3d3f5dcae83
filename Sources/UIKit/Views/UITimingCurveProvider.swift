import Foundation
import QuartzCore

/// The kind of timing curve a provider gives.
public enum UITimingCurveType: Int, Sendable {
  case builtin = 0
  case cubic = 1
  case spring = 2
  case composed = 3
}

/// What times an animation: a cubic Bézier curve or a spring.
@preconcurrency @MainActor
public protocol UITimingCurveProvider: NSCopying {
  var timingCurveType: UITimingCurveType { get }
  var cubicTimingParameters: UICubicTimingParameters? { get }
  var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve: one of UIKit's (`.easeInOut`…) or your own control points.
@preconcurrency @MainActor
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
  /// The built-in curve (`.easeInOut` for a curve made from control points).
  public let animationCurve: UIView.AnimationCurve
  public let controlPoint1: CGPoint
  public let controlPoint2: CGPoint
  private let isBuiltin: Bool

  /// Ease in and out.
  public override convenience init() {
    self.init(animationCurve: .easeInOut)
  }

  public init(animationCurve curve: UIView.AnimationCurve) {
    animationCurve = curve
    isBuiltin = true
    (controlPoint1, controlPoint2) =
      switch curve {
      case .easeInOut: (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
      case .easeIn: (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
      case .easeOut: (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
      case .linear: (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
      }
    super.init()
  }

  public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
    animationCurve = .easeInOut
    isBuiltin = false
    controlPoint1 = point1
    controlPoint2 = point2
    super.init()
  }

  open var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
  open var cubicTimingParameters: UICubicTimingParameters? { self }
  open var springTimingParameters: UISpringTimingParameters? { nil }
  nonisolated open func copy(with zone: NSZone? = nil) -> Any { self }

  var _timingFunction: CAMediaTimingFunction {
    CAMediaTimingFunction(
      controlPoints: Float(controlPoint1.x), Float(controlPoint1.y), Float(controlPoint2.x), Float(controlPoint2.y))
  }
}

/// A spring timing curve.
@preconcurrency @MainActor
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
  /// The starting speed (1 is the whole distance in a second), per axis.
  public let initialVelocity: CGVector
  let _mass: CGFloat
  let _stiffness: CGFloat
  let _damping: CGFloat

  /// A critically damped spring (iOS's default: a damping ratio of 1).
  public override convenience init() {
    self.init(dampingRatio: 1)
  }

  public convenience init(dampingRatio ratio: CGFloat) {
    self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
  }

  /// A spring tuned to settle over the animator's duration with `ratio` damping.
  public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
    // Stiffness for a spring that settles in about a second; the animator's duration scales
    // its time (as UIKit tunes a damping-ratio spring to the duration).
    let stiffness: CGFloat = 100
    _mass = 1
    _stiffness = stiffness
    _damping = 2 * max(0.01, ratio) * (stiffness * 1).squareRoot()
    initialVelocity = velocity
    super.init()
  }

  public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
    _mass = mass
    _stiffness = stiffness
    _damping = damping
    initialVelocity = velocity
    super.init()
  }

  /// iOS 17's spring: settles in about `duration`, `bounce` 0 without overshoot, up to 1.
  public convenience init(duration: TimeInterval, bounce: CGFloat = 0, initialVelocity: CGVector = CGVector(dx: 0, dy: 0)) {
    let response = max(0.01, duration)
    let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    let stiffness = pow(2 * .pi / response, 2)
    self.init(mass: 1, stiffness: stiffness, damping: 4 * .pi * ratio / response, initialVelocity: initialVelocity)
  }

  open var timingCurveType: UITimingCurveType { .spring }
  open var cubicTimingParameters: UICubicTimingParameters? { nil }
  open var springTimingParameters: UISpringTimingParameters? { self }
  nonisolated open func copy(with zone: NSZone? = nil) -> Any { self }
}
