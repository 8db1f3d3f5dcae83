import Foundation
import QuartzCore

/// Animates changes to views that can be started, paused, scrubbed (`fractionComplete`),
/// reversed, stopped and finished at either end or where they are: what interactive
/// transitions and keyboard-following input bars use.
///
/// The animations are the changes made in the animation blocks, as in `UIView.animate`: each
/// becomes a layer animation whose time the animator moves on UIKit's clock (tests advance it
/// with a host's `advance(by:)` and `settle()`). The blocks run when the animator first becomes
/// active: `startAnimation()`, `pauseAnimation()`, or setting `fractionComplete`.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating, NSCopying {
  /// The curve or spring that times the animations.
  open private(set) var timingParameters: (any UITimingCurveProvider)?
  /// How long the animations take, in seconds.
  open private(set) var duration: TimeInterval
  /// The delay of `startAnimation(afterDelay:)` under way (0 otherwise).
  open private(set) var delay: TimeInterval = 0
  /// Whether the animated views take touches while the animations run (true by default).
  open var isUserInteractionEnabled = true
  /// Whether hit-testing of the animated views is left to the app (false by default).
  open var isManualHitTestingEnabled = false
  /// Whether the animator can be paused and reversed (true by default; a non-interruptible
  /// animator raises if paused).
  open var isInterruptible = true
  /// Whether `fractionComplete` moves the animations linearly while paused, whatever their
  /// curve (true by default).
  open var scrubsLinearly = true
  /// Whether the animator stays active and paused at its end instead of finishing.
  open var pausesOnCompletion = false

  public private(set) var state: UIViewAnimatingState = .inactive {
    didSet {
      // UIKit keeps an animator alive from when it becomes active until it is done, so that a
      // `startAnimation()` on an animator nobody keeps still runs and completes, as on iOS.
      if state == .inactive {
        UIViewPropertyAnimator._alive.removeValue(forKey: ObjectIdentifier(self))
      } else {
        UIViewPropertyAnimator._alive[ObjectIdentifier(self)] = self
      }
    }
  }
  private static var _alive: [ObjectIdentifier: UIViewPropertyAnimator] = [:]
  public private(set) var isRunning = false

  /// Whether the animations run backwards, towards their start values.
  public var isReversed = false {
    didSet {
      guard isReversed != oldValue, isRunning else { return }
      _rebase()
    }
  }

  /// How far the animations are, from 0 (start) to 1 (end). Setting it on an inactive animator
  /// makes it active and paused there; while running it cannot be set (as on iOS, the value
  /// is ignored).
  public var fractionComplete: CGFloat {
    get { _fraction }
    set {
      guard !isRunning, state != .stopped else { return }
      if state == .inactive { _activate() }
      _fraction = min(max(newValue.isFinite ? newValue : 0, 0), 1)
      if scrubsLinearly {
        _scrubCurve()
        _scrubbed = true
      }
      _apply()
    }
  }

  // MARK: Making one

  /// An animator timed by `parameters`.
  public required init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
    self.duration = max(0, duration.isFinite ? duration : 0)
    timingParameters = parameters
    super.init()
  }

  /// An animator on one of UIKit's curves.
  public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
    self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
    if let animations { addAnimations(animations) }
  }

  /// An animator on a cubic Bézier curve with these control points.
  public convenience init(
    duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
    animations: (() -> Void)? = nil
  ) {
    self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
    if let animations { addAnimations(animations) }
  }

  /// An animator on a spring with this damping ratio (1: no overshoot).
  public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
    self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
    if let animations { addAnimations(animations) }
  }

  /// Makes an animator and starts it at once (after `delay`), on the curve `options` names.
  @discardableResult
  open class func runningPropertyAnimator(
    withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
  ) -> Self {
    let curve: UIView.AnimationCurve =
      switch options.rawValue & (3 << 16) {
      case UIView.AnimationOptions.curveEaseIn.rawValue: .easeIn
      case UIView.AnimationOptions.curveEaseOut.rawValue: .easeOut
      case UIView.AnimationOptions.curveLinear.rawValue: .linear
      default: .easeInOut
      }
    let animator = self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
    animator.addAnimations(animations)
    if let completion { animator.addCompletion(completion) }
    animator.startAnimation(afterDelay: delay)
    return animator
  }

  nonisolated open func copy(with zone: NSZone? = nil) -> Any {
    MainActor.assumeIsolated { () -> UIViewPropertyAnimator in
      let copy = UIViewPropertyAnimator(
        duration: duration, timingParameters: timingParameters ?? UICubicTimingParameters())
      copy.isUserInteractionEnabled = isUserInteractionEnabled
      copy.isInterruptible = isInterruptible
      copy.scrubsLinearly = scrubsLinearly
      copy.pausesOnCompletion = pausesOnCompletion
      return copy
    }
  }

  /// Whether this is the default `interruptibleAnimator(using:)` of an animator that does not
  /// give one.
  var _standsInForMissingInterruptibleAnimator = false

  /// Runs `animation` now in this (active) animator, starting `delayFactor` in: how an
  /// interactive transition takes over the `UIView.animate` blocks of an animator.
  func _addNow(_ animation: @MainActor () -> Void, delayFactor: CGFloat) {
    if state == .inactive { _activate() }
    let factor = min(max(delayFactor.isFinite ? delayFactor : 0, 0), 1)
    _run(animation, startingAt: _fraction + (1 - _fraction) * factor)
    _apply()
  }

  // MARK: Animations and completions

  /// Adds animations that run over the whole duration (over what is left, on an active animator).
  open func addAnimations(_ animation: @escaping () -> Void) {
    addAnimations(animation, delayFactor: 0)
  }

  /// Adds animations that start `delayFactor` (0...1) of the duration in.
  open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
    let factor = min(max(delayFactor.isFinite ? delayFactor : 0, 0), 1)
    if state == .inactive {
      _blocks.append((factor, animation))
    } else {
      // On an active animator the new animations take the rest of the time from where it is.
      let start = _fraction + (1 - _fraction) * factor
      _run(animation, startingAt: start)
      _apply()
    }
  }

  /// Adds a block that runs when the animations end, with where they ended.
  open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
    _completions.append(completion)
  }

  // MARK: Running

  public func startAnimation() {
    startAnimation(afterDelay: 0)
  }

  public func startAnimation(afterDelay delay: TimeInterval) {
    precondition(state != .stopped, "UIViewPropertyAnimator: startAnimation on a stopped animator; finish it with finishAnimation(at:) first")
    guard !isRunning else { return }
    if state == .inactive { _activate() }
    isRunning = true
    self.delay = max(0, delay.isFinite ? delay : 0)
    if _scrubbed {
      // Scrubbed linearly: the curve takes over from the time at which it shows what the
      // linear scrub showed, so nothing jumps.
      _fraction = _timeOnCurve(showing: _fraction)
      _scrubbed = false
    }
    _restoreCurve()
    _apply()
    if self.delay > 0 {
      _tick = UIApplication.shared._scheduler.schedule(after: self.delay) { [weak self] in
        guard let self, isRunning else { return }
        self.delay = 0
        _rebase()
        _scheduleTick()
      }
    } else {
      _rebase()
      _scheduleTick()
    }
  }

  public func pauseAnimation() {
    precondition(isInterruptible, "UIViewPropertyAnimator: pauseAnimation on an animator that is not interruptible")
    precondition(state != .stopped, "UIViewPropertyAnimator: pauseAnimation on a stopped animator")
    if state == .inactive { _activate() }
    guard isRunning else { return }
    _advance()
    isRunning = false
    _cancelTick()
    _apply()
  }

  /// Stops the animations where they are: the views keep what is on screen now. With
  /// `withoutFinishing`, the animator is done (no completion); otherwise it waits, stopped, for
  /// `finishAnimation(at:)`.
  public func stopAnimation(_ withoutFinishing: Bool) {
    guard state == .active else { return }
    if isRunning { _advance() }
    isRunning = false
    _cancelTick()
    _apply()
    _settle(at: .current)
    state = withoutFinishing ? .inactive : .stopped
  }

  /// Finishes a stopped animator: the views take the end values, the start values, or keep
  /// where they stopped; then the completions run with that position.
  public func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
    precondition(state == .stopped, "UIViewPropertyAnimator: finishAnimation(at:) needs a stopped animator (stopAnimation(false) first)")
    for track in _tracks {
      guard let layer = track.layer else { continue }
      switch finalPosition {
      case .end: if let value = track.to { _setModel(layer, track.key, value) }
      case .start: if let value = track.from { _setModel(layer, track.key, value) }
      case .current: break
      }
    }
    _tracks = []
    state = .inactive
    _complete(at: finalPosition)
  }

  /// Resumes a paused animator, with new timing (the remaining motion follows it) and the rest
  /// of the time scaled by `durationFactor`.
  public func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
    if let parameters {
      timingParameters = parameters
      for track in _tracks { track.animation?.timingFunction = _timingFunction() }
    }
    if durationFactor > 0, durationFactor.isFinite { _timeScale = Double(durationFactor) }
    startAnimation()
  }

  // MARK: Internals

  /// One animated property of one layer.
  final class _Track {
    weak var layer: CALayer?
    let key: String
    /// Where in the animator's time (0...1) it starts.
    let start: CGFloat
    var animation: CAAnimation?
    var from: CAAnimatableValue?
    var to: CAAnimatableValue?
    init(layer: CALayer, key: String, start: CGFloat) {
      self.layer = layer
      self.key = key
      self.start = start
    }
  }

  private var _blocks: [(CGFloat, () -> Void)] = []
  private var _completions: [(UIViewAnimatingPosition) -> Void] = []
  private var _tracks: [_Track] = []
  private var _fraction: CGFloat = 0
  /// While running: UIKit's time and the fraction at the last rebase.
  private var _base: (time: TimeInterval, fraction: CGFloat) = (0, 0)
  private var _tick: MainScheduler.Token?
  /// The remaining time's scale (`continueAnimation`'s duration factor).
  private var _timeScale: Double = 1
  /// Tracks being recorded by the blocks running now.
  private var _recording: [_Track]?
  private var _recordingStart: CGFloat = 0
  /// Whether `fractionComplete` was set (linearly) since the animator last ran.
  private var _scrubbed = false

  private func _activate() {
    state = .active
    _fraction = 0
    let blocks = _blocks
    _blocks = []
    for (factor, block) in blocks { _run(block, startingAt: factor) }
    _apply()
  }

  /// Runs `block` in an animation context of this animator: each change becomes a track.
  private func _run(_ block: () -> Void, startingAt start: CGFloat) {
    _recording = []
    _recordingStart = start
    var context = UIView._AnimationContext(duration: max(duration, 1e-6), delay: 0, options: [])
    context.propertyAnimator = self
    UIView._animationContexts.append(context)
    block()
    UIView._animationContexts.removeLast()
    for track in _recording ?? [] {
      guard let layer = track.layer else { continue }
      track.animation = layer._runningAnimation(forKey: track.key)
      track.to = layer.animatableValue(forKeyPath: track.key)
      if let to = track.to {
        // The value at the track's start: what the layer showed when the block changed it.
        track.animation?.timeOffset = 0
        track.from = layer.presentedValue(forKeyPath: track.key, model: to)
      }
      _tracks.removeAll { $0.layer === layer && $0.key == track.key }
      _tracks.append(track)
    }
    _recording = nil
  }

  /// The layer animation for a change made in one of this animator's blocks (UIView asks).
  func _action(for layer: CALayer, forKey key: String) -> any CAAction {
    let animation = CABasicAnimation()
    animation.keyPath = key
    animation.duration = max(duration * Double(1 - _recordingStart), 1e-6)
    animation.speed = 0
    animation.timeOffset = 0
    animation.fillMode = .both
    animation.isRemovedOnCompletion = false
    animation.timingFunction = _timingFunction()
    _recording?.append(_Track(layer: layer, key: key, start: _recordingStart))
    return animation
  }

  private func _timingFunction() -> CAMediaTimingFunction {
    if let cubic = timingParameters?.cubicTimingParameters { return cubic._timingFunction }
    // A spring's curve, as the animations' easing: ease out, the spring's shape without the
    // overshoot (README: differences).
    return CAMediaTimingFunction(name: .easeOut)
  }

  /// Moves every track's layer animation to the animator's fraction.
  private func _apply() {
    for track in _tracks {
      guard let animation = track.animation else { continue }
      let local = max(0, (_fraction - track.start) * CGFloat(duration))
      animation.timeOffset = min(Double(local), animation.duration)
    }
  }

  /// While paused with `scrubsLinearly` (the setter of `fractionComplete` checks both), the
  /// tracks move linearly with the fraction.
  private func _scrubCurve() {
    for track in _tracks { track.animation?.timingFunction = CAMediaTimingFunction(name: .linear) }
  }

  /// The time (0...1) at which the animator's curve has reached `progress`.
  private func _timeOnCurve(showing progress: CGFloat) -> CGFloat {
    let curve = _timingFunction()
    var (low, high) = (0.0, 1.0)
    for _ in 0..<40 {
      let mid = (low + high) / 2
      if curve.progress(at: mid) < Double(progress) { low = mid } else { high = mid }
    }
    return CGFloat((low + high) / 2)
  }

  private func _restoreCurve() {
    let function = _timingFunction()
    for track in _tracks { track.animation?.timingFunction = function }
  }

  private func _rebase() {
    _base = (UIApplication.shared._scheduler.now, _fraction)
  }

  /// Brings the fraction up to UIKit's time.
  private func _advance() {
    let elapsed = UIApplication.shared._scheduler.now - _base.time
    let span = max(duration * _timeScale, 1e-9)
    let moved = CGFloat(elapsed / span)
    _fraction = min(max(_base.fraction + (isReversed ? -moved : moved), 0), 1)
  }

  private func _scheduleTick() {
    _tick = UIApplication.shared._scheduler.schedule(after: 1.0 / 60) { [weak self] in
      guard let self, isRunning else { return }
      _advance()
      _apply()
      let ended = isReversed ? _fraction <= 0 : _fraction >= 1
      if ended { _reachEnd() } else { _scheduleTick() }
    }
  }

  private func _cancelTick() {
    if let tick = _tick { UIApplication.shared._scheduler.cancel(tick) }
    _tick = nil
  }

  private func _reachEnd() {
    isRunning = false
    _tick = nil
    let position: UIViewAnimatingPosition = isReversed ? .start : .end
    if pausesOnCompletion { return }
    _settle(at: position)
    state = .inactive
    _complete(at: position)
  }

  /// Takes the animations off the layers, the views keeping `position`'s values.
  private func _settle(at position: UIViewAnimatingPosition) {
    for track in _tracks {
      guard let layer = track.layer else { continue }
      var value: CAAnimatableValue?
      switch position {
      case .end: value = track.to
      case .start: value = track.from
      case .current:
        if let to = track.to { value = layer.presentedValue(forKeyPath: track.key, model: to) }
      }
      layer.removeAnimation(forKey: track.key)
      if let value, position != .end { _setModel(layer, track.key, value) }
    }
    if position != .current { _tracks = [] }
  }

  private func _setModel(_ layer: CALayer, _ key: String, _ value: CAAnimatableValue) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    UIView.performWithoutAnimation { layer.setAnimatableValue(value, forKeyPath: key) }
    CATransaction.commit()
  }

  private func _complete(at position: UIViewAnimatingPosition) {
    _timeScale = 1
    let completions = _completions
    _completions = []
    for completion in completions { completion(position) }
  }
}
