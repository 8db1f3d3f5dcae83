/// Whether the person asked for increased contrast.
public enum UIAccessibilityContrast: Int, Sendable, Hashable {
  case unspecified = -1
  case normal = 0
  case high = 1
}
