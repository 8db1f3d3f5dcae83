// The classic iOS pattern for a number field, compiled in Swift 5 mode: a toolbar with a
// flexible space and a Done button as the field's input accessory view, built in viewDidLoad,
// with the Done action written as a method reference (the one change Linux forces).
import UIKit
import UIKitTesting
import XCTest

class AmountViewController: UIViewController, UITextFieldDelegate {
  var amountField: UITextField!
  var doneTaps = 0
  var ended: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    amountField = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
    amountField.borderStyle = .roundedRect
    amountField.keyboardType = .numberPad
    amountField.delegate = self
    view.addSubview(amountField)

    let toolbar = UIToolbar()
    toolbar.sizeToFit()
    toolbar.items = [
      UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil),
      UIBarButtonItem(barButtonSystemItem: .done, target: self, action: AmountViewController.doneTapped),
    ]
    amountField.inputAccessoryView = toolbar
  }

  @IBAction func doneTapped(_ sender: UIBarButtonItem) {
    doneTaps += 1
    amountField.resignFirstResponder()
  }

  func textFieldDidEndEditing(_ textField: UITextField) {
    ended.append(textField.text ?? "")
  }
}

final class AccessoryToolbarTests: XCTestCase {
  func testDoneOnTheAccessoryToolbarEndsEditingOfANumberPadField() {
    let controller = AmountViewController()
    let host = HeadlessHost(rootViewController: controller)
    host.tap(controller.amountField)
    XCTAssertNil(host.returnKeyLabel, "a number pad has no Return key")
    XCTAssertTrue(host.typeOnSoftwareKeyboard("125"))
    XCTAssertEqual(controller.amountField.text, "125")

    let toolbar = controller.amountField.inputAccessoryView as! UIToolbar
    XCTAssertEqual(toolbar.frame.height, 44)
    XCTAssertEqual(toolbar.items?.count, 2)
    let done = toolbar.items![1]
    XCTAssertEqual(done.title, "Done")
    // The Done button is at the keyboard's top right: tap it there.
    let keyboard = host.keyboardFrame!
    host.tap(at: CGPoint(x: keyboard.maxX - 20, y: keyboard.minY + 22))
    XCTAssertEqual(controller.doneTaps, 1)
    XCTAssertFalse(controller.amountField.isFirstResponder)
    XCTAssertEqual(controller.ended, ["125"])
    host.settle()
    XCTAssertFalse(host.isKeyboardVisible)

    // A tap on the bar's empty middle does nothing.
    host.tap(controller.amountField)
    let again = host.keyboardFrame!
    host.tap(at: CGPoint(x: again.midX, y: again.minY + 22))
    XCTAssertEqual(controller.doneTaps, 1)
    XCTAssertTrue(controller.amountField.isFirstResponder)
  }
}
