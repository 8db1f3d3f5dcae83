import Foundation

/// What UIKit reports to hosts as it happens: the delegate messages it sends, the notifications
/// it posts and the control events it sends. UIKitTesting's timeline and the terminal host's
/// `--trace` pane are built from these records; apps never see them.
package enum TraceRecord {
  /// UIKit is sending `message` (a selector-like name, e.g. `textFieldShouldBeginEditing(_:)`)
  /// to `sender`'s delegate; `arguments` describes the arguments after the sender. Reported when
  /// the call starts, so that what the delegate does in turn follows it.
  case delegate(sender: AnyObject, message: String, arguments: String)
  /// UIKit posted a notification (keyboard notifications have a nil object).
  case notification(Notification)
  /// A control sent the actions registered for `event`.
  case controlEvent(sender: UIControl, event: UIControl.Event)
  /// A feedback generator played (or prepared) feedback: `message` is the method, e.g.
  /// `notificationOccurred(_:)`, `arguments` what it played, e.g. `.error`.
  case feedback(generator: UIFeedbackGenerator, message: String, arguments: String)
  /// The app told assistive technology something (`UIAccessibility.post(notification:argument:)`):
  /// `argument` is the announcement's text, or the element's identifier or label.
  case accessibility(notification: UIAccessibility.Notification, argument: String)
}

/// Where trace records go. Hosts add an observer and remove it when they are done.
@MainActor
package enum UIKitTrace {
  package struct ObserverToken: Hashable, Sendable { let id: Int }

  /// The window a record concerns (for keyboard notifications, the window whose keyboard moved).
  package typealias Observer = @MainActor (TraceRecord, UIWindow?) -> Void

  private static var observers: [(id: Int, observer: Observer)] = []
  private static var nextID = 0
  /// `!observers.isEmpty`, kept apart: it is only ever assigned whole, so the optimizer can
  /// drop the run-time exclusivity check of the several reads each keystroke makes.
  private static var hasObservers = false

  package static func addObserver(_ observer: @escaping Observer) -> ObserverToken {
    nextID += 1
    observers.append((nextID, observer))
    hasObservers = true
    return ObserverToken(id: nextID)
  }

  package static func removeObserver(_ token: ObserverToken) {
    observers.removeAll { $0.id == token.id }
    hasObservers = !observers.isEmpty
  }

  /// Whether anyone listens. Callers that would build a record's text only for observers
  /// (formatting a delegate message's arguments) check it first: on every keystroke, with
  /// nobody tracing, that formatting would cost more than the edit.
  static var isObserved: Bool { hasObservers }

  /// Hands `record` to the observers. Neither the record nor the window (a walk up the view
  /// hierarchy) is computed when nobody observes.
  static func report(_ record: @autoclosure () -> TraceRecord, window: @autoclosure () -> UIWindow?) {
    guard hasObservers else { return }
    let record = record()
    // What the keyboard's input and accessory views do happens in the window they serve.
    let window = window().map { KeyboardController.appWindow(for: $0) }
    for entry in observers { entry.observer(record, window) }
  }

  /// The arguments of a question about a change of `sender`'s text, as traces show them:
  /// `{location, length} "replacement"` (the UTF-16 range of the current text).
  ///
  /// A secure text object's replacement is never shown, only how many characters it has, which
  /// its bullets show anyway: `{4, 0} <secure, 1 character>`. iOS exposes a secure field's
  /// keystrokes nowhere, and a trace pane or a test's timeline is often in plain sight (or in a
  /// CI log). What is secure is what says so through its input traits, whatever its class.
  static func changeArguments(_ range: NSRange, _ replacement: String, of sender: AnyObject) -> String {
    let location = "{\(range.location), \(range.length)}"
    guard !replacement.isEmpty, (sender as? any UITextInputTraits)?.isSecureTextEntry == true else {
      return "\(location) \(replacement.debugDescription)"
    }
    return "\(location) \(concealed(replacement))"
  }

  /// What traces show instead of secure text: `<secure, N characters>` (grapheme clusters, as
  /// many as the bullets a secure field draws).
  package static func concealed(_ text: String) -> String {
    let count = text.count
    return "<secure, \(count) character\(count == 1 ? "" : "s")>"
  }

  /// Posts `name` on the default center and reports it.
  static func post(
    _ name: Notification.Name, object: AnyObject?, userInfo: [AnyHashable: Any]? = nil,
    window: @autoclosure () -> UIWindow?
  ) {
    let note = Notification(name: name, object: object, userInfo: userInfo)
    // Reported first, so that what observers do in response follows it in a timeline.
    report(.notification(note), window: window())
    NotificationCenter.default.post(note)
  }
}

extension UIControl.Event {
  /// The event's Swift name, e.g. `.editingChanged` (a single event).
  package var traceName: String {
    let names: [(UIControl.Event, String)] = [
      (.touchDown, ".touchDown"), (.touchDownRepeat, ".touchDownRepeat"),
      (.touchDragInside, ".touchDragInside"), (.touchDragOutside, ".touchDragOutside"),
      (.touchDragEnter, ".touchDragEnter"), (.touchDragExit, ".touchDragExit"),
      (.touchUpInside, ".touchUpInside"), (.touchUpOutside, ".touchUpOutside"),
      (.touchCancel, ".touchCancel"), (.valueChanged, ".valueChanged"),
      (.primaryActionTriggered, ".primaryActionTriggered"),
      (.menuActionTriggered, ".menuActionTriggered"), (.editingDidBegin, ".editingDidBegin"),
      (.editingChanged, ".editingChanged"), (.editingDidEnd, ".editingDidEnd"),
      (.editingDidEndOnExit, ".editingDidEndOnExit"),
    ]
    return names.first { $0.0 == self }?.1 ?? ".event(\(rawValue))"
  }
}

extension TraceRecord {
  /// One line for a trace display: `[sender: ]message arguments`, with notifications by their
  /// raw name and control events by their Swift name (`.editingChanged`).
  @MainActor package func line(senderName: (AnyObject?) -> String?) -> String {
    let sender: AnyObject?
    let name: String
    var arguments = ""
    switch self {
    case .delegate(let s, let message, let args):
      (sender, name, arguments) = (s, message, args)
    case .notification(let note):
      (sender, name) = (note.object as AnyObject?, note.name.rawValue)
    case .controlEvent(let s, let event):
      (sender, name) = (s, event.traceName)
    case .feedback(let generator, let message, let args):
      // Named by the view it is attached to when the view has a name and it has none.
      let named: AnyObject = senderName(generator) == nil ? (generator.view ?? generator) : generator
      (sender, name, arguments) = (named, message, args)
    case .accessibility(let notification, let argument):
      (sender, name, arguments) = (nil, "UIAccessibility.post(.\(notification._traceName))", argument.isEmpty ? "" : argument.debugDescription)
    }
    var parts: [String] = []
    if let label = senderName(sender) { parts.append(label + ":") }
    parts.append(name)
    if !arguments.isEmpty { parts.append(arguments) }
    return parts.joined(separator: " ")
  }
}
