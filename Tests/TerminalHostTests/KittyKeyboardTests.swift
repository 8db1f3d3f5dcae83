import Testing
import UIKit
import UIKitTesting

@testable import TerminalHost

// The kitty keyboard protocol (https://sw.kovidgoyal.net/kitty/keyboard-protocol/): its reports
// decoded, the negotiation, and keys going down and up in the app as the terminal reports them.

private func decode(_ text: String) -> [TerminalEvent] {
  var decoder = InputDecoder()
  return decoder.feed(Array(text.utf8)) + decoder.flush()
}

private func decodedKey(_ text: String) -> TerminalKey? {
  let events = decode(text)
  guard events.count == 1, case .key(let key) = events[0] else { return nil }
  return key
}

@Suite struct KittyKeyboardDecodingTests {
  /// A report, the key it means, its event, and the number that ties its events together.
  struct Report: Sendable, CustomTestStringConvertible {
    let bytes: String
    let key: TerminalKey
    let number: Int?
    var testDescription: String { bytes.debugDescription }
    init(_ bytes: String, _ key: TerminalKey, number: Int?) {
      self.bytes = bytes
      self.key = key
      self.number = number
    }
  }

  static let reports: [Report] = [
    // The spec's event types: press (1, or none), repeat (2), release (3).
    Report("\u{1B}[97u", TerminalKey(.character("a")), number: 97),
    Report("\u{1B}[97;1:1u", TerminalKey(.character("a")), number: 97),
    Report("\u{1B}[97;1:2u", TerminalKey(.character("a"), event: .repeat), number: 97),
    Report("\u{1B}[97;1:3u", TerminalKey(.character("a"), event: .release), number: 97),
    // Shift+a with associated text (flag 16) types "A"; its release names the key unshifted.
    Report("\u{1B}[97;2;65u", TerminalKey(.character("A")), number: 97),
    Report("\u{1B}[97:65;2:3u", TerminalKey(.character("A"), event: .release), number: 97),
    Report("\u{1B}[97;5:3u", TerminalKey(.character("a"), modifiers: .control, event: .release), number: 97),
    // The spec's example of text no key is known for: key number 0.
    Report("\u{1B}[0;;229u", TerminalKey(.character("å")), number: nil),
    // "Report all keys": Enter, Tab, Backspace, Escape as CSI u, with their events.
    Report("\u{1B}[13u", TerminalKey(.enter), number: 13),
    Report("\u{1B}[13;1:3u", TerminalKey(.enter, event: .release), number: 13),
    Report("\u{1B}[127;1:2u", TerminalKey(.backspace, event: .repeat), number: 127),
    Report("\u{1B}[27;1:3u", TerminalKey(.escape, event: .release), number: 27),
    // Modifier keys alone: the press has the modifier, the release no longer.
    Report("\u{1B}[57441;2u", TerminalKey(.modifier(.leftShift), modifiers: .shift), number: 57441),
    Report("\u{1B}[57441;1:3u", TerminalKey(.modifier(.leftShift), event: .release), number: 57441),
    Report("\u{1B}[57442;5u", TerminalKey(.modifier(.leftControl), modifiers: .control), number: 57442),
    Report("\u{1B}[57443;3u", TerminalKey(.modifier(.leftOption), modifiers: .option), number: 57443),
    Report("\u{1B}[57444;9u", TerminalKey(.modifier(.leftCommand), modifiers: .command), number: 57444),
    Report("\u{1B}[57447;2u", TerminalKey(.modifier(.rightShift), modifiers: .shift), number: 57447),
    Report("\u{1B}[57448;5u", TerminalKey(.modifier(.rightControl), modifiers: .control), number: 57448),
    Report("\u{1B}[57449;3u", TerminalKey(.modifier(.rightOption), modifiers: .option), number: 57449),
    Report("\u{1B}[57450;9:2u", TerminalKey(.modifier(.rightCommand), modifiers: .command, event: .repeat), number: 57450),
    // Legacy forms with events: the arrow's and Delete's release, Home in both its forms.
    Report("\u{1B}[A", TerminalKey(.up), number: -65),
    Report("\u{1B}[1;1:3A", TerminalKey(.up, event: .release), number: -65),
    Report("\u{1B}[1;2:2D", TerminalKey(.left, modifiers: .shift, event: .repeat), number: -68),
    Report("\u{1B}[3~", TerminalKey(.delete), number: -1003),
    Report("\u{1B}[3;1:3~", TerminalKey(.delete, event: .release), number: -1003),
    Report("\u{1B}[7;1:3~", TerminalKey(.home, event: .release), number: -1001),
    Report("\u{1B}[1~", TerminalKey(.home), number: -1001),
    Report("\u{1B}[15;5:3~", TerminalKey(.function(5), modifiers: .control, event: .release), number: -1015),
    Report("\u{1B}[57417;1:3u", TerminalKey(.left, event: .release), number: 57417),
  ]

  @Test("reports decode to a key, its event and its number", arguments: reports)
  func reportDecodes(_ report: Report) throws {
    let key = try #require(decodedKey(report.bytes))
    #expect(key == report.key)
    #expect(key.event == report.key.event)
    #expect(key.number == report.number)
  }

  /// Keys as plain bytes carry no number: no terminal reports their release.
  @Test(arguments: ["a", "\r", "\u{7F}", "\u{1B}OA", "\u{1B}a", "日"])
  func plainBytesHaveNoNumber(_ bytes: String) throws {
    #expect(try #require(decodedKey(bytes)).number == nil)
  }

  /// Events the protocol does not define, and keys without an iPad counterpart, are dropped
  /// whole; the key after them still counts.
  @Test(arguments: [
    "\u{1B}[97;1:4u", "\u{1B}[97;1:0u", "\u{1B}[1;1:9A", "\u{1B}[3;1:7~", "\u{1B}[57445u", "\u{1B}[57446;1:3u",
    "\u{1B}[57453u", "\u{1B}[57358;65u", "\u{1B}[0;1:3u", "\u{1B}[0u", "\u{1B}[97;1:999999999999u",
  ])
  func unknownEventsAreSwallowed(_ bytes: String) {
    #expect(decode(bytes + "z") == [.key(TerminalKey(.character("z")))])
  }

  @Test func answersToTheQueriesAreEvents() {
    #expect(decode("\u{1B}[?31u") == [.keyboardProtocolFlags(31)])
    #expect(decode("\u{1B}[?u") == [.keyboardProtocolFlags(0)])
    #expect(decode("\u{1B}[?62;22c") == [.deviceAttributes])
    // Both answers in one read, split anywhere: the same two events.
    let both = Array("\u{1B}[?1u\u{1B}[?62;22c".utf8)
    for cut in 1..<both.count {
      var decoder = InputDecoder()
      let events = decoder.feed(both[..<cut]) + decoder.feed(both[cut...]) + decoder.flush()
      #expect(events == [.keyboardProtocolFlags(1), .deviceAttributes], "cut at \(cut)")
    }
  }

  /// Random bytes mixed with kitty reports never crash the decoder.
  @Test func randomReportsNeverCrash() {
    var rng = SeededRandomNumberGenerator(seed: 15)
    let alphabet = Array("0123456789;:?<>=u~ABCDHFPQRS\u{1B}[".utf8)
    for _ in 0..<2000 {
      var decoder = InputDecoder()
      var bytes: [UInt8] = Array("\u{1B}[".utf8)
      for _ in 0..<Int.random(in: 1...20, using: &rng) { bytes.append(alphabet.randomElement(using: &rng)!) }
      _ = decoder.feed(bytes)
      _ = decoder.flush()
    }
  }
}

// MARK: - Presses

/// A view that takes the focus and records every press it hears, then passes it on.
private final class PressRecorder: UIView {
  var log: [String] = []
  override var canBecomeFirstResponder: Bool { true }

  private func record(_ phase: String, _ presses: Set<UIPress>) {
    for press in presses {
      guard let key = press.key else { continue }
      let name = key.characters.isEmpty ? "\(key.keyCode)" : key.characters
      log.append("\(phase) \(name)")
    }
  }

  override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    record("began", presses)
    super.pressesBegan(presses, with: event)
  }
  override func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    record("changed", presses)
    super.pressesChanged(presses, with: event)
  }
  override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    record("ended", presses)
    super.pressesEnded(presses, with: event)
  }
  override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    record("cancelled", presses)
    super.pressesCancelled(presses, with: event)
  }
}

/// A text field that records the presses it hears before it handles them.
private final class RecordingField: UITextField {
  var log: [String] = []
  override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    log += presses.map { "began \($0.key?.characters ?? "")" }
    super.pressesBegan(presses, with: event)
  }
  override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    log += presses.map { "ended \($0.key?.characters ?? "")" }
    super.pressesEnded(presses, with: event)
  }
  override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    log += presses.map { "cancelled \($0.key?.characters ?? "")" }
    super.pressesCancelled(presses, with: event)
  }
}

/// A controller whose view holds a recorder and two fields, and which offers ⌘N and records the
/// presses that reach it (the recorder's and the fields' next responders lead here).
private final class KeysController: UIViewController {
  let recorder = PressRecorder(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
  let field = RecordingField(frame: CGRect(x: 0, y: 40, width: 200, height: 30))
  let other = RecordingField(frame: CGRect(x: 0, y: 80, width: 200, height: 30))
  var log: [String] = []
  var newDocuments = 0
  var repeatBehavior = UIMenuElement.RepeatBehavior.automatic

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(recorder)
    view.addSubview(field)
    view.addSubview(other)
  }

  override var keyCommands: [UIKeyCommand]? {
    let command = UIKeyCommand(input: "n", modifierFlags: .command, action: KeysController.newDocument)
    command.repeatBehavior = repeatBehavior
    return [command]
  }

  func newDocument(_ sender: UIKeyCommand) { newDocuments += 1 }

  override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    log += presses.map { "controller began \($0.key?.characters ?? "")" }
  }
  override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    log += presses.map { "controller ended \($0.key?.characters ?? "")" }
  }
  override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    log += presses.map { "controller cancelled \($0.key?.characters ?? "")" }
  }
}

@MainActor @Suite struct HeldKeyTests {
  @Test func aKeyEndsWhenItComesUpNotBefore() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    #expect(controller.recorder.becomeFirstResponder())
    host.keyDown(.character("x"))
    #expect(controller.recorder.log == ["began x"])
    #expect(controller.log == ["controller began x"])
    host.keyUp(.character("x"))
    #expect(controller.recorder.log == ["began x", "ended x"])
    #expect(controller.log == ["controller began x", "controller ended x"])
    // A key that is not down does nothing when it comes up.
    host.keyUp(.character("x"))
    #expect(controller.recorder.log.count == 2)
  }

  /// Two keys down at once, released in the other order: each ends on its own release.
  @Test func overlappingKeysEndInTheOrderTheyComeUp() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    controller.recorder.becomeFirstResponder()
    host.keyDown(.character("a"))
    host.keyDown(.character("b"))
    host.keyUp(.character("a"))
    host.keyUp(.character("b"))
    #expect(controller.recorder.log == ["began a", "began b", "ended a", "ended b"])
    #expect(host.keysDown.isEmpty)
  }

  /// iOS sends one pressesBegan for a held key whatever the repeat: responders that want repeats
  /// time them themselves.
  @Test func aRepeatSendsNoNewPress() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    controller.recorder.becomeFirstResponder()
    host.keyDown(.right)
    #expect(!host.keyRepeat(.right))
    #expect(!host.keyRepeat(.right))
    host.keyUp(.right)
    #expect(controller.recorder.log == ["began \(UIKeyCommand.inputRightArrow)", "ended \(UIKeyCommand.inputRightArrow)"])
  }

  /// A held letter types again at each repeat, through the delegate as any typing does; the
  /// field keeps the one press, which ends at the release.
  @Test func aHeldLetterTypesAgainInAField() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    host.tap(controller.field)
    #expect(host.keyDown(.character("a")))
    #expect(host.keyRepeat(.character("a")))
    #expect(host.keyRepeat(.character("a")))
    #expect(controller.field.text == "aaa")
    host.keyUp(.character("a"))
    #expect(controller.field.log == ["began a", "ended a"])
    #expect(controller.log.isEmpty)  // the field used the key: its end stays there
    host.keyDown(.backspace)
    host.keyRepeat(.backspace)
    host.keyUp(.backspace)
    #expect(controller.field.text == "a")
  }

  /// Key commands fire again while held (as iOS's do), unless they are not repeatable; a key
  /// a command took is not delivered as a press, neither its beginning nor its end.
  @Test(arguments: [(UIMenuElement.RepeatBehavior.automatic, 3), (.repeatable, 3), (.nonRepeatable, 1)])
  func keyCommandsRepeat(behavior: UIMenuElement.RepeatBehavior, performed: Int) {
    let controller = KeysController()
    controller.repeatBehavior = behavior
    let host = HeadlessHost(rootViewController: controller)
    controller.recorder.becomeFirstResponder()
    #expect(host.keyDown(.character("n"), modifiers: .command))
    host.keyRepeat(.character("n"))
    host.keyRepeat(.character("n"))
    host.keyUp(.character("n"))
    #expect(controller.newDocuments == performed)
    #expect(controller.recorder.log.isEmpty)
  }

  /// A modifier key alone is a press of its own, with its key code, no characters and its
  /// modifier; held, it modifies the keys pressed with it.
  @Test func modifierKeysAlone() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    controller.recorder.becomeFirstResponder()
    let recorder = controller.recorder
    host.keyDown(.leftShift)
    host.keyDown(.character("n"), modifiers: .command)  // ⇧⌘N: no command matches
    host.keyUp(.character("n"))
    host.keyUp(.leftShift)
    host.keyDown(.rightOption)
    host.keyUp(.rightOption)
    #expect(recorder.log == [
      "began keyboardLeftShift", "began N", "ended N", "ended keyboardLeftShift",
      "began keyboardRightAlt", "ended keyboardRightAlt",
    ])
    #expect(controller.newDocuments == 0)
  }

  @Test func aModifierKeysPressCarriesItsModifier() throws {
    final class KeyCatcher: UIView {
      var keys: [UIKey] = []
      override var canBecomeFirstResponder: Bool { true }
      override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        keys += presses.compactMap(\.key)
      }
    }
    let catcher = KeyCatcher()
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller)
    controller.view.addSubview(catcher)
    catcher.becomeFirstResponder()
    host.keyDown(.leftControl)
    host.keyDown(.leftCommand)
    let control = try #require(catcher.keys.first)
    #expect(control.keyCode == .keyboardLeftControl)
    #expect(control.modifierFlags == .control)
    #expect(control.characters == "" && control.charactersIgnoringModifiers == "")
    let command = try #require(catcher.keys.last)
    #expect(command.keyCode == .keyboardLeftGUI)
    #expect(command.modifierFlags == [.control, .command])
  }

  /// The first responder changes while a key is down: the end goes where the press began (the
  /// field that typed it keeps it), not to the new first responder.
  @Test func theEndGoesWhereThePressBegan() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    host.tap(controller.field)
    host.keyDown(.character("q"))
    host.tap(controller.other)
    host.keyUp(.character("q"))
    #expect(controller.field.log == ["began q", "ended q"])
    #expect(controller.other.log.isEmpty)
    #expect(controller.field.text == "q" && controller.other.text == "")
  }

  /// A repeat after the focus moved types nothing: the field that used the key is no longer
  /// the first responder, and the new one never saw the key go down.
  @Test func aRepeatAfterTheFocusMovedTypesNothing() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    host.tap(controller.field)
    host.keyDown(.character("m"))
    host.tap(controller.other)
    #expect(!host.keyRepeat(.character("m")))
    host.keyUp(.character("m"))
    #expect(controller.field.text == "m" && controller.other.text == "")
  }

  /// Tab with no first responder: the press goes to the window, nothing uses it, so the
  /// window moves the focus at the key down (as `press` does); the end goes to the window too,
  /// not to the field that has the focus by then.
  @Test func tabFocusesAtTheKeyDownAndEndsWhereItBegan() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    #expect(host.keyDown(.tab))
    #expect(controller.field.isFirstResponder)
    host.keyUp(.tab)
    #expect(controller.field.log.isEmpty && controller.log.isEmpty)
    #expect(host.keysDown.isEmpty)
  }

  /// A view removed from its window while its key is down hears the press cancelled, as iOS
  /// cancels presses whose view leaves the window.
  @Test func aViewThatLeavesTheWindowHearsItsPressCancelled() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    controller.recorder.becomeFirstResponder()
    host.keyDown(.character("x"))
    controller.recorder.removeFromSuperview()
    host.keyUp(.character("x"))
    #expect(controller.recorder.log == ["began x", "cancelled x"])
  }

  /// Keys down when the app stops being active are cancelled, not ended.
  @Test func keysDownAreCancelledWhenTheHostLosesTheKeyboard() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    host.tap(controller.field)
    host.keyDown(.character("k"))
    controller.recorder.becomeFirstResponder()
    host.keyDown(.character("j"))
    host.cancelKeysDown()
    #expect(controller.field.log == ["began k", "cancelled k"])
    #expect(controller.recorder.log == ["began j", "cancelled j"])
    #expect(controller.log == ["controller began j", "controller cancelled j"])
    #expect(host.keysDown.isEmpty)
  }

  /// `press` still goes down and up at once, in the order it always had.
  @Test func aPressEndsAtOnce() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    controller.recorder.becomeFirstResponder()
    host.press(.character("z"))
    host.press(.leftShift)
    #expect(controller.recorder.log == ["began z", "ended z", "began keyboardLeftShift", "ended keyboardLeftShift"])
  }
}

// MARK: - The terminal's keyboard

/// The terminal as TerminalKeyboard sees it: bytes decoded, then handled, and what the host
/// pushed to the terminal.
@MainActor private final class FakeTerminal {
  var decoder = InputDecoder()
  var pushes = 0
  lazy var keyboard = TerminalKeyboard { [unowned self] in self.pushes += 1 }
  let window: UIWindow
  var hostActions: [HostAction] = []

  init(window: UIWindow) { self.window = window }

  func send(_ bytes: String) {
    for event in decoder.feed(Array(bytes.utf8)) + decoder.flush() {
      if let action = keyboard.handle(event, in: window) { hostActions.append(action) }
    }
  }
}

@MainActor @Suite struct TerminalKeyboardTests {
  /// kitty answers the query; the host pushes its flags, asks again and learns they took.
  private func kitty(_ host: HeadlessHost) -> FakeTerminal {
    let terminal = FakeTerminal(window: host.window)
    terminal.send("\u{1B}[?0u\u{1B}[?62;22c")
    #expect(terminal.keyboard.state == .pushed && terminal.pushes == 1)
    terminal.send("\u{1B}[?31u")
    #expect(terminal.keyboard.state == .active(flags: 31) && terminal.keyboard.reportsReleases)
    return terminal
  }

  @Test func aTerminalWithoutTheProtocolIsLeftAsItWas() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    let terminal = FakeTerminal(window: host.window)
    terminal.send("\u{1B}[?1;2c")  // tmux's answer: device attributes only
    #expect(terminal.keyboard.state == .unsupported && terminal.pushes == 0)
    // A late flags answer changes nothing.
    terminal.send("\u{1B}[?31u")
    #expect(terminal.keyboard.state == .unsupported && terminal.pushes == 0)
    controller.recorder.becomeFirstResponder()
    terminal.send("x\u{1B}[A")
    #expect(controller.recorder.log == ["began x", "ended x", "began \(UIKeyCommand.inputUpArrow)", "ended \(UIKeyCommand.inputUpArrow)"])
  }

  /// Until the second answer says event types are on, keys go down and up at once (a release
  /// that comes anyway finds no press and is ignored).
  @Test func keysGoUpAtOnceUntilTheTerminalConfirmsReleases() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    let terminal = FakeTerminal(window: host.window)
    controller.recorder.becomeFirstResponder()
    terminal.send("\u{1B}[?0u")
    terminal.send("\u{1B}[120u\u{1B}[120;1:3u")
    #expect(controller.recorder.log == ["began x", "ended x"])
    // A terminal that took only "disambiguate": still no releases.
    terminal.send("\u{1B}[?1u")
    #expect(terminal.keyboard.state == .active(flags: 1) && !terminal.keyboard.reportsReleases)
    terminal.send("\u{1B}[121u")
    #expect(controller.recorder.log == ["began x", "ended x", "began y", "ended y"])
  }

  @Test func pressRepeatAndReleaseFromKitty() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    let terminal = kitty(host)
    host.tap(controller.field)
    // Shift down, "A" (Shift+a with its text), a repeat, a release, Shift up.
    terminal.send("\u{1B}[57441;2u")
    terminal.send("\u{1B}[97;2;65u")
    #expect(controller.field.text == "A")
    #expect(controller.field.log == ["began ", "began A"])
    terminal.send("\u{1B}[97;2:2;65u")
    #expect(controller.field.text == "AA")
    terminal.send("\u{1B}[57441;1:3u")  // Shift comes up first
    terminal.send("\u{1B}[97;1:3u")  // the release names the key unshifted
    #expect(controller.field.log == ["began ", "began A", "ended ", "ended A"])
    // The field did not use Shift: its press went on to the controller, and so did its end.
    #expect(controller.log == ["controller began ", "controller ended "])
    #expect(terminal.keyboard.heldKeyCount == 0)
  }

  @Test func arrowsAndFunctionKeysInTheirLegacyForms() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    let terminal = kitty(host)
    controller.recorder.becomeFirstResponder()
    terminal.send("\u{1B}[A")
    terminal.send("\u{1B}[1;1:2A")
    terminal.send("\u{1B}[3~")
    terminal.send("\u{1B}[1;1:3A")
    terminal.send("\u{1B}[3;1:3~")
    let up = UIKeyCommand.inputUpArrow, delete = UIKeyCommand.inputDelete
    #expect(controller.recorder.log == ["began \(up)", "began \(delete)", "ended \(up)", "ended \(delete)"])
  }

  /// Ctrl-C quits at its press; its release and repeats do nothing. Ctrl-K toggles once however
  /// long it is held.
  @Test func hostShortcutsActAtThePressOnly() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    let terminal = kitty(host)
    terminal.send("\u{1B}[107;5u\u{1B}[107;5:2u\u{1B}[107;5:2u\u{1B}[107;5:3u")
    #expect(terminal.hostActions == [.toggleSoftwareKeyboard])
    terminal.send("\u{1B}[99;5u\u{1B}[99;5:3u")
    #expect(terminal.hostActions == [.toggleSoftwareKeyboard, .quit])
  }

  /// Focus lost with keys down: their releases happen in another window, so they are cancelled.
  @Test func losingFocusCancelsTheKeysDown() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    let terminal = kitty(host)
    controller.recorder.becomeFirstResponder()
    terminal.send("\u{1B}[57442;5u\u{1B}[100u")
    terminal.send("\u{1B}[O")
    terminal.send("\u{1B}[100;1:3u")  // too late: nothing is down
    #expect(controller.recorder.log == [
      "began keyboardLeftControl", "began d", "cancelled keyboardLeftControl", "cancelled d",
    ])
  }

  /// Text an input method sends as plain bytes goes down and up at once even with the protocol.
  @Test func plainTextStillEndsAtOnce() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    let terminal = kitty(host)
    controller.recorder.becomeFirstResponder()
    terminal.send("日")
    #expect(controller.recorder.log == ["began 日", "ended 日"])
    #expect(terminal.keyboard.heldKeyCount == 0)
  }

  /// A press of a key already down (its release was lost) ends the first press.
  @Test func aSecondPressEndsTheFirst() {
    let controller = KeysController()
    let host = HeadlessHost(rootViewController: controller)
    let terminal = kitty(host)
    controller.recorder.becomeFirstResponder()
    terminal.send("\u{1B}[120u\u{1B}[120u\u{1B}[120;1:3u")
    #expect(controller.recorder.log == ["began x", "ended x", "began x", "ended x"])
  }
}
