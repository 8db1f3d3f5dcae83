import Foundation
import TextEditing

// Kerned text in a field (`.kern` in `attributedText` or `defaultTextAttributes`, the way
// one-time-code fields space their digits): every character takes its kern after it, as the
// host draws it (TextKerning.swift), so the caret, taps, selection and the field's size follow
// the spaced glyphs. A secure field's bullets carry no attributes, so they are not kerned.

extension UITextField {
  /// The runs when some character is kerned and drawn so (nil: nothing is, the usual case).
  private var _kernedRuns: _AttributeRuns? {
    guard !isSecureTextEntry else { return nil }
    let runs = _runs
    return runs.kerns ? runs : nil
  }

  /// What kerning adds to the characters of the text's UTF-16 `range` as `measurer`'s host
  /// draws them.
  func _kernWidth(in range: Range<Int>, measurer: any TextMeasuring) -> CGFloat {
    guard let runs = _kernedRuns, !range.isEmpty else { return 0 }
    let step = measurer.advanceStep
    var total: CGFloat = 0
    for (part, run) in runs.slices(in: range) {
      guard let kern = run.style?.kern, kern != 0 else { continue }
      total += CGFloat(_state.text.substring(part).count) * TextKerning.advance(kern, step: step)
    }
    return total
  }

  /// What kerning adds after the character at a UTF-16 offset of the text, as `measurer`'s host
  /// draws it; nil when nothing is kerned (read once for a walk over the characters).
  func _kerning(measurer: any TextMeasuring) -> ((Int) -> CGFloat)? {
    _kernedRuns?.kerning(step: measurer.advanceStep)
  }
}
