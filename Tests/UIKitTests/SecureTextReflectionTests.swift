import Foundation
import Testing
import TextEditing
@testable import UIKit
import UIKitTesting

/// Every string reflection shows of `root`, to any depth: the description and debug
/// description of each value reached through mirrors (children and superclass mirrors), each
/// object visited once.
@MainActor
func reflectedStrings(of root: Any, limit: Int = 100_000) -> [String] {
  var strings: [String] = []
  var seen: Set<ObjectIdentifier> = []
  var stack: [Any] = [root]
  while let value = stack.popLast(), strings.count < limit {
    if type(of: value) is AnyClass {
      let object = value as AnyObject
      guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
    }
    strings.append(String(describing: value))
    strings.append(String(reflecting: value))
    var mirror: Mirror? = Mirror(reflecting: value)
    while let current = mirror {
      for child in current.children {
        if let label = child.label { strings.append(label) }
        stack.append(child.value)
      }
      mirror = current.superclassMirror
    }
  }
  return strings
}

/// A secure text view in a hosted controller's view.
@MainActor
func secureTextViewOnScreen() -> (UIViewController, HeadlessHost, UITextView) {
  let controller = UIViewController()
  let host = HeadlessHost(rootViewController: controller)
  let textView = UITextView(frame: CGRect(x: 20, y: 60, width: 300, height: 200))
  textView.isSecureTextEntry = true
  controller.view.addSubview(textView)
  return (controller, host, textView)
}

/// Issue 17, item 12: nothing reflective — `dump`, `Mirror`, `String(reflecting:)`,
/// `description` — shows a secure text object's text, neither in its state, its undo history
/// nor anywhere a walk from it reaches.
@MainActor
@Suite struct SecureTextReflectionTests {
  static let secrets = ["Zq7w", "Zq7", "hunter2xyz", "unter2", "星屑"]

  /// Types, deletes, undoes (leaving a redo step), pastes and composes.
  private func editSecretly(_ host: HeadlessHost, _ field: UIView) {
    host.tap(field)
    host.type("Zq7w")
    host.deleteBackward()
    host.press(.character("z"), modifiers: .command)  // undo the Backspace
    host.press(.character("z"), modifiers: .command)  // undo the typing: a redo step
    host.press(.character("z"), modifiers: [.command, .shift])  // redo it
    host.paste("hunter2xyz")
    host.compose(["ほ", "ほし"], commit: "星屑")
    // What a user pasted stays theirs on the pasteboard; it is not the field's to hide.
    UIPasteboard.general.string = nil
  }

  private func expectNoSecret(in strings: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for string in strings {
      for secret in Self.secrets where string.contains(secret) {
        Issue.record("reflection shows secure text: \(string.prefix(300))", sourceLocation: sourceLocation)
      }
    }
  }

  @Test func nothingReflectiveShowsASecureFieldsText() {
    let (host, fields) = makeForm()
    let field = fields[0]
    field.isSecureTextEntry = true
    editSecretly(host, field)
    #expect(field.text == "Zq7whunter2xyz星屑")
    #expect(field._history.canUndo && field.undoManager?.canUndo == true)
    var dumped = ""
    dump(field, to: &dumped)
    expectNoSecret(in: [dumped])
    #expect(dumped.contains("<concealed, 16 UTF-16 units>"))
    expectNoSecret(in: [String(describing: field), String(reflecting: field), field.description, field.debugDescription])
    expectNoSecret(in: reflectedStrings(of: field))
    // The engine values the field holds, reflected on their own.
    for value: Any in [field._state, field._state.text, field._history] {
      var text = ""
      dump(value, to: &text)
      expectNoSecret(in: [text, String(describing: value), String(reflecting: value)])
      expectNoSecret(in: reflectedStrings(of: value))
    }
    // The text is all there, for the app to read.
    #expect(field.text?.contains("hunter2xyz") == true)
  }

  @Test func anOrdinaryFieldsTextIsWhatReflectionShows() {
    // The walk reaches the text when nothing hides it, so the test above can fail.
    let (host, fields) = makeForm()
    editSecretly(host, fields[0])
    var dumped = ""
    dump(fields[0], to: &dumped)
    #expect(dumped.contains("Zq7whunter2xyz星屑"))
    #expect(reflectedStrings(of: fields[0]).contains { $0.contains("hunter2xyz") })
    #expect(reflectedStrings(of: fields[0]._history).contains { $0.contains("hunter2xyz") })
  }

  @Test func textSetOrTypedBeforeTheFieldBecameSecureIsHiddenToo() {
    let (host, fields) = makeForm()
    let field = fields[0]
    host.tap(field)
    host.type("Zq7w")
    field.isSecureTextEntry = true
    expectNoSecret(in: reflectedStrings(of: field))
    field.text = "hunter2xyz"
    expectNoSecret(in: reflectedStrings(of: field))
    var dumped = ""
    dump(field, to: &dumped)
    expectNoSecret(in: [dumped])
    // Turned off again, the field is an ordinary one.
    field.isSecureTextEntry = false
    #expect(reflectedStrings(of: field).contains { $0.contains("hunter2xyz") })
  }

  @Test func nothingReflectiveShowsASecureTextViewsText() {
    let (_, host, textView) = secureTextViewOnScreen()
    editSecretly(host, textView)
    #expect(textView.text == "Zq7whunter2xyz星屑")
    var dumped = ""
    dump(textView, to: &dumped)
    expectNoSecret(in: [dumped])
    expectNoSecret(in: reflectedStrings(of: textView))
  }
}

/// Issue 32, item 8: a secure text view whose TextKit objects were touched (its text storage,
/// layout manager or text container) still shows its text to nothing reflective, reached from
/// the view, its window, its controller or its undo manager; and copy and cut, which
/// `canPerformAction` refuses, put nothing on the pasteboard when called directly.
@MainActor
@Suite struct SecureTextViewTextKitReflectionTests {
  @Test func touchingTextKitDoesNotShowASecureTextViewsText() {
    let (controller, host, textView) = secureTextViewOnScreen()
    host.tap(textView)
    host.type("hunter2xyz")
    // What libraries touch: the storage (its string, attributes), the layout manager's glyphs,
    // the container.
    _ = textView.textStorage.string
    _ = textView.textStorage.attributes(at: 0, effectiveRange: nil)
    _ = textView.layoutManager.usedRect(for: textView.textContainer)
    _ = textView.textContainer.size
    host.type("星屑")
    // (The storage itself is the text, as `text` is: an app that dumps it asked for it.)
    for root in [textView, host.window, controller, textView.undoManager as Any] as [Any] {
      var dumped = ""
      dump(root, to: &dumped)
      for secret in ["hunter2", "星屑"] {
        #expect(!dumped.contains(secret), "dump of \(type(of: root))")
        #expect(!reflectedStrings(of: root).contains { $0.contains(secret) }, "reflection from \(type(of: root))")
      }
    }
    // The app reads its own text as ever.
    #expect(textView.textStorage.string == "hunter2xyz星屑")
    textView.isSecureTextEntry = false
    #expect(String(describing: textView.textStorage).contains("hunter2xyz"))
  }

  @Test func copyAndCutCalledDirectlyPutNothingOnThePasteboard() {
    let textView = UITextView(frame: CGRect(x: 20, y: 60, width: 300, height: 200))
    textView.isSecureTextEntry = true
    textView.text = "hunter2xyz"
    _ = textView.textStorage
    textView.selectedRange = NSRange(location: 0, length: 10)
    UIPasteboard.general.string = "before"
    #expect(!textView.canPerformAction(.copy, withSender: nil))
    textView.copy(nil)
    textView.cut(nil)
    #expect(UIPasteboard.general.string == "before")
    #expect(textView.text == "hunter2xyz")
  }
}
