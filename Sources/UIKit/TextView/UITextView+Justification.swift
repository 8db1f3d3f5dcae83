import Foundation
import TextEditing

// Justified paragraphs in a text view, as TextKit 1 draws them (see TextJustification.swift for
// the rule). A line is stretched when its paragraph's alignment (its style's, or the view's
// `textAlignment`) is `.justified` and a line break other than a paragraph's end follows it. Its
// characters are then placed as a "visual line" (`_VisualCharacter`) with the widened spaces, so
// every reader of horizontal geometry that already follows right-to-left lines (the caret, taps,
// selection rectangles, `characterRange(at:)`, the layout manager's glyph positions) follows the
// widened spaces too, and the drawn run carries the width its host stretches it to.
//
// Text without a justified paragraph pays two stored reads per query (`textAlignment` and
// whether the text is laid out by paragraph): a keystroke's caret does no more work than before.

extension UITextView {
  /// The width line `index`'s text is laid out in: its fragment's (paragraph indents, exclusion
  /// paths) less the padding at both ends, else the wrap width.
  func _availableWidth(ofLine index: Int, in layout: TextViewLayout) -> CGFloat {
    guard let fragment = layout.fragment(ofLine: index) else { return _wrapWidth }
    return max(0, fragment.width - 2 * _lineFragmentPadding)
  }

  /// What each character of line `index` gains in width when the line is stretched to
  /// `available` (``TextJustification``), by character of `string` (the line's drawn text,
  /// UTF-16 `range` of the text, its line break left out); nil when the line is drawn at its
  /// natural width: its paragraph is not justified, it is the paragraph's last line, it has no
  /// space between words, or it is the container's last line cut with "…".
  func _justifiedExtras(
    ofLine index: Int, string: String, range: Range<Int>, in layout: TextViewLayout, available: CGFloat, rightToLeft: Bool
  ) -> [CGFloat]? {
    guard (layout.fragment(ofLine: index)?.alignment ?? textAlignment) == .justified, !string.isEmpty else { return nil }
    let text = _state.text
    let lineEnd = layout.lineRange(index).upperBound
    // A line feed, carriage return or paragraph separator ends the paragraph, and so does the
    // text's end; a line separator (U+2028) or a wrap does not.
    guard lineEnd < text.utf16Count, !Self._isParagraphBreak(text.character(before: lineEnd)) else { return nil }
    guard _keptOfTruncatedLine(string, line: index, in: layout) == nil else { return nil }
    // Kerned characters take their kern before the spaces share what is left.
    let measure = _measure()
    let kerns = _kerns(of: string, at: range.lowerBound)
    var widths = string.map { measure($0) }
    if let extras = _VisualCharacter.extras(kerns, plus: _tabExtras(of: string, at: range.lowerBound, kerns: kerns)) {
      widths = zip(widths, extras).map { $0 + $1 }
    }
    return TextJustification.extraWidths(
      widths: widths, isSpace: string.map(TextJustification.widens), lineWidth: available, step: _measurer.advanceStep,
      rightToLeft: rightToLeft)
  }

  /// Where a stretched line `index` starts after its box's leading edge (nil: the line is not
  /// stretched). A left-to-right line starts at the edge. A right-to-left one ends at the right
  /// edge: the part of the width that whole steps (a terminal's cells) could not hand out is on
  /// its left, as a right-aligned line's slack is.
  func _justifiedLineOffset(
    _ index: Int, string: String, range: Range<Int>, in layout: TextViewLayout, available: CGFloat, rightToLeft: Bool
  ) -> CGFloat? {
    guard
      let extras = _justifiedExtras(
        ofLine: index, string: string, range: range, in: layout, available: available, rightToLeft: rightToLeft)
    else { return nil }
    guard rightToLeft else { return 0 }
    return max(0, available - _drawnWidth(of: string, at: range.lowerBound) - extras.reduce(0, +))
  }

  /// The extra widths of line `content`'s characters (``_justifiedExtras``) for the line of the
  /// view's layout that `content` is (``_lineContent(_:in:)``).
  func _justification(of content: (range: Range<Int>, string: String, x: CGFloat)) -> [CGFloat]? {
    guard let (index, layout) = _justifiableLine(content) else { return nil }
    return _justifiedExtras(
      ofLine: index, string: content.string, range: content.range, in: layout,
      available: _availableWidth(ofLine: index, in: layout), rightToLeft: _paragraphIsRightToLeft(at: content.range.lowerBound))
  }

  /// The width a host stretches line `content` to (`TextRun.justifiedWidth`), nil when it is
  /// drawn at its natural width.
  func _justifiedWidth(of content: (range: Range<Int>, string: String, x: CGFloat)) -> CGFloat? {
    guard let (index, layout) = _justifiableLine(content) else { return nil }
    let available = _availableWidth(ofLine: index, in: layout)
    let extras = _justifiedExtras(
      ofLine: index, string: content.string, range: content.range, in: layout, available: available,
      rightToLeft: _paragraphIsRightToLeft(at: content.range.lowerBound))
    return extras == nil ? nil : available
  }

  /// The index of line `content` in the view's layout, when some paragraph may be justified and
  /// the line has text: the cheap test every geometry query makes first.
  private func _justifiableLine(_ content: (range: Range<Int>, string: String, x: CGFloat)) -> (Int, TextViewLayout)? {
    guard textAlignment == .justified || _layoutsByParagraph, !content.range.isEmpty, let layout = _layout else { return nil }
    return (layout.lineIndex(containing: content.range.lowerBound), layout)
  }
}
