import Foundation
import Testing
import UIKit
import UIKitTesting

/// A data source and delegate over sections of strings that records what it is asked and told.
@MainActor
private final class RecordingCollection: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
  var sections: [[String]]
  var log: [String] = []
  var cellRequests = 0
  var distinctCells: Set<ObjectIdentifier> = []
  var logsDisplay = false
  var shouldSelect: (IndexPath) -> Bool = { _ in true }
  var sizes: ((IndexPath) -> CGSize)?

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  private func name(_ indexPath: IndexPath) -> String { "\(indexPath.section).\(indexPath.item)" }

  func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    cellRequests += 1
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath) as! LabelCell
    distinctCells.insert(ObjectIdentifier(cell))
    cell.label.text = sections[indexPath.section][indexPath.item]
    return cell
  }
  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    sizes?(indexPath) ?? (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
  }
  func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
    if logsDisplay { log.append("willDisplay \(name(indexPath))") }
  }
  func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
  ) {
    if logsDisplay { log.append("didEndDisplaying \(name(indexPath))") }
  }
  func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    log.append("shouldHighlight \(name(indexPath))")
    return true
  }
  func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
    log.append("didHighlight \(name(indexPath))")
  }
  func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    log.append("didUnhighlight \(name(indexPath))")
  }
  func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    log.append("shouldSelect \(name(indexPath))")
    return shouldSelect(indexPath)
  }
  func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    log.append("shouldDeselect \(name(indexPath))")
    return true
  }
  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    log.append("didSelect \(name(indexPath))")
  }
  func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
    log.append("didDeselect \(name(indexPath))")
  }
  func collectionView(_ collectionView: UICollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
    log.append("primaryAction \(name(indexPath))")
  }
}

/// A controller showing a collection view with a flow layout that fills its view.
@MainActor
private final class CollectionScreen: UIViewController {
  let layout = UICollectionViewFlowLayout()
  let collectionView: UICollectionView
  let source: RecordingCollection

  init(sections: [[String]]) {
    collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
    source = RecordingCollection(sections)
    super.init(nibName: nil, bundle: nil)
    collectionView.register(LabelCell.self, forCellWithReuseIdentifier: "item")
    collectionView.dataSource = source
    collectionView.delegate = source
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.frame = view.bounds
    view.addSubview(collectionView)
  }
}

private func items(_ count: Int, _ prefix: String = "Item") -> [String] { (0..<count).map { "\(prefix) \($0)" } }

@MainActor @Suite struct CollectionViewTests {
  @Test func indexPathsHaveItemsAndSections() {
    let indexPath = IndexPath(item: 4, section: 2)
    #expect(indexPath.item == 4)
    #expect(indexPath.section == 2)
    #expect(indexPath.row == 4)
    #expect(UICollectionView.elementKindSectionHeader == "UICollectionElementKindSectionHeader")
  }

  // MARK: Flow layout

  @Test func flowLayoutJustifiesFullLinesAndStartsTheLastLineAtTheLeadingEdge() {
    let screen = CollectionScreen(sections: [items(7)])
    screen.layout.itemSize = CGSize(width: 100, height: 100)
    screen.layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    let host = HeadlessHost(rootViewController: screen)
    _ = host
    let frames = (0..<7).map { screen.collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
    // 370 points between the insets hold three 100-point items (320 with the minimum
    // spacing); the 70 left over spread the line: 35 between items.
    #expect(frames[0] == CGRect(x: 10, y: 10, width: 100, height: 100))
    #expect(frames[1] == CGRect(x: 145, y: 10, width: 100, height: 100))
    #expect(frames[2] == CGRect(x: 280, y: 10, width: 100, height: 100))
    #expect(frames[3] == CGRect(x: 10, y: 120, width: 100, height: 100))
    // The last line: from the leading edge.
    #expect(frames[6] == CGRect(x: 10, y: 230, width: 100, height: 100))
    #expect(screen.collectionView.contentSize == CGSize(width: 390, height: 340))
    // The cells are where the layout put them, in the collection view's content.
    let cell = screen.collectionView.cellForItem(at: IndexPath(item: 4, section: 0))!
    #expect(cell.frame == CGRect(x: 145, y: 120, width: 100, height: 100))
    #expect((cell as! LabelCell).label.text == "Item 4")
    #expect(screen.collectionView.indexPathForItem(at: CGPoint(x: 150, y: 130)) == IndexPath(item: 4, section: 0))
    #expect(screen.collectionView.indexPathForItem(at: CGPoint(x: 125, y: 130)) == nil)
  }

  @Test func aLoneItemInAFullLineIsCentredAndItemsAreCentredInTheirLine() {
    let screen = CollectionScreen(sections: [items(3)])
    screen.source.sizes = { indexPath in
      [CGSize(width: 200, height: 40), CGSize(width: 200, height: 60), CGSize(width: 100, height: 20)][indexPath.item]
    }
    screen.layout.minimumInteritemSpacing = 0
    screen.layout.minimumLineSpacing = 5
    let host = HeadlessHost(rootViewController: screen)
    _ = host
    let frames = (0..<3).map { screen.collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
    // 200 + 200 > 390: one item a line, centred while a line follows.
    #expect(frames[0] == CGRect(x: 95, y: 0, width: 200, height: 40))
    // The second line holds the 200 and the 100 (300 ≤ 390), spread to both edges, each
    // centred in the line's 60 points.
    #expect(frames[1] == CGRect(x: 0, y: 45, width: 200, height: 60))
    #expect(frames[2] == CGRect(x: 200, y: 65, width: 100, height: 20))
  }

  @Test func horizontalFlowLayoutFillsColumns() {
    let layout = UICollectionViewFlowLayout()
    layout.scrollDirection = .horizontal
    layout.itemSize = CGSize(width: 80, height: 300)
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 700), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = .never
    let source = RecordingCollection([items(5)])
    cv.register(LabelCell.self, forCellWithReuseIdentifier: "item")
    cv.dataSource = source
    cv.layoutIfNeeded()
    // 700 points tall: two 300-point items a column (610 with the spacing), spread to both
    // edges; the last column from the top.
    let frames = (0..<5).map { cv.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
    #expect(frames[0].origin == CGPoint(x: 0, y: 0))
    #expect(frames[1].origin == CGPoint(x: 0, y: 400))
    #expect(frames[2].origin == CGPoint(x: 90, y: 0))
    #expect(frames[4].origin == CGPoint(x: 180, y: 0))
    #expect(cv.contentSize == CGSize(width: 260, height: 700))
    #expect(cv.visibleCells.count == 5)
  }

  @Test func headersAndFootersFromRegistrations() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 390, height: 50)
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = CGSize(width: 0, height: 30)
    layout.footerReferenceSize = CGSize(width: 0, height: 20)
    let controller = UIViewController()
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 700), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = .never
    controller.view.addSubview(cv)
    let source = RecordingCollection([items(2), items(3)])
    cv.register(LabelCell.self, forCellWithReuseIdentifier: "item")
    var configured: [String] = []
    let header = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(
      elementKind: UICollectionView.elementKindSectionHeader
    ) { view, kind, indexPath in
      configured.append("header \(indexPath.section)")
      view.backgroundColor = .systemGray
    }
    let footer = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(
      elementKind: UICollectionView.elementKindSectionFooter
    ) { _, _, indexPath in
      configured.append("footer \(indexPath.section)")
    }
    final class Source: NSObject, UICollectionViewDataSource {
      let base: RecordingCollection
      let header: UICollectionView.SupplementaryRegistration<UICollectionReusableView>
      let footer: UICollectionView.SupplementaryRegistration<UICollectionReusableView>
      init(
        _ base: RecordingCollection, _ header: UICollectionView.SupplementaryRegistration<UICollectionReusableView>,
        _ footer: UICollectionView.SupplementaryRegistration<UICollectionReusableView>
      ) {
        self.base = base
        self.header = header
        self.footer = footer
      }
      func numberOfSections(in collectionView: UICollectionView) -> Int { base.numberOfSections(in: collectionView) }
      func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        base.collectionView(collectionView, numberOfItemsInSection: section)
      }
      func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        base.collectionView(collectionView, cellForItemAt: indexPath)
      }
      func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
      ) -> UICollectionReusableView {
        kind == UICollectionView.elementKindSectionHeader
          ? collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
          : collectionView.dequeueConfiguredReusableSupplementary(using: footer, for: indexPath)
      }
    }
    let wrapper = Source(source, header, footer)
    cv.dataSource = wrapper
    let host = HeadlessHost(rootViewController: controller)
    _ = host
    cv.layoutIfNeeded()
    #expect(configured == ["header 0", "footer 0", "header 1", "footer 1"])
    let header0 = cv.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
    #expect(header0?.frame == CGRect(x: 0, y: 0, width: 390, height: 30))
    #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 30, width: 390, height: 50))
    let footer1 = cv.supplementaryView(forElementKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 1))
    // Section 0: 30 + 100 + 20 = 150; section 1: header 30, items 150, then the footer.
    #expect(footer1?.frame == CGRect(x: 0, y: 330, width: 390, height: 20))
    #expect(cv.contentSize.height == 350)
    #expect(cv.indexPathsForVisibleSupplementaryElements(ofKind: UICollectionView.elementKindSectionHeader).count == 2)
  }

  @Test func pinnedHeadersStayAtTheTopWhileTheirSectionScrolls() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 390, height: 50)
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = CGSize(width: 0, height: 30)
    layout.sectionHeadersPinToVisibleBounds = true
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 300), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = .never
    let source = HeaderSource([items(10), items(10)])
    cv.register(LabelCell.self, forCellWithReuseIdentifier: "item")
    cv.register(
      UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
      withReuseIdentifier: "header")
    cv.dataSource = source
    cv.layoutIfNeeded()
    cv.contentOffset = CGPoint(x: 0, y: 200)
    cv.layoutIfNeeded()
    let header0 = cv.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
    #expect(header0?.frame.minY == 200)
    // Section 0 ends at 530: its header is pushed up by the next one.
    cv.contentOffset = CGPoint(x: 0, y: 510)
    cv.layoutIfNeeded()
    let pushed = cv.layoutAttributesForSupplementaryElement(
      ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
    #expect(pushed?.frame.minY == 500)
    let header1 = cv.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
    #expect(header1?.frame.minY == 530)
  }

  @Test func nonFiniteMetricsLayOutAsZeroInsteadOfStopping() {
    let screen = CollectionScreen(sections: [items(3), items(2)])
    screen.layout.itemSize = CGSize(width: CGFloat.nan, height: .infinity)
    screen.layout.sectionInset = UIEdgeInsets(top: .nan, left: .infinity, bottom: -.infinity, right: .nan)
    screen.layout.minimumLineSpacing = .nan
    screen.layout.minimumInteritemSpacing = .infinity
    screen.layout.headerReferenceSize = CGSize(width: 0, height: CGFloat.nan)
    let host = HeadlessHost(rootViewController: screen)
    _ = host
    for section in 0..<2 {
      for item in 0..<screen.collectionView.numberOfItems(inSection: section) {
        let frame = screen.collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.frame
        #expect(frame.origin.x.isFinite && frame.origin.y.isFinite && frame.width.isFinite && frame.height.isFinite)
      }
    }
    #expect(screen.collectionView.contentSize.height.isFinite)
    // Out-of-range questions answer nothing rather than stop.
    #expect(screen.collectionView.cellForItem(at: IndexPath(item: 99, section: 9)) == nil)
    #expect(screen.collectionView.layoutAttributesForItem(at: IndexPath(item: 99, section: 0)) == nil)
    #expect(screen.collectionView.indexPathForItem(at: CGPoint(x: CGFloat.nan, y: 10)) == nil)
  }

  // MARK: Reuse

  @Test func onlyTheItemsInViewHaveCellsAndScrollingReusesThem() {
    let screen = CollectionScreen(sections: [items(1000)])
    screen.layout.itemSize = CGSize(width: 390, height: 44)
    screen.layout.minimumLineSpacing = 0
    let host = HeadlessHost(rootViewController: screen)
    _ = host
    let cv = screen.collectionView
    #expect(cv.contentOffset.y == -47)
    #expect(cv.contentSize.height == 44_000)
    // Content from -47 to 797: items 0 to 18.
    #expect(screen.source.cellRequests == 19)
    #expect(cv.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 0))
    #expect(cv.indexPathsForVisibleItems.last == IndexPath(item: 18, section: 0))
    for step in 1...50 {
      cv.setContentOffset(CGPoint(x: 0, y: CGFloat(step) * 30), animated: false)
      cv.layoutIfNeeded()
    }
    #expect(cv.indexPathsForVisibleItems.first == IndexPath(item: 34, section: 0))
    #expect(cv.visibleCells.count == 20)
    #expect(screen.source.distinctCells.count <= 21)
    #expect((cv.cellForItem(at: IndexPath(item: 40, section: 0)) as! LabelCell).label.text == "Item 40")
  }

  @Test func displayCallsPairUp() {
    let screen = CollectionScreen(sections: [items(100)])
    screen.layout.itemSize = CGSize(width: 390, height: 100)
    screen.layout.minimumLineSpacing = 0
    screen.source.logsDisplay = true
    let host = HeadlessHost(rootViewController: screen)
    _ = host
    #expect(screen.source.log == (0...7).map { "willDisplay 0.\($0)" })
    screen.source.log.removeAll()
    // Content from 53 to 897: item 8 (800–900) comes in.
    screen.collectionView.contentOffset.y = 53
    screen.collectionView.layoutIfNeeded()
    #expect(screen.source.log == ["willDisplay 0.8"])
    // From 200 to 1044: items 0 and 1 leave, 9 and 10 come.
    screen.collectionView.contentOffset.y = 200
    screen.collectionView.layoutIfNeeded()
    #expect(
      screen.source.log == [
        "willDisplay 0.8", "didEndDisplaying 0.0", "didEndDisplaying 0.1", "willDisplay 0.9", "willDisplay 0.10",
      ])
  }

  // MARK: Selection

  @Test func aTapHighlightsThenSelectsInIOSOrder() {
    let screen = CollectionScreen(sections: [items(6)])
    screen.layout.itemSize = CGSize(width: 100, height: 100)
    let host = HeadlessHost(rootViewController: screen)
    let cv = screen.collectionView
    let first = cv.cellForItem(at: IndexPath(item: 0, section: 0))!
    host.tap(first)
    #expect(
      screen.source.log == [
        "shouldHighlight 0.0", "didHighlight 0.0", "shouldSelect 0.0", "didUnhighlight 0.0", "didSelect 0.0",
        "primaryAction 0.0",
      ])
    #expect(first.isSelected)
    #expect(!first.isHighlighted)
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    screen.source.log.removeAll()
    host.tap(cv.cellForItem(at: IndexPath(item: 2, section: 0))!)
    #expect(
      screen.source.log == [
        "shouldHighlight 0.2", "didHighlight 0.2", "shouldSelect 0.2", "didUnhighlight 0.2", "didDeselect 0.0",
        "didSelect 0.2", "primaryAction 0.2",
      ])
    #expect(!first.isSelected)
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
  }

  @Test func multipleSelectionTogglesAndAVetoKeepsTheSelection() {
    let screen = CollectionScreen(sections: [items(6)])
    screen.layout.itemSize = CGSize(width: 100, height: 100)
    screen.collectionView.allowsMultipleSelection = true
    let host = HeadlessHost(rootViewController: screen)
    let cv = screen.collectionView
    host.tap(cv.cellForItem(at: IndexPath(item: 0, section: 0))!)
    host.tap(cv.cellForItem(at: IndexPath(item: 1, section: 0))!)
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
    screen.source.log.removeAll()
    host.tap(cv.cellForItem(at: IndexPath(item: 0, section: 0))!)
    #expect(
      screen.source.log == ["shouldHighlight 0.0", "didHighlight 0.0", "shouldDeselect 0.0", "didUnhighlight 0.0", "didDeselect 0.0"])
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    screen.source.shouldSelect = { _ in false }
    screen.source.log.removeAll()
    host.tap(cv.cellForItem(at: IndexPath(item: 3, section: 0))!)
    #expect(screen.source.log == ["shouldHighlight 0.3", "didHighlight 0.3", "shouldSelect 0.3", "didUnhighlight 0.3"])
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
  }

  @Test func programmaticSelectionTellsNoOneAndSurvivesScrolling() {
    let screen = CollectionScreen(sections: [items(200)])
    screen.layout.itemSize = CGSize(width: 390, height: 44)
    let host = HeadlessHost(rootViewController: screen)
    _ = host
    let cv = screen.collectionView
    cv.selectItem(at: IndexPath(item: 150, section: 0), animated: false, scrollPosition: .centeredVertically)
    #expect(screen.source.log.isEmpty)
    cv.layoutIfNeeded()
    let cell = cv.cellForItem(at: IndexPath(item: 150, section: 0))
    #expect(cell?.isSelected == true)
    // Centred in the 763 points between the bars.
    let frame = cell!.frame
    #expect(abs((frame.midY - cv.contentOffset.y - 47) - 763 / 2) < 1)
    cv.contentOffset.y = 0
    cv.layoutIfNeeded()
    #expect(cv.cellForItem(at: IndexPath(item: 150, section: 0)) == nil)
    cv.scrollToItem(at: IndexPath(item: 150, section: 0), at: .top, animated: false)
    cv.layoutIfNeeded()
    #expect(cv.cellForItem(at: IndexPath(item: 150, section: 0))?.isSelected == true)
  }

  // MARK: Batch updates

  @Test func batchUpdatesMoveCellsAndSelectionWithTheirItems() {
    let screen = CollectionScreen(sections: [["A", "B", "C", "D"], ["E", "F"]])
    screen.layout.itemSize = CGSize(width: 390, height: 44)
    let host = HeadlessHost(rootViewController: screen)
    _ = host
    let cv = screen.collectionView
    let cellB = cv.cellForItem(at: IndexPath(item: 1, section: 0))!
    let cellE = cv.cellForItem(at: IndexPath(item: 0, section: 1))!
    cv.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: [])
    let requests = screen.source.cellRequests
    // Delete A, insert X at the top of section 1, move D into section 1 after X.
    screen.source.sections = [["B", "C"], ["X", "D", "E", "F"]]
    cv.performBatchUpdates {
      cv.deleteItems(at: [IndexPath(item: 0, section: 0)])
      cv.insertItems(at: [IndexPath(item: 0, section: 1)])
      cv.moveItem(at: IndexPath(item: 3, section: 0), to: IndexPath(item: 1, section: 1))
    }
    #expect(cv.numberOfItems(inSection: 0) == 2)
    #expect(cv.numberOfItems(inSection: 1) == 4)
    #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0)) === cellB)
    #expect(cv.cellForItem(at: IndexPath(item: 2, section: 1)) === cellE)
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 1, section: 1)])
    #expect((cv.cellForItem(at: IndexPath(item: 0, section: 1)) as! LabelCell).label.text == "X")
    // Only the inserted item needed a cell.
    #expect(screen.source.cellRequests == requests + 1)
  }

  @Test func sectionsMoveWithTheirCells() {
    let screen = CollectionScreen(sections: [["A"], ["B"], ["C"]])
    screen.layout.itemSize = CGSize(width: 390, height: 44)
    let host = HeadlessHost(rootViewController: screen)
    _ = host
    let cv = screen.collectionView
    let cellA = cv.cellForItem(at: IndexPath(item: 0, section: 0))!
    screen.source.sections = [["B"], ["C"], ["A"]]
    cv.moveSection(0, toSection: 2)
    #expect(cv.cellForItem(at: IndexPath(item: 0, section: 2)) === cellA)
    #expect(cellA.frame.minY == 88)
  }

  @Test func reconfiguringKeepsTheCellAndReloadingReplacesIt() {
    let screen = CollectionScreen(sections: [["A", "B"]])
    screen.layout.itemSize = CGSize(width: 390, height: 44)
    let host = HeadlessHost(rootViewController: screen)
    _ = host
    let cv = screen.collectionView
    let cellA = cv.cellForItem(at: IndexPath(item: 0, section: 0)) as! LabelCell
    cv.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
    var requests = screen.source.cellRequests
    screen.source.sections = [["A2", "B2"]]
    cv.reconfigureItems(at: [IndexPath(item: 0, section: 0)])
    // The data source was asked, and its dequeue gave the same cell back, still selected.
    #expect(screen.source.cellRequests == requests + 1)
    #expect(cv.cellForItem(at: IndexPath(item: 0, section: 0)) === cellA)
    #expect(cellA.label.text == "A2")
    #expect(cellA.isSelected)
    requests = screen.source.cellRequests
    screen.source.logsDisplay = true
    cv.reloadItems(at: [IndexPath(item: 1, section: 0)])
    // Reloading ends the old cell's display and makes the item a cell again (from the queue).
    #expect(screen.source.cellRequests == requests + 1)
    #expect(screen.source.log == ["didEndDisplaying 0.1", "willDisplay 0.1"])
    let reloaded = cv.cellForItem(at: IndexPath(item: 1, section: 0)) as! LabelCell
    #expect(reloaded.label.text == "B2")
  }

  @Test func theLayoutHearsTheUpdatesBeforeItIsAskedAgain() {
    final class RecordingLayout: UICollectionViewFlowLayout {
      var log: [String] = []
      override func prepare() {
        log.append("prepare")
        super.prepare()
      }
      override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        log.append(
          "updates " + updateItems.map { "\($0.updateAction) \($0.indexPathBeforeUpdate.map { "\(Array($0))" } ?? "-")>\($0.indexPathAfterUpdate.map { "\(Array($0))" } ?? "-")" }.joined(separator: ", "))
      }
      override func finalizeCollectionViewUpdates() { log.append("finalize") }
    }
    let layout = RecordingLayout()
    layout.itemSize = CGSize(width: 390, height: 44)
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 400), collectionViewLayout: layout)
    let source = RecordingCollection([["A", "B"]])
    cv.register(LabelCell.self, forCellWithReuseIdentifier: "item")
    cv.dataSource = source
    cv.layoutIfNeeded()
    #expect(layout.log == ["prepare"])
    layout.log.removeAll()
    source.sections = [["A", "B", "C"]]
    cv.insertItems(at: [IndexPath(item: 2, section: 0)])
    #expect(layout.log == ["updates insert ->[0, 2]", "prepare", "finalize"])
  }

  // MARK: Self-sizing

  @Test func cellsSizeThemselvesWithAnEstimatedItemSize() {
    final class SelfSizingCell: UICollectionViewCell {
      let label = UILabel()
      override init(frame: CGRect) {
        super.init(frame: frame)
        label.translatesAutoresizingMaskIntoConstraints = false
        label.numberOfLines = 0
        contentView.addSubview(label)
        // Trailing and bottom at 999, as iOS projects write them: while the cell still has its
        // estimated size the label's own size wins, without a broken constraint logged.
        let bottom = label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8)
        let trailing = label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8)
        bottom.priority = UILayoutPriority(999)
        trailing.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
          label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
          bottom,
          label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
          trailing,
          label.widthAnchor.constraint(equalToConstant: 200),
        ])
      }
      required init?(coder: NSCoder) { fatalError() }
    }
    final class Source: NSObject, UICollectionViewDataSource {
      let texts = ["One line", "Two\nlines", "Three\nlines\nhere"]
      func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
      func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! SelfSizingCell
        cell.label.text = texts[indexPath.item]
        return cell
      }
    }
    let layout = UICollectionViewFlowLayout()
    layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
    layout.minimumLineSpacing = 0
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
    cv.register(SelfSizingCell.self, forCellWithReuseIdentifier: "cell")
    let source = Source()
    cv.dataSource = source
    let controller = UIViewController()
    controller.view.addSubview(cv)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 600))
    _ = host
    cv.layoutIfNeeded()
    let frames = (0..<3).map { cv.cellForItem(at: IndexPath(item: $0, section: 0))!.frame }
    let line = UILabel().font.lineHeight
    #expect(frames[0].size.width == 216)
    #expect(abs(frames[0].height - (16 + line)) <= 1)
    #expect(frames[1].height > frames[0].height)
    #expect(frames[2].height > frames[1].height)
    // One item a line (216 + 10 + 216 > 390), each centred, stacked without gaps.
    #expect(frames[1].minY == frames[0].maxY)
    #expect(frames[2].minY == frames[1].maxY)
    #expect(cv.contentSize.height == frames[2].maxY)
  }

  // MARK: Custom layouts

  @Test func aCustomLayoutIsAskedInIOSOrder() {
    final class ColumnLayout: UICollectionViewLayout {
      var log: [String] = []
      var frames: [CGRect] = []
      override func prepare() {
        log.append("prepare")
        let count = collectionView!.numberOfItems(inSection: 0)
        frames = (0..<count).map { CGRect(x: 0, y: CGFloat($0) * 100, width: 50, height: 100) }
      }
      override var collectionViewContentSize: CGSize {
        log.append("contentSize")
        return CGSize(width: 50, height: CGFloat(frames.count) * 100)
      }
      override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        log.append("elements \(Int(rect.minY))..<\(Int(rect.maxY))")
        return frames.enumerated().filter { $0.element.intersects(rect) }.map { index, frame in
          let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: index, section: 0))
          attributes.frame = frame
          return attributes
        }
      }
      override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frames[indexPath.item]
        return attributes
      }
      override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        log.append("shouldInvalidate \(Int(newBounds.minY))")
        return false
      }
    }
    let layout = ColumnLayout()
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 250), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = .never
    let source = RecordingCollection([items(10)])
    cv.register(LabelCell.self, forCellWithReuseIdentifier: "item")
    cv.dataSource = source
    cv.layoutIfNeeded()
    #expect(layout.log == ["prepare", "contentSize", "elements 0..<250"])
    #expect(cv.visibleCells.count == 3)
    layout.log.removeAll()
    cv.contentOffset.y = 300
    cv.layoutIfNeeded()
    #expect(layout.log == ["shouldInvalidate 300", "contentSize", "elements 300..<550"])
    #expect(cv.indexPathsForVisibleItems == [3, 4, 5].map { IndexPath(item: $0, section: 0) })
    layout.log.removeAll()
    layout.invalidateLayout()
    cv.layoutIfNeeded()
    #expect(layout.log.first == "prepare")
  }

  @Test func layoutAttributesCopyAndCompareAsSubclassesNeed() {
    final class BadgeAttributes: UICollectionViewLayoutAttributes {
      var badge = 0
      override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! BadgeAttributes
        copy.badge = badge
        return copy
      }
      override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? BadgeAttributes,
          MainActor.assumeIsolated({ other.badge == badge })
        else { return false }
        return super.isEqual(object)
      }
    }
    let attributes = BadgeAttributes(forSupplementaryViewOfKind: "badge", with: IndexPath(item: 1, section: 2))
    attributes.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
    attributes.badge = 5
    attributes.zIndex = 3
    let copy = attributes.copy() as! BadgeAttributes
    #expect(copy.badge == 5)
    #expect(copy.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    #expect(copy.center == CGPoint(x: 25, y: 40))
    #expect(copy.representedElementCategory == .supplementaryView)
    #expect(copy.representedElementKind == "badge")
    #expect(copy.isEqual(attributes))
    copy.badge = 6
    #expect(!copy.isEqual(attributes))
  }

  // MARK: Registrations and the controller

  @Test func cellRegistrationsConfigureCellsWithTheirItems() {
    final class Controller: UICollectionViewController {
      let names = ["Ada", "Grace", "Edsger"]
      var registration: UICollectionView.CellRegistration<LabelCell, String>!
      var selected: [String] = []

      override func viewDidLoad() {
        super.viewDidLoad()
        registration = UICollectionView.CellRegistration<LabelCell, String> { cell, indexPath, name in
          cell.label.text = "\(indexPath.item + 1). \(name)"
        }
      }
      override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        names.count
      }
      override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
      {
        collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: names[indexPath.item])
      }
      override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(names[indexPath.item])
      }
    }
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 300, height: 44)
    let controller = Controller(collectionViewLayout: layout)
    let host = HeadlessHost(rootViewController: controller)
    let cv = controller.collectionView!
    #expect((cv.cellForItem(at: IndexPath(item: 1, section: 0)) as? LabelCell)?.label.text == "2. Grace")
    #expect(host.screen().contains("3. Edsger"))
    host.tap(cv.cellForItem(at: IndexPath(item: 2, section: 0))!)
    #expect(controller.selected == ["Edsger"])
    #expect(controller.collectionViewLayout === layout)
  }

  @Test func optionalCallSyntaxCompilesAsOnIOS() {
    let source = RecordingCollection([items(2)])
    let layout = UICollectionViewFlowLayout()
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
    cv.register(LabelCell.self, forCellWithReuseIdentifier: "item")
    cv.dataSource = source
    cv.delegate = source
    cv.delegate?.collectionView?(cv, didSelectItemAt: IndexPath(item: 1, section: 0))
    #expect(cv.dataSource?.numberOfSections?(in: cv) == 1)
    #expect(cv.dataSource?.collectionView?(cv, canMoveItemAt: IndexPath(item: 0, section: 0)) == false)
    #expect(source.log == ["didSelect 0.1"])
  }

  @Test func prefetchingAsksAheadOfTheScreenAndCancelsWhatMovedAway() {
    final class Prefetcher: NSObject, UICollectionViewDataSourcePrefetching {
      var log: [String] = []
      func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        log.append("prefetch \(indexPaths.map(\.item))")
      }
      func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        log.append("cancel \(indexPaths.map(\.item))")
      }
    }
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 100)
    layout.minimumLineSpacing = 0
    let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 200), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = .never
    let source = RecordingCollection([items(20)])
    let prefetcher = Prefetcher()
    cv.register(LabelCell.self, forCellWithReuseIdentifier: "item")
    cv.dataSource = source
    cv.prefetchDataSource = prefetcher
    cv.layoutIfNeeded()
    // A screen below (200–400) and nothing above the top.
    #expect(prefetcher.log == ["prefetch [2, 3]"])
    cv.contentOffset.y = 1000
    cv.layoutIfNeeded()
    #expect(prefetcher.log == ["prefetch [2, 3]", "cancel [2, 3]", "prefetch [8, 9, 12, 13]"])
  }
}

/// A data source with headers from a registered class.
@MainActor
private final class HeaderSource: NSObject, UICollectionViewDataSource {
  let sections: [[String]]
  init(_ sections: [[String]]) { self.sections = sections }
  func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }
  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
  }
  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> UICollectionReusableView {
    collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
  }
}
