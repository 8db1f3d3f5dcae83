import Foundation
import Testing
import UIKit
import UIKitTesting

@MainActor @Suite(.serialized) struct AccessibilityStatusTests {
  @Test func theSettingsAHostSimulatesAreReadAndTheirChangesPosted() {
    let host = HeadlessHost(rootViewController: UIViewController())
    #expect(!UIAccessibility.isVoiceOverRunning && !UIAccessibility.isSwitchControlRunning)
    #expect(!UIAccessibility.isBoldTextEnabled && !UIAccessibility.isDarkerSystemColorsEnabled)
    #expect(!UIAccessibility.isReduceMotionEnabled)
    var posted: [String] = []
    let names = [
      UIAccessibility.boldTextStatusDidChangeNotification, UIAccessibility.darkerSystemColorsStatusDidChangeNotification,
      UIAccessibility.reduceMotionStatusDidChangeNotification,
    ]
    let tokens = names.map { name in
      NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { note in
        let name = note.name.rawValue
        MainActor.assumeIsolated { posted.append(name) }
      }
    }
    defer { tokens.forEach(NotificationCenter.default.removeObserver) }
    host.usesBoldText = true
    host.increasesContrast = true
    host.reducesMotion = true
    #expect(UIAccessibility.isBoldTextEnabled && UIAccessibility.isDarkerSystemColorsEnabled)
    #expect(UIAccessibility.isReduceMotionEnabled && UIAccessibility.prefersCrossFadeTransitions)
    #expect(posted == [
      "UIAccessibilityBoldTextStatusDidChangeNotification", "UIAccessibilityDarkerSystemColorsStatusDidChangeNotification",
      "UIAccessibilityReduceMotionStatusDidChangeNotification",
    ])
    #expect(host.window.traitCollection.legibilityWeight == .bold)
    #expect(host.window.traitCollection.accessibilityContrast == .high)
    host.usesBoldText = false
    host.increasesContrast = false
    host.reducesMotion = false
  }

  @Test func whatTheAppPostsReachesTheHost() {
    let controller = UIViewController()
    let banner = UILabel()
    banner.accessibilityIdentifier = "banner"
    controller.view.addSubview(banner)
    let host = HeadlessHost(rootViewController: controller)
    UIAccessibility.post(notification: .announcement, argument: "Saved")
    UIAccessibility.post(notification: .announcement, argument: NSAttributedString(string: "Ada added"))
    UIAccessibility.post(notification: .layoutChanged, argument: banner)
    #expect(host.accessibilityAnnouncements == ["Saved", "Ada added"])
    let entries = host.timeline.entries.filter { $0.kind == .accessibility }
    #expect(entries.map(\.name) == ["announcement", "announcement", "layoutChanged"])
    #expect(entries.last?.arguments == "banner")
  }
}
