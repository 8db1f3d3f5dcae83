import Foundation

/// A feedback generator for a change of selection, such as a picker's wheel passing a row.
@preconcurrency @MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
  /// Plays the feedback for a changed selection.
  open func selectionChanged() {
    _report("selectionChanged()", "")
  }

  /// Plays the feedback for a changed selection at `location` in the generator's view
  /// (iOS 17.5).
  open func selectionChanged(at location: CGPoint) {
    _report("selectionChanged(at:)", Self._describe(location))
  }
}
