import Foundation

/// An object with traits: a screen, a window scene, a window, a view, a view controller or a
/// presentation controller. Each inherits its traits from what holds it (screen → window scene
/// → window → views; a view controller from its view's superview, as since iOS 17) and applies
/// its own overrides on top.
@preconcurrency @MainActor
public protocol UITraitEnvironment: NSObjectProtocol {
  /// The traits in effect for this object now.
  var traitCollection: UITraitCollection { get }
  /// Called after the traits changed, with the traits from before (deprecated on iOS 17 in
  /// favour of `registerForTraitChanges`, and still called, for every change).
  func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

/// What `registerForTraitChanges` returns: give it to `unregisterForTraitChanges(_:)` to stop
/// the calls. (A registration also ends with the object it was made on.)
public protocol UITraitChangeRegistration: NSObjectProtocol, Sendable {}

/// An object whose trait changes can be observed: views, view controllers, presentation
/// controllers and window scenes.
///
/// The handler runs when one of the traits it names changes, with the object and its traits
/// from before; `UITraitCollection.current` is the new traits while it runs:
///
/// ```swift
/// registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (self: Self, previous: UITraitCollection) in
///   self.layer.borderColor = UIColor.separator.cgColor
/// }
/// ```
///
/// Linux difference: there are no Objective-C selectors, so the target–action forms take a
/// method reference (`action: Self.updateColors`), which may take no argument, the object, or
/// the object and the previous traits, as the selector's method may on iOS.
@preconcurrency @MainActor
public protocol UITraitChangeObservable {
  /// The closure `registerForTraitChanges` calls: the object whose traits changed and its
  /// traits from before.
  typealias TraitChangeHandler<TraitEnvironment: UITraitEnvironment> = (TraitEnvironment, UITraitCollection) -> Void

  /// Calls `handler` whenever one of `traits` changes.
  @discardableResult
  func registerForTraitChanges<TraitEnvironment: UITraitEnvironment>(
    _ traits: [UITrait], handler: @escaping TraitChangeHandler<TraitEnvironment>
  ) -> any UITraitChangeRegistration

  /// Stops the calls of a registration.
  func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration)
}

/// An object with its own trait overrides, trait cache and change registrations.
@MainActor
protocol _TraitEnvironmentInternal: UITraitEnvironment, UITraitChangeObservable {
  var _traitState: _TraitState { get }
  /// The traits this object inherits (before its overrides).
  var _inheritedTraits: UITraitCollection { get }
  /// The traits it would have outside any hierarchy: what it started with (by default the
  /// main screen's, with the object's overrides).
  var _standaloneTraits: UITraitCollection { get }
  /// Marks what inherits from this object for a trait update (its override changed).
  func _traitOverridesDidChange()
}

/// The per-object part of the trait system.
@MainActor
final class _TraitState {
  var overrides = UITraitOverrides()
  var cached: UITraitCollection?
  var cachedGeneration: UInt64 = 0
  /// The traits the object was last told about (nil: never told; its baseline is its
  /// standalone traits).
  var reported: UITraitCollection?
  var registrations: [_TraitChangeRegistrationRecord] = []

  init() {}
}

/// One `registerForTraitChanges` call.
final class _TraitChangeRegistrationRecord: NSObject, UITraitChangeRegistration, @unchecked Sendable {
  let traits: [ObjectIdentifier]
  /// Calls the handler with the object and the previous traits.
  let call: @MainActor (AnyObject, UITraitCollection) -> Void

  init(traits: [UITrait], call: @escaping @MainActor (AnyObject, UITraitCollection) -> Void) {
    self.traits = traits.map { ObjectIdentifier($0) }
    self.call = call
  }

  func matches(_ changed: [UITrait]) -> Bool {
    changed.contains { traits.contains(ObjectIdentifier($0)) }
  }
}

extension _TraitEnvironmentInternal {
  var _standaloneTraits: UITraitCollection { _applyingOverrides(to: UIScreen.main.traitCollection) }

  /// `base` with this object's overrides on top (`base` itself when there are none, so that
  /// objects without overrides share their ancestor's collection).
  func _applyingOverrides(to base: UITraitCollection) -> UITraitCollection {
    let overrides = _traitState.overrides._values
    guard !overrides.entries.isEmpty else { return base }
    var values = base._values
    values.merge(overrides)
    return UITraitCollection(_values: values)
  }

  /// The traits: inherited ones with the overrides applied, computed again only after
  /// something they come from changed (``_TraitSystem/generation``).
  var _computedTraitCollection: UITraitCollection {
    let state = _traitState
    if state.cachedGeneration == _TraitSystem.generation, let cached = state.cached { return cached }
    let traits = _applyingOverrides(to: _inheritedTraits)
    state.cached = traits
    state.cachedGeneration = _TraitSystem.generation
    return traits
  }

  /// The overrides, as the `traitOverrides` property gives and takes them.
  var _traitOverrides: UITraitOverrides {
    get { _traitState.overrides }
    set {
      let old = _traitState.overrides
      _traitState.overrides = newValue
      if !old._values.sameValues(as: newValue._values) || old._values.entries.count != newValue._values.entries.count {
        _TraitSystem.invalidate()
        _traitOverridesDidChange()
      }
    }
  }

  func _register<TraitEnvironment>(
    _ traits: [UITrait], handler: @escaping (TraitEnvironment, UITraitCollection) -> Void
  ) -> any UITraitChangeRegistration {
    let record = _TraitChangeRegistrationRecord(traits: traits) { object, previous in
      guard let environment = object as? TraitEnvironment else { return }
      handler(environment, previous)
    }
    _traitState.registrations.append(record)
    return record
  }

  func _unregister(_ registration: any UITraitChangeRegistration) {
    _traitState.registrations.removeAll { $0 === registration }
  }

  /// Tells the object its traits changed, if they did since it was last told: the override
  /// point first, then the registrations whose traits changed, each with `current` set to the
  /// new traits. Returns whether anything changed.
  @discardableResult
  func _deliverTraitChanges() -> Bool {
    let state = _traitState
    let now = traitCollection
    let previous = state.reported ?? _standaloneTraits
    state.reported = now
    if previous === now { return false }
    let changed = now.changedTraits(from: previous)
    guard !changed.isEmpty else { return false }
    UITraitCollection._withCurrent(now) {
      traitCollectionDidChange(previous)
      for registration in state.registrations where registration.matches(changed) {
        registration.call(self, previous)
      }
    }
    return true
  }
}

/// Keeps trait collections current and tells objects when theirs change.
///
/// Every trait collection is computed from what holds the object, so a change anywhere above
/// (an override, a move to another superview, the screen's style) bumps one generation
/// counter, and each object computes its traits again the next time they are read. Telling
/// objects is lazy, as on iOS 17: an object whose traits may have changed is marked, and the
/// next layout pass (`layoutIfNeeded`, which every host runs before it draws) calls
/// `traitCollectionDidChange(_:)` and the registrations — for a view, before its
/// `layoutSubviews`. Only objects in a window are told, as iOS tells only views in a hierarchy.
@MainActor
enum _TraitSystem {
  /// Bumped whenever anything traits are computed from changes.
  static var generation: UInt64 = 1
  /// The views whose subtrees may have traits that changed.
  private static var pendingViews: [WeakView] = []
  /// Whether every window (and the screen and scenes) may have traits that changed.
  private static var pendingAll = false
  private static var delivering = false

  private struct WeakView { weak var view: UIView? }

  static func invalidate() { generation &+= 1 }

  /// Marks `view` and what it holds for a trait update at the next layout pass.
  static func markSubtree(_ view: UIView) {
    generation &+= 1
    pendingViews.append(WeakView(view: view))
    view.setNeedsLayout()
  }

  /// Marks every window (the screen's traits changed).
  static func markAll() {
    generation &+= 1
    pendingAll = true
    for window in UIApplication.shared._allWindows { window.setNeedsLayout() }
  }

  static var hasPendingWork: Bool { pendingAll || !pendingViews.isEmpty }

  /// Tells what was marked. A callback that changes traits again (an override set in
  /// `traitCollectionDidChange`) is told in a further round; a few rounds settle any real
  /// change.
  static func deliverPending() {
    guard hasPendingWork, !delivering else { return }
    delivering = true
    defer { delivering = false }
    for _ in 0..<8 {
      guard hasPendingWork else { return }
      var roots: [UIView] = []
      if pendingAll {
        UIScreen.main._deliverTraitChanges()
        for case let scene as UIWindowScene in UIApplication.shared._connectedScenes { scene._deliverTraitChanges() }
        roots = UIApplication.shared._allWindows
        pendingAll = false
        pendingViews.removeAll()
      } else {
        roots = pendingViews.compactMap(\.view)
        pendingViews.removeAll()
      }
      var visited = Set<ObjectIdentifier>()
      for root in roots where root.window != nil { deliver(root, visited: &visited) }
    }
  }

  private static func deliver(_ view: UIView, visited: inout Set<ObjectIdentifier>) {
    guard visited.insert(ObjectIdentifier(view)).inserted else { return }
    if let controller = view._viewController { _deliver(to: controller) }
    // A dynamic background set before the view was first told (while it had other traits) is
    // brought up to date then too.
    let firstTime = view._traitState.reported == nil
    if view._deliverTraitChanges() {
      view._traitsDidChange()
    } else if firstTime {
      view._resolveDynamicBackground()
    }
    for subview in view.subviews { deliver(subview, visited: &visited) }
  }

  private static func _deliver(to controller: UIViewController) {
    if controller._presenting != nil, let presentation = controller._presentationController {
      presentation._deliverTraitChanges()
    }
    if controller._deliverTraitChanges() { controller.view.setNeedsLayout() }
  }
}
