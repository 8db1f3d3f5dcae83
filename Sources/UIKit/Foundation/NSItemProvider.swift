import Foundation

/// Data offered for a paste or a drop, by uniform type identifier (swift-corelibs-foundation has
/// no `NSItemProvider`; this is the part pasting text needs). The items are held as given and
/// handed back asynchronously on another queue, as Foundation's provider hands them.
open class NSItemProvider: NSObject, @unchecked Sendable {
  /// What ``loadItem(forTypeIdentifier:options:completionHandler:)`` hands back: the item or
  /// an error.
  public typealias CompletionHandler = @Sendable ((any NSSecureCoding)?, (any Error)?) -> Void

  private var items: [(typeIdentifier: String, item: any NSSecureCoding)] = []

  /// The name a receiver may give what it saves of the item.
  open var suggestedName: String?

  /// A provider offering nothing.
  public override init() {
    super.init()
  }

  /// A provider offering `item` as `typeIdentifier` (nothing when either is nil).
  public convenience init(item: (any NSSecureCoding)?, typeIdentifier: String?) {
    self.init()
    if let item, let typeIdentifier { items.append((typeIdentifier, item)) }
  }

  /// The type identifiers offered, in the order they were registered.
  open var registeredTypeIdentifiers: [String] { items.map(\.typeIdentifier) }

  /// Whether an item of `typeIdentifier` is offered (plain text conforms to `public.text`, as
  /// UTType's hierarchy says).
  open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
    items.contains { Self.conforms($0.typeIdentifier, to: typeIdentifier) }
  }

  /// Loads the item of `typeIdentifier` and hands it to `completionHandler`, later, on another
  /// queue (not the main one: hop back to it to touch views).
  open func loadItem(
    forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil,
    completionHandler: CompletionHandler? = nil
  ) {
    guard let completionHandler else { return }
    let item = items.first { Self.conforms($0.typeIdentifier, to: typeIdentifier) }?.item
    let error: (any Error)? = item == nil ? CocoaError(.fileReadUnknown) : nil
    nonisolated(unsafe) let found = item
    // On a queue of its own, as Foundation's provider calls back ("on an arbitrary queue").
    DispatchQueue.global().async { completionHandler(found, error) }
  }

  /// The few plain-text identifiers and their parents.
  static func conforms(_ type: String, to other: String) -> Bool {
    if type == other { return true }
    let textTypes: Set<String> = ["public.utf8-plain-text", "public.plain-text", "public.utf16-plain-text", "public.text", "public.url"]
    switch other {
    case "public.text": return textTypes.contains(type) && type != "public.url"
    case "public.plain-text": return type == "public.utf8-plain-text" || type == "public.utf16-plain-text"
    case "public.data", "public.item": return true
    default: return false
    }
  }
}
