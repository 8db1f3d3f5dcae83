// Drawing text through TextKit 1 as apps and libraries do: a label with padding (sized through
// `textRect(forBounds:limitedToNumberOfLines:)`, drawn inset in `drawText(in:)`), laid out by
// Auto Layout; a text view whose layout manager rounds its highlights. Compiled in Swift 5
// mode, in XCTest.
@_exported import UIKitXCTest
import UIKit
import XCTest

/// A label with padding around its text.
final class PaddingLabel: UILabel {
  var padding = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
  override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
    let rect = super.textRect(forBounds: bounds.inset(by: padding), limitedToNumberOfLines: numberOfLines)
    return rect.inset(by: UIEdgeInsets(top: -padding.top, left: -padding.left, bottom: -padding.bottom, right: -padding.right))
  }
  override func drawText(in rect: CGRect) {
    super.drawText(in: rect.inset(by: padding))
  }
}

/// Draws `.backgroundColor` runs as rounded rectangles.
final class RoundedHighlightLayoutManager: NSLayoutManager {
  override func fillBackgroundRectArray(
    _ rectArray: UnsafePointer<CGRect>, count rectCount: Int, forCharacterRange charRange: NSRange, color: UIColor
  ) {
    for index in 0..<rectCount {
      UIBezierPath(roundedRect: rectArray[index].insetBy(dx: -3, dy: 0), cornerRadius: 5).fill()
    }
  }
}

@MainActor
final class TextKitDrawingClientXCTests: XCTestCase {
  private var window: UIWindow?

  private func show(_ view: UIView) -> UIViewController {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = UIViewController()
    window.rootViewController = controller
    controller.view.addSubview(view)
    window.makeKeyAndVisible()
    self.window = window
    return controller
  }

  func testAPaddingLabelIsLaidOutWithItsPadding() throws {
    let label = PaddingLabel()
    label.text = "Tag"
    label.backgroundColor = .systemGray5
    label.translatesAutoresizingMaskIntoConstraints = false
    let controller = show(label)
    NSLayoutConstraint.activate([
      label.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor, constant: 20),
      label.topAnchor.constraint(equalTo: controller.view.topAnchor, constant: 100),
    ])
    window?.layoutIfNeeded()
    let bare = UILabel()
    bare.text = "Tag"
    XCTAssertEqual(label.frame.size, CGSize(width: bare.intrinsicContentSize.width + 32, height: bare.intrinsicContentSize.height + 16))
    let items = try XCTUnwrap(window?.displayList().items)
    let text = items.first { item in
      if case .text(let run) = item.content { return run.string == "Tag" }
      return false
    }
    XCTAssertEqual(text?.frame.minX, 36)
    XCTAssertEqual(text?.frame.minY, 108)
  }

  func testATextViewRoundsItsHighlightsThroughItsLayoutManager() throws {
    let storage = NSTextStorage(string: "Note: highlighted words", attributes: [.font: UIFont.systemFont(ofSize: 17)])
    storage.addAttribute(.backgroundColor, value: UIColor.systemYellow, range: NSRange(location: 6, length: 11))
    let layoutManager = RoundedHighlightLayoutManager()
    storage.addLayoutManager(layoutManager)
    let container = NSTextContainer(size: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
    layoutManager.addTextContainer(container)
    let textView = UITextView(frame: CGRect(x: 20, y: 100, width: 300, height: 200), textContainer: container)
    _ = show(textView)
    window?.layoutIfNeeded()
    let items = try XCTUnwrap(window?.displayList().items)
    let highlight = items.compactMap { item -> CGRect? in
      if case .path(let run) = item.content, run.color == UIColor.systemYellow.resolvedColor(with: textView.traitCollection) {
        return item.frame
      }
      return nil
    }
    let glyphs = layoutManager.boundingRect(forGlyphRange: NSRange(location: 6, length: 11), in: container)
    XCTAssertEqual(highlight.count, 1)
    XCTAssertEqual(highlight.first?.minX, 20 + textView.textContainerInset.left + glyphs.minX - 3)
    XCTAssertEqual(highlight.first?.width, glyphs.width + 6)
  }
}
