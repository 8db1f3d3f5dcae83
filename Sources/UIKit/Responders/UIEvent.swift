import Foundation

/// An event: a set of touches (hosts create them from a click or a test's tap).
@preconcurrency @MainActor
open class UIEvent: NSObject {
  /// Kinds of event.
  public enum EventType: Int, Sendable {
    case touches, motion, remoteControl, presses
  }

  /// The event's kind.
  open var type: EventType { .touches }
  // Unchecked: only UIKit sets it, never inside another access to it (see UIPress's phase).
  /// When the event happened, on UIKit's clock.
  @exclusivity(unchecked) open internal(set) var timestamp: TimeInterval = 0
  /// The touches of the event.
  open var allTouches: Set<UITouch>? { Set(_touches) }

  private(set) var _touches: [UITouch] = []
  weak var _window: UIWindow?

  convenience init(touches: [UITouch], window: UIWindow?, timestamp: TimeInterval) {
    self.init()
    _touches = touches
    _window = window
    self.timestamp = timestamp
  }

  /// An event with no touches, at time 0 (what `UIEvent()` gives on iOS, for tests and for
  /// `sendActions(for:)`-style calls that need one). The designated initializer, as on iOS.
  public override init() {
    super.init()
  }
}

/// One finger (or mouse pointer) on the screen.
@preconcurrency @MainActor
open class UITouch: NSObject {
  /// The phase of a touch.
  public enum Phase: Int, Sendable {
    case began, moved, stationary, ended, cancelled
  }

  /// The touch's phase.
  open internal(set) var phase: Phase = .began
  /// How many taps in a row (1 for a single tap).
  open internal(set) var tapCount = 0
  /// The view the touch began in.
  open internal(set) weak var view: UIView?
  /// The window of the touch.
  open internal(set) weak var window: UIWindow?
  /// When the touch began or last changed, on UIKit's clock (seconds).
  open internal(set) var timestamp: TimeInterval = 0
  var _locationInWindow = CGPoint.zero
  var _previousLocationInWindow = CGPoint.zero

  convenience init(phase: Phase, location: CGPoint, window: UIWindow?, view: UIView?, tapCount: Int) {
    self.init()
    self.phase = phase
    _locationInWindow = location
    _previousLocationInWindow = location
    self.window = window
    self.view = view
    self.tapCount = tapCount
  }

  /// A touch in no view or window, beginning at the origin with no taps (`UITouch()` on iOS).
  /// The designated initializer, as on iOS.
  public override init() {
    super.init()
  }

  /// The touch's location in `view`'s coordinates (nil: the window's).
  open func location(in view: UIView?) -> CGPoint {
    guard let view else { return _locationInWindow }
    return view.convert(_locationInWindow, from: nil)
  }

  /// Where the touch was before its last move, in `view`'s coordinates (nil: the window's).
  open func previousLocation(in view: UIView?) -> CGPoint {
    guard let view else { return _previousLocationInWindow }
    return view.convert(_previousLocationInWindow, from: nil)
  }
}
