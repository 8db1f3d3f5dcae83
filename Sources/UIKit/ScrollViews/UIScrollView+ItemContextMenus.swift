import Foundation

/// Context menus on the items of collection views and the rows of table views: a touch that
/// stays on one for half a second (iOS's long press), or a secondary click, asks the delegate;
/// the menu shows by the item as a button's menu does.
extension UIScrollView {
  /// How long a touch stays on an item before its context menu shows.
  static let _contextMenuPressDuration: TimeInterval = 0.5

  /// A touch went down on `indexPath`: `show` runs if it stays there, and says whether a menu
  /// showed (the touch then selects nothing when it lifts; the caller ends it).
  func _scheduleContextMenu(for indexPath: IndexPath, _ show: @escaping @MainActor () -> Void) {
    _cancelScheduledContextMenu()
    _contextMenuTouchItem = indexPath
    _contextMenuTimer = UIApplication.shared._scheduler.schedule(after: Self._contextMenuPressDuration) {
      [weak self] in
      guard let self else { return }
      _contextMenuTimer = nil
      _contextMenuTouchItem = nil
      show()
    }
  }

  /// The touch ended or began a swipe: no menu is due.
  func _cancelScheduledContextMenu() {
    if let timer = _contextMenuTimer { UIApplication.shared._scheduler.cancel(timer) }
    _contextMenuTimer = nil
    _contextMenuTouchItem = nil
  }

  /// The touch moved over `item` (nil: no item): off its item, no menu is due.
  func _contextMenuTouchMoved(over item: IndexPath?) {
    if item != _contextMenuTouchItem { _cancelScheduledContextMenu() }
  }

  /// Shows `configuration`'s menu by `sourceRect` (the scroll view's coordinates), telling the
  /// delegate through `willDisplay` and, when it goes, `willEnd`. A configuration that makes no
  /// menu shows nothing (iOS begins the interaction and ends it at once).
  func _presentItemContextMenu(
    _ configuration: UIContextMenuConfiguration, from sourceRect: CGRect,
    willDisplay: (any UIContextMenuInteractionAnimating) -> Void,
    willEnd: @escaping @MainActor (any UIContextMenuInteractionAnimating) -> Void
  ) {
    guard let window, let menu = configuration._menu() else { return }
    // The edit menu's animator: the hosts draw menus without animating them, so what is added
    // runs as soon as the menu is on screen (or gone).
    let appearing = _EditMenuAnimator()
    willDisplay(_ContextMenuAnimator(appearing))
    window._presentContextMenu(menu, sender: nil, sourceView: self, sourceRect: convert(sourceRect, to: nil))
    window._contextMenu?._onDismiss = {
      let ending = _EditMenuAnimator()
      willEnd(_ContextMenuAnimator(ending))
      ending.runCompletions()
    }
    appearing.runCompletions()
  }
}
