import Foundation
import Testing
import UIKit
import UIKitTesting

// A label draws through `drawText(in:)` and sizes through
// `textRect(forBounds:limitedToNumberOfLines:)`, so the subclasses iOS code writes (inset labels,
// top-aligned labels, attributed labels that draw through their own TextKit stack) draw and size
// as they do on iOS; and a layout manager draws its glyphs and backgrounds into the current
// context.

/// The label with padding that app code writes: the text rectangle outset by the insets, the
/// text drawn inset.
private final class InsetLabel: UILabel {
  var insets = UIEdgeInsets(top: 4, left: 12, bottom: 6, right: 8)
  var textRectCalls = 0
  override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
    textRectCalls += 1
    let text = super.textRect(forBounds: bounds.inset(by: insets), limitedToNumberOfLines: numberOfLines)
    return text.inset(by: UIEdgeInsets(top: -insets.top, left: -insets.left, bottom: -insets.bottom, right: -insets.right))
  }
  override func drawText(in rect: CGRect) {
    super.drawText(in: rect.inset(by: insets))
  }
}

/// A label whose text sits at its top rather than in its middle.
private final class TopAlignedLabel: UILabel {
  override func drawText(in rect: CGRect) {
    super.drawText(in: textRect(forBounds: rect, limitedToNumberOfLines: numberOfLines))
  }
}

/// A label that draws a badge behind its text, or only the badge.
private final class BadgeLabel: UILabel {
  var callsSuper = true
  var rects: [CGRect] = []
  override func drawText(in rect: CGRect) {
    rects.append(rect)
    UIColor.orange.setFill()
    UIBezierPath(roundedRect: rect, cornerRadius: 4).fill()
    if callsSuper { super.drawText(in: rect) }
  }
}

/// A layout manager that records the backgrounds it is asked to fill, and pads them.
private final class PaddedBackgroundLayoutManager: NSLayoutManager {
  var fills: [(rects: [CGRect], range: NSRange, color: UIColor)] = []
  override func fillBackgroundRectArray(
    _ rectArray: UnsafePointer<CGRect>, count rectCount: Int, forCharacterRange charRange: NSRange, color: UIColor
  ) {
    let rects = (0..<rectCount).map { rectArray[$0] }
    fills.append((rects, charRange, color))
    color.setFill()
    for rect in rects { UIBezierPath(roundedRect: rect.insetBy(dx: -2, dy: 0), cornerRadius: 3).fill() }
  }
}

/// An attributed label as the libraries write it: its own TextKit stack, drawn through the
/// layout manager in `drawText(in:)`, hit-tested through the same stack.
private final class StackLabel: UILabel {
  let textStorage = NSTextStorage()
  let layoutManager = PaddedBackgroundLayoutManager()
  let textContainer = NSTextContainer(size: .zero)
  var drawnOrigin: CGPoint = .zero

  override init(frame: CGRect) {
    super.init(frame: frame)
    textContainer.lineFragmentPadding = 0
    textContainer.maximumNumberOfLines = 0
    layoutManager.addTextContainer(textContainer)
    textStorage.addLayoutManager(layoutManager)
    numberOfLines = 0
  }
  required init?(coder: NSCoder) { fatalError("not used") }

  override var attributedText: NSAttributedString? {
    didSet { textStorage.setAttributedString(attributedText ?? NSAttributedString(string: "")) }
  }

  override func drawText(in rect: CGRect) {
    textContainer.size = rect.size
    let used = layoutManager.usedRect(for: textContainer)
    drawnOrigin = CGPoint(x: rect.minX, y: rect.minY + max(0, (rect.height - used.height) / 2))
    let range = layoutManager.glyphRange(for: textContainer)
    layoutManager.drawBackground(forGlyphRange: range, at: drawnOrigin)
    layoutManager.drawGlyphs(forGlyphRange: range, at: drawnOrigin)
  }

  /// The character under `point` (the label's coordinates), as a tap handler finds it.
  func characterIndex(at point: CGPoint) -> Int {
    layoutManager.characterIndex(
      for: CGPoint(x: point.x - drawnOrigin.x, y: point.y - drawnOrigin.y), in: textContainer,
      fractionOfDistanceBetweenInsertionPoints: nil)
  }
}

/// A host showing `label` alone at `frame` (in a 320 × 240 screen; in cells with `cells`).
@MainActor
func showLabel(_ label: UILabel, at frame: CGRect, cells: Bool = false) -> HeadlessHost {
  let controller = UIViewController()
  controller.view = UIView()
  controller.view.addSubview(label)
  label.frame = frame
  let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 240), measuresTextInCells: cells)
  host.settle()
  return host
}

@MainActor
private func drawnTexts(_ host: HeadlessHost) -> [(index: Int, frame: CGRect, string: String)] {
  host.window.displayList().items.enumerated().compactMap { index, item in
    if case .text(let run) = item.content { return (index, item.frame, run.string) }
    return nil
  }
}

@MainActor
private func drawnFills(_ host: HeadlessHost) -> [(index: Int, frame: CGRect, color: UIColor)] {
  host.window.displayList().items.enumerated().compactMap { index, item in
    if case .path(let run) = item.content { return (index, item.frame, run.color) }
    return nil
  }
}

@MainActor
@Suite struct LabelDrawingTests {
  @Test func anInsetLabelSizesAndDrawsWithItsInsets() throws {
    let plain = UILabel()
    plain.text = "Padded text"
    let label = InsetLabel()
    label.text = "Padded text"
    let size = plain.intrinsicContentSize
    #expect(label.intrinsicContentSize == CGSize(width: size.width + 20, height: size.height + 10))
    #expect(label.textRectCalls > 0, "intrinsicContentSize asks textRect(forBounds:limitedToNumberOfLines:)")
    #expect(label.sizeThatFits(.zero) == label.intrinsicContentSize)
    label.sizeToFit()
    #expect(label.bounds.size == label.intrinsicContentSize)

    let host = showLabel(label, at: CGRect(x: 20, y: 30, width: label.bounds.width, height: label.bounds.height))
    let text = try #require(drawnTexts(host).first { $0.string == "Padded text" })
    #expect(text.frame.minX == 32, "drawn from the left inset")
    #expect(text.frame.minY == 34, "the inset rectangle is exactly the text's height: its top")
    #expect(text.frame.width == label.bounds.width - 20)
  }

  @Test func aMultiLineInsetLabelWrapsInsideItsInsets() {
    let label = InsetLabel()
    label.numberOfLines = 0
    label.text = "one two three four five six seven"
    let plain = UILabel()
    plain.numberOfLines = 0
    plain.text = label.text
    let inset = label.sizeThatFits(CGSize(width: 120, height: 0))
    let bare = plain.sizeThatFits(CGSize(width: 100, height: 0))
    #expect(inset.height == bare.height + 10, "wrapped at the width less its insets: \(inset) vs \(bare)")
    #expect(inset.width <= 120)
  }

  @Test func theTextRectIsTheTextsBoxAtTheBoundsOrigin() {
    let label = UILabel()
    label.text = "Hello"
    let natural = label.intrinsicContentSize
    let rect = label.textRect(forBounds: CGRect(x: 5, y: 7, width: 300, height: 100), limitedToNumberOfLines: 1)
    #expect(rect.origin == CGPoint(x: 5, y: 7))
    #expect(rect.size.width.rounded(.up) == natural.width && rect.size.height.rounded(.up) == natural.height)
    let narrow = label.textRect(forBounds: CGRect(x: 0, y: 0, width: 10, height: 100), limitedToNumberOfLines: 1)
    #expect(narrow.width == 10, "one line is cut at the bounds' width")
    label.text = "three"
    let word = label.textRect(forBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000), limitedToNumberOfLines: 1).width
    label.text = "one two three"
    let lines = label.textRect(forBounds: CGRect(x: 0, y: 0, width: word + 1, height: 1000), limitedToNumberOfLines: 0)
    let two = label.textRect(forBounds: CGRect(x: 0, y: 0, width: word + 1, height: 1000), limitedToNumberOfLines: 2)
    #expect(two.height * 3 == lines.height * 2, "at most two of the three lines")
    label.text = nil
    #expect(label.textRect(forBounds: CGRect(x: 3, y: 4, width: 50, height: 50), limitedToNumberOfLines: 0)
      == CGRect(x: 3, y: 4, width: 0, height: 0))
  }

  @Test func aTopAlignedLabelDrawsAtItsTop() throws {
    let label = TopAlignedLabel()
    label.text = "Top"
    let centred = UILabel()
    centred.text = "Top"
    let host = showLabel(label, at: CGRect(x: 0, y: 20, width: 200, height: 100))
    let top = try #require(drawnTexts(host).first { $0.string == "Top" })
    #expect(top.frame.minY == 20)
    let other = showLabel(centred, at: CGRect(x: 0, y: 20, width: 200, height: 100))
    let middle = try #require(drawnTexts(other).first { $0.string == "Top" })
    #expect(middle.frame.minY > 50, "a plain label centres its text")
  }

  @Test func drawTextDrawsWhatTheOverrideDrawsInOrder() throws {
    let label = BadgeLabel()
    label.text = "Badge"
    let host = showLabel(label, at: CGRect(x: 10, y: 10, width: 100, height: 30))
    let fill = try #require(drawnFills(host).first { $0.color == .orange })
    #expect(label.rects.last == CGRect(x: 0, y: 0, width: 100, height: 30), "called with the bounds")
    let text = try #require(drawnTexts(host).first { $0.string == "Badge" })
    #expect(fill.index < text.index, "the badge is under the text")
    #expect(fill.frame == CGRect(x: 10, y: 10, width: 100, height: 30))

    label.callsSuper = false
    label.setNeedsDisplay()
    host.settle()
    #expect(!drawnTexts(host).contains { $0.string == "Badge" }, "without super the label's text is not drawn")
    #expect(drawnFills(host).contains { $0.color == .orange })
  }

  @Test func aLabelDrawingThroughItsLayoutManagerDrawsWhereItHitTests() throws {
    let label = StackLabel()
    let text = NSMutableAttributedString(
      string: "Tap #swift or @ios today", attributes: [.font: UIFont.systemFont(ofSize: 17), .foregroundColor: UIColor.black])
    let hashtag = NSRange(location: 4, length: 6)
    text.addAttributes([.backgroundColor: UIColor.yellow, .foregroundColor: UIColor.blue], range: hashtag)
    label.attributedText = text
    let host = showLabel(label, at: CGRect(x: 16, y: 40, width: 120, height: 80))

    // The glyphs, line by line, where the layout manager puts them.
    let texts = drawnTexts(host).filter { $0.frame.minY >= 40 && $0.frame.maxY <= 120 }
    #expect(texts.map(\.string).joined(separator: " ").replacingOccurrences(of: "  ", with: " ") == text.string)
    #expect(texts.count > 1, "wrapped at the label's width")
    let origin = label.drawnOrigin
    for (index, drawn) in texts.enumerated() {
      let lineStart = label.layoutManager.glyphRange(for: label.textContainer).location
      _ = lineStart
      let rect = label.layoutManager.lineFragmentUsedRect(
        forGlyphAt: (text.string as NSString).range(of: drawn.string).location, effectiveRange: nil)
      #expect(drawn.frame.minX == 16 + origin.x + rect.minX, "line \(index)")
      #expect(drawn.frame.minY == 40 + origin.y + rect.minY, "line \(index)")
    }

    // The hashtag's background went through fillBackgroundRectArray, once, under the glyphs.
    #expect(label.layoutManager.fills.count == 1)
    let fill = try #require(label.layoutManager.fills.first)
    #expect(fill.range == hashtag)
    #expect(fill.color == .yellow)
    let bounding = label.layoutManager.boundingRect(forGlyphRange: hashtag, in: label.textContainer)
    #expect(fill.rects == [bounding.offsetBy(dx: origin.x, dy: origin.y)])
    let drawnFill = try #require(drawnFills(host).first { $0.color == .yellow })
    #expect(drawnFill.frame.minX == 16 + origin.x + bounding.minX - 2, "the subclass padded it")
    let hashtagLine = try #require(texts.first { $0.string.contains("#swift") })
    #expect(drawnFill.index < hashtagLine.index)

    // A tap in the middle of the drawn "#swift" finds a character of it.
    let tap = CGPoint(x: origin.x + bounding.midX, y: origin.y + bounding.midY)
    #expect(NSLocationInRange(label.characterIndex(at: tap), hashtag))
  }

  @Test func drawingOutsideAContextOrPastTheTextDoesNothing() {
    let storage = NSTextStorage(string: "abc")
    let manager = NSLayoutManager()
    manager.addTextContainer(NSTextContainer(size: CGSize(width: 100, height: 100)))
    storage.addLayoutManager(manager)
    manager.drawGlyphs(forGlyphRange: NSRange(location: 0, length: 3), at: .zero)
    manager.drawBackground(forGlyphRange: NSRange(location: NSNotFound, length: 0), at: .zero)
    let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { _ in
      manager.drawGlyphs(forGlyphRange: NSRange(location: 50, length: 10), at: .zero)
      manager.drawGlyphs(forGlyphRange: NSRange(location: -4, length: Int.max), at: CGPoint(x: CGFloat.nan, y: 0))
    }
    #expect(image.size == CGSize(width: 10, height: 10))
  }
}

/// Rounded highlights, a rule under each paragraph's marker: what editors' layout managers add.
private final class HighlightingLayoutManager: NSLayoutManager {
  var filled: [(rects: [CGRect], range: NSRange)] = []
  var glyphCalls: [NSRange] = []
  override func fillBackgroundRectArray(
    _ rectArray: UnsafePointer<CGRect>, count rectCount: Int, forCharacterRange charRange: NSRange, color: UIColor
  ) {
    filled.append(((0..<rectCount).map { rectArray[$0] }, charRange))
    UIColor.green.setFill()
    for index in 0..<rectCount { UIBezierPath(roundedRect: rectArray[index], cornerRadius: 4).fill() }
  }
  override func drawGlyphs(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
    glyphCalls.append(glyphsToShow)
    super.drawGlyphs(forGlyphRange: glyphsToShow, at: origin)
    // A rule under the first line.
    let line = lineFragmentUsedRect(forGlyphAt: glyphsToShow.location, effectiveRange: nil)
    UIColor.purple.setFill()
    UIRectFill(CGRect(x: origin.x + line.minX, y: origin.y + line.maxY - 1, width: line.width, height: 1))
  }
}

@MainActor
@Suite struct TextViewLayoutManagerDrawingTests {
  @Test func aTextKit1ViewDrawsThroughItsLayoutManagerSubclass() throws {
    let storage = NSTextStorage(
      string: "Find the marked words here", attributes: [.font: UIFont.systemFont(ofSize: 17), .foregroundColor: UIColor.black])
    let marked = NSRange(location: 9, length: 6)
    storage.addAttribute(.backgroundColor, value: UIColor.yellow, range: marked)
    let manager = HighlightingLayoutManager()
    let container = NSTextContainer(size: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
    manager.addTextContainer(container)
    storage.addLayoutManager(manager)
    let textView = UITextView(frame: CGRect(x: 10, y: 50, width: 300, height: 200), textContainer: container)
    #expect(textView.textLayoutManager == nil, "a TextKit 1 stack keeps the view on TextKit 1")
    let controller = UIViewController()
    controller.view.addSubview(textView)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 400))
    host.settle()

    let items = host.window.displayList().items
    let line = try #require(items.enumerated().first { _, item in
      if case .text(let run) = item.content { return run.string == storage.string }
      return false
    })
    guard case .text(let run) = line.element.content else { return }
    #expect(!run.spans.contains { $0.style.background != nil }, "the layout manager drew the background")
    #expect(manager.filled.count == 1)
    let fill = try #require(manager.filled.first)
    #expect(fill.range == marked)
    let inset = textView.textContainerInset
    let bounding = manager.boundingRect(forGlyphRange: marked, in: container)
    #expect(fill.rects == [bounding.offsetBy(dx: inset.left, dy: inset.top)], "in the view's content coordinates")
    let paths = items.enumerated().compactMap { index, item -> (Int, CGRect, UIColor)? in
      if case .path(let path) = item.content { return (index, item.frame, path.color) }
      return nil
    }
    let green = try #require(paths.first { $0.2 == .green })
    #expect(green.0 < line.offset, "the highlight is under the text")
    #expect(green.1 == bounding.offsetBy(dx: 10 + inset.left, dy: 50 + inset.top))
    let purple = try #require(paths.first { $0.2 == .purple })
    #expect(purple.0 > line.offset, "what drawGlyphs adds goes over the text")
    #expect(manager.glyphCalls == [NSRange(location: 0, length: storage.length)])
    let texts = items.filter { if case .text(let run) = $0.content { return run.string == storage.string } else { return false } }
    #expect(texts.count == 1, "the glyphs are drawn once")

    // Typing keeps drawing through it, with the caret in the view's own line.
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 0, length: 0)
    textView.insertText("X")
    host.settle()
    _ = host.window.displayList()
    #expect(manager.filled.last?.range == NSRange(location: 10, length: 6), "the background moved with its text")
  }

  @Test func aPlainLayoutManagerLeavesTheBackgroundsToTheView() throws {
    let textView = UITextView(usingTextLayoutManager: false)
    textView.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
    let text = NSMutableAttributedString(string: "plain", attributes: [.font: UIFont.systemFont(ofSize: 17)])
    text.addAttribute(.backgroundColor, value: UIColor.yellow, range: NSRange(location: 0, length: 5))
    textView.attributedText = text
    let controller = UIViewController()
    controller.view.addSubview(textView)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 400))
    host.settle()
    let run = host.window.displayList().items.compactMap { item -> TextRun? in
      if case .text(let run) = item.content, run.string == "plain" { return run }
      return nil
    }.first
    #expect(run?.spans.first?.style.background == .yellow)
  }
}
