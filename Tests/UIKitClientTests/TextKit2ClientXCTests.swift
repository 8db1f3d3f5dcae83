// An editor screen as an iOS 16 library writes one against TextKit 2: a gutter of paragraph
// numbers placed from the layout fragments, a hashtag highlighter that colours through
// rendering attributes (refilled by the validator as paragraphs change), a height that follows
// the usage bounds, and a guard on `textLayoutManager` for the TextKit 1 fallback. Compiled in
// Swift 5 mode, in XCTest.
@_exported import UIKitXCTest
import UIKit
import XCTest

/// Paragraph numbers beside a text view, at each layout fragment's top.
final class ParagraphGutter {
  weak var textView: UITextView?
  init(textView: UITextView) { self.textView = textView }

  /// Each paragraph's number and the y of its first line in the text view's coordinates.
  @MainActor func numbers() -> [(number: Int, y: CGFloat)] {
    guard let textView, let textLayoutManager = textView.textLayoutManager,
      let contentManager = textLayoutManager.textContentManager
    else { return [] }
    var result: [(Int, CGFloat)] = []
    textLayoutManager.enumerateTextLayoutFragments(from: contentManager.documentRange.location, options: [.ensuresLayout]) { fragment in
      result.append((result.count + 1, fragment.layoutFragmentFrame.minY + textView.textContainerInset.top))
      return true
    }
    return result
  }
}

/// Colours "#words" through rendering attributes, paragraph by paragraph.
final class HashtagHighlighter {
  static let color = UIColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)
  var paragraphsColoured = 0

  @MainActor func attach(to textLayoutManager: NSTextLayoutManager) {
    textLayoutManager.renderingAttributesValidator = { [weak self] layoutManager, fragment in
      guard let self, let contentManager = layoutManager.textContentManager,
        let paragraph = fragment.textElement as? NSTextParagraph
      else { return }
      self.paragraphsColoured += 1
      let text = paragraph.attributedString.string as NSString
      let start = fragment.rangeInElement.location
      var searchFrom = 0
      while searchFrom < text.length {
        let hash = text.range(of: "#", options: [], range: NSRange(location: searchFrom, length: text.length - searchFrom))
        guard hash.location != NSNotFound else { break }
        var end = hash.location + 1
        while end < text.length, let scalar = Unicode.Scalar(text.character(at: end)), CharacterSet.alphanumerics.contains(scalar) {
          end += 1
        }
        if let from = contentManager.location(start, offsetBy: hash.location), let to = contentManager.location(start, offsetBy: end),
          let range = NSTextRange(location: from, end: to)
        {
          layoutManager.addRenderingAttribute(.foregroundColor, value: HashtagHighlighter.color, for: range)
        }
        searchFrom = end
      }
    }
  }
}

@MainActor
final class TextKit2ClientXCTests: XCTestCase {
  /// The window on screen (an app's scene keeps its window).
  private var window: UIWindow?

  private func makeEditor(_ text: String) -> UITextView {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = UIViewController()
    window.rootViewController = controller
    let textView = UITextView(frame: CGRect(x: 40, y: 100, width: 330, height: 400))
    textView.text = text
    controller.view.addSubview(textView)
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    self.window = window
    return textView
  }

  func testAGutterFollowsTheFragmentsAsTextKit1PlacesTheLines() throws {
    let textView = makeEditor("First paragraph, long enough to wrap onto a second line in this view.\nSecond\n\nFourth")
    let gutter = ParagraphGutter(textView: textView)
    let numbers = gutter.numbers()
    XCTAssertEqual(numbers.map(\.number), [1, 2, 3, 4])
    XCTAssertEqual(numbers.first?.y, textView.textContainerInset.top)
    // TextKit 1's answer for each paragraph's first line: the same place.
    let twin = UITextView(usingTextLayoutManager: false)
    twin.frame = textView.frame
    twin.text = textView.text
    window?.rootViewController?.view.addSubview(twin)
    window?.layoutIfNeeded()
    let text = twin.text as NSString
    var starts = [0]
    var location = 0
    while true {
      let found = text.range(of: "\n", options: [], range: NSRange(location: location, length: text.length - location))
      guard found.location != NSNotFound else { break }
      location = found.location + 1
      starts.append(location)
    }
    let tops = starts.map { twin.layoutManager.lineFragmentRect(forGlyphAt: $0, effectiveRange: nil).minY + twin.textContainerInset.top }
    XCTAssertEqual(numbers.map(\.y), tops)
    XCTAssertNil(twin.textLayoutManager, "the twin uses TextKit 1")
  }

  func testTheHighlighterColoursParagraphsAsTheyChange() throws {
    let textView = makeEditor("#swift on #linux\nplain words")
    let textLayoutManager = try XCTUnwrap(textView.textLayoutManager, "TextKit 2 unless layoutManager was touched")
    let highlighter = HashtagHighlighter()
    highlighter.attach(to: textLayoutManager)
    textLayoutManager.invalidateLayout(for: textLayoutManager.documentRange)
    window?.layoutIfNeeded()
    XCTAssertEqual(highlighter.paragraphsColoured, 2)
    var coloured: [String] = []
    textLayoutManager.enumerateRenderingAttributes(from: textLayoutManager.documentRange.location, reverse: false) { manager, attributes, range in
      let start = manager.offset(from: manager.documentRange.location, to: range.location)
      let end = manager.offset(from: manager.documentRange.location, to: range.endLocation)
      if attributes[.foregroundColor] != nil { coloured.append((textView.text as NSString).substring(with: NSRange(location: start, length: end - start))) }
      return true
    }
    XCTAssertEqual(coloured, ["#swift", "#linux"])
    // The user types a tag in the second paragraph: only it is coloured again.
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: (textView.text as NSString).length, length: 0)
    textView.insertText(" #ios")
    window?.layoutIfNeeded()
    XCTAssertEqual(highlighter.paragraphsColoured, 3)
    let items = try XCTUnwrap(window?.displayList().items)
    let line = items.compactMap { item -> TextRun? in
      if case .text(let run) = item.content, run.string == "plain words #ios" { return run }
      return nil
    }.first
    XCTAssertEqual(line?.spans.last?.range, 12..<16)
    XCTAssertEqual(line?.spans.last?.style.foreground, HashtagHighlighter.color)
  }

  func testAGrowingViewSizesItselfFromTheUsageBounds() throws {
    let textView = makeEditor("one")
    let textLayoutManager = try XCTUnwrap(textView.textLayoutManager)
    let oneLine = textLayoutManager.usageBoundsForTextContainer.height
    XCTAssertGreaterThan(oneLine, 0)
    textView.text = "one\ntwo\nthree"
    XCTAssertEqual(textLayoutManager.usageBoundsForTextContainer.height, oneLine * 3)
    let inset = textView.textContainerInset
    XCTAssertEqual(
      textView.sizeThatFits(CGSize(width: textView.bounds.width, height: 0)).height,
      textLayoutManager.usageBoundsForTextContainer.height + inset.top + inset.bottom)
  }
}
