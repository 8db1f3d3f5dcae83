import Foundation

/// What the system keeps about one scene: its role, its configuration and the scene while it is
/// connected.
@preconcurrency @MainActor
open class UISceneSession: NSObject {
  /// What a session's scenes are for.
  public struct Role: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The app's own windows on the device's screen.
    public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    /// An external display that is not interactive.
    public static let windowExternalDisplayNonInteractive = Role(
      rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
  }

  /// The session's role.
  public let role: Role
  /// A unique, persistent identifier.
  public let persistentIdentifier: String
  /// The configuration the scene was created with.
  open internal(set) var configuration: UISceneConfiguration
  /// The connected scene, if any.
  open internal(set) weak var scene: UIScene?
  /// State the app keeps with the session.
  open var userInfo: [String: Any]?

  package init(role: Role, configuration: UISceneConfiguration) {
    self.role = role
    self.configuration = configuration
    persistentIdentifier = UUID().uuidString
    super.init()
  }
}
