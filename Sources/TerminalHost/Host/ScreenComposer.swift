import UIKit

/// How the terminal's cells are shared: the app's window at the top left, the trace pane (with
/// `--trace`) on the right behind a rule, and a hint row at the bottom.
///
/// The host uses at most ``maximumColumns`` × ``maximumRows`` cells, at the top left of the
/// terminal; the rest of a larger terminal stays blank. A terminal can report any size up to
/// 65535 × 65535, and every cell the host lays out is kept several times over (the window's
/// cells, the composed screen, the screen writer's copy of what the terminal shows): uncapped,
/// such a report asked for 137 GB and 8000 × 8000 for gigabytes.
package struct ScreenLayout: Equatable, Sendable {
  /// The most columns the host lays out and draws: a full-screen terminal on a 4K display with a
  /// small font is about 480 columns wide.
  package static let maximumColumns = 512
  /// The most rows the host lays out and draws (a 4K display in portrait with a small font is
  /// about 240 rows tall).
  package static let maximumRows = 256

  /// The cells used, at most ``maximumColumns`` × ``maximumRows``.
  package let columns: Int
  package let rows: Int
  /// The window's size in cells.
  package let appColumns: Int
  package let appRows: Int
  /// The trace pane's width in cells (0 without it); it starts one column after the rule.
  package let paneColumns: Int
  /// Whether the bottom row shows the hints.
  package let showsHintRow: Bool

  /// The layout for a terminal of `columns` × `rows` cells (as it reports them: anything, the
  /// cap applies here).
  package init(columns: Int, rows: Int, showsTracePane: Bool) {
    self.columns = min(max(1, columns), Self.maximumColumns)
    self.rows = min(max(1, rows), Self.maximumRows)
    showsHintRow = self.rows >= 6
    appRows = self.rows - (showsHintRow ? 1 : 0)
    if showsTracePane, self.columns >= 50 {
      paneColumns = min(self.columns - 25, max(28, self.columns * 2 / 5))
      appColumns = self.columns - paneColumns - 1
    } else {
      paneColumns = 0
      appColumns = self.columns
    }
  }

  /// The window's size in points for cells of `cellSize`.
  package func appSize(cellSize: CGSize) -> CGSize {
    CGSize(width: CGFloat(appColumns) * cellSize.width, height: CGFloat(appRows) * cellSize.height)
  }

  /// Whether a cell is in the window.
  package func isInApp(column: Int, row: Int) -> Bool {
    column >= 0 && row >= 0 && column < appColumns && row < appRows
  }
}

/// Builds the terminal's whole screen from the window's cells, the trace lines and the hints.
package enum ScreenComposer {
  /// `joining`: the emoji sequences the terminal draws joined (see `EmojiJoining`); the pane's
  /// and the hint's text take the columns the terminal gives them.
  package static func compose(
    app: CellGrid, layout: ScreenLayout, paneTitle: String, paneLines: [String], hint: String,
    joining: EmojiJoining = .all
  ) -> CellGrid {
    var screen = CellGrid(columns: layout.columns, rows: layout.rows)
    for row in 0..<min(app.rows, layout.appRows) {
      for column in 0..<min(app.columns, layout.appColumns) {
        screen[column, row] = app[column, row]
      }
    }
    // A wide character cut by the app's right edge would straddle the rule (or spill into cells
    // the screen believes blank): its columns inside are blanked.
    let edge = min(app.columns, layout.appColumns)
    if edge > 0 {
      for row in 0..<min(app.rows, layout.appRows) {
        var start = edge - 1
        while start > 0 && screen[start, row].isContinuation { start -= 1 }
        let cell = screen[start, row]
        guard !cell.isContinuation, start + TextWidth.columns(of: cell.text, joining: joining) > edge else { continue }
        for column in start..<edge {
          var blank = CellGrid.Cell()
          blank.background = screen[column, row].background
          screen[column, row] = blank
        }
      }
    }
    screen.cursor = app.cursor.flatMap { layout.isInApp(column: $0.column, row: $0.row) ? $0 : nil }

    if layout.paneColumns > 0 {
      let rule = layout.appColumns
      let muted = CellGrid.RGB(r: 128, g: 128, b: 128)
      for row in 0..<layout.appRows {
        var cell = CellGrid.Cell()
        cell.text = "│"
        cell.foreground = muted
        screen[rule, row] = cell
      }
      let left = rule + 1
      write(paneTitle, into: &screen, column: left, row: 0, width: layout.paneColumns, joining: joining) { $0.isBold = true }
      let visible = max(0, layout.appRows - 1)
      // Long lines wrap, indented, so that a message's arguments stay readable.
      var rows: [String] = []
      for line in paneLines.suffix(visible) {
        rows += wrap(line, width: layout.paneColumns, indent: "  ", joining: joining)
      }
      for (index, line) in rows.suffix(visible).enumerated() {
        write(line, into: &screen, column: left, row: 1 + index, width: layout.paneColumns, joining: joining) { _ in }
      }
    }
    if layout.showsHintRow {
      write(hint, into: &screen, column: 0, row: layout.rows - 1, width: layout.columns, joining: joining) { $0.isDim = true }
    }
    return screen
  }

  /// Splits `line` into rows of at most `width` columns; rows after the first start with
  /// `indent`.
  package static func wrap(_ line: String, width: Int, indent: String, joining: EmojiJoining = .all) -> [String] {
    guard width > TextWidth.columns(of: indent) + 1 else { return [line] }
    var rows: [String] = []
    var current = ""
    var used = 0
    for character in line {
      let w = TextWidth.columns(of: character, joining: joining)
      if used + w > width {
        rows.append(current)
        current = indent
        used = TextWidth.columns(of: indent)
      }
      current.append(character)
      used += w
    }
    rows.append(current)
    return rows
  }

  /// Writes one line of text into `width` cells, cut with "…" when it is longer. Control
  /// characters show as U+FFFD, so that nothing reaches the terminal as a command.
  package static func write(
    _ text: String, into grid: inout CellGrid, column: Int, row: Int, width: Int,
    joining: EmojiJoining = .all, style: (inout CellGrid.Cell) -> Void
  ) {
    guard row >= 0, row < grid.rows, width > 0 else { return }
    let end = min(grid.columns, column + width)
    let glyphs: [(text: String, width: Int)] = text.map { character in
      var glyph = String(character)
      if character.isNewline || character == "\t" {
        glyph = " "
      } else if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
        glyph = "\u{FFFD}"
      }
      return (glyph, TextWidth.columns(of: glyph, joining: joining))
    }.filter { $0.width > 0 }
    let total = glyphs.reduce(0) { $0 + $1.width }
    // When the line does not fit, keep one column for the ellipsis.
    let limit = total <= end - column ? end : end - 1
    var x = column
    for glyph in glyphs {
      guard x + glyph.width <= limit else { break }
      var cell = CellGrid.Cell()
      cell.text = glyph.text
      style(&cell)
      grid[x, row] = cell
      for extra in 1..<max(1, glyph.width) {
        var next = CellGrid.Cell()
        next.text = ""
        next.isContinuation = true
        style(&next)
        grid[x + extra, row] = next
      }
      x += glyph.width
    }
    if limit < end, x < end {
      var cell = CellGrid.Cell()
      cell.text = "…"
      style(&cell)
      grid[x, row] = cell
    }
  }
}
