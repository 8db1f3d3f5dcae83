import Foundation
import TextEditing

/// How a searchable object draws a range of text a find session found.
public enum UITextSearchFoundTextStyle: Int, Sendable {
  /// No decoration: the range is no longer a result.
  case normal = 0
  /// A match found but not the current one.
  case found = 1
  /// The current match.
  case highlighted = 2
}

/// What a search matches: the word-matching method and the string comparison.
///
/// The find panel searches with `.contains` and `[.caseInsensitive, .diacriticInsensitive]`
/// unless its options menu says otherwise ("Match Case" drops both flags, "Whole Words" matches
/// `.fullWord`), as on iOS.
open class UITextSearchOptions: NSObject, @unchecked Sendable {
  /// How a match must sit among the words of the text.
  public enum WordMatchMethod: Int, Sendable {
    /// Anywhere, inside words too.
    case contains = 0
    /// At the start of a word.
    case startsWith = 1
    /// A whole word: a word boundary on both sides.
    case fullWord = 2
  }

  /// How a match must sit among the words of the text.
  open private(set) var wordMatchMethod: WordMatchMethod
  /// How strings compare (`.caseInsensitive`, `.diacriticInsensitive`, …).
  open private(set) var stringCompareOptions: NSString.CompareOptions

  /// Options that match anywhere and compare strings literally.
  public override init() {
    wordMatchMethod = .contains
    stringCompareOptions = []
    super.init()
  }

  init(wordMatchMethod: WordMatchMethod, stringCompareOptions: NSString.CompareOptions) {
    self.wordMatchMethod = wordMatchMethod
    self.stringCompareOptions = stringCompareOptions
    super.init()
  }

  /// The find panel's options before the user changes them.
  static var _default: UITextSearchOptions {
    UITextSearchOptions(wordMatchMethod: .contains, stringCompareOptions: [.caseInsensitive, .diacriticInsensitive])
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UITextSearchOptions else { return false }
    return other.wordMatchMethod == wordMatchMethod && other.stringCompareOptions == stringCompareOptions
  }

  open override var hash: Int { wordMatchMethod.rawValue &* 31 &+ Int(bitPattern: stringCompareOptions.rawValue) }

  open override var description: String {
    "<UITextSearchOptions wordMatchMethod: \(wordMatchMethod) stringCompareOptions: \(stringCompareOptions.rawValue)>"
  }
}

/// The searchable content of a view: what a ``UITextSearchingFindSession`` searches, decorates
/// and replaces in. `UITextView` conforms; conform a view of your own to give it find and
/// replace through a ``UIFindInteraction``.
///
/// `DocumentIdentifier` names the documents of content that has several (nil for one
/// document). The requirements after ``clearAllDecoratedFoundText()`` have defaults: no
/// replacement, nothing done before a highlight or to scroll, and a ``replaceAll(queryString:options:withText:)``
/// that searches and replaces every match from the last to the first.
///
/// Apple's Swift protocol is not isolated to the main actor; this one is, as every `UITextRange`
/// here is a main-actor object (see the README).
@preconcurrency @MainActor
public protocol UITextSearching: NSObjectProtocol {
  associatedtype DocumentIdentifier: Hashable = AnyHashable?

  /// The selection: where a search's first highlight starts looking.
  var selectedTextRange: UITextRange? { get }
  /// How `foundRange` orders against `toRange` in `document`.
  func compare(_ foundRange: UITextRange, toRange: UITextRange, document: DocumentIdentifier?) -> ComparisonResult
  /// Searches for `queryString` and reports each match to `resultAggregator`, then calls its
  /// `finishedSearching()`.
  func performTextSearch(
    queryString: String, options: UITextSearchOptions, resultAggregator: UITextSearchAggregator<DocumentIdentifier>)
  /// Draws `foundTextRange` in `style`.
  func decorate(foundTextRange: UITextRange, document: DocumentIdentifier?, usingStyle: UITextSearchFoundTextStyle)
  /// Removes every decoration.
  func clearAllDecoratedFoundText()

  /// How two documents order (required when there are several).
  func compare(document: DocumentIdentifier, toDocument: DocumentIdentifier) -> ComparisonResult
  /// A match is about to become the current one.
  func willHighlight(foundTextRange: UITextRange, document: DocumentIdentifier?)
  /// Scrolls so that `range` shows.
  func scrollRangeToVisible(_ range: UITextRange, inDocument: DocumentIdentifier?)
  /// The document holding the selection.
  var selectedTextSearchDocument: DocumentIdentifier? { get }
  /// Whether matches can be replaced (false by default).
  var supportsTextReplacement: Bool { get }
  /// Replaces the match `foundTextRange` with `withText`.
  func replace(foundTextRange: UITextRange, document: DocumentIdentifier?, withText: String)
  /// Replaces every match of `queryString` with `withText`.
  func replaceAll(queryString: String, options: UITextSearchOptions, withText: String)
  /// Whether `foundTextRange` may be replaced with `withText` (true by default).
  func shouldReplace(foundTextRange: UITextRange, document: DocumentIdentifier?, withText: String) -> Bool
}

extension UITextSearching {
  public func compare(document: DocumentIdentifier, toDocument: DocumentIdentifier) -> ComparisonResult {
    // Apple's session stops at a second document whose order it cannot ask for.
    preconditionFailure(
      "UITextSearching: results came from two documents; implement compare(document:toDocument:) to order them")
  }
  public func willHighlight(foundTextRange: UITextRange, document: DocumentIdentifier?) {}
  public func scrollRangeToVisible(_ range: UITextRange, inDocument: DocumentIdentifier?) {}
  public var selectedTextSearchDocument: DocumentIdentifier? { nil }
  public var supportsTextReplacement: Bool { false }
  public func replace(foundTextRange: UITextRange, document: DocumentIdentifier?, withText: String) {}
  public func shouldReplace(foundTextRange: UITextRange, document: DocumentIdentifier?, withText: String) -> Bool {
    true
  }

  /// Searches again and replaces each match, the last first (so the ranges found stay valid;
  /// documents in order, then ranges by ``compare(_:toRange:document:)``), as Apple's session
  /// does for objects without a replace-all of their own.
  public func replaceAll(queryString: String, options: UITextSearchOptions, withText: String) {
    let collector = _TextSearchCollector<DocumentIdentifier>()
    performTextSearch(queryString: queryString, options: options, resultAggregator: UITextSearchAggregator(collector))
    let found = collector.reported
    let oneDocument = found.allSatisfy { $0.document == found.first?.document }
    let lastFirst = found.sorted { a, b in
      if !oneDocument, a.document != b.document {
        return compare(document: a.document, toDocument: b.document) == .orderedDescending
      }
      return compare(a.range, toRange: b.range, document: a.document) == .orderedDescending
    }
    for (document, range) in lastFirst {
      replace(foundTextRange: range, document: document, withText: withText)
    }
  }
}

/// Collects what a searchable object finds for a find session: call
/// ``foundRange(_:searchString:document:)`` for each match and ``finishedSearching()`` at the
/// end.
///
/// An aggregator belongs to one search: once the session starts another (or ends), what the
/// old one is told is dropped.
@preconcurrency @MainActor
public struct UITextSearchAggregator<DocumentIdentifier: Hashable> {
  let _collector: _TextSearchCollector<DocumentIdentifier>

  init(_ collector: _TextSearchCollector<DocumentIdentifier>) { _collector = collector }

  /// Adds `range` of `document` to the matches of `searchString`.
  public func foundRange(_ range: UITextRange, searchString: String, document: DocumentIdentifier) {
    _collector.found(range, document: document)
  }

  /// Removes `range` of `document` from the matches.
  public func invalidateFoundRange(_ range: UITextRange, document: DocumentIdentifier) {
    _collector.invalidate(range, document: document)
  }

  /// Removes every match.
  public func invalidate() { _collector.invalidateAll() }

  /// Says the search is over.
  public func finishedSearching() { _collector.finish() }

  /// Every range reported and not invalidated, in the order reported.
  public var allFoundRanges: [UITextRange] { _collector.reported.map(\.range) }
}

/// What an aggregator was told, and where it passes it on (a session's engine; nothing for the
/// default replace-all's own search).
@MainActor
final class _TextSearchCollector<DocumentIdentifier: Hashable> {
  private(set) var reported: [(document: DocumentIdentifier, range: UITextRange)] = []
  private(set) var isFinished = false
  /// False once the session moved on: what the aggregator hears is dropped.
  var isValid = true
  var onFound: ((DocumentIdentifier, UITextRange) -> Void)?
  var onInvalidate: ((DocumentIdentifier?, UITextRange?) -> Void)?
  var onFinish: (() -> Void)?

  func found(_ range: UITextRange, document: DocumentIdentifier) {
    guard isValid else { return }
    reported.append((document, range))
    onFound?(document, range)
  }

  func invalidate(_ range: UITextRange, document: DocumentIdentifier) {
    guard isValid else { return }
    reported.removeAll { $0.document == document && $0.range.isEqual(range) }
    onInvalidate?(document, range)
  }

  func invalidateAll() {
    guard isValid else { return }
    reported.removeAll()
    onInvalidate?(nil, nil)
  }

  func finish() {
    guard isValid, !isFinished else { return }
    isFinished = true
    onFinish?()
  }
}
