import Testing

@testable import TerminalHost

@Suite struct TerminalEventTests {
  @Test func keysDescribeThemselvesWithModifierSymbols() {
    #expect(TerminalKey(.character("c"), modifiers: .control).description == "⌃c")
    #expect(TerminalKey(.left, modifiers: [.shift, .option]).description == "⌥⇧left")
  }
}
