/// Turns the bytes an xterm-compatible terminal sends (xterm, tmux, GNOME/VTE, kitty, iTerm2,
/// Windows Terminal) into ``TerminalEvent``s: typed text, keys with modifiers, bracketed pastes,
/// mouse reports and focus changes.
///
/// Bytes may be split anywhere between calls to ``feed(_:)``: inside a UTF-8 character, an
/// escape sequence or a paste. Whatever cannot be decided yet is held back
/// (``hasPendingInput``) until more bytes arrive or the host calls ``flush()`` after a short
/// silence, which is the only way to tell the Escape key from the start of a sequence.
///
/// Choices where terminals are ambiguous:
/// - `ESC [`, `ESC O`, `ESC P`, `ESC ]` and `ESC _` start a sequence (CSI, SS3, DCS, OSC, APC)
///   if any byte that can continue one follows, even in a later read; only a ``flush()`` right
///   after them makes them Alt-[, Alt-O, ... (typed keys arrive in reads of their own).
/// - `ESC ESC` followed by a key sequence is that key with Option, as rxvt and some macOS
///   terminals send Alt-arrows; followed by anything else the first ESC is the Escape key.
/// - `CSI row ; column R` is a cursor position report (ignored), never Shift-F3.
/// - `CSI ? flags u` and `CSI ? … c` are the answers to the host's keyboard protocol and
///   device attributes queries (events of their own); other reports are swallowed.
/// - kitty's event types (`CSI 97 ; 1:3 u`, `CSI 1 ; 1:3 A`) make a key's repeat or release;
///   an event type the protocol does not define drops the report.
/// - A bracketed paste is one event however long it is; ``flush()`` does not end it (a paste
///   may pause on a slow link, and ending it early would type the rest of it as keys). Content
///   beyond `maximumPasteBytes` is dropped up to the end marker. A paste whose end marker never
///   comes (a terminal or a link lost it) is ended by ``endUnterminatedPaste()``, which the host
///   calls after a longer silence (``TerminalInput``).
/// - Text is delivered at the end of each ``feed(_:)``; a grapheme cluster is held back only
///   while it is certainly unfinished (a UTF-8 sequence cut short, a trailing ZWJ, a lone
///   regional indicator, an emoji tag sequence without its end). A combining mark that arrives
///   in a later read than its base therefore comes as a key of its own, which inserts the same
///   text; holding every last character back instead would delay all typing until the flush.
///
/// Memory is bounded: an escape sequence keeps at most 64 bytes (longer ones are swallowed
/// whole and ignored), strings (OSC, DCS, APC) keep none, and a paste keeps at most
/// `maximumPasteBytes`.
package struct InputDecoder: Sendable {
  /// Bytes an escape sequence may keep; beyond them the sequence is still consumed up to its
  /// final byte (so its parameters are not typed as text) but ignored.
  static let maximumSequenceBytes = 64
  /// The longest cluster held back at the end of a read, so that an endless ZWJ chain cannot grow
  /// without bound.
  static let maximumHeldClusterBytes = 256

  private enum State: Sendable {
    /// Text and C0 controls.
    case ground
    /// After ESC.
    case escape
    /// After `ESC [`, collecting the sequence in `sequence`.
    case csi
    /// After `ESC O`.
    case ss3
    /// After `ESC [ M`: the three raw bytes of an X10 mouse report.
    case x10Mouse
    /// Inside an OSC, DCS or APC string (introduced by the byte given), until its terminator.
    case string(UInt8)
    /// ESC inside a string: `\` ends it, anything else cancels it and starts a new sequence.
    case stringEscape(UInt8)
    /// Inside a bracketed paste.
    case paste
  }

  private var state = State.ground
  /// An ESC came before the current escape sequence (`ESC ESC [ A`): Option for a key, else the
  /// Escape key.
  private var escapePrefix = false
  /// The bytes of the current CSI or SS3 sequence after its introducer, or of an X10 report.
  private var sequence: [UInt8] = []
  private var sequenceOverflowed = false
  /// Whether the current string has any byte after its introducer.
  private var stringHasContent = false

  private var utf8 = UTF8Scalars()
  /// Decoded text not yet delivered as keys: the current run of text, or a cluster held back.
  private var text = ""
  /// The first cluster of `text` was typed with Alt (ESC prefix).
  private var textHasOption = false

  private var paste: BracketedPaste
  /// The button of the last X10/urxvt press, which those encodings' release does not name.
  private var pressedButton: MouseEvent.Button?

  /// - Parameter maximumPasteBytes: the most bytes of a bracketed paste kept (before line breaks
  ///   are normalised); the rest of a longer paste is dropped.
  package init(maximumPasteBytes: Int = 10 * 1024 * 1024) {
    paste = BracketedPaste(limit: maximumPasteBytes)
    sequence.reserveCapacity(Self.maximumSequenceBytes)
  }

  /// Whether bytes are held back waiting for more: a lone ESC, a partial sequence or UTF-8
  /// character, an unfinished cluster, or a paste without its end marker yet.
  package var hasPendingInput: Bool {
    if case .ground = state { return utf8.isMidSequence || !text.isEmpty }
    return true
  }

  /// Whether a bracketed paste has started and not ended. Only its end marker ends it, so
  /// ``flush()`` changes nothing meanwhile and a host can leave its idle timer off.
  package var isInsidePaste: Bool {
    if case .paste = state { return true }
    return false
  }

  /// Decodes bytes as they arrive from the terminal.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [TerminalEvent] {
    if let events = bytes.withContiguousStorageIfAvailable({ decode($0) }) { return events }
    return Array(bytes).withUnsafeBufferPointer { decode($0) }
  }

  /// Decodes bytes as they arrive from the terminal, straight from a read buffer.
  package mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [TerminalEvent] {
    bytes.withMemoryRebound(to: UInt8.self) { decode($0) }
  }

  /// Resolves what is held back after a short silence (~25 ms): a lone ESC becomes the Escape
  /// key, `ESC` + an introducer becomes that character with Option, an unfinished UTF-8
  /// character becomes U+FFFD, and an unfinished sequence is dropped, never typed. An open
  /// bracketed paste stays open.
  package mutating func flush() -> [TerminalEvent] {
    var events: [TerminalEvent] = []
    switch state {
    case .ground, .paste:
      break
    case .escape:
      releaseEscapePrefix(into: &events)
      events.append(.key(TerminalKey(.escape)))
    case .csi:
      abandonSequence(introducer: "[", into: &events)
    case .ss3:
      abandonSequence(introducer: "O", into: &events)
    case .string(let introducer):
      if stringHasContent {
        releaseEscapePrefix(into: &events)
      } else {
        emitOptionCharacter(Character(Unicode.Scalar(introducer)), into: &events)
      }
    case .x10Mouse, .stringEscape:
      releaseEscapePrefix(into: &events)
    }
    if !isInsidePaste { state = .ground }
    clearSequence()
    if utf8.isMidSequence {
      utf8.reset()
      text.unicodeScalars.append("\u{FFFD}")
    }
    deliverText(holdingUnfinished: false, into: &events)
    return events
  }

  /// Ends a bracketed paste whose end marker has not come: delivers what came as the paste, and
  /// the bytes after it are keys again. Does nothing outside a paste.
  package mutating func endUnterminatedPaste() -> [TerminalEvent] {
    guard isInsidePaste else { return [] }
    state = .ground
    return [.paste(paste.finishUnterminated())]
  }

  // MARK: The state machine

  private mutating func decode(_ buffer: UnsafeBufferPointer<UInt8>) -> [TerminalEvent] {
    var events: [TerminalEvent] = []
    var index = 0
    while index < buffer.count {
      if case .paste = state {
        let (next, pasted) = paste.consume(buffer, from: index)
        index = next
        if let pasted {
          events.append(.paste(pasted))
          state = .ground
        }
        continue
      }
      // A step that ends a sequence on a byte that cannot belong to it looks at that byte again.
      if step(buffer[index], into: &events) { index += 1 }
    }
    deliverText(holdingUnfinished: true, into: &events)
    return events
  }

  /// Processes one byte; returns false if the byte must be processed again in the new state.
  private mutating func step(_ byte: UInt8, into events: inout [TerminalEvent]) -> Bool {
    switch state {
    case .ground:
      return ground(byte, into: &events)
    case .escape:
      return afterEscape(byte, into: &events)
    case .csi:
      return csi(byte, into: &events)
    case .ss3:
      return ss3(byte, into: &events)
    case .x10Mouse:
      sequence.append(byte)
      if sequence.count == 3 {
        // Each byte is 32 + the value; coordinates are 1-based. A byte below 33 is no coordinate
        // (xterm sends 0 beyond column 223): the report is dropped rather than misplaced.
        let code = Int(sequence[0]) - 32
        let column = Int(sequence[1]) - 33
        let row = Int(sequence[2]) - 33
        state = .ground
        clearSequence()
        if code >= 0 && column >= 0 && row >= 0 {
          deliver(.legacyMouse(code: code, column: column, row: row), into: &events)
        } else {
          releaseEscapePrefix(into: &events)
        }
      }
      return true
    case .string(let introducer):
      return string(introducer, byte, into: &events)
    case .stringEscape:
      state = .ground
      if byte == UInt8(ascii: "\\") {
        releaseEscapePrefix(into: &events)
        return true
      }
      // ESC cancels a string and begins a new escape sequence (as in a DEC terminal's parser).
      releaseEscapePrefix(into: &events)
      state = .escape
      return false
    case .paste:
      // `decode` hands paste bytes to `paste` in blocks; this is never reached.
      return true
    }
  }

  private mutating func ground(_ byte: UInt8, into events: inout [TerminalEvent]) -> Bool {
    if utf8.isMidSequence || (byte >= 0x20 && byte != 0x7F) {
      switch utf8.decode(byte) {
      case .scalar(let scalar):
        text.unicodeScalars.append(scalar)
      case .pending:
        break
      case .invalid:
        text.unicodeScalars.append("\u{FFFD}")
      case .invalidThenRetry:
        text.unicodeScalars.append("\u{FFFD}")
        return false
      }
      return true
    }
    deliverText(holdingUnfinished: false, into: &events)
    if byte == 0x1B {
      state = .escape
    } else {
      events.append(.key(Self.controlKey(byte)))
    }
    return true
  }

  private mutating func afterEscape(_ byte: UInt8, into events: inout [TerminalEvent]) -> Bool {
    switch byte {
    case 0x1B:
      // ESC ESC: the first is the Escape key unless the second starts a key sequence.
      releaseEscapePrefix(into: &events)
      escapePrefix = true
    case UInt8(ascii: "["):
      state = .csi
    case UInt8(ascii: "O"):
      state = .ss3
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"):
      state = .string(byte)
      stringHasContent = false
    case 0x00..<0x20, 0x7F:
      // Alt with a control key: ESC ⌫, ESC ⏎, ESC ⌃C.
      releaseEscapePrefix(into: &events)
      var key = Self.controlKey(byte)
      key.modifiers.insert(.option)
      events.append(.key(key))
      state = .ground
    default:
      // Alt with a typed character: the next cluster carries Option.
      releaseEscapePrefix(into: &events)
      textHasOption = true
      state = .ground
      return false
    }
    return true
  }

  private mutating func csi(_ byte: UInt8, into events: inout [TerminalEvent]) -> Bool {
    guard (0x20...0x7E).contains(byte) else {
      // Not part of a sequence: right after `ESC [` this was Alt-[ typed before it; later, the
      // sequence is broken and dropped. The byte itself is processed normally.
      abandonSequence(introducer: "[", into: &events)
      state = .ground
      clearSequence()
      return false
    }
    guard byte >= 0x40 else {
      collect(byte)
      return true
    }
    if sequence.isEmpty && byte == UInt8(ascii: "M") {
      state = .x10Mouse
      return true
    }
    state = .ground
    defer { clearSequence() }
    guard !sequenceOverflowed, let parsed = ControlSequence(body: sequence, final: byte) else {
      releaseEscapePrefix(into: &events)
      return true
    }
    deliver(parsed.csiMeaning, into: &events)
    return true
  }

  private mutating func ss3(_ byte: UInt8, into events: inout [TerminalEvent]) -> Bool {
    guard (0x20...0x7E).contains(byte) else {
      abandonSequence(introducer: "O", into: &events)
      state = .ground
      clearSequence()
      return false
    }
    guard byte >= 0x40 else {
      collect(byte)
      return true
    }
    state = .ground
    defer { clearSequence() }
    guard !sequenceOverflowed, let parsed = ControlSequence(body: sequence, final: byte) else {
      releaseEscapePrefix(into: &events)
      return true
    }
    deliver(parsed.ss3Meaning, into: &events)
    return true
  }

  private mutating func string(
    _ introducer: UInt8, _ byte: UInt8, into events: inout [TerminalEvent]
  ) -> Bool {
    if !stringHasContent && !(0x20...0x7E).contains(byte) {
      // No string starts like this: it was Alt-], Alt-P or Alt-_ followed by another key.
      emitOptionCharacter(Character(Unicode.Scalar(introducer)), into: &events)
      state = .ground
      return false
    }
    // ECMA-48 allows only BS, HT, LF, VT, FF and CR besides printable bytes in a command string
    // (xterm adds BEL to end an OSC); no terminal's report contains another C0 byte. One that
    // comes is a key pressed after a string that never ended (random bytes, a cut report): the
    // string is dropped and the key counts, so that Ctrl-C still quits.
    if byte < 0x20, !(0x07...0x0D).contains(byte), byte != 0x1B {
      releaseEscapePrefix(into: &events)
      state = .ground
      return false
    }
    stringHasContent = true
    if byte == 0x1B {
      state = .stringEscape(introducer)
    } else if byte == 0x07 && introducer == UInt8(ascii: "]") {
      // xterm ends OSC with BEL as well as with ST.
      releaseEscapePrefix(into: &events)
      state = .ground
    }
    return true
  }

  // MARK: Helpers

  private mutating func collect(_ byte: UInt8) {
    if sequence.count < Self.maximumSequenceBytes {
      sequence.append(byte)
    } else {
      sequenceOverflowed = true
    }
  }

  private mutating func clearSequence() {
    sequence.removeAll(keepingCapacity: true)
    sequenceOverflowed = false
  }

  /// Emits the Escape key for an ESC that turned out not to prefix a key sequence.
  private mutating func releaseEscapePrefix(into events: inout [TerminalEvent]) {
    if escapePrefix {
      escapePrefix = false
      events.append(.key(TerminalKey(.escape)))
    }
  }

  /// Gives up an unfinished CSI or SS3 sequence: with nothing after its introducer it was Alt-[
  /// or Alt-O; otherwise its bytes are dropped.
  private mutating func abandonSequence(
    introducer: Character, into events: inout [TerminalEvent]
  ) {
    if sequence.isEmpty && !sequenceOverflowed {
      emitOptionCharacter(introducer, into: &events)
    } else {
      releaseEscapePrefix(into: &events)
    }
  }

  /// Emits an introducer byte that turned out to be a typed character after ESC: Alt-[.
  private mutating func emitOptionCharacter(
    _ character: Character, into events: inout [TerminalEvent]
  ) {
    releaseEscapePrefix(into: &events)
    events.append(.key(TerminalKey(.character(String(character)), modifiers: .option)))
  }

  private mutating func deliver(_ meaning: SequenceMeaning, into events: inout [TerminalEvent]) {
    switch meaning {
    case .key(var key):
      if escapePrefix {
        escapePrefix = false
        key.modifiers.insert(.option)
      }
      events.append(.key(key))
    case .focus(let focused):
      releaseEscapePrefix(into: &events)
      events.append(.focus(focused))
    case .mouse(let event):
      releaseEscapePrefix(into: &events)
      events.append(.mouse(event))
    case .legacyMouse(let code, let column, let row):
      releaseEscapePrefix(into: &events)
      if let event = legacyMouseEvent(code: code, column: column, row: row) {
        events.append(.mouse(event))
      }
    case .pasteStart:
      releaseEscapePrefix(into: &events)
      state = .paste
    case .keyboardProtocolFlags(let flags):
      releaseEscapePrefix(into: &events)
      events.append(.keyboardProtocolFlags(flags))
    case .deviceAttributes:
      releaseEscapePrefix(into: &events)
      events.append(.deviceAttributes)
    case .cursorPosition(let row, let column):
      releaseEscapePrefix(into: &events)
      events.append(.cursorPosition(row: row, column: column))
    case .nothing:
      releaseEscapePrefix(into: &events)
    }
  }

  /// An X10/urxvt report: button bits 3 without motion or wheel is a release of whatever was
  /// pressed, which the decoder remembers from the press.
  private mutating func legacyMouseEvent(code: Int, column: Int, row: Int) -> MouseEvent? {
    if code & (32 | 64) == 0 && code & 3 == 3 {
      var event = ControlSequence.mouseEvent(code: code, column: column, row: row, isRelease: true)
      event?.button = pressedButton ?? .none
      pressedButton = nil
      return event
    }
    let event = ControlSequence.mouseEvent(code: code, column: column, row: row, isRelease: false)
    if let event, event.kind == .press { pressedButton = event.button }
    return event
  }

  /// Delivers the decoded text as one key per grapheme cluster. At the end of a read the last
  /// cluster is kept if it is certainly unfinished, so that its rest, arriving in the next read,
  /// joins it.
  private mutating func deliverText(holdingUnfinished: Bool, into events: inout [TerminalEvent]) {
    guard !text.isEmpty else { return }
    var clusters = Substring(text)
    var held: Substring = ""
    if holdingUnfinished, let last = clusters.last,
      utf8.isMidSequence || Self.isUnfinished(last),
      last.utf8.count <= Self.maximumHeldClusterBytes
    {
      held = clusters[clusters.index(before: clusters.endIndex)...]
      clusters = clusters[..<held.startIndex]
    }
    for cluster in clusters {
      let modifiers: TerminalKey.Modifiers = textHasOption ? .option : []
      textHasOption = false
      events.append(.key(TerminalKey(.character(String(cluster)), modifiers: modifiers)))
    }
    text = String(held)
  }

  /// Whether a cluster at the end of the text so far can only be the start of one: it ends with
  /// a zero-width joiner or an emoji tag, or is a regional indicator without its pair.
  private static func isUnfinished(_ cluster: Character) -> Bool {
    guard let last = cluster.unicodeScalars.last else { return false }
    switch last.value {
    case 0x200D, 0xE0020...0xE007E: return true
    case 0x1F1E6...0x1F1FF: return cluster.unicodeScalars.count == 1
    default: return false
    }
  }

  /// The key a C0 control byte (or DEL) stands for.
  static func controlKey(_ byte: UInt8) -> TerminalKey {
    switch byte {
    case 0x0D, 0x0A: return TerminalKey(.enter)
    case 0x09: return TerminalKey(.tab)
    case 0x08, 0x7F: return TerminalKey(.backspace)
    case 0x1B: return TerminalKey(.escape)
    case 0x00: return TerminalKey(.character(" "), modifiers: .control)
    case 0x01...0x1A:
      // ⌃A–⌃Z, named by their lower-case letter.
      return TerminalKey(.character(String(Unicode.Scalar(byte + 0x60))), modifiers: .control)
    default:
      // 0x1C–0x1F: ⌃\ ⌃] ⌃^ ⌃_.
      return TerminalKey(.character(String(Unicode.Scalar(byte + 0x40))), modifiers: .control)
    }
  }
}
