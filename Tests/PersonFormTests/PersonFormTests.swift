import Foundation
import Testing
import UIKit
import UIKitTesting

@testable import PersonForm

/// Seed 003's person form, driven as a user would drive it: taps, both keyboards, Return,
/// the alerts' buttons.
@MainActor
@Suite struct PersonFormTests {
  /// An 80 × 23 cell terminal window, text measured in cells as the terminal host does.
  static let terminalSize = CGSize(width: 640, height: 368)

  /// The form at the root of a navigation controller, as the app shows it.
  func launch(screenSize: CGSize = Self.terminalSize) -> (HeadlessHost, PersonFormViewController) {
    let controller = PersonFormViewController()
    controller.locale = Locale(identifier: "en_US")
    controller.today = ISO8601DateFormatter().date(from: "2026-11-22T12:00:00Z")!
    let host = HeadlessHost(
      rootViewController: UINavigationController(rootViewController: controller), screenSize: screenSize,
      locale: Locale(identifier: "en_US"), measuresTextInCells: true)
    host.name(controller.nameField, "name")
    host.name(controller.emailField, "email")
    host.name(controller.DOB, "dob")
    host.name(controller.SSN, "ssn")
    host.name(controller.salaryField, "salary")
    host.name(controller.notesView, "notes")
    return (host, controller)
  }

  func lines(_ host: HeadlessHost) -> [String] {
    host.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The screen row of the form's line that starts with `label` ("Name", "SSN", "Notes", …).
  func row(_ host: HeadlessHost, _ label: String) -> Int? {
    lines(host).firstIndex { $0.hasPrefix("  \(label)") }
  }

  /// A tap outside the fields once the table has scrolled the edited row into view: on the
  /// edited field's label, beside it, or on the notes' header above the notes (the rows may
  /// cover the whole table then, leaving no bare background).
  func tapOutsideTheFields(_ host: HeadlessHost, _ c: PersonFormViewController) {
    host.settle()
    let fields: [UITextField] = [c.nameField, c.emailField, c.DOB, c.SSN, c.salaryField]
    if let field = fields.first(where: \.isFirstResponder) {
      host.tap(at: CGPoint(x: 20, y: field.convert(field.bounds, to: nil).midY))
      return
    }
    let header = c.tableView.headerView(forSection: 1)!
    host.tap(at: header.convert(CGPoint(x: 20, y: header.bounds.midY), to: nil))
  }

  /// Taps `view` once the form is scrolled so that it shows between the navigation bar and
  /// the keyboard, as a user scrolls to a row the keyboard covers.
  func tapInSight(_ view: UIView, _ host: HeadlessHost, _ c: PersonFormViewController) {
    c.tableView.scrollRectToVisible(view.convert(view.bounds, to: c.tableView), animated: false)
    host.settle()
    host.tap(view)
  }

  /// The alert showing, if any.
  func alert(_ c: PersonFormViewController) -> UIAlertController? {
    c.presentedViewController as? UIAlertController
  }

  /// The alert button titled `title`.
  func button(_ title: String, in alert: UIAlertController) -> UIButton? {
    alert.view.subviews.compactMap { $0 as? UIButton }.first { $0.title(for: .normal) == title }
  }

  @Test func theFormShowsItsFieldsWithTodayAsTheDateExample() {
    let (host, _) = launch()
    let screen = lines(host)
    // 44-point rows, each field's line in the middle of its row: the rows are two or three
    // cells apart, top to bottom under the navigation bar.
    let rows = ["Name", "Email", "Born", "SSN", "Salary", "Notes"].compactMap { row(host, $0) }
    #expect(rows.count == 6 && rows == rows.sorted() && rows.first.map { $0 >= 1 } == true, "\(host.screen())")
    #expect(zip(rows, rows.dropFirst()).allSatisfy { (2...3).contains($1 - $0) })
    #expect(screen[rows[0]].hasPrefix("  Name     ["))
    #expect(screen[rows[1]].hasPrefix("  Email    ["))
    #expect(screen[rows[2]].hasPrefix("  Born     [Example: 11/22/26"))
    #expect(screen[rows[3]].hasPrefix("  SSN      [NNN-NN-NNNN"))
    #expect(screen[rows[4]].hasPrefix("  Salary   ["))
  }

  @Test func theFieldsAreToldApartByTagAndHaveTheirKeyboards() {
    let (host, c) = launch()
    #expect(c.view.viewWithTag(NameFieldTag) === c.nameField)
    #expect(c.view.viewWithTag(SalaryFieldTag) === c.salaryField)
    tapInSight(c.emailField, host, c)
    #expect(host.softwareKeyboardRows.joined().contains("@"))
    #expect(host.returnKeyLabel == "Next")
    tapInSight(c.salaryField, host, c)
    #expect(c.salaryField.keyboardType == .numberPad)
    #expect(host.returnKeyLabel == nil, "the number pad has no Return key")
    #expect(c.salaryField.returnKeyType == .done)
  }

  @Test func theSalarysNumberPadHasADoneBarThatEndsEditing() {
    let (host, c) = launch()
    tapInSight(c.salaryField, host, c)
    host.settle()
    #expect(host.typeOnSoftwareKeyboard("4200"))
    let keyboard = host.keyboardFrame!
    #expect(c.salaryField.inputAccessoryView?.frame == CGRect(x: 0, y: keyboard.minY, width: 640, height: 16))
    // The row whose centre the bar covers (the keyboard's top need not be on a row boundary).
    let barRow = Int((keyboard.minY + 8) / 16)
    #expect(lines(host)[barRow].hasSuffix("Done"), "the bar is the keyboard's top row")
    #expect(lines(host)[barRow].count == 79, "Done ends a column before the right edge")
    #expect(host.keyboardFrame!.maxY == 368)
    #expect(c.salaryField.convert(c.salaryField.bounds, to: nil).maxY <= keyboard.minY, "the field stays visible")
    host.tap(at: CGPoint(x: 640 - 8 - 16, y: keyboard.minY + 8))
    host.settle()
    #expect(host.firstResponder == nil && !host.isKeyboardVisible)
    #expect(c.thePerson[MyAppPersonSalaryKey] as? Int == 4200)

    // From the hardware keyboard, Escape is the Done button.
    tapInSight(c.salaryField, host, c)
    host.type("1")
    #expect(host.press(.escape))
    #expect(host.firstResponder == nil)
    #expect(c.thePerson[MyAppPersonSalaryKey] as? Int == 42001)
  }

  @Test func nextMovesThroughTheFieldsAndStoresEachValue() {
    let (host, c) = launch()
    tapInSight(c.nameField, host, c)
    host.type("Ada Lovelace")
    host.pressReturn()
    #expect(c.emailField.isFirstResponder)
    #expect(c.thePerson[MyAppPersonNameKey] as? String == "Ada Lovelace")
    host.type("ada@example.com")
    host.pressReturn()
    #expect(c.DOB.isFirstResponder)
    #expect(c.thePerson[MyAppPersonEmailKey] as? String == "ada@example.com")
    host.type("12/10/15")
    host.pressReturn()
    #expect(c.SSN.isFirstResponder)
    host.type("123-45-6789")
    host.pressReturn()
    #expect(c.salaryField.isFirstResponder)
    host.type("5000")
    host.pressReturn()
    host.settle()
    #expect(host.firstResponder == nil && !host.isKeyboardVisible, "Done on the last field ends editing")
    #expect(c.thePerson[MyAppPersonSalaryKey] as? Int == 5000)
    #expect(c.thePerson[MyAppPersonSSNKey] as? String == "123-45-6789")
    let date = c.thePerson[MyAppPersonDOBKey] as? Date
    let parts = date.map { Calendar.current.dateComponents(in: TimeZone.current, from: $0) }
    #expect(parts?.year == 2015 && parts?.month == 12 && parts?.day == 10)
  }

  @Test func theBookmarkShowsOnlyWhileTheNameIsEdited() {
    let (host, c) = launch()
    #expect(c.nameField.leftView == nil)
    tapInSight(c.nameField, host, c)
    #expect(c.nameField.leftView === c.overlayButton && c.nameField.leftViewMode == .always)
    #expect(row(host, "Name").map { lines(host)[$0].contains("🔖") } == true)
    host.tap(c.overlayButton)
    #expect(c.thePerson[MyAppPersonBookmarkedKey] as? Bool == true)
    #expect(c.nameField.isFirstResponder, "the overlay button is not a text field")
    tapInSight(c.emailField, host, c)
    #expect(c.nameField.leftView == nil)
    #expect(row(host, "Name").map { lines(host)[$0].contains("🔖") } == false)
  }

  @Test func aWrongSSNShowsAnAlertAndKeepsTheFocus() {
    let (host, c) = launch()
    tapInSight(c.SSN, host, c)
    host.type("12-345-6789")
    host.clearTimeline()
    host.pressReturn()  // Next
    #expect(host.timeline.lines.prefix(3) == [
      "ssn: textFieldShouldReturn(_:)", "salary: textFieldShouldBeginEditing(_:)",
      "ssn: textFieldShouldEndEditing(_:)",
    ])
    #expect(c.SSN.isFirstResponder)
    let shown = alert(c)
    #expect(shown?.title == "Entry Error")
    #expect(shown?.message == "Enter social security number in 'NNN-NN-NNNN' format")
    #expect(host.screen().contains("Entry Error"))
    #expect(host.screen().contains("Enter social security number"))
    let titleRow = lines(host).first { $0.contains("Entry Error") } ?? ""
    #expect(titleRow.trimmingCharacters(in: .whitespaces).hasPrefix("│") && titleRow.hasSuffix("│"),
      "the alert is boxed: \(titleRow)")
    host.settle()
    #expect(!host.isKeyboardVisible, "the keyboard steps aside while the alert shows")
    // The alert is modal: a tap on another field does nothing, keys go to the alert.
    tapInSight(c.nameField, host, c)
    #expect(c.SSN.isFirstResponder && alert(c) != nil)
    host.pressReturn()  // OK
    #expect(alert(c) == nil)
    #expect(c.SSN.isFirstResponder && host.isKeyboardVisible, "and comes back after it")
    // Fixed, the focus can move on; the value is stored.
    host.press(.character("a"), modifiers: .command)
    host.type("123-45-6789")
    tapInSight(c.salaryField, host, c)
    #expect(c.salaryField.isFirstResponder)
    #expect(c.thePerson[MyAppPersonSSNKey] as? String == "123-45-6789")
  }

  @Test func anEmptySSNMayBeLeft() {
    let (host, c) = launch()
    tapInSight(c.SSN, host, c)
    tapInSight(c.salaryField, host, c)
    #expect(c.salaryField.isFirstResponder && alert(c) == nil)
  }

  @Test func theSalaryTakesDigitsOnlyTypedOrPasted() {
    let (host, c) = launch()
    tapInSight(c.salaryField, host, c)
    host.type("12a3")
    #expect(c.salaryField.text == "123")
    host.paste("4x5")
    #expect(c.salaryField.text == "123", "a paste with a letter is refused whole")
    host.paste("45")
    #expect(c.salaryField.text == "12345")
    #expect(host.tapKey("6"))
    #expect(c.salaryField.text == "123456")
    host.deleteBackward()
    #expect(c.salaryField.text == "12345")
  }

  @Test func theBookmarkSitsInsideTheNameFieldAndEitherOfItsCellsTapsIt() throws {
    let (host, c) = launch()
    tapInSight(c.nameField, host, c)
    let field = c.nameField.convert(c.nameField.bounds, to: nil)
    let column = Int(field.minX / 8)
    let row = Int(field.midY / 16)
    // The 24 pt symbol is scaled into the 16 pt button: its two cells are the field's first two.
    #expect(lines(host)[row].prefix(column + 1).hasSuffix("🔖"))  // (the glyph is one character, two columns)
    #expect(!host.grid()[column, row].isInverse)
    // The left cell of the glyph is part of the button.
    host.tap(at: CGPoint(x: CGFloat(column) * 8 + 4, y: CGFloat(row) * 16 + 8))
    #expect(c.thePerson[MyAppPersonBookmarkedKey] as? Bool == true)
    // "bookmark.fill" has no glyph of its own: it is the same glyph in inverse video.
    #expect(host.grid()[column, row].isInverse && host.grid()[column + 1, row].isInverse)
    #expect(c.nameField.isFirstResponder)
  }

  @Test func returnOnTheNotesAlertNeverClearsTheNotes() {
    let (host, c) = launch()
    tapInSight(c.notesView, host, c)
    let long = String(repeating: "x", count: 51)
    host.type(long)
    tapOutsideTheFields(host, c)
    let shown = alert(c)
    #expect(shown != nil)
    // OK is the cancel action and Clear is destructive: Return chooses neither by default.
    host.pressReturn()
    #expect(alert(c) === shown)
    #expect(c.notesView.text == long)
    // Escape chooses the cancel action, OK, which keeps the notes.
    host.press(.escape)
    #expect(alert(c) == nil)
    #expect(c.notesView.text == long && c.notesView.isFirstResponder)
  }

  /// The alert sends the keyboard aside (the table goes back to rest) and OK brings it back:
  /// the table scrolls the notes above it again.
  @Test func theNotesComeBackAboveTheKeyboardAfterTheAlert() {
    let (host, c) = launch()
    tapInSight(c.notesView, host, c)
    host.type(String(repeating: "x", count: 51))
    host.settle()
    let keyboard = host.keyboardFrame!
    #expect(c.notesView.convert(c.notesView.bounds, to: nil).maxY <= keyboard.minY)
    tapOutsideTheFields(host, c)
    #expect(alert(c) != nil)
    host.advance(by: 0.1)
    #expect(!host.isKeyboardVisible && c.tableView.contentInset.bottom == 0, "the keyboard stepped aside")
    host.press(.escape)  // OK
    #expect(alert(c) == nil && c.notesView.isFirstResponder)
    host.settle()
    #expect(host.isKeyboardVisible)
    #expect(c.notesView.convert(c.notesView.bounds, to: nil).maxY <= host.keyboardFrame!.minY,
      "the notes end above the keyboard")
  }

  @Test func notesLongerThanFiftyCharactersKeepTheFocusAndCanBeCleared() {
    let (host, c) = launch()
    tapInSight(c.notesView, host, c)
    host.type(String(repeating: "x", count: 51))
    tapOutsideTheFields(host, c)
    #expect(c.notesView.isFirstResponder)
    let shown = alert(c)
    #expect(shown?.message == "You must enter less than 50 characters.")
    #expect(shown?.actions.map(\.title) == ["OK", "Clear"])
    host.tap(button("Clear", in: shown!)!)
    #expect(alert(c) == nil)
    #expect(c.notesView.text == "" && c.notesView.isFirstResponder)
    host.type("Fifty is plenty.")
    tapOutsideTheFields(host, c)
    #expect(!c.notesView.isFirstResponder)
    #expect(c.thePerson[MyAppPersonNotesKey] as? String == "Fifty is plenty.")
  }

  @Test func theNotesBreakLinesAndSelectingTextUppercasesIt() {
    let (host, c) = launch()
    tapInSight(c.notesView, host, c)
    host.type("first line")
    host.pressReturn()
    host.type("make me loud")
    host.press(.left, modifiers: [.shift, .option])
    #expect(c.notesView.text == "first line\nmake me LOUD")
    // The notes' row is scrolled above the keyboard: the two lines show there, one under the other.
    host.settle()
    let screen = lines(host)
    let first = screen.firstIndex { $0.contains("first line") }
    #expect(first.map { screen[$0 + 1].contains("make me LOUD") } == true, "\(host.screen())")
    #expect(first.map { CGFloat($0 + 2) * 16 <= host.keyboardFrame!.minY } == true, "above the keyboard")
  }

  @Test func aDateThatDoesNotParseStoresNothing() {
    let (host, c) = launch()
    tapInSight(c.DOB, host, c)
    host.type("someday")
    tapOutsideTheFields(host, c)
    #expect(c.thePerson[MyAppPersonDOBKey] == nil)
    tapInSight(c.DOB, host, c)
    host.press(.character("a"), modifiers: .command)
    host.type("4/13/10")
    tapOutsideTheFields(host, c)
    #expect(c.thePerson[MyAppPersonDOBKey] is Date)
  }

  @Test func theRecordPrintsAsJSON() throws {
    let (host, c) = launch()
    tapInSight(c.nameField, host, c)
    host.type("Ada")
    host.pressReturn()
    host.type("ada@example.com")
    host.pressReturn()
    host.type("12/10/15")
    tapInSight(c.notesView, host, c)
    host.type("Analyst")
    // Quitting ends editing by force (no questions) before printing.
    c.view.window?.endEditing(true)
    let json = c.recordJSON()
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["name"] as? String == "Ada")
    #expect(object?["email"] as? String == "ada@example.com")
    #expect(object?["dateOfBirth"] as? String == "2015-12-10")
    #expect(object?["notes"] as? String == "Analyst")
    #expect(json.contains("\"dateOfBirth\" : \"2015-12-10\""))
  }

  @Test func quittingDoesNotStoreAnInvalidSSN() {
    let (host, c) = launch()
    tapInSight(c.SSN, host, c)
    host.type("nope")
    c.view.window?.endEditing(true)
    #expect(c.thePerson[MyAppPersonSSNKey] == nil)
    #expect(alert(c) == nil, "a forced end asks nothing")
  }
}

@MainActor
@Suite struct PersonFormKeyboardTests {
  /// The form is a table controller's table: the keyboard insets it and it scrolls the edited
  /// row above the keyboard, then settles back when the keyboard hides.
  @Test func theTableScrollsTheEditedRowAboveTheKeyboardAndSettlesBackWhenItHides() {
    let (host, controller) = PersonFormTests().launch()
    let table = controller.tableView!
    let restingNotesOnScreen = controller.notesView.convert(controller.notesView.bounds, to: nil)
    let bar = controller.navigationController!.navigationBar.frame
    func nameTop() -> CGFloat { controller.nameField.convert(controller.nameField.bounds, to: nil).minY }
    let restingNameTop = nameTop()
    let firstRow = table.convert(table.rectForRow(at: IndexPath(row: 0, section: 0)), to: nil)
    #expect(firstRow.minY == bar.maxY, "the form rests under the navigation bar")
    #expect(table.contentInset.bottom == 0)
    // A field in sight takes the focus where it is: the table does not move.
    let restingOffset = table.contentOffset
    host.tap(controller.nameField)
    host.settle()
    #expect(controller.nameField.isFirstResponder && table.contentOffset == restingOffset)
    controller.view.endEditing(false)
    host.settle()
    #expect(table.contentOffset == restingOffset)
    host.tap(controller.notesView)
    host.settle()
    let keyboard = host.window.keyboard.frame!
    #expect(restingNotesOnScreen.maxY > keyboard.minY,
      "on an 80 × 24 terminal the keyboard would cover the notes")
    #expect(table.contentInset.bottom == host.window.bounds.maxY - keyboard.minY,
      "the table is inset by the part the keyboard covers")
    #expect(controller.notesView.convert(controller.notesView.bounds, to: nil).maxY == keyboard.minY,
      "the notes' row sits just above the keyboard")
    #expect(nameTop() < restingNameTop, "the rows above scrolled up with it")
    #expect(host.screen().contains("Notes"))
    // A tap beside the notes (on their header) ends editing: the rows fill the table's view now.
    PersonFormTests().tapOutsideTheFields(host, controller)
    host.settle()
    #expect(!host.isKeyboardVisible)
    #expect(table.contentInset.bottom == 0)
    // The form is taller than the terminal: it stays scrolled as far as its content allows (as on
    // iOS, where the table keeps its offset when the keyboard goes if the content still fills it).
    let notes = controller.notesView.convert(controller.notesView.bounds, to: nil)
    #expect(notes.minY >= bar.maxY && notes.maxY <= host.window.bounds.maxY, "the notes stay in sight")
    let farthest = table.contentSize.height + table.adjustedContentInset.bottom - table.bounds.height
    #expect(table.contentOffset.y <= max(farthest, -table.adjustedContentInset.top))
    #expect(nameTop() < restingNameTop)
  }
}
