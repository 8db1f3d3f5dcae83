import Foundation
import Testing
import UIKit
import UIKitTesting

/// A list of names whose items have context menus, as an iOS 16 app writes one.
@MainActor
private final class MenuScreen: UIViewController, UICollectionViewDelegate {
  var collectionView: UICollectionView!
  var dataSource: UICollectionViewDiffableDataSource<Int, String>!
  var log: [String] = []
  var names = ["Ada", "Grace", "Linus", "Margaret"]
  /// Whether the delegate gives a menu (nil: no configuration; false: one without a menu).
  var givesMenu: Bool? = true

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView = UICollectionView(
      frame: view.bounds,
      collectionViewLayout: UICollectionViewCompositionalLayout.list(
        using: UICollectionLayoutListConfiguration(appearance: .plain)))
    collectionView.delegate = self
    view.addSubview(collectionView)
    let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, name in
      var content = cell.defaultContentConfiguration()
      content.text = name
      cell.contentConfiguration = content
    }
    dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { view, indexPath, name in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(names)
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
  ) -> UIContextMenuConfiguration? {
    log.append("configuration \(indexPaths.map { "\($0.item)" }.joined(separator: ","))")
    guard let givesMenu, let first = indexPaths.first else { return nil }
    let name = names[first.item]
    return UIContextMenuConfiguration(identifier: name as NSString, previewProvider: nil) { [unowned self] _ in
      guard givesMenu else { return nil }
      return UIMenu(children: [
        UIAction(title: "Share \(name)") { [unowned self] _ in log.append("share \(name)") },
        UIAction(title: "Delete", attributes: .destructive) { [unowned self] _ in
          log.append("delete \(name)")
          var snapshot = dataSource.snapshot()
          snapshot.deleteItems([name])
          dataSource.apply(snapshot, animatingDifferences: false)
        },
      ])
    }
  }

  func collectionView(
    _ collectionView: UICollectionView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {
    log.append("willDisplay \(configuration.identifier as! NSString)")
    animator?.addCompletion { [unowned self] in log.append("displayed") }
  }

  func collectionView(
    _ collectionView: UICollectionView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {
    log.append("willEnd \(configuration.identifier as! NSString)")
  }

  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    log.append("didSelect \(indexPath.item)")
  }

  func cell(_ item: Int) -> UICollectionViewCell { collectionView.cellForItem(at: IndexPath(item: item, section: 0))! }
}

@MainActor @Suite struct CollectionViewContextMenuTests {
  @Test func aLongPressShowsTheItemsMenuAndSelectsNothing() {
    let screen = MenuScreen()
    let host = HeadlessHost(rootViewController: screen, screenSize: CGSize(width: 390, height: 844))
    host.longPress(screen.cell(1))
    #expect(screen.log == ["configuration 1", "willDisplay Grace", "displayed"])
    #expect(host.menuItems == ["Share Grace", "Delete"])
    #expect(screen.collectionView.indexPathsForSelectedItems == nil)
    #expect(!screen.cell(1).isHighlighted)
    screen.log.removeAll()
    // The menu's element runs after the menu has gone, as on iOS.
    #expect(host.chooseMenuItem("Delete"))
    #expect(screen.log == ["willEnd Grace", "delete Grace"])
    #expect(!host.isMenuVisible)
    #expect(screen.dataSource.snapshot().itemIdentifiers == ["Ada", "Linus", "Margaret"])
  }

  @Test func aShortTapSelectsAndShowsNoMenu() {
    let screen = MenuScreen()
    let host = HeadlessHost(rootViewController: screen, screenSize: CGSize(width: 390, height: 844))
    host.tap(screen.cell(2))
    #expect(screen.log == ["didSelect 2"])
    #expect(!host.isMenuVisible)
    // A touch that leaves its item before the menu is due shows none.
    screen.log.removeAll()
    let start = screen.cell(0).convert(CGPoint(x: 20, y: 10), to: nil)
    host.touchDown(at: start, hold: 0.2)
    host.moveTouch(to: CGPoint(x: start.x, y: start.y + 200))
    host.advance(by: 0.5)
    host.liftTouch(at: CGPoint(x: start.x, y: start.y + 200))
    #expect(screen.log.isEmpty)
    #expect(!host.isMenuVisible)
  }

  @Test func withoutAConfigurationALongPressStillSelects() {
    let screen = MenuScreen()
    screen.givesMenu = nil
    let host = HeadlessHost(rootViewController: screen, screenSize: CGSize(width: 390, height: 844))
    host.longPress(screen.cell(3))
    #expect(screen.log == ["configuration 3", "didSelect 3"])
    // A configuration without a menu begins and ends the interaction at once: nothing shows,
    // nothing is selected.
    screen.givesMenu = false
    screen.log.removeAll()
    host.longPress(screen.cell(0))
    #expect(screen.log == ["configuration 0"])
    #expect(!host.isMenuVisible)
  }

  @Test func aSecondaryClickShowsTheMenuAndATouchElsewhereDismissesIt() {
    let screen = MenuScreen()
    let host = HeadlessHost(rootViewController: screen, screenSize: CGSize(width: 390, height: 844))
    host.rightClick(screen.cell(0))
    #expect(screen.log == ["configuration 0", "willDisplay Ada", "displayed"])
    #expect(host.menuItems == ["Share Ada", "Delete"])
    screen.log.removeAll()
    host.tap(at: CGPoint(x: 200, y: 700))
    #expect(screen.log == ["willEnd Ada"])
    #expect(!host.isMenuVisible)
    // Between items: the delegate is asked with no index paths (and gives no menu).
    screen.log.removeAll()
    host.rightClick(screen.collectionView, at: CGPoint(x: 200, y: 700))
    #expect(screen.log == ["configuration "])
    #expect(!host.isMenuVisible)
  }

  @Test func aMenuOnAMultipleSelectionActsOnAllOfIt() {
    let screen = MenuScreen()
    let host = HeadlessHost(rootViewController: screen, screenSize: CGSize(width: 390, height: 844))
    screen.collectionView.allowsMultipleSelection = true
    host.tap(screen.cell(0))
    host.tap(screen.cell(2))
    screen.log.removeAll()
    host.longPress(screen.cell(2))
    #expect(screen.log.first == "configuration 2,0")
    // An item outside the selection: that item alone.
    host.tap(at: CGPoint(x: 200, y: 700))
    screen.log.removeAll()
    host.longPress(screen.cell(1))
    #expect(screen.log.first == "configuration 1")
  }
}

/// A table view controller with a context menu on each row, as iOS 13 code writes one.
@MainActor
private final class MenuTable: UITableViewController {
  var log: [String] = []
  let rows = ["Inbox", "Drafts", "Sent"]

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
  }
  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    var content = cell.defaultContentConfiguration()
    content.text = rows[indexPath.row]
    cell.contentConfiguration = content
    return cell
  }
  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    log.append("didSelect \(indexPath.row)")
  }
  override func tableView(
    _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
  ) -> UIContextMenuConfiguration? {
    log.append("configuration \(indexPath.row)")
    let name = rows[indexPath.row]
    return UIContextMenuConfiguration(actionProvider: { [unowned self] _ in
      UIMenu(title: name, children: [UIAction(title: "Mark as Read") { [unowned self] _ in log.append("read \(name)") }])
    })
  }
  override func tableView(
    _ tableView: UITableView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {
    log.append("willDisplay")
  }
  override func tableView(
    _ tableView: UITableView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {
    log.append("willEnd")
  }
}

@MainActor @Suite struct TableViewContextMenuTests {
  @Test func aLongPressOnARowShowsItsMenu() {
    let table = MenuTable(style: .plain)
    let host = HeadlessHost(rootViewController: table, screenSize: CGSize(width: 390, height: 844))
    let cell = table.tableView.cellForRow(at: IndexPath(row: 1, section: 0))!
    host.longPress(cell)
    #expect(table.log == ["configuration 1", "willDisplay"])
    #expect(host.menuItems.contains("Mark as Read"))
    #expect(table.tableView.indexPathForSelectedRow == nil)
    #expect(host.chooseMenuItem("Mark as Read"))
    #expect(table.log == ["configuration 1", "willDisplay", "willEnd", "read Drafts"])
    // A tap still selects; a secondary click shows the menu at once.
    table.log.removeAll()
    host.tap(cell)
    #expect(table.log == ["didSelect 1"])
    table.log.removeAll()
    host.rightClick(table.tableView.cellForRow(at: IndexPath(row: 2, section: 0))!)
    #expect(table.log == ["configuration 2", "willDisplay"])
    #expect(host.isMenuVisible)
  }
}
