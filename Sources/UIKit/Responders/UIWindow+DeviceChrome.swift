import Foundation

// The device's chrome: the status bar at the top of the safe area and the home indicator at its
// bottom. They are not views of the app (iOS draws them in windows of its own, above the app's),
// but what they show depends on the app: the top view controller's `preferredStatusBarStyle`,
// `prefersStatusBarHidden` and `prefersHomeIndicatorAutoHidden`, the device's safe area, and the
// colour under the home indicator. So the window, which knows all of that, appends them to its
// display list last (above the app, its alerts and the keyboard, as iOS's windows are), and
// flags them for pixel hosts only: a terminal has no status bar, and its screen stays as it was.
//
// What they look like (Apple's screenshots and Human Interface Guidelines; sizes as developers
// measure them on iPhone 14-class screens):
// - The time reads 9:41, as in all of Apple's marketing screenshots, in the system font,
//   semibold, 17 pt, centred in the left "ear" beside the notch; the cellular bars, the Wi-Fi
//   fan and the battery sit in the right ear, all vertically centred in the status bar.
// - iPhones with a Home button (iPhone SE, 8) have a 20 pt status bar: the cellular bars and
//   Wi-Fi at the left, the time ("9:41 AM", 12 pt semibold) in the middle, the battery at the
//   right. iPads (a 24 pt bar) show the time and date at the left and Wi-Fi and battery at the
//   right.
// - The content is black for `.darkContent` (and `.default` in the light appearance) and white
//   for `.lightContent`.
// - The home indicator is a bar 134 × 5 pt with fully rounded ends, 8 pt above the screen's
//   bottom edge; iOS picks its colour against what lies under it: black over light content,
//   white over dark.

extension UIWindow {
  /// The home indicator's size and its distance from the bottom edge, in points.
  package static let homeIndicatorSize = CGSize(width: 134, height: 5)
  package static let homeIndicatorBottomMargin: CGFloat = 8

  /// The view controller whose status bar preferences count: the root, or the last controller
  /// presented over it full screen (or one that captures the status bar's appearance), then
  /// the children it names.
  package var _statusBarController: UIViewController? {
    var controller = rootViewController
    for presented in _modalControllers
    where presented.modalPresentationCapturesStatusBarAppearance
      || presented.modalPresentationStyle == .fullScreen || presented.modalPresentationStyle == .overFullScreen
    {
      controller = presented
    }
    return controller
  }

  /// Whether the status bar is hidden, as the controllers say.
  package var _statusBarHidden: Bool {
    var controller = _statusBarController
    while let child = controller?.childForStatusBarHidden { controller = child }
    return controller?.prefersStatusBarHidden ?? false
  }

  /// The status bar's style, as the controllers say.
  package var _statusBarStyle: UIStatusBarStyle {
    var controller = _statusBarController
    while let child = controller?.childForStatusBarStyle { controller = child }
    return controller?.preferredStatusBarStyle ?? .default
  }

  /// Whether the home indicator is hidden, as the controllers say.
  package var _homeIndicatorHidden: Bool {
    var controller = _statusBarController
    while let child = controller?.childForHomeIndicatorAutoHidden { controller = child }
    return controller?.prefersHomeIndicatorAutoHidden ?? false
  }

  /// Appends the status bar and the home indicator (for pixel hosts) to `list`, which holds
  /// everything else the window shows.
  func _renderDeviceChrome(into list: inout DisplayList) {
    let insets = _deviceSafeAreaInsets
    if insets.top > 0, !_statusBarHidden {
      // `.default` chooses by the appearance: dark content in light, light content in dark.
      let light =
        switch _statusBarStyle {
        case .lightContent: true
        case .darkContent: false
        case .default: traitCollection.userInterfaceStyle == .dark
        }
      let content: UIColor = light ? .white : .black
      StatusBarDrawing(bounds: bounds, height: insets.top, content: content).render(into: &list)
    }
    if insets.bottom > 0, !_homeIndicatorHidden {
      let size = Self.homeIndicatorSize
      let frame = CGRect(
        x: bounds.midX - size.width / 2, y: bounds.maxY - Self.homeIndicatorBottomMargin - size.height,
        width: size.width, height: size.height)
      let under = Self.colorUnder(CGPoint(x: frame.midX, y: frame.midY), in: list)
      let color: UIColor = under.map(Self.isDark) ?? list.isDark ? .white : .black
      let rounding = DisplayItem.CornerRounding(
        radius: size.height / 2,
        corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
      list.append(DisplayItem(frame: frame, clip: bounds, content: .roundedFill(color, rounding), hosts: .pixels))
    }
  }

  /// The colour of the topmost mostly opaque fill a pixel host draws at `point` (nil: nothing,
  /// the screen's white, or black in dark appearance).
  static func colorUnder(_ point: CGPoint, in list: DisplayList) -> UIColor? {
    for item in list.items.reversed() where item.hosts.contains(.pixels) && item.alpha >= 0.5 {
      guard item.frame.safeIntersection(item.clip).safeContains(point) else { continue }
      switch item.content {
      case .fill(let color), .roundedFill(let color, _):
        if color.rgba8.a >= 128 { return color }
      case .gradient(let geometry, _):
        let f = item.frame
        let unit = CGPoint(x: (point.x - f.minX) / f.width, y: (point.y - f.minY) / f.height)
        if let color = geometry.color(atUnitPoint: unit) { return UIColor(cgColor: color) }
      default:
        continue
      }
    }
    return nil
  }

  /// Whether a colour is dark enough for white content (relative luminance under one half).
  static func isDark(_ color: UIColor) -> Bool {
    let c = color.rgba8
    let luminance = 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)
    return luminance < 128
  }
}

/// The status bar's drawing: the time and the cellular, Wi-Fi and battery symbols as shapes.
private struct StatusBarDrawing {
  let bounds: CGRect
  let height: CGFloat
  let content: UIColor

  /// The three layouts: iPhones with a notch or Dynamic Island (a tall bar), iPads, and
  /// iPhones with a Home button.
  private enum Layout { case ears, pad, classic }

  private var layout: Layout {
    if height >= 40 { return .ears }
    return bounds.width >= 700 ? .pad : .classic
  }

  func render(into list: inout DisplayList) {
    let frame = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: height)
    // Symbols are vertically centred in the bar (a point lower in the tall bars, whose
    // content sits level with the middle of the notch).
    let midY = frame.minY + (layout == .ears ? height / 2 + 1 : height / 2)
    switch layout {
    case .ears:
      let ear = bounds.width * 0.32
      text("9:41", size: 17, in: CGRect(x: frame.minX, y: frame.minY, width: ear, height: height), midY: midY, into: &list)
      // The right ear's symbols, centred as the time is in the left one.
      let scale: CGFloat = 1
      let width = symbolsWidth(scale: scale, cellular: true)
      var x = frame.maxX - ear / 2 - width / 2
      x = cellular(at: x, midY: midY, scale: scale, into: &list) + 5
      x = wifi(at: x, midY: midY, scale: scale, into: &list) + 5
      battery(at: x, midY: midY, scale: scale, into: &list)
    case .classic:
      let scale: CGFloat = 0.8
      text("9:41 AM", size: 12, in: frame, midY: midY, into: &list)
      var x = frame.minX + 6
      x = cellular(at: x, midY: midY, scale: scale, into: &list) + 4
      _ = wifi(at: x, midY: midY, scale: scale, into: &list)
      battery(at: frame.maxX - 6 - batteryWidth(scale: scale), midY: midY, scale: scale, into: &list)
    case .pad:
      let scale: CGFloat = 0.85
      text(
        "9:41  Tue Jan 9", size: 12, in: CGRect(x: frame.minX + 20, y: frame.minY, width: 200, height: height),
        midY: midY, alignment: .left, into: &list)
      let width = symbolsWidth(scale: scale, cellular: false)
      let x = wifi(at: frame.maxX - 20 - width, midY: midY, scale: scale, into: &list) + 5
      battery(at: x, midY: midY, scale: scale, into: &list)
    }
  }

  private func text(
    _ string: String, size: CGFloat, in rect: CGRect, midY: CGFloat, alignment: NSTextAlignment = .center,
    into list: inout DisplayList
  ) {
    let font = UIFont.systemFont(ofSize: size, weight: .semibold)
    let line = font.lineHeight
    let frame = CGRect(x: rect.minX, y: midY - line / 2, width: rect.width, height: line)
    let run = TextRun(string: string, font: font, color: content, alignment: alignment)
    list.append(DisplayItem(frame: frame, clip: bounds, content: .text(run), hosts: .pixels))
  }

  private func symbolsWidth(scale: CGFloat, cellular: Bool) -> CGFloat {
    (cellular ? 17 * scale + 5 : 0) + 15 * scale + 5 + batteryWidth(scale: scale)
  }

  private func batteryWidth(scale: CGFloat) -> CGFloat { 27 * scale }

  private func rounded(_ rect: CGRect, radius: CGFloat, color: UIColor, into list: inout DisplayList) {
    let rounding = DisplayItem.CornerRounding(
      radius: radius, corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
    list.append(DisplayItem(frame: rect, clip: bounds, content: .roundedFill(color, rounding), hosts: .pixels))
  }

  /// Four bars rising left to right, full signal. Returns the right edge.
  private func cellular(at x: CGFloat, midY: CGFloat, scale: CGFloat, into list: inout DisplayList) -> CGFloat {
    let bar = 3 * scale, gap = 1.7 * scale, tallest = 11 * scale
    let bottom = midY + tallest / 2
    for index in 0..<4 {
      let h = tallest * CGFloat(index + 1) / 4 + 1.5 * scale * CGFloat(3 - index) / 3
      let rect = CGRect(x: x + CGFloat(index) * (bar + gap), y: bottom - h, width: bar, height: h)
      rounded(rect, radius: 1 * scale, color: content, into: &list)
    }
    return x + 4 * bar + 3 * gap
  }

  /// The Wi-Fi fan: a wedge and two bands around the point it spreads from. Returns the
  /// right edge.
  private func wifi(at x: CGFloat, midY: CGFloat, scale: CGFloat, into list: inout DisplayList) -> CGFloat {
    let width = 15 * scale
    let centre = CGPoint(x: x + width / 2, y: midY + 5.5 * scale)
    let start = -CGFloat.pi * 0.75, end = -CGFloat.pi * 0.25
    // The wedge: a sector of radius 4.
    var wedge = SoftwareKeyboard.arc(centre: centre, radius: 4 * scale, from: start, to: end, closed: false).points
    wedge.append(centre)
    var subpaths = [PathRun.Subpath(points: wedge, isClosed: true)]
    // Two bands, 2.4 pt thick, 1.6 pt apart.
    for (inner, outer) in [(5.6, 8.0), (9.6, 12.0)] {
      let a = SoftwareKeyboard.arc(centre: centre, radius: CGFloat(outer) * scale, from: start, to: end, closed: false).points
      let b = SoftwareKeyboard.arc(centre: centre, radius: CGFloat(inner) * scale, from: end, to: start, closed: false).points
      subpaths.append(PathRun.Subpath(points: a + b, isClosed: true))
    }
    let run = PathRun(subpaths: subpaths, color: content, mode: .fill(evenOdd: false))
    list.append(DisplayItem(frame: run.bounds, clip: bounds, content: .path(run), hosts: .pixels))
    return x + width
  }

  /// The battery, full: a rounded outline at 35 % opacity, the charge inside it, the cap at its
  /// right end.
  private func battery(at x: CGFloat, midY: CGFloat, scale: CGFloat, into list: inout DisplayList) {
    let body = CGRect(x: x, y: midY - 6 * scale, width: 24.5 * scale, height: 12 * scale)
    let faint = content.withAlphaComponent(0.35)
    let line = 1 * scale
    // The outline as an even-odd ring of two rounded rectangles.
    let outer = roundedRectPolyline(body, radius: 3.5 * scale)
    let inner = roundedRectPolyline(body.insetBy(dx: line, dy: line), radius: 2.5 * scale)
    let ring = PathRun(subpaths: [outer, inner], color: faint, mode: .fill(evenOdd: true))
    list.append(DisplayItem(frame: ring.bounds, clip: bounds, content: .path(ring), hosts: .pixels))
    rounded(body.insetBy(dx: 2 * scale, dy: 2 * scale), radius: 1.5 * scale, color: content, into: &list)
    let cap = CGRect(x: body.maxX + 1 * scale, y: midY - 2 * scale, width: 1.5 * scale, height: 4 * scale)
    rounded(cap, radius: 0.75 * scale, color: faint, into: &list)
  }

  private func roundedRectPolyline(_ rect: CGRect, radius r: CGFloat) -> PathRun.Subpath {
    let corners: [(CGPoint, CGFloat)] = [
      (CGPoint(x: rect.maxX - r, y: rect.minY + r), -.pi / 2), (CGPoint(x: rect.maxX - r, y: rect.maxY - r), 0),
      (CGPoint(x: rect.minX + r, y: rect.maxY - r), .pi / 2), (CGPoint(x: rect.minX + r, y: rect.minY + r), .pi),
    ]
    var points: [CGPoint] = []
    for (centre, start) in corners {
      points += SoftwareKeyboard.arc(centre: centre, radius: r, from: start, to: start + .pi / 2, closed: false).points
    }
    return PathRun.Subpath(points: points, isClosed: true)
  }
}
