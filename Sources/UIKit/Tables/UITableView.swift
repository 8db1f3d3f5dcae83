import Foundation
import TextEditing

/// A scrolling list of rows in sections, with section headers and footers, filled by a data
/// source and steered by a delegate.
///
/// Only the rows on screen have cells: as the table scrolls (each change of its bounds lays it
/// out again, as on iOS), cells that leave are put in a reuse queue and the data source's
/// `tableView(_:cellForRowAt:)` gets them back through
/// ``dequeueReusableCell(withIdentifier:for:)``. The content size comes from the row heights:
/// fixed (``rowHeight``, the delegate's `heightForRowAt`) or, with
/// ``UITableView/automaticDimension``, measured from the cell (its content view's constraints,
/// or its labels) when the cell first shows, estimated until then. A cell holding the first
/// responder is kept while it is off screen, as on iOS, so that editing goes on.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
  /// A table's look.
  public enum Style: Int, Sendable {
    /// Rows edge to edge; section headers float at the top while their section scrolls.
    case plain
    /// Sections apart, on a grouped background.
    case grouped
    /// Grouped sections inset from the table's sides.
    case insetGrouped
  }

  /// Where a row ends up when the table scrolls to it.
  public enum ScrollPosition: Int, Sendable {
    case none, top, middle, bottom
  }

  /// How rows appear and disappear (the terminal shows no in-between frames).
  public enum RowAnimation: Int, Sendable {
    case fade, right, left, top, bottom, none, middle
    case automatic = 100
  }

  /// A height that UIKit works out (a self-sizing row, header or footer).
  public static let automaticDimension: CGFloat = -1

  /// The table's look (open, as on iOS).
  open var style: Style { _style }
  private let _style: Style

  /// A table of `style`.
  public init(frame: CGRect, style: Style) {
    _style = style
    super.init(frame: frame)
    // UIKit's own default, not the app's setting: an appearance proxy may still replace it.
    _setBackgroundColor(style == .plain ? UIColor.systemBackground : .systemGroupedBackground)
  }

  /// A plain table.
  public convenience override init(frame: CGRect) {
    self.init(frame: frame, style: .plain)
  }

  public required init?(coder: NSCoder) {
    _style = .plain
    super.init(coder: coder)
  }

  /// Supplies the sections, rows and cells.
  open weak var dataSource: (any UITableViewDataSource)? {
    didSet { _setNeedsReload() }
  }

  /// Sizes rows and headers and hears about selection, display and scrolling (held weakly).
  /// It is the scroll view's delegate too: `UITableViewDelegate` inherits
  /// `UIScrollViewDelegate` (see `_UIScrollViewDelegateProperty` for why the property is
  /// redeclared rather than overridden).
  open var delegate: (any UITableViewDelegate)? {
    get { _delegateObject as? any UITableViewDelegate }
    set {
      _delegateObject = newValue
      _invalidateGeometry()
    }
  }

  // MARK: Heights

  /// The height of every row (``automaticDimension``: each row sizes to its cell).
  open var rowHeight: CGFloat = UITableView.automaticDimension {
    didSet { if oldValue != rowHeight { _invalidateGeometry() } }
  }
  /// The height of section headers (``automaticDimension``: from the title or view).
  open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension {
    didSet { _invalidateGeometry() }
  }
  /// The height of section footers (``automaticDimension``: from the title or view).
  open var sectionFooterHeight: CGFloat = UITableView.automaticDimension {
    didSet { _invalidateGeometry() }
  }
  /// The height a self-sizing row is given until its cell is measured (``automaticDimension``:
  /// 44 points).
  open var estimatedRowHeight: CGFloat = UITableView.automaticDimension {
    didSet { _invalidateGeometry() }
  }
  /// The estimated height of section headers.
  open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
  /// The estimated height of section footers.
  open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension

  // MARK: Appearance

  /// The style of the lines between rows.
  ///
  /// Linux difference: separators are not drawn (a terminal cell row cannot show a hairline
  /// between rows); the property is kept.
  open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine
  /// The colour of the lines between rows.
  open var separatorColor: UIColor? = .separator
  /// The inset of the lines between rows.
  open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
  /// The view behind the table's content.
  open var backgroundView: UIView? {
    didSet {
      oldValue?.removeFromSuperview()
      if let backgroundView { insertSubview(backgroundView, at: 0) }
      setNeedsLayout()
    }
  }

  /// A view above the first section (its height is its frame's; its width the table's).
  open var tableHeaderView: UIView? {
    didSet {
      if oldValue !== tableHeaderView { oldValue?.removeFromSuperview() }
      if let tableHeaderView { addSubview(tableHeaderView) }
      _invalidateGeometry()
    }
  }
  /// A view below the last section.
  open var tableFooterView: UIView? {
    didSet {
      if oldValue !== tableFooterView { oldValue?.removeFromSuperview() }
      if let tableFooterView { addSubview(tableFooterView) }
      _invalidateGeometry()
    }
  }

  // MARK: Selection settings

  /// Whether the user can select rows (touches highlight and select).
  open var allowsSelection = true
  /// Whether several rows can be selected (a tap on a selected row deselects it).
  open var allowsMultipleSelection = false
  /// Whether rows can be selected while editing.
  open var allowsSelectionDuringEditing = false
  /// Whether several rows can be selected while editing.
  open var allowsMultipleSelectionDuringEditing = false
  /// Whether the table is editing.
  open var isEditing = false
  /// Starts or ends editing (cells enter and leave editing mode).
  open func setEditing(_ editing: Bool, animated: Bool) {
    isEditing = editing
    for cell in _cells.values { cell.setEditing(editing, animated: animated) }
  }

  // MARK: Data

  private struct _Section {
    var rows: Int
    var header: UIView?
    var footer: UIView?
    /// Measured heights of self-sizing rows (nil: not measured yet).
    var measured: [CGFloat?]
  }

  private var _sections: [_Section] = []
  private var _needsReload = true

  private func _setNeedsReload() {
    _needsReload = true
    setNeedsLayout()
  }

  /// Asks the data source for everything again: sections, rows, titles; the cells on screen go
  /// to the reuse queue and the visible rows get new ones at the next layout. The selection is
  /// cleared.
  open func reloadData() {
    _closeSwipe()
    _recycleAllCells()
    _selected.removeAll()
    _setNeedsReload()
  }

  /// Whether the table has asked its data source for its counts since the last reload.
  var _hasLoadedData: Bool { !_needsReload }

  private func _loadDataIfNeeded() {
    guard _needsReload else { return }
    _needsReload = false
    for section in _sections {
      section.header?.removeFromSuperview()
      section.footer?.removeFromSuperview()
    }
    _recycleAllCells()
    _sections = []
    guard let dataSource else {
      _invalidateGeometry()
      return
    }
    let count = dataSource.numberOfSections(in: self)
    for section in 0..<max(0, count) {
      let rows = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
      _sections.append(_Section(rows: rows, header: nil, footer: nil, measured: Array(repeating: nil, count: rows)))
    }
    for section in _sections.indices { _loadSupplementaryViews(section) }
    _invalidateGeometry()
  }

  private func _loadSupplementaryViews(_ section: Int) {
    _sections[section].header?.removeFromSuperview()
    _sections[section].footer?.removeFromSuperview()
    _sections[section].header = _supplementaryView(section, footer: false)
    _sections[section].footer = _supplementaryView(section, footer: true)
  }

  /// The delegate's header (footer) view, or a header-footer view showing the data source's
  /// title, or nil.
  private func _supplementaryView(_ section: Int, footer: Bool) -> UIView? {
    if let view = footer
      ? delegate?.tableView(self, viewForFooterInSection: section)
      : delegate?.tableView(self, viewForHeaderInSection: section)
    {
      (view as? UITableViewHeaderFooterView)?._isFooter = footer
      return view
    }
    let title = footer
      ? dataSource?.tableView(self, titleForFooterInSection: section)
      : dataSource?.tableView(self, titleForHeaderInSection: section)
    guard let title else { return nil }
    let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
    view._isFooter = footer
    if style == .insetGrouped {
      view.contentView.directionalLayoutMargins.leading += _sideInset
    }
    view.textLabel?.text = title
    if style == .plain && !footer {
      view.textLabel?.font = .preferredFont(forTextStyle: .headline)
      view.textLabel?.textColor = .label
      view.backgroundColor = .secondarySystemBackground
    }
    return view
  }

  /// The number of sections.
  open var numberOfSections: Int {
    _loadDataIfNeeded()
    return _sections.count
  }

  /// The number of rows in `section`.
  open func numberOfRows(inSection section: Int) -> Int {
    _loadDataIfNeeded()
    precondition(
      _sections.indices.contains(section),
      "request for number of rows in section (\(section)) when there are only \(_sections.count) sections in the table view")
    return _sections[section].rows
  }

  private func _checkIndexPath(_ indexPath: IndexPath, _ what: String) {
    precondition(
      indexPath.count == 2 && _sections.indices.contains(indexPath.section)
        && (0..<_sections[indexPath.section].rows).contains(indexPath.row),
      "\(what): index path \(indexPath) is out of range (\(_sections.count) sections; \(indexPath.count == 2 && _sections.indices.contains(indexPath.section) ? "\(_sections[indexPath.section].rows) rows in section \(indexPath.section)" : "no such section"))"
    )
  }

  // MARK: Geometry

  /// Where each section's parts are, in content coordinates.
  private struct _SectionGeometry {
    var headerY: CGFloat
    var headerHeight: CGFloat
    /// The top of each row, and one more entry: the end of the last row.
    var rowTops: [CGFloat]
    var footerHeight: CGFloat
    var rowsEnd: CGFloat { rowTops.last! }
    var footerY: CGFloat { rowsEnd }
    var bottom: CGFloat { rowsEnd + footerHeight }
  }

  private var _geometry: [_SectionGeometry] = []
  private var _geometryValid = false
  private var _contentHeight: CGFloat = 0
  private var _geometryWidth: CGFloat = -1

  private func _invalidateGeometry() {
    _geometryValid = false
    setNeedsLayout()
  }

  /// The inset of an inset-grouped table's sections from its sides.
  private var _sideInset: CGFloat { style == .insetGrouped ? (bounds.width >= 600 ? 20 : 16) : 0 }

  /// Whether the row's height comes from its cell.
  private func _isSelfSizing(_ indexPath: IndexPath) -> Bool {
    let height = delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
    return height < 0
  }

  private func _height(ofRow indexPath: IndexPath) -> CGFloat {
    let height = delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
    if height >= 0 { return height }
    if let measured = _sections[indexPath.section].measured[indexPath.row] { return measured }
    let estimate = delegate?.tableView(self, estimatedHeightForRowAt: indexPath) ?? estimatedRowHeight
    return estimate > 0 ? estimate : 44
  }

  private func _height(ofSupplementary section: Int, footer: Bool) -> CGFloat {
    let asked = footer
      ? (delegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight)
      : (delegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight)
    if asked >= 0 { return asked }
    let view = footer ? _sections[section].footer : _sections[section].header
    let width = bounds.width
    if let view = view as? UITableViewHeaderFooterView {
      // Measured in the table, so that its text measures as the window's does.
      let attached = view.superview === self
      if !attached { addSubview(view) }
      defer { if !attached { view.removeFromSuperview() } }
      return max(style == .plain ? 28 : 38, view._fittingHeight(width: width))
    }
    if let view {
      return view.frame.height > 0 ? view.frame.height : 28
    }
    // No title and no view: plain sections touch; grouped ones keep their gap.
    switch style {
    case .plain: return 0
    case .grouped, .insetGrouped: return footer ? 18 : (section == 0 ? 36 : 18)
    }
  }

  private func _ensureGeometry() {
    _loadDataIfNeeded()
    if bounds.width != _geometryWidth {
      // Self-sized heights depend on the width.
      _geometryWidth = bounds.width
      for section in _sections.indices {
        _sections[section].measured = Array(repeating: nil, count: _sections[section].rows)
      }
      _geometryValid = false
    }
    guard !_geometryValid else { return }
    _geometryValid = true
    var y = tableHeaderView?.frame.height ?? 0
    _geometry = []
    for section in _sections.indices {
      let header = _height(ofSupplementary: section, footer: false)
      var tops: [CGFloat] = []
      tops.reserveCapacity(_sections[section].rows + 1)
      var rowY = y + header
      for row in 0..<_sections[section].rows {
        tops.append(rowY)
        rowY += _height(ofRow: IndexPath(row: row, section: section))
      }
      tops.append(rowY)
      let footer = _height(ofSupplementary: section, footer: true)
      let geometry = _SectionGeometry(headerY: y, headerHeight: header, rowTops: tops, footerHeight: footer)
      _geometry.append(geometry)
      y = geometry.bottom
    }
    _contentHeight = y + (tableFooterView?.frame.height ?? 0)
  }

  /// The rectangle of a row in the table's content coordinates.
  open func rectForRow(at indexPath: IndexPath) -> CGRect {
    _ensureGeometry()
    _checkIndexPath(indexPath, "rectForRow(at:)")
    return _rowRect(indexPath)
  }

  private func _rowRect(_ indexPath: IndexPath) -> CGRect {
    let geometry = _geometry[indexPath.section]
    let top = geometry.rowTops[indexPath.row]
    let inset = _sideInset
    return CGRect(
      x: inset, y: top, width: max(0, bounds.width - 2 * inset), height: geometry.rowTops[indexPath.row + 1] - top)
  }

  /// The rectangle of a section (header, rows and footer).
  open func rect(forSection section: Int) -> CGRect {
    _ensureGeometry()
    let geometry = _geometry[section]
    return CGRect(x: 0, y: geometry.headerY, width: bounds.width, height: geometry.bottom - geometry.headerY)
  }

  /// The rectangle of a section's header.
  open func rectForHeader(inSection section: Int) -> CGRect {
    _ensureGeometry()
    let geometry = _geometry[section]
    return CGRect(x: 0, y: geometry.headerY, width: bounds.width, height: geometry.headerHeight)
  }

  /// The rectangle of a section's footer.
  open func rectForFooter(inSection section: Int) -> CGRect {
    _ensureGeometry()
    let geometry = _geometry[section]
    return CGRect(x: 0, y: geometry.footerY, width: bounds.width, height: geometry.footerHeight)
  }

  /// The row at `point` (content coordinates), if any.
  open func indexPathForRow(at point: CGPoint) -> IndexPath? {
    _ensureGeometry()
    guard point.x >= 0, point.x < bounds.width else { return nil }
    for (section, geometry) in _geometry.enumerated() where point.y >= geometry.headerY && point.y < geometry.bottom {
      guard let row = _row(at: point.y, in: geometry) else { return nil }
      return IndexPath(row: row, section: section)
    }
    return nil
  }

  /// The row of `geometry` covering `y`, by binary search.
  private func _row(at y: CGFloat, in geometry: _SectionGeometry) -> Int? {
    let tops = geometry.rowTops
    guard tops.count > 1, y >= tops[0], y < tops[tops.count - 1] else { return nil }
    var low = 0, high = tops.count - 2
    while low < high {
      let mid = (low + high + 1) / 2
      if tops[mid] <= y { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The rows whose rectangles meet `rect` (content coordinates), in order.
  open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
    _ensureGeometry()
    return _indexPaths(in: rect)
  }

  private func _indexPaths(in rect: CGRect) -> [IndexPath] {
    var result: [IndexPath] = []
    guard rect.height > 0 else { return result }
    for (section, geometry) in _geometry.enumerated() {
      guard geometry.rowsEnd > rect.minY, geometry.rowTops[0] < rect.maxY, geometry.rowTops.count > 1 else { continue }
      let first = _row(at: max(rect.minY, geometry.rowTops[0]), in: geometry) ?? 0
      var row = first
      while row < geometry.rowTops.count - 1, geometry.rowTops[row] < rect.maxY {
        if geometry.rowTops[row + 1] > geometry.rowTops[row] || geometry.rowTops[row] >= rect.minY {
          result.append(IndexPath(row: row, section: section))
        }
        row += 1
      }
    }
    return result
  }

  // MARK: Cells and reuse

  private enum _Registration {
    case cellClass(UITableViewCell.Type)
  }
  private var _cellRegistrations: [String: _Registration] = [:]
  private var _headerFooterRegistrations: [String: UITableViewHeaderFooterView.Type] = [:]
  private var _reuseQueue: [String: [UITableViewCell]] = [:]
  private var _headerFooterQueue: [String: [UITableViewHeaderFooterView]] = [:]
  /// The cells showing rows, by row.
  private var _cells: [IndexPath: UITableViewCell] = [:]
  /// The row a dequeue is for (the cell gets its width before the data source configures it).
  private var _rowBeingDequeued: IndexPath?

  /// Registers a cell class (a `UITableViewCell` subclass) for `identifier`: dequeuing makes
  /// new cells of it with `init(style: .default, reuseIdentifier:)`. Nil removes the
  /// registration.
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
    guard let cellClass else {
      _cellRegistrations[identifier] = nil
      return
    }
    guard let type = cellClass as? UITableViewCell.Type else {
      preconditionFailure("must pass a class of kind UITableViewCell")
    }
    _cellRegistrations[identifier] = .cellClass(type)
  }

  /// Registers a header or footer view class for `identifier`.
  open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
    guard let aClass else {
      _headerFooterRegistrations[identifier] = nil
      return
    }
    guard let type = aClass as? UITableViewHeaderFooterView.Type else {
      preconditionFailure("must pass a class of kind UITableViewHeaderFooterView")
    }
    _headerFooterRegistrations[identifier] = type
  }

  /// A cell from the reuse queue for `identifier` (after its `prepareForReuse()`), or a new
  /// one of the registered class, or nil when neither exists.
  open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
    let cell: UITableViewCell
    if var queue = _reuseQueue[identifier], let reused = queue.popLast() {
      _reuseQueue[identifier] = queue
      reused.prepareForReuse()
      cell = reused
    } else if case .cellClass(let type) = _cellRegistrations[identifier] {
      cell = type.init(_registeredReuseIdentifier: identifier)
    } else {
      return nil
    }
    if let indexPath = _rowBeingDequeued, _geometryValid, _sections.indices.contains(indexPath.section) {
      cell.frame = _rowRect(indexPath)
    } else {
      cell.frame.size.width = bounds.width - 2 * _sideInset
    }
    cell.setEditing(isEditing, animated: false)
    return cell
  }

  /// A cell for the row at `indexPath`: from the reuse queue or new, sized to the row. The
  /// identifier must be registered (``register(_:forCellReuseIdentifier:)``), as on iOS.
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
    if let cell = _reconfiguring[indexPath], cell.reuseIdentifier == identifier { return cell }
    let saved = _rowBeingDequeued
    _rowBeingDequeued = indexPath
    defer { _rowBeingDequeued = saved }
    guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
      preconditionFailure(
        "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
      )
    }
    return cell
  }

  /// A header or footer view from the reuse queue, or a new one of the registered class.
  open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
    if var queue = _headerFooterQueue[identifier], let view = queue.popLast() {
      _headerFooterQueue[identifier] = queue
      view.prepareForReuse()
      return view
    }
    return _headerFooterRegistrations[identifier].map { $0.init(_registeredReuseIdentifier: identifier) }
  }

  /// The cell showing the row, or nil when the row is not on screen.
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
    _cells[indexPath]
  }

  /// The row `cell` shows, or nil when it shows none.
  open func indexPath(for cell: UITableViewCell) -> IndexPath? {
    _cells.first { $0.value === cell }?.key
  }

  /// The cells on screen, in row order.
  open var visibleCells: [UITableViewCell] {
    indexPathsForVisibleRows?.compactMap { _cells[$0] } ?? []
  }

  /// The rows on screen, in order.
  open var indexPathsForVisibleRows: [IndexPath]? {
    layoutIfNeeded()
    return _cells.filter { $0.value.frame.safeIntersects(bounds) }.keys.sorted()
  }

  /// The view of a section's header, if it has one.
  open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
    _loadDataIfNeeded()
    return _sections.indices.contains(section) ? _sections[section].header as? UITableViewHeaderFooterView : nil
  }

  /// The view of a section's footer, if it has one.
  open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
    _loadDataIfNeeded()
    return _sections.indices.contains(section) ? _sections[section].footer as? UITableViewHeaderFooterView : nil
  }

  /// Whether `cell` holds the window's first responder (such a cell stays while off screen).
  private func _holdsFirstResponder(_ cell: UITableViewCell) -> Bool {
    guard let responder = window?.firstResponderObject as? UIView else { return false }
    return responder.isDescendant(of: cell)
  }

  private func _recycle(_ cell: UITableViewCell, at indexPath: IndexPath) {
    if _openSwipe?.row === cell { _closeSwipe() }
    _cells[indexPath] = nil
    cell.removeFromSuperview()
    delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    if let identifier = cell.reuseIdentifier { _reuseQueue[identifier, default: []].append(cell) }
  }

  private func _recycleAllCells() {
    for indexPath in _cells.keys.sorted() {
      if let cell = _cells[indexPath] { _recycle(cell, at: indexPath) }
    }
  }

  // MARK: Layout

  // Scrolling moves the bounds' origin, which marks the scroll view for layout: the table
  // tiles the rows now in view there, as iOS's does.
  open override func layoutSubviews() {
    super.layoutSubviews()
    _tile()
  }

  private var _isTiling = false

  /// Gives the rows in view their cells (measuring self-sizing ones), sends the others to the
  /// reuse queue, and places headers, footers and the table's header and footer views.
  private func _tile() {
    // Measuring a cell lays it out, which may reach up to the table (it needs layout while it
    // is tiling): that nested layout has nothing to add.
    guard !_isTiling else { return }
    _isTiling = true
    defer { _isTiling = false }
    // Measuring a self-sizing row moves the rows after it; a few passes settle it.
    for _ in 0..<8 {
      _ensureGeometry()
      contentSize = CGSize(width: bounds.width, height: _contentHeight)
      let wanted = Set(_indexPaths(in: bounds))
      for (indexPath, cell) in _cells where !wanted.contains(indexPath) && !_holdsFirstResponder(cell) {
        _recycle(cell, at: indexPath)
      }
      var measuredAgain = false
      for indexPath in wanted.sorted() where _cells[indexPath] == nil {
        guard let dataSource else { break }
        _rowBeingDequeued = indexPath
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        _rowBeingDequeued = nil
        cell._tableView = self
        cell.frame = _rowRect(indexPath)
        // Added before it is measured, so that its text measures as the window's does.
        insertSubview(cell, at: backgroundView == nil ? 0 : 1)
        if _isSelfSizing(indexPath), _sections[indexPath.section].measured[indexPath.row] == nil {
          let height = cell._fittingHeight(width: cell.frame.width)
          _sections[indexPath.section].measured[indexPath.row] = height
          if height != cell.frame.height {
            measuredAgain = true
            _geometryValid = false
          }
        }
        cell.setSelected(_selected.contains(indexPath), animated: false)
        _cells[indexPath] = cell
        delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
      }
      if !measuredAgain { break }
    }
    for (indexPath, cell) in _cells { cell.frame = _rowRect(indexPath) }
    _placeSupplementaryViews()
  }

  private func _placeSupplementaryViews() {
    backgroundView?.frame = bounds
    if let header = tableHeaderView {
      header.frame = CGRect(x: 0, y: 0, width: bounds.width, height: header.frame.height)
    }
    if let footer = tableFooterView {
      footer.frame = CGRect(
        x: 0, y: (_geometry.last?.bottom ?? tableHeaderView?.frame.height ?? 0), width: bounds.width,
        height: footer.frame.height)
    }
    let visibleTop = bounds.minY + adjustedContentInset.top
    for section in _sections.indices {
      let geometry = _geometry[section]
      for footer in [false, true] {
        guard let view = footer ? _sections[section].footer : _sections[section].header else { continue }
        let height = footer ? geometry.footerHeight : geometry.headerHeight
        var y = footer ? geometry.footerY : geometry.headerY
        // A plain table's headers float at the top while their section is in view.
        if style == .plain, !footer { y = max(y, min(visibleTop, geometry.rowsEnd - height)) }
        let frame = CGRect(x: 0, y: y, width: bounds.width, height: height)
        if frame.safeIntersects(bounds) && height > 0 {
          view.frame = frame
          let isNew = view.superview !== self
          // Headers cover the cells that scroll under them.
          addSubview(view)
          if isNew {
            if footer {
              delegate?.tableView(self, willDisplayFooterView: view, forSection: section)
            } else {
              delegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
            }
          }
        } else if view.superview === self {
          view.removeFromSuperview()
        }
      }
    }
  }

  // MARK: Scrolling

  /// Scrolls so that the row is at `scrollPosition` (`.none`: the least scroll that shows it).
  open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
    let rect = rectForRow(at: indexPath)
    _scroll(to: rect, at: scrollPosition, animated: animated)
  }

  private func _scroll(to rect: CGRect, at position: ScrollPosition, animated: Bool) {
    contentSize = CGSize(width: bounds.width, height: _contentHeight)
    let inset = adjustedContentInset
    let visibleHeight = bounds.height - inset.top - inset.bottom
    var y = contentOffset.y
    switch position {
    case .none:
      scrollRectToVisible(rect, animated: animated)
      return
    case .top: y = rect.minY - inset.top
    case .middle: y = rect.midY - inset.top - visibleHeight / 2
    case .bottom: y = rect.maxY - inset.top - visibleHeight
    }
    let maximum = max(-inset.top, contentSize.height + inset.bottom - bounds.height)
    y = min(max(y, -inset.top), maximum)
    setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
  }

  // MARK: Selection

  private var _selected: Set<IndexPath> = []

  /// The selected row (the first, when several are).
  open var indexPathForSelectedRow: IndexPath? { _selected.min() }

  /// The selected rows, in order (nil when none is).
  open var indexPathsForSelectedRows: [IndexPath]? { _selected.isEmpty ? nil : _selected.sorted() }

  /// Selects the row (nil: clears the selection) without asking or telling the delegate, and
  /// scrolls it to `scrollPosition`. Without multiple selection, it deselects the others.
  open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    _loadDataIfNeeded()
    guard let indexPath else {
      for old in _selected { _setSelected(false, old) }
      return
    }
    _checkIndexPath(indexPath, "selectRow(at:animated:scrollPosition:)")
    if !allowsMultipleSelection {
      for old in _selected where old != indexPath { _setSelected(false, old) }
    }
    _setSelected(true, indexPath)
    if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// Deselects the row without asking or telling the delegate.
  open func deselectRow(at indexPath: IndexPath, animated: Bool) {
    _setSelected(false, indexPath)
  }

  private func _setSelected(_ selected: Bool, _ indexPath: IndexPath) {
    if selected { _selected.insert(indexPath) } else { _selected.remove(indexPath) }
    _cells[indexPath]?.setSelected(selected, animated: false)
  }

  /// A tap on a row, as iOS handles it: `willSelectRowAt` (which may redirect or veto), then,
  /// without multiple selection, `willDeselectRowAt` and `didDeselectRowAt` for the row that
  /// was selected, then `didSelectRowAt`. With multiple selection, a tap on a selected row
  /// deselects it (`willDeselectRowAt`, `didDeselectRowAt`).
  private func _userTapped(_ indexPath: IndexPath) {
    if allowsMultipleSelection, _selected.contains(indexPath) {
      guard let target = delegate?.tableView(self, willDeselectRowAt: indexPath) ?? (delegate == nil ? indexPath : nil)
      else { return }
      _setSelected(false, target)
      delegate?.tableView(self, didDeselectRowAt: target)
      return
    }
    guard let target = delegate?.tableView(self, willSelectRowAt: indexPath) ?? (delegate == nil ? indexPath : nil)
    else { return }
    if !allowsMultipleSelection {
      for old in _selected.sorted() where old != target {
        guard let deselect = delegate?.tableView(self, willDeselectRowAt: old) ?? (delegate == nil ? old : nil)
        else { continue }
        _setSelected(false, deselect)
        delegate?.tableView(self, didDeselectRowAt: deselect)
      }
    }
    _setSelected(true, target)
    delegate?.tableView(self, didSelectRowAt: target)
  }

  // MARK: Touches

  private var _touchedRow: IndexPath?
  private var _touchOnAccessory = false

  private var _selectionAllowed: Bool {
    isEditing ? allowsSelectionDuringEditing : allowsSelection
  }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = touches.first else { return }
    let point = touch.location(in: self)
    let row = indexPathForRow(at: point)
    if _swipeTouchBegan(at: point, row: row.flatMap { _cells[$0] }, indexPath: row) { return }
    guard let indexPath = row, let cell = _cells[indexPath] else { return }
    _touchedRow = indexPath
    _scheduleContextMenu(for: indexPath) { [weak self] in
      guard let self, _showContextMenu(forRowAt: indexPath, at: point) else { return }
      // The touch selects nothing when it lifts.
      _endTouch(selecting: false)
    }
    if let accessory = cell._accessoryFrame, cell.accessoryView == nil,
      cell.accessoryType == .detailButton || cell.accessoryType == .detailDisclosureButton,
      accessory.insetBy(dx: -8, dy: -8).contains(touch.location(in: cell))
    {
      _touchOnAccessory = true
      return
    }
    _touchOnAccessory = false
    guard _selectionAllowed, delegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true else {
      return
    }
    cell.setHighlighted(true, animated: false)
    delegate?.tableView(self, didHighlightRowAt: indexPath)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = touches.first else { return }
    let point = touch.location(in: self)
    // A sideways drag on a row with swipe actions on that side moves the row instead.
    let swiping = _swipeTouchMoved(to: point) { [self] indexPath, leading in
      leading
        ? delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
        : delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
    }
    if swiping {
      _cancelScheduledContextMenu()
      if _touchedRow != nil { _endTouch(selecting: false) }
      return
    }
    _contextMenuTouchMoved(over: indexPathForRow(at: point))
    guard let row = _touchedRow else { return }
    if indexPathForRow(at: point) != row { _endTouch(selecting: false) }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    _cancelScheduledContextMenu()
    if _swipeTouchEnded(cancelled: false) { return }
    _endTouch(selecting: true)
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    _cancelScheduledContextMenu()
    if _swipeTouchEnded(cancelled: true) { return }
    _endTouch(selecting: false)
  }

  private func _endTouch(selecting: Bool) {
    guard let indexPath = _touchedRow else { return }
    _touchedRow = nil
    if _touchOnAccessory {
      _touchOnAccessory = false
      if selecting { delegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath) }
      return
    }
    if let cell = _cells[indexPath], cell.isHighlighted {
      cell.setHighlighted(false, animated: false)
      delegate?.tableView(self, didUnhighlightRowAt: indexPath)
    }
    if selecting, _selectionAllowed, _sections.indices.contains(indexPath.section),
      indexPath.row < _sections[indexPath.section].rows
    {
      _userTapped(indexPath)
    }
  }

  // MARK: Updates

  private struct _Batch {
    var insertedRows: [IndexPath] = []
    var deletedRows: [IndexPath] = []
    var reloadedRows: [IndexPath] = []
    var insertedSections = IndexSet()
    var deletedSections = IndexSet()
    var reloadedSections = IndexSet()
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    var movedSections: [(from: Int, to: Int)] = []
  }
  private var _batch: _Batch?
  private var _updateDepth = 0

  /// Starts a group of inserts, deletes and reloads applied together at ``endUpdates()``
  /// (deletes and reloads name rows as they were before, inserts as they will be).
  open func beginUpdates() {
    _updateDepth += 1
    if _updateDepth == 1 { _batch = _Batch() }
  }

  /// Applies the group of updates begun with ``beginUpdates()``: checks the data source's new
  /// counts against them (iOS's "Invalid update" when they disagree), moves the cells, heights
  /// and selection of the rows that stay, and lays out the rows in view.
  open func endUpdates() {
    precondition(_updateDepth > 0, "endUpdates() called without a matching beginUpdates()")
    _updateDepth -= 1
    guard _updateDepth == 0, let batch = _batch else { return }
    _batch = nil
    _apply(batch)
  }

  /// Runs `updates` (inserts, deletes, reloads) as one group; `completion` runs when the
  /// animation would have finished.
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    beginUpdates()
    updates?()
    endUpdates()
    if let completion {
      UIApplication.shared._scheduler.schedule(after: 0.3) { completion(true) }
    }
  }

  private func _update(_ change: (inout _Batch) -> Void) {
    beginUpdates()
    change(&_batch!)
    endUpdates()
  }

  /// Inserts rows (index paths after the update).
  open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    _update { $0.insertedRows += indexPaths }
  }

  /// Deletes rows (index paths before the update).
  open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    _update { $0.deletedRows += indexPaths }
  }

  /// Asks the data source for new cells (and heights) of rows.
  open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    _update { $0.reloadedRows += indexPaths }
  }

  /// Inserts sections (indexes after the update).
  open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
    _update { $0.insertedSections.formUnion(sections) }
  }

  /// Deletes sections (indexes before the update).
  open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
    _update { $0.deletedSections.formUnion(sections) }
  }

  /// Asks the data source for a section's rows, titles and cells again.
  open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
    _update { $0.reloadedSections.formUnion(sections) }
  }

  /// Moves a row (`indexPath` before the update, `newIndexPath` after); its cell goes with it.
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    _update { $0.movedRows.append((indexPath, newIndexPath)) }
  }

  /// Moves a section (`section` before the update, `newSection` after).
  open func moveSection(_ section: Int, toSection newSection: Int) {
    _update { $0.movedSections.append((section, newSection)) }
  }

  /// Asks the data source to configure the cells of rows again, keeping the cells (iOS 15):
  /// the data source's dequeue for such a row returns its current cell.
  open func reconfigureRows(at indexPaths: [IndexPath]) {
    layoutIfNeeded()
    guard let dataSource else { return }
    for indexPath in indexPaths {
      guard let cell = _cells[indexPath] else { continue }
      _reconfiguring[indexPath] = cell
      let given = dataSource.tableView(self, cellForRowAt: indexPath)
      _reconfiguring[indexPath] = nil
      precondition(
        given === cell,
        "Attempted to dequeue a different cell for a row that is being reconfigured: the cell returned from -tableView:cellForRowAtIndexPath: must be dequeued with the same reuse identifier as the existing cell"
      )
      if _isSelfSizing(indexPath), _sections.indices.contains(indexPath.section) {
        _sections[indexPath.section].measured[indexPath.row] = nil
        _geometryValid = false
      }
    }
    setNeedsLayout()
    layoutIfNeeded()
  }

  /// Rows being reconfigured: dequeuing for one gives its own cell back.
  private var _reconfiguring: [IndexPath: UITableViewCell] = [:]

  private func _apply(_ batch: _Batch) {
    // A table that has not loaded yet just loads (as on iOS).
    if _needsReload {
      _loadDataIfNeeded()
      setNeedsLayout()
      layoutIfNeeded()
      return
    }
    guard let dataSource else { return }
    let oldCounts = _sections.map(\.rows)
    let newSectionCount = dataSource.numberOfSections(in: self)
    for section in batch.deletedSections {
      precondition(section < oldCounts.count, "attempt to delete section \(section), but there are only \(oldCounts.count) sections before the update")
    }
    for section in batch.insertedSections {
      precondition(section < newSectionCount, "attempt to insert section \(section) but there are only \(newSectionCount) sections after the update")
    }
    for move in batch.movedSections {
      precondition(
        move.from < oldCounts.count && move.to < newSectionCount,
        "attempt to move section \(move.from) to \(move.to), but there are \(oldCounts.count) sections before and \(newSectionCount) after the update"
      )
    }
    let expectedSections = oldCounts.count - batch.deletedSections.count + batch.insertedSections.count
    precondition(
      newSectionCount == expectedSections,
      "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(newSectionCount)) must be equal to the number of sections contained in the table view before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(batch.insertedSections.count) inserted, \(batch.deletedSections.count) deleted)."
    )
    var sectionMap = _IndexMapping(
      old: oldCounts.count, new: newSectionCount,
      removed: Array(batch.deletedSections) + batch.movedSections.map(\.from),
      fixed: Array(batch.insertedSections) + batch.movedSections.map(\.to))
    for move in batch.movedSections { sectionMap.send(move.from, to: move.to) }
    let newCounts = (0..<newSectionCount).map { max(0, dataSource.tableView(self, numberOfRowsInSection: $0)) }

    for indexPath in batch.deletedRows + batch.reloadedRows {
      precondition(
        indexPath.section < oldCounts.count && indexPath.row >= 0 && indexPath.row < oldCounts[indexPath.section],
        "attempt to delete row \(indexPath.row) from section \(indexPath.section) which only contains \(indexPath.section < oldCounts.count ? oldCounts[indexPath.section] : 0) rows before the update"
      )
    }
    for indexPath in batch.insertedRows {
      precondition(
        indexPath.section < newSectionCount && indexPath.row >= 0 && indexPath.row < newCounts[indexPath.section],
        "attempt to insert row \(indexPath.row) into section \(indexPath.section), but there are only \(indexPath.section < newSectionCount ? newCounts[indexPath.section] : 0) rows in section \(indexPath.section) after the update"
      )
    }
    // Row maps of the sections that stay (reloaded sections stay, their rows all new).
    var rowMaps: [Int: _IndexMapping] = [:]
    for (oldSection, newSection) in sectionMap.all.enumerated() {
      guard let newSection else { continue }
      if batch.reloadedSections.contains(oldSection) {
        rowMaps[oldSection] = _IndexMapping(removingAll: oldCounts[oldSection], new: newCounts[newSection])
        continue
      }
      let deleted = Set(batch.deletedRows.filter { $0.section == oldSection }.map(\.row))
      let inserted = Set(batch.insertedRows.filter { $0.section == newSection }.map(\.row))
      let movedOut = Set(batch.movedRows.filter { $0.from.section == oldSection }.map(\.from.row))
      let movedIn = Set(batch.movedRows.filter { $0.to.section == newSection }.map(\.to.row))
      let movedInFromOthers = batch.movedRows.filter { $0.to.section == newSection && $0.from.section != oldSection }.count
      let movedOutToOthers = batch.movedRows.filter { $0.from.section == oldSection && $0.to.section != newSection }.count
      let expected = oldCounts[oldSection] - deleted.count + inserted.count + movedInFromOthers - movedOutToOthers
      precondition(
        newCounts[newSection] == expected,
        "Invalid update: invalid number of rows in section \(newSection). The number of rows contained in an existing section after the update (\(newCounts[newSection])) must be equal to the number of rows contained in that section before the update (\(oldCounts[oldSection])), plus or minus the number of rows inserted or deleted from that section (\(inserted.count) inserted, \(deleted.count) deleted) and plus or minus the number of rows moved into or out of that section (\(movedInFromOthers) moved in, \(movedOutToOthers) moved out)."
      )
      rowMaps[oldSection] = _IndexMapping(
        old: oldCounts[oldSection], new: newCounts[newSection], removed: deleted.union(movedOut),
        fixed: inserted.union(movedIn))
    }
    let reloaded = Set(batch.reloadedRows)
    let movedFrom = Dictionary(batch.movedRows.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
    func newIndexPath(_ old: IndexPath) -> IndexPath? {
      if let target = movedFrom[old] { return target }
      guard !reloaded.contains(old), let section = sectionMap[old.section],
        let row = rowMaps[old.section]?[old.row]
      else { return nil }
      return IndexPath(row: row, section: section)
    }

    // Cells: rows that go (or reload) are recycled; the others move to their new rows.
    var movedCells: [IndexPath: UITableViewCell] = [:]
    for oldPath in _cells.keys.sorted() {
      guard let cell = _cells[oldPath] else { continue }
      if let newPath = newIndexPath(oldPath) {
        movedCells[newPath] = cell
      } else {
        _recycle(cell, at: oldPath)
      }
    }
    _cells = movedCells
    _selected = Set(_selected.compactMap(newIndexPath))

    // Sections: measured heights move with their rows; supplementary views are asked again.
    // A section's heights move in one pass (a long section costs a copy, not a look-up per
    // row); moved rows bring theirs, reloaded rows are measured again.
    var newSections = (0..<newSectionCount).map {
      _Section(rows: newCounts[$0], header: nil, footer: nil, measured: Array(repeating: nil, count: newCounts[$0]))
    }
    for (oldSection, section) in _sections.enumerated() {
      section.header?.removeFromSuperview()
      section.footer?.removeFromSuperview()
      guard let newSection = sectionMap[oldSection], let rows = rowMaps[oldSection] else { continue }
      newSections[newSection].measured = rows.carry(section.measured, filling: nil)
    }
    for indexPath in batch.reloadedRows {
      guard let section = sectionMap[indexPath.section], let row = rowMaps[indexPath.section]?[indexPath.row] else { continue }
      newSections[section].measured[row] = nil
    }
    for move in batch.movedRows where !reloaded.contains(move.from) {
      guard _sections.indices.contains(move.from.section), _sections[move.from.section].measured.indices.contains(move.from.row),
        newSections.indices.contains(move.to.section), newSections[move.to.section].measured.indices.contains(move.to.row)
      else { continue }
      newSections[move.to.section].measured[move.to.row] = _sections[move.from.section].measured[move.from.row]
    }
    _sections = newSections
    for section in _sections.indices { _loadSupplementaryViews(section) }
    _invalidateGeometry()
    layoutIfNeeded()
  }
}

extension UITableView: _ContextMenuSource {
  func _secondaryClickShowsContextMenu(at point: CGPoint) -> Bool {
    guard let indexPath = indexPathForRow(at: point) else { return false }
    return _showContextMenu(forRowAt: indexPath, at: point)
  }

  /// Asks the delegate for the row's menu and shows it by the row; false when it gives no
  /// configuration (one without a menu counts as shown and gone, as on iOS).
  fileprivate func _showContextMenu(forRowAt indexPath: IndexPath, at point: CGPoint) -> Bool {
    guard let delegate, let configuration = delegate.tableView(self, contextMenuConfigurationForRowAt: indexPath, point: point)
    else { return false }
    _presentItemContextMenu(
      configuration, from: rectForRow(at: indexPath),
      willDisplay: { delegate.tableView(self, willDisplayContextMenu: configuration, animator: $0) },
      willEnd: { [weak self] animator in
        guard let self else { return }
        self.delegate?.tableView(self, willEndContextMenuInteraction: configuration, animator: animator)
      })
    return true
  }
}

extension UITableViewCell {
  /// The style of the lines between a table's rows.
  public enum SeparatorStyle: Int, Sendable {
    case none, singleLine, singleLineEtched
  }
}
