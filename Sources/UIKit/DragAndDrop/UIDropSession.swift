import Foundation

/// The drag session as a drop target sees it.
@preconcurrency @MainActor
public protocol UIDropSession: UIDragDropSession, ProgressReporting {
  /// The drag session, for a drag that began in this app (always, here).
  var localDragSession: (any UIDragSession)? { get }
  /// Whether a slow drop shows the system's progress indicator.
  var progressIndicatorStyle: UIDropSessionProgressIndicatorStyle { get set }
  /// Makes an object of `aClass` from each item that can make one and hands them over, in the
  /// items' order, on the main queue. Call it from `performDrop`.
  @discardableResult
  func loadObjects(
    ofClass aClass: any NSItemProviderReading.Type,
    completion: @escaping ([any NSItemProviderReading]) -> Void
  ) -> Progress
}

extension UIDropSession {
  /// Loads a `T` (`String`, `URL`) from each item that can make one: Swift's spelling of
  /// `loadObjects(ofClass: NSString.self)`; the completion runs on the main queue.
  @discardableResult
  public func loadObjects<T: _ObjectiveCBridgeable>(
    ofClass: T.Type, completion: @escaping ([T]) -> Void
  ) -> Progress where T._ObjectiveCType: NSItemProviderReading {
    loadObjects(ofClass: T._ObjectiveCType.self) { objects in
      completion(
        objects.compactMap {
          ($0 as? T._ObjectiveCType).map { T._unconditionallyBridgeFromObjectiveC($0) }
        })
    }
  }
}
