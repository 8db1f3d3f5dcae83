// NSLineBreakMode, which Foundation on Linux lacks; raw values as on Apple's platforms.

/// What happens to text that does not fit on a line.
public enum NSLineBreakMode: Int, Sendable, Hashable {
  /// Wraps at word boundaries, unless a word alone does not fit on a line.
  case byWordWrapping = 0
  /// Wraps before the first character that does not fit.
  case byCharWrapping = 1
  /// Lines are not drawn past the edge of the container.
  case byClipping = 2
  /// The line is shown so that the end fits and the missing start is replaced by an ellipsis.
  case byTruncatingHead = 3
  /// The line is shown so that the start fits and the missing end is replaced by an ellipsis.
  case byTruncatingTail = 4
  /// The line is shown so that both ends fit and the missing middle is replaced by an ellipsis.
  case byTruncatingMiddle = 5
}
