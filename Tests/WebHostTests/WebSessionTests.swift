import Foundation
import Testing
import UIKit
import UIKitTesting
@testable import WebHost

/// A delegate that records what it is asked; refuses letters, as WorldTrotter's does.
@MainActor
final class DigitsOnlyDelegate: NSObject, UITextFieldDelegate {
  var calls: [String] = []
  var refusesLetters = true
  func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
    calls.append("shouldChange {\(range.location), \(range.length)} \(string.debugDescription)")
    return !refusesLetters || !string.contains { $0.isLetter && $0.isASCII }
  }
}

@MainActor
final class WebScreen: UIViewController {
  let field = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 40))
  let label = UILabel(frame: CGRect(x: 20, y: 200, width: 300, height: 30))
  let delegate = DigitsOnlyDelegate()
  override func loadView() {
    let view = UIView(frame: UIScreen.main.bounds)
    field.placeholder = "value"
    field.accessibilityIdentifier = "field"
    field.delegate = delegate
    field.borderStyle = .roundedRect
    label.text = "Celsius"
    label.accessibilityIdentifier = "label"
    field.addTarget(self, action: WebScreen.changed, for: .editingChanged)
    view.addSubview(field)
    view.addSubview(label)
    self.view = view
  }
  func changed(_ sender: UITextField) { label.text = "typed " + (sender.text ?? "") }
}

/// Collects what the session sends a tab.
final class Inbox: @unchecked Sendable {
  private let lock = NSLock()
  private var _outputs: [WebOutput] = []
  var outputs: [WebOutput] { lock.withLock { _outputs } }
  func append(_ output: WebOutput) { lock.withLock { _outputs.append(output) } }
  var texts: [[String: Any]] {
    outputs.compactMap {
      guard case .text(let text) = $0 else { return nil }
      return try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }
  }
}

/// Each test makes its own harness: a host made in a suite's initialiser would hold UIKit's clock
/// while Swift Testing suspends between the initialiser and the test, under the feet of
/// RealTimeClockTests (which runs with no host).
@MainActor final class Harness {
  let screen = WebScreen()
  let host: HeadlessHost
  let session: WebSession
  let tab = Inbox()
  let id: Int

  init() {
    host = HeadlessHost(rootViewController: screen)
    host.isSoftwareKeyboardEnabled = false
    session = WebSession(window: host.window, renderer: nil, tracing: true)
    id = session.connect(asksForControl: false) { [tab] in tab.append($0) }
    _ = try? session.receive(#"{"t":"hello","mac":false}"#, from: id)
  }

  func send(_ message: String) throws { try session.receive(message, from: id) }

  func click(_ view: UIView) throws {
    let frame = view.convert(view.bounds, to: nil)
    try send(#"{"t":"pointer","phase":"down","x":\#(frame.midX),"y":\#(frame.midY),"clicks":1,"button":0}"#)
    try send(#"{"t":"pointer","phase":"up","x":\#(frame.midX),"y":\#(frame.midY),"clicks":1,"button":0}"#)
  }

  func key(_ key: String, ctrl: Bool = false) throws {
    try send(#"{"t":"key","key":"\#(key)","ctrl":\#(ctrl)}"#)
  }

}

@MainActor
@Suite(.serialized) struct WebSessionTests {
  /// The mouse over the page with no button down hovers: a hover recognizer under it begins
  /// and changes, and ends when the pointer leaves the page.
  @Test func theMouseHovers() throws {
    let h = Harness()
    @MainActor final class Log {
      var states: [UIGestureRecognizer.State] = []
      func hovered(_ recognizer: UIHoverGestureRecognizer) { states.append(recognizer.state) }
    }
    let log = Log()
    let hover = UIHoverGestureRecognizer(target: log, action: Log.hovered)
    h.screen.field.addGestureRecognizer(hover)
    let frame = h.screen.field.convert(h.screen.field.bounds, to: nil)
    try h.send(#"{"t":"pointer","phase":"hover","x":\#(frame.midX),"y":\#(frame.midY),"clicks":1,"button":0}"#)
    try h.send(#"{"t":"pointer","phase":"hover","x":\#(frame.midX + 2),"y":\#(frame.midY),"clicks":1,"button":0}"#)
    try h.send(#"{"t":"pointer","phase":"leave","x":0,"y":0,"clicks":1,"button":0}"#)
    #expect(log.states == [.began, .changed, .ended])
  }

  @Test func aClickIsATapAndKeysTypeThroughTheDelegate() throws {
    let h = Harness()
    try h.click(h.screen.field)
    #expect(h.screen.field.isFirstResponder)
    for character in "2x1" { try h.key(String(character)) }
    #expect(h.screen.field.text == "21")
    #expect(h.screen.label.text == "typed 21")
    #expect(h.screen.delegate.calls == [#"shouldChange {0, 0} "2""#, #"shouldChange {1, 0} "x""#, #"shouldChange {1, 0} "1""#])
    try h.key("a", ctrl: true)
    try h.key("Backspace")
    #expect(h.screen.field.text == "")
  }

  /// The browser's input is read on the host's clock at the moment it arrives, not the one
  /// the loop last moved UIKit's clock to: a press held for 0.7 s is a long press (before, both
  /// ends of it were read at the same stale time and no menu showed), and a click after a
  /// pause is a plain tap.
  @Test func inputTakesTheTimeItArrivesAt() throws {
    let h = Harness()
    UIPasteboard.general.string = "pasted"
    final class Clock { var now: TimeInterval = 0 }
    let clock = Clock()
    clock.now = UIApplication.shared._scheduler.now
    h.session.currentTime = { clock.now }
    let frame = h.screen.field.convert(h.screen.field.bounds, to: nil)
    func pointer(_ phase: String, clicks: Int = 1) throws {
      try h.send(#"{"t":"pointer","phase":"\#(phase)","x":\#(frame.midX),"y":\#(frame.midY),"clicks":\#(clicks),"button":0}"#)
    }
    try pointer("down")
    clock.now += 0.05
    try pointer("up")
    #expect(h.screen.field.isFirstResponder && !h.host.isEditMenuVisible, "the focusing click shows no menu")
    clock.now += 3
    try pointer("down")
    clock.now += 0.7
    try pointer("up")
    #expect(h.host.editMenuItems == ["Paste"], "held 0.7 s: a long press")
    clock.now += 2
    try h.send(#"{"t":"pointer","phase":"down","x":\#(frame.maxX - 8),"y":\#(frame.midY),"clicks":1,"button":0}"#)
    clock.now += 0.05
    try h.send(#"{"t":"pointer","phase":"up","x":\#(frame.maxX - 8),"y":\#(frame.midY),"clicks":1,"button":0}"#)
    #expect(!h.host.isEditMenuVisible, "a quick click after a pause is a tap")
  }

  @Test func theHelloTellsThePageHowToDrawTheDevice() throws {
    let h = Harness()
    let hello = try #require(h.tab.texts.first { $0["t"] as? String == "hello" })
    #expect(hello["cornerRadius"] as? Double == 47.33 && hello["homeButton"] as? Bool == false)
    h.session.chrome = WebDeviceChrome(screenCornerRadius: 0, hasHomeButton: true)
    let se = Inbox()
    _ = h.session.connect(asksForControl: false) { [se] in se.append($0) }
    let seHello = try #require(se.texts.first { $0["t"] as? String == "hello" })
    #expect(seHello["cornerRadius"] as? Double == 0 && seHello["homeButton"] as? Bool == true)
  }

  @Test func aDoubleClickSelectsAWordAndShowsTheMenu() throws {
    let h = Harness()
    h.screen.delegate.refusesLetters = false
    h.screen.field.text = "hello world"
    let frame = h.screen.field.convert(h.screen.field.bounds, to: nil)
    let x = h.screen.field.convert(CGPoint(x: h.screen.field.textRect(forBounds: h.screen.field.bounds).minX + 10, y: 0), to: nil).x
    for clicks in 1...2 {
      try h.send(#"{"t":"pointer","phase":"down","x":\#(x),"y":\#(frame.midY),"clicks":\#(clicks),"button":0}"#)
      try h.send(#"{"t":"pointer","phase":"up","x":\#(x),"y":\#(frame.midY),"clicks":\#(clicks),"button":0}"#)
    }
    let field = h.screen.field
    let range = try #require(field.selectedTextRange)
    #expect(field.text(in: range) == "hello")
    #expect(h.host.isEditMenuVisible)
  }

  @Test func copyingPutsThePasteboardOnTheComputersClipboardAndAPasteBringsItBack() throws {
    let h = Harness()
    try h.click(h.screen.field)
    for character in "123" { try h.key(String(character)) }
    try h.key("a", ctrl: true)
    try h.key("c", ctrl: true)
    #expect(h.tab.texts.last { $0["t"] as? String == "pasteboard" }?["text"] as? String == "123")
    try h.key("ArrowRight")
    try h.send(#"{"t":"paste","text":"45"}"#)
    #expect(h.screen.field.text == "12345")
    #expect(h.screen.delegate.calls.last == #"shouldChange {3, 0} "45""#)
  }

  @Test func compositionStepsAreTheHeadlessHostsComposeSteps() throws {
    let h = Harness()
    h.screen.delegate.refusesLetters = false
    try h.click(h.screen.field)
    h.host.clearTimeline()
    h.screen.delegate.calls = []
    try h.send(#"{"t":"compose","phase":"start","text":""}"#)
    try h.send(#"{"t":"compose","phase":"update","text":"h"}"#)
    try h.send(#"{"t":"compose","phase":"update","text":"ha"}"#)
    #expect(h.screen.field.markedTextRange != nil)
    try h.send(#"{"t":"compose","phase":"end","text":"哈"}"#)
    #expect(h.screen.field.text == "哈")
    #expect(h.screen.field.markedTextRange == nil)
    let webCalls = h.screen.delegate.calls
    let webTimeline = h.host.timeline.names

    // The same composition through HeadlessHost.compose, in a fresh field.
    let other = WebScreen()
    other.delegate.refusesLetters = false
    let reference = HeadlessHost(rootViewController: other)
    reference.tap(other.field)
    reference.clearTimeline()
    reference.compose(["h", "ha"], commit: "哈")
    #expect(webCalls == other.delegate.calls)
    #expect(webCalls == [#"shouldChange {0, 0} "h""#, #"shouldChange {0, 1} "ha""#, #"shouldChange {0, 2} "哈""#])
    #expect(webTimeline == reference.timeline.names)
  }

  @Test func aCommitTheBrowserAlsoSentAsAnUpdateIsMarkedOnce() throws {
    let h = Harness()
    h.screen.delegate.refusesLetters = false
    try h.click(h.screen.field)
    h.screen.delegate.calls = []
    try h.send(#"{"t":"compose","phase":"start","text":""}"#)
    try h.send(#"{"t":"compose","phase":"update","text":"ha"}"#)
    try h.send(#"{"t":"compose","phase":"update","text":"哈"}"#)
    try h.send(#"{"t":"compose","phase":"end","text":"哈"}"#)
    #expect(h.screen.field.text == "哈")
    #expect(h.screen.delegate.calls == [#"shouldChange {0, 0} "ha""#, #"shouldChange {0, 2} "哈""#])
  }

  @Test func aCancelledCompositionLeavesNothing() throws {
    let h = Harness()
    h.screen.delegate.refusesLetters = false
    try h.click(h.screen.field)
    try h.send(#"{"t":"compose","phase":"update","text":"ni"}"#)
    try h.send(#"{"t":"compose","phase":"end","text":""}"#)
    #expect(h.screen.field.text == "")
    #expect(h.screen.field.markedTextRange == nil)
  }

  @Test func aMalformedMessageIsRefusedAndTheAppGoesOn() throws {
    let h = Harness()
    try h.click(h.screen.field)
    #expect(throws: WebProtocolError.self) { try h.send("{") }
    #expect(throws: WebProtocolError.self) { try h.send(#"{"t":"pointer","phase":"down"}"#) }
    try h.key("7")
    #expect(h.screen.field.text == "7")
  }

  /// The server posts what tabs send to an inbox and the main actor takes it all at once: keys
  /// typed while a frame was drawn are applied in order and answered by one frame (the last
  /// key's number). A malformed message closes its tab, saying why, and drops what that tab
  /// sent after it; another tab's messages still apply.
  @Test func keysThatWaitedAreAppliedTogetherAndAnsweredByOneFrame() throws {
    let h = Harness()
    try h.click(h.screen.field)
    let inbox = WebInbox()
    #expect(inbox.post(#"{"t":"key","key":"1","n":1}"#, from: h.id))
    // A take is already on its way for the rest.
    #expect(!inbox.post(#"{"t":"key","key":"2","n":2}"#, from: h.id))
    #expect(!inbox.post(#"{"t":"key","key":"x","n":3}"#, from: h.id))
    #expect(!inbox.post(#"{"t":"key","key":"3","n":4}"#, from: h.id))
    #expect(h.session.receiveAll(from: inbox).isEmpty)
    #expect(h.screen.field.text == "123")
    #expect(h.screen.delegate.calls.suffix(4).map { $0.hasSuffix(#""x""#) } == [false, false, true, false])
    h.session.flush()
    let acks = h.tab.texts.filter { $0["t"] as? String == "ack" }.compactMap { $0["n"] as? Int }
    #expect(acks == [4])

    let other = Inbox()
    let watching = h.session.connect(asksForControl: false) { other.append($0) }
    #expect(inbox.post(#"{"t":"key","key":"4"}"#, from: h.id))
    _ = inbox.post("{", from: h.id)
    _ = inbox.post(#"{"t":"key","key":"5"}"#, from: h.id)
    _ = inbox.post(#"{"t":"hello","mac":true}"#, from: watching)
    let refusals = h.session.receiveAll(from: inbox)
    #expect(refusals.map(\.id) == [h.id])
    #expect(h.screen.field.text == "1234")
    guard case .close(let reason) = h.tab.outputs.last else {
      Issue.record("the tab that sent a malformed message was not closed: \(h.tab.outputs.last.map { "\($0)" } ?? "nothing")")
      return
    }
    #expect(reason == refusals.first?.refusal.description)
    // Its later messages stay dropped until it is gone.
    #expect(inbox.post(#"{"t":"key","key":"6"}"#, from: h.id))
    #expect(h.session.receiveAll(from: inbox).isEmpty)
    #expect(h.screen.field.text == "1234")
  }

  /// The inbox says when it is full, so that a connection stops reading until the main actor has
  /// taken what waits (a flood is slowed down, not kept in memory).
  @Test func theInboxIsFullAtItsCapacity() {
    let inbox = WebInbox()
    for index in 0..<(WebInbox.capacity - 1) { _ = inbox.post(#"{"t":"hello","mac":false,"n":\#(index)}"#, from: 1) }
    #expect(!inbox.isFull)
    _ = inbox.post(#"{"t":"hello","mac":false}"#, from: 1)
    #expect(inbox.isFull)
    #expect(inbox.takeAll().count == WebInbox.capacity)
    #expect(!inbox.isFull)
  }

  /// Keys that come faster than the accessibility interval get their pixels at once and the
  /// accessibility tree once the interval has passed (the loop wakes for it); a tab that
  /// connects meanwhile gets the tree at once.
  @Test func whileKeysComeFastTheAccessibilityTreeFollowsWithinItsInterval() throws {
    let h = Harness()
    try h.click(h.screen.field)
    h.session.flush()
    func fieldValues(_ inbox: Inbox) -> [String?] {
      inbox.texts.filter { $0["t"] as? String == "a11y" }.map { tree in
        (tree["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "field" }?["value"] as? String
      }
    }
    let sent = fieldValues(h.tab).count
    try h.send(#"{"t":"key","key":"1","n":1}"#)
    h.session.flush()
    #expect(fieldValues(h.tab).count == sent)
    let due = try #require(h.session.nextAccessibilityUpdate)
    #expect(abs(due - UIApplication.shared._scheduler.now - WebSession.accessibilityInterval) < 1e-9)
    try h.send(#"{"t":"key","key":"2","n":2}"#)
    h.session.flush()
    #expect(fieldValues(h.tab).count == sent)

    let newcomer = Inbox()
    _ = h.session.connect(asksForControl: false) { newcomer.append($0) }
    h.session.flush()
    #expect(fieldValues(newcomer) == ["12"])

    try h.send(#"{"t":"key","key":"3","n":3}"#)
    h.session.flush()
    #expect(fieldValues(h.tab).last == "12")
    h.host.advance(by: WebSession.accessibilityInterval)
    h.session.flush()
    #expect(fieldValues(h.tab).last == "123")
    #expect(h.session.nextAccessibilityUpdate == nil)
  }

  @Test func aWatchingTabCannotDrive() throws {
    let h = Harness()
    let watcher = Inbox()
    let watching = h.session.connect(asksForControl: false) { watcher.append($0) }
    #expect(!h.session.canControl(watching))
    #expect(watcher.texts.first?["control"] as? Bool == false)
    let frame = h.screen.field.convert(h.screen.field.bounds, to: nil)
    try h.session.receive(#"{"t":"pointer","phase":"down","x":\#(frame.midX),"y":\#(frame.midY)}"#, from: watching)
    try h.session.receive(#"{"t":"pointer","phase":"up","x":\#(frame.midX),"y":\#(frame.midY)}"#, from: watching)
    #expect(!h.screen.field.isFirstResponder)
    // The driving h.tab leaves: the watcher drives.
    h.session.disconnect(h.id)
    #expect(h.session.canControl(watching))
    #expect(watcher.texts.last?["t"] as? String == "role")
    #expect(watcher.texts.last?["control"] as? Bool == true)
  }

  @Test func tabsGetTheAccessibilityTreeTheTraceAndAnAckForEachInput() throws {
    let h = Harness()
    try h.click(h.screen.field)
    try h.send(#"{"t":"key","key":"4","n":41}"#)
    h.session.flush()
    let messages = h.tab.texts
    #expect(messages.first?["t"] as? String == "hello")
    let tree = try #require(messages.last { $0["t"] as? String == "a11y" }?["elements"] as? [[String: Any]])
    let field = try #require(tree.first { $0["id"] as? String == "field" })
    #expect(field["role"] as? String == "textbox")
    #expect(field["value"] as? String == "4")
    #expect(field["label"] as? String == "value")
    #expect(field["focused"] as? Bool == true)
    let label = try #require(tree.first { $0["id"] as? String == "label" })
    #expect(label["label"] as? String == "typed 4")
    #expect(label["traits"] as? [String] == ["staticText"])
    #expect(label["frame"] as? [Double] == [20, 200, 300, 30])
    let trace = messages.filter { $0["t"] as? String == "trace" }.flatMap { $0["lines"] as? [String] ?? [] }
    #expect(trace.contains { $0.contains("shouldChangeCharactersIn") && $0.contains("\"4\"") })
    // No renderer here, so no frame carried input 41: an ack does.
    #expect(messages.last { $0["t"] as? String == "ack" }?["n"] as? Int == 41)
    // Nothing changed since: the next flush sends no tree again.
    let count = h.tab.outputs.count
    h.session.flush()
    #expect(h.tab.outputs.count == count)
  }
}

/// A field that records the presses it is sent, then types as any field does.
@MainActor
final class PressLoggingField: UITextField {
  var log: [String] = []
  override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    for press in presses { log.append("began \(press.key?.charactersIgnoringModifiers ?? "")") }
    super.pressesBegan(presses, with: event)
  }
  override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    for press in presses { log.append("ended \(press.key?.charactersIgnoringModifiers ?? "")") }
    super.pressesEnded(presses, with: event)
  }
  override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    for press in presses { log.append("cancelled \(press.key?.charactersIgnoringModifiers ?? "")") }
    super.pressesCancelled(presses, with: event)
  }
}

@MainActor
@Suite(.serialized) struct WebKeyReleaseTests {
  private func harness(mac: Bool = false) -> (HeadlessHost, WebSession, PressLoggingField, Int) {
    let field = PressLoggingField(frame: CGRect(x: 20, y: 100, width: 300, height: 40))
    let controller = UIViewController()
    controller.view.addSubview(field)
    let host = HeadlessHost(rootViewController: controller)
    host.isSoftwareKeyboardEnabled = false
    let session = WebSession(window: host.window, renderer: nil, tracing: false)
    let id = session.connect(asksForControl: false) { _ in }
    _ = try? session.receive(#"{"t":"hello","mac":\#(mac)}"#, from: id)
    field.becomeFirstResponder()
    return (host, session, field, id)
  }

  @Test func aKeyEndsWhenThePageReportsItsRelease() throws {
    let (_, session, field, id) = harness()
    try session.receive(#"{"t":"key","key":"a","code":"KeyA","repeat":false}"#, from: id)
    #expect(field.log == ["began a"])
    #expect(field.text == "a")
    try session.receive(#"{"t":"key","key":"a","code":"KeyA","repeat":true}"#, from: id)
    try session.receive(#"{"t":"key","key":"a","code":"KeyA","repeat":true}"#, from: id)
    #expect(field.text == "aaa", "the browser's repeats type again")
    #expect(field.log == ["began a"], "a repeat is not a new press")
    try session.receive(#"{"t":"keyup","key":"a","code":"KeyA"}"#, from: id)
    #expect(field.log == ["began a", "ended a"])
    try session.receive(#"{"t":"keyup","key":"a","code":"KeyA"}"#, from: id)
    #expect(field.log == ["began a", "ended a"], "a release of a key that is not down is nothing")
  }

  @Test func aPageWithoutCodesGetsKeysThatComeUpAtOnce() throws {
    let (_, session, field, id) = harness()
    try session.receive(#"{"t":"key","key":"b"}"#, from: id)
    #expect(field.log == ["began b", "ended b"])
  }

  @Test func losingTheKeyboardOrTheTabCancelsTheKeysDown() throws {
    let (_, session, field, id) = harness()
    try session.receive(#"{"t":"key","key":"x","code":"KeyX"}"#, from: id)
    try session.receive(#"{"t":"key","key":"y","code":"KeyY"}"#, from: id)
    try session.receive(#"{"t":"blur"}"#, from: id)
    #expect(field.log == ["began x", "began y", "cancelled x", "cancelled y"])
    try session.receive(#"{"t":"key","key":"z","code":"KeyZ"}"#, from: id)
    session.disconnect(id)
    #expect(field.log.last == "cancelled z")
  }

  @Test func keysLetGoWhileCommandIsDownComeUpWithCommandOnAMac() throws {
    let (_, session, field, id) = harness(mac: true)
    field.text = "abc"
    // ⌘← with no release of ← (a Mac's browser reports none while ⌘ is down), then ⌘ comes up.
    try session.receive(#"{"t":"key","key":"ArrowLeft","code":"ArrowLeft","meta":true}"#, from: id)
    #expect(field.log.count == 1)
    try session.receive(#"{"t":"keyup","key":"Meta","code":"MetaLeft"}"#, from: id)
    #expect(field.log.count == 2 && field.log.last?.hasPrefix("ended") == true)
  }

  @Test func keyMessagesAreChecked() {
    #expect(throws: WebProtocolError.self) { try WebInput.decode(#"{"t":"keyup","key":"a"}"#) }
    #expect(throws: WebProtocolError.self) { try WebInput.decode(#"{"t":"key","key":"a","code":""}"#) }
    #expect((try? WebInput.decode(#"{"t":"keyup","key":"a","code":"KeyA","n":9}"#))?.number == 9)
    #expect((try? WebInput.decode(#"{"t":"blur"}"#))?.input == .blur)
  }
}

@MainActor
@Suite(.serialized) struct WebAppearanceTests {
  @Test func theBrowsersPreferenceIsFollowedOnlyWhenAsked() throws {
    let host = HeadlessHost(rootViewController: UIViewController())
    let session = WebSession(window: host.window, renderer: nil, tracing: false)
    let id = session.connect(asksForControl: true) { _ in }
    try session.receive(#"{"t":"hello","mac":false}"#, from: id)
    try session.receive(#"{"t":"appearance","dark":true}"#, from: id)
    #expect(host.window.traitCollection.userInterfaceStyle == .light, "a fixed appearance ignores the browser")
    session.followsBrowserAppearance = true
    try session.receive(#"{"t":"appearance","dark":true}"#, from: id)
    #expect(host.window.traitCollection.userInterfaceStyle == .dark)
    try session.receive(#"{"t":"appearance","dark":false}"#, from: id)
    #expect(host.window.traitCollection.userInterfaceStyle == .light)
  }

  @Test func controlShiftATogglesTheAppearanceAsTheSimulatorsMenuDoes() throws {
    let controller = UIViewController()
    controller.view.backgroundColor = .systemBackground
    let host = HeadlessHost(rootViewController: controller)
    let session = WebSession(window: host.window, renderer: nil, tracing: false)
    let id = session.connect(asksForControl: true) { _ in }
    try session.receive(#"{"t":"hello","mac":false}"#, from: id)
    try session.receive(#"{"t":"key","key":"A","code":"KeyA","shift":true,"ctrl":true}"#, from: id)
    #expect(host.window.traitCollection.userInterfaceStyle == .dark)
    #expect(host.window.displayList().isDark)
    #expect(controller.view.layer.backgroundColor?.components == [0, 0, 0, 1])
    try session.receive(#"{"t":"keyup","key":"A","code":"KeyA"}"#, from: id)
    try session.receive(#"{"t":"key","key":"A","code":"KeyA","shift":true,"ctrl":true}"#, from: id)
    #expect(host.window.traitCollection.userInterfaceStyle == .light)
  }
}

@MainActor
@Suite(.serialized) struct WebRotationTests {
  @Test func theRotateButtonsTurnTheDeviceAndTheTabsResizeTheirCanvas() throws {
    let h = Harness()
    h.session.flush()
    let before = h.tab.outputs.count
    try h.send(#"{"t":"rotate","direction":"left"}"#)
    #expect(h.host.window.bounds.size == CGSize(width: 844, height: 390))
    #expect(UIScreen.main._interfaceOrientation == .landscapeRight, "the device turned left, the content right")
    h.host.settle()
    h.session.flush()
    let messages = h.tab.outputs[before...].compactMap { output -> String? in
      if case .text(let text) = output { text } else { nil }
    }
    #expect(messages.contains { $0.contains(#""t":"screen""#) && $0.contains(#""width":844"#) && $0.contains(#""height":390"#) })
    try h.send(#"{"t":"rotate","direction":"right"}"#)
    h.host.settle()
    #expect(h.host.window.bounds.size == CGSize(width: 390, height: 844))
    #expect(throws: WebProtocolError("unknown rotation \"up\"")) { try WebInput.decode(#"{"t":"rotate","direction":"up"}"#) }
    try h.send(#"{"t":"toggleAppearance"}"#)
    #expect(h.host.window.traitCollection.userInterfaceStyle == .dark)
    try h.send(#"{"t":"toggleAppearance"}"#)
    #expect(h.host.window.traitCollection.userInterfaceStyle == .light)
  }
}

@MainActor
@Suite(.serialized) struct WebAnnouncementTests {
  @Test func announcementsGoToEveryTabsLiveRegion() throws {
    let h = Harness()
    UIAccessibility.post(notification: .announcement, argument: "Saved")
    let announced = h.tab.texts.filter { $0["t"] as? String == "announce" }.compactMap { $0["text"] as? String }
    #expect(announced == ["Saved"])
    UIAccessibility.post(notification: .screenChanged, argument: nil)
    #expect(h.tab.texts.filter { $0["t"] as? String == "announce" }.count == 1, "only announcements are read out")
  }
}

/// Full Keyboard Access in the browser: the page's Tab and Space reach the controls.
@MainActor
@Suite(.serialized) struct WebFullKeyboardAccessTests {
  @Test func tabReachesASwitchAndSpaceFlipsIt() throws {
    let h = Harness()
    let toggle = UISwitch(frame: CGRect(x: 20, y: 300, width: 51, height: 31))
    var flips: [Bool] = []
    toggle.addAction(UIAction { _ in flips.append(toggle.isOn) }, for: .valueChanged)
    h.screen.view.addSubview(toggle)
    h.host.fullKeyboardAccess = true
    try h.key("Tab")
    #expect(h.screen.field.isFirstResponder)
    try h.key("Tab")
    #expect(toggle.isFocused && !h.screen.field.isFirstResponder)
    try h.key(" ")
    #expect(toggle.isOn && flips == [true])
    // A click defers focus; the switch flips as a tap flips it.
    try h.click(toggle)
    #expect(!toggle.isFocused && flips == [true, false])
  }
}

/// Find in a text view from the browser: Ctrl-F (⌘F on a Mac) shows the panel, the query can
/// come through the browser's input method, Ctrl-G moves, Enter goes back to the text.
@MainActor
@Suite(.serialized) struct WebFindTests {
  @Test func ctrlFFindsAComposedQueryAndEnterGoesBackToTheText() throws {
    let h = Harness()
    let textView = UITextView(frame: CGRect(x: 20, y: 300, width: 300, height: 120))
    textView.text = "日本 and 日本語"
    textView.isFindInteractionEnabled = true
    h.screen.view.addSubview(textView)
    try h.click(textView)
    #expect(textView.isFirstResponder)
    try h.key("f", ctrl: true)
    let interaction = try #require(textView.findInteraction)
    #expect(interaction.isFindNavigatorVisible)
    // The browser's IME composes the query in the panel's field.
    try h.send(#"{"t":"compose","phase":"start","text":""}"#)
    try h.send(#"{"t":"compose","phase":"update","text":"にほん"}"#)
    h.host.advance(by: 0.5)
    #expect(interaction.activeFindSession?.resultCount == 0, "no search while composing")
    try h.send(#"{"t":"compose","phase":"end","text":"日本"}"#)
    h.host.advance(by: 0.5)
    #expect(interaction.activeFindSession?.resultCount == 2)
    #expect(textView.selectedRange == NSRange(location: 0, length: 2))
    try h.key("g", ctrl: true)
    #expect(textView.selectedRange == NSRange(location: 7, length: 2))
    try h.key("Enter")
    #expect(textView.isFirstResponder)
    #expect(interaction.isFindNavigatorVisible)
    try h.key("Escape")
    // Escape in the text view is not the panel's: a click elsewhere closes it.
    try h.click(h.screen.field)
    #expect(!interaction.isFindNavigatorVisible)
    #expect(textView.selectedRange == NSRange(location: 7, length: 2))
  }
}
