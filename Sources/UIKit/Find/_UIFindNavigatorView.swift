import Foundation

/// The system find panel a ``UIFindInteraction`` presents, part of the keyboard: a row with the
/// search field (its magnifier opens the options menu), the match count, the previous and next
/// arrows and Done; in replace mode a second row with the replace field, Replace and All, as on
/// an iPhone. Its timings and enabled states are iOS's (see UIFindInteraction).
@MainActor
final class _UIFindNavigatorView: UIView, UITextFieldDelegate, _FindActionResponder {
  weak var _interaction: UIFindInteraction?
  private let session: UIFindSession
  let searchField = _UIFindTextField()
  let replaceField = _UIFindTextField()
  let countLabel = UILabel()
  let previousButton = UIButton(type: .system)
  let nextButton = UIButton(type: .system)
  let doneButton = UIButton(type: .system)
  let replaceButton = UIButton(type: .system)
  let replaceAllButton = UIButton(type: .system)
  let optionsButton = UIButton(type: .system)

  /// The search waiting for typing to pause.
  private var pendingSearch: MainScheduler.Token?
  /// The query and options the session's results are for (nil: none, or stale).
  private var searchedQuery: String?
  /// Set while a replacement changes the view's text (its change notification is ours).
  private var replacing = false
  /// Set while the interaction presents the panel (the first responder moves into it).
  var _isPresenting = false
  private var textObserver: NSObjectProtocol?

  /// Whether the replace row shows.
  var _showsReplace: Bool {
    didSet {
      guard oldValue != _showsReplace else { return }
      replaceField.isHidden = !_showsReplace
      replaceButton.isHidden = !_showsReplace
      replaceAllButton.isHidden = !_showsReplace
      _refresh()
      setNeedsLayout()
      // Another height for the keyboard.
      if let appWindow = _appWindow { appWindow._updateKeyboard(for: appWindow.firstResponderObject) }
    }
  }

  init(interaction: UIFindInteraction, session: UIFindSession, showsReplace: Bool) {
    _interaction = interaction
    self.session = session
    _showsReplace = showsReplace
    super.init(frame: .zero)
    searchField.placeholder = "Search"
    searchField.text = session._searchText
    searchField.returnKeyType = .search
    replaceField.placeholder = "Replace"
    replaceField.text = session._replacementText
    replaceField.returnKeyType = .default
    replaceField.leftView = nil
    replaceField.leftViewMode = .never
    for field in [searchField, replaceField] {
      field.navigator = self
      field.delegate = self
      field.enablesReturnKeyAutomatically = false
      // Queries are typed as they are meant: no capitals, corrections or smart punctuation.
      field.autocapitalizationType = .none
      field.autocorrectionType = .no
      field.spellCheckingType = .no
      field.smartQuotesType = .no
      field.smartDashesType = .no
      field.addAction(UIAction { [weak self, weak field] _ in if let field { self?.fieldChanged(field) } }, for: .editingChanged)
    }
    countLabel.font = .systemFont(ofSize: 15)
    countLabel.textColor = .secondaryLabel
    countLabel.textAlignment = .right
    previousButton.setImage(UIImage(systemName: "chevron.up"), for: .normal)
    previousButton.accessibilityLabel = "Previous"
    nextButton.setImage(UIImage(systemName: "chevron.down"), for: .normal)
    nextButton.accessibilityLabel = "Next"
    doneButton.setTitle("Done", for: .normal)
    replaceButton.setTitle("Replace", for: .normal)
    replaceAllButton.setTitle("All", for: .normal)
    previousButton.addAction(UIAction { [weak self] _ in self?._step(.backward) }, for: .touchUpInside)
    nextButton.addAction(UIAction { [weak self] _ in self?._step(.forward) }, for: .touchUpInside)
    doneButton.addAction(UIAction { [weak self] _ in self?._interaction?.dismissFindNavigator() }, for: .touchUpInside)
    replaceButton.addAction(UIAction { [weak self] _ in self?.replaceOne() }, for: .touchUpInside)
    replaceAllButton.addAction(UIAction { [weak self] _ in self?.replaceAll() }, for: .touchUpInside)
    optionsButton.setImage(UIImage(systemName: "magnifyingglass"), for: .normal)
    optionsButton.accessibilityLabel = "Search Options"
    optionsButton.showsMenuAsPrimaryAction = true
    optionsButton.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    searchField.leftView = optionsButton
    searchField.leftViewMode = .always
    for view in [searchField, countLabel, previousButton, nextButton, doneButton, replaceField, replaceButton, replaceAllButton] {
      addSubview(view)
    }
    replaceField.isHidden = !showsReplace
    replaceButton.isHidden = !showsReplace
    replaceAllButton.isHidden = !showsReplace
    updateOptionsMenu()
    // The view's own edits make the results stale (Apple's panel searches again while it has
    // the typing; here it does so for edits made elsewhere too, when the typing comes back).
    let searched = interaction.view
    textObserver = NotificationCenter.default.addObserver(
      forName: UITextView.textDidChangeNotification, object: searched, queue: nil
    ) { [weak self] _ in
      MainActor.assumeIsolated { self?.viewTextChanged() }
    }
    _refresh()
  }

  required init?(coder: NSCoder) { fatalError("the find panel is not archived") }

  /// The window whose keyboard shows the panel (kept: the view searched may have left it).
  weak var _hostWindow: UIWindow?
  private var _appWindow: UIWindow? { _hostWindow ?? _interaction?.view?.window }

  /// Whether `responder` keeps the panel up: its own fields and the view it searches.
  func _serves(_ responder: UIResponder) -> Bool {
    responder === searchField || responder === replaceField || responder === _interaction?.view
  }

  /// Whether one of the panel's fields is the first responder.
  var _holdsFirstResponder: Bool { searchField.isFirstResponder || replaceField.isFirstResponder }

  /// The panel's height: a toolbar's row (two in replace mode, as on an iPhone).
  func _height(measuredBy measurer: any TextMeasuring) -> CGFloat {
    UIToolbar._barHeight(measuredBy: measurer) * (_showsReplace ? 2 : 1)
  }

  // MARK: Presenting

  /// Gives the search field the typing (its text selected); false when the first responder
  /// would not let go.
  @discardableResult
  func _focusSearchField() -> Bool {
    guard let window = _appWindow else { return false }
    _isPresenting = true
    defer { _isPresenting = false }
    window.keyboard.hostFindPanel(self)
    let focused = searchField.becomeFirstResponder()
    if focused, let text = searchField.text, !text.isEmpty { searchField.selectAll(nil) }
    return focused
  }

  func _close() {
    cancelPendingSearch()
    if let textObserver { NotificationCenter.default.removeObserver(textObserver) }
    textObserver = nil
  }

  func _showSearchText(_ text: String) {
    guard searchField.text != text else { return }
    searchField.text = text
    fieldChanged(searchField)
  }

  func _showReplacementText(_ text: String) {
    replaceField.text = text
    _refresh()
  }

  // MARK: Searching

  private var query: String { searchField.text ?? "" }

  private func fieldChanged(_ field: UITextField) {
    if field === replaceField {
      session._replacementText = replaceField.text
      _refresh()
      return
    }
    session._searchText = query
    searchedQuery = nil
    cancelPendingSearch()
    if query.isEmpty {
      session.invalidateFoundResults()
      _refresh()
      return
    }
    _refresh()
    searchAfterAPause()
  }

  /// Searches once typing has paused for 0.35 s, as iOS's panel does; an input method's
  /// composition waits for its commit.
  private func searchAfterAPause() {
    pendingSearch = UIApplication.shared._scheduler.schedule(after: 0.35) { [weak self] in
      guard let self else { return }
      pendingSearch = nil
      if searchField.markedTextRange != nil { searchAfterAPause() } else { _searchNow() }
    }
  }

  private func cancelPendingSearch() {
    if let pendingSearch { UIApplication.shared._scheduler.cancel(pendingSearch) }
    pendingSearch = nil
  }

  /// Searches for the field's query now (if it has one and it was not searched), then makes
  /// the first match at or after the selection the current one.
  func _searchNow() {
    cancelPendingSearch()
    let query = self.query
    guard !query.isEmpty, searchedQuery != query else { return }
    session._searchText = query
    session.performSearch(query: query, options: session._options)
    searchedQuery = query
    UIFindInteraction._lastSearchText = query
    session.highlightNextResult(in: .forward)
    _refresh()
  }

  func _step(_ direction: UITextStorageDirection) {
    if searchedQuery != query || session.resultCount == 0 {
      searchedQuery = nil
      _searchNow()
      if direction == .forward { return }
    }
    session.highlightNextResult(in: direction)
    _refresh()
  }

  private func viewTextChanged() {
    guard !replacing, searchedQuery != nil else { return }
    searchedQuery = nil
    if _holdsFirstResponder {
      _searchNow()
    } else {
      // The matches moved under the user's typing: they go until the panel searches again.
      session.invalidateFoundResults()
      _refresh()
    }
  }

  // MARK: Replacing

  private var canReplace: Bool {
    session.resultCount > 0 && session.allowsReplacementForCurrentlyHighlightedResult && searchedQuery == query
  }

  private func replaceOne() {
    if searchedQuery != query { _searchNow() }
    guard canReplace else { return }
    replacing = true
    session.performSingleReplacement(query: query, replacementString: replaceField.text ?? "", options: session._options)
    replacing = false
    session.highlightNextResult(in: .forward)
    _refresh()
  }

  private func replaceAll() {
    guard !query.isEmpty, session.supportsReplacement else { return }
    let replacement = replaceField.text ?? ""
    replacing = true
    session.replaceAll(searchQuery: query, replacementString: replacement, options: session._options)
    replacing = false
    // The session now shows what was put in.
    searchedQuery = replacement == query ? query : nil
    _refresh()
  }

  // MARK: Options

  private func updateOptionsMenu() {
    let options = session._options
    let matchCase = UIAction(
      title: "Match Case", state: options.stringCompareOptions.contains(.caseInsensitive) ? .off : .on
    ) { [weak self] _ in self?.toggle(matchCase: true) }
    let wholeWords = UIAction(title: "Whole Words", state: options.wordMatchMethod == .fullWord ? .on : .off) {
      [weak self] _ in self?.toggle(matchCase: false)
    }
    let standard: [UIMenuElement] = [matchCase, wholeWords]
    if let provider = _interaction?.optionsMenuProvider {
      optionsButton.menu = provider(standard)
    } else {
      optionsButton.menu = UIMenu(children: standard)
    }
    optionsButton.isEnabled = optionsButton.menu != nil
  }

  private func toggle(matchCase: Bool) {
    let old = session._options
    var compare = old.stringCompareOptions
    var method = old.wordMatchMethod
    if matchCase {
      if compare.contains(.caseInsensitive) {
        compare.subtract([.caseInsensitive, .diacriticInsensitive])
      } else {
        compare.formUnion([.caseInsensitive, .diacriticInsensitive])
      }
    } else {
      method = method == .fullWord ? .contains : .fullWord
    }
    session._options = UITextSearchOptions(wordMatchMethod: method, stringCompareOptions: compare)
    updateOptionsMenu()
    session.invalidateFoundResults()
    searchedQuery = nil
    _searchNow()
  }

  // MARK: What the panel shows

  /// The count ("2 of 5"; "2/5" in replace mode; the total alone without a current match;
  /// nothing for a stale or empty query) and the buttons' states.
  func _refresh() {
    let count = session.resultCount
    let index = session.highlightedResultIndex
    var text = ""
    if !query.isEmpty, searchedQuery == query {
      switch session.searchResultDisplayStyle {
      case .currentAndTotal where index != NSNotFound && count > 0:
        text = _showsReplace ? "\(index + 1)/\(count)" : "\(index + 1) of \(count)"
      case .currentAndTotal, .total: text = "\(count)"
      case .none: text = ""
      }
    }
    if countLabel.text != text {
      countLabel.text = text
      setNeedsLayout()
    }
    previousButton.isEnabled = !query.isEmpty
    nextButton.isEnabled = !query.isEmpty
    replaceButton.isEnabled = canReplace
    replaceAllButton.isEnabled = !query.isEmpty && session.supportsReplacement
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    let row = UIToolbar._barHeight(measuredBy: measurer)
    let cells = measurer is CellTextMeasurer
    let margin: CGFloat = cells ? 8 : 16
    let spacing: CGFloat = 8
    let fieldHeight = cells ? row : min(row, 36)
    func width(_ view: UIView) -> CGFloat { view.intrinsicContentSize.width.isFinite ? max(0, view.intrinsicContentSize.width) : 0 }
    // Trailing items of a row, right to left; the field takes what is left.
    func lay(row index: Int, field: UIView, trailing: [UIView]) {
      let top = CGFloat(index) * row
      var x = bounds.width - margin
      for view in trailing {
        let w = width(view)
        view.frame = CGRect(x: x - w, y: top, width: w, height: row)
        x -= w + (w > 0 ? spacing : 0)
      }
      field.frame = CGRect(x: margin, y: top + (row - fieldHeight) / 2, width: max(0, x - margin), height: fieldHeight)
    }
    lay(row: 0, field: searchField, trailing: [doneButton, nextButton, previousButton, countLabel])
    if _showsReplace { lay(row: 1, field: replaceField, trailing: [replaceAllButton, replaceButton]) }
  }

  // MARK: Keys and responder actions

  /// Return in the search field: back to the view on an iPhone (its current match selected),
  /// the next match on an iPad; Shift-Return the previous one. Return in the replace field
  /// replaces.
  func _returnKey(in field: _UIFindTextField, shift: Bool) {
    if field === replaceField {
      replaceOne()
      return
    }
    if shift {
      _step(.backward)
    } else if traitCollection.userInterfaceIdiom == .pad {
      _step(.forward)
    } else {
      _searchNow()
      if let view = _interaction?.view, view.canBecomeFirstResponder { view.becomeFirstResponder() }
    }
  }

  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    if let field = textField as? _UIFindTextField { _returnKey(in: field, shift: false) }
    return false
  }

  override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
    switch action {
    case .find, .findAndReplace, .findNext, .findPrevious: return true
    default: return super.canPerformAction(action, withSender: sender)
    }
  }

  func find(_ sender: Any?) { _focusSearchField() }
  func findAndReplace(_ sender: Any?) { _interaction?.presentFindNavigator(showingReplace: true) }
  func findNext(_ sender: Any?) { _step(.forward) }
  func findPrevious(_ sender: Any?) { _step(.backward) }
  func useSelectionForFind(_ sender: Any?) {}
}

/// A field of the find panel: Escape closes the panel, Shift-Return goes to the previous match,
/// Tab to the other field.
@MainActor
final class _UIFindTextField: UISearchTextField {
  weak var navigator: _UIFindNavigatorView?

  override func _handleHardwareKey(_ key: HardwareKey) -> Bool {
    if markedTextRange == nil, let navigator {
      switch key.code {
      case .escape where key.modifiers.isEmpty:
        navigator._interaction?.dismissFindNavigator()
        return true
      case .returnKey where key.modifiers == .shift:
        navigator._returnKey(in: self, shift: true)
        return true
      case .tab where key.modifiers.subtracting(.shift).isEmpty && navigator._showsReplace:
        // Tab goes between the search and replace fields.
        let other = self === navigator.searchField ? navigator.replaceField : navigator.searchField
        other.becomeFirstResponder()
        return true
      default: break
      }
    }
    return super._handleHardwareKey(key)
  }

  override func _textInputTakesKey(_ key: HardwareKey) -> Bool {
    if key.code == .escape, key.modifiers.isEmpty, navigator != nil { return true }
    if key.code == .tab, navigator?._showsReplace == true { return true }
    return super._textInputTakesKey(key)
  }
}

extension UIResponder {
  /// Whether the responder is a field of the find panel (for a host's key hints).
  package var _isFindPanelField: Bool { self is _UIFindTextField }
}
