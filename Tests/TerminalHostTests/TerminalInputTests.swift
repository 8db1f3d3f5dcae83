import Foundation
import Testing
import UIKit

@testable import TerminalHost

private let ctrlC = TerminalEvent.key(TerminalKey(.character("c"), modifiers: .control))

/// The run loop's view of input over time: the silences that end a lone ESC and a paste whose end
/// marker never came (issue 17, item 6: such a paste swallowed every later key, Ctrl-C included).
@Suite struct TerminalInputTests {
  @Test func anUnterminatedPasteEndsAfterASilenceAndCtrlCQuitsAgain() {
    var input = TerminalInput()
    #expect(input.feed(Array("\u{1B}[200~hello\r\nwor".utf8), at: 10) == [])
    #expect(input.isInsidePaste)
    #expect(input.deadline == 10 + TerminalInput.pasteTimeout)
    #expect(input.expire(at: 10 + TerminalInput.pasteTimeout / 2) == [])
    // The silence: what came is pasted, the cut end marker's first bytes are not content.
    #expect(input.feed(Array("ld\u{1B}[20".utf8), at: 10.3) == [])
    let ended = input.expire(at: 10.3 + TerminalInput.pasteTimeout)
    #expect(ended == [.paste("hello\nworld")])
    #expect(!input.isInsidePaste && input.deadline == nil)
    // The next Ctrl-C is a key again, and the host quits on it.
    let events = input.feed([0x03], at: 12)
    #expect(events == [ctrlC])
    guard case .key(let key)? = events.first else { return }
    #expect(KeyMapping.action(for: key) == .quit)
  }

  /// Ctrl-C inside a paste whose end marker has not come (issue 32, item 13: within the half
  /// second the host waits for the marker it was taken as text): the paste ends where it is and
  /// Ctrl-C is the key, at once, whatever the paste's state.
  @Test func ctrlCEndsAPasteAndIsTheKey() {
    var input = TerminalInput()
    #expect(input.feed(Array("\u{1B}[200~hello\r\nwor".utf8), at: 10) == [])
    #expect(input.feed([0x03], at: 10.2) == [.paste("hello\nwor"), ctrlC])
    #expect(!input.isInsidePaste)
    // In the same read as the paste, and inside what could have been the end marker.
    var again = TerminalInput()
    #expect(again.feed(Array("\u{1B}[200~ab\u{03}c".utf8), at: 0) == [.paste("ab"), ctrlC, .key(TerminalKey(.character("c")))])
    var cut = TerminalInput()
    #expect(cut.feed(Array("\u{1B}[200~ab\u{1B}[20\u{03}".utf8), at: 0) == [.paste("ab\u{1B}[20"), ctrlC])
    // A paste that ends normally is untouched.
    var whole = TerminalInput()
    #expect(whole.feed(Array("\u{1B}[200~ab\u{1B}[201~".utf8), at: 0) == [.paste("ab")])
  }

  @Test func aPasteThatPausesLessThanTheTimeoutStaysOnePaste() {
    var input = TerminalInput()
    var time: TimeInterval = 0
    var events = input.feed(Array("\u{1B}[200~".utf8), at: time)
    for chunk in 0..<20 {
      time += TerminalInput.pasteTimeout * 0.9
      events += input.expire(at: time)
      events += input.feed(Array("line \(chunk)\n".utf8), at: time)
    }
    events += input.feed(Array("\u{1B}[201~x".utf8), at: time)
    let text = (0..<20).map { "line \($0)\n" }.joined()
    #expect(events == [.paste(text), .key(TerminalKey(.character("x")))])
  }

  @Test func anEndlessPasteKeepsNoMoreThanTheLimitAndEndsAtTheFirstSilence() {
    var input = TerminalInput(decoder: InputDecoder(maximumPasteBytes: 1000))
    _ = input.feed(Array("\u{1B}[200~".utf8), at: 0)
    let block = [UInt8](repeating: UInt8(ascii: "y"), count: 4096)
    for step in 1...50 { #expect(input.feed(block, at: Double(step) * 0.01) == []) }
    let ended = input.expire(at: 0.5 + TerminalInput.pasteTimeout)
    #expect(ended == [.paste(String(repeating: "y", count: 1000))])
    #expect(input.feed(Array("\u{1B}[A".utf8), at: 2) == [.key(TerminalKey(.up))])
  }

  @Test func aLoneEscapeIsTheEscapeKeyAfterTheShortTimeout() {
    var input = TerminalInput()
    #expect(input.feed([0x1B], at: 5) == [])
    #expect(input.deadline == 5 + TerminalInput.escapeTimeout)
    #expect(input.expire(at: 5 + TerminalInput.escapeTimeout / 2) == [])
    #expect(input.expire(at: 5 + TerminalInput.escapeTimeout) == [.key(TerminalKey(.escape))])
    #expect(input.deadline == nil)
  }
}
