import Foundation

/// A view whose content is larger than its bounds: the content offset is the bounds' origin,
/// so subviews and drawing move up as it grows. It clips to its bounds. Hosts scroll it with
/// the mouse wheel; a text view scrolls itself to keep its caret visible.
///
/// Linux difference: there is no `delegate` property (and no `UIScrollViewDelegate`), because
/// `UITextView` redeclares `delegate` with its own protocol type, which Objective-C allows and
/// Swift does not. Observe `contentOffset` by subclassing (`scrollViewDidScroll` has no
/// equivalent yet).
@preconcurrency @MainActor
open class UIScrollView: UIView {
  public override init(frame: CGRect) {
    super.init(frame: frame)
    clipsToBounds = true
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    clipsToBounds = true
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

  /// Sets the content offset; `animated` is accepted (a terminal shows no in-between frames).
  open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
    self.contentOffset = contentOffset
  }

  /// The size of the content, in points.
  open var contentSize: CGSize = .zero

  /// Extra space around the content (apps grow the bottom inset while the keyboard covers the
  /// view).
  open var contentInset: UIEdgeInsets = .zero

  /// The inset actually applied (the content inset: there are no safe areas here).
  open var adjustedContentInset: UIEdgeInsets { contentInset }

  /// Whether the user can scroll (the wheel, or a text view following its caret).
  open var isScrollEnabled = true
  /// Whether the content bounces past its edges (kept for source compatibility).
  open var bounces = true
  /// Whether to bounce vertically even when the content is shorter than the bounds.
  open var alwaysBounceVertical = false
  /// Whether to bounce horizontally even when the content is narrower than the bounds.
  open var alwaysBounceHorizontal = false
  /// Whether the vertical scroll indicator shows (kept for source compatibility).
  open var showsVerticalScrollIndicator = true
  /// Whether the horizontal scroll indicator shows (kept for source compatibility).
  open var showsHorizontalScrollIndicator = true

  /// The largest content offset that still shows content: the content's bottom right, with
  /// the insets, at the bounds' bottom right (never negative).
  var _maximumContentOffset: CGPoint {
    let inset = adjustedContentInset
    return CGPoint(
      x: max(-inset.left, contentSize.width + inset.right - bounds.width),
      y: max(-inset.top, contentSize.height + inset.bottom - bounds.height))
  }

  /// `offset` kept between the top left (minus the insets) and ``_maximumContentOffset``.
  func _clampedContentOffset(_ offset: CGPoint) -> CGPoint {
    let inset = adjustedContentInset
    let maximum = _maximumContentOffset
    return CGPoint(
      x: min(max(offset.x, -inset.left), maximum.x),
      y: min(max(offset.y, -inset.top), maximum.y))
  }

  /// Scrolls the least distance that makes `rect` (content coordinates) visible.
  open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
    guard isScrollEnabled else { return }
    let inset = adjustedContentInset
    var offset = contentOffset
    let visibleHeight = bounds.height - inset.top - inset.bottom
    if rect.maxY > offset.y + inset.top + visibleHeight { offset.y = rect.maxY - inset.top - visibleHeight }
    if rect.minY < offset.y + inset.top { offset.y = rect.minY - inset.top }
    let visibleWidth = bounds.width - inset.left - inset.right
    if rect.maxX > offset.x + inset.left + visibleWidth { offset.x = rect.maxX - inset.left - visibleWidth }
    if rect.minX < offset.x + inset.left { offset.x = rect.minX - inset.left }
    setContentOffset(_clampedContentOffset(offset), animated: animated)
  }

  /// A wheel turn from a host: scrolls by `delta` points (positive: towards the end) when
  /// scrolling is enabled and there is somewhere to go. Returns whether it scrolled.
  func _scroll(by delta: CGPoint) -> Bool {
    guard isScrollEnabled else { return false }
    // The content size may wait for a layout (a text view's new text).
    layoutIfNeeded()
    let old = contentOffset
    let new = _clampedContentOffset(CGPoint(x: old.x + delta.x, y: old.y + delta.y))
    guard new != old else { return false }
    contentOffset = new
    return true
  }
}

extension UIWindow {
  /// A wheel turn at `point` (window coordinates): the innermost scroll view under it that can
  /// move scrolls by `delta` points. Returns whether one did.
  @discardableResult
  package func _scrollWheel(at point: CGPoint, delta: CGPoint) -> Bool {
    var view = hitTest(point, with: nil)
    while let v = view {
      if let scrollView = v as? UIScrollView, scrollView._scroll(by: delta) { return true }
      view = v.superview
    }
    return false
  }
}
