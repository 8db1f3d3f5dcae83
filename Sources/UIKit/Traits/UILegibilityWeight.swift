/// Whether the person asked for bold text.
public enum UILegibilityWeight: Int, Sendable, Hashable {
  case unspecified = -1
  case regular = 0
  case bold = 1
}
