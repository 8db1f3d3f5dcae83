import Foundation
import TextEditing

/// What the app object tells the app: it launched, it became active, it will terminate. Every
/// requirement has a default (they are `optional` on iOS).
///
/// As on iOS, `@main` on the delegate class starts the app (see ``main()``); `UIApplicationMain`
/// in `main.swift` works too, handed the delegate object (Linux Swift cannot create an object
/// from a class name; see `TerminalHost`'s `UIApplicationMain`).
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
  /// The app's main window (apps without scenes keep it here).
  var window: UIWindow? { get set }

  /// The app is about to launch: restore state.
  func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool

  /// The app launched: build the window, set its root view controller, make it key and visible.
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool

  /// The app is now active (in front, receiving events).
  func applicationDidBecomeActive(_ application: UIApplication)
  /// The app is about to stop being active.
  func applicationWillResignActive(_ application: UIApplication)
  /// The app is about to end.
  func applicationWillTerminate(_ application: UIApplication)

  /// The configuration of a scene about to connect. Apps that use scenes return one whose
  /// `delegateClass` is their scene delegate (iOS may read it from Info.plist instead; there is
  /// none on Linux). The default has no delegate class: the app then has no scenes and builds
  /// its window in `application(_:didFinishLaunchingWithOptions:)`.
  func application(
    _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration

  /// The user discarded scene sessions (never, in a terminal).
  func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)

  /// The orientations the app allows in `window` (with the controller on screen's, they decide
  /// whether the interface turns). The default is what an iPhone app's Info.plist allows out of
  /// Xcode's template: all but upside down; an iPad app's: all.
  func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?)
    -> UIInterfaceOrientationMask
}

extension UIApplicationDelegate {
  public var window: UIWindow? {
    get { nil }
    set {}
  }
  public func application(
    _ application: UIApplication,
    willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
  public func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }
  public func applicationDidBecomeActive(_ application: UIApplication) {}
  public func applicationWillResignActive(_ application: UIApplication) {}
  public func applicationWillTerminate(_ application: UIApplication) {}
  public func application(
    _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
  }
  public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
  public func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?)
    -> UIInterfaceOrientationMask
  {
    UIScreen.main._userInterfaceIdiom == .pad ? .all : .allButUpsideDown
  }
}

extension UIApplicationDelegate where Self: UIResponder {
  /// Runs the app: what `@main` on the app delegate calls, as on iOS
  /// (`@main class AppDelegate: UIResponder, UIApplicationDelegate`). UIKit creates the
  /// delegate (through `init?(coder:)`, see ``UIResponder``) and hands it to the host linked into
  /// the program (TerminalHost runs it in the terminal, with the command line's options).
  public static func main() {
    guard let delegate = Self(coder: _UIKitInstantiationCoder()) else {
      fatalError("\(Self.self).init?(coder:) returned nil: UIKit creates the @main app delegate with it")
    }
    guard let host = UIApplication._mainHost else {
      fatalError(
        "@main on \(Self.self) needs a host to run the app in: add the TerminalHost product to the "
          + "executable's dependencies, or call a host's UIApplicationMain from main.swift")
    }
    host(delegate)
  }
}

/// The archive UIKit hands `init?(coder:)` when it creates an object from its class (the `@main`
/// app delegate, a scene's delegate): an empty one, as the object comes from no archive.
final class _UIKitInstantiationCoder: NSCoder {
  override var allowsKeyedCoding: Bool { true }
  override func containsValue(forKey key: String) -> Bool { false }
}

extension UIApplication {
  /// Keys of the launch options dictionary.
  public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The app was opened with a URL.
    public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
  }

  /// Posted after `application(_:didFinishLaunchingWithOptions:)` returned.
  nonisolated public static let didFinishLaunchingNotification = Notification.Name(
    "UIApplicationDidFinishLaunchingNotification")
  /// Posted when the app became active.
  nonisolated public static let didBecomeActiveNotification = Notification.Name(
    "UIApplicationDidBecomeActiveNotification")
  /// Posted when the app is about to stop being active.
  nonisolated public static let willResignActiveNotification = Notification.Name(
    "UIApplicationWillResignActiveNotification")
  /// Posted when the app is about to end.
  nonisolated public static let willTerminateNotification = Notification.Name(
    "UIApplicationWillTerminateNotification")

  /// Launches: tells the delegate, in iOS's order, that the app will and did finish launching;
  /// then, for an app with scenes (its configuration names a delegate class), connects one scene
  /// and brings it to the foreground and active, or else tells the app delegate the app became
  /// active (each delegate method before its notification). Hosts call this once.
  package func _launch(delegate: any UIApplicationDelegate) {
    self.delegate = delegate
    _ = delegate.application(self, willFinishLaunchingWithOptions: nil)
    _ = delegate.application(self, didFinishLaunchingWithOptions: nil)
    NotificationCenter.default.post(name: UIApplication.didFinishLaunchingNotification, object: self)
    if let scene = _connectScene(delegate: delegate) {
      // With scenes, the scene delegate hears about the foreground and activity, not the app
      // delegate; the application's notifications are still posted.
      scene.activationState = .foregroundInactive
      scene.delegate?.sceneWillEnterForeground(scene)
      NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: scene)
      scene.activationState = .foregroundActive
      scene.delegate?.sceneDidBecomeActive(scene)
      NotificationCenter.default.post(name: UIScene.didActivateNotification, object: scene)
    } else {
      delegate.applicationDidBecomeActive(self)
    }
    NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: self)
  }

  /// Terminates: the app resigns active, then will terminate (with the notifications). An app
  /// with scenes: each scene resigns active, goes to the background and disconnects first.
  package func _terminate() {
    let scenes = _connectedScenes
    if scenes.isEmpty {
      delegate?.applicationWillResignActive(self)
    }
    for scene in scenes {
      scene.activationState = .foregroundInactive
      scene.delegate?.sceneWillResignActive(scene)
      NotificationCenter.default.post(name: UIScene.willDeactivateNotification, object: scene)
    }
    NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: self)
    for scene in scenes {
      scene.activationState = .background
      scene.delegate?.sceneDidEnterBackground(scene)
      NotificationCenter.default.post(name: UIScene.didEnterBackgroundNotification, object: scene)
    }
    for scene in scenes {
      scene.activationState = .unattached
      _connectedScenes.removeAll { $0 === scene }
      scene.delegate?.sceneDidDisconnect(scene)
      NotificationCenter.default.post(name: UIScene.didDisconnectNotification, object: scene)
    }
    delegate?.applicationWillTerminate(self)
    NotificationCenter.default.post(name: UIApplication.willTerminateNotification, object: self)
  }

  /// Asks the app delegate for the configuration of the launch scene; when it names a delegate
  /// class, creates the scene and its delegate and tells the delegate the scene will connect.
  private func _connectScene(delegate: any UIApplicationDelegate) -> UIScene? {
    let options = UIScene.ConnectionOptions()
    let session = UISceneSession(
      role: .windowApplication, configuration: UISceneConfiguration(name: nil, sessionRole: .windowApplication))
    let configuration = delegate.application(self, configurationForConnecting: session, options: options)
    guard let delegateClass = configuration.delegateClass else { return nil }
    session.configuration = configuration
    let sceneClass: UIScene.Type
    if let configured = configuration.sceneClass {
      guard let type = configured as? UIScene.Type else {
        preconditionFailure("UISceneConfiguration.sceneClass \(configured) is not a UIScene subclass")
      }
      sceneClass = type
    } else {
      sceneClass = UIWindowScene.self
    }
    guard let delegateType = delegateClass as? UIResponder.Type,
      let sceneDelegate = delegateType.init(coder: _UIKitInstantiationCoder()) as? any UISceneDelegate
    else {
      preconditionFailure(
        "UISceneConfiguration.delegateClass \(delegateClass) must be a UIResponder subclass adopting UISceneDelegate "
          + "(UIKit creates it with init?(coder:))")
    }
    let scene = sceneClass.init(session: session, connectionOptions: options)
    scene.delegate = sceneDelegate
    session.scene = scene
    _openSessions.append(session)
    _connectedScenes.append(scene)
    sceneDelegate.scene(scene, willConnectTo: session, options: options)
    NotificationCenter.default.post(name: UIScene.willConnectNotification, object: scene)
    return scene
  }
}
