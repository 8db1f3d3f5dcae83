import Foundation

/// The drag session handed to the source: its items and where the finger is.
@MainActor
final class _DragSession: NSObject, UIDragSession {
  /// The interaction the items were lifted from.
  let interaction: UIDragInteraction
  var items: [UIDragItem] = []
  var localContext: Any?
  var allowsMoveOperation = true
  var isRestrictedToDraggingApplication = false
  /// The finger, in window coordinates.
  var _location: CGPoint
  /// Set by a text target that moved the text within its own object (one edit did both).
  var _textMovedWithinSource = false
  /// Set by a text target whose delegate refused the dropped text: a move leaves the source.
  var _textDropRefused = false

  init(interaction: UIDragInteraction, location: CGPoint) {
    self.interaction = interaction
    _location = location
    super.init()
  }

  func location(in view: UIView) -> CGPoint { view.convert(_location, from: nil) }

  func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool {
    items.contains { item in
      typeIdentifiers.contains { item.itemProvider.hasItemConformingToTypeIdentifier($0) }
    }
  }

  func canLoadObjects(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
    items.contains { $0.itemProvider.canLoadObject(ofClass: aClass) }
  }
}

/// The same drag as drop targets see it: the drag session's items and finger, and the loading
/// of objects from them.
@MainActor
final class _DropSession: NSObject, UIDropSession {
  let dragSession: _DragSession
  nonisolated let progress = Progress(totalUnitCount: 1)
  var progressIndicatorStyle: UIDropSessionProgressIndicatorStyle = .default

  init(dragSession: _DragSession) {
    self.dragSession = dragSession
    super.init()
  }

  var items: [UIDragItem] { dragSession.items }
  var allowsMoveOperation: Bool { dragSession.allowsMoveOperation }
  var isRestrictedToDraggingApplication: Bool { dragSession.isRestrictedToDraggingApplication }
  var localDragSession: (any UIDragSession)? { dragSession }
  func location(in view: UIView) -> CGPoint { dragSession.location(in: view) }
  func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool {
    dragSession.hasItemsConforming(toTypeIdentifiers: typeIdentifiers)
  }
  func canLoadObjects(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
    dragSession.canLoadObjects(ofClass: aClass)
  }

  /// Every item's object, made now from its provider, handed over on the main queue through
  /// UIKit's clock (a headless host delivers it when its clock moves), as iOS documents.
  @discardableResult
  func loadObjects(
    ofClass aClass: any NSItemProviderReading.Type,
    completion: @escaping ([any NSItemProviderReading]) -> Void
  ) -> Progress {
    let objects = _objects(ofClass: aClass)
    let progress = Progress(totalUnitCount: Int64(items.count))
    progress.completedUnitCount = Int64(items.count)
    _ = UIApplication.shared._scheduler.schedule(after: 0) { completion(objects) }
    return progress
  }

  /// The objects of `aClass` the items make, in order (what `loadObjects` hands over).
  func _objects(ofClass aClass: any NSItemProviderReading.Type) -> [any NSItemProviderReading] {
    items.compactMap { $0.itemProvider._loadObjectNow(ofClass: aClass) }
  }
}
