import Foundation

/// The sides of a popover its arrow may point from.
public struct UIPopoverArrowDirection: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The arrow points up: the popover is below what it points at.
  public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
  /// The arrow points down: the popover is above.
  public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
  /// The arrow points left: the popover is to the right.
  public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
  /// The arrow points right: the popover is to the left.
  public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
  public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
  /// Before the popover shows.
  public static let unknown = UIPopoverArrowDirection(rawValue: .max)
}

/// What a popover tells its delegate, beside the adaptive presentation delegate's messages.
/// Every method is optional.
@preconcurrency @MainActor
public protocol UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
  /// The popover is about to show (the place to set its source at the last moment).
  func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController)
  /// The popover is about to move (a rotation or resize moved its anchor): `rect` and `view`
  /// may be changed.
  func popoverPresentationController(
    _ popoverPresentationController: UIPopoverPresentationController,
    willRepositionPopoverTo rect: UnsafeMutablePointer<CGRect>, in view: UnsafeMutablePointer<UIView>)
  /// The style a popover adapts to in `traitCollection` (compact width): `.none` keeps it a
  /// popover; the default `.automatic` lets UIKit choose (a sheet).
  func adaptivePresentationStyle(
    for controller: UIPresentationController, traitCollection: UITraitCollection
  ) -> UIModalPresentationStyle
}

extension UIPopoverPresentationControllerDelegate {
  public func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {}
  public func popoverPresentationController(
    _ popoverPresentationController: UIPopoverPresentationController,
    willRepositionPopoverTo rect: UnsafeMutablePointer<CGRect>, in view: UnsafeMutablePointer<UIView>
  ) {}
  public func adaptivePresentationStyle(
    for controller: UIPresentationController, traitCollection: UITraitCollection
  ) -> UIModalPresentationStyle {
    adaptivePresentationStyle(for: controller)
  }
}

/// Shows a presented controller in a popover: a rounded panel beside what it points at, with
/// an arrow, sized by the controller's `preferredContentSize`. A tap outside dismisses it
/// (except on its `passthroughViews`). In a compact width (an iPhone) it adapts, as on iOS, to a
/// sheet (``adaptiveSheetPresentationController``) unless the delegate answers `.none`.
///
/// Set ``sourceView`` and ``sourceRect`` (or ``barButtonItem``) before presenting: a popover
/// shown without an anchor is a programmer error, as on iOS.
@preconcurrency @MainActor
open class UIPopoverPresentationController: UIPresentationController {
  /// The view the popover points at.
  open var sourceView: UIView?
  /// The rectangle of ``sourceView`` the popover points at (its bounds when not set).
  open var sourceRect: CGRect {
    get { _sourceRect ?? sourceView?.bounds ?? .zero }
    set { _sourceRect = newValue }
  }
  private var _sourceRect: CGRect?
  /// The bar button item the popover points at (instead of a view).
  open var barButtonItem: UIBarButtonItem?
  /// The sides the arrow may point from (any by default).
  open var permittedArrowDirections: UIPopoverArrowDirection = .any
  /// The side the arrow points from while the popover shows (`.unknown` before).
  open private(set) var arrowDirection: UIPopoverArrowDirection = .unknown
  /// Views that still take touches while the popover shows (a tap on them does not dismiss it).
  open var passthroughViews: [UIView]?
  /// The popover's colour (its arrow's too); nil: the system background.
  open var backgroundColor: UIColor? {
    didSet { _panel?.panelColor = backgroundColor }
  }
  /// Whether the popover may cover the rectangle it points at when there is no room beside it.
  open var canOverlapSourceViewRect = false
  /// The margins the popover keeps from the edges of the screen.
  open var popoverLayoutMargins = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
  /// The sheet the popover becomes in a compact width.
  open var adaptiveSheetPresentationController: UISheetPresentationController {
    if let sheet = _adaptiveSheet { return sheet }
    let sheet = UISheetPresentationController(presentedViewController: presentedViewController, presenting: _presentingController)
    _adaptiveSheet = sheet
    return sheet
  }
  private var _adaptiveSheet: UISheetPresentationController?

  /// The height of the arrow, as iOS draws it.
  static let _arrowHeight: CGFloat = 13
  /// The popover's size when the presented controller prefers none.
  static let _defaultContentSize = CGSize(width: 320, height: 480)

  private var _panel: _PopoverPanelView?
  private var _catcher: _PopoverDismissView?
  private var _laidOutSize: CGSize?

  /// A popover controller for `presentedViewController` (its style is `.popover`).
  public override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
    super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
    _style = .popover
  }

  override func _prepareViews() {
    let container = _TransitionView(presentation: self)
    let catcher = _PopoverDismissView(presentation: self)
    catcher.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    container.addSubview(catcher)
    let panel = _PopoverPanelView()
    panel.panelColor = backgroundColor
    container.addSubview(panel)
    _transitionView = container
    _catcher = catcher
    _panel = panel
    panel.addSubview(presentedViewController.view)
  }

  override var _rootView: UIView? { _transitionView }
  override var _wrapperView: UIView? { _panel }
  override var _removesPresenterFromView: Bool { false }
  override var _appearsByFading: Bool { true }
  override func _place(_ presentedView: UIView, at frame: CGRect) { _placePanel() }

  /// What the popover points at, in window coordinates.
  var _anchor: CGRect? {
    if let item = barButtonItem, let window = _presentingController?.viewIfLoaded?.window,
      let view = window._view(forBarButtonItem: item)
    {
      return view.convert(view.bounds, to: nil)
    }
    guard let sourceView, sourceView.window != nil else { return nil }
    return sourceView.convert(sourceRect, to: nil)
  }

  /// Where the panel (content and arrow) goes in the container, and where the arrow points from.
  func _layout(in bounds: CGRect) -> (panel: CGRect, content: CGRect, arrow: UIPopoverArrowDirection, tip: CGPoint) {
    let preferred = presentedViewController.preferredContentSize
    let wanted = preferred.width > 0 && preferred.height > 0 ? preferred : Self._defaultContentSize
    let area = bounds.inset(by: popoverLayoutMargins)
    let anchor = _anchor ?? CGRect(x: bounds.midX, y: bounds.midY, width: 0, height: 0)
    let arrow = Self._arrowHeight
    // Room on each side of the anchor; the arrow goes where the whole content fits, in iOS's
    // order of preference (below, above, right, left), else where there is most room.
    let room: [(UIPopoverArrowDirection, CGFloat, CGFloat)] = [
      (.up, area.maxY - anchor.maxY - arrow, wanted.height),
      (.down, anchor.minY - area.minY - arrow, wanted.height),
      (.left, area.maxX - anchor.maxX - arrow, wanted.width),
      (.right, anchor.minX - area.minX - arrow, wanted.width),
    ].filter { permittedArrowDirections.contains($0.0) }
    let chosen = room.first { $0.1 >= $0.2 } ?? room.max { $0.1 < $1.1 } ?? (.up, area.height, wanted.height)
    var content = CGRect(origin: .zero, size: CGSize(width: min(wanted.width, area.width), height: min(wanted.height, area.height)))
    var tip = CGPoint(x: anchor.midX, y: anchor.maxY)
    switch chosen.0 {
    case .up, .down:
      content.size.height = min(content.height, max(0, chosen.1))
      content.origin.x = min(max(anchor.midX - content.width / 2, area.minX), area.maxX - content.width)
      if chosen.0 == .up {
        content.origin.y = anchor.maxY + arrow
      } else {
        content.origin.y = anchor.minY - arrow - content.height
        tip = CGPoint(x: anchor.midX, y: anchor.minY)
      }
    default:
      content.size.width = min(content.width, max(0, chosen.1))
      content.origin.y = min(max(anchor.midY - content.height / 2, area.minY), area.maxY - content.height)
      if chosen.0 == .left {
        content.origin.x = anchor.maxX + arrow
        tip = CGPoint(x: anchor.maxX, y: anchor.midY)
      } else {
        content.origin.x = anchor.minX - arrow - content.width
        tip = CGPoint(x: anchor.minX, y: anchor.midY)
      }
    }
    var panel = content
    switch chosen.0 {
    case .up: panel.origin.y -= arrow; panel.size.height += arrow
    case .down: panel.size.height += arrow
    case .left: panel.origin.x -= arrow; panel.size.width += arrow
    default: panel.size.width += arrow
    }
    return (panel, content, chosen.0, tip)
  }

  /// The presented view's frame in the container: the popover's content area.
  open override var frameOfPresentedViewInContainerView: CGRect {
    guard let container = containerView else { return .zero }
    return _layout(in: container.bounds).content
  }

  open override func containerViewWillLayoutSubviews() {
    super.containerViewWillLayoutSubviews()
    _placePanel()
  }

  /// Puts the panel beside its anchor and the presented view in it. Once it shows, a change of
  /// the container's size (a rotation, a resize) asks the delegate where to point first.
  func _placePanel() {
    guard let container = containerView, let panel = _panel else { return }
    if let shown = _laidOutSize, shown != container.bounds.size, let sourceView,
      let delegate = delegate as? any UIPopoverPresentationControllerDelegate
    {
      var rect = sourceRect
      var view = sourceView
      delegate.popoverPresentationController(self, willRepositionPopoverTo: &rect, in: &view)
      self.sourceView = view
      self.sourceRect = rect
    }
    _laidOutSize = container.bounds.size
    let layout = _layout(in: container.bounds)
    arrowDirection = layout.arrow
    panel.frame = layout.panel
    panel.arrow = layout.arrow
    panel.tip = CGPoint(x: layout.tip.x - layout.panel.minX, y: layout.tip.y - layout.panel.minY)
    presentedViewController.view.frame = CGRect(
      x: layout.content.minX - layout.panel.minX, y: layout.content.minY - layout.panel.minY,
      width: layout.content.width, height: layout.content.height)
  }

  /// A tap outside the popover (not on a passthrough view): the delegate is asked and the
  /// popover goes, as a sheet's swipe.
  func _tappedOutside() { _userAttemptedDismiss() }

  /// A touch on a passthrough view goes through to it.
  override func _passesTouchThrough(at point: CGPoint) -> Bool {
    (passthroughViews ?? []).contains { view in
      view.window != nil && view.convert(view.bounds, to: nil).contains(point)
    }
  }

  /// The style the popover shows in now: a popover in a regular width, or when the delegate
  /// keeps it one; otherwise what the delegate adapts it to, a sheet by default.
  func _adaptedStyle(in window: UIWindow) -> UIModalPresentationStyle {
    let traits = window.traitCollection
    guard traits.horizontalSizeClass == .compact else { return .popover }
    let asked = (delegate as? any UIPopoverPresentationControllerDelegate)?
      .adaptivePresentationStyle(for: self, traitCollection: traits)
      ?? delegate?.adaptivePresentationStyle(for: self) ?? .automatic
    switch asked {
    case .none, .popover: return .popover
    case .automatic: return .formSheet
    default: return asked
    }
  }
}

/// The popover's panel: rounded, in the popover's colour, with the arrow pointing from one side.
@MainActor
final class _PopoverPanelView: UIView {
  var panelColor: UIColor? { didSet { setNeedsDisplay() } }
  var arrow: UIPopoverArrowDirection = .up
  var tip: CGPoint = .zero

  override init(frame: CGRect) {
    super.init(frame: frame)
    layer.shadowOpacity = 0.15
    layer.shadowRadius = 12
  }

  required init?(coder: NSCoder) { fatalError("not archived") }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    let color = panelColor ?? .systemBackground
    let arrowHeight = UIPopoverPresentationController._arrowHeight
    var body = rect
    switch arrow {
    case .up: body.origin.y += arrowHeight; body.size.height -= arrowHeight
    case .down: body.size.height -= arrowHeight
    case .left: body.origin.x += arrowHeight; body.size.width -= arrowHeight
    default: body.size.width -= arrowHeight
    }
    let rounding = DisplayItem.CornerRounding(
      radius: 13, corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
    list.append(DisplayItem(frame: body, clip: clip, content: .roundedFill(color, rounding), alpha: alpha))
    // The arrow: a triangle from the panel's edge to the tip.
    let point = CGPoint(x: rect.minX + tip.x, y: rect.minY + tip.y)
    let half: CGFloat = arrowHeight
    let triangle: [CGPoint]
    switch arrow {
    case .up: triangle = [CGPoint(x: point.x - half, y: body.minY), point, CGPoint(x: point.x + half, y: body.minY)]
    case .down: triangle = [CGPoint(x: point.x - half, y: body.maxY), point, CGPoint(x: point.x + half, y: body.maxY)]
    case .left: triangle = [CGPoint(x: body.minX, y: point.y - half), point, CGPoint(x: body.minX, y: point.y + half)]
    default: triangle = [CGPoint(x: body.maxX, y: point.y - half), point, CGPoint(x: body.maxX, y: point.y + half)]
    }
    let run = PathRun(subpaths: [CGPathPolyline(points: triangle, isClosed: true)], color: color, mode: .fill(evenOdd: false))
    list.append(DisplayItem(frame: rect, clip: clip, content: .path(run), alpha: alpha, hosts: .pixels))
    // In cells, a box around the panel.
    list.append(DisplayItem(frame: body, clip: clip, content: .border(.roundedRect, .separator), alpha: alpha, hosts: .cells))
  }
}

/// The clear view under a popover that takes a tap outside it (and lets touches through on
/// the passthrough views).
@MainActor
final class _PopoverDismissView: UIView {
  private unowned let presentation: UIPopoverPresentationController

  init(presentation: UIPopoverPresentationController) {
    self.presentation = presentation
    super.init(frame: .zero)
  }

  required init?(coder: NSCoder) { fatalError("not archived") }

  override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    let inWindow = convert(point, to: nil)
    if presentation._passesTouchThrough(at: inWindow) { return nil }
    return super.hitTest(point, with: event)
  }

  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
    presentation._tappedOutside()
  }
}
