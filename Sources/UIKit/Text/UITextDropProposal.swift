import Foundation

/// Where dropped text goes.
public enum UITextDropAction: UInt, Sendable {
  /// At the drop position.
  case insert = 0
  /// Over the selection.
  case replaceSelection = 1
  /// Over all of the text.
  case replaceAll = 2
}

/// Who shows a slow drop's progress.
public enum UITextDropProgressMode: UInt, Sendable {
  /// The system.
  case system = 0
  /// The delegate.
  case custom = 1
}

/// Who puts the dropped text in place.
public enum UITextDropPerformer: UInt, Sendable {
  /// The text object (through its one mutation path: its delegate is asked).
  case view = 0
  /// The delegate, in `textDroppableView(_:willPerformDrop:)`; the object changes nothing.
  case delegate = 1
}

/// A drop proposal for text: the operation and how the text goes in.
@preconcurrency @MainActor
open class UITextDropProposal: UIDropProposal {
  /// Where the text goes (`.insert` by default).
  open var dropAction: UITextDropAction = .insert
  /// Who shows progress (`.system` by default; drops here are immediate).
  open var dropProgressMode: UITextDropProgressMode = .system
  /// Whether a move within the object may skip the system's animations: a move within one
  /// object is always one edit here, so this is kept.
  open var useFastSameViewOperations = false
  /// Who puts the text in place (`.view` by default).
  open var dropPerformer: UITextDropPerformer = .view
}
