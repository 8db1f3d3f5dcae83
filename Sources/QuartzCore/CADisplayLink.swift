import Foundation

/// The range of frame rates a display link (or an animation) would like (iOS 15).
public struct CAFrameRateRange: Hashable, Sendable {
  /// The lowest rate acceptable.
  public var minimum: Float
  /// The highest rate wanted.
  public var maximum: Float
  /// The rate preferred (nil: the maximum).
  public var preferred: Float?

  /// A range; `preferred` nil leaves the choice to the system.
  public init(minimum: Float, maximum: Float, preferred: Float?) {
    self.minimum = minimum
    self.maximum = maximum
    self.preferred = preferred
  }

  /// A range of one rate.
  public init(minimum: Float, maximum: Float) {
    self.init(minimum: minimum, maximum: maximum, preferred: nil)
  }

  /// The system's default: the display's rate.
  public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil)

  /// Whether the two ranges are the same.
  public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }
}

/// A timer that calls its target once per frame of the display, on Core Animation's clock (a
/// headless host's clock in tests: advancing it by a tenth of a second gives six frames at 60
/// frames a second). As on iOS, the link keeps its target alive until ``invalidate()``.
///
/// Selectors do not exist on Linux: the target's method is a method reference,
/// `CADisplayLink(target: self, selector: GameView.step)`, taking the link or nothing.
@preconcurrency @MainActor
open class CADisplayLink: NSObject {
  /// The display's rate when nothing asks for less.
  static let displayRate: Double = 60

  private var _target: AnyObject?
  private var _call: (@MainActor (AnyObject, CADisplayLink) -> Void)?
  private var _token: AnyHashable?
  private var _added = false

  /// A link that calls `selector` on `target` (kept alive until ``invalidate()``) each frame,
  /// once added to a run loop.
  public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
    _target = target
    _call = { object, link in (object as? Target).map { selector($0)(link) } }
    super.init()
  }

  /// A link that calls a method without arguments.
  public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
    _target = target
    _call = { object, _ in (object as? Target).map { selector($0)() } }
    super.init()
  }

  /// When the last frame was shown (Core Animation's clock), the one the target is drawing for.
  open private(set) var timestamp: CFTimeInterval = 0
  /// When the next frame will be shown: what the target should draw for.
  open private(set) var targetTimestamp: CFTimeInterval = 0
  /// The time between frames.
  open private(set) var duration: CFTimeInterval = 1 / CADisplayLink.displayRate

  /// Whether the link skips frames (the target is not called) while true.
  open var isPaused = false

  /// The frames per second wanted (0: the display's). Deprecated in iOS 15.
  @available(iOS, deprecated: 15.0, message: "Use preferredFrameRateRange")
  open var preferredFramesPerSecond: Int {
    get { Int(preferredFrameRateRange.preferred ?? preferredFrameRateRange.maximum) }
    set {
      let rate = Float(max(0, newValue))
      preferredFrameRateRange = CAFrameRateRange(minimum: 0, maximum: rate, preferred: rate)
    }
  }

  /// The frame rates wanted (default: the display's).
  open var preferredFrameRateRange: CAFrameRateRange = .default {
    didSet { if _added { _schedule() } }
  }

  /// The interval between frames the link runs at: the preferred rate, else the maximum,
  /// within the display's.
  private var _interval: CFTimeInterval {
    let range = preferredFrameRateRange
    let wanted = Double(range.preferred ?? range.maximum)
    let rate = wanted > 0 && wanted.isFinite ? min(wanted, Self.displayRate) : Self.displayRate
    return 1 / rate
  }

  /// Starts calling the target each frame. The run loop and mode are accepted as on iOS; the
  /// frames come on the main actor, on Core Animation's clock.
  open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
    guard _call != nil, !_added else { return }
    _added = true
    timestamp = CAMediaClock.now
    _schedule()
  }

  /// Stops the frames (``add(to:forMode:)`` starts them again).
  open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
    _added = false
    _cancel()
  }

  /// Stops the link for good and lets its target go.
  open func invalidate() {
    _added = false
    _cancel()
    _target = nil
    _call = nil
  }

  private func _cancel() {
    if let token = _token { CAMediaClock.source.cancelMediaWork(token) }
    _token = nil
  }

  private func _schedule() {
    _cancel()
    duration = _interval
    targetTimestamp = timestamp + duration
    _token = CAMediaClock.source.scheduleFrameWork(after: max(0, targetTimestamp - CAMediaClock.now)) { [weak self] in
      self?._frame()
    }
  }

  private func _frame() {
    _token = nil
    guard _added else { return }
    timestamp = targetTimestamp
    duration = _interval
    targetTimestamp = timestamp + duration
    if !isPaused, let target = _target, let call = _call { call(target, self) }
    if _added && _token == nil { _schedule() }
  }
}
