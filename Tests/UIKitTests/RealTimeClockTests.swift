import Foundation
import Testing
import UIKit
import UIKitTesting

/// UIKit's clock without a host runs in real time through the main queue, as a device's main run
/// loop does; a host takes it over (virtual time) and gives it back when it goes away.
///
/// The hand-over to a host and back, `RunLoop.main.run(until:)` and XCTest's waits are tested in
/// UIKitClientTests' XCTest case (XCTest runs its cases one at a time; Swift Testing's run beside
/// each other, and a host in one would move the clock under another's feet):
/// under Swift Testing on Linux, main-actor work runs on the main queue after the main thread has
/// left for `dispatchMain()`, so `RunLoop.main` has no thread to run on there.
///
/// Each test first waits until no host holds the clock (a test of another suite, suspended at an
/// await, may hold one for a moment), then fails if one still does: a host that outlived its
/// test would leave every later test of this kind waiting forever, which is a bug of its own.
/// A key window (an iPhone's size) with a field in it, no host; the window must be kept alive.
@MainActor
func fieldInWindow() -> (UIWindow, UITextField) {
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
  let controller = UIViewController()
  window.rootViewController = controller
  let field = UITextField(frame: CGRect(x: 16, y: 100, width: 358, height: 34))
  controller.view.addSubview(field)
  window.makeKeyAndVisible()
  return (window, field)
}

@MainActor @Suite(.serialized)
struct RealTimeClockTests {
  /// Collects the keyboard notifications of one window's keyboard. Keyboard notifications have a
  /// nil object, so UIKit's trace (which names the window) tells this test's keyboard apart from
  /// the keyboards of tests running beside it.
  @MainActor private final class KeyboardNotes {
    var names: [String] = []
    var endFrames: [CGRect] = []
    /// UIKit's time at each notification.
    var times: [TimeInterval] = []
    private var token: UIKitTrace.ObserverToken?
    init(_ window: UIWindow) {
      let keyboardNames: Set<Notification.Name> = [
        UIResponder.keyboardWillShowNotification, UIResponder.keyboardDidShowNotification,
        UIResponder.keyboardWillHideNotification, UIResponder.keyboardDidHideNotification,
      ]
      token = UIKitTrace.addObserver { [weak self, weak window] record, recordWindow in
        guard let window, recordWindow === window, case .notification(let note) = record,
          keyboardNames.contains(note.name)
        else { return }
        self?.names.append(note.name.rawValue)
        self?.times.append(UIApplication.shared._scheduler.now)
        if let frame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue {
          self?.endFrames.append(frame)
        }
      }
    }
    isolated deinit { if let token { UIKitTrace.removeObserver(token) } }
  }

  @Test func keyboardDidShowArrivesInRealTimeWithoutAHost() async throws {
    try await waitUntil { UIApplication.shared._scheduler.driver == .realTime }
    let (window, field) = fieldInWindow()
    let notes = KeyboardNotes(window)
    window.keyboard.isSoftwareKeyboardEnabled = true
    let shownAt = UIApplication.shared._scheduler.now
    #expect(field.becomeFirstResponder())
    #expect(notes.names == ["UIKeyboardWillShowNotification"])
    // The "did" notification comes by itself, once the animation's quarter second is over.
    try await waitUntil { notes.names.count == 2 }
    #expect(notes.names == ["UIKeyboardWillShowNotification", "UIKeyboardDidShowNotification"])
    #expect(notes.times[0] - shownAt < 0.25)
    #expect(notes.times[1] - shownAt >= 0.25)
    #expect(notes.endFrames.count == 2 && notes.endFrames[0] == notes.endFrames[1] && notes.endFrames[0].height > 0)

    #expect(field.resignFirstResponder())
    try await waitUntil { notes.names.count == 4 }
    #expect(notes.names.suffix(2) == ["UIKeyboardWillHideNotification", "UIKeyboardDidHideNotification"])
  }

  @Test func animationAndPresentationCompletionsArriveInRealTime() async throws {
    try await waitUntil { UIApplication.shared._scheduler.driver == .realTime }
    let (window, _) = fieldInWindow()
    var done: [String] = []
    UIView.animate(withDuration: 0.1, animations: {}) { finished in done.append("animate \(finished)") }
    let alert = UIAlertController(title: "Hi", message: nil, preferredStyle: .alert)
    window.rootViewController?.present(alert, animated: false) { done.append("presented") }
    #expect(done.isEmpty)
    // Unanimated work due now is on the main queue already, and comes before the animation's
    // completion (waiting rather than one yield: on a loaded machine the queue may be behind).
    try await waitUntil { !done.isEmpty }
    #expect(done.first == "presented", "the presentation's completion first (the animation's may follow at once on a loaded machine)")
    try await waitUntil { done.count == 2 }
    #expect(done == ["presented", "animate true"])
    alert.dismiss(animated: false)
  }

  @Test func dispatchAfterChainsSeeUIKitWorkDone() async throws {
    try await waitUntil { UIApplication.shared._scheduler.driver == .realTime }
    let (window, field) = fieldInWindow()
    window.keyboard.isSoftwareKeyboardEnabled = true
    let notes = KeyboardNotes(window)
    field.becomeFirstResponder()
    // An app's `asyncAfter` past the keyboard's animation sees its "did" notification posted.
    let seen: [String] = await withCheckedContinuation { continuation in
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.15) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {
          MainActor.assumeIsolated { continuation.resume(returning: notes.names) }
        }
      }
    }
    #expect(seen == ["UIKeyboardWillShowNotification", "UIKeyboardDidShowNotification"])
    field.resignFirstResponder()
    try await waitUntil { notes.names.count == 4 }
  }

  /// Polls (through `Task.sleep`, which lets the main queue run) until `condition` holds, for at
  /// most `timeout` seconds of real time.
  /// The timeout is generous: hundreds of `@MainActor` tests of other suites take turns on the
  /// main actor between this test's polls, and on a loaded 2-core machine a poll has come back
  /// after more than 5 s (a CI run failed so, with no host left holding the clock at the end).
  private func waitUntil(
    timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
  ) async throws {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition(), Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
    #expect(condition(), "still false after \(timeout) s of real time", sourceLocation: sourceLocation)
  }
}
