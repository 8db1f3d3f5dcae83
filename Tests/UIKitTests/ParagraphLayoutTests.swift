import Foundation
import Testing
@testable import UIKit
import UIKitTesting
import TextEditing

/// A text view of `makeBareTextView` showing `text` around rectangles `paths`.
@MainActor
private func makeParagraphView(_ text: NSAttributedString, paths: [CGRect] = []) -> (HeadlessHost, UITextView) {
  let (host, textView) = makeBareTextView(paths: paths)
  textView.attributedText = text
  return (host, textView)
}

/// A paragraph style of the given indents and alignment.
private func style(
  first: CGFloat = 0, head: CGFloat = 0, tail: CGFloat = 0, alignment: NSTextAlignment = .natural
) -> NSParagraphStyle {
  let style = NSMutableParagraphStyle()
  style.firstLineHeadIndent = first
  style.headIndent = head
  style.tailIndent = tail
  style.alignment = alignment
  return style
}

/// `string` in paragraph style `paragraph`.
private func styled(_ string: String, _ paragraph: NSParagraphStyle) -> NSAttributedString {
  NSAttributedString(string: string, attributes: [.paragraphStyle: paragraph])
}

@MainActor
@Suite struct ParagraphLayoutTests {
  static let words = "aaaa bbbb cccc dddd eeee ffff"

  @Test func headIndentsNarrowAndIndentTheLines() {
    let (host, textView) = makeParagraphView(styled(Self.words, style(first: 32, head: 16)))
    // The first line has 18 columns of room, the second 20.
    #expect(viewRows(host) == ["    aaaa bbbb cccc", "  dddd eeee ffff", "", "", "", ""])
    let lines = drawnFrames(host, textView)
    #expect(lines.map(\.string) == ["aaaa bbbb cccc ", "dddd eeee ffff"])
    #expect(lines.map(\.frame.minX) == [32, 16])
    #expect(lines.map(\.frame.minY) == [0, 16])
  }

  @Test func sizeThatFitsWrapsInTheIndents() {
    let (host, textView) = makeParagraphView(styled(Self.words, style(first: 32, head: 32)))
    defer { withExtendedLifetime(host) {} }
    #expect(textView.sizeThatFits(CGSize(width: 176, height: 0)).height == 32)
    // 8 columns of room at 96 points: a word a line.
    #expect(textView.sizeThatFits(CGSize(width: 96, height: 0)).height == 96)
  }

  @Test func aCentredParagraphAfterALeftOne() {
    let (host, textView) = makeParagraphView(styled("left\ncentre", style(alignment: .left)))
    textView.textStorage.addAttribute(.paragraphStyle, value: style(alignment: .center), range: NSRange(location: 5, length: 6))
    #expect(viewRows(host) == ["left", "        centre", "", "", "", ""])
    #expect(drawnFrames(host, textView).map(\.frame.minX) == [0, 64])
  }

  @Test func tailIndentsEndTheLines() {
    // Positive: 80 points from the leading margin; zero or negative: from the trailing one.
    for tail in [CGFloat(80), -96] {
      let (host, textView) = makeParagraphView(styled("aaaa bbbb cccc dddd", style(tail: tail)))
      #expect(viewRows(host) == ["aaaa bbbb", "cccc dddd", "", "", "", ""], "tail \(tail)")
      #expect(drawnFrames(host, textView).map(\.frame.minX) == [0, 0])
    }
    // Centred in the 10 columns the tail indent leaves.
    let (host, textView) = makeParagraphView(styled("ab", style(tail: -96, alignment: .center)))
    #expect(viewRows(host).first == "    ab")
    #expect(drawnFrames(host, textView).map(\.frame.minX) == [32])
  }

  @Test func caretsHitsAndSelectionRectsFollowTheIndents() {
    let (host, textView) = makeParagraphView(styled(Self.words, style(first: 32, head: 16)))
    let lines = drawnFrames(host, textView)
    let start = textView.beginningOfDocument
    #expect(textView.caretRect(for: start) == CGRect(x: 32, y: 0, width: 2, height: 16))
    let d = textView.position(from: start, offset: 15)!
    #expect(textView.caretRect(for: d).minX == lines[1].frame.minX)
    #expect(textView.caretRect(for: d).minY == lines[1].frame.minY)
    let hit = textView.closestPosition(to: CGPoint(x: 16 + 17, y: 24))!
    #expect(textView.offset(from: start, to: hit) == 17)
    let before = textView.closestPosition(to: CGPoint(x: 2, y: 24))!
    #expect(textView.offset(from: start, to: before) == 15)
    let range = textView.textRange(from: textView.position(from: start, offset: 5)!, to: textView.position(from: start, offset: 17)!)!
    #expect(textView.selectionRects(for: range).map(\.rect) == [
      CGRect(x: 32 + 40, y: 0, width: 176 - 72, height: 16),
      CGRect(x: 16, y: 16, width: 16, height: 16),
    ])
    textView.becomeFirstResponder()
    host.tap(textView, at: CGPoint(x: 16 + 8 * 3 + 1, y: 20))
    #expect(textView.selectedRange == NSRange(location: 18, length: 0))
  }

  @Test func theLayoutManagerKeepsTheIndentsInsideTheLineFragments() {
    let (host, textView) = makeParagraphView(styled(Self.words, style(first: 32, head: 16)))
    defer { withExtendedLifetime(host) {} }
    let layoutManager = textView.layoutManager
    // As TextKit 1: the line fragment is the container's width, the text used inside it.
    #expect(layoutManager.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil) == CGRect(x: 0, y: 0, width: 176, height: 16))
    #expect(layoutManager.lineFragmentUsedRect(forGlyphAt: 0, effectiveRange: nil).minX == 32)
    #expect(layoutManager.lineFragmentUsedRect(forGlyphAt: 15, effectiveRange: nil).minX == 16)
    #expect(layoutManager.location(forGlyphAt: 15).x == 16)
  }

  @Test func typingInAnIndentedParagraphKeepsTheLinesOfAFreshLayout() {
    let (host, textView) = makeParagraphView(styled("plain words here\n" + Self.words, style()))
    textView.textStorage.addAttribute(.paragraphStyle, value: style(first: 32, head: 16), range: NSRange(location: 17, length: 29))
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 23, length: 0)
    host.type("xx yy zz ")
    host.press(.backspace)
    host.press(.returnKey)
    host.type("more")
    textView.resignFirstResponder()
    let typed = drawnFrames(host, textView)
    let (freshHost, fresh) = makeParagraphView(textView.attributedText)
    defer { withExtendedLifetime(freshHost) {} }
    #expect(textView._ensureLayout().lineStarts == fresh._ensureLayout().lineStarts)
    #expect(textView._ensureLayout().fragments == fresh._ensureLayout().fragments)
    let drawnFresh = drawnFrames(freshHost, fresh)
    #expect(typed.map(\.string) == drawnFresh.map(\.string))
    #expect(typed.map(\.frame) == drawnFresh.map(\.frame))
    // The paragraph after the new line break is indented as its first line.
    #expect(typed.map(\.frame.minX).first == 0)
    #expect(typed.first { $0.string.hasPrefix("more") }?.frame.minX == 32)
  }

  @Test func typingWithAnIndentedTypingStyleIndentsTheNewParagraph() {
    // Without TextKit objects (their padding of 5 points stays).
    let controller = TextKitController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480), measuresTextInCells: true)
    let textView = controller.textView
    textView.frame = CGRect(x: 16, y: 48, width: 176, height: 96)
    textView.textContainerInset = .zero
    textView.text = "plain"
    host.settle()
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 5, length: 0)
    host.press(.returnKey)
    var attributes = textView.typingAttributes
    attributes[.paragraphStyle] = style(first: 32, head: 32)
    textView.typingAttributes = attributes
    host.type("new")
    textView.resignFirstResponder()
    #expect(textView._textKit == nil)
    let lines = drawnFrames(host, textView)
    #expect(lines.map(\.string) == ["plain", "new"])
    #expect(lines.map(\.frame.minX) == [5, 5 + 32])
    let new = textView.position(from: textView.beginningOfDocument, offset: 6)!
    #expect(textView.caretRect(for: new).minX == 37)
  }

  @Test func addingAParagraphStyleThroughTheStorageLaysOutAnew() {
    let (host, textView) = makeParagraphView(NSAttributedString(string: Self.words))
    #expect(drawnFrames(host, textView).map(\.frame.minX) == [0, 0])
    let length = textView.textStorage.length
    textView.textStorage.addAttribute(.paragraphStyle, value: style(first: 32, head: 16), range: NSRange(location: 0, length: length))
    #expect(viewRows(host) == ["    aaaa bbbb cccc", "  dddd eeee ffff", "", "", "", ""])
    textView.textStorage.removeAttribute(.paragraphStyle, range: NSRange(location: 0, length: length))
    #expect(drawnFrames(host, textView).map(\.frame.minX) == [0, 0])
    #expect(textView._ensureLayout().fragments == nil)
  }

  @Test func insertingStyledTextThroughTheStorageLaysItOut() {
    let (host, textView) = makeParagraphView(NSAttributedString(string: "plain"))
    #expect(textView._ensureLayout().fragments == nil)
    textView.textStorage.insert(styled("\nmore", style(first: 32)), at: 5)
    #expect(viewRows(host) == ["plain", "    more", "", "", "", ""])
    #expect(drawnFrames(host, textView).map(\.frame.minX) == [0, 32])
  }

  @Test func settingTheTextAlignmentAlignsEveryParagraph() {
    let (host, textView) = makeParagraphView(styled("ab\ncd", style(first: 16)))
    textView.textAlignment = .right
    #expect(viewRows(host) == ["                    ab", "                    cd", "", "", "", ""])
    #expect((textView.attributedText.attribute(.paragraphStyle, at: 3, effectiveRange: nil) as? NSParagraphStyle)?.firstLineHeadIndent == 16)
  }

  @Test func indentsAndExclusionPathsTogether() {
    let (host, textView) = makeParagraphView(
      styled(Self.words + " gggg hhhh", style(first: 16, head: 16)), paths: [CGRect(x: 0, y: 0, width: 48, height: 32)])
    let lines = drawnFrames(host, textView)
    #expect(lines.map(\.string) == ["aaaa bbbb cccc ", "dddd eeee ffff ", "gggg hhhh"])
    #expect(lines.map(\.frame.minX) == [48, 48, 16])
  }

  @Test func aRightToLeftParagraphIndentsFromTheRight() {
    let (host, textView) = makeParagraphView(styled("שלום עולם", style(first: 32, head: 32)))
    let lines = drawnFrames(host, textView)
    #expect(lines.count == 1)
    // Natural alignment is the right for a right-to-left paragraph: its 9 columns end 32
    // points before the right edge.
    #expect(lines.first?.frame.maxX == 144)
    #expect(viewRows(host).first == "         םלוע םולש")
    #expect(textView.caretRect(for: textView.beginningOfDocument).minX == 144)
  }
}
