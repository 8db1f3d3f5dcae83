import Foundation
import TextEditing

/// A view of spinning wheels (components), each a column of rows, one row of each selected: the
/// one centred between the selection lines. Its data source says how many components and rows
/// there are; its delegate gives the rows' titles (or views) and hears of the user's selections.
///
/// The user turns a wheel with the mouse wheel over it, by dragging it, or by clicking a row
/// above or below the centre (the wheel turns it to the centre). As on iOS the delegate's
/// `didSelectRow` comes once the wheel has stopped (`settleDelay` after the last turn), once
/// per motion; ``selectRow(_:inComponent:animated:)`` selects without telling the delegate.
///
/// The arrow keys turn the wheels when the picker is the input view of a first responder that
/// does not use them itself (see `KeyboardController.performAccessoryKey`): Up and Down turn
/// the focused component, Left and Right move the focus between components.
@preconcurrency @MainActor
open class UIPickerView: UIView {
  /// The object that gives the numbers of components and rows. Held weakly.
  open weak var dataSource: (any UIPickerViewDataSource)? {
    didSet { _needsReload = true; setNeedsLayout() }
  }

  /// The object that gives titles, views and sizes, and hears of selections. Held weakly.
  open weak var delegate: (any UIPickerViewDelegate)? {
    didSet {
      _delegateGivesViews = nil
      _sizes = nil
      _needsReload = true
      setNeedsLayout()
    }
  }

  /// Deprecated on iOS since 13 (the selection indicator is always shown); kept for source
  /// compatibility.
  open var showsSelectionIndicator = true

  /// The height a row has when the delegate does not say (iOS's 32 points).
  package static let _defaultRowHeight: CGFloat = 32
  /// The size iOS gives a picker view created without a frame.
  package static let _defaultSize = CGSize(width: 320, height: 216)
  /// How long after the user's last turn the wheel counts as stopped.
  package static let settleDelay: TimeInterval = 0.3

  struct Component {
    var rows = 0
    /// The selected row, as the delegate was last told or code set it (-1: none).
    var selected = -1
    /// The row shown at the centre (differs from `selected` while the wheel moves).
    var shown = -1
    /// Wheel movement not yet a whole row, in points.
    var wheelRemainder: CGFloat = 0
    /// When the wheel the user turns stops.
    var settleToken: MainScheduler.Token?
    /// The views the delegate gave for the visible rows, by row.
    var rowViews: [Int: UIView] = [:]
    /// The titles the delegate gave, kept until a reload (iOS asks once per row it shows).
    var titles: [Int: String] = [:]
  }

  /// The delegate's widths and row heights, kept until a reload or a change of width.
  private var _sizes: (boundsWidth: CGFloat, widths: [CGFloat], heights: [CGFloat])?

  var _components: [Component] = []
  private var _needsReload = true
  private var _delegateGivesViews: Bool?
  /// The component the arrow keys turn.
  package private(set) var _focusedComponent = 0
  /// A touch under way: where it began and how many rows it has dragged the wheel.
  private var _drag: (component: Int, start: CGPoint, rowsMoved: Int)?

  public override init(frame: CGRect) {
    super.init(frame: frame)
    clipsToBounds = true
  }

  /// Creates a picker view of iOS's default size (320 × 216 points).
  public convenience init() {
    self.init(frame: CGRect(origin: .zero, size: UIPickerView._defaultSize))
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    clipsToBounds = true
  }

  open override var intrinsicContentSize: CGSize { UIPickerView._defaultSize }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: size.width > 0 ? size.width : UIPickerView._defaultSize.width, height: UIPickerView._defaultSize.height)
  }

  // MARK: Data

  /// The number of components, as the data source last said.
  open var numberOfComponents: Int {
    _loadIfNeeded()
    return _components.count
  }

  /// The number of rows of `component`, as the data source last said (0 for a component that
  /// does not exist).
  open func numberOfRows(inComponent component: Int) -> Int {
    _loadIfNeeded()
    return _components.indices.contains(component) ? _components[component].rows : 0
  }

  /// Asks the data source for every component's rows again (and the delegate for titles when
  /// the picker next draws). Selections stay where they were, within the new row counts.
  open func reloadAllComponents() {
    _needsReload = true
    _loadIfNeeded()
    setNeedsLayout()
  }

  /// Asks the data source for `component`'s rows again; its selection stays within them.
  open func reloadComponent(_ component: Int) {
    _loadIfNeeded()
    guard _components.indices.contains(component) else { return }
    let rows = max(0, dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0)
    _setRows(rows, of: component)
    _clearRowViews(of: component)
    _components[component].titles = [:]
    _sizes = nil
    setNeedsLayout()
  }

  private func _loadIfNeeded() {
    guard _needsReload else { return }
    _needsReload = false
    _sizes = nil
    for index in _components.indices {
      _clearRowViews(of: index)
      _components[index].titles = [:]
    }
    let count = max(0, dataSource?.numberOfComponents(in: self) ?? 0)
    if _components.count > count {
      for component in _components[count...] {
        if let token = component.settleToken { UIApplication.shared._scheduler.cancel(token) }
      }
      _components.removeLast(_components.count - count)
    }
    while _components.count < count { _components.append(Component()) }
    for index in 0..<count {
      _setRows(max(0, dataSource?.pickerView(self, numberOfRowsInComponent: index) ?? 0), of: index)
    }
    _focusedComponent = min(_focusedComponent, max(0, count - 1))
  }

  /// A component's row count changes: a selection clamps to the rows (the first row is
  /// selected when rows appear, none when they are gone).
  private func _setRows(_ rows: Int, of index: Int) {
    var component = _components[index]
    component.rows = rows
    component.selected = rows == 0 ? -1 : min(max(component.selected, 0), rows - 1)
    component.shown = rows == 0 ? -1 : min(max(component.shown, 0), rows - 1)
    _components[index] = component
  }

  // MARK: Selection

  /// The selected row of `component`, or -1 when none is (a component without rows, or one
  /// that does not exist).
  open func selectedRow(inComponent component: Int) -> Int {
    _loadIfNeeded()
    return _components.indices.contains(component) ? _components[component].selected : -1
  }

  /// Selects `row` of `component` and turns the wheel to it. Unlike a selection the user makes,
  /// the delegate is not told (iOS calls `didSelectRow` only for the user's). A row or component
  /// out of range is ignored. A turn the user has under way on that wheel is abandoned.
  open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
    _loadIfNeeded()
    guard _components.indices.contains(component), (0..<_components[component].rows).contains(row) else { return }
    if let token = _components[component].settleToken { UIApplication.shared._scheduler.cancel(token) }
    _components[component].settleToken = nil
    _components[component].selected = row
    _components[component].shown = row
    _components[component].wheelRemainder = 0
    setNeedsLayout()
  }

  // MARK: Sizes and views

  /// The size of `component`'s rows: the component's width and its row height, as the delegate
  /// gives them (or the picker's defaults).
  open func rowSize(forComponent component: Int) -> CGSize {
    _loadIfNeeded()
    guard _components.indices.contains(component) else { return .zero }
    return CGSize(width: _width(of: component), height: _rowHeight(of: component))
  }

  /// The view the delegate gave for `row` of `component`, if the delegate gives views and the
  /// row is visible; nil otherwise.
  open func view(forRow row: Int, forComponent component: Int) -> UIView? {
    _loadIfNeeded()
    guard _components.indices.contains(component) else { return nil }
    layoutIfNeeded()
    return _components[component].rowViews[row]
  }

  /// The width a component has when the delegate does not say: an equal share of the picker's
  /// width.
  package func _defaultWidth(forComponent component: Int) -> CGFloat {
    let count = max(1, _components.count)
    let width = bounds.width > 0 ? bounds.width : UIPickerView._defaultSize.width
    return (width / CGFloat(count)).rounded(.down)
  }

  private func _width(of component: Int) -> CGFloat {
    _measuredSizes().widths[component]
  }

  private func _rowHeight(of component: Int) -> CGFloat {
    _measuredSizes().heights[component]
  }

  /// Every component's width and row height, from the delegate (asked once per reload, and
  /// again when the picker's width changes, which the default widths depend on).
  private func _measuredSizes() -> (widths: [CGFloat], heights: [CGFloat]) {
    if let sizes = _sizes, sizes.boundsWidth == bounds.width, sizes.widths.count == _components.count {
      return (sizes.widths, sizes.heights)
    }
    var widths: [CGFloat] = []
    var heights: [CGFloat] = []
    for component in _components.indices {
      let width = delegate.map { $0.pickerView(self, widthForComponent: component) } ?? _defaultWidth(forComponent: component)
      widths.append(max(0, width))
      let height = delegate?.pickerView(self, rowHeightForComponent: component) ?? UIPickerView._defaultRowHeight
      heights.append(height > 0 ? height : UIPickerView._defaultRowHeight)
    }
    _sizes = (bounds.width, widths, heights)
    return (widths, heights)
  }

  /// Each component's column in the picker's coordinates: the delegate's widths, side by side,
  /// the group centred as iOS centres it.
  package func _columns() -> [(x: CGFloat, width: CGFloat)] {
    _loadIfNeeded()
    let widths = _components.indices.map { _width(of: $0) }
    var x = ((bounds.width - widths.reduce(0, +)) / 2).rounded(.down)
    return widths.map { width in
      defer { x += width }
      return (x, width)
    }
  }

  /// The rows of `component` in sight and where each is, in the picker's coordinates.
  private func _visibleRows(of component: Int, column: (x: CGFloat, width: CGFloat)) -> [(row: Int, frame: CGRect)] {
    let info = _components[component]
    guard info.rows > 0, info.shown >= 0 else { return [] }
    let height = _rowHeight(of: component)
    let centreTop = bounds.midY - height / 2
    // A picker too short to show a row (a zero frame) still shows the centre one, clipped.
    let above = max(0, Int(bounded: (centreTop / height).rounded(.up)))
    var result: [(Int, CGRect)] = []
    for offset in -above...above {
      let row = info.shown + offset
      guard row >= 0, row < info.rows else { continue }
      result.append((row, CGRect(x: column.x, y: centreTop + CGFloat(offset) * height, width: column.width, height: height)))
    }
    return result
  }

  /// The text a row shows: the attributed title's string, else the title, else "?".
  package func _title(forRow row: Int, inComponent component: Int) -> String {
    if let title = _components[component].titles[row] { return title }
    let title = _askTitle(forRow: row, inComponent: component)
    _components[component].titles[row] = title
    return title
  }

  private func _askTitle(forRow row: Int, inComponent component: Int) -> String {
    if let attributed = delegate?.pickerView(self, attributedTitleForRow: row, forComponent: component) {
      return attributed.string
    }
    return delegate?.pickerView(self, titleForRow: row, forComponent: component) ?? "?"
  }

  /// Whether the delegate gives views for its rows (known once the picker has asked it for
  /// one: the default implementation answers a marker).
  private var _givesViews: Bool { delegate != nil && _delegateGivesViews == true }

  private func _clearRowViews(of component: Int) {
    guard _components.indices.contains(component) else { return }
    for view in _components[component].rowViews.values { view.removeFromSuperview() }
    _components[component].rowViews = [:]
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    _loadIfNeeded()
    guard let delegate, _delegateGivesViews != false else { return }
    for (index, column) in _columns().enumerated() {
      let visible = _visibleRows(of: index, column: column)
      let wanted = Set(visible.map(\.row))
      var old = _components[index].rowViews
      var reusable: [UIView] = []
      for (row, view) in old where !wanted.contains(row) {
        old[row] = nil
        reusable.append(view)
      }
      var views: [Int: UIView] = [:]
      for (row, frame) in visible {
        let view = old[row] ?? delegate.pickerView(self, viewForRow: row, forComponent: index, reusing: reusable.popLast())
        if _delegateGivesViews == nil {
          // The first row asked for tells whether the delegate gives views at all.
          _delegateGivesViews = !(view is _UIPickerNoRowView)
          if _delegateGivesViews == false { return }
        }
        view.frame = frame
        if view.superview !== self { addSubview(view) }
        views[row] = view
      }
      for view in reusable where !views.values.contains(where: { $0 === view }) { view.removeFromSuperview() }
      _components[index].rowViews = views
    }
  }

  // MARK: Drawing

  /// The band between the selection lines, in the picker's coordinates.
  package var _selectionBand: CGRect {
    let height = _components.indices.map { _rowHeight(of: $0) }.max() ?? UIPickerView._defaultRowHeight
    return CGRect(x: 0, y: bounds.midY - height / 2, width: bounds.width, height: height)
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    _loadIfNeeded()
    let visibleClip = clip.safeIntersection(rect)
    guard !visibleClip.isNull, !_components.isEmpty else { return }
    let origin = CGPoint(x: rect.minX - bounds.minX, y: rect.minY - bounds.minY)
    let band = _selectionBand.offsetBy(dx: origin.x, dy: origin.y)
    list.append(DisplayItem(frame: band, clip: visibleClip, content: .border(.line, UIColor(white: 0.6, alpha: 1)), alpha: alpha))
    guard !_givesViews else { return }
    let font = UIFont.systemFont(ofSize: 21)
    for (index, column) in _columns().enumerated() {
      let shown = _components[index].shown
      for (row, frame) in _visibleRows(of: index, column: column) {
        let color: UIColor = row == shown ? .label : UIColor(white: 0.55, alpha: 1)
        let run = TextRun(string: _title(forRow: row, inComponent: index), font: font, color: color, alignment: .center)
        list.append(DisplayItem(frame: frame.offsetBy(dx: origin.x, dy: origin.y), clip: visibleClip, content: .text(run), alpha: alpha))
      }
    }
  }

  /// The titles in sight, row by row from the top: each component's title on that line (""
  /// where it has none), and whether it is the centre line (hosts' `pickerRows`).
  package func _visibleTitleRows() -> [(titles: [String], isSelected: Bool)] {
    _loadIfNeeded()
    let columns = _columns()
    var lines: [CGFloat: [Int: String]] = [:]
    for (index, column) in columns.enumerated() {
      for (row, frame) in _visibleRows(of: index, column: column) {
        let title = _givesViews ? (_components[index].rowViews[row].map(Self._text(of:)) ?? "") : _title(forRow: row, inComponent: index)
        lines[frame.midY, default: [:]][index] = title
      }
    }
    return lines.keys.sorted().map { y in
      (columns.indices.map { lines[y]?[$0] ?? "" }, abs(y - bounds.midY) < 0.5)
    }
  }

  /// The text of a row view: its label's, or the first label's inside it.
  private static func _text(of view: UIView) -> String {
    if let label = view as? UILabel { return label.text ?? "" }
    for subview in view.subviews {
      let text = _text(of: subview)
      if !text.isEmpty { return text }
    }
    return ""
  }

  // MARK: User input

  /// The user turns `component` by `rows` (positive: towards later rows). The wheel stops at
  /// the ends; the delegate hears of the row it stops on once it has stopped.
  package func _userTurn(component: Int, by rows: Int) {
    _loadIfNeeded()
    guard _components.indices.contains(component), _components[component].rows > 0, rows != 0 else { return }
    let info = _components[component]
    let target = min(max(info.shown + rows, 0), info.rows - 1)
    guard target != info.shown else { return }
    _components[component].shown = target
    _scheduleSettle(of: component)
    setNeedsLayout()
  }

  private func _scheduleSettle(of component: Int) {
    let scheduler = UIApplication.shared._scheduler
    if let token = _components[component].settleToken { scheduler.cancel(token) }
    _components[component].settleToken = scheduler.schedule(after: UIPickerView.settleDelay) { [weak self] in
      self?._settle(component)
    }
  }

  /// The wheel stopped: the row at the centre is selected and the delegate told, once.
  private func _settle(_ component: Int) {
    guard _components.indices.contains(component) else { return }
    _components[component].settleToken = nil
    let row = _components[component].shown
    guard row >= 0 else { return }
    _components[component].selected = row
    guard let delegate else { return }
    if UIKitTrace.isObserved {
      UIKitTrace.report(
        .delegate(sender: self, message: "pickerView(_:didSelectRow:inComponent:)", arguments: "\(row) \(component)"),
        window: window)
    }
    delegate.pickerView(self, didSelectRow: row, inComponent: component)
  }

  /// Whether the user is turning `component` (it has not stopped yet).
  package func _isTurning(_ component: Int) -> Bool {
    _components.indices.contains(component) && _components[component].settleToken != nil
  }

  /// Whether the user's wheel is still turning somewhere (hosts wait for it).
  package var _isSettling: Bool { _components.contains { $0.settleToken != nil } }

  /// The component under `point` (the picker's coordinates).
  package func _component(at point: CGPoint) -> Int? {
    for (index, column) in _columns().enumerated() where point.x >= column.x && point.x < column.x + column.width {
      return index
    }
    return nil
  }

  /// A mouse wheel over the picker: the component under the pointer turns, a row for every row
  /// height of movement (the rest is kept for the next turn). Returns whether it turned.
  package func _scrollWheel(at point: CGPoint, delta: CGPoint) -> Bool {
    guard let component = _component(at: point) else { return false }
    let height = _rowHeight(of: component)
    let total = _components[component].wheelRemainder + delta.y
    let rows = Int(bounded: (total / height).rounded(.towardZero))
    _components[component].wheelRemainder = total - CGFloat(rows) * height
    let before = _components[component].shown
    _userTurn(component: component, by: rows)
    if _components[component].shown == before, rows != 0 {
      // At an end: what pushed past it is dropped.
      _components[component].wheelRemainder = 0
    }
    return true
  }

  /// A hardware arrow: Up and Down turn the focused component a row, Left and Right move the
  /// focus. Returns whether the key was used.
  package func _arrowKey(_ code: HardwareKey.Code) -> Bool {
    _loadIfNeeded()
    guard !_components.isEmpty else { return false }
    switch code {
    case .up, .down:
      let before = _components[_focusedComponent].shown
      _userTurn(component: _focusedComponent, by: code == .up ? -1 : 1)
      return _components[_focusedComponent].shown != before
    case .left, .right:
      let next = _focusedComponent + (code == .left ? -1 : 1)
      guard _components.indices.contains(next) else { return false }
      _focusedComponent = next
      return true
    default:
      return false
    }
  }

  open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    // The wheels take the touches, not the views shown in their rows (as iOS's rows).
    guard super.hitTest(point, with: event) != nil else { return nil }
    return self
  }

  open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = touches.first else { return }
    let point = touch.location(in: self)
    guard let component = _component(at: point) else { return }
    _drag = (component, point, 0)
  }

  open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = touches.first, let drag = _drag else { return }
    let point = touch.location(in: self)
    // Dragging up brings later rows to the centre.
    let rows = Int(bounded: ((drag.start.y - point.y) / _rowHeight(of: drag.component)).rounded())
    if rows != drag.rowsMoved {
      _userTurn(component: drag.component, by: rows - drag.rowsMoved)
      _drag?.rowsMoved = rows
    }
  }

  open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    guard let touch = touches.first, let drag = _drag else { return }
    _drag = nil
    guard drag.rowsMoved == 0 else { return }
    // A tap on a row above or below the centre turns the wheel to it.
    let point = touch.location(in: self)
    guard _component(at: point) == drag.component else { return }
    let height = _rowHeight(of: drag.component)
    let offset = Int(bounded: ((point.y - bounds.midY) / height).rounded())
    _focusedComponent = drag.component
    _userTurn(component: drag.component, by: offset)
  }

  open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
    _drag = nil
  }
}
