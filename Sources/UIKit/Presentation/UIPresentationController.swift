import Foundation

/// Manages how a presented view controller shows: where its view goes, what is dimmed behind
/// it, and whether the user may dismiss it. UIKit makes one for each presentation from the
/// controller's `modalPresentationStyle` (a ``UISheetPresentationController`` for sheets);
/// `controller.presentationController?.delegate = self` before or after `present` sets the
/// delegate of the one used.
@preconcurrency @MainActor
open class UIPresentationController: NSObject {
  /// How long a presentation or dismissal slides, on UIKit's clock.
  static let _duration: TimeInterval = 0.3

  /// The controller presented.
  open var presentedViewController: UIViewController { _presentedController }
  /// The controller presenting (before the presentation, the one given at creation, or the
  /// presented controller itself when none was).
  open var presentingViewController: UIViewController {
    _presentingController ?? _presentedController.presentingViewController ?? _presentedController
  }
  private unowned let _presentedController: UIViewController
  weak var _presentingController: UIViewController?

  /// Told about the user's attempts to dismiss (see ``UIAdaptivePresentationControllerDelegate``).
  open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

  /// The style the presentation uses (`.automatic` resolved).
  open var presentationStyle: UIModalPresentationStyle { _style }
  var _style: UIModalPresentationStyle

  /// A presentation controller for `presentedViewController`, presented by
  /// `presentingViewController`.
  public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
    _presentedController = presentedViewController
    _presentingController = presentingViewController
    _style = Self._resolve(presentedViewController.modalPresentationStyle)
    super.init()
  }

  // MARK: Traits

  /// The presentation's overrides, cached traits and change registrations (Traits/).
  lazy var _traitState = _TraitState()

  /// The traits of the presentation, which the presented controller inherits: the presenting
  /// controller's, elevated (`userInterfaceLevel` `.elevated`) unless the presentation covers
  /// the screen, as iOS elevates sheets, popovers and alerts; then the overrides.
  open var traitCollection: UITraitCollection { _computedTraitCollection }

  /// Called after the presentation's traits changed, with the traits from before.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

  // MARK: Size and orientation changes (UIContentContainer)

  /// The presented controller's preferred content size.
  open var preferredContentSize: CGSize { presentedViewController.preferredContentSize }
  /// The presented controller's preferred content size changed: the presentation lays out.
  open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {
    containerView?.setNeedsLayout()
  }
  /// The presented controller's fitting size changed (the default does nothing).
  open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}
  /// The size the presented controller gets within `parentSize`: all of it by default.
  open func size(
    forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize
  ) -> CGSize { parentSize }
  /// The presentation is about to change size: the presented controller is told (call super).
  open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
    presentedViewController.viewWillTransition(to: size, with: coordinator)
  }
  /// The presentation's traits are about to change: the presented controller is told (call super).
  open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
    presentedViewController.willTransition(to: newCollection, with: coordinator)
  }

  /// The view that holds the presentation: the window while it shows.
  open var containerView: UIView? { _transitionView ?? _presentedController._presentationRootView.superview }

  /// The view animated in and out: the sheet's card, or the presented controller's view.
  open var presentedView: UIView? { _wrapperView ?? _presentedController.view }

  /// Where the presented view goes in ``containerView``.
  open var frameOfPresentedViewInContainerView: CGRect {
    guard let container = containerView else { return _frameOfPresentedView(in: UIScreen.main.bounds) }
    return _frameOfPresentedView(in: container.bounds)
  }

  /// Whether the presentation covers the whole screen.
  open var shouldPresentInFullscreen: Bool { _style == .fullScreen || _style == .overFullScreen }
  /// Whether the presenting controller's view goes away under the presentation (a full-screen
  /// one: the presenting controller gets `viewWillDisappear` and `viewDidDisappear`; a custom
  /// presentation's subclass says, false by default).
  open var shouldRemovePresentersView: Bool { _transitionView != nil ? false : _style == .fullScreen }

  /// Called as the presentation starts.
  open func presentationTransitionWillBegin() {}
  /// Called when the presentation ended (`completed` false if it was cancelled).
  open func presentationTransitionDidEnd(_ completed: Bool) {}
  /// Called as the dismissal starts.
  open func dismissalTransitionWillBegin() {}
  /// Called when the dismissal ended.
  open func dismissalTransitionDidEnd(_ completed: Bool) {}
  /// Called before the container lays out.
  open func containerViewWillLayoutSubviews() {}
  /// Called after the container laid out.
  open func containerViewDidLayoutSubviews() {}

  // MARK: Internals

  /// iOS 13 and later: `.automatic` is a page sheet; popovers and custom presentations without
  /// their machinery show as form sheets; the context styles cover the window.
  static func _resolve(_ style: UIModalPresentationStyle) -> UIModalPresentationStyle {
    switch style {
    case .automatic, .none: .pageSheet
    case .popover, .custom: .formSheet
    case .currentContext: .fullScreen
    case .overCurrentContext: .overFullScreen
    default: style
    }
  }

  static func _isSheet(_ style: UIModalPresentationStyle) -> Bool { style == .pageSheet || style == .formSheet }

  /// A presentation controller for `controller` as its style asks.
  static func _make(for controller: UIViewController, presenting: UIViewController?) -> UIPresentationController {
    if controller.modalPresentationStyle == .popover, !(controller is UIAlertController) {
      return UIPopoverPresentationController(presentedViewController: controller, presenting: presenting)
    }
    if controller is UIAlertController {
      let made = UIPresentationController(presentedViewController: controller, presenting: presenting)
      made._style = .custom
      return made
    }
    if _isSheet(_resolve(controller.modalPresentationStyle)) {
      return UISheetPresentationController(presentedViewController: controller, presenting: presenting)
    }
    return UIPresentationController(presentedViewController: controller, presenting: presenting)
  }

  /// The presentation controller `present` uses: the controller's own if it fits its style now
  /// (keeping the delegate set on it), a new one otherwise (the delegate carried over).
  static func _prepare(
    for controller: UIViewController, presenting: UIViewController, source: UIViewController
  ) -> UIPresentationController {
    // A `.custom` presentation asks the transitioning delegate for its presentation controller.
    if controller.modalPresentationStyle == .custom, !(controller is UIAlertController),
      let custom = controller.transitioningDelegate?.presentationController(
        forPresented: controller, presenting: presenting, source: source)
    {
      if let previous = controller._presentationController, previous !== custom, custom.delegate == nil {
        custom.delegate = previous.delegate
      }
      custom._style = .custom
      custom._presentingController = presenting
      custom._transitionView = _TransitionView(presentation: custom)
      controller._presentationController = custom
      return custom
    }
    if controller.modalPresentationStyle == .popover, !(controller is UIAlertController), let window = presenting.viewIfLoaded?.window,
      let popover = controller.popoverPresentationController
    {
      return _preparePopover(popover, for: controller, presenting: presenting, in: window)
    }
    var presentation = controller._presentationController ?? _make(for: controller, presenting: presenting)
    presentation._transitionView = nil
    let style = controller is UIAlertController ? .custom : _resolve(controller.modalPresentationStyle)
    if presentation._style != style && !(controller is UIAlertController) {
      let made = _make(for: controller, presenting: presenting)
      made.delegate = presentation.delegate
      presentation = made
    }
    presentation._presentingController = presenting
    controller._presentationController = presentation
    presentation._prepareViews()
    return presentation
  }

  /// The presentation of a `.popover` controller: the popover in a regular width (or when the
  /// delegate keeps it one), else the style it adapts to, its delegate carried over.
  private static func _preparePopover(
    _ popover: UIPopoverPresentationController, for controller: UIViewController, presenting: UIViewController,
    in window: UIWindow
  ) -> UIPresentationController {
    popover._presentingController = presenting
    (popover.delegate as? any UIPopoverPresentationControllerDelegate)?.prepareForPopoverPresentation(popover)
    let style = popover._adaptedStyle(in: window)
    if style == .popover {
      guard popover.sourceView != nil || popover.barButtonItem != nil else {
        fatalError(
          "UIPopoverPresentationController (\(popover)) should have a non-nil sourceView or barButtonItem set before the presentation occurs.")
      }
      controller._presentationController = popover
      popover._prepareViews()
      return popover
    }
    let adapted: UIPresentationController =
      _isSheet(style)
      ? popover.adaptiveSheetPresentationController
      : UIPresentationController(presentedViewController: controller, presenting: presenting)
    adapted._style = style
    adapted.delegate = popover.delegate
    adapted._presentingController = presenting
    adapted._transitionView = nil
    controller._presentationController = adapted
    adapted._prepareViews()
    return adapted
  }

  /// Builds the views the presentation needs (a sheet's card).
  func _prepareViews() {}

  /// The card holding a sheet's view (nil: the view shows by itself).
  var _wrapperView: UIView? { nil }

  /// The container of a custom presentation (one the transitioning delegate made): a view over
  /// the whole window that holds the presented view and whatever the presentation controller
  /// adds (a dimming view), as iOS's transition view does.
  var _transitionView: _TransitionView?

  /// What the window holds for the presentation: the container, the card, or the view itself.
  var _rootView: UIView? { _transitionView ?? _wrapperView }

  /// Whether the presentation fades in and out (a popover) rather than sliding up and down.
  var _appearsByFading: Bool { false }

  /// Whether a touch at `point` (window coordinates) outside the presentation reaches the views
  /// under it: never, but on a popover's passthrough views.
  func _passesTouchThrough(at point: CGPoint) -> Bool { false }

  /// Puts the presented view (the card, the panel) at `frame` in the presentation's container.
  func _place(_ presentedView: UIView, at frame: CGRect) { presentedView.frame = frame }

  /// Where the presented view (or card) goes in a window of `bounds`.
  func _frameOfPresentedView(in bounds: CGRect) -> CGRect { bounds }

  /// Whether what the presentation covers is dimmed.
  var _dimsPresentingContent: Bool { false }

  /// Whether the presenting controller disappears under the presentation.
  var _removesPresenterFromView: Bool { _transitionView != nil ? shouldRemovePresentersView : _style == .fullScreen }

  /// A key nothing in the presented controller used. Tab with nothing focused goes to the
  /// first field in the presentation.
  func _handleKey(_ key: HardwareKey) -> Bool {
    guard key.code == .tab, let window = _presentedController.view.window, window.firstResponderObject == nil else {
      return false
    }
    return window._focusSystem._tab(from: nil, backwards: key.modifiers.contains(.shift))
  }

  /// The user tried to dismiss the presentation (swiped the sheet down, pressed Escape): it
  /// goes unless the presented controller (or the screen it shows) is modal in presentation or
  /// the delegate refuses, in which case the delegate hears of the attempt.
  func _userAttemptedDismiss() {
    let presented = _presentedController
    guard !presented.isBeingPresented, !presented.isBeingDismissed, let presenter = presented._presenting,
      presenter._presented === presented
    else { return }
    if presented._refusesInteractiveDismissal {
      delegate?.presentationControllerDidAttemptToDismiss(self)
      return
    }
    if let delegate, !delegate.presentationControllerShouldDismiss(self) {
      delegate.presentationControllerDidAttemptToDismiss(self)
      return
    }
    delegate?.presentationControllerWillDismiss(self)
    presenter._dismissPresented(animated: true, completion: nil) { [weak self] in
      guard let self else { return }
      self.delegate?.presentationControllerDidDismiss(self)
    }
  }
}

/// The container of a custom presentation: it covers the window, and its layout passes are the
/// presentation controller's `containerViewWillLayoutSubviews`/`DidLayoutSubviews`.
@MainActor
final class _TransitionView: UIView {
  private unowned let presentation: UIPresentationController

  init(presentation: UIPresentationController) {
    self.presentation = presentation
    super.init(frame: .zero)
    autoresizingMask = [.flexibleWidth, .flexibleHeight]
  }

  required init?(coder: NSCoder) { fatalError("not archived") }

  override func layoutSubviews() {
    presentation.containerViewWillLayoutSubviews()
    super.layoutSubviews()
    presentation.containerViewDidLayoutSubviews()
  }

  // The container takes touches outside the presented view (what it covers is out of reach),
  // except on a popover's passthrough views.
  override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
    let hit = super.hitTest(point, with: event)
    if hit === self, presentation._passesTouchThrough(at: convert(point, to: nil)) { return nil }
    return hit
  }
}
