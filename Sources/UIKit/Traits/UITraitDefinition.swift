import Foundation

/// A trait: a value every trait environment (view, view controller, window, scene, screen)
/// carries and passes down to what it contains. The system's traits are types of this module
/// (``UITraitUserInterfaceStyle``, ``UITraitHorizontalSizeClass``, …); an app defines its own
/// with a type that gives a ``defaultValue``:
///
/// ```swift
/// struct ThemeTrait: UITraitDefinition { static let defaultValue = Theme.standard }
/// ```
public protocol UITraitDefinition {
  /// The type of the trait's values.
  associatedtype Value
  /// The value in an environment that does not specify the trait.
  static var defaultValue: Value { get }
  /// Whether a change of the trait can change how colours resolve (dynamic colours and
  /// ``UITraitCollection/hasDifferentColorAppearance(comparedTo:)`` look at these).
  static var affectsColorAppearance: Bool { get }
  /// A name for debugging output (the type's name by default).
  static var name: String { get }
  /// A unique identifier (the type's qualified name by default).
  static var identifier: String { get }
}

extension UITraitDefinition {
  public static var affectsColorAppearance: Bool { false }
  public static var name: String { String(describing: Self.self) }
  public static var identifier: String { String(reflecting: Self.self) }
}

/// A trait, as `registerForTraitChanges` and `changedTraits(from:)` name it: its definition type
/// (`UITraitUserInterfaceStyle.self`).
public typealias UITrait = any UITraitDefinition.Type

// MARK: - The system's traits

/// The light or dark appearance.
public struct UITraitUserInterfaceStyle: UITraitDefinition {
  public static let defaultValue = UIUserInterfaceStyle.unspecified
  public static var affectsColorAppearance: Bool { true }
  public static var name: String { "UserInterfaceStyle" }
  public static var identifier: String { "UITraitUserInterfaceStyle" }
}

/// The horizontal size class.
public struct UITraitHorizontalSizeClass: UITraitDefinition {
  public static let defaultValue = UIUserInterfaceSizeClass.unspecified
  public static var name: String { "HorizontalSizeClass" }
  public static var identifier: String { "UITraitHorizontalSizeClass" }
}

/// The vertical size class.
public struct UITraitVerticalSizeClass: UITraitDefinition {
  public static let defaultValue = UIUserInterfaceSizeClass.unspecified
  public static var name: String { "VerticalSizeClass" }
  public static var identifier: String { "UITraitVerticalSizeClass" }
}

/// The device idiom.
public struct UITraitUserInterfaceIdiom: UITraitDefinition {
  public static let defaultValue = UIUserInterfaceIdiom.unspecified
  public static var name: String { "UserInterfaceIdiom" }
  public static var identifier: String { "UITraitUserInterfaceIdiom" }
}

/// Base or elevated content.
public struct UITraitUserInterfaceLevel: UITraitDefinition {
  public static let defaultValue = UIUserInterfaceLevel.unspecified
  public static var affectsColorAppearance: Bool { true }
  public static var name: String { "UserInterfaceLevel" }
  public static var identifier: String { "UITraitUserInterfaceLevel" }
}

/// Points to pixels.
public struct UITraitDisplayScale: UITraitDefinition {
  public static let defaultValue: CGFloat = 0
  public static var name: String { "DisplayScale" }
  public static var identifier: String { "UITraitDisplayScale" }
}

/// The display's gamut.
public struct UITraitDisplayGamut: UITraitDefinition {
  public static let defaultValue = UIDisplayGamut.unspecified
  public static var affectsColorAppearance: Bool { true }
  public static var name: String { "DisplayGamut" }
  public static var identifier: String { "UITraitDisplayGamut" }
}

/// The layout direction.
public struct UITraitLayoutDirection: UITraitDefinition {
  public static let defaultValue = UITraitEnvironmentLayoutDirection.unspecified
  public static var name: String { "LayoutDirection" }
  public static var identifier: String { "UITraitLayoutDirection" }
}

/// The preferred content size category (Dynamic Type).
public struct UITraitPreferredContentSizeCategory: UITraitDefinition {
  public static let defaultValue = UIContentSizeCategory.unspecified
  public static var name: String { "PreferredContentSizeCategory" }
  public static var identifier: String { "UITraitPreferredContentSizeCategory" }
}

/// Increased contrast.
public struct UITraitAccessibilityContrast: UITraitDefinition {
  public static let defaultValue = UIAccessibilityContrast.unspecified
  public static var affectsColorAppearance: Bool { true }
  public static var name: String { "AccessibilityContrast" }
  public static var identifier: String { "UITraitAccessibilityContrast" }
}

/// Bold text.
public struct UITraitLegibilityWeight: UITraitDefinition {
  public static let defaultValue = UILegibilityWeight.unspecified
  public static var name: String { "LegibilityWeight" }
  public static var identifier: String { "UITraitLegibilityWeight" }
}

/// 3D Touch.
public struct UITraitForceTouchCapability: UITraitDefinition {
  public static let defaultValue = UIForceTouchCapability.unknown
  public static var name: String { "ForceTouchCapability" }
  public static var identifier: String { "UITraitForceTouchCapability" }
}

/// Active or inactive appearance.
public struct UITraitActiveAppearance: UITraitDefinition {
  public static let defaultValue = UIUserInterfaceActiveAppearance.unspecified
  public static var name: String { "ActiveAppearance" }
  public static var identifier: String { "UITraitActiveAppearance" }
}

/// The size of Mac Catalyst toolbar items.
public struct UITraitToolbarItemPresentationSize: UITraitDefinition {
  public static let defaultValue = UINSToolbarItemPresentationSize.unspecified
  public static var name: String { "ToolbarItemPresentationSize" }
  public static var identifier: String { "UITraitToolbarItemPresentationSize" }
}

/// The style of the enclosing list.
public struct UITraitListEnvironment: UITraitDefinition {
  public static let defaultValue = UIListEnvironment.unspecified
  public static var name: String { "ListEnvironment" }
  public static var identifier: String { "UITraitListEnvironment" }
}

/// The language text is typeset for (nil: the text's own).
public struct UITraitTypesettingLanguage: UITraitDefinition {
  public static let defaultValue: Locale.Language? = nil
  public static var name: String { "TypesettingLanguage" }
  public static var identifier: String { "UITraitTypesettingLanguage" }
}
