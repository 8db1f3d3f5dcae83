import ArgumentParser
import UIKit

/// The devices `--device` offers the browser front end: screen sizes in points (portrait) and
/// safe areas (status bar, home indicator) of a few iPhones and iPads.
package enum SimulatedDevice: String, ExpressibleByArgument, CaseIterable, Sendable {
  case iPhoneSE = "iphone-se"
  case iPhone14 = "iphone-14"
  case iPhone15ProMax = "iphone-15-pro-max"
  case iPadAir = "ipad-air"
  case iPadPro13 = "ipad-pro-13"

  /// The screen in points.
  package var screenSize: CGSize {
    switch self {
    case .iPhoneSE: CGSize(width: 375, height: 667)
    case .iPhone14: CGSize(width: 390, height: 844)
    case .iPhone15ProMax: CGSize(width: 430, height: 932)
    case .iPadAir: CGSize(width: 820, height: 1180)
    case .iPadPro13: CGSize(width: 1032, height: 1376)
    }
  }

  /// The display's corner radius in points (0: square corners) and whether the device has a
  /// home button (the SE), for the page's drawing of the device.
  package var screenCornerRadius: CGFloat {
    switch self {
    case .iPhoneSE: 0
    case .iPhone14: 47.33
    case .iPhone15ProMax: 55
    case .iPadAir, .iPadPro13: 18
    }
  }

  package var hasHomeButton: Bool { self == .iPhoneSE }

  /// The kind of device: the iPads are `.pad` (regular size classes, all four orientations).
  package var idiom: UIUserInterfaceIdiom {
    switch self {
    case .iPadAir, .iPadPro13: .pad
    case .iPhoneSE, .iPhone14, .iPhone15ProMax: .phone
    }
  }

  /// The status bar and home indicator, in portrait.
  package var safeAreaInsets: UIEdgeInsets {
    switch self {
    case .iPhoneSE: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    case .iPhone14: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    case .iPhone15ProMax: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0)
    case .iPadAir, .iPadPro13: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
    }
  }
}
