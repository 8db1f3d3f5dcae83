import Foundation

// Shapes the value controls draw. Pixel hosts get iOS's shapes (rounded tracks, round thumbs
// with a hairline edge); a terminal's 8 × 16 point cell cannot show a 4-point track or a round
// thumb, so it gets the line of box-drawing characters it has always used for such things,
// flagged for cells only. Colours are opaque where iOS's are translucent over white, because a
// cell blends a translucent colour into dimmed text.

@MainActor
enum _ControlDrawing {
  /// The grey behind a segmented control and a stepper (iOS's tertiary system fill over white).
  static let fill = UIColor(red: 238 / 255, green: 238 / 255, blue: 239 / 255, alpha: 1)
  /// The unfilled part of a slider's or progress view's track (iOS's system fill over white).
  static let track = UIColor(red: 228 / 255, green: 228 / 255, blue: 232 / 255, alpha: 1)
  /// The hairline round a white thumb and between segments.
  static let hairline = UIColor(red: 198 / 255, green: 198 / 255, blue: 200 / 255, alpha: 1)

  static let allCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
  /// A terminal cell, in points.
  static let cellSize = CellRasterizer.defaultCellSize

  /// A filled circle (pixels only: a cell host draws the control its own way).
  static func disc(_ rect: CGRect, _ color: UIColor, clip: CGRect, alpha: CGFloat) -> DisplayItem {
    let rounding = DisplayItem.CornerRounding(radius: min(rect.width, rect.height) / 2, corners: allCorners)
    return DisplayItem(frame: rect, clip: clip, content: .roundedFill(color, rounding), alpha: alpha, hosts: .pixels)
  }

  /// A circle's outline, `width` points wide (pixels only).
  static func ring(_ rect: CGRect, _ color: UIColor, width: CGFloat = 0.5, clip: CGRect, alpha: CGFloat) -> DisplayItem {
    let run = PathRun(subpaths: UIBezierPath(ovalIn: rect).flattened(), color: color, mode: .stroke(lineWidth: width))
    return DisplayItem(frame: rect, clip: clip, content: .path(run), alpha: alpha, hosts: .pixels)
  }

  /// A bar with round ends (pixels only).
  static func capsule(_ rect: CGRect, _ color: UIColor, clip: CGRect, alpha: CGFloat) -> DisplayItem {
    disc(rect, color, clip: clip, alpha: alpha)
  }

  /// A rectangle with rounded corners, for both hosts.
  static func roundedRect(
    _ rect: CGRect, _ color: UIColor, radius: CGFloat, clip: CGRect, alpha: CGFloat, hosts: DisplayItem.Hosts = .all
  ) -> DisplayItem {
    let rounding = DisplayItem.CornerRounding(radius: radius, corners: allCorners)
    return DisplayItem(frame: rect, clip: clip, content: .roundedFill(color, rounding), alpha: alpha, hosts: hosts)
  }

  /// How many terminal columns a width in points spans.
  static func columns(_ width: CGFloat) -> Int {
    max(0, Int(bounded: (width / cellSize.width).rounded(.down)))
  }

  /// The row of cells through `midY`, from `x` for `width` points: where a line for a terminal
  /// goes.
  static func cellRow(through midY: CGFloat, x: CGFloat, width: CGFloat) -> CGRect {
    CGRect(x: x, y: midY - cellSize.height / 2, width: width, height: cellSize.height)
  }

  /// The one cell centred on `point`.
  static func cell(centredOn point: CGPoint) -> CGRect {
    cellRow(through: point.y, x: point.x - cellSize.width / 2, width: cellSize.width)
  }

  /// One line of characters for a terminal, each piece in its own colour, left-aligned in
  /// `frame` (cells only).
  static func cellLine(
    _ pieces: [(String, UIColor)], in frame: CGRect, clip: CGRect, alpha: CGFloat, bold: Bool = false
  ) -> DisplayItem {
    var string = ""
    var spans: [TextStyleSpan] = []
    for (text, color) in pieces where !text.isEmpty {
      let start = string.utf16.count
      string += text
      var style = TextRunStyle()
      style.foreground = color
      style.isBold = bold
      spans.append(TextStyleSpan(range: start..<string.utf16.count, style: style))
    }
    var run = TextRun(string: string, font: .systemFont(ofSize: 17), color: pieces.first?.1 ?? .label, alignment: .left)
    run.spans = spans
    return DisplayItem(frame: frame, clip: clip, content: .text(run), alpha: alpha, hosts: .cells)
  }
}
