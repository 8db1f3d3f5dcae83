import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The traits of an environment — light or dark, its size classes, the device idiom, the
/// display scale, the text size, the layout direction, and an app's own traits — as an
/// immutable collection. Every trait environment (`UIScreen`, `UIWindowScene`, `UIWindow`,
/// `UIView`, `UIViewController`, `UIPresentationController`) has one, inherited from what holds
/// it and changed by its overrides.
///
/// A collection specifies some traits; the others read as unspecified (their definition's
/// default value). Collections compare by their traits' values.
open class UITraitCollection: NSObject, NSCopying, @unchecked Sendable {
  let _values: _TraitValues

  init(_values values: _TraitValues) {
    _values = values
    super.init()
  }

  /// A collection that specifies no trait.
  public override init() {
    _values = _TraitValues()
    super.init()
  }

  /// A collection made by setting traits on an empty one.
  public typealias TraitMutations = (inout any UIMutableTraits) -> Void

  /// A collection with the traits `mutations` sets.
  public convenience init(mutations: TraitMutations) {
    var traits: any UIMutableTraits = _MutableTraitValues(_TraitValues())
    mutations(&traits)
    self.init(_values: (traits as? _MutableTraitValues)?.values ?? _TraitValues())
  }

  /// Merges collections: for each trait, the last collection that specifies it gives its value.
  public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
    var values = _TraitValues()
    for collection in traitCollections { values.merge(collection._values) }
    self.init(_values: values)
  }

  /// A copy with the traits `mutations` sets changed.
  open func modifyingTraits(_ mutations: TraitMutations) -> UITraitCollection {
    var traits: any UIMutableTraits = _MutableTraitValues(_values)
    mutations(&traits)
    return UITraitCollection(_values: (traits as? _MutableTraitValues)?.values ?? _values)
  }

  /// A collection with one trait of the app's own (or the system's) set.
  public convenience init<T: UITraitDefinition>(_ trait: T.Type, value: T.Value) {
    var values = _TraitValues()
    values.set(trait, value)
    self.init(_values: values)
  }

  /// A copy with one trait set to `value`.
  open func replacing<T: UITraitDefinition>(_ trait: T.Type, value: T.Value) -> UITraitCollection {
    var values = _values
    values.set(trait, value)
    return UITraitCollection(_values: values)
  }

  /// The value of a trait (its default when the collection does not specify it).
  public subscript<T: UITraitDefinition>(trait: T.Type) -> T.Value { _values.value(trait) }

  // MARK: One trait

  public convenience init(userInterfaceIdiom idiom: UIUserInterfaceIdiom) {
    self.init(UITraitUserInterfaceIdiom.self, value: idiom)
  }
  public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
    self.init(UITraitUserInterfaceStyle.self, value: userInterfaceStyle)
  }
  public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
    self.init(UITraitHorizontalSizeClass.self, value: horizontalSizeClass)
  }
  public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
    self.init(UITraitVerticalSizeClass.self, value: verticalSizeClass)
  }
  public convenience init(userInterfaceLevel: UIUserInterfaceLevel) {
    self.init(UITraitUserInterfaceLevel.self, value: userInterfaceLevel)
  }
  public convenience init(displayScale scale: CGFloat) {
    self.init(UITraitDisplayScale.self, value: scale)
  }
  public convenience init(displayGamut: UIDisplayGamut) {
    self.init(UITraitDisplayGamut.self, value: displayGamut)
  }
  public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) {
    self.init(UITraitLayoutDirection.self, value: layoutDirection)
  }
  public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
    self.init(UITraitPreferredContentSizeCategory.self, value: preferredContentSizeCategory)
  }
  public convenience init(accessibilityContrast: UIAccessibilityContrast) {
    self.init(UITraitAccessibilityContrast.self, value: accessibilityContrast)
  }
  public convenience init(legibilityWeight: UILegibilityWeight) {
    self.init(UITraitLegibilityWeight.self, value: legibilityWeight)
  }
  public convenience init(forceTouchCapability capability: UIForceTouchCapability) {
    self.init(UITraitForceTouchCapability.self, value: capability)
  }
  public convenience init(activeAppearance userInterfaceActiveAppearance: UIUserInterfaceActiveAppearance) {
    self.init(UITraitActiveAppearance.self, value: userInterfaceActiveAppearance)
  }
  public convenience init(toolbarItemPresentationSize: UINSToolbarItemPresentationSize) {
    self.init(UITraitToolbarItemPresentationSize.self, value: toolbarItemPresentationSize)
  }
  public convenience init(listEnvironment: UIListEnvironment) {
    self.init(UITraitListEnvironment.self, value: listEnvironment)
  }
  public convenience init(typesettingLanguage: Locale.Language?) {
    self.init(UITraitTypesettingLanguage.self, value: typesettingLanguage)
  }

  // MARK: The system's traits

  open var userInterfaceIdiom: UIUserInterfaceIdiom { _values.value(UITraitUserInterfaceIdiom.self) }
  open var userInterfaceStyle: UIUserInterfaceStyle { _values.value(UITraitUserInterfaceStyle.self) }
  open var horizontalSizeClass: UIUserInterfaceSizeClass { _values.value(UITraitHorizontalSizeClass.self) }
  open var verticalSizeClass: UIUserInterfaceSizeClass { _values.value(UITraitVerticalSizeClass.self) }
  open var userInterfaceLevel: UIUserInterfaceLevel { _values.value(UITraitUserInterfaceLevel.self) }
  open var displayScale: CGFloat { _values.value(UITraitDisplayScale.self) }
  open var displayGamut: UIDisplayGamut { _values.value(UITraitDisplayGamut.self) }
  open var layoutDirection: UITraitEnvironmentLayoutDirection { _values.value(UITraitLayoutDirection.self) }
  /// The preferred content size category (`.unspecified` in a collection made without one).
  open var preferredContentSizeCategory: UIContentSizeCategory {
    _values.value(UITraitPreferredContentSizeCategory.self)
  }
  open var accessibilityContrast: UIAccessibilityContrast { _values.value(UITraitAccessibilityContrast.self) }
  open var legibilityWeight: UILegibilityWeight { _values.value(UITraitLegibilityWeight.self) }
  open var forceTouchCapability: UIForceTouchCapability { _values.value(UITraitForceTouchCapability.self) }
  open var activeAppearance: UIUserInterfaceActiveAppearance { _values.value(UITraitActiveAppearance.self) }
  open var toolbarItemPresentationSize: UINSToolbarItemPresentationSize {
    _values.value(UITraitToolbarItemPresentationSize.self)
  }
  open var listEnvironment: UIListEnvironment { _values.value(UITraitListEnvironment.self) }
  open var typesettingLanguage: Locale.Language? { _values.value(UITraitTypesettingLanguage.self) }

  // MARK: Comparing

  /// Whether every trait `trait` specifies has the same value here.
  open func containsTraits(in trait: UITraitCollection?) -> Bool {
    guard let trait else { return true }
    for (key, entry) in trait._values.entries {
      guard let mine = _values.entries[key], mine.equals(entry.value) else { return false }
    }
    return true
  }

  /// Whether a colour could resolve differently in the two collections: whether a trait that
  /// affects colours (style, contrast, level, gamut, and an app's traits that say so) differs.
  open func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
    let other = traitCollection?._values ?? _TraitValues()
    return _values.changedTraits(from: other).contains { $0.affectsColorAppearance }
  }

  /// The traits whose values differ from `traitCollection`'s (every trait this one specifies
  /// when it is nil).
  open func changedTraits(from traitCollection: UITraitCollection?) -> [UITrait] {
    _values.changedTraits(from: traitCollection?._values ?? _TraitValues())
  }

  /// The system's traits that change how colours resolve.
  public static var systemTraitsAffectingColorAppearance: [UITrait] {
    [
      UITraitUserInterfaceStyle.self, UITraitAccessibilityContrast.self, UITraitUserInterfaceLevel.self,
      UITraitDisplayGamut.self,
    ]
  }

  /// The system's traits that change which image an asset catalog gives (there are no asset
  /// catalogs here; the list is Apple's).
  public static var systemTraitsAffectingImageLookup: [UITrait] {
    [
      UITraitUserInterfaceStyle.self, UITraitAccessibilityContrast.self, UITraitUserInterfaceLevel.self,
      UITraitDisplayGamut.self, UITraitDisplayScale.self, UITraitUserInterfaceIdiom.self,
      UITraitHorizontalSizeClass.self, UITraitVerticalSizeClass.self, UITraitLayoutDirection.self,
      UITraitLegibilityWeight.self,
    ]
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UITraitCollection else { return false }
    return self === other || _values.sameValues(as: other._values)
  }

  open override var hash: Int {
    // Only values every collection reads (an unspecified trait and one set to its default
    // compare equal, so the number of entries cannot be hashed).
    var hasher = Hasher()
    hasher.combine(userInterfaceStyle)
    hasher.combine(horizontalSizeClass)
    hasher.combine(verticalSizeClass)
    hasher.combine(userInterfaceIdiom)
    return hasher.finalize()
  }

  /// Collections are immutable: a copy is the collection itself.
  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// The specified traits by name, as iOS prints them (`<UITraitCollection; UserInterfaceStyle
  /// = Dark, …>`).
  open override var description: String {
    let parts = _values.entries.values
      .map { entry in "\(entry.trait.name) = \(UITraitCollection._describe(entry.value))" }
      .sorted()
    return "<UITraitCollection; \(parts.joined(separator: ", "))>"
  }

  private static func _describe(_ value: Any) -> String {
    switch value {
    case let category as UIContentSizeCategory: return category.rawValue
    case let language as Locale.Language: return language.minimalIdentifier
    default:
      let text = String(describing: value)
      return text.prefix(1).uppercased() + text.dropFirst()
    }
  }

  // MARK: The current collection

  /// The traits UIKit is working with on this thread: while it draws a view, lays it out,
  /// or tells it its traits changed, those of that view (or view controller). Dynamic colours
  /// resolve with it when no collection is given (`cgColor`, `getRed`, drawing). Outside those
  /// calls it is what was set last on the thread — the main screen's traits if nothing was.
  public class var current: UITraitCollection {
    get { _CurrentTraits.get() ?? _CurrentTraits.fallback() }
    set { _CurrentTraits.set(newValue) }
  }

  /// Runs `actions` with this collection as ``current``, then puts the previous one back.
  open func performAsCurrent(_ actions: () -> Void) {
    let previous = _CurrentTraits.get()
    _CurrentTraits.set(self)
    defer { _CurrentTraits.set(previous) }
    actions()
  }

  /// Runs `body` with `traits` as the current collection (no change when it already is).
  static func _withCurrent<R>(_ traits: UITraitCollection, _ body: () throws -> R) rethrows -> R {
    let previous = _CurrentTraits.get()
    if previous === traits { return try body() }
    _CurrentTraits.set(traits)
    defer { _CurrentTraits.set(previous) }
    return try body()
  }
}

/// `UITraitCollection.current`, one per thread (a POSIX thread-specific value holding a
/// retained collection), as UIKit keeps it.
enum _CurrentTraits {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      if let pointer { Unmanaged<UITraitCollection>.fromOpaque(pointer).release() }
    }
    precondition(status == 0, "UITraitCollection.current: no thread-specific storage (pthread_key_create: \(status))")
    return key
  }()

  static func get() -> UITraitCollection? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<UITraitCollection>.fromOpaque(pointer).takeUnretainedValue()
  }

  static func set(_ traits: UITraitCollection?) {
    let old = pthread_getspecific(key)
    let new = traits.map { Unmanaged.passRetained($0).toOpaque() }
    pthread_setspecific(key, new)
    if let old { Unmanaged<UITraitCollection>.fromOpaque(old).release() }
  }

  /// The main screen's traits, for a thread where nothing set a current collection.
  static func fallback() -> UITraitCollection { UIScreen._mainTraits() }
}
