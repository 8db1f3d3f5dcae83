import Foundation
import Testing
import UIKit
import UIKitTesting

/// A collection view of `width` × `height` (no automatic insets) with plain cells, `counts`
/// items a section, supplementary views of every kind from a registered class.
@MainActor
private final class Grid: NSObject, UICollectionViewDataSource {
  let collectionView: UICollectionView
  var counts: [Int]

  init(_ layout: UICollectionViewLayout, counts: [Int], width: CGFloat = 390, height: CGFloat = 600) {
    collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
    self.counts = counts
    super.init()
    collectionView.contentInsetAdjustmentBehavior = .never
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter, "badge"] {
      collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "view")
    }
    collectionView.dataSource = self
    collectionView.layoutIfNeeded()
  }

  func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
  }
  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "view", for: indexPath)
  }

  func frame(_ item: Int, _ section: Int = 0) -> CGRect? {
    collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
  }
}

@MainActor private func size(_ width: NSCollectionLayoutDimension, _ height: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
  NSCollectionLayoutSize(widthDimension: width, heightDimension: height)
}

@MainActor @Suite struct CompositionalLayoutTests {
  @Test func aGridOfThirds() {
    let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)))
    item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 15, bottom: 10, trailing: 15)
    section.interGroupSpacing = 5
    let grid = Grid(UICollectionViewCompositionalLayout(section: section), counts: [7])
    // 360 points between the insets: thirds of 120, each cell inset by 2.
    #expect(grid.frame(0) == CGRect(x: 17, y: 12, width: 116, height: 96))
    #expect(grid.frame(2) == CGRect(x: 257, y: 12, width: 116, height: 96))
    #expect(grid.frame(3) == CGRect(x: 17, y: 117, width: 116, height: 96))
    // The last group holds one item.
    #expect(grid.frame(6) == CGRect(x: 17, y: 222, width: 116, height: 96))
    #expect(grid.collectionView.contentSize == CGSize(width: 390, height: 10 + 300 + 10 + 10))
    #expect(grid.collectionView.visibleCells.count == 7)
    #expect(grid.collectionView.indexPathForItem(at: CGPoint(x: 140, y: 130)) == IndexPath(item: 4, section: 0))
  }

  @Test func aRepeatingGroupSharesItsWidth() {
    let item = NSCollectionLayoutItem(layoutSize: size(.absolute(10), .fractionalHeight(1)))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)), repeatingSubitem: item, count: 2)
    group.interItemSpacing = .fixed(10)
    let grid = Grid(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [3])
    #expect(grid.frame(0) == CGRect(x: 0, y: 0, width: 190, height: 50))
    #expect(grid.frame(1) == CGRect(x: 200, y: 0, width: 190, height: 50))
    #expect(grid.frame(2) == CGRect(x: 0, y: 50, width: 190, height: 50))
  }

  @Test func nestedGroups() {
    // A large item on the left, two small ones stacked on the right.
    let large = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
    let small = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
    let column = NSCollectionLayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), subitems: [small, small])
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(200)), subitems: [large, column])
    let grid = Grid(
      UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [6], width: 300)
    #expect(grid.frame(0) == CGRect(x: 0, y: 0, width: 200, height: 200))
    #expect(grid.frame(1) == CGRect(x: 200, y: 0, width: 100, height: 100))
    #expect(grid.frame(2) == CGRect(x: 200, y: 100, width: 100, height: 100))
    #expect(grid.frame(3) == CGRect(x: 0, y: 200, width: 200, height: 200))
    #expect(grid.collectionView.contentSize.height == 400)
  }

  @Test func aCustomGroupPlacesItsItemsWhereItsProviderSays() {
    var widths: [CGFloat] = []
    let group = NSCollectionLayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(120))) { environment in
      widths.append(environment.container.contentSize.width)
      return [
        NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 10, y: 10, width: 100, height: 100)),
        NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 200, y: 60, width: 50, height: 50), zIndex: 2),
      ]
    }
    let grid = Grid(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [3])
    #expect(grid.frame(0) == CGRect(x: 10, y: 10, width: 100, height: 100))
    #expect(grid.frame(1) == CGRect(x: 200, y: 60, width: 50, height: 50))
    #expect(grid.collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.zIndex == 2)
    // The group repeats below for the third item.
    #expect(grid.frame(2) == CGRect(x: 10, y: 130, width: 100, height: 100))
    #expect(widths.first == 390)
  }

  @Test func edgeSpacingLiesOutsideTheItem() {
    let item = NSCollectionLayoutItem(layoutSize: size(.absolute(100), .absolute(40)))
    item.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .fixed(10), top: .fixed(5), trailing: .fixed(20), bottom: nil)
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
    let grid = Grid(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [3])
    #expect(grid.frame(0) == CGRect(x: 10, y: 5, width: 100, height: 40))
    // The next item starts after the first's trailing spacing, then its own leading spacing.
    #expect(grid.frame(1) == CGRect(x: 140, y: 5, width: 100, height: 40))
    #expect(grid.frame(2) == CGRect(x: 270, y: 5, width: 100, height: 40))
  }

  @Test func flexibleSpacingSpreadsItems() {
    let item = NSCollectionLayoutItem(layoutSize: size(.absolute(50), .absolute(50)))
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item, item, item])
    group.interItemSpacing = .flexible(10)
    let grid = Grid(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), counts: [3], width: 350)
    #expect(grid.frame(0)?.minX == 0)
    #expect(grid.frame(1)?.minX == 150)
    #expect(grid.frame(2)?.minX == 300)
  }

  @Test func headersFootersBadgesAndBackgrounds() {
    let badge = NSCollectionLayoutSupplementaryItem(
      layoutSize: size(.absolute(20), .absolute(20)), elementKind: "badge",
      containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.5, y: -0.5)))
    let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), supplementaryItems: [badge])
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
    let header = NSCollectionLayoutBoundarySupplementaryItem(
      layoutSize: size(.fractionalWidth(1), .absolute(40)), elementKind: UICollectionView.elementKindSectionHeader,
      alignment: .top)
    let footer = NSCollectionLayoutBoundarySupplementaryItem(
      layoutSize: size(.fractionalWidth(1), .absolute(30)), elementKind: UICollectionView.elementKindSectionFooter,
      alignment: .bottom)
    section.boundarySupplementaryItems = [header, footer]
    section.decorationItems = [.background(elementKind: "background")]
    let layout = UICollectionViewCompositionalLayout(section: section)
    layout.register(UICollectionReusableView.self, forDecorationViewOfKind: "background")
    let grid = Grid(layout, counts: [3, 1])
    let cv = grid.collectionView
    let headerFrame = cv.layoutAttributesForSupplementaryElement(
      ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.frame
    // Headers follow the section's insets.
    #expect(headerFrame == CGRect(x: 20, y: 0, width: 350, height: 40))
    #expect(grid.frame(0) == CGRect(x: 20, y: 40, width: 175, height: 100))
    let footerFrame = cv.layoutAttributesForSupplementaryElement(
      ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))?.frame
    #expect(footerFrame == CGRect(x: 20, y: 240, width: 350, height: 30))
    // The second section starts after the first's footer.
    #expect(grid.frame(0, 1)?.minY == 310)
    // The badge's centre sits on the item's top trailing corner.
    let badgeFrame = cv.layoutAttributesForSupplementaryElement(ofKind: "badge", at: IndexPath(item: 1, section: 0))?.frame
    #expect(badgeFrame == CGRect(x: 360, y: 30, width: 20, height: 20))
    #expect(cv.supplementaryView(forElementKind: "badge", at: IndexPath(item: 1, section: 0)) != nil)
    // The background covers the section's groups, behind the cells.
    let background = cv.collectionViewLayout.layoutAttributesForDecorationView(ofKind: "background", at: IndexPath(item: 0, section: 0))
    #expect(background?.frame == CGRect(x: 0, y: 40, width: 390, height: 200))
    #expect(background?.zIndex == -1)
    let decorations = cv.subviews.filter { ($0 as? UICollectionReusableView)?.reuseIdentifier?.hasPrefix("decoration") == true }
    #expect(decorations.count == 2)
    // Behind the cells: earlier among the subviews.
    let firstCell = cv.cellForItem(at: IndexPath(item: 0, section: 0))!
    #expect(cv.subviews.firstIndex(of: decorations[0])! < cv.subviews.firstIndex(of: firstCell)!)
  }

  @Test func aSectionProviderSeesTheEnvironment() {
    var widths: [CGFloat] = []
    let layout = UICollectionViewCompositionalLayout { sectionIndex, environment in
      widths.append(environment.container.effectiveContentSize.width)
      let columns = sectionIndex == 0 ? 2 : 4
      let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1.0 / CGFloat(columns)), .fractionalHeight(1)))
      let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [item])
      return NSCollectionLayoutSection(group: group)
    }
    let grid = Grid(layout, counts: [2, 4], width: 400)
    #expect(widths == [400, 400])
    #expect(grid.frame(1, 0)?.width == 200)
    #expect(grid.frame(3, 1) == CGRect(x: 300, y: 40, width: 100, height: 40))
    // The configuration is a copy, as on iOS: set a changed one again.
    let configuration = layout.configuration
    configuration.interSectionSpacing = 20
    #expect(layout.configuration.interSectionSpacing == 0)
    layout.configuration = configuration
    grid.collectionView.layoutIfNeeded()
    #expect(grid.frame(0, 1)?.minY == 60)
  }

  @Test func estimatedHeightsAreReplacedByTheCellsOwn() {
    final class TextCell: UICollectionViewListCell {}
    let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain))
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = .never
    let texts = ["Short", "A text long enough to wrap onto a second line in a narrow list cell of this width", "End"]
    let registration = UICollectionView.CellRegistration<TextCell, String> { cell, _, text in
      var content = cell.defaultContentConfiguration()
      content.text = text
      cell.contentConfiguration = content
    }
    let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, text in
      cv.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: text)
    }
    // In a host of its own size: a window made by hand would take the safe area whatever screen
    // the last test left.
    let controller = UIViewController()
    controller.view.addSubview(cv)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 600))
    _ = host
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(texts)
    source.apply(snapshot, animatingDifferences: false)
    cv.layoutIfNeeded()
    let frames = (0..<3).map { cv.cellForItem(at: IndexPath(item: $0, section: 0))!.frame }
    // Full width; one-line rows 44 points (the list's minimum); the long text taller.
    #expect(frames[0] == CGRect(x: 0, y: 0, width: 320, height: 44))
    #expect(frames[1].minY == 44)
    #expect(frames[1].height > 44)
    #expect(frames[2].minY == frames[1].maxY)
    #expect(cv.contentSize.height == frames[2].maxY)
  }

  // MARK: Lists

  @Test func anInsetGroupedListWithHeaders() {
    var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    let layout = UICollectionViewCompositionalLayout.list(using: configuration)
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 700), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = .never
    let cells = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, text in
      var content = cell.defaultContentConfiguration()
      content.text = text
      cell.contentConfiguration = content
      cell.accessories = [.disclosureIndicator()]
    }
    let headers = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
      elementKind: UICollectionView.elementKindSectionHeader
    ) { header, _, indexPath in
      var content = UIListContentConfiguration.groupedHeader()
      content.text = indexPath.section == 0 ? "PROFILE" : "SETTINGS"
      header.contentConfiguration = content
    }
    let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, text in
      cv.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: text)
    }
    source.supplementaryViewProvider = { cv, _, indexPath in
      cv.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
    }
    let controller = UIViewController()
    controller.view.addSubview(cv)
    let host = HeadlessHost(rootViewController: controller)
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(["Name", "Email"], toSection: 0)
    snapshot.appendItems(["Notifications"], toSection: 1)
    source.apply(snapshot, animatingDifferences: false)
    host.settle()
    let name = cv.cellForItem(at: IndexPath(item: 0, section: 0))!
    // Inset 16 points each side, as an inset-grouped table's rows.
    #expect(name.frame.minX == 16)
    #expect(name.frame.width == 358)
    #expect(name.frame.height == 44)
    let header = cv.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))!
    #expect(header.frame.minY == 0)
    // A header of a grouped list has no background of its own: the list's shows through.
    #expect((header as? UICollectionViewListCell)?.backgroundConfiguration?.backgroundColor == .clear)
    #expect(name.frame.minY == header.frame.maxY)
    #expect(cv.backgroundColor == .systemGroupedBackground)
    let screen = host.screen()
    #expect(screen.contains("PROFILE"))
    #expect(screen.contains("Email"))
    #expect(screen.contains("›"))
    // The first and last cells of a section round their outer corners.
    #expect((name as? UICollectionViewListCell)?.backgroundConfiguration?.cornerRadius == 10)
  }

  @Test func accessoriesFollowEditingAndRunTheirHandlers() {
    var deleted: [String] = []
    let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain))
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 700), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = .never
    let cells = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, text in
      var content = cell.defaultContentConfiguration()
      content.text = text
      cell.contentConfiguration = content
      cell.accessories = [.delete { deleted.append(text) }, .label(text: "12"), .reorder()]
    }
    let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, text in
      cv.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: text)
    }
    let controller = UIViewController()
    controller.view.addSubview(cv)
    let host = HeadlessHost(rootViewController: controller)
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["Milk", "Eggs"])
    source.apply(snapshot, animatingDifferences: false)
    host.settle()
    var screen = host.screen()
    #expect(screen.contains("12"))
    #expect(!screen.contains("⊖"))
    cv.isEditing = true
    host.settle()
    screen = host.screen()
    #expect(screen.contains("⊖"))
    #expect(screen.contains("≡"))
    let cell = cv.cellForItem(at: IndexPath(item: 1, section: 0)) as! UICollectionViewListCell
    // The content moved over for the delete control.
    #expect(cell.contentView.frame.minX > 0)
    let control = cell.subviews.compactMap { $0 as? UILabel }.first { $0.text == "⊖" }!
    host.tap(control)
    #expect(deleted == ["Eggs"])
  }

  @Test func outlinesExpandAndCollapseFromTheirDisclosure() {
    let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .sidebar))
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 700), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = .never
    let cells = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, text in
      var content = cell.defaultContentConfiguration()
      content.text = text
      cell.contentConfiguration = content
      cell.accessories = text.hasPrefix("Folder") ? [.outlineDisclosure()] : []
    }
    let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, text in
      cv.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: text)
    }
    var log: [String] = []
    source.sectionSnapshotHandlers.willExpandItem = { log.append("willExpand \($0)") }
    source.sectionSnapshotHandlers.willCollapseItem = { log.append("willCollapse \($0)") }
    let controller = UIViewController()
    controller.view.addSubview(cv)
    let host = HeadlessHost(rootViewController: controller)
    var outline = NSDiffableDataSourceSectionSnapshot<String>()
    outline.append(["Folder A", "Folder B"])
    outline.append(["a1", "a2"], to: "Folder A")
    outline.append(["Folder C"], to: "Folder B")
    outline.append(["c1"], to: "Folder C")
    outline.expand(["Folder B"])
    #expect(outline.visibleItems == ["Folder A", "Folder B", "Folder C"])
    #expect(outline.items == ["Folder A", "a1", "a2", "Folder B", "Folder C", "c1"])
    #expect(outline.level(of: "c1") == 2)
    #expect(outline.parent(of: "Folder C") == "Folder B")
    #expect(!outline.isVisible("c1"))
    source.apply(outline, to: 0, animatingDifferences: false)
    host.settle()
    #expect(source.snapshot().itemIdentifiers == ["Folder A", "Folder B", "Folder C"])
    let folderC = cv.cellForItem(at: IndexPath(item: 2, section: 0)) as! UICollectionViewListCell
    #expect(folderC.indentationLevel == 1)
    #expect(folderC.contentView.frame.minX == 10)
    // Tapping Folder A's disclosure expands it in place.
    let folderA = cv.cellForItem(at: IndexPath(item: 0, section: 0)) as! UICollectionViewListCell
    let disclosure = folderA.subviews.compactMap { $0 as? UILabel }.first { $0.text == "›" }!
    host.tap(disclosure)
    host.settle()
    #expect(log == ["willExpand Folder A"])
    #expect(source.snapshot().itemIdentifiers == ["Folder A", "a1", "a2", "Folder B", "Folder C"])
    #expect(source.snapshot(for: 0).isExpanded("Folder A"))
    #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0)) === folderA)
    #expect(folderA.subviews.compactMap { $0 as? UILabel }.contains { $0.text == "⌄" })
    #expect((cv.cellForItem(at: IndexPath(item: 1, section: 0)) as? UICollectionViewListCell)?.indentationLevel == 1)
    host.tap(folderA.subviews.compactMap { $0 as? UILabel }.first { $0.text == "⌄" }!)
    host.settle()
    #expect(log == ["willExpand Folder A", "willCollapse Folder A"])
    #expect(source.snapshot().itemIdentifiers == ["Folder A", "Folder B", "Folder C"])
  }

  @Test func sectionSnapshotsCopyAndReplaceParts() {
    var outline = NSDiffableDataSourceSectionSnapshot<Int>()
    outline.append([1, 2])
    outline.append([10, 11], to: 1)
    outline.append([100], to: 10)
    outline.expand([1, 10])
    let part = outline.snapshot(of: 1)
    #expect(part.rootItems == [10, 11])
    #expect(part.items == [10, 100, 11])
    #expect(part.isExpanded(10))
    var replacement = NSDiffableDataSourceSectionSnapshot<Int>()
    replacement.append([20])
    outline.replace(childrenOf: 1, using: replacement)
    #expect(outline.items == [1, 20, 2])
    #expect(!outline.contains(100))
    outline.insert([3], after: 2)
    outline.insert([0], before: 1)
    #expect(outline.rootItems == [0, 1, 2, 3])
    outline.delete([1])
    #expect(outline.items == [0, 2, 3])
    #expect(outline.visualDescription() == "  0\n  2\n  3")
  }
}
