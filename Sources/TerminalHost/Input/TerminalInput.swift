import Foundation

/// The terminal's input over time: an ``InputDecoder`` and the silences that decide what the
/// bytes it holds back mean. The run loop feeds it what it reads, waits no longer than
/// ``deadline``, and calls ``expire(at:)`` when a wait ends without input.
///
/// - A lone ESC, a partial escape sequence or UTF-8 character is resolved after
///   ``escapeTimeout`` of silence (the Escape key, Alt-[, U+FFFD; see ``InputDecoder/flush()``).
/// - A bracketed paste ends at its end marker, or after ``pasteTimeout`` of silence: a terminal
///   or a link that lost the marker must not swallow every later key, Ctrl-C included. What came
///   is pasted, and the bytes after it are keys again. Content beyond the decoder's paste limit
///   is dropped meanwhile, so an endless paste costs no memory.
package struct TerminalInput: Sendable {
  /// How long a lone ESC waits for the rest of a sequence before it is the Escape key.
  package static let escapeTimeout: TimeInterval = 0.025
  /// How long a bracketed paste may pause before it is taken as ended without its end marker.
  /// Terminals send a paste in one burst and a slow link pauses for less; a person who pressed
  /// Ctrl-C after a stuck paste waits about this long before pressing it again.
  package static let pasteTimeout: TimeInterval = 0.5

  private var decoder: InputDecoder
  /// When the last bytes arrived (the host's clock, seconds).
  private var lastInput: TimeInterval = 0

  package init(decoder: InputDecoder = InputDecoder()) {
    self.decoder = decoder
  }

  /// Whether a bracketed paste has started and not ended.
  package var isInsidePaste: Bool { decoder.isInsidePaste }

  /// Decodes `bytes` read at `time`.
  package mutating func feed(_ bytes: [UInt8], at time: TimeInterval) -> [TerminalEvent] {
    lastInput = time
    return decoder.feed(bytes)
  }

  /// When what is held back must be resolved if nothing else arrives; nil when nothing is held.
  package var deadline: TimeInterval? {
    guard decoder.hasPendingInput else { return nil }
    return lastInput + (decoder.isInsidePaste ? Self.pasteTimeout : Self.escapeTimeout)
  }

  /// At `time`, resolves what is held back if its deadline has passed: flushes a partial
  /// sequence, or ends a paste without its end marker.
  package mutating func expire(at time: TimeInterval) -> [TerminalEvent] {
    guard let deadline, time >= deadline else { return [] }
    return decoder.isInsidePaste ? decoder.endUnterminatedPaste() : decoder.flush()
  }
}
