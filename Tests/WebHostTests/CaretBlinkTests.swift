import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import WebHost

/// A renderer that keeps the lists it is given and reports a change whenever the list differs
/// from the last one, as the Pixels renderer's diff does.
@MainActor
final class ListRecorder: WebFrameRendering {
  let scale: CGFloat = 2
  let textMeasurer: any TextMeasuring = ProportionalTextMeasurer()
  var lists: [DisplayList] = []

  func render(_ list: DisplayList, size: CGSize) -> (width: Int, height: Int, changed: [PixelBox]) {
    let changed = lists.last.map { changedAreas(from: $0, to: list, in: CGRect(origin: .zero, size: size)) } ?? [CGRect(origin: .zero, size: size)]
    lists.append(list)
    return (780, 1688, changed.map { PixelBox(x: Int($0.minX * 2), y: Int($0.minY * 2), width: Int($0.width * 2), height: Int($0.height * 2)) })
  }

  func png(of rect: PixelBox) -> [UInt8] { [0] }
  func pixels(of rect: PixelBox) -> [UInt8] { [UInt8](repeating: 0, count: rect.width * rect.height * 4) }

  /// Whether the last list drew a caret.
  var caretShown: Bool? {
    guard let list = lists.last else { return nil }
    for item in list.items {
      if case .text(let run) = item.content, run.caretOffset != nil { return !run.isCaretHidden }
    }
    return nil
  }
}

@MainActor
@Suite(.serialized) struct CaretBlinkTests {
  func session(steady: Bool) -> (HeadlessHost, WebSession, ListRecorder, WebScreen, Inbox) {
    let screen = WebScreen()
    let host = HeadlessHost(rootViewController: screen)
    host.isSoftwareKeyboardEnabled = false
    let recorder = ListRecorder()
    let session = WebSession(window: host.window, renderer: recorder, tracing: false)
    let tab = Inbox()
    let id = session.connect(asksForControl: false) { [tab] in tab.append($0) }
    _ = try? session.receive(#"{"t":"hello","mac":false,"steadyCaret":\#(steady)}"#, from: id)
    host.tap(screen.field)
    return (host, session, recorder, screen, tab)
  }

  @Test func theCaretIsSolidWhileTypingThenBlinksEveryHalfSecond() throws {
    let (host, session, recorder, screen, tab) = session(steady: false)
    session.flush()
    #expect(recorder.caretShown == true)
    let start = host.now
    #expect(try #require(session.nextCaretBlink) == start + 0.5)
    host.advance(by: 0.3)
    session.flush()
    #expect(recorder.caretShown == true)
    host.advance(by: 0.3)  // 0.6 s at rest: off
    let framesBefore = tab.outputs.count
    session.flush()
    #expect(recorder.caretShown == false)
    // The off phase went out as a frame of its own.
    #expect(tab.outputs[framesBefore...].contains { if case .binary = $0 { true } else { false } })
    #expect(try #require(session.nextCaretBlink) == start + 1.0)
    host.advance(by: 0.5)  // 1.1 s: on again
    session.flush()
    #expect(recorder.caretShown == true)
    host.advance(by: 0.5)  // 1.6 s: off
    session.flush()
    #expect(recorder.caretShown == false)

    // Typing makes it solid again at once, and for half a second.
    host.type("4")
    #expect(screen.field.text == "4")
    session.flush()
    #expect(recorder.caretShown == true)
    host.advance(by: 0.4)
    session.flush()
    #expect(recorder.caretShown == true)
    host.advance(by: 0.2)
    session.flush()
    #expect(recorder.caretShown == false)
  }

  @Test func aTabThatAsksForASteadyCaretKeepsItOn() throws {
    let (host, session, recorder, _, _) = session(steady: true)
    session.flush()
    #expect(session.nextCaretBlink == nil)
    for _ in 0..<5 {
      host.advance(by: 0.3)
      session.flush()
      #expect(recorder.caretShown == true)
    }
  }

  @Test func withNoCaretNothingWakesTheHost() throws {
    let (host, session, recorder, screen, _) = session(steady: false)
    _ = host.window.endEditing(true)
    #expect(!screen.field.isFirstResponder)
    session.flush()
    #expect(recorder.caretShown == nil)
    #expect(session.nextCaretBlink == nil)
  }
}
