import Foundation

/// The messages an edit-menu interaction sends its delegate. Every method is optional: the
/// protocol extension supplies what iOS does when one is not implemented (the suggested
/// actions as the menu, the source point as the target). As with ``UITextFieldDelegate``,
/// iOS's optional-call syntax compiles: `delegate?.editMenuInteraction?(interaction,
/// menuFor: configuration, suggestedActions: actions)`.
@preconcurrency @MainActor
public protocol UIEditMenuInteractionDelegate: NSObjectProtocol {
  /// The menu to show; nil shows the suggested actions (the standard edit actions the
  /// responder chain from the interaction's view can perform).
  func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
    suggestedActions: [UIMenuElement]
  ) -> UIMenu?
  /// The rectangle (in the interaction's view) the menu points at and stays clear of.
  func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration
  ) -> CGRect
  /// The menu is about to appear.
  func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
    animator: any UIEditMenuInteractionAnimating)
  /// The menu is about to go.
  func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
    animator: any UIEditMenuInteractionAnimating)
}

extension UIEditMenuInteractionDelegate {
  public func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
    suggestedActions: [UIMenuElement]
  ) -> UIMenu? {
    UIMenu(children: suggestedActions)
  }
  public func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration
  ) -> CGRect {
    CGRect(origin: configuration.sourcePoint, size: .zero)
  }
  public func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
    animator: any UIEditMenuInteractionAnimating
  ) {}
  public func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
    animator: any UIEditMenuInteractionAnimating
  ) {}
}

// MARK: Optional-call syntax

extension UIEditMenuInteractionDelegate {
  /// `delegate?.editMenuInteraction?(interaction, menuFor: …, suggestedActions: …)` and the
  /// other methods of that base name.
  public var editMenuInteraction: UIEditMenuInteractionDelegateCall? {
    UIEditMenuInteractionDelegateCall(delegate: self)
  }
}

/// The value behind `delegate?.editMenuInteraction?(…)`.
@preconcurrency @MainActor
public struct UIEditMenuInteractionDelegateCall {
  let delegate: any UIEditMenuInteractionDelegate
  public func callAsFunction(
    _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
    suggestedActions: [UIMenuElement]
  ) -> UIMenu? {
    delegate.editMenuInteraction(interaction, menuFor: configuration, suggestedActions: suggestedActions)
  }
  public func callAsFunction(
    _ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration
  ) -> CGRect {
    delegate.editMenuInteraction(interaction, targetRectFor: configuration)
  }
  public func callAsFunction(
    _ interaction: UIEditMenuInteraction, willPresentMenuFor configuration: UIEditMenuConfiguration,
    animator: any UIEditMenuInteractionAnimating
  ) {
    delegate.editMenuInteraction(interaction, willPresentMenuFor: configuration, animator: animator)
  }
  public func callAsFunction(
    _ interaction: UIEditMenuInteraction, willDismissMenuFor configuration: UIEditMenuConfiguration,
    animator: any UIEditMenuInteractionAnimating
  ) {
    delegate.editMenuInteraction(interaction, willDismissMenuFor: configuration, animator: animator)
  }
}
