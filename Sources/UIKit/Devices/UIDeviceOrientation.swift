/// How the device is held, as its sensors report it.
public enum UIDeviceOrientation: Int, Sendable, Hashable {
  case unknown = 0
  /// Upright, the home button (or the home indicator) at the bottom.
  case portrait = 1
  /// Upside down, the home button at the top.
  case portraitUpsideDown = 2
  /// Turned so that the home button is on the right.
  case landscapeLeft = 3
  /// Turned so that the home button is on the left.
  case landscapeRight = 4
  /// Flat, the screen up.
  case faceUp = 5
  /// Flat, the screen down.
  case faceDown = 6

  /// Portrait or upside down.
  public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
  /// Either landscape orientation.
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
  /// Face up or face down.
  public var isFlat: Bool { self == .faceUp || self == .faceDown }
  /// Whether an interface can take this orientation (not flat, not unknown).
  public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}
