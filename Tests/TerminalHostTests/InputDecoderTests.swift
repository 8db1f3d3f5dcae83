import Testing

@testable import TerminalHost
import UIKitTesting

// MARK: - Helpers

private typealias Modifiers = TerminalKey.Modifiers

private func key(_ text: String, _ modifiers: Modifiers = []) -> TerminalEvent {
  .key(TerminalKey(.character(text), modifiers: modifiers))
}

private func key(_ code: TerminalKey.Code, _ modifiers: Modifiers = []) -> TerminalEvent {
  .key(TerminalKey(code, modifiers: modifiers))
}

private func mouse(
  _ kind: MouseEvent.Kind, _ button: MouseEvent.Button, _ column: Int, _ row: Int,
  _ modifiers: Modifiers = []
) -> TerminalEvent {
  .mouse(MouseEvent(kind: kind, button: button, column: column, row: row, modifiers: modifiers))
}

/// One key per `Character` of `text`: what typing it must produce.
private func keys(typing text: String) -> [TerminalEvent] {
  text.map { key(String($0)) }
}

/// An input and the events it must decode to (followed by a flush).
struct DecodeCase: Sendable, CustomTestStringConvertible {
  let input: [UInt8]
  let expected: [TerminalEvent]
  var testDescription: String { String(decoding: input, as: UTF8.self).debugDescription }

  init(_ input: String, _ expected: TerminalEvent...) {
    self.input = Array(input.utf8)
    self.expected = expected
  }

  init(bytes: [UInt8], _ expected: [TerminalEvent]) {
    self.input = bytes
    self.expected = expected
  }
}

/// Feeds `input` cut at `cuts` (ascending offsets), then flushes; returns every event and
/// whether the decoder still held input back after the flush.
private func decode(
  _ input: [UInt8], cuts: [Int] = [], maximumPasteBytes: Int = 10 * 1024 * 1024
) -> (events: [TerminalEvent], pending: Bool) {
  var decoder = InputDecoder(maximumPasteBytes: maximumPasteBytes)
  var events: [TerminalEvent] = []
  var start = 0
  for cut in cuts + [input.count] {
    events += decoder.feed(input[start..<cut])
    start = cut
  }
  events += decoder.flush()
  return (events, decoder.hasPendingInput)
}

/// Every character key split into one key per scalar, the first keeping the modifiers: equal for
/// two decodings that differ only in where a cluster was cut (a combining mark that arrived in a
/// later read than its base comes as a key of its own, by design).
private func scalarwise(_ events: [TerminalEvent]) -> [TerminalEvent] {
  events.flatMap { event -> [TerminalEvent] in
    guard case .key(let k) = event, case .character(let text) = k.code else { return [event] }
    return text.unicodeScalars.enumerated().map { index, scalar in
      key(String(scalar), index == 0 ? k.modifiers : [])
    }
  }
}

/// Checks that `input` decodes to `expected` when fed whole, one byte at a time, and split in two
/// at every position. With `clusters`, a cut between two scalars of one grapheme cluster may
/// deliver the cluster as several keys; a cut inside a scalar must not change anything.
private func expectDecodes(
  _ input: [UInt8], _ expected: [TerminalEvent], clusters: Bool = false,
  maximumPasteBytes: Int = 10 * 1024 * 1024,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let whole = decode(input, maximumPasteBytes: maximumPasteBytes)
  #expect(whole.events == expected, "fed whole", sourceLocation: sourceLocation)
  #expect(!whole.pending, "pending after flush", sourceLocation: sourceLocation)
  guard input.count > 1 else { return }
  for cut in 1..<input.count {
    let split = decode(input, cuts: [cut], maximumPasteBytes: maximumPasteBytes).events
    let insideScalar = input[cut] & 0xC0 == 0x80
    let same = clusters && !insideScalar
      ? scalarwise(split) == scalarwise(expected) : split == expected
    if !same {
      #expect(split == expected, "split at \(cut)", sourceLocation: sourceLocation)
      break
    }
  }
  let bytewise = decode(input, cuts: Array(1..<input.count), maximumPasteBytes: maximumPasteBytes)
  let bytewiseEvents = clusters ? scalarwise(bytewise.events) : bytewise.events
  #expect(
    bytewiseEvents == (clusters ? scalarwise(expected) : expected), "fed byte by byte",
    sourceLocation: sourceLocation)
}

/// Random ascending cut positions inside `0..<count`.
private func randomCuts(
  _ count: Int, using rng: inout SeededRandomNumberGenerator, allowed: (Int) -> Bool = { _ in true }
) -> [Int] {
  guard count > 1 else { return [] }
  var cuts: [Int] = []
  var position = 0
  while true {
    position += Int.random(in: 1...max(1, min(count, 24)), using: &rng)
    guard position < count else { return cuts }
    if allowed(position) { cuts.append(position) }
  }
}

// MARK: - Text

@Suite struct InputDecoderTextTests {
  static let texts = [
    "abc", "A", "Hello, World!", " ", "~", "é", "日本語", "👩‍👩‍👧", "e\u{301}", "e\u{301}\u{302}x",
    "🇯🇵🇺🇸", "👍🏿👍", "한\u{1100}\u{1161}\u{11A8}", "€𝒜",
    "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",  // an emoji tag sequence
    "क्षि", "🏳️‍🌈", "\u{0600}1", "ab👩‍💻cd",
  ]

  @Test("typed text is one key per grapheme cluster", arguments: texts)
  func oneKeyPerCluster(text: String) {
    expectDecodes(Array(text.utf8), keys(typing: text), clusters: true)
  }

  @Test func shiftIsNotReportedForTypedUppercase() {
    #expect(decode(Array("Ab".utf8)).events == [key("A"), key("b")])
  }

  @Test func aSequenceSplitAcrossReadsIsOneCharacter() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0xF0, 0x9F]).isEmpty)
    #expect(decoder.hasPendingInput)
    #expect(decoder.feed([0x98, 0x80, 0x61]) == [key("😀"), key("a")])
    #expect(!decoder.hasPendingInput)
  }

  @Test func anUnfinishedClusterWaitsForItsRest() {
    var decoder = InputDecoder()
    // A trailing ZWJ, and a regional indicator without its pair, cannot end a cluster.
    #expect(decoder.feed(Array("x👩\u{200D}".utf8)) == [key("x")])
    #expect(decoder.hasPendingInput)
    #expect(decoder.feed(Array("👩\u{200D}👧".utf8)) == [key("👩‍👩‍👧")])
    #expect(decoder.feed(Array("🇯".utf8)) == [])
    #expect(decoder.feed(Array("🇵".utf8)) == [key("🇯🇵")])
    // A flush delivers what is held as it is.
    #expect(decoder.feed(Array("🇯".utf8)) == [])
    #expect(decoder.flush() == [key("🇯")])
    #expect(!decoder.hasPendingInput)
    // A control key ends the text before it.
    #expect(decoder.feed(Array("a\u{200D}\r".utf8)) == [key("a\u{200D}"), key(.enter)])
  }

  @Test func textIsDeliveredAtTheEndOfEachRead() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("hi".utf8)) == [key("h"), key("i")])
    #expect(!decoder.hasPendingInput)
  }

  static let invalid: [DecodeCase] = [
    DecodeCase(bytes: [0x80], [key("\u{FFFD}")]),  // a stray continuation byte
    DecodeCase(bytes: [0xBF, 0x41], [key("\u{FFFD}"), key("A")]),
    DecodeCase(bytes: [0xC0, 0xAF], [key("\u{FFFD}"), key("\u{FFFD}")]),  // overlong "/"
    DecodeCase(bytes: [0xC1, 0xBF], [key("\u{FFFD}"), key("\u{FFFD}")]),
    DecodeCase(bytes: [0xE0, 0x80, 0xAF], Array(repeating: key("\u{FFFD}"), count: 3)),
    DecodeCase(bytes: [0xF0, 0x80, 0x80, 0xAF], Array(repeating: key("\u{FFFD}"), count: 4)),
    DecodeCase(bytes: [0xED, 0xA0, 0x80], Array(repeating: key("\u{FFFD}"), count: 3)),  // U+D800
    DecodeCase(bytes: [0xED, 0xBF, 0xBF], Array(repeating: key("\u{FFFD}"), count: 3)),  // U+DFFF
    DecodeCase(bytes: [0xF4, 0x90, 0x80, 0x80], Array(repeating: key("\u{FFFD}"), count: 4)),
    DecodeCase(bytes: [0xF5, 0x61], [key("\u{FFFD}"), key("a")]),
    DecodeCase(bytes: [0xFE, 0xFF], [key("\u{FFFD}"), key("\u{FFFD}")]),
    // Truncated sequences: one U+FFFD for what was there, and the next byte is not lost.
    DecodeCase(bytes: [0xE2, 0x82, 0x41], [key("\u{FFFD}"), key("A")]),
    DecodeCase(bytes: [0xE2, 0x82, 0xE2, 0x82, 0xAC], [key("\u{FFFD}"), key("€")]),
    DecodeCase(bytes: [0xF0, 0x9F, 0x98], [key("\u{FFFD}")]),  // cut short by the flush
    DecodeCase(bytes: [0xC3, 0x0D], [key("\u{FFFD}"), key(.enter)]),
    DecodeCase(bytes: [0xC3, 0x1B, 0x5B, 0x41], [key("\u{FFFD}"), key(.up)]),
    DecodeCase(bytes: [0xC3, 0xA9, 0xA9, 0x65], [key("é"), key("\u{FFFD}"), key("e")]),
  ]

  @Test("invalid UTF-8 becomes U+FFFD and loses no following input", arguments: invalid)
  func invalidUTF8(_ c: DecodeCase) {
    expectDecodes(c.input, c.expected)
  }

  /// The standard library's repairing decoder is the reference for which bytes become U+FFFD.
  @Test func invalidUTF8MatchesTheStandardLibrary() {
    var rng = SeededRandomNumberGenerator(seed: 42)
    let pool: [UInt8] = [0x61, 0x20, 0x80, 0x8F, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xC3, 0xDF, 0xE0,
      0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xCC, 0x81]
    for _ in 0..<500 {
      let input = (0..<Int.random(in: 1...12, using: &rng)).map { _ in
        Bool.random(using: &rng)
          ? pool.randomElement(using: &rng)! : UInt8.random(in: 0x80...0xFF, using: &rng)
      }
      let events = decode(input).events
      let expected = keys(typing: String(decoding: input, as: UTF8.self))
      #expect(events == expected, "\(input)")
    }
  }
}

// MARK: - Controls and Alt

@Suite struct InputDecoderControlTests {
  static let controls: [DecodeCase] = [
    DecodeCase("\r", key(.enter)),
    DecodeCase("\n", key(.enter)),
    DecodeCase("\r\n", key(.enter), key(.enter)),
    DecodeCase("\t", key(.tab)),
    DecodeCase("\u{7F}", key(.backspace)),
    DecodeCase("\u{08}", key(.backspace)),
    DecodeCase("\u{03}", key("c", .control)),
    DecodeCase("\u{11}", key("q", .control)),
    DecodeCase("\u{0B}", key("k", .control)),
    DecodeCase("\u{01}\u{1A}", key("a", .control), key("z", .control)),
    DecodeCase("\u{00}", key(" ", .control)),
    DecodeCase("\u{1C}", key("\\", .control)),
    DecodeCase("\u{1D}", key("]", .control)),
    DecodeCase("\u{1E}", key("^", .control)),
    DecodeCase("\u{1F}", key("_", .control)),
    DecodeCase("a\u{7F}b", key("a"), key(.backspace), key("b")),
  ]

  @Test("C0 controls", arguments: controls)
  func c0Controls(_ c: DecodeCase) {
    expectDecodes(c.input, c.expected)
  }

  @Test func everyControlLetter() {
    for byte in UInt8(1)...26 where ![8, 9, 10, 13].contains(byte) {
      let letter = String(Unicode.Scalar(byte + 0x60))
      #expect(decode([byte]).events == [key(letter, .control)], "\(byte)")
    }
  }

  static let escapes: [DecodeCase] = [
    DecodeCase("\u{1B}", key(.escape)),
    DecodeCase("\u{1B}\u{1B}", key(.escape), key(.escape)),
    DecodeCase("\u{1B}\u{1B}\u{1B}", key(.escape), key(.escape), key(.escape)),
    DecodeCase("a\u{1B}", key("a"), key(.escape)),
    DecodeCase("\u{1B}a", key("a", .option)),
    DecodeCase("\u{1B}A", key("A", .option)),
    DecodeCase("\u{1B}é", key("é", .option)),
    DecodeCase("\u{1B}日本", key("日", .option), key("本")),
    DecodeCase("\u{1B} ", key(" ", .option)),
    DecodeCase("\u{1B}xy", key("x", .option), key("y")),
    DecodeCase("\u{1B}\u{7F}", key(.backspace, .option)),
    DecodeCase("\u{1B}\u{08}", key(.backspace, .option)),
    DecodeCase("\u{1B}\r", key(.enter, .option)),
    DecodeCase("\u{1B}\t", key(.tab, .option)),
    DecodeCase("\u{1B}\u{03}", key("c", [.control, .option])),
    DecodeCase("\u{1B}\u{00}", key(" ", [.control, .option])),
    // Introducers alone are Alt + the character when the flush comes right after them.
    DecodeCase("\u{1B}[", key("[", .option)),
    DecodeCase("\u{1B}O", key("O", .option)),
    DecodeCase("\u{1B}P", key("P", .option)),
    DecodeCase("\u{1B}]", key("]", .option)),
    DecodeCase("\u{1B}_", key("_", .option)),
    DecodeCase("\u{1B}X", key("X", .option)),
    // ... or when followed by a byte no sequence can start with.
    DecodeCase("\u{1B}[\r", key("[", .option), key(.enter)),
    DecodeCase("\u{1B}[\u{1B}", key("[", .option), key(.escape)),
    DecodeCase("\u{1B}O\u{1B}", key("O", .option), key(.escape)),
    DecodeCase("\u{1B}]\u{1B}", key("]", .option), key(.escape)),
    DecodeCase("\u{1B}Pé", key("P", .option), key("é")),
    DecodeCase("\u{1B}[\u{1B}[A", key("[", .option), key(.up)),
    // ESC ESC: Alt with a key sequence (rxvt), else the Escape key first.
    DecodeCase("\u{1B}\u{1B}[A", key(.up, .option)),
    DecodeCase("\u{1B}\u{1B}OD", key(.left, .option)),
    DecodeCase("\u{1B}\u{1B}[1;5C", key(.right, [.control, .option])),
    DecodeCase("\u{1B}\u{1B}[3~", key(.delete, .option)),
    DecodeCase("\u{1B}\u{1B}a", key(.escape), key("a", .option)),
    DecodeCase("\u{1B}\u{1B}\r", key(.escape), key(.enter, .option)),
    DecodeCase("\u{1B}\u{1B}[", key(.escape), key("[", .option)),
    DecodeCase("\u{1B}\u{1B}[I", key(.escape), .focus(true)),
    DecodeCase("\u{1B}\u{1B}[?1;2c", key(.escape), .deviceAttributes),  // a report after ESC: the Escape key
    DecodeCase("\u{1B}\u{1B}[<0;1;1M", key(.escape), mouse(.press, .left, 0, 0)),
  ]

  @Test("ESC, Alt and the ESC [ / ESC O ambiguity", arguments: escapes)
  func escapeAndAlt(_ c: DecodeCase) {
    expectDecodes(c.input, c.expected)
  }

  @Test func altAppliesToAWholeCluster() {
    expectDecodes(Array("\u{1B}e\u{301}x".utf8), [key("e\u{301}", .option), key("x")], clusters: true)
    expectDecodes(Array("\u{1B}👩‍👩‍👧".utf8), [key("👩‍👩‍👧", .option)], clusters: true)
  }

  @Test func aLoneEscapeWaitsForTheFlush() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.flush() == [key(.escape)])
    #expect(!decoder.hasPendingInput)
    // ESC [ split across reads is still a sequence.
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed([0x5B]) == [])
    #expect(decoder.feed([0x41]) == [key(.up)])
    #expect(decoder.flush() == [])
  }
}

// MARK: - Key sequences

@Suite struct InputDecoderKeySequenceTests {
  static let csi: [DecodeCase] = [
    DecodeCase("\u{1B}[A", key(.up)),
    DecodeCase("\u{1B}[B", key(.down)),
    DecodeCase("\u{1B}[C", key(.right)),
    DecodeCase("\u{1B}[D", key(.left)),
    DecodeCase("\u{1B}[H", key(.home)),
    DecodeCase("\u{1B}[F", key(.end)),
    DecodeCase("\u{1B}[1;2A", key(.up, .shift)),
    DecodeCase("\u{1B}[1;3B", key(.down, .option)),
    DecodeCase("\u{1B}[1;5C", key(.right, .control)),
    DecodeCase("\u{1B}[1;9D", key(.left, .command)),
    DecodeCase("\u{1B}[1;6F", key(.end, [.control, .shift])),
    DecodeCase("\u{1B}[1;16H", key(.home, [.shift, .option, .control, .command])),
    DecodeCase("\u{1B}[5A", key(.up, .control)),  // the modifier without the leading 1
    DecodeCase("\u{1B}[1;1A", key(.up)),
    DecodeCase("\u{1B}[1;5;9A", key(.up, .control)),
    DecodeCase("\u{1B}[1~", key(.home)),
    DecodeCase("\u{1B}[7~", key(.home)),
    DecodeCase("\u{1B}[4~", key(.end)),
    DecodeCase("\u{1B}[8~", key(.end)),
    DecodeCase("\u{1B}[2~", key(.insert)),
    DecodeCase("\u{1B}[3~", key(.delete)),
    DecodeCase("\u{1B}[5~", key(.pageUp)),
    DecodeCase("\u{1B}[6~", key(.pageDown)),
    DecodeCase("\u{1B}[3;5~", key(.delete, .control)),
    DecodeCase("\u{1B}[5;2~", key(.pageUp, .shift)),
    DecodeCase("\u{1B}[11~", key(.function(1))),
    DecodeCase("\u{1B}[12~", key(.function(2))),
    DecodeCase("\u{1B}[13~", key(.function(3))),
    DecodeCase("\u{1B}[14~", key(.function(4))),
    DecodeCase("\u{1B}[15~", key(.function(5))),
    DecodeCase("\u{1B}[17~", key(.function(6))),
    DecodeCase("\u{1B}[18~", key(.function(7))),
    DecodeCase("\u{1B}[19~", key(.function(8))),
    DecodeCase("\u{1B}[20~", key(.function(9))),
    DecodeCase("\u{1B}[21~", key(.function(10))),
    DecodeCase("\u{1B}[23~", key(.function(11))),
    DecodeCase("\u{1B}[24~", key(.function(12))),
    DecodeCase("\u{1B}[25~", key(.function(13))),
    DecodeCase("\u{1B}[34~", key(.function(20))),
    DecodeCase("\u{1B}[15;3~", key(.function(5), .option)),
    DecodeCase("\u{1B}[24;6~", key(.function(12), [.control, .shift])),
    DecodeCase("\u{1B}[P", key(.function(1))),
    DecodeCase("\u{1B}[Q", key(.function(2))),
    DecodeCase("\u{1B}[R", key(.function(3))),
    DecodeCase("\u{1B}[S", key(.function(4))),
    DecodeCase("\u{1B}[1;5P", key(.function(1), .control)),
    DecodeCase("\u{1B}[1;2S", key(.function(4), .shift)),
    DecodeCase("\u{1B}[Z", key(.tab, .shift)),
    DecodeCase("\u{1B}[1;5Z", key(.tab, [.shift, .control])),
    DecodeCase("\u{1B}[I", .focus(true)),
    DecodeCase("\u{1B}[O", .focus(false)),
    // A cursor position report (the answer to the emoji probe), not Shift-F3.
    DecodeCase("\u{1B}[1;5R", .cursorPosition(row: 1, column: 5)),
    DecodeCase("\u{1B}[12;40R", .cursorPosition(row: 12, column: 40)),
    DecodeCase("\u{1B}[0;3R"),
    DecodeCase("a\u{1B}[Ab", key("a"), key(.up), key("b")),
    DecodeCase("\u{1B}[A\u{1B}[B\u{1B}OC", key(.up), key(.down), key(.right)),
  ]

  @Test("CSI keys", arguments: csi)
  func csiKeys(_ c: DecodeCase) {
    expectDecodes(c.input, c.expected)
  }

  static let ss3: [DecodeCase] = [
    DecodeCase("\u{1B}OA", key(.up)),
    DecodeCase("\u{1B}OB", key(.down)),
    DecodeCase("\u{1B}OC", key(.right)),
    DecodeCase("\u{1B}OD", key(.left)),
    DecodeCase("\u{1B}OH", key(.home)),
    DecodeCase("\u{1B}OF", key(.end)),
    DecodeCase("\u{1B}OP", key(.function(1))),
    DecodeCase("\u{1B}OQ", key(.function(2))),
    DecodeCase("\u{1B}OR", key(.function(3))),
    DecodeCase("\u{1B}OS", key(.function(4))),
    DecodeCase("\u{1B}O5C", key(.right, .control)),
    DecodeCase("\u{1B}O2P", key(.function(1), .shift)),
    DecodeCase("\u{1B}O1;3A", key(.up, .option)),
    DecodeCase("\u{1B}OM", key(.enter)),
    DecodeCase("\u{1B}Op", key("0")),
    DecodeCase("\u{1B}Oy", key("9")),
    DecodeCase("\u{1B}Oj", key("*")),
    DecodeCase("\u{1B}Oo", key("/")),
    DecodeCase("\u{1B}OX", key("=")),
    DecodeCase("\u{1B}OZ"),
    DecodeCase("\u{1B}Oz!", key("!")),
  ]

  @Test("SS3 keys", arguments: ss3)
  func ss3Keys(_ c: DecodeCase) {
    expectDecodes(c.input, c.expected)
  }

  static let codepoints: [DecodeCase] = [
    // kitty / fixterms: CSI codepoint[:shifted] ; modifiers[:event] ; text u
    DecodeCase("\u{1B}[97u", key("a")),
    DecodeCase("\u{1B}[97;5u", key("a", .control)),
    DecodeCase("\u{1B}[97;6u", key("a", [.control, .shift])),
    DecodeCase("\u{1B}[97;3u", key("a", .option)),
    DecodeCase("\u{1B}[99;9u", key("c", .command)),
    DecodeCase("\u{1B}[97;2u", key("A")),
    DecodeCase("\u{1B}[97:65;2u", key("A")),
    DecodeCase("\u{1B}[49:33;2u", key("!")),
    DecodeCase("\u{1B}[49;2u", key("1", .shift)),
    DecodeCase("\u{1B}[49;6u", key("1", [.control, .shift])),
    DecodeCase("\u{1B}[97;;97u", key("a")),
    DecodeCase("\u{1B}[97;2;65u", key("A")),
    DecodeCase("\u{1B}[1089;5u", key("с", .control)),
    DecodeCase("\u{1B}[233u", key("é")),
    DecodeCase("\u{1B}[13u", key(.enter)),
    DecodeCase("\u{1B}[13;2u", key(.enter, .shift)),
    DecodeCase("\u{1B}[9;5u", key(.tab, .control)),
    DecodeCase("\u{1B}[9;6u", key(.tab, [.control, .shift])),
    DecodeCase("\u{1B}[127u", key(.backspace)),
    DecodeCase("\u{1B}[127;3u", key(.backspace, .option)),
    DecodeCase("\u{1B}[27u", key(.escape)),
    DecodeCase("\u{1B}[27;5u", key(.escape, .control)),
    DecodeCase("\u{1B}[32;5u", key(" ", .control)),
    DecodeCase("\u{1B}[97;1:1u", key("a")),
    DecodeCase("\u{1B}[97;1:2u", .key(TerminalKey(.character("a"), event: .repeat))),
    DecodeCase("\u{1B}[97;1:3u", .key(TerminalKey(.character("a"), event: .release))),
    DecodeCase("\u{1B}[97;65u", key("a")),  // Caps Lock is not a modifier here
    DecodeCase("\u{1B}[57399u", key("0")),
    DecodeCase("\u{1B}[57413;5u", key("+", .control)),
    DecodeCase("\u{1B}[57414u", key(.enter)),
    DecodeCase("\u{1B}[57417u", key(.left)),
    DecodeCase("\u{1B}[57426;3u", key(.delete, .option)),
    DecodeCase("\u{1B}[57376u", key(.function(13))),
    DecodeCase("\u{1B}[57398u", key(.function(35))),
    DecodeCase("\u{1B}[57441;2u", key(.modifier(.leftShift), .shift)),  // Left Shift alone
    DecodeCase("\u{1B}[57358u"),  // Caps Lock
    DecodeCase("\u{1B}[1u"),
    DecodeCase("\u{1B}[55296u"),  // a surrogate is no character
    DecodeCase("\u{1B}[1114112u"),
    // xterm modifyOtherKeys: CSI 27 ; modifiers ; codepoint ~
    DecodeCase("\u{1B}[27;5;97~", key("a", .control)),
    DecodeCase("\u{1B}[27;6;65~", key("a", [.control, .shift])),
    DecodeCase("\u{1B}[27;2;13~", key(.enter, .shift)),
    DecodeCase("\u{1B}[27;5;9~", key(.tab, .control)),
    DecodeCase("\u{1B}[27;2;33~", key("!")),
    DecodeCase("\u{1B}[27;3;97~", key("a", .option)),
    DecodeCase("\u{1B}[27;9;97~", key("a", .command)),
    DecodeCase("\u{1B}[27;5;32~", key(" ", .control)),
    DecodeCase("\u{1B}[27;5~"),
  ]

  @Test("kitty and modifyOtherKeys code points", arguments: codepoints)
  func codepointKeys(_ c: DecodeCase) {
    expectDecodes(c.input, c.expected)
  }
}

// MARK: - Mouse

@Suite struct InputDecoderMouseTests {
  static let sgr: [DecodeCase] = [
    DecodeCase("\u{1B}[<0;1;1M", mouse(.press, .left, 0, 0)),
    DecodeCase("\u{1B}[<0;10;5m", mouse(.release, .left, 9, 4)),
    DecodeCase("\u{1B}[<1;3;4M", mouse(.press, .middle, 2, 3)),
    DecodeCase("\u{1B}[<2;3;4M", mouse(.press, .right, 2, 3)),
    DecodeCase("\u{1B}[<2;3;4m", mouse(.release, .right, 2, 3)),
    DecodeCase("\u{1B}[<3;3;4m", mouse(.release, .none, 2, 3)),
    DecodeCase("\u{1B}[<32;5;6M", mouse(.drag, .left, 4, 5)),
    DecodeCase("\u{1B}[<34;5;6M", mouse(.drag, .right, 4, 5)),
    DecodeCase("\u{1B}[<35;5;6M", mouse(.move, .none, 4, 5)),
    DecodeCase("\u{1B}[<64;2;3M", mouse(.scroll, .wheelUp, 1, 2)),
    DecodeCase("\u{1B}[<65;2;3M", mouse(.scroll, .wheelDown, 1, 2)),
    DecodeCase("\u{1B}[<69;2;3M", mouse(.scroll, .wheelDown, 1, 2, .shift)),
    DecodeCase("\u{1B}[<4;1;1M", mouse(.press, .left, 0, 0, .shift)),
    DecodeCase("\u{1B}[<8;1;1M", mouse(.press, .left, 0, 0, .option)),
    DecodeCase("\u{1B}[<16;1;1M", mouse(.press, .left, 0, 0, .control)),
    DecodeCase("\u{1B}[<30;1;1M", mouse(.press, .right, 0, 0, [.shift, .option, .control])),
    DecodeCase("\u{1B}[<0;300;200M", mouse(.press, .left, 299, 199)),
    DecodeCase("\u{1B}[<0;0;0M", mouse(.press, .left, 0, 0)),
    // Horizontal wheels (xterm's buttons 6 and 7).
    DecodeCase("\u{1B}[<66;2;3M", mouse(.scroll, .wheelLeft, 1, 2)),
    DecodeCase("\u{1B}[<67;2;3M", mouse(.scroll, .wheelRight, 1, 2)),
    // Extra buttons have no MouseEvent: swallowed, as is a wheel's "release".
    DecodeCase("\u{1B}[<128;2;3M"),
    DecodeCase("\u{1B}[<66;2;3m"),
    DecodeCase("\u{1B}[<0;1M"),
    DecodeCase("\u{1B}[<0;1;1Mx", mouse(.press, .left, 0, 0), key("x")),
    DecodeCase("\u{1B}[<0;99999999999999999999;1M", mouse(.press, .left, 999_999_998, 0)),
  ]

  @Test("SGR 1006 mouse reports", arguments: sgr)
  func sgrMouse(_ c: DecodeCase) {
    expectDecodes(c.input, c.expected)
  }

  static let legacy: [DecodeCase] = [
    DecodeCase(bytes: [0x1B, 0x5B, 0x4D, 32, 33, 33], [mouse(.press, .left, 0, 0)]),
    DecodeCase(bytes: [0x1B, 0x5B, 0x4D, 33, 42, 37], [mouse(.press, .middle, 9, 4)]),
    // A release names no button: the one pressed before, if known.
    DecodeCase(
      bytes: [0x1B, 0x5B, 0x4D, 34, 33, 33, 0x1B, 0x5B, 0x4D, 35, 34, 33],
      [mouse(.press, .right, 0, 0), mouse(.release, .right, 1, 0)]),
    DecodeCase(bytes: [0x1B, 0x5B, 0x4D, 35, 34, 33], [mouse(.release, .none, 1, 0)]),
    DecodeCase(bytes: [0x1B, 0x5B, 0x4D, 64, 40, 40], [mouse(.drag, .left, 7, 7)]),
    DecodeCase(bytes: [0x1B, 0x5B, 0x4D, 67, 40, 40], [mouse(.move, .none, 7, 7)]),
    DecodeCase(bytes: [0x1B, 0x5B, 0x4D, 96, 40, 40], [mouse(.scroll, .wheelUp, 7, 7)]),
    DecodeCase(bytes: [0x1B, 0x5B, 0x4D, 97, 40, 40], [mouse(.scroll, .wheelDown, 7, 7)]),
    DecodeCase(bytes: [0x1B, 0x5B, 0x4D, 48, 33, 33], [mouse(.press, .left, 0, 0, .control)]),
    // Coordinates beyond 94 are bytes ≥ 0x80: never text.
    DecodeCase(bytes: [0x1B, 0x5B, 0x4D, 32, 0xFF, 0xC0, 0x61], [mouse(.press, .left, 222, 159), key("a")]),
    DecodeCase(bytes: [0x1B, 0x5B, 0x4D, 32, 0x1B, 0x5B, 0x61], [key("a")]),  // no coordinate
    // urxvt 1015: the X10 code in decimal.
    DecodeCase("\u{1B}[32;10;5M", mouse(.press, .left, 9, 4)),
    DecodeCase("\u{1B}[32;10;5M\u{1B}[35;11;5M", mouse(.press, .left, 9, 4), mouse(.release, .left, 10, 4)),
    DecodeCase("\u{1B}[96;10;5M", mouse(.scroll, .wheelUp, 9, 4)),
  ]

  @Test("X10 and urxvt mouse reports", arguments: legacy)
  func legacyMouse(_ c: DecodeCase) {
    expectDecodes(c.input, c.expected)
  }
}

// MARK: - Swallowed sequences

@Suite struct InputDecoderSwallowTests {
  /// Reports and sequences that must vanish whole; each is followed by "z" to show that input
  /// resumes right after it.
  static let swallowed: [String] = [
    "\u{1B}[>1;10;0c",  // secondary device attributes
    "\u{1B}[?12;40R",
    "\u{1B}[?2004;1$y",  // DECRPM
    "\u{1B}[4;2$y",
    "\u{1B}[201~",  // a paste end without a start
    "\u{1B}[200;1~",
    "\u{1B}[99x",
    "\u{1B}[ q",
    "\u{1B}[1;2:3$4A",  // a parameter after an intermediate byte
    "\u{1B}[1<2A",  // a marker in the middle
    "\u{1B}[<0;1M",
    "\u{1B}[=5u",
    "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}",  // OSC ended by BEL
    "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\",  // OSC ended by ST
    "\u{1B}]52;c;aGVsbG8=\u{1B}\\",
    "\u{1B}]0;tîtle 日本\u{07}",
    "\u{1B}]0;a\rb\u{1B}\\",
    "\u{1B}P1$r0m\u{1B}\\",  // DECRQSS reply
    "\u{1B}P>|XTerm(388)\u{1B}\\",
    "\u{1B}P1+r6b6375753d\u{1B}\\",  // XTGETTCAP reply
    "\u{1B}_Gi=1;OK\u{1B}\\",  // kitty graphics
    "\u{1B}[" + String(repeating: "1;", count: 100) + "A",  // too long: dropped to its end
    "\u{1B}O" + String(repeating: "9", count: 100) + "A",
  ]

  @Test("reports and unknown sequences are swallowed whole", arguments: swallowed)
  func swallowedWhole(_ sequence: String) {
    expectDecodes(Array((sequence + "z").utf8), [key("z")])
  }

  static let broken: [DecodeCase] = [
    // A byte that cannot continue a sequence ends it; the sequence is dropped, the byte is not.
    DecodeCase("\u{1B}[1;\r", key(.enter)),
    DecodeCase("\u{1B}[1\u{1B}[A", key(.up)),
    DecodeCase("\u{1B}[12é", key("é")),
    DecodeCase("\u{1B}O5\u{7F}", key(.backspace)),
    DecodeCase("\u{1B}]0;title\u{1B}[A", key(.up)),  // ESC cancels a string
    // A C0 byte no report contains ends a string that never ended, and is the key it is:
    // Ctrl-C after a cut OSC, DCS or APC still quits (issue 17's storms).
    DecodeCase("\u{1B}]0;title\u{03}", key("c", .control)),
    DecodeCase("\u{1B}P1$r\u{11}x", key("q", .control), key("x")),
    DecodeCase("\u{1B}_Gi=1\u{1A}", key("z", .control)),
    DecodeCase("\u{1B}\u{1B}]0;t\u{03}", key(.escape), key("c", .control)),
    // The ESC that cancels a string begins a new sequence, here ESC ESC [ B.
    DecodeCase("\u{1B}P1$r\u{1B}\u{1B}[B", key(.down, .option)),
    // Unfinished at the flush: dropped, never typed.
    DecodeCase("\u{1B}[1;"),
    DecodeCase("\u{1B}[<0;12;4"),
    DecodeCase("\u{1B}O5"),
    DecodeCase("\u{1B}]0;title"),
    DecodeCase("\u{1B}]0;title\u{1B}"),
    DecodeCase("\u{1B}P1$r0m"),
    DecodeCase("\u{1B}[M!"),
    DecodeCase("\u{1B}[" + String(repeating: "1", count: 100)),
  ]

  @Test("broken and unfinished sequences", arguments: broken)
  func brokenSequences(_ c: DecodeCase) {
    expectDecodes(c.input, c.expected)
  }

  @Test func anOverlongSequenceKeepsNoMoreThanItsLimit() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B, 0x5B]) == [])
    for _ in 0..<10_000 { #expect(decoder.feed(Array(repeating: 0x31, count: 100)) == []) }
    #expect(decoder.hasPendingInput)
    #expect(decoder.feed(Array("Az".utf8)) == [key("z")])
    #expect(!decoder.hasPendingInput)
  }
}

// MARK: - Bracketed paste

@Suite struct InputDecoderPasteTests {
  static let pastes: [DecodeCase] = [
    DecodeCase("\u{1B}[200~hello\u{1B}[201~", .paste("hello")),
    DecodeCase(
      "\u{1B}[200~one \u{1B}[A\r\ntwo\rthree\nfour\r\r\n\u{1B}[201~",
      .paste("one \u{1B}[A\ntwo\nthree\nfour\n\n")),
    DecodeCase("a\u{1B}[200~x\u{1B}[201~b", key("a"), .paste("x"), key("b")),
    DecodeCase("\u{1B}[200~\u{1B}[201~", .paste("")),
    DecodeCase("\u{1B}[200~日本語👩‍👩‍👧e\u{301}\u{1B}[201~", .paste("日本語👩‍👩‍👧e\u{301}")),
    // Keys inside a paste are text, never interpreted.
    DecodeCase("\u{1B}[200~\t\u{7F}\u{1B}\u{1B}[I\u{1B}[201~", .paste("\t\u{7F}\u{1B}\u{1B}[I")),
    // But Ctrl-C, which ends the paste there and is the key (issue 32, item 13); the rest are
    // keys again, and the lone end marker is swallowed.
    DecodeCase("\u{1B}[200~ab\u{03}c\u{1B}[201~", .paste("ab"), key("c", .control), key("c")),
    // Near-misses of the end marker are content.
    DecodeCase("\u{1B}[200~\u{1B}[2015\u{1B}[201\u{1B}[201~", .paste("\u{1B}[2015\u{1B}[201")),
    DecodeCase("\u{1B}[200~\u{1B}[200~x\u{1B}[201~\u{1B}[201~", .paste("\u{1B}[200~x")),
    DecodeCase(bytes: Array("\u{1B}[200~a".utf8) + [0xFF, 0xE2, 0x82] + Array("b\u{1B}[201~".utf8),
      [.paste("a\u{FFFD}\u{FFFD}b")]),
  ]

  @Test("bracketed pastes", arguments: pastes)
  func paste(_ c: DecodeCase) {
    expectDecodes(c.input, c.expected)
  }

  @Test func aFlushDoesNotEndAPaste() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~abc\r".utf8)) == [])
    #expect(decoder.flush() == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.isInsidePaste)
    #expect(decoder.feed(Array("\ndef\u{1B}[20".utf8)) == [])
    #expect(decoder.flush() == [])
    #expect(decoder.feed(Array("1~\u{1B}".utf8)) == [.paste("abc\ndef")])
    #expect(!decoder.isInsidePaste)
    #expect(decoder.flush() == [key(.escape)])
    #expect(!decoder.hasPendingInput)
  }

  @Test func anUnterminatedPasteEndsWhenTheHostGivesUp() {
    var decoder = InputDecoder()
    #expect(decoder.endUnterminatedPaste() == [])
    #expect(decoder.feed(Array("a\u{1B}[200~bc\u{1B}[201".utf8)) == [key("a")])
    #expect(decoder.endUnterminatedPaste() == [.paste("bc")])
    #expect(!decoder.isInsidePaste && !decoder.hasPendingInput)
    #expect(decoder.feed([0x03, 0x78]) == [key("c", .control), key("x")])
  }

  @Test func contentBeyondTheLimitIsDropped() {
    let input = Array("\u{1B}[200~0123456789ABCDEF\u{1B}[201~z".utf8)
    expectDecodes(input, [.paste("0123456789"), key("z")], maximumPasteBytes: 10)
    // The limit falls inside "€": the character is dropped whole, not decoded as U+FFFD.
    expectDecodes(Array("\u{1B}[200~abc€d\u{1B}[201~".utf8), [.paste("abc")], maximumPasteBytes: 4)
    expectDecodes(Array("\u{1B}[200~abc\u{1B}[201~".utf8), [.paste("")], maximumPasteBytes: 0)
    // Many reads beyond the limit: the rest of the paste is still swallowed up to its end.
    var decoder = InputDecoder(maximumPasteBytes: 1000)
    #expect(decoder.feed(Array("\u{1B}[200~".utf8)) == [])
    for _ in 0..<100 { #expect(decoder.feed(Array(repeating: UInt8(ascii: "x"), count: 999)) == []) }
    let events = decoder.feed(Array("\u{1B}[201~\u{1B}[A".utf8))
    #expect(events == [.paste(String(repeating: "x", count: 1000)), key(.up)])
  }

  @Test func aTenMegabytePasteIsOneEventAndFast() {
    let line = Array("The quick brown fox jumps over the lazy dog — 日本語 👩‍👩‍👧 \u{1B}[A\r\n".utf8)
    let size = 10 * 1024 * 1024
    var content: [UInt8] = []
    content.reserveCapacity(size)
    while content.count + line.count <= size { content += line }
    content += Array(repeating: UInt8(ascii: "."), count: size - content.count)
    let input = Array("\u{1B}[200~".utf8) + content + Array("\u{1B}[201~".utf8)
    let expectedCount = content.count - content.count / line.count  // each CRLF becomes LF

    var decoder = InputDecoder()
    var events: [TerminalEvent] = []
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      var start = 0
      while start < input.count {
        let end = min(input.count, start + 64 * 1024)
        events += decoder.feed(input[start..<end])
        start = end
      }
    }
    print("10 MB paste in 64 KB reads: \(elapsed)")
    #expect(events.count == 1)
    guard case .paste(let text)? = events.first else {
      Issue.record("no paste")
      return
    }
    #expect(text.utf8.count == expectedCount)
    #expect(text.hasPrefix("The quick brown fox"))
    #expect(!decoder.hasPendingInput)
    #expect(elapsed < .seconds(2))
  }
}

// MARK: - Random input

@Suite struct InputDecoderRandomTests {
  /// Bytes that make up sequences, so that random input often looks like one.
  static let interestingBytes: [UInt8] =
    Array("\u{1B}\u{1B}\u{1B}[[O]P_\\\u{07};:<?~Mmu~ARIZ0125;9\r\n\t".utf8)
    + [0x7F, 0x00, 0x20, 0x61, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x80, 0xBF, 0xFF, 0xCC, 0x81]
  static let fragments: [String] = [
    "\u{1B}[200~", "\u{1B}[201~", "\u{1B}[M", "\u{1B}[<0;", "\u{1B}]0;", "\u{1B}P", "\u{1B}\\",
    "\u{1B}[1;5", "\u{1B}O", "👩‍👩‍👧", "e\u{301}", "🇯", "\u{200D}",
  ]

  /// Random bytes, fed whole and in random reads: never a crash, the same events both ways (up
  /// to where clusters were cut), nothing left pending after a flush, no control characters or
  /// ESC typed as text.
  @Test func randomBytesNeverCrashOrStall() {
    var rng = SeededRandomNumberGenerator(seed: 2024)
    for round in 0..<2_000 {
      var input: [UInt8] = []
      for _ in 0..<Int.random(in: 0...48, using: &rng) {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<5: input.append(Self.interestingBytes.randomElement(using: &rng)!)
        case 5..<9: input.append(UInt8.random(in: 0...255, using: &rng))
        default: input += Array(Self.fragments.randomElement(using: &rng)!.utf8)
        }
      }
      let whole = decodeToCleanState(input, cuts: [])
      let chunked = decodeToCleanState(input, cuts: randomCuts(input.count, using: &rng))
      #expect(scalarwise(chunked) == scalarwise(whole), "round \(round): \(input)")
      for case .key(let k) in whole {
        guard case .character(let text) = k.code else { continue }
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(input)")
      }
    }
  }

  /// Decodes, flushes, and checks the decoder is clean afterwards (a paste left open by the
  /// random bytes is closed first: only its end marker ends it).
  private func decodeToCleanState(_ input: [UInt8], cuts: [Int]) -> [TerminalEvent] {
    var decoder = InputDecoder()
    var events: [TerminalEvent] = []
    var start = 0
    for cut in cuts + [input.count] {
      events += decoder.feed(input[start..<cut])
      start = cut
    }
    events += decoder.flush()
    if decoder.isInsidePaste {
      events += decoder.feed(Array("\u{1B}[201~".utf8))
      events += decoder.flush()
    }
    #expect(!decoder.hasPendingInput, "\(input)")
    return events
  }

  /// A keystroke of the generated stream: its bytes, its events, and whether the host must
  /// have flushed after it (an ESC alone is only the Escape key if nothing follows in time).
  struct Stroke {
    var bytes: [UInt8]
    var events: [TerminalEvent]
    var needsPause = false
    /// Offsets inside `bytes` where a read must not end: between two scalars of one cluster.
    var unsplittable: [Int] = []
  }

  static let known: [(String, [TerminalEvent])] = [
    ("\r", [key(.enter)]), ("\t", [key(.tab)]), ("\u{7F}", [key(.backspace)]),
    ("\u{03}", [key("c", .control)]), ("\u{00}", [key(" ", .control)]),
    ("\u{1B}[A", [key(.up)]), ("\u{1B}[1;5D", [key(.left, .control)]), ("\u{1B}OB", [key(.down)]),
    ("\u{1B}[3~", [key(.delete)]), ("\u{1B}[6;2~", [key(.pageDown, .shift)]),
    ("\u{1B}[24~", [key(.function(12))]), ("\u{1B}OP", [key(.function(1))]),
    ("\u{1B}[Z", [key(.tab, .shift)]), ("\u{1B}[97;5u", [key("a", .control)]),
    ("\u{1B}[27;6;65~", [key("a", [.control, .shift])]), ("\u{1B}[27u", [key(.escape)]),
    ("\u{1B}\u{1B}[C", [key(.right, .option)]), ("\u{1B}\u{7F}", [key(.backspace, .option)]),
    ("\u{1B}[I", [.focus(true)]), ("\u{1B}[O", [.focus(false)]),
    ("\u{1B}[<0;5;7M", [mouse(.press, .left, 4, 6)]), ("\u{1B}[<35;1;2M", [mouse(.move, .none, 0, 1)]),
    ("\u{1B}[<65;9;9M", [mouse(.scroll, .wheelDown, 8, 8)]),
    ("\u{1B}[?1;2c", [.deviceAttributes]), ("\u{1B}[?31u", [.keyboardProtocolFlags(31)]),
    ("\u{1B}[97;1:3u", [.key(TerminalKey(.character("a"), event: .release))]),
    ("\u{1B}[1;2:2A", [.key(TerminalKey(.up, modifiers: .shift, event: .repeat))]),
    ("\u{1B}[57441;2u", [key(.modifier(.leftShift), .shift)]), ("\u{1B}[5;9R", [.cursorPosition(row: 5, column: 9)]), ("\u{1B}]11;rgb:1/2/3\u{07}", []),
    ("\u{1B}P>|kitty\u{1B}\\", []),
  ]
  static let pausing: [(String, [TerminalEvent])] = [
    ("\u{1B}", [key(.escape)]), ("\u{1B}[", [key("[", .option)]), ("\u{1B}O", [key("O", .option)]),
    ("\u{1B}P", [key("P", .option)]),
  ]
  /// Whole clusters that do not join a neighbour.
  static let pieces = [
    "a", "Z", "0", " ", "~", "[", "O", "é", "日", "👩‍👩‍👧", "e\u{301}", "🇯🇵", "👍🏿", "한", "€", "𝒜",
  ]

  private static func randomStroke(
    using rng: inout SeededRandomNumberGenerator, pressed: inout MouseEvent.Button?
  ) -> Stroke {
    func textStroke(_ piece: String, prefix: [UInt8], _ modifiers: Modifiers) -> Stroke {
      var offsets: [Int] = []
      var offset = prefix.count
      for scalar in piece.unicodeScalars.dropLast() {
        offset += String(scalar).utf8.count
        offsets.append(offset)
      }
      return Stroke(bytes: prefix + Array(piece.utf8), events: [key(piece, modifiers)], unsplittable: offsets)
    }
    switch Int.random(in: 0..<20, using: &rng) {
    case 0..<7:
      return textStroke(pieces.randomElement(using: &rng)!, prefix: [], [])
    case 7..<9:
      // Not "[" or "O": with ESC before them they start a sequence.
      let piece = pieces.filter { $0 != "[" && $0 != "O" }.randomElement(using: &rng)!
      return textStroke(piece, prefix: [0x1B], .option)
    case 9..<15:
      let (text, events) = known.randomElement(using: &rng)!
      return Stroke(bytes: Array(text.utf8), events: events)
    case 15:
      let (text, events) = pausing.randomElement(using: &rng)!
      return Stroke(bytes: Array(text.utf8), events: events, needsPause: true)
    case 16, 17:
      // X10 mouse: a press, or a release of what was pressed.
      let column = Int.random(in: 0...200, using: &rng)
      let row = Int.random(in: 0...200, using: &rng)
      let bytes: [UInt8] = [0x1B, 0x5B, 0x4D]
      if Bool.random(using: &rng) {
        let bits = Int.random(in: 0...2, using: &rng)
        let button: MouseEvent.Button = [.left, .middle, .right][bits]
        pressed = button
        return Stroke(
          bytes: bytes + [UInt8(32 + bits), UInt8(33 + column), UInt8(33 + row)],
          events: [mouse(.press, button, column, row)])
      }
      let button = pressed ?? .none
      pressed = nil
      return Stroke(
        bytes: bytes + [35, UInt8(33 + column), UInt8(33 + row)],
        events: [mouse(.release, button, column, row)])
    default:
      var content = ""
      for _ in 0..<Int.random(in: 0...6, using: &rng) {
        content += (pieces + ["\r\n", "\n", "\u{1B}[A", "\u{1B}", "\t"]).randomElement(using: &rng)!
      }
      let bytes = Array("\u{1B}[200~\(content)\u{1B}[201~".utf8)
      return Stroke(bytes: bytes, events: [.paste(content.replacingCRLF())])
    }
  }

  /// Streams of known keystrokes and text, fed in random reads (with the host's flush after a
  /// stroke that needs one), decode to exactly the generated events.
  @Test func validKeystrokeStreamsDecodeExactly() {
    var rng = SeededRandomNumberGenerator(seed: 7)
    for round in 0..<300 {
      var pressed: MouseEvent.Button?
      var strokes: [Stroke] = []
      for _ in 0..<Int.random(in: 1...30, using: &rng) {
        strokes.append(Self.randomStroke(using: &rng, pressed: &pressed))
      }
      // Group strokes into bursts that end where the host flushes.
      var decoder = InputDecoder()
      var events: [TerminalEvent] = []
      var expected: [TerminalEvent] = []
      var burst: [UInt8] = []
      var unsplittable: Set<Int> = []
      func sendBurst() {
        let cuts = randomCuts(burst.count, using: &rng) { !unsplittable.contains($0) }
        var start = 0
        for cut in cuts + [burst.count] {
          events += decoder.feed(burst[start..<cut])
          start = cut
        }
        events += decoder.flush()
        burst = []
        unsplittable = []
      }
      for (index, stroke) in strokes.enumerated() {
        unsplittable.formUnion(stroke.unsplittable.map { $0 + burst.count })
        burst += stroke.bytes
        expected += stroke.events
        if stroke.needsPause || index == strokes.count - 1 || Int.random(in: 0..<8, using: &rng) == 0 {
          sendBurst()
        }
      }
      #expect(events == expected, "round \(round)")
      #expect(!decoder.hasPendingInput)
      if events != expected { break }
    }
  }
}

extension String {
  fileprivate func replacingCRLF() -> String {
    var result = ""
    var previousWasCR = false
    for scalar in unicodeScalars {
      if scalar == "\r" {
        result.unicodeScalars.append("\n")
        previousWasCR = true
        continue
      }
      if !(scalar == "\n" && previousWasCR) { result.unicodeScalars.append(scalar) }
      previousWasCR = false
    }
    return result
  }
}
