import Foundation
import QuartzCore

/// A spinning wheel that shows that a task is in progress: eight spokes fading round, once a
/// second, on UIKit's clock (tests advance it). With ``hidesWhenStopped`` (the default) the view
/// is hidden until ``startAnimating()`` and again after ``stopAnimating()``, as on iOS.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
  /// The sizes and colours of the indicator, with iOS's raw values.
  public enum Style: Int, Sendable {
    /// 20 × 20 points, in the secondary label colour.
    case medium = 100
    /// 37 × 37 points, in the secondary label colour.
    case large = 101
    @available(iOS, deprecated: 13.0, renamed: "large")
    case whiteLarge = 0
    @available(iOS, deprecated: 13.0, renamed: "medium")
    case white = 1
    @available(iOS, deprecated: 13.0, renamed: "medium")
    case gray = 2
  }

  /// The key of the rotation that drives the spokes while animating.
  static let _spinKey = "UIActivityIndicatorViewSpin"

  /// The style (default ``Style/medium``). It sets the size the view wants, not its colour
  /// once one was set.
  open var style: Style = .medium {
    didSet { invalidateIntrinsicContentSize() }
  }

  /// Whether the view hides itself while stopped (default true): setting it while stopped
  /// hides or shows the view at once.
  open var hidesWhenStopped = true {
    didSet { if !_isAnimating { isHidden = hidesWhenStopped } }
  }

  /// The spokes' colour; nil resets it to the style's (secondary label, or white for the old
  /// white styles).
  open var color: UIColor! {
    get { _color ?? _styleColor }
    set {
      guard _appearanceSetterProceeds("color") else { return }
      _color = newValue
    }
  }
  private var _color: UIColor?

  private var _isAnimating = false

  /// Whether the indicator is spinning.
  open var isAnimating: Bool { _isAnimating }

  /// An indicator of `style`, sized for it.
  public init(style: Style) {
    self.style = style
    super.init(frame: CGRect(origin: .zero, size: Self._size(of: style)))
    _commonInit()
  }

  /// An indicator in the frame (the medium style).
  public override init(frame: CGRect) {
    super.init(frame: frame)
    _commonInit()
  }

  public required init(coder: NSCoder) {
    super.init(frame: .zero)
    _commonInit()
  }

  private func _commonInit() {
    // Stopped and hidden, as `hidesWhenStopped` says.
    isHidden = hidesWhenStopped
    isUserInteractionEnabled = false
  }

  private static func _size(of style: Style) -> CGSize {
    switch style {
    case .large, .whiteLarge: CGSize(width: 37, height: 37)
    default: CGSize(width: 20, height: 20)
    }
  }

  private var _styleColor: UIColor {
    switch style {
    case .white, .whiteLarge: .white
    case .gray: UIColor(white: 0, alpha: 0.45)
    default: .secondaryLabel
    }
  }

  open override var intrinsicContentSize: CGSize { Self._size(of: style) }
  open override func sizeThatFits(_ size: CGSize) -> CGSize { Self._size(of: style) }

  /// Starts spinning (and shows the view if it hides when stopped).
  open func startAnimating() {
    guard !_isAnimating else { return }
    _isAnimating = true
    if hidesWhenStopped { isHidden = false }
    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
    spin.fromValue = 0.0
    spin.toValue = 2 * Double.pi
    spin.duration = 1
    spin.repeatCount = .infinity
    layer.add(spin, forKey: Self._spinKey)
  }

  /// Stops spinning (and hides the view if it hides when stopped).
  open func stopAnimating() {
    guard _isAnimating else { return }
    _isAnimating = false
    layer.removeAnimation(forKey: Self._spinKey)
    if hidesWhenStopped { isHidden = true }
  }

  /// Which of the eight spokes leads now (the brightest).
  var _leadingSpoke: Int {
    guard _isAnimating, let shown = layer.presentation() else { return 0 }
    let angle = atan2(shown.transform.m12, shown.transform.m11)
    let turn = (angle < 0 ? angle + 2 * .pi : angle) / (2 * .pi)
    return Int(bounded: (turn * 8).rounded(.down)) % 8
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let size = Self._size(of: style)
    let box = CGRect(x: rect.midX - size.width / 2, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    let lead = _leadingSpoke
    let color: UIColor = color
    // Pixels: eight spokes, the leading one opaque and the others fading behind it.
    let outer = size.width / 2
    let inner = outer * 0.45
    for spoke in 0..<8 {
      let angle = CGFloat(spoke) * .pi / 4 - .pi / 2
      let behind = (lead - spoke + 8) % 8
      let fade = _isAnimating ? 1 - CGFloat(behind) * (0.68 / 7) : 0.5
      let start = CGPoint(x: box.midX + inner * cos(angle), y: box.midY + inner * sin(angle))
      let end = CGPoint(x: box.midX + outer * 0.92 * cos(angle), y: box.midY + outer * 0.92 * sin(angle))
      let run = PathRun(
        subpaths: [PathRun.Subpath(points: [start, end], isClosed: false)], color: color,
        mode: .stroke(lineWidth: size.width >= 37 ? 3.5 : 2))
      list.append(DisplayItem(frame: run.bounds, clip: clip, content: .path(run), alpha: alpha * fade, hosts: .pixels))
    }
    // Cells: one braille spinner character, turning with the spokes.
    let frames = ["⣷", "⣯", "⣟", "⡿", "⢿", "⣻", "⣽", "⣾"]
    let run = TextRun(string: frames[lead], font: .systemFont(ofSize: 17), color: color, alignment: .center)
    list.append(DisplayItem(frame: box.insetBy(dx: -4, dy: -4), clip: clip, content: .text(run), alpha: alpha, hosts: .cells))
  }
}
