#if Pixels
import Foundation
import UIKit

/// Text measured with the fonts ``PixelRenderer`` draws with (FreeType's advances of the faces
/// fontconfig picks, in points at the font's point size): a window measuring with it lays out
/// so that its caret and selection fall on the edges of the glyphs drawn.
///
/// A line is as tall as the font's line height, rounded up to whole points (as the default
/// measurement); a multi-line string is as wide as its widest line.
public struct PixelTextMeasurer: TextMeasuring, Sendable {
  private let glyphs = _GlyphTextMeasurer()

  public init() {}

  package var measuresDrawnGlyphs: Bool { true }

  package func size(of string: String, font: UIFont) -> CGSize {
    glyphs.size(of: string, font: font)
  }

  /// The width of `string` on one line in `font`, in points.
  public func width(of string: String, font: UIFont) -> CGFloat {
    glyphs.size(of: string, font: font).width
  }
}
#endif
