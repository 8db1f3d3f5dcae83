import UIKit

/// A device's screen for snapshotting a view controller: its size in points and the safe area
/// its status bar, notch and home indicator take, as `SnapshotTesting.ViewImageConfig` has on
/// iOS (`assertSnapshot(of: controller, as: .image(on: .iPhone13))`).
///
/// iOS's configuration also carries a trait collection (size classes, display scale); this
/// UIKit's `UITraitCollection` has only the content size category, so a configuration here is
/// the size and the safe area. The figures are Apple's for each device, in points.
public struct ViewImageConfig: Sendable, Equatable {
  /// Which way a phone is held.
  public enum Orientation: Sendable {
    case landscape
    case portrait
  }

  /// The insets the status bar, the notch and the home indicator take from the screen.
  public var safeArea: UIEdgeInsets
  /// The screen's size in points (nil: the view controller's view's size).
  public var size: CGSize?

  public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil) {
    self.safeArea = safeArea
    self.size = size
  }

  /// A phone of `width` × `height` points (portrait) whose portrait safe area is `portrait` and
  /// whose landscape safe area is `landscape`.
  private static func phone(
    _ orientation: Orientation, width: CGFloat, height: CGFloat, portrait: UIEdgeInsets, landscape: UIEdgeInsets
  ) -> ViewImageConfig {
    switch orientation {
    case .portrait: ViewImageConfig(safeArea: portrait, size: CGSize(width: width, height: height))
    case .landscape: ViewImageConfig(safeArea: landscape, size: CGSize(width: height, height: width))
    }
  }

  /// A phone with a home button: a 20 pt status bar in portrait, nothing in landscape.
  private static func homeButtonPhone(_ orientation: Orientation, width: CGFloat, height: CGFloat) -> ViewImageConfig {
    phone(orientation, width: width, height: height, portrait: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0), landscape: .zero)
  }

  public static let iPhoneSe = iPhoneSe(.portrait)
  public static func iPhoneSe(_ orientation: Orientation) -> ViewImageConfig {
    homeButtonPhone(orientation, width: 320, height: 568)
  }

  public static let iPhone8 = iPhone8(.portrait)
  public static func iPhone8(_ orientation: Orientation) -> ViewImageConfig {
    homeButtonPhone(orientation, width: 375, height: 667)
  }

  public static let iPhone8Plus = iPhone8Plus(.portrait)
  public static func iPhone8Plus(_ orientation: Orientation) -> ViewImageConfig {
    homeButtonPhone(orientation, width: 414, height: 736)
  }

  public static let iPhoneX = iPhoneX(.portrait)
  public static func iPhoneX(_ orientation: Orientation) -> ViewImageConfig {
    phone(
      orientation, width: 375, height: 812, portrait: UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0),
      landscape: UIEdgeInsets(top: 0, left: 44, bottom: 24, right: 44))
  }

  public static let iPhoneXsMax = iPhoneXsMax(.portrait)
  public static func iPhoneXsMax(_ orientation: Orientation) -> ViewImageConfig {
    phone(
      orientation, width: 414, height: 896, portrait: UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0),
      landscape: UIEdgeInsets(top: 0, left: 44, bottom: 24, right: 44))
  }

  public static let iPhoneXr = iPhoneXr(.portrait)
  public static func iPhoneXr(_ orientation: Orientation) -> ViewImageConfig { iPhoneXsMax(orientation) }

  public static let iPhone12 = iPhone12(.portrait)
  public static func iPhone12(_ orientation: Orientation) -> ViewImageConfig {
    phone(
      orientation, width: 390, height: 844, portrait: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
      landscape: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
  }

  public static let iPhone12Pro = iPhone12Pro(.portrait)
  public static func iPhone12Pro(_ orientation: Orientation) -> ViewImageConfig { iPhone12(orientation) }

  public static let iPhone12ProMax = iPhone12ProMax(.portrait)
  public static func iPhone12ProMax(_ orientation: Orientation) -> ViewImageConfig {
    phone(
      orientation, width: 428, height: 926, portrait: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
      landscape: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
  }

  public static let iPhone13 = iPhone13(.portrait)
  public static func iPhone13(_ orientation: Orientation) -> ViewImageConfig { iPhone12(orientation) }

  public static let iPhone13Mini = iPhone13Mini(.portrait)
  public static func iPhone13Mini(_ orientation: Orientation) -> ViewImageConfig {
    phone(
      orientation, width: 375, height: 812, portrait: UIEdgeInsets(top: 50, left: 0, bottom: 34, right: 0),
      landscape: UIEdgeInsets(top: 0, left: 50, bottom: 21, right: 50))
  }

  public static let iPhone13Pro = iPhone13Pro(.portrait)
  public static func iPhone13Pro(_ orientation: Orientation) -> ViewImageConfig { iPhone12(orientation) }

  public static let iPhone13ProMax = iPhone13ProMax(.portrait)
  public static func iPhone13ProMax(_ orientation: Orientation) -> ViewImageConfig { iPhone12ProMax(orientation) }
}
