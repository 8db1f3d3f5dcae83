import Foundation

/// What the app object tells the app: it launched, it became active, it will terminate. Every
/// requirement has a default (they are `optional` on iOS).
///
/// On iOS, `@main` on the delegate class starts `UIApplicationMain`, which creates the delegate
/// from its class name. Linux Swift has no Objective-C runtime to create an object from a name,
/// so a host is handed a delegate object instead (see `TerminalHost`'s `UIApplicationMain`).
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

  /// Launches: tells the delegate, in iOS's order, that the app will and did finish launching,
  /// then that it became active (with the notifications). Hosts call this once.
  package func _launch(delegate: any UIApplicationDelegate) {
    self.delegate = delegate
    _ = delegate.application(self, willFinishLaunchingWithOptions: nil)
    _ = delegate.application(self, didFinishLaunchingWithOptions: nil)
    NotificationCenter.default.post(name: UIApplication.didFinishLaunchingNotification, object: self)
    delegate.applicationDidBecomeActive(self)
    NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: self)
  }

  /// Terminates: the app resigns active, then will terminate (with the notifications).
  package func _terminate() {
    delegate?.applicationWillResignActive(self)
    NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: self)
    delegate?.applicationWillTerminate(self)
    NotificationCenter.default.post(name: UIApplication.willTerminateNotification, object: self)
  }
}
