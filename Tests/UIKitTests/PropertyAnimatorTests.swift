import Foundation
import Testing
import UIKit
import UIKitTesting

/// UIViewPropertyAnimator on UIKit's clock: started, paused, scrubbed, reversed, stopped and
/// finished, as interactive transitions and keyboard-following bars use it.
@MainActor @Suite(.serialized) struct PropertyAnimatorTests {
  /// A 100-point-wide box at x = 0 in a host's window.
  func box() -> (HeadlessHost, UIView) {
    let controller = UIViewController()
    let view = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 50))
    controller.view.addSubview(view)
    let host = HeadlessHost(rootViewController: controller)
    _ = host.window.displayList()  // on screen: changes animate from now on
    return (host, view)
  }

  /// Where the box is drawn now (its presentation's left edge).
  func shownX(_ view: UIView) -> CGFloat {
    (view.layer.presentation()?.position.x ?? view.layer.position.x) - view.bounds.width / 2
  }

  @Test func itRunsToTheEndAndCompletes() {
    let (host, view) = box()
    var ended: [UIViewAnimatingPosition] = []
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.frame.origin.x = 200 }
    animator.addCompletion { ended.append($0) }
    #expect(animator.state == .inactive && view.frame.origin.x == 0, "nothing runs before it starts")
    animator.startAnimation()
    #expect(animator.state == .active && animator.isRunning)
    #expect(view.frame.origin.x == 200, "the model takes the end value at once, as on iOS")
    host.advance(by: 0.5)
    #expect(abs(shownX(view) - 100) < 4, "half way: \(shownX(view))")
    #expect(abs(animator.fractionComplete - 0.5) < 0.02)
    host.advance(by: 0.6)
    #expect(ended == [.end])
    #expect(animator.state == .inactive && !animator.isRunning)
    #expect(shownX(view) == 200)
  }

  @Test func pausedItScrubsLinearlyThenFinishesOnItsCurve() {
    let (host, view) = box()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.frame.origin.x = 200 }
    animator.pauseAnimation()
    #expect(animator.state == .active && !animator.isRunning)
    #expect(shownX(view) == 0)
    animator.fractionComplete = 0.75
    #expect(abs(shownX(view) - 150) < 1, "scrubbed linearly: \(shownX(view))")
    host.advance(by: 2)
    #expect(abs(shownX(view) - 150) < 1, "paused: time does not move it")
    var ended: UIViewAnimatingPosition?
    animator.addCompletion { ended = $0 }
    animator.startAnimation()
    host.advance(by: 1.0 / 60)
    #expect(shownX(view) >= 149, "it goes on from where the scrub left it: \(shownX(view))")
    host.settle()
    #expect(ended == .end && shownX(view) == 200)
  }

  @Test func reversedItGoesBackAndEndsAtTheStart() {
    let (host, view) = box()
    var ended: UIViewAnimatingPosition?
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.frame.origin.x = 200 }
    animator.addCompletion { ended = $0 }
    animator.startAnimation()
    host.advance(by: 0.5)
    animator.isReversed = true
    host.advance(by: 0.25)
    #expect(abs(shownX(view) - 50) < 4, "going back: \(shownX(view))")
    host.settle()
    #expect(ended == .start)
    #expect(view.frame.origin.x == 0, "the model is back at the start value")
  }

  @Test func stoppedItKeepsWhatIsShownUntilFinished() {
    let (host, view) = box()
    var ended: [UIViewAnimatingPosition] = []
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.frame.origin.x = 200 }
    animator.addCompletion { ended.append($0) }
    animator.startAnimation()
    host.advance(by: 0.4)
    animator.stopAnimation(false)
    #expect(animator.state == .stopped)
    #expect(abs(view.frame.origin.x - 80) < 4, "the model is where it was shown: \(view.frame.origin.x)")
    #expect(ended.isEmpty)
    animator.finishAnimation(at: .end)
    #expect(view.frame.origin.x == 200 && ended == [.end] && animator.state == .inactive)

    let second = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.frame.origin.x = 0 }
    second.addCompletion { ended.append($0) }
    second.startAnimation()
    host.advance(by: 0.5)
    second.stopAnimation(true)
    #expect(second.state == .inactive && ended == [.end], "stopped without finishing: no completion")
    #expect(abs(view.frame.origin.x - 100) < 4)
  }

  @Test func aRunningAnimatorStartsAfterItsDelayOnItsOptionsCurve() {
    let (host, view) = box()
    var ended = false
    let animator = UIViewPropertyAnimator.runningPropertyAnimator(
      withDuration: 0.4, delay: 0.2, options: [.curveLinear], animations: { view.alpha = 0 },
      completion: { ended = $0 == .end })
    #expect(animator.isRunning && animator.delay == 0.2)
    host.advance(by: 0.1)
    #expect(view.layer.presentation()?.opacity == 1, "still waiting")
    host.advance(by: 0.3)
    #expect(abs((view.layer.presentation()?.opacity ?? 0) - 0.5) < 0.05)
    host.settle()
    #expect(ended && view.alpha == 0)
  }

  @Test func delayedAnimationsStartPartWayAndPausingOnCompletionKeepsItActive() {
    let (host, view) = box()
    let other = UIView(frame: CGRect(x: 0, y: 200, width: 100, height: 50))
    view.superview?.addSubview(other)
    _ = host.window.displayList()
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear)
    animator.addAnimations { view.frame.origin.x = 100 }
    animator.addAnimations({ other.frame.origin.x = 100 }, delayFactor: 0.5)
    animator.pausesOnCompletion = true
    var completed = false
    animator.addCompletion { _ in completed = true }
    animator.startAnimation()
    host.advance(by: 0.5)
    #expect(abs(shownX(view) - 50) < 3)
    #expect(shownX(other) < 3, "the delayed animations have not begun")
    host.advance(by: 0.25)
    #expect(abs(shownX(other) - 50) < 4, "half of their half: \(shownX(other))")
    host.settle()
    #expect(!completed && animator.state == .active && !animator.isRunning, "paused at the end")
    #expect(animator.fractionComplete == 1)
    // Back to the start, finishing there this time.
    animator.pausesOnCompletion = false
    animator.isReversed = true
    animator.startAnimation()
    host.settle()
    #expect(completed)
    #expect(view.frame.origin.x == 0 && other.frame.origin.x == 0)
  }
}
