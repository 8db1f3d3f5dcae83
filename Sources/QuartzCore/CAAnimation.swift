// CAAnimation and its subclasses: descriptions of how a layer property changes over time.
//
// An animation is a value: adding it to a layer (`CALayer.add(_:forKey:)`) adds a copy, and the
// layer's clock runs the copy (see CALayer+Animations.swift). Changing the animation object after
// adding it changes nothing on screen, as on iOS.

/// Timing shared by animations (and, on iOS, layers).
public protocol CAMediaTiming {
  /// When the animation starts, in the layer's time (0: when it is added).
  var beginTime: CFTimeInterval { get set }
  /// How long one iteration lasts (0: the transaction's duration, 0.25 s by default).
  var duration: CFTimeInterval { get set }
  /// How fast time passes for the animation relative to its layer (1 by default).
  var speed: Float { get set }
  /// An offset into the animation's own time.
  var timeOffset: CFTimeInterval { get set }
  /// How many times the animation repeats (0 means once; `.infinity` forever).
  var repeatCount: Float { get set }
  /// How long the animation repeats for (0: use `repeatCount`).
  var repeatDuration: CFTimeInterval { get set }
  /// Whether each iteration plays forwards and then backwards.
  var autoreverses: Bool { get set }
  /// What the animation shows outside its active time.
  var fillMode: CAMediaTimingFillMode { get set }
}

/// What an animation shows before it starts and after it ends.
public struct CAMediaTimingFillMode: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Nothing: outside its active time the layer shows its model values (the default).
  public static let removed = CAMediaTimingFillMode(rawValue: "removed")
  /// After it ends, the final values stay (with `isRemovedOnCompletion = false`).
  public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
  /// Before it starts, the initial values show.
  public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
  /// Both `forwards` and `backwards`.
  public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// Something a layer runs in response to a change (an animation is one).
public protocol CAAction {
  /// Runs the action for `event` (a property key) on `anObject` (a layer).
  @preconcurrency @MainActor
  func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// Hears when an animation starts and stops. Both methods have empty defaults.
@preconcurrency @MainActor
public protocol CAAnimationDelegate: AnyObject {
  /// The animation started (its begin time was reached).
  func animationDidStart(_ anim: CAAnimation)
  /// The animation stopped: `flag` is true when it ran to its end, false when it was removed
  /// before (by `removeAnimation(forKey:)`, by another animation with its key, or with its layer).
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
  public func animationDidStart(_ anim: CAAnimation) {}
  public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract animation: timing, pacing, a delegate.
open class CAAnimation: NSObject, CAMediaTiming, NSCopying {
  open var beginTime: CFTimeInterval = 0
  open var duration: CFTimeInterval = 0
  open var speed: Float = 1
  open var timeOffset: CFTimeInterval = 0
  open var repeatCount: Float = 0
  open var repeatDuration: CFTimeInterval = 0
  open var autoreverses = false
  open var fillMode: CAMediaTimingFillMode = .removed
  /// The pacing (nil: linear).
  open var timingFunction: CAMediaTimingFunction?
  /// Whether the layer removes the animation when it ends (true by default). With false and a
  /// `fillMode` of `.forwards`, the final values stay on screen.
  open var isRemovedOnCompletion = true
  /// Hears when the animation starts and stops. Held strongly, as on iOS.
  open var delegate: (any CAAnimationDelegate)?

  /// Creates an animation with the defaults above. Required, so that ``animation()`` and
  /// copies make an object of the animation's own class.
  public required override init() {
    super.init()
  }

  /// Creates an animation (Core Animation's factory method).
  public class func animation() -> Self { self.init() }

  /// The default value of a property (none for animations).
  open class func defaultValue(forKey key: String) -> Any? { nil }

  /// A copy with the same timing, pacing and delegate.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = type(of: self).init()
    copy.copyTiming(from: self)
    return copy
  }

  /// Values stored by key (Core Animation objects accept any key, as iOS apps use to tag an
  /// animation for its delegate: `animation.setValue("fade", forKey: "name")`).
  private var keyedValues: [String: Any] = [:]

  /// Stores `value` under `key` (nil removes it); copies of the animation keep it.
  open func setValue(_ value: Any?, forKey key: String) {
    keyedValues[key] = value
  }

  /// The value stored under `key`.
  open func value(forKey key: String) -> Any? {
    keyedValues[key]
  }

  /// Copies what every animation has (subclasses' `copy(with:)` call it).
  package func copyTiming(from other: CAAnimation) {
    keyedValues = other.keyedValues
    beginTime = other.beginTime
    duration = other.duration
    speed = other.speed
    timeOffset = other.timeOffset
    repeatCount = other.repeatCount
    repeatDuration = other.repeatDuration
    autoreverses = other.autoreverses
    fillMode = other.fillMode
    timingFunction = other.timingFunction
    isRemovedOnCompletion = other.isRemovedOnCompletion
    delegate = other.delegate
  }

  /// Adds the animation to the layer under `event` (what a layer action does).
  @MainActor
  open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    guard let layer = anObject as? CALayer else { return }
    // A property animation without a key path animates the property it is the action of.
    if let property = self as? CAPropertyAnimation, property.keyPath == nil {
      let copy = property.copy() as! CAPropertyAnimation
      copy.keyPath = event
      layer.add(copy, forKey: event)
      return
    }
    layer.add(self, forKey: event)
  }

  // MARK: Timing

  /// The length of one iteration, after the transaction's default for a zero duration.
  package var resolvedDuration: CFTimeInterval { duration > 0 ? duration : 0.25 }

  /// The time from begin to end, in the layer's seconds (infinite for endless repeats).
  package var activeDuration: CFTimeInterval {
    let single = resolvedDuration * (autoreverses ? 2 : 1)
    var total: CFTimeInterval
    if repeatDuration > 0 {
      total = repeatDuration
    } else if repeatCount.isInfinite {
      total = .infinity
    } else {
      total = single * Double(max(1, repeatCount))
    }
    let rate = Double(speed)
    guard rate > 0 else { return .infinity }
    return total / rate
  }

  /// The progress (0...1, after the timing function) at `elapsed` seconds since the begin time,
  /// or nil when the animation shows nothing then (before its start or after its end, without
  /// a fill mode that holds).
  package func progress(elapsed: CFTimeInterval) -> Double? {
    let holdsBefore = fillMode == .backwards || fillMode == .both
    let holdsAfter = fillMode == .forwards || fillMode == .both
    var local = elapsed * Double(speed) + timeOffset
    let active = activeDuration * Double(speed)
    if local < 0 {
      guard holdsBefore else { return nil }
      local = 0
    }
    var atEnd = false
    if local >= active {
      guard holdsAfter else { return nil }
      local = active
      atEnd = true
    }
    let d = resolvedDuration
    let period = autoreverses ? 2 * d : d
    var phase = local.truncatingRemainder(dividingBy: period)
    // At the very end of an iteration, the end state holds rather than the next start.
    if atEnd, phase == 0, local > 0 { phase = period }
    var fraction = phase <= d ? phase / d : (period - phase) / d
    fraction = min(max(fraction, 0), 1)
    return _curve(fraction: fraction, time: fraction * d)
  }

  /// The progress at `fraction` of an iteration, `time` seconds into it: the timing function's
  /// (a spring animation follows its spring in real time instead).
  package func _curve(fraction: Double, time: Double) -> Double {
    timingFunction?.progress(at: fraction) ?? fraction
  }
}

extension CAAnimation: CAAction {}

/// `NSNull()` as an action means "no action" (a delegate or `actions` returns it to stop the
/// search), as in Core Animation.
extension NSNull: CAAction {
  /// Does nothing.
  @preconcurrency @MainActor
  public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
  }
}

/// An animation of one layer property, named by its key path (e.g. "opacity", "position.x").
open class CAPropertyAnimation: CAAnimation {
  /// The property animated.
  open var keyPath: String?
  /// Whether the animated value is added to the model value (false by default).
  open var isAdditive = false
  /// Whether repeats build on the previous iteration's end value (false by default).
  open var isCumulative = false

  /// An animation of the property at `path`.
  public convenience init(keyPath path: String?) {
    self.init()
    keyPath = path
  }

  open override func copy(with zone: NSZone? = nil) -> Any {
    let copy = super.copy(with: zone) as! CAPropertyAnimation
    copy.copyProperty(from: self)
    return copy
  }

  package func copyProperty(from other: CAPropertyAnimation) {
    keyPath = other.keyPath
    isAdditive = other.isAdditive
    isCumulative = other.isCumulative
  }
}

/// An animation of one property between two values: `fromValue`, `toValue`, `byValue`, any two
/// of them, or one (the other end is the layer's current value).
open class CABasicAnimation: CAPropertyAnimation {
  /// The value at the start.
  open var fromValue: Any?
  /// The value at the end.
  open var toValue: Any?
  /// The change over the animation.
  open var byValue: Any?

  open override func copy(with zone: NSZone? = nil) -> Any {
    let copy = super.copy(with: zone) as! CABasicAnimation
    copy.fromValue = fromValue
    copy.toValue = toValue
    copy.byValue = byValue
    return copy
  }
}

/// How a keyframe animation goes from one value to the next.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Straight from each value to the next (the default).
  public static let linear = CAAnimationCalculationMode(rawValue: "linear")
  /// Each value held until the next key time.
  public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
  /// At an even pace over the whole path (drawn here as linear between the key times).
  public static let paced = CAAnimationCalculationMode(rawValue: "paced")
  /// A smooth curve through the values (drawn here as linear between them).
  public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
  /// A smooth curve at an even pace (drawn here as linear between the values).
  public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// An animation of one property through a sequence of values.
open class CAKeyframeAnimation: CAPropertyAnimation {
  /// The values, in order.
  open var values: [Any]?
  /// When each value is reached, as fractions 0...1 of the duration (nil: evenly spaced).
  open var keyTimes: [NSNumber]?
  /// How the animation goes from value to value (default ``CAAnimationCalculationMode/linear``).
  open var calculationMode: CAAnimationCalculationMode = .linear

  open override func copy(with zone: NSZone? = nil) -> Any {
    let copy = super.copy(with: zone) as! CAKeyframeAnimation
    copy.values = values
    copy.keyTimes = keyTimes
    copy.calculationMode = calculationMode
    return copy
  }
}

/// Animations that run together, each timed within the group's time.
open class CAAnimationGroup: CAAnimation {
  /// The animations.
  open var animations: [CAAnimation]?

  open override func copy(with zone: NSZone? = nil) -> Any {
    let copy = super.copy(with: zone) as! CAAnimationGroup
    copy.animations = animations?.map { $0.copy() as! CAAnimation }
    return copy
  }
}
