import Foundation
import Testing
import UIKit
import UIKitTesting

/// A custom control as libraries write one: it overrides the tracking methods and records them
/// with the events its targets hear, so the order is what the test reads.
@MainActor
final class TrackingControl: UIControl {
  var log: [String] = []
  var beginAnswer = true
  var continueAnswer = true

  override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    log.append("begin tracking=\(isTracking)")
    return beginAnswer
  }
  override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    log.append("continue")
    return continueAnswer
  }
  override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
    log.append("end tracking=\(isTracking)")
    super.endTracking(touch, with: event)
  }
  override func cancelTracking(with event: UIEvent?) {
    log.append("cancel")
    super.cancelTracking(with: event)
  }
  func listen() {
    let names: [(UIControl.Event, String)] = [
      (.touchDown, "touchDown"), (.touchDragInside, "dragInside"), (.touchDragOutside, "dragOutside"),
      (.touchDragEnter, "dragEnter"), (.touchDragExit, "dragExit"), (.touchUpInside, "upInside"),
      (.touchUpOutside, "upOutside"), (.touchCancel, "cancel event"),
    ]
    for (event, name) in names {
      addAction(UIAction { [unowned self] _ in self.log.append("\(name) tracking=\(self.isTracking)") }, for: event)
    }
  }
}

/// The view behind a control: records the touches that reach it.
@MainActor
final class TouchRecordingView: UIView {
  var touches: [String] = []
  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { self.touches.append("began") }
  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { self.touches.append("moved") }
  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { self.touches.append("ended") }
}

@MainActor @Suite struct ControlTrackingTests {
  private func host(with control: UIControl, in background: UIView? = nil) -> HeadlessHost {
    let controller = UIViewController()
    let container = background ?? controller.view!
    if let background { controller.view.addSubview(background) }
    control.frame = CGRect(x: 100, y: 200, width: 100, height: 40)
    container.addSubview(control)
    let host = HeadlessHost(rootViewController: controller)
    // The background covers the host's screen, set once the host has sized the controller's
    // view: before, that view has whatever screen the last host left (tests of other screen
    // sizes run in any order), which autoresizing would have carried over.
    background?.frame = controller.view.bounds
    return host
  }

  @Test func trackingMethodsComeBeforeTheirEvents() {
    let control = TrackingControl()
    control.listen()
    let host = host(with: control)
    host.drag(from: CGPoint(x: 150, y: 220), to: CGPoint(x: 160, y: 225), steps: 1)
    #expect(
      control.log == [
        "begin tracking=false", "touchDown tracking=true", "continue", "dragInside tracking=true",
        "end tracking=true", "upInside tracking=false",
      ])
    #expect(!control.isTracking && !control.isTouchInside && !control.isHighlighted)
  }

  @Test func aTouchStaysInsideWithinSeventyPointsAndLeavesBeyond() {
    let control = TrackingControl()
    control.listen()
    let host = host(with: control)
    host.touchDown(at: CGPoint(x: 150, y: 220))
    host.moveTouch(to: CGPoint(x: 150, y: 290))  // 50 points below the control
    #expect(control.isTouchInside && control.isHighlighted)
    host.moveTouch(to: CGPoint(x: 150, y: 330))  // 90 points below
    #expect(!control.isTouchInside && !control.isHighlighted)
    host.liftTouch(at: CGPoint(x: 150, y: 330))
    #expect(
      control.log == [
        "begin tracking=false", "touchDown tracking=true", "continue", "dragInside tracking=true", "continue",
        "dragExit tracking=true", "dragOutside tracking=true", "end tracking=true", "upOutside tracking=false",
      ])
  }

  @Test func refusingToBeginTrackingSendsNothingAndPassesTheTouchOn() {
    let control = TrackingControl()
    control.beginAnswer = false
    control.listen()
    let background = TouchRecordingView()
    let host = host(with: control, in: background)
    host.tap(control)
    #expect(control.log == ["begin tracking=false"])
    #expect(!control.isHighlighted)
    #expect(background.touches == ["ended"], "the lift goes up the responder chain")
  }

  @Test func refusingToContinueStopsTrackingWithoutAnEnd() {
    let control = TrackingControl()
    control.continueAnswer = false
    control.listen()
    let host = host(with: control)
    host.drag(from: CGPoint(x: 150, y: 220), to: CGPoint(x: 170, y: 220), steps: 2)
    #expect(control.log == ["begin tracking=false", "touchDown tracking=true", "continue"])
    #expect(!control.isTracking)
  }

  @Test func aDisabledControlLetsTouchesThrough() {
    let control = TrackingControl()
    control.listen()
    control.isEnabled = false
    let background = TouchRecordingView()
    let host = host(with: control, in: background)
    host.tap(control)
    #expect(control.log.isEmpty)
    #expect(background.touches == ["began", "ended"])
  }

  @Test func aLiftWithinTheSlopButOffATextFieldPlacesNoCaret() {
    let controller = UIViewController()
    let field = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
    field.text = "hello"
    controller.view.addSubview(field)
    let host = HeadlessHost(rootViewController: controller)
    var upInside = 0
    field.addAction(UIAction { _ in upInside += 1 }, for: .touchUpInside)
    host.drag(from: CGPoint(x: 60, y: 117), to: CGPoint(x: 60, y: 160), steps: 2)
    #expect(upInside == 1, "43 points below is still a touch-up inside")
    #expect(!field.isFirstResponder, "but not a tap on the field")
  }
}
