// NSTextAlignment, which Foundation on Linux lacks. The raw values are iOS's (AppKit orders them
// differently: there, right is 1 and center is 2).

/// The horizontal alignment of text, with iOS's raw values.
public enum NSTextAlignment: Int, Sendable, Hashable {
  /// Aligned along the left edge.
  case left = 0
  /// Centred.
  case center = 1
  /// Aligned along the right edge.
  case right = 2
  /// Fully justified; the last line of a paragraph is aligned naturally.
  case justified = 3
  /// The default alignment of the script: left for left-to-right text, right for right-to-left text.
  case natural = 4
}
