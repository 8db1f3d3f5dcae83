import Foundation

/// Animations a delegate runs alongside a lift, a drop or a cancel (the `willAnimate…`
/// delegate methods hand one over).
@preconcurrency @MainActor
public protocol UIDragAnimating: NSObjectProtocol {
  /// Runs `animations` with the drag's own animation.
  func addAnimations(_ animations: @escaping () -> Void)
  /// Runs `completion` when the animation ends, with where it ended (`.end`; `.start` when a
  /// lift is abandoned and the view goes back).
  func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
}

/// The animator of one lift, drop or cancel: animations run inside a `UIView.animate` block of
/// the drag's duration, completions when it ends.
@MainActor
final class _DragAnimator: NSObject, UIDragAnimating {
  private var animations: [() -> Void] = []
  private var completions: [(UIViewAnimatingPosition) -> Void] = []

  func addAnimations(_ animations: @escaping () -> Void) { self.animations.append(animations) }
  func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
    completions.append(completion)
  }

  /// Runs the animations added, then the completions with `position`, at once: no host draws
  /// the lift's or the drop's scaling, so there is nothing to wait for.
  func run(ending position: UIViewAnimatingPosition = .end) {
    runAnimations()
    complete(at: position)
  }

  /// Runs the animations added so far.
  func runAnimations() {
    let animations = self.animations
    self.animations = []
    for animation in animations { animation() }
  }

  /// Runs the completions added so far with `position`.
  func complete(at position: UIViewAnimatingPosition) {
    runAnimations()
    let completions = self.completions
    self.completions = []
    for completion in completions { completion(position) }
  }
}
