// Table views as iOS developers write them, compiled in Swift 5 mode: a cell subclass
// registered by class and dequeued with `as!`, a UITableViewController subclass overriding the
// data source and delegate methods, sections with titles, a swipe-to-delete commit, and a view
// controller that owns its table and conforms to both protocols.
import UIKit
import UIKitTesting
import XCTest

class ContactCell: UITableViewCell {
  static let reuseIdentifier = "ContactCell"
  let nameLabel = UILabel()
  let phoneLabel = UILabel()

  override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    nameLabel.translatesAutoresizingMaskIntoConstraints = false
    phoneLabel.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(nameLabel)
    contentView.addSubview(phoneLabel)
    NSLayoutConstraint.activate([
      nameLabel.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
      nameLabel.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
      phoneLabel.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
      phoneLabel.firstBaselineAnchor.constraint(equalTo: nameLabel.firstBaselineAnchor),
      nameLabel.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor),
    ])
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    nameLabel.text = nil
    phoneLabel.text = nil
  }
}

struct Contact {
  var name: String
  var phone: String
}

class ContactsViewController: UITableViewController {
  var favourites = [Contact(name: "Ada Lovelace", phone: "555-0100")]
  var others = (1...30).map { Contact(name: "Person \($0)", phone: "555-\(1000 + $0)") }
  var selected: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Contacts"
    tableView.register(ContactCell.self, forCellReuseIdentifier: ContactCell.reuseIdentifier)
    tableView.rowHeight = UITableView.automaticDimension
    tableView.estimatedRowHeight = 44
  }

  override func numberOfSections(in tableView: UITableView) -> Int {
    return 2
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return section == 0 ? favourites.count : others.count
  }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    return section == 0 ? "Favourites" : "All Contacts"
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: ContactCell.reuseIdentifier, for: indexPath) as! ContactCell
    let contact = indexPath.section == 0 ? favourites[indexPath.row] : others[indexPath.row]
    cell.nameLabel.text = contact.name
    cell.phoneLabel.text = contact.phone
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    tableView.deselectRow(at: indexPath, animated: true)
    let contact = indexPath.section == 0 ? favourites[indexPath.row] : others[indexPath.row]
    selected.append(contact.name)
  }

  override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    return indexPath.section == 1
  }

  override func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    if editingStyle == .delete {
      others.remove(at: indexPath.row)
      tableView.deleteRows(at: [indexPath], with: .fade)
    }
  }
}

class SettingsViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
  let tableView = UITableView(frame: .zero, style: .insetGrouped)
  let items = ["Wi-Fi", "Bluetooth", "Airplane Mode"]
  var checked = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(tableView)
    NSLayoutConstraint.activate([
      tableView.topAnchor.constraint(equalTo: view.topAnchor),
      tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
      tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
    ])
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    tableView.dataSource = self
    tableView.delegate = self
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return items.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    var content = cell.defaultContentConfiguration()
    content.text = items[indexPath.row]
    content.textProperties.color = .label
    cell.contentConfiguration = content
    cell.accessoryType = indexPath.row == checked ? .checkmark : .none
    return cell
  }

  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    let previous = IndexPath(row: checked, section: 0)
    checked = indexPath.row
    tableView.reloadRows(at: [previous, indexPath], with: .automatic)
  }
}

final class TableViewClientTests: XCTestCase {
  func testContactsListDequeuesRegisteredCellsAndSelects() {
    let controller = ContactsViewController(style: .grouped)
    let host = HeadlessHost(
      rootViewController: controller, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    let screen = host.screen()
    XCTAssertTrue(screen.contains("Favourites"))
    XCTAssertTrue(screen.contains("Ada Lovelace"))
    XCTAssertTrue(screen.contains("555-0100"))
    XCTAssertTrue(screen.contains("›"))
    let visible = controller.tableView.visibleCells
    XCTAssertTrue(visible.allSatisfy { $0 is ContactCell })
    XCTAssertLessThan(visible.count, 31)

    host.tap(controller.tableView.cellForRow(at: IndexPath(row: 0, section: 1))!)
    XCTAssertEqual(controller.selected, ["Person 1"])
    XCTAssertNil(controller.tableView.indexPathForSelectedRow)

    controller.tableView.scrollToRow(at: IndexPath(row: 29, section: 1), at: .bottom, animated: false)
    XCTAssertTrue(host.screen().contains("Person 30"))
    XCTAssertFalse(host.screen().contains("Ada Lovelace"))
  }

  func testCommittingADeleteRemovesTheRow() {
    let controller = ContactsViewController(style: .plain)
    let host = HeadlessHost(
      rootViewController: controller, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    XCTAssertFalse(controller.tableView(controller.tableView, canEditRowAt: IndexPath(row: 0, section: 0)))
    controller.tableView(controller.tableView, commit: .delete, forRowAt: IndexPath(row: 0, section: 1))
    XCTAssertEqual(controller.tableView.numberOfRows(inSection: 1), 29)
    XCTAssertFalse(host.screen().contains("Person 1 "))
    XCTAssertTrue(host.screen().contains("Person 2"))
  }

  func testSettingsListMovesItsCheckmark() {
    let controller = SettingsViewController()
    let host = HeadlessHost(
      rootViewController: controller, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    func line(_ text: String) -> String {
      host.screen().components(separatedBy: "\n").first { $0.contains(text) } ?? ""
    }
    XCTAssertTrue(line("Wi-Fi").hasSuffix("✓"))
    host.tap(controller.tableView.cellForRow(at: IndexPath(row: 2, section: 0))!)
    XCTAssertFalse(line("Wi-Fi").hasSuffix("✓"))
    XCTAssertTrue(line("Airplane Mode").hasSuffix("✓"))
  }
}
