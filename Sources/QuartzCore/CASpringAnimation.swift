import Foundation

/// An animation that moves a property like a mass on a damped spring: it may overshoot the
/// end value and settle back (an underdamped spring), or creep up to it (critically damped or
/// overdamped). The spring runs in real time — `mass`, `stiffness`, `damping` and
/// `initialVelocity` decide where it is after so many seconds — and the animation lasts its
/// `duration` (``settlingDuration`` is how long the spring takes to come to rest).
open class CASpringAnimation: CABasicAnimation {
  /// The mass on the spring (default 1; must be greater than 0).
  open var mass: CGFloat = 1
  /// The spring's stiffness (default 100; must be greater than 0).
  open var stiffness: CGFloat = 100
  /// The damping (default 10; 0 never settles).
  open var damping: CGFloat = 10
  /// The speed at the start, in the animation's distances per second: positive towards the end
  /// value (default 0).
  open var initialVelocity: CGFloat = 0
  /// Whether a damping above critical is kept (iOS 17; default false: it is held at critical).
  open var allowsOverdamping = false

  /// A spring that settles in about `perceptualDuration` seconds and bounces by `bounce` (iOS 17):
  /// 0 is critically damped, towards 1 it bounces more, below 0 it is overdamped.
  public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
    self.init()
    let omega = 2 * CGFloat.pi / CGFloat(max(perceptualDuration, 0.001))
    let ratio = bounce >= 0 ? 1 - min(bounce, 1) : 1 / (1 + max(bounce, -0.999))
    mass = 1
    stiffness = omega * omega
    damping = 2 * ratio * omega
    allowsOverdamping = bounce < 0
    duration = settlingDuration
  }

  /// The perceptual duration of the spring (iOS 17): the period of its undamped oscillation.
  open var perceptualDuration: TimeInterval {
    let omega = (max(stiffness, .leastNormalMagnitude) / max(mass, .leastNormalMagnitude)).squareRoot()
    return TimeInterval(2 * .pi / omega)
  }

  /// How much the spring bounces (iOS 17): 1 − its damping ratio when underdamped.
  open var bounce: CGFloat {
    let ratio = _dampingRatio
    return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
  }

  private var _dampingRatio: CGFloat {
    let ratio = max(damping, 0) / (2 * (max(stiffness, .leastNormalMagnitude) * max(mass, .leastNormalMagnitude)).squareRoot())
    return allowsOverdamping ? ratio : min(ratio, 1)
  }

  /// How long the spring takes to come to rest: until it stays within a thousandth of the
  /// distance of the end value.
  open var settlingDuration: CFTimeInterval {
    let step = 1.0 / 240
    var lastAway = 0.0
    var t = 0.0
    while t < 120 {
      if abs(1 - _position(at: t)) >= 0.001 { lastAway = t }
      // Past the envelope's reach nothing moves far again.
      if t - lastAway > 1, _envelope(at: t) < 0.0005 { break }
      t += step
    }
    return lastAway + step
  }

  private func _envelope(at t: Double) -> Double {
    let omega = Double((max(stiffness, .leastNormalMagnitude) / max(mass, .leastNormalMagnitude)).squareRoot())
    let zeta = Double(_dampingRatio)
    return exp(-min(zeta, 1) * omega * t) * (1 + abs(Double(initialVelocity)) / max(omega * 0.1, 0.001))
  }

  /// How far along the spring is at `t` seconds: 0 at the start, 1 at the end value (beyond it
  /// while overshooting).
  func _position(at t: Double) -> Double {
    let m = Double(max(mass, .leastNormalMagnitude))
    let k = Double(max(stiffness, .leastNormalMagnitude))
    let omega = (k / m).squareRoot()
    let zeta = Double(_dampingRatio)
    let v0 = Double(initialVelocity)
    let y: Double
    if zeta < 0.999 {
      let damped = omega * (1 - zeta * zeta).squareRoot()
      y = exp(-zeta * omega * t) * (cos(damped * t) + (zeta * omega - v0) / damped * sin(damped * t))
    } else if zeta <= 1.001 {
      y = exp(-omega * t) * (1 + (omega - v0) * t)
    } else {
      let root = (zeta * zeta - 1).squareRoot()
      let r1 = -omega * (zeta - root)
      let r2 = -omega * (zeta + root)
      let c2 = (-v0 - r1) / (r2 - r1)
      y = (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
    }
    return 1 - y
  }

  package override func _curve(fraction: Double, time: Double) -> Double {
    // The spring's own time; the end holds the end value exactly.
    fraction >= 1 ? 1 : _position(at: time)
  }

  open override func copy(with zone: NSZone? = nil) -> Any {
    let copy = super.copy(with: zone) as! CASpringAnimation
    copy.mass = mass
    copy.stiffness = stiffness
    copy.damping = damping
    copy.initialVelocity = initialVelocity
    copy.allowsOverdamping = allowsOverdamping
    return copy
  }
}
