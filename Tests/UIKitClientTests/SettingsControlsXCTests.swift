// A settings screen as an iOS app writes it, with its XCTest case, compiled in Swift 5 mode: a
// switch, a slider, a stepper and a segmented control wired with `addTarget` (method references
// for selectors), `UIAction`s and a custom control that overrides the tracking methods, driven
// by taps and drags in a headless host.
@_exported import UIKitXCTest
import UIKit
import UIKitTesting
import XCTest

final class ControlSettingsViewController: UIViewController {
  let notificationsSwitch = UISwitch()
  let volumeSlider = UISlider()
  let copiesStepper = UIStepper()
  let copiesLabel = UILabel()
  let unitsControl = UISegmentedControl(items: ["Metric", "Imperial"])
  let spinner = UIActivityIndicatorView(style: .medium)
  private(set) var changes: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    notificationsSwitch.addTarget(self, action: ControlSettingsViewController.notificationsChanged, for: .valueChanged)
    volumeSlider.minimumValue = 0
    volumeSlider.maximumValue = 10
    volumeSlider.addTarget(self, action: ControlSettingsViewController.volumeChanged(_:), for: .valueChanged)
    copiesStepper.minimumValue = 1
    copiesStepper.maximumValue = 5
    copiesStepper.addTarget(self, action: ControlSettingsViewController.copiesChanged, for: .valueChanged)
    unitsControl.selectedSegmentIndex = 0
    unitsControl.addAction(UIAction { [unowned self] action in
      let control = action.sender as! UISegmentedControl
      self.changes.append("units \(control.titleForSegment(at: control.selectedSegmentIndex) ?? "")")
    }, for: .valueChanged)
    copiesLabel.text = "Copies: 1"

    let stack = UIStackView(arrangedSubviews: [notificationsSwitch, volumeSlider, copiesStepper, copiesLabel, unitsControl, spinner])
    stack.axis = .vertical
    stack.alignment = .leading
    stack.spacing = 16
    stack.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
      stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      volumeSlider.widthAnchor.constraint(equalTo: stack.widthAnchor),
    ])
  }

  func notificationsChanged(_ sender: UISwitch) {
    changes.append("notifications \(sender.isOn)")
    if sender.isOn { spinner.startAnimating() } else { spinner.stopAnimating() }
  }

  func volumeChanged(_ sender: UISlider) {
    changes.append("volume \(Int(sender.value.rounded()))")
  }

  func copiesChanged(_ sender: UIStepper) {
    copiesLabel.text = "Copies: \(Int(sender.value))"
  }
}

@MainActor
final class SettingsControlsXCTests: XCTestCase {
  func testTheControlsLayOutAtTheirIntrinsicSizes() {
    let controller = ControlSettingsViewController()
    let host = HeadlessHost(rootViewController: controller)
    host.window.layoutIfNeeded()
    XCTAssertEqual(controller.notificationsSwitch.frame.size, CGSize(width: 51, height: 31))
    XCTAssertEqual(controller.copiesStepper.frame.size, CGSize(width: 94, height: 32))
    XCTAssertEqual(controller.volumeSlider.frame.height, 31)
    XCTAssertEqual(controller.volumeSlider.frame.width, controller.view.layoutMarginsGuide.layoutFrame.width)
    XCTAssertEqual(controller.unitsControl.frame.height, 32)
  }

  func testTappingAndDraggingSendTheirActions() {
    let controller = ControlSettingsViewController()
    let host = HeadlessHost(rootViewController: controller)
    host.window.layoutIfNeeded()

    host.tap(controller.notificationsSwitch)
    XCTAssertTrue(controller.notificationsSwitch.isOn)
    XCTAssertTrue(controller.spinner.isAnimating && !controller.spinner.isHidden)

    let slider = controller.volumeSlider
    let track = slider.trackRect(forBounds: slider.bounds)
    let thumb = slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: slider.value)
    host.drag(
      from: slider.convert(CGPoint(x: thumb.midX, y: thumb.midY), to: nil),
      to: slider.convert(CGPoint(x: track.maxX, y: thumb.midY), to: nil), steps: 2)
    XCTAssertEqual(slider.value, 10)

    host.tap(controller.copiesStepper, at: CGPoint(x: 80, y: 16))
    host.tap(controller.copiesStepper, at: CGPoint(x: 80, y: 16))
    XCTAssertEqual(controller.copiesLabel.text, "Copies: 3")

    let units = controller.unitsControl
    host.tap(units, at: CGPoint(x: units.bounds.width * 0.75, y: 16))
    XCTAssertEqual(controller.changes.first, "notifications true")
    XCTAssertEqual(controller.changes.last, "units Imperial")
    XCTAssertEqual(controller.changes.filter { $0.hasPrefix("volume") }.last, "volume 10")
  }
}
