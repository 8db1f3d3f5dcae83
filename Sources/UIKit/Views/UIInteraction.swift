import Foundation

/// An object that adds behaviour to a view: feedback generators, edit-menu interactions and the
/// like, added with `UIView.addInteraction(_:)`.
///
/// The view keeps its interactions (strongly, as iOS's `interactions` array does); an
/// interaction keeps its view weakly and hears about moves before and after they happen.
@preconcurrency @MainActor
public protocol UIInteraction: NSObjectProtocol {
  /// The view that owns the interaction, nil when it belongs to none.
  var view: UIView? { get }
  /// The interaction is about to be added to `view` (nil: removed from its view).
  func willMove(to view: UIView?)
  /// The interaction was added to `view` (nil: removed from its view).
  func didMove(to view: UIView?)
}

extension UIView {
  /// Adds `interaction` to the view, taking it from the view it was on.
  ///
  /// Adding an interaction the view already has does nothing, as on iOS.
  public func addInteraction(_ interaction: any UIInteraction) {
    if _interactions.contains(where: { $0 === interaction }) { return }
    if let previous = interaction.view, previous !== self { previous.removeInteraction(interaction) }
    interaction.willMove(to: self)
    _interactions.append(interaction)
    interaction.didMove(to: self)
  }

  /// Removes `interaction` from the view; an interaction the view does not have is ignored.
  public func removeInteraction(_ interaction: any UIInteraction) {
    guard let index = _interactions.firstIndex(where: { $0 === interaction }) else { return }
    interaction.willMove(to: nil)
    _interactions.remove(at: index)
    interaction.didMove(to: nil)
  }

  /// The view's interactions, in the order they were added. Setting it removes the ones left
  /// out and adds the new ones through `removeInteraction`/`addInteraction`.
  public var interactions: [any UIInteraction] {
    get { _interactions }
    set {
      for old in _interactions where !newValue.contains(where: { $0 === old }) { removeInteraction(old) }
      for new in newValue { addInteraction(new) }
      // Keep the order given (iOS's setter copies the array).
      _interactions = newValue.reduce(into: []) { kept, item in
        if !kept.contains(where: { $0 === item }) { kept.append(item) }
      }
    }
  }
}
