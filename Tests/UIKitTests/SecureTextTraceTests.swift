import Foundation
import Testing
import UIKit
import UIKitTesting

/// Issue 17, item 11: traces (the headless timeline, the terminal host's `--trace` pane) never
/// show a secure text object's keystrokes, pastes, compositions or undone text; they show how
/// many characters changed, as the bullets do.
@MainActor
@Suite struct SecureTextTraceTests {
  /// The text of every change question a trace may show for a secure object: a range and
  /// either nothing (a deletion) or a concealed count.
  static let concealedChange = #/^.*\(_:should.*\) \{\d+, \d+\} (""|<secure, \d+ characters?>)$/#

  /// Types, deletes, undoes, pastes and composes in `field`, the ways a user changes text.
  private func editSecretly(_ host: HeadlessHost, _ field: UITextField) {
    host.tap(field)
    host.type("Zq7w")
    host.deleteBackward()
    host.press(.character("z"), modifiers: .command)  // undo: asks about putting "Zq7w" back… and its removal
    host.paste("hunter2xyz")
    host.compose(["ほ", "ほし"], commit: "星屑")
  }

  @Test func aSecureFieldsEditsAreTracedWithTheirTextHidden() {
    let (host, fields) = makeForm()
    let field = fields[0]
    field.isSecureTextEntry = true
    let delegate = RecordingDelegate()
    field.delegate = delegate
    editSecretly(host, field)
    // The edits happened and the delegate saw them (only traces hide them).
    #expect(delegate.calls.contains("shouldChange {4, 0} \"hunter2xyz\""))
    #expect(delegate.calls.contains("shouldChange {3, 0} \"w\""), "the undo of the Backspace")
    let changes = host.timeline.lines.filter { $0.contains("shouldChangeCharactersIn") }
    #expect(changes.count >= 8)
    for line in host.timeline.lines {
      for secret in ["Zq7w", "Zq7", "hunter2xyz", "hunter", "星屑", "ほし", "\"w\"", "\"Z\"", "\"ほ\""] {
        #expect(!line.contains(secret), "the timeline shows secure text: \(line)")
      }
    }
    for line in changes {
      #expect(line.wholeMatch(of: Self.concealedChange) != nil, "\(line)")
    }
    #expect(changes.contains("A: textField(_:shouldChangeCharactersIn:replacementString:) {0, 0} <secure, 1 character>"))
    #expect(changes.contains("A: textField(_:shouldChangeCharactersIn:replacementString:) {3, 1} \"\""))
    #expect(changes.contains("A: textField(_:shouldChangeCharactersIn:replacementString:) {4, 0} <secure, 10 characters>"))
    #expect(changes.contains("A: textField(_:shouldChangeCharactersIn:replacementString:) {14, 2} <secure, 2 characters>"))
  }

  @Test func theTracePaneSeesTheSameHiddenText() {
    // What the terminal host's `--trace` pane shows: each record's line, as it formats it.
    let (host, fields) = makeForm()
    var lines: [String] = []
    let token = UIKitTrace.addObserver { record, _ in
      lines.append(record.line { _ in "field" })
    }
    defer { UIKitTrace.removeObserver(token) }
    let delegate = RecordingDelegate()
    fields[0].delegate = delegate
    fields[0].isSecureTextEntry = true
    editSecretly(host, fields[0])
    #expect(lines.contains("field: textField(_:shouldChangeCharactersIn:replacementString:) {4, 0} <secure, 10 characters>"))
    #expect(!lines.contains { $0.contains("hunter") || $0.contains("Zq7") || $0.contains("星") })
  }

  @Test func aSecureTextViewIsTracedWithItsTextHidden() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller)
    let textView = UITextView(frame: CGRect(x: 20, y: 60, width: 300, height: 200))
    textView.isSecureTextEntry = true
    let delegate = TextViewDelegateStub()
    textView.delegate = delegate
    controller.view.addSubview(textView)
    host.name(textView, "notes")
    host.tap(textView)
    host.type("Zq7w")
    host.paste("hunter2xyz")
    #expect(textView.text == "Zq7whunter2xyz")
    let changes = host.timeline.lines.filter { $0.contains("shouldChangeTextIn") }
    #expect(changes.count == 5)
    #expect(changes.last == "notes: textView(_:shouldChangeTextIn:replacementText:) {4, 0} <secure, 10 characters>")
    #expect(!host.timeline.lines.contains { $0.contains("hunter") || $0.contains("\"Z\"") })
  }

  @Test func anOrdinaryFieldsEditsStillShowTheirText() {
    let (host, fields) = makeForm()
    fields[0].delegate = RecordingDelegateHolder.shared
    host.tap(fields[0])
    host.type("é")
    host.paste("hunter2")
    #expect(host.timeline.lines.contains("A: textField(_:shouldChangeCharactersIn:replacementString:) {0, 0} \"é\""))
    #expect(host.timeline.lines.contains("A: textField(_:shouldChangeCharactersIn:replacementString:) {1, 0} \"hunter2\""))
  }

  @Test func concealedTextCountsCharactersAsTheBulletsDo() {
    #expect(UIKitTrace.concealed("a") == "<secure, 1 character>")
    #expect(UIKitTrace.concealed("👍🏽e\u{301}") == "<secure, 2 characters>")
  }
}

/// A text view delegate that allows every change.
@MainActor
final class TextViewDelegateStub: NSObject, UITextViewDelegate {}

/// A delegate kept alive for the length of a test run (fields hold delegates weakly).
@MainActor
enum RecordingDelegateHolder {
  static let shared = RecordingDelegate()
}
