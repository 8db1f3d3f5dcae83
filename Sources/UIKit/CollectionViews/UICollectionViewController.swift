import Foundation
import TextEditing

/// A view controller whose view is a collection view, and which is its data source and
/// delegate (override the `collectionView(_:…)` methods).
///
/// As the table view controller does, it keeps the field being edited in view: when the
/// keyboard shows, changes or hides, it sets the collection view's bottom content inset to the
/// part the keyboard covers and scrolls the first responder's cell above the keyboard.
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
  private var _initialLayout: UICollectionViewLayout
  private var _observers: [NSObjectProtocol] = []
  private var _keyboardInset: CGFloat = 0

  /// A controller whose collection view uses `layout`.
  public init(collectionViewLayout layout: UICollectionViewLayout) {
    _initialLayout = layout
    super.init(nibName: nil, bundle: nil)
    _observeKeyboard()
  }

  /// A controller with a flow layout.
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    _initialLayout = UICollectionViewFlowLayout()
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    _observeKeyboard()
  }

  public required init?(coder: NSCoder) {
    _initialLayout = UICollectionViewFlowLayout()
    super.init(coder: coder)
    _observeKeyboard()
  }

  isolated deinit {
    for observer in _observers { NotificationCenter.default.removeObserver(observer) }
  }

  /// The collection view (the controller's view).
  open var collectionView: UICollectionView! {
    get { view as? UICollectionView }
    set { view = newValue }
  }

  /// The layout of the collection view (the one given at creation until the view loads).
  open var collectionViewLayout: UICollectionViewLayout {
    (viewIfLoaded as? UICollectionView)?.collectionViewLayout ?? _initialLayout
  }

  /// Whether the selection is cleared when the view is about to appear.
  open var clearsSelectionOnViewWillAppear = true
  /// Whether the controller navigates with the collection view's layout (kept).
  open var useLayoutToLayoutNavigationTransitions = false
  /// Whether a long press on an item moves it (default true, as on iOS): the data source's
  /// `canMoveItemAt` decides which items may move, and `moveItemAt:to:` hears where it went.
  /// A context menu the delegate gives for the item comes first.
  open var installsStandardGestureForInteractiveMovement = true

  /// Creates the collection view, with this controller as its data source and delegate.
  open override func loadView() {
    let collectionView = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: _initialLayout)
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    collectionView.dataSource = self
    collectionView.delegate = self
    view = collectionView
  }

  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    if clearsSelectionOnViewWillAppear, let collectionView = viewIfLoaded as? UICollectionView {
      for indexPath in collectionView.indexPathsForSelectedItems ?? [] {
        collectionView.deselectItem(at: indexPath, animated: animated)
      }
    }
  }

  // MARK: Keyboard

  private func _observeKeyboard() {
    _observers = _observeKeyboardAndEditing { [weak self] in self?._keepFirstResponderVisible() }
  }

  /// Insets the collection view by the part the keyboard covers, then scrolls the first
  /// responder's cell (when it is in this collection view) above the keyboard.
  private func _keepFirstResponderVisible() {
    guard let collectionView = viewIfLoaded as? UICollectionView else { return }
    let (covered, responder) = collectionView._insetForKeyboard(replacing: _keyboardInset)
    _keyboardInset = covered
    guard let responder else { return }
    var view: UIView? = responder
    while let current = view, !(current is UICollectionViewCell) { view = current.superview }
    if let cell = view as? UICollectionViewCell, let indexPath = collectionView.indexPath(for: cell),
      let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame
    {
      collectionView.scrollRectToVisible(frame, animated: true)
    } else {
      collectionView.scrollRectToVisible(responder.convert(responder.bounds, to: collectionView), animated: true)
    }
  }

  // MARK: UIScrollViewDelegate

  open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
  open func scrollViewDidZoom(_ scrollView: UIScrollView) {}
  open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
  open func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {}
  open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
  open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
  open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
  open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
  open func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
  open func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
  open func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
  open func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
  open func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
  open func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}

  // MARK: UICollectionViewDataSource

  open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
  open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
  open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    preconditionFailure(
      "UICollectionView (\(collectionView)) failed to obtain a cell from its dataSource (\(self)): override collectionView(_:cellForItemAt:)"
    )
  }
  open func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    preconditionFailure(
      "the collection view's data source (\(self)) did not return a valid view for element of kind '\(kind)' at index path \(indexPath): override collectionView(_:viewForSupplementaryElementOfKind:at:)"
    )
  }
  open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
  open func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}
  open func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }
  open func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath { IndexPath(item: 0, section: index) }

  // MARK: UICollectionViewDelegate

  open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    true
  }
  open func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
  open func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
  open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    true
  }
  open func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    true
  }
  open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
  open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
  open func collectionView(
    _ collectionView: UICollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath
  ) -> Bool { true }
  open func collectionView(_ collectionView: UICollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {}
  open func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {}
  open func collectionView(
    _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {}
  open func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {}
  open func collectionView(
    _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {}
  open func collectionView(_ collectionView: UICollectionView, canEditItemAt indexPath: IndexPath) -> Bool { true }
  open func collectionView(
    _ collectionView: UICollectionView,
    targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath { proposedIndexPath }
  open func collectionView(
    _ collectionView: UICollectionView, targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
  ) -> CGPoint { proposedContentOffset }
  open func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool { true }
  open func collectionView(
    _ collectionView: UICollectionView, selectionFollowsFocusForItemAt indexPath: IndexPath
  ) -> Bool { collectionView.selectionFollowsFocus }
  open func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
  ) -> UIContextMenuConfiguration? {
    guard indexPaths.count == 1 else { return nil }
    return self.collectionView(collectionView, contextMenuConfigurationForItemAt: indexPaths[0], point: point)
  }
  open func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath, point: CGPoint
  ) -> UIContextMenuConfiguration? { nil }
  open func collectionView(
    _ collectionView: UICollectionView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {}
  open func collectionView(
    _ collectionView: UICollectionView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {}
}

extension UIScrollView {
  /// What the table and collection view controllers do when the keyboard or the first
  /// responder changes: inset the scroll view's bottom by the part of it the keyboard covers
  /// (replacing `addedInset`, what was added before; coming back inside the content when it
  /// goes), and return the first responder when it is inside. `covered` is the inset now added.
  func _insetForKeyboard(replacing addedInset: CGFloat) -> (covered: CGFloat, responder: UIView?) {
    guard let window else { return (addedInset, nil) }
    let visible = convert(bounds, to: nil)
    var covered: CGFloat = 0
    if let keyboard = window.keyboard.frame, keyboard.safeIntersects(visible) {
      covered = max(0, visible.maxY - keyboard.minY)
    }
    if covered != addedInset {
      var inset = contentInset
      inset.bottom += covered - addedInset
      contentInset = inset
      if covered == 0 {
        // The content may now end above the bottom: come back to the last offset that shows it.
        let maximum = _clampedContentOffset(contentOffset).y
        if contentOffset.y > maximum { setContentOffset(CGPoint(x: contentOffset.x, y: maximum), animated: true) }
      }
    }
    guard let responder = window.firstResponderObject as? UIView, responder.isDescendant(of: self) else {
      return (covered, nil)
    }
    return (covered, responder)
  }
}

extension UIViewController {
  /// Calls `handler` when the keyboard's frame changes and when a text field or text view
  /// begins editing (the table and collection view controllers' keyboard avoidance).
  func _observeKeyboardAndEditing(_ handler: @escaping @MainActor () -> Void) -> [NSObjectProtocol] {
    [
      UIResponder.keyboardWillChangeFrameNotification, UITextField.textDidBeginEditingNotification,
      UITextView.textDidBeginEditingNotification,
    ].map { name in
      NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
        MainActor.assumeIsolated { handler() }
      }
    }
  }
}
