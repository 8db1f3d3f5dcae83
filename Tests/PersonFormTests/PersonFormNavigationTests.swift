import Foundation
import Testing
import UIKit
import UIKitTesting

@testable import PersonForm

/// The form as the root of a navigation controller: its title, the Save button, the date of
/// birth's wheels, and an 80 × 24 terminal with the keyboard or the wheels up.
@MainActor
@Suite struct PersonFormNavigationTests {
  let form = PersonFormTests()

  /// Taps the bar button titled `title` in the navigation bar (the screen's first row).
  func tapBarButton(_ title: String, _ host: HeadlessHost) {
    let bar = form.lines(host)[0]
    // The whole word: "Save" is not the start of "Saved".
    guard let range = bar.range(of: "\\b\(title)\\b", options: .regularExpression) else {
      Issue.record("no \(title) in the navigation bar: \(bar)")
      return
    }
    // Columns, not characters: an emoji (the search bar's 🔍) is two columns wide.
    let column = bar[..<range.lowerBound].reduce(0) {
      $0 + ($1.unicodeScalars.first!.properties.isEmojiPresentation ? 2 : 1)
    }
    host.tap(at: CGPoint(x: CGFloat(column) * 8 + 4, y: 8))
  }

  func components(_ date: Date?) -> DateComponents? {
    date.map { Calendar.current.dateComponents(in: TimeZone.current, from: $0) }
  }

  @Test func theNavigationBarShowsTheTitleAndSave() {
    let (host, c) = form.launch()
    #expect(c.navigationController?.topViewController === c)
    let bar = form.lines(host)[0]
    #expect(bar.contains("Person"))
    #expect(bar.trimmingCharacters(in: .whitespaces).hasSuffix("Save"))
  }

  @Test func saveEndsEditingAndKeepsTheRecord() {
    let (host, c) = form.launch()
    host.tap(c.nameField)
    host.type("Ada")
    tapBarButton("Save", host)
    host.settle()
    #expect(host.firstResponder == nil && !host.isKeyboardVisible, "Save ends editing")
    #expect(c.thePerson[MyAppPersonNameKey] as? String == "Ada", "what was being typed is stored")
    #expect(c.savedPeople.count == 1)
    #expect(c.savedPeople.first?[MyAppPersonNameKey] as? String == "Ada")
    #expect(form.lines(host)[0].contains("Person (1 saved)"))
    // A second save keeps a second copy, with the change.
    host.tap(c.emailField)
    host.type("ada@example.com")
    tapBarButton("Save", host)
    #expect(c.savedPeople.count == 2)
    #expect(c.savedPeople.last?[MyAppPersonEmailKey] as? String == "ada@example.com")
    #expect(c.savedPeople.first?[MyAppPersonEmailKey] == nil)
    #expect(form.lines(host)[0].contains("Person (2 saved)"))
  }

  @Test func saveWithAnInvalidSSNKeepsTheFocusAndSavesNothing() {
    let (host, c) = form.launch()
    host.tap(c.SSN)
    host.type("12-3")
    tapBarButton("Save", host)
    #expect(c.SSN.isFirstResponder)
    #expect((c.presentedViewController as? UIAlertController)?.title == "Entry Error")
    #expect(c.savedPeople.isEmpty)
    #expect(c.title == "Person" && form.lines(host)[0].contains("Person") && !host.screen().contains("saved"))
    host.pressReturn()  // OK
    #expect(c.presentedViewController == nil && c.SSN.isFirstResponder)
    host.press(.character("a"), modifiers: .command)
    host.type("123-45-6789")
    tapBarButton("Save", host)
    #expect(host.firstResponder == nil)
    #expect(c.savedPeople.first?[MyAppPersonSSNKey] as? String == "123-45-6789")
  }

  @Test func theDateOfBirthIsChosenOnWheelsWithADoneBar() {
    let (host, c) = form.launch()
    host.tap(c.DOB)
    host.settle()
    #expect(c.DOB.isFirstResponder)
    #expect(host.softwareKeyboardRows.isEmpty, "wheels instead of keys")
    let keyboard = host.keyboardFrame!
    #expect(keyboard == CGRect(x: 0, y: 368 - 232, width: 640, height: 232), "iOS's wheels (216 pt) and the Done bar (a row)")
    #expect(c.datePicker.frame.minY == keyboard.minY + 16)
    #expect(c.datePicker.maximumDate == c.today)
    let selected = host.pickerRows(c.datePicker).first { $0.isSelected }
    #expect(selected?.titles == ["November", "22", "2026"], "the wheels start at today")
    #expect(host.pickerRows(c.datePicker).count == 7, "the chosen row and three either side")
    #expect(c.DOB.text == "", "nothing is written before the wheels turn")

    host.spinPicker(c.datePicker, component: 0, rows: -2)
    host.settle()
    #expect(c.DOB.text == "9/22/26")
    host.spinPicker(c.datePicker, component: 2, rows: -20)
    host.settle()
    #expect(c.DOB.text == "9/22/06")
    #expect(form.row(host, "Born").map { form.lines(host)[$0].hasPrefix("  Born     [9/22/06") } == true,
      "the field shows above the wheels")
    // Later than today is not a birthday: the wheels go back to today.
    host.spinPicker(c.datePicker, component: 2, rows: 30)
    host.settle()
    #expect(c.DOB.text == "11/22/26")

    // Done, at the bar's right end, ends editing and stores the date.
    let bar = host.keyboardFrame!
    #expect(form.lines(host)[Int(bar.minY / 16)].hasSuffix("Done"))
    host.tap(at: CGPoint(x: bar.maxX - 8 - 16, y: bar.minY + 8))
    host.settle()
    #expect(host.firstResponder == nil && !host.isKeyboardVisible)
    let parts = components(c.thePerson[MyAppPersonDOBKey] as? Date)
    #expect(parts?.year == 2026 && parts?.month == 11 && parts?.day == 22)

    // Back in the field, the wheels start at its date; Escape is Done.
    host.tap(c.DOB)
    host.press(.character("a"), modifiers: .command)
    host.type("4/13/10")
    #expect(host.pickerRows(c.datePicker).first { $0.isSelected }?.titles == ["April", "13", "2010"],
      "a typed date turns the wheels")
    #expect(host.press(.escape))
    #expect(host.firstResponder == nil)
    let typed = components(c.thePerson[MyAppPersonDOBKey] as? Date)
    #expect(typed?.year == 2010 && typed?.month == 4 && typed?.day == 13)
  }

  /// The short style writes two-digit years: a date from the wheels is stored as the wheels
  /// said, not as "12/10/15" would parse, and the wheels come back to it.
  @Test func aCenturyAgoOnTheWheelsIsStoredAsChosen() {
    let (host, c) = form.launch()
    host.tap(c.DOB)
    host.spinPicker(c.datePicker, component: 2, rows: -211)  // 2026 - 211 = 1815
    host.settle()
    host.spinPicker(c.datePicker, component: 0, rows: 1)
    host.settle()
    host.spinPicker(c.datePicker, component: 1, rows: -12)
    host.settle()
    #expect(c.DOB.text == "12/10/15")
    #expect(host.press(.escape))
    var parts = components(c.thePerson[MyAppPersonDOBKey] as? Date)
    #expect(parts?.year == 1815 && parts?.month == 12 && parts?.day == 10)
    host.tap(c.DOB)
    #expect(host.pickerRows(c.datePicker).first { $0.isSelected }?.titles == ["December", "10", "1815"])
    form.tapOutsideTheFields(host, c)
    parts = components(c.thePerson[MyAppPersonDOBKey] as? Date)
    #expect(parts?.year == 1815, "editing ended without a change keeps the year")
    // Typed, the same text means this century, as seed 003's formatter reads it.
    host.tap(c.DOB)
    host.deleteBackward()
    host.type("5")
    form.tapOutsideTheFields(host, c)
    parts = components(c.thePerson[MyAppPersonDOBKey] as? Date)
    #expect(parts?.year == 2015)
  }

  /// On an 80 × 24 terminal (and one a row shorter), every field and the notes stay in sight
  /// between the navigation bar and the keyboard (or the wheels) while edited.
  @Test(arguments: [368, 384] as [CGFloat])
  func theEditedViewStaysInSightOnASmallTerminal(height: CGFloat) {
    let (host, c) = form.launch(screenSize: CGSize(width: 640, height: height))
    let navigationBar = c.navigationController!.navigationBar
    let edited: [UIView] = [c.nameField, c.emailField, c.DOB, c.SSN, c.salaryField, c.notesView]
    for view in edited {
      // Tapped where the form shows it once the keyboard is down (as a user scrolls to it).
      c.view.endEditing(false)
      host.settle()
      host.tap(view)
      host.settle()
      #expect(view.isFirstResponder)
      let keyboard = host.keyboardFrame!
      let frame = view.convert(view.bounds, to: nil)
      #expect(frame.minY >= navigationBar.frame.maxY, "\(view.accessibilityIdentifier ?? "") under the bar")
      #expect(frame.maxY <= keyboard.minY, "\(view.accessibilityIdentifier ?? "") behind the keyboard")
    }
    #expect(host.screen().contains("Notes"))
    #expect(form.lines(host)[0].contains("Person"), "the bar stays")
  }
}
