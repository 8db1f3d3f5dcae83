import Foundation
import Testing
@testable import UIKit
import UIKitTesting

private final class KernController: UIViewController {
  let field = UITextField(frame: CGRect(x: 16, y: 48, width: 240, height: 16))
  let textView = UITextView(frame: CGRect(x: 16, y: 80, width: 176, height: 96))

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(field)
    textView.textContainerInset = .zero
    textView.textContainer.lineFragmentPadding = 0
    view.addSubview(textView)
  }
}

/// A host measuring in cells of 8 × 16 points, or in points.
@MainActor
private func launch(cells: Bool = true) -> (HeadlessHost, KernController) {
  let controller = KernController()
  let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480), measuresTextInCells: cells)
  host.settle()
  return (host, controller)
}

/// Screen row `row` from column 2 (the views' left edge), trailing blanks dropped.
@MainActor
private func row(_ host: HeadlessHost, _ row: Int) -> String {
  let rows = host.screen().components(separatedBy: "\n")
  guard row < rows.count else { return "" }
  let characters = Array(rows[row])
  let cells = characters.count > 2 ? String(characters[2...]) : ""
  return String(cells.reversed().drop { $0 == " " }.reversed())
}

/// Kerning (`.kern`), as TextKit adds it after each character: drawn, and followed by the
/// caret, taps, selection and sizes.
@MainActor
@Suite struct KerningTests {
  // MARK: Fields (one-time-code fields space their digits so)

  @Test func aKernedFieldSpacesItsDigitsAndTheCaretFollows() {
    let (host, controller) = launch()
    let field = controller.field
    field.defaultTextAttributes[.kern] = 16
    host.tap(field)
    host.type("1234")
    // Two cells of kern after each digit.
    #expect(row(host, 3) == "1  2  3  4")
    let start = field.textRect(forBounds: field.bounds).minX
    #expect(field.caretRect(for: field.endOfDocument).minX == start + 4 * 24)
    let third = field.position(from: field.beginningOfDocument, offset: 2)!
    #expect(field.caretRect(for: third).minX == start + 48)
    // A tap on the third digit's kern puts the caret before the fourth.
    let tapped = field.closestPosition(to: CGPoint(x: start + 48 + 20, y: 8))!
    #expect(field.offset(from: field.beginningOfDocument, to: tapped) == 3)
    #expect(field.characterRange(at: CGPoint(x: start + 48 + 20, y: 8)).map {
      field.offset(from: field.beginningOfDocument, to: $0.start)
    } == 2)
    // The selection covers the kern of the characters it holds.
    let range = field.textRange(from: field.beginningOfDocument, to: third)!
    #expect(field.firstRect(for: range).width == 48)
    // The field's natural width counts the kern.
    #expect(field.sizeThatFits(.zero).width == 96)
  }

  @Test func kernBelowHalfACellIsNoneInATerminalAndPointsElsewhere() {
    let (host, controller) = launch()
    controller.field.attributedText = NSAttributedString(string: "ab", attributes: [.kern: 3])
    #expect(row(host, 3) == "ab")
    #expect(controller.field.sizeThatFits(.zero).width == 16)
    let (pointHost, points) = launch(cells: false)
    defer { withExtendedLifetime(pointHost) {} }
    points.field.attributedText = NSAttributedString(string: "ab", attributes: [.kern: 3])
    let plain = UITextField()
    plain.font = points.field.font
    plain.text = "ab"
    #expect(points.field.sizeThatFits(.zero).width == ProportionalTextMeasurer().size(of: "ab", font: points.field.font!).width + 6)
  }

  @Test func aSecureFieldsBulletsAreNotKerned() {
    let (host, controller) = launch()
    let field = controller.field
    field.isSecureTextEntry = true
    field.defaultTextAttributes[.kern] = 16
    host.tap(field)
    host.type("12")
    #expect(row(host, 3) == "••")
    #expect(field.caretRect(for: field.endOfDocument).minX == field.textRect(forBounds: field.bounds).minX + 16)
  }

  @Test func kernOverARangeSpacesThoseCharactersOnly() {
    let (host, controller) = launch()
    let text = NSMutableAttributedString(string: "abcd")
    text.addAttribute(.kern, value: NSNumber(value: 8), range: NSRange(location: 1, length: 2))
    controller.field.attributedText = text
    #expect(row(host, 3) == "ab c d")
  }

  // MARK: Text views

  @Test func aKernedTextViewWrapsDrawsAndPlacesTheCaretWithTheKern() {
    let (host, controller) = launch()
    let textView = controller.textView
    // 22 columns; with a cell of kern each "abc" takes 6, and a space 2 more: three words a line.
    textView.attributedText = NSAttributedString(string: "abc abc abc abc", attributes: [.kern: 8])
    #expect(row(host, 5) == "a b c   a b c   a b c")
    #expect(row(host, 6) == "a b c")
    let five = textView.position(from: textView.beginningOfDocument, offset: 5)!
    #expect(textView.caretRect(for: five).minX == 80)
    let tapped = textView.closestPosition(to: CGPoint(x: 81, y: 4))!
    #expect(textView.offset(from: textView.beginningOfDocument, to: tapped) == 5)
    #expect(textView.layoutManager.location(forGlyphAt: 13).x == 16)
    let rects = textView.selectionRects(for: textView.textRange(from: textView.beginningOfDocument, to: five)!)
    #expect(rects.first?.rect.width == 80)
  }

  @Test func typingIntoAKernedTextViewKeepsItsKern() {
    let (host, controller) = launch()
    let textView = controller.textView
    textView.attributedText = NSAttributedString(string: "ab", attributes: [.kern: 8])
    host.tap(textView)
    textView.selectedRange = NSRange(location: 2, length: 0)
    host.type("c")
    #expect(row(host, 5) == "a b c")
    #expect(textView.caretRect(for: textView.endOfDocument).minX == 48)
  }

  // MARK: Strings and labels

  @Test func measuredStringsCountTheirKern() {
    // Measured in points (the screen's measurer is the last host's).
    let saved = _StringLayout.screenMeasurer
    _StringLayout.screenMeasurer = ProportionalTextMeasurer()
    defer { _StringLayout.screenMeasurer = saved }
    let font = UIFont.systemFont(ofSize: 17)
    let plain = ("abc" as NSString).size(withAttributes: [.font: font]).width
    #expect(("abc" as NSString).size(withAttributes: [.font: font, .kern: 2]).width == plain + 6)
    let attributed = NSAttributedString(string: "abc", attributes: [.font: font, .kern: 2])
    #expect(attributed.size().width == plain + 6)
    #expect(attributed.boundingRect(with: CGSize(width: 1000, height: 100), options: .usesLineFragmentOrigin, context: nil).width == plain + 6)
  }

  @Test func aKernedLabelIsDrawnSpacedAndSizedSo() {
    let (host, controller) = launch()
    let label = UILabel(frame: CGRect(x: 16, y: 200, width: 200, height: 16))
    label.attributedText = NSAttributedString(string: "OK", attributes: [.kern: 8])
    controller.view.addSubview(label)
    host.settle()
    #expect(row(host, 12) == "O K")
    #expect(label.intrinsicContentSize.width == 32)
  }
}
