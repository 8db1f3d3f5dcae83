// Client-shaped iOS code, compiled in Swift 5 mode: a notes list whose navigation bar has a
// "Sort" item with a menu (an inline section of single-selection sort orders, a submenu, a
// destructive action), an Add item whose long press offers templates, and a pop-up button
// choosing a unit. Written as iOS 15 code writes it; nothing here had to change for Linux.
import UIKit
import UIKitTesting
import XCTest

class SortableNotesViewController: UIViewController {
  enum Order: String { case title = "Title", date = "Date Modified" }
  var order: Order = .date
  var notes: [String] = ["b", "a"]
  var log: [String] = []
  let unitButton = UIButton(type: .system)

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Notes"
    let orders = UIMenu(title: "", options: [.displayInline, .singleSelection], children: [
      UIAction(title: Order.title.rawValue, state: order == .title ? .on : .off) { [unowned self] _ in
        self.order = .title
      },
      UIAction(title: Order.date.rawValue, state: order == .date ? .on : .off) { [unowned self] _ in
        self.order = .date
      },
    ])
    let view = UIMenu(title: "View As", image: UIImage(systemName: "eye"), children: [
      UIAction(title: "List") { [unowned self] _ in self.log.append("list") },
      UIAction(title: "Gallery") { [unowned self] _ in self.log.append("gallery") },
    ])
    let deleteAll = UIAction(title: "Delete All", image: UIImage(systemName: "trash"), attributes: .destructive) {
      [unowned self] _ in
      self.notes.removeAll()
    }
    let sortItem = UIBarButtonItem(
      title: "Sort", image: UIImage(systemName: "arrow.up.arrow.down"), primaryAction: nil,
      menu: UIMenu(children: [orders, view, deleteAll]))
    let addItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [unowned self] _ in
      self.notes.append("new")
    }, menu: UIMenu(title: "Templates", children: [
      UIAction(title: "Checklist") { [unowned self] _ in self.notes.append("checklist") },
    ]))
    navigationItem.rightBarButtonItems = [addItem, sortItem]

    unitButton.frame = CGRect(x: 16, y: 80, width: 200, height: 32)
    unitButton.showsMenuAsPrimaryAction = true
    unitButton.changesSelectionAsPrimaryAction = true
    unitButton.menu = UIMenu(children: ["kg", "lb"].map { unit in
      UIAction(title: unit) { [unowned self] action in self.log.append("unit \(action.title)") }
    })
    self.view.addSubview(unitButton)
  }
}

final class BarButtonMenuClientTests: XCTestCase {
  func testTheSortMenuChangesTheOrderAndDeleteAllEmptiesTheList() {
    let notes = SortableNotesViewController()
    let host = HeadlessHost(
      rootViewController: UINavigationController(rootViewController: notes),
      screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    let sort = notes.navigationItem.rightBarButtonItems![1]
    host.tap(sort)
    XCTAssertEqual(host.menuItems, ["Title", "✓ Date Modified", "View As", "Delete All"])
    host.chooseMenuItem("Title")
    XCTAssertEqual(notes.order, .title)
    host.tap(sort)
    XCTAssertEqual(host.menuItems, ["✓ Title", "Date Modified", "View As", "Delete All"])
    host.chooseMenuItem("View As")
    host.chooseMenuItem("Gallery")
    XCTAssertEqual(notes.log, ["gallery"])
    host.tap(sort)
    host.chooseMenuItem("Delete All")
    XCTAssertEqual(notes.notes, [])
  }

  func testAddTapsAndItsLongPressOffersTemplates() {
    let notes = SortableNotesViewController()
    let host = HeadlessHost(
      rootViewController: UINavigationController(rootViewController: notes),
      screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    let add = notes.navigationItem.rightBarButtonItems![0]
    host.tap(add)
    XCTAssertEqual(notes.notes, ["b", "a", "new"])
    XCTAssertFalse(host.isMenuVisible)
    host.longPress(add)
    XCTAssertEqual(host.menuItems, ["Checklist"])
    host.chooseMenuItem("Checklist")
    XCTAssertEqual(notes.notes, ["b", "a", "new", "checklist"])
  }

  func testThePopUpButtonShowsTheChosenUnit() {
    let notes = SortableNotesViewController()
    let host = HeadlessHost(
      rootViewController: UINavigationController(rootViewController: notes),
      screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    XCTAssertEqual(notes.unitButton.currentTitle, "kg")
    host.tap(notes.unitButton)
    host.chooseMenuItem("lb")
    XCTAssertEqual(notes.unitButton.currentTitle, "lb")
    XCTAssertEqual(notes.log, ["unit lb"])
    XCTAssertTrue(host.screen().contains("lb"))
  }
}
