import Foundation

/// What a delegate is given while a context menu (here: a text item's menu) appears or goes:
/// animations to run alongside, completions to run after, and the preview shown.
@preconcurrency @MainActor
public protocol UIContextMenuInteractionAnimating: NSObjectProtocol {
  /// The view controller of the preview shown beside the menu (always nil here: no host shows
  /// previews).
  var previewViewController: UIViewController? { get }
  /// Adds animations run with the menu's own.
  func addAnimations(_ animations: @escaping () -> Void)
  /// Adds a closure run when the menu has appeared or gone.
  func addCompletion(_ completion: @escaping () -> Void)
}

/// A context-menu animator over the edit menu's (a text item's menu is shown as the edit menu's
/// bar; a collection or table view item's menu runs one as it appears and goes): what is added
/// runs when the edit menu's animator runs its own.
@MainActor
final class _ContextMenuAnimator: NSObject, UIContextMenuInteractionAnimating {
  private let base: any UIEditMenuInteractionAnimating
  init(_ base: any UIEditMenuInteractionAnimating) {
    self.base = base
    super.init()
  }
  var previewViewController: UIViewController? { nil }
  func addAnimations(_ animations: @escaping () -> Void) { base.addAnimations(animations) }
  func addCompletion(_ completion: @escaping () -> Void) { base.addCompletion(completion) }
}
