import Foundation

/// A row of dots, one per page, the current page's dot highlighted. As on iOS 14 and later, a tap
/// before the current page's dot goes back a page and a tap after it goes forward (with two
/// pages a tap toggles); holding for half a second and then sliding scrubs through the pages
/// (``allowsContinuousInteraction``). Each page change the person makes sends `.valueChanged`
/// and `.primaryActionTriggered`; setting ``currentPage`` in code sends nothing.
@preconcurrency @MainActor
open class UIPageControl: UIControl {
  /// How the control is being used (iOS 14).
  public enum InteractionState: Int, Sendable {
    case none = 0
    /// A tap moved a page.
    case discrete = 1
    /// Scrubbing.
    case continuous = 2
  }

  /// Whether a capsule is drawn behind the dots (iOS 14).
  public enum BackgroundStyle: Int, Sendable {
    /// Only while the person interacts with the control.
    case automatic = 0
    /// Always.
    case prominent = 1
    /// Never; the control also leaves out its padding.
    case minimal = 2
  }

  /// The direction the pages run in (iOS 16).
  public enum Direction: Int, Sendable {
    case natural = 0, leftToRight = 1, rightToLeft = 2, topToBottom = 3, bottomToTop = 4
  }

  static let _dot: CGFloat = 8
  static let _gap: CGFloat = 8
  static let _horizontalPadding: CGFloat = 14
  static let _verticalPadding: CGFloat = 9
  /// How long a touch is held before it scrubs.
  static let _scrubDelay: TimeInterval = 0.5

  private var _numberOfPages = 0
  private var _currentPage = 0

  /// The number of pages (default 0; negative counts are 0).
  open var numberOfPages: Int {
    get { _numberOfPages }
    set {
      _numberOfPages = Swift.max(0, newValue)
      _currentPage = _pinned(_currentPage)
      invalidateIntrinsicContentSize()
    }
  }

  /// The current page (default 0), pinned to the pages there are. Setting it sends nothing.
  open var currentPage: Int {
    get { _currentPage }
    set { _currentPage = _pinned(newValue) }
  }

  /// Whether the control hides its dot when there is only one page (default false).
  open var hidesForSinglePage = false {
    didSet { invalidateIntrinsicContentSize() }
  }

  /// The dots' colour (nil: the tertiary label colour).
  open var pageIndicatorTintColor: UIColor? {
    get { _pageTint }
    set {
      guard _appearanceSetterProceeds("pageIndicatorTintColor") else { return }
      _pageTint = newValue
    }
  }

  /// The current page's dot's colour (nil: the label colour).
  open var currentPageIndicatorTintColor: UIColor? {
    get { _currentTint }
    set {
      guard _appearanceSetterProceeds("currentPageIndicatorTintColor") else { return }
      _currentTint = newValue
    }
  }

  private var _pageTint: UIColor?
  private var _currentTint: UIColor?

  /// When a capsule is drawn behind the dots (default ``BackgroundStyle/automatic``).
  open var backgroundStyle: BackgroundStyle = .automatic {
    didSet { invalidateIntrinsicContentSize() }
  }

  /// The direction the pages run in (default ``Direction/natural``: the layout direction's).
  open var direction: Direction = .natural {
    didSet { invalidateIntrinsicContentSize() }
  }

  /// How the person is using the control now.
  open private(set) var interactionState: InteractionState = .none

  /// Whether holding and sliding scrubs through the pages (default true).
  open var allowsContinuousInteraction = true

  /// The image of every page's dot (nil: a dot).
  open var preferredIndicatorImage: UIImage?
  /// The image of the current page's dot (nil: the page's indicator image).
  open var preferredCurrentPageIndicatorImage: UIImage?
  private var _indicatorImages: [Int: UIImage] = [:]
  private var _currentIndicatorImages: [Int: UIImage] = [:]

  /// Deprecated in iOS 14: whether the dot waits for ``updateCurrentPageDisplay()``.
  @available(iOS, deprecated: 14.0, message: "defersCurrentPageDisplay no longer does anything reasonable with the new interaction mode.")
  open var defersCurrentPageDisplay = false

  /// Deprecated in iOS 14: brings the dot up to date when display is deferred.
  @available(iOS, deprecated: 14.0, message: "updateCurrentPageDisplay no longer does anything reasonable with the new interaction mode.")
  open func updateCurrentPageDisplay() {}

  /// Where the touch went down and when, and whether it is scrubbing.
  private var _touchStart: (point: CGPoint, time: TimeInterval)?
  private var _scrubbing = false

  public override init(frame: CGRect) {
    super.init(frame: frame)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  private func _pinned(_ page: Int) -> Int {
    Swift.min(Swift.max(page, 0), Swift.max(0, _numberOfPages - 1))
  }

  // MARK: Images

  /// A page's dot image (nil: the preferred one).
  open func indicatorImage(forPage page: Int) -> UIImage? { _indicatorImages[page] ?? preferredIndicatorImage }
  /// Sets a page's dot image (nil: back to the preferred one).
  open func setIndicatorImage(_ image: UIImage?, forPage page: Int) { _indicatorImages[page] = image }
  /// A page's current-page dot image.
  open func currentPageIndicatorImage(forPage page: Int) -> UIImage? {
    _currentIndicatorImages[page] ?? preferredCurrentPageIndicatorImage ?? indicatorImage(forPage: page)
  }
  /// Sets a page's current-page dot image.
  open func setCurrentPageIndicatorImage(_ image: UIImage?, forPage page: Int) { _currentIndicatorImages[page] = image }

  // MARK: Geometry

  private var _isVertical: Bool { direction == .topToBottom || direction == .bottomToTop }
  private var _isShown: Bool { _numberOfPages > 1 || (_numberOfPages == 1 && !hidesForSinglePage) }

  /// The size the dots of `pageCount` pages need, with the control's padding.
  open func size(forNumberOfPages pageCount: Int) -> CGSize {
    let count = CGFloat(Swift.max(0, pageCount))
    let length = count > 0 ? count * Self._dot + (count - 1) * Self._gap : 0
    let padding = backgroundStyle == .minimal ? CGSize.zero : CGSize(width: 2 * Self._horizontalPadding, height: 2 * Self._verticalPadding)
    let along = length + (length > 0 ? padding.width : 0)
    let across = Self._dot + padding.height
    return _isVertical ? CGSize(width: across, height: along) : CGSize(width: along, height: across)
  }

  open override var intrinsicContentSize: CGSize {
    guard _isShown else {
      let empty = size(forNumberOfPages: 0)
      return _isVertical ? CGSize(width: empty.width, height: 0) : CGSize(width: 0, height: empty.height)
    }
    return size(forNumberOfPages: _numberOfPages)
  }

  open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

  /// Whether the pages run backwards along the axis (right to left, bottom to top).
  private var _isReversed: Bool {
    switch direction {
    case .natural: effectiveUserInterfaceLayoutDirection == .rightToLeft
    case .rightToLeft, .bottomToTop: true
    case .leftToRight, .topToBottom: false
    }
  }

  /// The centre of page `page`'s dot in `rect`.
  private func _dotCentre(_ page: Int, in rect: CGRect) -> CGPoint {
    let pitch = Self._dot + Self._gap
    let count = CGFloat(_numberOfPages)
    let length = count * Self._dot + (count - 1) * Self._gap
    let index = CGFloat(_isReversed ? _numberOfPages - 1 - page : page)
    if _isVertical {
      return CGPoint(x: rect.midX, y: rect.midY - length / 2 + Self._dot / 2 + index * pitch)
    }
    return CGPoint(x: rect.midX - length / 2 + Self._dot / 2 + index * pitch, y: rect.midY)
  }

  /// The page whose dot is nearest `point` along the axis.
  private func _page(nearest point: CGPoint) -> Int {
    var best = 0
    var distance = CGFloat.infinity
    for page in 0..<_numberOfPages {
      let centre = _dotCentre(page, in: bounds)
      let d = _isVertical ? abs(centre.y - point.y) : abs(centre.x - point.x)
      if d < distance { (best, distance) = (page, d) }
    }
    return best
  }

  // MARK: Tracking

  open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    guard _isShown, _numberOfPages > 0 else { return false }
    _touchStart = (touch.location(in: self), touch.timestamp)
    _scrubbing = false
    return true
  }

  open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
    guard let start = _touchStart else { return true }
    if !_scrubbing, allowsContinuousInteraction, touch.timestamp - start.time >= Self._scrubDelay {
      _scrubbing = true
    }
    if _scrubbing {
      interactionState = .continuous
      _userSetPage(_page(nearest: touch.location(in: self)), event: event)
    }
    return true
  }

  open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
    defer {
      _touchStart = nil
      _scrubbing = false
    }
    guard !_scrubbing, let touch, _isTouchInside(at: touch.location(in: self), with: event) else { return }
    // A tap: before the current dot goes back, after it forward; two pages toggle.
    let point = touch.location(in: self)
    let current = _dotCentre(_currentPage, in: bounds)
    let past = _isVertical ? point.y > current.y : point.x > current.x
    let forward = _isReversed ? !past : past
    let target: Int
    if _numberOfPages == 2 {
      target = 1 - _currentPage
    } else {
      target = _pinned(_currentPage + (forward ? 1 : -1))
    }
    interactionState = .discrete
    _userSetPage(target, event: event)
  }

  open override func cancelTracking(with event: UIEvent?) {
    _touchStart = nil
    _scrubbing = false
    super.cancelTracking(with: event)
  }

  private func _userSetPage(_ page: Int, event: UIEvent?) {
    guard page != _currentPage else { return }
    _currentPage = page
    _sendActions(for: [.valueChanged, .primaryActionTriggered], event: event)
  }

  // MARK: Accessibility

  /// Goes to the next page, as VoiceOver's swipe up does.
  open override func accessibilityIncrement() {
    guard isEnabled else { return }
    _userSetPage(_pinned(_currentPage + 1), event: nil)
  }

  /// Goes to the previous page.
  open override func accessibilityDecrement() {
    guard isEnabled else { return }
    _userSetPage(_pinned(_currentPage - 1), event: nil)
  }

  // MARK: Drawing

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    guard _isShown else { return }
    let dotsSize = size(forNumberOfPages: _numberOfPages)
    let showsCapsule = backgroundStyle == .prominent || (backgroundStyle == .automatic && isTracking)
    if showsCapsule {
      let capsule = CGRect(x: rect.midX - dotsSize.width / 2, y: rect.midY - dotsSize.height / 2, width: dotsSize.width, height: dotsSize.height)
      list.append(_ControlDrawing.roundedRect(capsule, _ControlDrawing.fill, radius: Swift.min(capsule.width, capsule.height) / 2, clip: clip, alpha: alpha))
    }
    let other = pageIndicatorTintColor ?? .tertiaryLabel
    let current = currentPageIndicatorTintColor ?? .label
    for page in 0..<_numberOfPages {
      let centre = _dotCentre(page, in: rect)
      let isCurrent = page == _currentPage
      let color = isCurrent ? current : other
      let image = isCurrent ? currentPageIndicatorImage(forPage: page) : indicatorImage(forPage: page)
      if let image {
        let size = image.size
        let frame = CGRect(x: centre.x - size.width / 2, y: centre.y - size.height / 2, width: size.width, height: size.height)
        list.append(DisplayItem(frame: frame, clip: clip, content: .image(image), alpha: alpha, hosts: .pixels))
      } else {
        let dot = CGRect(x: centre.x - Self._dot / 2, y: centre.y - Self._dot / 2, width: Self._dot, height: Self._dot)
        list.append(_ControlDrawing.disc(dot, color, clip: clip, alpha: alpha))
      }
      // Cells: a dot character per page, two columns apart (16 points).
      let cell = _ControlDrawing.cell(centredOn: centre)
      list.append(_ControlDrawing.cellLine([(isCurrent ? "●" : "•", color)], in: cell, clip: clip, alpha: alpha))
    }
  }
}
