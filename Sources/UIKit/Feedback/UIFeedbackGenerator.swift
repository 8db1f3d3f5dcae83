import Foundation

/// The abstract superclass of the feedback generators: haptics on an iPhone.
///
/// There is no Taptic Engine here. What a generator would play is recorded instead: each call
/// is a trace record (`feedback`), so it shows in a `HeadlessHost`'s timeline
/// (`Timeline.Entry.Kind.feedback`) and in the terminal host's `--trace` pane, and the terminal
/// host rings the bell for error notifications when run with `--feedback-bell`.
///
/// A generator attached to a view (`init(view:)`, or `view.addInteraction(generator)`) reports
/// against the view's window; one without a view against the key window, which is where its
/// haptic would be felt.
@preconcurrency @MainActor
open class UIFeedbackGenerator: NSObject, UIInteraction {
  /// The view the generator is attached to (iOS 17.5), held weakly as interactions are.
  public private(set) weak var view: UIView?

  /// A generator attached to no view. Apple marks it to be deprecated in favour of
  /// `init(view:)`; it still works there and here.
  public override init() {
    super.init()
  }

  /// A generator attached to `view` as one of its interactions.
  public convenience init(view: UIView) {
    self.init()
    view.addInteraction(self)
  }

  /// Readies the engine, so that feedback soon after plays with less latency. Recorded.
  open func prepare() {
    _report("prepare()", "")
  }

  open func willMove(to view: UIView?) {}

  open func didMove(to view: UIView?) {
    self.view = view
  }

  /// Records feedback named `message` (e.g. `impactOccurred(intensity:)`) with its arguments.
  /// Subclasses call it for each kind of feedback they play.
  func _report(_ message: String, _ arguments: String) {
    UIKitTrace.report(
      .feedback(generator: self, message: message, arguments: arguments),
      window: self.view?.window ?? UIApplication.shared.keyWindow)
  }

  /// `location` as traces show it: ` at (x, y)` in the view's coordinates.
  static func _describe(_ location: CGPoint?) -> String {
    guard let location else { return "" }
    return "at (\(_number(location.x)), \(_number(location.y)))"
  }

  static func _number(_ value: CGFloat) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
  }
}
