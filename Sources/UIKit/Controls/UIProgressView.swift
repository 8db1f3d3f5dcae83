import Foundation

/// A bar that fills from the leading edge as a task progresses (``progress`` from 0 to 1). With
/// an ``observedProgress`` it shows that `Progress`'s `fractionCompleted` each time it is drawn.
@preconcurrency @MainActor
open class UIProgressView: UIView {
  /// The looks of a progress view, with iOS's raw values.
  public enum Style: Int, Sendable {
    /// The standard bar: 4 points tall, rounded, on a grey track.
    case `default` = 0
    /// The bar of a toolbar: thinner, square ends, no track.
    case bar = 1
  }

  /// The style (default ``Style/default``).
  open var progressViewStyle: Style = .default {
    didSet { invalidateIntrinsicContentSize() }
  }

  private var _progress: Float = 0

  /// How far the task is, from 0 to 1 (values outside are pinned); with an
  /// ``observedProgress``, that progress's fraction completed.
  open var progress: Float {
    get { observedProgress.map { Float(Swift.min(1, Swift.max(0, $0.fractionCompleted))) } ?? _progress }
    set { setProgress(newValue, animated: false) }
  }

  /// The colour of the filled part (nil: the tint colour). Setting it drops ``progressImage``.
  open var progressTintColor: UIColor? {
    get { _progressTint }
    set {
      guard _appearanceSetterProceeds("progressTintColor") else { return }
      _progressTint = newValue
      _progressImage = nil
    }
  }

  /// The colour of the unfilled part (nil: the system's light grey; none for the bar style).
  /// Setting it drops ``trackImage``.
  open var trackTintColor: UIColor? {
    get { _trackTint }
    set {
      guard _appearanceSetterProceeds("trackTintColor") else { return }
      _trackTint = newValue
      _trackImage = nil
    }
  }

  /// An image for the filled part (it replaces the tint colour).
  open var progressImage: UIImage? {
    get { _progressImage }
    set {
      guard _appearanceSetterProceeds("progressImage") else { return }
      _progressImage = newValue
      if newValue != nil { _progressTint = nil }
    }
  }

  /// An image for the unfilled part (it replaces the track colour).
  open var trackImage: UIImage? {
    get { _trackImage }
    set {
      guard _appearanceSetterProceeds("trackImage") else { return }
      _trackImage = newValue
      if newValue != nil { _trackTint = nil }
    }
  }

  private var _progressTint: UIColor?
  private var _trackTint: UIColor?
  private var _progressImage: UIImage?
  private var _trackImage: UIImage?

  /// A `Progress` whose fraction completed the bar shows (nil: ``progress`` as set). Foundation
  /// on Linux has no key-value observing, so the bar reads the fraction each time it is drawn:
  /// a change made on the main queue shows at the next frame.
  open var observedProgress: Progress?

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  /// A progress view of `style`, 160 points wide and as tall as the style's bar (as on iOS).
  public convenience init(progressViewStyle style: Style) {
    self.init(frame: CGRect(x: 0, y: 0, width: 160, height: Self._height(of: style)))
    progressViewStyle = style
  }

  private static func _height(of style: Style) -> CGFloat {
    style == .bar ? 2.5 : 4
  }

  open override var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: Self._height(of: progressViewStyle))
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: bounds.width, height: Self._height(of: progressViewStyle))
  }

  /// Sets the progress (pinned to 0...1; NaN is ignored). The bar is drawn at its new length.
  open func setProgress(_ progress: Float, animated: Bool) {
    guard !progress.isNaN else { return }
    _progress = Swift.min(1, Swift.max(0, progress))
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let height = Swift.min(rect.height, Self._height(of: progressViewStyle))
    let bar = CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: height)
    let fraction = CGFloat(progress)
    let rounded = progressViewStyle == .default
    // The filled part is never narrower than its two round caps, as on iOS, and absent at 0.
    var filledWidth = (bar.width * fraction).rounded()
    if rounded && fraction > 0 { filledWidth = Swift.max(filledWidth, Swift.min(bar.width, 2 * height)) }
    let leftToRight = effectiveUserInterfaceLayoutDirection == .leftToRight
    let filled = CGRect(
      x: leftToRight ? bar.minX : bar.maxX - filledWidth, y: bar.minY, width: filledWidth, height: height)
    let trackColor: UIColor? = trackTintColor ?? (progressViewStyle == .bar ? nil : _ControlDrawing.track)
    let fillColor: UIColor = progressTintColor ?? tintColor ?? .systemBlue
    let radius = rounded ? height / 2 : 0
    if let image = trackImage {
      list.append(DisplayItem(frame: bar, clip: clip, content: .image(image), alpha: alpha, hosts: .pixels))
    } else if let trackColor {
      list.append(_ControlDrawing.roundedRect(bar, trackColor, radius: radius, clip: clip, alpha: alpha, hosts: .pixels))
    }
    if filledWidth > 0 {
      if let image = progressImage {
        list.append(DisplayItem(frame: filled, clip: clip, content: .image(image), alpha: alpha, hosts: .pixels))
      } else {
        list.append(_ControlDrawing.roundedRect(filled, fillColor, radius: radius, clip: clip, alpha: alpha, hosts: .pixels))
      }
    }
    // Cells: the bar as a line of heavy and light rules on the row through its middle.
    let columns = _ControlDrawing.columns(bar.width)
    guard columns > 0 else { return }
    let full = Swift.min(columns, Int(bounded: (fraction * CGFloat(columns)).rounded()))
    var pieces = [(String(repeating: "━", count: full), fillColor), (String(repeating: "─", count: columns - full), _ControlDrawing.hairline)]
    if !leftToRight { pieces.reverse() }
    let row = _ControlDrawing.cellRow(through: bar.midY, x: bar.minX, width: bar.width)
    list.append(_ControlDrawing.cellLine(pieces, in: row, clip: clip, alpha: alpha))
  }
}
