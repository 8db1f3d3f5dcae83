/// Whether an interface is drawn as in the active window (iPadOS and Mac Catalyst distinguish).
public enum UIUserInterfaceActiveAppearance: Int, Sendable, Hashable {
  case unspecified = -1
  case inactive = 0
  case active = 1
}
