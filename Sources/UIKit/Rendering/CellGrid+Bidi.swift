import TextEditing

/// A line of cells in visual order: the Unicode bidirectional algorithm (TextEditing's
/// `BidiParagraph`) applied to one text run, since terminals draw cells as they are given and
/// reorder nothing themselves.
struct _BidiLine {
  /// Logical glyph indices from left to right.
  let order: [Int]
  /// The resolved level of each glyph (odd: right to left).
  let levels: [UInt8]
  /// The column of each glyph, by logical index, from the line's left end.
  let columns: [Int]

  /// The layout of `run`'s glyphs (one per character, as `drawText` makes them), or nil when the
  /// line reads left to right in logical order: a line without a right-to-left letter or
  /// control in a left-to-right paragraph costs one scan of its scalars. Glyphs drawn right to
  /// left take their mirrored form (`(` for `)`).
  static func layout(
    of run: TextRun, glyphs: inout [(text: String, columns: Int, offset: Int)]
  ) -> _BidiLine? {
    let scalars = run.string.unicodeScalars
    let rightToLeft = run.isRightToLeft ?? (BidiParagraph.firstStrongLevel(of: scalars) == 1)
    guard rightToLeft || scalars.contains(where: { $0._opensRightToLeft }) else { return nil }
    let paragraph = BidiParagraph(scalars, baseLevel: rightToLeft ? 1 : 0)
    let lineLevels = paragraph.lineLevels(0..<paragraph.levels.count)
    var levels: [UInt8] = []
    levels.reserveCapacity(glyphs.count)
    var scalarIndex = 0
    for (index, character) in run.string.enumerated() where index < glyphs.count {
      let level = lineLevels[scalarIndex]
      levels.append(level)
      if level & 1 == 1, character.unicodeScalars.count == 1, let mirrored = character.unicodeScalars.first!._bidiMirrored {
        glyphs[index].text = String(Character(mirrored))
      }
      scalarIndex += character.unicodeScalars.count
    }
    let order = BidiParagraph.visualOrder(levels)
    var columns = [Int](repeating: 0, count: glyphs.count)
    var x = 0
    for index in order {
      columns[index] = x
      x += glyphs[index].columns
    }
    return _BidiLine(order: order, levels: levels, columns: columns)
  }

  /// The column of the caret at UTF-16 offset `caret`: after the character before it on that
  /// character's own side (its right edge in a left-to-right run, its left edge in a
  /// right-to-left one), so the caret follows what was just typed, as iOS draws it; at the
  /// start, before the first character on its side.
  func caretColumn(_ caret: Int, glyphs: [(text: String, columns: Int, offset: Int)]) -> Int {
    let before = glyphs.prefix { $0.offset < caret }.count
    if before == 0 {
      guard !glyphs.isEmpty else { return 0 }
      return levels[0] & 1 == 1 ? columns[0] + glyphs[0].columns : columns[0]
    }
    let previous = before - 1
    return levels[previous] & 1 == 1 ? columns[previous] : columns[previous] + glyphs[previous].columns
  }
}
