// An iOS-shaped editor screen, compiled in Swift 5 mode: its view controller offers ⌘S and
// ⌘F as key commands and handles Escape in `pressesBegan`, passing other keys to `super`.
import UIKit
import UIKitTesting
import XCTest

class NoteEditorViewController: UIViewController {
  let noteField = UITextField(frame: CGRect(x: 16, y: 80, width: 300, height: 34))
  var saved: [String] = []
  var searches = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(noteField)
  }

  override var keyCommands: [UIKeyCommand]? {
    return [
      UIKeyCommand(input: "s", modifierFlags: .command, action: NoteEditorViewController.save),
      UIKeyCommand(
        title: "Find", action: NoteEditorViewController.find, input: "f", modifierFlags: [.command],
        discoverabilityTitle: "Find in Note"),
    ]
  }

  func save(_ sender: UIKeyCommand) {
    saved.append(noteField.text ?? "")
  }

  func find() {
    searches += 1
  }

  override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
    var didHandleEvent = false
    for press in presses {
      guard let key = press.key else { continue }
      if key.charactersIgnoringModifiers == UIKeyCommand.inputEscape {
        noteField.text = ""
        didHandleEvent = true
      }
    }
    if !didHandleEvent {
      super.pressesBegan(presses, with: event)
    }
  }
}

final class KeyCommandClientTests: XCTestCase {
  func testShortcutsAndPressesOnAnEditorScreen() {
    let controller = NoteEditorViewController()
    let host = HeadlessHost(rootViewController: controller)
    host.tap(controller.noteField)
    host.type("milk")
    XCTAssertTrue(host.press(.character("s"), modifiers: .command))
    XCTAssertEqual(controller.saved, ["milk"])
    XCTAssertEqual(controller.noteField.text, "milk", "⌘S is not typed")
    host.press(.character("f"), modifiers: .command)
    XCTAssertEqual(controller.searches, 1)
    XCTAssertTrue(host.press(.escape))
    XCTAssertEqual(controller.noteField.text, "")
    host.type("s")
    XCTAssertEqual(controller.noteField.text, "s")
    XCTAssertEqual(controller.saved, ["milk"])
  }
}
