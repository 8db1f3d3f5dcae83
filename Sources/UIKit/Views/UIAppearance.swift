import Foundation
import TextEditing

// UIAppearance: values recorded on a class's appearance proxy are given to each instance of the
// class (and its subclasses) as it enters a window, as iOS does ("iOS applies appearance changes
// when a view enters a window, but it doesn't change the appearance of a view that's already in
// a window"). Objective-C records proxy messages as invocations; Swift on Linux records key
// paths instead, so the proxy is a `@dynamicMemberLookup` type and `UITextField.appearance()
// .tintColor = .red` compiles as written.
//
// When values are given (measured order on iOS: `_applyAppearanceInvocations` runs as the view
// moves to its window): after the view's window is set and before `didMoveToWindow()`, so an
// override of `didMoveToWindow` already sees them, and before the view is first drawn there.
//
// Which value wins, for one property: proxies of superclasses first, then of subclasses (a
// subclass's proxy overrides its superclass's); among proxies of one class, a plain
// `appearance()` first, then containment proxies, "the outermost appearance proxy wins.
// Specificity (depth of the chain) is the first tie-breaker. In any other tie, the last property
// setting wins" (UIAppearance.h).
//
// A value set directly on the instance wins over the proxy, whenever it was set: UIKit's own
// appearance properties (`tintColor`, `backgroundColor`, `UILabel.font`/`textColor`,
// `UIBarItem.tintColor`, `UIButton.setTitleColor(_:for:)`, `UIBarItem.setTitleTextAttributes(_:for:)`
// per state, the bars' `barTintColor`, `UINavigationBar.titleTextAttributes`) remember that the app set them, and the proxy leaves them alone, as on
// iOS. A property the app declares itself has no such memory: the proxy's value replaces what
// the instance had when it entered the window, as iOS does for custom appearance selectors.

/// A type whose instances can contain others for the purpose of appearance rules
/// (`appearance(whenContainedInInstancesOf:)`): views, view controllers and presentation
/// controllers.
@preconcurrency @MainActor
public protocol UIAppearanceContainer: NSObjectProtocol {}

/// A type whose instances take their appearance from the class's appearance proxy.
@preconcurrency @MainActor
public protocol UIAppearance: NSObjectProtocol {}

extension UIView: UIAppearance, UIAppearanceContainer {}
extension UIViewController: UIAppearanceContainer {}
extension UIPresentationController: UIAppearanceContainer {}
extension UIBarItem: UIAppearance {}

extension UIAppearance where Self: UIView {
  /// The appearance proxy for the class: what is set on it is given to every instance (of the
  /// class and its subclasses) that enters a window from then on.
  public static func appearance() -> UIAppearanceProxy<Self> {
    UIAppearanceProxy(key: _AppearanceKey(Self.self, containers: [], traits: nil))
  }

  /// The appearance proxy for instances contained in the hierarchy `containerTypes` describes,
  /// innermost first ("ascending hierarchical order"): `[UINavigationController.self,
  /// UITabBarController.self]` is a navigation controller inside a tab bar controller. Each
  /// container may be any number of levels up, as on iOS.
  public static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type])
    -> UIAppearanceProxy<Self>
  {
    UIAppearanceProxy(key: _AppearanceKey(Self.self, containers: containerTypes, traits: nil))
  }

  /// The appearance proxy for instances in an environment with `trait`'s traits (here the
  /// content size category, the one trait this UIKit models).
  public static func appearance(for trait: UITraitCollection) -> UIAppearanceProxy<Self> {
    UIAppearanceProxy(key: _AppearanceKey(Self.self, containers: [], traits: trait))
  }

  /// The appearance proxy for instances with `trait`'s traits inside `containerTypes`.
  public static func appearance(
    for trait: UITraitCollection, whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]
  ) -> UIAppearanceProxy<Self> {
    UIAppearanceProxy(key: _AppearanceKey(Self.self, containers: containerTypes, traits: trait))
  }
}

extension UIAppearance where Self: UIBarItem {
  /// The appearance proxy for the item class: given to items of a toolbar or navigation bar as
  /// the bar enters a window.
  public static func appearance() -> UIAppearanceProxy<Self> {
    UIAppearanceProxy(key: _AppearanceKey(Self.self, containers: [], traits: nil))
  }

  /// The appearance proxy for items inside the hierarchy `containerTypes` describes (innermost
  /// first: `[UIToolbar.self]` for a toolbar's items).
  public static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type])
    -> UIAppearanceProxy<Self>
  {
    UIAppearanceProxy(key: _AppearanceKey(Self.self, containers: containerTypes, traits: nil))
  }
}

/// The stand-in `appearance()` returns: setting a property records the value for instances of
/// `Object` entering a window later; reading it gives the recorded value.
///
/// Every proxy for the same class, containment and traits shares what was recorded, as
/// `UITextField.appearance()` is one object on iOS.
@preconcurrency @MainActor
@dynamicMemberLookup
public final class UIAppearanceProxy<Object: AnyObject> {
  let _key: _AppearanceKey

  init(key: _AppearanceKey) { _key = key }

  /// The value recorded for a property. Reading one never recorded gives nil for an optional
  /// property (as an Objective-C proxy does) and stops with a message otherwise.
  public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Object, Value>) -> Value {
    get {
      if let recorded = _AppearanceRegistry.shared.value(for: keyPath, key: _key) as? Value { return recorded }
      if let optional = Value.self as? any ExpressibleByNilLiteral.Type,
        let none = optional.init(nilLiteral: ()) as? Value
      {
        return none
      }
      preconditionFailure(
        "UIAppearanceProxy<\(Object.self)>: no value was set for \(keyPath) on this proxy, and \(Value.self) has no nil")
    }
    set {
      _AppearanceRegistry.shared.record(newValue, for: keyPath, key: _key) { object in
        (object as? Object)?[keyPath: keyPath] = newValue
      }
    }
  }
}

extension UIAppearanceProxy where Object: UIButton {
  /// Records the title colour for `state` (`UIButton.appearance().setTitleColor(.red, for: .normal)`).
  public func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
    _AppearanceRegistry.shared.record(color as Any, for: _Invocation("setTitleColor", state.rawValue), key: _key) {
      ($0 as? Object)?.setTitleColor(color, for: state)
    }
  }

  /// The title colour recorded for `state`, if any.
  public func titleColor(for state: UIControl.State) -> UIColor? {
    _AppearanceRegistry.shared.value(for: _Invocation("setTitleColor", state.rawValue), key: _key) as? UIColor
  }
}

extension UIAppearanceProxy where Object: UIBarItem {
  /// Records the title's attributes for `state`
  /// (`UIBarButtonItem.appearance().setTitleTextAttributes([.foregroundColor: UIColor.red], for: .normal)`).
  public func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
    _recordTitleTextAttributes(attributes, for: state) { $0.setTitleTextAttributes(attributes, for: state) }
  }

  /// The title attributes recorded for `state`, if any.
  public func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
    _recordedTitleTextAttributes(for: state)
  }
}

extension UIAppearanceProxy {
  /// Records `setTitleTextAttributes(_:for:)` on this proxy (bar items and segmented controls
  /// both have it): `apply` sets it on each instance the proxy reaches.
  func _recordTitleTextAttributes(
    _ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State, apply: @escaping (Object) -> Void
  ) {
    _AppearanceRegistry.shared.record(
      attributes as Any, for: _Invocation("setTitleTextAttributes", state.rawValue), key: _key
    ) { ($0 as? Object).map(apply) }
  }

  /// The title attributes recorded on this proxy for `state`, if any.
  func _recordedTitleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
    _AppearanceRegistry.shared.value(for: _Invocation("setTitleTextAttributes", state.rawValue), key: _key)
      as? [NSAttributedString.Key: Any]
  }
}

/// A method recorded on a proxy, with the argument that says which value it sets (a state).
struct _Invocation: Hashable {
  let method: String
  let argument: UInt
  init(_ method: String, _ argument: UInt) {
    self.method = method
    self.argument = argument
  }
}

/// Which proxy: the class, the containers (innermost first) and the traits.
struct _AppearanceKey: Hashable {
  let type: ObjectIdentifier
  let containers: [ObjectIdentifier]
  let category: UIContentSizeCategory?
  /// The metatypes themselves, to test instances against.
  let matches: (AnyObject) -> Bool
  let containerMatches: [(AnyObject) -> Bool]
  /// How many superclasses the class has (a subclass's proxy overrides its superclass's).
  let depth: Int

  @MainActor
  init<T: AnyObject>(_ type: T.Type, containers: [any UIAppearanceContainer.Type], traits: UITraitCollection?) {
    self.type = ObjectIdentifier(type)
    self.containers = containers.map { ObjectIdentifier($0) }
    let category = traits?.preferredContentSizeCategory
    self.category = category == .unspecified ? nil : category
    matches = { $0 is T }
    containerMatches = containers.map { container in { object in _isInstance(object, of: container) } }
    var depth = 0
    var current: AnyClass? = _getSuperclass(type)
    while let next = current {
      depth += 1
      current = _getSuperclass(next)
    }
    self.depth = depth
  }

  static func == (a: _AppearanceKey, b: _AppearanceKey) -> Bool {
    a.type == b.type && a.containers == b.containers && a.category == b.category
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(containers)
    hasher.combine(category)
  }
}

/// Whether `object` is an instance of `type` or of a subclass.
private func _isInstance(_ object: AnyObject, of type: Any.Type) -> Bool {
  var current: AnyClass? = Swift.type(of: object)
  while let cls = current {
    if ObjectIdentifier(cls) == ObjectIdentifier(type) { return true }
    current = _getSuperclass(cls)
  }
  return false
}

/// An object whose UIKit appearance properties remember that the app set them.
@MainActor
protocol _AppearanceCustomizable: AnyObject {
  /// The appearance properties the app set directly (names, e.g. "tintColor").
  var _appearanceCustomized: Set<String> { get set }
}

extension _AppearanceCustomizable {
  /// Called first by the setter of a UIKit appearance property: whether the setter goes on.
  /// Outside appearance application the app is setting it (remembered; it goes on); while the
  /// proxy applies, it goes on only if the app never set it.
  func _appearanceSetterProceeds(_ property: String) -> Bool {
    if _AppearanceRegistry.shared.applying === self { return !_appearanceCustomized.contains(property) }
    _appearanceCustomized.insert(property)
    return true
  }
}

extension UIView: _AppearanceCustomizable {}
extension UIBarItem: _AppearanceCustomizable {}

/// What all appearance proxies recorded.
@MainActor
final class _AppearanceRegistry {
  static let shared = _AppearanceRegistry()

  private struct Setting {
    let value: Any
    let order: Int
    let apply: (AnyObject) -> Void
  }

  private struct Proxy {
    let key: _AppearanceKey
    /// By key path, or by method and argument (`setTitleColor(_:for:)` with a state).
    var settings: [AnyHashable: Setting] = [:]
  }

  private var proxies: [_AppearanceKey: Proxy] = [:]
  private var order = 0
  /// The object values are being given to (its setters do not count as the app's).
  private(set) weak var applying: AnyObject?

  func value(for keyPath: AnyHashable, key: _AppearanceKey) -> Any? {
    proxies[key]?.settings[keyPath]?.value
  }

  func record(_ value: Any, for keyPath: AnyHashable, key: _AppearanceKey, apply: @escaping (AnyObject) -> Void) {
    order += 1
    proxies[key, default: Proxy(key: key)].settings[keyPath] = Setting(value: value, order: order, apply: apply)
  }

  /// Whether nothing was ever recorded (the common case: entering a window costs nothing).
  var isEmpty: Bool { proxies.isEmpty }

  /// Gives `object` the values of every proxy that matches it, least specific first.
  /// `containers` are the objects around it, innermost first.
  func apply(to object: AnyObject, containers: [AnyObject]) {
    var matched: [(depth: Int, outermost: Int, chain: Int, order: Int, apply: (AnyObject) -> Void)] = []
    let category = UITraitCollection.current.preferredContentSizeCategory
    for proxy in proxies.values where proxy.key.matches(object) {
      if let wanted = proxy.key.category, wanted != category { continue }
      guard let outermost = Self.match(proxy.key.containerMatches, in: containers) else { continue }
      for setting in proxy.settings.values {
        matched.append((proxy.key.depth, outermost, proxy.key.containers.count, setting.order, setting.apply))
      }
    }
    guard !matched.isEmpty else { return }
    matched.sort { a, b in
      (a.depth, a.outermost, a.chain, a.order) < (b.depth, b.outermost, b.chain, b.order)
    }
    let previous = applying
    applying = object
    defer { applying = previous }
    for setting in matched { setting.apply(object) }
  }

  /// Where the containment chain matches `containers` (each link further out than the one
  /// before): the index of the outermost container matched, -1 for an empty chain, nil when
  /// it does not match.
  private static func match(_ chain: [(AnyObject) -> Bool], in containers: [AnyObject]) -> Int? {
    var index = -1
    for link in chain {
      guard let found = containers[(index + 1)...].firstIndex(where: link) else { return nil }
      index = found
    }
    return index
  }
}

extension UIView {
  /// The objects around the view for containment rules, innermost first: the view controller
  /// whose view it is, then each superview and the view controller whose view that is (a
  /// child controller's view lies inside its parent's, so parents follow in turn).
  private var _appearanceContainers: [AnyObject] {
    var result: [AnyObject] = []
    if let controller = _viewController { result.append(controller) }
    var current = superview
    while let view = current {
      result.append(view)
      if let controller = view._viewController { result.append(controller) }
      current = view.superview
    }
    return result
  }

  /// Gives the view (and the bar items it shows) the appearance proxies' values: called as it
  /// enters a window, before `didMoveToWindow()`.
  func _applyAppearance() {
    let registry = _AppearanceRegistry.shared
    guard !registry.isEmpty else { return }
    let containers = _appearanceContainers
    registry.apply(to: self, containers: containers)
    let items: [UIBarItem]
    if let toolbar = self as? UIToolbar {
      items = toolbar.items ?? []
    } else if let bar = self as? UINavigationBar {
      items = (bar.items ?? []).flatMap { ($0.leftBarButtonItems ?? []) + ($0.rightBarButtonItems ?? []) }
    } else {
      items = []
    }
    if !items.isEmpty {
      let around = [self as AnyObject] + containers
      for item in items { registry.apply(to: item, containers: around) }
    }
  }
}
