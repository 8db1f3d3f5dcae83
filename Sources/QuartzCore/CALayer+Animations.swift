// Animations on a layer: adding, running on Core Animation's clock, presenting, ending.
//
// The order of events, as on iOS:
// 1. `add(_:forKey:)` stores a copy; a zero `beginTime` becomes the current time, a zero
//    `duration` the transaction's (0.25 s). An animation already under the key is removed first
//    (its delegate hears `animationDidStop(_, finished: false)`).
// 2. At the next turn of the clock (or at a later `beginTime`) the delegate hears
//    `animationDidStart`.
// 3. In between, `presentation()` interpolates the animated property at the clock's time; the
//    model value (the property itself) never changes.
// 4. At the end the animation is removed (unless `isRemovedOnCompletion` is false), the delegate
//    hears `animationDidStop(_, finished: true)`, and then the completion block of the
//    transaction it was added in runs if it was the last animation that block waited for.

/// An animation attached to a layer, with its timers.
@MainActor
package final class CARunningAnimation {
  package let key: String
  /// Whether the key was given (unkeyed animations are not listed by `animationKeys()`).
  package let isKeyed: Bool
  package let animation: CAAnimation
  /// The begin time on Core Animation's clock.
  package let begin: CFTimeInterval
  var startToken: AnyHashable?
  var endToken: AnyHashable?
  var started = false
  var stopped = false
  let group: CATransaction.CompletionGroup?

  init(
    key: String, isKeyed: Bool, animation: CAAnimation, begin: CFTimeInterval,
    group: CATransaction.CompletionGroup?
  ) {
    self.key = key
    self.isKeyed = isKeyed
    self.animation = animation
    self.begin = begin
    self.group = group
  }
}

extension CALayer {
  /// `add(_:forKey:)`'s work.
  func _add(_ anim: CAAnimation, forKey key: String?) {
    let copy = anim.copy() as! CAAnimation
    if copy.duration <= 0 { copy.duration = CATransaction.animationDuration() }
    let now = CAMediaClock.now
    if copy.beginTime == 0 { copy.beginTime = now }
    if let key, let existing = runningAnimations.first(where: { $0.isKeyed && $0.key == key }) {
      detach(existing, finished: false)
    }
    CALayer.unkeyedCount += 1
    let entry = CARunningAnimation(
      key: key ?? "\u{0}unkeyed-\(CALayer.unkeyedCount)", isKeyed: key != nil, animation: copy,
      begin: copy.beginTime,
      group: CATransaction.joinCurrentGroup())
    runningAnimations.append(entry)
    if !CALayer.animatingLayers.contains(where: { $0.layer === self }) {
      CALayer.animatingLayers.append(WeakLayer(layer: self))
    }
    let clock = CAMediaClock.source
    entry.startToken = clock.scheduleMediaWork(after: max(0, entry.begin - now)) { [weak entry] in
      guard let entry, !entry.stopped else { return }
      entry.started = true
      entry.startToken = nil
      entry.animation.delegate?.animationDidStart(entry.animation)
    }
    let end = entry.begin + copy.activeDuration
    if end.isFinite {
      entry.endToken = clock.scheduleMediaWork(after: max(0, end - now)) { [weak self, entry] in
        entry.endToken = nil
        self?.finish(entry)
      }
    }
  }

  private static var unkeyedCount = 0

  struct WeakLayer {
    weak var layer: CALayer?
  }

  /// Layers that have had an animation added, until a check finds them done or gone.
  private static var animatingLayers: [WeakLayer] = []

  /// Whether any layer has an animation under way now (a host drawing in-between frames asks
  /// once per frame; layers done or deallocated drop out of the list as it looks).
  package static var hasRunningAnimations: Bool {
    let now = CAMediaClock.now
    animatingLayers.removeAll { entry in
      guard let layer = entry.layer else { return true }
      return !layer.runningAnimations.contains { !$0.stopped }
    }
    return animatingLayers.contains { entry in
      entry.layer?.runningAnimations.contains { !$0.stopped && $0.begin <= now } ?? false
    }
  }

  /// The animation reached its end.
  private func finish(_ entry: CARunningAnimation) {
    guard !entry.stopped else { return }
    if !entry.started {
      // Started and ended in the same turn of the clock: the start still comes first.
      entry.started = true
      if let token = entry.startToken { CAMediaClock.source.cancelMediaWork(token) }
      entry.animation.delegate?.animationDidStart(entry.animation)
    }
    entry.stopped = true
    if entry.animation.isRemovedOnCompletion {
      runningAnimations.removeAll { $0 === entry }
    }
    entry.animation.delegate?.animationDidStop(entry.animation, finished: true)
    entry.group?.animationEnded()
  }

  /// Takes an animation off the layer before its end.
  private func detach(_ entry: CARunningAnimation, finished: Bool) {
    runningAnimations.removeAll { $0 === entry }
    let clock = CAMediaClock.source
    if let token = entry.startToken { clock.cancelMediaWork(token) }
    if let token = entry.endToken { clock.cancelMediaWork(token) }
    guard !entry.stopped else { return }
    entry.stopped = true
    let wasStarted = entry.started
    // iOS tells the delegate at the next turn, not inside removeAnimation(forKey:).
    _ = clock.scheduleMediaWork(after: 0) {
      if wasStarted { entry.animation.delegate?.animationDidStop(entry.animation, finished: false) }
      entry.group?.animationEnded()
    }
  }

  /// The animation the layer runs under `key` itself (not a copy): a property animator moves
  /// its time.
  package func _runningAnimation(forKey key: String) -> CAAnimation? { _animation(forKey: key) }

  /// `animation(forKey:)`'s work.
  func _animation(forKey key: String) -> CAAnimation? {
    runningAnimations.first { $0.isKeyed && $0.key == key }?.animation
  }

  /// `removeAnimation(forKey:)`'s work.
  func _removeAnimation(forKey key: String) {
    guard let entry = runningAnimations.first(where: { $0.isKeyed && $0.key == key }) else {
      return
    }
    detach(entry, finished: false)
  }

  /// `removeAllAnimations()`'s work.
  func _removeAllAnimations() {
    for entry in runningAnimations { detach(entry, finished: false) }
  }

  /// `animationKeys()`'s work.
  func _animationKeys() -> [String]? {
    let keys = runningAnimations.filter(\.isKeyed).map(\.key)
    return keys.isEmpty ? nil : keys
  }

  // MARK: Presentation

  /// `presentation()`'s work.
  func _presentation() -> Self? {
    if isPresentationCopy { return self }
    let copy = runningAnimations.isEmpty ? makePresentationCopy() : presentedLayer()
    copy.isPresentationCopy = true
    copy.modelLayer = self
    return copy as? Self ?? self
  }

  /// `model()`'s work.
  func _model() -> Self {
    (modelLayer as? Self) ?? self
  }

  /// The layer as drawn now: itself when nothing animates (no copy), else a presentation copy.
  package func presentedLayer() -> CALayer {
    if runningAnimations.isEmpty { return self }
    let copy = makePresentationCopy()
    copy.isPresentationCopy = true
    copy.modelLayer = self
    let now = CAMediaClock.now
    for entry in runningAnimations {
      apply(entry.animation, elapsed: now - entry.begin, to: copy)
    }
    return copy
  }

  /// What the presentation layer would show for `keyPath` if its model value were `model`
  /// (the value before a change, in the property's `didSet`).
  package func presentedValue(forKeyPath keyPath: String, model: CAAnimatableValue)
    -> CAAnimatableValue?
  {
    let copy = makePresentationCopy()
    copy.isPresentationCopy = true
    copy.setAnimatableValue(model, forKeyPath: keyPath)
    let now = CAMediaClock.now
    for entry in runningAnimations {
      apply(entry.animation, elapsed: now - entry.begin, to: copy)
    }
    return copy.animatableValue(forKeyPath: keyPath)
  }

  private func apply(_ animation: CAAnimation, elapsed: CFTimeInterval, to copy: CALayer) {
    if let group = animation as? CAAnimationGroup {
      guard let children = group.animations, group.progress(elapsed: elapsed) != nil else { return }
      let period = group.resolvedDuration
      var local = max(0, elapsed * Double(group.speed) + group.timeOffset)
      if local > period * (group.autoreverses ? 2 : 1) * Double(max(1, group.repeatCount)) {
        local = period
      }
      local = local.truncatingRemainder(dividingBy: period == 0 ? 1 : period)
      if elapsed * Double(group.speed) >= group.activeDuration * Double(group.speed) {
        local = period
      }
      for child in children {
        // A child without its own duration lasts as long as the group, as on iOS.
        if child.duration <= 0 { child.duration = period }
        apply(child, elapsed: local - child.beginTime, to: copy)
      }
      return
    }
    guard let property = animation as? CAPropertyAnimation, let keyPath = property.keyPath,
      let t = property.progress(elapsed: elapsed),
      let current = copy.animatableValue(forKeyPath: keyPath)
    else { return }
    var value: CAAnimatableValue?
    if let basic = property as? CABasicAnimation {
      let from = CAAnimatableValue(basic.fromValue, like: current)
      let to = CAAnimatableValue(basic.toValue, like: current)
      let by = CAAnimatableValue(basic.byValue, like: current)
      let start: CAAnimatableValue
      let end: CAAnimatableValue
      switch (from, to, by) {
      case let (f?, t?, _): (start, end) = (f, t)
      case let (f?, nil, b?): (start, end) = (f, f.adding(b))
      case let (nil, t?, b?): (start, end) = (t.adding(b, negated: true), t)
      case let (f?, nil, nil): (start, end) = (f, current)
      case let (nil, t?, nil): (start, end) = (current, t)
      case let (nil, nil, b?): (start, end) = (current, current.adding(b))
      default: (start, end) = (current, current)
      }
      value = start.interpolated(to: end, t)
    } else if let keyframes = property as? CAKeyframeAnimation {
      let values = (keyframes.values ?? []).compactMap { CAAnimatableValue($0, like: current) }
      guard let first = values.first else { return }
      guard values.count > 1 else {
        copy.setAnimatableValue(first, forKeyPath: keyPath)
        return
      }
      let times =
        keyframes.keyTimes.map { $0.map(\.doubleValue) }
        ?? values.indices.map { Double($0) / Double(values.count - 1) }
      var index = 0
      while index + 1 < min(values.count, times.count) - 1, t >= times[index + 1] { index += 1 }
      let next = min(index + 1, values.count - 1)
      let span = times[min(next, times.count - 1)] - times[index]
      let fraction = span > 0 ? min(max((t - times[index]) / span, 0), 1) : 1
      if keyframes.calculationMode == .discrete {
        value = fraction >= 1 ? values[next] : values[index]
      } else {
        value = values[index].interpolated(to: values[next], fraction)
      }
    }
    guard var result = value else { return }
    if property.isAdditive { result = current.adding(result) }
    copy.setAnimatableValue(result, forKeyPath: keyPath)
  }
}

/// A value of an animatable property, in a form that interpolates.
package enum CAAnimatableValue: Equatable {
  case number(Double)
  case point(CGPoint)
  case size(CGSize)
  case rect(CGRect)
  case color(CGColor?)
  case colors([CGColor])
  case numbers([Double])
  case transform(CATransform3D)
  /// A value that does not interpolate (a path): it switches half way.
  case discrete(AnyHashable?)

  /// Reads an animation's `fromValue`/`toValue`/`byValue` (numbers of any type, NSNumber,
  /// points, sizes and rectangles bare or in NSValue, CGColor, arrays of those) as the kind of
  /// value `current` is; nil when `any` is nil or of another kind.
  package init?(_ any: Any?, like current: CAAnimatableValue) {
    guard let any else { return nil }
    func number(_ v: Any) -> Double? {
      switch v {
      case let n as Double: n
      case let n as CGFloat: Double(n)
      case let n as Float: Double(n)
      case let n as Int: Double(n)
      case let n as NSNumber: n.doubleValue
      default: nil
      }
    }
    switch current {
    case .number:
      guard let n = number(any) else { return nil }
      self = .number(n)
    case .point:
      if let p = any as? CGPoint {
        self = .point(p)
      } else if let v = any as? NSValue {
        self = .point(v.pointValue)
      } else {
        return nil
      }
    case .size:
      if let s = any as? CGSize {
        self = .size(s)
      } else if let v = any as? NSValue {
        self = .size(v.sizeValue)
      } else {
        return nil
      }
    case .rect:
      if let r = any as? CGRect {
        self = .rect(r)
      } else if let v = any as? NSValue {
        self = .rect(v.rectValue)
      } else {
        return nil
      }
    case .color:
      guard let c = any as? CGColor else { return nil }
      self = .color(c)
    case .colors:
      guard let array = any as? [Any] else { return nil }
      self = .colors(array.compactMap { $0 as? CGColor })
    case .numbers:
      guard let array = any as? [Any] else { return nil }
      self = .numbers(array.compactMap(number))
    case .transform:
      guard let t = any as? CATransform3D else { return nil }
      self = .transform(t)
    case .discrete:
      self = .discrete(any as? AnyHashable)
    }
  }

  /// The value as an animation's `fromValue` would hold it.
  package var anyValue: Any? {
    switch self {
    case .number(let n): n
    case .point(let p): p
    case .size(let s): s
    case .rect(let r): r
    case .color(let c): c
    case .colors(let c): c
    case .numbers(let n): n
    case .transform(let t): t
    case .discrete(let d): d?.base
    }
  }

  /// The value a fraction `t` of the way to `other` (extrapolates outside 0...1, as timing
  /// curves that overshoot ask).
  package func interpolated(to other: CAAnimatableValue, _ t: Double) -> CAAnimatableValue {
    func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(t) }
    func mixColor(_ a: CGColor?, _ b: CGColor?) -> CGColor? {
      guard let a, let b else { return t < 0.5 ? a : b }
      let x = a.rgba
      let y = b.rgba
      return CGColor(
        red: mix(x.red, y.red), green: mix(x.green, y.green), blue: mix(x.blue, y.blue),
        alpha: mix(x.alpha, y.alpha))
    }
    switch (self, other) {
    case let (.number(a), .number(b)): return .number(a + (b - a) * t)
    case let (.point(a), .point(b)): return .point(CGPoint(x: mix(a.x, b.x), y: mix(a.y, b.y)))
    case let (.size(a), .size(b)):
      return .size(CGSize(width: mix(a.width, b.width), height: mix(a.height, b.height)))
    case let (.rect(a), .rect(b)):
      return .rect(
        CGRect(
          x: mix(a.minX, b.minX), y: mix(a.minY, b.minY), width: mix(a.width, b.width),
          height: mix(a.height, b.height)))
    case let (.color(a), .color(b)): return .color(mixColor(a, b))
    case let (.colors(a), .colors(b)) where a.count == b.count:
      return .colors(zip(a, b).compactMap { mixColor($0, $1) })
    case let (.numbers(a), .numbers(b)) where a.count == b.count:
      return .numbers(zip(a, b).map { $0 + ($1 - $0) * t })
    case let (.transform(a), .transform(b)):
      var r = a
      r.m11 = mix(a.m11, b.m11)
      r.m12 = mix(a.m12, b.m12)
      r.m21 = mix(a.m21, b.m21)
      r.m22 = mix(a.m22, b.m22)
      r.m41 = mix(a.m41, b.m41)
      r.m42 = mix(a.m42, b.m42)
      r.m43 = mix(a.m43, b.m43)
      return .transform(r)
    default:
      return t < 0.5 ? self : other
    }
  }

  /// The sum of two values (`byValue`, additive animations); `negated` subtracts `other`.
  package func adding(_ other: CAAnimatableValue, negated: Bool = false) -> CAAnimatableValue {
    let sign: CGFloat = negated ? -1 : 1
    switch (self, other) {
    case let (.number(a), .number(b)): return .number(a + Double(sign) * b)
    case let (.point(a), .point(b)):
      return .point(CGPoint(x: a.x + sign * b.x, y: a.y + sign * b.y))
    case let (.size(a), .size(b)):
      return .size(CGSize(width: a.width + sign * b.width, height: a.height + sign * b.height))
    case let (.rect(a), .rect(b)):
      return .rect(
        CGRect(
          x: a.minX + sign * b.minX, y: a.minY + sign * b.minY, width: a.width + sign * b.width,
          height: a.height + sign * b.height))
    case let (.numbers(a), .numbers(b)) where a.count == b.count:
      return .numbers(zip(a, b).map { $0 + Double(sign) * $1 })
    default: return self
    }
  }
}
