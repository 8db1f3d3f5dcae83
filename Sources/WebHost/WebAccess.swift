import Foundation

/// Who may open the page and its WebSocket: whoever has the address the host printed, which
/// carries a random token (as a notebook server's does), from a page of this server's own
/// origin. Another local user cannot guess the token; another web page open in the same browser
/// is refused by its Origin, which browsers always send with a WebSocket handshake.
package struct WebAccess: Sendable {
  /// The token the address carries: 32 random bytes as 64 hexadecimal digits.
  package let token: String

  package init(token: String = WebAccess.makeToken()) {
    self.token = token
  }

  /// 32 bytes from the system's cryptographic random source.
  package static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
  }

  /// Whether `candidate` is the token. Takes the same time wherever the first difference is.
  package func accepts(token candidate: String?) -> Bool {
    guard let candidate else { return false }
    let a = Array(candidate.utf8), b = Array(token.utf8)
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for index in 0..<b.count { difference |= b[index] ^ (index < a.count ? a[index] : 0) }
    return difference == 0
  }

  /// Whether a WebSocket handshake's `Origin` header may come from the page this server serves
  /// on `port`: `http://127.0.0.1:PORT` or `http://localhost:PORT`, or no Origin at all (not a
  /// browser: a test's client or a script, which still needs the token).
  package func accepts(origin: String?, port: Int) -> Bool {
    guard let origin else { return true }
    return origin == "http://127.0.0.1:\(port)" || origin == "http://localhost:\(port)"
  }

  /// The value of `name` in a request's query string (`/ws?token=…&control=1`), percent-decoded.
  package static func queryValue(_ name: String, in query: String?) -> String? {
    guard let query else { return nil }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, parts[0] == name else { continue }
      return String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
    return nil
  }
}

/// The tabs that see the app and which of them drive it. One process serves one app; every tab
/// sees it; the first tab drives it and later ones only watch, unless their address asks to
/// drive too (`&control=1`). When the last driving tab goes, the oldest watching tab drives
/// (a reloaded page is not locked out by its own old connection).
package struct WebClients<Client> {
  package struct Entry {
    package let id: Int
    package var canControl: Bool
    package var client: Client
  }
  package private(set) var entries: [Entry] = []
  private var nextID = 0

  package init() {}

  /// Adds a tab; returns its id.
  package mutating func add(_ client: Client, asksForControl: Bool) -> Int {
    nextID += 1
    let controls = asksForControl || !entries.contains { $0.canControl }
    entries.append(Entry(id: nextID, canControl: controls, client: client))
    return nextID
  }

  /// Removes a tab; returns the ids of tabs that now drive the app and did not before.
  @discardableResult
  package mutating func remove(_ id: Int) -> [Int] {
    entries.removeAll { $0.id == id }
    guard !entries.isEmpty, !entries.contains(where: { $0.canControl }) else { return [] }
    entries[0].canControl = true
    return [entries[0].id]
  }

  package func canControl(_ id: Int) -> Bool {
    entries.first { $0.id == id }?.canControl ?? false
  }

  package subscript(id: Int) -> Client? {
    get { entries.first { $0.id == id }?.client }
    set {
      guard let newValue, let index = entries.firstIndex(where: { $0.id == id }) else { return }
      entries[index].client = newValue
    }
  }
}
