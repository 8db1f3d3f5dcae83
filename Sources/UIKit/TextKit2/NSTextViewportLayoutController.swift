import Foundation

/// Lays out the fragments in the viewport (what a view shows) and hands each to its delegate to
/// place on screen: how a TextKit 2 view draws only what is visible.
@preconcurrency @MainActor
open class NSTextViewportLayoutController: NSObject {
  /// The delegate (held weakly): it gives the viewport and places each fragment.
  open weak var delegate: (any NSTextViewportLayoutControllerDelegate)?
  /// The layout manager whose fragments are laid out.
  open private(set) weak var textLayoutManager: NSTextLayoutManager?
  /// The range of the fragments laid out by the last ``layoutViewport()``.
  open private(set) var viewportRange: NSTextRange?

  /// A controller of `textLayoutManager`'s viewport.
  public init(textLayoutManager: NSTextLayoutManager) {
    self.textLayoutManager = textLayoutManager
    super.init()
  }

  /// The viewport (container coordinates) of the last layout: the delegate's answer, moved by
  /// ``relocateViewport(to:)`` and ``adjustViewport(byVerticalOffset:)`` since.
  open private(set) var viewportBounds: CGRect = .zero

  /// What the viewport is now: the delegate's answer or, for a text view's layout manager
  /// without one, the view's visible part (as UIKit's own delegate answers); nil for neither.
  private func _currentViewportBounds() -> CGRect? {
    if let delegate { return delegate.viewportBounds(for: self) }
    guard let view = textLayoutManager?._view else { return nil }
    let inset = view.textContainerInset
    return view.bounds.offsetBy(dx: -inset.left, dy: -inset.top)
  }

  /// Lays out the fragments the viewport crosses, in this order: the delegate hears
  /// `textViewportLayoutControllerWillLayout`, is asked for the viewport, then hears
  /// `configureRenderingSurfaceFor` for each fragment from the top (each laid out), then
  /// `textViewportLayoutControllerDidLayout`. Without a delegate (and no text view), or with an
  /// empty viewport, nothing is laid out and ``viewportRange`` is nil.
  open func layoutViewport() {
    guard let manager = textLayoutManager else { return }
    delegate?.textViewportLayoutControllerWillLayout(self)
    defer { delegate?.textViewportLayoutControllerDidLayout(self) }
    guard let bounds = _currentViewportBounds(), bounds.height > 0, bounds.minY.isFinite, bounds.maxY.isFinite else {
      viewportRange = nil
      return
    }
    viewportBounds = bounds
    var start: (any NSTextLocation)?
    var end: (any NSTextLocation)?
    let first = manager.textLayoutFragment(for: CGPoint(x: 0, y: bounds.minY))
    manager.enumerateTextLayoutFragments(
      from: first?.rangeInElement.location, options: [.ensuresLayout, .ensuresExtraLineFragment]
    ) { fragment in
      let frame = fragment.layoutFragmentFrame
      if frame.minY >= bounds.maxY, start != nil { return false }
      if frame.maxY <= bounds.minY, frame.height > 0 { return true }
      if start == nil { start = fragment.rangeInElement.location }
      end = fragment.rangeInElement.endLocation
      delegate?.textViewportLayoutController(self, configureRenderingSurfaceFor: fragment)
      return true
    }
    viewportRange = start.flatMap { NSTextRange(location: $0, end: end) }
  }

  /// Moves the viewport's top to the fragment holding `textLocation` and returns that top
  /// (container coordinates), where a view scrolls to show it; nothing is laid out.
  open func relocateViewport(to textLocation: any NSTextLocation) -> CGFloat {
    guard let manager = textLayoutManager else { return viewportBounds.minY }
    let fragment = manager.textLayoutFragment(for: textLocation) ?? {
      var last: NSTextLayoutFragment?
      manager.enumerateTextLayoutFragments(from: nil, options: [.reverse]) {
        last = $0
        return false
      }
      return last
    }()
    let y = fragment?.layoutFragmentFrame.minY ?? 0
    viewportBounds.origin.y = y
    viewportRange = NSTextRange(location: textLocation)
    return y
  }

  /// Moves the viewport by `verticalOffset` (a view that scrolled by that much calls this);
  /// the delegate is not called.
  open func adjustViewport(byVerticalOffset verticalOffset: CGFloat) {
    guard verticalOffset.isFinite else { return }
    viewportBounds.origin.y += verticalOffset
  }
}
/// What a viewport layout controller's delegate provides: the viewport, and the place of each
/// fragment laid out in it. The first two methods are required; the others optional.
@preconcurrency @MainActor
public protocol NSTextViewportLayoutControllerDelegate: NSObjectProtocol {
  /// The visible part of the container (container coordinates), usually the view's visible
  /// rectangle with some overdraw.
  func viewportBounds(for textViewportLayoutController: NSTextViewportLayoutController) -> CGRect
  /// Places (or makes) what draws `textLayoutFragment`, at its `layoutFragmentFrame`.
  func textViewportLayoutController(
    _ textViewportLayoutController: NSTextViewportLayoutController, configureRenderingSurfaceFor textLayoutFragment: NSTextLayoutFragment)
  /// Layout of the viewport begins.
  func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: NSTextViewportLayoutController)
  /// Layout of the viewport ended.
  func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: NSTextViewportLayoutController)
}

extension NSTextViewportLayoutControllerDelegate {
  public func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: NSTextViewportLayoutController) {}
  public func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: NSTextViewportLayoutController) {}

  /// `delegate?.textViewportLayoutControllerWillLayout?(controller)`; never nil.
  public var textViewportLayoutControllerWillLayout: ((NSTextViewportLayoutController) -> Void)? {
    { self.textViewportLayoutControllerWillLayout($0) }
  }
  /// `delegate?.textViewportLayoutControllerDidLayout?(controller)`; never nil.
  public var textViewportLayoutControllerDidLayout: ((NSTextViewportLayoutController) -> Void)? {
    { self.textViewportLayoutControllerDidLayout($0) }
  }
}
