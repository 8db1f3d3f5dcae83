import Foundation

/// What a scene is made of: its class and its delegate's class. iOS reads these from the app's
/// Info.plist (`UIApplicationSceneManifest`) or from the configuration the app delegate returns
/// in `application(_:configurationForConnecting:options:)`. There is no Info.plist on Linux: set
/// `delegateClass` in that method, e.g.
///
/// ```swift
/// let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: session.role)
/// configuration.delegateClass = SceneDelegate.self
/// return configuration
/// ```
@preconcurrency @MainActor
open class UISceneConfiguration: NSObject {
  /// The configuration's name.
  open private(set) var name: String?
  /// The role of the sessions it configures.
  open private(set) var role: UISceneSession.Role
  /// The class of the scene (a `UIWindowScene` when nil).
  open var sceneClass: AnyClass?
  /// The class of the scene's delegate, created by UIKit when the scene connects (through
  /// `UIResponder.init?(coder:)`; see there). Nil: the scene has no delegate.
  open var delegateClass: AnyClass?

  /// A configuration named `name` for sessions of `sessionRole`.
  public init(name: String?, sessionRole: UISceneSession.Role) {
    self.name = name
    self.role = sessionRole
    super.init()
  }
}
