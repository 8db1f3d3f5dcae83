import Foundation
import Testing
@testable import UIKit
import UIKitTesting
import TextEditing

/// Random texts in random paragraph styles around random paths: whatever the layout, the
/// geometry a view reports agrees with itself and with what it draws.
@MainActor
@Suite struct LineGeometryFuzzTests {
  static let pieces = ["word", "de ", "漢字", "👩‍👩‍👧", "e\u{301}", "שלום ", "\n", "  ", "x", "longerword ", "\t"]

  /// A random paragraph style: spacing, heights, indents and an alignment.
  static func randomStyle(_ random: inout SeededRandomNumberGenerator) -> NSParagraphStyle {
    let style = NSMutableParagraphStyle()
    let values: [CGFloat] = [0, 0, 4, 16, 30]
    style.lineSpacing = values.randomElement(using: &random)!
    style.paragraphSpacing = values.randomElement(using: &random)!
    style.paragraphSpacingBefore = values.randomElement(using: &random)!
    style.lineHeightMultiple = [0, 0, 0.5, 1.5, 2].randomElement(using: &random)!
    style.firstLineHeadIndent = [0, 0, 16, 40].randomElement(using: &random)!
    style.headIndent = [0, 0, 8, 24].randomElement(using: &random)!
    style.tailIndent = [0, 0, -16, 120].randomElement(using: &random)!
    style.alignment = [.natural, .left, .center, .right, .justified].randomElement(using: &random)!
    return style
  }

  /// A text view 176 × 96 points measured in points (the cells' size, other metrics).
  static func makePointView(paths: [CGRect]) -> (HeadlessHost, UITextView) {
    let controller = TextKitController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480))
    let textView = controller.textView
    textView.frame = CGRect(x: 16, y: 48, width: 176, height: 96)
    textView.textContainerInset = .zero
    textView.textContainer.lineFragmentPadding = 0
    textView.textContainer.exclusionPaths = paths.map { UIBezierPath(rect: $0) }
    textView.font = .systemFont(ofSize: 13)
    host.settle()
    return (host, textView)
  }

  @Test(arguments: 0..<80, [true, false])
  func caretsHitsAndFragmentsAgree(seed: Int, inCells: Bool) {
    var random = SeededRandomNumberGenerator(seed: UInt64(seed) &+ 1900)
    let paths: [CGRect] = [
      [], [CGRect(x: 64, y: 0, width: 48, height: 40)], [CGRect(x: 0, y: 20, width: 40, height: 30), CGRect(x: 120, y: 0, width: 30, height: 80)],
    ].randomElement(using: &random)!
    let (host, textView) = inCells ? makeBareTextView(paths: paths) : Self.makePointView(paths: paths)
    var plain = ""
    for _ in 0..<Int.random(in: 4...30, using: &random) { plain += Self.pieces.randomElement(using: &random)! }
    // Styles over random ranges (a paragraph takes the one at its start), set through the
    // storage (Foundation's own attributed string on Linux traps on some attribute changes).
    textView.text = plain
    let text = textView.textStorage
    let length = text.length
    for _ in 0..<3 where length > 0 {
      let start = Int.random(in: 0..<length, using: &random)
      let end = Int.random(in: start...length, using: &random)
      text.addAttribute(.paragraphStyle, value: Self.randomStyle(&random), range: NSRange(location: start, length: end - start))
    }
    // Kerned characters, sometimes.
    if length > 0, Int.random(in: 0..<3, using: &random) == 0 {
      let start = Int.random(in: 0..<length, using: &random)
      let end = Int.random(in: start...length, using: &random)
      let kern: CGFloat = [3, 8, 16, -2].randomElement(using: &random)!
      text.addAttribute(.kern, value: kern, range: NSRange(location: start, length: end - start))
    }
    if Bool.random(using: &random) { textView.textContainer.size.height = CGFloat(Int.random(in: 16...400, using: &random)) }
    host.settle()
    let context = "seed \(seed) \(inCells ? "cells" : "points"): \(text.string.debugDescription)"
    let layout = textView._ensureLayout()
    // Rows go down the container: no box starts above the one before it.
    var lastTop: CGFloat = -1
    for line in 0..<layout.lineCount {
      let box = layout.box(ofLine: line, lineHeight: textView._lineHeight)
      #expect(box.top >= lastTop, "\(context) line \(line)")
      #expect(box.height > 0 && box.usedTop >= box.top && box.textTop >= box.top, "\(context)")
      if inCells {
        #expect(box.textBottom <= box.bottom && box.height >= 16, "\(context)")
        #expect(box.top.truncatingRemainder(dividingBy: 16) == 0 && box.textTop.truncatingRemainder(dividingBy: 16) == 0, "rows: \(context)")
      }
      lastTop = box.top
    }
    // Every caret is on a drawn line, and a tap at its middle puts the caret back there.
    let start = textView.beginningOfDocument
    let shown = textView._shownLines(of: layout)
    var offset = 0
    let string = text.string
    var boundaries = [0]
    for character in string {
      offset += character.utf16.count
      boundaries.append(offset)
    }
    for boundary in boundaries {
      let line = layout.lineIndex(containing: boundary)
      guard line < shown, !layout.isSkipped(line) else { continue }
      let caret = textView.caretRect(for: textView.position(from: start, offset: boundary)!)
      #expect(caret.height > 0 && caret.minY >= 0, "\(context) at \(boundary)")
      // In a line mixing directions one boundary may be drawn at two places: not compared.
      if textView._visualLine(textView._lineContent(line, in: layout)) != nil { continue }
      let back = textView.closestPosition(to: CGPoint(x: caret.minX, y: caret.midY)).map { textView.offset(from: start, to: $0) }
      // A caret drawn at the same place as another boundary's (after a hanging space, or an
      // empty line's) may come back as that one: same place, same rectangle.
      if let back, back != boundary {
        let other = textView.caretRect(for: textView.position(from: start, offset: back)!)
        #expect(abs(other.minX - caret.minX) < 0.001 && other.minY == caret.minY, "\(context) at \(boundary) → \(back)")
      }
    }
    // In cells, each letter is drawn where the caret before it stands.
    if inCells {
      // Rows by column: a wide character's second column holds nothing.
      let screen = host.screen().components(separatedBy: "\n").map { row in
        row.flatMap { character -> [Character?] in
          [character] + Array(repeating: nil, count: max(0, TextWidth.columns(of: character) - 1))
        }
      }
      var at = 0
      for character in string {
        defer { at += character.utf16.count }
        guard character.isASCII, character.isLetter else { continue }
        let line = layout.lineIndex(containing: at)
        guard line < shown, !layout.isSkipped(line),
          textView._visualLine(textView._lineContent(line, in: layout)).map({ $0.allSatisfy { !$0.rightToLeft } }) ?? true
        else { continue }
        let caret = textView.convert(textView.caretRect(for: textView.position(from: start, offset: at)!), to: nil)
        let row = Int(caret.midY / 16)
        let column = Int((caret.minX / 8).rounded())
        // Only what the view shows (its frame clips the rest).
        guard caret.minY >= 48, caret.maxY <= 48 + 96, row < screen.count, column < screen[row].count, column < 24 else { continue }
        #expect(screen[row][column] == character, "\(context): \(character) at \(at) drawn at row \(row) column \(column)")
      }
    }
    // The layout manager's fragments cover each shown glyph once, in order.
    var covered = 0
    textView.layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: length)) { _, used, _, range, _ in
      #expect(range.location == covered, "\(context)")
      covered = range.location + range.length
      #expect(used.width >= 0, "\(context)")
    }
    // Drawn lines do not overlap one another (unless a line is shorter than its font, as a
    // multiple below 1 makes it in points, which overlaps lines on iOS too).
    let natural = textView._lineHeight
    guard inCells || (0..<layout.lineCount).allSatisfy({ layout.box(ofLine: $0, lineHeight: natural).height >= natural }) else { return }
    let drawn = drawnFrames(host, textView).map(\.frame)
    for (i, a) in drawn.enumerated() {
      for b in drawn[(i + 1)...] {
        #expect(a.intersection(b).isNull || a.intersection(b).width < 0.001 || a.intersection(b).height < 0.001,
          "\(context): \(a) overlaps \(b)")
      }
    }
  }
}
