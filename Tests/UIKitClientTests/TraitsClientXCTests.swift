// Trait and rotation code as iOS libraries and apps write it, compiled in Swift 5 mode with its
// XCTest case: a field whose border follows dark mode through a trait-change registration
// (iOS 17's `(self: Self, previous)` form), a card that compares colour appearance in
// traitCollectionDidChange, a brand colour from a dynamic provider, a keyboard manager's
// observer of device rotation, and a chart screen that lays out again alongside a rotation.
@_exported import UIKitXCTest
import UIKit
import UIKitTesting
import XCTest

/// A bordered field, as floating-label libraries draw one: a layer's border keeps the CGColor it
/// was given, so the field sets it again when the appearance changes.
final class BorderedField: UITextField {
  static let brand = UIColor { traits in
    traits.userInterfaceStyle == .dark
      ? UIColor(red: 0.4, green: 0.7, blue: 1, alpha: 1) : UIColor(red: 0, green: 0.3, blue: 0.8, alpha: 1)
  }
  private(set) var borderUpdates = 0

  override init(frame: CGRect) {
    super.init(frame: frame)
    layer.borderWidth = 1
    updateBorder()
    registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (self: Self, previousTraitCollection: UITraitCollection) in
      self.updateBorder()
    }
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  func updateBorder() {
    borderUpdates += 1
    layer.borderColor = BorderedField.brand.resolvedColor(with: traitCollection).cgColor
  }
}

/// A card that redraws its shadow colour only when the colours would change.
final class ShadowCard: UIView {
  private(set) var colourChanges = 0
  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
      colourChanges += 1
      layer.shadowColor = UIColor.label.cgColor
    }
  }
}

final class ChartViewController: UIViewController {
  private(set) var transitions: [String] = []
  var allowsLandscape = true

  override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    allowsLandscape ? .allButUpsideDown : .portrait
  }

  override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
    super.viewWillTransition(to: size, with: coordinator)
    transitions.append("will \(Int(size.width))x\(Int(size.height))")
    coordinator.animate(alongsideTransition: { _ in
      self.transitions.append("alongside")
    }, completion: { _ in
      self.transitions.append("done")
    })
  }
}

final class TraitsClientXCTests: XCTestCase {
  func testARegisteredFieldFollowsDarkMode() {
    let controller = UIViewController()
    let field = BorderedField(frame: CGRect(x: 20, y: 120, width: 300, height: 34))
    let card = ShadowCard(frame: CGRect(x: 20, y: 200, width: 300, height: 100))
    controller.view.addSubview(field)
    controller.view.addSubview(card)
    controller.view.backgroundColor = .systemBackground
    let host = HeadlessHost(rootViewController: controller)
    XCTAssertEqual(field.borderUpdates, 1)
    XCTAssertEqual(field.layer.borderColor, UIColor(red: 0, green: 0.3, blue: 0.8, alpha: 1).cgColor)

    host.userInterfaceStyle = .dark
    XCTAssertEqual(field.borderUpdates, 2)
    XCTAssertEqual(field.layer.borderColor, UIColor(red: 0.4, green: 0.7, blue: 1, alpha: 1).cgColor)
    XCTAssertEqual(card.colourChanges, 1)
    XCTAssertEqual(card.layer.shadowColor, UIColor(red: 1, green: 1, blue: 1, alpha: 1).cgColor,
      "UIKit set the current traits for the callback")
    XCTAssertEqual(controller.view.layer.backgroundColor, UIColor(red: 0, green: 0, blue: 0, alpha: 1).cgColor)

    host.usesBoldText = true
    XCTAssertEqual(field.borderUpdates, 2, "the registration is for the appearance only")
    XCTAssertEqual(card.colourChanges, 1, "bold text does not change colours")

    controller.overrideUserInterfaceStyle = .light
    host.window.layoutIfNeeded()
    XCTAssertEqual(field.borderUpdates, 3)
    XCTAssertEqual(field.traitCollection.userInterfaceStyle, .light)
    host.usesBoldText = false
    host.userInterfaceStyle = .light
  }

  func testAKeyboardManagerHearsTheDeviceTurn() {
    let controller = ChartViewController()
    let host = HeadlessHost(rootViewController: controller)
    UIDevice.current.beginGeneratingDeviceOrientationNotifications()
    defer { UIDevice.current.endGeneratingDeviceOrientationNotifications() }
    let turned = expectation(forNotification: UIDevice.orientationDidChangeNotification, object: UIDevice.current)
    host.rotate(to: .landscapeLeft)
    wait(for: [turned], timeout: 1)
    XCTAssertEqual(UIDevice.current.orientation, .landscapeLeft)
    XCTAssertEqual(controller.transitions, ["will 844x390", "alongside"])
    XCTAssertEqual(controller.view.bounds.size, CGSize(width: 844, height: 390))
    XCTAssertEqual(controller.traitCollection.verticalSizeClass, .compact)
    host.settle()
    XCTAssertEqual(controller.transitions, ["will 844x390", "alongside", "done"])

    controller.allowsLandscape = false
    controller.setNeedsUpdateOfSupportedInterfaceOrientations()
    host.settle()
    XCTAssertEqual(controller.view.bounds.size, CGSize(width: 390, height: 844), "back to portrait")
    XCTAssertEqual(UIDevice.current.orientation, .landscapeLeft, "the device is still held sideways")
  }
}
