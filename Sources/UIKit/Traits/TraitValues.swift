import Foundation

/// The traits a collection (or a set of overrides) specifies, keyed by their definition type.
/// A trait it does not hold reads as its definition's default value.
struct _TraitValues: @unchecked Sendable {
  struct Entry {
    let trait: UITrait
    let value: Any
    /// Whether `value` equals another value of the same trait.
    let equals: (Any) -> Bool
  }

  private(set) var entries: [ObjectIdentifier: Entry] = [:]

  init() {}

  func value<T: UITraitDefinition>(_ trait: T.Type) -> T.Value {
    guard let entry = entries[ObjectIdentifier(trait)], let value = entry.value as? T.Value else {
      return trait.defaultValue
    }
    return value
  }

  /// Sets a trait. A system trait set to its "unspecified" value is no longer specified, as
  /// `overrideUserInterfaceStyle = .unspecified` removes an override on iOS; an app's traits
  /// have no such value and are always kept.
  mutating func set<T: UITraitDefinition>(_ trait: T.Type, _ value: T.Value) {
    let equals = _TraitValues.comparator(for: value)
    if trait is any _SystemTrait.Type, equals(trait.defaultValue) {
      entries[ObjectIdentifier(trait)] = nil
    } else {
      entries[ObjectIdentifier(trait)] = Entry(trait: trait, value: value, equals: equals)
    }
  }

  func contains(_ trait: UITrait) -> Bool { entries[ObjectIdentifier(trait)] != nil }

  mutating func remove(_ trait: UITrait) { entries[ObjectIdentifier(trait)] = nil }

  /// `other`'s specified traits replace these.
  mutating func merge(_ other: _TraitValues) {
    if entries.isEmpty {
      entries = other.entries
      return
    }
    for (key, entry) in other.entries { entries[key] = entry }
  }

  /// The traits whose values differ between the two (a trait one does not specify has its default).
  func changedTraits(from other: _TraitValues) -> [UITrait] {
    var changed: [UITrait] = []
    for (key, entry) in entries {
      if let theirs = other.entries[key] {
        if !entry.equals(theirs.value) { changed.append(entry.trait) }
      } else if !entry.equals(Self.defaultValue(of: entry.trait)) {
        changed.append(entry.trait)
      }
    }
    for (key, theirs) in other.entries where entries[key] == nil {
      if !theirs.equals(Self.defaultValue(of: theirs.trait)) { changed.append(theirs.trait) }
    }
    return changed
  }

  func sameValues(as other: _TraitValues) -> Bool {
    guard entries.count == other.entries.count else { return changedTraits(from: other).isEmpty }
    for (key, entry) in entries {
      guard let theirs = other.entries[key], entry.equals(theirs.value) else { return false }
    }
    return true
  }

  private static func defaultValue(of trait: UITrait) -> Any {
    func open<T: UITraitDefinition>(_ type: T.Type) -> Any { type.defaultValue }
    return open(trait)
  }

  /// How values of a trait compare: `==` when they are `Equatable`, identity for objects, nil
  /// equal to nil for optionals; other values never compare equal (every change is reported).
  static func comparator<V>(for value: V) -> (Any) -> Bool {
    if let equatable = value as? any Equatable {
      func compare<E: Equatable>(_ mine: E) -> (Any) -> Bool {
        { other in (other as? E).map { $0 == mine } ?? false }
      }
      return compare(equatable)
    }
    if _isNilOptional(value) { return { _isNilOptional($0) } }
    if type(of: value as Any) is AnyClass {
      let object = value as AnyObject
      return { other in (other as AnyObject) === object }
    }
    return { _ in false }
  }

  private static func _isNilOptional(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
  }
}

/// The system's trait definitions: setting one to its default ("unspecified") value leaves the
/// trait unspecified.
protocol _SystemTrait {}
extension UITraitUserInterfaceStyle: _SystemTrait {}
extension UITraitHorizontalSizeClass: _SystemTrait {}
extension UITraitVerticalSizeClass: _SystemTrait {}
extension UITraitUserInterfaceIdiom: _SystemTrait {}
extension UITraitUserInterfaceLevel: _SystemTrait {}
extension UITraitDisplayScale: _SystemTrait {}
extension UITraitDisplayGamut: _SystemTrait {}
extension UITraitLayoutDirection: _SystemTrait {}
extension UITraitPreferredContentSizeCategory: _SystemTrait {}
extension UITraitAccessibilityContrast: _SystemTrait {}
extension UITraitLegibilityWeight: _SystemTrait {}
extension UITraitForceTouchCapability: _SystemTrait {}
extension UITraitActiveAppearance: _SystemTrait {}
extension UITraitToolbarItemPresentationSize: _SystemTrait {}
extension UITraitListEnvironment: _SystemTrait {}
extension UITraitTypesettingLanguage: _SystemTrait {}
