import Foundation

/// An effect a ``UIVisualEffectView`` applies: a blur of what is behind it, or vibrancy for
/// what is in it. Effects are immutable, so a copy is the same object (and they can be shared
/// between threads).
open class UIVisualEffect: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  public static var supportsSecureCoding: Bool { true }

  public override init() {
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init()
  }

  open func encode(with coder: NSCoder) {}

  open func copy(with zone: NSZone? = nil) -> Any { self }

  /// The colour the effect lays over the content behind it: the material, as a translucent
  /// colour (nil: the effect draws nothing of its own).
  var _materialColor: UIColor? { nil }
}

/// A blur of the content behind the view, in one of the system's materials.
open class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
  /// The materials, with iOS's raw values.
  public enum Style: Int, Sendable {
    case extraLight = 0, light = 1, dark = 2
    case regular = 4, prominent = 5
    case systemUltraThinMaterial = 6, systemThinMaterial = 7, systemMaterial = 8, systemThickMaterial = 9,
      systemChromeMaterial = 10
    case systemUltraThinMaterialLight = 11, systemThinMaterialLight = 12, systemMaterialLight = 13,
      systemThickMaterialLight = 14, systemChromeMaterialLight = 15
    case systemUltraThinMaterialDark = 16, systemThinMaterialDark = 17, systemMaterialDark = 18,
      systemThickMaterialDark = 19, systemChromeMaterialDark = 20
  }

  package let _style: Style

  /// A blur in the material of `style`.
  public init(style: Style) {
    _style = style
    super.init()
  }

  public required init?(coder: NSCoder) {
    _style = Style(rawValue: coder.decodeInteger(forKey: "UIBlurEffectStyle")) ?? .systemMaterial
    super.init(coder: coder)
  }

  open override func encode(with coder: NSCoder) {
    coder.encode(_style.rawValue, forKey: "UIBlurEffectStyle")
  }

  /// The material's tint over the blurred content. The adaptive styles (`.regular`,
  /// `.prominent` and the system materials without Light or Dark in their names) follow the
  /// traits of the view that draws them; thinner materials let more of what is behind show.
  override var _materialColor: UIColor? {
    func light(_ alpha: CGFloat) -> UIColor { UIColor(red: 0.97, green: 0.97, blue: 0.97, alpha: alpha) }
    func dark(_ alpha: CGFloat) -> UIColor { UIColor(red: 0.11, green: 0.11, blue: 0.12, alpha: alpha) }
    func adaptive(_ alpha: CGFloat) -> UIColor {
      UIColor { $0.userInterfaceStyle == .dark ? dark(alpha) : light(alpha) }
    }
    return switch _style {
    case .extraLight: light(0.85)
    case .light: light(0.7)
    case .regular: adaptive(0.7)
    case .prominent: adaptive(0.8)
    case .dark: dark(0.7)
    case .systemUltraThinMaterial: adaptive(0.45)
    case .systemThinMaterial: adaptive(0.6)
    case .systemMaterial: adaptive(0.72)
    case .systemThickMaterial: adaptive(0.85)
    case .systemChromeMaterial: adaptive(0.8)
    case .systemUltraThinMaterialLight: light(0.45)
    case .systemThinMaterialLight: light(0.6)
    case .systemMaterialLight: light(0.72)
    case .systemThickMaterialLight: light(0.85)
    case .systemChromeMaterialLight: light(0.8)
    case .systemUltraThinMaterialDark: dark(0.45)
    case .systemThinMaterialDark: dark(0.6)
    case .systemMaterialDark: dark(0.72)
    case .systemThickMaterialDark: dark(0.85)
    case .systemChromeMaterialDark: dark(0.8)
    }
  }
}

/// How vibrant content is drawn (iOS 13), with iOS's raw values.
public enum UIVibrancyEffectStyle: Int, Sendable {
  case label = 0, secondaryLabel = 1, tertiaryLabel = 2, quaternaryLabel = 3
  case fill = 4, secondaryFill = 5, tertiaryFill = 6
  case separator = 7
}

/// Vibrancy for the content of a visual effect view laid over a blur of the same material.
/// Its content is drawn in its own colours here (there is no blur to take colour from).
open class UIVibrancyEffect: UIVisualEffect, @unchecked Sendable {
  let _blurEffect: UIBlurEffect
  let _vibrancyStyle: UIVibrancyEffectStyle

  /// Vibrancy for content over `blurEffect`.
  public init(blurEffect: UIBlurEffect) {
    _blurEffect = blurEffect
    _vibrancyStyle = .label
    super.init()
  }

  /// Vibrancy of `style` for content over `blurEffect` (iOS 13).
  public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
    _blurEffect = blurEffect
    _vibrancyStyle = style
    super.init()
  }

  public required init?(coder: NSCoder) {
    _blurEffect = coder.decodeObject(of: UIBlurEffect.self, forKey: "UIVibrancyEffectBlurEffect") ?? UIBlurEffect(style: .systemMaterial)
    _vibrancyStyle = UIVibrancyEffectStyle(rawValue: coder.decodeInteger(forKey: "UIVibrancyEffectStyle")) ?? .label
    super.init(coder: coder)
  }

  open override func encode(with coder: NSCoder) {
    coder.encode(_blurEffect, forKey: "UIVibrancyEffectBlurEffect")
    coder.encode(_vibrancyStyle.rawValue, forKey: "UIVibrancyEffectStyle")
  }
}

/// A view that applies a visual effect: a blur draws the material over what is behind it;
/// views go in ``contentView``, drawn over the material. Adding a subview to the effect view
/// itself is a programmer error, as on iOS 11 and later.
///
/// There is no blur here: a material is drawn as its translucent tint (in a terminal, the cells
/// under it dim towards it), and vibrant content in its own colours.
@preconcurrency @MainActor
open class UIVisualEffectView: UIView {

  /// The view to add subviews to.
  open private(set) var contentView = UIView()

  /// The effect (nil: none; the view then draws only its content).
  open var effect: UIVisualEffect? {
    get { _effect }
    set { _effect = newValue?.copy() as? UIVisualEffect }
  }
  private var _effect: UIVisualEffect?
  private var _addingContentView = false

  /// An effect view with `effect`.
  public init(effect: UIVisualEffect?) {
    super.init(frame: .zero)
    _effect = effect
    _installContentView()
  }

  /// An effect view without an effect in `frame` (what `UIVisualEffectView()` makes).
  public override convenience init(frame: CGRect) {
    self.init(effect: nil)
    self.frame = frame
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    _installContentView()
  }

  private func _installContentView() {
    contentView.frame = bounds
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    _addingContentView = true
    addSubview(contentView)
    _addingContentView = false
  }

  open override func insertSubview(_ view: UIView, at index: Int) {
    precondition(
      _addingContentView || view === contentView,
      "\(view) has been added as a subview to \(self). Do not add subviews directly to the visual effect view itself, instead add them to the -contentView.")
    super.insertSubview(view, at: index)
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    guard let color = _effect?._materialColor else { return }
    let radius = layer.cornerRadius
    let content: DisplayItem.Content =
      radius > 0 ? .roundedFill(color, DisplayItem.CornerRounding(radius: radius, corners: layer.maskedCorners)) : .fill(color)
    list.append(DisplayItem(frame: rect, clip: clip, content: content, alpha: alpha))
  }
}
