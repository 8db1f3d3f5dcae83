/// A colour as the terminal is told it, after ``ColorMode`` picked what the terminal can show.
///
/// One 32-bit value, so that comparing styles (for every cell written) is cheap: the kind in bits
/// 24–25, the index or the RGB value in bits 0–23.
struct TerminalColor: Equatable, Sendable {
  let rawValue: UInt32

  /// The terminal's own foreground or background (SGR 39 / 49).
  static let `default` = TerminalColor(rawValue: 0)

  /// One of the 16 ANSI colours, 0–15 (SGR 30–37 and 90–97, 40–47 and 100–107).
  static func ansi(_ index: UInt8) -> TerminalColor {
    TerminalColor(rawValue: 1 << 24 | UInt32(index))
  }

  /// An index of the xterm 256-colour palette (SGR 38;5;n / 48;5;n).
  static func palette(_ index: UInt8) -> TerminalColor {
    TerminalColor(rawValue: 2 << 24 | UInt32(index))
  }

  /// A 24-bit colour (SGR 38;2;r;g;b / 48;2;r;g;b).
  static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> TerminalColor {
    TerminalColor(rawValue: 3 << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
  }

  /// 0 default, 1 ANSI, 2 palette, 3 RGB.
  var kind: UInt32 { rawValue >> 24 }
  /// The ANSI or palette index.
  var index: Int { Int(rawValue & 0xFF) }
  var red: Int { Int(rawValue >> 16 & 0xFF) }
  var green: Int { Int(rawValue >> 8 & 0xFF) }
  var blue: Int { Int(rawValue & 0xFF) }
}

/// The SGR state of a terminal: colours and the attributes the writer uses.
struct TerminalStyle: Equatable, Sendable {
  var foreground: TerminalColor = .default
  var background: TerminalColor = .default
  var isBold = false
  var isDim = false
  var isUnderlined = false
  var isInverse = false
  var isItalic = false
  var isStrikethrough = false

  /// The state after SGR 0, and of a freshly erased screen.
  static let plain = TerminalStyle()

  /// A bound on the length of a transition's SGR sequence: none is longer than the 55 bytes of
  /// `ESC [ 22;1;2;24;27;23;29;38;2;255;255;255;48;2;255;255;255 m` (and that one is never chosen).
  static let maximumTransitionLength = 64

  /// Appends the shortest SGR sequence that turns `current` (nil: unknown) into this style, or
  /// nothing when it already is.
  ///
  /// Two candidates: the changes alone (22 ends bold and dim together, 24 underline, 27 inverse,
  /// 39/49 default colours), and a reset (0) followed by everything this style sets. An unknown
  /// state always takes the reset.
  func appendTransition<S: ByteSink>(from current: TerminalStyle?, to sink: inout S) {
    if current == self { return }
    if let current {
      // Unless something is turned off, the changes are a subset of what a reset sets again, and
      // shorter: no need to measure.
      let turnsOff =
        (current.isBold && !isBold) || (current.isDim && !isDim)
        || (current.isUnderlined && !isUnderlined) || (current.isInverse && !isInverse)
        || (current.isItalic && !isItalic) || (current.isStrikethrough && !isStrikethrough)
        || (current.foreground != .default && foreground == .default)
        || (current.background != .default && background == .default)
      var useChanges = true
      if turnsOff {
        let changes = byteCount { counter in
          var first = true
          appendChanges(from: current, first: &first, to: &counter)
        }
        let reset = byteCount { counter in
          var first = true
          appendReset(first: &first, to: &counter)
        }
        useChanges = changes <= reset
      }
      if useChanges {
        sink.appendCSI()
        var first = true
        appendChanges(from: current, first: &first, to: &sink)
        sink.append(0x6D)
        return
      }
    }
    sink.appendCSI()
    var first = true
    appendReset(first: &first, to: &sink)
    sink.append(0x6D)
  }

  /// The parameters that change `current` into this style.
  private func appendChanges<S: ByteSink>(
    from current: TerminalStyle, first: inout Bool, to sink: inout S
  ) {
    if (current.isBold && !isBold) || (current.isDim && !isDim) {
      // 22 ends both; put back the one that stays.
      Self.appendParameter(22, first: &first, to: &sink)
      if isBold { Self.appendParameter(1, first: &first, to: &sink) }
      if isDim { Self.appendParameter(2, first: &first, to: &sink) }
    } else {
      if isBold && !current.isBold { Self.appendParameter(1, first: &first, to: &sink) }
      if isDim && !current.isDim { Self.appendParameter(2, first: &first, to: &sink) }
    }
    if isUnderlined != current.isUnderlined {
      Self.appendParameter(isUnderlined ? 4 : 24, first: &first, to: &sink)
    }
    if isInverse != current.isInverse {
      Self.appendParameter(isInverse ? 7 : 27, first: &first, to: &sink)
    }
    if isItalic != current.isItalic {
      Self.appendParameter(isItalic ? 3 : 23, first: &first, to: &sink)
    }
    if isStrikethrough != current.isStrikethrough {
      Self.appendParameter(isStrikethrough ? 9 : 29, first: &first, to: &sink)
    }
    if foreground != current.foreground {
      Self.appendColor(foreground, base: 30, first: &first, to: &sink)
    }
    if background != current.background {
      Self.appendColor(background, base: 40, first: &first, to: &sink)
    }
  }

  /// The parameters that reset the terminal and set this style: none at all for the plain style
  /// (`ESC [ m` is SGR 0).
  private func appendReset<S: ByteSink>(first: inout Bool, to sink: inout S) {
    if self == .plain { return }
    Self.appendParameter(0, first: &first, to: &sink)
    if isBold { Self.appendParameter(1, first: &first, to: &sink) }
    if isDim { Self.appendParameter(2, first: &first, to: &sink) }
    if isUnderlined { Self.appendParameter(4, first: &first, to: &sink) }
    if isInverse { Self.appendParameter(7, first: &first, to: &sink) }
    if isItalic { Self.appendParameter(3, first: &first, to: &sink) }
    if isStrikethrough { Self.appendParameter(9, first: &first, to: &sink) }
    if foreground != .default { Self.appendColor(foreground, base: 30, first: &first, to: &sink) }
    if background != .default { Self.appendColor(background, base: 40, first: &first, to: &sink) }
  }

  /// The parameters of a colour; `base` is 30 for the foreground, 40 for the background.
  private static func appendColor<S: ByteSink>(
    _ color: TerminalColor, base: Int, first: inout Bool, to sink: inout S
  ) {
    switch color.kind {
    case 0:
      appendParameter(base + 9, first: &first, to: &sink)
    case 1:
      // 0–7 are 30–37 / 40–47; the bright 8–15 are 90–97 / 100–107.
      let index = color.index
      appendParameter(index < 8 ? base + index : base + 60 + index - 8, first: &first, to: &sink)
    case 2:
      appendParameter(base + 8, first: &first, to: &sink)
      appendParameter(5, first: &first, to: &sink)
      appendParameter(color.index, first: &first, to: &sink)
    default:
      appendParameter(base + 8, first: &first, to: &sink)
      appendParameter(2, first: &first, to: &sink)
      appendParameter(color.red, first: &first, to: &sink)
      appendParameter(color.green, first: &first, to: &sink)
      appendParameter(color.blue, first: &first, to: &sink)
    }
  }

  private static func appendParameter<S: ByteSink>(
    _ value: Int, first: inout Bool, to sink: inout S
  ) {
    if !first { sink.append(0x3B) }
    first = false
    sink.appendDecimal(value)
  }
}
