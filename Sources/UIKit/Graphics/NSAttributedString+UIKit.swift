// The attribute keys UIKit adds to NSAttributedString.Key. Foundation on Linux declares the key
// type (and a few keys of its own, such as `language` and `morphology`) but none of these; the raw
// values are the strings Apple's platforms use, so keys made with `NSAttributedString.Key("NSFont")`
// compare equal to `.font`.

extension NSAttributedString.Key {
  /// The font of the text (a `UIFont`; 12 pt Helvetica when absent).
  public static let font = NSAttributedString.Key(rawValue: "NSFont")
  /// The colour of the text (a `UIColor`; black when absent).
  public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
  /// The colour behind the text (a `UIColor`; none when absent).
  public static let backgroundColor = NSAttributedString.Key(rawValue: "NSBackgroundColor")
  /// The paragraph attributes of the text (alignment, line breaking, spacing).
  public static let paragraphStyle = NSAttributedString.Key(rawValue: "NSParagraphStyle")
  /// Extra space between characters, in points (a number; 0 when absent).
  public static let kern = NSAttributedString.Key(rawValue: "NSKern")
  /// The underline (an `NSUnderlineStyle` raw value as a number; 0, no underline, when absent).
  public static let underlineStyle = NSAttributedString.Key(rawValue: "NSUnderline")
  /// The colour of the underline (a `UIColor`; the foreground colour when absent).
  public static let underlineColor = NSAttributedString.Key(rawValue: "NSUnderlineColor")
  /// The strikethrough (an `NSUnderlineStyle` raw value as a number; 0, none, when absent).
  public static let strikethroughStyle = NSAttributedString.Key(rawValue: "NSStrikethrough")
  /// The colour of the strikethrough (a `UIColor`; the foreground colour when absent).
  public static let strikethroughColor = NSAttributedString.Key(rawValue: "NSStrikethroughColor")
  /// A link target (a `URL` or a `String`).
  public static let link = NSAttributedString.Key(rawValue: "NSLink")
  /// The vertical offset of the text from the baseline, in points (a number; 0 when absent).
  public static let baselineOffset = NSAttributedString.Key(rawValue: "NSBaselineOffset")
  /// The colour of the text's outline (a `UIColor`; the foreground colour when absent).
  public static let strokeColor = NSAttributedString.Key(rawValue: "NSStrokeColor")
  /// The width of the text's outline, as a percentage of the font size (a number; 0 when absent).
  public static let strokeWidth = NSAttributedString.Key(rawValue: "NSStrokeWidth")
  /// The ligatures to use (a number: 0 none, 1 default; 1 when absent).
  public static let ligature = NSAttributedString.Key(rawValue: "NSLigature")
  /// The skew applied to glyphs (a number; 0 when absent).
  public static let obliqueness = NSAttributedString.Key(rawValue: "NSObliqueness")
  /// The log of the horizontal expansion factor applied to glyphs (a number; 0 when absent).
  public static let expansion = NSAttributedString.Key(rawValue: "NSExpansion")
  /// The shadow of the text (an NSShadow; none when absent).
  public static let shadow = NSAttributedString.Key(rawValue: "NSShadow")
  /// An attachment drawn in place of the text (an NSTextAttachment; none when absent).
  public static let attachment = NSAttributedString.Key(rawValue: "NSAttachment")
  /// Bidirectional overrides and embeddings (an array of numbers; none when absent).
  public static let writingDirection = NSAttributedString.Key(rawValue: "NSWritingDirection")
}

extension NSAttributedString.Key {
  /// A text effect (an `NSAttributedString.TextEffectStyle` raw value; none when absent). Kept:
  /// letterpress is drawn plain here.
  public static let textEffect = NSAttributedString.Key(rawValue: "NSTextEffect")
  /// Whether glyphs are set vertically (a number: 0 horizontal, the only form iOS supports).
  public static let verticalGlyphForm = NSAttributedString.Key(rawValue: "CTVerticalForms")
  /// Extra space between characters that font tracking tables may refine, in points (a number;
  /// 0 when absent; measured and kept as `kern` is).
  public static let tracking = NSAttributedString.Key(rawValue: "NSTracking")
}

extension NSAttributedString {
  /// Text effects for the `textEffect` attribute.
  public struct TextEffectStyle: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The letterpress look.
    public static let letterpressStyle = TextEffectStyle("_UIKitNewLetterpressStyle")
  }
}

/// Whether a `writingDirection` attribute value embeds or overrides (combined with an
/// `NSWritingDirection` raw value: `leftToRight.rawValue | override.rawValue`).
public enum NSWritingDirectionFormatType: Int, Sendable {
  /// The direction is an embedding (U+202A/U+202B).
  case embedding = 0
  /// The direction is an override (U+202D/U+202E).
  case override = 2
}
