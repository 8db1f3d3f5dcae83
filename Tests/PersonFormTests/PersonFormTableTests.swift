import Foundation
import Testing
import UIKit
import UIKitTesting

@testable import PersonForm

/// The form as a table of field cells, and the saved list with its search bar.
@MainActor
@Suite struct PersonFormTableTests {
  let form = PersonFormTests()
  let navigation = PersonFormNavigationTests()

  var fieldTitles: [String] { ["Name", "Email", "Born", "SSN", "Salary"] }

  func fields(_ c: PersonFormViewController) -> [UITextField] {
    [c.nameField, c.emailField, c.DOB, c.SSN, c.salaryField]
  }

  /// The focused view is on screen between the navigation bar and the keyboard.
  func expectInSight(_ view: UIView, _ host: HeadlessHost, _ c: PersonFormViewController, _ comment: Comment) {
    let frame = view.convert(view.bounds, to: nil)
    #expect(frame.minY >= c.navigationController!.navigationBar.frame.maxY, comment)
    #expect(frame.maxY <= (host.keyboardFrame?.minY ?? host.window.bounds.maxY), comment)
  }

  @Test func theFieldsAreRowsOfATableAndTheNotesAndPreferencesSectionsOfTheirOwn() throws {
    let (host, c) = form.launch()
    let table = try #require(c.tableView)
    #expect(c.view === table)
    #expect(table.numberOfSections == 3, "the fields, the notes, the preferences")
    #expect(table.numberOfRows(inSection: 0) == 5 && table.numberOfRows(inSection: 1) == 1)
    #expect(table.numberOfRows(inSection: 2) == 3)
    for (row, field) in fields(c).enumerated() {
      let cell = table.cellForRow(at: IndexPath(row: row, section: 0)) as? PersonFieldCell
      #expect(cell?.field === field, "row \(row) holds its field")
      #expect(cell?.label.text == fieldTitles[row])
      #expect(field.tag == row + 1, "told apart by tag")
      #expect(field.delegate === c)
    }
    let notesCell = table.cellForRow(at: IndexPath(row: 0, section: 1))
    #expect(c.notesView.isDescendant(of: try #require(notesCell)))
    #expect(table.headerView(forSection: 1)?.textLabel?.text?.hasPrefix("Notes (at most 50") == true)
    // Each field's row is iOS's 44 points; its label and field show on the cell row through
    // the middle of it.
    let screen = form.lines(host)
    for (row, title) in fieldTitles.enumerated() {
      let frame = table.rectForRow(at: IndexPath(row: row, section: 0))
      let line = Int(table.convert(frame, to: nil).midY / 16)
      #expect(frame.height == 44)
      #expect(screen[line].hasPrefix("  \(title)"), "\(title) on screen row \(line)")
    }
  }

  @Test func aTapBesideAFieldEndsEditingAndSelectsNoRow() {
    let (host, c) = form.launch()
    host.tap(c.emailField)
    host.type("ada@example.com")
    // The "Email" label, left of the field.
    let field = c.emailField.convert(c.emailField.bounds, to: nil)
    host.tap(at: CGPoint(x: 20, y: field.midY))
    host.settle()
    #expect(host.firstResponder == nil && !host.isKeyboardVisible)
    #expect(c.tableView.indexPathForSelectedRow == nil)
    #expect(c.thePerson[MyAppPersonEmailKey] as? String == "ada@example.com")
    // Asking first: an invalid SSN keeps the focus.
    host.tap(c.SSN)
    host.type("1")
    host.tap(at: CGPoint(x: 20, y: field.midY))
    #expect(c.SSN.isFirstResponder)
    #expect((c.presentedViewController as? UIAlertController)?.title == "Entry Error")
  }

  /// Next finds the next field by tag even when its row has scrolled away (its cell out of
  /// the table): the row is scrolled into view and the field takes the focus above the keyboard.
  @Test func nextReachesAFieldWhoseRowHasScrolledAway() {
    let (host, c) = form.launch(screenSize: CGSize(width: 640, height: 288))
    let table = c.tableView!
    host.tap(c.nameField)
    host.type("Ada")
    host.settle()
    // The user scrolls to the notes while the name is edited.
    table.scrollToRow(at: IndexPath(row: 0, section: 1), at: .bottom, animated: false)
    table.layoutIfNeeded()
    #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) == nil, "the email's row is out of the table")
    #expect(c.nameField.isFirstResponder, "the edited field's cell is kept")
    host.pressReturn()
    host.settle()
    #expect(c.emailField.isFirstResponder)
    #expect(c.thePerson[MyAppPersonNameKey] as? String == "Ada")
    expectInSight(c.emailField, host, c, "the email field")
    host.type("ada@example.com")
    #expect(host.screen().contains("ada@example.com"))
    // And so on to the salary, each field in sight as it takes the focus.
    for field in [c.DOB!, c.SSN!, c.salaryField!] {
      host.pressReturn()
      host.settle()
      #expect(field.isFirstResponder)
      expectInSight(field, host, c, "\(field.accessibilityIdentifier ?? "")")
    }
  }

  // MARK: The saved list

  /// Replaces the field's text with `text`, as a user selecting all and typing.
  func fill(_ field: UITextField, _ text: String, _ host: HeadlessHost) {
    host.tap(field)
    host.press(.character("a"), modifiers: .command)
    if text.isEmpty { host.deleteBackward() } else { host.type(text) }
  }

  /// Saves a person named `name` (and born on `born`, typed, when given) with the Save button.
  func save(_ name: String, born: String = "", _ host: HeadlessHost, _ c: PersonFormViewController) {
    fill(c.nameField, name, host)
    fill(c.DOB, born, host)
    navigation.tapBarButton("Save", host)
    host.settle()
  }

  /// The saved list, opened with the Saved button.
  func openSaved(_ host: HeadlessHost, _ c: PersonFormViewController) -> SavedPeopleViewController? {
    navigation.tapBarButton("Saved", host)
    host.settle()
    return c.navigationController?.topViewController as? SavedPeopleViewController
  }

  /// The names the list shows on screen, top to bottom.
  func namesOnScreen(_ host: HeadlessHost, _ names: [String]) -> [String] {
    form.lines(host).compactMap { line in names.first { line.hasPrefix("  \($0)") } }
  }

  @Test func savedListsThePeopleSavedWithTheirBirthdays() throws {
    let (host, c) = form.launch()
    save("Ada Lovelace", born: "12/10/15", host, c)
    save("Grace Hopper", host, c)
    #expect(form.lines(host)[0].contains("Person (2 saved)"))
    let list = try #require(openSaved(host, c))
    #expect(list.title == "Saved")
    let bar = form.lines(host)[0]
    #expect(bar.hasPrefix(" ‹ Person ") && bar.contains("Saved"), "back to the form: \(bar)")
    let screen = form.lines(host)
    #expect(screen[1].contains("Search by name"), "the search bar under the navigation bar")
    #expect(screen[2].hasPrefix("  Ada Lovelace") && screen[2].hasSuffix("born 12/10/15"))
    #expect(screen[3].hasPrefix("  Grace Hopper"))
    // Back: the form, as it was left.
    host.tapBackButton(of: c.navigationController!)
    host.settle()
    #expect(c.navigationController?.topViewController === c)
    #expect(c.nameField.text == "Grace Hopper")
    #expect(form.lines(host)[0].contains("Person (2 saved)"))
  }

  @Test func nothingSavedYetSaysSo() throws {
    let (host, c) = form.launch()
    let list = try #require(openSaved(host, c))
    #expect(list.tableView.numberOfRows(inSection: 0) == 0)
    #expect(host.screen().contains("No one saved yet"))
  }

  @Test func theSearchBarFiltersByNameAsTheUserTypes() throws {
    let (host, c) = form.launch()
    let everyone = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Zoë Ball"]
    for name in everyone { save(name, host, c) }
    let list = try #require(openSaved(host, c))
    #expect(namesOnScreen(host, everyone) == everyone)
    let search = try #require(list.navigationItem.searchController)
    #expect(search.searchResultsUpdater === list)
    host.tap(search.searchBar.searchTextField)
    host.settle()
    #expect(search.isActive && host.isKeyboardVisible)
    #expect(form.lines(host)[0].contains("Cancel"), "the search bar takes the navigation bar's place")
    #expect(namesOnScreen(host, everyone) == everyone, "the list stays, bright, until there is text")
    host.type("a")
    #expect(namesOnScreen(host, everyone) == everyone, "every name has an a")
    host.type("L")
    #expect(namesOnScreen(host, everyone) == ["Alan Turing", "Zoë Ball"], "case is ignored")
    host.type("a")
    #expect(namesOnScreen(host, everyone) == ["Alan Turing"])
    host.deleteBackward()
    host.deleteBackward()
    #expect(namesOnScreen(host, everyone) == everyone)
    host.deleteBackward()
    host.type("zoe")
    #expect(namesOnScreen(host, everyone) == ["Zoë Ball"], "accents are ignored")
    host.type("y")
    #expect(namesOnScreen(host, everyone).isEmpty)
    #expect(host.screen().contains("No name contains “zoey”"))
    // Cancel: every name again, under the navigation bar.
    navigation.tapBarButton("Cancel", host)
    host.settle()
    #expect(!search.isActive && !host.isKeyboardVisible)
    #expect(namesOnScreen(host, everyone) == everyone)
    #expect(!host.screen().contains("No name contains"))
    #expect(form.lines(host)[0].contains("Saved"))
  }
}
