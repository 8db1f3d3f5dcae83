import Foundation
import TextEditing

/// Context menus on items (see UIScrollView+ItemContextMenus.swift and, for the order of the
/// delegate's calls, ``UICollectionViewDelegate``).
extension UICollectionView: _ContextMenuSource {
  /// A touch went down on `indexPath` at `point`: its context menu is due if it stays.
  func _scheduleContextMenu(for indexPath: IndexPath, at point: CGPoint) {
    _scheduleContextMenu(for: indexPath) { [weak self] in
      guard let self else { return }
      if _showContextMenu(for: _contextMenuItems(touching: indexPath), at: point) {
        // The touch selects nothing when it lifts.
        _endTouch(selecting: false)
      } else if _installsStandardMovementGesture, beginInteractiveMovementForItem(at: indexPath) {
        // Without a menu, the collection view controller's standard gesture lifts the item.
        _endTouch(selecting: false)
        _touchMovesItem = true
        updateInteractiveMovementTargetPosition(point)
      }
    }
  }

  /// Whether a long press moves items: the collection view is a collection view controller's
  /// with `installsStandardGestureForInteractiveMovement` on.
  private var _installsStandardMovementGesture: Bool {
    var responder = next
    while let current = responder {
      if let controller = current as? UICollectionViewController {
        return controller.installsStandardGestureForInteractiveMovement && controller.collectionView === self
      }
      if current is UIView { return false }
      responder = current.next
    }
    return false
  }

  /// The items a menu on `indexPath` acts on: it, with the rest of a multiple selection it is
  /// part of.
  private func _contextMenuItems(touching indexPath: IndexPath) -> [IndexPath] {
    guard _allowsMultiple, _selected.contains(indexPath) else { return [indexPath] }
    return [indexPath] + _selected.sorted().filter { $0 != indexPath }
  }

  func _secondaryClickShowsContextMenu(at point: CGPoint) -> Bool {
    let items = indexPathForItem(at: point).map { _contextMenuItems(touching: $0) } ?? []
    return _showContextMenu(for: items, at: point)
  }

  /// Asks the delegate for the menu of `indexPaths` and shows it; false when it gives no
  /// configuration (a configuration without a menu counts as shown and gone).
  private func _showContextMenu(for indexPaths: [IndexPath], at point: CGPoint) -> Bool {
    guard let delegate,
      let configuration = delegate.collectionView(self, contextMenuConfigurationForItemsAt: indexPaths, point: point)
    else { return false }
    let source = indexPaths.first.flatMap { layoutAttributesForItem(at: $0).map(_visibleFrame(of:)) }
      ?? CGRect(x: point.x, y: point.y, width: 0, height: 0)
    _presentItemContextMenu(
      configuration, from: source,
      willDisplay: { delegate.collectionView(self, willDisplayContextMenu: configuration, animator: $0) },
      willEnd: { [weak self] animator in
        guard let self else { return }
        self.delegate?.collectionView(self, willEndContextMenuInteraction: configuration, animator: animator)
      })
    return true
  }
}
