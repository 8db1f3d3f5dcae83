// XCTest cases as iOS projects write them today: the class on the main actor, keyboard
// observers with `queue: .main`, a method reference for a selector, `expectation(forNotification:)`.
// Without UIKitXCTest's overloads the test process aborted at discovery on this class; without
// UIKit's `queue:` overload the observers below would still work here (XCTest runs on the main
// thread), which this checks too.
@_exported import UIKitXCTest
import UIKit
import UIKitTesting
import XCTest

@MainActor
final class MainActorXCTests: XCTestCase {
  private var window: UIWindow!
  private var field: UITextField!
  private var log: [String] = []

  /// A window with one field, made by each test (setUp is not main-actor isolated in XCTest).
  private func makeField() {
    window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = UIViewController()
    window.rootViewController = controller
    field = UITextField(frame: CGRect(x: 16, y: 100, width: 358, height: 34))
    controller.view.addSubview(field)
    window.makeKeyAndVisible()
    addTeardownBlock { @MainActor [self] in
      field.resignFirstResponder()
      NotificationCenter.default.removeObserver(self)
    }
  }

  func testRunsOnTheMainActor() {
    MainActor.assertIsolated()
    XCTAssertTrue(Thread.isMainThread)
  }

  func testQueueMainObserverRunsAtOnce() {
    makeField()
    let token = NotificationCenter.default.addObserver(
      forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main
    ) { note in
      let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
      let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? CGFloat
      MainActor.assumeIsolated {
        self.log.append("willShow \((frame?.height ?? 0) > 0) \(duration.map { "\($0)" } ?? "nil")")
      }
    }
    defer { NotificationCenter.default.removeObserver(token) }
    XCTAssertTrue(field.becomeFirstResponder())
    XCTAssertEqual(log, ["willShow true 0.25"])
  }

  func keyboardWillShow(_ note: Notification) { log.append("willShow") }
  func keyboardWillHide() { log.append("willHide") }

  func testSelectorObserverAsAMethodReference() {
    makeField()
    NotificationCenter.default.addObserver(
      self, selector: MainActorXCTests.keyboardWillShow, name: UIResponder.keyboardWillShowNotification, object: nil)
    NotificationCenter.default.addObserver(
      self, selector: MainActorXCTests.keyboardWillHide, name: UIResponder.keyboardWillHideNotification, object: nil)
    field.becomeFirstResponder()
    field.resignFirstResponder()
    XCTAssertEqual(log, ["willShow", "willHide"])
  }

  func testExpectationForTheDidShowNotification() throws {
    makeField()
    let didShow = expectation(forNotification: UIResponder.keyboardDidShowNotification, object: nil)
    XCTAssertTrue(field.becomeFirstResponder())
    wait(for: [didShow], timeout: 5)
  }

  func testThrowingMethodsRunToo() throws {
    makeField()
    let host = HeadlessHost(window: window)
    host.tap(field)
    host.type("abc")
    XCTAssertEqual(field.text, "abc")
  }
}
