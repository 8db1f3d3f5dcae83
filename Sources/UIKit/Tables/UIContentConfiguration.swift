import Foundation

/// The content of a cell or header as a value: it makes the view that shows it, and a variant
/// of itself for a state (selected, highlighted...).
@preconcurrency @MainActor
public protocol UIContentConfiguration {
  /// A new view that shows this configuration.
  func makeContentView() -> any UIView & UIContentView
  /// This configuration as it should look in `state`.
  func updated(for state: any UIConfigurationState) -> Self
}

/// A view that shows a content configuration.
@preconcurrency @MainActor
public protocol UIContentView: NSObjectProtocol {
  /// The configuration shown; setting it updates the view.
  var configuration: any UIContentConfiguration { get set }
  /// Whether the view can show `configuration` (if not, a cell makes a new view for it).
  func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
  public func supports(_ configuration: any UIContentConfiguration) -> Bool { true }
}

/// The state a configuration is updated for.
///
/// Linux difference: there are no trait collections yet, so the state has no `traitCollection`.
@preconcurrency @MainActor
public protocol UIConfigurationState {}

/// A cell's state, as its configurations see it.
public struct UICellConfigurationState: UIConfigurationState, Hashable, Sendable {
  /// Whether the cell is selected.
  public var isSelected = false
  /// Whether the cell is highlighted (touched).
  public var isHighlighted = false
  /// Whether the cell is disabled.
  public var isDisabled = false
  /// Whether the cell is focused.
  public var isFocused = false
  /// Whether the table view is editing.
  public var isEditing = false
  /// Whether the cell is swiped.
  public var isSwiped = false
  /// Whether the cell is expanded.
  public var isExpanded = false
  /// Whether the cell is being reordered.
  public var isReordering = false

  /// A state with every flag off.
  public init() {}
}
