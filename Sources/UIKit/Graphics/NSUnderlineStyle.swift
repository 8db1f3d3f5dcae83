// NSUnderlineStyle, the value of the underline and strikethrough attributes; raw values as on
// Apple's platforms. As in Swift on iOS there is no `.none`: no line is the empty set, `[]`, whose
// raw value 0 is what attributed strings store for "no underline".

/// The style, pattern and extent of an underline or strikethrough line.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
  /// The bit pattern (style in the low byte, pattern in the second byte, by-word flag in bit 15).
  public let rawValue: Int

  /// Creates a style from its bit pattern.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// A single thin line.
  public static let single = NSUnderlineStyle(rawValue: 0x01)
  /// A single thick line.
  public static let thick = NSUnderlineStyle(rawValue: 0x02)
  /// Two thin lines.
  public static let double = NSUnderlineStyle(rawValue: 0x09)
  /// A dotted line.
  public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
  /// A dashed line.
  public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
  /// A line of alternating dashes and dots.
  public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
  /// A line of alternating dashes and pairs of dots.
  public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
  /// Draws the line only under words, not under the whitespace between them.
  public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}
