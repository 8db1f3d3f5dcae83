import Foundation

/// What a drag session and a drop session both answer: the items and where the finger is.
@preconcurrency @MainActor
public protocol UIDragDropSession: NSObjectProtocol {
  /// The items being dragged.
  var items: [UIDragItem] { get }
  /// Where the finger is, in `view`'s coordinates.
  func location(in view: UIView) -> CGPoint
  /// Whether a drop may move the items (the source's `sessionAllowsMoveOperation`).
  var allowsMoveOperation: Bool { get }
  /// Whether the items may leave the app (always in the app here: there is no other app).
  var isRestrictedToDraggingApplication: Bool { get }
  /// Whether an item offers data conforming to one of `typeIdentifiers`.
  func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool
  /// Whether an item can make an object of `aClass`.
  func canLoadObjects(ofClass aClass: any NSItemProviderReading.Type) -> Bool
}

extension UIDragDropSession {
  /// Whether an item can make a `T` (`String`, `URL`): Swift's spelling of
  /// `canLoadObjects(ofClass: NSString.self)`.
  public func canLoadObjects<T: _ObjectiveCBridgeable>(ofClass: T.Type) -> Bool
  where T._ObjectiveCType: NSItemProviderReading {
    canLoadObjects(ofClass: T._ObjectiveCType.self)
  }
}
