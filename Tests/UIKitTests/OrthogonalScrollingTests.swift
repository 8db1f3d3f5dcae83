import Foundation
import Testing
import UIKit
import UIKitTesting

/// A screen as App Store-style code writes it: a row of cards that scrolls sideways above a
/// list, fed by a diffable data source.
@MainActor
private final class ShelfScreen: UIViewController, UICollectionViewDelegate {
  var collectionView: UICollectionView!
  var dataSource: UICollectionViewDiffableDataSource<Int, String>!
  var selected: [String] = []
  let behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior

  init(behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) {
    self.behavior = behavior
    super.init(nibName: nil, bundle: nil)
  }
  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func viewDidLoad() {
    super.viewDidLoad()
    let behavior = self.behavior
    let layout = UICollectionViewCompositionalLayout { section, environment in
      if section == 0 {
        let item = NSCollectionLayoutItem(
          layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
          layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(100)),
          subitems: [item])
        let shelf = NSCollectionLayoutSection(group: group)
        shelf.orthogonalScrollingBehavior = behavior
        shelf.interGroupSpacing = 10
        shelf.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 20, trailing: 20)
        return shelf
      }
      return NSCollectionLayoutSection.list(
        using: UICollectionLayoutListConfiguration(appearance: .plain), layoutEnvironment: environment)
    }
    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
    collectionView.contentInsetAdjustmentBehavior = .never
    collectionView.delegate = self
    view.addSubview(collectionView)
    let card = UICollectionView.CellRegistration<LabelCell, String> { cell, _, title in cell.label.text = title }
    let row = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, title in
      var content = cell.defaultContentConfiguration()
      content.text = title
      cell.contentConfiguration = content
    }
    dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { view, indexPath, title in
      indexPath.section == 0
        ? view.dequeueConfiguredReusableCell(using: card, for: indexPath, item: title)
        : view.dequeueConfiguredReusableCell(using: row, for: indexPath, item: title)
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems((0..<10).map { "Card \($0)" }, toSection: 0)
    snapshot.appendItems((0..<40).map { "Row \($0)" }, toSection: 1)
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    selected.append(dataSource.itemIdentifier(for: indexPath) ?? "?")
  }

  /// The cards that have cells, in order.
  var cards: [Int] {
    collectionView.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item)
  }

  /// The sideways offset of the row of cards (its cells' scroll view).
  var shelfOffset: CGFloat {
    collectionView.subviews.compactMap { $0 as? UIScrollView }.first?.contentOffset.x ?? .nan
  }
}

@MainActor @Suite struct OrthogonalScrollingTests {
  private func launch(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .continuous)
    -> (HeadlessHost, ShelfScreen)
  {
    let screen = ShelfScreen(behavior: behavior)
    let host = HeadlessHost(rootViewController: screen, screenSize: CGSize(width: 390, height: 844))
    return (host, screen)
  }

  @Test func aSidewaysSectionLaysItsGroupsInALineAndShowsWhatFits() {
    let (host, screen) = launch()
    let cv = screen.collectionView!
    // 20 + 150 + 10 + 150 + 10 + ...: the third card starts at 340, inside 390.
    #expect(cv.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 340, y: 0, width: 150, height: 100))
    #expect(screen.cards == [0, 1, 2])
    // The cards scroll in a view of their own; the list below starts under the line.
    #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0))?.superview is UIScrollView)
    #expect(cv.cellForItem(at: IndexPath(item: 0, section: 1))?.superview === cv)
    #expect(cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 120)
    #expect(host.screen().contains("Card 0"))
  }

  @Test func aSidewaysDragMovesTheLineAndAnUpwardDragTheList() {
    let (host, screen) = launch()
    let cv = screen.collectionView!
    host.drag(from: CGPoint(x: 300, y: 50), to: CGPoint(x: 50, y: 52), steps: 6, duration: 0.3)
    host.advance(by: 2)
    #expect(screen.shelfOffset > 200)
    #expect(cv.contentOffset.y == 0)
    #expect(screen.cards.contains(4))
    #expect(!screen.cards.contains(0))
    #expect(host.screen().contains("Card 4"))
    // A tap on a card that came into view selects that card.
    let card = cv.cellForItem(at: IndexPath(item: 4, section: 0))!
    host.tap(card)
    #expect(screen.selected == ["Card 4"])
    #expect(cv.indexPathForItem(at: card.convert(CGPoint(x: 75, y: 50), to: cv)) == IndexPath(item: 4, section: 0))
    // An upward drag over the cards scrolls the whole list.
    let offset = screen.shelfOffset
    host.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 202, y: 300), steps: 6, duration: 0.3)
    host.advance(by: 2)
    #expect(cv.contentOffset.y > 200)
    #expect(screen.shelfOffset == offset)
  }

  @Test func aSidewaysWheelTurnOverTheLineMovesOnlyTheLine() {
    let (host, screen) = launch()
    let cv = screen.collectionView!
    #expect(host.scrollWheel(at: CGPoint(x: 200, y: 50), by: CGPoint(x: 300, y: 0)))
    #expect(screen.shelfOffset == 300)
    #expect(cv.contentOffset.y == 0)
    // The line stops at its end: ten cards of 150, 9 gaps of 10, insets of 20.
    #expect(host.scrollWheel(at: CGPoint(x: 200, y: 50), by: CGPoint(x: 5_000, y: 0)))
    #expect(abs(screen.shelfOffset - (20 + 1_500 + 90 + 20 - 390)) < 0.001, "\(screen.shelfOffset - 1240)")
    // An upward turn there scrolls the list, and the line keeps its offset.
    #expect(host.scrollWheel(at: CGPoint(x: 200, y: 50), by: CGPoint(x: 0, y: 100)))
    #expect(cv.contentOffset.y == 100)
    #expect(abs(screen.shelfOffset - (20 + 1_500 + 90 + 20 - 390)) < 0.001, "\(screen.shelfOffset - 1240)")
  }

  @Test func scrollingToAnItemMovesItsLine() {
    let (host, screen) = launch()
    screen.collectionView.scrollToItem(at: IndexPath(item: 8, section: 0), at: .centeredHorizontally, animated: false)
    host.settle()
    // Card 8 starts at 20 + 8 × 160 = 1,300; centred in 390 points.
    #expect(abs(screen.shelfOffset - (1_300 + 75 - 195)) < 0.001, "\(screen.shelfOffset)")
    #expect(screen.cards.contains(8))
  }

  @Test func groupPagingComesToRestOnTheNextGroup() {
    let (host, screen) = launch(.groupPaging)
    host.drag(from: CGPoint(x: 300, y: 50), to: CGPoint(x: 200, y: 50), steps: 4, duration: 0.1)
    host.advance(by: 2)
    // One group on, however fast: its leading edge where the first group's was.
    #expect(screen.shelfOffset == 160)
    host.drag(from: CGPoint(x: 300, y: 50), to: CGPoint(x: 250, y: 50), steps: 4, duration: 0.1)
    host.advance(by: 2)
    #expect(screen.shelfOffset == 320)
  }

  @Test func aVisibleItemsHandlerScalesTheCardsByTheirDistanceFromTheMiddle() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    var calls: [(items: [Int], offset: CGPoint, width: CGFloat)] = []
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(200), heightDimension: .absolute(200)), subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.orthogonalScrollingBehavior = .groupPagingCentered
    section.visibleItemsInvalidationHandler = { items, offset, environment in
      calls.append((items.map(\.indexPath.item), offset, environment.container.contentSize.width))
      let middle = offset.x + environment.container.contentSize.width / 2
      for item in items {
        let distance = abs(item.center.x - middle)
        let scale = max(0.8, 1 - distance / 1_000)
        item.transform = CGAffineTransform(scaleX: scale, y: scale)
        item.alpha = distance < 100 ? 1 : 0.5
      }
    }
    let cv = UICollectionView(frame: controller.view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout(section: section))
    cv.contentInsetAdjustmentBehavior = .never
    controller.view.addSubview(cv)
    let card = UICollectionView.CellRegistration<LabelCell, Int> { cell, _, number in cell.label.text = "Card \(number)" }
    let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: cv) { view, indexPath, number in
      view.dequeueConfiguredReusableCell(using: card, for: indexPath, item: number)
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<8))
    dataSource.apply(snapshot, animatingDifferences: false)
    host.settle()
    #expect(calls.last?.items == [0, 1])
    #expect(calls.last?.offset == .zero)
    #expect(calls.last?.width == 390)
    let first = cv.cellForItem(at: IndexPath(item: 0, section: 0))!
    // Card 0's centre is 100 from the left, 95 from the middle: nearly full size, opaque.
    #expect(abs(first.transform.a - 0.905) < 0.001)
    #expect(first.alpha == 1)
    #expect(cv.cellForItem(at: IndexPath(item: 1, section: 0))!.alpha == 0.5)
    // Scrolled sideways, the handler hears the line's own offset and the cards it now shows.
    #expect(host.scrollWheel(at: CGPoint(x: 200, y: 100), by: CGPoint(x: 300, y: 0)))
    host.settle()
    #expect(calls.last?.offset == CGPoint(x: 300, y: 0))
    #expect(calls.last?.items == [1, 2, 3])
    let second = cv.cellForItem(at: IndexPath(item: 2, section: 0))!
    // Card 2's centre (500) is 5 from the middle (495).
    #expect(abs(second.transform.a - 0.995) < 0.001)
    #expect(second.alpha == 1)
    #expect(host.screen().contains("Card 2"))
  }

  @Test func pagingComesToRestOnAPage() {
    let (host, screen) = launch(.paging)
    host.drag(from: CGPoint(x: 300, y: 50), to: CGPoint(x: 150, y: 50), steps: 4, duration: 0.1)
    host.advance(by: 2)
    #expect(screen.shelfOffset == 390)
  }
}
