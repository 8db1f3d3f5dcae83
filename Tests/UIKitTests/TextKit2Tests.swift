import Foundation
import Testing
@testable import UIKit
import UIKitTesting
import TextEditing

/// A content storage delegate that records the ranges it is asked for and shows every
/// paragraph's text in capitals (a display-only change of the same length).
final class ShoutingParagraphs: NSObject, NSTextContentStorageDelegate {
  var asked: [NSRange] = []
  func textContentStorage(_ textContentStorage: NSTextContentStorage, textParagraphWith range: NSRange) -> NSTextParagraph? {
    asked.append(range)
    guard let storage = textContentStorage.textStorage else { return nil }
    let text = storage.attributedSubstring(from: range).string.uppercased()
    return NSTextParagraph(attributedString: NSAttributedString(string: text))
  }
}

/// A layout fragment that fills a rounded background behind its paragraph (Apple's
/// BubbleLayoutFragment pattern), then draws the text with `super`.
final class BubbleLayoutFragment: NSTextLayoutFragment {
  static let fill = UIColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)
  override func draw(at point: CGPoint, in context: CGContext) {
    let bounds = textLineFragments.map(\.typographicBounds).reduce(CGRect.null) { $0.union($1) }
    context.saveGState()
    context.setFillColor(BubbleLayoutFragment.fill.cgColor)
    context.fill(bounds.offsetBy(dx: point.x, dy: point.y).insetBy(dx: -2, dy: 0))
    context.restoreGState()
    super.draw(at: point, in: context)
  }
}

/// A fragment that draws a rule instead of its paragraph's text (no call to `super`).
final class RuleLayoutFragment: NSTextLayoutFragment {
  override func draw(at point: CGPoint, in context: CGContext) {
    context.setFillColor(UIColor.red.cgColor)
    context.fill(CGRect(x: point.x, y: point.y + 7, width: 100, height: 2))
  }
}

/// Makes bubbles for paragraphs that start with ">" and rules for "---".
final class FragmentMaker: NSObject, NSTextLayoutManagerDelegate {
  var locations: [Int] = []
  func textLayoutManager(
    _ textLayoutManager: NSTextLayoutManager, textLayoutFragmentFor location: any NSTextLocation, in textElement: NSTextElement
  ) -> NSTextLayoutFragment {
    let manager = textLayoutManager.textContentManager!
    locations.append(manager.offset(from: manager.documentRange.location, to: location))
    let text = (textElement as? NSTextParagraph)?.attributedString.string ?? ""
    if text.hasPrefix(">") { return BubbleLayoutFragment(textElement: textElement, range: textElement.elementRange) }
    if text.hasPrefix("---") { return RuleLayoutFragment(textElement: textElement, range: textElement.elementRange) }
    return NSTextLayoutFragment(textElement: textElement, range: textElement.elementRange)
  }
}

/// Records a viewport controller's delegate calls.
final class ViewportRecorder: NSObject, NSTextViewportLayoutControllerDelegate {
  var calls: [String] = []
  var bounds = CGRect(x: 0, y: 0, width: 176, height: 32)
  func viewportBounds(for textViewportLayoutController: NSTextViewportLayoutController) -> CGRect {
    calls.append("bounds")
    return bounds
  }
  func textViewportLayoutController(
    _ textViewportLayoutController: NSTextViewportLayoutController, configureRenderingSurfaceFor textLayoutFragment: NSTextLayoutFragment
  ) {
    let manager = textViewportLayoutController.textLayoutManager!.textContentManager!
    let start = manager.offset(from: manager.documentRange.location, to: textLayoutFragment.rangeInElement.location)
    calls.append("configure \(start) \(textLayoutFragment.state == .layoutAvailable)")
  }
  func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: NSTextViewportLayoutController) {
    calls.append("will")
  }
  func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: NSTextViewportLayoutController) {
    calls.append("did")
  }
}

/// The UTF-16 offsets of a content storage's range (what app code computes with
/// `offset(from:to:)`).
@MainActor
func offsets(_ range: NSTextRange?, in manager: NSTextContentManager) -> NSRange? {
  guard let range else { return nil }
  let start = manager.offset(from: manager.documentRange.location, to: range.location)
  let end = manager.offset(from: manager.documentRange.location, to: range.endLocation)
  return NSRange(location: start, length: end - start)
}

/// The range of UTF-16 offsets `start..<end` of `manager`'s document.
@MainActor
func textRange(_ start: Int, _ end: Int, in manager: NSTextContentManager) -> NSTextRange {
  NSTextRange(
    location: manager.location(manager.documentRange.location, offsetBy: start)!,
    end: manager.location(manager.documentRange.location, offsetBy: end)!)!
}

/// Each fragment's frame, and each of its lines' range, bounds, baseline and where each of its
/// characters starts: what a fresh layout must give again.
@MainActor
func fragmentGeometry(_ manager: NSTextLayoutManager) -> [String] {
  var lines: [String] = []
  manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
    lines.append("fragment \(fragment.layoutFragmentFrame)")
    for line in fragment.textLineFragments {
      let range = line.characterRange
      let xs = (range.location...(range.location + range.length)).map { line.locationForCharacter(at: $0).x }
      lines.append("\(range) \(line.typographicBounds) \(line.glyphOrigin) \(xs)")
    }
    return true
  }
  return lines
}

@MainActor
@Suite struct TextKit2Tests {
  // MARK: TextKit 2 by default, TextKit 1 when asked for

  @Test func aTextViewUsesTextKit2UntilItsLayoutManagerIsAskedFor() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "Hello"
    let textLayoutManager = try #require(textView.textLayoutManager)
    let contentStorage = try #require(textLayoutManager.textContentManager as? NSTextContentStorage)
    #expect(contentStorage.textStorage === textView.textStorage, "the content storage's storage is the view's")
    #expect(textView.textStorage.textStorageObserver === contentStorage)
    #expect(textView.textStorage.layoutManagers.isEmpty, "no TextKit 1 layout manager shows")
    #expect(textView.textContainer.textLayoutManager === textLayoutManager)
    #expect(textLayoutManager.textContainer === textView.textContainer)
    #expect(contentStorage.textLayoutManagers.first === textLayoutManager)
    #expect(contentStorage.primaryTextLayoutManager === textLayoutManager)

    _UIKitLog.messages = []
    let layoutManager = textView.layoutManager
    #expect(textView.textLayoutManager == nil, "asking for layoutManager switches to TextKit 1 for good")
    #expect(textView.textContainer.textLayoutManager == nil)
    #expect(textView.textContainer.layoutManager === layoutManager)
    #expect(textView.textStorage.layoutManagers.first === layoutManager)
    let message = try #require(_UIKitLog.messages.last)
    #expect(message.hasPrefix("UITextView 0x"))
    #expect(message.hasSuffix(
      "is switching to TextKit 1 compatibility mode because its layoutManager was accessed. "
        + "Break on void _UITextViewEnablingCompatibilityMode(UITextView *__strong, BOOL) to debug."))
    _ = textView.layoutManager
    #expect(_UIKitLog.messages.count == 1, "said once")
  }

  @Test func touchingTheContainerMakesNoTextKit2Objects() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    // What placeholder text views do: a keystroke still pays nothing for TextKit 2.
    textView.textContainer.lineFragmentPadding = 0
    #expect(textView._textKit2 == nil)
    let fromContainer = try #require(textView.textContainer.textLayoutManager, "made when asked for")
    #expect(fromContainer === textView.textLayoutManager)
  }

  @Test func theContainersLayoutManagerSwitchesTheViewToo() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    #expect(textView.textLayoutManager != nil)
    #expect(textView.textContainer.layoutManager != nil)
    #expect(textView.textLayoutManager == nil)
  }

  @Test func initializersChooseTheTextKit() {
    #expect(UITextView(usingTextLayoutManager: true).textLayoutManager != nil)
    #expect(UITextView(usingTextLayoutManager: false).textLayoutManager == nil)
    #expect(UITextView(frame: .zero).textLayoutManager != nil, "TextKit 2 unless told otherwise")
    // A TextKit 1 container makes a TextKit 1 view.
    let storage = NSTextStorage(string: "one")
    let layoutManager = NSLayoutManager()
    storage.addLayoutManager(layoutManager)
    let container = NSTextContainer(size: .zero)
    layoutManager.addTextContainer(container)
    let textKit1 = UITextView(frame: .zero, textContainer: container)
    #expect(textKit1.textLayoutManager == nil)
    #expect(textKit1.text == "one")
  }

  @Test func aTextKit2StackGivenToATextViewIsShown() throws {
    let contentStorage = NSTextContentStorage()
    contentStorage.textStorage?.append(NSAttributedString(string: "from the stack"))
    let textLayoutManager = NSTextLayoutManager()
    contentStorage.addTextLayoutManager(textLayoutManager)
    let container = NSTextContainer(size: .zero)
    textLayoutManager.textContainer = container
    let textView = UITextView(frame: CGRect(x: 16, y: 48, width: 176, height: 96), textContainer: container)
    let (host, _) = makeTextKit(textView)
    defer { withExtendedLifetime(host) {} }
    #expect(textView.textLayoutManager === textLayoutManager)
    #expect(textView.text == "from the stack")
    #expect(textView.textStorage === contentStorage.textStorage)
    // Edits through the content storage reach the view.
    contentStorage.performEditingTransaction {
      contentStorage.textStorage?.replaceCharacters(in: NSRange(location: 0, length: 4), with: "out of")
    }
    #expect(textView.text == "out of the stack")
    #expect(drawnLines(host).map(\.string) == ["out of the stack"])
  }

  // MARK: Elements

  @Test func paragraphsAreElementsWithTheirSeparators() throws {
    let contentStorage = NSTextContentStorage()
    contentStorage.attributedString = NSAttributedString(string: "ab\ncd\r\nef")
    var ranges: [NSRange] = []
    contentStorage.enumerateTextElements(from: nil) { element in
      ranges.append(offsets(element.elementRange, in: contentStorage)!)
      return true
    }
    #expect(ranges == [NSRange(location: 0, length: 3), NSRange(location: 3, length: 4), NSRange(location: 7, length: 2)])
    var paragraphs: [NSTextParagraph] = []
    contentStorage.enumerateTextElements(from: nil) {
      paragraphs.append($0 as! NSTextParagraph)
      return true
    }
    #expect(paragraphs.map(\.attributedString.string) == ["ab\n", "cd\r\n", "ef"])
    #expect(offsets(paragraphs[1].paragraphContentRange, in: contentStorage) == NSRange(location: 3, length: 2))
    #expect(offsets(paragraphs[1].paragraphSeparatorRange, in: contentStorage) == NSRange(location: 5, length: 2))
    #expect(paragraphs[2].paragraphSeparatorRange == nil)
    #expect(paragraphs[0].textContentManager === contentStorage)
    // Asked again: the same elements.
    var again: [NSTextElement] = []
    contentStorage.enumerateTextElements(from: nil) {
      again.append($0)
      return true
    }
    #expect(zip(again, paragraphs).allSatisfy { $0 === $1 })

    // Backward from a location: from the element before it.
    let four = try #require(contentStorage.location(contentStorage.documentRange.location, offsetBy: 4))
    var backward: [NSRange] = []
    let stopped = contentStorage.enumerateTextElements(from: four, options: .reverse) {
      backward.append(offsets($0.elementRange, in: contentStorage)!)
      return true
    }
    #expect(backward == [NSRange(location: 3, length: 4), NSRange(location: 0, length: 3)])
    #expect(stopped.map { contentStorage.offset(from: contentStorage.documentRange.location, to: $0) } == 0)
    // Forward from the end: nothing.
    var none = 0
    contentStorage.enumerateTextElements(from: contentStorage.documentRange.endLocation) { _ in
      none += 1
      return true
    }
    #expect(none == 0)
    // The elements a range meets.
    let range = try #require(NSTextRange(location: four, end: contentStorage.documentRange.endLocation))
    #expect(contentStorage.textElements(for: range).count == 2)
    #expect(contentStorage.location(four, offsetBy: 99) == nil)
  }

  @Test func aDelegateMakesTheParagraphsOncePerChange() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "one\ntwo\nthree"
    let textLayoutManager = try #require(textView.textLayoutManager)
    let contentStorage = try #require(textLayoutManager.textContentManager as? NSTextContentStorage)
    let shouting = ShoutingParagraphs()
    contentStorage.delegate = shouting
    var shown: [String] = []
    textLayoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
      shown.append((fragment.textElement as! NSTextParagraph).attributedString.string)
      return true
    }
    #expect(shown == ["ONE\n", "TWO\n", "THREE"])
    #expect(shouting.asked == [NSRange(location: 0, length: 4), NSRange(location: 4, length: 4), NSRange(location: 8, length: 5)])
    textLayoutManager.enumerateTextLayoutFragments(from: nil) { _ in true }
    #expect(shouting.asked.count == 3, "kept until the text changes")
    var before: [NSTextLayoutFragment] = []
    textLayoutManager.enumerateTextLayoutFragments(from: nil) {
      before.append($0)
      return true
    }
    // Typing in the first paragraph: only it is made again; the others keep their elements and
    // fragments, moved.
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 2, length: 0)
    host.type("!")
    var after: [NSTextLayoutFragment] = []
    textLayoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) {
      after.append($0)
      return true
    }
    #expect(shouting.asked.count == 4)
    #expect(shouting.asked.last == NSRange(location: 0, length: 5))
    #expect(after[0] !== before[0])
    #expect(after[1] === before[1] && after[2] === before[2])
    #expect(offsets(after[2].rangeInElement, in: contentStorage) == NSRange(location: 9, length: 5))
    #expect((after[0].textElement as! NSTextParagraph).attributedString.string == "ON!E\n")
    // A line break typed splits the paragraph; the frames still stack.
    host.press(.returnKey)
    var frames: [CGRect] = []
    textLayoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) {
      frames.append($0.layoutFragmentFrame)
      return true
    }
    #expect(frames.count == 4)
    #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.maxY == $1.minY })
    #expect(frames.last?.minY == 48)
  }

  @Test func aKeystrokeLaysOutItsParagraphOnly() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = (1...30).map { "line \($0)" }.joined(separator: "\n")
    let textLayoutManager = try #require(textView.textLayoutManager)
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 3, length: 0)
    host.settle()
    let viewport = try #require(textLayoutManager.textViewportLayoutController.viewportRange)
    #expect(!viewport.isEmpty)
    let before = textLayoutManager._fragmentsLaidOut
    host.type("x")
    host.settle()
    #expect(textLayoutManager._fragmentsLaidOut - before == 1, "the edited paragraph's fragment only")
    #expect(textView.text.hasPrefix("linxe 1\nline 2"))
  }

  @Test func linesKeptBetweenKeysAnswerAsAFreshLayout() throws {
    let controller = UIViewController()
    let textView = UITextView(frame: CGRect(x: 10, y: 60, width: 200, height: 400))
    let twin = UITextView(frame: CGRect(x: 10, y: 480, width: 200, height: 300))
    controller.view.addSubview(textView)
    controller.view.addSubview(twin)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    host.settle()
    /// Each line's bounds and where each of its characters starts.
    func geometry(_ view: UITextView) throws -> [[CGFloat]] {
      let manager = try #require(view.textLayoutManager)
      var lines: [[CGFloat]] = []
      manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
        for line in fragment.textLineFragments {
          let range = line.characterRange
          lines.append([fragment.layoutFragmentFrame.minX, line.typographicBounds.minX, line.typographicBounds.width]
            + (range.location..<(range.location + range.length)).map { line.locationForCharacter(at: $0).x })
        }
        return true
      }
      return lines
    }
    textView.text = String(repeating: "word wider ", count: 30) + "\nشكرا جزيلا on the next line"
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 40, length: 0)
    _ = try geometry(textView)
    host.type("abc")
    host.settle()
    twin.text = textView.text
    #expect(try geometry(textView) == geometry(twin), "after keys at one place")
    textView.selectedRange = NSRange(location: 3, length: 0)
    host.type("zzzz ")
    twin.text = textView.text
    #expect(try geometry(textView) == geometry(twin), "lines after the key wrapped anew")
    textView.font = .systemFont(ofSize: 25)
    twin.font = .systemFont(ofSize: 25)
    #expect(try geometry(textView) == geometry(twin), "a new font measures anew")
    textView.frame.size.width = 150
    twin.frame.size.width = 150
    host.settle()
    #expect(try geometry(textView) == geometry(twin), "a new width lays out anew")
  }

  @Test func aKeyInALongParagraphMeasuresTheLinesItChanged() throws {
    let controller = UIViewController()
    let textView = UITextView(frame: CGRect(x: 10, y: 60, width: 200, height: 700))
    let twin = UITextView(frame: CGRect(x: 10, y: 60, width: 200, height: 700))
    controller.view.addSubview(textView)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    host.settle()
    let manager = try #require(textView.textLayoutManager)
    func geometry(_ view: UITextView) throws -> [String] { fragmentGeometry(try #require(view.textLayoutManager)) }
    func matchesAFreshLayout(_ comment: Comment) throws {
      host.settle()
      twin.text = textView.text
      twin.font = textView.font
      twin.textContainer.exclusionPaths = textView.textContainer.exclusionPaths
      controller.view.addSubview(twin)
      defer { twin.removeFromSuperview() }
      #expect(try geometry(textView) == geometry(twin), comment)
    }
    let prose = (1...40).map { "Sentence \($0) has words of \($0 % 7 + 2) kinds." }.joined(separator: " ")
    textView.text = prose + "\nafter"
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: (prose as NSString).length - 10, length: 0)
    host.settle()
    _ = try geometry(textView)
    let lineCount = manager.textLayoutFragment(for: manager.documentRange.location)!.textLineFragments.count
    #expect(lineCount > 20)
    let measured = manager._linesMeasured
    host.type("x")
    host.settle()
    #expect(manager._linesMeasured - measured <= 2, "the line typed in (and the next), not \(lineCount)")
    try matchesAFreshLayout("a key near the paragraph's end")
    // Keys in the middle: the lines after them that wrap anew are measured, the others moved.
    textView.selectedRange = NSRange(location: 300, length: 0)
    host.type("wider words ")
    try matchesAFreshLayout("keys in the middle")
    host.press(.backspace)
    host.press(.backspace)
    try matchesAFreshLayout("deleting")
    textView.selectedRange = NSRange(location: 200, length: 0)
    host.press(.returnKey)
    try matchesAFreshLayout("a line break splits the paragraph")
    host.press(.backspace)
    try matchesAFreshLayout("and joins it again")
    // A paragraph with no strong character takes the direction of the first one typed: its
    // lines are laid out anew, right to left.
    let digits = (1...60).map { "\($0)" }.joined(separator: " ")
    textView.text = digits
    textView.selectedRange = NSRange(location: (digits as NSString).length, length: 0)
    host.settle()
    _ = try geometry(textView)
    host.type("ש")
    try matchesAFreshLayout("a paragraph that turned right to left")
    // Around exclusion paths, lines that move down change shape: laid out anew.
    textView.text = prose
    textView.textContainer.exclusionPaths = [UIBezierPath(rect: CGRect(x: 100, y: 60, width: 100, height: 40))]
    textView.selectedRange = NSRange(location: 20, length: 0)
    host.settle()
    _ = try geometry(textView)
    host.type("longer words typed here to push lines down ")
    try matchesAFreshLayout("lines around an exclusion path")
  }

  @Test func aStandaloneStackKeepsLinesThroughAnEditAsAFreshLayoutWould() throws {
    func stack(_ string: String) -> (NSTextContentStorage, NSTextLayoutManager) {
      let contentStorage = NSTextContentStorage()
      contentStorage.attributedString = NSAttributedString(string: string, attributes: [.font: UIFont.systemFont(ofSize: 14)])
      let layoutManager = NSTextLayoutManager()
      contentStorage.addTextLayoutManager(layoutManager)
      layoutManager.textContainer = NSTextContainer(size: CGSize(width: 180, height: 0))
      return (contentStorage, layoutManager)
    }
    let prose = (1...30).map { "Words number \($0) in a paragraph." }.joined(separator: " ") + "\nNext one."
    let (contentStorage, layoutManager) = stack(prose)
    _ = fragmentGeometry(layoutManager)
    let storage = try #require(contentStorage.textStorage)
    let measured = layoutManager._linesMeasured
    contentStorage.performEditingTransaction {
      storage.replaceCharacters(in: NSRange(location: 700, length: 0), with: "more words ")
    }
    let edited = fragmentGeometry(layoutManager)
    #expect(layoutManager._linesMeasured - measured < 20, "lines before the edit are kept")
    let (freshStorage, fresh) = stack(storage.string)
    #expect(edited == fragmentGeometry(fresh))
    withExtendedLifetime(freshStorage) {}
  }

  // MARK: Fragments are the drawn lines

  @Test func fragmentsAgreeWithTextKit1AndWithTheDrawnLines() throws {
    let text = "漢字かな交じり文 with 👩‍👩‍👧 and e\u{301}tude\nsecond\n"
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.textContainerInset = UIEdgeInsets(top: 16, left: 8, bottom: 16, right: 8)
    textView.text = text
    let textLayoutManager = try #require(textView.textLayoutManager)
    var lines: [(frame: CGRect, range: NSRange)] = []
    var fragmentFrames: [CGRect] = []
    textLayoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
      #expect(fragment.state == .layoutAvailable)
      fragmentFrames.append(fragment.layoutFragmentFrame)
      let start = offsets(fragment.rangeInElement, in: textLayoutManager.textContentManager!)!.location
      for line in fragment.textLineFragments {
        let frame = line.typographicBounds.offsetBy(dx: fragment.layoutFragmentFrame.minX, dy: fragment.layoutFragmentFrame.minY)
        lines.append((frame, NSRange(location: start + line.characterRange.location, length: line.characterRange.length)))
      }
      return true
    }
    // Two paragraphs; the first wraps; the second holds the empty line after the final break.
    #expect(fragmentFrames.count == 2)
    #expect(fragmentFrames[0].maxY == fragmentFrames[1].minY, "fragments stack")
    #expect(fragmentFrames.allSatisfy { $0.minX == 5 }, "after the line fragment padding")
    #expect(lines.last?.range == NSRange(location: (text as NSString).length, length: 0))
    #expect(lines.last?.frame.width == 0)

    // The same lines as a TextKit 1 view of the same text.
    let (host1, textKit1) = makeTextKit(UITextView(usingTextLayoutManager: false))
    defer { withExtendedLifetime(host1) {} }
    textKit1.textContainerInset = textView.textContainerInset
    textKit1.text = text
    var fragments1: [(used: CGRect, range: NSRange)] = []
    textKit1.layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: (text as NSString).length)) {
      _, used, _, range, _ in fragments1.append((used, range))
    }
    let padding = textView.textContainer.lineFragmentPadding
    #expect(lines.count == fragments1.count + 1, "TextKit 1 keeps the extra line apart")
    for (line, fragment1) in zip(lines, fragments1) {
      #expect(line.range == fragment1.range)
      #expect(line.frame.minY == fragment1.used.minY)
      #expect(line.frame.height == fragment1.used.height)
      #expect(line.frame.minX == fragment1.used.minX + padding)
      #expect(line.frame.width <= fragment1.used.width - 2 * padding + 0.001)
    }
    #expect(lines.last?.frame.minY == textKit1.layoutManager.extraLineFragmentRect.minY)

    // And where the view draws its lines (container → view → window).
    let drawn = drawnLines(host)
    #expect(drawn.count == lines.count, "the empty last line too (where the caret would be)")
    for (line, item) in zip(lines, drawn) {
      let inWindow = textView.convert(line.frame.offsetBy(dx: 8, dy: 16), to: nil)
      #expect(inWindow.minX == item.frame.minX)
      #expect(inWindow.minY == item.frame.minY)
    }
  }

  @Test func eachLinesBaselineIsItsOwnFontsAscent() throws {
    let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let text = NSMutableAttributedString(string: "small\n", attributes: [.font: UIFont.systemFont(ofSize: 12)])
    text.append(NSAttributedString(string: "large", attributes: [.font: UIFont.systemFont(ofSize: 30)]))
    textView.attributedText = text
    let textLayoutManager = try #require(textView.textLayoutManager)
    var origins: [CGFloat] = []
    var tops: [CGFloat] = []
    textLayoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
      for line in fragment.textLineFragments where line.characterRange.length > 0 {
        origins.append(line.glyphOrigin.y)
        tops.append(line.typographicBounds.minY)
      }
      return true
    }
    #expect(origins.count == 2)
    #expect(origins[0] - tops[0] == UIFont.systemFont(ofSize: 12).ascender, "the small font's ascent")
    #expect(origins[1] - tops[1] > origins[0] - tops[0], "the large font's, as far as its line allows: \(origins)")
  }

  @Test func linesAnswerWhereTheirCharactersAre() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "ab漢\ncd"
    let textLayoutManager = try #require(textView.textLayoutManager)
    // "a" spans 5..<13, "b" 13..<21, "漢" 21..<37 in the container (cells of 8 points).
    let fragment = try #require(textLayoutManager.textLayoutFragment(for: CGPoint(x: 15, y: 4)))
    let line = try #require(fragment.textLineFragments.first)
    #expect(line.characterRange == NSRange(location: 0, length: 4))
    #expect(line.typographicBounds == CGRect(x: 0, y: 0, width: 32, height: 16))
    let local = CGPoint(x: 15 - fragment.layoutFragmentFrame.minX, y: 4)
    #expect(line.characterIndex(for: local) == 1)
    #expect(line.fractionOfDistanceThroughGlyph(for: local) == 0.25)
    #expect(line.characterIndex(for: CGPoint(x: -3, y: 4)) == 0)
    #expect(line.characterIndex(for: CGPoint(x: 40, y: 4)) == NSNotFound, "past the line's end")
    #expect(line.locationForCharacter(at: 2).x == 16)
    #expect(line.glyphOrigin.x == 0)
    #expect(line.glyphOrigin.y > 0 && line.glyphOrigin.y <= 16)
    // The same answer as UITextInput's.
    let position = textView.closestPosition(to: CGPoint(x: 15 + 0, y: 12))!
    #expect(textView.offset(from: textView.beginningOfDocument, to: position) == 1)
    // A point below the text has no fragment; above it, the first.
    #expect(textLayoutManager.textLayoutFragment(for: CGPoint(x: 0, y: 500)) == nil)
    #expect(textLayoutManager.textLayoutFragment(for: CGPoint(x: 0, y: -5)) === fragment)
    let second = try #require(textLayoutManager.textLayoutFragment(for: CGPoint(x: 0, y: 20)))
    #expect(offsets(second.rangeInElement, in: textLayoutManager.textContentManager!) == NSRange(location: 4, length: 2))
    #expect(second.textLineFragment(forVerticalOffset: 3, requiresExactMatch: true) === second.textLineFragments.first)
    #expect(second.textLineFragment(forVerticalOffset: 40, requiresExactMatch: false) == nil)
  }

  @Test func anEmptyDocumentHasOnlyItsExtraLine() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    let textLayoutManager = try #require(textView.textLayoutManager)
    var count = 0
    #expect(textLayoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { _ in
      count += 1
      return true
    } == nil)
    #expect(count == 0)
    var extra: NSTextLayoutFragment?
    textLayoutManager.enumerateTextLayoutFragments(from: nil, options: [.ensuresLayout, .ensuresExtraLineFragment]) {
      extra = $0
      return true
    }
    let fragment = try #require(extra)
    #expect(fragment.layoutFragmentFrame == CGRect(x: 5, y: 0, width: 0, height: 16))
    #expect(fragment.textLineFragments.count == 1)
    #expect(textLayoutManager.usageBoundsForTextContainer == CGRect(x: 5, y: 0, width: 0, height: 16))
  }

  // MARK: Segments

  @Test func segmentsGiveTheCaretAndTheSelection() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "one two three four fi five six"
    let textLayoutManager = try #require(textView.textLayoutManager)
    let manager = try #require(textLayoutManager.textContentManager)
    func range(_ start: Int, _ end: Int) -> NSTextRange { textRange(start, end, in: manager) }
    // The caret: zero wide, its line tall, where UITextInput puts it.
    var caret: [CGRect] = []
    textLayoutManager.enumerateTextSegments(in: range(4, 4), type: .selection, options: .rangeNotRequired) {
      segmentRange, frame, baseline, container in
      #expect(segmentRange == nil)
      #expect(container === textView.textContainer)
      #expect(baseline > 0 && baseline <= frame.height)
      caret.append(frame)
      return true
    }
    let inset = textView.textContainerInset
    let caretRect = textView.caretRect(for: textView.position(from: textView.beginningOfDocument, offset: 4)!)
    #expect(caret == [CGRect(x: caretRect.minX - inset.left, y: caretRect.minY - inset.top, width: 0, height: 16)])

    // A selection over the wrap: the first line's segment reaches the trailing edge.
    var selection: [(NSRange?, CGRect)] = []
    textLayoutManager.enumerateTextSegments(in: range(8, 24), type: .selection) { segmentRange, frame, _, _ in
      selection.append((offsets(segmentRange, in: manager), frame))
      return true
    }
    #expect(selection.count == 2)
    #expect(selection[0].1.maxX == 171, "to the container's width less the padding: \(selection[0].1)")
    #expect(selection[1].1.minX == 5)
    #expect(selection[1].1.minY == selection[0].1.maxY, "the segments tile")
    #expect(selection[0].0?.location == 8)
    #expect(selection[1].0.map { $0.location + $0.length } == 24)
    var standard: [CGRect] = []
    textLayoutManager.enumerateTextSegments(in: range(8, 24), type: .standard) { _, frame, _, _ in
      standard.append(frame)
      return true
    }
    #expect(standard.count == 2)
    #expect(standard[0].maxX < 171, "tight around the glyphs")
    // The selection's rectangles from UITextInput cover the same lines.
    let rects = textView.selectionRects(for: textView.textRange(
      from: textView.position(from: textView.beginningOfDocument, offset: 8)!,
      to: textView.position(from: textView.beginningOfDocument, offset: 24)!)!)
    #expect(rects.first.map { $0.rect.minX - inset.left } == standard[0].minX)
  }

  // MARK: Fragments a delegate makes

  @Test func aFragmentSubclassDrawsItsBackgroundUnderTheText() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "plain\n> quoted\n---\nafter"
    let textLayoutManager = try #require(textView.textLayoutManager)
    let maker = FragmentMaker()
    textLayoutManager.delegate = maker
    host.settle()
    #expect(maker.locations == [0, 6, 15, 19], "asked for each paragraph at its start")
    let items = host.window.displayList().items
    let texts = items.enumerated().compactMap { index, item -> (Int, String)? in
      if case .text(let run) = item.content { return (index, run.string) }
      return nil
    }
    #expect(texts.map(\.1) == ["plain", "> quoted", "after"], "the rule's paragraph draws no text")
    let fills = items.enumerated().compactMap { index, item -> (Int, CGRect, UIColor)? in
      if case .path(let run) = item.content { return (index, item.frame, run.color) }
      return nil
    }
    let bubble = try #require(fills.first { $0.2 == BubbleLayoutFragment.fill })
    let quoted = try #require(texts.first { $0.1 == "> quoted" })
    #expect(bubble.0 < quoted.0, "the background is under its text")
    let quotedFrame = items[quoted.0].frame
    #expect(bubble.1.minY == quotedFrame.minY)
    #expect(bubble.1.minX == quotedFrame.minX - 2)
    let rule = try #require(fills.first { $0.2 == UIColor.red })
    #expect(rule.1.minY == quotedFrame.maxY + 7, "the rule is drawn where its paragraph is")
    #expect(host.screen().contains("> quoted"))
  }

  // MARK: The viewport

  @Test func theViewportLaysOutWhatIsVisibleInOrder() throws {
    let contentStorage = NSTextContentStorage()
    contentStorage.attributedString = NSAttributedString(
      string: "one\ntwo\nthree\nfour\nfive", attributes: [.font: UIFont.systemFont(ofSize: 12)])
    let textLayoutManager = NSTextLayoutManager()
    contentStorage.addTextLayoutManager(textLayoutManager)
    let container = NSTextContainer(size: CGSize(width: 200, height: 0))
    textLayoutManager.textContainer = container
    let controller = textLayoutManager.textViewportLayoutController
    #expect(controller.viewportRange == nil)
    controller.layoutViewport()
    #expect(controller.viewportRange == nil, "no delegate: nothing laid out")
    let recorder = ViewportRecorder()
    let lineHeight = _StringLayout.measurer.size(of: "X", font: UIFont.systemFont(ofSize: 12)).height
    recorder.bounds = CGRect(x: 0, y: lineHeight * 1.5, width: 200, height: lineHeight * 2)
    controller.delegate = recorder
    controller.layoutViewport()
    #expect(recorder.calls == ["will", "bounds", "configure 4 true", "configure 8 true", "configure 14 true", "did"])
    #expect(offsets(controller.viewportRange, in: contentStorage) == NSRange(location: 4, length: 15))
    #expect(controller.viewportBounds == recorder.bounds)
    let y = controller.relocateViewport(to: contentStorage.location(contentStorage.documentRange.location, offsetBy: 19)!)
    #expect(y == lineHeight * 4)
    #expect(controller.viewportBounds.minY == y)
    controller.adjustViewport(byVerticalOffset: -lineHeight)
    #expect(controller.viewportBounds.minY == lineHeight * 3)
  }

  @Test func aTextViewsViewportIsWhatItShows() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = (1...20).map { "line \($0)" }.joined(separator: "\n")
    let textLayoutManager = try #require(textView.textLayoutManager)
    host.settle()
    let manager = try #require(textLayoutManager.textContentManager)
    let visible = try #require(offsets(textLayoutManager.textViewportLayoutController.viewportRange, in: manager))
    // 96 points less 16 of insets: five lines of 16 points.
    #expect(visible.location == 0)
    #expect((textView.text! as NSString).substring(with: visible).hasSuffix("\nline 6\n"))
    textView.setContentOffset(CGPoint(x: 0, y: 160), animated: false)
    host.settle()
    let scrolled = try #require(offsets(textLayoutManager.textViewportLayoutController.viewportRange, in: manager))
    #expect((textView.text! as NSString).substring(with: scrolled).hasPrefix("line 10\n"))
  }

  // MARK: A stack without a view

  @Test func aStackWithoutAViewLaysOutAsTextKit1Does() throws {
    let string = NSAttributedString(string: "one two three four\nfive", attributes: [.font: UIFont.systemFont(ofSize: 12)])
    let contentStorage = NSTextContentStorage()
    contentStorage.attributedString = string
    let textLayoutManager = NSTextLayoutManager()
    contentStorage.addTextLayoutManager(textLayoutManager)
    textLayoutManager.textContainer = NSTextContainer(size: CGSize(width: 60, height: 0))
    #expect(textLayoutManager.textContainer?.textLayoutManager === textLayoutManager)
    #expect(textLayoutManager.textContainer?.layoutManager == nil)

    let storage = NSTextStorage(attributedString: string)
    let layoutManager = NSLayoutManager()
    storage.addLayoutManager(layoutManager)
    let container = NSTextContainer(size: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude))
    layoutManager.addTextContainer(container)
    var ranges1: [NSRange] = []
    var tops1: [CGFloat] = []
    layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: string.length)) { rect, _, _, range, _ in
      ranges1.append(range)
      tops1.append(rect.minY)
    }
    var ranges2: [NSRange] = []
    var tops2: [CGFloat] = []
    textLayoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
      let start = offsets(fragment.rangeInElement, in: contentStorage)!.location
      for line in fragment.textLineFragments {
        ranges2.append(NSRange(location: start + line.characterRange.location, length: line.characterRange.length))
        tops2.append(fragment.layoutFragmentFrame.minY + line.typographicBounds.minY)
      }
      return true
    }
    #expect(ranges1.count > 2, "wraps at 60 points")
    #expect(ranges2 == ranges1)
    #expect(tops2 == tops1)
    // An edit through the storage is laid out again.
    contentStorage.performEditingTransaction {
      contentStorage.textStorage?.replaceCharacters(in: NSRange(location: 0, length: string.length), with: "x")
    }
    var count = 0
    textLayoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) {
      count += $0.textLineFragments.count
      return true
    }
    #expect(count == 1)
  }

  // MARK: Selection navigation

  @Test func navigationMovesAndDeletesAsTextKit2Does() throws {
    let contentStorage = NSTextContentStorage()
    contentStorage.attributedString = NSAttributedString(string: "hello brave world\nsecond line here")
    let textLayoutManager = NSTextLayoutManager()
    contentStorage.addTextLayoutManager(textLayoutManager)
    textLayoutManager.textContainer = NSTextContainer(size: CGSize(width: 1000, height: 0))
    let navigation = textLayoutManager.textSelectionNavigation
    #expect(navigation.textSelectionDataSource === textLayoutManager)
    let start = contentStorage.documentRange.location
    func selection(_ a: Int, _ b: Int) -> NSTextSelection {
      NSTextSelection(
        range: NSTextRange(location: contentStorage.location(start, offsetBy: a)!, end: contentStorage.location(start, offsetBy: b)!)!,
        affinity: .downstream, granularity: .character)
    }
    func move(
      _ a: Int, _ b: Int, _ direction: NSTextSelectionNavigation.Direction, _ destination: NSTextSelectionNavigation.Destination,
      extending: Bool = false
    ) -> String {
      guard let moved = navigation.destinationSelection(
        for: selection(a, b), direction: direction, destination: destination, extending: extending, confined: false)
      else { return "nil" }
      let r = offsets(moved.textRanges.first, in: contentStorage)!
      return "\(r.location)…\(r.location + r.length)\(moved.affinity == .upstream ? " up" : "")"
    }
    // Measured on Apple's TextKit 2 (the same text, selections and moves).
    #expect(move(8, 8, .forward, .character) == "9…9")
    #expect(move(8, 12, .forward, .character) == "12…12")
    #expect(move(8, 12, .backward, .character) == "8…8")
    #expect(move(8, 12, .forward, .character, extending: true) == "8…13")
    #expect(move(8, 12, .backward, .character, extending: true) == "8…11")
    #expect(move(8, 8, .forward, .word) == "11…11")
    #expect(move(8, 12, .forward, .word) == "17…17")
    #expect(move(8, 8, .backward, .word) == "6…6")
    #expect(move(8, 12, .backward, .word, extending: true) == "6…12 up")
    #expect(move(8, 8, .forward, .line) == "17…17 up")
    #expect(move(8, 12, .forward, .line, extending: true) == "8…17 up")
    #expect(move(8, 8, .backward, .line) == "0…0")
    #expect(move(8, 8, .forward, .paragraph) == "17…17")
    #expect(move(8, 8, .forward, .document) == "34…34")
    #expect(move(8, 8, .down, .word) == "11…11")
    #expect(move(8, 8, .up, .character) == "0…0")
    #expect(move(8, 12, .up, .character, extending: true) == "0…8")
    #expect(move(8, 8, .right, .character) == "9…9", "right is forward in left-to-right text")
    // Down a line keeps the column: "second line here" under "hello brave world".
    #expect(move(3, 3, .down, .character) == "21…21")

    func deletion(_ a: Int, _ b: Int, _ direction: NSTextSelectionNavigation.Direction, _ destination: NSTextSelectionNavigation.Destination) -> [NSRange] {
      navigation.deletionRanges(for: selection(a, b), direction: direction, destination: destination, allowsDecomposition: false)
        .map { offsets($0, in: contentStorage)! }
    }
    #expect(deletion(8, 8, .forward, .character) == [NSRange(location: 8, length: 1)])
    #expect(deletion(8, 8, .backward, .character) == [NSRange(location: 7, length: 1)])
    #expect(deletion(8, 8, .forward, .word) == [NSRange(location: 8, length: 3)])
    #expect(deletion(8, 8, .backward, .word) == [NSRange(location: 6, length: 2)])
    #expect(deletion(8, 8, .forward, .line) == [NSRange(location: 8, length: 9)])
    #expect(deletion(8, 8, .backward, .paragraph) == [NSRange(location: 0, length: 8)])
    #expect(deletion(8, 12, .forward, .word) == [NSRange(location: 8, length: 4)], "a selection deletes itself")

    // A click at the second character's middle of the first line: a caret there.
    let fragment = try #require(textLayoutManager.textLayoutFragment(for: start))
    let line = try #require(fragment.textLineFragments.first)
    let x = fragment.layoutFragmentFrame.minX + line.locationForCharacter(at: 2).x + 0.5
    let clicked = navigation.textSelections(
      interactingAt: CGPoint(x: x, y: 2), inContainerAt: start, anchors: [], modifiers: [], selecting: true, bounds: .zero)
    #expect(clicked.count == 1)
    #expect(offsets(clicked.first?.textRanges.first, in: contentStorage) == NSRange(location: 2, length: 0))
    // Shift-click from it to the second line.
    let extended = navigation.textSelections(
      interactingAt: CGPoint(x: 0, y: fragment.layoutFragmentFrame.maxY + 2), inContainerAt: start, anchors: clicked,
      modifiers: .extend, selecting: true, bounds: .zero)
    #expect(offsets(extended.first?.textRanges.first, in: contentStorage) == NSRange(location: 2, length: 16))
    // A double click's word.
    let word = navigation.textSelection(for: .word, enclosing: selection(8, 8))
    #expect(offsets(word.textRanges.first, in: contentStorage) == NSRange(location: 6, length: 5))
    #expect(word.granularity == .word)
  }

  // MARK: Rendering attributes

  @Test func renderingAttributesAreDrawnAndMoveWithEdits() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "let x = 1\nvar y = 2"
    let textLayoutManager = try #require(textView.textLayoutManager)
    let manager = try #require(textLayoutManager.textContentManager)
    func range(_ start: Int, _ end: Int) -> NSTextRange { textRange(start, end, in: manager) }
    func runs(from start: Int = 0, reverse: Bool = false) -> [String] {
      var found: [String] = []
      textLayoutManager.enumerateRenderingAttributes(
        from: manager.location(manager.documentRange.location, offsetBy: start)!, reverse: reverse
      ) { layoutManager, attributes, runRange in
        #expect(layoutManager === textLayoutManager)
        let r = offsets(runRange, in: manager)!
        found.append("\(r.location)-\(r.location + r.length) \(attributes.keys.map(\.rawValue).sorted().joined(separator: ","))")
        return true
      }
      return found
    }
    textLayoutManager.addRenderingAttribute(.foregroundColor, value: UIColor.purple, for: range(0, 3))
    textLayoutManager.addRenderingAttribute(.foregroundColor, value: UIColor.purple, for: range(10, 13))
    textLayoutManager.addRenderingAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, for: range(1, 5))
    #expect(runs() == [
      "0-1 NSColor", "1-3 NSColor,NSUnderline", "3-5 NSUnderline", "10-13 NSColor",
    ])
    #expect(runs(from: 2) == ["2-3 NSColor,NSUnderline", "3-5 NSUnderline", "10-13 NSColor"], "cut at the location")
    #expect(runs(from: 4, reverse: true) == ["3-4 NSUnderline", "1-3 NSColor,NSUnderline", "0-1 NSColor"])
    // Drawn over the text's own style (the text itself has no attributes of these).
    host.settle()
    let first = try #require(drawnLines(host).first { $0.string == "let x = 1" })
    #expect(first.run.spans.contains { $0.range == 0..<1 && $0.style.foreground == UIColor.purple && !$0.style.isUnderlined })
    #expect(first.run.spans.contains { $0.range == 1..<3 && $0.style.foreground == UIColor.purple && $0.style.isUnderlined })
    #expect(textView.attributedText.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor != UIColor.purple,
      "the text's attributes are unchanged")
    // Typing before them moves them.
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 0, length: 0)
    host.type("// ")
    #expect(runs().last == "13-16 NSColor")
    textLayoutManager.removeRenderingAttribute(.foregroundColor, for: manager.documentRange)
    #expect(runs() == ["4-8 NSUnderline"])
  }

  @Test func paragraphsADelegateRestylesAreDrawnSo() throws {
    // Apple's TextKit 2 sample pattern: comments get display attributes of their own, the
    // text storage keeps its attributes.
    final class Comments: NSObject, NSTextContentStorageDelegate {
      var asked: [NSRange] = []
      var wrongLength = false
      func textContentStorage(_ textContentStorage: NSTextContentStorage, textParagraphWith range: NSRange) -> NSTextParagraph? {
        asked.append(range)
        let original = textContentStorage.textStorage!.attributedSubstring(from: range)
        guard original.string.hasPrefix("//") else { return nil }
        let display = NSMutableAttributedString(attributedString: original)
        display.addAttributes(
          [.foregroundColor: UIColor.gray, .underlineStyle: NSUnderlineStyle.single.rawValue],
          range: NSRange(location: 0, length: 2))
        display.addAttribute(.foregroundColor, value: UIColor.gray, range: NSRange(location: 2, length: display.length - 2))
        if wrongLength { display.append(NSAttributedString(string: "!")) }
        return NSTextParagraph(attributedString: display)
      }
    }
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "let x = 1\n// note\nvar y = 2"
    let textLayoutManager = try #require(textView.textLayoutManager)
    let contentStorage = try #require(textLayoutManager.textContentManager as? NSTextContentStorage)
    let comments = Comments()
    contentStorage.delegate = comments
    textView.setNeedsDisplay()
    func line(_ text: String) -> TextRun? { drawnLines(host).first { $0.string == text }?.run }
    let note = try #require(line("// note"))
    #expect(note.spans.contains { $0.range == 0..<2 && $0.style.foreground == UIColor.gray && $0.style.isUnderlined })
    #expect(note.spans.contains { $0.range == 2..<7 && $0.style.foreground == UIColor.gray && !$0.style.isUnderlined })
    #expect(try #require(line("let x = 1")).spans.allSatisfy { $0.style.foreground != UIColor.gray }, "its own paragraph's style")
    #expect(textView.attributedText.attribute(.foregroundColor, at: 10, effectiveRange: nil) as? UIColor != UIColor.gray,
      "the storage keeps its attributes")
    #expect(comments.asked.contains(NSRange(location: 10, length: 8)))
    // Typing in the comment: its paragraph is made again (and still drawn as one); typing "//"
    // before the last line makes that a comment too.
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 17, length: 0)
    host.type("s")
    #expect(comments.asked.last == NSRange(location: 10, length: 9))
    #expect(try #require(line("// notes")).spans.contains { $0.range == 2..<8 && $0.style.foreground == UIColor.gray })
    textView.selectedRange = NSRange(location: 19, length: 0)
    host.type("//")
    #expect(try #require(line("//var y = 2")).spans.contains { $0.style.foreground == UIColor.gray })
    #expect(try #require(line("let x = 1")).spans.allSatisfy { $0.style.foreground != UIColor.gray })
    // A paragraph of another length than its range (Apple: it must have the range's length) is
    // drawn as the storage's text, and said once.
    comments.wrongLength = true
    _UIKitLog.messages = []
    textView.selectedRange = NSRange(location: 0, length: 0)
    host.type("//")
    #expect(try #require(line("//let x = 1")).spans.allSatisfy { $0.style.foreground != UIColor.gray })
    host.type(" ")
    _ = drawnLines(host)
    #expect(_UIKitLog.messages.filter { $0.contains("delegate made") }.count == 1)
  }

  @Test func aStandaloneFragmentDrawsItsDelegatesParagraph() throws {
    let contentStorage = NSTextContentStorage()
    contentStorage.attributedString = NSAttributedString(string: "one\ntwo", attributes: [.font: UIFont.systemFont(ofSize: 12)])
    let layoutManager = NSTextLayoutManager()
    contentStorage.addTextLayoutManager(layoutManager)
    layoutManager.textContainer = NSTextContainer(size: CGSize(width: 200, height: 0))
    let shouting = ShoutingParagraphs()
    contentStorage.delegate = shouting
    let fragment = try #require(layoutManager.textLayoutFragment(for: contentStorage.documentRange.location))
    let (_, texts, _) = UIGraphicsDrawingContext.recordingAll(measurer: nil) {
      fragment.draw(at: .zero, in: UIGraphicsGetCurrentContext()!)
    }
    #expect(texts.map(\.run.string) == ["ONE"], "a custom view draws what the delegate made")
  }

  @Test func theValidatorColoursAParagraphLaidOutAnew() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "alpha\nbeta"
    let textLayoutManager = try #require(textView.textLayoutManager)
    var validated: [String] = []
    textLayoutManager.renderingAttributesValidator = { layoutManager, fragment in
      let paragraph = (fragment.textElement as! NSTextParagraph).attributedString.string
      validated.append(paragraph)
      layoutManager.setRenderingAttributes([.foregroundColor: UIColor.red], for: fragment.rangeInElement)
    }
    host.settle()
    #expect(validated == ["alpha\n", "beta"])
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 8, length: 0)
    host.type("!")
    host.settle()
    #expect(validated.last == "be!ta", "only the edited paragraph")
    #expect(validated.count == 3)
    let lines = drawnLines(host).filter { ["alpha", "be!ta"].contains($0.string) }
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.run.spans.first?.style.foreground == UIColor.red })
  }

  // MARK: Replacing, lines on their own, upstream lines

  @Test func replacingContentsAndLineLookups() throws {
    let contentStorage = NSTextContentStorage()
    contentStorage.attributedString = NSAttributedString(string: "one\ntwo")
    let textLayoutManager = NSTextLayoutManager()
    contentStorage.addTextLayoutManager(textLayoutManager)
    textLayoutManager.textContainer = NSTextContainer(size: CGSize(width: 1000, height: 0))
    // Replacing with a string, then with elements (their paragraphs' text, one after another).
    textLayoutManager.replaceContents(in: textRange(0, 3, in: contentStorage), with: NSAttributedString(string: "ONE"))
    #expect(contentStorage.attributedString?.string == "ONE\ntwo")
    let elements = [NSTextParagraph(attributedString: NSAttributedString(string: "a\n")),
                    NSTextParagraph(attributedString: NSAttributedString(string: "b"))]
    textLayoutManager.replaceContents(in: textRange(4, 7, in: contentStorage), with: elements)
    #expect(contentStorage.attributedString?.string == "ONE\na\nb")
    var count = 0
    textLayoutManager.enumerateTextLayoutFragments(from: nil) { _ in
      count += 1
      return true
    }
    #expect(count == 3)
    // A line fragment of a string, laid out on its own.
    let font = UIFont.systemFont(ofSize: 12)
    let line = NSTextLineFragment(string: "abc", attributes: [.font: font], range: NSRange(location: 1, length: 2))
    let width = _StringLayout.measurer.size(of: "b", font: font).width
    #expect(line.characterRange == NSRange(location: 1, length: 2))
    #expect(line.typographicBounds.width == width + _StringLayout.measurer.size(of: "c", font: font).width)
    #expect(line.locationForCharacter(at: 2).x == width)
    #expect(line.characterIndex(for: CGPoint(x: width + 0.5, y: 1)) == 2)
    // In a fragment: the line holding a location; outside it, none.
    let fragment = try #require(textLayoutManager.textLayoutFragment(for: contentStorage.documentRange.location))
    #expect(fragment.textLineFragment(for: contentStorage.location(contentStorage.documentRange.location, offsetBy: 2)!, isUpstreamAffinity: false)
      === fragment.textLineFragments.first)
    #expect(fragment.textLineFragment(for: contentStorage.location(contentStorage.documentRange.location, offsetBy: 6)!, isUpstreamAffinity: false) == nil)
    #expect(fragment.renderingSurfaceBounds.size == fragment.layoutFragmentFrame.size)
    // Where typing goes for a selection: its start.
    let selection = NSTextSelection(range: textRange(1, 3, in: contentStorage), affinity: .downstream, granularity: .character)
    let insertion = try #require(textLayoutManager.textSelectionNavigation.resolvedInsertionLocation(for: selection, writingDirection: .leftToRight))
    #expect(contentStorage.offset(from: contentStorage.documentRange.location, to: insertion) == 1)
    // Leaving the content manager.
    contentStorage.removeTextLayoutManager(textLayoutManager)
    #expect(textLayoutManager.textContentManager == nil)
    #expect(contentStorage.primaryTextLayoutManager == nil)
    textLayoutManager.replace(contentStorage)
    #expect(textLayoutManager.textContentManager === contentStorage)
  }

  @Test func anUpstreamLocationAtAWrapBelongsToTheLineBefore() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "one two three four fi five six\n"
    let textLayoutManager = try #require(textView.textLayoutManager)
    let manager = try #require(textLayoutManager.textContentManager)
    let fragment = try #require(textLayoutManager.textLayoutFragment(for: manager.documentRange.location))
    let lines = fragment.textLineFragments
    #expect(lines.count == 3, "two wrapped lines and the extra line")
    let wrap = lines[1].characterRange.location
    let atWrap = manager.location(manager.documentRange.location, offsetBy: wrap)!
    #expect(fragment.textLineFragment(for: atWrap, isUpstreamAffinity: false) === lines[1])
    #expect(fragment.textLineFragment(for: atWrap, isUpstreamAffinity: true) === lines[0])
    // After the final line break: the extra line, whatever the affinity.
    let end = manager.documentRange.endLocation
    #expect(fragment.textLineFragment(for: end, isUpstreamAffinity: true) === lines[2])
  }

  // MARK: Ranges and selections

  @Test func rangesCompareByLocation() throws {
    let contentStorage = NSTextContentStorage()
    contentStorage.attributedString = NSAttributedString(string: "0123456789")
    let start = contentStorage.documentRange.location
    func at(_ offset: Int) -> any NSTextLocation { contentStorage.location(start, offsetBy: offset)! }
    let a = try #require(NSTextRange(location: at(2), end: at(5)))
    let b = try #require(NSTextRange(location: at(5), end: at(8)))
    #expect(NSTextRange(location: at(5), end: at(2)) == nil)
    #expect(a.description == "2...5")
    #expect(!a.intersects(b), "touching ranges do not meet")
    #expect(a.intersection(b) == nil)
    #expect(offsets(a.union(b), in: contentStorage) == NSRange(location: 2, length: 6))
    #expect(a.contains(at(2)) && !a.contains(at(5)))
    #expect(NSTextRange(location: at(3)).isEmpty)
    #expect(!NSTextRange(location: at(3)).contains(at(3)), "an empty range holds no location")
    #expect(a.contains(NSTextRange(location: at(3))))
    #expect(!a.contains(NSTextRange(location: at(5))))
    #expect(a.isEqual(to: NSTextRange(location: at(2), end: at(5))!))
    #expect(a == NSTextRange(location: at(2), end: at(5))!)
    #expect(a.hash == NSTextRange(location: at(2), end: at(5))!.hash)
    let selection = NSTextSelection([b, a, NSTextRange(location: at(4), end: at(6))!], affinity: .downstream, granularity: .word)
    #expect(selection.textRanges.map { offsets($0, in: contentStorage)! } == [NSRange(location: 2, length: 6)], "ordered and joined")
    // Cluster boundaries: half an emoji widens to all of it.
    contentStorage.attributedString = NSAttributedString(string: "a👩‍👩‍👧b")
    let inside = NSTextRange(location: contentStorage.location(start, offsetBy: 2)!)
    #expect(offsets(contentStorage.adjustedRange(from: inside, forEditingTextSelection: true), in: contentStorage)
      == NSRange(location: 1, length: 8))
  }

  @Test func textSelectionsAreTheViewsSelection() throws {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "Hello world"
    textView.selectedRange = NSRange(location: 6, length: 5)
    let textLayoutManager = try #require(textView.textLayoutManager)
    let manager = try #require(textLayoutManager.textContentManager)
    #expect(textLayoutManager.textSelections.count == 1)
    #expect(offsets(textLayoutManager.textSelections.first?.textRanges.first, in: manager) == NSRange(location: 6, length: 5))
    let caret = manager.location(manager.documentRange.location, offsetBy: 2)!
    textLayoutManager.textSelections = [NSTextSelection(caret, affinity: .downstream)]
    #expect(textView.selectedRange == NSRange(location: 2, length: 0))
  }
}
