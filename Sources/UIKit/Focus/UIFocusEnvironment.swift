import Foundation

/// Something that takes part in focus: views, view controllers, windows, and focus items that
/// are not views. The focus system asks the environments that contain the item losing focus
/// and the item gaining it whether the move may happen, then tells them it did.
///
/// Focus here is iPadOS's keyboard focus (a hardware keyboard is what every host has): Tab and
/// Shift-Tab move between focus groups, the arrow keys within one, Return selects; with Full
/// Keyboard Access (a host option) Tab reaches every control and Space activates it. See
/// ``UIFocusSystem``.
@preconcurrency @MainActor
public protocol UIFocusEnvironment: NSObjectProtocol {
  /// The environments to search, in order, for an item to focus when focus is updated inside
  /// this environment.
  var preferredFocusEnvironments: [any UIFocusEnvironment] { get }
  /// The environment that contains this one (a view's superview or view controller).
  var parentFocusEnvironment: (any UIFocusEnvironment)? { get }
  /// The container of this environment's focus items.
  var focusItemContainer: (any UIFocusItemContainer)? { get }
  /// Asks for focus to be updated from this environment's preferred environments, if it
  /// contains the focused item (on the next turn of the run loop, or at ``updateFocusIfNeeded()``).
  func setNeedsFocusUpdate()
  /// Performs a requested focus update now.
  func updateFocusIfNeeded()
  /// Whether focus may move as `context` describes. Every environment containing the item
  /// losing focus or the item gaining it is asked; one `false` cancels the move.
  func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool
  /// Focus moved as `context` describes; `coordinator` runs animations alongside the move.
  func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator)
  /// The focus group this environment belongs to (Apple's optional requirement; nil: the group
  /// of the parent environment).
  var focusGroupIdentifier: String? { get }
}

extension UIFocusEnvironment {
  public var focusGroupIdentifier: String? { nil }
}

/// An object that can be focused: views, and items a container lists that are not views.
@preconcurrency @MainActor
public protocol UIFocusItem: UIFocusEnvironment {
  /// Whether the item can be focused now.
  var canBecomeFocused: Bool { get }
  /// The item's frame, in the coordinate space of its parent environment's focus item
  /// container.
  var frame: CGRect { get }
  /// How focus is shown on the item (Apple's optional requirement; nil: not shown).
  var focusEffect: UIFocusEffect? { get }
  /// How strongly the item asks to be focused when focus enters its group (optional
  /// requirement; default ``UIFocusGroupPriority/ignored``).
  var focusGroupPriority: UIFocusGroupPriority { get }
  /// Whether focus passes through the item to what lies under it (optional requirement).
  var isTransparentFocusItem: Bool { get }
}

extension UIFocusItem {
  public var focusEffect: UIFocusEffect? { nil }
  public var focusGroupPriority: UIFocusGroupPriority { .ignored }
  public var isTransparentFocusItem: Bool { false }
}

/// What holds focus items: a view holds its subviews.
@preconcurrency @MainActor
public protocol UIFocusItemContainer: NSObjectProtocol {
  /// The coordinate space the items' frames are in.
  var coordinateSpace: any UICoordinateSpace { get }
  /// The items whose frames meet `rect` (in ``coordinateSpace``).
  func focusItems(in rect: CGRect) -> [any UIFocusItem]
}

/// How strongly an item asks to be focused when focus enters its focus group: the item with
/// the highest priority is focused (``ignored`` items are found by position).
public struct UIFocusGroupPriority: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public init(_ rawValue: Int) { self.rawValue = rawValue }
  /// No wish: the group's first item in reading order, or the one focused last.
  public static let ignored = UIFocusGroupPriority(rawValue: 0)
  /// The item was focused last time the group had focus.
  public static let previouslyFocused = UIFocusGroupPriority(rawValue: 1000)
  /// The item is important in its group (a selected cell).
  public static let prioritized = UIFocusGroupPriority(rawValue: 2000)
  /// The item is the one focused now (it keeps focus when its group is re-entered).
  public static let currentlyFocused = UIFocusGroupPriority(rawValue: Int.max)
}

/// The direction of a focus move.
public struct UIFocusHeading: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let up = UIFocusHeading(rawValue: 1 << 0)
  public static let down = UIFocusHeading(rawValue: 1 << 1)
  public static let left = UIFocusHeading(rawValue: 1 << 2)
  public static let right = UIFocusHeading(rawValue: 1 << 3)
  /// Forwards in the tab loop (Tab).
  public static let next = UIFocusHeading(rawValue: 1 << 4)
  /// Backwards in the tab loop (Shift-Tab).
  public static let previous = UIFocusHeading(rawValue: 1 << 5)
  /// To the first item.
  public static let first = UIFocusHeading(rawValue: 1 << 8)
  /// To the last item.
  public static let last = UIFocusHeading(rawValue: 1 << 9)
}

/// A focus move, as the focus system describes it to the environments it asks and tells.
@MainActor
open class UIFocusUpdateContext: NSObject {
  /// The item that had focus (nil: nothing had).
  open private(set) weak var previouslyFocusedItem: (any UIFocusItem)?
  /// The item that gets focus (nil: nothing will have it).
  open private(set) weak var nextFocusedItem: (any UIFocusItem)?
  /// The direction of the move (empty when not made by a direction: a request, a touch).
  open private(set) var focusHeading: UIFocusHeading

  /// ``previouslyFocusedItem`` when it is a view, else the view it belongs to.
  open var previouslyFocusedView: UIView? { previouslyFocusedItem.flatMap(UIFocusSystem._view(of:)) }
  /// ``nextFocusedItem`` when it is a view, else the view it belongs to.
  open var nextFocusedView: UIView? { nextFocusedItem.flatMap(UIFocusSystem._view(of:)) }

  init(previous: (any UIFocusItem)?, next: (any UIFocusItem)?, heading: UIFocusHeading) {
    previouslyFocusedItem = previous
    nextFocusedItem = next
    focusHeading = heading
  }
}

/// How long the animations of a focus move run.
@preconcurrency @MainActor
public protocol UIFocusAnimationContext: NSObjectProtocol {
  /// The duration of the focus animation.
  var duration: TimeInterval { get }
}

/// Runs animations alongside a focus move: they run in one `UIView.animate` block of the
/// focus animation's duration, on UIKit's clock, so tests advance them.
@MainActor
open class UIFocusAnimationCoordinator: NSObject {
  /// The focus animation's duration, in seconds (this port's choice: iOS does not document it).
  static let duration: TimeInterval = 0.2

  private final class _Context: NSObject, UIFocusAnimationContext {
    var duration: TimeInterval { UIFocusAnimationCoordinator.duration }
  }

  /// Runs `animations` alongside the focus animation and `completion` after it.
  open func addCoordinatedAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) {
    UIView.animate(withDuration: Self.duration, animations: { animations?() }, completion: { _ in completion?() })
  }

  /// Runs `animations` alongside the animation of the item gaining focus.
  open func addCoordinatedFocusingAnimations(
    _ animations: ((any UIFocusAnimationContext) -> Void)?, completion: (() -> Void)? = nil
  ) {
    let context = _Context()
    addCoordinatedAnimations({ animations?(context) }, completion: completion)
  }

  /// Runs `animations` alongside the animation of the item losing focus.
  open func addCoordinatedUnfocusingAnimations(
    _ animations: ((any UIFocusAnimationContext) -> Void)?, completion: (() -> Void)? = nil
  ) {
    let context = _Context()
    addCoordinatedAnimations({ animations?(context) }, completion: completion)
  }
}

extension UIView: UIFocusItem, UIFocusItemContainer {}
extension UIViewController: UIFocusEnvironment {}
