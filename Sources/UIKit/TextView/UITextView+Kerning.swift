import Foundation
import TextEditing

// Kerned text in a text view (`.kern`), as TextKit 1 lays it out: each character's advance takes
// its kern, so lines wrap, and the caret, taps, selection and the layout manager's glyph
// positions fall, where the host draws the spaced glyphs (TextKerning.swift: whole cells in a
// terminal). A kerned text is laid out whole, as paragraphs in their own styles are (the
// keystroke's incremental layout measures characters without their attributes); its lines are
// then placed like justified ones, character by character (`_VisualCharacter`).

extension UITextView {
  /// What kerning adds after the character at a UTF-16 offset, as the host draws it; nil when
  /// nothing is kerned (a text laid out by paragraph only can be: the check is a stored read).
  func _kerning() -> ((Int) -> CGFloat)? {
    guard _layoutsByParagraph else { return nil }
    return _kerning(of: _runs)
  }

  /// ``_kerning()`` for `runs`, whatever the layout.
  func _kerning(of runs: _AttributeRuns) -> ((Int) -> CGFloat)? { runs.kerning(step: _measurer.advanceStep) }

  /// The kern after each character of `string` (the text's from UTF-16 `offset`); nil when no
  /// character of the text is kerned.
  func _kerns(of string: String, at offset: Int) -> [CGFloat]? {
    guard let kerning = _kerning() else { return nil }
    var at = offset
    return string.map { character in
      defer { at += character.utf16.count }
      return kerning(at)
    }
  }

  /// The width `string` (the text's from UTF-16 `offset`, a line's) is drawn at, its kern and
  /// its tabs' way to their stops included.
  func _drawnWidth(of string: String, at offset: Int) -> CGFloat {
    let measure = _measure()
    let width = string.reduce(CGFloat(0)) { $0 + measure($1) }
    let kerns = _kerns(of: string, at: offset)
    let tabs = _tabExtras(of: string, at: offset, kerns: kerns)
    return width + (kerns?.reduce(0, +) ?? 0) + (tabs?.reduce(0, +) ?? 0)
  }
}
