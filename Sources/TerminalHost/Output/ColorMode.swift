import UIKit

/// How many colours the terminal shows, which decides how ``ScreenWriter`` writes a cell's colours.
package enum ColorMode: Sendable, Equatable {
  /// 24-bit colour: each RGB as it is (`38;2;r;g;b`).
  case trueColor
  /// The xterm 256-colour palette: the nearest entry of its 6×6×6 colour cube and 24-step grey
  /// ramp (`38;5;n`). The 16 system colours (0–15) are never used: terminals theme them, so their
  /// actual values are unknown.
  case palette256
  /// The 16 ANSI colours (`30`–`37`, `90`–`97`): the nearest of xterm's default values.
  case ansi16
  /// No colours at all, only bold, dim, underline and inverse (so selections still show).
  case monochrome

  /// The colour mode an environment asks for. The rules, first match wins:
  ///
  /// 1. `NO_COLOR` set to anything but the empty string: `.monochrome`. It comes first because it
  ///    is the user's explicit wish (https://no-color.org), which beats what the terminal can do.
  /// 2. `COLORTERM` is `truecolor` or `24bit` (any case): `.trueColor`.
  /// 3. `TERM` contains `256color` (`xterm-256color`, `screen-256color`): `.palette256`, whatever
  ///    else `COLORTERM` says.
  /// 4. `TERM` is `dumb`: `.monochrome`.
  /// 5. Anything else, including no `TERM`: `.ansi16`.
  package static func detect(environment: [String: String]) -> ColorMode {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
    if let colorTerm = environment["COLORTERM"]?.lowercased(),
      colorTerm == "truecolor" || colorTerm == "24bit"
    {
      return .trueColor
    }
    let term = environment["TERM"] ?? ""
    if term.contains("256color") { return .palette256 }
    if term == "dumb" { return .monochrome }
    return .ansi16
  }

  /// How a cell's colour (nil: the terminal's default) is written in this mode.
  func terminalColor(_ color: CellGrid.RGB?) -> TerminalColor {
    guard let color else { return .default }
    switch self {
    case .trueColor: return .rgb(color.r, color.g, color.b)
    case .palette256: return .palette(Self.nearestPaletteIndex(color))
    case .ansi16: return .ansi(Self.nearestANSIIndex(color))
    case .monochrome: return .default
    }
  }

  /// The index (16–255) of the xterm 256-colour palette entry nearest to `color` by squared
  /// distance: the nearest of the colour cube (levels 0, 95, 135, 175, 215, 255) and of the grey
  /// ramp (8, 18, …, 238), the cube on a tie.
  ///
  /// Both are found without a search: the squared distance to a cube entry is a sum over the
  /// channels, so the nearest level per channel gives the nearest entry; the squared distance to a
  /// grey g is smallest at the channels' mean and grows with |g − mean|, and the ramp is evenly
  /// spaced, so the grey nearest to the mean is the nearest grey.
  static func nearestPaletteIndex(_ color: CellGrid.RGB) -> UInt8 {
    let (r, g, b) = (Int(color.r), Int(color.g), Int(color.b))
    let (cr, cg, cb) = (cubeStep(r), cubeStep(g), cubeStep(b))
    let cubeDistance =
      square(r - cubeLevel(cr)) + square(g - cubeLevel(cg)) + square(b - cubeLevel(cb))
    // round((mean − 8) / 10) = floor((r + g + b − 24 + 15) / 30).
    let grey = min(23, max(0, (r + g + b - 9) / 30))
    let level = 8 + 10 * grey
    let greyDistance = square(r - level) + square(g - level) + square(b - level)
    if greyDistance < cubeDistance { return UInt8(232 + grey) }
    return UInt8(16 + 36 * cr + 6 * cg + cb)
  }

  /// The index (0–15) of the ANSI colour nearest to `color` by squared distance to xterm's default
  /// values, the lower index on a tie.
  static func nearestANSIIndex(_ color: CellGrid.RGB) -> UInt8 {
    let (r, g, b) = (Int32(color.r), Int32(color.g), Int32(color.b))
    var best: UInt8 = 0
    var bestDistance = Int32.max
    // The values as constants in the code rather than a table: no global to look up.
    func consider(_ index: UInt8, _ red: Int32, _ green: Int32, _ blue: Int32) {
      let distance = (r - red) * (r - red) + (g - green) * (g - green) + (b - blue) * (b - blue)
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    consider(0, 0, 0, 0)
    consider(1, 205, 0, 0)
    consider(2, 0, 205, 0)
    consider(3, 205, 205, 0)
    consider(4, 0, 0, 238)
    consider(5, 205, 0, 205)
    consider(6, 0, 205, 205)
    consider(7, 229, 229, 229)
    consider(8, 127, 127, 127)
    consider(9, 255, 0, 0)
    consider(10, 0, 255, 0)
    consider(11, 255, 255, 0)
    consider(12, 92, 92, 255)
    consider(13, 255, 0, 255)
    consider(14, 0, 255, 255)
    consider(15, 255, 255, 255)
    return best
  }

  /// The RGB value of a 256-palette index from 16 up (the cube and the grey ramp).
  static func paletteColor(_ index: UInt8) -> CellGrid.RGB {
    let index = Int(index)
    if index >= 232 {
      let level = UInt8(8 + 10 * (index - 232))
      return CellGrid.RGB(r: level, g: level, b: level)
    }
    let cube = max(0, index - 16)
    return CellGrid.RGB(
      r: UInt8(cubeLevel(cube / 36)), g: UInt8(cubeLevel(cube / 6 % 6)),
      b: UInt8(cubeLevel(cube % 6)))
  }

  /// The cube step (0–5) nearest to a channel value; on a tie (115, 155, 195, 235) the upper one.
  private static func cubeStep(_ value: Int) -> Int {
    if value < 48 { return 0 }
    if value < 115 { return 1 }
    if value < 155 { return 2 }
    if value < 195 { return 3 }
    if value < 235 { return 4 }
    return 5
  }

  /// The channel value of a cube step: 0, 95, 135, 175, 215, 255.
  private static func cubeLevel(_ step: Int) -> Int {
    step == 0 ? 0 : 55 + 40 * step
  }

  private static func square(_ value: Int) -> Int {
    value * value
  }
}

/// Maps cell colours to terminal colours for a ``ColorMode``, remembering recent ANSI choices: a
/// UI uses a few dozen colours, a full repaint asks for every cell's two, and finding the nearest
/// ANSI colour is a search.
struct ColorMapper: Sendable {
  let mode: ColorMode
  /// A direct-mapped cache for `.ansi16`: 0 for an empty slot, else 1 << 31 | rgb << 4 | index.
  private var slots: [UInt32]

  init(mode: ColorMode) {
    self.mode = mode
    slots = mode == .ansi16 ? Array(repeating: 0, count: 256) : []
  }

  mutating func terminalColor(_ color: CellGrid.RGB?) -> TerminalColor {
    guard let color, mode == .ansi16 else { return mode.terminalColor(color) }
    let rgb = UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
    let slot = Int(truncatingIfNeeded: (rgb &* 0x9E37_79B1) >> 24)
    let entry = slots[slot]
    if entry >> 4 == 1 << 27 | rgb { return .ansi(UInt8(entry & 0xF)) }
    let index = ColorMode.nearestANSIIndex(color)
    slots[slot] = 1 << 31 | rgb << 4 | UInt32(index)
    return .ansi(index)
  }
}
