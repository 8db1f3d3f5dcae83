import Foundation
import QuartzCore

// Keyframe animations: inside `animateKeyframes`, each `addKeyframe` block's changes move over
// its share of the duration. As UIKit does, the changes to one property of one layer become one
// `CAKeyframeAnimation` whose key times are the keyframes' starts and ends, so a property that
// several keyframes change goes through each value in turn (and holds between them).

extension UIView {
  /// Options of a keyframe animation, with iOS's raw values.
  public struct KeyframeAnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
    public static let calculationModeLinear = KeyframeAnimationOptions([])
    public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
    public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
    public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
    public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
  }

  /// Animates the keyframes `animations` adds (``addKeyframe(withRelativeStartTime:relativeDuration:animations:)``)
  /// over `duration` after `delay`; changes made outside a keyframe move over the whole
  /// duration. `completion` runs when it is over.
  public static func animateKeyframes(
    withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
    animations: @escaping @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
  ) {
    guard duration > 0, _animationsEnabled else {
      _animate(_AnimationContext(duration: 0, delay: 0, options: []), animations, nil)
      if let completion {
        UIApplication.shared._scheduler.schedule(after: max(0, duration) + max(0, delay)) { completion(true) }
      }
      return
    }
    let collector = _KeyframeCollector()
    var context = _AnimationContext(duration: duration, delay: max(0, delay), options: [])
    context.keyframes = collector
    context.keyframe = (0, 1)
    _animationContexts.append(context)
    animations()
    _animationContexts.removeLast()
    collector.commit(duration: duration, delay: max(0, delay), discrete: options.contains(.calculationModeDiscrete))
    if let completion {
      UIApplication.shared._scheduler.schedule(after: duration + max(0, delay)) { completion(true) }
    }
  }

  /// Adds a keyframe to the enclosing ``animateKeyframes(withDuration:delay:options:animations:completion:)``:
  /// the changes `animations` makes move from `frameStartTime` for `frameDuration`, both
  /// fractions (0...1) of the whole animation. Outside a keyframe animation the changes apply
  /// at once.
  public static func addKeyframe(
    withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
    animations: @escaping @MainActor () -> Void
  ) {
    guard var context = _animationContexts.last, context.keyframes != nil else {
      animations()
      return
    }
    let start = min(max(frameStartTime.isFinite ? frameStartTime : 0, 0), 1)
    context.keyframe = (start, min(max(frameDuration.isFinite ? frameDuration : 0, 0), 1 - start))
    _animationContexts.append(context)
    animations()
    _animationContexts.removeLast()
  }
}

/// The changes the keyframes of one keyframe animation make, as they are made.
@MainActor
final class _KeyframeCollector {
  struct Change {
    let layer: CALayer
    let keyPath: String
    let from: Any?
    let to: Any?
    let start: Double
    let duration: Double
  }

  private(set) var changes: [Change] = []

  func record(_ change: Change) { changes.append(change) }

  /// One keyframe animation per property of each layer: its value held until a keyframe
  /// starts, moved to the new value by the keyframe's end, and so on.
  func commit(duration: TimeInterval, delay: TimeInterval, discrete: Bool) {
    struct Property: Hashable {
      let layer: ObjectIdentifier
      let keyPath: String
    }
    var order: [Property] = []
    var groups: [Property: [Change]] = [:]
    for change in changes {
      let property = Property(layer: ObjectIdentifier(change.layer), keyPath: change.keyPath)
      if groups[property] == nil { order.append(property) }
      groups[property, default: []].append(change)
    }
    for property in order {
      guard let group = groups[property]?.sorted(by: { $0.start < $1.start }),
        let first = group.first, let firstValue = first.from
      else { continue }
      let keyPath = property.keyPath
      var times: [Double] = [0]
      var values: [Any] = [firstValue]
      var current: Any = firstValue
      for change in group {
        if change.start > times.last! {
          times.append(change.start)
          values.append(current)
        }
        guard let to = change.to else { continue }
        times.append(max(change.start + change.duration, times.last!))
        values.append(to)
        current = to
      }
      if times.last! < 1 {
        times.append(1)
        values.append(current)
      }
      let animation = CAKeyframeAnimation(keyPath: keyPath)
      animation.values = values
      animation.keyTimes = times.map { NSNumber(value: $0) }
      animation.duration = duration
      animation.calculationMode = discrete ? .discrete : .linear
      if delay > 0 { animation.beginTime = CACurrentMediaTime() + delay }
      animation.fillMode = .backwards
      first.layer.add(animation, forKey: keyPath)
    }
  }
}

/// The action a layer runs for a change inside a keyframe: it records the change (from the value
/// shown to the new one) for the keyframe animation instead of animating on its own.
final class _KeyframeRecorder: CABasicAnimation {
  weak var collector: _KeyframeCollector?
  var start = 0.0
  var span = 1.0

  override func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
    guard let layer = anObject as? CALayer else { return }
    MainActor.assumeIsolated {
      collector?.record(
        _KeyframeCollector.Change(
          layer: layer, keyPath: event, from: fromValue, to: layer.animatableValue(forKeyPath: event)?.anyValue,
          start: start, duration: span))
    }
  }

  override func copy(with zone: NSZone? = nil) -> Any {
    let copy = super.copy(with: zone) as! _KeyframeRecorder
    copy.collector = collector
    copy.start = start
    copy.span = span
    return copy
  }
}
