import Foundation
import Testing
import UIKit
import UIKitTesting

/// A storage edit whose range has an end between the two halves of a surrogate pair: Swift's
/// strings hold no lone surrogate, so the edit takes the whole character (an insertion point
/// there moves before it, taking nothing), and what the storage's delegate hears is that edit:
/// its range and change in length agree with the text (issue 32, item 4).
@MainActor @Suite struct SurrogateEditTests {
  /// An edit of "a😀b" (units a, high, low, b): the range asked for, the text after it and what
  /// the delegate hears (mask 2: characters edited; the range in the new text; the change in
  /// length).
  struct Case: Sendable, CustomTestStringConvertible {
    let range: NSRange
    let replacement: String
    let text: String
    let heard: String
    let testDescription: String
  }

  nonisolated static let cases = [
    Case(
      range: NSRange(location: 2, length: 1), replacement: "x", text: "axb", heard: "2 {1, 1} -1",
      testDescription: "a replacement that splits the pair takes the whole character and says so"),
    Case(
      range: NSRange(location: 2, length: 0), replacement: "x", text: "ax😀b", heard: "2 {1, 1} 1",
      testDescription: "an insertion between the halves goes before the character, takes nothing, is heard once"),
    Case(
      range: NSRange(location: 0, length: 2), replacement: "", text: "b", heard: "2 {0, 0} -3",
      testDescription: "a range ending inside the pair grows to its end"),
  ]

  @Test(arguments: cases)
  func anEditInsideASurrogatePair(_ edit: Case) {
    let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    view.text = "a😀b"
    for (name, storage) in [("a text view's", view.textStorage), ("a storage of its own", NSTextStorage(string: "a😀b"))] {
      let recorder = StorageRecorder()
      storage.delegate = recorder
      storage.replaceCharacters(in: edit.range, with: edit.replacement)
      #expect(storage.string == edit.text, "\(name)")
      #expect(storage.length == (edit.text as NSString).length, "\(name)")
      #expect(recorder.calls == ["will " + edit.heard, "did " + edit.heard], "\(name): the edit that happened")
    }
  }
}

/// A delegate that sets the selection it was given again, inside `shouldChange…`, leaves the
/// user's edit standing: iOS compares ranges, and setting the range forgets only which end a
/// Shift-arrow selection grew from (issue 32, item 5).
@MainActor @Suite struct DelegateResetsTheSelectionTests {
  final class Resetter: NSObject, UITextViewDelegate, UITextFieldDelegate {
    var asked = 0
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
      asked += 1
      textView.selectedRange = textView.selectedRange
      return true
    }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
      asked += 1
      textField.selectedTextRange = textField.selectedTextRange
      return true
    }
  }

  @Test func aTextViewKeepsTheTypedCharacter() {
    let controller = UIViewController()
    let textView = UITextView(frame: CGRect(x: 0, y: 100, width: 300, height: 100))
    textView.text = "hello"
    controller.view.addSubview(textView)
    let host = HeadlessHost(rootViewController: controller)
    let delegate = Resetter()
    textView.delegate = delegate
    host.tap(textView)
    textView.selectedRange = NSRange(location: 5, length: 0)
    host.press(.left, modifiers: .shift)
    host.press(.left, modifiers: .shift)
    #expect(textView.selectedRange == NSRange(location: 3, length: 2))
    host.type("X")
    #expect(delegate.asked == 1)
    #expect(textView.text == "helX")
    #expect(textView.selectedRange == NSRange(location: 4, length: 0))
  }

  @Test func aTextFieldKeepsTheTypedCharacter() {
    let controller = UIViewController()
    let field = UITextField(frame: CGRect(x: 0, y: 100, width: 300, height: 40))
    field.text = "hello"
    controller.view.addSubview(field)
    let host = HeadlessHost(rootViewController: controller)
    let delegate = Resetter()
    field.delegate = delegate
    host.tap(field)
    host.press(.right, modifiers: .command)
    host.press(.left, modifiers: .shift)
    host.press(.left, modifiers: .shift)
    host.type("X")
    #expect(delegate.asked == 1)
    #expect(field.text == "helX")
  }
}

/// A secure text view copies and cuts nothing, whoever asks, as a secure field (issue 32, item 8:
/// `copy(_:)` put the text on the pasteboard though `canPerformAction(.copy)` said no).
@MainActor @Suite struct SecureTextViewCopyTests {
  @Test func copyAndCutLeaveThePasteboardAlone() {
    let textView = UITextView()
    textView.text = "secret"
    textView.isSecureTextEntry = true
    _ = textView.textStorage.length
    textView.selectedRange = NSRange(location: 0, length: 6)
    UIPasteboard.general.string = "before"
    #expect(!textView.canPerformAction(.copy, withSender: nil))
    textView.copy(nil)
    #expect(UIPasteboard.general.string == "before")
    textView.cut(nil)
    #expect(UIPasteboard.general.string == "before")
    #expect(textView.text == "secret")
  }
}

/// Fields and text views that go away take their undo steps with them (issue 32, item 11: after
/// 20,000 removed fields the window's undo manager held 20,000 groups, and ⌘Z spent presses on
/// them).
@MainActor @Suite struct UndoStepsOfRemovedTextObjectsTests {
  @Test func theWindowsUndoManagerForgetsThem() {
    let controller = UIViewController()
    let keeper = UITextField(frame: CGRect(x: 0, y: 50, width: 200, height: 30))
    controller.view.addSubview(keeper)
    let host = HeadlessHost(rootViewController: controller)
    host.tap(keeper)
    host.type("kept")
    let undoManager = host.window.undoManager!
    #expect(undoManager.canUndo)
    func typeIntoAnObjectThatGoes(_ k: Int) {
      let object: UIView = k % 2 == 0 ? UITextField(frame: CGRect(x: 0, y: 100, width: 200, height: 30))
        : UITextView(frame: CGRect(x: 0, y: 100, width: 200, height: 80))
      controller.view.addSubview(object)
      host.tap(object)
      host.type("x\(k)")
      object.removeFromSuperview()
    }
    for k in 0..<200 { typeIntoAnObjectThatGoes(k) }
    host.tap(keeper)
    // Only the kept field's typing is left: one ⌘Z undoes it.
    #expect(host.press(.character("z"), modifiers: .command))
    #expect(keeper.text == "")
    #expect(!undoManager.canUndo, "nothing of the removed objects is left to undo")
  }
}
