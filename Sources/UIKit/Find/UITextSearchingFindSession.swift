import Foundation

/// A find session over a ``UITextSearching`` object: it runs the object's search, keeps the
/// results in order (by document, then by ``UITextSearching/compare(_:toRange:document:)``),
/// decorates them, moves the current one, and replaces through the object.
///
/// The session holds its searchable object weakly: keep the object alive yourself (a text
/// view is kept by its window).
///
/// In Apple's order: a search clears the old decorations and decorates each match `.found` as
/// it is reported; the first highlight is the first match at or after the selection (the
/// first match when the selection is at the end); moving the highlight tells the object
/// `willHighlight`, decorates the old match `.found` and the new one `.highlighted`, scrolls
/// to it, then updates the panel's count. Next and previous wrap around.
@preconcurrency @MainActor
open class UITextSearchingFindSession: UIFindSession {
  /// The object searched.
  open var searchableObject: (any UITextSearching)? { _engine.object }

  let _engine: any _TextSearchEngine

  /// A session searching `searchableObject`.
  public init<SearchableObject: UITextSearching>(searchableObject: SearchableObject) {
    _engine = _TextSearchEngineOf(searchableObject)
    super.init()
    _engine.countChanged = { [weak self] in self?._interaction?.updateResultCount() }
  }

  open override var resultCount: Int { _engine.resultCount }
  open override var highlightedResultIndex: Int { _engine.highlightedIndex ?? NSNotFound }
  open override var supportsReplacement: Bool { _engine.object?.supportsTextReplacement ?? false }
  open override var allowsReplacementForCurrentlyHighlightedResult: Bool {
    supportsReplacement && _engine.mayReplaceHighlighted
  }

  open override func performSearch(query: String, options: UITextSearchOptions?) {
    _engine.search(query, options: options ?? UITextSearchOptions._default)
  }

  open override func highlightNextResult(in direction: UITextStorageDirection) {
    _engine.highlightNext(direction)
  }

  open override func invalidateFoundResults() { _engine.reset() }

  open override func performSingleReplacement(
    query searchQuery: String, replacementString: String, options: UITextSearchOptions?
  ) {
    guard supportsReplacement else { return }
    let options = options ?? UITextSearchOptions._default
    if !_engine.hasResults(for: searchQuery, options: options) {
      // Nothing found yet for this query: search, then replace the match nearest the selection.
      _engine.search(searchQuery, options: options)
      _engine.highlightNext(.forward)
    }
    guard allowsReplacementForCurrentlyHighlightedResult else { return }
    _engine.replaceHighlighted(with: replacementString)
  }

  open override func replaceAll(searchQuery: String, replacementString: String, options: UITextSearchOptions?) {
    guard supportsReplacement, let object = _engine.object else { return }
    let options = options ?? UITextSearchOptions._default
    _engine.reset()
    object.replaceAll(queryString: searchQuery, options: options, withText: replacementString)
    // What was put in is what the panel shows found now, as on iOS.
    _engine.search(replacementString, options: options)
  }
}

/// The session's work, with the object's document type known.
@MainActor
protocol _TextSearchEngine: AnyObject {
  var object: (any UITextSearching)? { get }
  var resultCount: Int { get }
  var highlightedIndex: Int? { get }
  var mayReplaceHighlighted: Bool { get }
  var countChanged: (() -> Void)? { get set }
  func search(_ query: String, options: UITextSearchOptions)
  func hasResults(for query: String, options: UITextSearchOptions) -> Bool
  func highlightNext(_ direction: UITextStorageDirection)
  func replaceHighlighted(with replacement: String)
  func reset()
}

@MainActor
final class _TextSearchEngineOf<Object: UITextSearching>: _TextSearchEngine {
  typealias Document = Object.DocumentIdentifier

  weak var _object: Object?
  var object: (any UITextSearching)? { _object }
  var countChanged: (() -> Void)?

  /// The results by document, documents in order, ranges in order within each.
  private var documents: [(id: Document, ranges: [UITextRange])] = []
  private var highlighted: (document: Int, index: Int)?
  private var collector: _TextSearchCollector<Document>?
  private var lastSearch: (query: String, options: UITextSearchOptions)?
  /// A highlight asked for before the results came (an object that searches later).
  private var pendingHighlight: UITextStorageDirection?

  init(_ object: Object) { _object = object }

  var resultCount: Int { documents.reduce(0) { $0 + $1.ranges.count } }

  var highlightedIndex: Int? {
    guard let highlighted else { return nil }
    return documents[..<highlighted.document].reduce(0) { $0 + $1.ranges.count } + highlighted.index
  }

  private var highlightedRange: (document: Document, range: UITextRange)? {
    guard let highlighted else { return nil }
    let document = documents[highlighted.document]
    return (document.id, document.ranges[highlighted.index])
  }

  var mayReplaceHighlighted: Bool {
    guard let object = _object, let current = highlightedRange else { return false }
    return object.shouldReplace(foundTextRange: current.range, document: current.document, withText: "")
  }

  func hasResults(for query: String, options: UITextSearchOptions) -> Bool {
    guard let lastSearch, lastSearch.query == query, lastSearch.options.isEqual(options) else { return false }
    return resultCount > 0
  }

  func reset() {
    collector?.isValid = false
    collector = nil
    lastSearch = nil
    pendingHighlight = nil
    let had = !documents.isEmpty
    documents = []
    highlighted = nil
    _object?.clearAllDecoratedFoundText()
    if had { countChanged?() }
  }

  func search(_ query: String, options: UITextSearchOptions) {
    reset()
    guard let object = _object else { return }
    lastSearch = (query, options)
    let collector = _TextSearchCollector<Document>()
    self.collector = collector
    collector.onFound = { [unowned self] document, range in self.add(range, document: document) }
    collector.onInvalidate = { [unowned self] document, range in self.remove(range, document: document) }
    collector.onFinish = { [unowned self] in
      if let direction = self.pendingHighlight {
        self.pendingHighlight = nil
        self.highlightNext(direction)
      }
    }
    isCollecting = true
    object.performTextSearch(
      queryString: query, options: options, resultAggregator: UITextSearchAggregator(collector))
    isCollecting = false
    countChanged?()
  }

  private func add(_ range: UITextRange, document: Document) {
    guard let object = _object else { return }
    let d: Int
    if let found = documents.firstIndex(where: { $0.id == document }) {
      d = found
    } else {
      // Documents in order; one document (the usual case) never asks.
      var at = documents.count
      if !documents.isEmpty {
        at = documents.firstIndex { object.compare(document: document, toDocument: $0.id) == .orderedAscending }
          ?? documents.count
      }
      documents.insert((document, []), at: at)
      if let h = highlighted, h.document >= at { highlighted = (h.document + 1, h.index) }
      d = at
    }
    // Binary insertion: a search that reports in order appends in constant time. (The array is
    // read in place and inserted into in place: a copy held across the insert would copy it
    // for every match.)
    var low = 0
    var high = documents[d].ranges.count
    if let last = documents[d].ranges.last, object.compare(range, toRange: last, document: document) != .orderedAscending {
      low = high
    } else {
      while low < high {
        let middle = (low + high) / 2
        if object.compare(range, toRange: documents[d].ranges[middle], document: document) == .orderedAscending {
          high = middle
        } else {
          low = middle + 1
        }
      }
    }
    documents[d].ranges.insert(range, at: low)
    if let h = highlighted, h.document == d, h.index >= low { highlighted = (d, h.index + 1) }
    object.decorate(foundTextRange: range, document: document, usingStyle: .found)
    // The count is shown once per search the object runs synchronously (iOS coalesces it to
    // the next turn of the run loop).
    if !isCollecting { countChanged?() }
  }

  /// Set while the object's `performTextSearch` runs.
  private var isCollecting = false

  private func remove(_ range: UITextRange?, document: Document?) {
    guard let range, let document else {
      // The aggregator was told to drop everything.
      documents = []
      highlighted = nil
      _object?.clearAllDecoratedFoundText()
      countChanged?()
      return
    }
    guard let d = documents.firstIndex(where: { $0.id == document }),
      let i = documents[d].ranges.firstIndex(where: { $0.isEqual(range) })
    else { return }
    let wasHighlighted = highlighted.map { $0.document == d && $0.index == i } ?? false
    documents[d].ranges.remove(at: i)
    _object?.decorate(foundTextRange: range, document: document, usingStyle: .normal)
    if let h = highlighted, h.document == d, h.index > i { highlighted = (d, h.index - 1) }
    if documents[d].ranges.isEmpty {
      documents.remove(at: d)
      if let h = highlighted, h.document > d { highlighted = (h.document - 1, h.index) }
    }
    if wasHighlighted {
      // The current result went: the one after it becomes current.
      highlighted = nil
      if resultCount > 0 {
        let next = min(d, documents.count - 1)
        let index = documents.indices.contains(d) && d == next ? min(i, documents[d].ranges.count - 1) : 0
        move(to: (next, max(0, index)))
        return
      }
    }
    countChanged?()
  }

  func highlightNext(_ direction: UITextStorageDirection) {
    guard let object = _object else { return }
    guard !documents.isEmpty else {
      // Results may still come (a search under way): highlight when it finishes.
      if let collector, !collector.isFinished { pendingHighlight = direction }
      return
    }
    let target: (document: Int, index: Int)
    if let h = highlighted {
      target = step(from: h, direction)
    } else {
      target = nearest(to: object.selectedTextRange, in: object.selectedTextSearchDocument, direction)
    }
    move(to: target)
  }

  private func step(from h: (document: Int, index: Int), _ direction: UITextStorageDirection) -> (document: Int, index: Int) {
    switch direction {
    case .forward:
      if h.index + 1 < documents[h.document].ranges.count { return (h.document, h.index + 1) }
      return ((h.document + 1) % documents.count, 0)
    case .backward:
      if h.index > 0 { return (h.document, h.index - 1) }
      let d = (h.document + documents.count - 1) % documents.count
      return (d, documents[d].ranges.count - 1)
    }
  }

  /// The first match at or after the selection (going forward), or the last before it (going
  /// back), wrapping around; at the end of the text, the first.
  private func nearest(to selection: UITextRange?, in document: Document?, _ direction: UITextStorageDirection)
    -> (document: Int, index: Int)
  {
    let first = (0, 0)
    let last = (documents.count - 1, documents[documents.count - 1].ranges.count - 1)
    guard let object = _object, let selection else { return direction == .forward ? first : last }
    let d = document.flatMap { id in documents.firstIndex { $0.id == id } } ?? 0
    let ranges = documents[d].ranges
    let id = documents[d].id
    switch direction {
    case .forward:
      if let i = ranges.firstIndex(where: { object.compare($0, toRange: selection, document: id) != .orderedAscending }) {
        return (d, i)
      }
      return d + 1 < documents.count ? (d + 1, 0) : first
    case .backward:
      if let i = ranges.lastIndex(where: { object.compare($0, toRange: selection, document: id) == .orderedAscending }) {
        return (d, i)
      }
      return d > 0 ? (d - 1, documents[d - 1].ranges.count - 1) : last
    }
  }

  private func move(to target: (document: Int, index: Int)) {
    guard let object = _object else { return }
    let old = highlightedRange
    let new = (documents[target.document].id, documents[target.document].ranges[target.index])
    object.willHighlight(foundTextRange: new.1, document: new.0)
    if let old { object.decorate(foundTextRange: old.range, document: old.document, usingStyle: .found) }
    highlighted = target
    object.decorate(foundTextRange: new.1, document: new.0, usingStyle: .highlighted)
    object.scrollRangeToVisible(new.1, inDocument: new.0)
    countChanged?()
  }

  func replaceHighlighted(with replacement: String) {
    guard let object = _object, let current = highlightedRange, let lastSearch else { return }
    object.replace(foundTextRange: current.range, document: current.document, withText: replacement)
    if replacement.utf16.count == lastSearch.query.utf16.count, replacement != lastSearch.query,
      let h = highlighted
    {
      // The other results stay where they were: only this one goes.
      documents[h.document].ranges.remove(at: h.index)
      if documents[h.document].ranges.isEmpty { documents.remove(at: h.document) }
      highlighted = nil
      object.decorate(foundTextRange: current.range, document: current.document, usingStyle: .normal)
      countChanged?()
    } else {
      // The results after it moved: search again (the next highlight starts at the selection).
      search(lastSearch.query, options: lastSearch.options)
    }
  }
}
