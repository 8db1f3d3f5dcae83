import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import WebHost

@MainActor
@Suite struct AccessibilityTests {
  @Test func uikitViewsReportWhatIOSReports() {
    let label = UILabel()
    label.text = "100"
    #expect(label.isAccessibilityElement)
    #expect(label.accessibilityLabel == "100")
    #expect(label.accessibilityTraits == .staticText)

    let button = UIButton(type: .system)
    button.setTitle("Save", for: .normal)
    #expect(button.accessibilityLabel == "Save")
    #expect(button.accessibilityTraits == .button)
    button.isEnabled = false
    #expect(button.accessibilityTraits == [.button, .notEnabled])

    let field = UITextField()
    field.placeholder = "value"
    field.text = "secret"
    #expect(field.accessibilityLabel == "value")
    #expect(field.accessibilityValue == "secret")
    field.isSecureTextEntry = true
    #expect(field.accessibilityValue == "••••••")

    #expect(!UIView().isAccessibilityElement)
  }

  @Test func controlsAreMirroredWithTheirARIARoles() {
    let controller = UIViewController()
    let toggle = UISwitch(frame: CGRect(x: 20, y: 100, width: 0, height: 0))
    toggle.isOn = true
    let slider = UISlider(frame: CGRect(x: 20, y: 150, width: 200, height: 31))
    slider.value = 0.5
    let progress = UIProgressView(frame: CGRect(x: 20, y: 200, width: 200, height: 4))
    let segments = UISegmentedControl(items: ["Day", "Week"])
    segments.frame.origin = CGPoint(x: 20, y: 220)
    segments.selectedSegmentIndex = 0
    for view in [toggle, slider, progress, segments] as [UIView] { controller.view.addSubview(view) }
    let host = HeadlessHost(rootViewController: controller)
    let elements = AccessibilityMirror.elements(of: host.window)
    #expect(elements.map(\.role) == ["switch", "slider", "progressbar", "radiogroup"])
    #expect(elements.map(\.value) == ["1", "50%", "0%", "Day"])
    #expect(elements[1].traits.contains("adjustable"))
  }

  @Test func whatTheAppSetsWins() {
    let label = UILabel()
    label.text = "°C"
    label.accessibilityLabel = "degrees Celsius"
    label.accessibilityTraits = [.staticText, .header]
    label.accessibilityValue = "100"
    #expect(label.accessibilityLabel == "degrees Celsius")
    #expect(label.accessibilityTraits == [.staticText, .header])
    #expect(label.accessibilityValue == "100")
    label.accessibilityLabel = nil
    #expect(label.accessibilityLabel == "°C")
    label.isAccessibilityElement = false
    #expect(!label.isAccessibilityElement)
  }

  @Test func theMirrorSkipsHiddenViewsAndKeepsToAModalView() {
    let root = UIViewController()
    let host = HeadlessHost(rootViewController: root)
    let visible = UILabel(frame: CGRect(x: 10, y: 60, width: 100, height: 20))
    visible.text = "shown"
    let hidden = UILabel(frame: CGRect(x: 10, y: 90, width: 100, height: 20))
    hidden.text = "hidden"
    hidden.isHidden = true
    let group = UIView(frame: CGRect(x: 0, y: 120, width: 200, height: 40))
    let inGroup = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
    inGroup.text = "grouped"
    group.addSubview(inGroup)
    group.accessibilityElementsHidden = true
    for view in [visible, hidden, group] { root.view.addSubview(view) }
    host.window.layoutIfNeeded()
    #expect(AccessibilityMirror.elements(of: host.window).map(\.label) == ["shown"])
    #expect(AccessibilityMirror.elements(of: host.window).first?.frame == [10, 60, 100, 20])

    let alert = UIView(frame: CGRect(x: 0, y: 200, width: 200, height: 100))
    let message = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
    message.text = "Sure?"
    alert.addSubview(message)
    alert.accessibilityViewIsModal = true
    root.view.addSubview(alert)
    #expect(AccessibilityMirror.elements(of: host.window).map(\.label) == ["Sure?"])
  }
}

@MainActor
@Suite struct TextMeasurerChangeTests {
  /// A host that sets its measurer after the app built and laid out its window (the browser's
  /// FreeType measurer) gets text laid out at the new measurer's widths, not clipped to the old.
  @Test func aNewMeasurerResizesTextLaidOutWithTheOldOne() {
    let root = UIViewController()
    let host = HeadlessHost(rootViewController: root)
    let label = UILabel()
    label.text = "degrees Fahrenheit"
    label.font = .systemFont(ofSize: 36)
    label.translatesAutoresizingMaskIntoConstraints = false
    root.view.addSubview(label)
    label.centerXAnchor.constraint(equalTo: root.view.centerXAnchor).isActive = true
    label.topAnchor.constraint(equalTo: root.view.topAnchor, constant: 100).isActive = true
    host.window.layoutIfNeeded()
    let before = label.frame.width
    host.window.textMeasurer = CellTextMeasurer(cellSize: CGSize(width: 20, height: 40))
    host.window.layoutIfNeeded()
    #expect(abs(before - 18 * 20) > 1)
    #expect(abs(label.frame.width - 18 * 20) < 0.01)
    #expect(abs(label.frame.height - 40) < 0.01)
  }
}

/// A rating control that draws its stars and lists one accessibility element per star: the
/// page mirrors the elements, not the view.
@MainActor
@Suite struct AccessibilityElementMirrorTests {
  @Test func elementsAContainerListsAreMirroredWhereTheyAre() {
    let controller = UIViewController()
    let stars = UIView(frame: CGRect(x: 40, y: 100, width: 100, height: 20))
    stars.accessibilityElements = (1...5).map { index in
      let star = UIAccessibilityElement(accessibilityContainer: stars)
      star.accessibilityLabel = "\(index) star\(index == 1 ? "" : "s")"
      star.accessibilityTraits = index <= 3 ? [.button, .selected] : .button
      star.accessibilityIdentifier = "star-\(index)"
      star.accessibilityFrameInContainerSpace = CGRect(x: CGFloat(index - 1) * 20, y: 0, width: 20, height: 20)
      return star
    }
    controller.view.addSubview(stars)
    let host = HeadlessHost(rootViewController: controller)
    let elements = AccessibilityMirror.elements(of: host.window)
    #expect(elements.map(\.id) == ["star-1", "star-2", "star-3", "star-4", "star-5"])
    #expect(elements.map(\.role) == Array(repeating: "button", count: 5))
    #expect(elements[2].traits == ["button", "selected"])
    #expect(elements[3].frame == [100, 100, 20, 20])
    #expect(elements.allSatisfy { !$0.focused })
  }
}
