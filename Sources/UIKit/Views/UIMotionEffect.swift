// Motion effects: a view's properties following the device's tilt (the parallax of iOS's home
// screen).
//
// A terminal has no accelerometer and no tilt, so on Linux motion effects are configuration only:
// `UIView.addMotionEffect(_:)` keeps them (`motionEffects` lists them) and nothing ever moves the
// view. `keyPathsAndRelativeValues(forViewerOffset:)` computes what iOS would apply for a given
// tilt, so code (and tests) can check an effect's configuration; no host calls it.

/// A horizontal and a vertical offset (e.g. how far the viewer's eyes are off-centre, each from
/// −1 to 1).
public struct UIOffset: Hashable, Sendable {
  /// The horizontal offset.
  public var horizontal: CGFloat
  /// The vertical offset.
  public var vertical: CGFloat

  /// Creates an offset.
  public init(horizontal: CGFloat, vertical: CGFloat) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// Creates an offset of zero.
  public init() {
    self.init(horizontal: 0, vertical: 0)
  }

  /// No offset.
  public static let zero = UIOffset()
}

/// An abstract motion effect: maps how the viewer sees the device to changes of a view's key
/// paths. Subclasses override ``keyPathsAndRelativeValues(forViewerOffset:)``.
@preconcurrency @MainActor
open class UIMotionEffect: NSObject {
  /// Creates a motion effect.
  public override init() {
    super.init()
  }

  /// Storyboards and nibs do not exist on Linux; this initializer exists so that subclasses
  /// written for iOS compile.
  public required init?(coder: NSCoder) {
    super.init()
  }

  /// The changes to apply, relative to the view's values, for the viewer's offset (each
  /// component from −1 to 1); nil for none. The default applies none.
  open func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? {
    nil
  }
}

/// A motion effect that moves one key path (e.g. "center.x") between a minimum and a maximum
/// relative value as the device tilts along one axis. On Linux it keeps its configuration only:
/// nothing tilts a terminal.
@preconcurrency @MainActor
open class UIInterpolatingMotionEffect: UIMotionEffect {
  /// The axis of tilt an interpolating motion effect follows.
  public enum EffectType: Int, Sendable {
    /// Tilting left and right (the viewer's horizontal offset).
    case tiltAlongHorizontalAxis = 0
    /// Tilting up and down (the viewer's vertical offset).
    case tiltAlongVerticalAxis = 1
  }

  /// The key path the effect changes (e.g. "center.x", "center.y").
  public let keyPath: String
  /// The axis of tilt it follows.
  public let type: EffectType
  /// The relative value at full tilt one way (a number, e.g. `-25`).
  open var minimumRelativeValue: Any?
  /// The relative value at full tilt the other way (a number, e.g. `25`).
  open var maximumRelativeValue: Any?

  /// Creates an effect changing `keyPath` as the device tilts along `type`'s axis.
  public init(keyPath: String, type: EffectType) {
    self.keyPath = keyPath
    self.type = type
    super.init()
  }

  /// Storyboards and nibs do not exist on Linux; nothing calls this. It creates an effect for
  /// an empty key path.
  public required init?(coder: NSCoder) {
    keyPath = ""
    type = .tiltAlongHorizontalAxis
    super.init(coder: coder)
  }

  /// The relative value between the minimum (offset −1) and the maximum (offset 1), linearly,
  /// for the offset along the effect's axis; nil unless both values are numbers.
  open override func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? {
    guard let minimum = Self.number(minimumRelativeValue), let maximum = Self.number(maximumRelativeValue)
    else { return nil }
    let offset = type == .tiltAlongHorizontalAxis ? viewerOffset.horizontal : viewerOffset.vertical
    let t = (min(1, max(-1, offset)) + 1) / 2
    return [keyPath: NSNumber(value: Double(minimum + (maximum - minimum) * t))]
  }

  private static func number(_ value: Any?) -> CGFloat? {
    switch value {
    case let n as NSNumber: CGFloat(n.doubleValue)
    case let n as Int: CGFloat(n)
    case let n as Double: CGFloat(n)
    case let n as CGFloat: n
    case let n as Float: CGFloat(n)
    default: nil
    }
  }
}

/// Several motion effects applied together.
@preconcurrency @MainActor
open class UIMotionEffectGroup: UIMotionEffect {
  /// The effects of the group.
  open var motionEffects: [UIMotionEffect]?

  /// The changes of every effect of the group, merged (later effects win on the same key path).
  open override func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? {
    var merged: [String: Any] = [:]
    for effect in motionEffects ?? [] {
      merged.merge(effect.keyPathsAndRelativeValues(forViewerOffset: viewerOffset) ?? [:]) { $1 }
    }
    return merged.isEmpty ? nil : merged
  }
}
