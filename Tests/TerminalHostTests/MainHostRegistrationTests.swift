import Testing
import UIKit

@testable import TerminalHost

/// `@main` on an app delegate runs the app in the host the program links: TerminalHost registers
/// itself when the program loads (a constructor in CTerminalSupport), before any Swift code runs.
@MainActor @Suite struct MainHostRegistrationTests {
  @Test func linkingTerminalHostRegistersItForMain() {
    #expect(UIApplication._mainHost != nil)
  }
}
