// A log viewer as an app writes one for iOS 16's find panel: its own view (not a text view)
// adopts UITextSearching with a document per line, makes UITextSearchingFindSession its find
// interaction's session, and decorates matches itself. Compiled in Swift 5 mode, in XCTest.
@_exported import UIKitXCTest
import UIKit
import XCTest

/// A place in the log: a line and a UTF-16 offset in it.
final class LogPosition: UITextPosition {
  let line: Int
  let offset: Int
  init(line: Int, offset: Int) {
    self.line = line
    self.offset = offset
  }
}

/// A range of one line of the log.
final class LogRange: UITextRange {
  let line: Int
  let range: NSRange
  init(line: Int, range: NSRange) {
    self.line = line
    self.range = range
  }
  override var start: UITextPosition { LogPosition(line: line, offset: range.location) }
  override var end: UITextPosition { LogPosition(line: line, offset: NSMaxRange(range)) }
  override var isEmpty: Bool { range.length == 0 }
}

final class LogView: UIView, UITextSearching, UIFindInteractionDelegate {
  typealias DocumentIdentifier = Int

  var lines: [String]
  var calls: [String] = []
  var selectedTextRange: UITextRange?
  lazy var findInteraction = UIFindInteraction(sessionDelegate: self)

  init(lines: [String]) {
    self.lines = lines
    super.init(frame: CGRect(x: 0, y: 100, width: 390, height: 400))
    addInteraction(findInteraction)
  }

  required init?(coder: NSCoder) { fatalError() }

  override var canBecomeFirstResponder: Bool { true }

  // MARK: UIFindInteractionDelegate

  func findInteraction(_ interaction: UIFindInteraction, sessionFor view: UIView) -> UIFindSession? {
    UITextSearchingFindSession(searchableObject: self)
  }
  func findInteraction(_ interaction: UIFindInteraction, didBegin session: UIFindSession) { calls.append("didBegin") }
  func findInteraction(_ interaction: UIFindInteraction, didEnd session: UIFindSession) { calls.append("didEnd") }

  // MARK: UITextSearching

  func compare(_ foundRange: UITextRange, toRange: UITextRange, document: Int?) -> ComparisonResult {
    let a = (foundRange as! LogRange).range.location
    let b = (toRange as! LogRange).range.location
    return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
  }

  func compare(document: Int, toDocument: Int) -> ComparisonResult {
    document < toDocument ? .orderedAscending : document > toDocument ? .orderedDescending : .orderedSame
  }

  /// Reports the lines from the last to the first (as a search over files might), each line's
  /// matches in order.
  func performTextSearch(queryString: String, options: UITextSearchOptions, resultAggregator: UITextSearchAggregator<Int>) {
    calls.append("search \(queryString)")
    for (line, text) in lines.enumerated().reversed() {
      let string = text as NSString
      var from = 0
      while from < string.length {
        let found = string.range(
          of: queryString, options: options.stringCompareOptions, range: NSRange(location: from, length: string.length - from))
        if found.location == NSNotFound { break }
        resultAggregator.foundRange(LogRange(line: line, range: found), searchString: queryString, document: line)
        from = NSMaxRange(found)
      }
    }
    resultAggregator.finishedSearching()
  }

  func decorate(foundTextRange: UITextRange, document: Int?, usingStyle: UITextSearchFoundTextStyle) {
    let range = foundTextRange as! LogRange
    calls.append("decorate \(document!):\(range.range.location) \(usingStyle)")
  }

  func clearAllDecoratedFoundText() { calls.append("clear") }

  func willHighlight(foundTextRange: UITextRange, document: Int?) {
    calls.append("willHighlight \(document!):\((foundTextRange as! LogRange).range.location)")
  }

  func scrollRangeToVisible(_ range: UITextRange, inDocument: Int?) { calls.append("scroll \(inDocument!)") }

  var supportsTextReplacement: Bool { true }

  func replace(foundTextRange: UITextRange, document: Int?, withText: String) {
    let range = foundTextRange as! LogRange
    lines[range.line] = (lines[range.line] as NSString).replacingCharacters(in: range.range, with: withText)
    calls.append("replace \(range.line):\(range.range.location)")
  }
}

@MainActor
final class FindClientXCTests: XCTestCase {
  /// The window on screen (an app's scene keeps its window).
  private var window: UIWindow?

  private func makeLog() -> (UIWindow, LogView) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = UIViewController()
    window.rootViewController = controller
    let log = LogView(lines: ["error: disk", "ok", "Error: net error"])
    controller.view.addSubview(log)
    window.makeKeyAndVisible()
    self.window = window
    addTeardownBlock { @MainActor in log.findInteraction.dismissFindNavigator() }
    return (window, log)
  }

  func testTheSessionOrdersDocumentsAndDecoratesInApplesOrder() throws {
    let (_, log) = makeLog()
    log.findInteraction.searchText = "error"
    log.findInteraction.presentFindNavigator(showingReplace: false)
    XCTAssertTrue(log.findInteraction.isFindNavigatorVisible)
    let session = try XCTUnwrap(log.findInteraction.activeFindSession)
    // Reported from the last line up, decorated as reported; the first in document order is
    // highlighted: told first, decorated, scrolled to.
    XCTAssertEqual(log.calls, [
      "didBegin", "clear", "search error",
      "decorate 2:0 found", "decorate 2:11 found", "decorate 0:0 found",
      "willHighlight 0:0", "decorate 0:0 highlighted", "scroll 0",
    ])
    XCTAssertEqual(session.resultCount, 3)
    XCTAssertEqual(session.highlightedResultIndex, 0)
    log.calls = []
    log.findInteraction.findNext()
    XCTAssertEqual(session.highlightedResultIndex, 1)
    XCTAssertEqual(log.calls, ["willHighlight 2:0", "decorate 0:0 found", "decorate 2:0 highlighted", "scroll 2"])
    log.findInteraction.findNext()
    log.findInteraction.findNext()
    XCTAssertEqual(session.highlightedResultIndex, 0, "next wraps around to the first document")
    log.findInteraction.findPrevious()
    XCTAssertEqual(session.highlightedResultIndex, 2)
  }

  func testReplacingThroughTheSearchableObject() throws {
    let (_, log) = makeLog()
    log.findInteraction.searchText = "error"
    log.findInteraction.presentFindNavigator(showingReplace: true)
    let session = try XCTUnwrap(log.findInteraction.activeFindSession)
    XCTAssertTrue(session.supportsReplacement)
    XCTAssertTrue(session.allowsReplacementForCurrentlyHighlightedResult)
    // Same length: the other results stay, only the replaced one goes.
    session.performSingleReplacement(query: "error", replacementString: "ERROR", options: nil)
    XCTAssertEqual(log.lines, ["ERROR: disk", "ok", "Error: net error"])
    XCTAssertEqual(session.resultCount, 2)
    // The default replace-all searches again (ignoring case, as the panel does) and replaces
    // from the last match to the first, documents in order; the session then shows what was put in.
    log.calls = []
    session.replaceAll(searchQuery: "error", replacementString: "fault", options: nil)
    XCTAssertEqual(log.lines, ["fault: disk", "ok", "fault: net fault"])
    XCTAssertEqual(log.calls.filter { $0.hasPrefix("replace") }, ["replace 2:11", "replace 2:0", "replace 0:0"])
    XCTAssertEqual(session.resultCount, 3)
    log.calls = []
    log.findInteraction.dismissFindNavigator()
    XCTAssertEqual(log.calls, ["clear", "didEnd"])
    XCTAssertNil(log.findInteraction.activeFindSession)
  }
}
