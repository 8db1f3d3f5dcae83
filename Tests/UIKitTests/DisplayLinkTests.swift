import Foundation
import QuartzCore
import Testing
import UIKit
import UIKitTesting

@MainActor
final class FrameCounter {
  var frames: [(timestamp: CFTimeInterval, target: CFTimeInterval)] = []
  func step(_ link: CADisplayLink) { frames.append((link.timestamp, link.targetTimestamp)) }
}

@MainActor @Suite struct DisplayLinkTests {
  @Test func aDisplayLinkTicksEveryFrameOnUIKitsClock() {
    let host = HeadlessHost(rootViewController: UIViewController())
    let counter = FrameCounter()
    let link = CADisplayLink(target: counter, selector: FrameCounter.step)
    link.add(to: .main, forMode: .common)
    host.advance(by: 0.1 + 1e-6)
    #expect(counter.frames.count == 6)
    #expect(abs(link.duration - 1.0 / 60) < 1e-9)
    if let last = counter.frames.last {
      #expect(abs(last.target - last.timestamp - 1.0 / 60) < 1e-9, "the target is the next frame")
    }
    link.isPaused = true
    host.advance(by: 0.1)
    #expect(counter.frames.count == 6, "no frames while paused")
    link.isPaused = false
    link.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)
    counter.frames = []
    host.advance(by: 0.1 + 1e-6)
    #expect(counter.frames.count == 3)
    link.invalidate()
    host.advance(by: 0.1)
    #expect(counter.frames.count == 3)
  }

  @Test func theLinkKeepsItsTargetUntilInvalidated() {
    let host = HeadlessHost(rootViewController: UIViewController())
    weak var weakCounter: FrameCounter?
    var link: CADisplayLink?
    do {
      let counter = FrameCounter()
      weakCounter = counter
      link = CADisplayLink(target: counter, selector: FrameCounter.step)
      link?.add(to: .main, forMode: .default)
    }
    host.advance(by: 0.05)
    #expect(weakCounter != nil && weakCounter!.frames.count == 3)
    link?.invalidate()
    #expect(weakCounter == nil, "invalidate lets the target go")
  }

  @Test func settleDoesNotWaitForADisplayLink() {
    let host = HeadlessHost(rootViewController: UIViewController())
    let counter = FrameCounter()
    let link = CADisplayLink(target: counter, selector: FrameCounter.step)
    link.add(to: .main, forMode: .common)
    var done = false
    let start = host.now
    UIView.animate(withDuration: 0.5, animations: {}, completion: { _ in done = true })
    host.settle()
    #expect(done)
    // The settle runs until the last work that ends is done — the animation's half second, or
    // later work another test left on UIKit's shared clock — and the link's frames run on the
    // way, one every 60th of a second; it does not wait for the link itself, which never ends.
    let elapsed = host.now - start
    #expect(elapsed >= 0.5 && elapsed < 5, "settled after the animation, not after the link: \(elapsed) s")
    #expect(abs(Double(counter.frames.count) - elapsed * 60) <= 1.5, "a frame each 60th of a second: \(counter.frames.count) in \(elapsed) s")
    link.invalidate()
  }
}
