// Gesture code as iOS apps write it, compiled in Swift 5 mode with its XCTest case: a card
// dragged with a pan that resets its translation, a double tap that a single tap waits for, a
// long press, and a delegate that lets the pan and the long press work together. What Linux
// forces: method references for selectors.
@_exported import UIKitXCTest
import UIKit
import UIKitTesting
import XCTest

final class CardViewController: UIViewController, UIGestureRecognizerDelegate {
  let card = UIView(frame: CGRect(x: 100, y: 300, width: 120, height: 80))
  private(set) var events: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(card)
    let pan = UIPanGestureRecognizer(target: self, action: CardViewController.handlePan(_:))
    pan.delegate = self
    card.addGestureRecognizer(pan)

    let doubleTap = UITapGestureRecognizer(target: self, action: CardViewController.handleDoubleTap(_:))
    doubleTap.numberOfTapsRequired = 2
    let singleTap = UITapGestureRecognizer(target: self, action: CardViewController.handleSingleTap(_:))
    singleTap.require(toFail: doubleTap)
    card.addGestureRecognizer(singleTap)
    card.addGestureRecognizer(doubleTap)

    let press = UILongPressGestureRecognizer(target: self, action: CardViewController.handleLongPress(_:))
    press.delegate = self
    card.addGestureRecognizer(press)
  }

  func handlePan(_ gesture: UIPanGestureRecognizer) {
    let translation = gesture.translation(in: view)
    card.center = CGPoint(x: card.center.x + translation.x, y: card.center.y + translation.y)
    gesture.setTranslation(.zero, in: view)
    if gesture.state == .ended { events.append("dropped") }
  }

  func handleSingleTap(_ gesture: UITapGestureRecognizer) { events.append("single") }
  func handleDoubleTap(_ gesture: UITapGestureRecognizer) { events.append("double") }
  func handleLongPress(_ gesture: UILongPressGestureRecognizer) {
    if gesture.state == .began { events.append("lifted") }
  }

  func gestureRecognizer(
    _ gestureRecognizer: UIGestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
  ) -> Bool {
    true
  }
}

@MainActor
final class GestureClientXCTests: XCTestCase {
  func testDraggingTheCardMovesIt() {
    let controller = CardViewController()
    let host = HeadlessHost(rootViewController: controller)
    host.drag(from: CGPoint(x: 160, y: 340), to: CGPoint(x: 260, y: 440), steps: 5)
    XCTAssertEqual(controller.card.frame.origin, CGPoint(x: 200, y: 400))
    XCTAssertEqual(controller.events, ["dropped"])
  }

  func testTapsAndTheLongPress() {
    let controller = CardViewController()
    let host = HeadlessHost(rootViewController: controller)
    host.tap(controller.card)
    XCTAssertEqual(controller.events, [])
    host.advance(by: 0.5)
    XCTAssertEqual(controller.events, ["single"])
    host.doubleTap(controller.card)
    host.advance(by: 0.5)
    XCTAssertEqual(controller.events, ["single", "double"])
    host.longPress(controller.card, duration: 0.8)
    XCTAssertEqual(controller.events, ["single", "double", "lifted"])
  }
}
