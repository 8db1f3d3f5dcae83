import Foundation

/// What a drop does with the dragged items, as a drop proposal names it and the drag source
/// hears at the end.
public enum UIDropOperation: UInt, Sendable {
  /// Nothing happens: the drop is not taken here (the session goes on to other targets).
  case cancel = 0
  /// The target would take the drop but cannot now (iOS shows a forbidden badge).
  case forbidden = 1
  /// The target takes a copy of the data.
  case copy = 2
  /// The target takes the data and the source removes it: only within the app, and only when
  /// the session ``UIDragDropSession/allowsMoveOperation``; otherwise it counts as `.cancel`.
  case move = 3
}
