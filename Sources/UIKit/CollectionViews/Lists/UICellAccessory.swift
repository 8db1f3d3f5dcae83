import Foundation
import TextEditing

/// A view at the leading or trailing edge of a list cell (iOS 14): a disclosure indicator, a
/// checkmark, delete and insert controls, a reorder handle, an outline disclosure, a label or
/// a view of the app's. Each shows always, only while editing, or only while not editing.
///
/// The system accessories draw as glyphs (`›`, `✓`, `⊖`, `⊕`, `≡`, `○`, `ⓘ`), as the table
/// view's do; their handlers run when they are tapped.
@preconcurrency @MainActor
public struct UICellAccessory {
  /// When an accessory shows.
  public enum DisplayedState: Int, Sendable {
    case always, whenEditing, whenNotEditing
  }

  /// How wide an accessory's place is.
  public enum LayoutDimension: Sendable, Equatable {
    /// Its own width.
    case actual
    /// The system's standard width for it.
    case standard
    /// A width in points.
    case custom(CGFloat)
  }

  /// How an outline disclosure looks.
  public enum OutlineDisclosureStyle: Int, Sendable {
    case automatic, header, cell
  }

  /// Runs when the accessory is tapped.
  public typealias ActionHandler = @MainActor () -> Void
  /// Where among the others a custom view goes (given the accessories on its side).
  public typealias Position = @MainActor ([UICellAccessory]) -> Int

  /// Which edge a custom view sits at.
  public enum Placement {
    case leading(displayed: DisplayedState = .always, at: Position = UICellAccessory.leadingPosition)
    case trailing(displayed: DisplayedState = .always, at: Position = UICellAccessory.trailingPosition)
  }

  /// Custom views go first on the leading side.
  public nonisolated static let leadingPosition: Position = { _ in 0 }
  /// Custom views go last on the trailing side.
  public nonisolated static let trailingPosition: Position = { $0.count }

  public struct DisclosureIndicatorOptions {
    public var isHidden: Bool?
    public var reservedLayoutWidth: LayoutDimension?
    public var tintColor: UIColor?
    public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
    }
  }

  public struct CheckmarkOptions {
    public var isHidden: Bool?
    public var reservedLayoutWidth: LayoutDimension?
    public var tintColor: UIColor?
    public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
    }
  }

  public struct DeleteOptions {
    public var isHidden: Bool?
    public var reservedLayoutWidth: LayoutDimension?
    public var tintColor: UIColor?
    public var backgroundColor: UIColor?
    public init(
      isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
      backgroundColor: UIColor? = nil
    ) {
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
      self.backgroundColor = backgroundColor
    }
  }

  public struct InsertOptions {
    public var isHidden: Bool?
    public var reservedLayoutWidth: LayoutDimension?
    public var tintColor: UIColor?
    public var backgroundColor: UIColor?
    public init(
      isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
      backgroundColor: UIColor? = nil
    ) {
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
      self.backgroundColor = backgroundColor
    }
  }

  public struct ReorderOptions {
    public var isHidden: Bool?
    public var reservedLayoutWidth: LayoutDimension?
    public var tintColor: UIColor?
    public var showsVerticalSeparator = true
    public init(
      isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
      showsVerticalSeparator: Bool = true
    ) {
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
      self.showsVerticalSeparator = showsVerticalSeparator
    }
  }

  public struct MultiselectOptions {
    public var isHidden: Bool?
    public var reservedLayoutWidth: LayoutDimension?
    public var tintColor: UIColor?
    public var backgroundColor: UIColor?
    public init(
      isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
      backgroundColor: UIColor? = nil
    ) {
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
      self.backgroundColor = backgroundColor
    }
  }

  public struct OutlineDisclosureOptions {
    public var style: OutlineDisclosureStyle
    public var isHidden: Bool?
    public var reservedLayoutWidth: LayoutDimension?
    public var tintColor: UIColor?
    public init(
      style: OutlineDisclosureStyle = .automatic, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil,
      tintColor: UIColor? = nil
    ) {
      self.style = style
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
    }
  }

  public struct LabelOptions {
    public var isHidden: Bool?
    public var reservedLayoutWidth: LayoutDimension?
    public var tintColor: UIColor?
    public var font: UIFont
    public var adjustsFontForContentSizeCategory = true
    public init(
      isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
      font: UIFont = .preferredFont(forTextStyle: .body), adjustsFontForContentSizeCategory: Bool = true
    ) {
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
      self.font = font
      self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory
    }
  }

  public struct DetailOptions {
    public var isHidden: Bool?
    public var reservedLayoutWidth: LayoutDimension?
    public var tintColor: UIColor?
    public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
    }
  }

  /// A view of the app's as an accessory.
  public struct CustomViewConfiguration {
    public var customView: UIView
    public var placement: Placement
    public var isHidden: Bool?
    public var reservedLayoutWidth: LayoutDimension?
    public var tintColor: UIColor?
    public var maintainsFixedSize: Bool?
    public init(
      customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil,
      tintColor: UIColor? = nil, maintainsFixedSize: Bool? = nil
    ) {
      self.customView = customView
      self.placement = placement
      self.isHidden = isHidden
      self.reservedLayoutWidth = reservedLayoutWidth
      self.tintColor = tintColor
      self.maintainsFixedSize = maintainsFixedSize
    }
  }

  enum _Kind {
    case disclosureIndicator, checkmark, delete, insert, reorder, multiselect, outlineDisclosure(OutlineDisclosureStyle)
    case label(String, UIFont)
    case detail
    case customView(UIView, leading: Bool)
  }

  let _kind: _Kind
  /// When the accessory shows.
  public let displayedState: DisplayedState
  /// Whether the accessory is hidden (its place kept).
  public var isHidden: Bool
  /// The width of its place.
  public var reservedLayoutWidth: LayoutDimension
  /// Its colour (nil: the system's for it).
  public var tintColor: UIColor?
  let _actionHandler: ActionHandler?

  init(
    _ kind: _Kind, displayed: DisplayedState, isHidden: Bool?, width: LayoutDimension?, tint: UIColor?,
    action: ActionHandler? = nil
  ) {
    _kind = kind
    displayedState = displayed
    self.isHidden = isHidden ?? false
    reservedLayoutWidth = width ?? .actual
    tintColor = tint
    _actionHandler = action
  }

  /// A `›` showing the row leads somewhere.
  public static func disclosureIndicator(
    displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = DisclosureIndicatorOptions()
  ) -> UICellAccessory {
    .init(.disclosureIndicator, displayed: displayed, isHidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
  }
  /// A `✓`.
  public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = CheckmarkOptions())
    -> UICellAccessory
  {
    .init(.checkmark, displayed: displayed, isHidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
  }
  /// A delete control (shown while editing by default); `actionHandler` runs when it is tapped.
  public static func delete(
    displayed: DisplayedState = .whenEditing, options: DeleteOptions = DeleteOptions(), actionHandler: ActionHandler? = nil
  ) -> UICellAccessory {
    .init(
      .delete, displayed: displayed, isHidden: options.isHidden, width: options.reservedLayoutWidth,
      tint: options.tintColor, action: actionHandler)
  }
  /// An insert control (shown while editing by default).
  public static func insert(
    displayed: DisplayedState = .whenEditing, options: InsertOptions = InsertOptions(), actionHandler: ActionHandler? = nil
  ) -> UICellAccessory {
    .init(
      .insert, displayed: displayed, isHidden: options.isHidden, width: options.reservedLayoutWidth,
      tint: options.tintColor, action: actionHandler)
  }
  /// A reorder handle (shown while editing by default).
  public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = ReorderOptions())
    -> UICellAccessory
  {
    .init(.reorder, displayed: displayed, isHidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
  }
  /// A selection circle (shown while editing by default).
  public static func multiselect(displayed: DisplayedState = .whenEditing, options: MultiselectOptions = MultiselectOptions())
    -> UICellAccessory
  {
    .init(.multiselect, displayed: displayed, isHidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
  }
  /// A disclosure that expands and collapses the item's children in an outline; without a
  /// handler, tapping it expands or collapses the item in its diffable data source's section
  /// snapshot.
  public static func outlineDisclosure(
    displayed: DisplayedState = .always, options: OutlineDisclosureOptions = OutlineDisclosureOptions(),
    actionHandler: ActionHandler? = nil
  ) -> UICellAccessory {
    .init(
      .outlineDisclosure(options.style), displayed: displayed, isHidden: options.isHidden,
      width: options.reservedLayoutWidth, tint: options.tintColor, action: actionHandler)
  }
  /// A text at the trailing edge.
  public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = LabelOptions())
    -> UICellAccessory
  {
    .init(.label(text, options.font), displayed: displayed, isHidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor)
  }
  /// A detail (`ⓘ`) button (iOS 15.4).
  public static func detail(
    displayed: DisplayedState = .always, options: DetailOptions = DetailOptions(), actionHandler: ActionHandler? = nil
  ) -> UICellAccessory {
    .init(.detail, displayed: displayed, isHidden: options.isHidden, width: options.reservedLayoutWidth, tint: options.tintColor, action: actionHandler)
  }
  /// A view of the app's.
  public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
    let displayed: DisplayedState
    let leading: Bool
    switch configuration.placement {
    case .leading(let state, _):
      displayed = state
      leading = true
    case .trailing(let state, _):
      displayed = state
      leading = false
    }
    return .init(
      .customView(configuration.customView, leading: leading), displayed: displayed, isHidden: configuration.isHidden,
      width: configuration.reservedLayoutWidth, tint: configuration.tintColor)
  }

  /// Whether the accessory sits at the leading edge.
  var _isLeading: Bool {
    switch _kind {
    case .delete, .insert, .multiselect: true
    case .customView(_, let leading): leading
    default: false
    }
  }

  /// Whether it shows when the list is (or is not) editing.
  func _isDisplayed(editing: Bool) -> Bool {
    switch displayedState {
    case .always: true
    case .whenEditing: editing
    case .whenNotEditing: !editing
    }
  }
}
