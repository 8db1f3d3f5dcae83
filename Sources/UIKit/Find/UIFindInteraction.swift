import Foundation

/// The delegate of a ``UIFindInteraction``: it makes the session for each search the user
/// starts, and hears when one begins and ends.
@preconcurrency @MainActor
public protocol UIFindInteractionDelegate: NSObjectProtocol {
  /// The session for a search in `view`; nil keeps the find panel from appearing.
  func findInteraction(_ interaction: UIFindInteraction, sessionFor view: UIView) -> UIFindSession?
  /// The panel appeared with `session` (optional; nothing by default).
  func findInteraction(_ interaction: UIFindInteraction, didBegin session: UIFindSession)
  /// `session` ended: the panel went (optional; nothing by default).
  func findInteraction(_ interaction: UIFindInteraction, didEnd session: UIFindSession)
}

extension UIFindInteractionDelegate {
  public func findInteraction(_ interaction: UIFindInteraction, didBegin session: UIFindSession) {}
  public func findInteraction(_ interaction: UIFindInteraction, didEnd session: UIFindSession) {}
}

/// Find (and replace) in a view, through the system find panel: a bar with a search field, the
/// number of matches and arrows to move between them, and, for a session that replaces, a
/// replace field with Replace and All.
///
/// The panel is part of the keyboard, as on an iPhone: it sits above the keys (or alone at the
/// bottom with a hardware keyboard) and the keyboard's frame in its notifications includes it.
/// Its search field takes the typing; the search runs 0.35 s after the last change (at once
/// when the field is emptied), Return goes back to the view (on an iPad it goes to the next
/// match), Shift-Return to the previous one, and Escape closes the panel. The panel closes when
/// the first responder moves out of it and the view.
///
/// With a hardware keyboard ⌘F presents the panel, ⌥⌘F with replace, ⌘G and ⇧⌘G move to the
/// next and previous match, ⌘E uses the selection for find: the responder actions `find(_:)`,
/// `findAndReplace(_:)`, `findNext(_:)`, `findPrevious(_:)` and `useSelectionForFind(_:)`,
/// which a text view with ``UITextView/isFindInteractionEnabled`` performs. (In the terminal,
/// Ctrl stands for ⌘ and Ctrl-Alt-F is ⌥⌘F.)
@preconcurrency @MainActor
open class UIFindInteraction: NSObject, UIInteraction {
  /// The delegate that makes sessions.
  open private(set) weak var delegate: (any UIFindInteractionDelegate)?
  /// The view the interaction is on.
  open private(set) weak var view: UIView?

  /// Whether the find panel is on screen.
  open var isFindNavigatorVisible: Bool { _navigator != nil }

  /// The session of the panel on screen (nil when the panel is not).
  open var activeFindSession: UIFindSession? { isFindNavigatorVisible ? _session : nil }

  /// The text in the panel's search field: set it to fill the field before (or while) the
  /// panel shows.
  open var searchText: String? {
    get { _session?._searchText ?? _searchText }
    set {
      _searchText = newValue
      _session?._searchText = newValue
      _navigator?._showSearchText(newValue ?? "")
    }
  }

  /// The text in the panel's replace field.
  open var replacementText: String? {
    get { _session?._replacementText ?? _replacementText }
    set {
      _replacementText = newValue
      _session?._replacementText = newValue
      _navigator?._showReplacementText(newValue ?? "")
    }
  }

  /// Makes the panel's options menu from its standard items ("Match Case", "Whole Words"): nil
  /// from the provider leaves the panel without an options menu.
  open var optionsMenuProvider: (([UIMenuElement]) -> UIMenu?)?

  /// The session while one lasts (the panel's, or one ⌘G started without the panel).
  var _session: UIFindSession?
  /// The panel on screen.
  var _navigator: _UIFindNavigatorView?
  private var _searchText: String?
  private var _replacementText: String?

  /// The last query searched anywhere in the app: a new session's search field starts with it,
  /// as iOS's find buffer does.
  static var _lastSearchText: String?

  /// An interaction whose `delegate` makes its sessions.
  public init(sessionDelegate: any UIFindInteractionDelegate) {
    delegate = sessionDelegate
    super.init()
  }

  open func willMove(to view: UIView?) {
    if view !== self.view { dismissFindNavigator() }
  }

  open func didMove(to view: UIView?) { self.view = view }

  /// Shows the find panel (with its replace field when `showingReplace` and the session
  /// replaces), its search field taking the typing. Does nothing when the view is in no window
  /// or the delegate gives no session.
  open func presentFindNavigator(showingReplace: Bool) {
    guard let view, let window = view.window, let session = _makeSessionIfNeeded() else { return }
    let replace = showingReplace && session.supportsReplacement
    if let navigator = _navigator {
      navigator._showsReplace = replace
      navigator._focusSearchField()
      return
    }
    // Another panel in the window goes first (one find panel at a time, as iOS's keyboard).
    window._findNavigator?._interaction?.dismissFindNavigator()
    let navigator = _UIFindNavigatorView(interaction: self, session: session, showsReplace: replace)
    navigator._hostWindow = window
    _navigator = navigator
    window._findNavigator = navigator
    if !navigator._focusSearchField() { window._updateKeyboard(for: window.firstResponderObject) }
    delegate?.findInteraction(self, didBegin: session)
    // A query already there (set before, or the last one searched) is searched at once.
    navigator._searchNow()
  }

  /// Closes the panel and ends its session: the results go (`invalidateFoundResults()`) and
  /// the delegate hears `didEnd`. The view takes the typing back if the panel had it.
  open func dismissFindNavigator() {
    guard let session = _session else { return }
    if let navigator = _navigator {
      _navigator = nil
      navigator._close()
      if let window = navigator._hostWindow, window._findNavigator === navigator {
        window._findNavigator = nil
        if navigator._holdsFirstResponder, let view, view.window === window, view.canBecomeFirstResponder {
          view.becomeFirstResponder()
        } else if navigator._holdsFirstResponder {
          _ = window.firstResponderObject?.resignFirstResponder()
        }
        window._updateKeyboard(for: window.firstResponderObject)
      }
    }
    _session = nil
    session.invalidateFoundResults()
    delegate?.findInteraction(self, didEnd: session)
  }

  /// Makes the next match the current one (⌘G), searching for the query first if nothing
  /// was found yet; works without the panel.
  open func findNext() { _step(.forward) }

  /// Makes the previous match the current one (⇧⌘G).
  open func findPrevious() { _step(.backward) }

  /// Shows the session's count and the state of Replace again (after the session's results
  /// changed).
  open func updateResultCount() { _navigator?._refresh() }

  // MARK: Sessions

  func _makeSessionIfNeeded() -> UIFindSession? {
    if let session = _session { return session }
    guard let view, let delegate, let session = delegate.findInteraction(self, sessionFor: view) else { return nil }
    session._interaction = self
    session._searchText = _searchText ?? Self._lastSearchText
    session._replacementText = _replacementText
    _session = session
    return session
  }

  private func _step(_ direction: UITextStorageDirection) {
    if let navigator = _navigator {
      navigator._step(direction)
      return
    }
    guard let session = _makeSessionIfNeeded() else { return }
    if session.resultCount == 0, let query = session._searchText, !query.isEmpty {
      session.performSearch(query: query, options: session._options)
      Self._lastSearchText = query
    }
    session.highlightNextResult(in: direction)
  }
}

extension UIWindow {
  /// ⌘F, ⌥⌘F, ⌘G, ⇧⌘G and ⌘E: iOS's main-menu find commands, sent to the first responder
  /// along the chain that performs them. Returns whether one did.
  func _performFindCommand(_ key: HardwareKey, from start: UIResponder) -> Bool {
    guard case .character(let character) = key.code, key.modifiers.contains(.command) else { return false }
    let action: Selector
    switch (character.lowercased(), key.modifiers.subtracting(.command)) {
    case ("f", []): action = .find
    case ("f", [.option]): action = .findAndReplace
    case ("g", []): action = .findNext
    case ("g", [.shift]): action = .findPrevious
    case ("e", []): action = .useSelectionForFind
    default: return false
    }
    guard let target = start.target(forAction: action, withSender: nil) as? UIResponder else { return false }
    return action._performStandardEditAction(on: target, sender: nil)
  }
}

/// The responders that perform the find actions (`UIResponderStandardEditActions`' `find(_:)`
/// and its siblings, sent by ⌘F, ⌥⌘F, ⌘G, ⇧⌘G and ⌘E).
@MainActor
protocol _FindActionResponder: UIResponder {
  func find(_ sender: Any?)
  func findAndReplace(_ sender: Any?)
  func findNext(_ sender: Any?)
  func findPrevious(_ sender: Any?)
  func useSelectionForFind(_ sender: Any?)
}
