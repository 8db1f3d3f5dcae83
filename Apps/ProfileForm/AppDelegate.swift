import Foundation
import UIKit

/// The app delegate: a window with the profile form in a navigation controller; when the app
/// quits, the saved profiles are printed as JSON.
class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?
  let form = ProfileFormViewController()

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    window = UIWindow(frame: UIScreen.main.bounds)
    window?.rootViewController = UINavigationController(rootViewController: form)
    window?.makeKeyAndVisible()
    return true
  }

  func applicationWillTerminate(_ application: UIApplication) {
    print(form.savedProfilesJSON())
  }
}
