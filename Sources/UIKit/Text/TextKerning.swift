import Foundation

// Kerning (`NSAttributedString.Key.kern`), as TextKit applies it: the value, in points, is added
// to the advance of every character it covers, the last one of a line included (so a kerned
// string measures wider by the kern of each of its characters). Views measure it and hosts draw
// it through one rule, so the caret after kerned text is where its glyphs end: in points where a
// host draws in points, in whole cells on a terminal (a cell cannot be split or overlapped:
// kern rounds to the nearest whole number of cells, never below none).

/// How kerning widens characters.
package enum TextKerning {
  /// The kern a `.kern` attribute value gives, in points (nil: none or not a number). iOS code
  /// passes a number in any of Swift's and Foundation's shapes.
  package static func points(_ value: Any?) -> CGFloat? {
    switch value {
    case let value as CGFloat: value
    case let value as Double: CGFloat(value)
    case let value as Float: CGFloat(value)
    case let value as Int: CGFloat(value)
    case let value as NSNumber: CGFloat(value.doubleValue)
    default: nil
    }
  }

  /// What `kern` adds to a character's advance where advances are whole `step`s (a
  /// terminal's cell width); `kern` itself where `step` is 0 (points, any width).
  package static func advance(_ kern: CGFloat, step: CGFloat) -> CGFloat {
    guard step > 0, kern.isFinite else { return kern.isFinite ? kern : 0 }
    return max(0, (kern / step).rounded()) * step
  }
}
