import Foundation
import Testing
import UIKit
import UIKitTesting

/// A view that sizes itself with `boundingRect` at its width and draws with `draw(in:)`: what
/// custom text views in libraries do.
private final class NoteView: UIView {
  var note = ""
  let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 12)]

  override func sizeThatFits(_ size: CGSize) -> CGSize {
    let rect = (note as NSString).boundingRect(
      with: CGSize(width: size.width, height: .greatestFiniteMagnitude), options: [.usesLineFragmentOrigin],
      attributes: attributes, context: nil)
    return CGSize(width: ceil(rect.width), height: ceil(rect.height))
  }

  override func draw(_ rect: CGRect) {
    note.draw(in: bounds, withAttributes: attributes)
  }
}

@MainActor
private func show(_ view: UIView, size: CGSize = CGSize(width: 160, height: 128), cells: Bool = true) -> HeadlessHost {
  let controller = UIViewController()
  controller.view = UIView(frame: CGRect(origin: .zero, size: size))
  controller.view.addSubview(view)
  return HeadlessHost(rootViewController: controller, screenSize: size, measuresTextInCells: cells)
}

@MainActor
@Suite struct TextMeasurementTests {
  @Test func aViewSizedByBoundingRectShowsAllItsTextInCells() {
    let view = NoteView()
    view.note = "The quick brown fox jumps over the lazy dog"
    let host = show(view, size: CGSize(width: 160, height: 160))
    let size = view.sizeThatFits(CGSize(width: 80, height: 0))
    // 80 pt is 10 cells: "The quick " / "brown fox " / "jumps over " / "the lazy " / "dog".
    #expect(size == CGSize(width: 80, height: 80))
    view.frame = CGRect(origin: .zero, size: size)
    #expect(host.screen() == "The quick\nbrown fox\njumps over\nthe lazy\ndog")
    // Narrower: more lines, and still every word on screen.
    view.frame = CGRect(origin: .zero, size: view.sizeThatFits(CGSize(width: 48, height: 0)))
    #expect(view.frame.size == CGSize(width: 40, height: 144))
    #expect(host.screen() == "The\nquick\nbrown\nfox\njumps\nover\nthe\nlazy\ndog")
  }

  @Test func aViewSizedByBoundingRectFitsWithProportionalMeasurementToo() {
    let view = NoteView()
    view.note = "wrap me around"
    _ = show(view, cells: false)
    // 12 pt: 6 pt a column here.
    let rect = ("wrap me around" as NSString).boundingRect(
      with: CGSize(width: 48, height: 0), options: .usesLineFragmentOrigin, attributes: view.attributes, context: nil)
    #expect(rect.width == 42)  // "wrap me" is 7 columns; "around" 6
    #expect(rect.height == 2 * ceil(UIFont.systemFont(ofSize: 12).lineHeight))
  }

  @Test func sizeWithAttributesCountsCellsAndLines() {
    _ = show(UIView())
    #expect("hello".size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)]) == CGSize(width: 40, height: 16))
    #expect("日本".size(withAttributes: nil) == CGSize(width: 32, height: 16))
    #expect(NSAttributedString(string: "ab\nabcd").size() == CGSize(width: 32, height: 32))
    let single = "ab\ncd".boundingRect(with: .zero, options: [], attributes: nil, context: nil)
    #expect(single.height == 16, "without usesLineFragmentOrigin: one line")
    #expect(single.minY < 0, "its origin is the baseline")
  }

  @Test func truncatingTheLastVisibleLine() {
    _ = show(UIView())
    let context = NSStringDrawingContext()
    let rect = "one two three four".boundingRect(
      with: CGSize(width: 64, height: 16), options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine],
      attributes: nil, context: context)
    #expect(rect.height == 16)
    #expect(context.totalBounds == rect)
    let untruncated = "one two three four".boundingRect(
      with: CGSize(width: 64, height: 16), options: [.usesLineFragmentOrigin], attributes: nil, context: nil)
    #expect(untruncated.height == 48, "one two / three / four")
  }

  @Test func drawingOutsideDrawDoesNothingAndDrawAtKeepsAttributes() {
    "nothing".draw(at: .zero, withAttributes: nil)  // no context: nothing happens, as on iOS
    final class Sign: UIView {
      override func draw(_ rect: CGRect) {
        NSAttributedString(string: "OPEN", attributes: [.font: UIFont.boldSystemFont(ofSize: 12), .foregroundColor: UIColor.red])
          .draw(at: CGPoint(x: 8, y: 16))
        UIColor.blue.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 8, height: 16)).fill()
      }
    }
    let sign = Sign(frame: CGRect(x: 0, y: 0, width: 64, height: 32))
    let host = show(sign)
    let grid = host.grid()
    #expect(grid.lines[1] == " OPEN")
    #expect(grid[1, 1].isBold)
    #expect(grid[1, 1].foreground == CellGrid.RGB(r: 255, g: 0, b: 0))
    #expect(grid[0, 0].background != nil, "the path drawn after the text is drawn too")
  }

  @Test func drawWithOptionsWithoutLineFragmentOriginUsesTheBaseline() {
    final class Baseline: UIView {
      override func draw(_ rect: CGRect) {
        "base".draw(with: CGRect(x: 0, y: 28, width: 64, height: 0), options: [], attributes: nil, context: nil)
      }
    }
    let host = show(Baseline(frame: CGRect(x: 0, y: 0, width: 64, height: 48)))
    #expect(host.grid().lines[1] == "base", "a baseline at 28 pt puts the line in the second row")
  }
}
