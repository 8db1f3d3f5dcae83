import TextEditing

/// One character of a line drawn in visual order: where it is drawn and what it is.
struct _VisualCharacter {
  /// Its left edge, from the line's left end.
  var left: CGFloat
  var width: CGFloat
  /// Its UTF-16 range in the text.
  var range: Range<Int>
  /// Whether it runs right to left (an odd bidi level): its left edge is its end.
  var rightToLeft: Bool

  /// Two sets of what a line's characters gain in width (kern, tabs, justification), added up;
  /// nil when neither has any.
  static func extras(_ a: [CGFloat]?, plus b: [CGFloat]?) -> [CGFloat]? {
    guard let a else { return b }
    guard let b else { return a }
    return zip(a, b).map { $0 + $1 }
  }

  /// The characters of the line `string` (starting at text offset `offset`), left to right as
  /// the hosts draw them (CellGrid+Bidi.swift), when the line holds right-to-left text or its
  /// paragraph runs right to left, or is justified (`extras`: what each character's width
  /// gains, ``TextJustification``); nil for a left-to-right line in logical order at its
  /// natural widths.
  static func line(
    _ string: String, at offset: Int, rightToLeft: Bool, extras: [CGFloat]? = nil, width: (Character) -> CGFloat
  ) -> [_VisualCharacter]? {
    let scalars = string.unicodeScalars
    guard rightToLeft || scalars.contains(where: { $0._opensRightToLeft }) else {
      guard let extras else { return nil }
      // Justified left-to-right text: logical order, the spaces widened.
      var left: CGFloat = 0
      var at = offset
      return zip(string, extras).map { character, extra in
        let end = at + character.utf16.count
        let placed = _VisualCharacter(left: left, width: width(character) + extra, range: at..<end, rightToLeft: false)
        left += placed.width
        at = end
        return placed
      }
    }
    let paragraph = BidiParagraph(scalars, baseLevel: rightToLeft ? 1 : 0)
    let levels = paragraph.lineLevels(0..<paragraph.levels.count)
    var characters: [_VisualCharacter] = []
    var scalarIndex = 0
    var at = offset
    var characterLevels: [UInt8] = []
    for character in string {
      let end = at + character.utf16.count
      let extra = extras.map { $0[characters.count] } ?? 0
      characters.append(_VisualCharacter(left: 0, width: width(character) + extra, range: at..<end, rightToLeft: levels[scalarIndex] & 1 == 1))
      characterLevels.append(levels[scalarIndex])
      scalarIndex += character.unicodeScalars.count
      at = end
    }
    var left: CGFloat = 0
    return BidiParagraph.visualOrder(characterLevels).map { index in
      var character = characters[index]
      character.left = left
      left += character.width
      return character
    }
  }
}

extension Array where Element == _VisualCharacter {
  /// Where the caret for `offset` is drawn: after the character before it, on that character's
  /// side; at the start, before the first character on its side.
  func caretX(for offset: Int) -> CGFloat {
    if let before = first(where: { $0.range.upperBound == offset }) {
      return before.left + (before.rightToLeft ? 0 : before.width)
    }
    if let after = first(where: { $0.range.lowerBound == offset }) {
      return after.left + (after.rightToLeft ? after.width : 0)
    }
    return 0
  }

  /// The offset nearest `x`: the nearer edge of the character under it.
  func offset(nearest x: CGFloat) -> Int? {
    guard let last else { return nil }
    for character in self {
      if x <= character.left + character.width / 2 {
        return character.rightToLeft ? character.range.upperBound : character.range.lowerBound
      }
      if x <= character.left + character.width {
        return character.rightToLeft ? character.range.lowerBound : character.range.upperBound
      }
    }
    return last.rightToLeft ? last.range.lowerBound : last.range.upperBound
  }

  /// The character drawn across `x`, or nil past the line's end.
  func character(at x: CGFloat) -> _VisualCharacter? { first { x >= $0.left && x < $0.left + $0.width } }
}
