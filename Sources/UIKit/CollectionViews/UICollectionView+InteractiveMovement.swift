import Foundation
import TextEditing

/// An item being moved by hand (``UICollectionView/beginInteractiveMovementForItem(at:)``):
/// where it was, where it shows now, and where the touch holds it.
struct _InteractiveMovement {
  var original: IndexPath
  var current: IndexPath
  /// The target position (content coordinates): the moving cell's centre.
  var position: CGPoint?
  weak var cell: UICollectionViewCell?
}

/// Moving items by hand, as iOS 9 added: while an item moves, the others make room where the
/// delegate lets it go (`targetIndexPathForMoveOfItemFromOriginalIndexPath`), its cell follows
/// the target position, and the data source hears the move once, when it ends
/// (`moveItemAt:to:`). A cancelled movement puts everything back and tells nobody.
extension UICollectionView {
  func _beginInteractiveMovement(at indexPath: IndexPath) -> Bool {
    guard _interactiveMovement == nil, let dataSource, _isValidItem(indexPath),
      dataSource.collectionView(self, canMoveItemAt: indexPath), let cell = cellForItem(at: indexPath)
    else { return false }
    _interactiveMovement = _InteractiveMovement(original: indexPath, current: indexPath, position: nil, cell: cell)
    cell.superview?.bringSubviewToFront(cell)
    return true
  }

  func _updateInteractiveMovement(_ targetPosition: CGPoint) {
    guard var movement = _interactiveMovement else { return }
    movement.position = targetPosition
    _interactiveMovement = movement
    if let proposed = indexPathForItem(at: targetPosition), proposed != movement.current {
      let target = delegate?.collectionView(
        self, targetIndexPathForMoveOfItemFromOriginalIndexPath: movement.original, atCurrentIndexPath: movement.current,
        toProposedIndexPath: proposed) ?? proposed
      if target != movement.current, _isValidItem(target) { _showMovement(to: target) }
    }
    setNeedsLayout()
    layoutIfNeeded()
  }

  func _endInteractiveMovement() {
    guard let movement = _interactiveMovement else { return }
    _interactiveMovement = nil
    if movement.current != movement.original {
      dataSource?.collectionView(self, moveItemAt: movement.original, to: movement.current)
    }
    // The data source agrees with what shows now.
    _sectionCounts = _askCounts()
    _invalidateForMovement()
  }

  func _cancelInteractiveMovement() {
    guard let movement = _interactiveMovement else { return }
    if movement.current != movement.original { _showMovement(to: movement.original) }
    _interactiveMovement = nil
    _invalidateForMovement()
  }

  private func _isValidItem(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && _sectionCounts.indices.contains(indexPath[0]) && indexPath[1] >= 0
      && indexPath[1] < _sectionCounts[indexPath[0]]
  }

  /// Shows the moving item at `target` (the data source does not know yet): the items between
  /// shift by one, their cells, selection and measured sizes with them (as a batch update moves
  /// them), and the sections' counts change when the item changes section.
  private func _showMovement(to target: IndexPath) {
    guard var movement = _interactiveMovement else { return }
    let (map, counts) = Self._movement(from: movement.current, to: target, counts: _sectionCounts)
    _remapViews { key in
      guard key.category == .cell, let moved = map.newIndexPath(key.indexPath) else { return key }
      return _ElementKey(category: .cell, kind: "", indexPath: moved)
    }
    _selected = Set(_selected.compactMap(map.newIndexPath))
    _layout._itemsMoved(map)
    _sectionCounts = counts
    movement.current = target
    _interactiveMovement = movement
    _invalidateForMovement()
  }

  /// One item moving from `from` to `to` among sections of `counts` items, as a batch update's
  /// map, and the counts after it.
  private static func _movement(from: IndexPath, to: IndexPath, counts: [Int]) -> (_CollectionBatchMap, [Int]) {
    var after = counts
    after[from[0]] -= 1
    after[to[0]] += 1
    var items: [Int: _IndexMapping] = [:]
    for section in counts.indices {
      items[section] = _IndexMapping(
        old: counts[section], new: after[section], removed: section == from[0] ? [from[1]] : [],
        fixed: section == to[0] ? [to[1]] : [])
    }
    let map = _CollectionBatchMap(
      sections: _IndexMapping(old: counts.count, new: counts.count, removed: [], fixed: []), items: items,
      movedItems: [from: to], reloadedItems: [])
    return (map, after)
  }

  private func _invalidateForMovement() {
    _layout._invalidateAfterUpdate()
    layoutIfNeeded()
  }

  /// The item the data source has at `indexPath` of what shows during a movement (the cells
  /// of items that come into view are asked for by their places before the movement): the
  /// movement undone.
  func _dataSourceIndexPath(for indexPath: IndexPath) -> IndexPath {
    guard let movement = _interactiveMovement, movement.current != movement.original else { return indexPath }
    let (undo, _) = Self._movement(from: movement.current, to: movement.original, counts: _sectionCounts)
    return undo.newIndexPath(indexPath) ?? indexPath
  }

  /// The moving cell follows the target position (after the layout placed it).
  func _placeMovingCell() {
    guard let movement = _interactiveMovement, let position = movement.position, let cell = movement.cell,
      let container = cell.superview
    else { return }
    cell.center = container === self ? position : convert(position, to: container)
  }
}
