import Foundation
import Testing
import UIKit
import UIKitTesting

// A label truncates as on iOS: text that does not fit within `numberOfLines` and inside its
// bounds is cut by `lineBreakMode`, only on the last line drawn, with "…".

@MainActor
@Suite struct LabelTruncationTests {
  let sentence = "The quick brown fox jumps over the lazy dog near the riverbank"

  @Test func aLineTooWideEndsWithAnEllipsisThatFits() throws {
    let label = UILabel()
    label.text = sentence
    let host = showLabel(label, at: CGRect(x: 10, y: 10, width: 120, height: 21))
    let run = try #require(drawnLines(host).first).run
    #expect(run.string.hasSuffix("\u{2026}"))
    let kept = String(run.string.dropLast())
    #expect(sentence.hasPrefix(kept) && !kept.isEmpty)
    #expect(kept.last != " ", "no space before the ellipsis")
    let measurer = host.window.textMeasurer
    #expect(measurer.size(of: run.string, font: label.font).width <= 120)
    // One more character would not have fitted.
    let next = sentence.prefix(kept.count + 1)
    #expect(measurer.size(of: next + "\u{2026}", font: label.font).width > 120 || next.last == " ")
    #expect(label.text == sentence, "the text is unchanged")
  }

  @Test func headAndMiddleKeepTheEndAndBothEnds() throws {
    let label = UILabel()
    label.text = sentence
    label.lineBreakMode = .byTruncatingHead
    let host = showLabel(label, at: CGRect(x: 10, y: 10, width: 120, height: 21))
    let head = try #require(drawnLines(host).first).run.string
    #expect(head.hasPrefix("\u{2026}") && sentence.hasSuffix(String(head.dropFirst())))
    label.lineBreakMode = .byTruncatingMiddle
    let middle = try #require(drawnLines(host).first).run.string
    let parts = middle.components(separatedBy: "\u{2026}")
    #expect(parts.count == 2)
    #expect(sentence.hasPrefix(parts[0]) && sentence.hasSuffix(parts[1]))
    #expect(parts[0].count >= parts[1].count && parts[0].count - parts[1].count <= 1, "as much of each end")
    #expect(host.window.textMeasurer.size(of: middle, font: label.font).width <= 120)
  }

  @Test func clippingAndTextThatFitsDrawTheWholeText() throws {
    let label = UILabel()
    label.text = sentence
    label.lineBreakMode = .byClipping
    let host = showLabel(label, at: CGRect(x: 10, y: 10, width: 120, height: 21))
    #expect(try #require(drawnLines(host).first).run.string == sentence, "clipped at the edge, not cut")
    label.lineBreakMode = .byTruncatingTail
    label.text = "Short"
    #expect(try #require(drawnLines(host).first).run.string == "Short")
  }

  @Test func theLastLineOfSeveralHoldsTheRestAndTruncates() throws {
    let label = UILabel()
    label.numberOfLines = 2
    label.text = sentence
    let host = showLabel(label, at: CGRect(x: 10, y: 10, width: 120, height: 100))
    let runs = drawnLines(host)
    #expect(runs.count == 2)
    #expect(!runs[0].run.string.contains("\u{2026}"))
    let second = runs[1].run.string
    #expect(second.hasSuffix("\u{2026}"))
    // The second line is the text after the first, cut.
    let rest = sentence.dropFirst(runs[0].run.string.count).drop { $0 == " " }
    #expect(rest.hasPrefix(second.dropLast()))
    #expect(host.window.textMeasurer.size(of: second, font: label.font).width <= 120)
  }

  @Test func linesBelowTheBoundsAreNotDrawnAndTheLastShownTruncates() throws {
    let label = UILabel()
    label.numberOfLines = 0
    label.text = sentence
    // Room for two lines of the 17-point system font (about 20.3 points each).
    let host = showLabel(label, at: CGRect(x: 10, y: 10, width: 120, height: 42))
    let runs = drawnLines(host)
    #expect(runs.count == 2)
    #expect(runs[1].run.string.hasSuffix("\u{2026}"))
    #expect(runs.allSatisfy { $0.frame.minY >= 10 && $0.frame.maxY <= 52.5 })
    // Sized to its text by Auto Layout, every line shows, none cut.
    label.frame.size.height = label.sizeThatFits(CGSize(width: 120, height: 0)).height
    host.settle()
    let all = drawnLines(host)
    #expect(all.count > 2)
    #expect(all.allSatisfy { !$0.run.string.contains("\u{2026}") })
    #expect(all.map(\.run.string).joined(separator: " ") == sentence)
  }

  @Test func attributedTextKeepsItsStylesAndTheEllipsisTakesTheLastOnes() throws {
    let label = UILabel()
    let text = NSMutableAttributedString(string: sentence, attributes: [.foregroundColor: UIColor.blue])
    text.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 4, length: 5))  // "quick"
    text.addAttribute(.foregroundColor, value: UIColor.green, range: NSRange(location: sentence.utf16.count - 9, length: 9))
    label.attributedText = text
    label.lineBreakMode = .byTruncatingMiddle
    let host = showLabel(label, at: CGRect(x: 10, y: 10, width: 150, height: 21))
    let run = try #require(drawnLines(host).first).run
    let ellipsis = (run.string as NSString).range(of: "\u{2026}").location
    #expect(ellipsis != NSNotFound)
    func color(at offset: Int) -> UIColor? { run.spans.first { $0.range.contains(offset) }?.style.foreground }
    #expect(color(at: 4) == .red && color(at: 0) == .blue)
    #expect(color(at: ellipsis) == color(at: ellipsis - 1), "the ellipsis in the style before it")
    #expect(color(at: (run.string as NSString).length - 1) == .green, "the end keeps its own style")
  }

  @Test func clustersAreNeverSplit() throws {
    let family = "👨‍👩‍👧‍👦"
    let label = UILabel()
    label.text = String(repeating: family + "漢字é\u{301}", count: 20)
    let host = showLabel(label, at: CGRect(x: 10, y: 10, width: 100, height: 21))
    let run = try #require(drawnLines(host).first).run
    let kept = run.string.dropLast()
    #expect(run.string.hasSuffix("\u{2026}"))
    #expect(label.text!.hasPrefix(kept), "whole clusters: a prefix of the text's characters")
    #expect(kept.unicodeScalars.count == label.text!.prefix(kept.count).unicodeScalars.count)
  }

  @Test func aTerminalShowsTheEllipsis() {
    let label = UILabel()
    label.text = "Annual salary before taxes"
    let host = showLabel(label, at: CGRect(x: 8, y: 16, width: 80, height: 16), cells: true)
    let screen = host.screen()
    #expect(screen.contains("Annual sa…"), "ten cells: nine characters and the ellipsis")
    #expect(!screen.contains("Annual sal"))
  }
}
