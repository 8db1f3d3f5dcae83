import Foundation
import Testing
@testable import UIKit
import UIKitTesting

/// The short cuts that keep an update of one item of a long list from costing the list (issue
/// 29's benchmark): each is checked against the plain computation it replaces.
@MainActor @Suite struct BatchUpdateSpeedPathTests {
  /// The mapping as it was computed before: an array with an entry per old position.
  private func reference(old: Int, new: Int, removed: Set<Int>, fixed: Set<Int>) -> [Int?] {
    var free = (0..<new).filter { !fixed.contains($0) }.makeIterator()
    return (0..<old).map { removed.contains($0) ? nil : free.next() }
  }

  @Test(arguments: 1...40) func indexMappingsAgreeWithThePlainMapping(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    let old = Int.random(in: 0...60, using: &random)
    let removed = Set((0..<old).filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
    let inserted = Int.random(in: 0...10, using: &random)
    let new = old - removed.count + inserted
    var fixed = Set<Int>()
    while fixed.count < inserted { fixed.insert(Int.random(in: 0..<new, using: &random)) }
    let mapping = _IndexMapping(old: old, new: new, removed: removed, fixed: fixed)
    let expected = reference(old: old, new: new, removed: removed, fixed: fixed)
    #expect(mapping.all == expected)
    #expect(mapping[-1] == nil && mapping[old] == nil)
    // Carrying values puts each where its position goes, and the fill where inserts go.
    let values = (0..<old).map { "v\($0)" }
    var carried = Array(repeating: "new", count: new)
    for (position, target) in expected.enumerated() { if let target { carried[target] = values[position] } }
    #expect(mapping.carry(values, filling: "new") == carried)
    // Values missing at the end (never measured) count as the fill.
    let short = Array(values.prefix(old / 2))
    var carriedShort = Array(repeating: "new", count: new)
    for (position, target) in expected.enumerated() where position < short.count {
      if let target { carriedShort[target] = short[position] }
    }
    #expect(mapping.carry(short, filling: "new") == carriedShort)
  }

  @Test func sentAndRemovedMappings() {
    var sections = _IndexMapping(old: 3, new: 3, removed: [0], fixed: [2])
    sections.send(0, to: 2)
    #expect(sections.all == [2, 0, 1])
    let reloaded = _IndexMapping(removingAll: 4, new: 2)
    #expect(reloaded.all == [nil, nil, nil, nil])
    #expect(reloaded.carry([1, 2, 3, 4], filling: 0) == [0, 0])
    #expect(_IndexMapping(old: 2, new: 2, removed: [], fixed: []).isIdentity)
  }

  /// A list whose cells wrap texts of different lengths (so heights differ), in `configuration`.
  private func list(_ layout: UICollectionViewLayout, items: [String]) -> (HeadlessHost, UICollectionView) {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    let collectionView = UICollectionView(frame: controller.view.bounds, collectionViewLayout: layout)
    controller.view.addSubview(collectionView)
    let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
      var content = cell.defaultContentConfiguration()
      content.text = item
      cell.contentConfiguration = content
    }
    let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
      elementKind: UICollectionView.elementKindSectionHeader
    ) { view, _, indexPath in
      var content = view.defaultContentConfiguration()
      content.text = "Section \(indexPath.section)"
      view.contentConfiguration = content
    }
    let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { view, indexPath, item in
      view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
    dataSource.supplementaryViewProvider = { view, _, indexPath in
      view.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(Array(items.prefix(items.count / 2)), toSection: 0)
    snapshot.appendItems(Array(items.dropFirst(items.count / 2)), toSection: 1)
    dataSource.apply(snapshot, animatingDifferences: false)
    keptDataSources.append(dataSource)
    collectionView.layoutIfNeeded()
    return (host, collectionView)
  }

  /// Every cell's frame and the content size, from the layout.
  private func geometry(_ collectionView: UICollectionView) -> [CGRect] {
    var frames: [CGRect] = []
    for section in 0..<collectionView.numberOfSections {
      for item in 0..<collectionView.numberOfItems(inSection: section) {
        frames.append(collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame ?? .null)
      }
      for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
        frames.append(
          collectionView.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: section))?.frame
            ?? .null)
      }
    }
    frames.append(CGRect(origin: .zero, size: collectionView.contentSize))
    return frames
  }

  private var texts: [String] {
    (0..<40).map { index in
      String(repeating: "word ", count: 1 + (index * 7) % 23) + "\(index)"
    }
  }

  /// Sections whose group holds one cell are laid out as a stack; the frames are the general
  /// placement's to the bit, with measured heights, insets and spacing.
  @Test func stacksOfOneCellGroupsMatchTheGeneralPlacement() {
    var layouts: [(measured: Bool, make: () -> UICollectionViewLayout)] = []
    for appearance in [UICollectionLayoutListConfiguration.Appearance.plain, .grouped, .insetGrouped, .sidebar] {
      layouts.append((measured: true, make: {
        var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
        configuration.headerMode = .supplementary
        return UICollectionViewCompositionalLayout.list(using: configuration)
      }))
    }
    layouts.append((measured: true, make: {
      // A vertical group of one estimated item with insets, spacing between groups.
      let item = NSCollectionLayoutItem(
        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(30)))
      item.contentInsets = NSDirectionalEdgeInsets(top: 3, leading: 7, bottom: 5, trailing: 2)
      let group = NSCollectionLayoutGroup.vertical(
        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(30)),
        subitems: [item])
      let section = NSCollectionLayoutSection(group: group)
      section.interGroupSpacing = 6.5
      section.contentInsets = NSDirectionalEdgeInsets(top: 11, leading: 13, bottom: 17, trailing: 19)
      return UICollectionViewCompositionalLayout(section: section)
    }))
    layouts.append((measured: false, make: {
      // A horizontal group of one item of absolute height, narrower than the group.
      let item = NSCollectionLayoutItem(
        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.6), heightDimension: .absolute(44)))
      let group = NSCollectionLayoutGroup.horizontal(
        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
        subitems: [item])
      group.interItemSpacing = .fixed(4)
      let section = NSCollectionLayoutSection(group: group)
      section.interGroupSpacing = 2
      return UICollectionViewCompositionalLayout(section: section)
    }))
    defer { UICollectionViewCompositionalLayout._stacksSingleCellGroups = true }
    for (measured, make) in layouts {
      UICollectionViewCompositionalLayout._stacksSingleCellGroups = true
      let (host, collectionView) = list(make(), items: texts)
      // Scrolled through, so that every cell has measured itself.
      var offset: CGFloat = 0
      while offset < collectionView.contentSize.height {
        collectionView.contentOffset.y = offset
        collectionView.layoutIfNeeded()
        offset += collectionView.bounds.height / 2
      }
      let stacked = geometry(collectionView)
      UICollectionViewCompositionalLayout._stacksSingleCellGroups = false
      collectionView.collectionViewLayout.invalidateLayout()
      collectionView.layoutIfNeeded()
      let general = geometry(collectionView)
      #expect(stacked == general)
      // The heights differ from item to item: the measured sizes were used.
      if measured { #expect(Set(stacked.map(\.height)).count > 3) }
      _ = host
    }
  }

  /// Which groups are stacks: one cell that a second copy of would not fit.
  @Test func whichGroupsAreStacks() {
    let container = CGSize(width: 390, height: 844)
    func group(_ width: NSCollectionLayoutDimension, in groupWidth: NSCollectionLayoutDimension, count: Int? = nil)
      -> NSCollectionLayoutGroup
    {
      let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: width, heightDimension: .absolute(44)))
      let size = NSCollectionLayoutSize(widthDimension: groupWidth, heightDimension: .absolute(44))
      if let count { return .horizontal(layoutSize: size, repeatingSubitem: item, count: count) }
      return .horizontal(layoutSize: size, subitems: [item])
    }
    typealias Stack = UICollectionViewCompositionalLayout._SingleCellGroup
    #expect(Stack(group(.fractionalWidth(1), in: .fractionalWidth(1)), in: container) != nil)
    #expect(Stack(group(.fractionalWidth(0.6), in: .fractionalWidth(1)), in: container) != nil)
    // Two cells of half the width fit side by side: a grid, placed the general way.
    #expect(Stack(group(.fractionalWidth(0.5), in: .fractionalWidth(1)), in: container) == nil)
    #expect(Stack(group(.fractionalWidth(1), in: .fractionalWidth(1), count: 1), in: container) == nil)
    let list = NSCollectionLayoutSection.list(
      using: UICollectionLayoutListConfiguration(appearance: .insetGrouped),
      layoutEnvironment: _LayoutEnvironment(
        container: _LayoutContainer(size: container, insets: .zero, effective: .zero), traitCollection: UITraitCollection.current))
    #expect(Stack(list._group, in: container) != nil)
  }

  /// The snapshot's item index answers as a dictionary does, through copies edited apart.
  @Test(arguments: 1...10) func itemSectionIndexesAnswerAsADictionary(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    var index = _ItemSectionIndex<Int, Int>()
    var dictionary: [Int: Int] = [:]
    var copies: [(_ItemSectionIndex<Int, Int>, [Int: Int])] = []
    for step in 0..<3_000 {
      let item = Int.random(in: 0..<400, using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        #expect(index.removeValue(forKey: item) == dictionary.removeValue(forKey: item))
      case 1:
        index[item] = nil
        dictionary[item] = nil
      default:
        let section = Int.random(in: 0..<5, using: &random)
        index[item] = section
        dictionary[item] = section
      }
      #expect(index.count == dictionary.count)
      if step % 300 == 0 { copies.append((index, dictionary)) }
    }
    for probe in 0..<400 { #expect(index[probe] == dictionary[probe]) }
    // Copies kept their state while the original went on.
    for (copy, expected) in copies {
      #expect(copy.count == expected.count)
      for probe in 0..<400 where copy[probe] != expected[probe] {
        Issue.record("item \(probe): \(String(describing: copy[probe])), expected \(String(describing: expected[probe]))")
      }
    }
  }

  /// After updates, a snapshot's sections know which of their ends they left alone; the
  /// changes worked out with that knowledge are those worked out by comparing everything.
  @Test(arguments: 1...30) func editedSnapshotsGiveTheSameChanges(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: seed)
    var settled = NSDiffableDataSourceSnapshot<Int, Int>()
    settled.appendSections([0, 1, 2])
    var next = 0
    for section in 0..<3 {
      settled.appendItems(Array(next..<(next + 20)), toSection: section)
      next += 20
    }
    settled = settled._settled
    for _ in 0..<20 {
      var edited = settled
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let all = edited.itemIdentifiers
        switch Int.random(in: 0..<6, using: &random) {
        case 0 where !all.isEmpty:
          edited.insertItems([next], beforeItem: all.randomElement(using: &random)!)
          next += 1
        case 1 where !all.isEmpty:
          edited.insertItems([next, next + 1], afterItem: all.randomElement(using: &random)!)
          next += 2
        case 2 where !all.isEmpty:
          edited.deleteItems([all.randomElement(using: &random)!])
        case 3 where all.count > 12:
          edited.deleteItems(Array(all.shuffled(using: &random).prefix(10)))
        case 4 where all.count > 1:
          let pair = Array(all.shuffled(using: &random).prefix(2))
          if Bool.random(using: &random) {
            edited.moveItem(pair[0], beforeItem: pair[1])
          } else {
            edited.moveItem(pair[0], afterItem: pair[1])
          }
        default:
          edited.appendItems([next], toSection: Int.random(in: 0..<3, using: &random))
          next += 1
        }
      }
      var unknowing = edited
      for index in unknowing._sections.indices { unknowing._sections[index].base = nil }
      #expect(_SnapshotChanges.between(settled, edited) == _SnapshotChanges.between(settled, unknowing))
      settled = edited._settled
    }
  }
}

/// Keeps the data sources of the lists above alive (a collection view holds its data source
/// weakly).
@MainActor private var keptDataSources: [AnyObject] = []
