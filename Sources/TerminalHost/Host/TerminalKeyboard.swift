import UIKit

/// The terminal's keyboard as the app's hardware keyboard: the kitty keyboard protocol's
/// negotiation, and the keys that are down.
///
/// A terminal reports key releases only with the kitty keyboard protocol, after the program
/// asked for them. At start the session asks whether the terminal speaks it (`CSI ? u`, then
/// the primary device attributes query `CSI c`, which every terminal answers):
///
/// 1. The terminal answers `CSI ? flags u`: it speaks the protocol. The host pushes its
///    enhancements (``TerminalSession/keyboardEnhancements``) and asks again, to learn which of
///    them the terminal took.
/// 2. The second answer says what is in force. With "report event types" on, keys sent as
///    escape sequences go down at their press and up at their release (`pressesBegan`, then
///    `pressesEnded` when the terminal reports the release), repeats repeat as iOS's key repeat
///    does (``UIWindow/_keyRepeat(_:)``), and modifier keys alone are keys of their own.
/// 3. A device attributes answer before any `CSI ? flags u` means the terminal does not speak
///    the protocol (tmux, xterm, VTE): nothing is pushed, and every key goes down and up at once
///    as before.
///
/// Keys that come as plain bytes (text from an input method, anything typed before the
/// enhancements took effect) still go down and up at once: their release will not be reported.
/// A release or repeat of a key whose press the host did not see is ignored.
@MainActor
package final class TerminalKeyboard {
  /// Where the negotiation is.
  package enum ProtocolState: Equatable, Sendable {
    /// The query went out; no answer yet.
    case asking
    /// The terminal speaks the protocol; the enhancements were pushed and the host asked again.
    case pushed
    /// The terminal's flags after the push (the protocol's bits: 1 disambiguate, 2 event types,
    /// 4 alternate keys, 8 all keys as escape codes, 16 associated text).
    case active(flags: Int)
    /// The terminal answered the device attributes query first: it does not speak the protocol.
    case unsupported
  }

  package private(set) var state = ProtocolState.asking
  /// Pushes the enhancements and asks for the flags again (the session writes the bytes and
  /// arranges for them to be popped whenever the terminal is restored).
  private let enableEnhancements: () -> Void
  /// The keys down whose release the terminal will report, by ``TerminalKey/number``, with the
  /// presses event their press made, in the order they went down (a few at most).
  private var held: [(number: Int, event: UIPressesEvent)] = []

  package init(enableEnhancements: @escaping () -> Void) {
    self.enableEnhancements = enableEnhancements
  }

  /// Whether the terminal reports releases: the protocol is on with "report event types".
  package var reportsReleases: Bool {
    if case .active(let flags) = state { return flags & 2 != 0 }
    return false
  }

  /// How many keys are down.
  package var heldKeyCount: Int { held.count }

  /// The terminal answered the keyboard protocol's query.
  private func terminalReported(flags: Int) {
    switch state {
    case .asking:
      state = .pushed
      enableEnhancements()
    case .pushed:
      state = .active(flags: flags)
    case .active, .unsupported:
      // An answer nobody asked for (a second query after a resume, a late answer): the
      // negotiation is over.
      break
    }
  }

  /// The terminal answered the device attributes query.
  private func terminalReportedDeviceAttributes() {
    if state == .asking { state = .unsupported }
  }

  /// Handles what the terminal sent about its keyboard: keys, the answers to the protocol's
  /// queries, focus. Returns what the host itself must do (quit, toggle the software keyboard);
  /// nil when the key went to the app or nowhere, and for events that are not the keyboard's.
  package func handle(_ event: TerminalEvent, in window: UIWindow) -> HostAction? {
    switch event {
    case .key(let key):
      return handle(key, in: window)
    case .keyboardProtocolFlags(let flags):
      terminalReported(flags: flags)
    case .deviceAttributes:
      terminalReportedDeviceAttributes()
    case .focus(let focused):
      // Releases made in another window never reach this one.
      if !focused { cancelHeldKeys(in: window) }
    case .paste, .mouse, .cursorPosition:
      break
    }
    return nil
  }

  private func handle(_ key: TerminalKey, in window: UIWindow) -> HostAction? {
    switch key.event {
    case .release:
      guard let number = key.number, let event = takeHeld(number) else { return nil }
      window._keyUp(event)
      return nil
    case .repeat:
      // Host shortcuts do not repeat (a held Ctrl-K would flicker the keyboard); keys the app
      // got repeat as iOS repeats them.
      guard let number = key.number, let event = held.first(where: { $0.number == number })?.event else {
        return nil
      }
      window._keyRepeat(event)
      return nil
    case .press:
      break
    }
    switch KeyMapping.action(for: key, copies: KeyMapping.canCopy(in: window._firstResponder)) {
    case .key(let hardwareKey):
      guard reportsReleases, let number = key.number else {
        window._press(hardwareKey)
        return nil
      }
      // A second press without a release between (the release was lost): the first comes up.
      if let earlier = takeHeld(number) { window._keyUp(earlier) }
      if let event = window._keyDown(hardwareKey).event { held.append((number, event)) }
      return nil
    case .ignore:
      return nil
    case let action:
      return action
    }
  }

  /// Cancels the keys that are down: the terminal lost focus, the app was stopped or quits, so
  /// their releases will not come (iOS cancels presses when the app stops being active).
  package func cancelHeldKeys(in window: UIWindow?) {
    let events = held.map(\.event)
    held.removeAll()
    guard let window else { return }
    for event in events { window._cancelKey(event) }
  }

  private func takeHeld(_ number: Int) -> UIPressesEvent? {
    guard let index = held.firstIndex(where: { $0.number == number }) else { return nil }
    return held.remove(at: index).event
  }
}
