import UIKit

/// The app delegate: on iOS the storyboard makes the window; here the delegate does.
class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    window = UIWindow(frame: UIScreen.main.bounds)
    window?.rootViewController = ConversionViewController()
    window?.makeKeyAndVisible()
    return true
  }
}
