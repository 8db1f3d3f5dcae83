import Foundation

/// The look of a bar.
public enum UIBarStyle: Int, Sendable {
  /// A light bar with dark content.
  case `default` = 0
  /// A dark bar with light content.
  case black = 1
  /// A translucent dark bar (deprecated on iOS: `.black` with `isTranslucent`).
  case blackTranslucent = 2
  /// An opaque dark bar (deprecated on iOS: `.black`).
  public static let blackOpaque = UIBarStyle.black
}

/// A bar of buttons, typically at the bottom of a screen or above the keyboard as a text
/// object's `inputAccessoryView`:
///
/// ```swift
/// let toolbar = UIToolbar()
/// toolbar.sizeToFit()
/// toolbar.items = [
///   UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil),
///   UIBarButtonItem(barButtonSystemItem: .done, target: self, action: FormViewController.done),
/// ]
/// field.inputAccessoryView = toolbar
/// ```
///
/// Items keep their natural widths (a title's, an image's, a custom view's, or their `width`),
/// with a space's width between neighbouring buttons and at both ends; flexible spaces share
/// the width left over equally; without one the items sit at the leading edge, as on iOS.
///
/// A toolbar is 44 points tall on iOS. Where text is measured in terminal cells, every line of
/// text is one cell row tall whatever its font, so the bar is one row tall: it follows the host's
/// measurer, as labels and buttons do. Above the keyboard, Escape activates the bar's Done item
/// (see ``UIBarButtonItem``).
@preconcurrency @MainActor
open class UIToolbar: UIView, _BarItemOwner {
  /// The height of a toolbar measured in points, as on iOS.
  package static let standardHeight: CGFloat = 44

  /// The items, left to right.
  open var items: [UIBarButtonItem]? {
    didSet {
      for item in oldValue ?? [] where item._owner === self { item._owner = nil }
      for item in items ?? [] { item._owner = self }
      _syncItemViews()
    }
  }

  /// Sets the items (the change is not animated here).
  open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
    self.items = items
  }

  /// The bar's look (light or dark).
  open var barStyle: UIBarStyle = .default
  /// The bar's background colour (nil: the style's).
  open var barTintColor: UIColor? {
    get { _barTintColor }
    set {
      guard _appearanceSetterProceeds("barTintColor") else { return }
      _barTintColor = newValue
    }
  }
  private var _barTintColor: UIColor?
  /// Whether the bar is translucent (a drawing hint here: cells are opaque).
  open var isTranslucent = true

  /// The views showing the items, by item: buttons the bar made, or the items' custom views.
  private var _itemViews: [ObjectIdentifier: UIView] = [:]

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  // MARK: Measuring

  /// Text measures the same wherever the bar is (it is often sized before it has a window).
  var _measurer: any TextMeasuring {
    window?.textMeasurer ?? UIApplication.shared.keyWindow?.textMeasurer ?? ProportionalTextMeasurer()
  }

  /// iOS's bar height, or one line of text where the host draws every line in one cell row.
  var _barHeight: CGFloat { Self._barHeight(measuredBy: _measurer) }

  static func _barHeight(measuredBy measurer: any TextMeasuring) -> CGFloat {
    if measurer is CellTextMeasurer { return measurer.size(of: "X", font: UIBarButtonItem._plainFont).height }
    return standardHeight
  }

  /// The height ``sizeToFit()`` gave the bar, while the frame keeps it.
  private var _fittedHeight: CGFloat?

  open override func sizeToFit() {
    super.sizeToFit()
    _fittedHeight = frame.height
  }

  /// A bar sized to fit before it had a window (in `viewDidLoad`, before the terminal host set
  /// its measurer) takes the height the window it shows in measures; a height the app set
  /// itself is kept.
  package func _refitHeight(for window: UIWindow) {
    guard let fitted = _fittedHeight, frame.height == fitted else { return }
    let height = Self._barHeight(measuredBy: window.textMeasurer)
    guard height != fitted else { return }
    frame.size.height = height
    _fittedHeight = height
  }

  /// The gap between neighbouring buttons and at the bar's ends.
  var _margins: _BarMargins { _BarMargins(measuredBy: _measurer, width: bounds.width) }

  private var _shownItems: [UIBarButtonItem] { (items ?? []).filter { !$0.isHidden } }

  /// An item's width before flexible spaces take their share.
  private func _naturalWidth(of item: UIBarButtonItem) -> CGFloat {
    if item._isFlexibleSpace { return 0 }
    if item.systemItem == .fixedSpace || item.width > 0 { return item.width }
    if let custom = item.customView {
      return custom.frame.width > 0 ? custom.frame.width : custom.sizeThatFits(.zero).width
    }
    return item._contentSize(measurer: _measurer, barHeight: _barHeight).width
  }

  /// The widths of the gaps between items: one between two neighbouring buttons, none beside a
  /// space (the space is the gap).
  private func _gaps(_ shown: [UIBarButtonItem]) -> CGFloat {
    guard shown.count > 1 else { return 0 }
    var count = 0
    for index in 1..<shown.count where !shown[index]._isSpace && !shown[index - 1]._isSpace { count += 1 }
    return CGFloat(count) * _margins.between
  }

  /// Each shown item's frame in the bar's bounds, in order.
  func _itemFrames() -> [(item: UIBarButtonItem, frame: CGRect)] {
    let shown = _shownItems
    let margins = _margins
    let margin = margins.edge
    let natural = shown.map(_naturalWidth)
    let flexible = shown.filter { $0._isFlexibleSpace }.count
    let leftover = bounds.width - 2 * margin - natural.reduce(0, +) - _gaps(shown)
    // Shares in whole points (whole cells where cells are 8 points), the last taking the rest,
    // so that items do not land between cells.
    let share = flexible > 0 ? max(0, (leftover / CGFloat(flexible)).rounded(.down)) : 0
    let lastShare = flexible > 0 ? max(0, leftover - share * CGFloat(flexible - 1)) : 0
    var flexibleSeen = 0
    var x = bounds.minX + margin
    var frames: [(UIBarButtonItem, CGRect)] = []
    for (index, item) in shown.enumerated() {
      if index > 0, !item._isSpace, !shown[index - 1]._isSpace { x += margins.between }
      var width = natural[index]
      if item._isFlexibleSpace {
        flexibleSeen += 1
        width = flexibleSeen == flexible ? lastShare : share
      }
      var height = bounds.height
      if let custom = item.customView, custom.frame.height > 0 { height = min(custom.frame.height, bounds.height) }
      frames.append((item, CGRect(x: x, y: bounds.minY + (bounds.height - height) / 2, width: width, height: height)))
      x += width
    }
    return frames
  }

  /// A bar of iOS's height (one row in a terminal), as wide as `size` asks, or as its items
  /// need when `size` has no width.
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    let shown = _shownItems
    let natural = shown.map(_naturalWidth).reduce(0, +) + _gaps(shown) + 2 * _margins.edge
    return CGSize(width: size.width > 0 ? size.width : natural, height: _barHeight)
  }

  open override var intrinsicContentSize: CGSize {
    CGSize(width: UIView.noIntrinsicMetric, height: _barHeight)
  }

  // MARK: Item views

  open override func layoutSubviews() {
    super.layoutSubviews()
    for (item, frame) in _itemFrames() {
      _itemViews[ObjectIdentifier(item)]?.frame = frame
    }
  }

  /// Makes the subviews match the items: a button per titled or imaged item, the custom view
  /// of a custom item, nothing for a space or a hidden item.
  private func _syncItemViews() {
    var wanted: [ObjectIdentifier: UIView] = [:]
    for item in _shownItems where !item._isSpace {
      let key = ObjectIdentifier(item)
      if let custom = item.customView {
        wanted[key] = custom
      } else if let button = _itemViews[key] as? _BarButtonItemView {
        wanted[key] = button
      } else {
        wanted[key] = _BarButtonItemView(item: item)
      }
    }
    for (key, view) in _itemViews where wanted[key] !== view && view.superview === self {
      view.removeFromSuperview()
    }
    for item in _shownItems {
      guard let view = wanted[ObjectIdentifier(item)] else { continue }
      if view.superview !== self { addSubview(view) }
      if let button = view as? _BarButtonItemView {
        button.isEnabled = item.isEnabled
        button.accessibilityIdentifier = item.accessibilityIdentifier
        button.accessibilityLabel = item.accessibilityLabel ?? item.title
        button.setNeedsDisplay()
      }
    }
    _itemViews = wanted
    setNeedsLayout()
  }

  func _barItemDidChange(_ item: UIBarItem) {
    _syncItemViews()
  }

  /// The view showing `item`, if it has one (spaces and hidden items have none).
  package func _view(for item: UIBarButtonItem) -> UIView? {
    _itemViews[ObjectIdentifier(item)]
  }

  /// The item a hardware keyboard's Escape activates above the keyboard: the enabled Done item
  /// (the Done system item or the last item in the done style) that has an action.
  package var _doneItem: UIBarButtonItem? {
    _shownItems.last { item in
      item.isEnabled && item.customView == nil && item._hasAction
        && (item.systemItem == .done || (item.style == .done && !item._isSpace))
    }
  }

  // MARK: Drawing

  /// The bar's background when no `backgroundColor` is set: `barTintColor`, else the style's.
  private var _barColor: UIColor {
    if let barTintColor { return barTintColor }
    return barStyle == .default ? UIColor._barBackground : UIColor(white: 0.11, alpha: 1)
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    if backgroundColor == nil {
      list.append(DisplayItem(frame: rect, clip: clip, content: .fill(_barColor), alpha: alpha))
    }
  }
}

extension UIBarButtonItem {
  static let _plainFont = UIFont.systemFont(ofSize: 17)
  /// iOS's done style is the semibold system font.
  static let _doneFont = UIFont.systemFont(ofSize: 17, weight: .semibold)

  /// The font the title is drawn in, in `state`.
  func _font(for state: UIControl.State) -> UIFont {
    _effectiveTitleAttributes(for: state)[.font] as? UIFont ?? (style == .done ? Self._doneFont : Self._plainFont)
  }

  /// The image scaled down to fit the bar's height, keeping its aspect ratio, as iOS fits a
  /// bar item's image (a smaller one keeps its size).
  func _fittedImageSize(barHeight: CGFloat) -> CGSize {
    guard let image else { return .zero }
    var size = image.size
    if size.height > barHeight, size.height > 0 {
      size = CGSize(width: size.width * barHeight / size.height, height: barHeight)
    }
    return size
  }

  /// The natural size of what the item draws: its image if it has one (a bar shows the image
  /// and not the title), else its title.
  func _contentSize(measurer: any TextMeasuring, barHeight: CGFloat) -> CGSize {
    if image != nil { return _fittedImageSize(barHeight: barHeight) }
    guard let title, !title.isEmpty else { return .zero }
    return measurer.size(of: title, font: _font(for: isEnabled ? .normal : .disabled))
  }
}

/// The button a toolbar makes for an item: it draws the item's title or image and performs the
/// item's action on a tap inside it.
@MainActor
final class _BarButtonItemView: UIControl {
  weak var item: UIBarButtonItem?

  init(item: UIBarButtonItem) {
    self.item = item
    super.init(frame: .zero)
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
    super.touchesBegan(touches, with: event)
    // An item with an action and a menu shows the menu on a long press.
    guard let item, item.isEnabled, item.menu != nil, item._hasAction else { return }
    _armMenuLongPress { [weak self] in
      guard let self, let item = self.item else { return }
      item._showMenu(from: self)
    }
  }

  override func _didTapInside(at point: CGPoint, event: UIEvent?) {
    item?._tap(from: self, event: event)
  }

  /// What the item is drawn in: grey when disabled (iOS dims a disabled item's tint; cells
  /// have no opacity, so the colour does it), else its tint colour.
  var _contentColor: UIColor {
    guard let item else { return tintColor }
    if let color = item._effectiveTitleAttributes(for: state)[.foregroundColor] as? UIColor { return color }
    return item.isEnabled ? (item.tintColor ?? tintColor) : .systemGray
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    guard let item else { return }
    let color = _contentColor
    if let image = item.image {
      let size = item._fittedImageSize(barHeight: rect.height)
      let insets = item.imageInsets
      let frame = CGRect(
        x: rect.midX - size.width / 2 + insets.left - insets.right,
        y: rect.midY - size.height / 2 + insets.top - insets.bottom, width: size.width, height: size.height)
      let drawn = image.renderingMode == .alwaysOriginal ? image : image.withTintColor(color, renderingMode: .alwaysTemplate)
      list.append(DisplayItem(frame: frame, clip: clip, content: .image(drawn), alpha: alpha))
    } else if let title = item.title, !title.isEmpty {
      let run = TextRun(string: title, font: item._font(for: state), color: color, alignment: .center)
      list.append(DisplayItem(frame: rect, clip: clip, content: .text(run), alpha: alpha))
    }
  }
}

/// Where a bar's items sit: iOS's bars keep their items 16 points in from their ends (20 on
/// bars 414 points wide and wider: the Plus and Max phones' layout margins) and 8 points
/// apart, and a navigation bar's back chevron 8 points from its edge; where text is laid out in
/// cells, a space of the items' font (one column) does all three.
struct _BarMargins {
  /// From the bar's ends to the first and last items.
  var edge: CGFloat
  /// Between neighbouring items.
  var between: CGFloat
  /// From the bar's leading end to a navigation bar's back button.
  var back: CGFloat

  @MainActor
  init(measuredBy measurer: any TextMeasuring, width: CGFloat) {
    if measurer.rowHeight != nil {
      let space = measurer.size(of: " ", font: UIBarButtonItem._plainFont).width
      (edge, between, back) = (space, space, space)
    } else {
      (edge, between, back) = (width >= 414 ? 20 : 16, 8, 8)
    }
  }
}
