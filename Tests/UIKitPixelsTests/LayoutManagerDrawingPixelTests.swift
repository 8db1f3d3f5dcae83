#if Pixels
import Foundation
import Testing
import UIKit
import UIKitPixels
import UIKitTesting

/// A layout manager's `drawBackground(forGlyphRange:at:)` and `drawGlyphs(forGlyphRange:at:)`
/// into an image: the background where the layout puts the glyphs, the glyphs over it.
@MainActor
@Suite("A layout manager drawing into an image (Pixels)")
struct LayoutManagerDrawingPixelTests {
  /// The pixel at (`x`, `y`) of an RGBA image.
  func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let data = image.dataProvider!.data! as Data
    let i = y * image.bytesPerRow + x * 4
    return (data[i], data[i + 1], data[i + 2], data[i + 3])
  }

  @Test func theBackgroundAndTheGlyphsLandWhereTheLayoutPutsThem() throws {
    let storage = NSTextStorage(string: "Ink and paper", attributes: [.font: UIFont.systemFont(ofSize: 20), .foregroundColor: UIColor.black])
    let inkRange = NSRange(location: 0, length: 3)
    storage.addAttribute(.backgroundColor, value: UIColor.red, range: inkRange)
    let manager = NSLayoutManager()
    let container = NSTextContainer(size: CGSize(width: 200, height: 40))
    manager.addTextContainer(container)
    storage.addLayoutManager(manager)
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let origin = CGPoint(x: 10, y: 5)
    let image = UIGraphicsImageRenderer(size: CGSize(width: 220, height: 50), format: format).image { _ in
      let range = manager.glyphRange(for: container)
      manager.drawBackground(forGlyphRange: range, at: origin)
      manager.drawGlyphs(forGlyphRange: range, at: origin)
    }
    let cg = try #require(image.cgImage)
    let ink = manager.boundingRect(forGlyphRange: inkRange, in: container).offsetBy(dx: origin.x, dy: origin.y)
    // Red behind "Ink", from its left edge; glyph ink (dark) inside the red box too.
    let corner = rgba(cg, Int(ink.minX) + 1, Int(ink.minY) + 1)
    #expect(corner.r > 200 && corner.g < 60 && corner.a == 255, "\(corner)")
    #expect(rgba(cg, Int(ink.minX) - 3, Int(ink.midY)).a == 0, "nothing left of the background")
    var dark = 0
    for y in Int(ink.minY)..<Int(ink.maxY) {
      for x in Int(ink.minX)..<Int(ink.maxX) where rgba(cg, x, y).r < 100 && rgba(cg, x, y).a > 200 { dark += 1 }
    }
    #expect(dark > 10, "the glyphs are over the background: \(dark) dark pixels")
    // "paper" has glyphs and no background.
    let paper = manager.boundingRect(forGlyphRange: NSRange(location: 8, length: 5), in: container).offsetBy(dx: origin.x, dy: origin.y)
    var paperInk = 0
    var paperRed = 0
    for y in Int(paper.minY)..<Int(paper.maxY) {
      for x in Int(paper.minX)..<Int(paper.maxX) {
        let pixel = rgba(cg, x, y)
        if pixel.a > 200 && pixel.r < 100 { paperInk += 1 }
        if pixel.r > 200 && pixel.g < 60 && pixel.a > 200 { paperRed += 1 }
      }
    }
    #expect(paperInk > 10)
    #expect(paperRed == 0)
  }
}
#endif
