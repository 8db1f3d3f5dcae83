import Foundation
import Testing
import UIKit
import UIKitTesting

// Text highlights (iOS 18): `.textHighlightStyle` ranges drawn in their scheme's colour on a
// background that `drawTextHighlightBackground(for:origin:)` draws under the text.

/// Draws a highlight as a bar under its text, and records the ranges asked.
@MainActor
private final class BarHighlightTextView: UITextView {
  var asked: [NSRange] = []
  override func drawTextHighlightBackground(for textRange: NSTextRange, origin: CGPoint) {
    guard let manager = textLayoutManager ?? nil else { return }
    let start = manager.offset(from: manager.documentRange.location, to: textRange.location)
    let end = manager.offset(from: manager.documentRange.location, to: textRange.endLocation)
    asked.append(NSRange(location: start, length: end - start))
    UIColor.green.setFill()
    UIRectFill(CGRect(x: origin.x, y: origin.y, width: 10, height: 2))
  }
}

@MainActor
private func show(_ textView: UITextView) -> HeadlessHost {
  let controller = UIViewController()
  textView.frame = CGRect(x: 20, y: 100, width: 320, height: 200)
  controller.view.addSubview(textView)
  let host = HeadlessHost(rootViewController: controller)
  host.settle()
  return host
}

@MainActor
private func items(_ host: HeadlessHost) -> (texts: [(Int, CGRect, TextRun)], fills: [(Int, CGRect, UIColor)]) {
  let all = host.window.displayList().items
  let texts = all.enumerated().compactMap { index, item -> (Int, CGRect, TextRun)? in
    if case .text(let run) = item.content { return (index, item.frame, run) }
    return nil
  }
  let fills = all.enumerated().compactMap { index, item -> (Int, CGRect, UIColor)? in
    if case .path(let run) = item.content { return (index, item.frame, run.color) }
    return nil
  }
  return (texts, fills)
}

@MainActor
private func highlighted(_ string: String, _ range: NSRange, scheme: NSAttributedString.TextHighlightColorScheme? = nil) -> NSAttributedString {
  let text = NSMutableAttributedString(string: string, attributes: [.font: UIFont.systemFont(ofSize: 17), .foregroundColor: UIColor.black])
  text.addAttribute(.textHighlightStyle, value: NSAttributedString.TextHighlightStyle.default, range: range)
  if let scheme { text.addAttribute(.textHighlightColorScheme, value: scheme, range: range) }
  return text
}

@MainActor
@Suite struct TextHighlightTests {
  @Test func theDefaultHighlightIsTheTintColourOnItsTint() throws {
    let textView = UITextView()
    textView.tintColor = .red
    textView.attributedText = highlighted("mark this word", NSRange(location: 5, length: 4))
    #expect(textView.textHighlightAttributes[.foregroundColor] as? UIColor == .red)
    let host = show(textView)
    let (texts, fills) = items(host)
    let line = try #require(texts.first { $0.2.string == "mark this word" })
    let span = try #require(line.2.spans.first { $0.range == 5..<9 })
    #expect(span.style.foreground == .red, "the highlighted text takes the highlight's colour")
    #expect(span.style.background == nil)
    let fill = try #require(fills.first { $0.2 == UIColor.red.withAlphaComponent(0.2) })
    #expect(fill.0 < line.0, "the background is under the text")
    let range = try #require(textView.textRange(
      from: textView.position(from: textView.beginningOfDocument, offset: 5)!,
      to: textView.position(from: textView.beginningOfDocument, offset: 9)!))
    let glyphs = textView.convert(textView.firstRect(for: range), to: nil)
    #expect(abs(fill.1.minX - glyphs.minX) < 0.5 && abs(fill.1.maxX - glyphs.maxX) < 0.5, "\(fill.1) vs \(glyphs)")
  }

  @Test func aNamedSchemeDrawsInItsSystemColour() throws {
    let textView = UITextView()
    textView.overrideUserInterfaceStyle = .light
    textView.attributedText = highlighted("purple words", NSRange(location: 0, length: 6), scheme: .purple)
    let host = show(textView)
    let (texts, fills) = items(host)
    let purple = UIColor.systemPurple.resolvedColor(with: textView.traitCollection)
    let line = try #require(texts.first { $0.2.string == "purple words" })
    #expect(line.2.spans.first?.style.foreground == purple)
    #expect(fills.contains { $0.2 == purple.withAlphaComponent(0.2) })
  }

  @Test func textHighlightAttributesColourTheDefaultScheme() throws {
    let textView = UITextView()
    textView.textHighlightAttributes = [.foregroundColor: UIColor.brown, .backgroundColor: UIColor.yellow]
    textView.attributedText = highlighted("custom colours", NSRange(location: 0, length: 6))
    let host = show(textView)
    let (texts, fills) = items(host)
    #expect(texts.first { $0.2.string == "custom colours" }?.2.spans.first?.style.foreground == .brown)
    #expect(fills.contains { $0.2 == .yellow })
    textView.textHighlightAttributes = nil
    #expect(textView.textHighlightAttributes.count == 1, "nil restores the default")
  }

  @Test func aSubclassDrawsTheBackgroundItsWay() throws {
    let textView = BarHighlightTextView()
    let text = NSMutableAttributedString(attributedString: highlighted("one two three", NSRange(location: 0, length: 3)))
    text.addAttribute(.textHighlightStyle, value: NSAttributedString.TextHighlightStyle.default, range: NSRange(location: 8, length: 5))
    text.addAttribute(.textHighlightColorScheme, value: NSAttributedString.TextHighlightColorScheme.mint, range: NSRange(location: 8, length: 5))
    textView.attributedText = text
    let host = show(textView)
    let (_, fills) = items(host)
    #expect(textView.asked == [NSRange(location: 0, length: 3), NSRange(location: 8, length: 5)], "once per highlighted range")
    let inset = textView.textContainerInset
    #expect(fills.filter { $0.2 == .green }.map(\.1) == Array(repeating: CGRect(x: 20 + inset.left, y: 100 + inset.top, width: 10, height: 2), count: 2))
  }

  @Test func textWithoutHighlightsAsksNothing() {
    let textView = BarHighlightTextView()
    textView.text = "plain"
    let host = show(textView)
    _ = items(host)
    #expect(textView.asked.isEmpty)
    #expect(NSAttributedString.TextHighlightColorScheme("NSTextHighlightColorSchemePink") == .pink)
  }
}
