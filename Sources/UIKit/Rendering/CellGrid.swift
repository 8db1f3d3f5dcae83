import Foundation
import TextEditing

/// A screen of character cells: what a terminal shows, and what UIKitTesting prints. Built by
/// ``CellRasterizer`` from a window's display list.
package struct CellGrid: Equatable, Sendable {
  /// One cell: a grapheme cluster (a wide one fills this cell and marks the next as its
  /// continuation) with colours and attributes.
  package struct Cell: Equatable, Sendable {
    package var text: String = " "
    /// The right half of a two-column character drawn in the cell before.
    package var isContinuation = false
    package var foreground: RGB? = nil
    package var background: RGB? = nil
    package var isBold = false
    package var isDim = false
    package var isUnderlined = false
    package var isInverse = false
    package var isItalic = false
    package var isStrikethrough = false
    /// The link the cell's text belongs to (a terminal that knows OSC 8 makes it clickable).
    package var link: String? = nil
    package init() {}
  }

  /// A colour as 8-bit sRGB.
  package struct RGB: Equatable, Hashable, Sendable {
    package var r, g, b: UInt8
    package init(r: UInt8, g: UInt8, b: UInt8) {
      self.r = r
      self.g = g
      self.b = b
    }
  }

  package let columns: Int
  package let rows: Int
  package private(set) var cells: [Cell]
  /// Where the terminal cursor (the caret) goes, if a text object is editing.
  package var cursor: (column: Int, row: Int)?

  package init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(repeating: Cell(), count: self.columns * self.rows)
  }

  package subscript(column: Int, row: Int) -> Cell {
    get { cells[row * columns + column] }
    set { cells[row * columns + column] = newValue }
  }

  package func contains(column: Int, row: Int) -> Bool {
    column >= 0 && row >= 0 && column < columns && row < rows
  }

  /// The text of each row, trailing spaces removed.
  package var lines: [String] {
    (0..<rows).map { row in
      var line = ""
      for column in 0..<columns {
        let cell = self[column, row]
        if !cell.isContinuation { line += cell.text }
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  package static func == (a: CellGrid, b: CellGrid) -> Bool {
    a.columns == b.columns && a.rows == b.rows && a.cells == b.cells
      && a.cursor?.column == b.cursor?.column && a.cursor?.row == b.cursor?.row
  }
}

/// Turns a display list (points) into a ``CellGrid``: each cell covers `cellSize` points. Text
/// is laid out one terminal column per narrow character and two per wide one (CJK, emoji), so
/// the caret and highlights land on the characters drawn.
package struct CellRasterizer {
  /// The points one cell covers.
  package var cellSize: CGSize
  /// The emoji sequences the terminal draws joined: one it does not join takes the columns of
  /// its parts, so that the grid holds what the terminal draws.
  package var joining: EmojiJoining

  /// A terminal's cell, in points: what the terminal host and `HeadlessHost.screen()` draw in
  /// unless told otherwise.
  package static let defaultCellSize = CGSize(width: 8, height: 16)

  package init(cellSize: CGSize = CellRasterizer.defaultCellSize, joining: EmojiJoining = .all) {
    self.cellSize = cellSize
    self.joining = joining
  }

  /// The grid for a window of `size` points.
  package func gridSize(for size: CGSize) -> (columns: Int, rows: Int) {
    (Int(bounded: (size.width / cellSize.width).rounded(.up)), Int(bounded: (size.height / cellSize.height).rounded(.up)))
  }

  /// The cells of `list` in a window of `size` points. `interruption` is asked now and then;
  /// once it abandons the frame, the grid is incomplete and should not be shown.
  package func rasterize(_ list: DisplayList, size: CGSize, interruption: FrameInterruption? = nil) -> CellGrid {
    let (columns, rows) = gridSize(for: size)
    var grid = CellGrid(columns: columns, rows: rows)
    for item in list.items where item.alpha > 0.01 && item.hosts.contains(.cells) {
      if let interruption, !interruption.proceeds() { break }
      draw(item, into: &grid)
    }
    return grid
  }

  /// The cells a rectangle covers: a cell belongs to it when the rectangle covers the cell's
  /// centre.
  private func cellRange(_ rect: CGRect, clip: CGRect, grid: CellGrid) -> (cols: Range<Int>, rows: Range<Int>) {
    let r = rect.safeIntersection(clip)
    guard !r.isNull, !r.isEmpty else { return (0..<0, 0..<0) }
    let c0 = max(0, Int(bounded: (r.minX / cellSize.width - 0.5).rounded(.up)))
    let c1 = min(grid.columns, Int(bounded: (r.maxX / cellSize.width - 0.5).rounded(.up)))
    let r0 = max(0, Int(bounded: (r.minY / cellSize.height - 0.5).rounded(.up)))
    let r1 = min(grid.rows, Int(bounded: (r.maxY / cellSize.height - 0.5).rounded(.up)))
    return (c0..<max(c0, c1), r0..<max(r0, r1))
  }

  private func blend(_ under: CellGrid.RGB, _ over: CellGrid.RGB, _ weight: Double) -> CellGrid.RGB {
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - weight) + Double(b) * weight).rounded()) }
    return CellGrid.RGB(r: mix(under.r, over.r), g: mix(under.g, over.g), b: mix(under.b, over.b))
  }

  private func rgb(_ color: UIColor) -> CellGrid.RGB {
    let c = color.rgba8
    return CellGrid.RGB(r: c.r, g: c.g, b: c.b)
  }

  /// Pixels in cells: each cell shows two samples of the image, its upper half as the
  /// foreground of "▀" and its lower half as the background (a template in its tint). A
  /// transparent sample leaves what is under it; a translucent one blends with it.
  private func drawBitmap(_ bitmap: CGImage, image: UIImage, item: DisplayItem, into grid: inout CellGrid) {
    let range = cellRange(item.frame, clip: item.clip, grid: grid)
    let frame = item.frame
    guard frame.width > 0, frame.height > 0 else { return }
    let tint = (image.tintColor ?? (image.renderingMode == .alwaysTemplate ? UIColor.tintColor : nil)).map(rgb)
    for row in range.rows {
      for column in range.cols {
        var cell = grid[column, row]
        let under = cell.background ?? CellGrid.RGB(r: 0, g: 0, b: 0)
        func sample(_ y: CGFloat) -> (CellGrid.RGB, Bool) {
          let x = (CGFloat(column) + 0.5) * cellSize.width
          let u = (x - frame.minX) / frame.width, v = (y - frame.minY) / frame.height
          guard u >= 0, u < 1, v >= 0, v < 1 else { return (under, false) }
          let p = bitmap.pixel(x: min(bitmap.width - 1, Int(u * CGFloat(bitmap.width))), y: min(bitmap.height - 1, Int(v * CGFloat(bitmap.height))))
          let alpha = Double(p.a) / 255 * Double(item.alpha)
          guard alpha > 0.1 else { return (under, false) }
          let colour = tint ?? CellGrid.RGB(r: p.r, g: p.g, b: p.b)
          return (alpha < 0.9 ? blend(under, colour, alpha) : colour, true)
        }
        let (top, topInked) = sample((CGFloat(row) + 0.25) * cellSize.height)
        let (bottom, bottomInked) = sample((CGFloat(row) + 0.75) * cellSize.height)
        guard topInked || bottomInked else { continue }
        cell = CellGrid.Cell()
        cell.text = "▀"
        cell.foreground = top
        cell.background = bottom
        grid[column, row] = cell
      }
    }
  }

  /// The centre of a cell, in points.
  private func centre(_ column: Int, _ row: Int) -> CGPoint {
    CGPoint(x: (CGFloat(column) + 0.5) * cellSize.width, y: (CGFloat(row) + 0.5) * cellSize.height)
  }

  /// Paints one cell's background: an opaque colour replaces the cell; a translucent one (the
  /// dimming view under an alert) lets what is under it show: colours blend towards its colour
  /// and text turns faint, the closest cells come to it. A nearly transparent one does nothing.
  private func paint(_ color: UIColor, column: Int, row: Int, into grid: inout CellGrid) {
    let alpha = color.rgba8.a
    guard alpha > 25 else { return }
    let bg = rgb(color)
    if alpha < 230 {
      let weight = Double(alpha) / 255
      var cell = grid[column, row]
      cell.background = cell.background.map { blend($0, bg, weight) }
      cell.foreground = cell.foreground.map { blend($0, bg, weight) }
      cell.isDim = true
      grid[column, row] = cell
      return
    }
    var cell = CellGrid.Cell()
    cell.background = bg
    grid[column, row] = cell
  }

  private func draw(_ item: DisplayItem, into grid: inout CellGrid) {
    guard item.isPlaceable else { return }
    switch item.content {
    case .fill(let color):
      let range = cellRange(item.frame, clip: item.clip, grid: grid)
      for row in range.rows {
        for column in range.cols { paint(color, column: column, row: row, into: &grid) }
      }
    case .roundedFill(let color, let rounding):
      let range = cellRange(item.frame, clip: item.clip, grid: grid)
      for row in range.rows {
        for column in range.cols where rounding.contains(centre(column, row), in: item.frame) {
          paint(color, column: column, row: row, into: &grid)
        }
      }
    case .gradient(let gradient, let rounding):
      // A cell shows the gradient's colour at its centre.
      let range = cellRange(item.frame, clip: item.clip, grid: grid)
      let frame = item.frame
      guard frame.width > 0, frame.height > 0 else { return }
      for row in range.rows {
        for column in range.cols {
          let point = centre(column, row)
          guard rounding.contains(point, in: frame) else { continue }
          let unit = CGPoint(x: (point.x - frame.minX) / frame.width, y: (point.y - frame.minY) / frame.height)
          guard let color = gradient.color(atUnitPoint: unit) else { return }
          paint(UIColor(cgColor: color), column: column, row: row, into: &grid)
        }
      }
    case .border(let kind, let color):
      drawBorder(kind, color: rgb(color), item: item, into: &grid)
    case .text(let run):
      drawText(run, item: item, into: &grid)
    case .path(let run):
      drawPath(run, clip: item.clip, into: &grid)
    case .image(let image):
      if let drawing = image._drawing, drawing.size.width > 0, drawing.size.height > 0 {
        // An image a renderer drew: its drawing, scaled into the frame (pixels are for pixel hosts).
        let sx = item.frame.width / drawing.size.width, sy = item.frame.height / drawing.size.height
        let clip = item.clip.safeIntersection(item.frame)
        guard !clip.isNull, sx.isFinite, sy.isFinite else { return }
        func place(_ p: CGPoint) -> CGPoint { CGPoint(x: item.frame.minX + p.x * sx, y: item.frame.minY + p.y * sy) }
        for var part in drawing.items {
          part.frame = CGRect(origin: place(part.frame.origin), size: CGSize(width: part.frame.width * sx, height: part.frame.height * sy))
          part.clip = clip
          part.alpha *= item.alpha
          if case .path(var run) = part.content {
            for i in run.subpaths.indices { run.subpaths[i].points = run.subpaths[i].points.map(place) }
            if case .stroke(let width) = run.mode { run.mode = .stroke(lineWidth: width * min(sx, sy)) }
            part.content = .path(run)
          }
          draw(part, into: &grid)
        }
        return
      }
      if image._drawing == nil, image.name == nil, let bitmap = image._uprightBitmap() {
        drawBitmap(bitmap, image: image, item: item, into: &grid)
        return
      }
      let range = cellRange(item.frame, clip: item.clip, grid: grid)
      guard !range.rows.isEmpty, !range.cols.isEmpty else {
        // Smaller than a cell: draw at the cell under its centre.
        let column = Int(bounded: item.frame.midX / cellSize.width)
        let row = Int(bounded: item.frame.midY / cellSize.height)
        put(image.glyph, column: column, row: row, fg: image.tintColor.map(rgb), into: &grid)
        return
      }
      let row = range.rows.lowerBound + (range.rows.count - 1) / 2
      let width = TextWidth.columns(of: image.glyph, joining: joining)
      let column = range.cols.lowerBound + max(0, (range.cols.count - width) / 2)
      put(image.glyph, column: column, row: row, fg: image.tintColor.map(rgb), into: &grid)
      if image.glyphStandsInForFill, grid.contains(column: column, row: row) {
        grid[column, row].isInverse = true
        for extra in 1..<max(1, width) where grid.contains(column: column + extra, row: row) {
          grid[column + extra, row].isInverse = true
        }
      }
    }
  }

  private func drawBorder(_ kind: DisplayItem.BorderKind, color: CellGrid.RGB, item: DisplayItem, into grid: inout CellGrid) {
    let range = cellRange(item.frame, clip: item.clip, grid: grid)
    guard !range.cols.isEmpty, !range.rows.isEmpty else { return }
    let (l, r) = (range.cols.lowerBound, range.cols.upperBound - 1)
    let (t, b) = (range.rows.lowerBound, range.rows.upperBound - 1)
    func set(_ s: String, _ c: Int, _ row: Int) {
      guard grid.contains(column: c, row: row) else { return }
      var cell = grid[c, row]
      cell.text = s
      cell.isContinuation = false
      cell.foreground = color
      grid[c, row] = cell
    }
    if range.rows.count < 3 || range.cols.count < 2 {
      // Too short for a box: brackets at the sides of the row the text inside is drawn on (the
      // row whose centre is nearest the frame's middle, as in drawText).
      let row = min(max(t, Int(bounded: (item.frame.midY / cellSize.height - 1).rounded(.up))), b)
      set("[", l, row)
      set("]", r, row)
      return
    }
    var glyphs: [String] = switch kind {
    case .line, .layer: ["┌", "┐", "└", "┘", "─", "│"]
    case .roundedRect: ["╭", "╮", "╰", "╯", "─", "│"]
    case .bezel: ["┏", "┓", "┗", "┛", "━", "┃"]
    }
    if case .layer(let rounded) = kind {
      if rounded.contains(.layerMinXMinYCorner) { glyphs[0] = "╭" }
      if rounded.contains(.layerMaxXMinYCorner) { glyphs[1] = "╮" }
      if rounded.contains(.layerMinXMaxYCorner) { glyphs[2] = "╰" }
      if rounded.contains(.layerMaxXMaxYCorner) { glyphs[3] = "╯" }
    }
    for c in l...r {
      set(glyphs[4], c, t)
      set(glyphs[4], c, b)
    }
    for row in t...b {
      set(glyphs[5], l, row)
      set(glyphs[5], r, row)
    }
    set(glyphs[0], l, t)
    set(glyphs[1], r, t)
    set(glyphs[2], l, b)
    set(glyphs[3], r, b)
  }

  private func put(_ text: String, column: Int, row: Int, fg: CellGrid.RGB?, into grid: inout CellGrid) {
    guard grid.contains(column: column, row: row) else { return }
    var cell = grid[column, row]
    cell.text = text
    cell.isContinuation = false
    if let fg { cell.foreground = fg }
    grid[column, row] = cell
    for extra in 1..<max(1, TextWidth.columns(of: text, joining: joining)) where grid.contains(column: column + extra, row: row) {
      var next = grid[column + extra, row]
      next.text = ""
      next.isContinuation = true
      grid[column + extra, row] = next
    }
  }

  private func drawText(_ run: TextRun, item: DisplayItem, into grid: inout CellGrid) {
    let frame = item.frame
    // The row whose centre is nearest the frame's middle (ties go up): the same row a tap at
    // the text hits, since a cell belongs to a rectangle that covers its centre.
    let row = Int(bounded: (frame.midY / cellSize.height - 1).rounded(.up))
    let visible = frame.safeIntersection(item.clip)
    guard row >= 0, row < grid.rows, !visible.isNull else { return }
    // A line scrolled half out of its view is drawn only when its row is inside the clip.
    let rowCentre = (CGFloat(row) + 0.5) * cellSize.height
    guard rowCentre >= item.clip.minY, rowCentre < item.clip.maxY else { return }
    let c0 = max(0, Int(bounded: (visible.minX / cellSize.width).rounded(.toNearestOrAwayFromZero)))
    let c1 = min(grid.columns, Int(bounded: (visible.maxX / cellSize.width).rounded(.toNearestOrAwayFromZero)))
    let width = max(0, c1 - c0)
    guard width > 0 || run.caretOffset != nil else { return }

    // Characters with their columns and UTF-16 offsets.
    var glyphs: [(text: String, columns: Int, offset: Int)] = []
    var offset = 0
    var total = 0
    for character in run.string {
      let text = String(character)
      if character == "\u{FFFC}", let glyph = run.spans.first(where: { $0.range.contains(offset) })?.style.attachmentGlyph {
        // An attachment draws as its image's glyph, as wide as that glyph.
        let columns = max(1, TextWidth.columns(of: glyph, joining: joining))
        glyphs.append((glyph, columns, offset))
        offset += 1
        total += columns
        continue
      }
      let columns = character == "\t" ? 1 : TextWidth.columns(of: character, joining: joining)
      glyphs.append((character == "\t" ? " " : text, columns, offset))
      offset += text.utf16.count
      total += columns
    }
    // Kerned characters, then a justified line's widened spaces, take whole columns after
    // their glyphs; each glyph's columns count them from here on (the caret, the visual
    // order), and the drawing below blanks them.
    var widened = kernedColumns(of: glyphs, spans: run.spans)
    if let kerned = widened {
      for index in glyphs.indices where kerned[index] != 0 {
        glyphs[index].columns += kerned[index]
        total += kerned[index]
      }
    }
    // Tabs go to their tab stops (TextTabs.swift), in whole cells from the run's start.
    if let stops = run.tabStops, run.string.utf8.contains(0x09) {
      let step = cellSize.width
      var extras = widened ?? Array(repeating: 0, count: glyphs.count)
      var column = 0
      var at = 0
      for (index, character) in zip(glyphs.indices, run.string) {
        defer {
          column += glyphs[index].columns
          at += character.utf16.count
        }
        guard character == "\t", glyphs[index].offset == at else { continue }
        let kern = widened?[index] ?? 0
        let tab = Self.extraColumns(stops.width(at: CGFloat(column) * step, space: step, step: step) / step)
        let extra = max(0, tab - 1)
        glyphs[index].columns = 1 + extra + kern
        extras[index] = extra + kern
        total += extra
      }
      widened = extras
    }
    if let justified = run.justifiedWidth.flatMap({
      justifiedColumns(of: glyphs, width: $0, rightToLeft: run._paragraphRunsRightToLeft)
    }) {
      for index in glyphs.indices where justified[index] != 0 {
        glyphs[index].columns += justified[index]
        total += justified[index]
      }
      widened = zip(widened ?? Array(repeating: 0, count: glyphs.count), justified).map { $0 + $1 }
    }
    // Right-to-left text is laid out in visual order (nil: logical order, the common case).
    let bidi = _BidiLine.layout(of: run, glyphs: &glyphs)
    let caretColumnInText: Int? = run.caretOffset.map { caret in
      if let bidi { return bidi.caretColumn(caret, glyphs: glyphs) }
      return glyphs.prefix { $0.offset < caret }.reduce(0) { $0 + $1.columns }
    }
    // Alignment; an editing line too long for the frame scrolls to keep the caret visible.
    var start: Int
    switch run.alignment {
    case .center: start = (width - total) / 2
    case .right: start = width - total
    default: start = 0
    }
    let needed = total + (run.caretOffset != nil ? 1 : 0)
    if needed > width {
      start = 0
      if run.scrollsToCaret, let caret = caretColumnInText ?? run.selectedRange.map({ r in glyphs.prefix { $0.offset < r.upperBound }.reduce(0) { $0 + $1.columns } }) {
        start = min(0, width - 1 - caret)
      }
    }
    let fg = rgb(run.color)
    let runIsBold = run.font._isBold
    let runIsItalic = run.font._isItalic
    var column = c0 + start
    // Spans are sorted: one index walks them with the glyphs.
    var spanIndex = 0
    for position in glyphs.indices {
      let logical = bidi?.order[position] ?? position
      let glyph = glyphs[logical]
      defer { column += glyph.columns }
      let extra = widened?[logical] ?? 0
      var style: TextRunStyle?
      if !run.spans.isEmpty {
        // In visual order the offsets can go back: the walk starts again.
        if bidi != nil { spanIndex = 0 }
        while spanIndex < run.spans.count, run.spans[spanIndex].range.upperBound <= glyph.offset { spanIndex += 1 }
        if spanIndex < run.spans.count, run.spans[spanIndex].range.contains(glyph.offset) {
          style = run.spans[spanIndex].style
        }
      }
      let text = glyph.text
      let glyphColumns = glyph.columns - extra
      // A space a right-to-left justified line ends with takes no column (extra < 0).
      guard column >= c0, column + glyphColumns <= c0 + width, glyphColumns > 0, glyph.columns > 0 else { continue }
      var cell = grid[column, row]
      cell.text = text
      cell.isContinuation = false
      cell.foreground = style?.foreground.map(rgb) ?? fg
      if let background = style?.background { cell.background = rgb(background) }
      // A span's font decides for its characters.
      cell.isBold = style?.isBold ?? runIsBold
      cell.isItalic = style?.isItalic ?? runIsItalic
      cell.isDim = run.isPlaceholder
      cell.isUnderlined = (run.markedRange.map { $0.contains(glyph.offset) } ?? false) || (style?.isUnderlined ?? false)
      cell.isStrikethrough = style?.isStrikethrough ?? false
      cell.link = style?.link
      cell.isInverse = run.selectedRange.map { $0.contains(glyph.offset) } ?? false
      grid[column, row] = cell
      // A wide glyph's other columns (two for most, more for an emoji sequence the terminal
      // draws as its parts) continue it.
      for extraColumn in 1..<max(1, glyphColumns) where column + extraColumn < grid.columns {
        var next = grid[column + extraColumn, row]
        next.text = ""
        next.isContinuation = true
        next.foreground = cell.foreground
        next.background = cell.background
        next.isInverse = cell.isInverse
        next.link = cell.link
        grid[column + extraColumn, row] = next
      }
      if extra > 0 {
        // A widened space: blank cells in the space's style (selected, underlined, its
        // background), as if it were several spaces.
        blankColumns(column + glyphColumns..<column + glyph.columns, like: column, limit: c0..<(c0 + width), row: row, grid: &grid)
      }
    }
    if let caret = caretColumnInText {
      let caretColumn = min(max(c0, c0 + start + caret), max(c0, c0 + width - 1))
      if grid.contains(column: caretColumn, row: row) { grid.cursor = (caretColumn, row) }
    }
  }

  /// Whole columns for a width in cells, held within ±2²⁰ (wider than any terminal), so that
  /// a line's columns add up without overflow whatever a kern, tab stop or justification asks.
  static func extraColumns(_ cells: CGFloat) -> Int {
    let limit = 1 << 20
    return min(max(Int(bounded: cells.rounded()), -limit), limit)
  }

  /// The columns each glyph (logical order) gains from its span's kern (``TextKerning``), nil
  /// when no span kerns.
  private func kernedColumns(of glyphs: [(text: String, columns: Int, offset: Int)], spans: [TextStyleSpan]) -> [Int]? {
    let step = cellSize.width
    guard step > 0, spans.contains(where: { $0.style.kern != 0 }) else { return nil }
    var spanIndex = 0
    return glyphs.map { glyph in
      while spanIndex < spans.count, spans[spanIndex].range.upperBound <= glyph.offset { spanIndex += 1 }
      guard spanIndex < spans.count, spans[spanIndex].range.contains(glyph.offset) else { return 0 }
      return Self.extraColumns(TextKerning.advance(spans[spanIndex].style.kern, step: step) / step)
    }
  }

  /// The columns each glyph of a justified line (logical order) gains to fill `width` points,
  /// nil when the line stays natural; a view measuring in these cells reports the same. The
  /// spaces that end a right-to-left line lose their column (-1).
  private func justifiedColumns(
    of glyphs: [(text: String, columns: Int, offset: Int)], width: CGFloat, rightToLeft: Bool
  ) -> [Int]? {
    let step = cellSize.width
    guard step > 0,
      let extras = TextJustification.extraWidths(
        widths: glyphs.map { CGFloat($0.columns) * step }, isSpace: glyphs.map { $0.text.count == 1 && TextJustification.widens($0.text.first!) },
        lineWidth: width, step: step, rightToLeft: rightToLeft)
    else { return nil }
    return extras.map { Self.extraColumns($0 / step) }
  }

  /// Paints `columns` of `row` as blank cells styled like the cell at `source` (drawn just
  /// before), those inside `limit` only.
  private func blankColumns(_ columns: Range<Int>, like source: Int, limit: Range<Int>, row: Int, grid: inout CellGrid) {
    guard grid.contains(column: source, row: row) else { return }
    var blank = grid[source, row]
    blank.text = " "
    blank.isContinuation = false
    // Only the columns the grid shows: a kern or tab stop of 1e12 points asks for 1e11.
    let low = max(columns.lowerBound, limit.lowerBound, 0)
    let high = min(columns.upperBound, limit.upperBound, grid.columns)
    guard low < high else { return }
    for column in low..<high where grid.contains(column: column, row: row) {
      grid[column, row] = blank
    }
  }
}
