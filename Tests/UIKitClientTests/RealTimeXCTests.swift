// An XCTest case as an iOS project writes one: no host, so UIKit's timed work (the keyboard's
// "did" notifications, animation completions) arrives in real time while the test waits.
import UIKit
import UIKitTesting
import XCTest

/// Names of the notifications seen, in order.
final class NotificationLog {
  var names: [String] = []
}

final class RealTimeXCTests: XCTestCase {
  private func makeField() -> (UIWindow, UITextField) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = UIViewController()
    window.rootViewController = controller
    let field = UITextField(frame: CGRect(x: 16, y: 100, width: 358, height: 34))
    controller.view.addSubview(field)
    window.makeKeyAndVisible()
    return (window, field)
  }

  func testWaitingForTheKeyboardNotification() {
    let (window, field) = makeField()
    let bottom = window.bounds.maxY
    let didShow = expectation(forNotification: UIResponder.keyboardDidShowNotification, object: nil) { note in
      let frame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
      return frame.map { $0.height > 0 && $0.maxY == bottom } ?? false
    }
    XCTAssertTrue(field.becomeFirstResponder())
    wait(for: [didShow], timeout: 5)

    let didHide = expectation(forNotification: UIResponder.keyboardDidHideNotification, object: nil)
    XCTAssertTrue(field.resignFirstResponder())
    wait(for: [didHide], timeout: 5)
  }

  func testRunningTheMainRunLoopDeliversACompletion() {
    var finished: Bool?
    UIView.animate(withDuration: 0.1, animations: {}, completion: { finished = $0 })
    RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.02))
    XCTAssertNil(finished, "a 0.1 s animation is not over after 0.02 s")
    let deadline = Date(timeIntervalSinceNow: 5)
    while finished == nil, Date() < deadline { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.02)) }
    XCTAssertEqual(finished, true)
  }

  func testAnExpectationFulfilledByAPresentationCompletion() {
    let (window, _) = makeField()
    let presented = expectation(description: "presented")
    let alert = UIAlertController(title: "Saved", message: nil, preferredStyle: .alert)
    window.rootViewController?.present(alert, animated: true) { presented.fulfill() }
    wait(for: [presented], timeout: 5)
    XCTAssertTrue(window.rootViewController?.presentedViewController === alert)
  }

  /// Spins the main run loop for `seconds` of real time.
  private func spin(_ seconds: TimeInterval) {
    let end = Date(timeIntervalSinceNow: seconds)
    while Date() < end { RunLoop.main.run(until: min(end, Date(timeIntervalSinceNow: 0.01))) }
  }

  func testAHostTakesTheClockOverAndGivesItBackWhenItGoesAway() {
    let controller = ConverterViewController()
    var host: HeadlessHost? = HeadlessHost(rootViewController: controller)
    XCTAssertEqual(host?.drivesClock, true)
    let log = NotificationLog()
    let tokens = [UIResponder.keyboardDidShowNotification, UIResponder.keyboardDidHideNotification].map {
      NotificationCenter.default.addObserver(forName: $0, object: nil, queue: nil) { log.names.append($0.name.rawValue) }
    }
    defer { tokens.forEach(NotificationCenter.default.removeObserver) }
    host?.tap(controller.textField)

    // Virtual time: real time passing delivers nothing, and the host's `now` stands still.
    let start = host!.now
    spin(0.35)
    XCTAssertEqual(log.names, [])
    XCTAssertEqual(host?.now, start)
    host?.advance(by: 0.25)
    XCTAssertEqual(log.names, ["UIKeyboardDidShowNotification"])
    XCTAssertEqual(host?.now, start + 0.25)

    // The keyboard starts hiding; the host goes away mid-animation; real time finishes it.
    XCTAssertTrue(controller.textField.resignFirstResponder())
    let window = host?.window
    let didHide = expectation(forNotification: UIResponder.keyboardDidHideNotification, object: nil)
    host = nil
    wait(for: [didHide], timeout: 5)
    XCTAssertEqual(log.names, ["UIKeyboardDidShowNotification", "UIKeyboardDidHideNotification"])
    withExtendedLifetime(window) {}
  }

  func testHostsNestAndAnExplicitReleaseHandsTimeBack() {
    let first = HeadlessHost(rootViewController: UIViewController())
    let second = HeadlessHost(rootViewController: UIViewController())
    var fired = false
    UIView.animate(withDuration: 0.05, animations: {}, completion: { _ in fired = true })
    first.releaseClock()
    first.releaseClock()  // a second release does nothing
    XCTAssertFalse(first.drivesClock)
    XCTAssertTrue(second.drivesClock)
    spin(0.15)
    XCTAssertFalse(fired, "the second host still holds the clock")
    let now = second.now
    second.releaseClock()
    XCTAssertGreaterThanOrEqual(second.now, now, "time never goes back across a hand-over")
    let deadline = Date(timeIntervalSinceNow: 5)
    while !fired, Date() < deadline { spin(0.01) }
    XCTAssertTrue(fired)
    // A host that let go still takes input.
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
    second.window.rootViewController?.view.addSubview(field)
    second.tap(field)
    second.type("7")
    XCTAssertEqual(field.text, "7")
  }
}
