// iOS-shaped edit-menu code, compiled in Swift 5 mode: a text field delegate that adds
// "Translate" to the suggested actions, a view that shows its own menu through
// UIEditMenuInteraction, and a field subclass that forbids pasting.
import UIKit
import UIKitTesting
import XCTest

class TranslatingViewController: UIViewController, UITextFieldDelegate {
  let wordField = UITextField(frame: CGRect(x: 16, y: 80, width: 300, height: 34))
  var translated: [String] = []
  var menuShows = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    wordField.delegate = self
    view.addSubview(wordField)
  }

  func textField(
    _ textField: UITextField, editMenuForCharactersIn range: NSRange, suggestedActions: [UIMenuElement]
  ) -> UIMenu? {
    guard range.length > 0 else { return nil }
    let translate = UIAction(title: "Translate", image: UIImage(systemName: "globe")) { [weak self] _ in
      guard let self = self, let text = textField.text, let swiftRange = Range(range, in: text) else { return }
      self.translated.append(String(text[swiftRange]))
    }
    return UIMenu(children: suggestedActions + [translate])
  }

  func textField(_ textField: UITextField, willPresentEditMenuWith animator: UIEditMenuInteractionAnimating) {
    menuShows += 1
  }
}

class ShapeView: UIView, UIEditMenuInteractionDelegate {
  private var editMenuInteraction: UIEditMenuInteraction?
  var log: [String] = []

  override init(frame: CGRect) {
    super.init(frame: frame)
    let interaction = UIEditMenuInteraction(delegate: self)
    addInteraction(interaction)
    editMenuInteraction = interaction
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = touches.first else { return }
    let configuration = UIEditMenuConfiguration(identifier: "shape" as NSString, sourcePoint: touch.location(in: self))
    configuration.preferredArrowDirection = .up
    editMenuInteraction?.presentEditMenu(with: configuration)
  }

  override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
    if action == .copy {  // #selector(copy(_:)) on iOS
      return true
    }
    return super.canPerformAction(action, withSender: sender)
  }

  override func copy(_ sender: Any?) {
    UIPasteboard.general.string = "a square"
    log.append("copy")
  }

  func editMenuInteraction(
    _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
    suggestedActions: [UIMenuElement]
  ) -> UIMenu? {
    let rotate = UIAction(title: "Rotate") { [weak self] _ in self?.log.append("rotate") }
    return UIMenu(children: suggestedActions + [rotate])
  }
}

class NoPasteTextField: UITextField {
  override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
    if action == .paste {  // #selector(paste(_:)) on iOS
      return false
    }
    return super.canPerformAction(action, withSender: sender)
  }
}

final class EditMenuClientTests: XCTestCase {
  func testADelegateAddsTranslateToTheSuggestedActions() {
    UIPasteboard.general.string = nil
    let controller = TranslatingViewController()
    let host = HeadlessHost(rootViewController: controller)
    controller.wordField.text = "bonjour tout"
    host.doubleTap(controller.wordField, at: CGPoint(x: 12, y: 17))
    XCTAssertEqual(host.editMenuItems, ["Cut", "Copy", "Select All", "Translate"])
    XCTAssertEqual(controller.menuShows, 1)
    XCTAssertTrue(host.chooseEditMenuItem("Translate"))
    XCTAssertEqual(controller.translated, ["bonjour"])
    XCTAssertFalse(host.isEditMenuVisible)

    // The delegate's methods, called as a proxy would call them.
    let delegate: UITextFieldDelegate? = controller
    let menu = delegate?.textField?(
      controller.wordField, editMenuForCharactersIn: NSRange(location: 0, length: 3), suggestedActions: [])
    XCTAssertEqual(menu?.children.map { $0.title }, ["Translate"])
  }

  func testAViewPresentsItsOwnMenuWithCopyFromCanPerformAction() {
    UIPasteboard.general.string = nil
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller)
    let shape = ShapeView(frame: CGRect(x: 40, y: 200, width: 100, height: 100))
    controller.view.addSubview(shape)
    host.tap(shape)
    XCTAssertEqual(host.editMenuItems, ["Copy", "Rotate"])
    XCTAssertTrue(host.chooseEditMenuItem("Copy"))
    XCTAssertEqual(shape.log, ["copy"])
    XCTAssertEqual(UIPasteboard.general.string, "a square")
    host.tap(shape)
    host.chooseEditMenuItem("Rotate")
    XCTAssertEqual(shape.log, ["copy", "rotate"])
  }

  func testASubclassThatForbidsPasteGetsNoPasteItemAndIgnoresCommandV() {
    UIPasteboard.general.string = "pasted"
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller)
    let field = NoPasteTextField(frame: CGRect(x: 16, y: 80, width: 300, height: 34))
    controller.view.addSubview(field)
    field.text = "typed"
    host.longPress(field)
    XCTAssertFalse(host.editMenuItems.contains("Paste"))
    XCTAssertEqual(host.editMenuItems, ["Select", "Select All"])
    host.press(.escape)
    host.press(.character("v"), modifiers: .command)
    XCTAssertEqual(field.text, "typed")
    XCTAssertFalse(field.canPerformAction(.paste, withSender: nil))
    XCTAssertTrue(field.canPerformAction(.selectAll, withSender: nil))
  }
}
