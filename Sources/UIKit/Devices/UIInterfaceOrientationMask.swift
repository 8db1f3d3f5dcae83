/// A set of interface orientations: what a view controller and the app support. Each bit is
/// `1 << UIInterfaceOrientation.rawValue`.
public struct UIInterfaceOrientationMask: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
  public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
  public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
  public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
  public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
  public static let all: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
  public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]

  /// Whether the mask holds `orientation`.
  func _contains(_ orientation: UIInterfaceOrientation) -> Bool {
    orientation != .unknown && contains(UIInterfaceOrientationMask(rawValue: 1 << UInt(orientation.rawValue)))
  }

  /// The orientations in the mask, in the order UIKit tries them.
  var _orientations: [UIInterfaceOrientation] {
    [.portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown].filter { _contains($0) }
  }
}
