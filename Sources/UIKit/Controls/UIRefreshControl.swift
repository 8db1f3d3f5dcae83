import Foundation

/// Pull to refresh: set a scroll view's (or a table view controller's) `refreshControl`, and a
/// person dragging the content down past the control sends `.valueChanged` (and
/// `.primaryActionTriggered`, so `UIRefreshControl(frame:primaryAction:)` hears it) while the
/// finger is still down, as on iOS. The control then spins above the content, which rests
/// 60 points lower (the scroll view's ``UIScrollView/adjustedContentInset`` grows by 60; its
/// `contentInset` is left alone) until the app calls ``endRefreshing()``, when the content
/// goes back up.
///
/// How far to pull: half the scroll view's height, at most about a fifth of it on a tall
/// screen (iOS's snapping distance: 167 points on an 844-point screen), and at least the
/// control's 60 points.
@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
  static let _height: CGFloat = 60

  /// Whether the control is refreshing (after a pull or ``beginRefreshing()``).
  open private(set) var isRefreshing = false

  /// A title under the spinner.
  open var attributedTitle: NSAttributedString? {
    get { _title.attributedText }
    set {
      guard _appearanceSetterProceeds("attributedTitle") else { return }
      _title.attributedText = newValue
      _layoutParts()
    }
  }

  /// The spinner's colour; nil resets it to the secondary label colour.
  open override var tintColor: UIColor! {
    get { _tint ?? .secondaryLabel }
    set {
      guard _appearanceSetterProceeds("tintColor") else { return }
      _tint = newValue
      _spinner.color = _tint ?? .secondaryLabel
    }
  }
  private var _tint: UIColor?

  private let _spinner = UIActivityIndicatorView(style: .medium)
  private let _title = UILabel()
  /// The scroll view the control refreshes.
  weak var _scrollView: UIScrollView?
  /// Set when a pull started refreshing: the same drag does not trigger again.
  private var _triggeredInThisDrag = false

  /// A refresh control (iOS's designated initializer), 60 points tall.
  public init() {
    super.init(frame: CGRect(x: 0, y: 0, width: 320, height: Self._height))
    _makeParts()
  }

  public override init(frame: CGRect) {
    super.init(frame: CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: Self._height))
    _makeParts()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    _makeParts()
  }

  private func _makeParts() {
    autoresizingMask = .flexibleWidth
    _spinner.hidesWhenStopped = false
    _spinner.color = .secondaryLabel
    _spinner.isUserInteractionEnabled = false
    _title.font = .preferredFont(forTextStyle: .caption1)
    _title.textAlignment = .center
    _title.isUserInteractionEnabled = false
    addSubview(_spinner)
    addSubview(_title)
    isHidden = true
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    _layoutParts()
  }

  private func _layoutParts() {
    let hasTitle = (attributedTitle?.length ?? 0) > 0
    _spinner.center = CGPoint(x: bounds.midX, y: hasTitle ? 22 : bounds.midY)
    _title.isHidden = !hasTitle
    _title.frame = CGRect(x: 0, y: 38, width: bounds.width, height: 18)
  }

  // MARK: Refreshing

  /// Starts refreshing as if the person had pulled, without sending `.valueChanged`: the
  /// spinner turns and the content's top inset grows by 60 points. It does nothing outside a
  /// window, as on iOS, and it does not scroll (set the content offset to show the control).
  open func beginRefreshing() {
    guard !isRefreshing, window != nil else { return }
    _startRefreshing()
  }

  /// Ends refreshing: the spinner stops, the inset goes, and content resting above the top
  /// scrolls back (animated, or at the end of a drag under way).
  open func endRefreshing() {
    guard isRefreshing else { return }
    isRefreshing = false
    _spinner.stopAnimating()
    guard let scrollView = _scrollView else { return }
    scrollView._refreshControlInset = 0
    let top = -scrollView.adjustedContentInset.top
    if !scrollView.isDragging, scrollView.contentOffset.y < top {
      scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: top), animated: true)
    }
    _update()
  }

  private func _startRefreshing() {
    isRefreshing = true
    _spinner.alpha = 1
    _spinner.startAnimating()
    isHidden = false
    _scrollView?._refreshControlInset = Self._height
  }

  /// How far the content must be pulled past its top to refresh.
  var _triggerDistance: CGFloat {
    guard let scrollView = _scrollView else { return .infinity }
    let height = scrollView.bounds.height
    let most = 100 * 1.125 * Swift.max(height, 372) / 568
    return Swift.max(Self._height, Swift.min((height / 2).rounded(), most))
  }

  /// The scroll view moved or laid out: the control sits just above the content (above its
  /// resting top), shows as much of itself as is pulled into view, and starts refreshing
  /// when a drag pulls it far enough.
  func _update() {
    guard let scrollView = _scrollView else { return }
    let baseTop = scrollView.adjustedContentInset.top - scrollView._refreshControlInset
    let place = CGRect(x: 0, y: -baseTop - Self._height, width: scrollView.bounds.width, height: Self._height)
    if !frame.isIdentical(to: place) { frame = place }
    let pulled = -(scrollView.contentOffset.y + baseTop)
    if !scrollView.isDragging { _triggeredInThisDrag = false }
    if !isRefreshing, !_triggeredInThisDrag, scrollView.isDragging, pulled >= _triggerDistance {
      _triggeredInThisDrag = true
      _startRefreshing()
      _sendActions(for: [.valueChanged, .primaryActionTriggered], event: nil)
      return
    }
    if isRefreshing { return }
    // The spinner fades in as the pull goes on; hidden while nothing of it shows.
    if isHidden != (pulled <= 0) { isHidden = pulled <= 0 }
    _spinner.alpha = Swift.min(1, Swift.max(0, pulled / _triggerDistance))
  }
}
