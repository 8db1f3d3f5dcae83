import Foundation

/// Shows the edit menu: a horizontal bar of commands above (or below) a target rectangle in its
/// view, as iOS's callout over selected text. Add it to a view and call
/// ``presentEditMenu(with:)``; the delegate supplies the menu, or the suggested actions (the
/// standard edit actions the responder chain from the view can perform, see
/// `UIResponder.canPerformAction(_:withSender:)`) are shown.
///
/// The menu goes when an item is chosen, on Escape or another key, on a touch outside it, or on
/// ``dismissMenu()``; the delegate is told before it appears and before it goes.
@preconcurrency @MainActor
open class UIEditMenuInteraction: NSObject, UIInteraction {
  /// The interaction's delegate.
  open private(set) weak var delegate: (any UIEditMenuInteractionDelegate)?
  /// The view the interaction is on.
  open private(set) weak var view: UIView?

  /// The configuration of the menu on screen (nil: none).
  var _visibleConfiguration: UIEditMenuConfiguration?
  /// The configuration last presented, for ``location(in:)``.
  private var _lastConfiguration: UIEditMenuConfiguration?
  /// The menu on screen and, while a submenu is open, the submenu.
  private var _menu: UIMenu?
  private var _shownMenu: UIMenu?
  /// The bar on screen.
  package var _callout: _EditMenuCalloutView?
  /// Elements of deferred elements, by element, for the menu on screen.
  private var _deferred: [ObjectIdentifier: [UIMenuElement]] = [:]
  /// Text objects answer the delegate questions themselves (their own delegate's methods).
  weak var _textOwner: (any _TextEditMenuOwner)?

  /// Creates an interaction with a delegate.
  public init(delegate: (any UIEditMenuInteractionDelegate)?) {
    self.delegate = delegate
    super.init()
  }

  /// The interaction is about to move to `view` (nil: leaving its view); a menu on screen goes.
  open func willMove(to view: UIView?) {
    if view !== self.view { dismissMenu() }
  }

  /// The interaction moved to `view`.
  open func didMove(to view: UIView?) {
    self.view = view
  }

  // MARK: Presenting

  /// Presents the menu for `configuration` (a menu already on screen goes first). Nothing shows
  /// when the view is not in a window or the menu has no items.
  open func presentEditMenu(with configuration: UIEditMenuConfiguration) {
    guard let view, let window = view.window else { return }
    if let other = window._editMenuInteraction { other.dismissMenu() }
    _lastConfiguration = configuration
    _deferred = [:]
    guard let menu = _askMenu(for: configuration) else { return }
    _menu = menu
    _shownMenu = nil
    let items = _items()
    guard !items.isEmpty else { return }
    _visibleConfiguration = configuration
    let callout = _EditMenuCalloutView(interaction: self)
    _callout = callout
    callout.items = items
    window._editMenuInteraction = self
    let animator = _EditMenuAnimator()
    if let owner = _textOwner {
      owner._tellWillPresentEditMenu(animator)
    } else {
      delegate?.editMenuInteraction(self, willPresentMenuFor: configuration, animator: animator)
    }
    // The delegate may have dismissed it, or moved the view out of the window.
    guard _visibleConfiguration === configuration, view.window === window else { return }
    window.addSubview(callout)
    _position()
    animator.runCompletions()
  }

  /// Dismisses the menu on screen, telling the delegate first.
  open func dismissMenu() {
    guard let configuration = _visibleConfiguration else { return }
    _visibleConfiguration = nil
    let animator = _EditMenuAnimator()
    if let owner = _textOwner {
      owner._tellWillDismissEditMenu(animator)
    } else {
      delegate?.editMenuInteraction(self, willDismissMenuFor: configuration, animator: animator)
    }
    _callout?.removeFromSuperview()
    _callout = nil
    if let window = view?.window, window._editMenuInteraction === self { window._editMenuInteraction = nil }
    _menu = nil
    _shownMenu = nil
    animator.runCompletions()
  }

  /// Asks the delegate for the menu again (the suggested actions too) and shows it in place.
  open func reloadVisibleMenu() {
    guard let configuration = _visibleConfiguration, let callout = _callout else { return }
    _deferred = [:]
    guard let menu = _askMenu(for: configuration) else {
      dismissMenu()
      return
    }
    _menu = menu
    _shownMenu = nil
    let items = _items()
    if items.isEmpty {
      dismissMenu()
      return
    }
    callout.items = items
    _position()
  }

  /// Asks the delegate for the target rectangle again and moves the menu there.
  open func updateVisibleMenuPosition(animated: Bool) {
    _position()
  }

  /// The source point of the menu on screen (or of the last one presented) in `view`'s
  /// coordinates (nil: the window's).
  open func location(in view: UIView?) -> CGPoint {
    guard let configuration = _visibleConfiguration ?? _lastConfiguration, let own = self.view else { return .zero }
    return own.convert(configuration.sourcePoint, to: view)
  }

  // MARK: The menu's items

  /// The standard edit actions iOS's menu suggests, in its order, as commands.
  static let _standardActions: [(title: String, selector: Selector)] = [
    ("Cut", .cut), ("Copy", .copy), ("Paste", .paste), ("Select", .select), ("Select All", .selectAll),
  ]

  /// The standard edit actions some responder from the view up can perform now.
  func _suggestedActions() -> [UIMenuElement] {
    guard let view else { return [] }
    return Self._standardActions.compactMap { title, selector in
      view.target(forAction: selector, withSender: self) == nil
        ? nil : UICommand(_title: title, standardAction: selector)
    }
  }

  private func _askMenu(for configuration: UIEditMenuConfiguration) -> UIMenu? {
    let suggested = _suggestedActions()
    if let owner = _textOwner { return owner._editMenu(suggestedActions: suggested) }
    guard let delegate else { return UIMenu(children: suggested) }
    return delegate.editMenuInteraction(self, menuFor: configuration, suggestedActions: suggested)
  }

  /// One item of the bar.
  struct Item {
    enum Kind {
      case element(UIMenuElement, parent: UIMenu)
      case submenu(UIMenu)
      case loading
    }
    var title: String
    var kind: Kind
    var isEnabled: Bool
  }

  /// The bar's items: inline sections flattened, submenus as one item, deferred elements as
  /// their elements (or "Loading…" until they come), hidden elements and commands no responder
  /// can perform left out.
  func _items() -> [Item] {
    guard let menu = _shownMenu ?? _menu else { return [] }
    var items: [Item] = []
    _collect(menu.children, parent: menu, into: &items)
    return items
  }

  private func _collect(_ elements: [UIMenuElement], parent: UIMenu, into items: inout [Item]) {
    for element in elements {
      switch element {
      case let menu as UIMenu:
        if menu.options.contains(.displayInline) {
          _collect(menu.children, parent: menu, into: &items)
        } else if !menu.children.isEmpty {
          items.append(Item(title: menu.title + " ›", kind: .submenu(menu), isEnabled: true))
        }
      case let deferred as UIDeferredMenuElement:
        if let elements = _deferred[ObjectIdentifier(deferred)] {
          _collect(elements, parent: parent, into: &items)
        } else {
          var answered = false
          deferred._resolve { [weak self, weak deferred] elements in
            guard let self, let deferred else { return }
            self._deferred[ObjectIdentifier(deferred)] = elements
            answered = true
            if let callout = self._callout, self._visibleConfiguration != nil, callout.superview != nil {
              callout.items = self._items()
              self._position()
            }
          }
          if answered, let elements = _deferred[ObjectIdentifier(deferred)] {
            _collect(elements, parent: parent, into: &items)
          } else {
            items.append(Item(title: "Loading…", kind: .loading, isEnabled: false))
          }
        }
      case let action as UIAction:
        if action.attributes.contains(.hidden) { continue }
        items.append(Item(
          title: action.title, kind: .element(action, parent: parent), isEnabled: !action.attributes.contains(.disabled)))
      case let command as UICommand:
        if command.attributes.contains(.hidden) { continue }
        guard let view, view.target(forAction: command.action, withSender: command) != nil else { continue }
        items.append(Item(
          title: command.title, kind: .element(command, parent: parent),
          isEnabled: !command.attributes.contains(.disabled)))
      default:
        continue
      }
    }
  }

  /// The user chose the item at `index`: a submenu opens in the bar; an element runs after the
  /// menu goes (unless it keeps the menu presented).
  func _choose(_ index: Int) {
    guard let callout = _callout, callout.items.indices.contains(index) else { return }
    let item = callout.items[index]
    guard item.isEnabled else { return }
    switch item.kind {
    case .loading:
      return
    case .submenu(let menu):
      _shownMenu = menu
      callout.items = _items()
      _position()
    case .element(let element, let parent):
      let keepsPresented = parent._run(chosen: element, sender: self, start: view) { dismissMenu() }
      if let owner = _textOwner, !keepsPresented { owner._editMenuActionDidRun(element) }
      if keepsPresented { reloadVisibleMenu() }
    }
  }

  // MARK: Placing the bar

  /// Puts the bar above the target rectangle, centred on it, or below it when there is no room
  /// above (or the configuration asks for the arrow pointing up); kept inside the window.
  func _position() {
    guard let configuration = _visibleConfiguration, let view, let window = view.window, let callout = _callout else {
      return
    }
    let target: CGRect
    if let owner = _textOwner {
      target = owner._editMenuTargetRect()
    } else if let delegate {
      target = delegate.editMenuInteraction(self, targetRectFor: configuration)
    } else {
      target = CGRect(origin: configuration.sourcePoint, size: .zero)
    }
    var rect = view.convert(target, to: window)
    // A target nowhere on a finite screen (text in a view of infinite size or at infinity, a
    // delegate's NaN) would put the bar at NaN, which Core Animation refuses: the bar goes to
    // the middle of the window instead.
    if !(rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite && rect.size.height.isFinite) {
      rect = CGRect(x: window.bounds.midX, y: window.bounds.midY, width: 0, height: 0)
    }
    let size = callout.fittingSize(maxWidth: window.bounds.width - 2 * _EditMenuCalloutView.margin)
    // Over a selection a pixel host draws grab handles, whose dots stand about 10 points above
    // the start and below the end; iOS keeps the callout clear of them.
    let gap: CGFloat = _textOwner != nil && window.textMeasurer.measuresDrawnGlyphs ? 12 : 2
    let top = window.safeAreaInsets.top
    let above = rect.minY - gap - size.height
    let below = rect.maxY + gap
    let y: CGFloat
    switch configuration.preferredArrowDirection {
    case .up: y = below
    case .down: y = above
    default: y = above >= top ? above : below
    }
    let margin = _EditMenuCalloutView.margin
    let x = min(max(rect.midX - size.width / 2, window.bounds.minX + margin), window.bounds.maxX - margin - size.width)
    callout.frame = CGRect(x: max(x, window.bounds.minX), y: y, width: size.width, height: size.height)
    // The arrow points at the target: under the bar when it is above the target, over it below.
    callout.arrow = (pointsUp: y == below, x: rect.midX - callout.frame.minX)
    window.bringSubviewToFront(callout)
    callout.layoutIfNeeded()
  }
}

/// The edit menu's bar: a dark rounded strip of titles, each a button. Items that do not fit
/// the window's width go on further pages, reached with "▸" and "◂" at the bar's ends, as iOS
/// pages its callout.
///
/// Where text is laid out in points the bar is drawn as iOS draws it: 36 points tall with an
/// 8-point arrow at the target, 15-point titles 12 points from thin separators. Apple documents
/// none of these; they are the bar's proportions in iOS's screenshots. A terminal draws it in one
/// cell row, without separators or arrow.
@MainActor
package final class _EditMenuCalloutView: UIView {
  static let margin: CGFloat = 4
  static let height: CGFloat = 16
  static let padding: CGFloat = 8
  static let pointHeight: CGFloat = 36
  static let pointPadding: CGFloat = 12
  static let arrowHeight: CGFloat = 8
  static let cornerRadius: CGFloat = 8
  static let forward = "▸"
  static let back = "◂"
  static let barColor = UIColor(white: 0.15, alpha: 1)

  /// Where the arrow points (the target's middle, in the bar's coordinates) and which way.
  package var arrow: (pointsUp: Bool, x: CGFloat) = (false, 0) { didSet { setNeedsLayout(); setNeedsDisplay() } }

  /// Whether the bar is drawn in points, with iOS's proportions, rather than in cell rows.
  private var inPoints: Bool { (window?.textMeasurer ?? ProportionalTextMeasurer()).rowHeight == nil }
  private var padding: CGFloat { inPoints ? Self.pointPadding : Self.padding }
  private var titleFont: UIFont { .systemFont(ofSize: inPoints ? 15 : 17) }

  /// The bar without its arrow, in the view's bounds.
  private var barRect: CGRect {
    guard inPoints else { return bounds }
    var bar = bounds
    bar.size.height = max(0, bounds.height - Self.arrowHeight)
    if arrow.pointsUp { bar.origin.y += Self.arrowHeight }
    return bar
  }

  private weak var interaction: UIEditMenuInteraction?
  private var buttons: [UIButton] = []

  /// What a button of the bar does.
  private enum Entry: Equatable {
    case item(Int)
    case back, forward
  }

  /// All the menu's items (the bar shows one page of them).
  var items: [UIEditMenuInteraction.Item] = [] {
    didSet {
      page = 0
      rebuild()
    }
  }
  private var page = 0
  private var maxWidth: CGFloat = .greatestFiniteMagnitude
  private var entries: [Entry] = []
  /// The pages the buttons were made for.
  private var shownPages: [[Int]] = []

  init(interaction: UIEditMenuInteraction) {
    self.interaction = interaction
    super.init(frame: .zero)
    backgroundColor = Self.barColor
    layer.cornerRadius = Self.cornerRadius
    clipsToBounds = true
  }

  package required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  /// The titles shown, in order (the paging arrows included).
  package var titles: [String] { entries.map(title(of:)) }

  private func title(of entry: Entry) -> String {
    switch entry {
    case .item(let index): items[index].title
    case .back: Self.back
    case .forward: Self.forward
    }
  }

  private func width(of title: String) -> CGFloat {
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    return ceil(measurer.size(of: title, font: titleFont).width)
  }

  /// The items on each page: as many as fit in `maxWidth` with the arrows they need.
  private func pages() -> [[Int]] {
    let padding = padding
    let arrow = max(width(of: Self.forward), width(of: Self.back)) + padding
    var pages: [[Int]] = []
    var current: [Int] = []
    var used = padding
    for index in items.indices {
      let w = width(of: items[index].title) + padding
      // Room for this item and a "▸" after it unless it is the last.
      let needed = w + (index == items.count - 1 ? 0 : arrow)
      if !current.isEmpty && used + needed > maxWidth {
        pages.append(current)
        current = []
        used = padding + arrow
      }
      current.append(index)
      used += w
    }
    if !current.isEmpty { pages.append(current) }
    return pages
  }

  private func rebuild() {
    let pages = pages()
    shownPages = pages
    page = min(page, max(pages.count - 1, 0))
    var entries: [Entry] = []
    if page > 0 { entries.append(.back) }
    entries += (pages.isEmpty ? [] : pages[page]).map { .item($0) }
    if page < pages.count - 1 { entries.append(.forward) }
    self.entries = entries
    for button in buttons { button.removeFromSuperview() }
    buttons = entries.map { entry in
      let button = UIButton(type: .system)
      let enabled: Bool
      if case .item(let index) = entry { enabled = items[index].isEnabled } else { enabled = true }
      button.setTitle(title(of: entry), for: .normal)
      button.setTitleColor(enabled ? .white : .gray, for: .normal)
      button.isEnabled = enabled
      button.addAction(UIAction { [weak self] _ in self?.choose(entry) }, for: .touchUpInside)
      addSubview(button)
      return button
    }
    setNeedsLayout()
  }

  private func choose(_ entry: Entry) {
    switch entry {
    case .item(let index): interaction?._choose(index)
    case .back, .forward:
      page += entry == .back ? -1 : 1
      rebuild()
      interaction?._position()
    }
  }

  /// The bar's size for the current page when it may be `maxWidth` wide (the pages are made
  /// anew for a new width).
  func fittingSize(maxWidth: CGFloat) -> CGSize {
    // Measured again here: the bar is in the window now, with the host's measurer.
    self.maxWidth = max(maxWidth, 0)
    if pages() != shownPages { rebuild() }
    let padding = padding
    let total = entries.reduce(padding) { $0 + width(of: title(of: $1)) + padding }
    // The bar draws itself (with its arrow) in points; a terminal fills its row.
    let points = inPoints
    backgroundColor = points ? nil : Self.barColor
    layer.cornerRadius = points ? 0 : Self.cornerRadius
    let height = points ? Self.pointHeight + Self.arrowHeight : Self.height
    return CGSize(width: min(total, self.maxWidth), height: height)
  }

  package override func layoutSubviews() {
    super.layoutSubviews()
    let padding = padding, bar = barRect, font = titleFont
    var x = padding
    for (button, entry) in zip(buttons, entries) {
      let w = width(of: title(of: entry))
      button.titleLabel?.font = font
      button.frame = CGRect(x: x, y: bar.minY, width: w, height: bar.height)
      x += w + padding
    }
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    super._draw(in: rect, clip: clip, alpha: alpha, into: &list)
    guard inPoints else { return }
    let bar = barRect.offsetBy(dx: rect.minX - bounds.minX, dy: rect.minY - bounds.minY)
    let rounding = DisplayItem.CornerRounding(
      radius: Self.cornerRadius,
      corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
    list.append(DisplayItem(frame: bar, clip: clip, content: .roundedFill(Self.barColor, rounding), alpha: alpha))
    // The arrow: a triangle 16 points wide at the bar's edge, kept clear of the rounded corners.
    let half: CGFloat = 8
    let tipX = min(max(rect.minX + arrow.x, bar.minX + Self.cornerRadius + half), bar.maxX - Self.cornerRadius - half)
    let base = arrow.pointsUp ? bar.minY : bar.maxY
    let tip = arrow.pointsUp ? bar.minY - Self.arrowHeight : bar.maxY + Self.arrowHeight
    let triangle = CGPathPolyline(
      points: [CGPoint(x: tipX - half, y: base), CGPoint(x: tipX, y: tip), CGPoint(x: tipX + half, y: base)], isClosed: true)
    if bar.width > 2 * (Self.cornerRadius + half) {
      list.append(DisplayItem(frame: bar.union(CGRect(x: tipX - half, y: min(base, tip), width: 2 * half, height: Self.arrowHeight)),
        clip: clip, content: .path(PathRun(subpaths: [triangle], color: Self.barColor, mode: .fill(evenOdd: false))), alpha: alpha))
    }
    // Thin separators between the titles, in the middle of the gaps.
    let separator = UIColor(white: 1, alpha: 0.25)
    for (left, right) in zip(buttons, buttons.dropFirst()) {
      let x = rect.minX + (left.frame.maxX + right.frame.minX) / 2 - 0.25
      list.append(DisplayItem(frame: CGRect(x: x, y: bar.minY + 8, width: 0.5, height: max(0, bar.height - 16)),
        clip: clip, content: .fill(separator), alpha: alpha))
    }
  }

  /// The button titled `title` on the page shown.
  package func button(titled title: String) -> UIButton? {
    guard let index = titles.firstIndex(of: title) else { return nil }
    return buttons[index]
  }
}
