import Foundation

/// Supplies a table view's sections, rows and cells. `tableView(_:numberOfRowsInSection:)` and
/// `tableView(_:cellForRowAt:)` are required; the protocol extension supplies iOS's behaviour
/// for the optional methods (one section, no titles, every row editable, none movable).
///
/// Linux difference: Swift on Linux has no `optional` requirements, so the optional methods
/// have default implementations and UIKit always calls them (the defaults do what iOS does when
/// a data source leaves them out).
@preconcurrency @MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
  /// The number of rows in `section`.
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  /// The cell for the row at `indexPath` (typically from
  /// ``UITableView/dequeueReusableCell(withIdentifier:for:)``).
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  /// The number of sections (default 1).
  func numberOfSections(in tableView: UITableView) -> Int
  /// The title drawn above `section` (default none).
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
  /// The title drawn below `section` (default none).
  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
  /// Whether the row may be edited (default true).
  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
  /// Whether the row may be moved (default false).
  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// The titles of the section index (default none).
  func sectionIndexTitles(for tableView: UITableView) -> [String]?
  /// The section a section-index title jumps to (default: the title's index).
  func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
  /// The user asked to delete or insert the row (the data source updates its data, then
  /// calls ``UITableView/deleteRows(at:with:)`` or ``UITableView/insertRows(at:with:)``).
  func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
  /// The user moved a row.
  func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
  public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
  public func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
    index
  }
  public func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {}
  public func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}
}

// MARK: Optional-call syntax

extension UITableViewDataSource {
  /// `dataSource?.tableView?(tableView, titleForHeaderInSection: section)` and the other
  /// optional `tableView(…)` methods (the two required ones are called without `?`, as on iOS).
  public var tableView: UITableViewDataSourceCall? { UITableViewDataSourceCall(dataSource: self) }
  /// `dataSource?.numberOfSections?(in: tableView)`.
  public var numberOfSections: UITableViewDataSourceNumberOfSectionsCall? {
    UITableViewDataSourceNumberOfSectionsCall(dataSource: self)
  }
  /// `dataSource?.sectionIndexTitles?(for: tableView)`.
  public var sectionIndexTitles: UITableViewDataSourceSectionIndexTitlesCall? {
    UITableViewDataSourceSectionIndexTitlesCall(dataSource: self)
  }
}

/// The callable behind `dataSource?.tableView?(…)`: each overload calls the data source's
/// optional method.
@preconcurrency @MainActor
public struct UITableViewDataSourceCall {
  let dataSource: any UITableViewDataSource

  public func callAsFunction(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    dataSource.tableView(tableView, titleForHeaderInSection: section)
  }
  public func callAsFunction(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    dataSource.tableView(tableView, titleForFooterInSection: section)
  }
  public func callAsFunction(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    dataSource.tableView(tableView, canEditRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    dataSource.tableView(tableView, canMoveRowAt: indexPath)
  }
  public func callAsFunction(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
    dataSource.tableView(tableView, sectionForSectionIndexTitle: title, at: index)
  }
  public func callAsFunction(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
    dataSource.tableView(tableView, commit: editingStyle, forRowAt: indexPath)
  }
}

/// The callable behind `dataSource?.numberOfSections?(in:)`.
@preconcurrency @MainActor
public struct UITableViewDataSourceNumberOfSectionsCall {
  let dataSource: any UITableViewDataSource
  public func callAsFunction(in tableView: UITableView) -> Int { dataSource.numberOfSections(in: tableView) }
}

/// The callable behind `dataSource?.sectionIndexTitles?(for:)`.
@preconcurrency @MainActor
public struct UITableViewDataSourceSectionIndexTitlesCall {
  let dataSource: any UITableViewDataSource
  public func callAsFunction(for tableView: UITableView) -> [String]? { dataSource.sectionIndexTitles(for: tableView) }
}
