import Foundation
import TextEditing

/// What a collection view tells and asks its delegate: highlighting and selection, display,
/// moves and primary actions. Every method is optional; the protocol extension supplies iOS's
/// behaviour when a delegate leaves one out (everything highlightable and selectable).
///
/// It inherits ``UIScrollViewDelegate``, as on iOS: the collection view's delegate hears its
/// scrolling. A flow layout also asks it for sizes through ``UICollectionViewDelegateFlowLayout``.
///
/// A tap on an item goes, as on iOS: touch down `shouldHighlightItemAt`, `didHighlightItemAt`;
/// touch up `shouldSelectItemAt` (or, on a selected item with multiple selection,
/// `shouldDeselectItemAt`), `didUnhighlightItemAt`, then — without multiple selection —
/// `didDeselectItemAt` for the item that was selected, then `didSelectItemAt` and
/// `performPrimaryActionForItemAt`.
///
/// Linux difference: Swift on Linux has no `optional` requirements, so UIKit always calls the
/// methods. The optional-call form compiles:
/// `collectionView.delegate?.collectionView?(collectionView, didSelectItemAt: indexPath)`.
///
/// A long press on an item (half a second) or a secondary click asks for a context menu:
/// `contextMenuConfigurationForItemsAt` (whose default asks iOS 13's
/// `contextMenuConfigurationForItemAt` for a single item), then `willDisplayContextMenu`; the
/// menu shows by the item, and the touch selects nothing. When the menu goes,
/// `willEndContextMenuInteraction`. Previews are not shown (see ``UIContextMenuConfiguration``).
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
  /// Whether the item highlights when touched (default true); false skips selection too.
  func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
  /// The item highlighted (a touch went down on it).
  func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
  /// The item's highlight went away.
  func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
  /// Whether the user may select the item (default true).
  func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
  /// Whether the user may deselect the item (default true).
  func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
  /// The user selected the item.
  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
  /// The user deselected the item (or selected another one without multiple selection).
  func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
  /// Whether the user's tap on the item performs its primary action (default true).
  func collectionView(_ collectionView: UICollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath)
    -> Bool
  /// The user's tap selected the item without extending a selection: act on it (iOS 16).
  func collectionView(_ collectionView: UICollectionView, performPrimaryActionForItemAt indexPath: IndexPath)

  /// The cell is about to be shown for the item.
  func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
  /// The supplementary view is about to be shown.
  func collectionView(
    _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath)
  /// The cell left the screen (or its item was deleted or reloaded).
  func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
  /// The supplementary view left the screen.
  func collectionView(
    _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath)

  /// Whether the item can be edited (default true).
  func collectionView(_ collectionView: UICollectionView, canEditItemAt indexPath: IndexPath) -> Bool
  /// Where a moving item may go (default: where it is proposed to go).
  func collectionView(
    _ collectionView: UICollectionView,
    targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath
  /// Where the content offset goes after an update or a layout change (default: proposed).
  func collectionView(
    _ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
  ) -> CGPoint
  /// Whether the item can take keyboard focus (default true).
  func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool
  /// Whether moving focus to the item selects it (default: the collection view's
  /// `selectionFollowsFocus`).
  func collectionView(_ collectionView: UICollectionView, selectionFollowsFocusForItemAt indexPath: IndexPath) -> Bool

  /// The context menu for the items (iOS 16): the touched item, with the rest of a multiple
  /// selection it belongs to, or none for a secondary click between items; nil shows no menu.
  /// The default asks `contextMenuConfigurationForItemAt` when there is one item.
  func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
  ) -> UIContextMenuConfiguration?
  /// The context menu for the item (iOS 13–15; iOS 16 asks it through the method above).
  func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
  ) -> UIContextMenuConfiguration?
  /// A context menu is about to show.
  func collectionView(
    _ collectionView: UICollectionView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?)
  /// A context menu went (an element was chosen, or a touch elsewhere dismissed it).
  func collectionView(
    _ collectionView: UICollectionView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?)
}

extension UICollectionViewDelegate {
  public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    true
  }
  public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    true
  }
  public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    true
  }
  public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
  public func collectionView(
    _ collectionView: UICollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath
  ) -> Bool { true }
  public func collectionView(_ collectionView: UICollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {}
  public func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {}
  public func collectionView(_ collectionView: UICollectionView, canEditItemAt indexPath: IndexPath) -> Bool { true }
  public func collectionView(
    _ collectionView: UICollectionView,
    targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath { proposedIndexPath }
  public func collectionView(
    _ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
  ) -> CGPoint { proposedContentOffset }
  public func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool { true }
  public func collectionView(
    _ collectionView: UICollectionView, selectionFollowsFocusForItemAt indexPath: IndexPath
  ) -> Bool { collectionView.selectionFollowsFocus }
  public func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
  ) -> UIContextMenuConfiguration? {
    guard indexPaths.count == 1 else { return nil }
    return self.collectionView(collectionView, contextMenuConfigurationForItemAt: indexPaths[0], point: point)
  }
  public func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
  ) -> UIContextMenuConfiguration? { nil }
  public func collectionView(
    _ collectionView: UICollectionView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {}
  public func collectionView(
    _ collectionView: UICollectionView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {}
}

// MARK: Optional-call syntax

extension UICollectionViewDelegate {
  /// `delegate?.collectionView?(collectionView, didSelectItemAt: indexPath)` and the other
  /// `collectionView(…)` methods. A class's own `collectionView` property
  /// (``UICollectionViewController/collectionView``, an outlet) is preferred by name lookup.
  public var collectionView: UICollectionViewDelegateCall? { UICollectionViewDelegateCall(delegate: self) }
}

/// The callable behind `delegate?.collectionView?(…)`: each overload calls the delegate's
/// method.
@preconcurrency @MainActor
public struct UICollectionViewDelegateCall {
  let delegate: any UICollectionViewDelegate

  public func callAsFunction(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    delegate.collectionView(collectionView, shouldHighlightItemAt: indexPath)
  }
  public func callAsFunction(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
    delegate.collectionView(collectionView, didHighlightItemAt: indexPath)
  }
  public func callAsFunction(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    delegate.collectionView(collectionView, didUnhighlightItemAt: indexPath)
  }
  public func callAsFunction(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    delegate.collectionView(collectionView, shouldSelectItemAt: indexPath)
  }
  public func callAsFunction(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    delegate.collectionView(collectionView, shouldDeselectItemAt: indexPath)
  }
  public func callAsFunction(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    delegate.collectionView(collectionView, didSelectItemAt: indexPath)
  }
  public func callAsFunction(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
    delegate.collectionView(collectionView, didDeselectItemAt: indexPath)
  }
  public func callAsFunction(_ collectionView: UICollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
    delegate.collectionView(collectionView, performPrimaryActionForItemAt: indexPath)
  }
  public func callAsFunction(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {
    delegate.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
  }
  public func callAsFunction(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {
    delegate.collectionView(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
  }
  public func callAsFunction(_ collectionView: UICollectionView, canEditItemAt indexPath: IndexPath) -> Bool {
    delegate.collectionView(collectionView, canEditItemAt: indexPath)
  }
  public func callAsFunction(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
  ) -> UIContextMenuConfiguration? {
    delegate.collectionView(collectionView, contextMenuConfigurationForItemsAt: indexPaths, point: point)
  }
}
