/// Light or dark appearance: what dynamic colours resolve by.
public enum UIUserInterfaceStyle: Int, Sendable, Hashable {
  /// No preference: the environment's style applies.
  case unspecified = 0
  case light = 1
  case dark = 2
}
