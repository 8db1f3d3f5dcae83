import Foundation
import Testing
import UIKit
import UIKitTesting

/// A data source and delegate that records what the table asks and tells, with rows of text in
/// sections.
@MainActor
private final class RecordingTable: NSObject, UITableViewDataSource, UITableViewDelegate {
  var sections: [[String]]
  var headers: [String?] = []
  var footers: [String?] = []
  var log: [String] = []
  /// Every cell the table was given, once (to count how many exist).
  var distinctCells: [ObjectIdentifier: UITableViewCell] = [:]
  var cellRequests = 0
  var willSelect: (IndexPath) -> IndexPath? = { $0 }
  var heights: ((IndexPath) -> CGFloat)?
  var logsDisplay = false

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  private func name(_ indexPath: IndexPath) -> String { "\(indexPath.section).\(indexPath.row)" }

  func numberOfSections(in tableView: UITableView) -> Int { sections.count }
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    cellRequests += 1
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    distinctCells[ObjectIdentifier(cell)] = cell
    cell.textLabel?.text = sections[indexPath.section][indexPath.row]
    return cell
  }
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    section < headers.count ? headers[section] : nil
  }
  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    section < footers.count ? footers[section] : nil
  }
  func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    heights?(indexPath) ?? tableView.rowHeight
  }
  func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
    if logsDisplay { log.append("willDisplay \(name(indexPath))") }
  }
  func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
    if logsDisplay { log.append("didEndDisplaying \(name(indexPath))") }
  }
  func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
    log.append("shouldHighlight \(name(indexPath))")
    return true
  }
  func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
    log.append("didHighlight \(name(indexPath))")
  }
  func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
    log.append("didUnhighlight \(name(indexPath))")
  }
  func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    log.append("willSelect \(name(indexPath))")
    return willSelect(indexPath)
  }
  func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
    log.append("willDeselect \(name(indexPath))")
    return indexPath
  }
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    log.append("didSelect \(name(indexPath))")
  }
  func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
    log.append("didDeselect \(name(indexPath))")
  }
}

/// A controller showing a table that fills its view.
@MainActor
private final class TableScreen: UIViewController {
  let table: UITableView
  let source: RecordingTable

  init(style: UITableView.Style = .plain, sections: [[String]], register: AnyClass = UITableViewCell.self) {
    table = UITableView(frame: .zero, style: style)
    source = RecordingTable(sections)
    super.init(nibName: nil, bundle: nil)
    table.register(register, forCellReuseIdentifier: "row")
    table.dataSource = source
    table.delegate = source
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func viewDidLoad() {
    super.viewDidLoad()
    table.frame = view.bounds
    view.addSubview(table)
  }
}

/// An 80 × 24 terminal-sized host measuring text in cells.
@MainActor
private func cellHost(_ controller: UIViewController) -> HeadlessHost {
  HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
}

private func rows(_ count: Int, _ prefix: String = "Row") -> [String] { (0..<count).map { "\(prefix) \($0)" } }

@MainActor @Suite struct TableViewTests {
  // MARK: Index paths

  @Test func indexPathsHaveRowsAndSections() {
    let indexPath = IndexPath(row: 3, section: 1)
    #expect(indexPath.row == 3)
    #expect(indexPath.section == 1)
    #expect(Array(indexPath) == [1, 3])
    #expect(IndexPath(row: 0, section: 2) > IndexPath(row: 5, section: 1))
  }

  // MARK: Reuse

  @Test func onlyTheRowsInViewHaveCellsAndScrollingReusesThem() {
    let screen = TableScreen(sections: [rows(1000)])
    screen.table.rowHeight = 44
    let host = HeadlessHost(rootViewController: screen)
    _ = host
    // The content starts below the 47-point status bar (the adjusted inset): the 844-point
    // bounds show content from -47 to 797, rows 0 to 18 of 44 points.
    #expect(screen.table.contentOffset.y == -47)
    #expect(screen.table.contentSize.height == 44_000)
    #expect(screen.source.cellRequests == 19)
    #expect(screen.table.visibleCells.count == 19)
    #expect(screen.table.indexPathsForVisibleRows?.first == IndexPath(row: 0, section: 0))
    #expect(screen.table.indexPathsForVisibleRows?.last == IndexPath(row: 18, section: 0))

    for step in 1...50 {
      screen.table.setContentOffset(CGPoint(x: 0, y: CGFloat(step) * 30), animated: false)
      screen.table.layoutIfNeeded()
    }
    // 1500 points down: rows 34 to 53 show; the cells that left were handed out again.
    #expect(screen.table.indexPathsForVisibleRows?.first == IndexPath(row: 34, section: 0))
    #expect(screen.table.visibleCells.map { $0.textLabel?.text } == (34...53).map { "Row \($0)" })
    #expect(screen.source.distinctCells.count <= 21)
    #expect(screen.table.subviews.filter { $0 is UITableViewCell }.count == screen.table.visibleCells.count)
  }

  @Test func cellsComeBackThroughPrepareForReuse() {
    final class CountingCell: UITableViewCell {
      var reuses = 0
      override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
      }
    }
    let screen = TableScreen(sections: [rows(100)], register: CountingCell.self)
    screen.table.rowHeight = 100
    let host = cellHost(screen)
    screen.table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
    let first = screen.table.cellForRow(at: IndexPath(row: 0, section: 0)) as! CountingCell
    #expect(first.isSelected)
    screen.table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .top, animated: false)
    _ = host.screen()
    // The first row's cell was reused for a later row, its selection reset by prepareForReuse.
    #expect(first.reuses == 1)
    #expect(!first.isSelected)
    #expect(screen.table.indexPath(for: first)?.row ?? -1 >= 10)
    // Coming back, row 0 is still selected, whatever cell shows it.
    screen.table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
    screen.table.layoutIfNeeded()
    #expect(screen.table.cellForRow(at: IndexPath(row: 0, section: 0))?.isSelected == true)
  }

  @Test func displayAndEndDisplayFollowScrolling() {
    let screen = TableScreen(sections: [rows(10)])
    screen.table.rowHeight = 128
    screen.source.logsDisplay = true
    _ = cellHost(screen)
    #expect(screen.source.log == ["willDisplay 0.0", "willDisplay 0.1", "willDisplay 0.2"])
    screen.source.log = []
    screen.table.contentOffset = CGPoint(x: 0, y: 130)
    screen.table.layoutIfNeeded()
    #expect(screen.source.log == ["didEndDisplaying 0.0", "willDisplay 0.3", "willDisplay 0.4"])
  }

  @Test func unregisteredIdentifiersDequeueNothingWithoutAnIndexPath() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
    #expect(table.dequeueReusableCell(withIdentifier: "nothing") == nil)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    let cell = table.dequeueReusableCell(withIdentifier: "cell")
    #expect(cell?.reuseIdentifier == "cell")
    table.register(nil as AnyClass?, forCellReuseIdentifier: "cell")
    #expect(table.dequeueReusableCell(withIdentifier: "cell") == nil)
  }

  // MARK: Selection

  @Test func tappingRowsSelectsThemInIOSOrder() {
    let screen = TableScreen(sections: [rows(5)])
    screen.table.rowHeight = 48
    let host = cellHost(screen)
    host.tap(screen.table.cellForRow(at: IndexPath(row: 2, section: 0))!)
    #expect(screen.source.log == ["shouldHighlight 0.2", "didHighlight 0.2", "didUnhighlight 0.2", "willSelect 0.2", "didSelect 0.2"])
    screen.source.log = []
    host.tap(screen.table.cellForRow(at: IndexPath(row: 4, section: 0))!)
    #expect(
      screen.source.log == [
        "shouldHighlight 0.4", "didHighlight 0.4", "didUnhighlight 0.4", "willSelect 0.4", "willDeselect 0.2",
        "didDeselect 0.2", "didSelect 0.4",
      ])
    #expect(screen.table.indexPathForSelectedRow == IndexPath(row: 4, section: 0))
    #expect(screen.table.cellForRow(at: IndexPath(row: 4, section: 0))?.isSelected == true)
    #expect(screen.table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == false)
  }

  @Test func willSelectCanRedirectOrVeto() {
    let screen = TableScreen(sections: [rows(5)])
    screen.table.rowHeight = 48
    let host = cellHost(screen)
    screen.source.willSelect = { $0.row == 1 ? nil : IndexPath(row: 3, section: 0) }
    host.tap(screen.table.cellForRow(at: IndexPath(row: 1, section: 0))!)
    #expect(screen.table.indexPathForSelectedRow == nil)
    #expect(!screen.source.log.contains { $0.hasPrefix("didSelect") })
    host.tap(screen.table.cellForRow(at: IndexPath(row: 0, section: 0))!)
    #expect(screen.table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
    #expect(screen.source.log.last == "didSelect 0.3")
  }

  @Test func selectionCanBeTurnedOffAndMadeMultiple() {
    let screen = TableScreen(sections: [rows(5)])
    screen.table.rowHeight = 48
    let host = cellHost(screen)
    screen.table.allowsSelection = false
    host.tap(screen.table.cellForRow(at: IndexPath(row: 1, section: 0))!)
    #expect(screen.source.log.isEmpty)
    #expect(screen.table.indexPathForSelectedRow == nil)

    screen.table.allowsSelection = true
    screen.table.allowsMultipleSelection = true
    host.tap(screen.table.cellForRow(at: IndexPath(row: 1, section: 0))!)
    host.tap(screen.table.cellForRow(at: IndexPath(row: 3, section: 0))!)
    #expect(screen.table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)])
    screen.source.log = []
    host.tap(screen.table.cellForRow(at: IndexPath(row: 1, section: 0))!)
    #expect(screen.source.log.suffix(2) == ["willDeselect 0.1", "didDeselect 0.1"])
    #expect(screen.table.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)])
  }

  @Test func programmaticSelectionTellsNoDelegate() {
    let screen = TableScreen(sections: [rows(50)])
    screen.table.rowHeight = 48
    _ = cellHost(screen)
    screen.table.selectRow(at: IndexPath(row: 30, section: 0), animated: false, scrollPosition: .middle)
    #expect(screen.source.log.isEmpty)
    #expect(screen.table.indexPathForSelectedRow == IndexPath(row: 30, section: 0))
    // Row 30 (1440...1488) centred in 384 points.
    #expect(screen.table.contentOffset.y == CGFloat(1464 - 192))
    screen.table.deselectRow(at: IndexPath(row: 30, section: 0), animated: false)
    #expect(screen.table.indexPathForSelectedRow == nil)
    #expect(screen.source.log.isEmpty)
  }

  // MARK: Updates

  @Test func insertingAndDeletingRowsMovesTheCellsThatStay() {
    let screen = TableScreen(sections: [["A", "B", "C"]])
    screen.table.rowHeight = 48
    let host = cellHost(screen)
    let cellB = screen.table.cellForRow(at: IndexPath(row: 1, section: 0))!
    screen.table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)

    screen.source.sections[0].insert("New", at: 0)
    screen.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    #expect(screen.table.numberOfRows(inSection: 0) == 4)
    #expect(screen.table.cellForRow(at: IndexPath(row: 2, section: 0)) === cellB)
    #expect(screen.table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
    #expect(screen.table.visibleCells.map { $0.textLabel?.text } == ["New", "A", "B", "C"])
    #expect(screen.table.contentSize.height == CGFloat(4 * 48))

    // One group: deletes name rows as they were, inserts as they will be.
    screen.source.sections[0] = ["New", "B", "D", "C"]
    screen.table.performBatchUpdates {
      screen.table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
      screen.table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
    }
    #expect(screen.table.visibleCells.map { $0.textLabel?.text } == ["New", "B", "D", "C"])
    #expect(screen.table.cellForRow(at: IndexPath(row: 1, section: 0)) === cellB)
    #expect(screen.table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
    #expect(host.screen().contains("D"))

    screen.source.sections[0].removeAll()
    screen.table.beginUpdates()
    screen.table.deleteRows(at: (0..<4).map { IndexPath(row: $0, section: 0) }, with: .automatic)
    screen.table.endUpdates()
    #expect(screen.table.visibleCells.isEmpty)
    #expect(screen.table.indexPathForSelectedRow == nil)
    #expect(screen.table.contentSize.height == 0)
  }

  @Test func reloadingRowsAsksForNewCells() {
    let screen = TableScreen(sections: [["A", "B"]])
    screen.table.rowHeight = 48
    _ = cellHost(screen)
    screen.source.sections[0][1] = "Bee"
    let requests = screen.source.cellRequests
    screen.table.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .none)
    #expect(screen.source.cellRequests == requests + 1)
    #expect(screen.table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text == "Bee")

    screen.source.sections = [["X"], ["Y", "Z"]]
    screen.table.reloadData()
    #expect(screen.table.numberOfSections == 2)
    #expect(screen.table.visibleCells.map { $0.textLabel?.text } == ["X", "Y", "Z"])
  }

  @Test func sectionsInsertAndDelete() {
    let screen = TableScreen(sections: [["A"], ["B"]])
    screen.table.rowHeight = 48
    _ = cellHost(screen)
    let cellB = screen.table.cellForRow(at: IndexPath(row: 0, section: 1))
    screen.source.sections = [["New", "Rows"], ["A"], ["B"]]
    screen.table.insertSections(IndexSet(integer: 0), with: .automatic)
    #expect(screen.table.cellForRow(at: IndexPath(row: 0, section: 2)) === cellB)
    screen.source.sections = [["New", "Rows"], ["B"]]
    screen.table.deleteSections(IndexSet(integer: 1), with: .automatic)
    #expect(screen.table.visibleCells.map { $0.textLabel?.text } == ["New", "Rows", "B"])
  }

  // MARK: Drawing

  @Test func headersFootersAndRowsAreDrawn() {
    let screen = TableScreen(style: .grouped, sections: [["Apple", "Pear"], ["Carrot"]])
    screen.source.headers = ["Fruit", "Vegetables"]
    screen.source.footers = ["Two fruits"]
    screen.table.rowHeight = 32
    screen.table.sectionHeaderHeight = 32
    screen.table.sectionFooterHeight = 32
    let host = cellHost(screen)
    let lines = host.screen().components(separatedBy: "\n")
    // 16-point rows of text: header rows 0-1, rows 2-5, footer 6-7, next header 8-9, row 10-11.
    func line(_ text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
    #expect(line("Fruit") == 1)
    #expect(line("Apple") == 2 || line("Apple") == 3)
    #expect(line("Pear")! == line("Apple")! + 2)
    #expect(line("Two fruits") == 6)
    #expect(line("Vegetables") == 9)
    #expect(line("Carrot")! >= 10)
    #expect(lines[line("Apple")!].hasPrefix("  Apple"))
    #expect(screen.table.headerView(forSection: 1)?.textLabel?.text == "Vegetables")
    #expect(screen.table.rectForHeader(inSection: 1) == CGRect(x: 0, y: 128, width: 640, height: 32))
  }

  @Test func insetGroupedSectionsAreInsetFromTheSides() {
    let screen = TableScreen(style: .insetGrouped, sections: [["Wi-Fi"]])
    screen.table.rowHeight = 32
    let host = cellHost(screen)
    // 20 points in a regular width (16 in a compact one, an iPhone in portrait).
    #expect(screen.table.rectForRow(at: IndexPath(row: 0, section: 0)).minX == 20)
    #expect(screen.table.cellForRow(at: IndexPath(row: 0, section: 0))?.frame.width == CGFloat(640 - 40))
    #expect(host.screen().contains("    Wi-Fi"))
  }

  @Test func accessoriesAreDrawnAsGlyphsAtTheTrailingEdge() {
    let screen = TableScreen(sections: [["General", "Dark", "About"]])
    screen.table.rowHeight = 32
    let host = cellHost(screen)
    screen.table.cellForRow(at: IndexPath(row: 0, section: 0))?.accessoryType = .disclosureIndicator
    screen.table.cellForRow(at: IndexPath(row: 1, section: 0))?.accessoryType = .checkmark
    screen.table.cellForRow(at: IndexPath(row: 2, section: 0))?.accessoryType = .detailButton
    let lines = host.screen().components(separatedBy: "\n")
    let general = lines.first { $0.contains("General") }!
    #expect(general.hasSuffix("›"))
    #expect(general.count == 80 - 2)
    #expect(lines.first { $0.contains("Dark") }!.hasSuffix("✓"))
    #expect(lines.first { $0.contains("About") }!.hasSuffix("ⓘ"))
  }

  @Test func aDetailButtonTapIsNotASelection() {
    final class Detail: NSObject, UITableViewDataSource, UITableViewDelegate {
      var log: [String] = []
      func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "Info"
        cell.accessoryType = .detailButton
        return cell
      }
      func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
        log.append("accessory \(indexPath.row)")
      }
      func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("select") }
    }
    let screen = TableScreen(sections: [])
    let detail = Detail()
    screen.table.dataSource = detail
    screen.table.delegate = detail
    screen.table.rowHeight = 32
    let host = cellHost(screen)
    let cell = screen.table.cellForRow(at: IndexPath(row: 0, section: 0))!
    host.tap(cell, at: CGPoint(x: cell.bounds.width - 20, y: 16))
    #expect(detail.log == ["accessory 0"])
    host.tap(cell, at: CGPoint(x: 40, y: 16))
    #expect(detail.log == ["accessory 0", "select"])
  }

  @Test func plainHeadersFloatWhileTheirSectionScrolls() {
    let screen = TableScreen(style: .plain, sections: [rows(30, "Fruit"), rows(30, "Veg")])
    screen.source.headers = ["FRUITS", "VEGETABLES"]
    screen.table.rowHeight = 32
    screen.table.sectionHeaderHeight = 32
    let host = cellHost(screen)
    screen.table.contentOffset = CGPoint(x: 0, y: 320)
    var lines = host.screen().components(separatedBy: "\n")
    #expect(lines.prefix(2).contains { $0.contains("FRUITS") })
    #expect(!lines.contains { $0.contains("Fruit 0 ") || $0.hasSuffix("Fruit 0") })
    // In the second section, its header floats and the first one has gone.
    screen.table.contentOffset = CGPoint(x: 0, y: 32 * 31 + 32 * 5)
    lines = host.screen().components(separatedBy: "\n")
    #expect(lines.prefix(2).contains { $0.contains("VEGETABLES") })
    #expect(!lines.contains { $0.contains("FRUITS") })
  }

  @Test func tableHeaderAndFooterViewsFrameTheSections() {
    let screen = TableScreen(sections: [["A", "B"]])
    screen.table.rowHeight = 32
    let header = UILabel(frame: CGRect(x: 0, y: 0, width: 10, height: 48))
    header.text = "Profile"
    let footer = UILabel(frame: CGRect(x: 0, y: 0, width: 10, height: 32))
    footer.text = "Version 1.0"
    screen.table.tableHeaderView = header
    screen.table.tableFooterView = footer
    let host = cellHost(screen)
    #expect(header.frame == CGRect(x: 0, y: 0, width: 640, height: 48))
    #expect(screen.table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 48)
    #expect(footer.frame.minY == CGFloat(48 + 64))
    #expect(screen.table.contentSize.height == CGFloat(48 + 64 + 32))
    let lines = host.screen().components(separatedBy: "\n")
    #expect(lines.firstIndex { $0.contains("Profile") }! < lines.firstIndex { $0.contains("A") && !$0.contains("Profile") }!)
    #expect(lines.contains { $0.contains("Version 1.0") })
  }

  // MARK: Self-sizing

  @Test func selfSizingCellsTakeTheirHeightFromAutoLayout() {
    final class NoteCell: UITableViewCell {
      let body = UILabel()
      override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        body.numberOfLines = 0
        body.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(body)
        NSLayoutConstraint.activate([
          body.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
          body.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
          body.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 16),
          body.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -16),
        ])
      }
      required init?(coder: NSCoder) { fatalError() }
    }
    final class Notes: NSObject, UITableViewDataSource {
      let notes = ["One line", String(repeating: "word ", count: 40), "Short"]
      func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { notes.count }
      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath) as! NoteCell
        cell.body.text = notes[indexPath.row]
        return cell
      }
    }
    let screen = TableScreen(sections: [])
    let notes = Notes()
    screen.table.register(NoteCell.self, forCellReuseIdentifier: "note")
    screen.table.dataSource = notes
    screen.table.delegate = nil
    #expect(screen.table.rowHeight == UITableView.automaticDimension)
    let host = cellHost(screen)
    let heights = (0..<3).map { screen.table.rectForRow(at: IndexPath(row: $0, section: 0)).height }
    // One 16-point line between 16-point gaps; 40 words wrap to 3 lines of 76 columns (640
    // points less the 16-point margins).
    #expect(heights[0] == 48)
    #expect(heights[1] == CGFloat(32 + 3 * 16))
    #expect(heights[2] == 48)
    #expect(screen.table.contentSize.height == heights.reduce(0, +))
    let lines = host.screen().components(separatedBy: "\n")
    #expect(lines.firstIndex { $0.contains("Short") } == (48 + 80 + 16) / 16)
  }

  @Test func systemCellsAreAtLeast44PointsAndGrowWithTheirText() {
    let screen = TableScreen(sections: [["Short"]])
    let host = cellHost(screen)
    _ = host
    #expect(screen.table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 44)
  }

  // MARK: Cells

  @Test func cellStylesLayOutTheirLabels() {
    let value1 = UITableViewCell(style: .value1, reuseIdentifier: nil)
    value1.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
    value1.textLabel?.text = "Name"
    value1.detailTextLabel?.text = "Ada"
    value1.layoutIfNeeded()
    #expect(value1.textLabel!.frame.minX == 16)
    #expect(value1.detailTextLabel!.frame.maxX == CGFloat(320 - 16))
    let subtitle = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
    subtitle.frame = CGRect(x: 0, y: 0, width: 320, height: 80)
    subtitle.textLabel?.text = "Title"
    subtitle.detailTextLabel?.text = "Subtitle"
    subtitle.layoutIfNeeded()
    #expect(subtitle.detailTextLabel!.frame.minY > subtitle.textLabel!.frame.maxY)
    #expect(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
  }

  @Test func aListConfigurationShowsItsTexts() {
    final class Settings: NSObject, UITableViewDataSource {
      func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        var content = indexPath.row == 0 ? UIListContentConfiguration.valueCell() : cell.defaultContentConfiguration()
        content.text = indexPath.row == 0 ? "Name" : "Notifications"
        content.secondaryText = indexPath.row == 0 ? "Ada" : nil
        cell.contentConfiguration = content
        return cell
      }
    }
    let screen = TableScreen(sections: [])
    let settings = Settings()
    screen.table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    screen.table.dataSource = settings
    screen.table.delegate = nil
    let host = cellHost(screen)
    let lines = host.screen().components(separatedBy: "\n")
    let name = lines.first { $0.contains("Name") }!
    #expect(name.hasPrefix("  Name"))
    #expect(name.hasSuffix("Ada"))
    #expect(name.count == 80 - 2)
    #expect(lines.contains { $0.hasPrefix("  Notifications") })
    let content = screen.table.cellForRow(at: IndexPath(row: 0, section: 0))?.contentConfiguration
    #expect((content as? UIListContentConfiguration)?.secondaryText == "Ada")
  }

  @Test func aSelectedCellIsFilled() {
    let screen = TableScreen(sections: [["A", "B"]])
    screen.table.rowHeight = 32
    let host = cellHost(screen)
    screen.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    // Row B covers cell rows 2 and 3; its text stays on the grey fill.
    let grid = host.grid()
    #expect(grid.lines[2].hasPrefix("  B"))
    let unselected = grid[60, 0].background
    #expect(grid[60, 3].background != unselected)
    #expect(grid[60, 3].background == grid[1, 2].background)
    screen.table.cellForRow(at: IndexPath(row: 1, section: 0))?.selectionStyle = .none
    #expect(host.grid()[60, 3].background == unselected)
    #expect(screen.table.cellForRow(at: IndexPath(row: 1, section: 0))?.configurationState.isSelected == true)
  }
}

// MARK: - A form of text-field cells

/// A cell holding a text field, laid out with Auto Layout (self-sizing).
@MainActor
private final class FieldCell: UITableViewCell {
  let field = UITextField()

  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    field.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(field)
    NSLayoutConstraint.activate([
      field.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
      field.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
      field.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
      field.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
    ])
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A form: one text field per row; the text typed is kept per row (cells are reused).
@MainActor
private final class FieldForm: UITableViewController, UITextFieldDelegate {
  let labels = (1...12).map { "Field \($0)" }
  var values: [String] = Array(repeating: "", count: 12)
  var selections: [IndexPath] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(FieldCell.self, forCellReuseIdentifier: "field")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { labels.count }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "field", for: indexPath) as! FieldCell
    cell.field.placeholder = labels[indexPath.row]
    cell.field.text = values[indexPath.row]
    cell.field.tag = indexPath.row
    cell.field.delegate = self
    return cell
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    selections.append(indexPath)
  }

  func textFieldDidEndEditing(_ textField: UITextField) {
    values[textField.tag] = textField.text ?? ""
  }

  func field(_ row: Int) -> UITextField? {
    (tableView.cellForRow(at: IndexPath(row: row, section: 0)) as? FieldCell)?.field
  }
}

@MainActor @Suite struct TableFormTests {
  /// The focused field is on screen and above the keyboard.
  private func expectFocusedFieldVisible(_ host: HeadlessHost, _ form: FieldForm, _ comment: Comment) {
    guard let field = host.firstResponder as? UITextField, let keyboard = host.keyboardFrame else {
      Issue.record("no focused field or keyboard: \(comment)")
      return
    }
    let frame = field.convert(field.bounds, to: nil)
    #expect(frame.minY >= 0, comment)
    #expect(frame.maxY <= keyboard.minY, comment)
  }

  @Test func tabbingThroughAFormKeepsTheFocusedCellAboveTheKeyboard() {
    let form = FieldForm(style: .grouped)
    let host = HeadlessHost(
      rootViewController: form, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    host.tap(form.field(0)!)
    #expect(host.isKeyboardVisible)
    host.settle()
    expectFocusedFieldVisible(host, form, "field 1")
    host.type("Ada")
    for index in 1..<12 {
      host.press(.tab)
      host.settle()
      #expect((host.firstResponder as? UITextField)?.placeholder == "Field \(index + 1)")
      expectFocusedFieldVisible(host, form, "field \(index + 1)")
      host.type("v\(index + 1)")
    }
    // The last field shows on screen with what was typed.
    #expect(host.screen().contains("v12"))
    #expect(form.tableView.contentInset.bottom > 0)
    // Scrolling back to the top, the first row's new cell shows the kept text.
    form.tableView.endEditing(true)
    host.settle()
    #expect(!host.isKeyboardVisible)
    #expect(form.tableView.contentInset.bottom == 0)
    form.tableView.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
    #expect(host.screen().contains("Ada"))
    #expect(form.values[11] == "v12")
  }

  @Test func tappingAFieldFocusesItWithoutSelectingTheRow() {
    let form = FieldForm(style: .plain)
    let host = HeadlessHost(
      rootViewController: form, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    host.tap(form.field(3)!)
    host.settle()
    #expect(host.firstResponder === form.field(3))
    #expect(form.selections.isEmpty)
    #expect(form.tableView.indexPathForSelectedRow == nil)
    expectFocusedFieldVisible(host, form, "field 4")
    // A field far down the form, tapped once scrolled into view, moves above the keyboard.
    form.tableView.scrollToRow(at: IndexPath(row: 11, section: 0), at: .bottom, animated: false)
    _ = host.screen()
    host.tap(form.field(11)!)
    host.settle()
    #expect(host.firstResponder === form.field(11))
    expectFocusedFieldVisible(host, form, "field 12")
    // The screen shows the focused field above the keyboard.
    host.type("Here")
    #expect(host.screen().contains("Here"))
  }

  @Test func theFocusedCellIsKeptWhileScrolledAway() {
    let form = FieldForm(style: .plain)
    let host = HeadlessHost(
      rootViewController: form, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    let field = form.field(0)!
    host.tap(field)
    host.settle()
    form.tableView.scrollToRow(at: IndexPath(row: 11, section: 0), at: .bottom, animated: false)
    form.tableView.layoutIfNeeded()
    #expect(host.firstResponder === field)
    #expect(!form.tableView.visibleCells.contains { $0.contentView.subviews.contains(field) })
    host.type("still editing")
    #expect(field.text == "still editing")
  }

  @Test func clearsSelectionWhenTheViewWillAppear() {
    let form = FieldForm(style: .plain)
    _ = HeadlessHost(rootViewController: form, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    form.tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
    form.viewWillAppear(false)
    #expect(form.tableView.indexPathForSelectedRow == nil)
    form.clearsSelectionOnViewWillAppear = false
    form.tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
    form.viewWillAppear(false)
    #expect(form.tableView.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
  }
}
