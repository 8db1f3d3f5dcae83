import Foundation

/// The messages a scroll view sends its delegate as it scrolls. Every method is optional: the
/// protocol extension supplies iOS's defaults (`scrollViewShouldScrollToTop` answers true,
/// `viewForZooming(in:)` nil, the others do nothing).
///
/// As with ``UITextFieldDelegate``, each method also has a same-named property of optional
/// type, so that iOS's optional-call syntax compiles and reaches the conforming type's
/// implementation: `delegate?.scrollViewDidScroll?(scrollView)`,
/// `delegate?.scrollViewDidEndDragging?(scrollView, willDecelerate: true)`. Unlike on iOS, the
/// optional call is never nil.
///
/// ``UITextViewDelegate`` inherits this protocol, as on iOS: a text view's delegate hears its
/// scrolling too.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
  /// The content offset changed (by the user, an animation, or code setting it).
  func scrollViewDidScroll(_ scrollView: UIScrollView)
  /// The zoom scale changed. Never called here: zooming is not modelled (see the README).
  func scrollViewDidZoom(_ scrollView: UIScrollView)
  /// A drag is about to scroll the content (after the touch moved far enough).
  func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
  /// The drag's touch lifted with `velocity` (points per millisecond); `targetContentOffset`
  /// points to where the content will come to rest, and the delegate may change it.
  func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
  /// The drag ended; `decelerate` says whether the content goes on moving.
  func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
  /// The content starts slowing down after a drag.
  func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
  /// The content came to rest after a drag.
  func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
  /// An animation of `setContentOffset(_:animated:)` or `scrollRectToVisible(_:animated:)`
  /// ended.
  func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
  /// The view to scale when zooming (nil: no zooming).
  func viewForZooming(in scrollView: UIScrollView) -> UIView?
  /// Zooming is about to begin. Never called here.
  func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
  /// Zooming ended at `scale`. Never called here.
  func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
  /// Asks whether a tap on the status bar may scroll to the top (default true).
  func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
  /// The scroll view reached the top after a scroll-to-top gesture.
  func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
  /// ``UIScrollView/adjustedContentInset`` changed.
  func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
  public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
  public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
  public func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {}
  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
  public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
  public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
  public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
  public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
  public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
  public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
  public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
  public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
  public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}

// MARK: Optional-call syntax

extension UIScrollViewDelegate {
  /// `delegate?.scrollViewDidScroll?(scrollView)` (see ``UIScrollViewDelegate``).
  public var scrollViewDidScroll: ((UIScrollView) -> Void)? { { self.scrollViewDidScroll($0) } }
  /// `delegate?.scrollViewDidZoom?(scrollView)`.
  public var scrollViewDidZoom: ((UIScrollView) -> Void)? { { self.scrollViewDidZoom($0) } }
  /// `delegate?.scrollViewWillBeginDragging?(scrollView)`.
  public var scrollViewWillBeginDragging: ((UIScrollView) -> Void)? { { self.scrollViewWillBeginDragging($0) } }
  /// `delegate?.scrollViewWillEndDragging?(scrollView, withVelocity: v, targetContentOffset: p)`.
  public var scrollViewWillEndDragging: UIScrollViewDelegateWillEndDraggingCall? {
    UIScrollViewDelegateWillEndDraggingCall(delegate: self)
  }
  /// `delegate?.scrollViewDidEndDragging?(scrollView, willDecelerate: d)`.
  public var scrollViewDidEndDragging: UIScrollViewDelegateDidEndDraggingCall? {
    UIScrollViewDelegateDidEndDraggingCall(delegate: self)
  }
  /// `delegate?.scrollViewWillBeginDecelerating?(scrollView)`.
  public var scrollViewWillBeginDecelerating: ((UIScrollView) -> Void)? {
    { self.scrollViewWillBeginDecelerating($0) }
  }
  /// `delegate?.scrollViewDidEndDecelerating?(scrollView)`.
  public var scrollViewDidEndDecelerating: ((UIScrollView) -> Void)? { { self.scrollViewDidEndDecelerating($0) } }
  /// `delegate?.scrollViewDidEndScrollingAnimation?(scrollView)`.
  public var scrollViewDidEndScrollingAnimation: ((UIScrollView) -> Void)? {
    { self.scrollViewDidEndScrollingAnimation($0) }
  }
  /// `delegate?.viewForZooming?(in: scrollView)`.
  public var viewForZooming: UIScrollViewDelegateViewForZoomingCall? { UIScrollViewDelegateViewForZoomingCall(delegate: self) }
  /// `delegate?.scrollViewWillBeginZooming?(scrollView, with: view)`.
  public var scrollViewWillBeginZooming: UIScrollViewDelegateWillBeginZoomingCall? {
    UIScrollViewDelegateWillBeginZoomingCall(delegate: self)
  }
  /// `delegate?.scrollViewDidEndZooming?(scrollView, with: view, atScale: scale)`.
  public var scrollViewDidEndZooming: UIScrollViewDelegateDidEndZoomingCall? {
    UIScrollViewDelegateDidEndZoomingCall(delegate: self)
  }
  /// `delegate?.scrollViewShouldScrollToTop?(scrollView)`.
  public var scrollViewShouldScrollToTop: ((UIScrollView) -> Bool)? { { self.scrollViewShouldScrollToTop($0) } }
  /// `delegate?.scrollViewDidScrollToTop?(scrollView)`.
  public var scrollViewDidScrollToTop: ((UIScrollView) -> Void)? { { self.scrollViewDidScrollToTop($0) } }
  /// `delegate?.scrollViewDidChangeAdjustedContentInset?(scrollView)`.
  public var scrollViewDidChangeAdjustedContentInset: ((UIScrollView) -> Void)? {
    { self.scrollViewDidChangeAdjustedContentInset($0) }
  }
}

/// The value behind `delegate?.scrollViewWillEndDragging?(…)`.
@preconcurrency @MainActor
public struct UIScrollViewDelegateWillEndDraggingCall {
  let delegate: any UIScrollViewDelegate
  public func callAsFunction(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {
    delegate.scrollViewWillEndDragging(scrollView, withVelocity: velocity, targetContentOffset: targetContentOffset)
  }
}

/// The value behind `delegate?.scrollViewDidEndDragging?(…)`.
@preconcurrency @MainActor
public struct UIScrollViewDelegateDidEndDraggingCall {
  let delegate: any UIScrollViewDelegate
  public func callAsFunction(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
    delegate.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
  }
}

/// The value behind `delegate?.viewForZooming?(in:)`.
@preconcurrency @MainActor
public struct UIScrollViewDelegateViewForZoomingCall {
  let delegate: any UIScrollViewDelegate
  public func callAsFunction(in scrollView: UIScrollView) -> UIView? { delegate.viewForZooming(in: scrollView) }
}

/// The value behind `delegate?.scrollViewWillBeginZooming?(…)`.
@preconcurrency @MainActor
public struct UIScrollViewDelegateWillBeginZoomingCall {
  let delegate: any UIScrollViewDelegate
  public func callAsFunction(_ scrollView: UIScrollView, with view: UIView?) {
    delegate.scrollViewWillBeginZooming(scrollView, with: view)
  }
}

/// The value behind `delegate?.scrollViewDidEndZooming?(…)`.
@preconcurrency @MainActor
public struct UIScrollViewDelegateDidEndZoomingCall {
  let delegate: any UIScrollViewDelegate
  public func callAsFunction(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
    delegate.scrollViewDidEndZooming(scrollView, with: view, atScale: scale)
  }
}

// MARK: The delegate property

/// What gives ``UIScrollView`` its `delegate` property. Only `UIScrollView` conforms.
///
/// Linux difference: on iOS, `UIScrollView.delegate` is a class property and `UITextView`
/// (like `UITableView`) redeclares it with its own protocol type, which Objective-C allows and
/// Swift does not (a subclass may not change a settable property's type). The scroll view's
/// `delegate` therefore lives in this protocol's extension, where a subclass's own
/// `delegate` property of another type shadows it instead of overriding it: `textView.delegate`
/// is a `UITextViewDelegate?`, `scrollView.delegate` (a text view seen as a `UIScrollView`) the
/// same object seen as a `UIScrollViewDelegate?`. Both read and write one weak reference, so the
/// text view's delegate hears the scroll-view messages. What this costs: a subclass cannot
/// `override var delegate`; it declares its own and stores it through `_delegateObject`.
@preconcurrency @MainActor
public protocol _UIScrollViewDelegateProperty: AnyObject {}

extension _UIScrollViewDelegateProperty where Self: UIScrollView {
  /// The delegate, held weakly.
  public var delegate: (any UIScrollViewDelegate)? {
    get { _delegateObject as? any UIScrollViewDelegate }
    set { _delegateObject = newValue }
  }
}
