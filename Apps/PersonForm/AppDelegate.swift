import Foundation
import UIKit

/// The app delegate: makes the window with the form (the root of a navigation controller, for
/// its title and Save button), and prints the collected record as JSON
/// when the app quits.
class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?
  let form = PersonFormViewController()

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
    // What is being typed counts too: end editing (without asking) so that the delegate
    // stores it, then print the record.
    window?.endEditing(true)
    print(form.recordJSON())
  }
}
