// How the keyboard looks: colours, key caps and labels, light and dark.
//
// Apple publishes none of these values; they are what screenshots of iOS 17 and 18 measure and
// what keyboard makers report:
// - Colours: the keyboard extension library KeyboardKit ships colours measured to match the
//   system keyboard (its `standardKeyboardBackground`, `standardButton`,
//   `standardDarkButtonBackground` and `standardButtonShadow` colour sets): the light keyboard's
//   background is sRGB (213, 214, 221), its letter keys white, its function keys (shift, delete,
//   123, a grey Return) (171, 177, 186), each key with a shadow of black at 30 %; the dark
//   keyboard's background is (44, 44, 44), letter keys (107, 107, 107), function keys (71, 71, 71),
//   shadow black at 70 %. A Stack Overflow question measuring the dark keys (RGB 107) agrees.
// - Shapes: keys have about 5 pt corners and a 1 pt shadow straight down (the cap sits 1 pt
//   higher than its shadow); labels are the system font, letters about 22.5 pt, the words on
//   function keys ("123", "space", "return", "Go") 16 pt, a number pad's digits 25 pt with the
//   letters under them at 10 pt.
// - The prediction (QuickType) bar above the letters shows three suggestion slots with thin
//   separators between them; nothing here suggests words, so the slots stay empty and only the
//   separators show where they are. On iPhones with a home indicator the strip below the keys
//   carries the emoji key at the left and the dictation key at the right (the globe appears
//   there instead of the emoji key only when more than one keyboard language is installed).
//
// The terminal cannot draw any of this finer than its cells: it keeps square keys (`.fill`) and
// 17 pt labels centred in them, flagged for cells only; the pixel hosts get the caps, shadows,
// label sizes and icons, flagged for pixels only (see DisplayItem.Hosts).

extension SoftwareKeyboard {
  /// The keyboard's colours for one appearance.
  package struct Palette: Sendable {
    package var background: UIColor
    /// Letters, digits, the space bar.
    package var characterKey: UIColor
    /// Shift, delete, the plane switches, a grey Return key.
    package var functionKey: UIColor
    /// The 1 pt shadow under each key.
    package var keyShadow: UIColor
    package var label: UIColor
    /// The prediction bar's separators and the icons below the keys.
    package var separator: UIColor
    package var icon: UIColor
  }

  /// iOS's light keyboard (`.default`, `.light`).
  package static let lightPalette = Palette(
    background: UIColor(red: 213 / 255, green: 214 / 255, blue: 221 / 255, alpha: 1),
    characterKey: .white,
    functionKey: UIColor(red: 171 / 255, green: 177 / 255, blue: 186 / 255, alpha: 1),
    keyShadow: UIColor(white: 0, alpha: 0.3),
    label: .black,
    separator: UIColor(red: 171 / 255, green: 177 / 255, blue: 186 / 255, alpha: 1),
    icon: UIColor(red: 80 / 255, green: 82 / 255, blue: 88 / 255, alpha: 1))

  /// iOS's dark keyboard (`.dark`, `.alert`).
  package static let darkPalette = Palette(
    background: UIColor(white: 44 / 255, alpha: 1),
    characterKey: UIColor(white: 107 / 255, alpha: 1),
    functionKey: UIColor(white: 71 / 255, alpha: 1),
    keyShadow: UIColor(white: 0, alpha: 0.7),
    label: .white,
    separator: UIColor(white: 90 / 255, alpha: 1),
    icon: UIColor(white: 235 / 255, alpha: 1))

  /// The palette of this keyboard's appearance.
  package var palette: Palette { isDark ? Self.darkPalette : Self.lightPalette }

  /// A key's corner radius, in points.
  package static let keyCornerRadius: CGFloat = 5
  /// How far a key's shadow shows below its cap, in points.
  package static let keyShadowOffset: CGFloat = 1
  /// Label sizes, in points.
  package static let letterLabelSize: CGFloat = 22.5
  package static let functionLabelSize: CGFloat = 16
  package static let symbolLabelSize: CGFloat = 20
  package static let padDigitSize: CGFloat = 25
  package static let padLettersSize: CGFloat = 10

  /// Whether a key is drawn on a cap of its own. On the number, decimal and phone pads the
  /// character keys are (digits, the phone pad's symbols); delete, the decimal pad's decimal
  /// point and the "+*#"/"ABC" switches sit on the keyboard's background, as on iOS.
  package func hasCap(_ key: Key) -> Bool {
    guard isPadPlane else { return true }
    if keyboardType == .decimalPad, key.label == decimalSeparator { return false }
    return key.role == .character
  }

  /// The colour of a key's cap.
  package func capColor(_ key: Key) -> UIColor {
    let palette = palette
    switch key.role {
    case .character, .space: return palette.characterKey
    case .modifier: return key.isSelected ? .white : palette.functionKey
    case .return: return key.isProminent ? .systemBlue : palette.functionKey
    }
  }

  /// The colour of a key's label.
  package func labelColor(_ key: Key) -> UIColor {
    if key.role == .return && key.isProminent { return .white }
    if key.role == .modifier && key.isSelected { return .black }
    return palette.label
  }

  /// The label's font for pixel hosts: letters and punctuation large, words small.
  package func labelFont(_ key: Key) -> UIFont {
    if isPadPlane {
      // Digits and the decimal point large; the phone pad's words ("pause", "wait") and plane
      // switches small.
      return key.label.count == 1 && key.role == .character
        ? .systemFont(ofSize: Self.padDigitSize)
        : .systemFont(ofSize: key.label.count == 1 ? Self.symbolLabelSize : Self.functionLabelSize)
    }
    switch key.role {
    case .character:
      return .systemFont(ofSize: key.label.count == 1 ? Self.letterLabelSize : Self.functionLabelSize)
    case .modifier:
      // Shift, delete and the globe are symbols; "123", "#+=", "ABC" are words.
      return .systemFont(ofSize: key.label.count == 1 ? Self.symbolLabelSize : Self.functionLabelSize)
    case .space, .return:
      return .systemFont(ofSize: Self.functionLabelSize)
    }
  }

  /// Draws the keys, the prediction bar's separators and the icons below the keys of a keyboard
  /// of `geometry` whose frame is `frame` (window coordinates).
  package func render(rows: [[Key]], geometry: Geometry, in frame: CGRect, into list: inout DisplayList) {
    let palette = palette
    for row in rows {
      for key in row {
        let keyFrame = key.frame.offsetBy(dx: frame.minX, dy: frame.minY)
        let cap = capColor(key)
        let color = labelColor(key)
        let labelColor = key.isEnabled ? color : color.withAlphaComponent(0.4)

        // The terminal's key: a square block, the label centred.
        list.append(DisplayItem(frame: keyFrame, clip: frame, content: .fill(cap), hosts: .cells))
        var cellRun = TextRun(string: key.label, font: .systemFont(ofSize: 17), color: labelColor, alignment: .center)
        cellRun.isPlaceholder = !key.isEnabled
        list.append(DisplayItem(frame: keyFrame, clip: frame, content: .text(cellRun), hosts: .cells))

        // The picture's key: a rounded cap over its shadow.
        if hasCap(key) {
          let rounding = DisplayItem.CornerRounding(
            radius: Self.keyCornerRadius,
            corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
          list.append(DisplayItem(
            frame: keyFrame.offsetBy(dx: 0, dy: Self.keyShadowOffset), clip: frame,
            content: .roundedFill(palette.keyShadow, rounding), hosts: .pixels))
          list.append(DisplayItem(frame: keyFrame, clip: frame, content: .roundedFill(cap, rounding), hosts: .pixels))
        }
        var run = TextRun(string: key.label, font: labelFont(key), color: labelColor, alignment: .center)
        run.isPlaceholder = !key.isEnabled
        if isPadPlane, hasCap(key), key.label.first?.isNumber == true {
          // A keypad digit sits in the upper part of its key, the letters under it.
          let digitFrame = CGRect(x: keyFrame.minX, y: keyFrame.minY, width: keyFrame.width, height: keyFrame.height * 0.8)
          list.append(DisplayItem(frame: digitFrame, clip: frame, content: .text(run), hosts: .pixels))
          if let letters = key.secondaryLabel {
            let spaced = letters.count > 1 ? letters.map(String.init).joined(separator: "\u{2009}") : letters
            let lettersRun = TextRun(
              string: spaced, font: .systemFont(ofSize: Self.padLettersSize, weight: .semibold), color: labelColor,
              alignment: .center)
            let lettersFrame = CGRect(
              x: keyFrame.minX, y: keyFrame.minY + keyFrame.height * 0.62, width: keyFrame.width,
              height: keyFrame.height * 0.3)
            list.append(DisplayItem(frame: lettersFrame, clip: frame, content: .text(lettersRun), hosts: .pixels))
          }
        } else {
          list.append(DisplayItem(frame: keyFrame, clip: frame, content: .text(run), hosts: .pixels))
        }
      }
    }
    renderPredictionBar(geometry: geometry, in: frame, into: &list)
    renderBottomStrip(geometry: geometry, in: frame, into: &list)
  }

  /// The prediction bar's two separators between its three (empty) suggestion slots.
  private func renderPredictionBar(geometry: Geometry, in frame: CGRect, into list: inout DisplayList) {
    let bar = geometry.predictionBarHeight
    guard bar > 0 else { return }
    let height = (bar * 0.55).rounded()
    for third in 1...2 {
      let x = (frame.minX + frame.width * CGFloat(third) / 3).rounded()
      let line = CGRect(x: x, y: frame.minY + (bar - height) / 2, width: 1, height: height)
      list.append(DisplayItem(frame: line, clip: frame, content: .fill(palette.separator), hosts: .pixels))
    }
  }

  /// The emoji key and the dictation key below the letters on iPhones with a home indicator,
  /// drawn as iOS's outline symbols (a smiling face; a microphone).
  private func renderBottomStrip(geometry: Geometry, in frame: CGRect, into list: inout DisplayList) {
    guard geometry.bottomStripHeight > 0, !isPadPlane else { return }
    let y = frame.minY + geometry.keyArea.maxY + 21
    let color = palette.icon
    let stroke = PathRun.Mode.stroke(lineWidth: 1.5)
    func add(_ subpaths: [PathRun.Subpath], _ mode: PathRun.Mode) {
      let run = PathRun(subpaths: subpaths, color: color, mode: mode)
      list.append(DisplayItem(frame: run.bounds, clip: frame, content: .path(run), hosts: .pixels))
    }
    // The emoji key: a face 24 pt across, two eyes, a smile.
    let face = CGPoint(x: frame.minX + 30, y: y)
    add([Self.arc(centre: face, radius: 12, from: 0, to: 2 * .pi, closed: true)], stroke)
    add(
      [
        Self.arc(centre: CGPoint(x: face.x - 4, y: face.y - 3), radius: 1.5, from: 0, to: 2 * .pi, closed: true),
        Self.arc(centre: CGPoint(x: face.x + 4, y: face.y - 3), radius: 1.5, from: 0, to: 2 * .pi, closed: true),
      ], .fill(evenOdd: false))
    add([Self.arc(centre: CGPoint(x: face.x, y: face.y + 1), radius: 6, from: 0.15 * .pi, to: 0.85 * .pi, closed: false)], stroke)
    // The dictation key: a capsule, the cradle under it, a stem and a foot.
    let mic = CGPoint(x: frame.maxX - 30, y: y)
    let capsule = Self.capsule(centre: CGPoint(x: mic.x, y: mic.y - 4), width: 8, height: 14)
    add([capsule], .fill(evenOdd: false))
    add(
      [
        Self.arc(centre: CGPoint(x: mic.x, y: mic.y - 2), radius: 7, from: 0, to: .pi, closed: false),
        PathRun.Subpath(points: [CGPoint(x: mic.x, y: mic.y + 5), CGPoint(x: mic.x, y: mic.y + 10)], isClosed: false),
        PathRun.Subpath(points: [CGPoint(x: mic.x - 4, y: mic.y + 10), CGPoint(x: mic.x + 4, y: mic.y + 10)], isClosed: false),
      ], stroke)
  }

  /// An arc as a polyline (y down, angles clockwise from the positive x axis).
  static func arc(centre: CGPoint, radius: CGFloat, from start: CGFloat, to end: CGFloat, closed: Bool) -> PathRun.Subpath {
    let steps = max(8, Int(abs(end - start) * radius))
    let points = (0...steps).map { step -> CGPoint in
      let angle = start + (end - start) * CGFloat(step) / CGFloat(steps)
      return CGPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
    }
    return PathRun.Subpath(points: closed ? Array(points.dropLast()) : points, isClosed: closed)
  }

  /// A vertical capsule (a rectangle with semicircular ends) as a closed polyline.
  static func capsule(centre: CGPoint, width: CGFloat, height: CGFloat) -> PathRun.Subpath {
    let r = width / 2
    let top = arc(centre: CGPoint(x: centre.x, y: centre.y - height / 2 + r), radius: r, from: .pi, to: 2 * .pi, closed: false)
    let bottom = arc(centre: CGPoint(x: centre.x, y: centre.y + height / 2 - r), radius: r, from: 0, to: .pi, closed: false)
    return PathRun.Subpath(points: top.points + bottom.points, isClosed: true)
  }
}
