/// The size of toolbar items in a Mac Catalyst toolbar (iOS leaves it unspecified).
public enum UINSToolbarItemPresentationSize: Int, Sendable, Hashable {
  case unspecified = -1
  case regular = 0
  case small = 1
  case large = 3
}
