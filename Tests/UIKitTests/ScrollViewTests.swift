import Foundation
import Testing
@testable import UIKit
import UIKitTesting

/// A scroll view's delegate that records its calls (offsets rounded to whole points).
@MainActor
final class ScrollRecorder: NSObject, UIScrollViewDelegate {
  var calls: [String] = []
  /// Where `scrollViewWillEndDragging` sends the content instead (nil: where it was going).
  var retarget: CGPoint?
  var velocities: [CGPoint] = []

  func scrollViewDidScroll(_ scrollView: UIScrollView) { calls.append("didScroll") }
  func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
    calls.append("willBeginDragging dragging=\(scrollView.isDragging) tracking=\(scrollView.isTracking)")
  }
  func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {
    velocities.append(velocity)
    calls.append("willEndDragging")
    if let retarget { targetContentOffset.pointee = retarget }
  }
  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    calls.append("didEndDragging decelerate=\(decelerate)")
  }
  func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    calls.append("didEndDecelerating decelerating=\(scrollView.isDecelerating)")
  }
  func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }
  func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
    calls.append("didChangeAdjustedContentInset \(scrollView.adjustedContentInset.top),\(scrollView.adjustedContentInset.bottom)")
  }
  func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool {
    calls.append("shouldScrollToTop")
    return true
  }
  func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { calls.append("didScrollToTop") }

  /// The calls with runs of `didScroll` counted: "didScroll×3".
  var summary: [String] {
    var result: [String] = []
    var run = 0
    func flush() {
      if run > 0 { result.append(run == 1 ? "didScroll" : "didScroll×n") }
      run = 0
    }
    for call in calls {
      if call == "didScroll" { run += 1 } else {
        flush()
        result.append(call)
      }
    }
    flush()
    return result
  }
}

/// A scroll view filling a 320 × 480 window (no safe area), with 1000 points of content.
@MainActor
final class ScrollController: UIViewController {
  let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
  let button = UIButton(type: .system)
  var taps = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    scrollView.contentSize = CGSize(width: 320, height: 1000)
    view.addSubview(scrollView)
    button.frame = CGRect(x: 16, y: 200, width: 200, height: 32)
    button.setTitle("Press", for: .normal)
    button.addAction(UIAction { [unowned self] _ in taps += 1 }, for: .touchUpInside)
    scrollView.addSubview(button)
    for row in 0..<30 {
      let label = UILabel(frame: CGRect(x: 16, y: 300 + CGFloat(row) * 32, width: 200, height: 16))
      label.text = "Row \(row)"
      scrollView.addSubview(label)
    }
  }
}

@MainActor
private func makeScroller() -> (HeadlessHost, ScrollController, ScrollRecorder) {
  let controller = ScrollController()
  let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480))
  let recorder = ScrollRecorder()
  controller.scrollView.delegate = recorder
  return (host, controller, recorder)
}

@MainActor
@Suite("UIScrollView")
struct ScrollViewTests {
  @Test func contentOffsetIsTheBoundsOriginAndEveryChangeIsReported() {
    let (_, controller, recorder) = makeScroller()
    let scrollView = controller.scrollView
    scrollView.contentOffset = CGPoint(x: 0, y: 40)
    #expect(scrollView.bounds.origin == CGPoint(x: 0, y: 40))
    #expect(controller.button.convert(controller.button.bounds, to: nil).minY == 160)
    scrollView.contentOffset = CGPoint(x: 0, y: 40)
    #expect(recorder.calls == ["didScroll"], "the same offset again is no scroll")
    scrollView.bounds.origin.y = 10
    #expect(recorder.calls == ["didScroll", "didScroll"], "moving the bounds' origin scrolls too")
    scrollView.bounds.size.height = 400
    #expect(recorder.calls.count == 2, "a new size is no scroll")
  }

  @Test func animatedContentOffsetMovesFrameByFrameOnTheClock() {
    let (host, controller, recorder) = makeScroller()
    let scrollView = controller.scrollView
    scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
    #expect(scrollView.contentOffset.y == 0, "nothing moves before time passes")
    host.advance(by: 0.15)
    #expect(scrollView.contentOffset.y > 50 && scrollView.contentOffset.y < 250)
    host.advance(by: 0.2)
    #expect(scrollView.contentOffset.y == 300)
    #expect(recorder.summary == ["didScroll×n", "didEndScrollingAnimation"])
    #expect(recorder.calls.filter { $0 == "didScroll" }.count >= 15, "one scroll per frame of 0.3 s")
    host.settle()
    #expect(recorder.calls.last == "didEndScrollingAnimation")

    recorder.calls = []
    scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
    host.settle()
    #expect(recorder.calls == [], "no animation to where it already is")

    // A new offset without animation stops the animation under way: it never ends.
    scrollView.setContentOffset(CGPoint(x: 0, y: 0), animated: true)
    host.advance(by: 0.05)
    scrollView.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
    host.settle()
    #expect(scrollView.contentOffset.y == 100)
    #expect(!recorder.calls.contains("didEndScrollingAnimation"))
  }

  @Test func scrollRectToVisibleScrollsTheLeastInsideTheInsets() {
    let (host, controller, recorder) = makeScroller()
    let scrollView = controller.scrollView
    scrollView.contentInset.bottom = 100
    #expect(recorder.calls == ["didChangeAdjustedContentInset 0.0,100.0"])
    recorder.calls = []
    scrollView.scrollRectToVisible(CGRect(x: 0, y: 500, width: 10, height: 20), animated: false)
    #expect(scrollView.contentOffset.y == 140, "the rect's bottom at the bottom inset: 520 - (480 - 100)")
    scrollView.scrollRectToVisible(CGRect(x: 0, y: 300, width: 10, height: 20), animated: false)
    #expect(scrollView.contentOffset.y == 140, "already visible: no scroll")
    #expect(recorder.calls == ["didScroll"])
    scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 20), animated: false)
    #expect(scrollView.contentOffset.y == 100, "above: its top at the top")
    scrollView.scrollRectToVisible(CGRect(x: 0, y: 5000, width: 10, height: 20), animated: false)
    #expect(scrollView.contentOffset.y == 620, "never past the content's end with its inset: 1000 + 100 - 480")
    scrollView.scrollRectToVisible(CGRect(x: 0, y: 0, width: 10, height: 20), animated: true)
    #expect(scrollView.contentOffset.y == 620)
    host.settle()
    #expect(scrollView.contentOffset.y == 0)
    #expect(recorder.calls.last == "didEndScrollingAnimation")
    scrollView.isScrollEnabled = false
    scrollView.scrollRectToVisible(CGRect(x: 0, y: 900, width: 10, height: 20), animated: false)
    #expect(scrollView.contentOffset.y == 0)
  }

  @Test func adjustedContentInsetAddsTheSafeAreaAsTheBehaviourSays() {
    // An iPhone's safe area: 47 points at the top, 34 at the bottom.
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller)
    let scrollView = UIScrollView(frame: controller.view.bounds)
    let recorder = ScrollRecorder()
    scrollView.delegate = recorder
    scrollView.contentSize = CGSize(width: 390, height: 2000)
    controller.view.addSubview(scrollView)
    host.settle()
    #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    #expect(scrollView.contentOffset.y == -47, "content resting at its top stays below the status bar")
    #expect(recorder.calls.contains("didChangeAdjustedContentInset 47.0,34.0"))
    #expect(scrollView.safeAreaInsets.top == 47)

    scrollView.contentInset.top = 10
    #expect(scrollView.adjustedContentInset.top == 57)
    #expect(scrollView.contentOffset.y == -47, "an app's own inset leaves the offset alone")
    scrollView.contentInset = .zero

    scrollView.contentInsetAdjustmentBehavior = .never
    #expect(scrollView.adjustedContentInset == .zero)
    #expect(recorder.calls.last == "didChangeAdjustedContentInset 0.0,0.0")

    scrollView.contentInsetAdjustmentBehavior = .scrollableAxes
    scrollView.contentSize = CGSize(width: 390, height: 100)
    #expect(scrollView.adjustedContentInset == .zero, "short content does not scroll vertically")
    scrollView.alwaysBounceVertical = true
    #expect(scrollView.adjustedContentInset.top == 47)
    scrollView.alwaysBounceVertical = false
    scrollView.contentInsetAdjustmentBehavior = .always
    #expect(scrollView.adjustedContentInset.bottom == 34)
    scrollView.contentInsetAdjustmentBehavior = .automatic
    #expect(scrollView.adjustedContentInset == .zero, "automatic: as scrollable axes for a subview")

    // A view controller's own view: automatic always adjusts vertically.
    let own = UIViewController()
    let ownScroll = UIScrollView()
    own.view = ownScroll
    let second = HeadlessHost(rootViewController: own)
    second.settle()
    #expect(ownScroll.adjustedContentInset.top == 47)
  }

  @Test func adjustedContentInsetDidChangeReachesSubclasses() {
    final class Watched: UIScrollView {
      var changes: [UIEdgeInsets] = []
      override func adjustedContentInsetDidChange() {
        super.adjustedContentInsetDidChange()
        changes.append(adjustedContentInset)
      }
    }
    let view = Watched(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    view.contentInset = UIEdgeInsets(top: 5, left: 0, bottom: 7, right: 0)
    view.contentInset = UIEdgeInsets(top: 5, left: 0, bottom: 7, right: 0)
    #expect(view.changes == [UIEdgeInsets(top: 5, left: 0, bottom: 7, right: 0)])
  }

  @Test func wheelScrollsTheInnermostScrollViewThatCanMoveThatWay() {
    let (host, controller, recorder) = makeScroller()
    let outer = controller.scrollView
    // A row that scrolls sideways only.
    let inner = UIScrollView(frame: CGRect(x: 0, y: 40, width: 320, height: 100))
    inner.contentSize = CGSize(width: 1000, height: 100)
    outer.addSubview(inner)
    let innerRecorder = ScrollRecorder()
    inner.delegate = innerRecorder
    #expect(host.scrollWheel(at: CGPoint(x: 100, y: 80), by: CGPoint(x: 0, y: 48)))
    #expect(outer.contentOffset.y == 48 && inner.contentOffset == .zero, "vertical: the outer one")
    #expect(host.scrollWheel(at: CGPoint(x: 100, y: 40), by: CGPoint(x: 30, y: 0)))
    #expect(inner.contentOffset.x == 30, "sideways: the inner one")
    #expect(innerRecorder.calls == ["didScroll"])
    // Clamped to the end of the content with its inset.
    outer.contentInset.bottom = 20
    host.scroll(outer, by: CGPoint(x: 0, y: 5000))
    #expect(outer.contentOffset.y == 540)
    #expect(!host.scroll(outer, by: CGPoint(x: 0, y: 10)), "nothing further to go")
    host.scroll(outer, by: CGPoint(x: 0, y: -5000))
    #expect(outer.contentOffset.y == 0)
    #expect(recorder.calls.filter { $0 == "didScroll" }.count == 3)
    outer.isScrollEnabled = false
    #expect(!host.scroll(outer, by: CGPoint(x: 0, y: 10)))
  }

  @Test func aDragScrollsWithTheFingerInIOSOrderAndCancelsTheContentsTouch() {
    let (host, controller, recorder) = makeScroller()
    let scrollView = controller.scrollView
    // Down on the button, then up by 160 points: a drag of the content, not a press.
    host.drag(from: CGPoint(x: 50, y: 216), to: CGPoint(x: 50, y: 56), steps: 4)
    #expect(scrollView.contentOffset.y == 160)
    #expect(controller.taps == 0, "the drag cancelled the button's touch")
    #expect(recorder.summary == [
      "willBeginDragging dragging=true tracking=true", "didScroll×n", "willEndDragging", "didEndDragging decelerate=false",
    ])
    #expect(recorder.velocities == [.zero], "no time passed: no speed")
    #expect(!scrollView.isDragging && !scrollView.isTracking && !scrollView.isDecelerating)
    // A tap still presses the button.
    host.tap(controller.button)
    #expect(controller.taps == 1)
  }

  @Test func aFlickGlidesOnAndSlowsDownOnTheClock() {
    let (host, controller, recorder) = makeScroller()
    let scrollView = controller.scrollView
    host.drag(from: CGPoint(x: 50, y: 400), to: CGPoint(x: 50, y: 300), steps: 4, duration: 0.1)
    #expect(scrollView.contentOffset.y == 100)
    #expect(scrollView.isDecelerating)
    let velocity = recorder.velocities.first ?? .zero
    #expect(abs(velocity.y - 1) < 0.01, "25 points each 25 ms: 1 point per millisecond, in the offset's direction")
    host.advance(by: 0.1)
    let midway = scrollView.contentOffset.y
    #expect(midway > 100)
    host.settle()
    #expect(!scrollView.isDecelerating)
    #expect(scrollView.contentOffset.y == 520, "1 pt/ms carries 499 points, but the content ends at 520")
    #expect(recorder.summary == [
      "willBeginDragging dragging=true tracking=true", "didScroll×n", "willEndDragging", "didEndDragging decelerate=true",
      "willBeginDecelerating", "didScroll×n", "didEndDecelerating decelerating=false",
    ])
  }

  @Test func theDelegateChoosesWhereTheGlideEnds() {
    let (host, controller, recorder) = makeScroller()
    recorder.retarget = CGPoint(x: 0, y: 250)
    host.drag(from: CGPoint(x: 50, y: 400), to: CGPoint(x: 50, y: 300), steps: 4, duration: 0.1)
    host.settle()
    #expect(controller.scrollView.contentOffset.y == 250)
    // A touch on a gliding content stops it where it is.
    recorder.retarget = nil
    host.drag(from: CGPoint(x: 50, y: 400), to: CGPoint(x: 50, y: 300), steps: 4, duration: 0.1)
    host.advance(by: 0.05)
    let stopped = controller.scrollView.contentOffset.y
    host.tap(at: CGPoint(x: 300, y: 10))
    host.settle()
    #expect(controller.scrollView.contentOffset.y == stopped)
  }

  @Test func pastTheTopItBouncesBackOrStops() {
    let (host, controller, recorder) = makeScroller()
    let scrollView = controller.scrollView
    host.drag(from: CGPoint(x: 50, y: 100), to: CGPoint(x: 50, y: 200), steps: 2)
    #expect(scrollView.contentOffset.y == -50, "pulled 100 points past the top: half as far")
    #expect(recorder.calls.contains("didEndDragging decelerate=true"), "it springs back")
    host.settle()
    #expect(scrollView.contentOffset.y == 0)

    // While pulled past the edge, the content moves half as far as the finger.
    recorder.calls = []
    var pulled: [CGFloat] = []
    final class Watcher: NSObject, UIScrollViewDelegate {
      var offsets: [CGFloat] = []
      func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset.y) }
    }
    let watcher = Watcher()
    scrollView.delegate = watcher
    host.drag(from: CGPoint(x: 50, y: 100), to: CGPoint(x: 50, y: 200), steps: 2)
    pulled = watcher.offsets
    #expect(pulled.first == -25, "50 points down: 25 past the top")
    #expect(pulled.contains(-50))
    host.settle()
    #expect(watcher.offsets.last == 0)

    scrollView.bounces = false
    watcher.offsets = []
    host.drag(from: CGPoint(x: 50, y: 100), to: CGPoint(x: 50, y: 200), steps: 2)
    #expect(watcher.offsets.isEmpty, "without bouncing it stays at the top")
  }

  @Test func pagingStopsOnAPage() {
    let (host, controller, _) = makeScroller()
    let scrollView = controller.scrollView
    scrollView.isPagingEnabled = true
    scrollView.contentSize = CGSize(width: 320, height: 480 * 3)
    host.drag(from: CGPoint(x: 50, y: 400), to: CGPoint(x: 50, y: 300), steps: 4, duration: 0.1)
    host.settle()
    #expect(scrollView.contentOffset.y == 480, "moving on: the next page")
    host.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 50, y: 200), steps: 4)
    host.settle()
    #expect(scrollView.contentOffset.y == 480, "let go near it without speed: the nearest page")
  }

  @Test func keyboardDismissModeOnDragResignsTheFirstResponder() {
    let (host, controller, _) = makeScroller()
    let field = UITextField(frame: CGRect(x: 16, y: 100, width: 200, height: 32))
    controller.scrollView.addSubview(field)
    host.tap(field)
    #expect(field.isFirstResponder)
    host.drag(from: CGPoint(x: 100, y: 180), to: CGPoint(x: 100, y: 140))
    #expect(field.isFirstResponder, "the default mode leaves the keyboard up")
    #expect(controller.scrollView.contentOffset.y == 40)
    controller.scrollView.keyboardDismissMode = .onDrag
    host.drag(from: CGPoint(x: 100, y: 180), to: CGPoint(x: 100, y: 140))
    #expect(!field.isFirstResponder)
  }

  @Test func interactiveDismissalNeedsTheFingerToGoDownIntoTheKeyboard() {
    let (host, controller, _) = makeScroller()
    let scrollView = controller.scrollView
    scrollView.keyboardDismissMode = .interactive
    scrollView.contentOffset.y = 300
    let field = UITextField(frame: CGRect(x: 16, y: 320, width: 200, height: 32))
    scrollView.addSubview(field)
    host.tap(field)
    host.settle()
    let keyboardTop = try! #require(host.window.keyboard.frame).minY
    host.drag(from: CGPoint(x: 280, y: 150), to: CGPoint(x: 280, y: 100))
    #expect(field.isFirstResponder, "a drag up does not dismiss")
    host.drag(from: CGPoint(x: 280, y: 100), to: CGPoint(x: 280, y: keyboardTop - 20))
    #expect(field.isFirstResponder, "a drag that stays above the keyboard does not dismiss")
    host.drag(from: CGPoint(x: 280, y: 100), to: CGPoint(x: 280, y: keyboardTop + 20))
    #expect(!field.isFirstResponder)
  }

  @Test func aDragOnAnEditingTextObjectSelectsInsteadOfScrolling() {
    let (host, controller, recorder) = makeScroller()
    let field = UITextField(frame: CGRect(x: 16, y: 100, width: 200, height: 32))
    field.text = "hello world"
    controller.scrollView.addSubview(field)
    host.tap(field)
    recorder.calls = []
    host.drag(from: CGPoint(x: 18, y: 116), to: CGPoint(x: 18, y: 60))
    #expect(recorder.calls.isEmpty)
    #expect(controller.scrollView.contentOffset == .zero)
  }

  @Test func indicatorsShowWhileScrollingAndThenGo() {
    let (host, controller, _) = makeScroller()
    let scrollView = controller.scrollView
    func lastColumn() -> String {
      host.screen().split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.count >= 40 ? String(line[line.index(line.startIndex, offsetBy: 39)]) : " "
      }.joined()
    }
    #expect(!lastColumn().contains(where: { $0 != " " }), "no indicator at rest")
    scrollView.contentOffset.y = 100
    #expect(!lastColumn().contains(where: { $0 != " " }), "code that sets the offset shows none")
    host.scroll(scrollView, by: CGPoint(x: 0, y: 100))
    let bar = lastColumn()
    #expect(bar.contains(where: { $0 != " " }), "the wheel shows the vertical indicator in the last column")
    let rect = try! #require(scrollView._scrollIndicatorRects.vertical)
    #expect(abs(rect.height - (480 - 6) * 0.48) < 0.001, "480 of 1000 points show: that share of the track")
    #expect(scrollView._scrollIndicatorRects.horizontal == nil, "no sideways content, no horizontal indicator")
    host.advance(by: 1)
    #expect(!lastColumn().contains(where: { $0 != " " }))
    scrollView.flashScrollIndicators()
    #expect(lastColumn().contains(where: { $0 != " " }))
    host.settle()
    scrollView.showsVerticalScrollIndicator = false
    scrollView.flashScrollIndicators()
    #expect(!lastColumn().contains(where: { $0 != " " }))
  }

  @Test func indicatorInsetsMoveTheIndicator() {
    let (_, controller, _) = makeScroller()
    let scrollView = controller.scrollView
    let plain = try! #require(scrollView._scrollIndicatorRects.vertical)
    scrollView.verticalScrollIndicatorInsets = UIEdgeInsets(top: 0, left: 0, bottom: 200, right: 10)
    let inset = try! #require(scrollView._scrollIndicatorRects.vertical)
    #expect(inset.maxX == plain.maxX - 10)
    #expect(inset.height < plain.height, "a shorter track")
    scrollView.scrollIndicatorInsets = .zero
    #expect(scrollView._scrollIndicatorRects.vertical == plain)
    #expect(scrollView.horizontalScrollIndicatorInsets == .zero)
  }

  @Test func scrollToTopAsksTheDelegateAndAnimates() {
    let (host, controller, recorder) = makeScroller()
    let scrollView = controller.scrollView
    scrollView.contentOffset.y = 400
    recorder.calls = []
    #expect(scrollView._scrollToTop())
    host.settle()
    #expect(scrollView.contentOffset.y == 0)
    #expect(recorder.summary == ["shouldScrollToTop", "didScroll×n", "didScrollToTop"])
    scrollView.scrollsToTop = false
    scrollView.contentOffset.y = 400
    #expect(!scrollView._scrollToTop())
  }

  @Test func layoutGuidesSizeTheContentAndHoldStill() {
    let (host, controller, _) = makeScroller()
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    controller.view.addSubview(scrollView)
    let content = UIView()
    content.translatesAutoresizingMaskIntoConstraints = false
    scrollView.addSubview(content)
    let badge = UIView()
    badge.translatesAutoresizingMaskIntoConstraints = false
    scrollView.addSubview(badge)
    NSLayoutConstraint.activate([
      content.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor),
      content.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor),
      content.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor),
      content.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor),
      content.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor),
      content.heightAnchor.constraint(equalToConstant: 600),
      badge.topAnchor.constraint(equalTo: scrollView.frameLayoutGuide.topAnchor, constant: 10),
      badge.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor),
      badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 20),
    ])
    host.settle()
    #expect(scrollView.contentSize == CGSize(width: 200, height: 600), "the content's constraints size it")
    #expect(content.frame == CGRect(x: 0, y: 0, width: 200, height: 600))
    scrollView.contentOffset.y = 150
    host.settle()
    #expect(badge.frame == CGRect(x: 180, y: 160, width: 20, height: 20), "pinned to the frame: moves with the offset")
    #expect(badge.convert(badge.bounds, to: nil).minY == 10, "so it stays put on screen")
    #expect(scrollView.frameLayoutGuide.layoutFrame == scrollView.bounds)
  }

  @Test func aButtonHeldDownKeepsItsTouchUnlessTheScrollViewSaysOtherwise() {
    final class Grabbing: UIScrollView {
      override func touchesShouldCancel(in view: UIView) -> Bool { true }
    }
    let (host, controller, _) = makeScroller()
    // Held 0.2 s before moving: the button has the touch, and a control keeps it.
    host.drag(from: CGPoint(x: 50, y: 216), to: CGPoint(x: 50, y: 56), steps: 4, duration: 0.8)
    #expect(controller.scrollView.contentOffset.y == 0)
    // The same drag on a view that is no control scrolls.
    host.drag(from: CGPoint(x: 50, y: 316), to: CGPoint(x: 50, y: 156), steps: 4, duration: 0.8)
    #expect(controller.scrollView.contentOffset.y == 160)
    host.settle()

    let grabbing = Grabbing(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    grabbing.contentSize = CGSize(width: 320, height: 1000)
    let button = UIButton(type: .system)
    button.frame = CGRect(x: 16, y: 200, width: 200, height: 32)
    var presses = 0
    button.addAction(UIAction { _ in presses += 1 }, for: .touchUpInside)
    grabbing.addSubview(button)
    controller.view.addSubview(grabbing)
    host.drag(from: CGPoint(x: 50, y: 216), to: CGPoint(x: 50, y: 56), steps: 4, duration: 0.8)
    #expect(grabbing.contentOffset.y == 160, "touchesShouldCancel(in:) said yes")
    #expect(presses == 0)
  }

  @Test func touchesShouldBeginKeepsTheTouchFromTheContent() {
    final class Withholding: UIScrollView {
      var asked: [String] = []
      override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        asked.append(String(describing: type(of: view)))
        return false
      }
    }
    let (host, controller, _) = makeScroller()
    let scrollView = Withholding(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    scrollView.contentSize = CGSize(width: 320, height: 1000)
    let button = UIButton(type: .system)
    button.frame = CGRect(x: 16, y: 200, width: 200, height: 32)
    var presses = 0
    button.addAction(UIAction { _ in presses += 1 }, for: .touchUpInside)
    scrollView.addSubview(button)
    controller.view.addSubview(scrollView)
    host.tap(button)
    #expect(presses == 0)
    #expect(scrollView.asked == ["UIButton"])
    host.drag(from: CGPoint(x: 50, y: 216), to: CGPoint(x: 50, y: 56), steps: 4)
    #expect(scrollView.contentOffset.y == 160, "it still scrolls")
  }

  @Test func constraintsToTheScrollViewsEdgesAttachToItsContent() {
    let (host, controller, _) = makeScroller()
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    scrollView.contentSize = CGSize(width: 200, height: 400)
    controller.view.addSubview(scrollView)
    let label = UILabel()
    label.text = "Title"
    label.translatesAutoresizingMaskIntoConstraints = false
    scrollView.addSubview(label)
    NSLayoutConstraint.activate([
      label.topAnchor.constraint(equalTo: scrollView.topAnchor, constant: 20),
      label.leadingAnchor.constraint(equalTo: scrollView.leadingAnchor, constant: 8),
    ])
    scrollView.contentOffset.y = 50
    host.settle()
    #expect(label.frame.origin == CGPoint(x: 8, y: 20), "content coordinates, wherever it is scrolled to")
    label.superview?.setNeedsLayout()
    scrollView.contentOffset.y = 80
    host.settle()
    #expect(label.frame.origin == CGPoint(x: 8, y: 20))
  }

  @Test func aFieldThatBecomesFirstResponderIsScrolledIntoView() {
    let (host, controller, recorder) = makeScroller()
    let scrollView = controller.scrollView
    let top = UITextField(frame: CGRect(x: 16, y: 20, width: 200, height: 32))
    let far = UITextField(frame: CGRect(x: 16, y: 900, width: 200, height: 32))
    scrollView.addSubview(top)
    scrollView.addSubview(far)
    host.tap(top)
    #expect(recorder.calls.isEmpty, "already visible")
    host.press(.tab)
    host.settle()
    #expect(far.isFirstResponder)
    #expect(scrollView.contentOffset.y == 452, "its bottom (932) at the bottom (480)")
    #expect(recorder.calls.last == "didEndScrollingAnimation", "animated, as on iOS")
  }

  @Test func aContentThatShrinksComesBackInside() {
    let (_, controller, recorder) = makeScroller()
    let scrollView = controller.scrollView
    scrollView.contentInset.bottom = 200
    scrollView.contentOffset.y = 720
    recorder.calls = []
    scrollView.contentInset.bottom = 0
    #expect(scrollView.contentOffset.y == 520)
    scrollView.contentSize.height = 600
    #expect(scrollView.contentOffset.y == 120)
    scrollView.contentSize.height = 100
    #expect(scrollView.contentOffset.y == 0)
    #expect(recorder.calls.filter { $0 == "didScroll" }.count == 3)
  }
}
