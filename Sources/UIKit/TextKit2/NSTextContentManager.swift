import Foundation

// The document side of TextKit 2: a content manager provides elements (paragraphs) and tells
// its layout managers when the document changes. `NSTextContentManager` is abstract, as on iOS;
// `NSTextContentStorage` is the one backed by an attributed string (a text storage).

/// Manages a document's content for TextKit 2: provides its elements, takes edits in
/// transactions, and keeps its text layout managers in step.
@preconcurrency @MainActor
open class NSTextContentManager: NSObject, NSTextElementProvider {
  /// Options for enumerating elements.
  public struct EnumerationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// From the end toward the start.
    public static let reverse = EnumerationOptions(rawValue: 1 << 0)
  }

  private var _textLayoutManagers: [NSTextLayoutManager] = []
  private var _transactionDepth = 0
  /// Set when an edit came during a transaction: the layout managers hear of it at the end.
  private var _pendingSynchronization = false
  /// What the layout managers have not heard of yet: elements that were replaced (their
  /// fragments go), or nil when every fragment must go.
  private var _pendingReplaced: [NSTextElement]? = []

  public override init() {
    super.init()
  }

  /// A manager with no content: nothing here is archived (there are no nibs).
  public required init?(coder: NSCoder) {
    super.init()
  }

  /// The delegate (held weakly). A content storage's delegate may also be an
  /// `NSTextContentStorageDelegate`.
  open weak var delegate: (any NSTextContentManagerDelegate)?

  // MARK: Layout managers

  /// The text layout managers laying this content out, in the order they were added.
  open var textLayoutManagers: [NSTextLayoutManager] { _textLayoutManagers }

  /// Adds a layout manager (its `textContentManager` becomes this manager).
  open func addTextLayoutManager(_ textLayoutManager: NSTextLayoutManager) {
    guard !_textLayoutManagers.contains(where: { $0 === textLayoutManager }) else { return }
    if let old = textLayoutManager.textContentManager, old !== self { old.removeTextLayoutManager(textLayoutManager) }
    _textLayoutManagers.append(textLayoutManager)
    if _primary == nil { _primary = textLayoutManager }
    textLayoutManager._setContentManager(self)
  }

  /// Removes a layout manager (its `textContentManager` becomes nil).
  open func removeTextLayoutManager(_ textLayoutManager: NSTextLayoutManager) {
    guard let index = _textLayoutManagers.firstIndex(where: { $0 === textLayoutManager }) else { return }
    _textLayoutManagers.remove(at: index)
    if _primary === textLayoutManager { _primary = _textLayoutManagers.first }
    textLayoutManager._setContentManager(nil)
  }

  private weak var _primary: NSTextLayoutManager?

  /// The layout manager whose selections edits follow (the first added, unless set).
  open var primaryTextLayoutManager: NSTextLayoutManager? {
    get { _primary }
    set {
      if let newValue, !_textLayoutManagers.contains(where: { $0 === newValue }) { return }
      _primary = newValue
    }
  }

  /// Brings every layout manager up to date with the content (their layout of what changed is
  /// invalidated), then calls `completionHandler` with nil.
  open func synchronizeTextLayoutManagers(_ completionHandler: ((Error?) -> Void)? = nil) {
    _pendingSynchronization = false
    let replaced = _pendingReplaced
    _pendingReplaced = []
    for manager in _textLayoutManagers {
      if let replaced { manager._elementsReplaced(replaced) } else { manager._contentDidChange() }
    }
    completionHandler?(nil)
  }

  /// Whether layout managers are told of edits at the end of each transaction (true).
  open var automaticallySynchronizesTextLayoutManagers = true
  /// Whether edits of elements are written to the backing store when a transaction ends
  /// (false). The content storage's elements are its text storage's text, so it is always in step.
  open var automaticallySynchronizesToBackingStore = false

  // MARK: Elements

  /// The elements that intersect `range`, in order (none for an empty range).
  open func textElements(for range: NSTextRange) -> [NSTextElement] {
    guard !range.isEmpty else { return [] }
    var elements: [NSTextElement] = []
    enumerateTextElements(from: range.location, options: []) { element in
      guard let elementRange = element.elementRange else { return true }
      if elementRange.location.compare(range.endLocation) != .orderedAscending { return false }
      elements.append(element)
      return true
    }
    return elements
  }

  // MARK: Editing

  /// Whether a transaction is under way.
  open var hasEditingTransaction: Bool { _transactionDepth > 0 }

  /// Runs `transaction`, which edits the content; layout managers hear of the edits when the
  /// outermost transaction ends.
  open func performEditingTransaction(_ transaction: () -> Void) {
    _transactionDepth += 1
    transaction()
    _transactionDepth -= 1
    if _transactionDepth == 0, _pendingSynchronization, automaticallySynchronizesTextLayoutManagers {
      synchronizeTextLayoutManagers(nil)
    }
  }

  /// Records that `originalTextRange` became `newTextRange`: the layout managers' layout of it
  /// is invalidated (at the end of the transaction, when one is under way).
  open func recordEditAction(in originalTextRange: NSTextRange, newTextRange: NSTextRange) {
    _contentChanged()
  }

  /// The content changed: layout managers hear now, or when the transaction ends. `replaced`:
  /// the elements that no longer stand for the content (the others still do, moved), nil when
  /// any may have changed.
  func _contentChanged(replacing replaced: [NSTextElement]? = nil) {
    if let replaced, _pendingReplaced != nil { _pendingReplaced! += replaced } else { _pendingReplaced = nil }
    if hasEditingTransaction {
      _pendingSynchronization = true
    } else if automaticallySynchronizesTextLayoutManagers {
      synchronizeTextLayoutManagers(nil)
    } else {
      _pendingSynchronization = true
    }
  }

  // MARK: NSTextElementProvider (a subclass provides the content)

  /// The whole document (empty for this abstract class).
  open var documentRange: NSTextRange { NSTextRange(location: _TextLocation(0)) }

  /// Enumerates the elements (none for this abstract class); see ``NSTextElementProvider``.
  @discardableResult
  open func enumerateTextElements(
    from textLocation: (any NSTextLocation)?, options: NSTextContentManager.EnumerationOptions = [],
    using block: (NSTextElement) -> Bool
  ) -> (any NSTextLocation)? {
    nil
  }

  /// Replaces the content of `range` (nothing for this abstract class).
  open func replaceContents(in range: NSTextRange, with textElements: [NSTextElement]?) {}

  /// Calls `completionHandler` with nil: edits are written to the backing store as they come.
  open func synchronizeToBackingStore(_ completionHandler: ((Error?) -> Void)? = nil) {
    completionHandler?(nil)
  }

  /// The location `offset` UTF-16 units from `location`, within the document; nil outside it.
  open func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)? {
    guard let start = location._offset, let end = documentRange.endLocation._offset else { return nil }
    let (moved, overflow) = start.addingReportingOverflow(offset)
    guard !overflow, moved >= 0, moved <= end else { return nil }
    return _TextLocation(moved)
  }

  /// How many UTF-16 units `to` is after `from` (NSNotFound for locations of another kind).
  open func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int {
    guard let start = from._offset, let end = to._offset else { return NSNotFound }
    return end - start
  }

  /// See ``NSTextElementProvider/adjustedRange(from:forEditingTextSelection:)`` (nil here).
  open func adjustedRange(from textRange: NSTextRange, forEditingTextSelection: Bool) -> NSTextRange? { nil }
}
