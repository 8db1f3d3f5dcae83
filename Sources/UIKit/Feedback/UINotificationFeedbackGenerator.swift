import Foundation

/// A feedback generator for the outcome of a task: success, warning or error.
@preconcurrency @MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
  /// The outcome. Raw values are Apple's (`UINotificationFeedbackType`).
  public enum FeedbackType: Int, Sendable, Hashable {
    case success = 0
    case warning = 1
    case error = 2
  }

  /// Plays the feedback for `notificationType`. With `--feedback-bell`, the terminal host rings
  /// the bell for `.error`.
  open func notificationOccurred(_ notificationType: FeedbackType) {
    _report("notificationOccurred(_:)", ".\(notificationType)")
  }

  /// Plays the feedback for `notificationType` at `location` in the generator's view (iOS 17.5).
  open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {
    _report("notificationOccurred(_:at:)", ".\(notificationType) \(Self._describe(location))")
  }
}

/// Apple's Objective-C name for the outcomes.
public typealias UINotificationFeedbackType = UINotificationFeedbackGenerator.FeedbackType
