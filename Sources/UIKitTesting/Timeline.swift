import Foundation
import UIKit

/// What happened, in order: the delegate messages UIKit sent, the notifications it posted, the
/// control events it sent and the feedback generators played, while a ``HeadlessHost`` was recording.
@preconcurrency @MainActor
public struct Timeline {
  /// One recorded happening.
  public struct Entry: CustomStringConvertible {
    /// What kind of happening.
    public enum Kind: Equatable, Sendable {
      /// A delegate message, e.g. `textFieldShouldBeginEditing(_:)`.
      case delegate
      /// A notification, by its raw name, e.g. `UITextFieldTextDidChangeNotification`.
      case notification
      /// A control event, e.g. `.editingChanged`.
      case controlEvent
      /// Feedback a feedback generator played (or prepared), e.g. `notificationOccurred(_:)`
      /// with the arguments `.error`.
      case feedback
      /// What the app told assistive technology (`UIAccessibility.post(notification:argument:)`),
      /// named `announcement`, `layoutChanged`, `screenChanged`…, with the argument's text.
      case accessibility
    }

    /// The kind.
    public let kind: Kind
    /// The message, notification name or event (`.editingChanged`).
    public let name: String
    /// The object concerned: the field (for keyboard notifications, nil), while it exists.
    ///
    /// The timeline holds it weakly, so that recording never keeps an object alive (a test
    /// checking that a view controller and its fields go away would otherwise see a leak);
    /// once the object is gone this is nil, and ``senderName`` and ``senderType`` still say
    /// what it was.
    public var sender: AnyObject? { _sender }
    private weak var _sender: AnyObject?
    /// The sender's name as the host knows it (see ``HeadlessHost/name(_:_:)``).
    public let senderName: String?
    /// The sender's class, e.g. `"UITextField"` (nil when there was no sender).
    public let senderType: String?
    /// The arguments of a delegate message after the sender, e.g. `{5, 0} "f"`.
    public let arguments: String
    /// The notification itself, for notifications. Its object is ``sender`` (nil once the
    /// object is gone: the timeline keeps the notification without it).
    public var notification: Notification? {
      guard var note = _notification else { return nil }
      note.object = _sender
      return note
    }
    private let _notification: Notification?

    /// An entry about `sender`, which it holds weakly. A notification's object is not kept.
    init(
      kind: Kind, name: String, sender: AnyObject?, senderName: String?, arguments: String,
      notification: Notification?
    ) {
      self.kind = kind
      self.name = name
      self._sender = sender
      self.senderName = senderName
      self.senderType = sender.map { String(describing: type(of: $0)) }
      self.arguments = arguments
      self._notification = notification.map { Notification(name: $0.name, object: nil, userInfo: $0.userInfo) }
    }

    /// `name`, preceded by the sender's name when it has one and followed by the arguments.
    public var description: String {
      var parts: [String] = []
      if let senderName { parts.append(senderName + ":") }
      parts.append(name)
      if !arguments.isEmpty { parts.append(arguments) }
      return parts.joined(separator: " ")
    }
  }

  /// Every entry, oldest first.
  public internal(set) var entries: [Entry] = []

  /// The names of the entries: messages, raw notification names and `.event` names.
  public var names: [String] { entries.map(\.name) }

  /// The entries as text lines (see ``Entry/description``).
  public var lines: [String] { entries.map(\.description) }

  /// The entries of one kind.
  public func entries(ofKind kind: Entry.Kind) -> [Entry] { entries.filter { $0.kind == kind } }
}
