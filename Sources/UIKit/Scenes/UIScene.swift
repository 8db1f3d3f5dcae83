import Foundation

/// One instance of the app's user interface. iOS apps that opt into scenes (the templates since
/// iOS 13 do) get one scene at launch; its delegate builds the window (`UIWindow(windowScene:)`).
///
/// The lifecycle, as on iOS, in this order (each delegate method before its notification):
/// at launch `scene(_:willConnectTo:options:)` (``willConnectNotification``),
/// `sceneWillEnterForeground(_:)` (``willEnterForegroundNotification``), `sceneDidBecomeActive(_:)`
/// (``didActivateNotification``); when the app quits `sceneWillResignActive(_:)`
/// (``willDeactivateNotification``), `sceneDidEnterBackground(_:)`
/// (``didEnterBackgroundNotification``), `sceneDidDisconnect(_:)` (``didDisconnectNotification``).
@preconcurrency @MainActor
open class UIScene: UIResponder {
  /// Where a scene is in its life.
  public enum ActivationState: Int, Sendable {
    /// Not running: connected but not yet on screen, or disconnecting.
    case unattached = -1
    /// On screen and receiving events.
    case foregroundActive = 0
    /// On screen but not receiving events.
    case foregroundInactive = 1
    /// Off screen.
    case background = 2
  }

  /// What the system knows about why a scene is connecting. A launch from a terminal has no
  /// source application; the URL contexts, user activities and shortcut items of iOS are not
  /// modelled (Foundation on Linux has no `NSUserActivity`).
  @preconcurrency @MainActor
  open class ConnectionOptions: NSObject {
    /// The app that asked for the scene, if any.
    open private(set) var sourceApplication: String?

    override package init() {
      super.init()
    }
  }

  /// The session the scene belongs to.
  public let session: UISceneSession
  /// The scene's delegate (held strongly, as UIKit holds it for the life of the scene).
  open var delegate: (any UISceneDelegate)?
  /// Where the scene is in its life.
  open internal(set) var activationState: ActivationState = .unattached
  /// The scene's title (shown by the system's app switcher).
  open var title: String!

  /// A scene for `session`, connecting with `connectionOptions`.
  public required init(session: UISceneSession, connectionOptions: ConnectionOptions) {
    self.session = session
    super.init()
  }

  /// Scenes are made by UIKit for a session, not from an archive.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// The next responder: the application.
  open override var next: UIResponder? { UIApplication.shared }

  /// Posted after the scene's delegate was told it will connect.
  nonisolated public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
  /// Posted after the scene's delegate was told it disconnected.
  nonisolated public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
  /// Posted after the scene became active.
  nonisolated public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
  /// Posted after the scene's delegate was told it will resign active.
  nonisolated public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
  /// Posted after the scene's delegate was told it will enter the foreground.
  nonisolated public static let willEnterForegroundNotification = Notification.Name(
    "UISceneWillEnterForegroundNotification")
  /// Posted after the scene's delegate was told it entered the background.
  nonisolated public static let didEnterBackgroundNotification = Notification.Name(
    "UISceneDidEnterBackgroundNotification")
}
