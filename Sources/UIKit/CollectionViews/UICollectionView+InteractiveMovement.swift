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
  /// shift by one, their cells and selection with them, and the sections' counts change when
  /// the item changes section.
  private func _showMovement(to target: IndexPath) {
    guard var movement = _interactiveMovement else { return }
    let from = movement.current
    var counts = _sectionCounts
    counts[from[0]] -= 1
    counts[target[0]] += 1
    func moved(_ indexPath: IndexPath) -> IndexPath {
      guard indexPath.count == 2 else { return indexPath }
      if indexPath == from { return target }
      var section = indexPath[0]
      var item = indexPath[1]
      if section == from[0], item > from[1] { item -= 1 }
      if section == target[0], item >= target[1] { item += 1 }
      section = indexPath[0]
      return IndexPath(item: item, section: section)
    }
    _remapViews { key in
      guard key.category == .cell else { return key }
      return _ElementKey(category: .cell, kind: "", indexPath: moved(key.indexPath))
    }
    _selected = Set(_selected.map(moved))
    _sectionCounts = counts
    movement.current = target
    _interactiveMovement = movement
    _invalidateForMovement()
  }

  private func _invalidateForMovement() {
    _layout._invalidateAfterUpdate()
    layoutIfNeeded()
  }

  /// The item the data source has at `indexPath` of what shows during a movement (the cells
  /// of items that come into view are asked for by their places before the movement).
  func _dataSourceIndexPath(for indexPath: IndexPath) -> IndexPath {
    guard let movement = _interactiveMovement, movement.current != movement.original else { return indexPath }
    if indexPath == movement.current { return movement.original }
    // Undo the shift: first out of the current place, then back into the original one.
    var item = indexPath[1]
    if indexPath[0] == movement.current[0], item > movement.current[1] { item -= 1 }
    if indexPath[0] == movement.original[0], item >= movement.original[1] { item += 1 }
    return IndexPath(item: item, section: indexPath[0])
  }

  /// The moving cell follows the target position (after the layout placed it).
  func _placeMovingCell() {
    guard let movement = _interactiveMovement, let position = movement.position, let cell = movement.cell,
      let container = cell.superview
    else { return }
    cell.center = container === self ? position : convert(position, to: container)
  }
}
