/// The layout direction a trait collection carries (`.unspecified` in a collection made without one).
public enum UITraitEnvironmentLayoutDirection: Int, Sendable, Hashable {
  case unspecified = -1
  case leftToRight = 0
  case rightToLeft = 1
}
