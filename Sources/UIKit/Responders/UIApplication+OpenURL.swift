import Foundation

// Opening URLs. An app on Linux has no other apps to hand a URL to: the host does it. A host
// sets `_urlOpener` (UIKitTesting's headless host records the URL; the terminal host hands it to
// the terminal: README, "Differences Linux forces"); without one, nothing can open a URL and the
// completion handler hears false, as on a device without an app for the scheme.

extension UIApplication {
  /// Options for ``open(_:options:completionHandler:)``.
  public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Open the URL only if it is a universal link some installed app claims (a Boolean
    /// `NSNumber`). No app claims one on Linux, so with this option set nothing opens.
    public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    /// Tap attribution for Private Click Measurement (kept; no browser measures it on Linux).
    public static let eventAttribution = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenExternalURLOptionsEventAttributionKey")
  }

  /// Asks the host to open `url`; `completion` hears, on the main queue after this call returns
  /// (as on iOS, where opening is asynchronous), whether it did.
  public func open(
    _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
    completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
  ) {
    let universalOnly = (options[.universalLinksOnly] as? Bool) ?? (options[.universalLinksOnly] as? NSNumber)?.boolValue ?? false
    let opened = !universalOnly && (_urlOpener?(url) ?? false)
    guard let completion else { return }
    _ = _scheduler.schedule(after: 0) { completion(opened) }
  }

  /// Whether some app (here: the host) can open `url`.
  public func canOpenURL(_ url: URL) -> Bool {
    _urlOpener != nil && url.scheme != nil
  }
}
