import Foundation

/// Manages a view: creates it on first use (`loadView`, then `viewDidLoad`), and presents other
/// view controllers (alerts) modally.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
  private var _view: UIView?

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

  /// The title.
  open var title: String?

  // MARK: Auto Layout

  /// Updates the constraints of the view controller's view; call `super` last. UIKit calls it
  /// in the update-constraints pass in place of the view's `updateConstraints()`.
  open func updateViewConstraints() {
    _view?.updateConstraints()
  }

  /// Insets added to the safe area of the view (for content the controller draws over it).
  open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
    didSet { if oldValue != additionalSafeAreaInsets { _view?._systemGuidesMoved() } }
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

  // MARK: Presentation

  /// The view controller this one presents.
  open private(set) var presentedViewController: UIViewController?
  /// The view controller presenting this one.
  open private(set) weak var presentingViewController: UIViewController?

  /// Presents `controller` modally over this one's window (alerts show centred; other
  /// controllers fill the window). `completion` runs when the presentation finished.
  open func present(
    _ controller: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
  ) {
    guard presentedViewController == nil, let window = _view?.window else {
      return
    }
    presentedViewController = controller
    controller.presentingViewController = self
    let presented = controller.view!
    presented.frame = controller._presentationFrame(in: window.bounds)
    controller.viewWillAppear(flag)
    window._presentModal(controller)
    controller.viewDidAppear(flag)
    if let completion {
      UIApplication.shared._scheduler.schedule(after: flag ? 0.3 : 0) { completion() }
    }
  }

  /// Dismisses the controller this one presents (or, if none, this one).
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    if let presented = presentedViewController {
      presented.viewWillDisappear(flag)
      presented.view.window?._dismissModal(presented)
      presented.viewDidDisappear(flag)
      presented.presentingViewController = nil
      presentedViewController = nil
      if let completion {
        UIApplication.shared._scheduler.schedule(after: flag ? 0.3 : 0) { completion() }
      }
    } else if let presenting = presentingViewController {
      presenting.dismiss(animated: flag, completion: completion)
    }
  }

  func _presentationFrame(in bounds: CGRect) -> CGRect { bounds }

  /// Whether what the presented controller covers is dimmed while it shows (alerts and action
  /// sheets dim it, as iOS's dimming view does).
  var _dimsPresentingContent: Bool { false }

  /// Handles a key while presented modally; returns whether it was used.
  func _handleModalKey(_ key: HardwareKey) -> Bool { false }
}
