// Client-shaped iOS code, compiled in Swift 5 mode: a list screen in a navigation controller
// whose Add button pushes an edit screen with Save, and an edit sheet that asks before its
// unsaved text is thrown away (isModalInPresentation + presentationControllerDidAttemptToDismiss).
// The only change Linux forces is target-action written as method references.
import UIKit
import UIKitTesting
import XCTest

class GroceryListViewController: UIViewController {
  var items: [String] = []
  let listLabel = UILabel()

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Groceries"
    view.backgroundColor = .white
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      barButtonSystemItem: .add, target: self, action: GroceryListViewController.addTapped)
    listLabel.numberOfLines = 0
    listLabel.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(listLabel)
    NSLayoutConstraint.activate([
      listLabel.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 8),
      listLabel.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
    ])
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    listLabel.text = items.isEmpty ? "No items" : items.joined(separator: ", ")
  }

  func addTapped() {
    let edit = EditItemViewController()
    edit.onSave = { [weak self] text in self?.items.append(text) }
    navigationController?.pushViewController(edit, animated: true)
  }

  func editInSheet() {
    let edit = EditItemViewController()
    edit.onSave = { [weak self] text in self?.items.append(text) }
    let navigation = UINavigationController(rootViewController: edit)
    navigation.modalPresentationStyle = .formSheet
    present(navigation, animated: true)
  }
}

class EditItemViewController: UIViewController, UITextFieldDelegate, UIAdaptivePresentationControllerDelegate {
  let nameField = UITextField()
  var onSave: ((String) -> Void)?
  var attempts = 0

  var hasChanges: Bool { !(nameField.text ?? "").isEmpty }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "New Item"
    view.backgroundColor = .white
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      barButtonSystemItem: .save, target: self, action: EditItemViewController.save)
    nameField.borderStyle = .roundedRect
    nameField.placeholder = "Name"
    nameField.delegate = self
    nameField.addTarget(self, action: EditItemViewController.textChanged, for: .editingChanged)
    nameField.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(nameField)
    NSLayoutConstraint.activate([
      nameField.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
      nameField.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      nameField.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
    ])
    if navigationController?.viewControllers.first === self {
      // Presented in a sheet: a Cancel button, and the sheet asks before dropping changes.
      navigationItem.leftBarButtonItem = UIBarButtonItem(
        barButtonSystemItem: .cancel, target: self, action: EditItemViewController.cancel)
      navigationController?.presentationController?.delegate = self
    }
  }

  func textChanged(_ sender: UITextField) {
    isModalInPresentation = hasChanges
  }

  func save() {
    onSave?(nameField.text ?? "")
    if navigationController?.viewControllers.first === self {
      dismiss(animated: true)
    } else {
      navigationController?.popViewController(animated: true)
    }
  }

  func cancel() {
    dismiss(animated: true)
  }

  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    attempts += 1
    let alert = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
    alert.addAction(UIAlertAction(title: "Discard Changes", style: .destructive) { _ in
      self.dismiss(animated: true)
    })
    alert.addAction(UIAlertAction(title: "Keep Editing", style: .cancel))
    present(alert, animated: true)
  }
}

final class NavigationClientTests: XCTestCase {
  func testAddPushesAnEditScreenWhoseSaveAddsTheItemAndGoesBack() {
    let list = GroceryListViewController()
    let navigation = UINavigationController(rootViewController: list)
    let host = HeadlessHost(rootViewController: navigation, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    var lines = host.screen().components(separatedBy: "\n")
    XCTAssertTrue(lines[0].contains("Groceries"))
    XCTAssertTrue(lines[0].hasSuffix("+"))
    XCTAssertTrue(host.screen().contains("No items"))

    // Tap the + at the bar's right end.
    host.tap(at: CGPoint(x: 640 - 12, y: 8))
    host.settle()
    let edit = try! XCTUnwrap(navigation.topViewController as? EditItemViewController)
    lines = host.screen().components(separatedBy: "\n")
    XCTAssertTrue(lines[0].hasPrefix(" ‹ Groceries"))
    XCTAssertTrue(lines[0].contains("New Item"))
    XCTAssertTrue(lines[0].hasSuffix("Save"))
    XCTAssertTrue(edit.nameField.frame.minY >= 16, "the field is under the bar")

    host.tap(edit.nameField)
    host.type("Milk")
    host.tap(at: CGPoint(x: 640 - 20, y: 8))
    XCTAssertFalse(edit.nameField.isFirstResponder)
    host.settle()
    XCTAssertTrue(navigation.topViewController === list)
    XCTAssertEqual(list.items, ["Milk"])
    XCTAssertTrue(host.screen().contains("Milk"))
    XCTAssertFalse(host.isKeyboardVisible)

    // The back button goes back without saving.
    list.addTapped()
    host.settle()
    host.tapBackButton(of: navigation)
    host.settle()
    XCTAssertTrue(navigation.topViewController === list)
    XCTAssertEqual(list.items, ["Milk"])
  }

  func testASheetWithUnsavedTextAsksBeforeItIsDismissed() {
    let list = GroceryListViewController()
    let navigation = UINavigationController(rootViewController: list)
    let host = HeadlessHost(rootViewController: navigation)
    list.editInSheet()
    host.settle()
    let sheet = try! XCTUnwrap(list.presentedViewController as? UINavigationController)
    let edit = sheet.topViewController as! EditItemViewController

    // Without changes a swipe down dismisses it.
    host.swipeDownToDismiss(sheet)
    host.settle()
    XCTAssertNil(list.presentedViewController)
    XCTAssertEqual(edit.attempts, 0)

    list.editInSheet()
    host.settle()
    let sheet2 = try! XCTUnwrap(list.presentedViewController as? UINavigationController)
    let edit2 = sheet2.topViewController as! EditItemViewController
    host.tap(edit2.nameField)
    host.type("Eggs")
    XCTAssertTrue(edit2.isModalInPresentation)
    host.swipeDownToDismiss(sheet2)
    host.settle()
    XCTAssertEqual(edit2.attempts, 1)
    XCTAssertTrue(list.presentedViewController === sheet2, "the sheet stays")
    let alert = try! XCTUnwrap(sheet2.presentedViewController as? UIAlertController)
    XCTAssertEqual(alert.actions.map { $0.title }, ["Discard Changes", "Keep Editing"])

    // Keep Editing (Escape chooses the cancel action): the sheet and its text stay.
    host.press(.escape)
    host.settle()
    XCTAssertNil(sheet2.presentedViewController)
    XCTAssertTrue(list.presentedViewController === sheet2)
    XCTAssertEqual(edit2.nameField.text, "Eggs")

    // Escape on the sheet is the same attempt; this time Discard Changes.
    host.press(.escape)
    host.settle()
    XCTAssertEqual(edit2.attempts, 2)
    let alert2 = try! XCTUnwrap(sheet2.presentedViewController as? UIAlertController)
    _ = alert2
    host.press(.tab)
    host.pressReturn()
    host.settle()
    XCTAssertNil(list.presentedViewController)
    XCTAssertEqual(list.items, [])
  }
}
