import Foundation
import UIKit

/// The people saved with the form's Save button, oldest first: one row each, the name on the
/// left and the date of birth (or the email, when no date was given) on the right. A search
/// bar in the navigation item (a `UISearchController` whose results updater is this
/// controller) filters the rows by name as the user types, ignoring case and accents.
class SavedPeopleViewController: UITableViewController, UISearchResultsUpdating {
  /// Every saved record.
  let people: [[String: Any]]
  /// The records the list shows: those whose name matches the search text (all without one).
  private(set) var shownPeople: [[String: Any]]

  private let dateFormatter: DateFormatter
  private let searchController = UISearchController(searchResultsController: nil)

  private static let cellIdentifier = "person"

  /// A list of `people`, their dates of birth written with `dateFormatter`.
  init(people: [[String: Any]], dateFormatter: DateFormatter) {
    self.people = people
    self.shownPeople = people
    self.dateFormatter = dateFormatter
    super.init(style: .plain)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Saved"
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
    // One line per person (a terminal row); nothing to open yet, so the rows do not select.
    tableView.rowHeight = 16
    tableView.allowsSelection = false

    searchController.searchResultsUpdater = self
    // The list under the bar is the results: it stays bright and takes taps while searching.
    searchController.obscuresBackgroundDuringPresentation = false
    searchController.searchBar.placeholder = "Search by name"
    searchController.searchBar.autocapitalizationType = .none
    navigationItem.searchController = searchController
    definesPresentationContext = true
    updateEmptyState()
  }

  // MARK: UISearchResultsUpdating

  /// Called as the search text changes: the rows become the people whose name contains it.
  func updateSearchResults(for searchController: UISearchController) {
    let query = (searchController.searchBar.text ?? "").trimmingCharacters(in: .whitespaces)
    shownPeople = query.isEmpty ? people : people.filter { person in
      let name = person[MyAppPersonNameKey] as? String ?? ""
      return name.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
    tableView.reloadData()
    updateEmptyState()
  }

  /// With no rows, the list says why: nothing saved yet, or no name matching the search.
  private func updateEmptyState() {
    guard shownPeople.isEmpty else {
      tableView.backgroundView = nil
      return
    }
    let label = UILabel()
    label.textAlignment = .center
    label.textColor = .secondaryLabel
    let query = searchController.searchBar.text ?? ""
    label.text = people.isEmpty ? "No one saved yet" : "No name contains “\(query)”"
    tableView.backgroundView = label
  }

  // MARK: UITableViewDataSource

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    shownPeople.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
    let person = shownPeople[indexPath.row]
    var content = UIListContentConfiguration.valueCell()
    let name = person[MyAppPersonNameKey] as? String
    content.text = name ?? "(no name)"
    if name == nil { content.textProperties.color = .secondaryLabel }
    if let date = person[MyAppPersonDOBKey] as? Date {
      content.secondaryText = "born \(dateFormatter.string(from: date))"
    } else {
      content.secondaryText = person[MyAppPersonEmailKey] as? String
    }
    cell.contentConfiguration = content
    return cell
  }
}
