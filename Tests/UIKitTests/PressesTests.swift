import Foundation
import Testing
import UIKit
import UIKitTesting

/// What the presses methods saw, in order, across responders.
@MainActor
final class PressLog {
  var entries: [String] = []
  var keys: [UIKey] = []
  var presses: [UIPress] = []
  var events: [UIPressesEvent?] = []
}

/// A view that can be first responder and records presses, then passes them on (or not).
@MainActor
final class PressRecordingView: UIView {
  let name: String
  let log: PressLog
  var focusable = false
  /// Keys (charactersIgnoringModifiers) this view handles without calling super.
  var swallows: Set<String> = []

  init(_ name: String, log: PressLog, frame: CGRect) {
    self.name = name
    self.log = log
    super.init(frame: frame)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override var canBecomeFirstResponder: Bool { focusable }

  override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    for press in presses {
      log.entries.append("\(name) began \(press.key?.charactersIgnoringModifiers ?? "")")
      guard focusable else { continue }
      if let key = press.key { log.keys.append(key) }
      log.presses.append(press)
      log.events.append(event)
    }
    let passed = presses.filter { !swallows.contains($0.key?.charactersIgnoringModifiers ?? "") }
    if !passed.isEmpty { super.pressesBegan(passed, with: event) }
  }

  override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    for press in presses { log.entries.append("\(name) ended \(press.key?.charactersIgnoringModifiers ?? "")") }
    super.pressesEnded(presses, with: event)
  }
}

/// A controller that records the presses that reach it.
@MainActor
final class PressController: UIViewController {
  let log = PressLog()
  lazy var container = PressRecordingView("container", log: log, frame: CGRect(x: 0, y: 0, width: 390, height: 400))
  lazy var target = PressRecordingView("target", log: log, frame: CGRect(x: 20, y: 60, width: 200, height: 40))
  let field = SwallowingField(frame: CGRect(x: 20, y: 120, width: 300, height: 34))
  var swallows: Set<String> = []

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(container)
    container.addSubview(target)
    container.addSubview(field)
  }

  override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    for press in presses { log.entries.append("controller began \(press.key?.charactersIgnoringModifiers ?? "")") }
    let passed = presses.filter { !swallows.contains($0.key?.charactersIgnoringModifiers ?? "") }
    if !passed.isEmpty { super.pressesBegan(passed, with: event) }
  }

  override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    for press in presses { log.entries.append("controller ended \(press.key?.charactersIgnoringModifiers ?? "")") }
    super.pressesEnded(presses, with: event)
  }
}

/// A field subclass that keeps some keys from the text by not calling super.
@MainActor
final class SwallowingField: UITextField {
  var swallows: Set<String> = []
  override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    if let key = presses.first?.key, swallows.contains(key.charactersIgnoringModifiers) { return }
    super.pressesBegan(presses, with: event)
  }
}

@MainActor
private func makePressScreen() -> (HeadlessHost, PressController) {
  let controller = PressController()
  let host = HeadlessHost(rootViewController: controller)
  return (host, controller)
}

/// `pressesBegan`/`pressesEnded` along the responder chain, `UIPress`, `UIPressesEvent` and
/// `UIKey`, from the keys the hosts decode.
@MainActor @Suite struct PressesTests {
  @Test func pressesGoUpTheChainFromTheFirstResponderAndEndInTheSameOrder() {
    let (host, controller) = makePressScreen()
    controller.target.focusable = true
    #expect(controller.target.becomeFirstResponder())
    #expect(!host.press(.character("x")), "everyone passed it on")
    #expect(controller.log.entries == [
      "target began x", "container began x", "controller began x",
      "target ended x", "container ended x", "controller ended x",
    ])
    let press = controller.log.presses[0]
    #expect(press.phase == .ended, "the terminal reports no release: the key comes up at once")
    #expect(press.responder === controller.target)
    #expect(press.window === host.window)
    #expect(press.gestureRecognizers == nil)
    let event = controller.log.events[0]
    #expect(event?.type == .presses)
    #expect(event?.allPresses == [press])
  }

  @Test func aResponderThatDoesNotCallSuperKeepsThePressFromTheRest() {
    let (host, controller) = makePressScreen()
    controller.target.focusable = true
    controller.target.becomeFirstResponder()
    controller.container.swallows = ["y"]
    #expect(host.press(.character("y")))
    #expect(controller.log.entries == [
      "target began y", "container began y", "target ended y", "container ended y", "controller ended y",
    ])
  }

  @Test func aFieldTypesInPressesBeganAndPassesOnWhatItDoesNotUse() {
    let (host, controller) = makePressScreen()
    host.tap(controller.field)
    host.type("ab")
    #expect(controller.field.text == "ab")
    #expect(controller.log.entries.isEmpty, "typed keys begin and end at the field")
    controller.log.entries = []
    #expect(!host.press(.escape), "nothing uses Escape")
    #expect(controller.log.entries == [
      "container began UIKeyInputEscape", "controller began UIKeyInputEscape",
      "container ended UIKeyInputEscape", "controller ended UIKeyInputEscape",
    ], "what the field does not use goes up the chain, and so does its end")
    controller.swallows = [UIKeyCommand.inputEscape]
    #expect(host.press(.escape), "the controller used it")
  }

  @Test func aFieldSubclassThatSwallowsAKeyKeepsItFromBeingTyped() {
    let (host, controller) = makePressScreen()
    controller.field.swallows = ["x"]
    host.tap(controller.field)
    host.type("axb")
    #expect(controller.field.text == "ab")
    #expect(controller.field.selectedTextRange.map { controller.field.offset(from: controller.field.beginningOfDocument, to: $0.start) } == 2)
  }

  @Test func theKeysFieldsForLettersArrowsAndControlKeys() {
    let (host, controller) = makePressScreen()
    controller.target.focusable = true
    controller.target.becomeFirstResponder()
    host.press(.character("a"))
    host.press(.character("A"), modifiers: .shift)
    host.press(.character("A"))
    host.press(.character("s"), modifiers: .command)
    host.press(.left, modifiers: [.option, .shift])
    host.press(.returnKey)
    host.press(.escape)
    host.press(.tab)
    host.press(.backspace)
    host.press(.character("!"))
    host.press(.character("é"))
    host.press(.pageDown, modifiers: .control)
    let keys = controller.log.keys
    func describe(_ key: UIKey) -> String {
      "\(key.characters.debugDescription) \(key.charactersIgnoringModifiers.debugDescription) \(key.keyCode.rawValue) \(key.modifierFlags.rawValue >> 16)"
    }
    #expect(keys.map(describe) == [
      "\"a\" \"a\" 4 0",
      "\"A\" \"a\" 4 2",
      "\"A\" \"a\" 4 2",  // a capital implies Shift
      "\"s\" \"s\" 22 16",
      "\"UIKeyInputLeftArrow\" \"UIKeyInputLeftArrow\" 80 10",
      "\"\\r\" \"\\r\" 40 0",
      "\"UIKeyInputEscape\" \"UIKeyInputEscape\" 41 0",
      "\"\\t\" \"\\t\" 43 0",
      "\"\\u{08}\" \"\\u{08}\" 42 0",
      "\"!\" \"1\" 30 2",
      "\"é\" \"é\" 3 0",
      "\"UIKeyInputPageDown\" \"UIKeyInputPageDown\" 78 4",
    ])
    #expect(keys[4].modifierFlags == [.alternate, .shift])
    #expect(keys[3].keyCode == .keyboardS)
    let types = controller.log.presses.map(\.type)
    #expect(types[4] == .leftArrow)
    #expect(types[5] == .select)
    #expect(types[6] == .menu)
    #expect(types[11] == .pageDown)
    #expect(types[0].rawValue == 2000 + UIKeyboardHIDUsage.keyboardA.rawValue)
  }

  @Test func pressesEventsGoThroughTheWindowsSendEvent() {
    let window = EventRecordingWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = PressController()
    window.rootViewController = controller
    let host = HeadlessHost(window: window)
    host.tap(controller.field)
    window.seen = []
    host.type("q")
    #expect(window.seen == ["presses began q", "presses ended q"])
    #expect(controller.field.text == "q")
    window.dropsPresses = true
    #expect(!host.press(.character("r")), "a window that does not pass the event on stops the key")
    #expect(controller.field.text == "q")
  }

  @Test func withoutAFirstResponderTabStillMovesToTheFirstField() {
    let (host, controller) = makePressScreen()
    #expect(host.press(.tab))
    #expect(controller.field.isFirstResponder)
    host.type("z")
    #expect(controller.field.text == "z")
  }
}

/// A window that records the events UIKit sends it, and can keep presses from going further.
@MainActor
final class EventRecordingWindow: UIWindow {
  var seen: [String] = []
  var dropsPresses = false

  override func sendEvent(_ event: UIEvent) {
    if let presses = event as? UIPressesEvent, let press = presses.allPresses.first {
      let phase = press.phase == .began ? "began" : press.phase == .ended ? "ended" : "other"
      seen.append("presses \(phase) \(press.key?.characters ?? "")")
      if dropsPresses { return }
    }
    super.sendEvent(event)
  }
}
