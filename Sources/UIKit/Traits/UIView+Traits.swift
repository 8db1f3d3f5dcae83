import Foundation
import QuartzCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension UIView: _TraitEnvironmentInternal {
  func _traitOverridesDidChange() { _TraitSystem.markSubtree(self) }

  /// What UIKit does itself when the view's traits changed (after telling the view): a dynamic
  /// background colour resolves again, and so does what `draw(_:)` drew; the view lays out.
  func _traitsDidChange() {
    setNeedsLayout()
    _resolveDynamicBackground()
    setNeedsDisplay()
    // A view whose Dynamic Type font follows the content size category takes its own
    // category: the app's, or one an ancestor overrides (`traitOverrides.preferredContentSizeCategory`).
    if let adjusting = self as? any _ContentSizeCategoryFollowing, adjusting.adjustsFontForContentSizeCategory {
      adjusting._contentSizeCategoryDidChange(to: UIContentSizeCategory._resolved(traitCollection.preferredContentSizeCategory))
    }
  }

  /// Resolves a dynamic background colour again with the view's traits, unless something set
  /// the layer's colour since (UIKit leaves that alone, as on iOS).
  func _resolveDynamicBackground() {
    guard let dynamic = _dynamicBackground, layer.backgroundColor == dynamic.resolved else { return }
    let resolved = dynamic.color.resolvedColor(with: traitCollection).cgColor
    guard resolved != dynamic.resolved else { return }
    _dynamicBackground = (dynamic.color, resolved)
    UIView.performWithoutAnimation { layer.backgroundColor = resolved }
  }

  // MARK: The view being drawn

  /// The view whose content is being drawn, and the thread drawing it: `UIColor.tintColor`
  /// resolves to that view's tint.
  nonisolated(unsafe) private static var _drawing: (view: UIView, thread: pthread_t)?

  static func _beginDrawing(_ view: UIView) -> (view: UIView, thread: pthread_t)? {
    let previous = _drawing
    _drawing = (view, pthread_self())
    return previous
  }

  static func _endDrawing(_ previous: (view: UIView, thread: pthread_t)?) { _drawing = previous }

  /// The tint of the view being drawn on this thread, if one is.
  nonisolated static func _tintOfViewBeingDrawn() -> UIColor? {
    guard let drawing = _drawing, pthread_equal(drawing.thread, pthread_self()) != 0 else { return nil }
    return MainActor.assumeIsolated { drawing.view.tintColor }
  }
}

extension UITraitChangeObservable {
  /// The traits this object sets for itself and what it contains, over those it inherits.
  public var traitOverrides: UITraitOverrides {
    get { _traitEnvironment._traitOverrides }
    nonmutating set { _traitEnvironment._traitOverrides = newValue }
  }

  @discardableResult
  public func registerForTraitChanges<TraitEnvironment: UITraitEnvironment>(
    _ traits: [UITrait], handler: @escaping TraitChangeHandler<TraitEnvironment>
  ) -> any UITraitChangeRegistration {
    _traitEnvironment._register(traits, handler: handler)
  }

  /// Calls `action` on `target` whenever one of `traits` changes.
  @discardableResult
  public func registerForTraitChanges<Target: AnyObject>(
    _ traits: [UITrait], target: Target, action: @escaping (Target) -> () -> Void
  ) -> any UITraitChangeRegistration {
    _traitEnvironment._register(traits) { [weak target] (_: any UITraitEnvironment, _: UITraitCollection) in
      if let target { action(target)() }
    }
  }

  /// Calls `action` on `target` with the object whose traits changed.
  @discardableResult
  public func registerForTraitChanges<Target: AnyObject, Environment: UITraitEnvironment>(
    _ traits: [UITrait], target: Target, action: @escaping (Target) -> (Environment) -> Void
  ) -> any UITraitChangeRegistration {
    _traitEnvironment._register(traits) { [weak target] (environment: Environment, _: UITraitCollection) in
      if let target { action(target)(environment) }
    }
  }

  /// Calls `action` on `target` with the object whose traits changed and its traits from before.
  @discardableResult
  public func registerForTraitChanges<Target: AnyObject, Environment: UITraitEnvironment>(
    _ traits: [UITrait], target: Target, action: @escaping (Target) -> (Environment, UITraitCollection) -> Void
  ) -> any UITraitChangeRegistration {
    _traitEnvironment._register(traits) { [weak target] (environment: Environment, previous: UITraitCollection) in
      if let target { action(target)(environment, previous) }
    }
  }

  /// Calls `action` on the object itself whenever one of `traits` changes.
  @discardableResult
  public func registerForTraitChanges<Target: AnyObject>(
    _ traits: [UITrait], action: @escaping (Target) -> () -> Void
  ) -> any UITraitChangeRegistration {
    _traitEnvironment._register(traits) { (environment: any UITraitEnvironment, _: UITraitCollection) in
      if let target = environment as? Target { action(target)() }
    }
  }

  /// Calls `action` on the object itself with its traits from before.
  @discardableResult
  public func registerForTraitChanges<Target: AnyObject>(
    _ traits: [UITrait], action: @escaping (Target) -> (any UITraitEnvironment, UITraitCollection) -> Void
  ) -> any UITraitChangeRegistration {
    _traitEnvironment._register(traits) { (environment: any UITraitEnvironment, previous: UITraitCollection) in
      if let target = environment as? Target { action(target)(environment, previous) }
    }
  }

  public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
    _traitEnvironment._unregister(registration)
  }

  private var _traitEnvironment: any _TraitEnvironmentInternal {
    guard let environment = self as? any _TraitEnvironmentInternal else {
      preconditionFailure(
        "\(type(of: self)) observes trait changes only as one of UIKit's trait environments (a view, a view controller, a presentation controller or a window scene)"
      )
    }
    return environment
  }
}
