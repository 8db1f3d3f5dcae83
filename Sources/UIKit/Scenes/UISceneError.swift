import Foundation

/// An error from a scene request (`requestGeometryUpdate(_:errorHandler:)`), in
/// `UISceneErrorDomain`.
public struct UISceneError: Error, CustomNSError, Hashable, Sendable {
  /// What went wrong.
  public enum Code: Int, Sendable, Hashable {
    case multipleScenesNotSupported = 0
    case requestDenied = 1
    /// The geometry asked for is not one the scene can take (no orientation the app and its
    /// controllers support).
    case geometryRequestUnsupported = 100
    case geometryRequestDenied = 101
  }

  public let code: Code
  /// A description of the failure, as `localizedDescription` gives it.
  public let failureReason: String

  public init(_ code: Code, failureReason: String = "") {
    self.code = code
    self.failureReason = failureReason
  }

  public static var errorDomain: String { "UISceneErrorDomain" }
  public var errorCode: Int { code.rawValue }
  public var errorUserInfo: [String: Any] {
    failureReason.isEmpty ? [:] : [NSLocalizedFailureReasonErrorKey: failureReason, NSLocalizedDescriptionKey: failureReason]
  }

  public static let multipleScenesNotSupported = Code.multipleScenesNotSupported
  public static let requestDenied = Code.requestDenied
  public static let geometryRequestUnsupported = Code.geometryRequestUnsupported
  public static let geometryRequestDenied = Code.geometryRequestDenied
}
