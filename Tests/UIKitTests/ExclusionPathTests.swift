import Foundation
import Testing
@testable import UIKit
import UIKitTesting
import TextEditing

/// A text view of `makeBareTextView` showing `text` around rectangles `paths`.
@MainActor
private func makeBareTextView(_ text: String, paths: [CGRect] = []) -> (HeadlessHost, UITextView) {
  let (host, textView) = makeBareTextView(paths: paths)
  textView.text = text
  return (host, textView)
}

@MainActor
@Suite struct ExclusionPathTests {
  static let words = "aaaa bbbb cccc dddd eeee ffff gggg hhhh"

  // MARK: Flowing around

  @Test func aSquareAtTheTopLeftMovesTheFirstLinesPastIt() {
    let (host, textView) = makeBareTextView(Self.words, paths: [CGRect(x: 0, y: 0, width: 48, height: 32)])
    // Two lines 16 points tall start after the square's 48 points (16 columns of room), the
    // third is back at the margin, 22 columns wide.
    #expect(viewRows(host) == ["      aaaa bbbb cccc", "      dddd eeee ffff", "gggg hhhh", "", "", ""])
    let lines = drawnFrames(host, textView)
    #expect(lines.map(\.string) == ["aaaa bbbb cccc ", "dddd eeee ffff ", "gggg hhhh"])
    #expect(lines.map(\.frame.minX) == [48, 48, 0])
    #expect(lines.map(\.frame.minY) == [0, 16, 32])
    // A drawn line reaches its fragment's end, not past it into another.
    #expect(lines.map(\.frame.maxX) == [176, 176, 176])
  }

  @Test func aPathOnTheRightShortensEveryLineItCrosses() {
    let (host, textView) = makeBareTextView(Self.words, paths: [CGRect(x: 128, y: 0, width: 48, height: 40)])
    // 40 points cover lines 0 to 2 (the third reaches from 32 to 48): 16 columns each.
    #expect(viewRows(host) == ["aaaa bbbb cccc", "dddd eeee ffff", "gggg hhhh", "", "", ""])
    let lines = drawnFrames(host, textView)
    #expect(lines.map(\.frame.maxX) == [128, 128, 128])
    textView.text = Self.words + " iiii jjjj kkkk llll"
    #expect(viewRows(host) == ["aaaa bbbb cccc", "dddd eeee ffff", "gggg hhhh iiii", "jjjj kkkk llll", "", ""])
    #expect(drawnFrames(host, textView).map(\.frame.maxX) == [128, 128, 128, 176])
  }

  @Test func aBandAcrossTheWholeWidthSkipsTheLinesItCovers() {
    let (host, textView) = makeBareTextView(
      "one two three four five six seven eight nine", paths: [CGRect(x: 0, y: 16, width: 176, height: 32)])
    #expect(viewRows(host) == ["one two three four", "", "", "five six seven eight", "nine", ""])
    let lines = drawnFrames(host, textView)
    #expect(lines.map(\.string) == ["one two three four ", "five six seven eight ", "nine"])
    #expect(lines.map(\.frame.minY) == [0, 48, 64])
    // Skipped lines hold no text: the caret after the first line's text is on the line after the
    // band, and the content is as tall as the lines and what they skip.
    let afterFirst = textView.position(from: textView.beginningOfDocument, offset: 19)!
    #expect(textView.caretRect(for: afterFirst).minY == 48)
    #expect(textView.contentSize.height == 80)
    #expect(textView.sizeThatFits(CGSize(width: 176, height: 0)).height == 80)
    // Down from the first line steps over the band; Up comes back.
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 4, length: 0)
    host.press(.down)
    #expect(textView.selectedRange.location == 23, "the fifth column of the line after the band")
    host.press(.up)
    #expect(textView.selectedRange.location == 4)
    let down = textView.position(from: textView.beginningOfDocument, in: .down, offset: 2)!
    #expect(textView.offset(from: textView.beginningOfDocument, to: down) == 40, "two lines of text down: \"nine\"")
  }

  @Test func aBandAtTheTopSkipsTheFirstLines() {
    let (host, textView) = makeBareTextView("", paths: [CGRect(x: 0, y: 0, width: 176, height: 16)])
    // Even the caret of an empty text goes below the band.
    #expect(textView.caretRect(for: textView.beginningOfDocument).minY == 16)
    textView.text = "top"
    #expect(viewRows(host) == ["", "top", "", "", "", ""])
    #expect(textView.closestPosition(to: CGPoint(x: 4, y: 4)).map { textView.offset(from: textView.beginningOfDocument, to: $0) } == 0)
  }

  @Test func aPathTallerThanTheLimitStopsSkippingLines() {
    let (host, textView) = makeBareTextView("tall", paths: [CGRect(x: 0, y: 0, width: 176, height: 1e9)])
    defer { withExtendedLifetime(host) {} }
    let layout = textView._ensureLayout()
    // The line after the skipped ones takes the container's full width, over the path.
    #expect(layout.lineCount == TextViewLayout.skippedLineLimit + 1)
    #expect(layout.fragment(ofLine: layout.lineCount - 1) == TextViewLayout.Fragment(x: 0, width: 176))
    #expect(textView.caretRect(for: textView.endOfDocument).minY == CGFloat(TextViewLayout.skippedLineLimit) * 16)
  }

  @Test func aFragmentTooNarrowForTheFirstCharacterIsSkipped() {
    // 4 points of room hold no 8-point cell.
    let (host, textView) = makeBareTextView("ab cd", paths: [CGRect(x: 0, y: 0, width: 172, height: 16)])
    #expect(viewRows(host) == ["", "ab cd", "", "", "", ""])
    #expect(drawnFrames(host, textView).map(\.frame.minY) == [16])
  }

  // MARK: Both sides of a path in the middle

  static let short = "aaa bbb ccc ddd eee fff ggg hhh iii"
  /// A path across columns 8 to 13 of the first two rows.
  static let middle = CGRect(x: 64, y: 0, width: 48, height: 32)

  @Test func textFillsBothSidesOfAPathInTheMiddle() {
    let (host, textView) = makeBareTextView(Self.short, paths: [Self.middle])
    // Left of the path 8 columns, right of it 8: each row holds two lines, as TextKit 1 fills
    // the container's `remaining` rectangle.
    #expect(viewRows(host) == ["aaa bbb       ccc ddd", "eee fff       ggg hhh", "iii", "", "", ""])
    let lines = drawnFrames(host, textView)
    #expect(lines.map(\.string) == ["aaa bbb ", "ccc ddd ", "eee fff ", "ggg hhh ", "iii"])
    #expect(lines.map(\.frame.minX) == [0, 112, 0, 112, 0])
    #expect(lines.map(\.frame.minY) == [0, 0, 16, 16, 32])
    #expect(textView.contentSize.height == 48)
    #expect(textView.sizeThatFits(CGSize(width: 176, height: 0)).height == 48)
  }

  @Test func aNewParagraphStartsANewRow() {
    // "aa" ends its paragraph left of the path: the next one starts below, not right of it.
    let (host, _) = makeBareTextView("aa\nbb cc dd ee", paths: [Self.middle])
    #expect(viewRows(host) == ["aa", "bb cc dd      ee", "", "", "", ""])
  }

  @Test func tapsAndUpDownFindTheLineOfTheRowUnderTheFinger() {
    let (host, textView) = makeBareTextView(Self.short, paths: [Self.middle])
    textView.becomeFirstResponder()
    let start = textView.beginningOfDocument
    func offset(_ position: UITextPosition?) -> Int? { position.map { textView.offset(from: start, to: $0) } }
    // Right of the path, on the first row: "ccc".
    #expect(offset(textView.closestPosition(to: CGPoint(x: 121, y: 4))) == 9)
    // On the path: the end of the line before it, which is where the part after it starts.
    #expect(offset(textView.closestPosition(to: CGPoint(x: 100, y: 20))) == 24)
    // Spaces hanging past the left part's end are still the left part's.
    #expect(offset(textView.closestPosition(to: CGPoint(x: 2, y: 20))) == 16)
    #expect(textView.characterRange(at: CGPoint(x: 113, y: 20)).map { offset($0.start) } == 24)
    // Down from "ccc" keeps to the right: "ggg", then the full row below, its end.
    textView.selectedRange = NSRange(location: 8, length: 0)
    host.press(.down)
    #expect(textView.selectedRange == NSRange(location: 24, length: 0))
    host.press(.down)
    #expect(textView.selectedRange == NSRange(location: 35, length: 0))
    // Up from "eee" goes to the row above's left part.
    textView.selectedRange = NSRange(location: 17, length: 0)
    host.press(.up)
    #expect(textView.selectedRange == NSRange(location: 1, length: 0))
    #expect(offset(textView.position(from: textView.position(from: start, offset: 9)!, in: .down, offset: 1)) == 25)
  }

  @Test func theLayoutManagerSeesEachPartOfARowAsALineFragment() {
    let (host, textView) = makeBareTextView(Self.short, paths: [Self.middle])
    defer { withExtendedLifetime(host) {} }
    let manager = textView.layoutManager
    var range = NSRange()
    #expect(manager.lineFragmentRect(forGlyphAt: 9, effectiveRange: &range) == CGRect(x: 112, y: 0, width: 64, height: 16))
    #expect(range == NSRange(location: 8, length: 8))
    let container = textView.textContainer
    #expect(manager.characterIndex(for: CGPoint(x: 121, y: 20), in: container, fractionOfDistanceBetweenInsertionPoints: nil) == 25)
    #expect(manager.glyphRange(forBoundingRect: CGRect(x: 0, y: 0, width: 10, height: 10), in: container)
      == NSRange(location: 0, length: 16))
    var fragments: [CGRect] = []
    manager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: 35)) { rect, _, _, _, _ in fragments.append(rect) }
    #expect(fragments.map(\.minX) == [0, 112, 0, 112, 0])
    #expect(fragments.map(\.minY) == [0, 0, 16, 16, 32])
    // Selection rects: one per line fragment the range crosses.
    let rects = textView.selectionRects(for: textView.textRange(from: textView.position(from: textView.beginningOfDocument, offset: 4)!,
      to: textView.position(from: textView.beginningOfDocument, offset: 11)!)!)
    #expect(rects.map(\.rect.minX) == [32, 112])
    #expect(rects.map(\.rect.minY) == [0, 0])
  }

  @Test func aParagraphsIndentsBoundTheRightPartToo() {
    let style = NSMutableParagraphStyle()
    style.tailIndent = -32
    let (host, textView) = makeBareTextView("", paths: [Self.middle])
    textView.attributedText = NSAttributedString(string: Self.short, attributes: [.paragraphStyle: style])
    // The right part ends 4 columns short of the container's edge: 4 columns of room.
    #expect(viewRows(host) == ["aaa bbb       ccc", "ddd eee       fff", "ggg hhh iii", "", "", ""])
    var range = NSRange()
    // TextKit's line fragment is what the container answered, the indent inside it.
    #expect(textView.layoutManager.lineFragmentRect(forGlyphAt: 8, effectiveRange: &range) == CGRect(x: 112, y: 0, width: 64, height: 16))
  }

  // MARK: Editing

  @Test func typingKeepsTheLinesOfAFreshLayout() {
    let paths = [CGRect(x: 0, y: 0, width: 48, height: 32), CGRect(x: 120, y: 40, width: 56, height: 40)]
    let (host, textView) = makeBareTextView("", paths: paths)
    textView.becomeFirstResponder()
    host.type("Text flows around the image at the left and the box on the right. 漢字 👩‍👩‍👧 ok")
    textView.selectedRange = NSRange(location: 10, length: 0)
    host.type("more words ")
    host.press(.backspace)
    host.press(.backspace)
    host.press(.returnKey)
    // Without the keyboard, whose keys are drawn too.
    textView.resignFirstResponder()
    let typed = drawnFrames(host, textView)
    let typedStarts = textView._ensureLayout().lineStarts
    let (freshHost, fresh) = makeBareTextView(textView.text, paths: paths)
    defer { withExtendedLifetime(freshHost) {} }
    #expect(typedStarts == fresh._ensureLayout().lineStarts)
    #expect(textView._ensureLayout().fragments == fresh._ensureLayout().fragments)
    let drawnFresh = drawnFrames(freshHost, fresh)
    #expect(typed.map(\.string) == drawnFresh.map(\.string))
    #expect(typed.map(\.frame) == drawnFresh.map(\.frame))
  }

  @Test func removingThePathsBringsBackThePlainLayout() {
    let (host, textView) = makeBareTextView(Self.words + " iiii jjjj")
    let plain = drawnFrames(host, textView)
    let plainStarts = textView._ensureLayout().lineStarts
    textView.textContainer.exclusionPaths = [CGRect(x: 0, y: 0, width: 64, height: 48)].map { UIBezierPath(rect: $0) }
    #expect(drawnFrames(host, textView).map(\.frame.minX).first == 64)
    #expect(textView._ensureLayout().fragments != nil)
    textView.textContainer.exclusionPaths = []
    #expect(textView._ensureLayout().fragments == nil)
    #expect(textView._ensureLayout().lineStarts == plainStarts)
    let again = drawnFrames(host, textView)
    #expect(again.map(\.string) == plain.map(\.string))
    #expect(again.map(\.frame) == plain.map(\.frame))
  }

  // MARK: Geometry agrees with the drawing

  @Test func caretsHitsAndSelectionRectsFollowTheFragments() {
    let (host, textView) = makeBareTextView(Self.words, paths: [CGRect(x: 0, y: 0, width: 48, height: 32)])
    let lines = drawnFrames(host, textView)
    let start = textView.beginningOfDocument
    // The caret before "aaaa" is at the line's drawn start; before "gggg" at the margin.
    #expect(textView.caretRect(for: start) == CGRect(x: 48, y: 0, width: 2, height: 16))
    let g = textView.position(from: start, offset: 30)!
    #expect(textView.caretRect(for: g).minX == lines[2].frame.minX)
    #expect(textView.caretRect(for: g).minY == lines[2].frame.minY)
    // The position under a point: the third character of the first line is 16 points into it.
    let hit = textView.closestPosition(to: CGPoint(x: 48 + 17, y: 8))!
    #expect(textView.offset(from: start, to: hit) == 2)
    // Left of the fragment (over the path): the line's start.
    let over = textView.closestPosition(to: CGPoint(x: 10, y: 24))!
    #expect(textView.offset(from: start, to: over) == 15)
    #expect(textView.characterRange(at: CGPoint(x: 10, y: 8)) == nil, "no character is drawn over the path")
    let under = textView.characterRange(at: CGPoint(x: 48 + 1, y: 8))!
    #expect(textView.offset(from: start, to: under.start) == 0)
    // Selection rects: from the first character to the fragment's end, then across the next lines.
    let range = textView.textRange(from: textView.position(from: start, offset: 5)!, to: textView.position(from: start, offset: 34)!)!
    let rects = textView.selectionRects(for: range).map(\.rect)
    #expect(rects == [
      CGRect(x: 48 + 40, y: 0, width: 176 - 88, height: 16),
      CGRect(x: 48, y: 16, width: 128, height: 16),
      CGRect(x: 0, y: 32, width: 32, height: 16),
    ])
    #expect(textView.firstRect(for: range) == rects[0])
    // A tap puts the caret where closestPosition says.
    textView.becomeFirstResponder()
    host.tap(textView, at: CGPoint(x: 48 + 8 * 6 + 1, y: 20))
    #expect(textView.selectedRange == NSRange(location: 21, length: 0), "the seventh column of the second line")
  }

  @Test func theLayoutManagerAnswersWithTheFragments() {
    let (host, textView) = makeBareTextView(
      "one two three four five six seven eight nine",
      paths: [CGRect(x: 0, y: 0, width: 48, height: 16), CGRect(x: 0, y: 16, width: 176, height: 16)])
    let layoutManager = textView.layoutManager
    let container = textView.textContainer
    let lines = drawnFrames(host, textView)
    #expect(lines.map(\.string) == ["one two three ", "four five six seven ", "eight nine"])
    var effective = NSRange()
    #expect(layoutManager.lineFragmentRect(forGlyphAt: 0, effectiveRange: &effective) == CGRect(x: 48, y: 0, width: 128, height: 16))
    #expect(effective == NSRange(location: 0, length: 14))
    #expect(layoutManager.lineFragmentRect(forGlyphAt: 14, effectiveRange: &effective) == CGRect(x: 0, y: 32, width: 176, height: 16))
    #expect(effective == NSRange(location: 14, length: 20))
    #expect(layoutManager.lineFragmentUsedRect(forGlyphAt: 0, effectiveRange: nil) == CGRect(x: 48, y: 0, width: 112, height: 16))
    #expect(layoutManager.location(forGlyphAt: 4) == CGPoint(x: 32, y: layoutManager.location(forGlyphAt: 4).y), "from the fragment's origin")
    // The fragments the layout manager enumerates are the drawn lines; the skipped one is not among them.
    var fragments: [CGRect] = []
    var used: [CGRect] = []
    layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) { rect, usedRect, _, _, _ in
      fragments.append(rect)
      used.append(usedRect)
    }
    #expect(fragments.map(\.minY) == lines.map(\.frame.minY))
    #expect(used.map(\.minX) == lines.map(\.frame.minX))
    #expect(layoutManager.usedRect(for: container) == CGRect(x: 0, y: 0, width: 160, height: 64))
    // The character under a point, in container coordinates.
    var fraction: CGFloat = 0
    #expect(layoutManager.characterIndex(for: CGPoint(x: 48 + 8 * 4 + 2, y: 8), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction) == 4)
    #expect(fraction == 0.25)
    #expect(layoutManager.characterIndex(for: CGPoint(x: 8 * 5 + 1, y: 40), in: container, fractionOfDistanceBetweenInsertionPoints: nil) == 19)
    // The span of a range across the band: one rect a line holding it, none on the skipped line.
    let bounding = layoutManager.boundingRect(forGlyphRange: NSRange(location: 8, length: 10), in: container)
    #expect(bounding == CGRect(x: 0, y: 0, width: 160, height: 48))
    var enclosing: [CGRect] = []
    layoutManager.enumerateEnclosingRects(
      forGlyphRange: NSRange(location: 8, length: 10), withinSelectedGlyphRange: NSRange(location: NSNotFound, length: 0),
      in: container
    ) { rect, _ in enclosing.append(rect) }
    #expect(enclosing == [CGRect(x: 48 + 64, y: 0, width: 48, height: 16), CGRect(x: 0, y: 32, width: 32, height: 16)])
  }

  @Test func centredAndRightAlignedLinesSitInTheirFragments() {
    let (host, textView) = makeBareTextView("abcd\nef\nxy", paths: [CGRect(x: 0, y: 0, width: 48, height: 32)])
    textView.textAlignment = .center
    // 128 points of room, 32 of text: 48 on either side of it, after the path.
    let centred = drawnFrames(host, textView)
    #expect(centred.map(\.frame.minX) == [96, 104, 80] as [CGFloat])
    #expect(textView.caretRect(for: textView.beginningOfDocument).minX == 96)
    #expect(textView.layoutManager.lineFragmentUsedRect(forGlyphAt: 0, effectiveRange: nil).minX == 96)
    textView.textAlignment = .right
    #expect(drawnFrames(host, textView).map(\.frame.minX) == [144, 160, 160] as [CGFloat])
  }

  @Test func theTruncatedLastLineFitsItsFragment() {
    let (host, textView) = makeBareTextView(
      "aaaa bbbb cccc dddd eeee ffffff gggg", paths: [CGRect(x: 128, y: 0, width: 48, height: 100)])
    textView.textContainer.maximumNumberOfLines = 2
    textView.textContainer.lineBreakMode = .byTruncatingTail
    // The second line fills its 16 columns: 15 of them keep characters, the last the "…" (the
    // container's full width would have kept them all).
    #expect(drawnFrames(host, textView).map(\.string) == ["aaaa bbbb cccc ", "dddd eeee fffff…"])
    #expect(textView.layoutManager.truncatedGlyphRange(inLineFragmentForGlyphAt: 16) == NSRange(location: 30, length: 2))
  }

  @Test func theLineLimitCountsLinesThatHoldText() {
    let (host, textView) = makeBareTextView(
      "one two three four five six seven eight nine", paths: [CGRect(x: 0, y: 16, width: 176, height: 16)])
    textView.textContainer.maximumNumberOfLines = 2
    // The skipped line is no line fragment: two lines of text show.
    #expect(drawnFrames(host, textView).map(\.string) == ["one two three four ", "five six seven eight "])
    #expect(textView.layoutManager.glyphRange(for: textView.textContainer) == NSRange(location: 0, length: 40))
  }

  // MARK: Unicode

  @Test func wideCharactersAndEmojiWrapInTheFragments() {
    let (host, textView) = makeBareTextView(
      "漢字かな交じり文です。👩‍👩‍👧👩‍👩‍👧 ok", paths: [CGRect(x: 0, y: 0, width: 80, height: 32)])
    // 96 points of room: six wide characters a line, breaking between ideographs.
    let lines = drawnFrames(host, textView)
    #expect(lines.map(\.string) == ["漢字かな交じ", "り文です。", "👩‍👩‍👧👩‍👩‍👧 ok"])
    #expect(lines.map(\.frame.minX) == [80, 80, 0])
    let family = (textView.text! as NSString).range(of: "👩‍👩‍👧")
    let caret = textView.caretRect(for: textView.position(from: textView.beginningOfDocument, offset: family.location + family.length)!)
    #expect(caret.origin == CGPoint(x: 16, y: 32), "after one emoji of two columns")
  }

  @Test func aContainerOfAnotherShapeShapesTheLines() {
    let container = StaircaseContainer(size: CGSize(width: 176, height: CGFloat.greatestFiniteMagnitude))
    container.widthTracksTextView = true
    container.lineFragmentPadding = 0
    let (host, textView) = makeTextKit(UITextView(frame: .zero, textContainer: container))
    textView.textContainerInset = .zero
    textView.text = ExclusionPathTests.words + " iiii jjjj kkkk llll mmmm nnnn"
    // Each line a column further in than the one before, up to the fourth.
    let lines = drawnFrames(host, textView)
    #expect(lines.map(\.frame.minX) == [0, 8, 16, 24])
    #expect(lines.map(\.string) == ["aaaa bbbb cccc dddd ", "eeee ffff gggg hhhh ", "iiii jjjj kkkk llll ", "mmmm nnnn"])
  }

  @Test func linesTheContainerComesToHoldFlowAroundThePaths() {
    let (host, textView) = makeBareTextView(
      "1\n2\n3\n4\n5\n6\n7 seven", paths: [CGRect(x: 0, y: 96, width: 48, height: 16)])
    textView.textContainer.heightTracksTextView = true
    // The container holds six lines: the seventh is not shown.
    #expect(drawnFrames(host, textView).map(\.string) == ["1", "2", "3", "4", "5", "6"])
    textView.frame.size.height = 128
    host.settle()
    let lines = drawnFrames(host, textView)
    #expect(lines.last?.string == "7 seven")
    #expect(lines.last?.frame.minX == 48)
  }

  // MARK: Sizes and other layouts

  @Test func aGrowingTextViewIsAsTallAsItsLinesAroundThePaths() {
    let (host, textView) = makeBareTextView("one two three four five six", paths: [CGRect(x: 0, y: 0, width: 176, height: 32)])
    defer { withExtendedLifetime(host) {} }
    textView.isScrollEnabled = false
    // Two skipped lines, then 27 columns in two lines of 22.
    #expect(textView.intrinsicContentSize.height == 64)
  }

  @Test func aLayoutManagerWithoutATextViewFlowsAroundThePathsToo() {
    let storage = NSTextStorage(string: "aaaa bbbb cccc dddd eeee", attributes: [.font: UIFont.systemFont(ofSize: 12)])
    let layoutManager = NSLayoutManager()
    let container = NSTextContainer(size: CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
    container.lineFragmentPadding = 0
    layoutManager.addTextContainer(container)
    storage.addLayoutManager(layoutManager)
    let plain = layoutManager.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil)
    let height = plain.height
    container.exclusionPaths = [UIBezierPath(rect: CGRect(x: 0, y: 0, width: 50, height: height))]
    var effective = NSRange()
    let first = layoutManager.lineFragmentRect(forGlyphAt: 0, effectiveRange: &effective)
    #expect(first == CGRect(x: 50, y: 0, width: 150, height: height))
    let used = layoutManager.lineFragmentUsedRect(forGlyphAt: 0, effectiveRange: nil)
    #expect(used.minX == 50)
    #expect(layoutManager.characterIndex(for: CGPoint(x: 51, y: 1), in: container, fractionOfDistanceBetweenInsertionPoints: nil) == 0)
  }
}

/// A container whose first three lines each start a column (8 points) further in.
private final class StaircaseContainer: NSTextContainer {
  override var isSimpleRectangularTextContainer: Bool { false }
  override func lineFragmentRect(
    forProposedRect proposedRect: CGRect, at characterIndex: Int, writingDirection baseWritingDirection: NSWritingDirection,
    remaining remainingRect: UnsafeMutablePointer<CGRect>?
  ) -> CGRect {
    let step = min(3, Int(proposedRect.minY / 16)) * 8
    return CGRect(x: CGFloat(step), y: proposedRect.minY, width: proposedRect.width - CGFloat(step), height: proposedRect.height)
  }
}
