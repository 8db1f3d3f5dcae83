import Foundation

/// The drag session as its source sees it.
@preconcurrency @MainActor
public protocol UIDragSession: UIDragDropSession {
  /// Anything the source keeps with the session; drop targets in the app read it through
  /// ``UIDropSession/localDragSession``.
  var localContext: Any? { get set }
}
