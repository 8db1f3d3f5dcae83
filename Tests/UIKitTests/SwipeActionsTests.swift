import Foundation
import Testing
import UIKit
import UIKitTesting

/// A table of fruit whose rows swipe: Delete and Archive at the trailing edge, Pin at the
/// leading edge.
@MainActor
private final class SwipeTable: UITableViewController {
  var fruit = ["Apple", "Banana", "Cherry", "Damson"]
  var log: [String] = []
  /// Whether the handlers complete (true) or leave the row open.
  var completes = true

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.rowHeight = 44
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fruit.count }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    cell.textLabel?.text = fruit[indexPath.row]
    return cell
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    log.append("select \(fruit[indexPath.row])")
  }

  override func tableView(
    _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? {
    let delete = UIContextualAction(style: .destructive, title: "Delete") { [unowned self] action, view, done in
      log.append("delete \(fruit[indexPath.row])")
      fruit.remove(at: indexPath.row)
      tableView.deleteRows(at: [indexPath], with: .automatic)
      done(true)
    }
    let archive = UIContextualAction(style: .normal, title: "Archive") { [unowned self] _, _, done in
      log.append("archive \(fruit[indexPath.row])")
      if completes { done(true) }
    }
    archive.backgroundColor = .systemBlue
    return UISwipeActionsConfiguration(actions: [delete, archive])
  }

  override func tableView(
    _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? {
    let pin = UIContextualAction(style: .normal, title: "Pin") { [unowned self] _, _, done in
      log.append("pin \(fruit[indexPath.row])")
      done(true)
    }
    let configuration = UISwipeActionsConfiguration(actions: [pin])
    configuration.performsFirstActionWithFullSwipe = false
    return configuration
  }
}

@MainActor @Suite struct SwipeActionsTests {
  func row(_ table: UITableView, _ row: Int) -> CGRect {
    table.convert(table.rectForRow(at: IndexPath(row: row, section: 0)), to: nil)
  }

  @Test func actionsHaveIOSDefaults() {
    let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, _ in }
    let flag = UIContextualAction(style: .normal, title: "Flag") { _, _, _ in }
    #expect(delete.backgroundColor == .systemRed)
    #expect(flag.backgroundColor == .systemGray)
    let configuration = UISwipeActionsConfiguration(actions: [delete, flag])
    #expect(configuration.performsFirstActionWithFullSwipe)
    #expect(configuration.actions.map(\.title) == ["Delete", "Flag"])
  }

  @Test func aSwipeToTheLeftOpensTheTrailingActionsAndATapRunsOne() {
    let table = SwipeTable(style: .plain)
    let host = HeadlessHost(rootViewController: table)
    let banana = row(table.tableView, 1)
    host.drag(from: CGPoint(x: banana.maxX - 20, y: banana.midY), to: CGPoint(x: banana.maxX - 170, y: banana.midY))
    host.settle()
    // Open: the content moved left by the actions' width, the buttons show, nothing selected.
    var screen = host.screen()
    #expect(screen.contains("Delete"), "\(screen)")
    #expect(screen.contains("Archive"))
    #expect(table.log.isEmpty)
    let cell = table.tableView.cellForRow(at: IndexPath(row: 1, section: 0))!
    #expect(cell.bounds.origin.x > 100)
    // A tap on Delete runs its handler; the row goes and the table closes the actions.
    let delete = cell.subviews.compactMap { $0 as? UILabel }.first { $0.text == "Delete" }!
    host.tap(delete)
    host.settle()
    #expect(table.log == ["delete Banana"])
    #expect(table.tableView.numberOfRows(inSection: 0) == 3)
    screen = host.screen()
    #expect(!screen.contains("Delete"))
    #expect(!screen.contains("Banana"))
  }

  @Test func aTapElsewhereClosesTheActionsWithoutSelecting() {
    let table = SwipeTable(style: .plain)
    let host = HeadlessHost(rootViewController: table)
    let cherry = row(table.tableView, 2)
    host.drag(from: CGPoint(x: cherry.maxX - 20, y: cherry.midY), to: CGPoint(x: cherry.maxX - 170, y: cherry.midY))
    host.settle()
    #expect(host.screen().contains("Archive"))
    let apple = row(table.tableView, 0)
    host.tap(at: CGPoint(x: apple.midX, y: apple.midY))
    #expect(table.log.isEmpty)
    #expect(!host.screen().contains("Archive"))
    #expect(table.tableView.cellForRow(at: IndexPath(row: 2, section: 0))!.bounds.origin.x == 0)
    // Then a tap selects again.
    host.tap(at: CGPoint(x: apple.midX, y: apple.midY))
    #expect(table.log == ["select Apple"])
  }

  @Test func aShortSwipeSnapsBackAndAFullSwipePerformsTheFirstAction() {
    let table = SwipeTable(style: .plain)
    let host = HeadlessHost(rootViewController: table)
    let apple = row(table.tableView, 0)
    host.drag(from: CGPoint(x: apple.maxX - 20, y: apple.midY), to: CGPoint(x: apple.maxX - 50, y: apple.midY))
    host.settle()
    #expect(!host.screen().contains("Delete"))
    #expect(table.tableView.cellForRow(at: IndexPath(row: 0, section: 0))!.bounds.origin.x == 0)
    host.drag(from: CGPoint(x: apple.maxX - 10, y: apple.midY), to: CGPoint(x: apple.minX + 10, y: apple.midY))
    host.settle()
    #expect(table.log == ["delete Apple"])
    #expect(table.fruit == ["Banana", "Cherry", "Damson"])
  }

  @Test func leadingActionsComeWithASwipeToTheRight() {
    let table = SwipeTable(style: .plain)
    let host = HeadlessHost(rootViewController: table)
    let damson = row(table.tableView, 3)
    host.drag(from: CGPoint(x: damson.minX + 20, y: damson.midY), to: CGPoint(x: damson.maxX - 20, y: damson.midY))
    host.settle()
    // No full swipe for Pin: the row stays open instead.
    #expect(table.log.isEmpty)
    let cell = table.tableView.cellForRow(at: IndexPath(row: 3, section: 0))!
    let pin = cell.subviews.compactMap { $0 as? UILabel }.first { $0.text == "Pin" }!
    host.tap(pin)
    #expect(table.log == ["pin Damson"])
    #expect(cell.bounds.origin.x == 0)
  }

  @Test func aListSwipesThroughItsConfigurationsProviders() {
    var log: [String] = []
    var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
    configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
      let flag = UIContextualAction(style: .normal, title: "Flag") { _, _, done in
        log.append("flag \(indexPath.item)")
        done(true)
      }
      return UISwipeActionsConfiguration(actions: [flag])
    }
    let layout = UICollectionViewCompositionalLayout.list(using: configuration)
    let controller = UIViewController()
    let cv = UICollectionView(frame: CGRect(x: 0, y: 100, width: 390, height: 600), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = .never
    controller.view.addSubview(cv)
    let cells = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, text in
      var content = cell.defaultContentConfiguration()
      content.text = text
      cell.contentConfiguration = content
    }
    let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, text in
      cv.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: text)
    }
    let host = HeadlessHost(rootViewController: controller)
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["Inbox", "Sent", "Drafts"])
    source.apply(snapshot, animatingDifferences: false)
    host.settle()
    let sent = cv.cellForItem(at: IndexPath(item: 1, section: 0))!
    let frame = sent.convert(sent.bounds, to: nil)
    host.drag(from: CGPoint(x: frame.maxX - 20, y: frame.midY), to: CGPoint(x: frame.maxX - 120, y: frame.midY))
    host.settle()
    let flag = try! #require(sent.subviews.compactMap { $0 as? UILabel }.first { $0.text == "Flag" })
    host.tap(flag)
    #expect(log == ["flag 1"])
    #expect(sent.bounds.origin.x == 0)
    // A vertical drag scrolls as before (no swipe).
    #expect(cv.indexPathsForSelectedItems == nil)
  }
}
