/// How much room an environment has along one axis, as size classes say: an iPhone in portrait
/// is compact in width and regular in height; an iPad is regular in both.
public enum UIUserInterfaceSizeClass: Int, Sendable, Hashable {
  case unspecified = 0
  case compact = 1
  case regular = 2
}
