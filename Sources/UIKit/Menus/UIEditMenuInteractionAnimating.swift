import Foundation

/// What a delegate is given while an edit menu appears or goes: animations to run alongside,
/// and completions to run after.
@preconcurrency @MainActor
public protocol UIEditMenuInteractionAnimating: NSObjectProtocol {
  /// Adds animations run with the menu's own.
  func addAnimations(_ animations: @escaping () -> Void)
  /// Adds a closure run when the menu has appeared or gone.
  func addCompletion(_ completion: @escaping () -> Void)
}

/// The animator handed to delegates. The terminal shows no animation: the animations run as
/// soon as the delegate returns, the completions once the menu is on screen (or gone).
@MainActor
final class _EditMenuAnimator: NSObject, UIEditMenuInteractionAnimating {
  private var animations: [() -> Void] = []
  private var completions: [() -> Void] = []

  func addAnimations(_ animations: @escaping () -> Void) { self.animations.append(animations) }
  func addCompletion(_ completion: @escaping () -> Void) { completions.append(completion) }

  func runAnimations() {
    let pending = animations
    animations = []
    for animation in pending { animation() }
  }

  func runCompletions() {
    runAnimations()
    let pending = completions
    completions = []
    for completion in pending { completion() }
  }
}
