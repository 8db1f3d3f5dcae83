import Foundation
import QuartzCore
import Testing
import UIKit
import UIKitTesting

@MainActor @Suite struct KeyframeAnimationTests {
  @Test func keyframesMoveAViewThroughEachValueInTurn() {
    let controller = UIViewController()
    let box = UIView(frame: CGRect(x: 0, y: 200, width: 40, height: 40))
    controller.view.addSubview(box)
    let host = HeadlessHost(rootViewController: controller)
    _ = host.screen()
    var done = false
    UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
      UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { box.frame.origin.x = 100 }
      UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { box.frame.origin.y = 300 }
      UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { box.frame.origin.x = 0 }
    }, completion: { _ in done = true })
    #expect(box.frame.origin == CGPoint(x: 0, y: 300), "the model takes the last values at once")
    func shown() -> CGPoint {
      let layer = box.layer.presentation() ?? box.layer
      return CGPoint(x: layer.position.x - 20, y: layer.position.y - 20)
    }
    host.advance(by: 0.25)
    #expect(abs(shown().x - 50) < 0.5 && abs(shown().y - 200) < 0.5, "half way through the first keyframe")
    host.advance(by: 0.375)
    #expect(abs(shown().x - 100) < 0.5 && abs(shown().y - 250) < 0.5, "the second keyframe moves y only")
    host.advance(by: 0.25)
    #expect(abs(shown().x - 50) < 0.5 && abs(shown().y - 300) < 0.5, "the third brings x back")
    #expect(!done)
    host.advance(by: 0.2)
    #expect(done && shown() == CGPoint(x: 0, y: 300))
  }

  @Test func aKeyframeOutsideAKeyframeAnimationAppliesAtOnce() {
    let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { box.alpha = 0.5 }
    #expect(box.alpha == 0.5)
  }

  @Test func aDiscreteKeyframeAnimationJumps() {
    let controller = UIViewController()
    let box = UIView(frame: CGRect(x: 0, y: 200, width: 40, height: 40))
    controller.view.addSubview(box)
    let host = HeadlessHost(rootViewController: controller)
    _ = host.screen()
    UIView.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModeDiscrete, animations: {
      UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { box.alpha = 0 }
    })
    host.advance(by: 0.75)
    #expect((box.layer.presentation()?.opacity ?? 0) == 1, "the old value holds until the keyframe ends")
  }
}
