// Paths in cells: strokes and fills drawn with Braille patterns.
//
// A Braille character (U+2800–U+28FF) is a 2 × 4 grid of dots, so each 8 × 16-point cell holds
// dots 4 points apart both ways: a circle stays round in points even though it is an ellipse in
// cells, and concentric rings 20 points apart stay apart. A dot is on when its centre lies within
// half the line width of the stroke (at least half a dot, so that a hairline stays connected),
// or inside a fill. Dots drawn into a cell that already shows Braille join the dots there; the
// cell takes the newer colour (a cell has one). A fill that covers all eight dots of a cell
// paints the cell's background instead, so filled areas are solid.

extension CellRasterizer {
  /// The dot bits of a Braille cell, by dot column (0, 1) and dot row (0–3).
  private static let brailleBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

  /// Draws a stroked or filled path run (window points) into the grid, clipped to `clip`.
  package func drawPath(_ run: PathRun, clip: CGRect, into grid: inout CellGrid) {
    guard run.color.rgba8.a > 25, grid.columns > 0, grid.rows > 0 else { return }
    let dotWidth = cellSize.width / 2
    let dotHeight = cellSize.height / 4
    let gridRect = CGRect(
      x: 0, y: 0, width: CGFloat(grid.columns) * cellSize.width, height: CGFloat(grid.rows) * cellSize.height)
    let area = run.bounds.safeIntersection(clip).safeIntersection(gridRect)
    guard !area.isNull else { return }

    // The dots whose centres lie in the clip (and the grid), as half-open index ranges.
    func dotRange(_ low: CGFloat, _ high: CGFloat, pitch: CGFloat, limit: Int) -> Range<Int> {
      let first = max(0, Int(bounded: (low / pitch - 0.5).rounded(.up)))
      let end = min(limit, Int(bounded: (high / pitch - 0.5).rounded(.up)))
      return first..<max(first, end)
    }
    let visible = clip.safeIntersection(gridRect)
    guard !visible.isNull else { return }
    let xs = dotRange(max(area.minX - dotWidth, visible.minX), min(area.maxX + dotWidth, visible.maxX),
      pitch: dotWidth, limit: grid.columns * 2)
    let ys = dotRange(max(area.minY - dotHeight, visible.minY), min(area.maxY + dotHeight, visible.maxY),
      pitch: dotHeight, limit: grid.rows * 4)
    guard !xs.isEmpty, !ys.isEmpty else { return }

    // One byte of dot bits per cell of the covered block.
    let firstColumn = xs.lowerBound / 2
    let firstRow = ys.lowerBound / 4
    let blockColumns = (xs.upperBound - 1) / 2 - firstColumn + 1
    let blockRows = (ys.upperBound - 1) / 4 - firstRow + 1
    var mask = [UInt8](repeating: 0, count: blockColumns * blockRows)
    func setDot(_ x: Int, _ y: Int) {
      let index = (y / 4 - firstRow) * blockColumns + (x / 2 - firstColumn)
      mask[index] |= Self.brailleBits[x % 2][y % 4]
    }

    switch run.mode {
    case .stroke(let lineWidth):
      let reach = max(lineWidth / 2, min(dotWidth, dotHeight) / 2)
      for subpath in run.subpaths {
        let points = subpath.points
        guard let first = points.first else { continue }
        var segments = zip(points, points.dropFirst()).map { ($0, $1) }
        if points.count == 1 { segments = [(first, first)] }
        if subpath.isClosed, points.count > 2, let last = points.last { segments.append((last, first)) }
        for (a, b) in segments {
          let sx = dotRange(min(a.x, b.x) - reach, max(a.x, b.x) + reach + 0.0001, pitch: dotWidth, limit: xs.upperBound)
          let sy = dotRange(min(a.y, b.y) - reach, max(a.y, b.y) + reach + 0.0001, pitch: dotHeight, limit: ys.upperBound)
          for y in max(sy.lowerBound, ys.lowerBound)..<max(sy.upperBound, ys.lowerBound) {
            for x in max(sx.lowerBound, xs.lowerBound)..<max(sx.upperBound, xs.lowerBound) {
              let centre = CGPoint(x: (CGFloat(x) + 0.5) * dotWidth, y: (CGFloat(y) + 0.5) * dotHeight)
              if Self.squaredDistance(from: centre, toSegment: a, b) <= reach * reach { setDot(x, y) }
            }
          }
        }
      }
    case .fill(let evenOdd):
      // Scan lines through each row of dot centres: the crossings of the edges, sorted, with the
      // winding direction of each.
      for y in ys {
        let lineY = (CGFloat(y) + 0.5) * dotHeight
        var crossings: [(x: CGFloat, direction: Int)] = []
        for subpath in run.subpaths where subpath.points.count > 2 {
          let points = subpath.points
          for index in points.indices {
            let a = points[index]
            let b = points[(index + 1) % points.count]
            guard (a.y <= lineY) != (b.y <= lineY) else { continue }
            crossings.append((a.x + (lineY - a.y) / (b.y - a.y) * (b.x - a.x), b.y > a.y ? 1 : -1))
          }
        }
        crossings.sort { $0.x < $1.x }
        var winding = 0
        for (index, crossing) in crossings.enumerated().dropLast() {
          winding += evenOdd ? 1 : crossing.direction
          let inside = evenOdd ? winding % 2 != 0 : winding != 0
          guard inside else { continue }
          let span = dotRange(crossing.x, crossings[index + 1].x, pitch: dotWidth, limit: xs.upperBound)
          for x in max(span.lowerBound, xs.lowerBound)..<max(span.upperBound, xs.lowerBound) { setDot(x, y) }
        }
      }
    }

    let color = pathRGB(run.color)
    let isFill = if case .fill = run.mode { true } else { false }
    for blockRow in 0..<blockRows {
      for blockColumn in 0..<blockColumns {
        let bits = mask[blockRow * blockColumns + blockColumn]
        guard bits != 0 else { continue }
        let column = firstColumn + blockColumn
        let row = firstRow + blockRow
        guard grid.contains(column: column, row: row) else { continue }
        var cell = grid[column, row]
        if isFill && bits == 0xFF {
          cell = CellGrid.Cell()
          cell.background = color
        } else {
          var all = bits
          if let scalar = cell.text.unicodeScalars.first, cell.text.unicodeScalars.count == 1,
            (0x2800...0x28FF).contains(scalar.value)
          {
            all |= UInt8(scalar.value - 0x2800)
          }
          let background = cell.background
          cell = CellGrid.Cell()
          cell.background = background
          cell.text = String(Unicode.Scalar(0x2800 + UInt32(all))!)
          cell.foreground = color
        }
        grid[column, row] = cell
      }
    }
  }

  private func pathRGB(_ color: UIColor) -> CellGrid.RGB {
    let c = color.rgba8
    return CellGrid.RGB(r: c.r, g: c.g, b: c.b)
  }

  /// The squared distance from `p` to the segment from `a` to `b`.
  private static func squaredDistance(from p: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> CGFloat {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length = dx * dx + dy * dy
    var t: CGFloat = 0
    if length > 0 { t = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length)) }
    let x = a.x + t * dx - p.x
    let y = a.y + t * dy - p.y
    return x * x + y * y
  }
}
