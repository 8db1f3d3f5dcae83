import Foundation

// The system colours: dynamic colours with iOS 13–18's values for light and dark appearance,
// increased contrast, and (for the backgrounds) elevated content in dark appearance, as UIKit
// resolves them (Human Interface Guidelines, Color; the values UIKit's resolvedColor(with:)
// returns). `darkText` and `lightText` are fixed, as on iOS.

extension UIColor {
  /// One system colour's variants: light, dark, and each with increased contrast; dark
  /// elevated (and its high-contrast form) for backgrounds.
  private struct Variants {
    var light: UIColor
    var dark: UIColor
    var lightHigh: UIColor? = nil
    var darkHigh: UIColor? = nil
    var darkElevated: UIColor? = nil
    var darkElevatedHigh: UIColor? = nil

    func resolve(_ traits: UITraitCollection) -> UIColor {
      let high = traits.accessibilityContrast == .high
      guard traits.userInterfaceStyle == .dark else { return high ? lightHigh ?? light : light }
      if traits.userInterfaceLevel == .elevated, let darkElevated {
        return high ? darkElevatedHigh ?? darkElevated : darkElevated
      }
      return high ? darkHigh ?? dark : dark
    }
  }

  private static func system(_ name: String, _ variants: Variants) -> UIColor {
    UIColor(_systemName: name) { variants.resolve($0) }
  }

  private static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
    UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
  }

  private static let _systemRed = system(
    "systemRedColor", Variants(light: rgb(255, 59, 48), dark: rgb(255, 69, 58), lightHigh: rgb(215, 0, 21), darkHigh: rgb(255, 105, 97)))
  private static let _systemOrange = system(
    "systemOrangeColor",
    Variants(light: rgb(255, 149, 0), dark: rgb(255, 159, 10), lightHigh: rgb(201, 52, 0), darkHigh: rgb(255, 179, 64)))
  private static let _systemYellow = system(
    "systemYellowColor",
    Variants(light: rgb(255, 204, 0), dark: rgb(255, 214, 10), lightHigh: rgb(160, 90, 0), darkHigh: rgb(255, 212, 38)))
  private static let _systemGreen = system(
    "systemGreenColor",
    Variants(light: rgb(52, 199, 89), dark: rgb(48, 209, 88), lightHigh: rgb(36, 138, 61), darkHigh: rgb(48, 219, 91)))
  private static let _systemMint = system(
    "systemMintColor",
    Variants(light: rgb(0, 199, 190), dark: rgb(99, 230, 226)))
  private static let _systemTeal = system(
    "systemTealColor",
    Variants(light: rgb(48, 176, 199), dark: rgb(64, 200, 224)))
  private static let _systemCyan = system(
    "systemCyanColor",
    Variants(light: rgb(50, 173, 230), dark: rgb(100, 210, 255)))
  private static let _systemBlue = system(
    "systemBlueColor", Variants(light: rgb(0, 122, 255), dark: rgb(10, 132, 255), lightHigh: rgb(0, 64, 221), darkHigh: rgb(64, 156, 255)))
  private static let _systemIndigo = system(
    "systemIndigoColor",
    Variants(light: rgb(88, 86, 214), dark: rgb(94, 92, 230), lightHigh: rgb(54, 52, 163), darkHigh: rgb(125, 122, 255)))
  private static let _systemPurple = system(
    "systemPurpleColor",
    Variants(light: rgb(175, 82, 222), dark: rgb(191, 90, 242), lightHigh: rgb(137, 68, 171), darkHigh: rgb(218, 143, 255)))
  private static let _systemPink = system(
    "systemPinkColor",
    Variants(light: rgb(255, 45, 85), dark: rgb(255, 55, 95), lightHigh: rgb(211, 15, 69), darkHigh: rgb(255, 100, 130)))
  private static let _systemBrown = system(
    "systemBrownColor",
    Variants(light: rgb(162, 132, 94), dark: rgb(172, 142, 104)))
  private static let _systemGray = system(
    "systemGrayColor",
    Variants(light: rgb(142, 142, 147), dark: rgb(142, 142, 147), lightHigh: rgb(108, 108, 112), darkHigh: rgb(174, 174, 178)))
  private static let _systemGray2 = system(
    "systemGray2Color",
    Variants(light: rgb(174, 174, 178), dark: rgb(99, 99, 102), lightHigh: rgb(142, 142, 147), darkHigh: rgb(124, 124, 128)))
  private static let _systemGray3 = system(
    "systemGray3Color",
    Variants(light: rgb(199, 199, 204), dark: rgb(72, 72, 74), lightHigh: rgb(174, 174, 178), darkHigh: rgb(84, 84, 86)))
  private static let _systemGray4 = system(
    "systemGray4Color",
    Variants(light: rgb(209, 209, 214), dark: rgb(58, 58, 60), lightHigh: rgb(188, 188, 192), darkHigh: rgb(68, 68, 70)))
  private static let _systemGray5 = system(
    "systemGray5Color",
    Variants(light: rgb(229, 229, 234), dark: rgb(44, 44, 46), lightHigh: rgb(216, 216, 220), darkHigh: rgb(54, 54, 56)))
  private static let _systemGray6 = system(
    "systemGray6Color",
    Variants(light: rgb(242, 242, 247), dark: rgb(28, 28, 30), lightHigh: rgb(235, 235, 240), darkHigh: rgb(36, 36, 38)))

  private static let _label = system("labelColor", Variants(light: rgb(0, 0, 0), dark: rgb(255, 255, 255)))
  private static let _secondaryLabel = system(
    "secondaryLabelColor",
    Variants(
      light: rgb(60, 60, 67, 0.6), dark: rgb(235, 235, 245, 0.6), lightHigh: rgb(60, 60, 67, 0.68),
      darkHigh: rgb(235, 235, 245, 0.68)))
  private static let _tertiaryLabel = system(
    "tertiaryLabelColor",
    Variants(
      light: rgb(60, 60, 67, 0.3), dark: rgb(235, 235, 245, 0.3), lightHigh: rgb(60, 60, 67, 0.38),
      darkHigh: rgb(235, 235, 245, 0.38)))
  private static let _quaternaryLabel = system(
    "quaternaryLabelColor",
    Variants(
      light: rgb(60, 60, 67, 0.18), dark: rgb(235, 235, 245, 0.16), lightHigh: rgb(60, 60, 67, 0.26),
      darkHigh: rgb(235, 235, 245, 0.24)))
  private static let _placeholderText = system(
    "placeholderTextColor",
    Variants(
      light: rgb(60, 60, 67, 0.3), dark: rgb(235, 235, 245, 0.3), lightHigh: rgb(60, 60, 67, 0.38),
      darkHigh: rgb(235, 235, 245, 0.38)))
  private static let _link = system("linkColor", Variants(light: rgb(0, 122, 255), dark: rgb(9, 132, 255)))

  private static let _systemBackground = system(
    "systemBackgroundColor",
    Variants(
      light: rgb(255, 255, 255), dark: rgb(0, 0, 0), darkElevated: rgb(28, 28, 30), darkElevatedHigh: rgb(36, 36, 38)))
  private static let _secondarySystemBackground = system(
    "secondarySystemBackgroundColor",
    Variants(
      light: rgb(242, 242, 247), dark: rgb(28, 28, 30), lightHigh: rgb(235, 235, 240), darkHigh: rgb(36, 36, 38),
      darkElevated: rgb(44, 44, 46), darkElevatedHigh: rgb(54, 54, 56)))
  private static let _tertiarySystemBackground = system(
    "tertiarySystemBackgroundColor",
    Variants(
      light: rgb(255, 255, 255), dark: rgb(44, 44, 46), darkHigh: rgb(54, 54, 56), darkElevated: rgb(58, 58, 60),
      darkElevatedHigh: rgb(68, 68, 70)))
  private static let _systemGroupedBackground = system(
    "systemGroupedBackgroundColor",
    Variants(
      light: rgb(242, 242, 247), dark: rgb(0, 0, 0), lightHigh: rgb(235, 235, 240), darkElevated: rgb(28, 28, 30),
      darkElevatedHigh: rgb(36, 36, 38)))
  private static let _secondarySystemGroupedBackground = system(
    "secondarySystemGroupedBackgroundColor",
    Variants(
      light: rgb(255, 255, 255), dark: rgb(28, 28, 30), darkHigh: rgb(36, 36, 38), darkElevated: rgb(44, 44, 46),
      darkElevatedHigh: rgb(54, 54, 56)))
  private static let _tertiarySystemGroupedBackground = system(
    "tertiarySystemGroupedBackgroundColor",
    Variants(
      light: rgb(242, 242, 247), dark: rgb(44, 44, 46), lightHigh: rgb(235, 235, 240), darkHigh: rgb(54, 54, 56),
      darkElevated: rgb(58, 58, 60), darkElevatedHigh: rgb(68, 68, 70)))

  private static let _systemFill = system(
    "systemFillColor",
    Variants(
      light: rgb(120, 120, 128, 0.2), dark: rgb(120, 120, 128, 0.36), lightHigh: rgb(120, 120, 128, 0.28),
      darkHigh: rgb(120, 120, 128, 0.44)))
  private static let _secondarySystemFill = system(
    "secondarySystemFillColor",
    Variants(
      light: rgb(120, 120, 128, 0.16), dark: rgb(120, 120, 128, 0.32), lightHigh: rgb(120, 120, 128, 0.24),
      darkHigh: rgb(120, 120, 128, 0.4)))
  private static let _tertiarySystemFill = system(
    "tertiarySystemFillColor",
    Variants(
      light: rgb(118, 118, 128, 0.12), dark: rgb(118, 118, 128, 0.24), lightHigh: rgb(118, 118, 128, 0.2),
      darkHigh: rgb(118, 118, 128, 0.32)))
  private static let _quaternarySystemFill = system(
    "quaternarySystemFillColor",
    Variants(
      light: rgb(116, 116, 128, 0.08), dark: rgb(118, 118, 128, 0.18), lightHigh: rgb(116, 116, 128, 0.16),
      darkHigh: rgb(118, 118, 128, 0.26)))
  private static let _separator = system(
    "separatorColor",
    Variants(
      light: rgb(60, 60, 67, 0.29), dark: rgb(84, 84, 88, 0.6), lightHigh: rgb(60, 60, 67, 0.37),
      darkHigh: rgb(84, 84, 88, 0.68)))
  private static let _opaqueSeparator = system(
    "opaqueSeparatorColor", Variants(light: rgb(198, 198, 200), dark: rgb(56, 56, 58)))
  private static let _darkText = UIColor(white: 0, alpha: 1)
  private static let _lightText = UIColor(white: 1, alpha: 0.6)

  /// System red: (255, 59, 48); dark (255, 69, 58).
  public class var systemRed: UIColor { _systemRed }
  /// System orange: (255, 149, 0); dark (255, 159, 10).
  public class var systemOrange: UIColor { _systemOrange }
  /// System yellow: (255, 204, 0); dark (255, 214, 10).
  public class var systemYellow: UIColor { _systemYellow }
  /// System green: (52, 199, 89); dark (48, 209, 88).
  public class var systemGreen: UIColor { _systemGreen }
  /// System mint: (0, 199, 190); dark (99, 230, 226).
  public class var systemMint: UIColor { _systemMint }
  /// System teal: (48, 176, 199); dark (64, 200, 224).
  public class var systemTeal: UIColor { _systemTeal }
  /// System cyan: (50, 173, 230); dark (100, 210, 255).
  public class var systemCyan: UIColor { _systemCyan }
  /// System blue: (0, 122, 255); dark (10, 132, 255).
  public class var systemBlue: UIColor { _systemBlue }
  /// System indigo: (88, 86, 214); dark (94, 92, 230).
  public class var systemIndigo: UIColor { _systemIndigo }
  /// System purple: (175, 82, 222); dark (191, 90, 242).
  public class var systemPurple: UIColor { _systemPurple }
  /// System pink: (255, 45, 85); dark (255, 55, 95).
  public class var systemPink: UIColor { _systemPink }
  /// System brown: (162, 132, 94); dark (172, 142, 104).
  public class var systemBrown: UIColor { _systemBrown }
  /// System gray: (142, 142, 147) in both appearances.
  public class var systemGray: UIColor { _systemGray }
  /// System gray 2: (174, 174, 178); dark (99, 99, 102).
  public class var systemGray2: UIColor { _systemGray2 }
  /// System gray 3: (199, 199, 204); dark (72, 72, 74).
  public class var systemGray3: UIColor { _systemGray3 }
  /// System gray 4: (209, 209, 214); dark (58, 58, 60).
  public class var systemGray4: UIColor { _systemGray4 }
  /// System gray 5: (229, 229, 234); dark (44, 44, 46).
  public class var systemGray5: UIColor { _systemGray5 }
  /// System gray 6: (242, 242, 247); dark (28, 28, 30).
  public class var systemGray6: UIColor { _systemGray6 }
  /// Primary text: black; white in dark appearance.
  public class var label: UIColor { _label }
  /// Secondary text: (60, 60, 67) at 60 % opacity; dark (235, 235, 245) at 60 %.
  public class var secondaryLabel: UIColor { _secondaryLabel }
  /// Tertiary text: (60, 60, 67) at 30 % opacity; dark (235, 235, 245) at 30 %.
  public class var tertiaryLabel: UIColor { _tertiaryLabel }
  /// Quaternary text: (60, 60, 67) at 18 % opacity; dark (235, 235, 245) at 16 %.
  public class var quaternaryLabel: UIColor { _quaternaryLabel }
  /// Placeholder text in controls: (60, 60, 67) at 30 % opacity; dark (235, 235, 245) at 30 %.
  public class var placeholderText: UIColor { _placeholderText }
  /// Links: (0, 122, 255); dark (9, 132, 255).
  public class var link: UIColor { _link }
  /// The main background: white; black in dark appearance ((28, 28, 30) when elevated).
  public class var systemBackground: UIColor { _systemBackground }
  /// Content layered on the main background: (242, 242, 247); dark (28, 28, 30), elevated (44, 44, 46).
  public class var secondarySystemBackground: UIColor { _secondarySystemBackground }
  /// Content layered on secondary backgrounds: white; dark (44, 44, 46), elevated (58, 58, 60).
  public class var tertiarySystemBackground: UIColor { _tertiarySystemBackground }
  /// The background of grouped content: (242, 242, 247); black in dark appearance ((28, 28, 30) when elevated).
  public class var systemGroupedBackground: UIColor { _systemGroupedBackground }
  /// Content layered on a grouped background: white; dark (28, 28, 30), elevated (44, 44, 46).
  public class var secondarySystemGroupedBackground: UIColor { _secondarySystemGroupedBackground }
  /// Content layered on secondary grouped backgrounds: (242, 242, 247); dark (44, 44, 46), elevated (58, 58, 60).
  public class var tertiarySystemGroupedBackground: UIColor { _tertiarySystemGroupedBackground }
  /// Fill for thin and small shapes: (120, 120, 128) at 20 % opacity; 36 % in dark appearance.
  public class var systemFill: UIColor { _systemFill }
  /// Fill for medium-size shapes: (120, 120, 128) at 16 % opacity; 32 % in dark appearance.
  public class var secondarySystemFill: UIColor { _secondarySystemFill }
  /// Fill for large shapes: (118, 118, 128) at 12 % opacity; 24 % in dark appearance.
  public class var tertiarySystemFill: UIColor { _tertiarySystemFill }
  /// Fill for large areas with complex content: (116, 116, 128) at 8 % opacity; dark (118, 118, 128) at 18 %.
  public class var quaternarySystemFill: UIColor { _quaternarySystemFill }
  /// Thin separators that let content show through: (60, 60, 67) at 29 % opacity; dark (84, 84, 88) at 60 %.
  public class var separator: UIColor { _separator }
  /// Opaque separators: (198, 198, 200); dark (56, 56, 58).
  public class var opaqueSeparator: UIColor { _opaqueSeparator }
  /// The tint colour of the view being drawn (system blue unless a view sets another), as
  /// `UIColor.tintColor` resolves on iOS 15 and later.
  public class var tintColor: UIColor { _tintColorProxy }
  /// Text on light backgrounds: black.
  public class var darkText: UIColor { _darkText }
  /// Text on dark backgrounds: white at 60 % opacity.
  public class var lightText: UIColor { _lightText }

  /// The public system colours by name (what an archive of one names).
  static let _systemColorsByName: [String: UIColor] = {
    let colours: [UIColor] = [
      _systemRed, _systemOrange, _systemYellow, _systemGreen, _systemMint, _systemTeal, _systemCyan, _systemBlue,
      _systemIndigo, _systemPurple, _systemPink, _systemBrown, _systemGray, _systemGray2, _systemGray3, _systemGray4,
      _systemGray5, _systemGray6, _label, _secondaryLabel, _tertiaryLabel, _quaternaryLabel, _placeholderText, _link,
      _systemBackground, _secondarySystemBackground, _tertiarySystemBackground, _systemGroupedBackground,
      _secondarySystemGroupedBackground, _tertiarySystemGroupedBackground, _systemFill, _secondarySystemFill,
      _tertiarySystemFill, _quaternarySystemFill, _separator, _opaqueSeparator,
    ]
    return Dictionary(uniqueKeysWithValues: colours.compactMap { colour in colour._systemName.map { ($0, colour) } })
  }()

  /// UIKit's own chrome: a bar's default background (light: white at 0.97, as the
  /// translucent bar over white content; dark: white at 0.11, the black bar style's).
  static let _barBackground = UIColor(_systemName: "_barBackground") { traits in
    UIColor(white: traits.userInterfaceStyle == .dark ? 0.11 : 0.97, alpha: 1)
  }
  /// UIKit's own chrome: the platter of an alert or a context menu (white at 0.97; dark: 0.17,
  /// elevated grey).
  static let _platterBackground = UIColor(_systemName: "_platterBackground") { traits in
    UIColor(white: traits.userInterfaceStyle == .dark ? 0.17 : 0.97, alpha: 1)
  }

  private static let _tintColorProxy = UIColor(_systemName: "tintColor") { traits in
    (UIView._tintOfViewBeingDrawn() ?? _systemBlue).resolvedColor(with: traits)
  }
}
