import Foundation

/// A feedback generator that plays impacts: a view snapping into place, colliding with an edge.
@preconcurrency @MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
  /// The mass of the objects colliding. Raw values are Apple's (`UIImpactFeedbackStyle`).
  public enum FeedbackStyle: Int, Sendable, Hashable {
    case light = 0
    case medium = 1
    case heavy = 2
    case soft = 3
    case rigid = 4
  }

  /// The style the generator plays (iOS keeps it private).
  package let _style: FeedbackStyle

  /// A generator of `style` impacts.
  public init(style: FeedbackStyle) {
    self._style = style
    super.init()
  }

  /// A generator of medium impacts, as iOS makes it.
  public override convenience init() {
    self.init(style: .medium)
  }

  /// A generator of `style` impacts attached to `view` (iOS 17.5).
  public convenience init(style: FeedbackStyle, view: UIView) {
    self.init(style: style)
    view.addInteraction(self)
  }

  /// Plays an impact of the generator's style at full intensity.
  open func impactOccurred() {
    _report("impactOccurred()", ".\(_style)")
  }

  /// Plays an impact at `intensity`, from 0 to 1 (values outside are clamped, as the engine
  /// cannot play them).
  open func impactOccurred(intensity: CGFloat) {
    _report("impactOccurred(intensity:)", ".\(_style) \(Self._number(Self._clamped(intensity)))")
  }

  /// Plays an impact at `location` in the generator's view (iOS 17.5).
  open func impactOccurred(at location: CGPoint) {
    _report("impactOccurred(at:)", ".\(_style) \(Self._describe(location))")
  }

  /// Plays an impact at `intensity` and `location` in the generator's view (iOS 17.5).
  open func impactOccurred(intensity: CGFloat, at location: CGPoint) {
    _report(
      "impactOccurred(intensity:at:)",
      ".\(_style) \(Self._number(Self._clamped(intensity))) \(Self._describe(location))")
  }

  static func _clamped(_ intensity: CGFloat) -> CGFloat {
    intensity.isNaN ? 0 : min(max(intensity, 0), 1)
  }
}

/// Apple's Objective-C name for the impact styles.
public typealias UIImpactFeedbackStyle = UIImpactFeedbackGenerator.FeedbackStyle
