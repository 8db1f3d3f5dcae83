import Foundation
import Testing
import UIKit
import UIKitTesting

/// The launch and quit of an app with scenes (Xcode's template shape since iOS 13) and of one
/// without, in iOS's order: each delegate method, then its notification.
@MainActor @Suite(.serialized)
struct SceneLifecycleTests {
  /// What happened, in order: delegate calls and notifications.
  final class Log: @unchecked Sendable {
    var lines: [String] = []
  }

  /// Records the application's and the scenes' lifecycle notifications.
  final class NotificationRecorder {
    private var tokens: [NSObjectProtocol] = []
    init(_ log: Log) {
      let names: [Notification.Name] = [
        UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification,
        UIApplication.willResignActiveNotification, UIApplication.willTerminateNotification,
        UIScene.willConnectNotification, UIScene.willEnterForegroundNotification, UIScene.didActivateNotification,
        UIScene.willDeactivateNotification, UIScene.didEnterBackgroundNotification, UIScene.didDisconnectNotification,
      ]
      for name in names {
        tokens.append(
          NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
            let name = note.name.rawValue
            MainActor.assumeIsolated { log.lines.append(name) }
          })
      }
    }
    func stop() { tokens.forEach(NotificationCenter.default.removeObserver) }
  }

  /// The template's app delegate, recording.
  final class SceneAppDelegate: UIResponder, UIApplicationDelegate {
    nonisolated(unsafe) static var log = Log()
    func application(
      _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
      Self.log.lines.append("app willFinishLaunching")
      return true
    }
    func application(
      _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
      Self.log.lines.append("app didFinishLaunching")
      return true
    }
    func application(
      _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
      options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
      Self.log.lines.append("app configurationForConnecting \(connectingSceneSession.role.rawValue)")
      let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
      configuration.delegateClass = RecordingSceneDelegate.self
      return configuration
    }
    func applicationDidBecomeActive(_ application: UIApplication) { Self.log.lines.append("app didBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { Self.log.lines.append("app willResignActive") }
    func applicationWillTerminate(_ application: UIApplication) { Self.log.lines.append("app willTerminate") }
  }

  /// The template's scene delegate: it builds the window.
  final class RecordingSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    nonisolated(unsafe) static weak var last: RecordingSceneDelegate?
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
      Self.last = self
      SceneAppDelegate.log.lines.append("scene willConnectTo \(scene.activationState)")
      guard let windowScene = scene as? UIWindowScene else { return }
      window = UIWindow(windowScene: windowScene)
      window?.rootViewController = UIViewController()
      window?.makeKeyAndVisible()
    }
    func sceneWillEnterForeground(_ scene: UIScene) {
      SceneAppDelegate.log.lines.append("scene willEnterForeground \(scene.activationState)")
    }
    func sceneDidBecomeActive(_ scene: UIScene) {
      SceneAppDelegate.log.lines.append("scene didBecomeActive \(scene.activationState)")
    }
    func sceneWillResignActive(_ scene: UIScene) { SceneAppDelegate.log.lines.append("scene willResignActive") }
    func sceneDidEnterBackground(_ scene: UIScene) { SceneAppDelegate.log.lines.append("scene didEnterBackground") }
    func sceneDidDisconnect(_ scene: UIScene) { SceneAppDelegate.log.lines.append("scene didDisconnect") }
  }

  @Test func anAppWithScenesLaunchesAndQuitsInIOSOrder() throws {
    let log = Log()
    SceneAppDelegate.log = log
    let recorder = NotificationRecorder(log)
    defer { recorder.stop() }
    let app = UIApplication.shared
    let delegate = SceneAppDelegate()
    app._launch(delegate: delegate)
    #expect(log.lines == [
      "app willFinishLaunching",
      "app didFinishLaunching",
      "UIApplicationDidFinishLaunchingNotification",
      "app configurationForConnecting UIWindowSceneSessionRoleApplication",
      "scene willConnectTo unattached",
      "UISceneWillConnectNotification",
      "scene willEnterForeground foregroundInactive",
      "UISceneWillEnterForegroundNotification",
      "scene didBecomeActive foregroundActive",
      "UISceneDidActivateNotification",
      "UIApplicationDidBecomeActiveNotification",
    ], "the app delegate is not told the app became active: its scene is")

    let scene = try #require(app.connectedScenes.first as? UIWindowScene)
    let sceneDelegate = try #require(RecordingSceneDelegate.last)
    #expect(scene.delegate === sceneDelegate)
    #expect(scene.session.configuration.name == "Default Configuration")
    #expect(scene.session.scene === scene && app.openSessions.contains(scene.session))
    let window = try #require(sceneDelegate.window)
    #expect(window.windowScene === scene && scene.windows == [window] && scene.keyWindow === window)
    #expect(app.keyWindow === window)
    #expect(window.frame == UIScreen.main.bounds)

    log.lines.removeAll()
    app._terminate()
    #expect(log.lines == [
      "scene willResignActive",
      "UISceneWillDeactivateNotification",
      "UIApplicationWillResignActiveNotification",
      "scene didEnterBackground",
      "UISceneDidEnterBackgroundNotification",
      "scene didDisconnect",
      "UISceneDidDisconnectNotification",
      "app willTerminate",
      "UIApplicationWillTerminateNotification",
    ])
    #expect(app.connectedScenes.isEmpty)
    #expect(scene.activationState == .unattached)
    window.isHidden = true
    withExtendedLifetime(delegate) {}
  }

  /// An app delegate that builds its own window (no scenes), as before iOS 13.
  final class WindowAppDelegate: NSObject, UIApplicationDelegate {
    var window: UIWindow?
    var calls: [String] = []
    func application(
      _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
      calls.append("didFinishLaunching")
      window = UIWindow(frame: UIScreen.main.bounds)
      window?.rootViewController = UIViewController()
      window?.makeKeyAndVisible()
      return true
    }
    func applicationDidBecomeActive(_ application: UIApplication) { calls.append("didBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { calls.append("willResignActive") }
    func applicationWillTerminate(_ application: UIApplication) { calls.append("willTerminate") }
  }

  @Test func anAppWithoutScenesIsToldItselfWhenItBecomesActive() {
    let delegate = WindowAppDelegate()
    UIApplication.shared._launch(delegate: delegate)
    #expect(UIApplication.shared.connectedScenes.isEmpty)
    #expect(UIApplication.shared.keyWindow === delegate.window)
    UIApplication.shared._terminate()
    #expect(delegate.calls == ["didFinishLaunching", "didBecomeActive", "willResignActive", "willTerminate"])
    delegate.window?.isHidden = true
  }

  @Test func uikitCreatesDelegatesFromTheirClassWithoutAnArchive() {
    // What `@main` and a configuration's `delegateClass` rely on: a delegate class with no
    // initializers of its own inherits `init?(coder:)`, and its properties get their defaults.
    let type: UIResponder.Type = RecordingSceneDelegate.self
    final class EmptyCoder: NSCoder {
      override var allowsKeyedCoding: Bool { true }
    }
    let made = type.init(coder: EmptyCoder())
    #expect(made is RecordingSceneDelegate)
    #expect((made as? RecordingSceneDelegate)?.window == nil)
  }
}
