import Foundation
import Testing
import UIKit
import UIKitTesting

// A layout manager's underlines and strikethroughs: `drawGlyphs(forGlyphRange:at:)` calls
// `underlineGlyphRange`/`strikethroughGlyphRange` for each decorated run of a line, which call
// `drawUnderline`/`drawStrikethrough` for its words; the defaults underline the drawn glyphs, an
// override draws its own.

/// Records the decoration calls; draws its own underline (a green bar) when `replaces`.
private final class DecorationLayoutManager: NSLayoutManager {
  var calls: [String] = []
  var replaces = false
  /// Passes `super` a range far past the line (what the default must keep to the line).
  var widens = false
  override func underlineGlyphRange(
    _ glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle, lineFragmentRect lineRect: CGRect,
    lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint
  ) {
    calls.append("underlineGlyphRange \(NSStringFromRange(glyphRange)) line \(NSStringFromRange(lineGlyphRange))")
    super.underlineGlyphRange(
      glyphRange, underlineType: underlineVal, lineFragmentRect: lineRect, lineFragmentGlyphRange: lineGlyphRange,
      containerOrigin: containerOrigin)
  }
  override func drawUnderline(
    forGlyphRange glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle, baselineOffset: CGFloat,
    lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint
  ) {
    calls.append("drawUnderline \(NSStringFromRange(glyphRange)) \(underlineVal.rawValue)")
    guard replaces else {
      super.drawUnderline(
        forGlyphRange: widens ? NSRange(location: -5, length: 10_000) : glyphRange, underlineType: underlineVal, baselineOffset: baselineOffset, lineFragmentRect: lineRect,
        lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
      return
    }
    let glyphs = boundingRect(forGlyphRange: glyphRange, in: textContainers[0])
    UIColor.green.setFill()
    UIRectFill(CGRect(x: containerOrigin.x + glyphs.minX, y: containerOrigin.y + glyphs.maxY - 2, width: glyphs.width, height: 2))
  }
  override func drawStrikethrough(
    forGlyphRange glyphRange: NSRange, strikethroughType strikethroughVal: NSUnderlineStyle, baselineOffset: CGFloat,
    lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint
  ) {
    calls.append("drawStrikethrough \(NSStringFromRange(glyphRange))")
    super.drawStrikethrough(
      forGlyphRange: glyphRange, strikethroughType: strikethroughVal, baselineOffset: baselineOffset, lineFragmentRect: lineRect,
      lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
  }
}

/// A view drawing a storage through its layout manager.
private final class StackView: UIView {
  let storage: NSTextStorage
  let manager = DecorationLayoutManager()
  let container = NSTextContainer(size: CGSize(width: 300, height: 100))
  var direct: (() -> Void)?
  init(_ text: NSAttributedString) {
    storage = NSTextStorage(attributedString: text)
    super.init(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
    manager.addTextContainer(container)
    storage.addLayoutManager(manager)
  }
  required init?(coder: NSCoder) { fatalError("not used") }
  override func draw(_ rect: CGRect) {
    if let direct { return direct() }
    manager.drawGlyphs(forGlyphRange: manager.glyphRange(for: container), at: .zero)
  }
}

@MainActor
private func render(_ view: UIView) -> [DisplayItem] {
  let controller = UIViewController()
  controller.view.addSubview(view)
  let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 400))
  host.settle()
  return host.window.displayList().items
}

@MainActor
private func text(_ string: String, underline: NSRange? = nil, style: NSUnderlineStyle = .single, strike: NSRange? = nil) -> NSAttributedString {
  let text = NSMutableAttributedString(string: string, attributes: [.font: UIFont.systemFont(ofSize: 17), .foregroundColor: UIColor.black])
  if let underline { text.addAttribute(.underlineStyle, value: style.rawValue, range: underline) }
  if let strike { text.addAttribute(.strikethroughStyle, value: NSUnderlineStyle.single.rawValue, range: strike) }
  return text
}

@MainActor
@Suite struct LayoutManagerDecorationTests {
  @Test func drawGlyphsUnderlinesThroughTheDecorationMethods() throws {
    let view = StackView(text("see the link here", underline: NSRange(location: 8, length: 4), strike: NSRange(location: 0, length: 3)))
    let items = render(view)
    #expect(view.manager.calls == [
      "underlineGlyphRange {8, 4} line {0, 17}", "drawUnderline {8, 4} 1", "drawStrikethrough {0, 3}",
    ])
    let run = try #require(items.compactMap { item -> TextRun? in
      if case .text(let run) = item.content, run.string == "see the link here" { return run }
      return nil
    }.first)
    #expect(run.spans.filter(\.style.isUnderlined).map(\.range) == [8..<12])
    #expect(run.spans.filter(\.style.isStrikethrough).map(\.range) == [0..<3])
  }

  @Test func anUnderlineLeavesOutItsEndsWhiteSpaceOrEachSpaceByWord() {
    let trimmed = StackView(text(" two words ", underline: NSRange(location: 0, length: 11)))
    _ = render(trimmed)
    #expect(trimmed.manager.calls.filter { $0.hasPrefix("drawUnderline") } == ["drawUnderline {1, 9} 1"])
    let byWord = StackView(text("two words", underline: NSRange(location: 0, length: 9), style: [.single, .byWord]))
    _ = render(byWord)
    #expect(byWord.manager.calls.filter { $0.hasPrefix("drawUnderline") } == [
      "drawUnderline {0, 3} 32769", "drawUnderline {4, 5} 32769",
    ])
  }

  @Test func anOverrideReplacesTheUnderline() throws {
    let view = StackView(text("plain link", underline: NSRange(location: 6, length: 4)))
    view.manager.replaces = true
    let items = render(view)
    let textIndex = try #require(items.firstIndex { if case .text(let run) = $0.content { return run.string == "plain link" } else { return false } })
    guard case .text(let run) = items[textIndex].content else { return }
    #expect(!run.spans.contains { $0.style.isUnderlined }, "the default underline was not drawn")
    let bar = try #require(items.firstIndex { if case .path(let path) = $0.content { return path.color == .green } else { return false } })
    #expect(bar > textIndex, "drawn after the glyphs")
    let glyphs = view.manager.boundingRect(forGlyphRange: NSRange(location: 6, length: 4), in: view.container)
    #expect(items[bar].frame.minX == glyphs.minX)
  }

  @Test func aTextViewDrawsItsDecorationsThroughItsLayoutManager() throws {
    let storage = NSTextStorage(attributedString: text("keep this and that", underline: NSRange(location: 0, length: 18)))
    let manager = DecorationLayoutManager()
    manager.replaces = true
    let container = NSTextContainer(size: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
    manager.addTextContainer(container)
    storage.addLayoutManager(manager)
    let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 100), textContainer: container)
    let items = render(textView)
    let run = try #require(items.compactMap { item -> TextRun? in
      if case .text(let run) = item.content, run.string == "keep this and that" { return run }
      return nil
    }.first)
    #expect(!run.spans.contains { $0.style.isUnderlined }, "the override drew its own underline")
    #expect(items.contains { if case .path(let path) = $0.content { return path.color == .green } else { return false } })
    manager.replaces = false
    textView.setNeedsDisplay()
    let again = render(textView)
    let underlined = again.compactMap { item -> TextRun? in
      if case .text(let run) = item.content, run.string == "keep this and that" { return run }
      return nil
    }.first
    #expect(underlined?.spans.filter(\.style.isUnderlined).map(\.range) == [0..<18], "the default leaves it to the view")
  }

  @Test func aRangeOutsideTheLineUnderlinesOnlyTheLine() throws {
    let view = StackView(text("one line", underline: NSRange(location: 4, length: 4)))
    view.manager.widens = true
    let items = render(view)
    let run = try #require(items.compactMap { item -> TextRun? in
      if case .text(let run) = item.content, run.string == "one line" { return run }
      return nil
    }.first)
    #expect(run.spans.filter(\.style.isUnderlined).map(\.range) == [0..<8])
    #expect(run.spans.allSatisfy { $0.range.upperBound <= 8 })
  }

  @Test func calledOnItsOwnDrawUnderlineFillsALineUnderTheGlyphs() throws {
    let view = StackView(text("word", underline: NSRange(location: 0, length: 4)))
    view.direct = { [unowned view] in
      view.manager.drawUnderline(
        forGlyphRange: NSRange(location: 0, length: 4), underlineType: .single, baselineOffset: 0,
        lineFragmentRect: view.manager.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil),
        lineFragmentGlyphRange: NSRange(location: 0, length: 4), containerOrigin: .zero)
    }
    let items = render(view)
    let line = try #require(items.first { if case .path = $0.content { return true } else { return false } })
    let glyphs = view.manager.boundingRect(forGlyphRange: NSRange(location: 0, length: 4), in: view.container)
    #expect(line.frame.minX == glyphs.minX && line.frame.width == glyphs.width)
    #expect(line.frame.height == 1)
    #expect(line.frame.minY > glyphs.minY && line.frame.maxY <= glyphs.maxY + 2, "under the baseline: \(line.frame) in \(glyphs)")
  }
}
