import Foundation
import UIKit

// A list as current iOS code builds one (issue 29, Speed): an inset-grouped compositional list
// with self-sizing list cells, fed by a diffable data source, N items. Measured with 100 to
// 10,000 items, each as the time until the window is laid out again:
// - a keystroke into a text field in a visible cell (the first responder);
// - applying a snapshot that reconfigures one item (its content changed);
// - applying a snapshot that replaces one item with a new one (a delete and an insert);
// - scrolling one screen's height: the time, and how many cells the data source was asked for
//   (only the rows that came into view should be).

/// A list cell holding a text field.
@MainActor
final class BenchFieldCell: UICollectionViewListCell {
  let field = UITextField()

  override init(frame: CGRect) {
    super.init(frame: frame)
    field.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(field)
    let bottom = field.bottomAnchor.constraint(equalTo: contentView.layoutMarginsGuide.bottomAnchor)
    bottom.priority = UILayoutPriority(999)
    NSLayoutConstraint.activate([
      field.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
      field.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
      field.topAnchor.constraint(equalTo: contentView.layoutMarginsGuide.topAnchor),
      bottom,
    ])
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

@MainActor
final class ListRig {
  let window: UIWindow
  let collectionView: UICollectionView
  let dataSource: UICollectionViewDiffableDataSource<Int, Int>
  /// How many cells the data source was asked for.
  let provided = Counter()
  private(set) var field: UITextField!
  /// The identifier of the next new item.
  private var nextItem = 0

  final class Counter {
    var count = 0
  }

  init(items: Int) {
    UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    UIScreen.main._safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    window = UIWindow(frame: UIScreen.main.bounds)
    let controller = UIViewController()
    window.rootViewController = controller
    collectionView = UICollectionView(
      frame: controller.view.bounds,
      collectionViewLayout: UICollectionViewCompositionalLayout.list(
        using: UICollectionLayoutListConfiguration(appearance: .insetGrouped)))
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    controller.view.addSubview(collectionView)
    let text = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, item in
      var content = cell.defaultContentConfiguration()
      content.text = "Item \(item)"
      cell.contentConfiguration = content
    }
    let fieldCell = UICollectionView.CellRegistration<BenchFieldCell, Int> { cell, _, _ in
      cell.field.placeholder = "Type here"
    }
    let provided = self.provided
    dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { cv, indexPath, item in
      provided.count += 1
      if item == 0 { return cv.dequeueConfiguredReusableCell(using: fieldCell, for: indexPath, item: item) }
      return cv.dequeueConfiguredReusableCell(using: text, for: indexPath, item: item)
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<items))
    window.keyboard.isSoftwareKeyboardEnabled = false
    window.makeKeyAndVisible()
    dataSource.apply(snapshot, animatingDifferences: false)
    window.layoutIfNeeded()
    nextItem = items
    field = (collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as! BenchFieldCell).field
    guard field.becomeFirstResponder() else { fatalError("uikitbench: the field did not become first responder") }
    UIApplication.shared._scheduler.runUntilIdle()
    window.layoutIfNeeded()
  }
}

extension ListRig {
  /// Applies a snapshot that replaces one of the items near the top (the `step`th time) with a
  /// new item, and lays the window out: a delete and an insert, as a batch update.
  func replaceOne(_ step: Int) {
    var snapshot = dataSource.snapshot()
    let old = snapshot.itemIdentifiers(inSection: 0)[2 + step % 5]
    snapshot.insertItems([nextItem], beforeItem: old)
    snapshot.deleteItems([old])
    nextItem += 1
    dataSource.apply(snapshot, animatingDifferences: false)
    window.layoutIfNeeded()
  }
}

@MainActor
func collectionViewWorkloads() -> [String: Any] {
  var result: [String: Any] = [:]
  let repetitions = max(5, options.repetitions)
  // The first size is run twice and its first run dropped: a cold process (caches, lazily
  // made type metadata) would otherwise charge the smallest list for them.
  for (run, items) in [100, 100, 1_000, 10_000].enumerated() {
    let rig = ListRig(items: items)
    var keystroke: [Double] = []
    for i in 0..<repetitions * 4 {
      let start = nanoseconds()
      rig.window._press(typedKeys[i % typedKeys.count])
      rig.window.layoutIfNeeded()
      keystroke.append(Double(nanoseconds() - start) / 1e3)
    }
    var reconfigure: [Double] = []
    for i in 0..<repetitions * 4 {
      let start = nanoseconds()
      var snapshot = rig.dataSource.snapshot()
      snapshot.reconfigureItems([1 + i % 5])
      rig.dataSource.apply(snapshot, animatingDifferences: false)
      rig.window.layoutIfNeeded()
      reconfigure.append(Double(nanoseconds() - start) / 1e3)
    }
    var replace: [Double] = []
    for i in 0..<repetitions * 4 {
      let start = nanoseconds()
      rig.replaceOne(i)
      replace.append(Double(nanoseconds() - start) / 1e3)
    }
    // One screen's height down, a few times: the time, and the cells the data source was asked
    // for beside the rows that came into view.
    let visibleBefore = rig.collectionView.indexPathsForVisibleItems.count
    var scroll: [Double] = []
    var asked: [Int] = []
    var cameIntoView: [Int] = []
    for step in 1...min(5, max(1, items / 40)) {
      let before = Set(rig.collectionView.indexPathsForVisibleItems)
      let provided = rig.provided.count
      let start = nanoseconds()
      rig.collectionView.contentOffset.y = CGFloat(step) * rig.collectionView.bounds.height
      rig.window.layoutIfNeeded()
      scroll.append(Double(nanoseconds() - start) / 1e3)
      asked.append(rig.provided.count - provided)
      cameIntoView.append(Set(rig.collectionView.indexPathsForVisibleItems).subtracting(before).count)
    }
    if run == 0 { continue }
    result["\(items)_items"] = [
      "keystroke_us": median(keystroke),
      "reconfigure_one_us": median(reconfigure),
      "replace_one_us": median(replace),
      "scroll_screen_us": median(scroll),
      "rows_on_screen": visibleBefore,
      "cells_asked_per_screen": asked,
      "rows_come_into_view_per_screen": cameIntoView,
    ]
  }
  return result
}

/// For a profiler: `count` snapshots applied to a list of `items`, each replacing one item (the
/// collection view benchmark's "apply: one item replaced").
@MainActor
func profileCollectionViewReplace(items: Int, _ count: Int) {
  let rig = ListRig(items: items)
  for i in 0..<count { rig.replaceOne(i) }
}
