import Foundation
import Testing
import UIKit
import UIKitTesting

/// Issue 32, item 12: a frame's cost grows with the views on screen, and a host must be able to
/// stop one for a quit key; and what is clipped away costs no drawing.
@MainActor
@Suite struct FrameInterruptionTests {
  /// Hypnosister after many Returns: `count` red labels over a full-screen view.
  private func crowdedScreen(labels count: Int) -> HeadlessHost {
    let controller = UIViewController()
    for index in 0..<count {
      let label = UILabel(frame: CGRect(x: CGFloat(index % 40) * 8, y: CGFloat(index % 30) * 16, width: 80, height: 16))
      label.text = "hi \(index)"
      label.textColor = .red
      controller.view.addSubview(label)
    }
    return HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480), measuresTextInCells: true)
  }

  private func textItems(_ list: DisplayList) -> Int {
    list.items.filter { if case .text = $0.content { true } else { false } }.count
  }

  @Test func aFrameGoesOnWhileTheHostSaysSoAndIsAskedEveryFewHundredViews() {
    let host = crowdedScreen(labels: 1_000)
    var asked = 0
    let interruption = FrameInterruption {
      asked += 1
      return false
    }
    let list = host.window.displayList(interruption: interruption)
    #expect(!interruption.isAbandoned)
    #expect(textItems(list) == 1_000, "every label drawn")
    let plain = host.window.displayList()
    #expect(list.items.count == plain.items.count)
    #expect(
      CellRasterizer().rasterize(list, size: host.window.bounds.size)
        == CellRasterizer().rasterize(plain, size: host.window.bounds.size),
      "the same frame as without an interruption")
    // The window, its root view and 1,000 labels (and the views of the window's chrome).
    #expect(asked >= 1_002 / FrameInterruption.interval && asked <= 1_100 / FrameInterruption.interval)
  }

  @Test func theHostAbandonsAFrameAndTheRestIsNotDrawn() {
    let host = crowdedScreen(labels: 1_000)
    var asked = 0
    let interruption = FrameInterruption {
      asked += 1
      return asked == 2
    }
    let list = host.window.displayList(interruption: interruption)
    #expect(interruption.isAbandoned)
    #expect(asked == 2, "not asked again once abandoned")
    // Abandoned at the 512th view; the labels' ancestors (the root view up to the window) came
    // first.
    let ancestors = Array(sequence(first: host.window.rootViewController!.view!) { $0.superview }).count
    #expect(textItems(list) == 2 * FrameInterruption.interval - 1 - ancestors)
    // The rasteriser stops at once with an abandoned frame.
    let grid = CellRasterizer().rasterize(list, size: host.window.bounds.size, interruption: interruption)
    #expect(!grid.lines.contains { $0.contains("hi") }, "nothing rasterised after the frame was abandoned")
  }

  @Test func theRasteriserAsksTooAndStops() {
    let host = crowdedScreen(labels: 1_000)
    let list = host.window.displayList()
    var asked = 0
    let going = FrameInterruption {
      asked += 1
      return false
    }
    let whole = CellRasterizer().rasterize(list, size: host.window.bounds.size, interruption: going)
    #expect(whole == CellRasterizer().rasterize(list, size: host.window.bounds.size))
    #expect(asked == list.items.count / FrameInterruption.interval)
    let stopping = FrameInterruption { true }
    let cut = CellRasterizer().rasterize(list, size: host.window.bounds.size, interruption: stopping)
    #expect(stopping.isAbandoned)
    #expect(cut != whole)
  }

  /// A scroll view whose content holds a clipping view far below what it shows.
  @Test func aClippingViewOutsideWhatItsAncestorsShowDrawsNothingAndItsChangesStillAnimate() {
    let controller = UIViewController()
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    scrollView.contentSize = CGSize(width: 320, height: 4_000)
    let box = UIView(frame: CGRect(x: 0, y: 2_000, width: 320, height: 100))
    box.clipsToBounds = true
    box.backgroundColor = .blue
    let label = UILabel(frame: CGRect(x: 8, y: 8, width: 200, height: 16))
    label.text = "far below"
    box.addSubview(label)
    scrollView.addSubview(box)
    controller.view.addSubview(scrollView)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480), measuresTextInCells: true)

    func drawsTheBox() -> Bool {
      host.window.displayList().items.contains { item in
        if case .text(let run) = item.content { return run.string == "far below" }
        if case .fill(let color) = item.content { return color == .blue }
        return false
      }
    }
    #expect(!drawsTheBox())
    #expect(!host.screen().contains("far below"))
    // Its layers are on screen for Core Animation all the same: a change animates.
    UIView.animate(withDuration: 0.3) { label.alpha = 0.5 }
    #expect(label.layer.animationKeys()?.isEmpty == false)

    scrollView.contentOffset = CGPoint(x: 0, y: 1_900)
    #expect(drawsTheBox())
    #expect(host.screen().contains("far below"))
  }
}
