// Subclasses as libraries write them, compiled in Swift 5 mode: this file compiles only if the
// initializers and methods they override are designated and open, as on iOS.
import UIKit
import UIKitTesting
import XCTest

final class BrandRefreshControl: UIRefreshControl {
  private(set) var configured = false
  override init() {
    super.init()
    tintColor = .systemPurple
    configured = true
  }
  required init?(coder: NSCoder) { super.init(coder: coder) }
}

final class BigSwitch: UISwitch {
  override init(frame: CGRect) {
    super.init(frame: frame)
    onTintColor = .systemTeal
  }
  required init?(coder: NSCoder) { super.init(coder: coder) }
  override func setOn(_ on: Bool, animated: Bool) { super.setOn(on, animated: false) }
}

final class RatingControl: UIControl {
  private(set) var rating = 0
  override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    rating = Int(touch.location(in: self).x / 20) + 1
    return true
  }
  override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    rating = max(1, min(5, Int(touch.location(in: self).x / 20) + 1))
    return true
  }
  override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
    super.endTracking(touch, with: event)
    sendActions(for: .valueChanged)
  }
}

final class ThinSlider: UISlider {
  override func trackRect(forBounds bounds: CGRect) -> CGRect {
    CGRect(x: bounds.minX, y: bounds.midY - 1, width: bounds.width, height: 2)
  }
}

final class SegmentedSubclass: UISegmentedControl {
  override init(items: [Any]?) { super.init(items: items) }
  override init(frame: CGRect) { super.init(frame: frame) }
  required init?(coder: NSCoder) { super.init(coder: coder) }
}

@MainActor
final class ControlSubclassDeclarationsTests: XCTestCase {
  func testSubclassesBehave() {
    let refresh = BrandRefreshControl()
    XCTAssertTrue(refresh.configured)
    XCTAssertEqual(refresh.tintColor, .systemPurple)
    XCTAssertEqual(BigSwitch().onTintColor, .systemTeal)
    XCTAssertEqual(SegmentedSubclass(items: ["a", "b"]).numberOfSegments, 2)
    XCTAssertEqual(ThinSlider(frame: CGRect(x: 0, y: 0, width: 100, height: 31)).trackRect(forBounds: CGRect(x: 0, y: 0, width: 100, height: 31)).height, 2)

    let controller = UIViewController()
    let rating = RatingControl(frame: CGRect(x: 20, y: 200, width: 100, height: 20))
    controller.view.addSubview(rating)
    var changes = 0
    rating.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
    let host = HeadlessHost(rootViewController: controller)
    host.drag(from: CGPoint(x: 25, y: 210), to: CGPoint(x: 95, y: 210), steps: 3)
    XCTAssertEqual(rating.rating, 4)
    XCTAssertEqual(changes, 1)
  }
}
