import Foundation

/// Recognizes a quick stroke in one of ``direction``: the touch travels 50 points that way
/// within half a second, staying within 30° of it. It is discrete: recognized the moment the
/// stroke is long enough.
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
  /// Swipe directions, with iOS's raw values.
  public struct Direction: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let right = Direction(rawValue: 1 << 0)
    public static let left = Direction(rawValue: 1 << 1)
    public static let up = Direction(rawValue: 1 << 2)
    public static let down = Direction(rawValue: 1 << 3)
  }

  /// The directions recognized (default `.right`).
  open var direction: Direction = .right
  /// Fingers needed (one pointer touches here: more never recognizes).
  open var numberOfTouchesRequired = 1

  static let minimumDistance: CGFloat = 50
  static let maximumDuration: TimeInterval = 0.5

  private var _start: (point: CGPoint, time: TimeInterval)?

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first, numberOfTouchesRequired == 1 else {
      state = .failed
      return
    }
    _start = (touch.location(in: nil), touch.timestamp)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let touch = touches.first, let start = _start, state == .possible else { return }
    if touch.timestamp - start.time > Self.maximumDuration {
      state = .failed
      return
    }
    let point = touch.location(in: nil)
    let dx = point.x - start.point.x, dy = point.y - start.point.y
    let length = hypot(dx, dy)
    guard length >= Self.minimumDistance else { return }
    let stroke: Direction = abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
    let along = max(abs(dx), abs(dy)), across = min(abs(dx), abs(dy))
    // Within 30° of the direction: tan 30° ≈ 0.577.
    state = direction.contains(stroke) && across <= along * 0.577 ? .recognized : .failed
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible { state = .failed }
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .possible { state = .failed }
  }

  open override func reset() {
    super.reset()
    _start = nil
  }
}
