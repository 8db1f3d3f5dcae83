import Foundation
import Testing
import UIKit
import UIKitTesting

/// A view that records the touches that reach it.
@MainActor
final class TouchLogView: UIView {
  var log: [String] = []
  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
}

/// A target that records each action with the recognizer's state.
@MainActor
final class GestureLog: NSObject, UIGestureRecognizerDelegate {
  var entries: [String] = []
  var shouldBegin = true
  var simultaneous = false
  var receives = true
  func handle(_ recognizer: UIGestureRecognizer) {
    let name = recognizer.name ?? "?"
    let state: String
    switch recognizer.state {
    case .possible: state = "possible"
    case .began: state = "began"
    case .changed: state = "changed"
    case .ended: state = "ended"
    case .cancelled: state = "cancelled"
    case .failed: state = "failed"
    }
    if let pan = recognizer as? UIPanGestureRecognizer, recognizer.state == .ended {
      let t = pan.translation(in: nil)
      entries.append("\(name) \(state) \(Int(t.x)),\(Int(t.y))")
    } else {
      entries.append("\(name) \(state)")
    }
  }
  func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }
  func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
  ) -> Bool { simultaneous }
  func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receives }
}

@MainActor @Suite struct GestureRecognizerTests {
  private func setUp() -> (HeadlessHost, TouchLogView, GestureLog) {
    let controller = UIViewController()
    let view = TouchLogView(frame: CGRect(x: 40, y: 200, width: 300, height: 300))
    controller.view.addSubview(view)
    return (HeadlessHost(rootViewController: controller), view, GestureLog())
  }

  private func named<R: UIGestureRecognizer>(_ recognizer: R, _ name: String, _ log: GestureLog) -> R {
    recognizer.name = name
    recognizer.addTarget(log, action: GestureLog.handle)
    return recognizer
  }

  @Test func aPanBeginsAfterTenPointsAndTakesTheTouchFromTheView() {
    let (host, view, log) = setUp()
    let pan = named(UIPanGestureRecognizer(), "pan", log)
    view.addGestureRecognizer(pan)
    host.touchDown(at: CGPoint(x: 100, y: 300))
    host.moveTouch(to: CGPoint(x: 106, y: 300))
    #expect(pan.state == .possible && log.entries.isEmpty)
    host.moveTouch(to: CGPoint(x: 130, y: 310))
    #expect(log.entries == ["pan began"])
    #expect(pan.translation(in: view) == CGPoint(x: 30, y: 10))
    host.moveTouch(to: CGPoint(x: 160, y: 320))
    host.liftTouch(at: CGPoint(x: 160, y: 320))
    #expect(log.entries == ["pan began", "pan changed", "pan ended 60,20"])
    #expect(view.log == ["began", "moved", "cancelled"], "the view's touch was cancelled when the pan began")
    #expect(pan.state == .possible, "reset for the next gesture")
  }

  @Test func aPanReportsVelocityAndCanResetItsTranslation() {
    let (host, view, log) = setUp()
    let pan = named(UIPanGestureRecognizer(), "pan", log)
    pan.cancelsTouchesInView = false
    var velocities: [CGPoint] = []
    var steps: [CGPoint] = []
    pan.addAction(for: { recognizer in
      guard let pan = recognizer as? UIPanGestureRecognizer, pan.state == .changed else { return }
      velocities.append(pan.velocity(in: view))
      steps.append(pan.translation(in: view))
      pan.setTranslation(.zero, in: view)
    })
    view.addGestureRecognizer(pan)
    host.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 400), steps: 4, duration: 0.4)
    #expect(velocities.last.map { abs($0.y - 250) < 1 } == true, "25 points every 0.1 s")
    #expect(steps.map(\.y) == [50, 25, 25], "each change is the move since the last reset (the first since the touch went down)")
    #expect(view.log.last == "ended", "without cancelsTouchesInView the view keeps its touch")
  }

  @Test func aLongPressBeginsAfterHalfASecond() {
    let (host, view, log) = setUp()
    let press = named(UILongPressGestureRecognizer(), "press", log)
    view.addGestureRecognizer(press)
    host.touchDown(at: CGPoint(x: 100, y: 300), hold: 0.4)
    #expect(log.entries.isEmpty)
    host.advance(by: 0.15)
    #expect(log.entries == ["press began"])
    host.moveTouch(to: CGPoint(x: 150, y: 300))
    host.liftTouch(at: CGPoint(x: 150, y: 300))
    #expect(log.entries == ["press began", "press changed", "press ended"])
    // Too short, and moved too far before the time: no gesture.
    host.longPress(view, duration: 0.2)
    host.touchDown(at: CGPoint(x: 100, y: 300))
    host.moveTouch(to: CGPoint(x: 100, y: 330))
    host.advance(by: 1)
    host.liftTouch(at: CGPoint(x: 100, y: 330))
    #expect(log.entries.count == 3)
  }

  @Test func aSwipeIsAQuickStrokeInItsDirection() {
    let (host, view, log) = setUp()
    let swipe = named(UISwipeGestureRecognizer(), "right", log)
    view.addGestureRecognizer(swipe)
    let up = named(UISwipeGestureRecognizer(), "up", log)
    up.direction = .up
    view.addGestureRecognizer(up)
    host.drag(from: CGPoint(x: 60, y: 300), to: CGPoint(x: 200, y: 310), steps: 4, duration: 0.2)
    #expect(log.entries == ["right ended"])
    host.drag(from: CGPoint(x: 200, y: 450), to: CGPoint(x: 195, y: 300), steps: 4, duration: 0.2)
    #expect(log.entries == ["right ended", "up ended"])
    // Too slow: two seconds to cover the distance.
    host.drag(from: CGPoint(x: 60, y: 300), to: CGPoint(x: 200, y: 300), steps: 4, duration: 2)
    #expect(log.entries.count == 2)
  }

  @Test func aSingleTapWaitsForTheDoubleTapToFail() {
    let (host, view, log) = setUp()
    let double = named(UITapGestureRecognizer(), "double", log)
    double.numberOfTapsRequired = 2
    let single = named(UITapGestureRecognizer(), "single", log)
    single.require(toFail: double)
    view.addGestureRecognizer(single)
    view.addGestureRecognizer(double)
    host.tap(view)
    #expect(log.entries.isEmpty, "the single tap waits")
    host.advance(by: 0.4)
    #expect(log.entries == ["single ended"])
    host.doubleTap(view)
    host.advance(by: 1)
    #expect(log.entries == ["single ended", "double ended"])
  }

  @Test func theDelegateDecides() {
    let (host, view, log) = setUp()
    let pan = named(UIPanGestureRecognizer(), "pan", log)
    let press = named(UILongPressGestureRecognizer(), "press", log)
    press.minimumPressDuration = 0.1
    press.allowableMovement = 100
    pan.delegate = log
    view.addGestureRecognizer(pan)
    view.addGestureRecognizer(press)
    // Without simultaneous recognition the long press, recognized first, stops the pan.
    host.touchDown(at: CGPoint(x: 100, y: 300), hold: 0.2)
    host.moveTouch(to: CGPoint(x: 140, y: 300))
    host.liftTouch(at: CGPoint(x: 140, y: 300))
    #expect(log.entries == ["press began", "press changed", "press ended"])
    log.entries = []
    log.simultaneous = true
    host.touchDown(at: CGPoint(x: 100, y: 300), hold: 0.2)
    host.moveTouch(to: CGPoint(x: 140, y: 300))
    host.liftTouch(at: CGPoint(x: 140, y: 300))
    #expect(log.entries == ["press began", "pan began", "press changed", "pan ended 40,0", "press ended"])
    log.entries = []
    log.shouldBegin = false
    press.isEnabled = false
    host.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 200, y: 300))
    #expect(log.entries.isEmpty && pan.state == .possible)
    log.shouldBegin = true
    log.receives = false
    host.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 200, y: 300))
    #expect(log.entries.isEmpty, "a recognizer that does not receive the touch sees nothing")
  }

  @Test func delaysTouchesBeganHoldsTheViewsTouchDownUntilTheRecognizerFails() {
    let (host, view, _) = setUp()
    let press = UILongPressGestureRecognizer()
    press.delaysTouchesBegan = true
    view.addGestureRecognizer(press)
    host.touchDown(at: CGPoint(x: 100, y: 300))
    #expect(view.log.isEmpty)
    host.liftTouch(at: CGPoint(x: 100, y: 300))
    #expect(view.log == ["began", "ended"], "the press failed at the lift: the view hears both")
    view.log = []
    host.touchDown(at: CGPoint(x: 100, y: 300), hold: 0.6)
    host.liftTouch(at: CGPoint(x: 100, y: 300))
    #expect(view.log.isEmpty, "the press recognized: the view never heard the touch")
  }

  @Test func delaysTouchesEndedHoldsTheLiftWhileADoubleTapDecides() {
    let (host, view, log) = setUp()
    let double = named(UITapGestureRecognizer(), "double", log)
    double.numberOfTapsRequired = 2
    view.addGestureRecognizer(double)
    // One tap: the view hears the lift only when the double tap gives up.
    host.tap(at: CGPoint(x: 100, y: 300))
    #expect(view.log == ["began"], "the lift waits for the double tap")
    host.advance(by: 1)
    #expect(view.log == ["began", "ended"])
    #expect(log.entries.isEmpty)
    // Two taps: the first lift is cancelled when the double tap recognizes.
    view.log = []
    host.doubleTap(view, at: CGPoint(x: 60, y: 100))
    #expect(log.entries == ["double ended"])
    #expect(view.log.first == "began" && view.log.contains("cancelled") && !view.log.contains("ended"), "\(view.log)")
    // Without the delay the lift comes at once.
    view.log = []
    host.advance(by: 1)
    double.delaysTouchesEnded = false
    host.tap(at: CGPoint(x: 100, y: 300))
    #expect(view.log == ["began", "ended"])
  }

  @Test func aScreenEdgePanStartsOnlyAtItsEdge() {
    let (host, view, log) = setUp()
    let edge = named(UIScreenEdgePanGestureRecognizer(), "edge", log)
    edge.edges = .left
    host.window.rootViewController!.view.addGestureRecognizer(edge)
    _ = view
    host.drag(from: CGPoint(x: 5, y: 100), to: CGPoint(x: 120, y: 110))
    #expect(log.entries.first == "edge began")
    log.entries = []
    host.drag(from: CGPoint(x: 30, y: 100), to: CGPoint(x: 150, y: 110))
    #expect(log.entries.isEmpty)
  }

  @Test func aCustomRecognizerSetsItsOwnState() {
    /// Recognizes a touch that moves right and then back left (a "wiggle").
    final class WiggleRecognizer: UIGestureRecognizer {
      private var start: CGPoint?
      private var wentRight = false
      override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        start = touches.first?.location(in: view)
      }
      override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let start, let point = touches.first?.location(in: view) else { return }
        if point.x > start.x + 40 { wentRight = true }
        if wentRight, point.x < start.x + 5 { state = .recognized }
      }
      override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if state == .possible { state = .failed }
      }
      override func reset() {
        super.reset()
        start = nil
        wentRight = false
      }
    }
    let (host, view, log) = setUp()
    let wiggle = named(WiggleRecognizer(), "wiggle", log)
    view.addGestureRecognizer(wiggle)
    host.touchDown(at: CGPoint(x: 100, y: 300))
    host.moveTouch(to: CGPoint(x: 160, y: 300))
    host.moveTouch(to: CGPoint(x: 101, y: 300))
    host.liftTouch(at: CGPoint(x: 101, y: 300))
    #expect(log.entries == ["wiggle ended"])
    host.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 200, y: 300))
    #expect(log.entries == ["wiggle ended"])
  }

  @Test func disablingARecognizerMidGestureCancelsIt() {
    let (host, view, log) = setUp()
    let pan = named(UIPanGestureRecognizer(), "pan", log)
    view.addGestureRecognizer(pan)
    host.touchDown(at: CGPoint(x: 100, y: 300))
    host.moveTouch(to: CGPoint(x: 150, y: 300))
    pan.isEnabled = false
    host.liftTouch(at: CGPoint(x: 150, y: 300))
    #expect(log.entries == ["pan began", "pan cancelled"])
  }
}

extension UIGestureRecognizer {
  /// Test helper: a closure as an action.
  @MainActor func addAction(for handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
    addTarget(_ClosureTarget.make(handler), action: _ClosureTarget.run)
  }
}

@MainActor
final class _ClosureTarget {
  static var retained: [_ClosureTarget] = []
  let handler: @MainActor (UIGestureRecognizer) -> Void
  init(_ handler: @escaping @MainActor (UIGestureRecognizer) -> Void) { self.handler = handler }
  static func make(_ handler: @escaping @MainActor (UIGestureRecognizer) -> Void) -> _ClosureTarget {
    let target = _ClosureTarget(handler)
    retained.append(target)
    return target
  }
  func run(_ recognizer: UIGestureRecognizer) { handler(recognizer) }
}

@MainActor @Suite struct ScrollViewPanGestureTests {
  /// A delegate that reads the scroll view's pan as apps do to tell the drag's direction.
  final class DirectionWatcher: NSObject, UIScrollViewDelegate {
    var readings: [String] = []
    func scrollViewWillEndDragging(
      _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
      let pan = scrollView.panGestureRecognizer
      let translation = pan.translation(in: scrollView.superview)
      readings.append("state=\(pan.state == .ended) up=\(translation.y < 0) velocity=\(pan.velocity(in: scrollView.superview).y < 0)")
    }
  }

  @Test func theScrollViewsPanFollowsItsDrag() {
    let controller = UIViewController()
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
    scrollView.contentSize = CGSize(width: 390, height: 3000)
    controller.view.addSubview(scrollView)
    let host = HeadlessHost(rootViewController: controller)
    let watcher = DirectionWatcher()
    scrollView.delegate = watcher
    let log = GestureLog()
    scrollView.panGestureRecognizer.name = "scroll"
    scrollView.panGestureRecognizer.addTarget(log, action: GestureLog.handle)
    #expect(scrollView.panGestureRecognizer.view === scrollView)
    host.drag(from: CGPoint(x: 200, y: 500), to: CGPoint(x: 200, y: 300), steps: 4, duration: 0.2)
    #expect(log.entries.first == "scroll began")
    #expect(log.entries.last == "scroll ended 0,-200")
    #expect(log.entries.dropFirst().dropLast().allSatisfy { $0 == "scroll changed" })
    #expect(watcher.readings == ["state=true up=true velocity=true"])
    #expect(scrollView.panGestureRecognizer.state == .possible)
  }
}
