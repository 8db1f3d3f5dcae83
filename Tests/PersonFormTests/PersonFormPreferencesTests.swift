import Foundation
import Testing
import UIKit
import UIKitTesting

@testable import PersonForm

/// The form's preferences — a segmented control, a stepper and a switch — seen and used in the
/// terminal's 80 × 23 cells, as a user would: taps on the controls, the record filled as they
/// change.
@MainActor
@Suite struct PersonFormPreferencesTests {
  func launch() -> (HeadlessHost, PersonFormViewController) {
    let controller = PersonFormViewController()
    controller.locale = Locale(identifier: "en_US")
    controller.today = ISO8601DateFormatter().date(from: "2026-11-22T12:00:00Z")!
    let host = HeadlessHost(
      rootViewController: UINavigationController(rootViewController: controller),
      screenSize: CGSize(width: 640, height: 368), locale: Locale(identifier: "en_US"), measuresTextInCells: true)
    return (host, controller)
  }

  /// The form scrolled to its end, as a user scrolls past the notes.
  func scrollToThePreferences(_ host: HeadlessHost, _ c: PersonFormViewController) {
    c.tableView.scrollToRow(at: IndexPath(row: 2, section: 2), at: .bottom, animated: false)
    host.settle()
  }

  @Test func thePreferencesAreOnTheScreenBelowTheNotes() throws {
    let (host, c) = launch()
    scrollToThePreferences(host, c)
    let screen = host.screen()
    #expect(screen.contains("Preferences"))
    let lines = screen.split(separator: "\n").map(String.init)
    let contact = try #require(lines.first { $0.contains("Contact by") })
    #expect(contact.contains("Email") && contact.contains("Phone") && contact.contains("Post"),
      "the segments are drawn on the row: \(contact)")
    #expect(lines.contains { $0.contains("Dependants") && $0.contains("0") })
    #expect(lines.contains { $0.contains("Newsletter") })
    #expect(c.thePerson.isEmpty, "nothing is stored until a control changes")
  }

  @Test func tappingTheControlsFillsTheRecord() {
    let (host, c) = launch()
    scrollToThePreferences(host, c)
    let phone = c.contactControl.convert(
      CGPoint(x: c.contactControl.bounds.width / 2, y: c.contactControl.bounds.midY), to: nil)
    host.tap(at: phone)
    #expect(c.contactControl.selectedSegmentIndex == 1)
    #expect(c.thePerson[MyAppPersonContactByKey] as? String == "Phone")

    let stepper = c.dependantsStepper!
    let plus = stepper.convert(CGPoint(x: stepper.bounds.maxX - 10, y: stepper.bounds.midY), to: nil)
    host.tap(at: plus)
    host.tap(at: plus)
    #expect(stepper.value == 2)
    #expect(c.thePerson[MyAppPersonDependantsKey] as? Int == 2)
    #expect(host.screen().split(separator: "\n").contains { $0.contains("Dependants") && $0.contains("2") })

    host.tap(c.newsletterSwitch)
    #expect(c.newsletterSwitch.isOn)
    #expect(c.thePerson[MyAppPersonNewsletterKey] as? Bool == true)
    #expect(c.recordJSON().contains(#""newsletter" : true"#))
  }
}
