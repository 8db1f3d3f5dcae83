import Foundation
import Testing
import UIKit
import UIKitTesting

@testable import ProfileForm

/// The fourth app, a list-based form with a diffable data source, driven as a user would.
@MainActor
@Suite struct ProfileFormTests {
  func launch(size: CGSize = CGSize(width: 390, height: 844), cells: Bool = false) -> (HeadlessHost, ProfileFormViewController) {
    let form = ProfileFormViewController()
    let host = HeadlessHost(
      rootViewController: UINavigationController(rootViewController: form), screenSize: size, measuresTextInCells: cells)
    return (host, form)
  }

  func cell<Cell: UICollectionViewCell>(_ form: ProfileFormViewController, _ section: Int, _ item: Int, as: Cell.Type) -> Cell {
    form.collectionView.cellForItem(at: IndexPath(item: item, section: section)) as! Cell
  }

  @Test func theFormShowsItsSectionsAsAnInsetGroupedList() {
    let (host, form) = launch()
    let screen = host.screen()
    for text in ["New Profile", "PROFILE", "Name", "E-mail", "PREFERENCES", "Newsletter", "Phone", "NOTES"] {
      #expect(screen.contains(text), "\(text) is not on screen:\n\(screen)")
    }
    let name = cell(form, 0, 0, as: TextFieldCell.self)
    // Inset 16 points from each side of the 390-point screen; the row sizes to its caption
    // and field (at least 44 points).
    #expect(name.frame.minX == 16)
    #expect(name.frame.width == 358)
    #expect(name.frame.height >= 44)
    #expect(form.collectionView.backgroundColor == .systemGroupedBackground)
    #expect(form.navigationItem.rightBarButtonItem?.isEnabled == false)
  }

  @Test func theEmailIsValidatedAsItIsTyped() {
    let (host, form) = launch()
    let name = cell(form, 0, 0, as: TextFieldCell.self)
    host.tap(name.field)
    host.type("Ada Lovelace")
    #expect(form.profile.name == "Ada Lovelace")
    let email = cell(form, 0, 1, as: TextFieldCell.self)
    host.tap(email.field)
    host.type("ada")
    host.settle()
    // A problem row comes below the field; the field keeps its cell and the focus.
    #expect(form.collectionView.numberOfItems(inSection: 0) == 3)
    #expect(host.screen().contains("Enter an address such as"))
    #expect(cell(form, 0, 1, as: TextFieldCell.self) === email)
    #expect(email.field.isFirstResponder)
    #expect(form.navigationItem.rightBarButtonItem?.isEnabled == false)
    host.type("@example.com")
    host.settle()
    #expect(form.collectionView.numberOfItems(inSection: 0) == 2)
    #expect(!host.screen().contains("Enter an address such as"))
    #expect(email.field.isFirstResponder)
    #expect(form.profile.email == "ada@example.com")
    #expect(form.navigationItem.rightBarButtonItem?.isEnabled == true)
  }

  @Test func returnMovesOnAndSavingCountsProfiles() {
    let (host, form) = launch()
    host.tap(cell(form, 0, 0, as: TextFieldCell.self).field)
    host.type("Grace\n")
    let email = cell(form, 0, 1, as: TextFieldCell.self)
    #expect(email.field.isFirstResponder)
    host.type("grace@navy.mil\n")
    host.settle()
    let notes = cell(form, 2, 0, as: NotesCell.self)
    #expect(notes.textView.isFirstResponder)
    host.type("Invented the compiler")
    host.tap(form.navigationItem.rightBarButtonItem!)
    #expect(form.title == "Saved 1")
    #expect(form.savedProfiles.first?.notes == "Invented the compiler")
    #expect(form.savedProfilesJSON().contains("\"email\":\"grace@navy.mil\""))
  }

  @Test func theNotesGrowAsTheyAreTyped() {
    let (host, form) = launch()
    let notes = cell(form, 2, 0, as: NotesCell.self)
    let before = notes.frame.height
    host.tap(notes.textView)
    host.type("one\ntwo\nthree\nfour\nfive")
    host.settle()
    #expect(notes.frame.height > before)
    // Its section's end moved with it: the content grew by as much.
    let layout = form.collectionView.collectionViewLayout
    #expect(form.collectionView.contentSize.height == layout.collectionViewContentSize.height)
    #expect(notes.textView.frame.height >= notes.textView.sizeThatFits(CGSize(width: notes.textView.frame.width, height: 0)).height - 1)
  }

  @Test func theSwitchAndTheSegmentsStoreTheirValues() {
    let (host, form) = launch()
    let newsletter = cell(form, 1, 0, as: UICollectionViewListCell.self)
    let toggle = newsletter.subviews.compactMap { $0 as? UISwitch }.first!
    host.tap(toggle)
    #expect(form.profile.newsletter)
    let segmented = cell(form, 1, 1, as: SegmentedCell.self)
    let control = segmented.control
    host.tap(control, at: CGPoint(x: control.bounds.width * 5 / 6, y: control.bounds.midY))
    #expect(form.profile.contactBy == "Don't")
  }

  @Test func theFieldBeingEditedStaysAboveTheKeyboard() {
    let (host, form) = launch(size: CGSize(width: 390, height: 500))
    let notes = cell(form, 2, 0, as: NotesCell.self)
    host.tap(notes.textView)
    host.settle()
    let keyboard = try! #require(host.window.keyboard.frame)
    // The notes (the first responder) are scrolled above the keyboard.
    let frame = notes.textView.convert(notes.textView.bounds, to: nil)
    #expect(frame.maxY <= keyboard.minY + 0.5, "notes \(frame) under the keyboard \(keyboard)")
    #expect(frame.minY >= 44)
    #expect(form.collectionView.contentInset.bottom > 0)
  }

  @Test func tabMovesThroughTheFieldsOfTheList() {
    let (host, form) = launch()
    let name = cell(form, 0, 0, as: TextFieldCell.self)
    let email = cell(form, 0, 1, as: TextFieldCell.self)
    host.tap(name.field)
    host.type("\t")
    #expect(email.field.isFirstResponder)
    host.type("\t")
    #expect(cell(form, 2, 0, as: NotesCell.self).textView.isFirstResponder)
  }

  @Test func theFormWorksInTerminalCells() {
    let (host, form) = launch(size: CGSize(width: 640, height: 368), cells: true)
    host.tap(cell(form, 0, 1, as: TextFieldCell.self).field)
    host.type("x@")
    host.settle()
    #expect(host.screen().contains("Enter an address"))
    // Return to the notes; each line typed grows the row, and the last line stays in view.
    host.type("example.com\n")
    host.type("one\ntwo\nthree\nfour")
    host.settle()
    let screen = host.screen()
    for line in ["one", "two", "three", "four"] {
      #expect(screen.contains(line), "\(line) is not on screen:\n\(screen)")
    }
  }
}
