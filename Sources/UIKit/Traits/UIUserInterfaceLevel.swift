/// Whether content sits at the base level of the window or above it (a sheet, a popover):
/// dark mode's system backgrounds are lighter when elevated.
public enum UIUserInterfaceLevel: Int, Sendable, Hashable {
  case unspecified = -1
  case base = 0
  case elevated = 1
}
