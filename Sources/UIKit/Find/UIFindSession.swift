import Foundation

/// The state and behaviour of one search a ``UIFindInteraction`` started: its results, the
/// current one, and replacing. An abstract class: return a subclass of your own from the
/// interaction's delegate for a view that presents results itself, or a
/// ``UITextSearchingFindSession`` over a ``UITextSearching`` object, which does all of it.
///
/// The find panel calls ``performSearch(query:options:)`` then
/// ``highlightNextResult(in:)`` as the query changes, the latter for its arrows and ⌘G/⇧⌘G,
/// ``performSingleReplacement(query:replacementString:options:)`` then
/// ``highlightNextResult(in:)`` for Replace, ``replaceAll(searchQuery:replacementString:options:)``
/// for All, and ``invalidateFoundResults()`` when the session ends. It reads
/// ``resultCount`` and ``highlightedResultIndex`` for its count whenever the interaction's
/// `updateResultCount()` is called.
@preconcurrency @MainActor
open class UIFindSession: NSObject {
  /// How the find panel shows the number of results.
  public enum SearchResultDisplayStyle: Int, Sendable {
    /// The current result and the total ("2 of 5").
    case currentAndTotal = 0
    /// The total only ("5").
    case total = 1
    /// No count.
    case none = 2
  }

  /// The number of results (0 here).
  open var resultCount: Int { 0 }
  /// The index of the current result among ``resultCount``, `NSNotFound` when none is.
  open var highlightedResultIndex: Int { NSNotFound }
  /// How the panel shows the count (`.currentAndTotal` unless set).
  open var searchResultDisplayStyle: SearchResultDisplayStyle = .currentAndTotal {
    didSet { _interaction?.updateResultCount() }
  }
  /// Whether the session can replace (false here): the panel shows its replace field only then.
  open var supportsReplacement: Bool { false }
  /// Whether the current result can be replaced (``supportsReplacement`` here).
  open var allowsReplacementForCurrentlyHighlightedResult: Bool { supportsReplacement }
  @available(*, deprecated, renamed: "supportsReplacement")
  open var allowsReplacement: Bool { supportsReplacement }

  /// Creates a session; a subclass does the searching.
  public override init() { super.init() }

  /// Searches for `query`. Does nothing here: a subclass searches.
  open func performSearch(query: String, options: UITextSearchOptions?) {}
  /// Replaces the current result of `searchQuery` with `replacementString`. Does nothing here.
  open func performSingleReplacement(query searchQuery: String, replacementString: String, options: UITextSearchOptions?) {}
  /// Replaces every result of `searchQuery` with `replacementString`. Does nothing here.
  open func replaceAll(searchQuery: String, replacementString: String, options: UITextSearchOptions?) {}
  /// Makes the next (or previous) result the current one. Does nothing here.
  open func highlightNextResult(in direction: UITextStorageDirection) {}
  /// Forgets the results (and their decorations). Does nothing here.
  open func invalidateFoundResults() {}

  // MARK: What the interaction keeps with its session

  /// The interaction that made the session.
  weak var _interaction: UIFindInteraction?
  /// The query in the panel's search field.
  var _searchText: String?
  /// The text in the panel's replace field.
  var _replacementText: String?
  /// The options the panel's menu set.
  var _options = UITextSearchOptions._default
}
