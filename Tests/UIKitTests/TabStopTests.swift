import Foundation
import Testing
@testable import UIKit
import UIKitTesting

/// A paragraph style with tab stops at `locations` and `interval`.
private func tabbed(_ locations: [CGFloat], interval: CGFloat = 0) -> NSParagraphStyle {
  let style = NSMutableParagraphStyle()
  style.tabStops = locations.map { NSTextTab(textAlignment: .left, location: $0) }
  style.defaultTabInterval = interval
  return style
}

/// Tabs go to tab stops, as TextKit lays them out: 28 points apart by default, or the paragraph
/// style's; in whole cells in a terminal.
@MainActor
@Suite struct TabStopTests {
  @Test func theRule() {
    let standard = TextTabStops.standard
    #expect(standard.width(at: 0, space: 5, step: 0) == 28)
    #expect(standard.width(at: 27.5, space: 5, step: 0) == 0.5)
    #expect(standard.width(at: 28, space: 5, step: 0) == 28)
    // Past the last stop (336) without an interval: a space.
    #expect(standard.width(at: 340, space: 5, step: 0) == 5)
    // In cells of 8: a stop at 28 ends at the cell edge 32.
    #expect(standard.width(at: 8, space: 8, step: 8) == 24)
    #expect(TextTabStops(locations: [], interval: 40).width(at: 50, space: 5, step: 0) == 30)
    #expect(TextTabStops(nil) == .standard)
  }

  @Test func aTabInATextViewGoesToTheNextStop() {
    let (host, textView) = makeBareTextView()
    textView.text = "a\tb\tc"
    // Cells of 8 points: "a" then a tab to 28, rounded up to the cell edge at 32; the next stop
    // after "b" (at 40) is 56.
    #expect(viewRows(host).first == "a   b  c")
    let b = textView.position(from: textView.beginningOfDocument, offset: 2)!
    #expect(textView.caretRect(for: b).minX == 32)
    let tapped = textView.closestPosition(to: CGPoint(x: 33, y: 4))!
    #expect(textView.offset(from: textView.beginningOfDocument, to: tapped) == 2)
    // A tap on the tab's room: before or after the tab, by the nearer edge.
    #expect(textView.offset(from: textView.beginningOfDocument, to: textView.closestPosition(to: CGPoint(x: 12, y: 4))!) == 1)
    #expect(textView.offset(from: textView.beginningOfDocument, to: textView.closestPosition(to: CGPoint(x: 28, y: 4))!) == 2)
    #expect(textView.layoutManager.location(forGlyphAt: 4).x == 56)
    let rects = textView.selectionRects(for: textView.textRange(
      from: textView.position(from: textView.beginningOfDocument, offset: 1)!, to: b)!)
    #expect(rects.first?.rect.width == 24)
  }

  @Test func theTabKeyInsertsATabThatGoesToTheStop() {
    let (host, textView) = makeBareTextView()
    textView.becomeFirstResponder()
    host.type("ab")
    host.press(.tab)
    host.type("c")
    #expect(textView.text == "ab\tc")
    #expect(viewRows(host).first == "ab  c")
    #expect(textView.caretRect(for: textView.endOfDocument).minX == 40)
  }

  @Test func aParagraphsOwnTabStops() {
    let (host, textView) = makeBareTextView()
    textView.attributedText = NSAttributedString(string: "a\tb\tc", attributes: [.paragraphStyle: tabbed([80], interval: 0)])
    // One stop at 80 (column 10); past it, a tab is a space.
    #expect(viewRows(host).first == "a         b c")
    textView.attributedText = NSAttributedString(string: "\tx\ty", attributes: [.paragraphStyle: tabbed([], interval: 48)])
    #expect(viewRows(host).first == "      x     y")
  }

  @Test func aTabThatDoesNotFitWrapsToTheNextLine() {
    let (host, textView) = makeBareTextView()
    // 22 columns: 21 letters end at 168; a tab there would end at the stop at 196 (cell edge
    // 200), past the line: it starts the next line, where it goes to the first stop.
    textView.text = "aaaaaaaaaaaaaaaaaaaaa\tb"
    #expect(viewRows(host).prefix(2) == ["aaaaaaaaaaaaaaaaaaaaa", "    b"])
    let b = textView.position(from: textView.beginningOfDocument, offset: 22)!
    #expect(textView.caretRect(for: b) == CGRect(x: 32, y: 16, width: 2, height: 16))
  }

  @Test func tabsInPointsGoToThe28PointStops() {
    let controller = TextKitController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480))
    defer { withExtendedLifetime(host) {} }
    let textView = controller.textView
    textView.textContainerInset = .zero
    textView.textContainer.lineFragmentPadding = 0
    textView.text = "a\tb"
    host.settle()
    let b = textView.position(from: textView.beginningOfDocument, offset: 2)!
    #expect(textView.caretRect(for: b).minX == 28)
  }

  @Test func aLayoutManagerOfItsOwnPutsTabsAtTheirStops() {
    let saved = _StringLayout.screenMeasurer
    _StringLayout.screenMeasurer = CellTextMeasurer(cellSize: CGSize(width: 8, height: 16))
    defer { _StringLayout.screenMeasurer = saved }
    let storage = NSTextStorage(string: "a\tb")
    let manager = NSLayoutManager()
    let container = NSTextContainer(size: CGSize(width: 200, height: 100))
    container.lineFragmentPadding = 0
    manager.addTextContainer(container)
    storage.addLayoutManager(manager)
    #expect(manager.location(forGlyphAt: 2).x == 32)
  }
}
