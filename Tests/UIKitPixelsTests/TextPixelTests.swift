#if Pixels
import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import UIKitPixels

/// Text in pixels: the caret, the selection and marked text drawn where the window's own text
/// geometry (measured with the same fonts) says they are, on the glyphs' edges.
@MainActor
@Suite("Text in pixels")
struct TextPixelTests {
  static let tint = RGBA(r: 0, g: 122, b: 255)
  let scale: CGFloat = 2

  func launch() -> (HeadlessHost, UITextField) {
    let controller = PictureController()
    let host = HeadlessHost(rootViewController: controller, measuresTextWithFonts: true)
    host.tap(controller.field)
    return (host, controller.field)
  }

  /// The pixel columns of row `y` that are the caret's colour.
  func tintColumns(_ image: RGBAImage, row y: Int, in xs: Range<Int>) -> [Int] {
    xs.filter { image[$0, y] == Self.tint }
  }

  /// The rightmost column between `xs` holding ink (neither white nor the caret) in rows `ys`.
  func rightmostInk(_ image: RGBAImage, rows ys: Range<Int>, in xs: Range<Int>) -> Int? {
    xs.reversed().first { x in ys.contains { y in let p = image[x, y]; return p != .white && p != Self.tint } }
  }

  @Test(arguments: ["Hello", "ab哈", "a👩‍👩‍👧"])
  func theCaretIsDrawnAtTheMeasuredAdvanceOfTheTextBeforeIt(_ text: String) {
    let (host, field) = launch()
    host.type(text)
    #expect(field.text == text)
    let font = field.font!
    let measured = PixelTextMeasurer().width(of: text, font: font)
    #expect(measured > 0)
    // The window's geometry: the caret after the text is the measured width from the text's start.
    let caret = field.convert(field.caretRect(for: field.endOfDocument), to: nil)
    let textStart = field.convert(field.editingRect(forBounds: field.bounds), to: nil).minX
    #expect(abs(caret.minX - (textStart + measured)) < 0.001)
    // The picture: a 2 pt bar of the tint colour starting on that column, across the line.
    let image = host.snapshotImage(scale: scale)
    let row = Int(caret.midY * scale)
    let columns = tintColumns(image, row: row, in: Int(field.frame.minX * scale)..<Int(field.frame.maxX * scale))
    #expect(columns == Array(Int((caret.minX * scale).rounded())..<Int((caret.minX * scale).rounded()) + Int(2 * scale)))
    // The last glyph's ink ends just before the caret: within a fifth of an em.
    let rows = Int(caret.minY * scale)..<Int(caret.maxY * scale)
    let ink = rightmostInk(image, rows: rows, in: Int(textStart * scale)..<Int(caret.minX * scale) + 1)
    #expect(ink != nil)
    if let ink, let first = columns.first {
      #expect(ink < first)
      #expect(CGFloat(first - ink) < font.pointSize * scale / 5)
    }
  }

  @Test func eachCharacterAdvancesTheCaretByItsOwnWidth() {
    let (host, field) = launch()
    host.type("a哈👩‍👩‍👧b")
    let font = field.font!
    let measurer = PixelTextMeasurer()
    // Caret offsets are UTF-16 offsets on grapheme boundaries: 0, 1, 2, 10, 11.
    var start = 0
    for (character, offset) in zip(["a", "哈", "👩‍👩‍👧", "b"], [1, 2, 10, 11]) {
      field.selectedTextRange = field.textRange(from: field.position(from: field.beginningOfDocument, offset: offset)!,
        to: field.position(from: field.beginningOfDocument, offset: offset)!)
      let image = host.snapshotImage(scale: scale)
      let caret = field.convert(field.caretRect(for: field.selectedTextRange!.start), to: nil)
      let columns = tintColumns(image, row: Int(caret.midY * scale), in: 0..<image.width)
      let expected = Int((caret.minX * scale).rounded())
      #expect(columns.first == expected, "caret after \(character)")
      let before = String(field.text!.utf16.prefix(offset))!
      #expect(abs(measurer.width(of: before, font: font) - measurer.width(of: String(field.text!.utf16.prefix(start))!, font: font)
        - measurer.width(of: character, font: font)) < 0.001)
      start = offset
    }
  }

  @Test func aTapNearAGlyphEdgeDrawnInThePicturePutsTheCaretThere() {
    let (host, field) = launch()
    host.type("ab哈cd")
    let image = host.snapshotImage(scale: scale)
    // The edge after 哈, found in the picture: where the box (or glyph) of 哈 ends and "c" begins
    // is the measured advance of "ab哈" from the text's start.
    let textStart = field.convert(field.editingRect(forBounds: field.bounds), to: nil).minX
    let edge = textStart + PixelTextMeasurer().width(of: "ab哈", font: field.font!)
    let line = field.convert(field.caretRect(for: field.endOfDocument), to: nil)
    let ink = rightmostInk(image, rows: Int(line.minY * scale)..<Int(line.maxY * scale),
      in: Int(textStart * scale)..<Int(edge * scale) + 1)
    #expect(ink.map { edge * scale - CGFloat($0) < field.font!.pointSize * scale / 5 } == true)
    // A tap just before that edge puts the caret after 哈 (UTF-16 offset 3).
    host.tap(at: CGPoint(x: edge - 1, y: line.midY))
    let offset = field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start)
    #expect(offset == 3)
    #expect(field.selectedTextRange!.isEmpty)
  }

  @Test func theSelectionIsTintedFromTheFirstGlyphToTheLast() {
    let (host, field) = launch()
    host.type("Select me")
    field.selectedTextRange = field.textRange(from: field.beginningOfDocument, to: field.endOfDocument)
    let image = host.snapshotImage(scale: scale)
    let start = field.convert(field.caretRect(for: field.beginningOfDocument), to: nil)
    let end = field.convert(field.caretRect(for: field.endOfDocument), to: nil)
    // Near the top of the line, above the glyphs: the tint at 20 % over white.
    let y = Int((start.minY + 1) * scale)
    let highlight = RGBA(r: 204, g: 228, b: 255)
    // (Clear of the grab handles: 2 pt bars centred on the two edges, the start's dot over its top.)
    #expect(image[Int((start.minX + 3) * scale), y] == highlight)
    #expect(image[Int((end.minX - 1.5) * scale), y] == highlight)
    #expect(image[Int((end.minX + 1.5) * scale), y] == .white)
    // No caret while selecting: the only full tint is the handles' bars at the two edges.
    let columns = tintColumns(image, row: y, in: 0..<image.width)
    #expect(!columns.isEmpty)
    #expect(columns.allSatisfy { abs(CGFloat($0) / scale - start.minX) <= 1.5 || abs(CGFloat($0) / scale - end.minX) <= 1.5 })
  }

  @Test func markedTextIsUnderlinedAndTheRestIsNot() {
    let (host, field) = launch()
    host.type("ni ")
    field.setMarkedText("hao", selectedRange: NSRange(location: 3, length: 0))
    let image = host.snapshotImage(scale: scale)
    let font = field.font!
    let markedStart = field.convert(field.caretRect(for: field.position(from: field.beginningOfDocument, offset: 3)!), to: nil)
    let markedEnd = field.convert(field.caretRect(for: field.endOfDocument), to: nil)
    let baseline = (markedStart.minY + font.ascender) * scale
    let underline = Int((baseline + 0.12 * font.pointSize * scale).rounded())
    let dark = { (p: RGBA) in Int(p.r) + Int(p.g) + Int(p.b) < 100 }
    #expect(dark(image[Int((markedStart.minX + 2) * scale), underline]))
    #expect(dark(image[Int((markedEnd.minX - 2) * scale), underline]))
    // "ni" before it is not underlined.
    let textStart = field.convert(field.editingRect(forBounds: field.bounds), to: nil).minX
    #expect(!dark(image[Int((textStart + 1) * scale), underline]))
  }

  @Test func measurementIsLinearInThePointSizeAndBoldIsWider() {
    let measurer = PixelTextMeasurer()
    let regular = measurer.width(of: "Hello, world", font: .systemFont(ofSize: 17))
    #expect(abs(measurer.width(of: "Hello, world", font: .systemFont(ofSize: 34)) - 2 * regular) < 0.001)
    #expect(measurer.width(of: "Hello, world", font: .boldSystemFont(ofSize: 17)) > regular)
    #expect(abs(measurer.width(of: "Hello, ", font: .systemFont(ofSize: 17)) + measurer.width(of: "world", font: .systemFont(ofSize: 17)) - regular) < 0.001)
    // Monospaced digits all advance alike; a wide character is an em (its face's or the box's).
    let mono = UIFont.monospacedSystemFont(ofSize: 10, weight: .regular)
    #expect(measurer.width(of: "1", font: mono) == measurer.width(of: "W", font: mono))
    #expect(measurer.width(of: "哈", font: .systemFont(ofSize: 20)) >= 15)
    #expect(measurer.size(of: "a\nlonger line", font: .systemFont(ofSize: 17)).width
      == measurer.width(of: "longer line", font: .systemFont(ofSize: 17)))
  }

  @Test func redrawingADirtyRectangleChangesOnlyThoseRows() throws {
    let (host, field) = launch()
    // A first key on the hardware keyboard puts the software keyboard away: after it, a key
    // changes the field alone.
    host.type("a")
    host.settle()
    let renderer = PixelRenderer(scale: scale)
    var image = renderer.render(host.window.displayList(), size: host.window.bounds.size)
    let before = image
    host.type("x")
    let dirty = field.convert(field.bounds, to: nil)
    renderer.render(host.window.displayList(), dirty: dirty, into: &image)
    let changed = try #require(image.changedRegion(since: before))
    let allowed = PixelRect(covering: dirty, scale: scale)
    #expect(changed.intersection(allowed) == changed)
    // (Bytes compared as one Bool: a failing comparison of two images would print megabytes.)
    let full = renderer.render(host.window.displayList(), size: host.window.bounds.size)
    #expect(image.bytes == full.bytes)
    // A region's PNG holds just that region.
    let png = PNGEncoder.encode(image, region: changed, compression: .fast)
    let decoded = try #require(PNGDecoder.decode(png))
    #expect(decoded.width == changed.width && decoded.height == changed.height)
    #expect(decoded.bytes == image.bytes(in: changed))
  }
}
#endif
