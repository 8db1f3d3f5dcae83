import Foundation

/// What an item on a bar (a toolbar's button, a navigation bar's button) has in common: a title
/// or an image, whether it is enabled, a tag, text attributes per control state.
///
/// Bar items are not views: the bar that shows an item makes the view that draws it, and draws it
/// again when one of these properties changes.
@preconcurrency @MainActor
open class UIBarItem: NSObject {
  /// Whether the item responds to taps; a disabled item is drawn dimmed.
  open var isEnabled = true { didSet { if isEnabled != oldValue { _itemDidChange() } } }
  /// The title shown when the item has no image (and read by assistive technology).
  open var title: String? { didSet { if title != oldValue { _itemDidChange() } } }
  /// The image shown in place of the title.
  open var image: UIImage? { didSet { if image !== oldValue { _itemDidChange() } } }
  /// The image an iPhone shows in landscape (there is no landscape here: kept for source
  /// compatibility).
  open var landscapeImagePhone: UIImage?
  /// The image shown by the large content viewer.
  open var largeContentSizeImage: UIImage?
  /// Insets applied to the image's position.
  open var imageInsets: UIEdgeInsets = .zero { didSet { if imageInsets != oldValue { _itemDidChange() } } }
  /// Insets applied to the landscape image's position.
  open var landscapeImagePhoneInsets: UIEdgeInsets = .zero
  /// The large content viewer's image insets.
  open var largeContentSizeImageInsets: UIEdgeInsets = .zero
  /// An integer that identifies the item in the app.
  open var tag = 0

  /// A string that identifies the item in tests and UI automation.
  open var accessibilityIdentifier: String?
  /// A short description for assistive technology (nil: the title).
  open var accessibilityLabel: String?
  /// A hint about what activating the item does.
  open var accessibilityHint: String?
  /// Whether assistive technology sees the item.
  open var isAccessibilityElement = true

  private var _titleTextAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
  /// The appearance properties the app set on this item (see UIAppearance.swift).
  var _appearanceCustomized: Set<String> = []

  public override init() {
    super.init()
  }

  public required init?(coder: NSCoder) {
    super.init()
  }

  /// Sets the attributes of the title for a control state; `.font` and `.foregroundColor` are
  /// drawn (the normal state's attributes apply to states that have none).
  open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
    guard _appearanceSetterProceeds("titleTextAttributes:\(state.rawValue)") else { return }
    _titleTextAttributes[state.rawValue] = attributes
    _itemDidChange()
  }

  /// The title's attributes for a control state (nil when none were set for it).
  open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
    _titleTextAttributes[state.rawValue]
  }

  /// The attributes that apply in `state`: its own, else the normal state's.
  func _effectiveTitleAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any] {
    _titleTextAttributes[state.rawValue] ?? _titleTextAttributes[0] ?? [:]
  }

  /// Called when something the bar draws changed (the bar lays its items out again).
  weak var _owner: _BarItemOwner?

  func _itemDidChange() {
    _owner?._barItemDidChange(self)
  }
}

/// A bar that shows items and redraws them when they change.
@MainActor
protocol _BarItemOwner: AnyObject {
  func _barItemDidChange(_ item: UIBarItem)
}
