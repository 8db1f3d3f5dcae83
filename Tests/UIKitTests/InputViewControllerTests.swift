import Foundation
import Testing
import UIKit
import UIKitTesting

/// A small in-app keyboard: a UIInputViewController with buttons that type through the
/// document proxy.
@MainActor
private final class HexKeyboardController: UIInputViewController {
  var buttons: [UIButton] = []
  var loads = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    loads += 1
    for (index, title) in ["A", "B", "⌫", "Done"].enumerated() {
      let button = UIButton(type: .system)
      button.setTitle(title, for: .normal)
      button.frame = CGRect(x: 10 + CGFloat(index) * 90, y: 20, width: 80, height: 40)
      button.addTarget(self, action: HexKeyboardController.keyTapped, for: .touchUpInside)
      inputView?.addSubview(button)
      buttons.append(button)
    }
  }

  func keyTapped(_ sender: UIButton) {
    switch sender.title(for: .normal) {
    case "⌫": textDocumentProxy.deleteBackward()
    case "Done": dismissKeyboard()
    case let title?: textDocumentProxy.insertText(title)
    case nil: break
    }
  }
}

/// A field that shows the controller's keyboard in the system keyboard's place.
@MainActor
private final class HexField: UITextField {
  let keyboardController = HexKeyboardController()
  var accessoryController: UIInputViewController?
  override var inputViewController: UIInputViewController? { keyboardController }
  override var inputAccessoryViewController: UIInputViewController? { accessoryController }
}

@MainActor @Suite struct InputViewControllerTests {
  @Test func anInputViewIsAKeyboardStyledViewThatCanSizeItself() {
    let plain = UIInputView(frame: CGRect(x: 0, y: 0, width: 100, height: 50), inputViewStyle: .default)
    #expect(plain.inputViewStyle == .default)
    #expect(!plain.allowsSelfSizing)
    #expect(UIInputView(frame: .zero).inputViewStyle == .default)
    #expect(UIInputView.Style.keyboard.rawValue == 1)

    // A self-sizing input view's height comes from its constraints.
    let sizing = UIInputView(frame: .zero, inputViewStyle: .keyboard)
    sizing.allowsSelfSizing = true
    let content = UIView()
    content.translatesAutoresizingMaskIntoConstraints = false
    sizing.addSubview(content)
    NSLayoutConstraint.activate([
      content.topAnchor.constraint(equalTo: sizing.topAnchor),
      content.bottomAnchor.constraint(equalTo: sizing.bottomAnchor),
      content.leadingAnchor.constraint(equalTo: sizing.leadingAnchor),
      content.trailingAnchor.constraint(equalTo: sizing.trailingAnchor),
      content.heightAnchor.constraint(equalToConstant: 120),
    ])
    let controller = UIViewController()
    let field = UITextField(frame: CGRect(x: 20, y: 60, width: 200, height: 34))
    field.inputView = sizing
    controller.view.addSubview(field)
    let host = HeadlessHost(rootViewController: controller)
    host.tap(field)
    #expect(host.keyboardFrame == CGRect(x: 0, y: 844 - 120, width: 390, height: 120))
    #expect(sizing.frame == host.keyboardFrame)
  }

  @Test func theControllersInputViewReplacesTheKeyboardAndTypesThroughTheProxy() {
    let controller = UIViewController()
    let field = HexField(frame: CGRect(x: 20, y: 60, width: 200, height: 34))
    field.text = "12"
    controller.view.addSubview(field)
    let host = HeadlessHost(rootViewController: controller)
    let keyboard = field.keyboardController
    keyboard.loadViewIfNeeded()
    keyboard.inputView?.frame.size.height = 80
    host.tap(field)
    #expect(keyboard.inputView?.inputViewStyle == .keyboard)
    #expect(host.keyboardFrame == CGRect(x: 0, y: 844 - 80, width: 390, height: 80))
    #expect(host.softwareKeyboardRows.isEmpty)
    #expect(keyboard.loads == 1)
    #expect(keyboard.textDocumentProxy.documentContextBeforeInput == "12")
    let document = keyboard.textDocumentProxy.documentIdentifier
    field.reloadInputViews()
    #expect(keyboard.textDocumentProxy.documentIdentifier == document, "the same document")

    host.tap(keyboard.buttons[0])
    host.tap(keyboard.buttons[1])
    #expect(field.text == "12AB")
    host.tap(keyboard.buttons[2])
    #expect(field.text == "12A")
    let proxy = keyboard.textDocumentProxy
    proxy.adjustTextPosition(byCharacterOffset: -2)
    #expect(proxy.documentContextBeforeInput == "1")
    #expect(proxy.documentContextAfterInput == "2A")
    #expect(proxy.selectedText == nil)
    #expect(proxy.hasText)
    proxy.insertText("é")
    #expect(field.text == "1é2A")
    #expect(host.screen().contains("Done"), "the controller's buttons are drawn in the keyboard's place")

    host.tap(keyboard.buttons[3])
    #expect(!field.isFirstResponder, "dismissKeyboard ends the field's editing")
    host.settle()
    #expect(!host.isKeyboardVisible)
  }

  @Test func anAccessoryControllerSitsAboveTheKeys() {
    let controller = UIViewController()
    let field = HexField(frame: CGRect(x: 20, y: 60, width: 200, height: 34))
    let bar = UIInputViewController()
    bar.loadViewIfNeeded()
    bar.inputView?.frame.size.height = 30
    field.accessoryController = bar
    controller.view.addSubview(field)
    let host = HeadlessHost(rootViewController: controller)
    field.keyboardController.loadViewIfNeeded()
    field.keyboardController.inputView?.frame.size.height = 80
    host.tap(field)
    #expect(host.keyboardFrame == CGRect(x: 0, y: 844 - 110, width: 390, height: 110))
    #expect(bar.inputView?.frame == CGRect(x: 0, y: 844 - 110, width: 390, height: 30))
    #expect(bar.textDocumentProxy.hasText == false)
    field.insertText("x")
    #expect(bar.textDocumentProxy.documentContextBeforeInput == "x")
    #expect(!bar.needsInputModeSwitchKey)
    #expect(bar.hasFullAccess)
  }
}
