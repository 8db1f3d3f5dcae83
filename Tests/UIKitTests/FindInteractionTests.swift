import Foundation
import Testing
@testable import UIKit
import UIKitTesting
import TextEditing

// Find and replace in a text view (iOS 16's UIFindInteraction), driven as a user drives it:
// ⌘F, typing the query in the panel's field, ⌘G/⇧⌘G, the panel's buttons, Return and Escape.

/// The notes screen with find enabled, `text` in the text view, the caret at `caret`, the
/// text view editing and a recording delegate.
@MainActor
private func makeFindNotes(_ text: String, caret: Int = 0) -> (HeadlessHost, UITextView, TextViewRecorder) {
  let (host, controller) = makeNotes()
  // The find buffer is the app's: no query left by another test.
  UIFindInteraction._lastSearchText = nil
  let textView = controller.textView
  textView.text = text
  textView.isFindInteractionEnabled = true
  let recorder = TextViewRecorder()
  textView.delegate = recorder
  host.tap(textView)
  textView.selectedRange = NSRange(location: caret, length: 0)
  recorder.calls = []
  return (host, textView, recorder)
}

@MainActor
private func navigator(_ textView: UITextView) -> _UIFindNavigatorView? { textView.findInteraction?._navigator }

/// The selection as an NSRange's two numbers.
@MainActor
private func selection(_ textView: UITextView) -> [Int] { [textView.selectedRange.location, textView.selectedRange.length] }

@MainActor
@Suite struct FindInteractionTests {
  @Test func commandFShowsThePanelAndTheQuerySearchesAfterAPause() throws {
    let (host, textView, recorder) = makeFindNotes("cat dog Cat cart cat", caret: 5)
    #expect(textView.findInteraction != nil)
    #expect(host.press(.character("f"), modifiers: .command))
    let panel = try #require(navigator(textView))
    #expect(textView.findInteraction?.isFindNavigatorVisible == true)
    #expect(panel.searchField.isFirstResponder)
    // The text view gave up the typing to the panel's field.
    #expect(recorder.calls.contains { $0.hasPrefix("didEnd") })
    host.type("cat")
    #expect(panel.countLabel.text == "", "nothing is counted before the search runs")
    host.advance(by: 0.4)
    // Case-insensitive by default: "cat", "Cat", "cat" (not "cart"); the first at or after the
    // caret is current and selected.
    #expect(panel.countLabel.text == "2 of 3")
    #expect(selection(textView) == [8, 3])
    #expect(textView._foundText[0..<3] == .found && textView._foundText[8..<11] == .highlighted)
    #expect(host.press(.character("g"), modifiers: .command))
    #expect(panel.countLabel.text == "3 of 3")
    #expect(selection(textView) == [17, 3])
    // Next wraps around; previous goes back.
    host.press(.character("g"), modifiers: .command)
    #expect(panel.countLabel.text == "1 of 3")
    host.press(.character("g"), modifiers: [.command, .shift])
    #expect(panel.countLabel.text == "3 of 3")
    // The panel's arrows do the same.
    host.tap(panel.previousButton)
    #expect(panel.countLabel.text == "2 of 3")
    #expect(selection(textView) == [8, 3])
  }

  @Test func thePanelIsPartOfTheKeyboardAndItsNotificationsIncludeIt() throws {
    let (host, textView, _) = makeFindNotes("one two one")
    var frames: [CGRect] = []
    let observer = NotificationCenter.default.addObserver(
      forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil
    ) { note in
      let frame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
      MainActor.assumeIsolated { if let frame { frames.append(frame) } }
    }
    defer { NotificationCenter.default.removeObserver(observer) }
    textView.findInteraction?.presentFindNavigator(showingReplace: false)
    let panel = try #require(navigator(textView))
    let withPanel = try #require(host.keyboardFrame)
    let keys = try #require(host.window.keyboard.keysFrame)
    #expect(withPanel.height == keys.height + panel.frame.height)
    #expect(keys.minY == panel.frame.maxY)
    #expect(panel.frame.height == 16, "one cell row in a terminal-measured window")
    #expect(frames.last == withPanel)
    // The panel is drawn where the keyboard's frame says, above the keys.
    let convertedField = panel.searchField.convert(panel.searchField.bounds, to: nil)
    #expect(convertedField.minY == withPanel.minY)
    host.type("one")
    host.advance(by: 0.4)
    #expect(host.screen().contains("1 of 2"))
    #expect(host.screen().contains("Done"))
  }

  @Test func returnGoesBackToTheTextViewWithTheMatchSelectedAndLeavingClosesThePanel() throws {
    let (host, textView, recorder) = makeFindNotes("alpha beta alpha")
    textView.findInteraction?.presentFindNavigator(showingReplace: false)
    let panel = try #require(navigator(textView))
    host.type("beta")
    // Return searches at once (no pause needed) and hands the typing back on an iPhone.
    host.pressReturn()
    #expect(textView.isFirstResponder)
    #expect(selection(textView) == [6, 4])
    #expect(textView.findInteraction?.isFindNavigatorVisible == true, "the panel stays while its view edits")
    #expect(panel.countLabel.text == "1 of 1")
    recorder.calls = []
    // The first responder leaving the view and the panel ends the session.
    textView.resignFirstResponder()
    #expect(textView.findInteraction?.isFindNavigatorVisible == false)
    #expect(textView._foundText.isEmpty, "decorations go with the session")
    #expect(host.keyboardFrame == nil)
  }

  @Test func escapeClosesThePanelAndTheViewTakesTheTypingBack() throws {
    let (host, textView, _) = makeFindNotes("x y x")
    host.press(.character("f"), modifiers: .command)
    host.type("x")
    host.advance(by: 0.4)
    #expect(selection(textView) == [0, 1])
    host.press(.character("g"), modifiers: .command)
    #expect(host.press(.escape))
    #expect(textView.findInteraction?.isFindNavigatorVisible == false)
    #expect(textView.isFirstResponder)
    #expect(selection(textView) == [4, 1], "the last match stays selected")
    #expect(textView._foundText.isEmpty)
    // ⌘G without the panel goes on with the last query (iOS's find buffer): a new session's
    // first match is the one at or after the selection, then the next.
    host.press(.character("g"), modifiers: .command)
    #expect(selection(textView) == [4, 1])
    host.press(.character("g"), modifiers: .command)
    #expect(selection(textView) == [0, 1])
    #expect(textView.findInteraction?.isFindNavigatorVisible == false)
  }

  @Test func replaceAsksTheDelegateAndMovesToTheNextMatch() throws {
    let (host, textView, recorder) = makeFindNotes("red green red blue red")
    host.press(.character("f"), modifiers: [.command, .option])
    let panel = try #require(navigator(textView))
    #expect(panel._showsReplace)
    #expect(!panel.replaceField.isHidden)
    #expect(panel.frame.height == 32, "two rows in replace mode, as on an iPhone")
    host.type("red")
    host.advance(by: 0.4)
    #expect(panel.countLabel.text == "1/3", "the short count in replace mode")
    host.tap(panel.replaceField)
    host.type("pink")
    recorder.calls = []
    host.tap(panel.replaceButton)
    #expect(textView.text == "pink green red blue red")
    #expect(recorder.calls.first == "shouldChange {0, 3} \"pink\"")
    // A replacement of another length searches again: two left, the next one current.
    #expect(panel.countLabel.text == "1/2")
    #expect(selection(textView) == [11, 3])
    // A delegate that refuses keeps the text.
    recorder.shouldChange = { _, _, _ in false }
    host.tap(panel.replaceButton)
    #expect(textView.text == "pink green red blue red")
  }

  @Test func replaceAllIsOneUndoStepAndShowsWhatWasPutIn() throws {
    let (host, textView, recorder) = makeFindNotes("a-b-a-c-A")
    textView.findInteraction?.presentFindNavigator(showingReplace: true)
    let panel = try #require(navigator(textView))
    host.type("a")
    host.advance(by: 0.4)
    #expect(panel.countLabel.text == "1/3")
    host.tap(panel.replaceField)
    host.type("zz")
    recorder.calls = []
    host.tap(panel.replaceAllButton)
    #expect(textView.text == "zz-b-zz-c-zz")
    // Each replacement asked, the last first.
    #expect(recorder.calls.filter { $0.hasPrefix("shouldChange") } == [
      "shouldChange {8, 1} \"zz\"", "shouldChange {4, 1} \"zz\"", "shouldChange {0, 1} \"zz\"",
    ])
    // The panel now counts the replacements.
    #expect(textView._foundText.count == 3)
    // One ⌘Z brings everything back.
    textView.undoManager?.undo()
    #expect(textView.text == "a-b-a-c-A")
    textView.undoManager?.redo()
    #expect(textView.text == "zz-b-zz-c-zz")
  }

  @Test func optionsMatchCaseAndWholeWords() throws {
    let (host, textView, _) = makeFindNotes("Tea tea team café CAFE")
    textView.findInteraction?.presentFindNavigator(showingReplace: false)
    let panel = try #require(navigator(textView))
    host.type("tea")
    host.advance(by: 0.4)
    #expect(panel.countLabel.text == "1 of 3")
    let session = try #require(textView.findInteraction?.activeFindSession)
    // Diacritics are ignored by default too.
    session.performSearch(query: "cafe", options: nil)
    #expect(session.resultCount == 2)
    let wholeWords = UITextSearchOptions(wordMatchMethod: .fullWord, stringCompareOptions: [.caseInsensitive])
    session.performSearch(query: "tea", options: wholeWords)
    #expect(session.resultCount == 2)
    let matchCase = UITextSearchOptions(wordMatchMethod: .contains, stringCompareOptions: [])
    session.performSearch(query: "tea", options: matchCase)
    #expect(session.resultCount == 2)
    session.performSearch(query: "Tea", options: matchCase)
    #expect(session.resultCount == 1)
    #expect(UITextSearchOptions().stringCompareOptions == [])
  }

  @Test func aReadOnlyTextViewFindsButDoesNotReplace() throws {
    let (host, controller) = makeNotes()
    let textView = controller.textView
    textView.isEditable = false
    textView.text = "to be or not to be"
    textView.isFindInteractionEnabled = true
    host.tap(textView)
    #expect(textView.isFirstResponder)
    #expect(host.press(.character("f"), modifiers: [.command, .option]))
    let panel = try #require(navigator(textView))
    #expect(!panel._showsReplace)
    host.type("be")
    host.pressReturn()
    #expect(textView.isFirstResponder)
    #expect(textView.selectedRange == NSRange(location: 3, length: 2))
    // The panel stays above a view with no keyboard: the keyboard's frame is the panel.
    #expect(host.keyboardFrame?.height == panel.frame.height)
    #expect(textView.text == "to be or not to be")
  }

  @Test func useSelectionForFindAndProgrammaticSearchText() throws {
    let (host, textView, _) = makeFindNotes("lorem ipsum lorem")
    textView.selectedRange = NSRange(location: 6, length: 5)
    #expect(textView.canPerformAction(.useSelectionForFind, withSender: nil))
    host.press(.character("e"), modifiers: .command)
    #expect(textView.findInteraction?.searchText == "ipsum")
    #expect(textView.findInteraction?.isFindNavigatorVisible == false)
    textView.findInteraction?.searchText = "lorem"
    textView.findInteraction?.presentFindNavigator(showingReplace: false)
    let panel = try #require(navigator(textView))
    // A query already there is searched at once; the first match after the selection is current.
    #expect(panel.searchField.text == "lorem")
    #expect(panel.countLabel.text == "2 of 2")
    textView.findInteraction?.dismissFindNavigator()
    #expect(textView.findInteraction?.activeFindSession == nil)
    // Turning find off removes the interaction; the keys then do nothing.
    textView.isFindInteractionEnabled = false
    #expect(textView.findInteraction == nil)
    #expect(!textView.canPerformAction(.find, withSender: nil))
    #expect(!host.press(.character("f"), modifiers: .command))
  }

  @Test func matchesAreDrawnInTheTextViewsLines() throws {
    let (host, textView, _) = makeFindNotes("abc xbc")
    textView.findInteraction?.presentFindNavigator(showingReplace: false)
    host.type("bc")
    host.advance(by: 0.4)
    let list = host.window.displayList()
    let runs = list.items.compactMap { item -> TextRun? in
      if case .text(let run) = item.content, run.string == "abc xbc" { return run }
      return nil
    }
    let run = try #require(runs.first)
    let highlighted = run.spans.first { $0.style.background.map { $0.rgba8 == UIColor.systemYellow.rgba8 } ?? false }
    #expect(highlighted?.range == 1..<3)
    let found = run.spans.first { $0.style.background.map { $0.rgba8 == UITextView._foundBackground.rgba8 } ?? false }
    #expect(found?.range == 5..<7)
  }

  @Test func editingTheViewWhileThePanelIsUpDropsTheStaleMatches() throws {
    let (host, textView, _) = makeFindNotes("ab ab")
    textView.findInteraction?.presentFindNavigator(showingReplace: false)
    let panel = try #require(navigator(textView))
    host.type("ab")
    host.pressReturn()
    #expect(textView.isFirstResponder)
    #expect(textView._foundText.count == 2)
    // Typing replaces the selected match.
    host.type("Z")
    #expect(textView.text == "Z ab")
    #expect(textView._foundText.isEmpty)
    #expect(panel.countLabel.text == "")
    // Next searches again.
    host.press(.character("g"), modifiers: .command)
    #expect(panel.countLabel.text == "1 of 1")
  }

  @Test func unicodeQueriesFindWholeClusters() throws {
    let family = "👨‍👩‍👧"
    let text = "日本語 \(family) e\u{301} 日本"
    let (_, textView, _) = makeFindNotes(text)
    let session = UITextSearchingFindSession(searchableObject: textView)
    session.performSearch(query: "日本", options: nil)
    #expect(session.resultCount == 2)
    session.performSearch(query: family, options: nil)
    #expect(session.resultCount == 1)
    // The man alone is not a whole cluster of the family.
    session.performSearch(query: "👨", options: nil)
    #expect(session.resultCount == 0)
    // Diacritic-insensitive: "e" finds "é" (decomposed), the whole cluster.
    session.performSearch(query: "e", options: nil)
    #expect(session.resultCount == 1)
    session.highlightNextResult(in: .forward)
    let start = (text as NSString).range(of: "e\u{301}").location
    #expect(textView.selectedRange == NSRange(location: start, length: 2))
  }
}

/// A searchable object that reports its matches after `performTextSearch` returns (as a search
/// on another queue would, delivered back on the main actor), recording its decorations.
@MainActor
private final class LaterSearcher: NSObject, UITextSearching {
  var selectedTextRange: UITextRange? { nil }
  var aggregator: UITextSearchAggregator<AnyHashable?>?
  var decorations: [String] = []
  func compare(_ foundRange: UITextRange, toRange: UITextRange, document: AnyHashable??) -> ComparisonResult {
    let (a, b) = (foundRange._range.lowerBound, toRange._range.lowerBound)
    return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
  }
  func performTextSearch(
    queryString: String, options: UITextSearchOptions, resultAggregator: UITextSearchAggregator<AnyHashable?>
  ) {
    aggregator = resultAggregator
  }
  func decorate(foundTextRange: UITextRange, document: AnyHashable??, usingStyle: UITextSearchFoundTextStyle) {
    decorations.append("\(foundTextRange._range) \(usingStyle)")
  }
  func clearAllDecoratedFoundText() { decorations.append("clear") }
}

@MainActor
@Suite struct FindSessionStateTests {
  @Test func theAbstractSessionHasNoResults() {
    let session = UIFindSession()
    session.performSearch(query: "x", options: nil)
    session.highlightNextResult(in: .forward)
    #expect(session.resultCount == 0)
    #expect(session.highlightedResultIndex == NSNotFound)
    #expect(!session.supportsReplacement && !session.allowsReplacementForCurrentlyHighlightedResult)
    #expect(session.searchResultDisplayStyle == .currentAndTotal)
  }

  @Test func resultsReportedLaterAndTheirInvalidation() {
    let searcher = LaterSearcher()
    let session = UITextSearchingFindSession(searchableObject: searcher)
    #expect(session.searchableObject === searcher)
    session.performSearch(query: "a", options: nil)
    // Asked before any result came: the highlight waits for the search to finish.
    session.highlightNextResult(in: .forward)
    #expect(session.highlightedResultIndex == NSNotFound)
    let first = searcher.aggregator!
    first.foundRange(UITextRange(4..<5), searchString: "a", document: nil)
    first.foundRange(UITextRange(0..<1), searchString: "a", document: nil)
    #expect(first.allFoundRanges.map(\._range) == [4..<5, 0..<1])
    #expect(session.resultCount == 2)
    first.finishedSearching()
    #expect(session.highlightedResultIndex == 0)
    #expect(searcher.decorations == ["clear", "4..<5 found", "0..<1 found", "0..<1 highlighted"])
    // The current result withdrawn: it is undecorated and the next becomes current.
    searcher.decorations = []
    first.invalidateFoundRange(UITextRange(0..<1), document: nil)
    #expect(session.resultCount == 1)
    #expect(session.highlightedResultIndex == 0)
    #expect(searcher.decorations == ["0..<1 normal", "4..<5 highlighted"])
    first.invalidate()
    #expect(session.resultCount == 0)
    // A new search: what the old aggregator is told now is dropped.
    session.performSearch(query: "b", options: nil)
    first.foundRange(UITextRange(9..<10), searchString: "a", document: nil)
    #expect(session.resultCount == 0)
    searcher.aggregator!.foundRange(UITextRange(2..<3), searchString: "b", document: nil)
    #expect(session.resultCount == 1)
  }

  @Test func displayStylesAndTheOptionsMenuProvider() throws {
    let (host, controller) = makeNotes()
    UIFindInteraction._lastSearchText = nil
    let textView = controller.textView
    textView.text = "ab ab ab"
    textView.isFindInteractionEnabled = true
    host.tap(textView)
    let interaction = try #require(textView.findInteraction)
    var offered: [String] = []
    interaction.optionsMenuProvider = { items in
      offered = items.compactMap { ($0 as? UIAction)?.title }
      return UIMenu(title: "Options", children: items)
    }
    interaction.searchText = "ab"
    interaction.presentFindNavigator(showingReplace: false)
    let panel = try #require(interaction._navigator)
    #expect(offered == ["Match Case", "Whole Words"])
    #expect(panel.optionsButton.menu?.title == "Options" && panel.optionsButton.isEnabled)
    let session = try #require(interaction.activeFindSession)
    #expect(panel.countLabel.text == "1 of 3")
    session.searchResultDisplayStyle = .total
    #expect(panel.countLabel.text == "3")
    session.searchResultDisplayStyle = .none
    #expect(panel.countLabel.text == "")
    // A provider that gives no menu leaves the panel without one.
    interaction.dismissFindNavigator()
    interaction.optionsMenuProvider = { _ in nil }
    interaction.presentFindNavigator(showingReplace: false)
    #expect(interaction._navigator?.optionsButton.menu == nil)
    #expect(interaction._navigator?.optionsButton.isEnabled == false)
  }
}
