import UIKit

/// Turns successive ``CellGrid``s into the bytes that make an xterm-compatible terminal show them:
/// only the cells that changed, with as few bytes as it can.
///
/// The writer remembers what the terminal shows (the last grid), where its cursor is, the SGR state
/// and whether the cursor is visible, and relies on that memory until ``invalidate()`` or a size
/// change. Typing a character where the cursor already is, in the style last used, costs one byte.
///
/// What it does not rely on:
/// - The cursor after a cluster of more than one scalar, or a single emoji-presentation scalar:
///   terminals disagree on the widths of ZWJ sequences, flags, skin tones, keycaps and VS16, so the
///   next write starts with an absolute move.
/// - The cursor after writing in a row's last column: terminals keep it there in a pending-wrap
///   state that the next character resolves by wrapping, so the next write starts with a move.
/// - The screen outside what it wrote: a full repaint erases it first (after resetting SGR, so the
///   erased cells have the default background on every terminal, with or without BCE).
///
/// Text is written so that it cannot control the terminal and cannot change the cursor's advance:
/// - C0 and C1 controls, DEL and ESC become U+FFFD REPLACEMENT CHARACTER, and empty text a space.
/// - A cluster with no width of its own, or one that would join the character written before it
///   (it starts with a combining mark, a joiner, a skin tone…), is drawn on U+25CC DOTTED CIRCLE,
///   as fonts show a lone mark.
/// - A cluster wider than its cells (a wide character without a continuation cell) becomes
///   U+FFFD; one narrower than its cells is followed by spaces; a continuation cell with no wide
///   character before it is a space.
package struct ScreenWriter: Sendable {
  typealias Cell = CellGrid.Cell

  /// A 0-based cell position.
  private struct Position: Equatable, Sendable {
    var column: Int
    var row: Int
  }

  /// The colours the terminal can show.
  package var colorMode: ColorMode { colors.mode }
  private var colors: ColorMapper
  /// What the terminal shows; nil when unknown (the first update, after ``invalidate()``).
  private var shown: CellGrid?
  /// Where the terminal's cursor is; nil when unknown.
  private var cursor: Position?
  /// The terminal's SGR state; nil when unknown.
  private var style: TerminalStyle?
  /// Whether the terminal shows its cursor; nil when unknown.
  private var cursorVisible: Bool?
  /// The size of the last full repaint: the next one starts with a buffer that large.
  private var repaintSize = 0
  /// The hyperlink (OSC 8) the terminal puts on what is written (`.some(nil)`: none). Every update
  /// closes the link it opened, so a terminal is never left with one open.
  private var link: String?? = .some(nil)
  /// Whether links are written as OSC 8 hyperlinks (terminals that do not know OSC 8 ignore it;
  /// a host may turn it off for one that shows it).
  package var writesHyperlinks: Bool
  /// The emoji sequences the terminal draws joined: one it does not join is written whole and
  /// takes the columns of its parts, which the grid gave it (see `EmojiJoining`).
  package var joining = EmojiJoining.all

  package init(colorMode: ColorMode, writesHyperlinks: Bool = true) {
    colors = ColorMapper(mode: colorMode)
    self.writesHyperlinks = writesHyperlinks
  }

  /// Forgets everything known about the terminal (after a resize, or when something else wrote
  /// to it): the next update repaints everything.
  package mutating func invalidate() {
    shown = nil
    cursor = nil
    style = nil
    cursorVisible = nil
  }

  /// The bytes that change what the terminal shows into `grid`, ending with the cursor at
  /// `grid.cursor` and visible, or hidden when `grid.cursor` is nil.
  ///
  /// The first update, the first after ``invalidate()`` and the first after a size change erase
  /// the screen and paint every cell that isn't blank; the others write only the cells that look
  /// different.
  package mutating func update(to grid: CellGrid) -> [UInt8] {
    var previous = shown
    if let shown, shown.columns != grid.columns || shown.rows != grid.rows {
      previous = nil
      // Terminals move the cursor when they resize (and may reflow the text).
      cursor = nil
    }
    // A full repaint takes about a byte a cell without colours, or as much as the last one; an
    // update usually a few bytes.
    var out = ByteBuffer(
      capacity: previous == nil
        ? max(grid.columns * grid.rows * 2, repaintSize + repaintSize / 8) : 256)
    let isRepaint = previous == nil
    if isRepaint {
      if cursorVisible != false {
        out.appendCursorVisibility(false)
        cursorVisible = false
      }
      // Reset first: ED erases to the current background on terminals with BCE.
      TerminalStyle.plain.appendTransition(from: style, to: &out)
      style = .plain
      out.appendEraseScreen()
    }

    let columns = grid.columns
    var last: Written?
    grid.cells.withUnsafeBufferPointer { new in
      guard let newCells = new.baseAddress else { return }
      if let previous {
        previous.cells.withUnsafeBufferPointer { old in
          guard let oldCells = old.baseAddress else { return }
          for row in 0..<grid.rows {
            let offset = row * columns
            paint(
              row: row, old: Row(cells: oldCells + offset, count: columns, joining: joining),
              new: Row(cells: newCells + offset, count: columns, joining: joining), last: &last, into: &out)
          }
        }
      } else {
        // After the erase the screen is blank: only the cells that aren't need writing.
        for row in 0..<grid.rows {
          paint(
            row: row, old: Row(cells: nil, count: columns, joining: joining),
            new: Row(cells: newCells + row * columns, count: columns, joining: joining), last: &last, into: &out)
        }
      }
    }

    if let wanted = grid.cursor, grid.columns > 0, grid.rows > 0 {
      let target = Position(
        column: min(max(wanted.column, 0), grid.columns - 1),
        row: min(max(wanted.row, 0), grid.rows - 1))
      grid.cells.withUnsafeBufferPointer { cells in
        let row = Row(cells: cells.baseAddress.map { $0 + target.row * columns }, count: columns, joining: joining)
        moveCursor(to: target, along: row, into: &out)
      }
      if cursorVisible != true {
        out.appendCursorVisibility(true)
        cursorVisible = true
      }
    } else if cursorVisible != false {
      out.appendCursorVisibility(false)
      cursorVisible = false
    }
    // A link is not left open: whatever writes next (the host restoring the terminal) would be
    // part of it.
    if link != .some(nil) {
      if writesHyperlinks { Self.appendHyperlink(nil, to: &out) }
      link = .some(nil)
    }
    shown = grid
    if isRepaint { repaintSize = out.count }
    return out.finish()
  }

  // MARK: - Rows

  /// One row of cells, or a blank row (what an erased screen shows) when `cells` is nil, and how
  /// its cells group into units: a cell followed by a continuation cell is a two-column unit (an
  /// emoji sequence the terminal draws as its parts takes as many continuation cells as its
  /// columns need), every other cell a one-column unit.
  ///
  /// Cells are read through pointers: copying a cell, or comparing two with `==` (which lives in
  /// another module), costs more than the rest of the comparison.
  private struct Row {
    let cells: UnsafePointer<Cell>?
    let count: Int
    let joining: EmojiJoining

    /// The cell at `column` of a row that isn't blank.
    func cell(_ column: Int) -> UnsafePointer<Cell> {
      cells.unsafelyUnwrapped + column
    }

    func isContinuation(_ column: Int) -> Bool {
      cells?[column].isContinuation ?? false
    }

    /// The first column of the unit that contains `column`: a continuation cell belongs to the
    /// character before it when that character's unit reaches it; otherwise (no wide character
    /// before it) it is a unit of its own.
    func unitStart(_ column: Int) -> Int {
      guard isContinuation(column) else { return column }
      var start = column
      while start > 0 && isContinuation(start - 1) { start -= 1 }
      guard start > 0 else { return column }
      return start - 1 + unitWidth(at: start - 1) > column ? start - 1 : column
    }

    /// The width of the unit that starts at `start`: the character and the continuation cells
    /// after it, up to the columns the character takes (at least two: a narrow character
    /// followed by a continuation is written padded with a space).
    func unitWidth(at start: Int) -> Int {
      guard !isContinuation(start) else { return 1 }
      var end = start + 1
      while end < count && isContinuation(end) { end += 1 }
      let run = end - start
      guard run > 2, let cells else { return run }
      return min(run, max(2, TextWidth.columns(of: cells[start].text, joining: joining)))
    }

    /// The column after the unit that contains `column`.
    func unitEnd(_ column: Int) -> Int {
      let start = unitStart(column)
      return start + unitWidth(at: start)
    }
  }

  /// The last unit written in an update, whose style is the terminal's SGR state.
  private typealias Written = (cell: UnsafePointer<Cell>, style: TerminalStyle)

  /// Writes the cells of `row` that look different in `new` than in `old` (what the terminal
  /// shows), left to right.
  private mutating func paint(
    row: Int, old: Row, new: Row, last: inout Written?, into out: inout ByteBuffer
  ) {
    var column = 0
    while column < new.count {
      if showsTheSame(column, old: old, new: new) {
        column += 1
        continue
      }
      // Grow the span until it starts and ends on unit boundaries of both rows (writing part of a
      // wide character the terminal shows erases its other half, and a wide character is written
      // whole), and over the changed cells that follow.
      var start = column
      var end = column + 1
      while end < new.count && !showsTheSame(end, old: old, new: new) { end += 1 }
      while true {
        let newStart = min(old.unitStart(start), new.unitStart(start))
        var newEnd = max(old.unitEnd(end - 1), new.unitEnd(end - 1))
        if newEnd == end && end < new.count && !showsTheSame(end, old: old, new: new) {
          newEnd += 1
        }
        if newStart == start && newEnd == end { break }
        start = newStart
        end = newEnd
      }
      write(start..<end, row: row, cells: new, last: &last, into: &out)
      column = end
    }
  }

  /// Whether the cell at `column` looks the same in both rows, taken on its own: a change in how
  /// cells group into units also changes a neighbour, and ``paint(row:old:new:last:into:)`` grows
  /// the span to cover it.
  private mutating func showsTheSame(_ column: Int, old: Row, new: Row) -> Bool {
    let after = new.cell(column)
    guard let oldCells = old.cells else {
      // Against the erased screen: blank cells, in the plain style.
      if Self.isBlank(after) { return true }
      return !after.pointee.isContinuation && Self.isSpace(after.pointee.text)
        && after.pointee.link == nil && terminalStyle(of: after) == .plain
    }
    let before = oldCells + column
    if Self.areEqual(before, after) { return true }
    if before.pointee.isContinuation != after.pointee.isContinuation { return false }
    if after.pointee.isContinuation {
      // The right half of a wide character shows that character, whatever its own style; only a
      // continuation without one before it shows itself (as a space).
      let isOrphan = new.unitStart(column) == column
      return !isOrphan || terminalStyle(of: before) == terminalStyle(of: after)
    }
    // Colours that map to the same terminal colour look the same.
    return before.pointee.text == after.pointee.text && before.pointee.link == after.pointee.link
      && terminalStyle(of: before) == terminalStyle(of: after)
  }

  /// Whether two cells are equal (what `==` says, without a call into another module).
  private static func areEqual(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
    // The same bytes are the same cell (a copied grid shares its strings' storage); different
    // bytes may still be equal (a string built another way), so the fields decide then. This
    // halves the cost of scanning a grid for the one cell that changed.
    if haveTheSameBytes(a, b) { return true }
    return a.pointee.isContinuation == b.pointee.isContinuation
      && a.pointee.isBold == b.pointee.isBold
      && a.pointee.isDim == b.pointee.isDim && a.pointee.isUnderlined == b.pointee.isUnderlined
      && a.pointee.isInverse == b.pointee.isInverse
      && a.pointee.isItalic == b.pointee.isItalic && a.pointee.isStrikethrough == b.pointee.isStrikethrough
      && areEqual(a.pointee.foreground, b.pointee.foreground)
      && areEqual(a.pointee.background, b.pointee.background) && a.pointee.text == b.pointee.text
      && a.pointee.link == b.pointee.link
  }

  /// Whether two cells are the same bytes (their size, not their stride: no padding).
  @inline(__always)
  private static func haveTheSameBytes(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
    let size = MemoryLayout<Cell>.size
    let (first, second) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
    var offset = 0
    while offset + 8 <= size {
      if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset += 8
    }
    while offset < size {
      if first.load(fromByteOffset: offset, as: UInt8.self)
        != second.load(fromByteOffset: offset, as: UInt8.self)
      {
        return false
      }
      offset += 1
    }
    return true
  }

  /// Whether two cells have the same colours and attributes.
  private static func haveTheSameStyle(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
    a.pointee.isBold == b.pointee.isBold && a.pointee.isDim == b.pointee.isDim
      && a.pointee.isUnderlined == b.pointee.isUnderlined
      && a.pointee.isInverse == b.pointee.isInverse
      && a.pointee.isItalic == b.pointee.isItalic && a.pointee.isStrikethrough == b.pointee.isStrikethrough
      && areEqual(a.pointee.foreground, b.pointee.foreground)
      && areEqual(a.pointee.background, b.pointee.background)
      && a.pointee.link == b.pointee.link
  }

  private static func areEqual(_ a: CellGrid.RGB?, _ b: CellGrid.RGB?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return a.r == b.r && a.g == b.g && a.b == b.b
    default: return false
    }
  }

  /// Whether a cell is what `CellGrid.Cell()` is: a space, default colours, no attributes.
  private static func isBlank(_ cell: UnsafePointer<Cell>) -> Bool {
    !cell.pointee.isContinuation && !cell.pointee.isBold && !cell.pointee.isDim
      && !cell.pointee.isUnderlined && !cell.pointee.isInverse && cell.pointee.foreground == nil
      && !cell.pointee.isItalic && !cell.pointee.isStrikethrough && cell.pointee.link == nil
      && cell.pointee.background == nil && isSpace(cell.pointee.text)
  }

  private static func isSpace(_ text: String) -> Bool {
    let utf8 = text.utf8
    return utf8.count == 1 && utf8[utf8.startIndex] == 0x20
  }

  /// Writes the units of `cells` in `columns` (which starts and ends on unit boundaries).
  private mutating func write(
    _ columns: Range<Int>, row: Int, cells: Row, last previous: inout Written?,
    into out: inout ByteBuffer
  ) {
    var column = columns.lowerBound
    while column < columns.upperBound {
      let start = Position(column: column, row: row)
      let cell = cells.cell(column)
      let sharesStyle = previous.map { Self.haveTheSameStyle($0.cell, cell) } ?? false
      if sharesStyle, cursor == start, column + 1 < cells.count, !cells.isContinuation(column + 1),
        Self.appendPrintableASCII(cell, to: &out)
      {
        // The common case, and a full repaint's: one byte.
        column += 1
        cursor = Position(column: column, row: row)
        continue
      }
      let width = cells.unitWidth(at: column)
      if cursor != start { moveCursor(to: start, along: cells, into: &out) }
      // Neighbours mostly share a style: map the colours once per run.
      let cellStyle: TerminalStyle
      if sharesStyle, let previous {
        cellStyle = previous.style
      } else {
        cellStyle = terminalStyle(of: cell)
        previous = (cell, cellStyle)
      }
      if link != .some(cell.pointee.link) {
        if writesHyperlinks { Self.appendHyperlink(cell.pointee.link, to: &out) }
        link = .some(cell.pointee.link)
      }
      if style != cellStyle {
        let current = style
        out.appendUnchecked(maximum: TerminalStyle.maximumTransitionLength) { sink in
          cellStyle.appendTransition(from: current, to: &sink)
        }
        style = cellStyle
      }
      let text = Self.appendText(cell, width: width, joining: joining, to: &out)
      let end = column + width
      if text.columns < width {
        // Pad with spaces, from where the text ends: after a cluster the terminal may measure
        // differently, that takes a move.
        let padding = Position(column: column + text.columns, row: row)
        cursor = text.isTrusted ? padding : nil
        moveCursor(to: padding, along: cells, into: &out)
        for _ in text.columns..<width { out.append(0x20) }
        cursor = end < cells.count ? Position(column: end, row: row) : nil
      } else {
        // In the last column the cursor waits in the pending-wrap state: not somewhere to rely on.
        cursor = text.isTrusted && end < cells.count ? Position(column: end, row: row) : nil
      }
      column = end
    }
  }

  private mutating func terminalStyle(of cell: UnsafePointer<Cell>) -> TerminalStyle {
    TerminalStyle(
      foreground: colors.terminalColor(cell.pointee.foreground),
      background: colors.terminalColor(cell.pointee.background),
      isBold: cell.pointee.isBold, isDim: cell.pointee.isDim,
      isUnderlined: cell.pointee.isUnderlined,
      isInverse: cell.pointee.isInverse, isItalic: cell.pointee.isItalic,
      isStrikethrough: cell.pointee.isStrikethrough)
  }

  // MARK: - Cursor

  /// How the cursor gets somewhere.
  private enum Route {
    case absolute, forward, rewrite, carriageReturn, carriageReturnForward, carriageReturnRewrite
  }

  /// Moves the cursor to `target` by the shortest route: none, CUF, CR, CR and CUF, CUP, or
  /// writing again the cells between the cursor (or the row's start) and the target. `row` holds
  /// the target row's cells, which the terminal already shows left of `target`.
  private mutating func moveCursor(to target: Position, along row: Row, into out: inout ByteBuffer)
  {
    if cursor == target { return }
    var route = Route.absolute
    var cost = byteCount { $0.appendCursorPosition(column: target.column, row: target.row) }
    let from = cursor?.column ?? 0
    if let cursor, cursor.row == target.row {
      if from < target.column {
        let forward = byteCount { $0.appendCursorForward(target.column - from) }
        if forward < cost {
          route = .forward
          cost = forward
        }
        if let rewrite = rewriteCost(row, from: from, to: target.column, limit: cost) {
          route = .rewrite
          cost = rewrite
        }
      }
      if target.column == 0 {
        if 1 < cost {
          route = .carriageReturn
          cost = 1
        }
      } else {
        let forward = 1 + byteCount { $0.appendCursorForward(target.column) }
        if forward < cost {
          route = .carriageReturnForward
          cost = forward
        }
        if let rewrite = rewriteCost(row, from: 0, to: target.column, limit: cost - 1) {
          route = .carriageReturnRewrite
          cost = rewrite + 1
        }
      }
    }
    switch route {
    case .absolute:
      out.appendCursorPosition(column: target.column, row: target.row)
    case .forward:
      out.appendCursorForward(target.column - from)
    case .rewrite:
      appendCells(row, from: from, to: target.column, into: &out)
    case .carriageReturn:
      out.append(0x0D)
    case .carriageReturnForward:
      out.append(0x0D)
      out.appendCursorForward(target.column)
    case .carriageReturnRewrite:
      out.append(0x0D)
      appendCells(row, from: 0, to: target.column, into: &out)
    }
    cursor = target
  }

  /// The bytes of writing `row`'s units from `start` to `end` again, when that is possible without
  /// changing the SGR state and without losing track of the cursor, and shorter than `limit`.
  private mutating func rewriteCost(_ row: Row, from start: Int, to end: Int, limit: Int) -> Int? {
    guard let style, let link, row.unitStart(start) == start else { return nil }
    var counter = ByteCount()
    var column = start
    while column < end {
      let width = row.unitWidth(at: column)
      let cell = row.cell(column)
      guard column + width <= end, terminalStyle(of: cell) == style, cell.pointee.link == link,
        Self.appendGlyph(cell, width: width, joining: joining, to: &counter), counter.count < limit
      else { return nil }
      column += width
    }
    return counter.count
  }

  /// Writes `row`'s units from `start` to `end` again (see ``rewriteCost(_:from:to:limit:)``).
  private func appendCells(_ row: Row, from start: Int, to end: Int, into out: inout ByteBuffer) {
    var column = start
    while column < end {
      let width = row.unitWidth(at: column)
      _ = Self.appendGlyph(row.cell(column), width: width, joining: joining, to: &out)
      column += width
    }
  }

  // MARK: - Hyperlinks

  /// `OSC 8 ; ; URI ST` opening a hyperlink (nil: `OSC 8 ; ; ST`, closing it). Bytes of the URI
  /// outside printable ASCII are percent-encoded, so that a link cannot end the sequence early or
  /// control the terminal.
  static func appendHyperlink(_ uri: String?, to out: inout ByteBuffer) {
    out.append(0x1B)
    out.append(0x5D)
    out.append(0x38)
    out.append(0x3B)
    out.append(0x3B)
    if let uri {
      let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
      for byte in uri.utf8 {
        if byte > 0x20 && byte < 0x7F {
          out.append(byte)
        } else {
          out.append(0x25)
          out.append(hex[Int(byte >> 4)])
          out.append(hex[Int(byte & 0xF)])
        }
      }
    }
    out.append(0x1B)
    out.append(0x5C)
  }

  // MARK: - Text

  /// Appends the cell's text when it is a printable ASCII character, and says whether it was.
  private static func appendPrintableASCII(_ cell: UnsafePointer<Cell>, to out: inout ByteBuffer)
    -> Bool
  {
    let utf8 = cell.pointee.text.utf8
    guard !cell.pointee.isContinuation, utf8.count == 1 else { return false }
    let byte = utf8[utf8.startIndex]
    guard byte >= 0x20 && byte < 0x7F else { return false }
    out.append(byte)
    return true
  }

  /// Appends the bytes that draw `cell` across `width` columns (one, two, or more for an emoji sequence drawn as its parts), padding included, when
  /// the terminal's cursor advance after them can be trusted (see ``ScreenWriter``); returns
  /// whether it can.
  private static func appendGlyph<S: ByteSink>(
    _ cell: UnsafePointer<Cell>, width: Int, joining: EmojiJoining, to sink: inout S
  )
    -> Bool
  {
    let text = appendText(cell, width: width, joining: joining, to: &sink)
    guard text.isTrusted else { return false }
    for _ in text.columns..<width { sink.append(0x20) }
    return true
  }

  /// Appends the bytes of `cell`'s text, made safe and at most `width` columns wide, and
  /// returns how many columns it takes and whether the terminal's cursor advance after it can be
  /// trusted (see ``ScreenWriter``).
  private static func appendText<S: ByteSink>(
    _ cell: UnsafePointer<Cell>, width: Int, joining: EmojiJoining, to sink: inout S
  ) -> (columns: Int, isTrusted: Bool) {
    if cell.pointee.isContinuation {
      sink.append(0x20)
      return (1, true)
    }
    let utf8 = cell.pointee.text.utf8
    if utf8.count == 1 {
      let byte = utf8[utf8.startIndex]
      if byte >= 0x20 && byte < 0x7F {
        sink.append(byte)
        return (1, true)
      }
    } else if utf8.count <= 3 {
      // Common single scalars need no Unicode property look-ups.
      var scalars = cell.pointee.text.unicodeScalars.makeIterator()
      if let scalar = scalars.next(), scalars.next() == nil, let columns = plainWidth(of: scalar),
        columns <= width
      {
        for byte in utf8 { sink.append(byte) }
        return (columns, true)
      }
    }
    let (text, columns) = printable(cell.pointee.text, width: width, joining: joining)
    for byte in text.utf8 { sink.append(byte) }
    var scalars = text.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return (columns, true) }
    return (columns, scalars.next() == nil && !first.properties.isEmojiPresentation)
  }

  /// What is written for a cell's text in `width` columns, and its width: the text made safe to
  /// send (see ``ScreenWriter``), at most `width` columns wide.
  static func printable(_ text: String, width: Int, joining: EmojiJoining = .all) -> (text: String, columns: Int) {
    var text = text.isEmpty ? " " : text
    if text.unicodeScalars.contains(where: isControl) {
      var safe = ""
      safe.unicodeScalars.append(
        contentsOf: text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 })
      text = safe
    }
    var columns = TextWidth.columns(of: text, joining: joining)
    if columns == 0 || joinsPreviousCharacter(text) {
      text = "\u{25CC}" + text
      columns = TextWidth.columns(of: text, joining: joining)
    }
    if columns > width {
      text = "\u{FFFD}"
      columns = 1
    }
    return (text, columns)
  }

  /// The width of a scalar from a block known to hold only printable characters that start a
  /// cluster of their own and have no emoji presentation (Latin, Greek, Cyrillic, box drawing,
  /// kana, CJK ideographs, Hangul syllables), or nil for any other.
  static func plainWidth(of scalar: Unicode.Scalar) -> Int? {
    switch scalar.value {
    case 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x2500...0x259F: 1
    case 0x3041...0x3096, 0x30A1...0x30FA, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: 2
    default: nil
    }
  }

  /// Whether a scalar is a C0 or C1 control, DEL or ESC: bytes the terminal would act on.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Whether `text` would become part of the character written before it: it starts with a
  /// combining mark, a joiner, a variation selector, an emoji modifier or another scalar that
  /// extends a grapheme cluster.
  private static func joinsPreviousCharacter(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first else { return false }
    switch first.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation,
      .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol,
      .currencySymbol, .otherSymbol, .spaceSeparator:
      // These start a cluster of their own; skipping the test below keeps CJK and emoji fast.
      return false
    default:
      // Marks, format characters, modifier letters and symbols: ask the grapheme breaking rules.
      return ("\u{25CC}" + text).count == text.count
    }
  }
}
