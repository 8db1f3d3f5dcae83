import UIKit

/// The app delegate, as the book's chapters 4–7 write it: it makes the window, white, with the
/// hypnosis screen as its root view controller (the book's tab bar controller is left out: the
/// chapter's screen is its first tab).
class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    window = UIWindow(frame: UIScreen.main.bounds)
    window?.rootViewController = HypnosisViewController()
    window?.backgroundColor = .white
    window?.makeKeyAndVisible()
    return true
  }
}
