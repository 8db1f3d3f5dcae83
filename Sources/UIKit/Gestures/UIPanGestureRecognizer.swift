import Foundation

/// Recognizes a drag: it begins once the touch has moved 10 points from where it went down,
/// reports every move (`.changed`) and ends when the touch lifts. ``translation(in:)`` is how
/// far the touch has moved since it went down (or since ``setTranslation(_:in:)``), and
/// ``velocity(in:)`` how fast it moves, in points per second.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
  /// Fewest touches (default 1).
  open var minimumNumberOfTouches = 1
  /// Most touches (default unlimited).
  open var maximumNumberOfTouches = Int.max
  /// The scroll events (a trackpad's, a wheel's) that may drive the pan (iOS 13.4; none here:
  /// the hosts' wheel scrolls scroll views).
  open var allowedScrollTypesMask: UIScrollTypeMask = []

  /// How far a touch moves before a pan begins, in points.
  static let hysteresis: CGFloat = 10

  /// Where the translation counts from, in window points.
  private var _origin: CGPoint?
  /// The translation set with ``setTranslation(_:in:)``, at the point it was set.
  private var _offset = CGPoint.zero
  /// The last two positions and their times, for the velocity.
  private var _samples: [(time: TimeInterval, point: CGPoint)] = []

  /// Whether a pan may begin from `start` towards `point` (window points): the screen-edge pan
  /// checks where it started.
  func _mayBegin(from start: CGPoint, to point: CGPoint) -> Bool { true }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first else { return }
    guard (minimumNumberOfTouches...max(minimumNumberOfTouches, maximumNumberOfTouches)).contains(1) else {
      state = .failed
      return
    }
    let point = touch.location(in: nil)
    _origin = point
    _offset = .zero
    _samples = [(touch.timestamp, point)]
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first, let origin = _origin else { return }
    let point = touch.location(in: nil)
    _record(touch.timestamp, point)
    switch state {
    case .possible:
      guard hypot(point.x - origin.x, point.y - origin.y) > Self.hysteresis else { return }
      state = _mayBegin(from: origin, to: point) ? .began : .failed
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    if let touch = touches.first { _addSample(touch) }
    _finishContinuousGesture(cancelled: false)
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    _finishContinuousGesture(cancelled: true)
  }

  open override func reset() {
    super.reset()
    _origin = nil
    _offset = .zero
    _samples = []
  }

  // MARK: Driven by a scroll view's drag

  /// A scroll view's drag began with `touch` (down at `start`): the recognizer begins.
  func _scrollDragBegan(_ touch: UITouch, start: CGPoint, startTime: TimeInterval) {
    _resetAfterGesture()
    _touches = [touch]
    _origin = start
    _offset = .zero
    _samples = [(startTime, start), (touch.timestamp, touch._locationInWindow)]
    state = .began
  }

  /// The scroll view's drag moved.
  func _scrollDragMoved(_ touch: UITouch) {
    _record(touch.timestamp, touch._locationInWindow)
    state = .changed
  }

  /// The scroll view's drag ended (or its touch was cancelled): what the delegate hears next
  /// reads the final translation and velocity.
  func _scrollDragEnded(_ touch: UITouch, cancelled: Bool) {
    if !cancelled { _addSample(touch) }
    state = cancelled ? .cancelled : .ended
  }

  /// A lift adds to the samples only when time has passed since the last move: a finger that
  /// lifts where and when it last moved keeps the speed it had.
  private func _addSample(_ touch: UITouch) {
    guard let last = _samples.last, touch.timestamp > last.time else { return }
    _record(touch.timestamp, touch._locationInWindow)
  }

  /// Keeps the last two positions of the touch, for the velocity.
  private func _record(_ time: TimeInterval, _ point: CGPoint) {
    _samples.append((time, point))
    if _samples.count > 2 { _samples.removeFirst(_samples.count - 2) }
  }

  /// The scroll view is done with the drag: the recognizer starts afresh.
  func _scrollDragFinished() {
    _resetAfterGesture()
  }

  /// How far the touch has moved, in `view`'s coordinates (nil: the window's).
  open func translation(in view: UIView?) -> CGPoint {
    guard let origin = _origin else { return _offset }
    let current = _touches.first?._locationInWindow ?? _samples.last?.point ?? origin
    let moved = _delta(from: origin, to: current, in: view)
    return CGPoint(x: _offset.x + moved.x, y: _offset.y + moved.y)
  }

  /// Makes the translation `translation` from here on (apps set `.zero` after applying it).
  open func setTranslation(_ translation: CGPoint, in view: UIView?) {
    _offset = translation
    _origin = _touches.first?._locationInWindow ?? _samples.last?.point ?? _origin
  }

  /// How fast the touch moves, in points per second in `view`'s coordinates.
  open func velocity(in view: UIView?) -> CGPoint {
    guard _samples.count == 2, _samples[1].time > _samples[0].time else { return .zero }
    let seconds = CGFloat(_samples[1].time - _samples[0].time)
    let moved = _delta(from: _samples[0].point, to: _samples[1].point, in: view)
    return CGPoint(x: moved.x / seconds, y: moved.y / seconds)
  }

  /// A movement between window points, in `view`'s coordinates.
  private func _delta(from a: CGPoint, to b: CGPoint, in view: UIView?) -> CGPoint {
    guard let view else { return CGPoint(x: b.x - a.x, y: b.y - a.y) }
    let pa = view.convert(a, from: nil)
    let pb = view.convert(b, from: nil)
    return CGPoint(x: pb.x - pa.x, y: pb.y - pa.y)
  }
}

/// The kinds of scroll event a pan may follow (iOS 13.4).
public struct UIScrollTypeMask: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// A mouse wheel's steps.
  public static let discrete = UIScrollTypeMask(rawValue: 1 << 0)
  /// A trackpad's smooth scrolling.
  public static let continuous = UIScrollTypeMask(rawValue: 1 << 1)
  public static let all: UIScrollTypeMask = [.discrete, .continuous]
}

/// The edges of a rectangle.
public struct UIRectEdge: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let top = UIRectEdge(rawValue: 1 << 0)
  public static let left = UIRectEdge(rawValue: 1 << 1)
  public static let bottom = UIRectEdge(rawValue: 1 << 2)
  public static let right = UIRectEdge(rawValue: 1 << 3)
  public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge of the screen (the back swipe of a navigation controller): it
/// begins only for a touch that went down within 20 points of one of ``edges`` and moves away
/// from it.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
  /// The edges the pan may start from (default none).
  open var edges: UIRectEdge = []

  /// How close to the edge the touch must go down, in points.
  static let edgeWidth: CGFloat = 20

  override func _mayBegin(from start: CGPoint, to point: CGPoint) -> Bool {
    guard let bounds = view?.window?.bounds else { return false }
    let dx = point.x - start.x, dy = point.y - start.y
    if edges.contains(.left), start.x <= bounds.minX + Self.edgeWidth, dx > abs(dy) { return true }
    if edges.contains(.right), start.x >= bounds.maxX - Self.edgeWidth, -dx > abs(dy) { return true }
    if edges.contains(.top), start.y <= bounds.minY + Self.edgeWidth, dy > abs(dx) { return true }
    if edges.contains(.bottom), start.y >= bounds.maxY - Self.edgeWidth, -dy > abs(dx) { return true }
    return false
  }
}
