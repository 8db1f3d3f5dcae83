import Foundation
import TextEditing

// The order of messages when a navigation controller on screen changes its top screen (push,
// pop, setViewControllers), from iOS developers' logs:
//   addChild (arriving: willMove(toParent:)) → delegate willShow → old top viewWillDisappear →
//   new top viewWillAppear → [the slide, 0.35 s on UIKit's clock when animated] →
//   old top viewDidDisappear → new top viewDidAppear → departing: didMove(toParent: nil) via
//   removeFromParent; arriving: didMove(toParent:) → delegate didShow.
// A popped screen's field being edited ends editing as the pop starts (its keyboard goes down
// with the slide). Off screen (no window) the stack changes without appearance calls.

/// A stack of screens under a navigation bar: push a screen to show it with a back button to
/// the one before; the back button (or `popViewController`) goes back.
///
/// ```swift
/// let navigation = UINavigationController(rootViewController: ListViewController())
/// window.rootViewController = navigation
/// // in ListViewController:
/// navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: self, action: ListViewController.add)
/// navigationController?.pushViewController(EditViewController(), animated: true)
/// ```
///
/// Each screen's view fills the controller's view, under the bar: its safe area's top is the
/// bar's bottom (and the search bar's, with `navigationItem.searchController`), its bottom the
/// toolbar's top when the toolbar shows.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
  private var _stack: [UIViewController] = []

  /// The bar at the top (open, as on iOS, where a subclass may return its own).
  open var navigationBar: UINavigationBar { _navigationBar }
  private let _navigationBar = UINavigationBar()

  /// The toolbar at the bottom (hidden unless ``isToolbarHidden`` is false); it shows the top
  /// screen's `toolbarItems`.
  open private(set) lazy var toolbar: UIToolbar! = UIToolbar()

  /// The delegate told as screens show.
  open weak var delegate: (any UINavigationControllerDelegate)?

  /// The slide under way, if any.
  private var _transition: _Transition?
  private final class _Transition {
    let finish: @MainActor () -> Void
    var done = false
    init(finish: @escaping @MainActor () -> Void) { self.finish = finish }
  }

  /// A navigation controller showing `rootViewController`.
  public init(rootViewController: UIViewController) {
    super.init(nibName: nil, bundle: nil)
    _setUpBar()
    setViewControllers([rootViewController], animated: false)
  }

  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    _setUpBar()
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    _setUpBar()
  }

  private func _setUpBar() {
    navigationBar._navigationController = self
  }

  // MARK: The stack

  /// The screens, root first.
  open var viewControllers: [UIViewController] {
    get { _stack }
    set { setViewControllers(newValue, animated: false) }
  }

  /// The screen on top.
  open var topViewController: UIViewController? { _stack.last }

  /// What shows: a controller presented over this one (or over its top screen), else the top
  /// screen.
  open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }

  /// Replaces the stack; the new top slides in (as a push when it is new, as a pop when it was
  /// in the stack) when `animated`.
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    for (index, controller) in viewControllers.enumerated() {
      precondition(
        !viewControllers[..<index].contains { $0 === controller },
        "UINavigationController: the same view controller appears twice in viewControllers (\(controller))")
      precondition(!(controller is UINavigationController), "UINavigationController: pushing a navigation controller is not supported")
    }
    _finishTransitionNow()
    let old = _stack
    let from = old.last, to = viewControllers.last
    let departing = old.filter { controller in !viewControllers.contains { $0 === controller } }
    let arriving = viewControllers.filter { controller in !old.contains { $0 === controller } }
    for controller in arriving { addChild(controller) }
    _stack = viewControllers
    let isPop = to.map { top in old.contains { $0 === top } } ?? true
    _changeTop(from: from, to: to, pop: isPop, animated: animated, departing: departing, arriving: arriving, previous: old)
  }

  /// Pushes `viewController` on top: it slides in from the right over 0.35 s when `animated`.
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    precondition(
      !_stack.contains { $0 === viewController },
      "UINavigationController: pushing the same view controller instance more than once is not supported (\(viewController))")
    setViewControllers(_stack + [viewController], animated: animated)
  }

  /// Pops the top screen and returns it (nil when only the root is left).
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    _finishTransitionNow()
    guard _stack.count > 1, let top = _stack.last else { return nil }
    setViewControllers(Array(_stack.dropLast()), animated: animated)
    return top
  }

  /// Pops every screen above the root and returns them, bottom first (nil when only the root
  /// is left).
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    _finishTransitionNow()
    guard let root = _stack.first, _stack.count > 1 else { return nil }
    return popToViewController(root, animated: animated)
  }

  /// Pops the screens above `viewController` and returns them, bottom first (nil when it is not
  /// in the stack).
  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
    _finishTransitionNow()
    guard let index = _stack.firstIndex(where: { $0 === viewController }) else { return nil }
    let popped = Array(_stack[(index + 1)...])
    guard !popped.isEmpty else { return [] }
    setViewControllers(Array(_stack[...index]), animated: animated)
    return popped
  }

  func _backButtonTapped() {
    guard _transition == nil else { return }
    popViewController(animated: true)
  }

  /// The recognizer of the edge swipe that pops: a pan from the left edge that moves the top
  /// screen with the finger (UIKit's slide, interactive), popping when let go past half the
  /// width or flicked right, and putting it back otherwise. Its delegate lets it begin when
  /// there is a screen to go back to and nothing else is moving; replace the delegate to decide
  /// yourself, or set `isEnabled` false, as on iOS.
  open var interactivePopGestureRecognizer: UIGestureRecognizer? { _popRecognizer }

  private lazy var _popRecognizer: UIScreenEdgePanGestureRecognizer = {
    let recognizer = UIScreenEdgePanGestureRecognizer(target: self, action: UINavigationController._edgeSwipe)
    recognizer.edges = .left
    recognizer.delegate = _popGestureDelegate
    return recognizer
  }()
  private lazy var _popGestureDelegate = _PopGestureDelegate(navigation: self)
  /// The edge swipe's interaction while it drives a pop.
  private var _popInteraction: UIPercentDrivenInteractiveTransition?
  /// Set while a pop the edge swipe starts is being set up: the slide is taken into it.
  private var _popDriverStarting: UIPercentDrivenInteractiveTransition?

  /// The edge swipe's default delegate.
  private final class _PopGestureDelegate: NSObject, UIGestureRecognizerDelegate {
    weak var navigation: UINavigationController?
    init(navigation: UINavigationController) { self.navigation = navigation }
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
      guard let navigation else { return false }
      return navigation.viewControllers.count > 1 && navigation._transition == nil && navigation.presentedViewController == nil
    }
  }

  func _edgeSwipe(_ recognizer: UIScreenEdgePanGestureRecognizer) {
    guard let container = viewIfLoaded, container.bounds.width > 0 else { return }
    let translation = recognizer.translation(in: container).x
    let progress = min(1, max(0, translation / container.bounds.width))
    switch recognizer.state {
    case .began:
      guard _transition == nil, viewControllers.count > 1 else { return }
      let interaction = UIPercentDrivenInteractiveTransition()
      _popDriverStarting = interaction
      popViewController(animated: true)
      _popDriverStarting = nil
      // A delegate's animator runs as the delegate says (its own interaction controller, or
      // not interactive, as on iOS): only UIKit's slide follows the finger.
      guard interaction._isDriving else { return }
      _popInteraction = interaction
      interaction.update(progress)
    case .changed:
      _popInteraction?.update(progress)
    case .ended:
      guard let interaction = _popInteraction else { return }
      _popInteraction = nil
      interaction.update(progress)
      // As iOS: a flick decides, else whether the screen is past half way.
      let velocity = recognizer.velocity(in: container).x
      if velocity > 300 || (velocity > -300 && progress > 0.5) { interaction.finish() } else { interaction.cancel() }
    case .cancelled, .failed:
      _popInteraction?.cancel()
      _popInteraction = nil
    default:
      break
    }
  }

  // MARK: Bars

  /// Whether the navigation bar is hidden.
  open var isNavigationBarHidden: Bool {
    get { _navigationBarHidden }
    set { setNavigationBarHidden(newValue, animated: false) }
  }
  private var _navigationBarHidden = false

  /// Hides or shows the navigation bar (at once here).
  open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    _navigationBarHidden = hidden
    viewIfLoaded?.setNeedsLayout()
  }

  // MARK: Status bar

  /// A navigation controller sets the status bar's style from its bar, not from the controller
  /// on top (a long-standing surprise for developers): a `.black` bar gets light content. With
  /// the bar hidden the controller on top decides (``childForStatusBarStyle``).
  open override var preferredStatusBarStyle: UIStatusBarStyle {
    navigationBar.barStyle == .default ? .default : .lightContent
  }

  /// The controller on top, while the navigation bar is hidden.
  open override var childForStatusBarStyle: UIViewController? {
    isNavigationBarHidden ? topViewController : nil
  }

  /// The controller on top decides whether the status bar is hidden.
  open override var childForStatusBarHidden: UIViewController? { topViewController }

  /// The controller on top decides whether the home indicator may hide.
  open override var childForHomeIndicatorAutoHidden: UIViewController? { topViewController }

  /// Whether the toolbar is hidden (default true).
  open var isToolbarHidden: Bool {
    get { _toolbarHidden }
    set { setToolbarHidden(newValue, animated: false) }
  }
  private var _toolbarHidden = true

  /// Hides or shows the toolbar (at once here).
  open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
    _toolbarHidden = hidden
    if let top = topViewController { toolbar.setItems(top.toolbarItems, animated: false) }
    viewIfLoaded?.setNeedsLayout()
  }

  func _toolbarItemsDidChange(of controller: UIViewController) {
    guard controller === topViewController else { return }
    toolbar.setItems(controller.toolbarItems, animated: false)
    viewIfLoaded?.setNeedsLayout()
  }

  // MARK: View

  open override func loadView() {
    let container = _NavigationContainerView(frame: UIScreen.main.bounds)
    container.navigation = self
    view = container
    container.addSubview(navigationBar)
    container.addGestureRecognizer(_popRecognizer)
    toolbar.isHidden = true
    container.addSubview(toolbar)
    if let top = topViewController { _install(top) }
  }

  override var _appearanceChildren: [UIViewController] {
    _transition == nil ? (topViewController.map { [$0] } ?? []) : []
  }

  /// Puts `controller`'s view in the container, under the bars.
  private func _install(_ controller: UIViewController) {
    let container = view!
    let child = controller.view!
    if child.superview !== container {
      child.frame = container.bounds
      child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      container.insertSubview(child, belowSubview: navigationBar)
    }
    container.setNeedsLayout()
  }

  /// The search bar of the top screen's search controller, under the navigation bar.
  private weak var _shownSearchBar: UISearchBar?

  /// Lays the bars out and tells the screens how much of them the bars cover.
  func _layoutContainer() {
    guard let container = viewIfLoaded else { return }
    let bounds = container.bounds
    let safe = container.safeAreaInsets
    var top = safe.top
    let searchController = topViewController?.navigationItem.searchController
    // An active search takes the bar's place (hidesNavigationBarDuringPresentation).
    let barHidden = _navigationBarHidden
      || (searchController?.isActive == true && searchController?.hidesNavigationBarDuringPresentation == true)
    navigationBar.isHidden = barHidden
    if !barHidden {
      let height = navigationBar.sizeThatFits(CGSize(width: bounds.width, height: 0)).height
      navigationBar.frame = CGRect(x: bounds.minX, y: bounds.minY + top, width: bounds.width, height: height)
      top += height
    }
    let searchBar = searchController?.searchBar
    if _shownSearchBar !== searchBar, let old = _shownSearchBar, old.superview === container {
      old.removeFromSuperview()
    }
    _shownSearchBar = searchBar
    if let searchBar {
      if searchBar.superview !== container { container.insertSubview(searchBar, belowSubview: navigationBar) }
      container.bringSubviewToFront(searchBar)
      container.bringSubviewToFront(navigationBar)
      let height = searchBar.sizeThatFits(CGSize(width: bounds.width, height: 0)).height
      searchBar.frame = CGRect(x: bounds.minX, y: bounds.minY + top, width: bounds.width, height: height)
      top += height
      searchController?._placeOverlay()
    }
    var bottom: CGFloat = 0
    let showsToolbar = !_toolbarHidden && !(_stack.count > 1 && topViewController?.hidesBottomBarWhenPushed == true)
    toolbar.isHidden = !showsToolbar
    if showsToolbar {
      let height = toolbar.sizeThatFits(CGSize(width: bounds.width, height: 0)).height
      toolbar.frame = CGRect(x: bounds.minX, y: bounds.maxY - safe.bottom - height, width: bounds.width, height: height)
      container.bringSubviewToFront(toolbar)
      bottom = height
    }
    let insets = UIEdgeInsets(top: top - safe.top, left: 0, bottom: bottom, right: 0)
    for child in children where child.isViewLoaded && child.view.superview === container {
      child._containerSafeAreaInsets = insets
      if _transition == nil { child.view.frame = bounds }
    }
  }

  // MARK: Transitions

  /// Completes a slide under way at once (a new change of the stack arrived).
  private func _finishTransitionNow() {
    guard let transition = _transition else { return }
    _transition = nil
    if !transition.done {
      transition.done = true
      transition.finish()
    }
  }

  private func _changeTop(
    from: UIViewController?, to: UIViewController?, pop: Bool, animated: Bool,
    departing: [UIViewController], arriving: [UIViewController], previous: [UIViewController]
  ) {
    navigationBar.items = _stack.map(\.navigationItem)
    toolbar.setItems(to?.toolbarItems, animated: false)
    let container = viewIfLoaded
    // A window's root or a presented controller is told of its appearance by UIKit; a child of
    // a container of the app's own is on screen when its view is in a window.
    let appeared = _appearanceState == .appeared || _appearanceState == .appearing
    let onScreen = container?.window != nil && (parent != nil || appeared)
    guard let container, from !== to, onScreen else {
      // Off screen, or the same top: the views change without appearance calls or delegate
      // messages.
      if let container, from !== to {
        if let from, from.isViewLoaded, from.view.superview === container { from.view.removeFromSuperview() }
        if let to { _install(to) }
      }
      for controller in departing {
        controller.willMove(toParent: nil)
        if let container, controller.isViewLoaded, controller.view.superview === container {
          controller.view.removeFromSuperview()
        }
        controller.removeFromParent()
      }
      for controller in arriving { controller.didMove(toParent: self) }
      return
    }
    let slides = animated && from != nil && to != nil
    // The new screen's view loads first (iOS logs its viewDidLoad before willShow).
    to?.loadViewIfNeeded()
    if let to { delegate?.navigationController(self, willShow: to, animated: animated) }
    // The delegate's animator, if it has one for this push or pop (asked after willShow).
    let animator: (any UIViewControllerAnimatedTransitioning)? =
      slides ? delegate?.navigationController(self, animationControllerFor: pop ? .pop : .push, from: from!, to: to!) : nil
    // The transition's context and coordinator, there from the appearance calls on (where
    // screens add their alongside animations).
    let transition = _ViewControllerTransition(
      container: container, animated: slides, style: .none,
      from: (from, from?.viewIfLoaded, from?.viewIfLoaded?.frame ?? .zero, .zero),
      to: (to, to?.viewIfLoaded, .zero, container.bounds))
    transition.transitionDuration = animator?.transitionDuration(using: transition) ?? (slides ? Self._slideDuration : 0)
    _activeTransition = transition
    for controller in departing { controller.willMove(toParent: nil) }
    let fromDeparts = from.map { top in departing.contains { $0 === top } } ?? false
    from?._isMovingFromParent = fromDeparts
    if let to { to._isMovingToParent = arriving.contains { $0 === to } }
    // The appearance calls of this change are made here, not forwarded from the container.
    let placeholder = _Transition(finish: {})
    _transition = placeholder
    from?._callWillDisappear(animated)
    to?._callWillAppear(animated)
    // A field being edited on the screen going away stops editing as it starts to go.
    from?.viewIfLoaded?.endEditing(true)
    if let to { _install(to) }
    _transition = nil
    _layoutContainer()
    _transition = placeholder

    let finish: @MainActor () -> Void = { [weak self] in
      guard let self else { return }
      if let from, from !== self.topViewController, from.isViewLoaded, from.view.superview === container {
        from.view.removeFromSuperview()
      }
      if let to, to.isViewLoaded { to.view.frame = container.bounds }
      from?._callDidDisappear(animated)
      to?._callDidAppear(animated)
      from?._isMovingFromParent = false
      to?._isMovingToParent = false
      for controller in departing {
        if controller.isViewLoaded, controller.view.superview === container { controller.view.removeFromSuperview() }
        controller.removeFromParent()
      }
      for controller in arriving { controller.didMove(toParent: self) }
      if let to { self.delegate?.navigationController(self, didShow: to, animated: animated) }
    }
    // A cancelled transition (an interaction let go) puts the stack back as it was.
    let undo: @MainActor () -> Void = { [weak self] in
      guard let self else { return }
      self._stack = previous
      self.navigationBar.items = previous.map(\.navigationItem)
      self.toolbar.setItems(from?.toolbarItems, animated: false)
      to?._callWillDisappear(animated)
      from?._callWillAppear(animated)
      if let to, to.isViewLoaded, to.view.superview === container { to.view.removeFromSuperview() }
      if let from { self._install(from) }
      to?._callDidDisappear(animated)
      from?._callDidAppear(animated)
      from?._isMovingFromParent = false
      to?._isMovingToParent = false
      for controller in arriving {
        controller.willMove(toParent: nil)
        controller.removeFromParent()
      }
      for controller in departing { controller.didMove(toParent: self) }
      self._layoutContainer()
    }
    transition.onComplete = { [weak self] completed in
      if self?._activeTransition === transition { self?._activeTransition = nil }
      if completed { finish() } else { undo() }
      animator?.animationEnded(completed)
    }
    guard slides, let fromView = from?.viewIfLoaded, let toView = to?.viewIfLoaded else {
      _transition = nil
      transition._runAlongside()
      transition.completeTransition(true)
      return
    }
    if let animator {
      // The animator adds the arriving view to the container and animates; the bars stay on
      // top, as they are outside iOS's transition view.
      toView.frame = container.bounds
      toView.layer.isCommitted = true
      fromView.layer.isCommitted = true
      CATransaction.flush()
      let custom = _Transition(finish: { transition.completeTransition(true) })
      _transition = custom
      transition.onComplete = { [weak self, onComplete = transition.onComplete] completed in
        if self?._transition === custom { self?._transition = nil }
        custom.done = true
        onComplete?(completed)
      }
      if let interaction = delegate?.navigationController(self, interactionControllerFor: animator),
        interaction.wantsInteractiveStart
      {
        transition._animator = animator
        transition._beginInteraction()
        interaction.startInteractiveTransition(transition)
      } else {
        animator.animateTransition(using: transition)
      }
      _keepBarsOnTop()
      transition._runAlongside()
      return
    }
    let bounds = container.bounds
    let width = bounds.width
    // iOS's slide: the new screen comes from the right edge while the old one moves a third of
    // the way left (and the reverse on a pop, the popped screen on top).
    if pop {
      container.insertSubview(toView, belowSubview: fromView)
      toView.frame = bounds.offsetBy(dx: -(width / 3).rounded(.down), dy: 0)
      fromView.frame = bounds
    } else {
      container.insertSubview(toView, aboveSubview: fromView)
      toView.frame = bounds.offsetBy(dx: width, dy: 0)
      fromView.frame = bounds
    }
    // The start positions are what the screen shows when the slide begins; the new screen's
    // view animates although no host has drawn it yet (UIKit animates it explicitly on iOS).
    toView.layer.isCommitted = true
    fromView.layer.isCommitted = true
    CATransaction.flush()
    // An interactive slide (the edge swipe) may be let go: it completes as it ends.
    let slide = _Transition(finish: { transition.completeTransition(!transition.transitionWasCancelled) })
    _transition = slide
    let animate = {
      UIView.animate(
        withDuration: Self._slideDuration,
        animations: {
          toView.frame = bounds
          fromView.frame = pop ? bounds.offsetBy(dx: width, dy: 0) : bounds.offsetBy(dx: -(width / 3).rounded(.down), dy: 0)
        },
        completion: { [weak self] _ in
          guard !slide.done else { return }
          slide.done = true
          if self?._transition === slide { self?._transition = nil }
          slide.finish()
        })
    }
    if pop, let driver = _popDriverStarting {
      transition._beginInteraction()
      driver._drive(transition, animate)
    } else {
      animate()
    }
    transition._runAlongside()
  }

  /// Puts the bars back above the screens (an animator added a view to the container on top).
  private func _keepBarsOnTop() {
    guard let container = viewIfLoaded else { return }
    container.bringSubviewToFront(navigationBar)
    if !toolbar.isHidden { container.bringSubviewToFront(toolbar) }
  }

  /// How long a push or pop slides, as on iOS.
  static let _slideDuration: TimeInterval = 0.35
}

/// A navigation controller's view: the screens under the bars; it lays the bars out.
@MainActor
final class _NavigationContainerView: UIView {
  weak var navigation: UINavigationController?

  override func layoutSubviews() {
    super.layoutSubviews()
    navigation?._layoutContainer()
  }
}
