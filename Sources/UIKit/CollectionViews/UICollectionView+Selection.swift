import Foundation
import TextEditing

extension UICollectionView {
  func _setSelected(_ selected: Bool, _ indexPath: IndexPath) {
    if selected { _selected.insert(indexPath) } else { _selected.remove(indexPath) }
    cellForItem(at: indexPath)?.isSelected = selected
  }

  var _selectionAllowed: Bool { isEditing ? allowsSelectionDuringEditing : allowsSelection }
  var _allowsMultiple: Bool { isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection }

  /// A tap on an item, after its highlight: see ``UICollectionViewDelegate`` for the order.
  func _userTapped(_ indexPath: IndexPath, unhighlight: () -> Void) {
    if _allowsMultiple, _selected.contains(indexPath) {
      guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else {
        unhighlight()
        return
      }
      unhighlight()
      _setSelected(false, indexPath)
      delegate?.collectionView(self, didDeselectItemAt: indexPath)
      return
    }
    guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else {
      unhighlight()
      return
    }
    unhighlight()
    let extending = _allowsMultiple && !_selected.isEmpty
    if !_allowsMultiple {
      for old in _selected.sorted() where old != indexPath {
        _setSelected(false, old)
        delegate?.collectionView(self, didDeselectItemAt: old)
      }
    }
    _setSelected(true, indexPath)
    delegate?.collectionView(self, didSelectItemAt: indexPath)
    if !extending, !isEditing, delegate?.collectionView(self, canPerformPrimaryActionForItemAt: indexPath) ?? true {
      delegate?.collectionView(self, performPrimaryActionForItemAt: indexPath)
    }
  }

  func _endTouch(selecting: Bool) {
    guard let indexPath = _touchedItem else { return }
    _touchedItem = nil
    var unhighlighted = false
    let unhighlight = { [self] in
      guard !unhighlighted else { return }
      unhighlighted = true
      if let cell = cellForItem(at: indexPath), cell.isHighlighted {
        cell.isHighlighted = false
        delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
      }
    }
    guard selecting, _selectionAllowed, _sectionCountsContain(indexPath) else {
      unhighlight()
      return
    }
    _userTapped(indexPath, unhighlight: unhighlight)
  }

  private func _sectionCountsContain(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && indexPath[0] < numberOfSections && indexPath[1] < numberOfItems(inSection: indexPath[0])
  }
}
