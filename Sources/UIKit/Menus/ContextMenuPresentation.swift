import Foundation
import TextEditing

/// The menu a bar button item or a button shows (their `menu`): a vertical list of the menu's
/// elements under its source (above it when there is no room below), as iOS 14 and later show
/// a button's menu.
///
/// What iOS does, and is done here: inline sections (`.displayInline`) are separated by a
/// rule; a submenu is a row with "›" that, chosen, shows its own elements under a "‹ title" row
/// that goes back; deferred elements show "Loading…" until their provider answers; hidden
/// elements and commands no responder can perform from the source are left out; disabled ones
/// are grey, destructive ones red, and elements that are on carry a checkmark. A chosen element
/// runs after the menu has gone (an element that `keepsMenuPresented` runs with the menu open),
/// and turns the others of a `.singleSelection` menu off. A touch outside the menu dismisses
/// it and goes no further; with a hardware keyboard ↑/↓ move the highlight, Return or Space
/// chooses, → opens a submenu, ← or Escape goes back or dismisses (iPadOS's keyboard
/// navigation).
///
/// Where text is measured in terminal cells a row is one cell row and the list has a one-cell
/// border; elsewhere rows are iOS's 44 points and the list at least 250 points wide.
@MainActor
package final class _ContextMenuView: UIView {
  /// One row of the list.
  package struct Row {
    enum Kind {
      case element(UIMenuElement, parent: UIMenu)
      case submenu(UIMenu)
      case back
      case loading
    }
    var kind: Kind
    /// The row's title as drawn (without the checkmark).
    package var title: String
    package var isEnabled: Bool
    /// Whether the element is on (a checkmark is drawn before it).
    package var isOn: Bool
    var isDestructive: Bool
    var image: UIImage?
    /// Whether a rule separates this row from the one above (a new inline section).
    var startsSection: Bool
  }

  /// The menu the source gave.
  let menu: UIMenu
  /// The submenus opened, innermost last.
  private var openSubmenus: [UIMenu] = []
  /// The object the actions name as their sender: the bar button item or the control.
  private weak var sender: AnyObject?
  /// Where commands start their search for a target: the source's view.
  private weak var sourceView: UIView?
  /// The source's rectangle in window coordinates.
  private let sourceRect: CGRect
  /// Told when an element was chosen (after it ran), for `changesSelectionAsPrimaryAction`.
  private let didChoose: (@MainActor (UIMenuElement) -> Void)?
  /// Elements of deferred elements that answered, by element.
  private var deferred: [ObjectIdentifier: [UIMenuElement]] = [:]

  /// The rows shown.
  package private(set) var rows: [Row] = []
  /// The row the keyboard highlights.
  package private(set) var highlightedRow: Int?
  private var rowViews: [_ContextMenuRowView] = []
  private var ruleViews: [UIView] = []

  init(
    menu: UIMenu, sender: AnyObject?, sourceView: UIView?, sourceRect: CGRect,
    didChoose: (@MainActor (UIMenuElement) -> Void)?
  ) {
    self.menu = menu
    self.sender = sender
    self.sourceView = sourceView
    self.sourceRect = sourceRect
    self.didChoose = didChoose
    super.init(frame: .zero)
    // iOS's menu is a light translucent platter; a terminal has no blur, so a near-white fill
    // and a border set it apart from the screen behind.
    backgroundColor = UIColor._platterBackground
    layer.cornerRadius = 13
    layer.borderWidth = 0.5
    layer.borderColor = UIColor.systemGray4.cgColor
    clipsToBounds = true
  }

  package required init?(coder: NSCoder) {
    fatalError("_ContextMenuView is made by UIKit")
  }

  /// The titles shown, top to bottom; an element that is on starts with "✓ ".
  package var titles: [String] { rows.map { $0.isOn ? "✓ " + $0.title : $0.title } }

  /// The row view titled `title` (with or without its checkmark).
  package func rowView(titled title: String) -> UIView? {
    guard let index = rows.indices.first(where: { rows[$0].title == title || titles[$0] == title }) else { return nil }
    return rowViews[index]
  }

  // MARK: Rows

  private var inCells: Bool { (window?.textMeasurer ?? ProportionalTextMeasurer()) is CellTextMeasurer }
  private var measurer: any TextMeasuring { window?.textMeasurer ?? ProportionalTextMeasurer() }
  static let font = UIFont.systemFont(ofSize: 17)

  /// Makes the rows of the menu (or the submenu) shown, and their views.
  func reloadRows() {
    var rows: [Row] = []
    isBuildingRows = true
    defer { isBuildingRows = false }
    if let submenu = openSubmenus.last {
      rows.append(Row(
        kind: .back, title: "‹ " + submenu.title, isEnabled: true, isOn: false, isDestructive: false, image: nil,
        startsSection: false))
      collect(submenu.children, parent: submenu, into: &rows, newSection: true)
    } else {
      collect(menu.children, parent: menu, into: &rows, newSection: false)
    }
    if let first = rows.indices.first { rows[first].startsSection = false }
    self.rows = rows
    if let highlighted = highlightedRow, !rows.indices.contains(highlighted) { highlightedRow = nil }
    for view in rowViews { view.removeFromSuperview() }
    rowViews = rows.indices.map { index in
      let view = _ContextMenuRowView(menuView: self, index: index)
      addSubview(view)
      return view
    }
    place()
  }

  private func collect(_ elements: [UIMenuElement], parent: UIMenu, into rows: inout [Row], newSection: Bool) {
    var sectionStarts = newSection
    for element in elements {
      switch element {
      case let submenu as UIMenu:
        if submenu.options.contains(.displayInline) {
          // An inline section sits between rules.
          collect(submenu.children, parent: submenu, into: &rows, newSection: true)
          sectionStarts = true
        } else if !submenu.children.isEmpty {
          rows.append(Row(
            kind: .submenu(submenu), title: submenu.title, isEnabled: true, isOn: false,
            isDestructive: submenu.options.contains(.destructive), image: submenu.image, startsSection: sectionStarts))
          sectionStarts = false
        }
      case let deferredElement as UIDeferredMenuElement:
        let key = ObjectIdentifier(deferredElement)
        if deferred[key] == nil {
          deferredElement._resolve { [weak self] elements in
            guard let self else { return }
            let first = self.deferred[key] == nil
            self.deferred[key] = elements
            // A provider that answered later: the rows are made again with its elements.
            if first, self.superview != nil, self.isBuildingRows == false { self.reloadRows() }
          }
        }
        if let elements = deferred[key] {
          collect(elements, parent: parent, into: &rows, newSection: sectionStarts)
        } else {
          rows.append(Row(
            kind: .loading, title: "Loading…", isEnabled: false, isOn: false, isDestructive: false, image: nil,
            startsSection: sectionStarts))
        }
        sectionStarts = false
      case let action as UIAction:
        if action.attributes.contains(.hidden) { continue }
        rows.append(Row(
          kind: .element(action, parent: parent), title: action.title,
          isEnabled: !action.attributes.contains(.disabled), isOn: action.state == .on,
          isDestructive: action.attributes.contains(.destructive),
          image: action.state == .on ? (action.selectedImage ?? action.image) : action.image, startsSection: sectionStarts))
        sectionStarts = false
      case let command as UICommand:
        if command.attributes.contains(.hidden) { continue }
        guard let start = sourceView ?? window, start.target(forAction: command.action, withSender: command) != nil else {
          continue
        }
        rows.append(Row(
          kind: .element(command, parent: parent), title: command.title,
          isEnabled: !command.attributes.contains(.disabled), isOn: command.state == .on,
          isDestructive: command.attributes.contains(.destructive), image: command.image, startsSection: sectionStarts))
        sectionStarts = false
      default:
        continue
      }
    }
  }

  /// Set while rows are being collected, so that a deferred element answering at once does not
  /// rebuild the rows in the middle of building them.
  private var isBuildingRows = false

  // MARK: Choosing

  /// The user chose row `index`.
  func choose(_ index: Int) {
    guard rows.indices.contains(index), rows[index].isEnabled else { return }
    switch rows[index].kind {
    case .loading:
      return
    case .back:
      openSubmenus.removeLast()
      highlightedRow = nil
      reloadRows()
    case .submenu(let submenu):
      openSubmenus.append(submenu)
      highlightedRow = nil
      reloadRows()
    case .element(let element, let parent):
      let keepsPresented = parent._run(chosen: element, sender: sender, start: sourceView) { dismiss() }
      didChoose?(element)
      if keepsPresented, superview != nil { reloadRows() }
    }
  }

  /// Told once when the menu goes (a collection or table view's `willEndContextMenuInteraction`).
  var _onDismiss: (@MainActor () -> Void)?

  /// Takes the menu off the screen.
  package func dismiss() {
    guard let window else { return }
    if window._contextMenu === self { window._contextMenu = nil }
    removeFromSuperview()
    let onDismiss = _onDismiss
    _onDismiss = nil
    onDismiss?()
  }

  /// A key from a hardware keyboard while the menu shows; every key stops here.
  func handleKey(_ key: HardwareKey) {
    switch key.code {
    case .escape, .left:
      if openSubmenus.isEmpty {
        if key.code == .escape { dismiss() }
      } else {
        openSubmenus.removeLast()
        highlightedRow = nil
        reloadRows()
      }
    case .up, .down:
      let enabled = rows.indices.filter { rows[$0].isEnabled }
      guard !enabled.isEmpty else { return }
      if let current = highlightedRow, let position = enabled.firstIndex(of: current) {
        let next = key.code == .down ? min(position + 1, enabled.count - 1) : max(position - 1, 0)
        highlightedRow = enabled[next]
      } else {
        highlightedRow = key.code == .down ? enabled.first : enabled.last
      }
      setNeedsDisplayOfRows()
    case .right:
      if let current = highlightedRow, case .submenu = rows[current].kind { choose(current) }
    case .returnKey, .character(" "):
      if let current = highlightedRow { choose(current) }
    default:
      break
    }
  }

  private func setNeedsDisplayOfRows() {
    for view in rowViews { view.setNeedsDisplay() }
  }

  // MARK: Placing the list

  var rowHeight: CGFloat {
    inCells ? ceil(measurer.size(of: "X", font: Self.font).height) : 44
  }
  /// The height of a rule between sections: a cell row of "─" in a terminal, iOS's 8-point gap
  /// elsewhere.
  var ruleHeight: CGFloat { inCells ? rowHeight : 8 }
  /// Room between the list's edge and its text (a terminal's border covers one cell).
  var inset: CGSize {
    if inCells, let cell = (measurer as? CellTextMeasurer)?.cellSize { return cell }
    return CGSize(width: 16, height: 0)
  }

  func width(of row: Row) -> CGFloat {
    let check = measurer.size(of: "✓ ", font: Self.font).width
    var width = check + measurer.size(of: row.title, font: Self.font).width
    if case .submenu = row.kind { width += measurer.size(of: " ›", font: Self.font).width }
    if row.image != nil { width += rowHeight }
    return ceil(width)
  }

  /// Lays the rows out and puts the list under (or over) its source, inside the window's safe
  /// area.
  func place() {
    guard let window else { return }
    let inset = self.inset
    let contentWidth = rows.map(width(of:)).max() ?? 0
    let safe = window.bounds.inset(by: window.safeAreaInsets)
    let margin: CGFloat = inCells ? 0 : 8
    let maxWidth = max(safe.width - 2 * margin, 0)
    let width = min(max(contentWidth + 2 * inset.width, inCells ? 0 : 250), maxWidth)
    var y = inset.height
    ruleViews.forEach { $0.removeFromSuperview() }
    ruleViews = []
    for (index, view) in rowViews.enumerated() {
      if rows[index].startsSection {
        let rule = _ContextMenuRuleView(inCells: inCells)
        rule.frame = CGRect(x: 0, y: y, width: width, height: ruleHeight)
        addSubview(rule)
        ruleViews.append(rule)
        y += ruleHeight
      }
      view.frame = CGRect(x: 0, y: y, width: width, height: rowHeight)
      y += rowHeight
    }
    let height = y + inset.height
    // Under the source when it fits above the keyboard, else over it, else as much as fits.
    let bottom = min(safe.maxY, window.keyboard.frame?.minY ?? safe.maxY)
    let gap: CGFloat = inCells ? 0 : 8
    var top = sourceRect.maxY + gap
    if top + height > bottom {
      let above = sourceRect.minY - gap - height
      top = above >= safe.minY ? above : max(safe.minY, bottom - height)
    }
    // iOS lines the list up with the source's leading edge, or its trailing edge on the
    // screen's right half.
    var x = sourceRect.midX > window.bounds.midX ? sourceRect.maxX - width : sourceRect.minX
    x = min(max(x, safe.minX + margin), safe.maxX - margin - width)
    frame = CGRect(x: x, y: top, width: width, height: min(height, max(bottom - top, rowHeight)))
    window.bringSubviewToFront(self)
  }
}

/// A row of the context menu: a checkmark when on, the title, and an image or "›" at the end.
@MainActor
final class _ContextMenuRowView: UIControl {
  private weak var menuView: _ContextMenuView?
  let index: Int

  init(menuView: _ContextMenuView, index: Int) {
    self.menuView = menuView
    self.index = index
    super.init(frame: .zero)
  }

  required init?(coder: NSCoder) {
    fatalError("_ContextMenuRowView is made by UIKit")
  }

  override func _didTapInside(at point: CGPoint, event: UIEvent?) {
    menuView?.choose(index)
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    guard let menuView, menuView.rows.indices.contains(index) else { return }
    let row = menuView.rows[index]
    if menuView.highlightedRow == index || isHighlighted {
      list.append(DisplayItem(frame: rect, clip: clip, content: .fill(.systemGray4), alpha: alpha))
    }
    let color: UIColor = !row.isEnabled ? .systemGray : row.isDestructive ? .systemRed : .label
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    let font = _ContextMenuView.font
    let inset = menuView.inset.width
    let checkWidth = ceil(measurer.size(of: "✓ ", font: font).width)
    let textRect = CGRect(
      x: rect.minX + inset, y: rect.minY, width: max(rect.width - 2 * inset, 0), height: rect.height)
    if row.isOn {
      let run = TextRun(string: "✓", font: font, color: color, alignment: .left)
      list.append(DisplayItem(frame: textRect, clip: clip, content: .text(run), alpha: alpha))
    }
    var titleRect = textRect
    titleRect.origin.x += checkWidth
    titleRect.size.width = max(titleRect.width - checkWidth, 0)
    var trailing: CGFloat = 0
    if case .submenu = row.kind {
      let run = TextRun(string: "›", font: font, color: color, alignment: .right)
      list.append(DisplayItem(frame: textRect, clip: clip, content: .text(run), alpha: alpha))
      trailing = ceil(measurer.size(of: " ›", font: font).width)
    } else if let image = row.image {
      let side = min(rect.height, menuView.rowHeight)
      let imageRect = CGRect(x: textRect.maxX - side, y: rect.midY - side / 2, width: side, height: side)
      let tinted = image.renderingMode == .alwaysOriginal ? image : image.withTintColor(color, renderingMode: .alwaysTemplate)
      list.append(DisplayItem(frame: imageRect, clip: clip, content: .image(tinted), alpha: alpha))
      trailing = side
    }
    titleRect.size.width = max(titleRect.width - trailing, 0)
    let run = TextRun(string: row.title, font: font, color: color, alignment: .left)
    list.append(DisplayItem(frame: titleRect, clip: clip, content: .text(run), alpha: alpha))
  }
}

/// The rule between two sections of a context menu.
@MainActor
final class _ContextMenuRuleView: UIView {
  private let inCells: Bool

  init(inCells: Bool) {
    self.inCells = inCells
    super.init(frame: .zero)
    if !inCells { backgroundColor = UIColor.systemGray5 }
  }

  required init?(coder: NSCoder) {
    fatalError("_ContextMenuRuleView is made by UIKit")
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    guard inCells else { return }
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    let dash = max(measurer.size(of: "─", font: _ContextMenuView.font).width, 1)
    let run = TextRun(
      string: String(repeating: "─", count: Int(bounded: rect.width / dash)), font: _ContextMenuView.font, color: .systemGray3,
      alignment: .left)
    list.append(DisplayItem(frame: rect, clip: clip, content: .text(run), alpha: alpha))
  }
}

/// A view that shows context menus of its own on a secondary click (collection and table
/// views, for their items).
@MainActor
protocol _ContextMenuSource: AnyObject {
  /// A secondary click at `point` (the view's coordinates): true when a menu showed (or the
  /// click was otherwise taken).
  func _secondaryClickShowsContextMenu(at point: CGPoint) -> Bool
}

extension UIWindow {
  /// Shows `menu` for a source at `sourceRect` (window coordinates) with `sender` as its
  /// actions' sender; an edit menu or another context menu on screen goes first.
  package func _presentContextMenu(
    _ menu: UIMenu, sender: AnyObject?, sourceView: UIView?, sourceRect: CGRect,
    didChoose: (@MainActor (UIMenuElement) -> Void)? = nil
  ) {
    _editMenuInteraction?.dismissMenu()
    _contextMenu?.dismiss()
    let view = _ContextMenuView(
      menu: menu, sender: sender, sourceView: sourceView, sourceRect: sourceRect, didChoose: didChoose)
    _contextMenu = view
    addSubview(view)
    view.reloadRows()
  }
}

extension UIWindow {
  /// The view a toolbar or navigation bar on screen made for `item` (or the item's custom
  /// view): in this window, or on the keyboard (an accessory toolbar).
  package func _view(forBarButtonItem item: UIBarButtonItem) -> UIView? {
    if let custom = item.customView, custom.window != nil { return custom }
    func search(_ view: UIView) -> UIView? {
      if let itemView = view as? _BarButtonItemView, itemView.item === item, !itemView.isHidden { return itemView }
      for subview in view.subviews.reversed() {
        if let found = search(subview) { return found }
      }
      return nil
    }
    if let found = search(self) { return found }
    if let accessory = keyboard._installedAccessoryView { return search(accessory) }
    return nil
  }
}
