// CATextLayer: a layer that shows a string on one line.

/// How a text layer aligns its string (`CATextLayer.alignmentMode`).
public struct CATextLayerAlignmentMode: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
  public static let left = CATextLayerAlignmentMode(rawValue: "left")
  public static let right = CATextLayerAlignmentMode(rawValue: "right")
  public static let center = CATextLayerAlignmentMode(rawValue: "center")
  public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// How a text layer shortens a string too long for its bounds (`CATextLayer.truncationMode`).
public struct CATextLayerTruncationMode: Hashable, Sendable, RawRepresentable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let none = CATextLayerTruncationMode(rawValue: "none")
  public static let start = CATextLayerTruncationMode(rawValue: "start")
  public static let end = CATextLayerTruncationMode(rawValue: "end")
  public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// A layer that draws a string (a `String` or an `NSAttributedString`'s characters) in
/// `foregroundColor`, on the first line of its bounds.
@preconcurrency @MainActor
open class CATextLayer: CALayer {
  /// The text: a String or an NSAttributedString (nil: nothing drawn).
  open var string: Any?
  /// The font: a `UIFont`, a font name (`String` or `NSString`), or nil for the system font.
  /// Its size is ignored; ``fontSize`` gives the size, as on iOS. (iOS also takes a `CTFont` or
  /// a `CGFont`, which do not exist here, and draws Helvetica when it is nil.)
  open var font: CFTypeRef?
  /// The font size in points (36 by default, as on iOS).
  open var fontSize: CGFloat = 36 {
    didSet { implicitChange("fontSize", from: .number(Double(oldValue))) }
  }
  /// The text colour (opaque white by default, as on iOS).
  open var foregroundColor: CGColor? = CGColor(gray: 1, alpha: 1) {
    didSet { implicitChange("foregroundColor", from: .color(oldValue)) }
  }
  /// Whether the text wraps (kept; hosts draw one line).
  open var isWrapped = false
  /// How the text is aligned in the bounds.
  open var alignmentMode: CATextLayerAlignmentMode = .natural
  /// How text too long is shortened (kept; hosts cut it at the bounds).
  open var truncationMode: CATextLayerTruncationMode = .none

  public override init() {
    super.init()
  }

  public override init(layer: Any) {
    super.init(layer: layer)
    guard let other = layer as? CATextLayer else { return }
    string = other.string
    font = other.font
    fontSize = other.fontSize
    foregroundColor = other.foregroundColor
    isWrapped = other.isWrapped
    alignmentMode = other.alignmentMode
    truncationMode = other.truncationMode
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  package override func makePresentationCopy() -> CALayer { CATextLayer(layer: self) }

  /// The characters to draw.
  package var plainString: String? {
    switch string {
    case let s as String: s
    case let a as NSAttributedString: a.string
    default: nil
    }
  }

  package override func animatableValue(forKeyPath keyPath: String) -> CAAnimatableValue? {
    switch keyPath {
    case "foregroundColor": .color(foregroundColor)
    case "fontSize": .number(fontSize)
    default: super.animatableValue(forKeyPath: keyPath)
    }
  }

  package override func setAnimatableValue(_ value: CAAnimatableValue, forKeyPath keyPath: String) {
    switch (keyPath, value) {
    case ("foregroundColor", .color(let c)): foregroundColor = c
    case ("fontSize", .number(let n)): fontSize = n
    default: super.setAnimatableValue(value, forKeyPath: keyPath)
    }
  }
}
