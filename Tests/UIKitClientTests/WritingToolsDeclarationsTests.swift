// An iOS 18 text view delegate that pauses syncing while Writing Tools rewrite the text, as
// Apple's "Customizing Writing Tools behavior" article shows (Swift 5 mode): it compiles here,
// and since Linux has no Writing Tools the session never starts.
import UIKit
import UIKitTesting
import XCTest

private final class SyncingNotesDelegate: NSObject, UITextViewDelegate {
  var syncing = true
  func textViewWritingToolsWillBegin(_ textView: UITextView) { syncing = false }
  func textViewWritingToolsDidEnd(_ textView: UITextView) { syncing = true }
  func textView(_ textView: UITextView, writingToolsIgnoredRangesInEnclosingRange enclosingRange: NSRange) -> [NSValue] {
    // Leave quoted code alone.
    let text = (textView.text ?? "") as NSString
    let code = text.range(of: "`code`", options: [], range: enclosingRange)
    return code.location == NSNotFound ? [] : [NSValue(range: code)]
  }
}

@MainActor
final class WritingToolsDeclarationsTests: XCTestCase {
  func testWritingToolsNeverBeginAndTheDelegateCompilesWithOptionalCalls() {
    let controller = UIViewController()
    let notes = UITextView(frame: CGRect(x: 16, y: 100, width: 300, height: 200))
    notes.text = "Some notes with `code` in them"
    notes.writingToolsBehavior = .complete
    notes.allowedWritingToolsResultOptions = [.plainText, .richText]
    let delegate = SyncingNotesDelegate()
    notes.delegate = delegate
    controller.view.addSubview(notes)
    let host = HeadlessHost(rootViewController: controller)
    host.tap(notes)
    host.type("!")
    XCTAssertFalse(notes.isWritingToolsActive)
    XCTAssertTrue(delegate.syncing)
    // The optional-call forms iOS code uses.
    let someDelegate: UITextViewDelegate? = notes.delegate
    someDelegate?.textViewWritingToolsWillBegin?(notes)
    XCTAssertFalse(delegate.syncing)
    someDelegate?.textViewWritingToolsDidEnd?(notes)
    let ignored = someDelegate?.textView?(notes, writingToolsIgnoredRangesInEnclosingRange: NSRange(location: 0, length: 30))
    XCTAssertEqual(ignored?.first?.rangeValue, NSRange(location: 16, length: 6))
    XCTAssertEqual(notes.writingToolsBehavior, .complete)
  }
}
