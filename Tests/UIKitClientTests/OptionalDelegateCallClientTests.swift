// iOS code calls the optional methods of table, search bar and navigation delegates with
// optional chaining (`delegate?.tableView?(…)`), often in a proxy that forwards to another
// delegate. These classes also use `tableView`, `searchBar` and `navigationController` as
// their own properties, as iOS code does: both must compile and mean what they mean on iOS.
import UIKit
import UIKitTesting
import XCTest

/// A table controller whose delegate methods are forwarded to another delegate (a proxy), and
/// which uses its own `tableView` property in every way iOS code does.
class ForwardingTableController: UITableViewController {
  weak var forwardTo: (UITableViewDelegate & UITableViewDataSource)?
  var rows = ["Ada", "Grace"]

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    let table = tableView
    table?.rowHeight = 44
    self.tableView.reloadData()
    tableView?.reloadData()
    if let tableView = tableView { tableView.estimatedRowHeight = 44 }
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    cell.textLabel?.text = rows[indexPath.row]
    return cell
  }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    forwardTo?.tableView?(tableView, titleForHeaderInSection: section) ?? "People"
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    forwardTo?.tableView?(tableView, didSelectRowAt: indexPath)
  }

  override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    forwardTo?.tableView?(tableView, heightForRowAt: indexPath) ?? 44
  }
}

/// A plain view controller that owns its table (an outlet named `tableView`) and a search bar
/// (`searchBar`), is their delegate, and is its navigation controller's delegate.
class OwnerViewController: UIViewController, UITableViewDelegate, UITableViewDataSource, UISearchBarDelegate,
  UINavigationControllerDelegate
{
  var tableView: UITableView!
  let searchBar = UISearchBar()
  var log: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView = UITableView(frame: view.bounds, style: .plain)
    tableView.dataSource = self
    tableView.delegate = self
    view.addSubview(tableView)
    searchBar.delegate = self
    navigationController?.delegate = self
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    UITableViewCell(style: .default, reuseIdentifier: nil)
  }
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    log.append("select \(indexPath.row)")
  }
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Owned" }
  func sectionIndexTitles(for tableView: UITableView) -> [String]? { ["A", "B"] }
  func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
    log.append("text \(searchText)")
  }
  func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { log.append("cancel") }
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
  ) {
    log.append("willShow \(viewController.title ?? "")")
  }
}

final class OptionalDelegateCallClientTests: XCTestCase {
  func testATableControllerForwardsWithOptionalCallsAndKeepsItsTableView() {
    let owner = OwnerViewController()
    let forwarding = ForwardingTableController(style: .plain)
    forwarding.forwardTo = owner
    let host = HeadlessHost(rootViewController: forwarding)
    XCTAssertTrue(forwarding.tableView === forwarding.view, "tableView is still the controller's table")
    let table: UITableView = forwarding.tableView
    XCTAssertEqual(forwarding.tableView(table, titleForHeaderInSection: 0), "Owned")
    forwarding.tableView(table, didSelectRowAt: IndexPath(row: 1, section: 0))
    XCTAssertEqual(owner.log, ["select 1"])
    // The optional call reaches the default when the delegate leaves the method out.
    XCTAssertEqual(table.delegate?.tableView?(table, heightForRowAt: IndexPath(row: 0, section: 0)), 44)
    XCTAssertEqual(owner.tableView?(table, shouldHighlightRowAt: IndexPath(row: 0, section: 0)), true)
    _ = host
  }

  func testDataSourceOptionalCalls() {
    let owner = OwnerViewController()
    _ = HeadlessHost(rootViewController: owner)
    let table: UITableView = owner.tableView
    let dataSource = table.dataSource
    XCTAssertEqual(dataSource?.numberOfSections?(in: table), 1)
    XCTAssertEqual(dataSource?.sectionIndexTitles?(for: table), ["A", "B"])
    XCTAssertEqual(dataSource?.tableView?(table, titleForHeaderInSection: 0), "Owned")
    XCTAssertEqual(dataSource?.tableView?(table, canMoveRowAt: IndexPath(row: 0, section: 0)), false)
    XCTAssertEqual(dataSource?.tableView(table, numberOfRowsInSection: 0), 2)
  }

  func testSearchBarAndNavigationDelegatesOptionalCalls() {
    let owner = OwnerViewController()
    owner.title = "Owner"
    let navigation = UINavigationController(rootViewController: owner)
    _ = HeadlessHost(rootViewController: navigation)
    XCTAssertTrue(owner.navigationController === navigation, "navigationController is still the view controller's")
    XCTAssertTrue(owner.searchBar.delegate === owner, "searchBar is still the owner's bar")
    let bar: UISearchBar = owner.searchBar
    owner.log = []
    bar.delegate?.searchBar?(bar, textDidChange: "ad")
    bar.delegate?.searchBarCancelButtonClicked?(bar)
    XCTAssertEqual(bar.delegate?.searchBar?(bar, shouldChangeTextIn: NSRange(location: 0, length: 0), replacementText: "x"), true)
    let next = UIViewController()
    next.title = "Next"
    navigation.delegate?.navigationController?(navigation, willShow: next, animated: false)
    navigation.delegate?.navigationController?(navigation, didShow: next, animated: false)
    XCTAssertEqual(owner.log, ["text ad", "cancel", "willShow Next"])
  }
}
