#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import UIKitPixels

private final class StyledTextController: UIViewController {
  let textView = UITextView(frame: CGRect(x: 20, y: 80, width: 300, height: 200))
  let field = UITextField(frame: CGRect(x: 20, y: 300, width: 300, height: 34))

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    for view in [textView, field] as [UIView] {
      view.backgroundColor = .white
      self.view.addSubview(view)
    }
  }
}

/// Bold and italic ranges in pixels: drawn in their faces within the room the views measure for
/// them (text is laid out in the view's font), so the caret after them is where the ink ends.
@MainActor
@Suite("Styled text in pixels")
struct StyledTextPixelTests {
  let scale: CGFloat = 2

  /// The rightmost pixel column holding ink (not white) in the rows and columns given.
  func rightmostInk(_ image: RGBAImage, rows ys: Range<Int>, columns xs: Range<Int>) -> Int? {
    xs.reversed().first { x in ys.contains { image[x, $0] != .white } }
  }

  @Test func theCaretAfterBoldTextIsWhereItsInkEnds() {
    let controller = StyledTextController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let font = UIFont.systemFont(ofSize: 20)
    let bold = UIFont.boldSystemFont(ofSize: 20)
    // The view's font is its text's first: plain; then a bold range.
    let text = NSMutableAttributedString(string: "ab", attributes: [.font: font, .foregroundColor: UIColor.black])
    text.append(NSAttributedString(string: "WWWWWWWW", attributes: [.font: bold, .foregroundColor: UIColor.black]))
    controller.textView.attributedText = text
    controller.field.attributedText = text
    host.settle()
    let image = host.snapshotImage(scale: scale)
    for view in [controller.textView, controller.field] as [UIView & UITextInput] {
      let caret = view.convert(view.caretRect(for: view.endOfDocument), to: nil)
      let frame = view.convert(view.bounds, to: nil)
      let ink = rightmostInk(
        image, rows: Int(caret.minY * scale)..<Int(caret.maxY * scale), columns: Int(frame.minX * scale)..<Int(frame.maxX * scale))
      #expect(ink != nil, "\(type(of: view))")
      guard let ink else { continue }
      // The last W's ink ends at the caret (a bold glyph in the plain face's room may overhang
      // it by a hair), not a glyph's width past it, and within a fifth of an em before it.
      #expect(CGFloat(ink) <= (caret.minX + 1.5) * scale, "\(type(of: view)): ink to \(ink), caret at \(caret.minX * scale)")
      #expect(CGFloat(ink) >= caret.minX * scale - 20 * scale / 5, "\(type(of: view))")
    }
  }

  @Test func aTabIsDrawnToItsStopWhereTheCaretAfterItIs() {
    let controller = StyledTextController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let textView = controller.textView
    textView.textContainerInset = .zero
    textView.textContainer.lineFragmentPadding = 0
    textView.font = .systemFont(ofSize: 17)
    textView.text = "i\tW"
    host.settle()
    let image = host.snapshotImage(scale: scale)
    let w = textView.position(from: textView.beginningOfDocument, offset: 2)!
    let caret = textView.convert(textView.caretRect(for: w), to: nil)
    let origin = textView.convert(CGPoint.zero, to: nil)
    // The first stop is 28 points from the text's start.
    #expect(abs(caret.minX - (origin.x + 28)) < 0.001)
    // Nothing is drawn between the "i" and the stop; the "W" starts there.
    let rows = Int(caret.minY * scale)..<Int(caret.maxY * scale)
    let gap = Int((origin.x + 8) * scale)..<Int((caret.minX - 0.5) * scale)
    #expect(!gap.contains { x in rows.contains { image[x, $0] != .white } })
    let ink = (Int(caret.minX * scale)..<Int((caret.minX + 20) * scale)).first { x in rows.contains { image[x, $0] != .white } }
    #expect(ink != nil)
  }

  @Test func aFieldsTabIsMeasuredAsItIsDrawn() {
    let controller = StyledTextController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let field = controller.field
    field.font = .systemFont(ofSize: 20)
    field.text = "i\tW"
    host.settle()
    let image = host.snapshotImage(scale: scale)
    let caret = field.convert(field.caretRect(for: field.position(from: field.beginningOfDocument, offset: 2)!), to: nil)
    let rows = Int(caret.minY * scale)..<Int(caret.maxY * scale)
    // The "W" is drawn from where the caret before it stands (a tab drawn as a space).
    let ink = (Int((caret.minX - 1) * scale)..<Int((caret.minX + 20) * scale)).first { x in rows.contains { image[x, $0] != .white } }
    #expect(ink.map { abs(CGFloat($0) - caret.minX * scale) <= 2 * scale } == true, "ink at \(String(describing: ink)), caret at \(caret.minX * scale)")
  }

  @Test func aFrameNoScreenCanHoldDrawsNothing() {
    let controller = StyledTextController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    var list = host.window.displayList()
    for frame in [CGRect(x: 0, y: CGFloat.infinity, width: 10, height: 10), CGRect(x: 0, y: 1e300, width: 10, height: 10),
      CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)]
    {
      list.items.append(DisplayItem(
        frame: frame, clip: CGRect(x: 0, y: 0, width: 400, height: 800),
        content: .text(TextRun(string: "x", font: .systemFont(ofSize: 17), color: .black, alignment: .left)), alpha: 1))
      list.items.append(DisplayItem(frame: frame, clip: CGRect(x: 0, y: 0, width: 400, height: 800), content: .fill(.red), alpha: 1))
    }
    let image = PixelRenderer(scale: scale).render(list, size: host.window.bounds.size)
    #expect(image.width == Int(host.window.bounds.width * scale))
  }

  @Test func kernedDigitsAreDrawnApartAndTheCaretFollowsTheKern() {
    let controller = StyledTextController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let field = controller.field
    field.font = .systemFont(ofSize: 20)
    field.defaultTextAttributes[.kern] = 24
    field.text = "11"
    host.settle()
    let image = host.snapshotImage(scale: scale)
    let caret = field.convert(field.caretRect(for: field.endOfDocument), to: nil)
    let frame = field.convert(field.bounds, to: nil)
    let rows = Int(caret.minY * scale)..<Int(caret.maxY * scale)
    let ink = rightmostInk(image, rows: rows, columns: Int(frame.minX * scale)..<Int(frame.maxX * scale))
    #expect(ink != nil)
    guard let ink else { return }
    // The last digit's kern is blank before the caret: its ink ends a kern (less a hair) short.
    #expect(CGFloat(ink) <= (caret.minX - 22) * scale, "ink to \(ink), caret at \(caret.minX * scale)")
    // Between the two digits, a blank gap of at least the kern.
    let columns = Int(frame.minX * scale)..<ink
    let inked = columns.filter { x in rows.contains { image[x, $0] != .white } }
    let gaps = zip(inked, inked.dropFirst()).map { $1 - $0 }
    #expect((gaps.max() ?? 0) >= Int(22 * scale))
  }
}
#endif
