import Foundation

/// What a table view tells and asks its delegate: display, heights, header and footer views,
/// highlighting and selection. Every method is optional; the protocol extension supplies iOS's
/// behaviour when a delegate leaves one out (heights from the table view's properties, every
/// row selectable, `willSelect` keeping the row it is given).
///
/// It inherits ``UIScrollViewDelegate``, as on iOS: the table's delegate hears its scrolling.
///
/// Linux difference: Swift on Linux has no `optional` requirements, so UIKit always calls the
/// methods (the defaults do what iOS does without them). iOS code's optional-call form
/// compiles, `tableView.delegate?.tableView?(tableView, didSelectRowAt: indexPath)` (a
/// same-named property whose value calls the method; never nil, unlike on iOS).
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
  /// The cell is about to be shown for the row.
  func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
  /// The header view of `section` is about to be shown.
  func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)
  /// The footer view of `section` is about to be shown.
  func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)
  /// The cell left the screen (or its row was deleted or reloaded).
  func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)

  /// The row's height (default: the table view's ``UITableView/rowHeight``;
  /// ``UITableView/automaticDimension`` sizes the cell from its content).
  func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  /// The header's height (default: ``UITableView/sectionHeaderHeight``).
  func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
  /// The footer's height (default: ``UITableView/sectionFooterHeight``).
  func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
  /// A row's height before its cell has been measured (default:
  /// ``UITableView/estimatedRowHeight``).
  func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat

  /// The view above `section` (default nil: the data source's title, if any, is drawn).
  func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
  /// The view below `section` (default nil: the data source's title, if any, is drawn).
  func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?

  /// The row's detail button was tapped.
  func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)

  /// Whether the row highlights when touched (default true).
  func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
  /// The row highlighted (a touch went down on it).
  func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
  /// The row's highlight went away (the touch ended or left).
  func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
  /// The user is about to select the row: return it, another row, or nil to select nothing.
  func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  /// The user is about to deselect the row: return it, another row, or nil to keep it selected.
  func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
  /// The user selected the row.
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
  /// The user's selection of another row deselected this one.
  func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)

  /// The editing style of the row (default `.delete`).
  func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
  /// The title of the delete button (default "Delete").
  func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String?
  /// The row's indentation level (default 0).
  func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int
  /// The actions a swipe to the right reveals (default nil: none).
  func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> UISwipeActionsConfiguration?
  /// The actions a swipe to the left reveals (default nil: none).
  func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
    -> UISwipeActionsConfiguration?

  /// The context menu of the row (iOS 13), asked when a touch stays on it for half a second or
  /// a secondary click lands on it; nil (the default) shows none, and the touch goes on to
  /// select the row when it lifts. With a menu, the touch selects nothing.
  func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint)
    -> UIContextMenuConfiguration?
  /// A context menu is about to show.
  func tableView(
    _ tableView: UITableView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?)
  /// A context menu went (an element was chosen, or a touch elsewhere dismissed it).
  func tableView(
    _ tableView: UITableView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?)
}

extension UITableViewDelegate {
  public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
  public func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
  public func tableView(
    _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath
  ) {}
  public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.rowHeight
  }
  public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
    tableView.sectionHeaderHeight
  }
  public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
    tableView.sectionFooterHeight
  }
  public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.estimatedRowHeight
  }
  public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
  public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
  public func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
  public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
  public func tableView(
    _ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath
  ) -> UITableViewCell.EditingStyle { .delete }
  public func tableView(
    _ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath
  ) -> String? { "Delete" }
  public func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }
  public func tableView(
    _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? { nil }
  public func tableView(
    _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? { nil }
  public func tableView(
    _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
  ) -> UIContextMenuConfiguration? { nil }
  public func tableView(
    _ tableView: UITableView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {}
  public func tableView(
    _ tableView: UITableView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {}
}

// MARK: Optional-call syntax

extension UITableViewDelegate {
  /// `delegate?.tableView?(tableView, didSelectRowAt: indexPath)` and the other
  /// `tableView(…)` methods (see ``UITableViewDelegate``). A class's own `tableView` property
  /// (``UITableViewController/tableView``, an outlet) is preferred to this one by name lookup.
  public var tableView: UITableViewDelegateCall? { UITableViewDelegateCall(delegate: self) }
}

/// The callable behind `delegate?.tableView?(…)`: each overload calls the delegate's method.
@preconcurrency @MainActor
public struct UITableViewDelegateCall {
  let delegate: any UITableViewDelegate

  public func callAsFunction(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
    delegate.tableView(tableView, willDisplay: cell, forRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {
    delegate.tableView(tableView, willDisplayHeaderView: view, forSection: section)
  }
  public func callAsFunction(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {
    delegate.tableView(tableView, willDisplayFooterView: view, forSection: section)
  }
  public func callAsFunction(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
    delegate.tableView(tableView, didEndDisplaying: cell, forRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    delegate.tableView(tableView, heightForRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
    delegate.tableView(tableView, heightForHeaderInSection: section)
  }
  public func callAsFunction(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
    delegate.tableView(tableView, heightForFooterInSection: section)
  }
  public func callAsFunction(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
    delegate.tableView(tableView, estimatedHeightForRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
    delegate.tableView(tableView, viewForHeaderInSection: section)
  }
  public func callAsFunction(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
    delegate.tableView(tableView, viewForFooterInSection: section)
  }
  public func callAsFunction(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
    delegate.tableView(tableView, accessoryButtonTappedForRowWith: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
    delegate.tableView(tableView, shouldHighlightRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
    delegate.tableView(tableView, didHighlightRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
    delegate.tableView(tableView, didUnhighlightRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    delegate.tableView(tableView, willSelectRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
    delegate.tableView(tableView, willDeselectRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    delegate.tableView(tableView, didSelectRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
    delegate.tableView(tableView, didDeselectRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
    delegate.tableView(tableView, editingStyleForRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? {
    delegate.tableView(tableView, titleForDeleteConfirmationButtonForRowAt: indexPath)
  }
  public func callAsFunction(
    _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? {
    delegate.tableView(tableView, leadingSwipeActionsConfigurationForRowAt: indexPath)
  }
  public func callAsFunction(
    _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? {
    delegate.tableView(tableView, trailingSwipeActionsConfigurationForRowAt: indexPath)
  }
  public func callAsFunction(
    _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
  ) -> UIContextMenuConfiguration? {
    delegate.tableView(tableView, contextMenuConfigurationForRowAt: indexPath, point: point)
  }
}
