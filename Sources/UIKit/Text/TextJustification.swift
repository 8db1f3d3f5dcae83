import Foundation
import TextEditing

// Justified text (`NSTextAlignment.justified`), as TextKit 1 lays it out: every line of a
// justified paragraph but its last is stretched to its line fragment's width by widening the
// spaces between its words. The last line (the one a line feed or paragraph separator ends, or
// the text's end) is natural-aligned, and so is a line with nothing to widen (one word, or CJK
// written without spaces). Spaces that end a line hang past its edge and are neither widened
// nor counted.
//
// Views decide which lines are stretched and report their geometry (caret, taps, selection,
// the layout manager's glyph positions); hosts draw them. Both ask this one function how wide
// each space is drawn, in their own metrics: a view with the measurer's step, a terminal in
// whole cells, the pixel renderer in fractions of a point. A view measuring with the host's
// metrics therefore reports exactly where the host draws each character.

/// How a justified line's spaces are widened.
package enum TextJustification {
  /// Whether a justified line widens `character` when it stands between words: the word
  /// separators, the space and the no-break space. A tab goes to its tab stop instead
  /// (TextTabs.swift), and the ideographic space keeps its width: in CJK text it is a
  /// character's width, not a gap between words.
  package static func widens(_ character: Character) -> Bool {
    character == " " || character == "\u{00A0}"
  }

  /// The extra width of each of a line's characters when the line is stretched to `lineWidth`:
  /// `widths` are the characters' natural widths in order (UTF-16 order, the line's logical
  /// order), `isSpace` tells which of them ``widens(_:)`` would widen. The room left after the
  /// last character that is not a space goes to the spaces after the first such character and
  /// before the last; with a `step` (a terminal's cell width) only whole steps are handed out,
  /// one more to each of the first spaces in the line's order while the remainder lasts. Nil
  /// when the line stays as it is: no space between words, or no room to give (a line already
  /// as wide as `lineWidth`, or less than one step short of it).
  ///
  /// In a right-to-left line (`rightToLeft`) the spaces that end it are drawn at its left end,
  /// where hanging past the edge would push the whole line right: they take no width instead
  /// (an extra width of minus their own), and the caret after them stands at the line's edge.
  package static func extraWidths(
    widths: [CGFloat], isSpace: [Bool], lineWidth: CGFloat, step: CGFloat = 0, rightToLeft: Bool = false
  ) -> [CGFloat]? {
    precondition(widths.count == isSpace.count, "widths (\(widths.count)) and isSpace (\(isSpace.count)) differ in length")
    guard let last = isSpace.lastIndex(of: false), let first = isSpace.firstIndex(of: false) else { return nil }
    var natural: CGFloat = 0
    for index in 0...last { natural += widths[index] }
    var spaces: [Int] = []
    for index in first..<last where isSpace[index] { spaces.append(index) }
    let room = lineWidth - natural
    guard !spaces.isEmpty, room > 0 else { return nil }
    var extras = [CGFloat](repeating: 0, count: widths.count)
    if rightToLeft {
      for index in (last + 1)..<widths.count { extras[index] = -widths[index] }
    }
    if step > 0 {
      // A small tolerance: a width that is a whole number of steps, reached through sums of
      // fractions, must not lose a step to rounding.
      let units = Int(bounded: (room / step + 1e-6).rounded(.down))
      guard units > 0 else { return nil }
      let (each, more) = units.quotientAndRemainder(dividingBy: spaces.count)
      for (k, index) in spaces.enumerated() { extras[index] = CGFloat(each + (k < more ? 1 : 0)) * step }
    } else {
      let each = room / CGFloat(spaces.count)
      for index in spaces { extras[index] = each }
    }
    return extras
  }

  /// ``extraWidths(widths:isSpace:lineWidth:step:)`` for the characters of `string`, each
  /// `width(character)` wide.
  package static func extraWidths(
    of string: some StringProtocol, lineWidth: CGFloat, step: CGFloat = 0, rightToLeft: Bool = false,
    width: (Character) -> CGFloat
  ) -> [CGFloat]? {
    var widths: [CGFloat] = []
    var isSpace: [Bool] = []
    for character in string {
      widths.append(width(character))
      isSpace.append(widens(character))
    }
    return extraWidths(widths: widths, isSpace: isSpace, lineWidth: lineWidth, step: step, rightToLeft: rightToLeft)
  }
}

extension TextRun {
  /// Whether the line's paragraph runs right to left, as hosts lay it out: its base direction
  /// when given, else its first strong letter's.
  package var _paragraphRunsRightToLeft: Bool {
    isRightToLeft ?? (BidiParagraph.firstStrongLevel(of: string.unicodeScalars) == 1)
  }
}
