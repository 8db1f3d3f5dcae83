import Foundation
import Testing
@testable import UIKit
import UIKitTesting
import TextEditing

/// A paragraph style with the given line heights and spacing.
private func spacing(
  line: CGFloat = 0, paragraph: CGFloat = 0, before: CGFloat = 0, multiple: CGFloat = 0, minimum: CGFloat = 0,
  maximum: CGFloat = 0, first: CGFloat = 0, alignment: NSTextAlignment = .natural
) -> NSParagraphStyle {
  let style = NSMutableParagraphStyle()
  style.lineSpacing = line
  style.paragraphSpacing = paragraph
  style.paragraphSpacingBefore = before
  style.lineHeightMultiple = multiple
  style.minimumLineHeight = minimum
  style.maximumLineHeight = maximum
  style.firstLineHeadIndent = first
  style.alignment = alignment
  return style
}

/// A text view of `makeBareTextView` (cells of 8 × 16 points) showing `string` in `style`.
@MainActor
private func makeCellView(_ string: String, _ style: NSParagraphStyle, paths: [CGRect] = []) -> (HeadlessHost, UITextView) {
  let (host, textView) = makeBareTextView(paths: paths)
  textView.attributedText = NSAttributedString(string: string, attributes: [.paragraphStyle: style])
  return (host, textView)
}

/// The font of the views measured in points.
private let font = UIFont.systemFont(ofSize: 20)
/// A line's natural height in points, as the proportional measurer measures `font`.
private let natural = font.lineHeight.rounded(.up)

/// A text view 200 points wide measured in points (no cells), with no inset and no padding.
@MainActor
private func makePointView(_ string: String, _ style: NSParagraphStyle, paths: [CGRect] = []) -> (HeadlessHost, UITextView) {
  let textView = UITextView()
  let controller = TextKitController(textView: textView)
  let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480))
  textView.frame = CGRect(x: 0, y: 0, width: 200, height: 400)
  textView.textContainerInset = .zero
  textView.textContainer.lineFragmentPadding = 0
  textView.textContainer.exclusionPaths = paths.map { UIBezierPath(rect: $0) }
  textView.attributedText = NSAttributedString(string: string, attributes: [.paragraphStyle: style, .font: font])
  host.settle()
  return (host, textView)
}

@MainActor
@Suite struct LineSpacingTests {
  // MARK: In points

  @Test func lineSpacingGoesBelowEveryLineAndTheCaretCoversIt() {
    let (host, textView) = makePointView("one\ntwo\nthree", spacing(line: 5))
    let tops = drawnFrames(host, textView).map(\.frame.minY)
    #expect(tops == [0, natural + 5, 2 * (natural + 5)])
    // iOS's caret (and selection) take the line spacing below the line with them.
    let two = textView.position(from: textView.beginningOfDocument, offset: 4)!
    #expect(textView.caretRect(for: two) == CGRect(x: 0, y: natural + 5, width: 2, height: natural + 5))
    let rects = textView.selectionRects(for: textView.textRange(from: textView.beginningOfDocument, to: textView.endOfDocument)!)
    #expect(rects.map(\.rect.minY) == [0, natural + 5, 2 * (natural + 5)])
    #expect(rects.allSatisfy { $0.rect.height == natural + 5 })
    // The last line keeps its spacing, as TextKit 1's last line fragment does.
    #expect(textView.contentSize.height == 3 * (natural + 5))
    #expect(textView.sizeThatFits(CGSize(width: 200, height: 0)).height == 3 * (natural + 5))
  }

  @Test func aTapInTheSpacingBelowALineLandsOnThatLine() {
    let (host, textView) = makePointView("one\ntwo", spacing(line: 10))
    defer { withExtendedLifetime(host) {} }
    // Just above line two's top: still line one (its spacing).
    let inSpacing = textView.closestPosition(to: CGPoint(x: 100, y: natural + 9))!
    #expect(textView.offset(from: textView.beginningOfDocument, to: inSpacing) == 3)
    let onTwo = textView.closestPosition(to: CGPoint(x: 100, y: natural + 11))!
    #expect(textView.offset(from: textView.beginningOfDocument, to: onTwo) == 7)
    #expect(textView.characterRange(at: CGPoint(x: 1, y: natural + 12)).map {
      textView.offset(from: textView.beginningOfDocument, to: $0.start)
    } == 4)
  }

  @Test func paragraphSpacingFollowsAParagraphAndSpacingBeforeNeverTopsTheText() {
    let (host, textView) = makePointView("one\ntwo\nthree", spacing(paragraph: 7, before: 3))
    let tops = drawnFrames(host, textView).map(\.frame.minY)
    // Line one: no space before; 7 after. Lines two and three: 3 before their text.
    #expect(tops == [0, natural + 7 + 3, 2 * natural + 2 * 7 + 2 * 3])
    // The caret covers the line, not the paragraph's spacing.
    let three = textView.position(from: textView.beginningOfDocument, offset: 8)!
    #expect(textView.caretRect(for: three) == CGRect(x: 0, y: tops[2], width: 2, height: natural))
    // The last paragraph ends the text: nothing after it.
    #expect(textView.contentSize.height == tops[2] + natural)
  }

  @Test func aTallerLineHoldsItsGlyphsAtItsBottom() {
    // TextKit 1 puts what a multiple or a minimum adds above the glyphs.
    let (host, textView) = makePointView("one\ntwo", spacing(multiple: 2))
    let lines = drawnFrames(host, textView)
    #expect(lines.map(\.frame.minY) == [natural, 3 * natural])
    #expect(textView.caretRect(for: textView.beginningOfDocument).height == 2 * natural)
    #expect(textView.contentSize.height == 4 * natural)
    let (host2, minimum) = makePointView("one\ntwo", spacing(minimum: natural + 10))
    #expect(drawnFrames(host2, minimum).map(\.frame.minY) == [10, natural + 20])
    // A maximum below the font's height packs the lines tighter.
    let (host3, maximum) = makePointView("one\ntwo", spacing(maximum: natural - 4))
    #expect(drawnFrames(host3, maximum).map(\.frame.minY) == [0, natural - 4])
  }

  @Test func theLayoutManagerReportsTheStackedFragments() {
    let (host, textView) = makePointView("one\ntwo", spacing(line: 4, paragraph: 6, multiple: 1.5))
    defer { withExtendedLifetime(host) {} }
    let manager = textView.layoutManager
    let lineHeight = natural * 1.5
    var effective = NSRange()
    let first = manager.lineFragmentRect(forGlyphAt: 0, effectiveRange: &effective)
    #expect(first == CGRect(x: 0, y: 0, width: 200, height: lineHeight + 4 + 6))
    #expect(effective == NSRange(location: 0, length: 4))
    let second = manager.lineFragmentRect(forGlyphAt: 5, effectiveRange: nil)
    #expect(second.minY == lineHeight + 10)
    #expect(second.height == lineHeight + 4)
    // Used: the line and its line spacing, without the paragraph spacing.
    #expect(manager.lineFragmentUsedRect(forGlyphAt: 0, effectiveRange: nil).height == lineHeight + 4)
    #expect(manager.boundingRect(forGlyphRange: NSRange(location: 5, length: 1), in: textView.textContainer).minY == lineHeight + 10)
    // The baseline is the ascender below the glyphs' top, which is half a line down.
    #expect(manager.location(forGlyphAt: 5).y == natural * 0.5 + min(font.ascender, natural))
    #expect(manager.usedRect(for: textView.textContainer).height == 2 * lineHeight + 10 + 4)
    // A point in the paragraph spacing is on line one; below it, line two.
    #expect(manager.characterIndex(for: CGPoint(x: 1, y: lineHeight + 8), in: textView.textContainer, fractionOfDistanceBetweenInsertionPoints: nil) == 0)
    #expect(manager.characterIndex(for: CGPoint(x: 1, y: lineHeight + 11), in: textView.textContainer, fractionOfDistanceBetweenInsertionPoints: nil) == 4)
    #expect(manager.glyphRange(forBoundingRect: CGRect(x: 0, y: lineHeight + 11, width: 10, height: 1), in: textView.textContainer)
      == NSRange(location: 4, length: 3))
    // A rectangle that ends where line two starts does not reach it.
    #expect(manager.glyphRange(forBoundingRect: CGRect(x: 0, y: 0, width: 10, height: lineHeight + 10), in: textView.textContainer)
      == NSRange(location: 0, length: 4))
  }

  @Test func exclusionPathsMeetTheLinesWhereTheyAreStacked() {
    // A path beside where line two is once line spacing moves it down: 1 line of spacing
    // puts line two at 2 × natural, beside the path, which a plain layout's line two misses.
    let path = CGRect(x: 0, y: 2 * natural, width: 100, height: natural)
    let (host, textView) = makePointView("aaa bbb", spacing(line: natural, first: 0), paths: [path])
    textView.text = "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj"
    textView.textStorage.addAttribute(.paragraphStyle, value: spacing(line: natural), range: NSRange(location: 0, length: textView.textStorage.length))
    let lines = drawnFrames(host, textView)
    #expect(lines.count >= 2)
    #expect(lines[1].frame.minY == 2 * natural)
    #expect(lines[1].frame.minX == 100)
    #expect(lines[0].frame.minX == 0)
  }

  @Test func aContainerHoldsTheLinesWhoseTextFitsItsHeight() {
    let (host, textView) = makePointView("one\ntwo\nthree", spacing(line: 10))
    textView.textContainer.size = CGSize(width: 200, height: 2 * natural + 10)
    let lines = drawnFrames(host, textView)
    // Line two's text ends at 2 × natural + 10: it fits; line three does not.
    #expect(lines.map(\.string) == ["one", "two"])
    #expect(textView.layoutManager.glyphRange(for: textView.textContainer) == NSRange(location: 0, length: 8))
  }

  // MARK: In a terminal's rows

  @Test func inRowsSpacingRoundsToWholeRows() {
    // A row of line spacing is a blank row below each line; half a row is none.
    let (host, _) = makeCellView("one\ntwo\nthree", spacing(line: 16))
    #expect(viewRows(host) == ["one", "", "two", "", "three", ""])
    let (host2, _) = makeCellView("one\ntwo\nthree", spacing(line: 4))
    #expect(viewRows(host2) == ["one", "two", "three", "", "", ""])
    // Paragraph spacing of a row between paragraphs, none inside one.
    let (host3, _) = makeCellView("aaaa bbbb cccc dddd eeee ffff\nnext", spacing(paragraph: 12))
    #expect(viewRows(host3) == ["aaaa bbbb cccc dddd", "eeee ffff", "", "next", "", ""])
  }

  @Test func inRowsATallLineDrawsInItsLowerRowAndTheCaretFollows() {
    let (host, textView) = makeCellView("one\ntwo", spacing(multiple: 2))
    #expect(viewRows(host) == ["", "one", "", "two", "", ""])
    #expect(textView.caretRect(for: textView.beginningOfDocument) == CGRect(x: 0, y: 16, width: 2, height: 16))
    let two = textView.position(from: textView.beginningOfDocument, offset: 4)!
    #expect(textView.caretRect(for: two).minY == 48)
    // A tap on the blank row above "two" lands on that line.
    let tapped = textView.closestPosition(to: CGPoint(x: 20, y: 36))!
    #expect(textView.offset(from: textView.beginningOfDocument, to: tapped) == 6)
  }

  @Test func inRowsALineNeverShrinksBelowARow() {
    let (host, _) = makeCellView("one\ntwo\nthree", spacing(multiple: 0.4))
    #expect(viewRows(host) == ["one", "two", "three", "", "", ""])
  }

  // MARK: Keeping it

  @Test func typingInASpacedParagraphKeepsItsSpacing() {
    let (host, textView) = makeCellView("one\ntwo", spacing(line: 16))
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 3, length: 0)
    host.type("!")
    #expect(viewRows(host) == ["one!", "", "two", "", "", ""])
    host.type("\n")
    host.type("x")
    #expect(viewRows(host) == ["one!", "", "x", "", "two", ""])
  }

  @Test func spacingTypedIntoPlainTextLaysItOut() {
    let (host, textView) = makeBareTextView()
    textView.text = "one"
    textView.becomeFirstResponder()
    textView.typingAttributes[.paragraphStyle] = spacing(paragraph: 16)
    textView.selectedRange = NSRange(location: 3, length: 0)
    host.type("\nb\nc")
    #expect(viewRows(host) == ["one", "b", "", "c", "", ""])
  }

  // MARK: Without a text view

  @Test func aLayoutManagerOfItsOwnStacksRowsInATerminal() {
    let saved = _StringLayout.screenMeasurer
    _StringLayout.screenMeasurer = CellTextMeasurer(cellSize: CGSize(width: 8, height: 16))
    defer { _StringLayout.screenMeasurer = saved }
    let storage = NSTextStorage(string: "one\ntwo", attributes: [.paragraphStyle: spacing(paragraph: 16)])
    let manager = NSLayoutManager()
    let container = NSTextContainer(size: CGSize(width: 160, height: 1000))
    manager.addTextContainer(container)
    storage.addLayoutManager(manager)
    #expect(manager.lineFragmentRect(forGlyphAt: 4, effectiveRange: nil).minY == 32)
  }

  @Test func aLayoutManagerOfItsOwnLaysParagraphsOutInTheirStyles() {
    // Measured in points (the screen's measurer is the last host's).
    let saved = _StringLayout.screenMeasurer
    _StringLayout.screenMeasurer = ProportionalTextMeasurer()
    defer { _StringLayout.screenMeasurer = saved }
    let storage = NSTextStorage(
      string: "one\ntwo",
      attributes: [.font: UIFont.systemFont(ofSize: 12), .paragraphStyle: spacing(line: 3, paragraph: 5, first: 20, alignment: .left)])
    let manager = NSLayoutManager()
    let container = NSTextContainer(size: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
    container.lineFragmentPadding = 0
    manager.addTextContainer(container)
    storage.addLayoutManager(manager)
    let h = _StringLayout.measurer.size(of: "X", font: UIFont.systemFont(ofSize: 12)).height
    let first = manager.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil)
    #expect(first == CGRect(x: 0, y: 0, width: 300, height: h + 3 + 5))
    #expect(manager.lineFragmentRect(forGlyphAt: 4, effectiveRange: nil).minY == h + 8)
    // The first line's indent is inside its used rectangle.
    #expect(manager.lineFragmentUsedRect(forGlyphAt: 0, effectiveRange: nil).minX == 20)
    #expect(manager.location(forGlyphAt: 4).x == 20)
    #expect(manager.usedRect(for: container).height == 2 * h + 8 + 3)
  }

  @Test func aLayoutManagerOfItsOwnJustifiesAsATextViewDoes() {
    let saved = _StringLayout.screenMeasurer
    _StringLayout.screenMeasurer = CellTextMeasurer(cellSize: CGSize(width: 8, height: 16))
    defer { _StringLayout.screenMeasurer = saved }
    // 10 columns: "aa bb cc " wraps before "dd"; its two spaces share the 2 columns left.
    let storage = NSTextStorage(string: "aa bb cc dd", attributes: [.paragraphStyle: spacing(alignment: .justified)])
    let manager = NSLayoutManager()
    let container = NSTextContainer(size: CGSize(width: 80, height: 1000))
    container.lineFragmentPadding = 0
    manager.addTextContainer(container)
    storage.addLayoutManager(manager)
    #expect(manager.location(forGlyphAt: 3).x == 32)
    #expect(manager.location(forGlyphAt: 6).x == 64)
    // The paragraph's last line is natural.
    #expect(manager.location(forGlyphAt: 9).x == 0)
    #expect(manager.location(forGlyphAt: 10).x == 8)
  }

  @Test func aLayoutManagerOfItsOwnAlignsAndCentres() {
    let saved = _StringLayout.screenMeasurer
    _StringLayout.screenMeasurer = ProportionalTextMeasurer()
    defer { _StringLayout.screenMeasurer = saved }
    let storage = NSTextStorage(
      string: "ab", attributes: [.font: UIFont.systemFont(ofSize: 12), .paragraphStyle: spacing(alignment: .center)])
    let manager = NSLayoutManager()
    let container = NSTextContainer(size: CGSize(width: 100, height: 100))
    container.lineFragmentPadding = 0
    manager.addTextContainer(container)
    storage.addLayoutManager(manager)
    let w = _StringLayout.measurer.size(of: "ab", font: UIFont.systemFont(ofSize: 12)).width
    #expect(manager.location(forGlyphAt: 0).x == (100 - w) / 2)
    #expect(manager.boundingRect(forGlyphRange: NSRange(location: 0, length: 2), in: container).minX == (100 - w) / 2)
  }
}

@MainActor
@Suite struct LineSpacingPagingTests {
  @Test func pageDownMovesByTheRowsAPageShows() {
    // 96 points of view, lines 16 tall with a row of spacing: 3 lines a page; a page less the
    // caret's line reaches 2 lines down.
    let (host, textView) = makeCellView((0..<12).map { "line\($0)" }.joined(separator: "\n"), spacing(line: 16))
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 0, length: 0)
    host.press(.pageDown)
    let text = textView.text as NSString
    #expect(textView.selectedRange.location == text.range(of: "line2").location)
    host.press(.pageUp)
    #expect(textView.selectedRange.location == 0)
  }
}

@MainActor
@Suite struct LineSpacingRobustnessTests {
  @Test(arguments: [CGFloat.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -50, 1e300])
  func absurdHeightsAndSpacingNeitherCrashNorLoseText(_ value: CGFloat) {
    for cells in [true, false] {
      let style = NSMutableParagraphStyle()
      style.lineSpacing = value
      style.paragraphSpacing = value
      style.paragraphSpacingBefore = value
      style.lineHeightMultiple = value
      style.minimumLineHeight = value
      style.maximumLineHeight = value.isNaN ? 0 : value
      let (host, textView): (HeadlessHost, UITextView)
      if cells {
        (host, textView) = makeBareTextView()
      } else {
        let controller = TextKitController()
        host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480))
        textView = controller.textView
      }
      textView.attributedText = NSAttributedString(string: "one\ntwo three four five six seven\nend", attributes: [.paragraphStyle: style])
      host.settle()
      _ = host.screen()
      _ = textView.sizeThatFits(CGSize(width: 176, height: 0))
      _ = textView.caretRect(for: textView.endOfDocument)
      _ = textView.closestPosition(to: CGPoint(x: 10, y: 1e6))
      _ = textView.layoutManager.usedRect(for: textView.textContainer)
      _ = textView.layoutManager.glyphRange(forBoundingRect: CGRect(x: 0, y: 0, width: 100, height: 100), in: textView.textContainer)
      textView.becomeFirstResponder()
      host.type("x")
      host.press(.pageDown)
      host.press(.up)
      // A label and a drawn string in the same style draw without trapping.
      let label = UILabel(frame: CGRect(x: 0, y: 200, width: 100, height: 40))
      label.numberOfLines = 0
      label.attributedText = NSAttributedString(string: "a\nb", attributes: [.paragraphStyle: style])
      textView.superview?.addSubview(label)
      _ = label.intrinsicContentSize
      _ = NSAttributedString(string: "a\nb", attributes: [.paragraphStyle: style]).boundingRect(
        with: CGSize(width: 100, height: 0), options: .usesLineFragmentOrigin, context: nil)
      _ = host.screen()
      #expect(textView.text.contains("end"), "\(value) cells \(cells)")
      #expect(textView.text.count == 38, "\(value) cells \(cells)")
    }
  }
}

/// A layout manager delegate spacing lines the way iOS code does without touching the text.
private final class SpacingDelegate: NSObject, NSLayoutManagerDelegate {
  var lineSpacing: CGFloat = 16
  var before: CGFloat?
  var after: CGFloat?
  var asked: [String] = []

  func layoutManager(_ layoutManager: NSLayoutManager, lineSpacingAfterGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect)
    -> CGFloat
  {
    asked.append("line \(glyphIndex) \(rect.minY)")
    return lineSpacing
  }

  func layoutManager(
    _ layoutManager: NSLayoutManager, paragraphSpacingBeforeGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat {
    asked.append("before \(glyphIndex)")
    return before ?? layoutManager._paragraphStyle(atGlyph: glyphIndex)?.paragraphSpacingBefore ?? 0
  }

  func layoutManager(
    _ layoutManager: NSLayoutManager, paragraphSpacingAfterGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat {
    asked.append("after \(glyphIndex)")
    return after ?? 0
  }
}

/// A delegate that implements none of the spacing methods.
private final class QuietDelegate: NSObject, NSLayoutManagerDelegate {}

@MainActor
@Suite struct LayoutManagerDelegateSpacingTests {
  @Test func theDelegatesLineSpacingSpacesEveryLine() {
    let (host, textView) = makeBareTextView()
    textView.text = "one\ntwo three four five six seven eight"
    let delegate = SpacingDelegate()
    textView.layoutManager.delegate = delegate
    // A row of spacing below each line; the wrapped paragraph's lines too.
    #expect(viewRows(host) == ["one", "", "two three four five", "", "six seven eight", ""])
    // Asked for each line, with the glyph that ends it and the line's proposed rectangle.
    #expect(delegate.asked.contains("line 3 0.0"))
    #expect(delegate.asked.contains("line 23 32.0"))
    #expect(delegate.asked.contains("after 3"))
    #expect(delegate.asked.contains("before 4"))
    #expect(!delegate.asked.contains("before 0"))
    let two = textView.position(from: textView.beginningOfDocument, offset: 4)!
    #expect(textView.caretRect(for: two).minY == 32)
    // Typing keeps the delegate's spacing.
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 3, length: 0)
    host.type("!")
    #expect(viewRows(host).prefix(3) == ["one!", "", "two three four five"])
    // Without the delegate, the lines close up.
    textView.layoutManager.delegate = nil
    #expect(viewRows(host) == ["one!", "two three four five", "six seven eight", "", "", ""])
  }

  @Test func paragraphSpacingFromTheDelegate() {
    let (host, textView) = makeBareTextView()
    textView.text = "one\ntwo\nthree"
    let delegate = SpacingDelegate()
    delegate.lineSpacing = 0
    delegate.after = 16
    delegate.before = 16
    textView.layoutManager.delegate = delegate
    #expect(viewRows(host) == ["one", "", "", "two", "", ""])
  }

  @Test func aDelegateWithoutTheSpacingMethodsKeepsTheParagraphStyles() {
    let (host, textView) = makeBareTextView()
    let style = NSMutableParagraphStyle()
    style.lineSpacing = 16
    textView.attributedText = NSAttributedString(string: "one\ntwo", attributes: [.paragraphStyle: style])
    let quiet = QuietDelegate()
    textView.layoutManager.delegate = quiet
    #expect(viewRows(host) == ["one", "", "two", "", "", ""])
    // iOS's optional-call syntax reaches the default, the paragraph style's spacing.
    let manager = textView.layoutManager
    let delegate: (any NSLayoutManagerDelegate)? = quiet
    #expect(delegate?.layoutManager?(manager, lineSpacingAfterGlyphAt: 0, withProposedLineFragmentRect: .zero) == 16)
    #expect(delegate?.layoutManager?(manager, paragraphSpacingAfterGlyphAt: 0, withProposedLineFragmentRect: .zero) == 0)
    #expect(delegate?.layoutManager?(manager, paragraphSpacingBeforeGlyphAt: 4, withProposedLineFragmentRect: .zero) == 0)
  }

  @Test func aLayoutManagerOfItsOwnAsksItsDelegate() {
    let saved = _StringLayout.screenMeasurer
    _StringLayout.screenMeasurer = CellTextMeasurer(cellSize: CGSize(width: 8, height: 16))
    defer { _StringLayout.screenMeasurer = saved }
    let storage = NSTextStorage(string: "one\ntwo")
    let manager = NSLayoutManager()
    let container = NSTextContainer(size: CGSize(width: 160, height: 1000))
    manager.addTextContainer(container)
    storage.addLayoutManager(manager)
    let delegate = SpacingDelegate()
    manager.delegate = delegate
    #expect(manager.lineFragmentRect(forGlyphAt: 4, effectiveRange: nil).minY == 32)
    #expect(manager.usedRect(for: container).height == 64)
  }
}

/// A delegate that makes every line 16 points taller, its glyphs at the bottom: what iOS code
/// writes to set its own line height.
private final class TallLinesDelegate: NSObject, NSLayoutManagerDelegate {
  var ranges: [NSRange] = []
  func layoutManager(
    _ layoutManager: NSLayoutManager, shouldSetLineFragmentRect lineFragmentRect: UnsafeMutablePointer<CGRect>,
    lineFragmentUsedRect: UnsafeMutablePointer<CGRect>, baselineOffset: UnsafeMutablePointer<CGFloat>,
    in textContainer: NSTextContainer, forGlyphRange glyphRange: NSRange
  ) -> Bool {
    ranges.append(glyphRange)
    lineFragmentRect.pointee.size.height += 16
    lineFragmentUsedRect.pointee.size.height += 16
    baselineOffset.pointee += 16
    return true
  }
}

@MainActor
@Suite struct LayoutManagerDelegateLineFragmentTests {
  @Test func theDelegateSetsEachLinesRectanglesAndBaseline() {
    let (host, textView) = makeBareTextView()
    textView.text = "one\ntwo"
    let delegate = TallLinesDelegate()
    textView.layoutManager.delegate = delegate
    // Two rows a line, the glyphs on the lower one.
    #expect(viewRows(host) == ["", "one", "", "two", "", ""])
    #expect(delegate.ranges.contains(NSRange(location: 0, length: 4)))
    #expect(delegate.ranges.contains(NSRange(location: 4, length: 3)))
    let two = textView.position(from: textView.beginningOfDocument, offset: 4)!
    #expect(textView.caretRect(for: two).minY == 48)
    #expect(textView.layoutManager.lineFragmentRect(forGlyphAt: 4, effectiveRange: nil) == CGRect(x: 0, y: 32, width: 176, height: 32))
    #expect(textView.offset(from: textView.beginningOfDocument, to: textView.closestPosition(to: CGPoint(x: 4, y: 36))!) == 4)
  }

  @Test func inPointsTheNewHeightsStackTheLines() {
    let controller = TextKitController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480))
    let textView = controller.textView
    textView.textContainerInset = .zero
    textView.text = "one\ntwo"
    let delegate = TallLinesDelegate()
    textView.layoutManager.delegate = delegate
    host.settle()
    let natural = textView.font!.lineHeight.rounded(.up)
    let tops = drawnFrames(host, textView).map(\.frame.minY)
    #expect(tops == [16, natural + 16 + 16])
    #expect(textView.contentSize.height == 2 * (natural + 16))
    // The optional-call syntax reaches the method.
    var rect = CGRect.zero
    var used = CGRect.zero
    var baseline: CGFloat = 0
    let answered = textView.layoutManager.delegate?.layoutManager?(
      textView.layoutManager, shouldSetLineFragmentRect: &rect, lineFragmentUsedRect: &used, baselineOffset: &baseline,
      in: textView.textContainer, forGlyphRange: NSRange(location: 0, length: 1))
    #expect(answered == true && rect.height == 16 && baseline == 16)
  }
}
