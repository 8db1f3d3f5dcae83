#if Pixels
  import Foundation

  /// Text measured with the fonts the pixel renderer draws with (the font book's advances), so
  /// that text drawn into an image renderer is aligned by the glyphs it shows.
  package struct _GlyphTextMeasurer: TextMeasuring, Sendable {
    package init() {}

    package var measuresDrawnGlyphs: Bool { true }

    package func size(of string: String, font: UIFont) -> CGSize {
      CGSize(width: FontBook.shared.width(of: string, font: font), height: font.lineHeight.rounded(.up))
    }
  }
#endif
