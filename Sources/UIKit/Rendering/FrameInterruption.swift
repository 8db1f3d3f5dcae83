/// A host's way out of a frame that takes long: every ``interval`` views drawn into a display
/// list (and every ``interval`` items a rasteriser draws), the host is asked whether to abandon
/// the frame, and once it says so the rest of the frame is skipped.
///
/// A frame's cost grows with the views on screen. Hypnosister after thousands of Returns shows
/// 80,000 labels, and one terminal frame then took 0.45 s in a release build; a Ctrl-C typed
/// meanwhile waited for it (issue 32, item 12). The terminal host asks here whether a quit key
/// has come, so a quit waits for a few hundred views at most, whatever the frame costs.
package final class FrameInterruption {
  /// Views (or items) between two questions: a few milliseconds of a debug build's drawing at
  /// most, and a question (one `poll(2)`) costs far less than the views between them.
  package static let interval = 256

  private let shouldAbandon: () -> Bool
  private var countdown = FrameInterruption.interval
  /// Whether the host abandoned the frame: what was drawn so far is incomplete.
  package private(set) var isAbandoned = false

  /// `shouldAbandon` is asked now and then while the frame is made.
  package init(_ shouldAbandon: @escaping () -> Bool) {
    self.shouldAbandon = shouldAbandon
  }

  /// Counts one view or item; false once the frame is abandoned (skip the rest).
  package func proceeds() -> Bool {
    guard !isAbandoned else { return false }
    countdown -= 1
    guard countdown <= 0 else { return true }
    countdown = Self.interval
    isAbandoned = shouldAbandon()
    return !isAbandoned
  }
}
