// The classic iOS pattern for a date field, compiled in Swift 5 mode: a date picker with wheels
// as the field's input view, its value-changed action writing the date into the field, and a
// toolbar with a Done button as the accessory view. The actions are method references (the one
// change Linux forces: no #selector).
import UIKit
import UIKitTesting
import XCTest

class BirthdayViewController: UIViewController {
  var birthdayField: UITextField!
  var nameField: UITextField!
  let datePicker = UIDatePicker()
  var changes = 0

  lazy var formatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateStyle = .long
    return formatter
  }()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    nameField = UITextField(frame: CGRect(x: 20, y: 60, width: 300, height: 34))
    nameField.borderStyle = .roundedRect
    view.addSubview(nameField)

    birthdayField = UITextField(frame: CGRect(x: 20, y: 110, width: 300, height: 34))
    birthdayField.borderStyle = .roundedRect
    birthdayField.placeholder = "Birthday"
    view.addSubview(birthdayField)

    datePicker.datePickerMode = .date
    datePicker.preferredDatePickerStyle = .wheels
    datePicker.timeZone = TimeZone(identifier: "UTC")
    datePicker.maximumDate = Date()
    datePicker.addTarget(self, action: BirthdayViewController.dateChanged, for: .valueChanged)
    birthdayField.inputView = datePicker

    let toolbar = UIToolbar()
    toolbar.sizeToFit()
    let done = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: BirthdayViewController.doneTapped)
    let space = UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
    toolbar.setItems([space, done], animated: false)
    birthdayField.inputAccessoryView = toolbar
  }

  @IBAction func dateChanged(_ sender: UIDatePicker) {
    changes += 1
    birthdayField.text = formatter.string(from: sender.date)
  }

  @IBAction func doneTapped(_ sender: UIBarButtonItem) {
    view.endEditing(true)
  }
}

final class DatePickerClientTests: XCTestCase {
  func testTheFieldFollowsTheWheelsAndDoneEndsEditing() {
    let controller = BirthdayViewController()
    let host = HeadlessHost(rootViewController: controller)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let start = calendar.date(from: DateComponents(year: 1990, month: 6, day: 15, hour: 12))!
    controller.datePicker.locale = Locale(identifier: "en_US")
    controller.datePicker.calendar = calendar
    controller.datePicker.date = start
    XCTAssertEqual(controller.changes, 0, "setting the date in code sends no action")

    host.tap(controller.birthdayField)
    XCTAssertTrue(controller.birthdayField.isFirstResponder)
    // The wheels and the bar above them are where the keyboard would be.
    let keyboard = host.keyboardFrame!
    XCTAssertEqual(keyboard.height, 216 + 44)
    XCTAssertEqual(controller.datePicker.frame.minY, keyboard.minY + 44)
    XCTAssertTrue(host.softwareKeyboardRows.isEmpty)
    let selected = host.pickerRows(controller.datePicker).first { $0.isSelected }
    XCTAssertEqual(selected?.titles, ["June", "15", "1990"])
    XCTAssertTrue(host.screen().contains("June"))

    // The user turns the month wheel two rows down, then the day wheel back five.
    host.spinPicker(controller.datePicker, component: 0, rows: 2)
    host.settle()
    XCTAssertEqual(controller.birthdayField.text, "August 15, 1990")
    host.spinPicker(controller.datePicker, component: 1, rows: -5)
    host.settle()
    XCTAssertEqual(controller.birthdayField.text, "August 10, 1990")
    XCTAssertEqual(controller.changes, 2)

    // A click on the year below the centre.
    let picker = controller.datePicker
    let yearColumn = picker.bounds.width - 40
    host.tap(picker, at: CGPoint(x: yearColumn, y: picker.bounds.midY + 32))
    host.settle()
    XCTAssertEqual(controller.birthdayField.text, "August 10, 1991")

    // Done, at the bar's right end, ends editing; the wheels go away with the keyboard.
    let bar = host.keyboardFrame!
    host.tap(at: CGPoint(x: bar.maxX - 20, y: bar.minY + 22))
    XCTAssertFalse(controller.birthdayField.isFirstResponder)
    host.settle()
    XCTAssertFalse(host.isKeyboardVisible)
    XCTAssertNil(controller.datePicker.window)
    XCTAssertEqual(controller.birthdayField.text, "August 10, 1991")
  }

  func testEscapeRunsDoneAndTheNameFieldGetsTheKeysBack() {
    let controller = BirthdayViewController()
    let host = HeadlessHost(rootViewController: controller)
    host.tap(controller.birthdayField)
    XCTAssertEqual(host.keyboardFrame?.height, 216 + 44)
    host.tap(controller.nameField)
    XCTAssertFalse(host.softwareKeyboardRows.isEmpty, "the keys replace the wheels")
    XCTAssertNil(controller.datePicker.window)
    host.tap(controller.birthdayField)
    XCTAssertTrue(host.press(.escape))
    XCTAssertFalse(controller.birthdayField.isFirstResponder)
  }
}
