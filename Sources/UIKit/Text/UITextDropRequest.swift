import Foundation

/// What a text drop delegate is asked about: where the text would go and what UIKit proposes.
@preconcurrency @MainActor
public protocol UITextDropRequest: NSObjectProtocol {
  /// The position closest to the finger.
  var dropPosition: UITextPosition { get }
  /// What UIKit would do: move within the same object, copy from another.
  var suggestedProposal: UITextDropProposal { get }
  /// Whether the drag began in this object.
  var isSameView: Bool { get }
  /// The session.
  var dropSession: any UIDropSession { get }
}

@MainActor
final class _TextDropRequest: NSObject, UITextDropRequest {
  let dropPosition: UITextPosition
  let suggestedProposal: UITextDropProposal
  let isSameView: Bool
  let dropSession: any UIDropSession

  init(
    dropPosition: UITextPosition, suggestedProposal: UITextDropProposal, isSameView: Bool,
    dropSession: any UIDropSession
  ) {
    self.dropPosition = dropPosition
    self.suggestedProposal = suggestedProposal
    self.isSameView = isSameView
    self.dropSession = dropSession
    super.init()
  }
}
