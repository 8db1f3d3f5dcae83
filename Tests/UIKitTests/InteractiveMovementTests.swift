import Foundation
import Testing
import UIKit
import UIKitTesting

/// A grid of letters whose items move, as iOS 9 code wrote it with a collection view controller.
@MainActor
private final class LettersController: UICollectionViewController {
  var letters = ["A", "B", "C", "D", "E", "F"]
  var log: [String] = []
  var movable: (IndexPath) -> Bool = { _ in true }
  var target: ((IndexPath, IndexPath) -> IndexPath)?

  init() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 100)
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    super.init(collectionViewLayout: layout)
  }
  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(LabelCell.self, forCellWithReuseIdentifier: "letter")
  }
  override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    letters.count
  }
  override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "letter", for: indexPath) as! LabelCell
    cell.label.text = letters[indexPath.item]
    return cell
  }
  override func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    movable(indexPath)
  }
  override func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    log.append("move \(sourceIndexPath.item) to \(destinationIndexPath.item)")
    letters.insert(letters.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
  }
  override func collectionView(
    _ collectionView: UICollectionView,
    targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath {
    target?(originalIndexPath, proposedIndexPath) ?? proposedIndexPath
  }

  /// The letters the cells show, in index path order.
  var shown: [String] {
    (0..<collectionView.numberOfItems(inSection: 0)).map {
      (collectionView.cellForItem(at: IndexPath(item: $0, section: 0)) as? LabelCell)?.label.text ?? "?"
    }
  }

  func centre(of item: Int) -> CGPoint {
    let frame = collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
    return CGPoint(x: frame.midX, y: frame.midY)
  }
}

/// A list cell that counts how often it is measured.
@MainActor
private final class CountingListCell: UICollectionViewListCell {
  static var measured = 0
  override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
    -> UICollectionViewLayoutAttributes
  {
    Self.measured += 1
    return super.preferredLayoutAttributesFitting(layoutAttributes)
  }
}

@MainActor @Suite struct InteractiveMovementTests {
  private func launch() -> (HeadlessHost, LettersController) {
    let controller = LettersController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 300, height: 600))
    return (host, controller)
  }

  @Test func theOthersMakeRoomAndTheDataSourceHearsOnceAtTheEnd() {
    let (host, controller) = launch()
    let cv = controller.collectionView!
    #expect(controller.shown == ["A", "B", "C", "D", "E", "F"])
    let moving = cv.cellForItem(at: IndexPath(item: 0, section: 0))
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    // A second movement cannot begin while one is under way.
    #expect(!cv.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
    cv.updateInteractiveMovementTargetPosition(controller.centre(of: 4))
    host.settle()
    #expect(controller.shown == ["B", "C", "D", "E", "A", "F"])
    #expect(cv.cellForItem(at: IndexPath(item: 4, section: 0)) === moving)
    // The moving cell's centre is where the touch holds it.
    cv.updateInteractiveMovementTargetPosition(CGPoint(x: 160, y: 170))
    #expect(moving?.center == CGPoint(x: 160, y: 170))
    #expect(controller.log.isEmpty)
    cv.endInteractiveMovement()
    host.settle()
    #expect(controller.log == ["move 0 to 4"])
    #expect(controller.letters == ["B", "C", "D", "E", "A", "F"])
    #expect(controller.shown == ["B", "C", "D", "E", "A", "F"])
    #expect(moving?.frame == cv.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame)
  }

  @Test func aCancelledMovementPutsEverythingBackAndTellsNoOne() {
    let (host, controller) = launch()
    let cv = controller.collectionView!
    cv.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    cv.updateInteractiveMovementTargetPosition(controller.centre(of: 2))
    host.settle()
    #expect(controller.shown == ["B", "C", "A", "D", "E", "F"])
    // The selection moves with its item meanwhile.
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    cv.cancelInteractiveMovement()
    host.settle()
    #expect(controller.shown == ["A", "B", "C", "D", "E", "F"])
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    #expect(controller.log.isEmpty)
  }

  @Test func theDataSourceAndTheDelegateDecide() {
    let (host, controller) = launch()
    let cv = controller.collectionView!
    controller.movable = { $0.item != 0 }
    #expect(!cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    // The delegate keeps items out of the first two places.
    controller.target = { _, proposed in IndexPath(item: max(2, proposed.item), section: 0) }
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 5, section: 0)))
    cv.updateInteractiveMovementTargetPosition(controller.centre(of: 0))
    cv.endInteractiveMovement()
    host.settle()
    #expect(controller.log == ["move 5 to 2"])
    #expect(controller.shown == ["A", "B", "F", "C", "D", "E"])
  }

  @Test func theControllersLongPressMovesAnItem() {
    let (host, controller) = launch()
    let from = controller.collectionView.convert(controller.centre(of: 1), to: nil)
    let to = controller.collectionView.convert(controller.centre(of: 5), to: nil)
    host.touchDown(at: from, hold: 0.6)
    host.moveTouch(to: CGPoint(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2))
    host.moveTouch(to: to)
    #expect(controller.shown == ["A", "C", "D", "E", "F", "B"])
    #expect(controller.collectionView.contentOffset.y == 0)
    host.liftTouch(at: to)
    #expect(controller.log == ["move 1 to 5"])
    #expect(controller.collectionView.indexPathsForSelectedItems == nil)
    // Without the standard gesture a long press selects, as a tap does.
    controller.installsStandardGestureForInteractiveMovement = false
    host.longPress(controller.collectionView.cellForItem(at: IndexPath(item: 0, section: 0))!)
    #expect(controller.collectionView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    #expect(controller.log == ["move 1 to 5"])
  }

  @Test func measuredHeightsMoveWithTheirItemsWhileAnItemMoves() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    let cv = UICollectionView(
      frame: controller.view.bounds,
      collectionViewLayout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain)))
    controller.view.addSubview(cv)
    let registration = UICollectionView.CellRegistration<CountingListCell, String> { cell, _, text in
      var content = cell.defaultContentConfiguration()
      content.text = text
      cell.contentConfiguration = content
    }
    let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { view, indexPath, text in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: text)
    }
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    // A long text wraps: its row is taller than the others.
    let long = String(repeating: "a long line that wraps ", count: 8)
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems([long, "One", "Two", "Three"])
    dataSource.apply(snapshot, animatingDifferences: false)
    host.settle()
    let tall = cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame.height
    let short = cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!.frame.height
    #expect(tall > short)
    CountingListCell.measured = 0
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    let two = cv.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))!.frame
    cv.updateInteractiveMovementTargetPosition(CGPoint(x: two.midX, y: two.midY))
    // The tall row's height went with it to its new place, and the rows it passed kept theirs:
    // nothing had to be measured again.
    #expect(cv.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))!.frame.height == tall)
    #expect(cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame.height == short)
    #expect(CountingListCell.measured == 0)
    cv.endInteractiveMovement()
    host.settle()
    #expect(dataSource.snapshot().itemIdentifiers == ["One", "Two", long, "Three"])
    #expect(cv.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))!.frame.height == tall)
  }

  @Test func aListsReorderHandleMovesItsRowThroughTheDiffableDataSource() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    let cv = UICollectionView(
      frame: controller.view.bounds,
      collectionViewLayout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain)))
    controller.view.addSubview(cv)
    let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, name in
      var content = cell.defaultContentConfiguration()
      content.text = name
      cell.contentConfiguration = content
      cell.accessories = [.reorder()]
    }
    let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { view, indexPath, name in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
    }
    var log: [String] = []
    dataSource.reorderingHandlers.canReorderItem = { $0 != "Pinned" }
    dataSource.reorderingHandlers.willReorder = { transaction in
      log.append("will \(transaction.initialSnapshot.itemIdentifiers.joined(separator: ","))")
    }
    dataSource.reorderingHandlers.didReorder = { transaction in
      log.append("did \(transaction.finalSnapshot.itemIdentifiers.joined(separator: ","))")
      for change in transaction.difference {
        if case .insert(let offset, let name, let from) = change { log.append("insert \(name) at \(offset) from \(from ?? -1)") }
      }
      log.append("sections \(transaction.sectionTransactions.map(\.sectionIdentifier))")
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["Pinned", "Milk", "Eggs", "Bread"])
    dataSource.apply(snapshot, animatingDifferences: false)
    cv.isEditing = true
    host.settle()
    #expect(host.screen().contains("≡"))
    // Drag Milk's handle down to Bread's row.
    let milk = cv.cellForItem(at: IndexPath(item: 1, section: 0))!
    let handle = milk.subviews.first { ($0 as? UILabel)?.text == "≡" }!
    let start = handle.convert(CGPoint(x: handle.bounds.midX, y: handle.bounds.midY), to: nil)
    let bread = cv.cellForItem(at: IndexPath(item: 3, section: 0))!
    let end = CGPoint(x: start.x, y: bread.convert(CGPoint(x: 0, y: bread.bounds.midY), to: nil).y)
    host.drag(from: start, to: end, steps: 6)
    #expect(dataSource.snapshot().itemIdentifiers == ["Pinned", "Eggs", "Bread", "Milk"])
    #expect(log == ["will Pinned,Milk,Eggs,Bread", "did Pinned,Eggs,Bread,Milk", "insert Milk at 3 from 1", "sections [0]"])
    // The pinned row's handle does not move it.
    let pinned = cv.cellForItem(at: IndexPath(item: 0, section: 0))!
    let pinnedHandle = pinned.subviews.first { ($0 as? UILabel)?.text == "≡" }!
    let pinnedStart = pinnedHandle.convert(CGPoint(x: pinnedHandle.bounds.midX, y: pinnedHandle.bounds.midY), to: nil)
    host.drag(from: pinnedStart, to: end, steps: 6)
    #expect(dataSource.snapshot().itemIdentifiers == ["Pinned", "Eggs", "Bread", "Milk"])
  }
}
