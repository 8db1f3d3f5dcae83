import Foundation

/// A placeholder in a menu whose elements are provided when the menu is shown, perhaps later
/// (a provider that loads them calls its completion when they are ready).
///
/// A cached element (``init(_:)``) asks its provider once and keeps the elements; an
/// ``uncached(_:)`` one asks each time the menu is shown.
@preconcurrency @MainActor
public class UIDeferredMenuElement: UIMenuElement {
  /// What a provider calls with the elements.
  public typealias Completion = @MainActor ([UIMenuElement]) -> Void

  let _provider: @MainActor (@escaping Completion) -> Void
  let _cached: Bool
  /// The provided elements, once the provider answered (cached elements only).
  var _elements: [UIMenuElement]?

  required init(provider: @escaping @MainActor (@escaping Completion) -> Void, cached: Bool) {
    _provider = provider
    _cached = cached
    super.init(_title: "", image: nil)
  }

  /// A placeholder whose provider is asked once, the first time its menu shows.
  public convenience init(_ elementProvider: @escaping @MainActor (@escaping Completion) -> Void) {
    self.init(provider: elementProvider, cached: true)
  }

  /// A placeholder whose provider is asked each time its menu shows.
  public class func uncached(_ elementProvider: @escaping @MainActor (@escaping Completion) -> Void) -> Self {
    self.init(provider: elementProvider, cached: false)
  }

  /// Asks the provider (unless cached elements are at hand) and calls `completion` with the
  /// elements when they come, at once if the provider answers at once.
  func _resolve(_ completion: @escaping Completion) {
    if _cached, let elements = _elements {
      completion(elements)
      return
    }
    var answered = false
    _provider { [weak self] elements in
      // A provider that calls its completion twice: the first answer counts, as on iOS.
      guard !answered else { return }
      answered = true
      if let self, self._cached { self._elements = elements }
      completion(elements)
    }
  }
}
