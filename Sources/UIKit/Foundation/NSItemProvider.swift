import Foundation

/// A class whose objects an item provider can hand over as data (`NSString`, `NSURL`).
public protocol NSItemProviderWriting: NSObjectProtocol {
  /// The uniform type identifiers an object of the class can be written as, best first.
  static var writableTypeIdentifiersForItemProvider: [String] { get }
  /// The identifiers this object can be written as (by default the class's).
  var writableTypeIdentifiersForItemProvider: [String] { get }
  /// Writes the object as `typeIdentifier` and hands the data to `completionHandler`.
  func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress?
}

extension NSItemProviderWriting {
  public var writableTypeIdentifiersForItemProvider: [String] { Self.writableTypeIdentifiersForItemProvider }
}

/// A class whose objects an item provider can make from data (`NSString`, `NSURL`).
public protocol NSItemProviderReading: NSObjectProtocol {
  /// The uniform type identifiers the class reads, best first.
  static var readableTypeIdentifiersForItemProvider: [String] { get }
  /// An object made from `data` of `typeIdentifier`.
  static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

/// Who may see a representation an item provider registers: every representation is visible
/// to the app itself, the only receiver there is here.
public enum NSItemProviderRepresentationVisibility: Int, Sendable {
  case all = 0
  case team = 1
  case group = 2
  case ownProcess = 3
}

/// Data offered for a paste or a drop, by uniform type identifier (swift-corelibs-foundation has
/// no `NSItemProvider`; this is the part pasting and dragging need). Items and objects are held
/// as given and handed back asynchronously on another queue, as Foundation's provider hands
/// them.
open class NSItemProvider: NSObject, @unchecked Sendable {
  /// What ``loadItem(forTypeIdentifier:options:completionHandler:)`` hands back: the item or
  /// an error.
  public typealias CompletionHandler = @Sendable ((any NSSecureCoding)?, (any Error)?) -> Void

  private var items: [(typeIdentifier: String, item: any NSSecureCoding)] = []
  private var objects: [any NSItemProviderWriting] = []

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

  /// A provider offering `object` as each type it writes.
  public convenience init(object: any NSItemProviderWriting) {
    self.init()
    registerObject(object, visibility: .all)
  }

  /// Offers `object` as each type it writes, after what is already offered.
  open func registerObject(_ object: any NSItemProviderWriting, visibility: NSItemProviderRepresentationVisibility) {
    objects.append(object)
  }

  /// The type identifiers offered, in the order they were registered.
  open var registeredTypeIdentifiers: [String] {
    items.map(\.typeIdentifier) + objects.flatMap(\.writableTypeIdentifiersForItemProvider)
  }

  /// Whether an item of `typeIdentifier` is offered (plain text conforms to `public.text`, as
  /// UTType's hierarchy says).
  open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
    registeredTypeIdentifiers.contains { Self.conforms($0, to: typeIdentifier) }
  }

  /// Loads the item of `typeIdentifier` and hands it to `completionHandler`, later, on another
  /// queue (not the main one: hop back to it to touch views).
  open func loadItem(
    forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil,
    completionHandler: CompletionHandler? = nil
  ) {
    guard let completionHandler else { return }
    let item =
      items.first { Self.conforms($0.typeIdentifier, to: typeIdentifier) }?.item
      ?? objects.first { object in
        object.writableTypeIdentifiersForItemProvider.contains { Self.conforms($0, to: typeIdentifier) }
      } as? any NSSecureCoding
    let error: (any Error)? = item == nil ? CocoaError(.fileReadUnknown) : nil
    nonisolated(unsafe) let found = item
    // On a queue of its own, as Foundation's provider calls back ("on an arbitrary queue").
    DispatchQueue.global().async { completionHandler(found, error) }
  }

  // MARK: Objects

  /// Whether an object of `aClass` can be made from what is offered: an object of the class
  /// itself, or data of a type the class reads.
  open func canLoadObject(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
    objects.contains { type(of: $0) == aClass || aClass == NSObject.self } || _representation(for: aClass) != nil
  }

  /// Makes an object of `aClass` from what is offered and hands it to `completionHandler`, later,
  /// on another queue. An object of the class registered itself is handed over as it is (the
  /// provider and the receiver are one process).
  @discardableResult
  open func loadObject(
    ofClass aClass: any NSItemProviderReading.Type,
    completionHandler: @escaping @Sendable ((any NSItemProviderReading)?, (any Error)?) -> Void
  ) -> Progress {
    nonisolated(unsafe) let object = _loadObjectNow(ofClass: aClass)
    return Self._handOver(object, failed: object == nil, to: completionHandler)
  }

  /// Whether a `T` (`String`, `URL`) can be loaded: Swift's spelling of
  /// `canLoadObject(ofClass: NSString.self)`.
  public func canLoadObject<T: _ObjectiveCBridgeable>(ofClass: T.Type) -> Bool
  where T._ObjectiveCType: NSItemProviderReading {
    canLoadObject(ofClass: T._ObjectiveCType.self)
  }

  /// Loads a `T` (`String`, `URL`): Swift's spelling of `loadObject(ofClass: NSString.self)`.
  @discardableResult
  public func loadObject<T: _ObjectiveCBridgeable>(
    ofClass: T.Type, completionHandler: @escaping @Sendable (T?, (any Error)?) -> Void
  ) -> Progress where T._ObjectiveCType: NSItemProviderReading {
    let object = _loadObjectNow(ofClass: T._ObjectiveCType.self) as? T._ObjectiveCType
    nonisolated(unsafe) let bridged = object.map { T._unconditionallyBridgeFromObjectiveC($0) }
    return Self._handOver(bridged, failed: object == nil, to: completionHandler)
  }

  /// Hands `value` (or a read error) to `completionHandler` on another queue, as Foundation's
  /// provider calls back ("on an arbitrary queue"); the progress is complete.
  private static func _handOver<T>(
    _ value: T?, failed: Bool, to completionHandler: @escaping @Sendable (T?, (any Error)?) -> Void
  ) -> Progress {
    let progress = Progress(totalUnitCount: 1)
    progress.completedUnitCount = 1
    nonisolated(unsafe) let value = value
    let error: (any Error)? = failed ? CocoaError(.fileReadUnknown) : nil
    DispatchQueue.global().async { completionHandler(value, error) }
    return progress
  }

  /// What the provider offers now, by type identifier, as the pasteboard keeps items: text as
  /// `String`, URLs as `URL`, data as `Data` (the first offer of each type).
  var _itemsNow: [String: Any] {
    var result: [String: Any] = [:]
    func keep(_ value: Any, as type: String) {
      guard result[type] == nil else { return }
      switch value {
      case let string as NSString: result[type] = string as String
      case let url as NSURL: result[type] = url as URL
      case let data as NSData: result[type] = Data(referencing: data)
      case let data as Data: result[type] = data
      default: break
      }
    }
    for item in items { keep(item.item, as: item.typeIdentifier) }
    for object in objects {
      for type in object.writableTypeIdentifiersForItemProvider { keep(object, as: type) }
    }
    return result
  }

  /// Offers `item` as `typeIdentifier` after what is already offered.
  func _addItem(_ item: any NSSecureCoding, typeIdentifier: String) {
    items.append((typeIdentifier, item))
  }

  /// The object `aClass` makes from what is offered, made now (the drop session loads its
  /// objects on the main queue).
  func _loadObjectNow(ofClass aClass: any NSItemProviderReading.Type) -> (any NSItemProviderReading)? {
    if let same = objects.first(where: { type(of: $0) == aClass }) as? any NSItemProviderReading { return same }
    guard let (typeIdentifier, data) = _representation(for: aClass) else { return nil }
    return try? aClass.object(withItemProviderData: data, typeIdentifier: typeIdentifier)
  }

  /// The first offered representation `aClass` reads, as data: the class's readable types in
  /// its order of preference.
  private func _representation(for aClass: any NSItemProviderReading.Type) -> (String, Data)? {
    for wanted in aClass.readableTypeIdentifiersForItemProvider {
      if let item = items.first(where: { Self.conforms($0.typeIdentifier, to: wanted) }), let data = Self.data(of: item.item) {
        return (wanted, data)
      }
      for object in objects where object.writableTypeIdentifiersForItemProvider.contains(where: { Self.conforms($0, to: wanted) }) {
        if let data = Self.data(of: object) { return (wanted, data) }
      }
    }
    return nil
  }

  /// An item's bytes: text as UTF-8, a URL as its string, data as it is.
  private static func data(of item: Any) -> Data? {
    switch item {
    case let string as NSString: return (string as String).data(using: .utf8)
    case let url as NSURL: return url.absoluteString.data(using: .utf8)
    case let data as NSData: return Data(referencing: data)
    case let data as Data: return data
    default: return nil
    }
  }

  /// The few text, URL and image identifiers and their parents.
  static func conforms(_ type: String, to other: String) -> Bool {
    if type == other { return true }
    let textTypes: Set<String> = ["public.utf8-plain-text", "public.plain-text", "public.utf16-plain-text", "public.text", "public.url"]
    switch other {
    case "public.text": return textTypes.contains(type) && type != "public.url"
    case "public.plain-text": return type == "public.utf8-plain-text" || type == "public.utf16-plain-text"
    case "public.url": return type == "public.file-url"
    case "public.image": return type == "public.png" || type == "public.jpeg"
    case "public.data", "public.item": return true
    default: return false
    }
  }
}

// MARK: Text and URLs, as Foundation provides them on Apple's platforms

extension NSString: NSItemProviderWriting, NSItemProviderReading {
  public static var writableTypeIdentifiersForItemProvider: [String] { ["public.utf8-plain-text"] }
  public static var readableTypeIdentifiersForItemProvider: [String] {
    ["public.utf8-plain-text", "public.utf16-plain-text", "public.plain-text", "public.text"]
  }

  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    completionHandler((self as String).data(using: .utf8), nil)
    return nil
  }

  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
    guard let string = String(data: data, encoding: .utf8) else { throw CocoaError(.fileReadCorruptFile) }
    return try _itemProviderCast(NSString(string: string), to: self)
  }
}

extension NSURL: NSItemProviderWriting, NSItemProviderReading {
  public static var writableTypeIdentifiersForItemProvider: [String] { ["public.url"] }
  public static var readableTypeIdentifiersForItemProvider: [String] { ["public.url", "public.file-url"] }

  public func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress? {
    completionHandler(absoluteString.data(using: .utf8), nil)
    return nil
  }

  public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
    guard let string = String(data: data, encoding: .utf8), let url = NSURL(string: string) else {
      throw CocoaError(.fileReadCorruptFile)
    }
    return try _itemProviderCast(url, to: self)
  }
}

/// `object` as the class asked for (a subclass of NSString or NSURL that Foundation's readers
/// cannot make is an error, not a trap).
private func _itemProviderCast<T>(_ object: Any, to type: T.Type) throws -> T {
  guard let cast = object as? T else { throw CocoaError(.fileReadUnsupportedScheme) }
  return cast
}
