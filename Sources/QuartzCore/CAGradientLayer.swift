// CAGradientLayer: a layer filled with a colour gradient over its bounds.

/// The kind of gradient (`CAGradientLayer.type`).
public struct CAGradientLayerType: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Colours vary along the line from `startPoint` to `endPoint` (the default).
  public static let axial = CAGradientLayerType(rawValue: "axial")
  /// Colours vary with the distance from `startPoint`; `endPoint` marks where the last is reached.
  public static let radial = CAGradientLayerType(rawValue: "radial")
  /// Colours vary with the angle about `startPoint`, from the direction of `endPoint`.
  public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that fills its background with a gradient.
@preconcurrency @MainActor
open class CAGradientLayer: CALayer {
  /// The colours (CGColor), in order (nil: no gradient).
  open var colors: [Any]? {
    didSet {
      implicitChange("colors", from: .colors((oldValue ?? []).compactMap { $0 as? CGColor }))
    }
  }
  /// Where each colour sits, 0...1 along the gradient (nil: evenly spaced).
  open var locations: [NSNumber]? {
    didSet { implicitChange("locations", from: .numbers((oldValue ?? []).map(\.doubleValue))) }
  }
  /// Where the gradient starts, in unit coordinates of the bounds ((0.5, 0) by default: the top).
  open var startPoint = CGPoint(x: 0.5, y: 0) {
    didSet { implicitChange("startPoint", from: .point(oldValue)) }
  }
  /// Where it ends ((0.5, 1) by default: the bottom).
  open var endPoint = CGPoint(x: 0.5, y: 1) {
    didSet { implicitChange("endPoint", from: .point(oldValue)) }
  }
  /// The kind of gradient.
  open var type: CAGradientLayerType = .axial

  public override init() {
    super.init()
  }

  public override init(layer: Any) {
    super.init(layer: layer)
    guard let other = layer as? CAGradientLayer else { return }
    colors = other.colors
    locations = other.locations
    startPoint = other.startPoint
    endPoint = other.endPoint
    type = other.type
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  package override func makePresentationCopy() -> CALayer { CAGradientLayer(layer: self) }

  package override func animatableValue(forKeyPath keyPath: String) -> CAAnimatableValue? {
    switch keyPath {
    case "colors": .colors((colors ?? []).compactMap { $0 as? CGColor })
    case "locations": .numbers((locations ?? []).map(\.doubleValue))
    case "startPoint": .point(startPoint)
    case "endPoint": .point(endPoint)
    default: super.animatableValue(forKeyPath: keyPath)
    }
  }

  package override func setAnimatableValue(_ value: CAAnimatableValue, forKeyPath keyPath: String) {
    switch (keyPath, value) {
    case ("colors", .colors(let c)): colors = c
    case ("locations", .numbers(let n)): locations = n.map { NSNumber(value: $0) }
    case ("startPoint", .point(let p)): startPoint = p
    case ("endPoint", .point(let p)): endPoint = p
    default: super.setAnimatableValue(value, forKeyPath: keyPath)
    }
  }

  /// The gradient as a value hosts can sample off the main actor.
  package var geometry: CAGradientGeometry {
    CAGradientGeometry(
      colors: (colors ?? []).compactMap { $0 as? CGColor },
      locations: locations.map { $0.map { CGFloat($0.doubleValue) } },
      startPoint: startPoint, endPoint: endPoint, type: type)
  }
}

/// A gradient's colours and shape, sampled by hosts cell by cell.
package struct CAGradientGeometry: Sendable {
  package var colors: [CGColor]
  package var locations: [CGFloat]?
  package var startPoint: CGPoint
  package var endPoint: CGPoint
  package var type: CAGradientLayerType

  /// The colour at a point in unit coordinates of the bounds; nil without colours.
  package func color(atUnitPoint p: CGPoint) -> CGColor? {
    let stops = colors
    guard let first = stops.first else { return nil }
    guard stops.count > 1 else { return first }
    var t: CGFloat
    let dx = endPoint.x - startPoint.x
    let dy = endPoint.y - startPoint.y
    switch type {
    case .radial:
      let rx = abs(dx)
      let ry = abs(dy)
      let nx = rx > 0 ? (p.x - startPoint.x) / rx : 0
      let ny = ry > 0 ? (p.y - startPoint.y) / ry : 0
      t = (nx * nx + ny * ny).squareRoot()
    case .conic:
      var angle = atan2(p.y - startPoint.y, p.x - startPoint.x) - atan2(dy, dx)
      while angle < 0 { angle += 2 * .pi }
      t = angle / (2 * .pi)
    default:
      let lengthSquared = dx * dx + dy * dy
      t =
        lengthSquared > 0
        ? ((p.x - startPoint.x) * dx + (p.y - startPoint.y) * dy) / lengthSquared : 0
    }
    t = min(max(t, 0), 1)
    let positions = locations ?? stops.indices.map { CGFloat($0) / CGFloat(stops.count - 1) }
    guard positions.count >= stops.count else { return first }
    if t <= positions[0] { return stops[0] }
    for index in 1..<stops.count where t <= positions[index] {
      let span = positions[index] - positions[index - 1]
      let f = span > 0 ? (t - positions[index - 1]) / span : 1
      let a = stops[index - 1].rgba
      let b = stops[index].rgba
      return CGColor(
        red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
        blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
    }
    return stops[stops.count - 1]
  }
}
