import Foundation

/// What a scene tells its delegate about its life (see ``UIScene`` for the order). Every
/// requirement has a default (they are `optional` on iOS), so the optional-call syntax of iOS
/// code compiles: `delegate?.sceneDidBecomeActive?(scene)`.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
  /// The scene is connecting: build its window here.
  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
  /// The scene was removed from the app.
  func sceneDidDisconnect(_ scene: UIScene)
  /// The scene became active (on screen, receiving events).
  func sceneDidBecomeActive(_ scene: UIScene)
  /// The scene is about to stop being active.
  func sceneWillResignActive(_ scene: UIScene)
  /// The scene is about to come on screen.
  func sceneWillEnterForeground(_ scene: UIScene)
  /// The scene went off screen.
  func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
  ) {}
  public func sceneDidDisconnect(_ scene: UIScene) {}
  public func sceneDidBecomeActive(_ scene: UIScene) {}
  public func sceneWillResignActive(_ scene: UIScene) {}
  public func sceneWillEnterForeground(_ scene: UIScene) {}
  public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// A window scene's delegate: it keeps the scene's main window.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
  /// The scene's main window.
  var window: UIWindow? { get set }
  /// The scene's coordinate space, interface orientation or traits changed (a rotation, a
  /// resize); the arguments are the ones from before.
  func windowScene(
    _ windowScene: UIWindowScene, didUpdate previousCoordinateSpace: any UICoordinateSpace,
    interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation,
    traitCollection previousTraitCollection: UITraitCollection)
}

extension UIWindowSceneDelegate {
  public var window: UIWindow? {
    get { nil }
    set {}
  }
  public func windowScene(
    _ windowScene: UIWindowScene, didUpdate previousCoordinateSpace: any UICoordinateSpace,
    interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation,
    traitCollection previousTraitCollection: UITraitCollection
  ) {}
}

// MARK: Optional-call syntax (see UITextFieldDelegate: a same-named property of optional type
// calls each method, so `delegate?.sceneDidBecomeActive?(scene)` compiles; it is never nil)

extension UISceneDelegate {
  /// `delegate?.scene?(scene, willConnectTo: session, options: options)`.
  public var scene: UISceneDelegateSceneCall? { UISceneDelegateSceneCall(delegate: self) }
  /// `delegate?.sceneDidDisconnect?(scene)`.
  public var sceneDidDisconnect: ((UIScene) -> Void)? { { self.sceneDidDisconnect($0) } }
  /// `delegate?.sceneDidBecomeActive?(scene)`.
  public var sceneDidBecomeActive: ((UIScene) -> Void)? { { self.sceneDidBecomeActive($0) } }
  /// `delegate?.sceneWillResignActive?(scene)`.
  public var sceneWillResignActive: ((UIScene) -> Void)? { { self.sceneWillResignActive($0) } }
  /// `delegate?.sceneWillEnterForeground?(scene)`.
  public var sceneWillEnterForeground: ((UIScene) -> Void)? { { self.sceneWillEnterForeground($0) } }
  /// `delegate?.sceneDidEnterBackground?(scene)`.
  public var sceneDidEnterBackground: ((UIScene) -> Void)? { { self.sceneDidEnterBackground($0) } }
}

/// The value behind `delegate?.scene?(…)`: the delegate methods whose base name is `scene`.
@preconcurrency @MainActor
public struct UISceneDelegateSceneCall {
  let delegate: any UISceneDelegate
  public func callAsFunction(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
  ) {
    delegate.scene(scene, willConnectTo: session, options: connectionOptions)
  }
}
