// A character-limit counter built the way iOS libraries build one (the "tweet length" pattern):
// it listens to a text view's changes and, on each, sets `attributedText` again with the
// characters beyond the limit in red, keeping the selection where the user left it, and shows
// the characters left in a label sized with `boundingRect`. Compiled in Swift 5 mode, as an
// app's code is.
import UIKit
import UIKitTesting
import XCTest

final class LimitCounter: NSObject, UITextViewDelegate {
  let limit: Int
  let textView: UITextView
  let counterLabel = UILabel()
  let baseAttributes: [NSAttributedString.Key: Any]
  var changes = 0

  init(textView: UITextView, limit: Int) {
    self.limit = limit
    self.textView = textView
    baseAttributes = [.font: UIFont.preferredFont(forTextStyle: .body), .foregroundColor: UIColor.label]
    super.init()
    textView.delegate = self
    update()
  }

  func textViewDidChange(_ textView: UITextView) {
    changes += 1
    update()
  }

  func update() {
    let text = textView.text ?? ""
    let styled = NSMutableAttributedString(string: text, attributes: baseAttributes)
    let length = (text as NSString).length
    if length > limit {
      styled.addAttributes(
        [.foregroundColor: UIColor.systemRed, .backgroundColor: UIColor.systemRed.withAlphaComponent(0.2)],
        range: NSRange(location: limit, length: length - limit))
    }
    let selection = textView.selectedRange
    textView.attributedText = styled
    textView.selectedRange = selection
    let remaining = limit - length
    counterLabel.text = "\(remaining)"
    counterLabel.textColor = remaining < 0 ? .systemRed : .secondaryLabel
    let size = ("\(remaining)" as NSString).size(withAttributes: [.font: counterLabel.font!])
    counterLabel.frame.size = CGSize(width: ceil(size.width), height: ceil(size.height))
  }
}

final class RichTextCounterTests: XCTestCase {
  func testCharactersBeyondTheLimitTurnRedAsTheUserTypes() {
    let controller = UIViewController()
    controller.view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 160))
    let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 240, height: 96))
    textView.textContainerInset = .zero
    controller.view.addSubview(textView)
    let counter = LimitCounter(textView: textView, limit: 5)
    counter.counterLabel.frame.origin = CGPoint(x: 248, y: 0)
    controller.view.addSubview(counter.counterLabel)
    let host = HeadlessHost(
      rootViewController: controller, screenSize: CGSize(width: 320, height: 640), measuresTextInCells: true)

    textView.becomeFirstResponder()
    host.type("hello")
    XCTAssertEqual(counter.changes, 5)
    XCTAssertEqual(counter.counterLabel.text, "0")
    XCTAssertNil(redRange(textView.attributedText))

    host.type("!?")
    XCTAssertEqual(textView.text, "hello!?")
    XCTAssertEqual(redRange(textView.attributedText), NSRange(location: 5, length: 2))
    XCTAssertEqual(textView.selectedRange, NSRange(location: 7, length: 0), "typing goes on at the end")
    XCTAssertEqual(counter.counterLabel.text, "-2")
    XCTAssertEqual(counter.counterLabel.frame.size, CGSize(width: 16, height: 16), "two cells, one row")
    let line = host.screen().split(separator: "\n").first.map(String.init) ?? ""
    XCTAssertTrue(line.trimmingCharacters(in: .whitespaces).hasPrefix("hello!?"), line)
    XCTAssertTrue(line.contains("-2"))
    let grid = host.grid()
    let h = line.distance(from: line.startIndex, to: line.firstIndex(of: "h")!)
    XCTAssertEqual(grid[h + 5, 0].foreground, CellGrid.RGB(r: 255, g: 59, b: 48), "the over-limit characters are drawn in red")
    XCTAssertEqual(grid[h + 6, 0].foreground, CellGrid.RGB(r: 255, g: 59, b: 48))
    XCTAssertNotEqual(grid[h + 4, 0].foreground, grid[h + 5, 0].foreground)

    // Deleting back under the limit clears the red.
    host.press(.backspace)
    host.press(.backspace)
    XCTAssertNil(redRange(textView.attributedText))
    XCTAssertEqual(counter.counterLabel.text, "0")

    // Typing in the middle pushes the tail past the limit.
    textView.selectedRange = NSRange(location: 1, length: 0)
    host.type("X")
    XCTAssertEqual(textView.text, "hXello")
    XCTAssertEqual(redRange(textView.attributedText), NSRange(location: 5, length: 1))
    XCTAssertEqual(textView.selectedRange, NSRange(location: 2, length: 0))
  }

  private func redRange(_ text: NSAttributedString?) -> NSRange? {
    guard let text = text else { return nil }
    var found: NSRange?
    var location = 0
    while location < text.length {
      var range = NSRange(location: 0, length: 0)
      let color = text.attribute(.foregroundColor, at: location, effectiveRange: &range) as? UIColor
      if color == UIColor.systemRed { found = found.map { NSUnionRange($0, range) } ?? range }
      location = range.location + range.length
    }
    return found
  }
}
