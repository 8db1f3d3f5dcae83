import Foundation

/// Updates search results as a search controller's text changes.
@preconcurrency @MainActor
public protocol UISearchResultsUpdating: AnyObject {
  /// The search text or scope changed, or the controller became active or inactive: read
  /// `searchController.searchBar.text` and update the results.
  func updateSearchResults(for searchController: UISearchController)
}

/// What a search controller tells its delegate as it becomes active and inactive. Every method
/// is optional.
@preconcurrency @MainActor
public protocol UISearchControllerDelegate: NSObjectProtocol {
  /// Asks the delegate to present the controller itself (called instead of the default
  /// presentation only on iOS when implemented; here the default presentation always runs, and
  /// this is not called).
  func presentSearchController(_ searchController: UISearchController)
  /// The controller is becoming active.
  func willPresentSearchController(_ searchController: UISearchController)
  /// The controller became active.
  func didPresentSearchController(_ searchController: UISearchController)
  /// The controller is becoming inactive.
  func willDismissSearchController(_ searchController: UISearchController)
  /// The controller became inactive.
  func didDismissSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
  public func presentSearchController(_ searchController: UISearchController) {}
  public func willPresentSearchController(_ searchController: UISearchController) {}
  public func didPresentSearchController(_ searchController: UISearchController) {}
  public func willDismissSearchController(_ searchController: UISearchController) {}
  public func didDismissSearchController(_ searchController: UISearchController) {}
}

// The order of messages (SearchBarTests pin it):
//   tap in the bar:  searchBarShouldBeginEditing → searchBarTextDidBeginEditing →
//                    willPresentSearchController → updateSearchResults → didPresentSearchController
//                    (the bar tells its delegate first, then its controller, as UIKit's bar does;
//                    didPresent comes at once here, after the presentation's animation on iOS)
//   typing:          searchBar(_:shouldChangeTextIn:…) → searchBar(_:textDidChange:) → updateSearchResults
//   Cancel:          searchBarCancelButtonClicked → willDismissSearchController →
//                    searchBar(_:textDidChange:) "" (when there was text) → searchBarShouldEndEditing →
//                    searchBarTextDidEndEditing → updateSearchResults → didDismissSearchController

/// A search bar and the results it filters: put it in `navigationItem.searchController`, set
/// ``searchResultsUpdater``, and the updater is asked to update as the user types. While it is
/// active, the content under the bar is dimmed (``obscuresBackgroundDuringPresentation``) and
/// the ``searchResultsController``'s view covers it once there is text; the navigation bar
/// hides (``hidesNavigationBarDuringPresentation``). Cancel ends the search.
///
/// Unlike on iOS, an active search controller is not presented (its `presentingViewController`
/// stays nil): its view is laid over the content under the search bar.
@preconcurrency @MainActor
open class UISearchController: UIViewController {
  /// The controller showing the results (nil: the content under the bar shows them).
  open private(set) var searchResultsController: UIViewController?

  /// The search bar. A subclass may override it to supply its own bar, as on iOS.
  open var searchBar: UISearchBar { _ownSearchBar }
  private let _ownSearchBar = UISearchBar(frame: .zero)

  /// Asked to update the results as the text changes.
  open weak var searchResultsUpdater: (any UISearchResultsUpdating)?
  /// Told as the search becomes active and inactive.
  open weak var delegate: (any UISearchControllerDelegate)?

  /// Whether the content under the bar is dimmed while the search is active (default true).
  open var obscuresBackgroundDuringPresentation = true
  /// The former name of ``obscuresBackgroundDuringPresentation``.
  @available(*, deprecated, renamed: "obscuresBackgroundDuringPresentation")
  open var dimsBackgroundDuringPresentation: Bool {
    get { obscuresBackgroundDuringPresentation }
    set { obscuresBackgroundDuringPresentation = newValue }
  }
  /// Whether the navigation bar hides while the search is active (default true).
  open var hidesNavigationBarDuringPresentation = true
  /// Whether the Cancel button shows while the search is active (default true).
  open var automaticallyShowsCancelButton = true
  /// Whether the scope bar shows while the search is active (default true).
  open var automaticallyShowsScopeBar = true
  /// Whether the results controller shows once there is text (default true).
  open var automaticallyShowsSearchResultsController = true
  /// Whether the results controller shows (set while the search is active to show it without
  /// text).
  open var showsSearchResultsController = false { didSet { _updateOverlay() } }

  /// A search controller whose results show in `searchResultsController`'s view (nil: in the
  /// content under the bar).
  public init(searchResultsController: UIViewController?) {
    self.searchResultsController = searchResultsController
    super.init(nibName: nil, bundle: nil)
    searchBar._searchController = self
  }

  /// A search controller whose results show in the content under the bar (designated, as on
  /// iOS: a subclass may override it and call it).
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    searchBar._searchController = self
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    searchBar._searchController = self
  }

  open override func loadView() {
    let overlay = _SearchOverlayView(frame: UIScreen.main.bounds)
    overlay.controller = self
    view = overlay
  }

  /// A tap on the dimmed content ends the search, as on iOS.
  func _dimmedContentTapped() {
    isActive = false
  }

  // MARK: Active

  private var _active = false
  private var _changingActive = false

  /// Whether the search is active (the bar being used). Setting it to true does not focus the
  /// bar, as on iOS; setting it to false ends the search as Cancel does, without the delegate's
  /// cancel message.
  open var isActive: Bool {
    get { _active }
    set {
      guard newValue != _active, !_changingActive else { return }
      if newValue { _activate() } else { _deactivate() }
    }
  }

  private func _activate() {
    _changingActive = true
    defer { _changingActive = false }
    delegate?.willPresentSearchController(self)
    _active = true
    if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(true, animated: true) }
    if automaticallyShowsScopeBar, !(searchBar.scopeButtonTitles ?? []).isEmpty { searchBar.showsScopeBar = true }
    _updateOverlay()
    _relayoutContainer()
    searchResultsUpdater?.updateSearchResults(for: self)
    delegate?.didPresentSearchController(self)
  }

  private func _deactivate() {
    _changingActive = true
    defer { _changingActive = false }
    delegate?.willDismissSearchController(self)
    if let text = searchBar.text, !text.isEmpty {
      searchBar.text = ""
      searchBar._textDidChangeFromController()
    }
    if searchBar.isFirstResponder { _ = searchBar.resignFirstResponder() }
    _active = false
    if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(false, animated: true) }
    if automaticallyShowsScopeBar { searchBar.showsScopeBar = false }
    _updateOverlay()
    _relayoutContainer()
    searchResultsUpdater?.updateSearchResults(for: self)
    delegate?.didDismissSearchController(self)
  }

  // MARK: From the search bar

  func _searchBarDidBeginEditing() {
    guard !_active else { return }
    _activate()
  }

  func _searchTextDidChange() {
    guard !_changingActive else { return }
    _updateOverlay()
    searchResultsUpdater?.updateSearchResults(for: self)
  }

  func _cancelTapped() {
    isActive = false
  }

  // MARK: The overlay

  /// Lays the overlay (dimming and the results) over the content under the bar while active.
  private func _updateOverlay() {
    let overlay = view as! _SearchOverlayView
    let showsResults = _active
      && (showsSearchResultsController || (automaticallyShowsSearchResultsController && !(searchBar.text ?? "").isEmpty))
    if let results = searchResultsController {
      if showsResults {
        if results.parent !== self { addChild(results) }
        if results.view.superview !== overlay {
          overlay.addSubview(results.view)
          results.didMove(toParent: self)
        }
      } else if results.parent === self {
        results.willMove(toParent: nil)
        if results.isViewLoaded { results.view.removeFromSuperview() }
        results.removeFromParent()
      }
    }
    overlay.dims = _active && obscuresBackgroundDuringPresentation && !(showsResults && searchResultsController != nil)
    guard let container = searchBar.superview else { return }
    if _active && (overlay.dims || (showsResults && searchResultsController != nil)) {
      if overlay.superview !== container { container.insertSubview(overlay, belowSubview: searchBar) }
      _placeOverlay()
    } else if overlay.superview != nil {
      overlay.removeFromSuperview()
    }
  }

  /// The overlay covers the container from the search bar's bottom down.
  func _placeOverlay() {
    guard let overlay = viewIfLoaded, let container = overlay.superview else { return }
    let top = searchBar.frame.maxY
    overlay.frame = CGRect(x: container.bounds.minX, y: top, width: container.bounds.width, height: max(0, container.bounds.maxY - top))
    for child in overlay.subviews { child.frame = overlay.bounds }
  }

  private func _relayoutContainer() {
    searchBar.superview?.setNeedsLayout()
  }
}

extension UISearchBar {
  /// The controller cleared the text (Cancel): the delegate hears of it, the updater is asked
  /// once later by the controller.
  func _textDidChangeFromController() {
    delegate?.searchBar(self, textDidChange: text ?? "")
  }
}

/// A search controller's view: dims the content under the search bar and holds the results.
@MainActor
final class _SearchOverlayView: UIView {
  weak var controller: UISearchController?
  var dims = false { didSet { backgroundColor = dims ? UIColor(white: 0, alpha: 0.2) : nil } }

  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    // Only a tap on the dimming itself (not on the results it holds) ends the search.
    guard dims, let touch = touches.first, touch.view === self else { return }
    controller?._dimmedContentTapped()
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    for child in subviews { child.frame = bounds }
  }
}
