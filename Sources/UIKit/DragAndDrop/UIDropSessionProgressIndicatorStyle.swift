import Foundation

/// Whether a drop whose data takes long to load shows the system's progress indicator.
public enum UIDropSessionProgressIndicatorStyle: UInt, Sendable {
  /// No indicator: the app shows its own progress.
  case none = 0
  /// The system's indicator (the default).
  case `default` = 1
}
