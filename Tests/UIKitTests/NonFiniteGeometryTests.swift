import Foundation
import Testing
import UIKit
import UIKitTesting

/// Non-finite and extreme geometry (issue 32, item 1). Where iOS raises (a NaN frame, bounds or
/// centre; a constant that is not finite) the release checks see the message; everything iOS
/// accepts (infinite widths, constants whose sum overflows, NaN or enormous font sizes,
/// paddings) lays out, edits and draws without trapping later.
@MainActor @Suite struct NonFiniteGeometryTests {
  func hosted(_ view: UIView) -> HeadlessHost {
    let controller = UIViewController()
    controller.view.addSubview(view)
    return HeadlessHost(rootViewController: controller)
  }

  /// Every view of the window has a frame Core Animation would take (no NaN).
  func expectFramesHaveNoNaN(_ host: HeadlessHost, sourceLocation: SourceLocation = #_sourceLocation) {
    var stack: [UIView] = [host.window]
    while let view = stack.popLast() {
      #expect(!view.bounds.hasNaN && !view.center.x.isNaN && !view.center.y.isNaN, "\(view)", sourceLocation: sourceLocation)
      stack += view.subviews
    }
  }

  @Test func rectangleOperationsAnswerAsCoreGraphicsDoes() {
    let square = CGRect(x: 0, y: 0, width: 10, height: 10)
    for bad in [CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1),
                CGRect(x: -CGFloat.infinity, y: 0, width: CGFloat.infinity, height: 1), CGRect.null] {
      #expect(bad.safeIntersection(square).isNull, "\(bad)")
      #expect(square.safeIntersection(bad).isNull, "\(bad)")
      #expect(!bad.safeIntersects(square))
      #expect(!bad.safeContains(CGPoint(x: 1, y: 0.5)))
    }
    #expect(square.safeIntersection(CGRect(x: 5, y: 5, width: 10, height: 10)) == CGRect(x: 5, y: 5, width: 5, height: 5))
    // Touching edges: a zero-width rectangle, not null, and no overlap.
    let touching = CGRect(x: 10, y: 0, width: 5, height: 5)
    #expect(square.safeIntersection(touching) == CGRect(x: 10, y: 0, width: 0, height: 5))
    #expect(!square.safeIntersects(touching))
    // A negative size is standardized first; an infinite width overlaps what it covers.
    #expect(square.safeIntersection(CGRect(x: 5, y: 5, width: -3, height: -3)) == CGRect(x: 2, y: 2, width: 3, height: 3))
    #expect(square.safeIntersection(CGRect(x: 2, y: 0, width: CGFloat.infinity, height: 1)) == CGRect(x: 2, y: 0, width: 8, height: 1))
    #expect(square.safeIntersection(.infinite) == square)
    // Minimum edges in, maximum edges out.
    #expect(square.safeContains(CGPoint(x: 0, y: 0)) && !square.safeContains(CGPoint(x: 10, y: 5)))
    #expect(!square.safeContains(CGPoint(x: CGFloat.nan, y: 1)))
  }

  @Test func aTextViewOfInfiniteWidthEditsAndDraws() {
    let textView = UITextView(frame: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 100))
    textView.text = "hello world"
    let host = hosted(textView)
    #expect(textView.becomeFirstResponder())
    host.type(" again")
    _ = host.press(.left, modifiers: .shift)
    host.tap(at: CGPoint(x: 20, y: 120))
    _ = host.screen()
    #expect(textView.text == "hello world again")
    #expect(textView.frame.width == .infinity)
  }

  @Test func constantsThatAddUpPastTheLargestFloatLeaveTheViewWhereItWas() {
    _UIKitLog.writesToStandardError = false
    defer { _UIKitLog.writesToStandardError = true }
    _UIKitLog.messages = []
    let controller = UIViewController()
    let views = (0..<3).map { _ in UIView() }
    for view in views {
      view.translatesAutoresizingMaskIntoConstraints = false
      controller.view.addSubview(view)
      view.topAnchor.constraint(equalTo: controller.view.topAnchor).isActive = true
      view.heightAnchor.constraint(equalToConstant: 10).isActive = true
    }
    NSLayoutConstraint.activate([
      views[0].leadingAnchor.constraint(equalTo: controller.view.leadingAnchor, constant: 1e308),
      views[1].leadingAnchor.constraint(equalTo: views[0].leadingAnchor, constant: 1e308),
      views[2].leadingAnchor.constraint(equalTo: views[1].leadingAnchor, constant: 1e308),
      views[2].trailingAnchor.constraint(equalTo: controller.view.trailingAnchor),
      views[0].widthAnchor.constraint(equalToConstant: 10), views[1].widthAnchor.constraint(equalToConstant: 10),
    ])
    let host = HeadlessHost(rootViewController: controller)
    host.window.layoutIfNeeded()
    // 1e308 + 1e308 is infinite (Core Animation keeps infinite edges); the third view's width,
    // 390 − ∞, would put its centre at ∞ − ∞.
    #expect(views[1].frame.minX == .infinity)
    #expect(views[2].frame == .zero)
    expectFramesHaveNoNaN(host)
    _ = host.screen()
    let report = _UIKitLog.messages.first { $0.contains("not finite") }
    #expect(report?.hasPrefix("[LayoutConstraints] The constraints of UIView:0x") == true)
    #expect(report?.contains("(inf 0; -inf 10)") == true, "\(report ?? "")")
  }

  @Test(arguments: [CGFloat.nan, .infinity, .greatestFiniteMagnitude, 1e300, -12, 0])
  func aTextViewWithAnAbsurdFontSizeAndExclusionPathsEditsAndDraws(_ size: CGFloat) {
    let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    textView.textContainer.exclusionPaths = [UIBezierPath(rect: CGRect(x: 10, y: 0, width: 20, height: 20))]
    textView.font = UIFont.systemFont(ofSize: size)
    textView.text = "hello world hello world"
    let label = UILabel(frame: CGRect(x: 0, y: 120, width: 100, height: 40))
    label.font = UIFont.systemFont(ofSize: size)
    label.text = "Hi"
    let host = hosted(textView)
    textView.superview?.addSubview(label)
    #expect(textView.becomeFirstResponder())
    host.type("abc")
    for key in [HeadlessHost.Key.down, .up, .pageDown, .end, .home] { _ = host.press(key) }
    host.tap(at: CGPoint(x: 50, y: 40))
    _ = host.scroll(textView, by: CGPoint(x: 0, y: 50))
    _ = host.screen()
    #expect(textView.text.hasPrefix("abc") || textView.text.contains("abc"))
    #expect(textView.text.utf16.count == 26)
    expectFramesHaveNoNaN(host)
    _ = label.intrinsicContentSize
    _ = textView.sizeThatFits(CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
  }

  @Test(arguments: [CGFloat.nan, .infinity, 1e300, -5])
  func anAbsurdPaddingOrInsetThenAnEditDoesNotTrap(_ value: CGFloat) {
    let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    textView.text = "hello\nworld"
    textView.textContainer.lineFragmentPadding = value
    let host = hosted(textView)
    #expect(textView.becomeFirstResponder())
    host.type("abc")
    for key in [HeadlessHost.Key.down, .up, .end, .left] { _ = host.press(key) }
    textView.textContainerInset = UIEdgeInsets(top: value.isNaN ? 1e300 : value, left: 2, bottom: 2, right: 2)
    host.type("d")
    host.tap(at: CGPoint(x: 30, y: 30))
    _ = host.screen()
    #expect(textView.text.utf16.count == 15)
  }

  /// Issue 32, item 12: finite but absurd kerns and tab stops (1e12 points) asked the cell
  /// rasteriser for 1e11 blank columns; drawing stays bounded by what the screen shows.
  @Test(arguments: [CGFloat(1e12), -1e12, 1e7])
  func anEnormousKernOrTabStopDrawsWhatTheScreenShows(_ value: CGFloat) {
    let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
    let style = NSMutableParagraphStyle()
    style.tabStops = [NSTextTab(textAlignment: .left, location: value)]
    let text = NSMutableAttributedString(string: String(repeating: "a\tb kern\n", count: 40), attributes: [.paragraphStyle: style])
    text.addAttribute(.kern, value: value, range: NSRange(location: 4, length: 4))
    textView.attributedText = text
    let host = hosted(textView)
    let start = Date()
    #expect(textView.becomeFirstResponder())
    host.type("x")
    _ = host.press(.pageDown)
    let screen = host.screen()
    #expect(Date().timeIntervalSince(start) < 5, "a screen in bounded time")
    #expect(screen.contains("a"))
    #expect(textView.text.utf16.count == 361)
  }

  /// Found by the geometry fuzz: a rectangle no finite scroll or screen reaches does not move a
  /// scroll view to NaN, and an edit menu for text at infinity opens inside the window.
  @Test func targetsAtInfinityLeaveScrollingAndTheEditMenuInTheWindow() {
    let textView = UITextView(frame: CGRect(x: 10, y: 60, width: 300, height: 200))
    textView.text = "hello world"
    let host = hosted(textView)
    let offset = textView.contentOffset
    textView.scrollRectToVisible(CGRect(x: 0, y: CGFloat.infinity, width: 10, height: CGFloat.infinity), animated: false)
    textView.scrollRectToVisible(CGRect(x: -CGFloat.infinity, y: 0, width: CGFloat.infinity, height: 10), animated: false)
    #expect(textView.contentOffset == offset)
    textView.frame = CGRect(x: CGFloat.infinity, y: 60, width: 300, height: 200)
    #expect(textView.becomeFirstResponder())
    textView.selectedRange = NSRange(location: 0, length: 5)
    let menu = UIEditMenuInteraction(delegate: nil)
    textView.addInteraction(menu)
    menu.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: CGPoint(x: CGFloat.infinity, y: 0)))
    _ = host.screen()
    expectFramesHaveNoNaN(host)
  }
}
