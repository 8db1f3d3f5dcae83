import Foundation
import Testing
@testable import TerminalHost
import UIKit

@MainActor
@Suite struct FeedbackBellTests {
  @Test func onlyErrorNotificationsRingTheBell() {
    let error = UINotificationFeedbackGenerator()
    let impact = UIImpactFeedbackGenerator()
    func record(_ generator: UIFeedbackGenerator, _ message: String, _ arguments: String) -> TraceRecord {
      .feedback(generator: generator, message: message, arguments: arguments)
    }
    #expect(TerminalApp.ringsBell(record(error, "notificationOccurred(_:)", ".error")))
    #expect(TerminalApp.ringsBell(record(error, "notificationOccurred(_:at:)", ".error at (1, 2)")))
    #expect(!TerminalApp.ringsBell(record(error, "notificationOccurred(_:)", ".warning")))
    #expect(!TerminalApp.ringsBell(record(error, "prepare()", "")))
    #expect(!TerminalApp.ringsBell(record(impact, "impactOccurred()", ".heavy")))
  }

  @Test func theBellIsOptIn() throws {
    #expect(try TerminalOptions.parse([]).feedbackBell == false)
    #expect(try TerminalOptions.parse(["--feedback-bell"]).feedbackBell == true)
  }
}
