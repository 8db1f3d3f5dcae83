import Foundation

/// A pasteboard: items of typed values (text, URLs, images, colours, data) that apps copy and
/// paste. The general one is the system's; named ones are the app's (there is one app here).
///
/// Each item is a dictionary from uniform type identifier to a value. The typed properties
/// (`string`, `url`, `image`, `color` and their plurals) read the items holding that type and
/// replace every item when set, as on iOS. Every change bumps `changeCount` and posts
/// `changedNotification` with the types added and removed.
@preconcurrency @MainActor
open class UIPasteboard: NSObject {
  /// A pasteboard's name.
  public struct Name: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The system's general pasteboard.
    public static let general = Name("com.apple.UIKit.pboard.general")
    /// The find pasteboard (deprecated on iOS; a named pasteboard like any other here).
    public static let find = Name("com.apple.UIKit.pboard.find")
  }

  /// Options for ``setItems(_:options:)``.
  public struct OptionsKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A `Date` after which the items are removed.
    public static let expirationDate = OptionsKey(rawValue: "com.apple.UIKit.pasteboard.expirationDate")
    /// A `Bool`: the items stay on this device (there is no other here).
    public static let localOnly = OptionsKey(rawValue: "com.apple.UIKit.pasteboard.localOnly")
  }

  /// Posted (object: the pasteboard) when its items change.
  public static let changedNotification = Notification.Name("UIPasteboardChangedNotification")
  /// Posted (object: the pasteboard) when a named pasteboard is removed.
  public static let removedNotification = Notification.Name("UIPasteboardRemovedNotification")
  /// The `changedNotification` user-info key of the types added (`[String]`).
  public static let changedTypesAddedUserInfoKey = "UIPasteboardChangedTypesAddedKey"
  /// The `changedNotification` user-info key of the types removed (`[String]`).
  public static let changedTypesRemovedUserInfoKey = "UIPasteboardChangedTypesRemovedKey"

  /// The types ``string`` reads and writes.
  public static let typeListString: [String] = ["public.utf8-plain-text", "public.plain-text", "public.text"]
  /// The types ``url`` reads and writes.
  public static let typeListURL: [String] = ["public.url"]
  /// The types ``image`` reads and writes.
  public static let typeListImage: [String] = ["public.png", "public.jpeg", "public.image"]
  /// The types ``color`` reads and writes.
  public static let typeListColor: [String] = ["com.apple.uikit.color"]

  /// The general pasteboard.
  public class var general: UIPasteboard { _general }
  private static let _general = UIPasteboard(named: .general)
  private static var named: [Name: UIPasteboard] = [:]

  /// The pasteboard called `pasteboardName`: made when `create` is true and there is none
  /// (nil otherwise). The general one is always there.
  public convenience init?(name pasteboardName: UIPasteboard.Name, create: Bool) {
    // A failable convenience initializer cannot hand back the existing object, so a second
    // object shares the first one's items.
    if pasteboardName == .general {
      self.init(named: .general, sharing: UIPasteboard._general)
      return
    }
    if let existing = UIPasteboard.named[pasteboardName] {
      self.init(named: pasteboardName, sharing: existing)
      return
    }
    guard create else { return nil }
    self.init(named: pasteboardName)
    UIPasteboard.named[pasteboardName] = self
  }

  /// A new pasteboard with a name of its own.
  public class func withUniqueName() -> UIPasteboard {
    let board = UIPasteboard(named: Name(UUID().uuidString))
    named[board.name] = board
    return board
  }

  /// Removes the pasteboard called `pasteboardName` (the general one cannot be removed).
  public class func remove(withName pasteboardName: UIPasteboard.Name) {
    guard pasteboardName != .general, let board = named.removeValue(forKey: pasteboardName) else { return }
    board._store.items = []
    NotificationCenter.default.post(name: removedNotification, object: board)
  }

  /// The items, shared by every object of one name.
  final class Store {
    var items: [[String: Any]] = []
    var changeCount = 0
  }

  /// The pasteboard's name.
  public let name: UIPasteboard.Name
  let _store: Store

  /// Hosts that bridge to a real clipboard are told of every change.
  package var onChange: (@MainActor (UIPasteboard) -> Void)?

  init(named name: Name, sharing other: UIPasteboard? = nil) {
    self.name = name
    _store = other?._store ?? Store()
    super.init()
  }

  /// Whether the items outlive the app (deprecated on iOS, where every pasteboard persists).
  open var isPersistent = true

  /// Incremented on every change.
  open var changeCount: Int { _store.changeCount }

  // MARK: Items

  /// The items: one dictionary of type identifier → value each.
  open var items: [[String: Any]] {
    get { _store.items }
    set { _replace(with: newValue) }
  }

  /// Replaces the items (`options`: an expiration date, local only).
  open func setItems(_ items: [[String: Any]], options: [UIPasteboard.OptionsKey: Any] = [:]) {
    _replace(with: items)
    if let date = options[.expirationDate] as? Date {
      let count = changeCount
      let delay = max(0, date.timeIntervalSinceNow)
      _ = UIApplication.shared._scheduler.schedule(after: delay) { [weak self] in
        // Items set since are not these.
        guard let self, self.changeCount == count else { return }
        self._replace(with: [])
      }
    }
  }

  /// Adds items after the ones there.
  open func addItems(_ items: [[String: Any]]) {
    _replace(with: _store.items + items)
  }

  /// The number of items.
  open var numberOfItems: Int { _store.items.count }

  /// The types of the first item.
  open var types: [String] { _store.items.first.map { Array($0.keys).sorted() } ?? [] }

  /// Whether any item holds one of `pasteboardTypes` (or a type that conforms to one).
  open func contains(pasteboardTypes: [String]) -> Bool {
    contains(pasteboardTypes: pasteboardTypes, inItemSet: nil)
  }

  /// Whether an item of `itemSet` (nil: all) holds one of `pasteboardTypes`.
  open func contains(pasteboardTypes: [String], inItemSet itemSet: IndexSet?) -> Bool {
    _indices(itemSet).contains { Self._holds(_store.items[$0], anyOf: pasteboardTypes) }
  }

  /// The indices of the items holding one of `pasteboardTypes` (nil: none).
  open func itemSet(withPasteboardTypes pasteboardTypes: [String]) -> IndexSet? {
    let found = IndexSet(_indices(nil).filter { Self._holds(_store.items[$0], anyOf: pasteboardTypes) })
    return found.isEmpty ? nil : found
  }

  /// The types of each item of `itemSet` (nil: all).
  open func types(forItemSet itemSet: IndexSet?) -> [[String]]? {
    let indices = _indices(itemSet)
    return indices.isEmpty ? nil : indices.map { Array(_store.items[$0].keys).sorted() }
  }

  /// The first item's value of `pasteboardType`.
  open func value(forPasteboardType pasteboardType: String) -> Any? {
    _store.items.first.flatMap { Self._value(of: pasteboardType, in: $0) }
  }

  /// The values of `pasteboardType` of the items of `itemSet` (nil: all).
  open func values(forPasteboardType pasteboardType: String, inItemSet itemSet: IndexSet?) -> [Any]? {
    let found = _indices(itemSet).compactMap { Self._value(of: pasteboardType, in: _store.items[$0]) }
    return found.isEmpty ? nil : found
  }

  /// Makes the pasteboard one item holding `value` as `pasteboardType`.
  open func setValue(_ value: Any, forPasteboardType pasteboardType: String) {
    _replace(with: [[pasteboardType: value]])
  }

  /// The first item's data of `pasteboardType` (text as UTF-8).
  open func data(forPasteboardType pasteboardType: String) -> Data? {
    value(forPasteboardType: pasteboardType).flatMap(Self._data)
  }

  /// The data of `pasteboardType` of the items of `itemSet` (nil: all).
  open func data(forPasteboardType pasteboardType: String, inItemSet itemSet: IndexSet?) -> [Data]? {
    values(forPasteboardType: pasteboardType, inItemSet: itemSet)?.compactMap(Self._data)
  }

  /// Makes the pasteboard one item holding `data` as `pasteboardType`.
  open func setData(_ data: Data, forPasteboardType pasteboardType: String) {
    _replace(with: [[pasteboardType: data]])
  }

  // MARK: Typed values

  /// The first item's text (setting it replaces every item; nil clears).
  open var string: String? {
    get { strings?.first }
    set { strings = newValue.map { [$0] } }
  }

  /// Every item's text.
  open var strings: [String]? {
    get { _typed(Self.typeListString, Self._text) }
    set { _replace(with: (newValue ?? []).map { [Self.typeListString[0]: $0] }) }
  }

  /// Whether an item holds text.
  open var hasStrings: Bool { contains(pasteboardTypes: Self.typeListString) }

  /// The first item's URL.
  open var url: URL? {
    get { urls?.first }
    set { urls = newValue.map { [$0] } }
  }

  /// Every item's URL.
  open var urls: [URL]? {
    get { _typed(Self.typeListURL, Self._url) }
    set { _replace(with: (newValue ?? []).map { [Self.typeListURL[0]: $0] }) }
  }

  /// Whether an item holds a URL.
  open var hasURLs: Bool { contains(pasteboardTypes: Self.typeListURL) }

  /// The first item's image.
  open var image: UIImage? {
    get { images?.first }
    set { images = newValue.map { [$0] } }
  }

  /// Every item's image.
  open var images: [UIImage]? {
    get { _typed(Self.typeListImage) { $0 as? UIImage } }
    set { _replace(with: (newValue ?? []).map { [Self.typeListImage[0]: $0] }) }
  }

  /// Whether an item holds an image.
  open var hasImages: Bool { contains(pasteboardTypes: Self.typeListImage) }

  /// The first item's colour.
  open var color: UIColor? {
    get { colors?.first }
    set { colors = newValue.map { [$0] } }
  }

  /// Every item's colour.
  open var colors: [UIColor]? {
    get { _typed(Self.typeListColor) { $0 as? UIColor } }
    set { _replace(with: (newValue ?? []).map { [Self.typeListColor[0]: $0] }) }
  }

  /// Whether an item holds a colour.
  open var hasColors: Bool { contains(pasteboardTypes: Self.typeListColor) }

  /// The items as item providers, one per item, offering each of its values (text, URLs and
  /// data; images and colours are offered to the app through ``items``, not as data).
  open var itemProviders: [NSItemProvider] {
    get {
      _store.items.map { item in
        let provider = NSItemProvider()
        for (type, value) in item.sorted(by: { $0.key < $1.key }) {
          switch value {
          case let string as String: provider._addItem(string as NSString, typeIdentifier: type)
          case let url as URL: provider._addItem(url as NSURL, typeIdentifier: type)
          case let data as Data: provider._addItem(data as NSData, typeIdentifier: type)
          default: break
          }
        }
        return provider
      }
    }
    set { setItemProviders(newValue, localOnly: false, expirationDate: nil) }
  }

  /// Replaces the items with what `itemProviders` offer (one item per provider), local to this
  /// device when `localOnly`, gone at `expirationDate`.
  open func setItemProviders(_ itemProviders: [NSItemProvider], localOnly: Bool, expirationDate: Date?) {
    var options: [OptionsKey: Any] = [.localOnly: localOnly]
    if let expirationDate { options[.expirationDate] = expirationDate }
    setItems(itemProviders.map(\._itemsNow), options: options)
  }

  /// What a text object pastes from each item: its text, or its URL written out (a link copied
  /// alone pastes as its address into a text field, as on iOS).
  var _pastableTexts: [String] {
    _store.items.compactMap { item in
      Self._first(Self.typeListString, in: item, Self._text) ?? Self._first(Self.typeListURL, in: item, Self._url)?.absoluteString
    }
  }

  // MARK: Changing

  private func _replace(with items: [[String: Any]]) {
    let before = Set(_store.items.flatMap(\.keys))
    _store.items = items
    _store.changeCount += 1
    let after = Set(items.flatMap(\.keys))
    onChange?(self)
    NotificationCenter.default.post(
      name: Self.changedNotification, object: self,
      userInfo: [
        Self.changedTypesAddedUserInfoKey: Array(after.subtracting(before)).sorted(),
        Self.changedTypesRemovedUserInfoKey: Array(before.subtracting(after)).sorted(),
      ])
  }

  private func _indices(_ itemSet: IndexSet?) -> [Int] {
    let all = Array(_store.items.indices)
    guard let itemSet else { return all }
    return all.filter { itemSet.contains($0) }
  }

  private func _typed<T>(_ types: [String], _ read: (Any) -> T?) -> [T]? {
    let found = _store.items.compactMap { Self._first(types, in: $0, read) }
    return found.isEmpty ? nil : found
  }

  /// The item's value of the first of `types` it holds, read as `read` reads it.
  private static func _first<T>(_ types: [String], in item: [String: Any], _ read: (Any) -> T?) -> T? {
    types.lazy.compactMap { _value(of: $0, in: item) }.first.flatMap(read)
  }

  private static func _text(_ value: Any) -> String? {
    (value as? String) ?? (value as? NSString).map { $0 as String } ?? (value as? Data).flatMap { String(data: $0, encoding: .utf8) }
  }

  private static func _url(_ value: Any) -> URL? {
    (value as? URL) ?? (value as? String).flatMap(URL.init(string:))
  }

  /// Whether `item` holds a value of one of `types` (or of a type that conforms to one).
  private static func _holds(_ item: [String: Any], anyOf types: [String]) -> Bool {
    item.keys.contains { type in types.contains { NSItemProvider.conforms(type, to: $0) } }
  }

  private static func _value(of type: String, in item: [String: Any]) -> Any? {
    if let value = item[type] { return value }
    return item.first { NSItemProvider.conforms($0.key, to: type) }?.value
  }


  private static func _data(_ value: Any) -> Data? {
    switch value {
    case let data as Data: data
    case let string as String: Data(string.utf8)
    case let string as NSString: Data((string as String).utf8)
    case let url as URL: Data(url.absoluteString.utf8)
    default: nil
    }
  }
}
