import Foundation

/// A behaviour added to a view (an edit-menu interaction, for example), told when it moves to
/// or from its view.
@preconcurrency @MainActor
public protocol UIInteraction: NSObjectProtocol {
  /// The view the interaction is on.
  var view: UIView? { get }
  /// The interaction is about to be added to `view` (nil: removed from its view).
  func willMove(to view: UIView?)
  /// The interaction was added to `view` (nil: removed from its view).
  func didMove(to view: UIView?)
}

extension UIView {
  /// The interactions added to the view, in the order they were added.
  public var interactions: [any UIInteraction] {
    get { _interactions }
    set {
      for interaction in _interactions { removeInteraction(interaction) }
      for interaction in newValue { addInteraction(interaction) }
    }
  }

  /// Adds `interaction` to the view (moving it from another view it is on).
  public func addInteraction(_ interaction: any UIInteraction) {
    if let other = interaction.view, other !== self { other.removeInteraction(interaction) }
    guard !_interactions.contains(where: { $0 === interaction }) else { return }
    interaction.willMove(to: self)
    _interactions.append(interaction)
    interaction.didMove(to: self)
  }

  /// Removes `interaction` from the view.
  public func removeInteraction(_ interaction: any UIInteraction) {
    guard let index = _interactions.firstIndex(where: { $0 === interaction }) else { return }
    interaction.willMove(to: nil)
    _interactions.remove(at: index)
    interaction.didMove(to: nil)
  }
}
