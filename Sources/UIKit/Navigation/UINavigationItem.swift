import Foundation

/// What a navigation bar shows while a view controller is on top: a title (or title view),
/// bar button items at the left and right, the back button the next screen shows, a prompt,
/// and a search controller's bar under it. Each view controller has one
/// (`viewController.navigationItem`), whose title follows the controller's `title`.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
  /// How a large title shows (large titles are drawn as ordinary titles here).
  public enum LargeTitleDisplayMode: Int, Sendable {
    case automatic = 0, always = 1, never = 2, inline = 3
  }

  /// What the back button pointing at this item shows.
  public enum BackButtonDisplayMode: Int, Sendable {
    /// The back title (or "Back" when it is too long).
    case `default` = 0
    /// "Back".
    case generic = 1
    /// The chevron alone.
    case minimal = 2
  }

  /// An item with a title.
  public init(title: String) {
    super.init()
    self.title = title
  }

  /// An item without a title (a convenience initializer, as on iOS, where `init(title:)` and
  /// `init(coder:)` are the designated ones: a subclass that overrides those inherits it).
  public convenience override init() {
    self.init(title: "")
    title = nil
  }

  /// Storyboards do not exist on Linux; this initializer exists so that subclasses compile.
  public required init?(coder: NSCoder) {
    super.init()
  }

  /// The title shown in the middle of the bar (and by the next screen's back button).
  open var title: String? { didSet { if title != oldValue { _changed() } } }
  /// A view shown in place of the title.
  open var titleView: UIView? { didSet { if titleView !== oldValue { _changed() } } }
  /// A line of text shown above the bar.
  open var prompt: String? { didSet { if prompt != oldValue { _changed() } } }
  /// The item the next screen's back button uses (its title), instead of this item's title.
  open var backBarButtonItem: UIBarButtonItem? { didSet { _changed() } }
  /// The title the next screen's back button shows, instead of this item's title.
  open var backButtonTitle: String? { didSet { if backButtonTitle != oldValue { _changed() } } }
  /// How the next screen's back button shows.
  open var backButtonDisplayMode: BackButtonDisplayMode = .default { didSet { _changed() } }
  /// Whether the bar hides the back button while this item is on top.
  open var hidesBackButton = false { didSet { if hidesBackButton != oldValue { _changed() } } }
  /// Whether left items show beside the back button rather than in its place.
  open var leftItemsSupplementBackButton = false { didSet { _changed() } }
  /// The items at the left, left to right.
  open var leftBarButtonItems: [UIBarButtonItem]? { didSet { _changed() } }
  /// The items at the right, right to left (the first is at the right edge), as on iOS.
  open var rightBarButtonItems: [UIBarButtonItem]? { didSet { _changed() } }
  /// The search controller whose bar shows under the navigation bar.
  open var searchController: UISearchController? { didSet { if searchController !== oldValue { _changed() } } }
  /// Whether the search bar hides when the content scrolls (it always shows here).
  open var hidesSearchBarWhenScrolling = true
  /// How a large title shows (large titles are drawn as ordinary titles here).
  open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic

  /// The first left item.
  open var leftBarButtonItem: UIBarButtonItem? {
    get { leftBarButtonItems?.first }
    set { leftBarButtonItems = newValue.map { [$0] } }
  }

  /// The first right item (at the right edge).
  open var rightBarButtonItem: UIBarButtonItem? {
    get { rightBarButtonItems?.first }
    set { rightBarButtonItems = newValue.map { [$0] } }
  }

  /// Sets ``hidesBackButton`` (the change is not animated here).
  open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }
  /// Sets ``leftBarButtonItem``.
  open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
  /// Sets ``rightBarButtonItem``.
  open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
  /// Sets ``leftBarButtonItems``.
  open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
  /// Sets ``rightBarButtonItems``.
  open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }

  /// The bars showing this item, told when it changes.
  private var _bars: [_WeakBar] = []
  private struct _WeakBar { weak var bar: UINavigationBar? }

  func _attach(_ bar: UINavigationBar) {
    _bars.removeAll { $0.bar == nil || $0.bar === bar }
    _bars.append(_WeakBar(bar: bar))
  }

  func _detach(_ bar: UINavigationBar) {
    _bars.removeAll { $0.bar == nil || $0.bar === bar }
  }

  private func _changed() {
    for entry in _bars { entry.bar?._itemDidChange(self) }
  }
}
