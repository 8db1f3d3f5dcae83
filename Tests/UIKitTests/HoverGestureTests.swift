import Foundation
import Testing
import UIKit
import UIKitTesting

@MainActor @Suite struct HoverGestureTests {
  /// A card that highlights under the pointer, as iPad apps do.
  private final class Card: UIView {
    var log: [String] = []
    lazy var hover = UIHoverGestureRecognizer(target: self, action: Card.hovered)
    func hovered(_ recognizer: UIHoverGestureRecognizer) {
      let point = recognizer.location(in: self)
      switch recognizer.state {
      case .began: log.append("began \(Int(point.x)),\(Int(point.y))")
      case .changed: log.append("changed \(Int(point.x)),\(Int(point.y))")
      case .ended: log.append("ended")
      default: log.append("\(recognizer.state)")
      }
    }
  }

  @Test func hoveringBeginsChangesAndEndsAsThePointerComesMovesAndLeaves() {
    let root = UIViewController()
    let card = Card(frame: CGRect(x: 50, y: 100, width: 200, height: 100))
    card.addGestureRecognizer(card.hover)
    var tapped = 0
    let button = UIButton(type: .system)
    button.frame = CGRect(x: 10, y: 10, width: 60, height: 30)
    button.addAction(UIAction { _ in tapped += 1 }, for: .touchUpInside)
    card.addSubview(button)
    root.view.addSubview(card)
    let host = HeadlessHost(rootViewController: root)

    host.hover(at: CGPoint(x: 10, y: 10))
    #expect(card.log.isEmpty, "not over the card")
    host.hover(at: CGPoint(x: 60, y: 110))
    host.hover(at: CGPoint(x: 70, y: 120))
    // Over the button inside the card: still over the card.
    host.hover(at: CGPoint(x: 80, y: 125))
    #expect(card.log == ["began 10,10", "changed 20,20", "changed 30,25"])
    #expect(card.hover.zOffset == 0)
    #expect(card.hover.altitudeAngle == .pi / 2)
    // Touches are not the hover recognizer's: the button still gets its tap.
    host.tap(button)
    #expect(tapped == 1)
    host.hover(at: CGPoint(x: 300, y: 600))
    #expect(card.log.last == "ended")
    #expect(card.hover.state == .possible)
    // Again, then out of the window.
    host.hover(card)
    host.endHover()
    #expect(card.log.suffix(2) == ["began 100,50", "ended"])
  }

  @Test func aDelegateThatRefusesKeepsItFromBeginningUntilThePointerComesBack() {
    final class Refuser: NSObject, UIGestureRecognizerDelegate {
      var allow = false
      func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { allow }
    }
    let root = UIViewController()
    let card = Card(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
    card.addGestureRecognizer(card.hover)
    let refuser = Refuser()
    card.hover.delegate = refuser
    root.view.addSubview(card)
    let host = HeadlessHost(rootViewController: root)
    host.hover(at: CGPoint(x: 50, y: 150))
    host.hover(at: CGPoint(x: 60, y: 150))
    #expect(card.log.isEmpty)
    host.endHover()
    refuser.allow = true
    host.hover(at: CGPoint(x: 50, y: 150))
    #expect(card.log == ["began 50,50"])
  }

  @Test func aPresentedControllerTakesThePointer() {
    let root = UIViewController()
    let card = Card(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    card.addGestureRecognizer(card.hover)
    root.view.addSubview(card)
    let host = HeadlessHost(rootViewController: root)
    host.hover(at: CGPoint(x: 100, y: 100))
    #expect(card.log == ["began 100,100"])
    let sheet = UIViewController()
    root.present(sheet, animated: false)
    host.hover(at: CGPoint(x: 100, y: 400))
    #expect(card.log.last == "ended", "the card under the sheet is out of reach")
  }
}
