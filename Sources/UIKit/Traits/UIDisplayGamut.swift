/// The range of colours a display shows.
public enum UIDisplayGamut: Int, Sendable, Hashable {
  case unspecified = -1
  case SRGB = 0
  case P3 = 1
}
