import Foundation
import QuartzCore
import Testing
import UIKit
import UIKitTesting

@MainActor @Suite struct SpringAnimationTests {
  private func setUp() -> (HeadlessHost, UIView) {
    let controller = UIViewController()
    let box = UIView(frame: CGRect(x: 0, y: 200, width: 40, height: 40))
    controller.view.addSubview(box)
    let host = HeadlessHost(rootViewController: controller)
    _ = host.screen()  // on screen: changes in animation blocks animate from now on
    return (host, box)
  }

  /// The box's left edge as drawn, sampled every 10 ms over `seconds`.
  private func samples(_ host: HeadlessHost, _ box: UIView, seconds: TimeInterval) -> [CGFloat] {
    var xs: [CGFloat] = []
    for _ in 0..<Int((seconds * 100).rounded()) {
      host.advance(by: 0.01)
      let shown = box.layer.presentation() ?? box.layer
      xs.append(shown.position.x - shown.bounds.width / 2)
    }
    return xs
  }

  @Test func anUnderdampedSpringOvershootsAndSettlesInItsDuration() {
    let (host, box) = setUp()
    var finished: TimeInterval?
    let start = host.now
    UIView.animate(
      withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0,
      animations: { box.frame.origin.x = 100 }, completion: { _ in finished = host.now - start })
    #expect(box.frame.origin.x == 100, "the model value changes at once")
    let xs = samples(host, box, seconds: 0.7)
    #expect(xs.max()! > 110, "it overshoots")
    #expect(xs.prefix(3).allSatisfy { $0 < 50 }, "it starts from where it was")
    #expect(xs.last == 100)
    #expect(finished.map { abs($0 - 0.6) < 0.011 } == true)
  }

  @Test func aCriticallyDampedSpringNeverOvershoots() {
    let (host, box) = setUp()
    UIView.animate(
      withDuration: 0.5, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
      animations: { box.frame.origin.x = 100 })
    let xs = samples(host, box, seconds: 0.6)
    #expect(xs.allSatisfy { $0 <= 100.0001 })
    #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 + 0.0001 }, "it only moves towards the end")
  }

  @Test func theIOS17SpringLastsUntilItSettles() {
    let (host, box) = setUp()
    var done = false
    UIView.animate(springDuration: 0.4, bounce: 0.5, animations: { box.frame.origin.x = 100 }, completion: { _ in done = true })
    let spring = CASpringAnimation(perceptualDuration: 0.4, bounce: 0.5)
    #expect(abs(spring.perceptualDuration - 0.4) < 1e-9 && abs(spring.bounce - 0.5) < 1e-9)
    #expect(spring.settlingDuration > 0.4)
    let xs = samples(host, box, seconds: 0.3)
    #expect(xs.max()! > 100)
    #expect(!done)
    host.advance(by: spring.settlingDuration)
    #expect(done)
  }

  @Test func aSpringAnimationOnALayer() {
    let (host, box) = setUp()
    let spring = CASpringAnimation(keyPath: "opacity")
    spring.fromValue = 0.0
    spring.toValue = 1.0
    spring.damping = 5
    spring.duration = spring.settlingDuration
    box.layer.add(spring, forKey: "fade")
    host.advance(by: 0.2)
    let opacity = box.layer.presentation()?.opacity ?? 0
    #expect(opacity > 0.5)
  }

  @Test func animationsCanBeTurnedOff() {
    let (host, box) = setUp()
    UIView.setAnimationsEnabled(false)
    defer { UIView.setAnimationsEnabled(true) }
    #expect(!UIView.areAnimationsEnabled)
    var done = false
    UIView.animate(withDuration: 1, animations: { box.frame.origin.x = 100 }, completion: { _ in done = true })
    host.advance(by: 0.01)
    let shown = box.layer.presentation() ?? box.layer
    #expect(shown.position.x == 120, "drawn at its new place at once")
    host.advance(by: 1)
    #expect(done)
  }

  @Test func transitionsFadeTheNewContentIn() {
    let (host, box) = setUp()
    let label = UILabel(frame: CGRect(x: 0, y: 300, width: 200, height: 30))
    label.text = "Old"
    box.superview!.addSubview(label)
    var done = false
    UIView.transition(with: label, duration: 0.3, options: .transitionCrossDissolve, animations: { label.text = "New" }) { _ in done = true }
    #expect(label.text == "New")
    host.advance(by: 0.05)
    #expect((label.layer.presentation()?.opacity ?? 1) < 0.5)
    host.advance(by: 0.3)
    #expect(done && (label.layer.presentation() ?? label.layer).opacity == 1)

    let replacement = UIView(frame: box.frame)
    UIView.transition(from: box, to: replacement, duration: 0.2, options: .transitionFlipFromLeft)
    #expect(box.superview == nil && replacement.superview === label.superview)
    UIView.transition(from: replacement, to: box, duration: 0, options: .showHideTransitionViews)
    #expect(replacement.isHidden && !box.isHidden)
  }

  @Test func animationOptionsHaveIOSRawValues() {
    #expect(UIView.AnimationOptions.transitionCrossDissolve.rawValue == 5 << 20)
    #expect(UIView.AnimationOptions.showHideTransitionViews.rawValue == 1 << 8)
    #expect(UIView.AnimationOptions.preferredFramesPerSecond30.rawValue == 7 << 24)
  }
}
