/// The style of the list a view is inside, if any (a list's cells read it to match their list).
public enum UIListEnvironment: Int, Sendable, Hashable {
  case unspecified = 0
  case none = 1
  case plain = 2
  case grouped = 3
  case insetGrouped = 4
  case sidebar = 5
  case sidebarPlain = 6
}
