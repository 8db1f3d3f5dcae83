import Foundation
import Testing
import UIKit
import UIKitTesting

/// Issue 17, item 13: a recording host must not keep what it records alive, or a test that
/// checks deallocation with recording on sees a leak that is not there.
@MainActor
@Suite struct TimelineReferenceTests {
  /// Adds a field with a delegate to the host's root view, names it, edits it, ends editing and
  /// removes it: after this nothing but the timeline could hold the field or its delegate.
  private func editAndDiscardAField(in host: HeadlessHost) -> (field: () -> UITextField?, delegate: () -> RecordingDelegate?) {
    weak var weakField: UITextField?
    weak var weakDelegate: RecordingDelegate?
    do {
      let field = UITextField(frame: CGRect(x: 20, y: 300, width: 300, height: 34))
      let delegate = RecordingDelegate()
      field.delegate = delegate
      host.window.rootViewController!.view.addSubview(field)
      host.name(field, "temporary")
      host.tap(field)
      host.type("ab")
      host.paste("cd")
      #expect(field.resignFirstResponder())
      host.settle()
      field.removeFromSuperview()
      weakField = field
      weakDelegate = delegate
    }
    return ({ weakField }, { weakDelegate })
  }

  @Test func recordingDoesNotKeepTheFieldAlive() {
    let (host, _) = makeForm()
    let discarded = editAndDiscardAField(in: host)
    // The timeline saw the field: delegate messages, its notifications and control events.
    #expect(host.timeline.lines.contains("temporary: textField(_:shouldChangeCharactersIn:replacementString:) {0, 0} \"a\""))
    #expect(host.timeline.lines.contains("temporary: UITextFieldTextDidChangeNotification"))
    #expect(host.timeline.lines.contains("temporary: .editingChanged"))
    #expect(discarded.field() == nil, "the timeline keeps the field alive")
    #expect(discarded.delegate() == nil)
  }

  @Test func entriesStillSayWhatTheSenderWasOnceItIsGone() {
    let (host, fields) = makeForm()
    let discarded = editAndDiscardAField(in: host)
    #expect(discarded.field() == nil)
    let changes = host.timeline.entries.filter { $0.name == "UITextFieldTextDidChangeNotification" }
    #expect(changes.count == 3)
    for entry in changes {
      #expect(entry.sender == nil)
      #expect(entry.senderName == "temporary")
      #expect(entry.senderType == "UITextField")
      #expect(entry.notification?.name == UITextField.textDidChangeNotification)
      #expect(entry.notification?.object == nil)
    }
    // A living sender is still there, as the notification's object too.
    host.clearTimeline()
    host.tap(fields[0])
    host.type("x")
    let change = host.timeline.entries.first { $0.name == "UITextFieldTextDidChangeNotification" }
    #expect(change?.sender === fields[0])
    #expect(change?.notification?.object as AnyObject? === fields[0])
    #expect(change?.senderType == "UITextField")
    let keyboard = host.timeline.entries.first { $0.name == "UIKeyboardWillShowNotification" }
    #expect(keyboard?.notification?.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] != nil)
  }

  @Test func aNameIsNotGivenToAnObjectThatReusesAFreedOnesAddress() {
    let (host, _) = makeForm()
    // Name many short-lived objects and make many more: some of the later ones land on a
    // freed one's address, and must not inherit its name.
    for _ in 0..<50 {
      let named = UITextField(frame: .zero)
      host.name(named, "gone")
    }
    let view = host.window.rootViewController!.view!
    for _ in 0..<200 {
      let field = UITextField(frame: CGRect(x: 20, y: 400, width: 300, height: 34))
      view.addSubview(field)
      host.clearTimeline()
      field.sendActions(for: .editingChanged)
      #expect(host.timeline.entries.first?.senderName == nil)
      field.removeFromSuperview()
    }
  }
}
