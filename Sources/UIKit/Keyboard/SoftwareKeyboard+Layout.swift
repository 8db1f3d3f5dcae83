// Where the keys are: row specs turned into rectangles, and hit testing.

extension SoftwareKeyboard {
  /// Spacing of a plane's keys, in points.
  private struct Spacing {
    /// Between the keyboard's edge and the outermost keys.
    var margin: CGFloat
    /// Between two keys of a row.
    var gap: CGFloat
    /// Between two rows (half of it above the top row and below the bottom one).
    var rowGap: CGFloat
    /// How many unit keys and gaps make up the reference row that defines one unit.
    var unitsPerRow: CGFloat
  }

  /// Letter planes: a 390 pt wide keyboard gets 33 pt letter keys 42 pt tall, 6 pt apart, 3 pt from
  /// the edges (iPhone keyboards measure about 31.5 × 42 pt at 375 pt), four 54 pt rows in 216 pt.
  private static let letterSpacing = Spacing(margin: 3, gap: 6, rowGap: 12, unitsPerRow: 10)
  /// Digit grids: three columns, 6 pt apart and from the edges, keys 47 pt tall in 216 pt.
  private static let padSpacing = Spacing(margin: 6, gap: 6, rowGap: 7, unitsPerRow: 3)

  /// The height of the key area of an iPhone in portrait, in points: four 54 pt rows.
  package static let portraitKeyAreaHeight: CGFloat = 216

  /// The keys of the plane showing, with frames for a keyboard `width` points wide whose keys fill
  /// the standard 216 pt key area at its top.
  package func rows(width: CGFloat) -> [[Key]] {
    rows(in: CGRect(x: 0, y: 0, width: width, height: Self.portraitKeyAreaHeight))
  }

  /// The keys of the plane showing, laid out in `keyArea` (in the keyboard's coordinates, e.g.
  /// `Geometry.keyArea`, below the prediction bar). Rows split the area's height equally.
  package func rows(in keyArea: CGRect) -> [[Key]] {
    let specs = keySpecs
    guard !specs.isEmpty else { return [] }
    let spacing = isPadPlane ? Self.padSpacing : Self.letterSpacing
    let unit = max(
      0,
      (keyArea.width - 2 * spacing.margin - (spacing.unitsPerRow - 1) * spacing.gap)
        / spacing.unitsPerRow)
    let pitch = keyArea.height / CGFloat(specs.count)
    let keyHeight = max(0, pitch - spacing.rowGap)
    return specs.enumerated().map { index, items in
      let y = keyArea.minY + CGFloat(index) * pitch + spacing.rowGap / 2
      return Self.layoutRow(
        items, unit: unit, spacing: spacing, minX: keyArea.minX, width: keyArea.width, y: y,
        height: keyHeight)
    }
  }

  /// The keys of the plane showing laid out in a keyboard's geometry.
  package func rows(in geometry: Geometry) -> [[Key]] {
    rows(in: geometry.keyArea)
  }

  /// The key whose rectangle contains `point` (keyboard coordinates, keys laid out as by
  /// `rows(in: keyArea)`), or nil in the gaps between keys, in a number pad's blank slot, and
  /// outside the key area. Rectangles are half-open: a key owns its top and left edges.
  package func key(at point: CGPoint, in keyArea: CGRect) -> Key? {
    for row in rows(in: keyArea) {
      guard let first = row.first, point.y >= first.frame.minY, point.y < first.frame.maxY else {
        continue
      }
      return row.first { $0.frame.contains(point) }
    }
    return nil
  }

  /// The key at `point` for a keyboard `width` points wide with the standard 216 pt key area at
  /// its top (see `rows(width:)`).
  package func key(at point: CGPoint, width: CGFloat) -> Key? {
    key(at: point, in: CGRect(x: 0, y: 0, width: width, height: Self.portraitKeyAreaHeight))
  }

  /// The key at `point` for a keyboard of the given geometry.
  package func key(at point: CGPoint, in geometry: Geometry) -> Key? {
    key(at: point, in: geometry.keyArea)
  }

  /// Places one row: fixed widths first, then flexible keys and spacers share what is left; a row
  /// with nothing flexible is centred (the letter plane's second row).
  private static func layoutRow(
    _ items: [RowItem], unit: CGFloat, spacing: Spacing, minX: CGFloat, width: CGFloat,
    y: CGFloat, height: CGFloat
  ) -> [Key] {
    var slots = 0
    var fixed: CGFloat = 0
    var weights: CGFloat = 0
    func account(_ width: Width) {
      switch width {
      case .units(let units): fixed += units * unit
      case .flexible(let weight): weights += weight
      }
    }
    for item in items {
      switch item {
      case .key(_, let width), .hole(let width):
        slots += 1
        account(width)
      case .spacer(let width):
        account(width)
      }
    }
    let gaps = CGFloat(max(0, slots - 1)) * spacing.gap
    let leftover = max(0, width - 2 * spacing.margin - gaps - fixed)
    let perWeight = weights > 0 ? leftover / weights : 0
    func resolve(_ width: Width) -> CGFloat {
      switch width {
      case .units(let units): units * unit
      case .flexible(let weight): weight * perWeight
      }
    }
    var x = minX + spacing.margin + (weights > 0 ? 0 : leftover / 2)
    var placedSlots = 0
    var keys: [Key] = []
    for item in items {
      switch item {
      case .key(let spec, let width):
        if placedSlots > 0 { x += spacing.gap }
        let keyWidth = resolve(width)
        keys.append(
          Key(
            label: spec.label, secondaryLabel: spec.secondaryLabel, action: spec.action,
            role: spec.role, isEnabled: spec.isEnabled, isProminent: spec.isProminent,
            isSelected: spec.isSelected,
            frame: CGRect(x: x, y: y, width: keyWidth, height: height)))
        x += keyWidth
        placedSlots += 1
      case .hole(let width):
        if placedSlots > 0 { x += spacing.gap }
        x += resolve(width)
        placedSlots += 1
      case .spacer(let width):
        x += resolve(width)
      }
    }
    return keys
  }
}
