import Foundation
import Testing
@testable import UIKit
import UIKitTesting

// Justified text (`NSTextAlignment.justified`) as TextKit 1 lays it out: every line of a
// paragraph but its last is stretched to the line's width by widening the spaces between words;
// the last line, and a line with no space between words, are natural. The views below measure
// in the terminal's cells (8 points a column), so the spaces grow by whole columns, the first
// spaces of a line taking one more when the columns do not share out evenly.

/// A text view of `makeBareTextView` (22 columns, no inset, no padding) showing `text`, its
/// paragraphs justified by the view's `textAlignment`.
@MainActor
private func makeJustifiedView(_ text: String) -> (HeadlessHost, UITextView) {
  let (host, textView) = makeBareTextView()
  textView.textAlignment = .justified
  textView.text = text
  return (host, textView)
}

/// A paragraph style of `alignment`.
private func style(_ alignment: NSTextAlignment) -> NSParagraphStyle {
  let style = NSMutableParagraphStyle()
  style.alignment = alignment
  return style
}

/// A view drawing an attributed string in its bounds.
private final class StringView: UIView {
  var text = NSAttributedString(string: "")
  override func draw(_ rect: CGRect) { text.draw(in: bounds) }
}

/// The screen's rows `rows` of a host showing `view` alone, measured in cells.
@MainActor
private func cells(of view: UIView, size: CGSize = CGSize(width: 176, height: 96)) -> [String] {
  let controller = UIViewController()
  controller.view = UIView(frame: CGRect(origin: .zero, size: size))
  controller.view.addSubview(view)
  let host = HeadlessHost(rootViewController: controller, screenSize: size, measuresTextInCells: true)
  return host.screen().components(separatedBy: "\n")
}

/// The screen of a host showing a field of `text` in `alignment`.
@MainActor
private func cellsOfField(_ text: String, _ alignment: NSTextAlignment) -> [String] {
  let field = UITextField(frame: CGRect(x: 0, y: 0, width: 176, height: 32))
  field.textAlignment = alignment
  field.text = text
  return cells(of: field, size: CGSize(width: 176, height: 32))
}

@MainActor
@Suite struct JustifiedTextTests {
  // "aaaa bbbb cccc dd " is 17 columns of text in 22: 5 columns more over 3 spaces (2, 2, 1).
  static let words = "aaaa bbbb cccc dd eeeee"

  // MARK: The rule

  @Test func theSharedRuleWidensTheSpacesBetweenWordsOnly() {
    // Leading and trailing spaces are not widened; the first spaces take the remainder.
    let widths = [CGFloat](repeating: 8, count: 12)
    let isSpace = Array(" ab c d ef  ").map { $0 == " " }
    let extras = TextJustification.extraWidths(widths: widths, isSpace: isSpace, lineWidth: 8 * 15, step: 8)
    #expect(extras == [0, 0, 0, 16, 0, 16, 0, 8, 0, 0, 0, 0])
    // In fractions of a point, every space alike.
    let even = TextJustification.extraWidths(widths: widths, isSpace: isSpace, lineWidth: 8 * 10 + 7.5, step: 0)
    #expect(even == [0, 0, 0, 2.5, 0, 2.5, 0, 2.5, 0, 0, 0, 0])
    // Nothing to widen, or no room: natural.
    #expect(TextJustification.extraWidths(of: "word  ", lineWidth: 100) { _ in 8 } == nil)
    #expect(TextJustification.extraWidths(of: "a b", lineWidth: 24) { _ in 8 } == nil)
    #expect(TextJustification.extraWidths(of: "a b", lineWidth: 31, step: 8) { _ in 8 } == nil, "less than a cell short")
    // The no-break space separates words; the ideographic space is a CJK character's width.
    #expect(TextJustification.extraWidths(of: "a\u{00A0}b", lineWidth: 40) { _ in 8 } == [0, 16, 0])
    #expect(TextJustification.extraWidths(of: "漢\u{3000}字", lineWidth: 40) { _ in 8 } == nil)
    // A right-to-left line's closing spaces take no width.
    #expect(TextJustification.extraWidths(of: "a b ", lineWidth: 40, step: 8, rightToLeft: true) { _ in 8 } == [0, 16, 0, -8])
  }

  // MARK: UITextView

  @Test func everyLineButTheParagraphsLastFillsTheWidth() {
    let (host, textView) = makeJustifiedView(Self.words + "\nff gg hh ii jj kk ll mm nn\nshort line")
    #expect(viewRows(host) == [
      "aaaa   bbbb   cccc  dd",
      "eeeee",
      "ff  gg  hh ii jj kk ll",
      "mm nn",
      "short line",
      "",
    ])
    // The stretched lines carry the width their host fills; the last lines none.
    #expect(drawnFrames(host, textView).count == 5)
    #expect(drawnLines(host).map(\.run.justifiedWidth) == [176, nil, 176, nil, nil])
  }

  @Test func aParagraphStyleJustifiesItsOwnParagraphOnly() {
    let (host, textView) = makeBareTextView()
    let text = NSMutableAttributedString(string: Self.words + "\n" + Self.words)
    text.addAttribute(.paragraphStyle, value: style(.justified), range: NSRange(location: 0, length: 24))
    textView.attributedText = text
    #expect(viewRows(host).prefix(4) == ["aaaa   bbbb   cccc  dd", "eeeee", "aaaa bbbb cccc dd", "eeeee"])
  }

  @Test func aLineWithNoSpaceBetweenWordsStaysNatural() {
    // One long word, then CJK without spaces, which breaks between characters.
    let (host, _) = makeJustifiedView("aaaaaaaaaaaaaaaaaaaaa b\n漢字漢字漢字漢字漢字漢字漢字")
    let rows = host.screen().components(separatedBy: "\n")
    #expect(viewRows(host).prefix(2) == ["aaaaaaaaaaaaaaaaaaaaa", "b"])
    #expect(rows[5].hasPrefix("  漢字漢字漢字漢字漢字漢"), "\(rows[5])")
    #expect(rows[6].hasPrefix("  字漢字"))
  }

  @Test func wideCharactersKeepTheirTwoColumnsBetweenWidenedSpaces() {
    // "漢字 漢字 漢字 " is 14 columns: 8 more, 4 to each space between the words. (Lines
    // may break between ideographs: the word after them is Latin, so that this one does not.)
    let (host, textView) = makeJustifiedView("漢字 漢字 漢字 abcdefgh")
    defer { withExtendedLifetime(host) {} }
    let rows = host.screen().components(separatedBy: "\n")
    #expect(rows[3].hasPrefix("  漢字     漢字     漢字"), "\(rows[3])")
    #expect(rows[4].hasPrefix("  abcdefgh"))
    // The caret before the third word stands where it is drawn: 2 × (4 + 5) columns in.
    let third = textView.position(from: textView.beginningOfDocument, offset: 6)!
    #expect(textView.caretRect(for: third).minX == 144)
    // An emoji is two columns too.
    let (emojiHost, _) = makeJustifiedView("👍👍 ok 👍👍 ok 👍👍 ok")
    // "👍👍 ok 👍👍 ok 👍👍 " is 20 columns: the first two of its four spaces take one more.
    #expect(emojiHost.screen().components(separatedBy: "\n")[3].hasPrefix("  👍👍  ok  👍👍 ok 👍👍"))
  }

  @Test func theCaretTapsAndSelectionFollowTheWidenedSpaces() {
    let (host, textView) = makeJustifiedView(Self.words)
    defer { withExtendedLifetime(host) {} }
    let start = textView.beginningOfDocument
    func at(_ offset: Int) -> UITextPosition { textView.position(from: start, offset: offset)! }
    // "bbbb" starts after "aaaa" and a space three columns wide; "cccc" after three more.
    #expect(textView.caretRect(for: at(5)) == CGRect(x: 56, y: 0, width: 2, height: 16))
    #expect(textView.caretRect(for: at(10)).minX == 112)
    #expect(textView.caretRect(for: at(15)).minX == 160, "the last space is 2 columns")
    // A tap inside a widened space goes to its nearer end.
    #expect(textView.offset(from: start, to: textView.closestPosition(to: CGPoint(x: 40, y: 8))!) == 4)
    #expect(textView.offset(from: start, to: textView.closestPosition(to: CGPoint(x: 50, y: 8))!) == 5)
    #expect(textView.characterRange(at: CGPoint(x: 50, y: 8)).map { textView.offset(from: start, to: $0.start) } == 4)
    // A selection of "bbbb cccc" spans the widened space between them.
    let rects = textView.selectionRects(for: textView.textRange(from: at(5), to: at(14))!)
    #expect(rects.map(\.rect) == [CGRect(x: 56, y: 0, width: 88, height: 16)])
    // The last line is natural.
    #expect(textView.caretRect(for: at(23)).minX == 40)
    // The host draws the caret where the view says it is.
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 10, length: 0)
    host.settle()
    #expect(host.caretCell?.column == 2 + 14)
  }

  @Test func upAndDownKeepTheCaretsPlaceOverWidenedSpaces() {
    let (host, textView) = makeJustifiedView("aaaa bbbb cccc dd eeeee\nxxxxxxxxxxxxxxxxxxxx")
    defer { withExtendedLifetime(host) {} }
    textView.becomeFirstResponder()
    // Before "cccc" (column 14 of the stretched line) two lines down: column 14 of the x's.
    textView.selectedRange = NSRange(location: 10, length: 0)
    let down = textView.position(from: textView.selectedTextRange!.start, in: .down, offset: 2)!
    #expect(textView.offset(from: textView.beginningOfDocument, to: down) == 24 + 14)
    // And back up from there to the same place.
    let up = textView.position(from: down, in: .up, offset: 2)!
    #expect(textView.offset(from: textView.beginningOfDocument, to: up) == 10)
  }

  @Test func theLayoutManagerReportsTheWidenedGlyphPositions() {
    let (host, textView) = makeJustifiedView(Self.words)
    defer { withExtendedLifetime(host) {} }
    let layoutManager = textView.layoutManager
    let container = textView.textContainer
    #expect(layoutManager.location(forGlyphAt: 5).x == 56)
    #expect(layoutManager.location(forGlyphAt: 10).x == 112)
    #expect(layoutManager.boundingRect(forGlyphRange: NSRange(location: 4, length: 1), in: container).width == 24)
    #expect(layoutManager.characterIndex(for: CGPoint(x: 58, y: 8), in: container, fractionOfDistanceBetweenInsertionPoints: nil) == 5)
    // The last line's glyphs are where a natural line puts them.
    #expect(layoutManager.location(forGlyphAt: 19).x == 8)
  }

  @Test func aLineSeparatorDoesNotEndTheParagraph() {
    let (host, _) = makeJustifiedView("aa bb cc\u{2028}dd ee\nff gg")
    #expect(viewRows(host).prefix(3) == ["aa        bb        cc", "dd ee", "ff gg"])
  }

  @Test func textWithoutJustificationDrawsAsBefore() {
    let (host, textView) = makeBareTextView()
    textView.text = Self.words
    #expect(viewRows(host).prefix(2) == ["aaaa bbbb cccc dd", "eeeee"])
    #expect(drawnLines(host).allSatisfy { $0.run.justifiedWidth == nil })
    #expect(textView._justification(of: textView._lineContent(0, in: textView._ensureLayout())) == nil)
  }

  @Test func typingIntoAJustifiedParagraphReflowsIt() {
    let (host, textView) = makeJustifiedView("aaaa bbbb cccc dd")
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 17, length: 0)
    #expect(viewRows(host).first == "aaaa bbbb cccc dd", "one line: the paragraph's last")
    host.type(" eeeee")
    #expect(viewRows(host).prefix(2) == ["aaaa   bbbb   cccc  dd", "eeeee"])
    #expect(host.caretCell?.column == 2 + 5 && host.caretCell?.row == 4)
  }

  // MARK: Right to left

  @Test func aRightToLeftParagraphIsJustifiedToo() {
    // Hebrew: the first word is drawn at the right. The spaces widen in reading order (2, 2, 1
    // columns), and the space that ends the line takes none.
    let (host, textView) = makeJustifiedView("אאאא בבבב גגגג דד ההההה")
    defer { withExtendedLifetime(host) {} }
    let rows = viewRows(host)
    #expect(rows[0] == "דד  גגגג   בבבב   אאאא")
    // The last line is natural: at the right.
    #expect(rows[1] == "                 ההההה")
    // The caret at the start stands at the right edge; after the first word's widened space,
    // left of it.
    let start = textView.beginningOfDocument
    #expect(textView.caretRect(for: start).minX == 176)
    #expect(textView.caretRect(for: textView.position(from: start, offset: 5)!).minX == 120)
  }

  @Test func aJustifiedFieldsOneLineIsDrawnAsANaturalOne() {
    // A field's one line is its paragraph's last: left, or right for right-to-left text.
    for text in ["ab cd", "אב גד"] {
      #expect(cellsOfField(text, .justified) == cellsOfField(text, .natural), "\(text)")
    }
    // Right-to-left text ends at the field's right edge (176 points: 22 columns).
    let row = cellsOfField("אב גד", .justified).first { !$0.isEmpty } ?? ""
    #expect(row.count == 22, "\(row)")
  }

  // MARK: Labels and string drawing

  @Test func aJustifiedLabelStretchesAllButEachParagraphsLastLine() {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 176, height: 96))
    label.numberOfLines = 0
    label.textAlignment = .justified
    label.text = Self.words + "\nab cd"
    let rows = cells(of: label).filter { !$0.isEmpty }
    #expect(rows == ["aaaa   bbbb   cccc  dd", "eeeee", "ab cd"])
  }

  @Test func aRightToLeftLabelsLastLineIsAtTheRight() {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 176, height: 96))
    label.numberOfLines = 0
    label.textAlignment = .justified
    label.semanticContentAttribute = .forceRightToLeft
    label.text = Self.words
    let rows = cells(of: label).filter { !$0.isEmpty }
    #expect(rows == ["aaaa   bbbb   cccc  dd", "                 eeeee"])
  }

  @Test func drawnStringsJustifyTheirJustifiedParagraphs() {
    let view = StringView(frame: CGRect(x: 0, y: 0, width: 176, height: 96))
    let text = NSMutableAttributedString(string: Self.words + "\n" + Self.words)
    text.addAttribute(.paragraphStyle, value: style(.justified), range: NSRange(location: 0, length: 24))
    view.text = text
    let rows = cells(of: view).filter { !$0.isEmpty }
    #expect(rows == ["aaaa   bbbb   cccc  dd", "eeeee", "aaaa bbbb cccc dd", "eeeee"])
  }
}
