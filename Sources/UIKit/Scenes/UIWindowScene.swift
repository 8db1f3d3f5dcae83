import Foundation

/// A scene that shows windows: the kind every iPhone app's scene is.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
  private var _windows: [WeakWindow] = []
  private struct WeakWindow { weak var window: UIWindow? }

  /// The windows of this scene, back to front.
  open var windows: [UIWindow] { _windows.compactMap(\.window) }

  /// The scene's key window, if one of its windows is key.
  open var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } }

  /// The screen the scene is on.
  open var screen: UIScreen { .main }

  // MARK: Traits

  /// The scene's overrides, cached traits and change registrations (Traits/).
  lazy var _traitState = _TraitState()

  /// The traits of the scene, which its windows inherit: the screen's, with the scene's overrides.
  open var traitCollection: UITraitCollection { _computedTraitCollection }

  /// Called after the scene's traits changed, with the traits from before.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

  func _add(_ window: UIWindow) {
    _windows.removeAll { $0.window == nil || $0.window === window }
    _windows.append(WeakWindow(window: window))
  }

  func _remove(_ window: UIWindow) {
    _windows.removeAll { $0.window == nil || $0.window === window }
  }
}
