import Foundation

/// How a date picker looks.
public enum UIDatePickerStyle: Int, Sendable {
  /// The system chooses: compact for dates and times, wheels for a countdown timer and for
  /// years and months (the only style those modes have).
  case automatic = 0
  /// Spinning wheels, one for each part of the date.
  case wheels = 1
  /// A button-like label showing the date (iOS opens a calendar popover from it; see the
  /// README).
  case compact = 2
  /// A month's calendar grid the user picks a day from.
  case inline = 3
}
