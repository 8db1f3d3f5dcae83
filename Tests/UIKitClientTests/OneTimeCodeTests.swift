// A one-time-code field built the way iOS libraries build one: a row of one-digit boxes, each a
// UITextField subclass overriding what Apple's headers let it override. Backspace in an empty box
// steps back to the previous box (an override of deleteBackward() sees every Backspace, from
// either keyboard); a typed digit moves on to the next box; the caret is hidden and always at the
// end; a paste spreads the code over the boxes. Compiled in Swift 5 mode, as an app's code is.
import UIKit
import UIKitTesting
import XCTest

class OneTimeCodeBox: UITextField {
  weak var previousBox: OneTimeCodeBox?
  weak var nextBox: OneTimeCodeBox?
  var code: OneTimeCodeView?
  var backspaces = 0
  var inserted: [String] = []

  override func deleteBackward() {
    backspaces += 1
    if !hasText, let previousBox = previousBox {
      previousBox.becomeFirstResponder()
      previousBox.text = ""
      return
    }
    super.deleteBackward()
  }

  override func insertText(_ text: String) {
    inserted.append(text)
    super.insertText(text)
    if hasText { nextBox?.becomeFirstResponder() }
  }

  override var hasText: Bool { return !(text ?? "").isEmpty }

  override func caretRect(for position: UITextPosition) -> CGRect { return .zero }

  override func selectionRects(for range: UITextRange) -> [UITextSelectionRect] { return [] }

  override func closestPosition(to point: CGPoint) -> UITextPosition? { return endOfDocument }

  override var selectedTextRange: UITextRange? {
    get { return super.selectedTextRange }
    set { super.selectedTextRange = textRange(from: endOfDocument, to: endOfDocument) }
  }

  override func paste(_ sender: Any?) {
    code?.fill(UIPasteboard.general.string ?? "")
  }

  override var canBecomeFirstResponder: Bool { return isEnabled }
}

class OneTimeCodeView: UIView, UITextFieldDelegate {
  var boxes: [OneTimeCodeBox] = []
  var code: String { return boxes.map { $0.text ?? "" }.joined() }

  init(digits: Int) {
    super.init(frame: CGRect(x: 20, y: 100, width: CGFloat(digits) * 48, height: 40))
    for index in 0..<digits {
      let box = OneTimeCodeBox(frame: CGRect(x: CGFloat(index) * 48, y: 0, width: 40, height: 40))
      box.borderStyle = .roundedRect
      box.keyboardType = .numberPad
      box.textContentType = .oneTimeCode
      box.delegate = self
      box.code = self
      box.previousBox = boxes.last
      boxes.last?.nextBox = box
      boxes.append(box)
      addSubview(box)
    }
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  func fill(_ string: String) {
    let digits = string.filter { $0.isNumber }.prefix(boxes.count)
    for (box, digit) in zip(boxes, digits) { box.text = String(digit) }
    boxes[min(digits.count, boxes.count - 1)].becomeFirstResponder()
  }

  /// One digit per box.
  func textField(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
  ) -> Bool {
    let current = (textField.text ?? "") as NSString
    let updated = current.replacingCharacters(in: range, with: string)
    return updated.count <= 1 && updated.allSatisfy { $0.isNumber }
  }
}

/// A plain view that answers Copy, overriding the responder's standard edit action.
class CopyableBadge: UIView {
  var value = "42"
  override var canBecomeFirstResponder: Bool { return true }
  override func copy(_ sender: Any?) { UIPasteboard.general.string = value }
}

final class OneTimeCodeTests: XCTestCase {
  func testTypingBackspacingAndPastingThroughTheOverrides() {
    let controller = UIViewController()
    let code = OneTimeCodeView(digits: 4)
    controller.view.addSubview(code)
    let host = HeadlessHost(rootViewController: controller)
    host.tap(code.boxes[0])
    host.type("1a23")  // the delegate refuses the letter; each digit moves on
    XCTAssertEqual(code.code, "123")
    XCTAssertTrue(code.boxes[3].isFirstResponder)
    XCTAssertEqual(code.boxes[0].inserted, ["1"])
    XCTAssertEqual(code.boxes[1].inserted, ["a", "2"], "typed keys reach the insertText override, refused or not")

    // Backspace in the empty last box steps back and clears the previous one.
    host.deleteBackward()
    XCTAssertEqual(code.boxes[3].backspaces, 1)
    XCTAssertTrue(code.boxes[2].isFirstResponder)
    XCTAssertEqual(code.code, "12")
    // On the software keyboard's ⌫ too.
    XCTAssertTrue(host.tapKey("⌫"))
    XCTAssertEqual(code.boxes[2].backspaces, 1)
    XCTAssertTrue(code.boxes[1].isFirstResponder)
    XCTAssertEqual(code.code, "1")
    XCTAssertTrue(host.typeOnSoftwareKeyboard("9"))
    XCTAssertEqual(code.code, "19")

    // A paste spreads the code over the boxes.
    host.paste("code: 5678")
    XCTAssertEqual(code.code, "5678")
    XCTAssertTrue(code.boxes[3].isFirstResponder)

    // The caret rectangle and closest position are the subclass's.
    XCTAssertEqual(code.boxes[3].caretRect(for: code.boxes[3].beginningOfDocument), .zero)
    let all = code.boxes[3].textRange(from: code.boxes[3].beginningOfDocument, to: code.boxes[3].endOfDocument)!
    XCTAssertTrue(code.boxes[3].selectionRects(for: all).isEmpty, "no selection is drawn in a box")
    XCTAssertEqual(
      code.boxes[3].offset(from: code.boxes[3].beginningOfDocument, to: code.boxes[3].closestPosition(to: .zero)!), 1)

    // Code calling deleteBackward() is not user input: the delegate is not asked, the override is.
    code.boxes[3].deleteBackward()
    XCTAssertEqual(code.code, "567")
  }

  func testAPlainViewOverridesTheStandardEditActions() {
    let badge = CopyableBadge(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
    UIPasteboard.general.string = ""
    badge.copy(nil)
    XCTAssertEqual(UIPasteboard.general.string, "42")
    // A responder that does not answer an action passes it up the chain.
    let child = UIView(frame: .zero)
    badge.addSubview(child)
    badge.value = "7"
    child.copy(nil)
    XCTAssertEqual(UIPasteboard.general.string, "7")
  }
}
