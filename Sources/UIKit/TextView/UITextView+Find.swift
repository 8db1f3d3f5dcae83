import Foundation
import TextEditing

// Find and replace in a text view: the view is its find interaction's session delegate and
// its sessions' searchable object, as on iOS (declarations in UITextView.swift).
extension UITextView: UIFindInteractionDelegate, UITextSearching, _FindActionResponder {
  public typealias DocumentIdentifier = AnyHashable?

  /// A session searching this view's text.
  public func findInteraction(_ interaction: UIFindInteraction, sessionFor view: UIView) -> UIFindSession? {
    UITextSearchingFindSession(searchableObject: self)
  }

  func _updateFindInteraction() {
    if isFindInteractionEnabled {
      guard findInteraction == nil else { return }
      let interaction = UIFindInteraction(sessionDelegate: self)
      findInteraction = interaction
      addInteraction(interaction)
    } else if let interaction = findInteraction {
      interaction.dismissFindNavigator()
      removeInteraction(interaction)
      findInteraction = nil
    }
  }

  /// The find actions, while the view has a find interaction (Use Selection for Find with a
  /// selection); nil for other actions.
  func _findCanPerformAction(_ action: Selector) -> Bool? {
    switch action {
    // Find and Replace on a read-only view shows the panel without its replace row.
    case .find, .findAndReplace, .findNext, .findPrevious: return findInteraction != nil
    case .useSelectionForFind: return findInteraction != nil && !_state.selection.isEmpty
    default: return nil
    }
  }

  func _findCompare(_ a: UITextRange, _ b: UITextRange) -> ComparisonResult {
    let x = a._range
    let y = b._range
    if x.lowerBound != y.lowerBound { return x.lowerBound < y.lowerBound ? .orderedAscending : .orderedDescending }
    if x.upperBound != y.upperBound { return x.upperBound < y.upperBound ? .orderedAscending : .orderedDescending }
    return .orderedSame
  }

  static func _textSearch(_ options: UITextSearchOptions) -> TextSearch {
    let compare = options.stringCompareOptions
    let words: TextSearch.WordMatch =
      switch options.wordMatchMethod {
      case .contains: .contains
      case .startsWith: .startsWith
      case .fullWord: .fullWord
      }
    return TextSearch(
      caseInsensitive: compare.contains(.caseInsensitive), diacriticInsensitive: compare.contains(.diacriticInsensitive),
      wordMatch: words)
  }

  func _findSearch(_ query: String, options: UITextSearchOptions, aggregator: UITextSearchAggregator<AnyHashable?>) {
    for range in Self._textSearch(options).ranges(of: query, in: _state.text) {
      aggregator.foundRange(UITextRange(range), searchString: query, document: nil)
    }
    aggregator.finishedSearching()
  }

  func _findDecorate(_ range: UITextRange, _ style: UITextSearchFoundTextStyle) {
    let r = range._range
    if style == .normal { _foundText[r] = nil } else { _foundText[r] = style }
    _sortedFoundText = nil
    setNeedsDisplay()
  }

  func _findClearDecorations() {
    guard !_foundText.isEmpty else { return }
    _foundText = [:]
    _sortedFoundText = nil
    setNeedsDisplay()
  }

  func _findWillHighlight(_ range: UITextRange) {
    let r = range._range
    guard r.upperBound <= _state.text.utf16Count else { return }
    _perform(.select(TextSelection(anchor: r.lowerBound, head: r.upperBound)), origin: .program)
  }

  /// One replacement, asked of the delegate like typing; the caret goes after it.
  func _findReplace(_ range: UITextRange, with text: String) {
    let r = range._range
    guard isEditable, r.upperBound <= _state.text.utf16Count else { return }
    // A replacement is an undo step of its own: the history never merges `.replace` edits.
    guard _perform(.replace(r, with: text), origin: .user) else { return }
    let end = r.lowerBound + text.utf16.count
    if end <= _state.text.utf16Count { _perform(.select(.caret(end)), origin: .program) }
  }

  /// Every match replaced from the last to the first (each asked of the delegate), grouped into
  /// one undo step as iOS's text view groups them.
  func _findReplaceAll(_ query: String, options: UITextSearchOptions, with text: String) {
    guard isEditable else { return }
    let ranges = Self._textSearch(options).ranges(of: query, in: _state.text)
    guard !ranges.isEmpty else { return }
    let manager = undoManager
    manager?.beginUndoGrouping()
    for range in ranges.reversed() where range.upperBound <= _state.text.utf16Count {
      _perform(.replace(range, with: text), origin: .user)
    }
    manager?.endUndoGrouping()
  }

  func _findUseSelection() {
    guard !_state.selection.isEmpty else { return }
    let text = _state.selectedText
    UIFindInteraction._lastSearchText = text
    findInteraction?.searchText = text
  }

  // MARK: Drawing

  /// The colour behind a match that is not the current one (the current one's is yellow).
  static let _foundBackground = UIColor { traits in
    traits.userInterfaceStyle == .dark
      ? UIColor(red: 0.42, green: 0.36, blue: 0.08, alpha: 1) : UIColor(red: 1, green: 0.94, blue: 0.62, alpha: 1)
  }

  /// Draws the found ranges of a line over its styles.
  func _styleFoundText(in run: inout TextRun, lineStart: Int) {
    guard !_foundText.isEmpty else { return }
    let sorted: [(range: Range<Int>, style: UITextSearchFoundTextStyle)]
    if let known = _sortedFoundText {
      sorted = known
    } else {
      sorted = _foundText.map { ($0.key, $0.value) }.sorted { $0.range.lowerBound < $1.range.lowerBound }
      _sortedFoundText = sorted
    }
    let overlays = run.lineSlices(of: sorted, lineStart: lineStart) { $0.range }
    guard !overlays.isEmpty else { return }
    run.restyle(cutting: overlays.map(\.range)) { base, index in
      guard let index else { return base }
      var style = base ?? TextRunStyle()
      if overlays[index].element.style == .highlighted {
        style.background = .systemYellow
        style.foreground = .black
      } else {
        style.background = Self._foundBackground
      }
      return style
    }
  }
}
