import Foundation

/// A view whose content is larger than its bounds, as on iOS: the content offset is the
/// bounds' origin, so subviews and drawing move up as it grows. It clips to its bounds, tells
/// its delegate (``UIScrollViewDelegate``) as it scrolls, scrolls with a drag (decelerating on
/// UIKit's clock afterwards) and with the mouse wheel in the hosts, keeps its content clear of
/// the safe area (``adjustedContentInset``), and shows scroll indicators while it moves.
///
/// Linux differences: `delegate` comes from `_UIScrollViewDelegateProperty` (see there why);
/// zooming is not modelled (the zoom delegate methods exist and are never called).
@preconcurrency @MainActor
open class UIScrollView: UIView, _UIScrollViewDelegateProperty {
  public override init(frame: CGRect) {
    super.init(frame: frame)
    clipsToBounds = true
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    clipsToBounds = true
  }

  /// The delegate object, whatever protocol a subclass declares its `delegate` with (one weak
  /// reference, so that a text view's delegate is the scroll view's too).
  weak var _delegateObject: AnyObject?

  /// A touch on a row of a table or collection view that may become a swipe, and the row whose
  /// swipe actions are open (UIContextualAction.swift).
  var _swipeTracking: _SwipeTracking?
  var _openSwipe: _SwipeActionsSession?
  /// The context menu due if the touch stays on its item or row (UIScrollView+ItemContextMenus.swift).
  var _contextMenuTimer: MainScheduler.Token?
  var _contextMenuTouchItem: IndexPath?
  /// Whether the touch under way belongs to the content for good (an item moved by hand): it
  /// does not become a drag of the scroll view.
  var _touchHeldByContent: Bool { false }
  /// Moves where a drag let go comes to rest (given where it would, the drag's speed and the
  /// offset when it began): a sideways-scrolling collection view section's group behaviours.
  final var _restingOffsetRule: (@MainActor (_ free: CGPoint, _ velocity: CGPoint, _ dragStart: CGPoint) -> CGPoint)?

  /// The delegate as the scroll view speaks to it.
  var _scrollDelegate: (any UIScrollViewDelegate)? { _delegateObject as? any UIScrollViewDelegate }

  // MARK: Content offset

  /// The bounds' origin is the content offset: moving it (by any path) is a scroll, which lays
  /// the content out again and tells the delegate, as iOS's `setBounds:` does.
  open override var bounds: CGRect {
    get { super.bounds }
    set {
      let old = super.bounds
      super.bounds = newValue
      if newValue.origin != old.origin { _didScroll() }
      if newValue.size != old.size { _adjustContentOffsetIfNecessary() }
    }
  }

  /// A content that no longer reaches where it is scrolled to (it shrank, or its insets or the
  /// view changed) comes back inside, as iOS does when nothing is moving it; while a drag, a
  /// glide or an animation is under way it is left alone.
  func _adjustContentOffsetIfNecessary() {
    guard !isDragging, _pan == nil, _motion == nil else { return }
    let clamped = _clampedContentOffset(contentOffset)
    if clamped != contentOffset, !clamped.x.isNaN, !clamped.y.isNaN { contentOffset = clamped }
  }

  /// The point of the content shown at the top left of the bounds (the bounds' origin).
  open var contentOffset: CGPoint {
    get { bounds.origin }
    set {
      var b = bounds
      b.origin = newValue
      bounds = b
    }
  }

  /// Sets the content offset; animated, the content moves there over 0.3 s of UIKit's clock
  /// (the delegate hears `scrollViewDidScroll` at every frame, then
  /// `scrollViewDidEndScrollingAnimation`). Either way it stops a deceleration or an animation
  /// under way.
  open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
    _stopMotion()
    guard animated, contentOffset != self.contentOffset else {
      self.contentOffset = contentOffset
      return
    }
    _startMotion(.animation(from: self.contentOffset, to: contentOffset, start: _now, duration: Self._animationDuration))
  }

  /// What a scroll does besides moving the bounds.
  func _didScroll() {
    // A scroll closes a row's open swipe actions (not the swipe in progress).
    if _openSwipe != nil, _swipeTracking == nil { _closeSwipe() }
    setNeedsLayout()
    refreshControl?._update()
    if _frameGuide != nil { _updateFrameGuide() }
    _scrollDelegate?.scrollViewDidScroll(self)
  }

  /// The size of the content, in points.
  open var contentSize: CGSize = .zero {
    didSet {
      guard contentSize != oldValue else { return }
      if _contentGuide != nil { _updateContentGuideSize() }
      // Only whether an axis scrolls matters to the adjusted inset; a text view sets its
      // content size on every key, so the safe area is not walked for nothing.
      if (contentSize.height > bounds.height) != (oldValue.height > bounds.height)
        || (contentSize.width > bounds.width) != (oldValue.width > bounds.width)
      {
        _updateAdjustedContentInset()
      }
      _adjustContentOffsetIfNecessary()
    }
  }

  /// Extra space around the content (apps grow the bottom inset while the keyboard covers the
  /// view). Setting it leaves the content offset alone, as on iOS.
  open var contentInset: UIEdgeInsets = .zero {
    didSet {
      guard contentInset != oldValue else { return }
      _updateAdjustedContentInset()
      _adjustContentOffsetIfNecessary()
    }
  }

  // MARK: The pan

  /// The pan gesture recognizer of the scroll view's drags: it begins when a drag begins,
  /// changes as it moves and ends when the finger lifts, so apps read its
  /// `translation(in:)` and `velocity(in:)` (in `scrollViewWillEndDragging`, say) and add
  /// targets to it. It is driven by the scroll view's own drag, which wins over the recognizers
  /// of the views inside it (`require(toFail:)` against it has no effect here).
  open var panGestureRecognizer: UIPanGestureRecognizer {
    if let recognizer = _panRecognizer { return recognizer }
    let recognizer = UIPanGestureRecognizer()
    recognizer._view = self
    _panRecognizer = recognizer
    return recognizer
  }
  private var _panRecognizer: UIPanGestureRecognizer?

  // MARK: Refresh control

  /// The control that refreshes the content when a person pulls it down (iOS 10). It sits
  /// above the content, behind the other subviews; with one, the content can be pulled down
  /// even when it is shorter than the scroll view (if the scroll view bounces).
  open var refreshControl: UIRefreshControl? {
    didSet {
      guard refreshControl !== oldValue else { return }
      if let oldValue, oldValue._scrollView === self {
        if oldValue.isRefreshing { oldValue.endRefreshing() }
        oldValue._scrollView = nil
        oldValue.removeFromSuperview()
      }
      if let refreshControl {
        refreshControl._scrollView = self
        insertSubview(refreshControl, at: 0)
        refreshControl._update()
      }
    }
  }

  /// What a refreshing refresh control adds to the top of ``adjustedContentInset``. The
  /// content offset is left where it is (a refresh begun in code does not scroll, as on iOS);
  /// the end of a drag or `endRefreshing()` moves it.
  var _refreshControlInset: CGFloat = 0 {
    didSet {
      guard _refreshControlInset != oldValue else { return }
      _updateAdjustedContentInset()
    }
  }

  // MARK: Adjusted content inset

  /// How the safe area adds to ``contentInset`` (see ``adjustedContentInset``).
  public enum ContentInsetAdjustmentBehavior: Int, Sendable {
    /// As `.scrollableAxes`; besides, the top and bottom always include the safe area when the
    /// scroll view is a view controller's view.
    case automatic
    /// The safe area counts along the axes the content scrolls along (content larger than the
    /// bounds, or `alwaysBounceVertical`/`alwaysBounceHorizontal`).
    case scrollableAxes
    /// The safe area never counts.
    case never
    /// The safe area always counts.
    case always
  }

  /// How the safe area adds to ``contentInset`` (`.automatic` by default).
  open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
    didSet {
      guard contentInsetAdjustmentBehavior != oldValue else { return }
      _updateAdjustedContentInset()
    }
  }

  /// The part of the safe-area insets that ``contentInsetAdjustmentBehavior`` adds.
  var _safeAreaAdjustment: UIEdgeInsets {
    let safe = safeAreaInsets
    guard safe != .zero else { return .zero }
    let vertical: Bool
    let horizontal: Bool
    switch contentInsetAdjustmentBehavior {
    case .never: return .zero
    case .always: return safe
    case .scrollableAxes, .automatic:
      vertical = contentSize.height > bounds.height || alwaysBounceVertical
        || (contentInsetAdjustmentBehavior == .automatic && _viewController != nil)
      horizontal = contentSize.width > bounds.width || alwaysBounceHorizontal
    }
    return UIEdgeInsets(
      top: vertical ? safe.top : 0, left: horizontal ? safe.left : 0,
      bottom: vertical ? safe.bottom : 0, right: horizontal ? safe.right : 0)
  }

  /// The insets the content offset is kept within: ``contentInset`` plus the safe area as
  /// ``contentInsetAdjustmentBehavior`` says.
  open var adjustedContentInset: UIEdgeInsets {
    let adjustment = _safeAreaAdjustment
    let contentInset = self.contentInset
    return UIEdgeInsets(
      top: contentInset.top + adjustment.top + _refreshControlInset, left: contentInset.left + adjustment.left,
      bottom: contentInset.bottom + adjustment.bottom, right: contentInset.right + adjustment.right)
  }

  /// Called when ``adjustedContentInset`` changed (before the delegate's
  /// `scrollViewDidChangeAdjustedContentInset`). The default does nothing.
  open func adjustedContentInsetDidChange() {}

  /// The adjusted inset and safe-area part last reported.
  private var _reportedAdjustedInset: (inset: UIEdgeInsets, safe: UIEdgeInsets) = (.zero, .zero)

  /// Reports a change of ``adjustedContentInset``. A content resting at its top when the safe
  /// area's share of the top inset changes stays at its top, as iOS keeps it (an app's own
  /// `contentInset` changes leave the offset alone).
  func _updateAdjustedContentInset() {
    let safe = _safeAreaAdjustment
    let inset = adjustedContentInset
    let old = _reportedAdjustedInset
    guard inset != old.inset else { return }
    _reportedAdjustedInset = (inset, safe)
    if safe.top != old.safe.top, contentOffset.y == -old.inset.top {
      contentOffset = CGPoint(x: contentOffset.x, y: -inset.top)
    }
    adjustedContentInsetDidChange()
    _scrollDelegate?.scrollViewDidChangeAdjustedContentInset(self)
  }

  open override func safeAreaInsetsDidChange() {
    super.safeAreaInsetsDidChange()
    _updateAdjustedContentInset()
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    _adoptContentGuideSize()
    _updateAdjustedContentInset()
    refreshControl?._update()
  }

  // MARK: Scrolling behaviour

  /// Whether the user can scroll (drags, the wheel, a text view following its caret).
  open var isScrollEnabled = true
  /// Whether a drag may pull the content past its edges (it springs back when let go).
  open var bounces = true
  /// Whether to bounce vertically even when the content is shorter than the bounds.
  open var alwaysBounceVertical = false {
    didSet { _updateAdjustedContentInset() }
  }
  /// Whether to bounce horizontally even when the content is narrower than the bounds.
  open var alwaysBounceHorizontal = false {
    didSet { _updateAdjustedContentInset() }
  }
  /// Whether a drag stops on multiples of the bounds' size (pages).
  open var isPagingEnabled = false
  /// Whether a drag that starts along one axis keeps to it.
  open var isDirectionalLockEnabled = false
  /// Whether a tap on the status bar scrolls to the top (asking the delegate first). A
  /// terminal has no status bar: `_scrollToTop()` is what the tap does.
  open var scrollsToTop = true
  /// Whether touches in the content wait to see whether they become a drag (kept for source
  /// compatibility: a touch reaches the content at once, and a drag cancels it).
  open var delaysContentTouches = true
  /// Whether a drag may cancel the touches of the content it starts on.
  open var canCancelContentTouches = true

  /// Asks whether the content under a touch (`view`) gets it. The default says yes.
  open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }

  /// Asks whether a drag may take the touch from `view`, which already has it: by default not
  /// from a control (a button held down keeps its touch), as on iOS. With
  /// ``delaysContentTouches``, a drag that begins within 0.15 s of the touch takes it without
  /// asking: on iOS the content has not heard of the touch yet.
  open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

  /// How fast a drag's momentum dies away.
  public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    /// The fraction of its speed the content keeps each millisecond.
    public let rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// The default rate (0.998).
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// A quick stop (0.99).
    public static let fast = DecelerationRate(rawValue: 0.99)
  }

  /// How fast the content slows down after a drag (`.normal` by default).
  open var decelerationRate: DecelerationRate = .normal

  /// Whether the user's finger is on the content (it may not have moved yet).
  open var isTracking: Bool { _pan != nil }
  /// The touch on the content, while there is one (see UIScrollView+Dragging.swift).
  var _pan: _Pan?
  /// Whether the user is dragging the content.
  open internal(set) var isDragging = false
  /// Whether the content moves on after a drag.
  open var isDecelerating: Bool {
    if case .deceleration = _motion?.kind { return true }
    return false
  }
  /// Whether zooming is under way (never: zooming is not modelled).
  open var isZooming: Bool { false }
  /// Whether the zoom scale is springing back (never).
  open var isZoomBouncing: Bool { false }

  /// What a drag does to the keyboard.
  public enum KeyboardDismissMode: Int, Sendable {
    /// Nothing.
    case none
    /// The first responder inside the scroll view resigns when a drag begins.
    case onDrag
    /// The keyboard follows the drag: a drag whose touch goes down into the keyboard and lifts
    /// there dismisses it.
    case interactive
    /// As `.onDrag`, the input accessory going too.
    case onDragWithAccessory
    /// As `.interactive`, the input accessory going too.
    case interactiveWithAccessory
  }

  /// What a drag does to the keyboard (`.none` by default).
  open var keyboardDismissMode: KeyboardDismissMode = .none

  // MARK: Scroll indicators

  /// Whether the vertical scroll indicator shows while the content scrolls.
  open var showsVerticalScrollIndicator = true
  /// Whether the horizontal scroll indicator shows while the content scrolls.
  open var showsHorizontalScrollIndicator = true

  /// The colours of the scroll indicators.
  public enum IndicatorStyle: Int, Sendable {
    /// Dark on light content, light on dark.
    case `default`
    /// Black.
    case black
    /// White.
    case white
  }

  /// The colour of the scroll indicators (`.default`).
  open var indicatorStyle: IndicatorStyle = .default

  /// How far the vertical indicator keeps from the edges.
  open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero {
    didSet { setNeedsDisplay() }
  }
  /// How far the horizontal indicator keeps from the edges.
  open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero {
    didSet { setNeedsDisplay() }
  }
  /// Sets both ``verticalScrollIndicatorInsets`` and ``horizontalScrollIndicatorInsets``;
  /// reading it gives the vertical ones (iOS leaves the getter undefined when the two differ).
  open var scrollIndicatorInsets: UIEdgeInsets {
    get { verticalScrollIndicatorInsets }
    set {
      verticalScrollIndicatorInsets = newValue
      horizontalScrollIndicatorInsets = newValue
    }
  }
  /// Whether the indicators also keep clear of the safe area (true by default).
  open var automaticallyAdjustsScrollIndicatorInsets = true {
    didSet { setNeedsDisplay() }
  }

  /// Shows the scroll indicators for a moment (as iOS does when a scroll view appears).
  open func flashScrollIndicators() {
    _showIndicators(for: Self._flashDuration)
  }

  /// Until when (UIKit's clock) the indicators show after a scroll or a flash.
  var _indicatorsShownUntil: TimeInterval = -.infinity
  private var _indicatorHideToken: MainScheduler.Token?

  // MARK: Making rectangles visible

  /// The largest content offset that still shows content: the content's bottom right, with
  /// the insets, at the bounds' bottom right (never less than the smallest offset).
  var _maximumContentOffset: CGPoint {
    let inset = adjustedContentInset
    return CGPoint(
      x: max(-inset.left, contentSize.width + inset.right - bounds.width),
      y: max(-inset.top, contentSize.height + inset.bottom - bounds.height))
  }

  /// The smallest content offset: the content's top left with the insets at the bounds' top
  /// left.
  var _minimumContentOffset: CGPoint {
    let inset = adjustedContentInset
    return CGPoint(x: -inset.left, y: -inset.top)
  }

  /// `offset` kept between the top left (minus the insets) and ``_maximumContentOffset``.
  /// `inset`: the ``adjustedContentInset`` when the caller has it at hand (it walks the safe
  /// area up to the window).
  func _clampedContentOffset(_ offset: CGPoint, inset: UIEdgeInsets? = nil, bounds: CGRect? = nil) -> CGPoint {
    let inset = inset ?? adjustedContentInset
    let bounds = bounds ?? self.bounds
    let contentSize = self.contentSize
    let minimum = CGPoint(x: -inset.left, y: -inset.top)
    let maximum = CGPoint(
      x: max(-inset.left, contentSize.width + inset.right - bounds.width),
      y: max(-inset.top, contentSize.height + inset.bottom - bounds.height))
    return CGPoint(x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
  }

  /// Scrolls the least distance that makes `rect` (the scroll view's coordinates, that is the
  /// content's) visible inside the adjusted insets; a rectangle taller or wider than the
  /// visible area shows its top or leading edge. Nothing happens when it is already visible or
  /// scrolling is disabled.
  open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
    guard isScrollEnabled else { return }
    // Each read once (a keystroke in a text view comes through here).
    let inset = adjustedContentInset
    let bounds = self.bounds
    let current = contentOffset
    var offset = current
    let visibleHeight = bounds.height - inset.top - inset.bottom
    if rect.maxY > offset.y + inset.top + visibleHeight { offset.y = rect.maxY - inset.top - visibleHeight }
    if rect.minY < offset.y + inset.top { offset.y = rect.minY - inset.top }
    let visibleWidth = bounds.width - inset.left - inset.right
    if rect.maxX > offset.x + inset.left + visibleWidth { offset.x = rect.maxX - inset.left - visibleWidth }
    if rect.minX < offset.x + inset.left { offset.x = rect.minX - inset.left }
    let target = _clampedContentOffset(offset, inset: inset, bounds: bounds)
    // A rectangle no finite scroll reaches (text at infinity, ∞ − ∞ in the arithmetic above)
    // leaves the offset alone: a NaN offset is a NaN bounds, which Core Animation refuses.
    guard target != current, !target.x.isNaN, !target.y.isNaN else { return }
    setContentOffset(target, animated: animated)
  }

  /// What a tap on the status bar does on iOS: when ``scrollsToTop`` and the delegate agree,
  /// scrolls (animated) to the top, then tells the delegate `scrollViewDidScrollToTop`.
  /// Returns whether it scrolled.
  @discardableResult
  package func _scrollToTop() -> Bool {
    guard scrollsToTop, isScrollEnabled, _scrollDelegate?.scrollViewShouldScrollToTop(self) ?? true else { return false }
    let top = CGPoint(x: contentOffset.x, y: -adjustedContentInset.top)
    guard top != contentOffset else { return false }
    _stopMotion()
    _startMotion(.animation(from: contentOffset, to: top, start: _now, duration: Self._animationDuration), toTop: true)
    return true
  }

  /// VoiceOver's scroll by a page (the three-finger swipe) when nothing in the scroll view
  /// handled it: the content moves the way the swipe goes by the visible height (or width),
  /// within the content, and VoiceOver hears where it is ("Page 2 of 5"). `.next` and
  /// `.previous` page along the axis the content scrolls on. False when it cannot move.
  open override func accessibilityScroll(_ direction: UIAccessibilityScrollDirection) -> Bool {
    guard isScrollEnabled else { return false }
    let inset = adjustedContentInset
    let page = CGSize(
      width: max(0, bounds.width - inset.left - inset.right), height: max(0, bounds.height - inset.top - inset.bottom))
    let vertical = contentSize.height > page.height || contentSize.width <= page.width
    var target = contentOffset
    switch direction {
    case .up: target.y += page.height
    case .down: target.y -= page.height
    case .left: target.x += page.width
    case .right: target.x -= page.width
    case .next: if vertical { target.y += page.height } else { target.x += page.width }
    case .previous: if vertical { target.y -= page.height } else { target.x -= page.width }
    }
    target = _clampedContentOffset(target)
    guard target != contentOffset, page.width > 0, page.height > 0 else { return false }
    setContentOffset(target, animated: false)
    let horizontal = direction == .left || direction == .right || (!vertical && (direction == .next || direction == .previous))
    let length = horizontal ? page.width : page.height
    let total = horizontal ? contentSize.width : contentSize.height
    let position = horizontal ? target.x + inset.left : target.y + inset.top
    let pages = max(1, Int(bounded: (total / length).rounded(.up)))
    // The page the visible part ends in (the end of the content is the last page).
    let current = min(pages, max(1, Int(bounded: ((position + length) / length).rounded(.up))))
    UIAccessibility.post(notification: .pageScrolled, argument: "Page \(current) of \(pages)")
    return true
  }

  // MARK: Layout guides

  /// The guide of the content: its top left is the content's origin and its size is
  /// ``contentSize`` (constraints that size it set ``contentSize``).
  open var contentLayoutGuide: UILayoutGuide {
    if let guide = _contentGuide { return guide }
    let guide = UILayoutGuide()
    guide.identifier = "UIScrollView-contentLayoutGuide"
    addLayoutGuide(guide)
    let width = guide.widthAnchor.constraint(equalToConstant: contentSize.width)
    let height = guide.heightAnchor.constraint(equalToConstant: contentSize.height)
    // Weaker than any app constraint: the content's own constraints decide its size.
    width.priority = UILayoutPriority(rawValue: 1)
    height.priority = UILayoutPriority(rawValue: 1)
    // A scroll view's edges, for what it holds, are its content's (see LayoutEngine).
    NSLayoutConstraint.activate([
      guide.leftAnchor.constraint(equalTo: leftAnchor), guide.topAnchor.constraint(equalTo: topAnchor), width, height,
    ])
    _contentGuide = guide
    _contentGuideSize = (width, height)
    return guide
  }

  /// The guide of the scroll view's frame: views pinned to it stay put while the content
  /// scrolls.
  open var frameLayoutGuide: UILayoutGuide {
    if let guide = _frameGuide { return guide }
    let guide = UILayoutGuide()
    guide.identifier = "UIScrollView-frameLayoutGuide"
    addLayoutGuide(guide)
    // The scroll view's edges are the content's: the frame is the content offset away.
    let left = guide.leftAnchor.constraint(equalTo: leftAnchor, constant: contentOffset.x)
    let top = guide.topAnchor.constraint(equalTo: topAnchor, constant: contentOffset.y)
    NSLayoutConstraint.activate([
      left, top, guide.widthAnchor.constraint(equalTo: widthAnchor), guide.heightAnchor.constraint(equalTo: heightAnchor),
    ])
    _frameGuide = guide
    _frameGuideOrigin = (left, top)
    return guide
  }

  var _contentGuide: UILayoutGuide?
  private var _contentGuideSize: (width: NSLayoutConstraint, height: NSLayoutConstraint)?
  var _frameGuide: UILayoutGuide?
  private var _frameGuideOrigin: (left: NSLayoutConstraint, top: NSLayoutConstraint)?

  /// Keeps the frame guide on the frame as the content scrolls.
  func _updateFrameGuide() {
    guard let (left, top) = _frameGuideOrigin else { return }
    if left.constant != contentOffset.x { left.constant = contentOffset.x }
    if top.constant != contentOffset.y { top.constant = contentOffset.y }
  }

  /// Keeps the content guide as large as ``contentSize`` while no constraint of the app sizes it.
  func _updateContentGuideSize() {
    guard let (width, height) = _contentGuideSize else { return }
    if width.constant != contentSize.width { width.constant = contentSize.width }
    if height.constant != contentSize.height { height.constant = contentSize.height }
  }

  /// After a layout pass: constraints that sized the content guide size the content.
  func _adoptContentGuideSize() {
    guard let guide = _contentGuide else { return }
    let size = guide.layoutFrame.size
    if size != contentSize { contentSize = size }
  }

  // MARK: Motion on UIKit's clock

  static let _animationDuration: TimeInterval = 0.3
  static let _frameInterval: TimeInterval = 1.0 / 60
  static let _flashDuration: TimeInterval = 0.75

  var _now: TimeInterval { UIApplication.shared._scheduler.now }

  /// An animation of the content offset, or the content's momentum after a drag.
  struct _Motion {
    enum Kind {
      case animation(from: CGPoint, to: CGPoint, start: TimeInterval, duration: TimeInterval)
      /// From `from` towards `to`, the remaining distance shrinking by `rate` every millisecond.
      case deceleration(from: CGPoint, to: CGPoint, start: TimeInterval, rate: CGFloat)
    }
    var kind: Kind
    var toTop = false
    var token: MainScheduler.Token?
  }
  var _motion: _Motion?

  func _startMotion(_ kind: _Motion.Kind, toTop: Bool = false) {
    _motion = _Motion(kind: kind, toTop: toTop)
    _scheduleFrame()
  }

  private func _scheduleFrame() {
    let token = UIApplication.shared._scheduler.schedule(after: Self._frameInterval) { [weak self] in
      self?._frame()
    }
    _motion?.token = token
  }

  /// One frame of the motion under way: the offset moves, the delegate hears of it, and the end
  /// is reported once reached.
  private func _frame() {
    guard let motion = _motion else { return }
    let now = _now
    var offset: CGPoint
    var done: Bool
    switch motion.kind {
    case .animation(let from, let to, let start, let duration):
      let t = min(1, max(0, (now - start) / duration))
      // Ease in and out, as iOS's default curve.
      let eased = t * t * (3 - 2 * t)
      offset = CGPoint(x: from.x + (to.x - from.x) * eased, y: from.y + (to.y - from.y) * eased)
      done = t >= 1
      if done { offset = to }
    case .deceleration(let from, let to, let start, let rate):
      let remaining = pow(rate, CGFloat((now - start) * 1000))
      offset = CGPoint(x: to.x - (to.x - from.x) * remaining, y: to.y - (to.y - from.y) * remaining)
      done = abs(to.x - offset.x) < 0.5 && abs(to.y - offset.y) < 0.5
      if done { offset = to }
    }
    _indicatorsShownUntil = max(_indicatorsShownUntil, now + Self._flashDuration / 2)
    contentOffset = offset
    // The delegate may have started something else in `scrollViewDidScroll`.
    guard let current = _motion, current.token == motion.token else { return }
    guard done else {
      _scheduleFrame()
      return
    }
    _motion = nil
    _showIndicators(for: Self._flashDuration / 2)
    switch motion.kind {
    case .animation:
      if motion.toTop {
        _scrollDelegate?.scrollViewDidScrollToTop(self)
      } else {
        _scrollDelegate?.scrollViewDidEndScrollingAnimation(self)
      }
    case .deceleration:
      _scrollDelegate?.scrollViewDidEndDecelerating(self)
    }
  }

  /// Stops a deceleration or animation where it is (iOS reports no end for it).
  func _stopMotion() {
    guard let motion = _motion else { return }
    _motion = nil
    if let token = motion.token { UIApplication.shared._scheduler.cancel(token) }
  }

  // MARK: Drawing the indicators

  func _showIndicators(for duration: TimeInterval) {
    let until = _now + duration
    guard until > _indicatorsShownUntil else { return }
    _indicatorsShownUntil = until
    if let token = _indicatorHideToken { UIApplication.shared._scheduler.cancel(token) }
    // A turn of the run loop when they go, so that hosts draw the screen without them.
    _indicatorHideToken = UIApplication.shared._scheduler.schedule(after: duration) { [weak self] in
      self?._indicatorHideToken = nil
      self?.setNeedsDisplay()
    }
    setNeedsDisplay()
  }

  /// Whether the indicators show now: while the content is touched, dragged or moving, and for
  /// a moment afterwards.
  var _indicatorsVisible: Bool {
    isDragging || _motion != nil || _now < _indicatorsShownUntil
  }

  /// The indicators' rectangles (the scroll view's coordinates): the thumb of each scrollable
  /// axis, sized and placed as the visible part is within the content.
  package var _scrollIndicatorRects: (vertical: CGRect?, horizontal: CGRect?) {
    let inset = adjustedContentInset
    let safe = automaticallyAdjustsScrollIndicatorInsets ? _safeAreaAdjustment : .zero
    let thickness: CGFloat = 3
    let margin: CGFloat = 3
    let contentHeight = contentSize.height + inset.top + inset.bottom
    let contentWidth = contentSize.width + inset.left + inset.right
    let showsVertical = showsVerticalScrollIndicator && contentHeight > bounds.height
    let showsHorizontal = showsHorizontalScrollIndicator && contentWidth > bounds.width
    func thumb(track: CGFloat, visible: CGFloat, content: CGFloat, position: CGFloat) -> (CGFloat, CGFloat) {
      let length = min(track, max(min(36, track), track * visible / content))
      let progress = min(1, max(0, position / (content - visible)))
      return ((track - length) * progress, length)
    }
    var vertical: CGRect?
    if showsVertical {
      let insets = verticalScrollIndicatorInsets
      let top = bounds.minY + insets.top + safe.top + margin
      let bottom = bounds.maxY - insets.bottom - safe.bottom - margin - (showsHorizontal ? thickness + margin : 0)
      let (start, length) = thumb(
        track: max(0, bottom - top), visible: bounds.height, content: contentHeight, position: contentOffset.y + inset.top)
      let x = bounds.maxX - insets.right - safe.right - margin - thickness
      vertical = CGRect(x: x, y: top + start, width: thickness, height: length)
    }
    var horizontal: CGRect?
    if showsHorizontal {
      let insets = horizontalScrollIndicatorInsets
      let left = bounds.minX + insets.left + safe.left + margin
      let right = bounds.maxX - insets.right - safe.right - margin - (showsVertical ? thickness + margin : 0)
      let (start, length) = thumb(
        track: max(0, right - left), visible: bounds.width, content: contentWidth, position: contentOffset.x + inset.left)
      let y = bounds.maxY - insets.bottom - safe.bottom - margin - thickness
      horizontal = CGRect(x: left + start, y: y, width: length, height: thickness)
    }
    return (vertical, horizontal)
  }

  private var _indicatorColor: UIColor {
    switch indicatorStyle {
    case .default: UIColor(white: 0.5, alpha: 0.8)
    case .black: UIColor(white: 0, alpha: 0.5)
    case .white: UIColor(white: 1, alpha: 0.5)
    }
  }

  /// The indicators draw on top of the content (a thin bar, as a stroked line).
  override func _render(into list: inout DisplayList, clip: CGRect, alpha: CGFloat) {
    super._render(into: &list, clip: clip, alpha: alpha)
    guard !isHidden, self.alpha > 0, _indicatorsVisible else { return }
    let rects = _scrollIndicatorRects
    let visible = convert(bounds, to: nil)
    let ownClip = clip.safeIntersection(visible)
    guard !ownClip.isNull else { return }
    for rect in [rects.vertical, rects.horizontal].compactMap({ $0 }) where rect.width > 0 && rect.height > 0 {
      let frame = convert(rect, to: nil)
      let points =
        frame.height > frame.width
        ? [CGPoint(x: frame.midX, y: frame.minY), CGPoint(x: frame.midX, y: frame.maxY)]
        : [CGPoint(x: frame.minX, y: frame.midY), CGPoint(x: frame.maxX, y: frame.midY)]
      let run = PathRun(
        subpaths: [CGPathPolyline(points: points, isClosed: false)], color: _indicatorColor,
        mode: .stroke(lineWidth: min(frame.width, frame.height)))
      list.append(DisplayItem(frame: frame, clip: ownClip, content: .path(run), alpha: alpha * self.alpha))
    }
  }
}
