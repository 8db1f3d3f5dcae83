import Foundation

/// A feedback generator for drawing: an object snapping to a guide, a path completed
/// (iOS 17.5).
@preconcurrency @MainActor
open class UICanvasFeedbackGenerator: UIFeedbackGenerator {
  /// Plays the feedback for an object aligning with a guide or ruler at `location`.
  open func alignmentOccurred(at location: CGPoint) {
    _report("alignmentOccurred(at:)", Self._describe(location))
  }

  /// Plays the feedback for a path completed at `location` (a shape closing).
  open func pathCompleted(at location: CGPoint) {
    _report("pathCompleted(at:)", Self._describe(location))
  }
}
