import Foundation

/// Traits that can be set: what ``UITraitCollection/init(mutations:)`` and
/// ``UITraitCollection/modifyingTraits(_:)`` hand their closure, and what ``UITraitOverrides``
/// is. Setting a system trait to its unspecified value leaves it unspecified.
public protocol UIMutableTraits {
  /// The value of any trait, the app's own included.
  subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value { get set }

  var userInterfaceIdiom: UIUserInterfaceIdiom { get set }
  var userInterfaceStyle: UIUserInterfaceStyle { get set }
  var horizontalSizeClass: UIUserInterfaceSizeClass { get set }
  var verticalSizeClass: UIUserInterfaceSizeClass { get set }
  var userInterfaceLevel: UIUserInterfaceLevel { get set }
  var displayScale: CGFloat { get set }
  var displayGamut: UIDisplayGamut { get set }
  var layoutDirection: UITraitEnvironmentLayoutDirection { get set }
  var preferredContentSizeCategory: UIContentSizeCategory { get set }
  var accessibilityContrast: UIAccessibilityContrast { get set }
  var legibilityWeight: UILegibilityWeight { get set }
  var forceTouchCapability: UIForceTouchCapability { get set }
  var activeAppearance: UIUserInterfaceActiveAppearance { get set }
  var toolbarItemPresentationSize: UINSToolbarItemPresentationSize { get set }
  var listEnvironment: UIListEnvironment { get set }
  var typesettingLanguage: Locale.Language? { get set }
}

extension UIMutableTraits {
  public var userInterfaceIdiom: UIUserInterfaceIdiom {
    get { self[UITraitUserInterfaceIdiom.self] }
    set { self[UITraitUserInterfaceIdiom.self] = newValue }
  }
  public var userInterfaceStyle: UIUserInterfaceStyle {
    get { self[UITraitUserInterfaceStyle.self] }
    set { self[UITraitUserInterfaceStyle.self] = newValue }
  }
  public var horizontalSizeClass: UIUserInterfaceSizeClass {
    get { self[UITraitHorizontalSizeClass.self] }
    set { self[UITraitHorizontalSizeClass.self] = newValue }
  }
  public var verticalSizeClass: UIUserInterfaceSizeClass {
    get { self[UITraitVerticalSizeClass.self] }
    set { self[UITraitVerticalSizeClass.self] = newValue }
  }
  public var userInterfaceLevel: UIUserInterfaceLevel {
    get { self[UITraitUserInterfaceLevel.self] }
    set { self[UITraitUserInterfaceLevel.self] = newValue }
  }
  public var displayScale: CGFloat {
    get { self[UITraitDisplayScale.self] }
    set { self[UITraitDisplayScale.self] = newValue }
  }
  public var displayGamut: UIDisplayGamut {
    get { self[UITraitDisplayGamut.self] }
    set { self[UITraitDisplayGamut.self] = newValue }
  }
  public var layoutDirection: UITraitEnvironmentLayoutDirection {
    get { self[UITraitLayoutDirection.self] }
    set { self[UITraitLayoutDirection.self] = newValue }
  }
  public var preferredContentSizeCategory: UIContentSizeCategory {
    get { self[UITraitPreferredContentSizeCategory.self] }
    set { self[UITraitPreferredContentSizeCategory.self] = newValue }
  }
  public var accessibilityContrast: UIAccessibilityContrast {
    get { self[UITraitAccessibilityContrast.self] }
    set { self[UITraitAccessibilityContrast.self] = newValue }
  }
  public var legibilityWeight: UILegibilityWeight {
    get { self[UITraitLegibilityWeight.self] }
    set { self[UITraitLegibilityWeight.self] = newValue }
  }
  public var forceTouchCapability: UIForceTouchCapability {
    get { self[UITraitForceTouchCapability.self] }
    set { self[UITraitForceTouchCapability.self] = newValue }
  }
  public var activeAppearance: UIUserInterfaceActiveAppearance {
    get { self[UITraitActiveAppearance.self] }
    set { self[UITraitActiveAppearance.self] = newValue }
  }
  public var toolbarItemPresentationSize: UINSToolbarItemPresentationSize {
    get { self[UITraitToolbarItemPresentationSize.self] }
    set { self[UITraitToolbarItemPresentationSize.self] = newValue }
  }
  public var listEnvironment: UIListEnvironment {
    get { self[UITraitListEnvironment.self] }
    set { self[UITraitListEnvironment.self] = newValue }
  }
  public var typesettingLanguage: Locale.Language? {
    get { self[UITraitTypesettingLanguage.self] }
    set { self[UITraitTypesettingLanguage.self] = newValue }
  }
}

/// The traits a closure given to ``UITraitCollection/init(mutations:)`` sets.
struct _MutableTraitValues: UIMutableTraits {
  var values: _TraitValues
  init(_ values: _TraitValues) { self.values = values }
  subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value {
    get { values.value(trait) }
    set { values.set(trait, newValue) }
  }
}

/// The traits an environment (a view, a view controller, a presentation controller, a window
/// scene) sets for itself and what it contains, over those it inherits. Setting one overrides
/// it; ``remove(_:)`` inherits it again.
///
/// ```swift
/// view.traitOverrides.userInterfaceStyle = .dark
/// viewController.traitOverrides[ThemeTrait.self] = .purple
/// ```
public struct UITraitOverrides: UIMutableTraits, CustomStringConvertible, CustomDebugStringConvertible, Sendable {
  var _values: _TraitValues

  init(_values values: _TraitValues = _TraitValues()) { _values = values }

  public subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value {
    get { _values.value(trait) }
    set { _values.set(trait, newValue) }
  }

  /// Whether the overrides set `trait`.
  public func contains(_ trait: UITrait) -> Bool { _values.contains(trait) }

  /// Stops overriding `trait`: it is inherited again.
  public mutating func remove(_ trait: UITrait) { _values.remove(trait) }

  public var description: String {
    let collection = UITraitCollection(_values: _values).description
    return collection.replacingOccurrences(of: "<UITraitCollection;", with: "<UITraitOverrides;")
  }

  public var debugDescription: String { description }
}
