import Foundation
import UIKit

// Tags of the form's text fields (seed 003, listing "enum { NameFieldTag = 0, … }"). They
// start at 1 here: 0 is every view's default tag, so `viewWithTag(0)` would find the form's
// own view before the name field.
let NameFieldTag = 1
let EmailFieldTag = 2
let DOBFieldTag = 3
let SSNFieldTag = 4
let SalaryFieldTag = 5

// Keys of the person record.
let MyAppPersonNameKey = "name"
let MyAppPersonEmailKey = "email"
let MyAppPersonDOBKey = "dateOfBirth"
let MyAppPersonSSNKey = "ssn"
let MyAppPersonSalaryKey = "salary"
let MyAppPersonNotesKey = "notes"
let MyAppPersonBookmarkedKey = "bookmarked"
let MyAppPersonContactByKey = "contactBy"
let MyAppPersonDependantsKey = "dependants"
let MyAppPersonNewsletterKey = "newsletter"

/// Seed 003's form: name, email, date of birth, SSN and salary fields and a notes text view,
/// with one delegate (this controller) that tells the fields apart by `tag`. It validates the
/// SSN when editing ends (an alert keeps the focus), lets only digits into the salary, limits
/// the notes to 50 characters, uppercases text selected in the notes, shows a bookmark button
/// in the name field while it is edited, and stores every value in `thePerson` when editing of
/// its field ends.
///
/// Below the notes, a third section holds preferences set with controls rather than typed: how
/// to contact the person (a segmented control), their dependants (a stepper and its count) and
/// the newsletter (a switch); each stores its value in `thePerson` as it changes.
///
/// The form is a table of field cells: a `UITableViewController` whose first section has one
/// row per text field and whose second, headed by the notes' rule, holds the notes. The rows
/// are made once and kept (a static table written in code), so each field stays the object
/// its outlet names; the table controller keeps the field being edited above the keyboard.
///
/// It is the root of a navigation controller, titled "Person", with a Save button that ends
/// editing (asking, so an invalid SSN keeps the focus and nothing is saved) and then keeps a
/// copy of the record; the title counts the records saved, and the Saved button shows them in
/// a list searched by name. The date of birth is chosen on wheels (a `UIDatePicker` as the
/// field's input view, with a Done bar) or typed.
class PersonFormViewController: UITableViewController, UITextFieldDelegate, UITextViewDelegate {
  /// The record, filled in `textFieldDidEndEditing` and `textViewDidEndEditing`.
  var thePerson: [String: Any] = [:]
  /// The records saved with the Save button, oldest first.
  private(set) var savedPeople: [[String: Any]] = []

  /// The date of birth's wheels, shown in the keyboard's place while the field is edited.
  let datePicker = UIDatePicker()

  var nameField: UITextField!
  var emailField: UITextField!
  var DOB: UITextField!
  var SSN: UITextField!
  var salaryField: UITextField!
  var notesView: UITextView!
  /// The preferences' controls.
  var contactControl: UISegmentedControl!
  var dependantsStepper: UIStepper!
  var newsletterSwitch: UISwitch!

  /// The date of birth's formatter (short style, the user's locale).
  var dateFormatter: DateFormatter!
  /// The locale dates are written in (the user's, unless a test says otherwise).
  var locale = Locale.current
  /// Today, for the date field's placeholder (a test may fix it).
  var today = Date()

  /// The rows of the first section, in tag order, and the notes' row.
  private var fieldCells: [PersonFieldCell] = []
  private var notesCell: PersonNotesCell!
  private var preferenceCells: [PersonPreferenceCell] = []
  private var _overlayButton: UIButton?

  /// The form's sections.
  private enum Section: Int, CaseIterable {
    case fields, notes, preferences
  }

  init() {
    super.init(style: .plain)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  // MARK: Building the form

  /// The fields' rows and the notes' row, made once (their fields are the outlets).
  private func makeRows() {
    nameField = makeField(tag: NameFieldTag, title: "Name", keyboard: .default)
    nameField.autocapitalizationType = .words
    nameField.textContentType = .name
    emailField = makeField(tag: EmailFieldTag, title: "Email", keyboard: .emailAddress)
    emailField.autocapitalizationType = .none
    emailField.autocorrectionType = .no
    emailField.textContentType = .emailAddress
    DOB = makeField(tag: DOBFieldTag, title: "Born", keyboard: .numbersAndPunctuation)
    DOB.addTarget(self, action: PersonFormViewController.dateTyped, for: .editingChanged)
    SSN = makeField(tag: SSNFieldTag, title: "SSN", keyboard: .numbersAndPunctuation)
    SSN.placeholder = "NNN-NN-NNNN"
    salaryField = makeField(tag: SalaryFieldTag, title: "Salary", keyboard: .numberPad)
    salaryField.returnKeyType = .done
    // The number pad has no Return key: a Done button above it ends editing, as iOS apps do.
    let salaryToolbar = UIToolbar()
    salaryToolbar.sizeToFit()
    salaryToolbar.items = [
      UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil),
      UIBarButtonItem(barButtonSystemItem: .done, target: self, action: PersonFormViewController.salaryDoneTapped),
    ]
    salaryField.inputAccessoryView = salaryToolbar

    notesCell = PersonNotesCell(style: .default, reuseIdentifier: nil)
    notesView = notesCell.notesView
    notesView.delegate = self
    notesView.accessibilityIdentifier = "notes"

    contactControl = UISegmentedControl(items: ["Email", "Phone", "Post"])
    contactControl.selectedSegmentIndex = 0
    contactControl.accessibilityIdentifier = "contactBy"
    contactControl.addTarget(self, action: PersonFormViewController.contactChanged, for: .valueChanged)
    dependantsStepper = UIStepper()
    dependantsStepper.maximumValue = 20
    dependantsStepper.accessibilityIdentifier = "dependants"
    dependantsStepper.addTarget(self, action: PersonFormViewController.dependantsChanged, for: .valueChanged)
    newsletterSwitch = UISwitch()
    newsletterSwitch.accessibilityIdentifier = "newsletter"
    newsletterSwitch.addTarget(self, action: PersonFormViewController.newsletterChanged, for: .valueChanged)
    let dependantsCell = PersonPreferenceCell(title: "Dependants", control: dependantsStepper, showsValue: true)
    dependantsCell.valueLabel?.text = "0"
    preferenceCells = [
      PersonPreferenceCell(title: "Contact by", control: contactControl),
      dependantsCell,
      PersonPreferenceCell(title: "Newsletter", control: newsletterSwitch),
    ]
  }

  private func makeField(tag: Int, title: String, keyboard: UIKeyboardType) -> UITextField {
    let cell = PersonFieldCell(style: .default, reuseIdentifier: nil)
    cell.label.text = title
    fieldCells.append(cell)
    let field = cell.field
    field.tag = tag
    field.keyboardType = keyboard
    field.returnKeyType = .next
    field.delegate = self
    // Names the field in `--trace` (and for accessibility).
    field.accessibilityIdentifier = ["", "name", "email", "dob", "ssn", "salary"][tag]
    return field
  }

  /// Listing 3-5: the date formatter, and today's date as the placeholder; the rows, the title,
  /// the Save and Saved buttons and the date of birth's wheels.
  override func viewDidLoad() {
    super.viewDidLoad()
    makeRows()
    // The rows are not selectable (a tap beside a field ends editing, as a tap outside the
    // fields does).
    tableView.allowsSelection = false
    // A tap outside the fields ends editing (asking first: an invalid SSN keeps the focus).
    // It lets the touch through, so that the rows' controls still get their taps.
    let tap = UITapGestureRecognizer(target: self, action: PersonFormViewController.backgroundTapped)
    tap.cancelsTouchesInView = false
    tableView.addGestureRecognizer(tap)

    dateFormatter = DateFormatter()
    dateFormatter.locale = locale
    dateFormatter.calendar = Calendar.autoupdatingCurrent
    dateFormatter.timeZone = TimeZone.current
    dateFormatter.dateStyle = .short  // example: 4/13/10
    DOB.placeholder = "Example: \(dateFormatter.string(from: today))"

    title = "Person"
    // The saved list's back button says where it goes back to, without the count.
    navigationItem.backButtonTitle = "Person"
    navigationItem.leftBarButtonItem = UIBarButtonItem(
      title: "Saved", style: .plain, target: self, action: PersonFormViewController.showSaved)
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      barButtonSystemItem: .save, target: self, action: PersonFormViewController.saveTapped)

    datePicker.datePickerMode = .date
    datePicker.preferredDatePickerStyle = .wheels
    datePicker.locale = locale
    datePicker.calendar = dateFormatter.calendar
    datePicker.timeZone = dateFormatter.timeZone
    datePicker.maximumDate = today
    datePicker.date = today
    datePicker.addTarget(self, action: PersonFormViewController.dateChanged, for: .valueChanged)
    DOB.inputView = datePicker
    let dateToolbar = UIToolbar()
    dateToolbar.sizeToFit()
    dateToolbar.items = [
      UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil),
      UIBarButtonItem(barButtonSystemItem: .done, target: self, action: PersonFormViewController.dateDoneTapped),
    ]
    DOB.inputAccessoryView = dateToolbar
  }

  // MARK: UITableViewDataSource and UITableViewDelegate

  override func numberOfSections(in tableView: UITableView) -> Int {
    Section.allCases.count
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    switch Section(rawValue: section) {
    case .fields: fieldCells.count
    case .notes: 1
    case .preferences: preferenceCells.count
    case nil: 0
    }
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    switch Section(rawValue: indexPath.section) {
    case .fields: fieldCells[indexPath.row]
    case .preferences: preferenceCells[indexPath.row]
    case .notes, nil: notesCell
    }
  }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    switch Section(rawValue: section) {
    case .notes: "Notes (at most 50 characters; select text to shout it)"
    case .preferences: "Preferences"
    case .fields, nil: nil
    }
  }

  /// iOS's standard 44-point rows; the notes four lines of their 15-point font inside the text
  /// view's insets. The headers keep their automatic heights (their titles').
  override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    switch Section(rawValue: indexPath.section) {
    case .notes: 88
    case .preferences, .fields, nil: 44
    }
  }

  /// The index path of the row holding the field tagged `tag`, if any.
  private func indexPath(forFieldTagged tag: Int) -> IndexPath? {
    fieldCells.firstIndex { $0.field.tag == tag }.map { IndexPath(row: $0, section: Section.fields.rawValue) }
  }

  // MARK: Preferences

  /// The segment chosen is how to contact the person.
  @IBAction func contactChanged(_ sender: UISegmentedControl) {
    thePerson[MyAppPersonContactByKey] = sender.titleForSegment(at: sender.selectedSegmentIndex)
  }

  /// The stepper's count is shown beside it and stored.
  @IBAction func dependantsChanged(_ sender: UIStepper) {
    let count = Int(sender.value)
    (preferenceCells.first { $0.control === sender })?.valueLabel?.text = "\(count)"
    thePerson[MyAppPersonDependantsKey] = count
  }

  @IBAction func newsletterChanged(_ sender: UISwitch) {
    thePerson[MyAppPersonNewsletterKey] = sender.isOn
  }

  // MARK: The saved list

  /// The Saved button: the saved people, in a list searched by name.
  @IBAction func showSaved(_ sender: UIBarButtonItem) {
    let list = SavedPeopleViewController(people: savedPeople, dateFormatter: dateFormatter)
    navigationController?.pushViewController(list, animated: true)
  }

  // MARK: Saving

  /// Save: editing ends as a tap outside the fields ends it (asking: an invalid SSN or notes
  /// too long keep the focus, and nothing is saved); then a copy of the record is kept and the
  /// title counts it.
  @IBAction func saveTapped(_ sender: UIBarButtonItem) {
    guard view.endEditing(false) else { return }
    savedPeople.append(thePerson)
    title = "Person (\(savedPeople.count) saved)"
  }

  // MARK: The date of birth's wheels

  /// The date the wheels last wrote into the field (nil once the user types). The short style
  /// writes two-digit years, which parse back into this century ("12/10/15" is 2015, whatever
  /// the wheels said), so the date stored is the wheels' own while the field shows it unchanged.
  private var dateFromWheels: Date?

  /// The wheels turned: the field shows the date in the form's short style (stored when editing
  /// ends).
  @IBAction func dateChanged(_ sender: UIDatePicker) {
    dateFromWheels = sender.date
    DOB.text = dateFormatter.string(from: sender.date)
  }

  /// A date typed on a hardware keyboard turns the wheels to it (without an action).
  @IBAction func dateTyped(_ sender: UITextField) {
    dateFromWheels = nil
    if let text = sender.text, let date = dateFormatter.date(from: text) {
      datePicker.setDate(date, animated: false)
    }
  }

  /// The date the field stands for: the wheels' while it shows what they wrote, else the text
  /// parsed in the short style (nil when it does not parse).
  private func dateOfBirth(from text: String) -> Date? {
    if let date = dateFromWheels, dateFormatter.string(from: date) == text { return date }
    return dateFormatter.date(from: text)
  }

  /// The Done button above the wheels (Escape on a hardware keyboard).
  @IBAction func dateDoneTapped(_ sender: UIBarButtonItem) {
    DOB.resignFirstResponder()
  }

  /// The Done button above the salary's number pad (Escape on a hardware keyboard).
  @IBAction func salaryDoneTapped(_ sender: UIBarButtonItem) {
    salaryField.resignFirstResponder()
  }

  @IBAction func backgroundTapped(_ sender: UITapGestureRecognizer) {
    view.endEditing(false)
  }

  // MARK: The overlay button (listings 3-10 and 3-11)

  /// The bookmark button shown in the name field while it is edited.
  var overlayButton: UIButton {
    if let button = _overlayButton { return button }
    let button = UIButton(type: .custom)
    button.setImage(UIImage(systemName: "bookmark"), for: .normal)
    button.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
    button.addTarget(self, action: PersonFormViewController.bookmarkTapped, for: .touchUpInside)
    _overlayButton = button
    return button
  }

  /// Bookmarks the person (the button fills in).
  @IBAction func bookmarkTapped(_ sender: UIButton) {
    thePerson[MyAppPersonBookmarkedKey] = true
    sender.setImage(UIImage(systemName: "bookmark.fill"), for: .normal)
  }

  // MARK: UITextFieldDelegate

  func textFieldDidBeginEditing(_ textField: UITextField) {
    if textField.tag == DOBFieldTag {
      // The wheels start at the date the field stands for, if any: the one stored, if the
      // field still shows it (a two-digit year would parse into this century).
      if let stored = thePerson[MyAppPersonDOBKey] as? Date, dateFormatter.string(from: stored) == textField.text {
        datePicker.setDate(stored, animated: false)
        dateFromWheels = stored
      } else {
        dateTyped(textField)
      }
    }
    if textField.tag == NameFieldTag {
      textField.leftView = overlayButton
      textField.leftViewMode = .always
    }
  }

  /// Listing 3-7: the SSN must read NNN-NN-NNNN; otherwise an alert, and the focus stays.
  /// (An empty SSN may be left for later.)
  func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
    if textField == SSN, let text = textField.text, !text.isEmpty, !isValidSSN(text) {
      let alert = UIAlertController(
        title: "Entry Error", message: "Enter social security number in 'NNN-NN-NNNN' format",
        preferredStyle: .alert)
      alert.addAction(UIAlertAction(title: "OK", style: .cancel))
      present(alert, animated: true)
      return false
    }
    return true
  }

  func isValidSSN(_ text: String) -> Bool {
    let regEx = "^[0-9]{3}-[0-9]{2}-[0-9]{4}$"
    return text.range(of: regEx, options: .regularExpression) != nil
  }

  /// Listings 3-3, 3-6 and 3-11: the overlay goes, and the value is stored by tag.
  func textFieldDidEndEditing(_ textField: UITextField) {
    if textField.tag == NameFieldTag {
      textField.leftView = nil
    }
    guard let text = textField.text, !text.isEmpty else {
      thePerson[key(for: textField.tag)] = nil
      return
    }
    switch textField.tag {
    case NameFieldTag:
      thePerson[MyAppPersonNameKey] = text
    case EmailFieldTag:
      thePerson[MyAppPersonEmailKey] = text
    case DOBFieldTag:
      // Text that is not a date in the locale's short style stores nothing.
      thePerson[MyAppPersonDOBKey] = dateOfBirth(from: text)
    case SSNFieldTag:
      // Checked again: ending editing by force (quitting) skips textFieldShouldEndEditing.
      thePerson[MyAppPersonSSNKey] = isValidSSN(text) ? text : nil
    case SalaryFieldTag:
      thePerson[MyAppPersonSalaryKey] = Int(text)
    default:
      break
    }
  }

  private func key(for tag: Int) -> String {
    [NameFieldTag: MyAppPersonNameKey, EmailFieldTag: MyAppPersonEmailKey, DOBFieldTag: MyAppPersonDOBKey,
     SSNFieldTag: MyAppPersonSSNKey, SalaryFieldTag: MyAppPersonSalaryKey][tag] ?? ""
  }

  /// Listing 3-9, for typing and pasting alike: the salary takes digits only.
  func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
    if string.isEmpty { return true }
    if textField.tag == SalaryFieldTag {
      return string.unicodeScalars.allSatisfy { CharacterSet.decimalDigits.contains($0) }
    }
    return true
  }

  /// Return: Next moves to the next field, Done (the last field) ends editing. The next
  /// field's row may be scrolled away (its cell out of the table): it is scrolled into view
  /// first, so that the field is in the window and can take the focus.
  func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    if let next = indexPath(forFieldTagged: textField.tag + 1) {
      tableView.scrollToRow(at: next, at: .none, animated: false)
      tableView.layoutIfNeeded()
      (tableView.viewWithTag(textField.tag + 1) as? UITextField)?.becomeFirstResponder()
    } else {
      textField.resignFirstResponder()
    }
    return true
  }

  // MARK: UITextViewDelegate

  /// Listing 3-8: at most 50 characters; an alert offers to clear them, and the focus stays.
  func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
    if textView.text.count > 50 {
      let alert = UIAlertController(
        title: "Entry Error", message: "You must enter less than 50 characters.", preferredStyle: .alert)
      alert.addAction(UIAlertAction(title: "OK", style: .cancel))
      alert.addAction(UIAlertAction(title: "Clear", style: .destructive) { _ in textView.text = "" })
      present(alert, animated: true)
      return false
    }
    return true
  }

  /// Listing 3-4.
  func textViewDidEndEditing(_ textView: UITextView) {
    let theText: String = textView.text
    thePerson[MyAppPersonNotesKey] = theText.isEmpty ? nil : theText
  }

  /// Listing 3-12: the selected text becomes uppercase.
  func textViewDidChangeSelection(_ textView: UITextView) {
    let r = textView.selectedRange
    if r.length == 0 {
      return
    }
    let text = textView.text! as NSString
    let upString = text.substring(with: r).uppercased()
    textView.text = text.replacingCharacters(in: r, with: upString)
  }

  // MARK: The record

  /// The record as JSON (keys sorted; the date of birth as yyyy-MM-dd).
  func recordJSON() -> String {
    var object: [String: Any] = [:]
    for (key, value) in thePerson {
      if let date = value as? Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = dateFormatter.timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        object[key] = formatter.string(from: date)
      } else {
        object[key] = value
      }
    }
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]),
      let json = String(data: data, encoding: .utf8)
    else { return "{}" }
    return json
  }
}
