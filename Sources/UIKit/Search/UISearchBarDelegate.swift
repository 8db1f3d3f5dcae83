import Foundation

/// What a search bar asks and tells its delegate. Every method is optional.
///
/// The order, as iOS sends it (pinned by SearchBarTests):
///   tap in the field:  searchBarShouldBeginEditing → searchBarTextDidBeginEditing
///   typing:            searchBar(_:shouldChangeTextIn:replacementText:) → searchBar(_:textDidChange:)
///   the clear button:  searchBar(_:textDidChange:) with ""
///   Return (Search):   searchBarSearchButtonClicked (the field stays first responder)
///   Cancel:            searchBarCancelButtonClicked (the bar does nothing else by itself)
///   a scope tapped:    searchBar(_:selectedScopeButtonIndexDidChange:)
///   end of editing:    searchBarShouldEndEditing → searchBarTextDidEndEditing
/// Setting `text` in code sends nothing. iOS code's optional-call form compiles,
/// `delegate?.searchBar?(bar, textDidChange: text)` and `delegate?.searchBarCancelButtonClicked?(bar)`
/// (same-named properties whose values call the methods; never nil, unlike on iOS). A
/// delegate's own `searchBar` property is preferred to the protocol's by name lookup.
@preconcurrency @MainActor
public protocol UISearchBarDelegate: NSObjectProtocol {
  /// Asks whether editing may begin.
  func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
  /// Editing began.
  func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
  /// Asks whether editing may end.
  func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
  /// Editing ended.
  func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
  /// The user changed the text (typing, deleting, pasting, the clear button).
  func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
  /// Asks whether the text in `range` (UTF-16 units) may be replaced by `text`.
  func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
  /// Asks whether `text` may replace the text in `ranges` (iOS 26; each an `NSRange` in an
  /// `NSValue`); not implemented, it asks ``searchBar(_:shouldChangeTextIn:replacementText:)``
  /// with the ranges' union.
  func searchBar(_ searchBar: UISearchBar, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String) -> Bool
  /// The Search key (Return) was pressed.
  func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
  /// The bookmark button was tapped.
  func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar)
  /// The Cancel button was tapped.
  func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
  /// The results list button was tapped.
  func searchBarResultsListButtonClicked(_ searchBar: UISearchBar)
  /// The user chose another scope.
  func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension UISearchBarDelegate {
  public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
  public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
  public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
  public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
  public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
  public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
  public func searchBar(_ searchBar: UISearchBar, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String) -> Bool {
    self.searchBar(searchBar, shouldChangeTextIn: _union(of: ranges), replacementText: text)
  }
  public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
  public func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar) {}
  public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
  public func searchBarResultsListButtonClicked(_ searchBar: UISearchBar) {}
  public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {}
}

// MARK: Optional-call syntax

extension UISearchBarDelegate {
  /// `delegate?.searchBarShouldBeginEditing?(bar)`.
  public var searchBarShouldBeginEditing: ((UISearchBar) -> Bool)? { { self.searchBarShouldBeginEditing($0) } }
  /// `delegate?.searchBarTextDidBeginEditing?(bar)`.
  public var searchBarTextDidBeginEditing: ((UISearchBar) -> Void)? { { self.searchBarTextDidBeginEditing($0) } }
  /// `delegate?.searchBarShouldEndEditing?(bar)`.
  public var searchBarShouldEndEditing: ((UISearchBar) -> Bool)? { { self.searchBarShouldEndEditing($0) } }
  /// `delegate?.searchBarTextDidEndEditing?(bar)`.
  public var searchBarTextDidEndEditing: ((UISearchBar) -> Void)? { { self.searchBarTextDidEndEditing($0) } }
  /// `delegate?.searchBarSearchButtonClicked?(bar)`.
  public var searchBarSearchButtonClicked: ((UISearchBar) -> Void)? { { self.searchBarSearchButtonClicked($0) } }
  /// `delegate?.searchBarCancelButtonClicked?(bar)`.
  public var searchBarCancelButtonClicked: ((UISearchBar) -> Void)? { { self.searchBarCancelButtonClicked($0) } }
}

extension UISearchBarDelegate {
  /// `delegate?.searchBar?(bar, textDidChange: text)` and the other `searchBar(…)` methods.
  public var searchBar: UISearchBarDelegateSearchBarCall? { UISearchBarDelegateSearchBarCall(delegate: self) }
}

/// The callable behind `delegate?.searchBar?(…)`: each overload calls the delegate's method.
@preconcurrency @MainActor
public struct UISearchBarDelegateSearchBarCall {
  let delegate: any UISearchBarDelegate
  public func callAsFunction(_ searchBar: UISearchBar, textDidChange searchText: String) {
    delegate.searchBar(searchBar, textDidChange: searchText)
  }
  public func callAsFunction(
    _ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String
  ) -> Bool {
    delegate.searchBar(searchBar, shouldChangeTextIn: range, replacementText: text)
  }
  public func callAsFunction(
    _ searchBar: UISearchBar, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String
  ) -> Bool {
    delegate.searchBar(searchBar, shouldChangeTextInRanges: ranges, replacementText: text)
  }
  public func callAsFunction(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {
    delegate.searchBar(searchBar, selectedScopeButtonIndexDidChange: selectedScope)
  }
}
