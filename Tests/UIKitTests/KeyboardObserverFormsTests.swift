import Dispatch
import Foundation
import Testing
import UIKit
import UIKitTesting

/// Stops the whole run with a message if `body` has not returned after `seconds`: a deadlock in
/// an observer form must fail CI, not hold it until its time runs out.
@MainActor
func withinTimeLimit<T>(
  _ what: String, seconds: Double = 30, _ body: () async throws -> T
) async rethrows -> T {
  let watchdog = DispatchWorkItem { fatalError("hung for \(Int(seconds)) s: \(what)") }
  DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
  defer { watchdog.cancel() }
  return try await body()
}

/// Every way iOS code observes the keyboard, in a `@MainActor` Swift Testing test, where the main
/// actor runs on a worker thread that drains the main queue (the main thread is parked in
/// `dispatchMain()`). Before UIKit offered its own overload, `queue: .main` deadlocked here:
/// Foundation queued the block behind the test that was waiting for it.
///
/// Each test adds its observers, makes the keyboard appear and removes them without an `await`
/// in between, so no other test's keyboard (main-actor work too) can run in the middle.
@MainActor @Suite(.serialized)
struct KeyboardObserverFormsTests {
  /// What a block saw, from whichever thread ran it.
  private final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var _events: [String] = []
    var events: [String] { lock.withLock { _events } }
    func record(_ event: String) { lock.withLock { _events.append(event) } }
  }

  @Test func queueMainRunsTheBlockAtOnceWhenTheFieldBecomesFirstResponder() async {
    await withinTimeLimit("queue: .main with becomeFirstResponder()") {
      let (window, field) = fieldInWindow()
      defer { withExtendedLifetime(window) {} }
      let seen = Seen()
      let token = NotificationCenter.default.addObserver(
        forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main
      ) { note in
        let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
        seen.record("willShow \(frame.map { $0.height > 0 } ?? false) main-actor \(_isOnMainQueue)")
      }
      seen.record("before")
      #expect(field.becomeFirstResponder())
      seen.record("after")
      NotificationCenter.default.removeObserver(token)
      field.resignFirstResponder()
      #expect(seen.events == ["before", "willShow true main-actor true", "after"])
    }
  }

  @Test func operationQueueMainWithAHostTap() async {
    await withinTimeLimit("queue: OperationQueue.main with a HeadlessHost tap") {
      let (window, field) = fieldInWindow()
      let host = HeadlessHost(window: window)
      let seen = Seen()
      let show = NotificationCenter.default.addObserver(
        forName: UIResponder.keyboardWillShowNotification, object: nil, queue: OperationQueue.main
      ) { _ in seen.record("willShow") }
      host.tap(field)
      seen.record("tapped")
      NotificationCenter.default.removeObserver(show)
      // The "did" notification is not observed here: it comes when a host moves the clock,
      // which may also deliver another test's keyboard (keyboard notifications have no object).
      #expect(seen.events == ["willShow", "tapped"])
    }
  }

  @Test func queueNilRunsOnThePostingThread() async {
    await withinTimeLimit("queue: nil") {
      let (window, field) = fieldInWindow()
      defer { withExtendedLifetime(window) {} }
      let seen = Seen()
      let token = NotificationCenter.default.addObserver(
        forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil
      ) { _ in seen.record("willShow \(_isOnMainQueue)") }
      field.becomeFirstResponder()
      seen.record("after")
      NotificationCenter.default.removeObserver(token)
      field.resignFirstResponder()
      #expect(seen.events == ["willShow true", "after"])
    }
  }

  @Test func anOwnQueueRunsTheBlockThereWhileThePosterWaits() async {
    await withinTimeLimit("an own OperationQueue") {
      let (window, field) = fieldInWindow()
      defer { withExtendedLifetime(window) {} }
      let queue = OperationQueue()
      queue.name = "keyboard observers"
      let seen = Seen()
      let token = NotificationCenter.default.addObserver(
        forName: UIResponder.keyboardWillShowNotification, object: nil, queue: queue
      ) { _ in
        seen.record("willShow on \(OperationQueue.current?.name ?? "?") main \(_isOnMainQueue)")
      }
      field.becomeFirstResponder()
      seen.record("after")
      NotificationCenter.default.removeObserver(token)
      field.resignFirstResponder()
      #expect(seen.events == ["willShow on keyboard observers main false", "after"])
    }
  }

  @Test func queueMainPostedFromAnotherThreadRunsOnTheMainQueue() async {
    await withinTimeLimit("queue: .main, posted from a background thread") {
      let name = Notification.Name("KeyboardObserverFormsTests.background")
      let seen = Seen()
      let token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
        seen.record("block main-queue \(_isOnMainQueue)")
      }
      // The main actor is free while the detached task posts: the poster waits for the block.
      await Task.detached {
        seen.record("posting main-queue \(_isOnMainQueue)")
        NotificationCenter.default.post(name: name, object: nil)
        seen.record("posted")
      }.value
      NotificationCenter.default.removeObserver(token)
      #expect(seen.events == ["posting main-queue false", "block main-queue true", "posted"])
    }
  }

  /// A view controller as iOS code writes one, with the selector form.
  @MainActor private final class FormController: UIViewController {
    var log: [String] = []
    func startObserving() {
      NotificationCenter.default.addObserver(
        self, selector: FormController.keyboardWillShow, name: UIResponder.keyboardWillShowNotification, object: nil)
      NotificationCenter.default.addObserver(
        self, selector: FormController.keyboardWillHide, name: UIResponder.keyboardWillHideNotification, object: nil)
    }
    func keyboardWillShow(_ note: Notification) {
      let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? CGFloat
      log.append("show \(duration.map { "\($0)" } ?? "nil")")
    }
    func keyboardWillHide() { log.append("hide") }
  }

  @Test func methodReferencesInPlaceOfSelectors() async {
    await withinTimeLimit("addObserver(_:selector:name:object:)") {
      let (window, field) = fieldInWindow()
      let controller = FormController()
      window.rootViewController = controller
      controller.view.addSubview(field)
      controller.startObserving()
      field.becomeFirstResponder()
      field.resignFirstResponder()
      #expect(controller.log == ["show 0.25", "hide"])

      NotificationCenter.default.removeObserver(controller)
      field.becomeFirstResponder()
      field.resignFirstResponder()
      #expect(controller.log == ["show 0.25", "hide"], "removeObserver(self) stops both")

      controller.startObserving()
      NotificationCenter.default.removeObserver(
        controller, name: UIResponder.keyboardWillHideNotification, object: nil)
      field.becomeFirstResponder()
      field.resignFirstResponder()
      #expect(controller.log == ["show 0.25", "hide", "show 0.25"], "only the hide entry was removed")
      NotificationCenter.default.removeObserver(controller)
    }
  }

  @Test func anObserverThatWentAwayIsNotCalled() async {
    await withinTimeLimit("a freed observer") {
      let (window, field) = fieldInWindow()
      defer { withExtendedLifetime(window) {} }
      weak var freed: FormController?
      do {
        let controller = FormController()
        controller.startObserving()
        freed = controller
      }
      #expect(freed == nil, "the center holds the observer weakly")
      field.becomeFirstResponder()
      field.resignFirstResponder()
    }
  }

  @Test func notificationsAsAnAsyncSequence() async {
    await withinTimeLimit("notifications(named:)") {
      let (window, field) = fieldInWindow()
      let host = HeadlessHost(window: window)
      let notes = NotificationCenter.default.notifications(named: UIResponder.keyboardWillShowNotification)
      host.tap(field)
      var iterator = notes.makeAsyncIterator()
      let note = await iterator.next()
      #expect(note?.name == UIResponder.keyboardWillShowNotification)
      #expect((note?.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect)?.height ?? 0 > 0)
    }
  }

  @Test func aCancelledWaitEndsTheSequence() async {
    await withinTimeLimit("a cancelled for-await loop") {
      let name = Notification.Name("KeyboardObserverFormsTests.never")
      let task = Task {
        var count = 0
        for await _ in NotificationCenter.default.notifications(named: name) { count += 1 }
        return count
      }
      try? await Task.sleep(nanoseconds: 20_000_000)
      task.cancel()
      #expect(await task.value == 0)
    }
  }

  @Test func keyboardUserInfoCastsAsOnIOS() async throws {
    try await withinTimeLimit("keyboard userInfo casts") {
      let (window, field) = fieldInWindow()
      defer { withExtendedLifetime(window) {} }
      final class Box: @unchecked Sendable { var info: [AnyHashable: Any]? }
      let box = Box()
      let token = NotificationCenter.default.addObserver(
        forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main
      ) { note in box.info = note.userInfo }
      field.becomeFirstResponder()
      NotificationCenter.default.removeObserver(token)
      field.resignFirstResponder()
      let userInfo = try #require(box.info)
      let duration = UIResponder.keyboardAnimationDurationUserInfoKey
      let curve = UIResponder.keyboardAnimationCurveUserInfoKey
      #expect(userInfo[duration] as? CGFloat == 0.25)
      #expect(userInfo[duration] as? Double == 0.25)
      #expect(userInfo[duration] as? TimeInterval == 0.25)
      #expect((userInfo[duration] as? NSNumber)?.doubleValue == 0.25)
      #expect(userInfo[duration] as? Int == nil, "0.25 is no Int, as on iOS")
      #expect(userInfo[curve] as? Int == 7)
      #expect(userInfo[curve] as? UInt == 7)
      #expect(userInfo[curve] as? CGFloat == 7)
      #expect((userInfo[curve] as? NSNumber)?.intValue == 7)
      let raw = try #require(userInfo[curve] as? Int)
      #expect(UIView.AnimationCurve(rawValue: raw) != nil || raw == 7, "iOS's private curve 7")
      #expect(UIView.AnimationOptions(rawValue: UInt(raw) << 16).rawValue == 7 << 16)
      #expect(userInfo[UIResponder.keyboardIsLocalUserInfoKey] as? Bool == true)
      let frame = try #require(userInfo[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect)
      #expect((userInfo[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue == frame)
    }
  }

  @Test func cgFloatBridgesToAndFromNSNumber() {
    let boxed: Any = NSNumber(value: 1.5)
    #expect(boxed as? CGFloat == 1.5)
    let value: Any = CGFloat(2.5)
    #expect((value as? NSNumber)?.doubleValue == 2.5)
    let integer: Any = NSNumber(value: 3)
    #expect(integer as? CGFloat == 3)
    let text: Any = NSString(string: "1.5")
    #expect(text as? CGFloat == nil)
  }
}
