import Foundation

/// What a navigation bar asks and tells its delegate when items are pushed and popped (a bar
/// a navigation controller manages is its controller's). Every method is optional.
@preconcurrency @MainActor
public protocol UINavigationBarDelegate: NSObjectProtocol {
  /// Asks whether `item` may be pushed.
  func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool
  /// `item` was pushed.
  func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem)
  /// Asks whether `item` may be popped (the back button was tapped).
  func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool
  /// `item` was popped.
  func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem)
}

extension UINavigationBarDelegate {
  public func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool { true }
  public func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem) {}
  public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool { true }
  public func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem) {}
}

/// The bar at the top of a navigation controller: the back button (titled with the previous
/// item's back title, title, or "Back", after a "‹" chevron), the top item's title centred (or
/// its title view), its left and right bar button items, and its prompt above. Buttons are
/// tappable with the mouse.
///
/// The bar is 44 points tall (30 more with a prompt), as on iOS; where text is measured in
/// terminal cells, one row (two with a prompt), as a toolbar is. Large titles
/// (`prefersLargeTitles`) are drawn as ordinary titles: a terminal row has one text size.
@preconcurrency @MainActor
open class UINavigationBar: UIView, _BarItemOwner {
  /// The items, bottom (the root screen's) to top.
  open var items: [UINavigationItem]? {
    didSet {
      for item in oldValue ?? [] where !(items ?? []).contains(where: { $0 === item }) { item._detach(self) }
      for item in items ?? [] { item._attach(self) }
      _syncViews()
    }
  }

  /// Sets the items (not animated here).
  open func setItems(_ items: [UINavigationItem]?, animated: Bool) { self.items = items }

  /// The item on top: the one whose title and buttons show.
  open var topItem: UINavigationItem? { items?.last }
  /// The item under the top one: the back button goes back to it.
  open var backItem: UINavigationItem? {
    guard let items, items.count >= 2 else { return nil }
    return items[items.count - 2]
  }

  /// Pushes `item` on top (asking the delegate first).
  open func pushItem(_ item: UINavigationItem, animated: Bool) {
    if let delegate, !delegate.navigationBar(self, shouldPush: item) { return }
    items = (items ?? []) + [item]
    delegate?.navigationBar(self, didPush: item)
  }

  /// Pops the top item (asking the delegate first) and returns it.
  @discardableResult
  open func popItem(animated: Bool) -> UINavigationItem? {
    guard let top = topItem else { return nil }
    if let delegate, !delegate.navigationBar(self, shouldPop: top) { return nil }
    items?.removeLast()
    delegate?.navigationBar(self, didPop: top)
    return top
  }

  /// The bar's delegate (a standalone bar's; a navigation controller manages its own bar).
  open weak var delegate: (any UINavigationBarDelegate)?
  /// Whether titles are large (drawn as ordinary titles here; see the type's documentation).
  open var prefersLargeTitles = false
  /// The bar's look.
  open var barStyle: UIBarStyle = .default { didSet { setNeedsDisplay() } }
  /// The bar's background colour (nil: the style's).
  open var barTintColor: UIColor? {
    get { _barTintColor }
    set {
      guard _appearanceSetterProceeds("barTintColor") else { return }
      _barTintColor = newValue
      setNeedsDisplay()
    }
  }
  private var _barTintColor: UIColor?
  /// Whether the bar is translucent (a drawing hint here).
  open var isTranslucent = true
  /// Attributes of the title (font, colour).
  open var titleTextAttributes: [NSAttributedString.Key: Any]? {
    get { _titleTextAttributes }
    set {
      guard _appearanceSetterProceeds("titleTextAttributes") else { return }
      _titleTextAttributes = newValue
      _syncViews()
    }
  }
  private var _titleTextAttributes: [NSAttributedString.Key: Any]?
  /// Attributes of large titles (kept for source compatibility).
  open var largeTitleTextAttributes: [NSAttributedString.Key: Any]?

  /// The navigation controller managing the bar: the back button pops its stack.
  weak var _navigationController: UINavigationController?

  private let _backButton = _NavigationBackButton()
  private let _titleLabel = UILabel()
  private let _promptLabel = UILabel()
  private var _itemViews: [ObjectIdentifier: UIView] = [:]
  private weak var _shownTitleView: UIView?

  public override init(frame: CGRect) {
    super.init(frame: frame)
    _setUp()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    _setUp()
  }

  private func _setUp() {
    _titleLabel.textAlignment = .center
    _promptLabel.textAlignment = .center
    _promptLabel.font = .systemFont(ofSize: 13)
    _backButton.bar = self
    addSubview(_promptLabel)
    addSubview(_titleLabel)
    addSubview(_backButton)
  }

  // MARK: Measuring

  var _measurer: any TextMeasuring {
    window?.textMeasurer ?? UIApplication.shared.keyWindow?.textMeasurer ?? ProportionalTextMeasurer()
  }

  /// The height of the row of buttons: iOS's 44 points, or one cell row.
  var _rowHeight: CGFloat { UIToolbar._barHeight(measuredBy: _measurer) }

  /// The height of the prompt above the row: 30 points, or one cell row.
  var _promptHeight: CGFloat {
    guard let prompt = topItem?.prompt, !prompt.isEmpty else { return 0 }
    return _measurer is CellTextMeasurer ? _rowHeight : 30
  }

  /// The gaps at the bar's ends and between buttons (iOS's in points, a column in cells).
  private var _margins: _BarMargins { _BarMargins(measuredBy: _measurer, width: bounds.width) }

  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    CGSize(width: size.width > 0 ? size.width : bounds.width, height: _rowHeight + _promptHeight)
  }

  open override var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: _rowHeight + _promptHeight)
  }

  // MARK: Content

  /// Whether the back button shows: there is an item to go back to, the top item does not
  /// hide it, and its left items do not replace it.
  var _showsBackButton: Bool {
    guard let top = topItem, backItem != nil, !top.hidesBackButton else { return false }
    return (top.leftBarButtonItems ?? []).isEmpty || top.leftItemsSupplementBackButton
  }

  /// The back button's title: the previous item's back item title, back title, or title.
  var _backTitle: String {
    guard let back = backItem else { return "" }
    switch back.backButtonDisplayMode {
    case .minimal: return ""
    case .generic: return "Back"
    case .default:
      let title = back.backBarButtonItem?.title ?? back.backButtonTitle ?? back.title ?? "Back"
      // iOS falls back to "Back" when the title would crowd the bar.
      let width = _measurer.size(of: title, font: UIBarButtonItem._plainFont).width
      return bounds.width > 0 && width > bounds.width / 3 ? "Back" : title
    }
  }

  func _itemDidChange(_ item: UINavigationItem) {
    _syncViews()
  }

  func _barItemDidChange(_ item: UIBarItem) {
    _syncViews()
  }

  private var _shownItems: (left: [UIBarButtonItem], right: [UIBarButtonItem]) {
    guard let top = topItem else { return ([], []) }
    return ((top.leftBarButtonItems ?? []).filter { !$0.isHidden }, (top.rightBarButtonItems ?? []).filter { !$0.isHidden })
  }

  /// Makes the subviews match the top item.
  func _syncViews() {
    let top = topItem
    var titleAttributes = titleTextAttributes ?? [:]
    _titleLabel.text = top?.title
    _titleLabel.font = titleAttributes.removeValue(forKey: .font) as? UIFont ?? .systemFont(ofSize: 17, weight: .semibold)
    _titleLabel.textColor = titleAttributes[.foregroundColor] as? UIColor ?? (barStyle == .default ? .label : .white)
    _promptLabel.text = top?.prompt
    if _shownTitleView !== top?.titleView {
      if let old = _shownTitleView, old.superview === self { old.removeFromSuperview() }
      _shownTitleView = top?.titleView
      if let titleView = top?.titleView { addSubview(titleView) }
    }
    _titleLabel.isHidden = top?.titleView != nil
    _backButton.title = _backTitle
    _backButton.isHidden = !_showsBackButton

    var wanted: [ObjectIdentifier: UIView] = [:]
    let (left, right) = _shownItems
    for item in left + right where !item._isSpace {
      item._owner = self
      let key = ObjectIdentifier(item)
      if let custom = item.customView {
        wanted[key] = custom
      } else if let view = _itemViews[key] as? _BarButtonItemView {
        wanted[key] = view
      } else {
        wanted[key] = _BarButtonItemView(item: item)
      }
    }
    for (key, view) in _itemViews where wanted[key] !== view && view.superview === self { view.removeFromSuperview() }
    for (key, view) in wanted {
      if view.superview !== self { addSubview(view) }
      if let button = view as? _BarButtonItemView, let item = button.item {
        button.isEnabled = item.isEnabled
        button.accessibilityIdentifier = item.accessibilityIdentifier
        button.accessibilityLabel = item.accessibilityLabel ?? item.title
        button.setNeedsDisplay()
      }
      _ = key
    }
    _itemViews = wanted
    setNeedsLayout()
    superview?.setNeedsLayout()
  }

  /// The view showing `item` (nil for a space or an item not on the bar).
  package func _view(for item: UIBarButtonItem) -> UIView? { _itemViews[ObjectIdentifier(item)] }

  /// The back button (hidden when there is nothing to go back to).
  package var _backButtonView: UIView { _backButton }

  private func _naturalWidth(of item: UIBarButtonItem) -> CGFloat {
    if item.systemItem == .fixedSpace || item.width > 0 { return item.width }
    if item._isFlexibleSpace { return 0 }
    if let custom = item.customView {
      return custom.frame.width > 0 ? custom.frame.width : custom.sizeThatFits(.zero).width
    }
    return item._contentSize(measurer: _measurer, barHeight: _rowHeight).width
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    let promptHeight = _promptHeight
    _promptLabel.frame = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: promptHeight)
    _promptLabel.isHidden = promptHeight == 0
    let row = CGRect(x: bounds.minX, y: bounds.minY + promptHeight, width: bounds.width, height: max(0, bounds.height - promptHeight))
    let margins = _margins
    let spacing = margins.between
    var left = row.minX + margins.edge
    if _showsBackButton {
      let width = _measurer.size(of: _backButton._label, font: UIBarButtonItem._plainFont).width
      // iOS's back chevron sits nearer the bar's edge than the items' margin.
      let x = row.minX + margins.back
      _backButton.frame = CGRect(x: x, y: row.minY, width: width, height: row.height)
      left = x + width + spacing
    }
    let (leftItems, rightItems) = _shownItems
    for item in leftItems {
      let width = _naturalWidth(of: item)
      _itemViews[ObjectIdentifier(item)]?.frame = _itemFrame(x: left, width: width, item: item, row: row)
      left += width + (item._isSpace ? 0 : spacing)
    }
    var right = row.maxX - margins.edge
    for item in rightItems {
      let width = _naturalWidth(of: item)
      _itemViews[ObjectIdentifier(item)]?.frame = _itemFrame(x: right - width, width: width, item: item, row: row)
      right -= width + (item._isSpace ? 0 : spacing)
    }
    // The title is centred on the bar, moved aside (and then cut) when the buttons crowd it.
    let titleView: UIView = _shownTitleView ?? _titleLabel
    var size: CGSize
    if titleView === _titleLabel {
      size = _measurer.size(of: _titleLabel.text ?? "", font: _titleLabel.font)
      size.height = row.height
    } else {
      size = titleView.frame.size == .zero ? titleView.sizeThatFits(row.size) : titleView.frame.size
      size.height = min(size.height, row.height)
    }
    let available = max(0, right - left)
    size.width = min(size.width, available)
    var x = (row.midX - size.width / 2).rounded(.down)
    x = min(max(x, left), right - size.width)
    titleView.frame = CGRect(x: x, y: row.minY + (row.height - size.height) / 2, width: size.width, height: size.height)
  }

  private func _itemFrame(x: CGFloat, width: CGFloat, item: UIBarButtonItem, row: CGRect) -> CGRect {
    var height = row.height
    if let custom = item.customView, custom.frame.height > 0 { height = min(custom.frame.height, row.height) }
    return CGRect(x: x, y: row.minY + (row.height - height) / 2, width: width, height: height)
  }

  // MARK: Actions

  /// The back button was tapped: the navigation controller pops, a standalone bar pops its
  /// top item.
  func _backTapped() {
    if let navigation = _navigationController {
      navigation._backButtonTapped()
    } else {
      popItem(animated: true)
    }
  }

  // MARK: Drawing

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    guard backgroundColor == nil else { return }
    let color = barTintColor ?? (barStyle == .default ? UIColor._barBackground : UIColor(white: 0.11, alpha: 1))
    list.append(DisplayItem(frame: rect, clip: clip, content: .fill(color), alpha: alpha))
  }
}

/// The back button: a chevron and the back title in the tint colour; a tap goes back.
@MainActor
final class _NavigationBackButton: UIControl {
  weak var bar: UINavigationBar?
  var title = "" { didSet { if title != oldValue { setNeedsDisplay() } } }

  /// What the button shows: "‹" and the title.
  var _label: String { title.isEmpty ? "‹" : "‹ " + title }

  override func _didTapInside(at point: CGPoint, event: UIEvent?) {
    bar?._backTapped()
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let run = TextRun(string: _label, font: UIBarButtonItem._plainFont, color: tintColor, alignment: .left)
    list.append(DisplayItem(frame: rect, clip: clip, content: .text(run), alpha: alpha))
  }
}
