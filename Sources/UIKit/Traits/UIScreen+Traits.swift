import Foundation
import Synchronization

/// What a screen's traits are made from.
struct _ScreenTraitInputs: Equatable {
  var idiom: UIUserInterfaceIdiom
  var style: UIUserInterfaceStyle
  var size: CGSize
  var scale: CGFloat
  var rightToLeft: Bool
  var category: UIContentSizeCategory
  var contrast: UIAccessibilityContrast
  var weight: UILegibilityWeight

  @MainActor init(_ screen: UIScreen) {
    idiom = screen._userInterfaceIdiom
    style = screen._userInterfaceStyle
    size = screen.bounds.size
    scale = screen.scale
    rightToLeft = UIApplication.shared._userInterfaceLayoutDirection == .rightToLeft
    category = UIContentSizeCategory._preferred
    contrast = screen._accessibilityContrast
    weight = screen._legibilityWeight
  }

  func traits() -> UITraitCollection {
    var values = _TraitValues()
    let sizeClasses = UIScreen._sizeClasses(for: size, idiom: idiom)
    values.set(UITraitUserInterfaceIdiom.self, idiom)
    values.set(UITraitUserInterfaceStyle.self, style)
    values.set(UITraitHorizontalSizeClass.self, sizeClasses.horizontal)
    values.set(UITraitVerticalSizeClass.self, sizeClasses.vertical)
    values.set(UITraitUserInterfaceLevel.self, .base)
    values.set(UITraitDisplayScale.self, scale)
    values.set(UITraitDisplayGamut.self, .P3)
    values.set(UITraitLayoutDirection.self, rightToLeft ? .rightToLeft : .leftToRight)
    values.set(UITraitPreferredContentSizeCategory.self, category)
    values.set(UITraitAccessibilityContrast.self, contrast)
    values.set(UITraitLegibilityWeight.self, weight)
    values.set(UITraitForceTouchCapability.self, .unavailable)
    return UITraitCollection(_values: values)
  }
}

extension UIScreen: UITraitEnvironment {
  /// The screen's traits, computed again after something they come from changed.
  func _screenTraits() -> UITraitCollection {
    if let cache = _traitCache, cache.generation == _TraitSystem.generation { return cache.traits }
    // The generation moves whenever any view moves; the screen's collection is made again only
    // when what it is made from changed.
    let inputs = _ScreenTraitInputs(self)
    if let cache = _traitCache, cache.inputs == inputs {
      _traitCache = (_TraitSystem.generation, inputs, cache.traits)
      return cache.traits
    }
    let traits = inputs.traits()
    _traitCache = (_TraitSystem.generation, inputs, traits)
    if self === UIScreen.main { UIScreen._mainTraitsSnapshot.withLock { $0 = traits } }
    return traits
  }

  /// The size classes of a screen (or a window filling it) of `size` points: an iPad's are
  /// regular both ways; an iPhone's width is compact, and its height regular in portrait and
  /// compact in landscape, except that the Plus and Max iPhones (736 or at least 896 points
  /// wide in landscape) are regular in width in landscape — Apple's table of size classes.
  nonisolated package static func _sizeClasses(for size: CGSize, idiom: UIUserInterfaceIdiom)
    -> (horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass)
  {
    switch idiom {
    case .pad, .mac, .tv, .vision: return (.regular, .regular)
    default:
      guard size.width > size.height else { return (.compact, .regular) }
      let large = size.width == 736 || size.width >= 896
      return (large ? .regular : .compact, .compact)
    }
  }

  /// The Simulator's Toggle Appearance, as the terminal and browser hosts offer it: light ⇄ dark.
  package func _toggleUserInterfaceStyle() {
    _userInterfaceStyle = _userInterfaceStyle == .dark ? .light : .dark
  }

  /// What a host simulates of the device's display and accessibility settings, back to a new
  /// device's: light appearance, normal contrast, regular weight, motion not reduced.
  package func _resetSimulatedSettings() {
    _userInterfaceStyle = .light
    _accessibilityContrast = .normal
    _legibilityWeight = .regular
    _reducesMotion = false
  }

  /// Something the screen's traits come from changed (the host switched dark mode, the
  /// screen rotated or resized, a setting changed): every object computes its traits again and
  /// what changed is told at the next layout pass.
  func _traitInputsDidChange() {
    _TraitSystem.markAll()
  }

  /// Tells the screen, if its traits changed since it was last told.
  func _deliverTraitChanges() {
    let now = traitCollection
    let previous = _reportedTraits
    _reportedTraits = now
    guard let previous, previous != now else { return }
    UITraitCollection._withCurrent(now) { traitCollectionDidChange(previous) }
  }

  /// The main screen's traits as last computed, for threads other than the main actor's (what
  /// `UITraitCollection.current` is where nothing set it).
  nonisolated static let _mainTraitsSnapshot = Mutex<UITraitCollection?>(nil)

  nonisolated static func _mainTraits() -> UITraitCollection {
    if let traits = _mainTraitsSnapshot.withLock({ $0 }) { return traits }
    // Before the main screen computed its traits: an iPhone's defaults.
    var values = _TraitValues()
    values.set(UITraitUserInterfaceIdiom.self, .phone)
    values.set(UITraitUserInterfaceStyle.self, .light)
    values.set(UITraitHorizontalSizeClass.self, .compact)
    values.set(UITraitVerticalSizeClass.self, .regular)
    values.set(UITraitUserInterfaceLevel.self, .base)
    values.set(UITraitDisplayScale.self, 1)
    values.set(UITraitDisplayGamut.self, .P3)
    values.set(UITraitLayoutDirection.self, .leftToRight)
    values.set(UITraitPreferredContentSizeCategory.self, UIContentSizeCategory._preferred)
    values.set(UITraitAccessibilityContrast.self, .normal)
    values.set(UITraitLegibilityWeight.self, .regular)
    values.set(UITraitForceTouchCapability.self, .unavailable)
    return UITraitCollection(_values: values)
  }
}

extension UIWindowScene: _TraitEnvironmentInternal {
  var _inheritedTraits: UITraitCollection { screen.traitCollection }
  var _standaloneTraits: UITraitCollection { _inheritedTraits }
  func _traitOverridesDidChange() {
    for window in windows { _TraitSystem.markSubtree(window) }
  }
}
