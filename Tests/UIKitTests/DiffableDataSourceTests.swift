import Foundation
import Testing
import UIKit
import UIKitTesting

/// A cell that shows its item's name.
@MainActor
private final class NameCell: UICollectionViewCell {
  let label = UILabel()
  var configurations = 0

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.addSubview(label)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func layoutSubviews() {
    super.layoutSubviews()
    label.frame = contentView.bounds
  }
}

/// A screen as current Xcode projects write it: a collection view with a diffable data source
/// and a cell registration.
@MainActor
private final class DiffableScreen: UIViewController {
  enum Section: Hashable, Sendable { case main, other, third }

  var collectionView: UICollectionView!
  var dataSource: UICollectionViewDiffableDataSource<Section, String>!
  var provided: [String] = []
  var names: [String: String] = [:]

  override func viewDidLoad() {
    super.viewDidLoad()
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 390, height: 40)
    layout.minimumLineSpacing = 0
    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
    view.addSubview(collectionView)
    let registration = UICollectionView.CellRegistration<NameCell, String> { [unowned self] cell, _, item in
      cell.configurations += 1
      cell.label.text = names[item] ?? item
    }
    dataSource = UICollectionViewDiffableDataSource<Section, String>(collectionView: collectionView) {
      [unowned self] collectionView, indexPath, item in
      provided.append(item)
      return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
  }

  /// What the visible cells show, section by section.
  var shown: [[String]] {
    (0..<collectionView.numberOfSections).map { section in
      (0..<collectionView.numberOfItems(inSection: section)).compactMap {
        (collectionView.cellForItem(at: IndexPath(item: $0, section: section)) as? NameCell)?.label.text
      }
    }
  }
}

/// A small deterministic generator (SplitMix64) so that the fuzz cases are the same each run.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@MainActor @Suite struct DiffableDataSourceTests {
  // MARK: Snapshots

  @Test func snapshotsKeepSectionsAndItemsInOrder() {
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    #expect(snapshot.numberOfSections == 0)
    snapshot.appendSections([1, 2])
    snapshot.appendItems(["a", "b"], toSection: 1)
    snapshot.appendItems(["c"])
    snapshot.insertItems(["x"], beforeItem: "b")
    snapshot.insertItems(["y"], afterItem: "c")
    #expect(snapshot.itemIdentifiers == ["a", "x", "b", "c", "y"])
    #expect(snapshot.itemIdentifiers(inSection: 2) == ["c", "y"])
    #expect(snapshot.numberOfItems == 5)
    #expect(snapshot.numberOfItems(inSection: 1) == 3)
    #expect(snapshot.indexOfItem("c") == 3)
    #expect(snapshot.indexOfItem("zzz") == nil)
    #expect(snapshot.sectionIdentifier(containingItem: "y") == 2)
    snapshot.moveItem("a", afterItem: "y")
    #expect(snapshot.itemIdentifiers(inSection: 1) == ["x", "b"])
    #expect(snapshot.itemIdentifiers(inSection: 2) == ["c", "y", "a"])
    #expect(snapshot.sectionIdentifier(containingItem: "a") == 2)
    snapshot.insertSections([0], beforeSection: 1)
    snapshot.moveSection(2, beforeSection: 0)
    #expect(snapshot.sectionIdentifiers == [2, 0, 1])
    #expect(snapshot.indexOfSection(1) == 2)
    snapshot.reloadItems(["b"])
    snapshot.reconfigureItems(["c"])
    snapshot.reloadSections([0])
    #expect(snapshot.reloadedItemIdentifiers == ["b"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["c"])
    #expect(snapshot.reloadedSectionIdentifiers == [0])
    snapshot.deleteItems(["b", "nothing"])
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    snapshot.deleteSections([2])
    #expect(snapshot.itemIdentifiers == ["x"])
    #expect(snapshot.numberOfItems == 1)
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0)
  }

  // MARK: Applying

  @Test func applyingShowsTheItemsAndLooksThemUp() {
    let screen = DiffableScreen()
    let host = HeadlessHost(rootViewController: screen)
    var snapshot = NSDiffableDataSourceSnapshot<DiffableScreen.Section, String>()
    snapshot.appendSections([.main, .other])
    snapshot.appendItems(["Apple", "Banana"], toSection: .main)
    snapshot.appendItems(["Cherry"], toSection: .other)
    screen.dataSource.apply(snapshot, animatingDifferences: false)
    host.settle()
    #expect(screen.shown == [["Apple", "Banana"], ["Cherry"]])
    #expect(screen.dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)) == "Cherry")
    #expect(screen.dataSource.itemIdentifier(for: IndexPath(item: 5, section: 1)) == nil)
    #expect(screen.dataSource.indexPath(for: "Banana") == IndexPath(item: 1, section: 0))
    #expect(screen.dataSource.sectionIdentifier(for: 1) == .other)
    #expect(screen.dataSource.index(for: .other) == 1)
    #expect(screen.dataSource.snapshot().itemIdentifiers == ["Apple", "Banana", "Cherry"])
    #expect(host.screen().contains("Banana"))
  }

  @Test func applyingUsingReloadDataMakesEveryCellAgain() {
    let screen = DiffableScreen()
    let host = HeadlessHost(rootViewController: screen)
    var snapshot = NSDiffableDataSourceSnapshot<DiffableScreen.Section, String>()
    snapshot.appendSections([.main])
    snapshot.appendItems(["Apple", "Banana"])
    screen.dataSource.apply(snapshot, animatingDifferences: false)
    host.settle()
    let banana = screen.collectionView.cellForItem(at: IndexPath(item: 1, section: 0))
    screen.provided.removeAll()
    snapshot.appendItems(["Cherry"])
    var completed = false
    screen.dataSource.applySnapshotUsingReloadData(snapshot) { completed = true }
    #expect(completed)
    // No differences worked out: the provider is asked for every item, and the kept item's
    // cell comes from the reuse queue, not from its item.
    #expect(screen.provided == ["Apple", "Banana", "Cherry"])
    #expect(screen.shown == [["Apple", "Banana", "Cherry"]])
    #expect(screen.dataSource.snapshot().itemIdentifiers == ["Apple", "Banana", "Cherry"])
    _ = banana
  }

  @Test func theGrayscaleTransformerKeepsLuminanceAndAlpha() {
    let transform = UIConfigurationColorTransformer.grayscale
    var white: CGFloat = -1
    var alpha: CGFloat = -1
    #expect(transform(UIColor(red: 1, green: 0, blue: 0, alpha: 0.5)).getWhite(&white, alpha: &alpha))
    #expect(abs(white - 0.299) < 0.001 && abs(alpha - 0.5) < 0.001)
    #expect(transform(UIColor(red: 0, green: 1, blue: 0, alpha: 1)).getWhite(&white, alpha: &alpha))
    #expect(abs(white - 0.587) < 0.001 && alpha == 1)
    #expect(transform(.white).getWhite(&white, alpha: &alpha))
    #expect(abs(white - 1) < 0.001)
  }

  @Test func aNewSnapshotMovesCellsWithTheirItemsAndMakesOnlyNewOnes() {
    let screen = DiffableScreen()
    let host = HeadlessHost(rootViewController: screen)
    var snapshot = NSDiffableDataSourceSnapshot<DiffableScreen.Section, String>()
    snapshot.appendSections([.main])
    snapshot.appendItems(["A", "B", "C", "D"])
    screen.dataSource.apply(snapshot, animatingDifferences: false)
    host.settle()
    let cellC = screen.collectionView.cellForItem(at: IndexPath(item: 2, section: 0))
    screen.collectionView.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
    screen.provided.removeAll()

    var next = screen.dataSource.snapshot()
    next.deleteItems(["A"])
    next.moveItem("D", beforeItem: "B")
    next.appendItems(["E"])
    var completed = false
    screen.dataSource.apply(next, animatingDifferences: true) { completed = true }
    #expect(screen.shown == [["D", "B", "C", "E"]])
    #expect(screen.provided == ["E"])
    #expect(screen.collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) === cellC)
    #expect(screen.collectionView.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    // The completion runs when the animation would have ended, on UIKit's clock.
    #expect(!completed)
    host.advance(by: 0.3)
    #expect(completed)
  }

  @Test func reconfiguringKeepsTheCellAndReloadingAsksTheProviderAgain() {
    let screen = DiffableScreen()
    let host = HeadlessHost(rootViewController: screen)
    var snapshot = NSDiffableDataSourceSnapshot<DiffableScreen.Section, String>()
    snapshot.appendSections([.main])
    snapshot.appendItems(["a", "b"])
    screen.dataSource.apply(snapshot, animatingDifferences: false)
    host.settle()
    let cell = screen.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as! NameCell
    let configurations = cell.configurations
    screen.names["a"] = "Renamed"
    var next = screen.dataSource.snapshot()
    #expect(next.reconfiguredItemIdentifiers.isEmpty)
    next.reconfigureItems(["a"])
    screen.provided.removeAll()
    screen.dataSource.apply(next, animatingDifferences: false)
    #expect(screen.provided == ["a"])
    #expect(screen.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) === cell)
    #expect(cell.configurations == configurations + 1)
    #expect(cell.label.text == "Renamed")
    // The data source keeps the state, not the marks.
    #expect(screen.dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty)

    screen.names["b"] = "Reloaded"
    var reload = screen.dataSource.snapshot()
    reload.reloadItems(["b"])
    screen.provided.removeAll()
    screen.dataSource.apply(reload, animatingDifferences: false)
    #expect(screen.provided == ["b"])
    #expect(screen.shown == [["Renamed", "Reloaded"]])
  }

  @Test func applyInAsyncCodeReturnsOnceTheUpdateIsDone() async {
    let screen = DiffableScreen()
    let host = HeadlessHost(rootViewController: screen)
    var snapshot = NSDiffableDataSourceSnapshot<DiffableScreen.Section, String>()
    snapshot.appendSections([.main])
    snapshot.appendItems(["one"])
    await screen.dataSource.apply(snapshot, animatingDifferences: false)
    host.settle()
    snapshot.appendItems(["two"])
    await screen.dataSource.apply(snapshot, animatingDifferences: false)
    #expect(screen.shown == [["one", "two"]])
  }

  /// Random snapshots one after another (items coming, going and moving within and across
  /// sections, sections coming, going and moving): after each apply the collection view
  /// shows exactly the new snapshot, and every item that stayed on screen kept its cell. An
  /// inconsistent update would stop in the collection view's own checks.
  @Test(arguments: Array(1...16) as [UInt64])
  func randomSnapshotsApplyAsUpdates(seed: UInt64) {
    let screen = DiffableScreen()
    let host = HeadlessHost(rootViewController: screen)
    var random = SeededGenerator(state: seed)
    let sections: [DiffableScreen.Section] = [.main, .other, .third]
    var nextName = 0
    var current = NSDiffableDataSourceSnapshot<DiffableScreen.Section, String>()
    screen.dataSource.apply(current, animatingDifferences: false)
    host.settle()
    for _ in 0..<40 {
      var next = current
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        switch Int.random(in: 0..<9, using: &random) {
        case 0:
          if let missing = sections.first(where: { next.indexOfSection($0) == nil }) {
            if let anchor = next.sectionIdentifiers.randomElement(using: &random), Bool.random(using: &random) {
              next.insertSections([missing], beforeSection: anchor)
            } else {
              next.appendSections([missing])
            }
          }
        case 1:
          if next.numberOfSections > 1, let section = next.sectionIdentifiers.randomElement(using: &random) {
            next.deleteSections([section])
          }
        case 2:
          if next.numberOfSections > 1 {
            let ids = next.sectionIdentifiers.shuffled(using: &random)
            next.moveSection(ids[0], afterSection: ids[1])
          }
        case 3, 4:
          if let section = next.sectionIdentifiers.randomElement(using: &random) {
            let names = (0..<Int.random(in: 1...4, using: &random)).map { _ in
              nextName += 1
              return "item\(nextName)"
            }
            next.appendItems(names, toSection: section)
          }
        case 5:
          if let item = next.itemIdentifiers.randomElement(using: &random) { next.deleteItems([item]) }
        case 6, 7:
          let items = next.itemIdentifiers.shuffled(using: &random)
          if items.count > 1 {
            if Bool.random(using: &random) {
              next.moveItem(items[0], beforeItem: items[1])
            } else {
              next.moveItem(items[0], afterItem: items[1])
            }
          }
        default:
          if let item = next.itemIdentifiers.randomElement(using: &random) {
            if Bool.random(using: &random) { next.reloadItems([item]) } else { next.reconfigureItems([item]) }
          }
        }
      }
      // Remember which cell shows each item now.
      var cells: [String: UICollectionViewCell] = [:]
      for cell in screen.collectionView.visibleCells {
        if let indexPath = screen.collectionView.indexPath(for: cell),
          let item = screen.dataSource.itemIdentifier(for: indexPath)
        {
          cells[item] = cell
        }
      }
      screen.dataSource.apply(next, animatingDifferences: Bool.random(using: &random))
      host.settle()
      let previous = current
      current = next
      let cv = screen.collectionView!
      #expect(cv.numberOfSections == next.numberOfSections)
      for (index, section) in next.sectionIdentifiers.enumerated() {
        #expect(cv.numberOfItems(inSection: index) == next.numberOfItems(inSection: section))
      }
      for cell in cv.visibleCells {
        guard let indexPath = cv.indexPath(for: cell) else {
          Issue.record("a visible cell has no index path")
          continue
        }
        let item = next.itemIdentifiers(inSection: next.sectionIdentifiers[indexPath.section])[indexPath.item]
        #expect((cell as! NameCell).label.text == item)
        // An item whose section went or came is deleted and inserted (a batch update cannot
        // move it out of a deleted section or into an inserted one): it gets a new cell.
        let oldSection = previous.sectionIdentifier(containingItem: item)
        let newSection = next.sectionIdentifier(containingItem: item)
        let sectionsStayed =
          oldSection.map { next.indexOfSection($0) != nil } ?? false
          && newSection.map { previous.indexOfSection($0) != nil } ?? false
        if let before = cells[item], !next.reloadedItemIdentifiers.contains(item), sectionsStayed {
          #expect(before === cell, "the cell of \(item) changed")
        }
      }
    }
  }

  // MARK: Table views

  @Test func aTableViewDiffableDataSourceUpdatesRowsAndSubclassesGiveTitles() {
    final class TitledSource: UITableViewDiffableDataSource<String, Int> {
      override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sectionIdentifier(for: section)
      }
    }
    final class Screen: UIViewController {
      let tableView = UITableView(frame: .zero, style: .plain)
      var dataSource: TitledSource!
      var provided: [Int] = []
      override func viewDidLoad() {
        super.viewDidLoad()
        tableView.frame = view.bounds
        tableView.rowHeight = 44
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        view.addSubview(tableView)
        dataSource = TitledSource(tableView: tableView) { [unowned self] tableView, indexPath, number in
          provided.append(number)
          let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
          var content = cell.defaultContentConfiguration()
          content.text = "Number \(number)"
          cell.contentConfiguration = content
          return cell
        }
      }
    }
    let screen = Screen()
    let host = HeadlessHost(rootViewController: screen)
    var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["Odd", "Even"])
    snapshot.appendItems([1, 3, 5], toSection: "Odd")
    snapshot.appendItems([2, 4], toSection: "Even")
    screen.dataSource.apply(snapshot, animatingDifferences: false)
    host.settle()
    #expect(screen.tableView.numberOfRows(inSection: 0) == 3)
    #expect(host.screen().contains("Number 5"))
    #expect(host.screen().contains("Even"))
    let cell3 = screen.tableView.cellForRow(at: IndexPath(row: 1, section: 0))
    screen.provided.removeAll()
    // 4 moves into the odd section's top, 1 goes, 6 comes.
    snapshot.moveItem(4, beforeItem: 1)
    snapshot.deleteItems([1])
    snapshot.appendItems([6], toSection: "Even")
    screen.dataSource.apply(snapshot)
    host.settle()
    #expect(screen.provided == [6])
    #expect(screen.tableView.cellForRow(at: IndexPath(row: 1, section: 0)) === cell3)
    #expect(screen.dataSource.itemIdentifier(for: IndexPath(row: 0, section: 0)) == 4)
    #expect(screen.dataSource.indexPath(for: 6) == IndexPath(row: 1, section: 1))
    #expect(!screen.dataSource.tableView(screen.tableView, canEditRowAt: IndexPath(row: 0, section: 0)))
    // Sections move with their rows.
    snapshot.moveSection("Even", beforeSection: "Odd")
    screen.dataSource.apply(snapshot, animatingDifferences: false)
    #expect(screen.tableView.cellForRow(at: IndexPath(row: 1, section: 1)) === cell3)
    #expect(screen.dataSource.tableView(screen.tableView, titleForHeaderInSection: 0) == "Even")
  }

  // MARK: Changes

  @Test func changesBetweenSnapshotsAreThoseABatchUpdateTakes() {
    var old = NSDiffableDataSourceSnapshot<String, String>()
    old.appendSections(["s1", "s2", "s3"])
    old.appendItems(["a", "b", "c"], toSection: "s1")
    old.appendItems(["d"], toSection: "s2")
    old.appendItems(["e"], toSection: "s3")
    var new = old
    new.deleteSections(["s2"])
    new.moveItem("a", afterItem: "c")
    new.moveItem("e", beforeItem: "b")
    new.appendSections(["s4"])
    new.appendItems(["f"], toSection: "s4")
    let changes = _TestChanges(old, new)
    #expect(changes.deletedSections == [1])
    #expect(changes.insertedSections == [2])
    #expect(changes.deletedItems.isEmpty)
    #expect(changes.insertedItems.isEmpty)
    // e crossed sections; within s1, a moved after c (b and c kept their order).
    #expect(changes.moves.contains("[2, 0]>[0, 0]"))
    #expect(changes.moves.contains("[0, 0]>[0, 3]"))
    #expect(changes.moves.count == 2)
  }
}

/// Reads the changes between two snapshots through a collection view that records its batch.
@MainActor
private struct _TestChanges {
  var deletedSections: [Int] = []
  var insertedSections: [Int] = []
  var deletedItems: [IndexPath] = []
  var insertedItems: [IndexPath] = []
  var moves: [String] = []

  init(_ old: NSDiffableDataSourceSnapshot<String, String>, _ new: NSDiffableDataSourceSnapshot<String, String>) {
    final class RecordingView: UICollectionView {
      var record = _TestChanges.Record()
      override func deleteSections(_ sections: IndexSet) {
        record.deletedSections += Array(sections)
        super.deleteSections(sections)
      }
      override func insertSections(_ sections: IndexSet) {
        record.insertedSections += Array(sections)
        super.insertSections(sections)
      }
      override func deleteItems(at indexPaths: [IndexPath]) {
        record.deletedItems += indexPaths
        super.deleteItems(at: indexPaths)
      }
      override func insertItems(at indexPaths: [IndexPath]) {
        record.insertedItems += indexPaths
        super.insertItems(at: indexPaths)
      }
      override func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record.moves.append("\(Array(indexPath))>\(Array(newIndexPath))")
        super.moveItem(at: indexPath, to: newIndexPath)
      }
    }
    let layout = UICollectionViewFlowLayout()
    let view = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let dataSource = UICollectionViewDiffableDataSource<String, String>(collectionView: view) { view, indexPath, _ in
      view.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    dataSource.apply(old, animatingDifferences: false)
    view.layoutIfNeeded()
    dataSource.apply(new, animatingDifferences: false)
    deletedSections = view.record.deletedSections
    insertedSections = view.record.insertedSections
    deletedItems = view.record.deletedItems
    insertedItems = view.record.insertedItems
    moves = view.record.moves
  }

  struct Record {
    var deletedSections: [Int] = []
    var insertedSections: [Int] = []
    var deletedItems: [IndexPath] = []
    var insertedItems: [IndexPath] = []
    var moves: [String] = []
  }
}
