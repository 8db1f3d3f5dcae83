import Foundation

/// The colour of the status bar's content: the time and the cellular, Wi-Fi and battery symbols.
public enum UIStatusBarStyle: Int, Sendable {
  /// Chosen by the interface style: dark content in light appearance, light content in dark.
  case `default` = 0
  /// White content, for dark backgrounds.
  case lightContent = 1
  /// Black content, for light backgrounds.
  case darkContent = 3
}

/// How the status bar animates when it hides or shows.
public enum UIStatusBarAnimation: Int, Sendable {
  case none = 0
  case fade = 1
  case slide = 2
}
