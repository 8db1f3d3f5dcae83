/// The orientation of the interface. The landscape cases are named for the home button's side
/// and are the opposite of the device's: turning the device left (`UIDeviceOrientation
/// .landscapeLeft`) turns the content right (`.landscapeRight`), as the raw values say.
public enum UIInterfaceOrientation: Int, Sendable, Hashable {
  case unknown = 0
  case portrait = 1
  case portraitUpsideDown = 2
  /// The home button on the left (the device turned right: `UIDeviceOrientation.landscapeRight`).
  case landscapeLeft = 4
  /// The home button on the right (the device turned left: `UIDeviceOrientation.landscapeLeft`).
  case landscapeRight = 3

  /// Portrait or upside down.
  public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
  /// Either landscape orientation.
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

  /// The interface orientation that matches a device orientation (nil when flat or unknown).
  init?(_ device: UIDeviceOrientation) {
    switch device {
    case .portrait: self = .portrait
    case .portraitUpsideDown: self = .portraitUpsideDown
    case .landscapeLeft: self = .landscapeRight
    case .landscapeRight: self = .landscapeLeft
    default: return nil
    }
  }

  /// The device orientation that shows this interface orientation upright.
  package var _deviceOrientation: UIDeviceOrientation {
    UIDeviceOrientation(rawValue: rawValue) ?? .unknown
  }

  /// The angle (radians, counterclockwise positive as Core Graphics measures) the content is
  /// turned by, from portrait.
  var _angle: CGFloat {
    switch self {
    case .portrait, .unknown: 0
    case .landscapeLeft: .pi / 2
    case .portraitUpsideDown: .pi
    case .landscapeRight: -.pi / 2
    }
  }
}
