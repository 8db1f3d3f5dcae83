#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import UIKitPixels

private final class SpacedTextController: UIViewController {
  let textView = UITextView(frame: CGRect(x: 20, y: 80, width: 300, height: 300))

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    textView.backgroundColor = .white
    textView.textColor = .black
    view.addSubview(textView)
  }
}

/// Line heights and spacing in pixels: the glyphs are drawn where the text view's geometry
/// (caret rectangles) says the lines are, with the spacing between them left blank.
@MainActor
@Suite("Line spacing in pixels")
struct LineSpacingPixelTests {
  let scale: CGFloat = 2

  /// The bands of pixel rows holding ink (not white) between columns `xs`, top to bottom.
  func inkBands(_ image: RGBAImage, rows ys: Range<Int>, columns xs: Range<Int>) -> [Range<Int>] {
    var bands: [Range<Int>] = []
    var start: Int?
    for y in ys {
      let inked = xs.contains { image[$0, y] != .white }
      if inked, start == nil { start = y }
      if !inked, let s = start {
        bands.append(s..<y)
        start = nil
      }
    }
    if let start { bands.append(start..<ys.upperBound) }
    return bands
  }

  @Test func spacedLinesAreDrawnApartWhereTheCaretSaysTheyAre() {
    let controller = SpacedTextController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    let textView = controller.textView
    let style = NSMutableParagraphStyle()
    style.lineSpacing = 24
    style.paragraphSpacing = 10
    textView.attributedText = NSAttributedString(
      string: "Hello\nWorld", attributes: [.paragraphStyle: style, .font: UIFont.systemFont(ofSize: 17), .foregroundColor: UIColor.black])
    host.settle()
    let image = host.snapshotImage(scale: scale)
    let frame = textView.convert(textView.bounds, to: nil)
    let bands = inkBands(
      image, rows: Int(frame.minY * scale)..<Int(frame.maxY * scale), columns: Int(frame.minX * scale)..<Int(frame.maxX * scale))
    #expect(bands.count == 2)
    guard bands.count == 2 else { return }
    // Each line's ink lies within the rectangle the caret takes on it.
    let start = textView.beginningOfDocument
    let first = textView.convert(textView.caretRect(for: start), to: nil)
    let second = textView.convert(textView.caretRect(for: textView.position(from: start, offset: 6)!), to: nil)
    #expect(CGFloat(bands[0].lowerBound) >= first.minY * scale && CGFloat(bands[0].upperBound) <= first.maxY * scale)
    #expect(CGFloat(bands[1].lowerBound) >= second.minY * scale && CGFloat(bands[1].upperBound) <= second.maxY * scale)
    // The lines are apart by the line and paragraph spacing at least.
    #expect(CGFloat(bands[1].lowerBound - bands[0].upperBound) >= (24 + 10) * scale)
    #expect(second.minY - first.minY == first.height + 10)
  }
}
#endif
