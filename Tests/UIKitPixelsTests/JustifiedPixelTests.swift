#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import UIKitPixels

/// Justified text in pixels: the spaces between words widen by fractions of a point, and the
/// caret that the text view places after a widened space is drawn on the glyphs it stands by.
@MainActor
@Suite("Justified text in pixels")
struct JustifiedPixelTests {
  static let tint = RGBA(r: 0, g: 122, b: 255)
  let scale: CGFloat = 2

  @Test func theStretchedLineEndsAtTheMarginAndTheCaretFollowsItsSpaces() {
    let controller = UIViewController()
    controller.view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    controller.view.backgroundColor = .white
    let textView = UITextView(frame: CGRect(x: 20, y: 100, width: 300, height: 200))
    controller.view.addSubview(textView)
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    textView.textAlignment = .justified
    textView.text = "The quick brown fox jumps over the lazy dog and keeps on running far away from here"
    textView.becomeFirstResponder()
    // "brown" starts the third word of the first line.
    textView.selectedRange = NSRange(location: 10, length: 0)
    host.settle()
    let caret = textView.convert(textView.caretRect(for: textView.selectedTextRange!.start), to: nil)
    let lineStart = textView.convert(textView.caretRect(for: textView.beginningOfDocument), to: nil)
    #expect(caret.minY == lineStart.minY, "on the first line")
    // Wider than the natural "The quick ": the line's spaces were widened.
    let natural = PixelTextMeasurer().width(of: "The quick ", font: textView.font!)
    #expect(caret.minX > lineStart.minX + natural + 1)

    let image = host.snapshotImage(scale: scale)
    // The caret's 2 pt bar is drawn where the view says it is.
    let row = Int(caret.midY * scale)
    let xs = Int(textView.frame.minX * scale)..<Int(textView.frame.maxX * scale)
    let tinted = xs.filter { image[$0, row] == Self.tint }
    let x = Int((caret.minX * scale).rounded())
    #expect(tinted == Array(x..<(x + Int(2 * scale))))
    // The first line's ink reaches the text container's right edge (less its inset and the
    // line fragment padding), within a fifth of an em: the line is stretched across.
    let margin = textView.frame.maxX - textView.textContainerInset.right - textView.textContainer.lineFragmentPadding
    let rows = Int(caret.minY * scale)..<Int(caret.maxY * scale)
    let ink = xs.reversed().first { x in rows.contains { y in let p = image[x, y]; return p != .white && p != Self.tint } }
    #expect(ink.map { abs(CGFloat($0) / scale - margin) < textView.font!.pointSize / 5 } == true, "\(String(describing: ink)) vs \(margin)")
  }
}
#endif
