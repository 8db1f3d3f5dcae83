// A collection view screen as an iOS project writes it today (Swift 5 mode, XCTest): an enum of
// sections, a `Hashable` model, a compositional list, cell registrations, a diffable data source,
// the delegate's selection, and a keyboard observer with `queue: .main` while a field in a cell
// edits.
@_exported import UIKitXCTest
import UIKit
import UIKitTesting
import XCTest

private struct Friend: Hashable {
  let id = UUID()
  var name: String
}

private final class FriendsViewController: UIViewController, UICollectionViewDelegate {
  enum Section { case favourites, all }

  var collectionView: UICollectionView!
  var dataSource: UICollectionViewDiffableDataSource<Section, Friend>!
  var selected: [String] = []
  let search = UITextField()

  override func viewDidLoad() {
    super.viewDidLoad()
    var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    collectionView = UICollectionView(
      frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    collectionView.delegate = self
    view.addSubview(collectionView)

    let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Friend> { cell, _, contact in
      var content = cell.defaultContentConfiguration()
      content.text = contact.name
      cell.contentConfiguration = content
      cell.accessories = [.disclosureIndicator()]
    }
    let headerRegistration = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
      elementKind: UICollectionView.elementKindSectionHeader
    ) { [weak self] header, _, indexPath in
      var content = header.defaultContentConfiguration()
      content.text = self?.dataSource.sectionIdentifier(for: indexPath.section) == .favourites ? "Favourites" : "All"
      header.contentConfiguration = content
    }
    dataSource = UICollectionViewDiffableDataSource<Section, Friend>(collectionView: collectionView) {
      collectionView, indexPath, contact in
      collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: contact)
    }
    dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
      collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
    }
    search.placeholder = "Search"
    search.frame = CGRect(x: 16, y: 60, width: 200, height: 34)
  }

  func show(_ favourites: [Friend], _ all: [Friend], animated: Bool = false) {
    var snapshot = NSDiffableDataSourceSnapshot<Section, Friend>()
    snapshot.appendSections([.favourites, .all])
    snapshot.appendItems(favourites, toSection: .favourites)
    snapshot.appendItems(all, toSection: .all)
    dataSource.apply(snapshot, animatingDifferences: animated)
  }

  func collectionView(
    _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint
  ) -> UIContextMenuConfiguration? {
    guard let indexPath = indexPaths.first, let contact = dataSource.itemIdentifier(for: indexPath) else { return nil }
    return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { suggested in
      UIMenu(children: suggested + [
        UIAction(title: "Remove \(contact.name)", image: UIImage(systemName: "trash"), attributes: .destructive) {
          [weak self] _ in
          guard let self else { return }
          var snapshot = dataSource.snapshot()
          snapshot.deleteItems([contact])
          dataSource.apply(snapshot)
        }
      ])
    }
  }

  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    guard let contact = dataSource.itemIdentifier(for: indexPath) else { return }
    selected.append(contact.name)
    collectionView.deselectItem(at: indexPath, animated: true)
  }
}

@MainActor
final class CollectionViewClientXCTests: XCTestCase {
  private var heights: [CGFloat] = []

  private func launch() -> (HeadlessHost, FriendsViewController) {
    let controller = FriendsViewController()
    let host = HeadlessHost(rootViewController: controller)
    return (host, controller)
  }

  func testTheListShowsTheSnapshotAndTapsSelect() {
    let (host, controller) = launch()
    let ada = Friend(name: "Ada Lovelace")
    let grace = Friend(name: "Grace Hopper")
    controller.show([ada], [ada, grace].map { Friend(name: $0.name + " (all)") } )
    host.settle()
    XCTAssertEqual(controller.collectionView.numberOfSections, 2)
    XCTAssertEqual(controller.collectionView.numberOfItems(inSection: 1), 2)
    let screen = host.screen()
    XCTAssertTrue(screen.contains("Favourites"), screen)
    XCTAssertTrue(screen.contains("Grace Hopper (all)"), screen)
    let cell = try! XCTUnwrap(controller.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
    host.tap(cell)
    XCTAssertEqual(controller.selected, ["Ada Lovelace"])
    XCTAssertNil(controller.collectionView.indexPathsForSelectedItems)
  }

  func testAnUpdateKeepsTheCellsOfTheItemsThatStay() {
    let (host, controller) = launch()
    let people = ["Ada", "Grace", "Alan"].map { Friend(name: $0) }
    controller.show([], people)
    host.settle()
    let alanCell = controller.collectionView.cellForItem(at: IndexPath(item: 2, section: 1))
    var snapshot = controller.dataSource.snapshot()
    snapshot.moveItem(people[2], beforeItem: people[0])
    snapshot.deleteItems([people[1]])
    let expectation = expectation(description: "applied")
    controller.dataSource.apply(snapshot, animatingDifferences: true) { expectation.fulfill() }
    host.advance(by: 0.3)
    wait(for: [expectation], timeout: 1)
    XCTAssertTrue(controller.collectionView.cellForItem(at: IndexPath(item: 0, section: 1)) === alanCell)
    XCTAssertEqual(controller.dataSource.snapshot().itemIdentifiers.map(\.name), ["Alan", "Ada"])
  }

  func testALongPressShowsTheContextMenuAndItsActionRuns() {
    let (host, controller) = launch()
    let people = ["Ada", "Grace"].map { Friend(name: $0) }
    controller.show([], people)
    host.settle()
    let grace = try! XCTUnwrap(controller.collectionView.cellForItem(at: IndexPath(item: 1, section: 1)))
    host.longPress(grace)
    XCTAssertEqual(host.menuItems, ["Remove Grace"])
    XCTAssertTrue(host.screen().contains("Remove Grace"), host.screen())
    XCTAssertEqual(controller.selected, [])
    XCTAssertTrue(host.chooseMenuItem("Remove Grace"))
    host.advance(by: 0.3)
    XCTAssertEqual(controller.dataSource.snapshot().itemIdentifiers.map(\.name), ["Ada"])
    XCTAssertFalse(host.isMenuVisible)
  }

  func testKeyboardObserversHearAFieldInACell() {
    let (host, controller) = launch()
    controller.show([], [Friend(name: "Ada")])
    host.settle()
    let cell = try! XCTUnwrap(controller.collectionView.cellForItem(at: IndexPath(item: 0, section: 1)))
    let field = UITextField(frame: CGRect(x: 16, y: 0, width: 200, height: 44))
    cell.contentView.addSubview(field)
    let token = NotificationCenter.default.addObserver(
      forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main
    ) { note in
      let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
      MainActor.assumeIsolated { self.heights.append(frame?.height ?? 0) }
    }
    defer { NotificationCenter.default.removeObserver(token) }
    host.tap(field)
    XCTAssertTrue(field.isFirstResponder)
    XCTAssertEqual(heights.count, 1)
    XCTAssertGreaterThan(heights.first ?? 0, 0)
  }
}
