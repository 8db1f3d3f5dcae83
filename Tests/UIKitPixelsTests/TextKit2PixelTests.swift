#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import UIKitPixels

/// A layout fragment subclass that fills its lines' bounds (Apple's bubble pattern).
final class PixelBubbleFragment: NSTextLayoutFragment {
  static let fill = UIColor(red: 1, green: 0.85, blue: 0.4, alpha: 1)
  override func draw(at point: CGPoint, in context: CGContext) {
    let bounds = textLineFragments.map(\.typographicBounds).reduce(CGRect.null) { $0.union($1) }
    context.setFillColor(PixelBubbleFragment.fill.cgColor)
    context.fill(bounds.offsetBy(dx: point.x, dy: point.y))
    super.draw(at: point, in: context)
  }
}

/// Makes bubbles of every paragraph.
final class PixelBubbleMaker: NSObject, NSTextLayoutManagerDelegate {
  func textLayoutManager(
    _ textLayoutManager: NSTextLayoutManager, textLayoutFragmentFor location: any NSTextLocation, in textElement: NSTextElement
  ) -> NSTextLayoutFragment {
    PixelBubbleFragment(textElement: textElement, range: textElement.elementRange)
  }
}

/// TextKit 2's geometry in pixels: each line fragment's bounds hold its line's glyphs, as the
/// fonts draw them, and a fragment subclass's drawing lands on its fragment.
@MainActor
@Suite("TextKit 2 in pixels")
struct TextKit2PixelTests {
  let scale: CGFloat = 2

  func launch(_ text: String) -> (HeadlessHost, UITextView) {
    let controller = UIViewController()
    let textView = UITextView(frame: CGRect(x: 20, y: 80, width: 300, height: 300))
    textView.font = .systemFont(ofSize: 17)
    textView.text = text
    controller.view.addSubview(textView)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844), measuresTextWithFonts: true)
    host.settle()
    return (host, textView)
  }

  /// The window rectangles of every line fragment.
  func lineRects(_ textView: UITextView) throws -> [CGRect] {
    let textLayoutManager = try #require(textView.textLayoutManager)
    var rects: [CGRect] = []
    textLayoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
      for line in fragment.textLineFragments where line.characterRange.length > 0 {
        let inContainer = line.typographicBounds.offsetBy(dx: fragment.layoutFragmentFrame.minX, dy: fragment.layoutFragmentFrame.minY)
        let inView = inContainer.offsetBy(dx: textView.textContainerInset.left, dy: textView.textContainerInset.top)
        rects.append(textView.convert(inView, to: nil))
      }
      return true
    }
    return rects
  }

  /// Whether a pixel is ink (not the white background).
  func isInk(_ pixel: RGBA) -> Bool { pixel != .white }

  @Test func eachLinesGlyphsAreInsideItsBounds() throws {
    let (host, textView) = launch("Hello TextKit two, wrapped over more than one line here.\n漢字 and 👩‍👩‍👧\nend")
    let rects = try lineRects(textView)
    #expect(rects.count >= 4)
    let image = host.snapshotImage(scale: scale)
    for rect in rects {
      let rows = Int((rect.minY * scale).rounded(.up))..<Int((rect.maxY * scale).rounded(.down))
      let columns = Int((textView.frame.minX * scale).rounded())..<Int((textView.frame.maxX * scale).rounded())
      let inked = columns.filter { x in rows.contains { y in isInk(image[x, y]) } }
      let first = try #require(inked.first, "ink on the line at \(rect)")
      let last = try #require(inked.last)
      // The glyphs start at the bounds' left and end by their right (a pixel of antialiasing).
      #expect(CGFloat(first) / scale >= rect.minX - 1)
      #expect(CGFloat(first) / scale <= rect.minX + 3)
      #expect(CGFloat(last) / scale <= rect.maxX + 1)
      #expect(CGFloat(last) / scale >= rect.maxX - 10, "the last glyph reaches near the bounds' end")
    }
  }

  @Test func aFragmentSubclassFillsItsBoundsUnderTheText() throws {
    let (host, textView) = launch("One bubble\nAnother one")
    let textLayoutManager = try #require(textView.textLayoutManager)
    let maker = PixelBubbleMaker()
    textLayoutManager.delegate = maker
    host.settle()
    let rects = try lineRects(textView)
    #expect(rects.count == 2)
    let image = host.snapshotImage(scale: scale)
    let fill = RGBA(PixelBubbleFragment.fill)
    for rect in rects {
      // Inside the bounds, away from the glyphs' rows' edges: the fill shows between letters.
      let y = Int((rect.minY + 2) * scale)
      let row = Int((rect.minX * scale).rounded(.up))..<Int((rect.maxX * scale).rounded(.down))
      #expect(row.contains { image[$0, y] == fill })
      // Outside, to the right of the bounds: no fill.
      let outside = Int(((rect.maxX + 4) * scale).rounded(.up))
      #expect(image[outside, y] != fill)
      // The text is still drawn over it.
      let inkRow = Int(rect.midY * scale)
      #expect(row.contains { image[$0, inkRow] != fill && image[$0, inkRow] != .white })
    }
  }
}
#endif
