import Foundation

// Shapes the value controls draw. Pixel hosts get iOS's shapes (rounded tracks, round thumbs
// with a hairline edge); a terminal's 8 × 16 point cell cannot show a 4-point track or a round
// thumb, so it gets the line of box-drawing characters it has always used for such things,
// flagged for cells only. Colours are opaque where iOS's are translucent over white, because a
// cell blends a translucent colour into dimmed text.

@MainActor
enum _ControlDrawing {
  /// The grey behind a segmented control and a stepper (iOS's tertiary system fill over white,
  /// over black in dark appearance).
  static let fill = opaque(light: (238, 238, 239), dark: (28, 28, 31))
  /// The unfilled part of a slider's or progress view's track (iOS's system fill over white,
  /// over black in dark appearance).
  static let track = opaque(light: (228, 228, 232), dark: (43, 43, 46))
  /// The hairline round a white thumb and between segments (the opaque separator).
  static let hairline = opaque(light: (198, 198, 200), dark: (56, 56, 58))
  /// A segmented control's selected segment: white, or a raised grey in dark appearance.
  static let selectedSegment = opaque(light: (255, 255, 255), dark: (99, 99, 102))
  /// A switch's track when off.
  static let offTrack = opaque(light: (233, 233, 235), dark: (57, 57, 61))

  private static func opaque(light: (Int, Int, Int), dark: (Int, Int, Int)) -> UIColor {
    func color(_ c: (Int, Int, Int)) -> UIColor {
      UIColor(red: CGFloat(c.0) / 255, green: CGFloat(c.1) / 255, blue: CGFloat(c.2) / 255, alpha: 1)
    }
    let (lightColor, darkColor) = (color(light), color(dark))
    return UIColor { $0.userInterfaceStyle == .dark ? darkColor : lightColor }
  }

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
