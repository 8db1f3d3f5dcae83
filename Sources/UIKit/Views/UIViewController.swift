import Foundation
import TextEditing

/// Manages a view: creates it on first use (`loadView`, then `viewDidLoad`), and presents other
/// view controllers (alerts) modally.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
  // Unchecked: read by `next` on every key's responder-chain walk; written only by the `view`
  // setter, with a plain store that no other access can overlap.
  @exclusivity(unchecked) private var _view: UIView?

  /// A view controller; its view loads on first access.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init()
  }

  /// A view controller; its view loads on first access.
  public convenience override init() {
    self.init(nibName: nil, bundle: nil)
  }

  /// Storyboards do not exist on Linux; this initializer exists so that subclasses written for
  /// iOS compile.
  public required init?(coder: NSCoder) {
    super.init()
  }

  /// Called for objects loaded from a storyboard (nothing loads them on Linux).
  open func awakeFromNib() {}

  /// The view, loaded on first access.
  open var view: UIView! {
    get {
      if _view == nil { loadViewIfNeeded() }
      return _view
    }
    set {
      _view?._viewController = nil
      _view = newValue
      newValue?._viewController = self
    }
  }

  /// The view if loaded, without loading it.
  open var viewIfLoaded: UIView? { _view }

  /// Whether the view has loaded.
  open var isViewLoaded: Bool { _view != nil }

  /// Loads the view now if it has not loaded.
  open func loadViewIfNeeded() {
    guard _view == nil else { return }
    loadView()
    if _view == nil { view = UIView(frame: UIScreen.main.bounds) }
    viewDidLoad()
  }

  /// Creates the view; override to build it in code (storyboards do not exist on Linux). The
  /// default creates a plain view the size of the screen.
  open func loadView() {
    view = UIView(frame: UIScreen.main.bounds)
  }

  /// Called once the view has loaded.
  open func viewDidLoad() {}

  // MARK: Traits

  /// The controller's overrides, cached traits and change registrations (Traits/).
  lazy var _traitState = _TraitState()

  /// The traits in effect for the controller: those of its view's superview (as since iOS 17),
  /// or of its presentation, parent or presenter while its view is not in a hierarchy, with
  /// its own overrides applied. Its view inherits them.
  open var traitCollection: UITraitCollection { _computedTraitCollection }

  /// Called after the controller's traits changed, with the traits from before, just before
  /// its view lays out. The default does nothing.
  open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

  /// The appearance the controller's view and its children use, whatever they inherit
  /// (`.unspecified`: inherit).
  open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
    get { _traitState.overrides.userInterfaceStyle }
    set { _traitOverrides.userInterfaceStyle = newValue }
  }
  /// Called before the view appears.
  open func viewWillAppear(_ animated: Bool) {}
  /// Called after the view appeared.
  open func viewDidAppear(_ animated: Bool) {}
  /// Called before the view disappears.
  open func viewWillDisappear(_ animated: Bool) {}
  /// Called after the view disappeared.
  open func viewDidDisappear(_ animated: Bool) {}
  /// Called before the view lays out its subviews.
  open func viewWillLayoutSubviews() {}
  /// Called after the view laid out its subviews.
  open func viewDidLayoutSubviews() {}

  /// The title. Setting it sets ``navigationItem``'s title too, as on iOS (the navigation
  /// bar shows it); setting the item's title leaves this one alone.
  open var title: String? {
    didSet { _navigationItem?.title = title }
  }

  // MARK: Auto Layout

  /// Updates the constraints of the view controller's view; call `super` last. UIKit calls it
  /// in the update-constraints pass in place of the view's `updateConstraints()`.
  open func updateViewConstraints() {
    _view?.updateConstraints()
  }

  /// Insets added to the safe area of the view (for content the controller draws over it).
  open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
    didSet {
      CALayer._geometryGeneration &+= 1
      if oldValue != additionalSafeAreaInsets { _view?._systemGuidesMoved() }
    }
  }

  // MARK: Status bar and home indicator

  /// The status bar's style while this controller decides it: `.default` (dark content on
  /// the light appearance, the only one here), `.lightContent` or `.darkContent`.

  // MARK: Focus (UIFocusSystem.swift)

  /// Where focus goes first when it is updated inside the controller: its view.
  open var preferredFocusEnvironments: [any UIFocusEnvironment] { viewIfLoaded.map { [$0] } ?? [] }
  /// What contains the controller: its view's superview, else its parent or presenter.
  open var parentFocusEnvironment: (any UIFocusEnvironment)? {
    viewIfLoaded?.superview ?? parent ?? presentingViewController
  }
  /// The controller's view holds its focus items.
  open var focusItemContainer: (any UIFocusItemContainer)? { viewIfLoaded }
  /// Asks for focus to move to the controller's preferred item, if focus is inside it.
  open func setNeedsFocusUpdate() { viewIfLoaded?.window?._focusSystem.requestFocusUpdate(to: self) }
  /// Performs a requested focus update now.
  open func updateFocusIfNeeded() { viewIfLoaded?.window?._focusSystem.updateFocusIfNeeded() }
  /// Whether focus may move as `context` says (asked when the controller contains either end).
  open func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool { true }
  /// Focus moved in or out of the controller's views.
  open func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {}
  open var preferredStatusBarStyle: UIStatusBarStyle { .default }

  /// Whether the status bar is hidden while this controller decides it.
  open var prefersStatusBarHidden: Bool { false }

  /// How the status bar animates when it hides or shows (recorded; hosts show the change at
  /// once).
  open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }

  /// A child whose `preferredStatusBarStyle` decides instead of this controller's (nil: this
  /// controller decides).
  open var childForStatusBarStyle: UIViewController? { nil }

  /// A child whose `prefersStatusBarHidden` decides instead of this controller's.
  open var childForStatusBarHidden: UIViewController? { nil }

  /// Tells the system that the status bar preferences changed. Hosts build the window's
  /// display list, status bar included, afresh for every frame they draw, and every change an
  /// app makes (from input, a timer, queued work) is followed by a frame: the next one asks
  /// the preferences again, so there is nothing to invalidate here.
  open func setNeedsStatusBarAppearanceUpdate() {}

  /// Whether the home indicator may hide (iOS hides it a few seconds after the last touch; hosts
  /// here hide it at once).
  open var prefersHomeIndicatorAutoHidden: Bool { false }

  /// A child whose `prefersHomeIndicatorAutoHidden` decides instead of this controller's.
  open var childForHomeIndicatorAutoHidden: UIViewController? { nil }

  /// Tells the system that `prefersHomeIndicatorAutoHidden` changed (the next frame asks
  /// again, as for ``setNeedsStatusBarAppearanceUpdate()``).
  open func setNeedsUpdateOfHomeIndicatorAutoHidden() {}

  /// Whether a controller presented not full screen takes over the status bar's appearance
  /// from the presenting one (full-screen presentations always do).
  open var modalPresentationCapturesStatusBarAppearance = false

  /// Insets a container adds to the safe area of this controller's view: the bars of the
  /// navigation controller it is in (iOS counts them in the safe area without changing
  /// ``additionalSafeAreaInsets``).
  var _containerSafeAreaInsets: UIEdgeInsets = .zero {
    didSet {
      CALayer._geometryGeneration &+= 1
      if oldValue != _containerSafeAreaInsets { _view?._systemGuidesMoved() }
    }
  }

  /// The part of the view under the status bar, as a guide (iOS 7–10's way to say what
  /// `view.safeAreaLayoutGuide.topAnchor` says).
  @available(*, deprecated, message: "Use view.safeAreaLayoutGuide.topAnchor instead of topLayoutGuide.bottomAnchor")
  open var topLayoutGuide: any UILayoutSupport { _layoutSupport(.topBars, "UIViewControllerTopLayoutGuide") }

  /// The part of the view under the home indicator (or a toolbar), as a guide.
  @available(*, deprecated, message: "Use view.safeAreaLayoutGuide.bottomAnchor instead of bottomLayoutGuide.topAnchor")
  open var bottomLayoutGuide: any UILayoutSupport { _layoutSupport(.bottomBars, "UIViewControllerBottomLayoutGuide") }

  private func _layoutSupport(_ kind: _SystemGuideKind, _ identifier: String) -> any UILayoutSupport {
    let view = self.view!
    if let guide = view.layoutGuides.first(where: { $0._systemKind == kind }) as? _LayoutSupportGuide { return guide }
    let guide = view._systemGuide(kind, identifier: identifier) as! _LayoutSupportGuide
    view._autoLayoutState.guides.append(guide)
    return guide
  }

  /// Called when the view's safe-area insets changed.
  open func viewSafeAreaInsetsDidChange() {}

  /// Called when the view's layout margins changed.
  open func viewLayoutMarginsDidChange() {}

  /// Whether the view's margins are at least ``systemMinimumLayoutMargins``.
  open var viewRespectsSystemMinimumLayoutMargins = true {
    didSet { _view?._systemGuidesMoved() }
  }

  /// The smallest margins of the view: 16 points at the sides in a compact width (an iPhone in
  /// portrait), 20 in a regular one, none at the top and bottom (the safe area is there).
  open var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
    let side: CGFloat = (_view?.window?.bounds.width ?? UIScreen.main.bounds.width) >= 600 ? 20 : 16
    return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
  }

  open override var next: UIResponder? { _view?.superview }

  // MARK: Containment

  /// The child view controllers, in the order added.
  open private(set) var children: [UIViewController] = []
  /// The container this controller is a child of (a navigation controller for a screen it
  /// shows).
  open private(set) weak var parent: UIViewController? {
    didSet { _TraitSystem.invalidate() }
  }

  /// Adds `childController` as a child (calling its `willMove(toParent:)` first, as iOS does);
  /// the container adds its view and calls `didMove(toParent:)` itself.
  open func addChild(_ childController: UIViewController) {
    guard childController.parent !== self else { return }
    if childController.parent != nil { childController.removeFromParent() }
    childController.willMove(toParent: self)
    children.append(childController)
    childController.parent = self
  }

  /// Removes this controller from its parent, then calls `didMove(toParent: nil)` (the caller
  /// calls `willMove(toParent: nil)` first, as on iOS).
  open func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
    didMove(toParent: nil)
  }

  /// Called before the controller is added to or removed from a container (nil: removed).
  open func willMove(toParent parent: UIViewController?) {}
  /// Called after the controller was added to or removed from a container (nil: removed).
  open func didMove(toParent parent: UIViewController?) {}

  /// Whether the controller is being pushed onto a navigation stack (true from
  /// `viewWillAppear` to `viewDidAppear` of the push).
  open var isMovingToParent: Bool { _isMovingToParent }
  /// Whether the controller is being popped (true from `viewWillDisappear` to
  /// `viewDidDisappear` of the pop): the usual test for "the user went back".
  open var isMovingFromParent: Bool { _isMovingFromParent }
  var _isMovingToParent = false
  var _isMovingFromParent = false

  // MARK: Navigation

  /// The nearest navigation controller above this controller (nil outside one).
  open var navigationController: UINavigationController? {
    var ancestor = parent
    while let current = ancestor {
      if let navigation = current as? UINavigationController { return navigation }
      ancestor = current.parent
    }
    return nil
  }

  var _navigationItem: UINavigationItem?

  /// What a navigation bar shows for this controller: its title (``title`` by default), bar
  /// button items, back button and search controller. Created on first use.
  open var navigationItem: UINavigationItem {
    if let item = _navigationItem { return item }
    let item = UINavigationItem()
    item.title = title
    _navigationItem = item
    return item
  }

  /// The items a navigation controller's toolbar shows while this controller is on top.
  open var toolbarItems: [UIBarButtonItem]? {
    didSet { navigationController?._toolbarItemsDidChange(of: self) }
  }

  /// Sets ``toolbarItems`` (the change is not animated here).
  open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
    self.toolbarItems = toolbarItems
  }

  /// Whether a navigation controller's toolbar hides while this controller is on top.
  open var hidesBottomBarWhenPushed = false

  /// Shows `vc` the way the context does: pushed by the navigation controller this controller
  /// is in, otherwise presented modally.
  open func show(_ vc: UIViewController, sender: Any?) {
    if let navigation = (self as? UINavigationController) ?? navigationController {
      navigation.pushViewController(vc, animated: true)
    } else {
      present(vc, animated: true)
    }
  }

  /// Shows `vc` as the detail of a split view; without one (always here), presents it.
  open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
    if let navigation = navigationController {
      navigation.pushViewController(vc, animated: true)
    } else {
      present(vc, animated: true)
    }
  }

  // MARK: Appearance

  /// Where the controller is in its appearance cycle, so that a container forwards each call
  /// once (a navigation controller to its top child).
  enum _AppearanceState { case disappeared, appearing, appeared, disappearing }
  var _appearanceState = _AppearanceState.disappeared

  /// The children that appear and disappear with this controller (a container's visible
  /// ones).
  var _appearanceChildren: [UIViewController] { [] }

  /// A child of a container of the app's own appears and disappears with its view's window,
  /// as UIKit forwards appearance to such children automatically (a navigation or search
  /// controller tells its children itself; a window's root and presented controllers are told
  /// by the window and the presentation).
  private var _appearsWithWindow: Bool {
    guard let parent else { return false }
    return !(parent is UINavigationController) && !(parent is UISearchController)
  }

  func _viewWillMove(toWindow window: UIWindow?) {
    guard _appearsWithWindow else { return }
    if window != nil { _callWillAppear(false) } else { _callWillDisappear(false) }
  }

  func _viewDidMove(toWindow window: UIWindow?) {
    guard _appearsWithWindow else { return }
    if window != nil { _callDidAppear(false) } else { _callDidDisappear(false) }
  }

  func _callWillAppear(_ animated: Bool) {
    guard _appearanceState == .disappeared || _appearanceState == .disappearing else { return }
    _appearanceState = .appearing
    viewWillAppear(animated)
    for child in _appearanceChildren { child._callWillAppear(animated) }
  }

  func _callDidAppear(_ animated: Bool) {
    guard _appearanceState == .appearing else { return }
    _appearanceState = .appeared
    viewDidAppear(animated)
    for child in _appearanceChildren { child._callDidAppear(animated) }
  }

  func _callWillDisappear(_ animated: Bool) {
    guard _appearanceState == .appeared || _appearanceState == .appearing else { return }
    _appearanceState = .disappearing
    viewWillDisappear(animated)
    for child in _appearanceChildren { child._callWillDisappear(animated) }
  }

  func _callDidDisappear(_ animated: Bool) {
    guard _appearanceState == .disappearing else { return }
    _appearanceState = .disappeared
    viewDidDisappear(animated)
    for child in _appearanceChildren { child._callDidDisappear(animated) }
  }

  // MARK: Presentation

  /// How the controller is presented: on iOS 13 and later `.automatic`, which is a page sheet
  /// for an ordinary controller.
  open var modalPresentationStyle: UIModalPresentationStyle = .automatic
  /// How the presentation moves (the sheet or full-screen cover slides up whatever the style
  /// here).
  open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
  /// Whether the user cannot dismiss the controller by swiping the sheet down (or pressing
  /// Escape): ``UIAdaptivePresentationControllerDelegate/presentationControllerDidAttemptToDismiss(_:)``
  /// is told instead. Set on the presented controller or on a controller it shows (the top of
  /// a presented navigation controller), as iOS code does.
  open var isModalInPresentation = false
  /// Whether a `.currentContext` presentation from a child stops at this controller.
  open var definesPresentationContext = false
  /// The size the controller would like when presented in a form sheet or popover (zero: the
  /// style's). A change is told to the parent (and to the presentation), as on iOS.
  open var preferredContentSize: CGSize = .zero {
    didSet {
      guard preferredContentSize != oldValue else { return }
      parent?.preferredContentSizeDidChange(forChildContentContainer: self)
      if _presenting != nil { _presentationController?.preferredContentSizeDidChange(forChildContentContainer: self) }
    }
  }

  // MARK: Size and orientation changes (UIContentContainer)

  /// A child's preferred content size changed (the default does nothing).
  open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}
  /// A child changed the size its Auto Layout fits (the default does nothing).
  open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}
  /// The size a child gets within `parentSize`: all of it by default.
  open func size(
    forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize
  ) -> CGSize { parentSize }

  /// The view is about to change to `size`: the screen rotated or resized. The default passes
  /// it on to the children (with ``size(forChildContentContainer:withParentContainerSize:)``),
  /// so an override calls super.
  open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
    for child in children {
      child.viewWillTransition(to: self.size(forChildContentContainer: child, withParentContainerSize: size), with: coordinator)
    }
  }

  /// The traits are about to change to `newCollection` (a rotation changes size classes),
  /// before `traitCollectionDidChange(_:)`. The default passes it on to the children.
  open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
    for child in children { child.willTransition(to: newCollection, with: coordinator) }
  }

  /// The coordinator of the transition under way that involves this controller: a rotation or
  /// resize of the screen while its view is in a window (nil otherwise).
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
    // A presentation, dismissal or navigation change involving this controller or a container
    // it is in (a child sees its container's), as on iOS.
    var controller: UIViewController? = self
    while let current = controller {
      if let transition = current._activeTransition { return transition }
      controller = current.parent
    }
    guard let coordinator = UIApplication.shared._sizeTransition, viewIfLoaded?.window != nil else { return nil }
    return coordinator
  }

  /// The presentation, dismissal or navigation change under way that this controller takes part
  /// in (presented or presenting, a navigation controller changing its top).
  var _activeTransition: _ViewControllerTransition?

  /// Hands out the animators (and the presentation controller of a `.custom` presentation) when
  /// this controller is presented or dismissed. Weak, as on iOS: keep the delegate alive.
  open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?

  /// The orientations the controller's interface can take (the root's, or a full-screen
  /// presented controller's, decide): all but upside down on an iPhone, all on an iPad.
  open var supportedInterfaceOrientations: UIInterfaceOrientationMask {
    UIScreen.main._userInterfaceIdiom == .pad ? .all : .allButUpsideDown
  }

  /// The orientation to present the controller in full screen: the interface's current one.
  open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { UIScreen.main._interfaceOrientation }

  /// Whether the controller's interface rotates with the device (deprecated on iOS 16, where
  /// `supportedInterfaceOrientations` alone decides; kept for source compatibility).
  open var shouldAutorotate: Bool { true }

  /// The supported orientations changed: the interface turns to one of them if it is in one it
  /// no longer supports, or to the device's orientation if that is supported now.
  open func setNeedsUpdateOfSupportedInterfaceOrientations() {
    UIApplication.shared._updateInterfaceOrientation(animated: true)
  }

  /// Turns the interface to the device's orientation if the controllers now support it
  /// (deprecated on iOS 16 for ``setNeedsUpdateOfSupportedInterfaceOrientations()``).
  open class func attemptRotationToDeviceOrientation() {
    UIApplication.shared._updateInterfaceOrientation(animated: true)
  }

  var _presented: UIViewController?
  weak var _presenting: UIViewController? {
    didSet { _TraitSystem.invalidate() }
  }
  var _presentationController: UIPresentationController?
  private var _isBeingPresented = false
  private var _isBeingDismissed = false

  /// The controller this one (or the container it is in) presents.
  open var presentedViewController: UIViewController? { _presented ?? parent?.presentedViewController }
  /// The controller that presented this one (or the container it is in).
  open var presentingViewController: UIViewController? { _presenting ?? parent?.presentingViewController }
  /// Whether the controller is being presented (from `viewWillAppear` to `viewDidAppear` of
  /// the presentation).
  open var isBeingPresented: Bool { _isBeingPresented }
  /// Whether the controller is being dismissed (from `viewWillDisappear` to
  /// `viewDidDisappear` of the dismissal).
  open var isBeingDismissed: Bool { _isBeingDismissed }

  /// The presentation controller managing this controller's presentation: the one of the
  /// container it is in, or its own, made on first use from ``modalPresentationStyle`` (so that
  /// `controller.presentationController?.delegate = self` before `present` works, as on iOS).
  open var presentationController: UIPresentationController? {
    if let own = _presentationController { return own }
    if let parent { return parent.presentationController }
    let made = UIPresentationController._make(for: self, presenting: nil)
    _presentationController = made
    return made
  }

  /// The popover presentation controller of a controller whose `modalPresentationStyle` is
  /// `.popover` (made on first use, to set its source before presenting); nil otherwise. It
  /// stays the popover's when the popover adapts to a sheet in a compact width.
  open var popoverPresentationController: UIPopoverPresentationController? {
    if let popover = _popoverPresentationController { return popover }
    guard modalPresentationStyle == .popover, !(self is UIAlertController) else { return nil }
    let popover =
      _presentationController as? UIPopoverPresentationController
      ?? UIPopoverPresentationController(presentedViewController: self, presenting: nil)
    if _presentationController == nil { _presentationController = popover }
    _popoverPresentationController = popover
    return popover
  }
  private var _popoverPresentationController: UIPopoverPresentationController?

  /// The presentation controller if it is a sheet's (page and form sheets).
  open var sheetPresentationController: UISheetPresentationController? {
    presentationController as? UISheetPresentationController
  }

  /// The controller at the root of this one's containment: the one that presents for it.
  private var _presentationContext: UIViewController {
    var context = self
    while let parent = context.parent { context = parent }
    return context
  }

  /// Presents `controller` modally over this one's window: an alert centred, a sheet as a card
  /// (see ``UIModalPresentationStyle``), a full-screen controller over everything. A child (a
  /// screen of a navigation controller) presents from its container, as on iOS. Presenting
  /// while something is already presented does nothing (iOS logs a warning). `completion`
  /// runs when the presentation finished.
  open func present(
    _ controller: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
  ) {
    // iOS raises for these two programmer errors; presenting while something is presented, or
    // from a view that is not in a window, only logs there and does nothing here.
    precondition(
      controller.parent == nil,
      "Application tried to present modally a view controller \(controller) that has a parent view controller \(controller.parent!)")
    precondition(
      controller._presenting == nil,
      "Application tried to present modally a view controller \(controller) that is already presented")
    let presenter = _presentationContext
    guard presenter._presented == nil, presenter !== controller, let window = presenter._view?.window else {
      return
    }
    controller.loadViewIfNeeded()
    presenter._presented = controller
    controller._presenting = presenter
    let presentation = UIPresentationController._prepare(for: controller, presenting: presenter, source: self)
    let coversPresenter = presentation._removesPresenterFromView
    // A custom animator from the transitioning delegate (asked only for animated presentations,
    // as on iOS).
    let animator =
      flag && !(controller is UIAlertController)
      ? controller.transitioningDelegate?.animationController(forPresented: controller, presenting: presenter, source: self)
      : nil
    let root = controller._presentationRootView
    presentation._transitionView?.frame = window.bounds
    let frame = controller._presentationFrame(in: window.bounds)
    let presentedView = presentation.presentedView ?? controller.view!
    let transition = _ViewControllerTransition(
      container: presentation._transitionView ?? window, animated: flag, style: presentation.presentationStyle,
      from: (presenter, coversPresenter ? presenter._view : nil, window.bounds, window.bounds),
      to: (controller, presentedView, .zero, frame))
    transition.transitionDuration = animator?.transitionDuration(using: transition) ?? (flag ? UIPresentationController._duration : 0)
    controller._activeTransition = transition
    presenter._activeTransition = transition
    controller._isBeingPresented = true
    presentation.presentationTransitionWillBegin()
    if coversPresenter { presenter._callWillDisappear(flag) }
    controller._callWillAppear(flag)
    window._presentModal(controller)
    transition.onComplete = { [weak presenter] completed in
      controller._activeTransition = nil
      presenter?._activeTransition = nil
      controller._isBeingPresented = false
      if completed {
        controller._callDidAppear(flag)
        if coversPresenter { presenter?._callDidDisappear(flag) }
        presentation.presentationTransitionDidEnd(true)
        animator?.animationEnded(true)
      } else {
        // Cancelled: the presented controller goes away again and the presenter stays.
        controller._callWillDisappear(flag)
        if coversPresenter { presenter?._callWillAppear(flag) }
        root.window?._dismissModal(controller)
        controller._callDidDisappear(flag)
        if coversPresenter { presenter?._callDidAppear(flag) }
        controller._presenting = nil
        if presenter?._presented === controller { presenter?._presented = nil }
        presentation.presentationTransitionDidEnd(false)
        animator?.animationEnded(false)
      }
    }
    if let animator {
      // The arriving view is where it ends (the animator moves it, or fades or scales it
      // there); it animates although no host has drawn it yet.
      _placePresentedView(presentedView, root: root, frame: frame, in: window, presentation: presentation)
      root.layer.isCommitted = true
      presentedView.layer.isCommitted = true
      CATransaction.flush()
      if let interaction = controller.transitioningDelegate?.interactionControllerForPresentation(using: animator),
        interaction.wantsInteractiveStart
      {
        transition._animator = animator
        transition._beginInteraction()
        interaction.startInteractiveTransition(transition)
      } else {
        animator.animateTransition(using: transition)
      }
      transition._runAlongside()
      if let completion { _afterCompletion(of: transition, completion) }
    } else if controller is UIAlertController || !flag {
      _placePresentedView(presentedView, root: root, frame: frame, in: window, presentation: presentation)
      root.layoutIfNeeded()
      transition._runAlongside()
      transition.completeTransition(true)
      if let completion {
        UIApplication.shared._scheduler.schedule(after: flag ? UIPresentationController._duration : 0) { completion() }
      }
    } else {
      // The card (or cover) slides up from below the window, on UIKit's clock.
      _placePresentedView(presentedView, root: root, frame: frame, in: window, presentation: presentation)
      let moving = presentation._transitionView == nil ? root : presentedView
      let end = moving.frame
      // A popover fades in where it points; a card slides up from below the window.
      let fades = presentation._appearsByFading
      if fades { moving.alpha = 0 } else { moving.frame = end.offsetBy(dx: 0, dy: window.bounds.maxY - end.minY) }
      root.layoutIfNeeded()
      // The card animates although no host has drawn it yet (UIKit animates it explicitly).
      root.layer.isCommitted = true
      moving.layer.isCommitted = true
      CATransaction.flush()
      UIView.animate(
        withDuration: transition.transitionDuration,
        animations: { if fades { moving.alpha = 1 } else { moving.frame = end } }
      ) { _ in
        transition.completeTransition(true)
      }
      transition._runAlongside()
      if let completion { _afterCompletion(of: transition, completion) }
    }
  }

  /// Puts a presented controller's view where it shows: a custom presentation's view inside its
  /// container (which covers the window), any other presentation's root at `frame`.
  private func _placePresentedView(
    _ presentedView: UIView, root: UIView, frame: CGRect, in window: UIWindow, presentation: UIPresentationController
  ) {
    if let container = presentation._transitionView {
      container.frame = window.bounds
      // Into this presentation's container (a controller presented again left the last one's).
      if presentedView.superview !== container { container.addSubview(presentedView) }
      presentation._place(presentedView, at: frame)
    } else {
      root.frame = frame
    }
  }

  /// Runs `completion` once `transition` completed (not if it was cancelled).
  private func _afterCompletion(of transition: _ViewControllerTransition, _ completion: @escaping () -> Void) {
    let previous = transition.onComplete
    transition.onComplete = { completed in
      previous?(completed)
      if completed { completion() }
    }
  }

  /// Dismisses the controller this one presents (with those it presents in turn), or, if it
  /// presents none, this one (or the presented container it is in). `completion` runs when the
  /// dismissal finished.
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    if let presented = presentedViewController, let presenter = presented._presenting {
      presenter._dismissPresented(animated: flag, completion: completion)
    } else if let presenting = presentingViewController {
      presenting.dismiss(animated: flag, completion: completion)
    }
  }

  /// Dismisses what this controller presents; `didDismiss` runs when it is gone, before
  /// `completion` (the delegate's `presentationControllerDidDismiss` after a swipe).
  final func _dismissPresented(
    animated flag: Bool, completion: (() -> Void)?, didDismiss: (() -> Void)? = nil
  ) {
    guard let presented = _presented, !presented._isBeingDismissed else { return }
    // Controllers it presents go first, at once, as iOS dismisses a stack of them.
    if presented._presented != nil { presented._dismissPresented(animated: false, completion: nil) }
    let presentation = presented._presentationController
    let coversPresenter = presentation?._removesPresenterFromView ?? false
    let root = presented._presentationRootView
    let animator =
      flag && !(presented is UIAlertController) && root.window != nil
      ? presented.transitioningDelegate?.animationController(forDismissed: presented) : nil
    let window = root.window
    let presentedView = presentation?.presentedView ?? presented.view!
    let bounds = window?.bounds ?? root.bounds
    let transition = _ViewControllerTransition(
      container: presentation?._transitionView ?? window ?? root, animated: flag,
      style: presentation?.presentationStyle ?? .none,
      from: (presented, presentedView, presentedView.frame, .zero),
      to: (self, coversPresenter ? _view : nil, bounds, bounds))
    transition.transitionDuration = animator?.transitionDuration(using: transition) ?? (flag ? UIPresentationController._duration : 0)
    presented._activeTransition = transition
    _activeTransition = transition
    presented._isBeingDismissed = true
    presentation?.dismissalTransitionWillBegin()
    presented._callWillDisappear(flag)
    if coversPresenter { _callWillAppear(flag) }
    // A field being edited in the presented controller stops editing as it starts to go.
    presented._view?.endEditing(true)
    // Without an animation, the completion still comes after the dismissal's time (an alert's)
    // or at the next turn, not inside `dismiss`.
    let completesAtOnce = animator == nil && (presented is UIAlertController || !flag || window == nil)
    transition.onComplete = { [weak self] completed in
      presented._activeTransition = nil
      self?._activeTransition = nil
      if completed {
        root.window?._dismissModal(presented)
        // Still being dismissed in its viewDidDisappear, as on iOS.
        presented._callDidDisappear(flag)
        if coversPresenter { self?._callDidAppear(flag) }
        presented._isBeingDismissed = false
        presented._presenting = nil
        if self?._presented === presented { self?._presented = nil }
        presentation?.dismissalTransitionDidEnd(true)
        animator?.animationEnded(true)
        didDismiss?()
        if completesAtOnce {
          if let completion {
            UIApplication.shared._scheduler.schedule(after: flag ? UIPresentationController._duration : 0) { completion() }
          }
        } else {
          completion?()
        }
      } else {
        // Cancelled (an interactive dismissal let go): the presented controller stays.
        presented._isBeingDismissed = false
        presented._callWillAppear(flag)
        if coversPresenter { self?._callWillDisappear(flag) }
        presented._callDidAppear(flag)
        if coversPresenter { self?._callDidDisappear(flag) }
        presentation?.dismissalTransitionDidEnd(false)
        animator?.animationEnded(false)
      }
    }
    if let animator {
      if let interaction = presented.transitioningDelegate?.interactionControllerForDismissal(using: animator),
        interaction.wantsInteractiveStart
      {
        transition._animator = animator
        transition._beginInteraction()
        interaction.startInteractiveTransition(transition)
      } else {
        animator.animateTransition(using: transition)
      }
      transition._runAlongside()
    } else if presented is UIAlertController || !flag || window == nil {
      transition._runAlongside()
      transition.completeTransition(true)
    } else {
      let moving = presentation?._transitionView == nil ? root : presentedView
      let target = moving.frame.offsetBy(dx: 0, dy: bounds.maxY - moving.frame.minY)
      let fades = presentation?._appearsByFading ?? false
      UIView.animate(
        withDuration: transition.transitionDuration,
        animations: { if fades { moving.alpha = 0 } else { moving.frame = target } }
      ) { _ in
        transition.completeTransition(true)
        // A popover shown again fades in from its own alpha.
        if fades { moving.alpha = 1 }
      }
      transition._runAlongside()
    }
  }

  /// The view the window shows for a presented controller: a sheet's card around the view, or
  /// the view itself.
  var _presentationRootView: UIView { _presentationController?._rootView ?? view }

  /// Whether this controller, or the controller it shows on top (a navigation controller's
  /// top screen), refuses interactive dismissal.
  var _refusesInteractiveDismissal: Bool {
    if isModalInPresentation { return true }
    return _appearanceChildren.contains { $0._refusesInteractiveDismissal }
  }

  /// Where the view the window holds for this presented controller goes: a custom
  /// presentation's container covers the window (the presentation controller places the view
  /// in it), any other's root goes where the presented view goes.
  func _presentationRootFrame(in bounds: CGRect) -> CGRect {
    _presentationController?._transitionView != nil ? bounds : _presentationFrame(in: bounds)
  }

  /// Where the presented view goes in the window: a sheet's card, the whole window, or where a
  /// custom presentation controller (a popover's) puts it.
  func _presentationFrame(in bounds: CGRect) -> CGRect {
    guard let presentation = _presentationController else { return bounds }
    // A custom presentation controller says where the view goes (its subclass overrides it).
    if presentation._transitionView != nil { return presentation.frameOfPresentedViewInContainerView }
    return presentation._frameOfPresentedView(in: bounds)
  }

  /// Whether what the presented controller covers is dimmed while it shows (alerts and action
  /// sheets dim it, as iOS's dimming view does, and so do sheets).
  var _dimsPresentingContent: Bool { _presentationController?._dimsPresentingContent ?? false }

  /// Handles a key while presented modally; returns whether it was used. A sheet takes Escape
  /// as the user's attempt to dismiss it (the swipe down), after an accessory bar's Done.
  func _handleModalKey(_ key: HardwareKey) -> Bool {
    _presentationController?._handleKey(key) ?? false
  }
}
