import Foundation

/// The focus of one window: which item has it, and requests to move it.
///
/// Focus is iPadOS's keyboard focus. It starts *deferred* (nothing focused, as on an iPad until
/// the keyboard is used to navigate): Tab or Shift-Tab brings it up, a touch
/// defers it again. Without Full Keyboard Access the items are those whose `canBecomeFocused`
/// is true (text fields and text views that can edit, and views that override it); Tab moves
/// between focus groups and the arrows within the focused item's group. With Full Keyboard
/// Access (`HeadlessHost.fullKeyboardAccess`, on in the terminal and the browser unless
/// `--no-full-keyboard-access`) every enabled control, each segment of a segmented control and
/// each half of a stepper, and selectable cells are reached too, Tab goes item by item, and
/// Space activates the focused item. Return activates it in both. The focused item is drawn
/// with its focus effect (a halo in the tint colour), in cells as a heavy frame.
@MainActor
open class UIFocusSystem: NSObject {
  /// Posted after focus moved; `userInfo` holds the context and the animation coordinator.
  public nonisolated static let didUpdateNotification = Notification.Name("UIFocusDidUpdateNotification")
  /// Posted when a focus move found nothing to move to (an arrow at the edge of a group);
  /// `userInfo` holds the context.
  public nonisolated static let movementDidFailNotification = Notification.Name("UIFocusMovementDidFailNotification")
  /// The `userInfo` key of the ``UIFocusUpdateContext`` in the notifications.
  public nonisolated static let focusUpdateContextUserInfoKey = "UIFocusUpdateContextKey"
  /// The `userInfo` key of the ``UIFocusAnimationCoordinator`` in ``didUpdateNotification``.
  public nonisolated static let animationCoordinatorUserInfoKey = "UIFocusUpdateAnimationCoordinatorKey"

  weak var _window: UIWindow?
  weak var _focused: (any UIFocusItem)?
  /// The item each group had last (entering the group again goes back to it).
  var _lastInGroup: [AnyHashable: _WeakItem] = [:]
  private weak var _pendingEnvironment: (any UIFocusEnvironment)?
  private var _pendingScheduled = false
  /// Parts of controls (segments, stepper halves) handed out as focus items, kept so that the
  /// same part is the same object from one key to the next.
  private var _parts: [_PartKey: _FocusPart] = [:]
  /// Whether Full Keyboard Access is on (a host's setting: iOS's Settings › Accessibility ›
  /// Keyboards › Full Keyboard Access).
  package var fullKeyboardAccess = false

  init(window: UIWindow) {
    _window = window
    super.init()
  }

  /// The focus system of the window `environment` is in (nil when it is in none).
  public static func focusSystem(for environment: any UIFocusEnvironment) -> UIFocusSystem? {
    _window(of: environment)?._focusSystem
  }

  /// The item with focus (nil while focus is deferred).
  open var focusedItem: (any UIFocusItem)? {
    _dropFocusIfGone()
    return _focused
  }

  /// The view of the focused item when it is not a text input (a control, a cell, a custom
  /// view): where presses start without a first responder.
  var _focusedControlView: UIView? {
    guard let item = focusedItem, let view = Self._view(of: item) else { return nil }
    if item is UIView, view._wantsKeyboard { return nil }
    return view
  }

  /// Asks for focus to be updated from `environment`'s preferred environments (at the end of
  /// this turn of the run loop, or at ``updateFocusIfNeeded()``). Nothing happens unless
  /// `environment` contains the focused item.
  open func requestFocusUpdate(to environment: any UIFocusEnvironment) {
    guard let focused = focusedItem, Self.environment(environment, contains: focused) else { return }
    _pendingEnvironment = environment
    guard !_pendingScheduled else { return }
    _pendingScheduled = true
    UIApplication.shared._scheduler.schedule(after: 0) { [weak self] in
      self?._pendingScheduled = false
      self?.updateFocusIfNeeded()
    }
  }

  /// Performs a requested focus update now.
  open func updateFocusIfNeeded() {
    guard let environment = _pendingEnvironment else { return }
    _pendingEnvironment = nil
    guard let target = _preferredItem(in: environment), target !== _focused else { return }
    _ = _move(to: target, heading: [])
  }

  /// Whether `environment` is `otherEnvironment` or contains it.
  open class func environment(_ environment: any UIFocusEnvironment, contains otherEnvironment: any UIFocusEnvironment) -> Bool {
    _outwards(from: otherEnvironment).contains { $0 === environment }
  }

  // MARK: Environments

  static func _window(of environment: any UIFocusEnvironment) -> UIWindow? {
    for each in _outwards(from: environment) {
      if let window = each as? UIWindow { return window }
      if let view = each as? UIView { return view.window }
      if let controller = each as? UIViewController { return controller.viewIfLoaded?.window }
    }
    return nil
  }

  /// The view an item is, or belongs to.
  static func _view(of item: any UIFocusItem) -> UIView? {
    _outwards(from: item).lazy.compactMap { $0 as? UIView }.first
  }

  /// `environment` and the environments containing it, innermost first (an app's environments
  /// that contain each other in a loop stop after 10,000).
  static func _outwards(from environment: (any UIFocusEnvironment)?) -> [any UIFocusEnvironment] {
    var result: [any UIFocusEnvironment] = []
    var current = environment
    while let each = current, result.count < 10_000 {
      result.append(each)
      current = each.parentFocusEnvironment
    }
    return result
  }

  // MARK: Moving focus

  /// Moves focus to `next` (nil: defers it), asking and telling the environments of both ends.
  /// Returns whether focus moved. A text input gaining focus becomes first responder; one losing
  /// it (to another item) resigns, and its refusal keeps the focus where it is.
  @discardableResult
  func _move(to next: (any UIFocusItem)?, heading: UIFocusHeading, askEnvironments: Bool = true) -> Bool {
    guard !_isMoving else { return false }
    _isMoving = true
    defer { _isMoving = false }
    let previous = _focused
    if let previous, let next, previous === next {
      // Focus stays; a field it is on that stopped editing (Return) begins again.
      if let view = next as? UIView, view._wantsKeyboard, !view.isFirstResponder { return view.becomeFirstResponder() }
      return true
    }
    let context = UIFocusUpdateContext(previous: previous, next: next, heading: heading)
    var environments: [any UIFocusEnvironment] = []
    for environment in Self._outwards(from: previous) + Self._outwards(from: next)
    where !environments.contains(where: { $0 === environment }) {
      environments.append(environment)
    }
    if askEnvironments {
      for environment in environments where !environment.shouldUpdateFocus(in: context) { return false }
    }
    if let view = next as? UIView, view._wantsKeyboard {
      if !view.isFirstResponder {
        guard view.becomeFirstResponder() else { return false }
      }
    } else if next != nil, let view = previous as? UIView, view._wantsKeyboard, view.isFirstResponder {
      guard view.resignFirstResponder() else {
        // As a transfer that the field refused: Tab asks it once, not once per candidate.
        _window?._currentRefusedToResign = true
        return false
      }
    }
    _focused = next
    if let next { _lastInGroup[_groupKey(of: next)] = _WeakItem(next) }
    let coordinator = UIFocusAnimationCoordinator()
    for environment in environments { environment.didUpdateFocus(in: context, with: coordinator) }
    NotificationCenter.default.post(
      name: Self.didUpdateNotification, object: nil,
      userInfo: [Self.focusUpdateContextUserInfoKey: context, Self.animationCoordinatorUserInfoKey: coordinator])
    return true
  }

  /// Whether a move is under way (a field it makes first responder must not move focus again).
  private var _isMoving = false

  /// `view` became first responder: while focus is up, it moves there (it is not asked: the
  /// responder change happened).
  func _follow(_ view: UIView) {
    guard !_isMoving, let focused = _focused, focused !== view, view._isFocusCandidate(fullKeyboardAccess: fullKeyboardAccess)
    else { return }
    _move(to: view, heading: [], askEnvironments: false)
  }

  /// A touch defers focus, as on an iPad: nothing is focused until the keyboard navigates.
  func _deferForTouch() {
    guard _focused != nil else { return }
    _move(to: nil, heading: [], askEnvironments: false)
  }

  /// Focus on an item that left the window, was hidden or can no longer be focused is dropped.
  private func _dropFocusIfGone() {
    guard let focused = _focused else { return }
    let usable = _isUsable(focused)
    if !usable { _move(to: nil, heading: [], askEnvironments: false) }
  }

  private func _isUsable(_ item: any UIFocusItem) -> Bool {
    guard let window = _window, let view = Self._view(of: item), view.window === window else { return false }
    var current: UIView? = view
    while let each = current {
      if each.isHidden || each.alpha <= 0.01 || !each.isUserInteractionEnabled { return false }
      current = each.superview
    }
    if let part = item as? _FocusPart { return part.canBecomeFocused }
    return view._isFocusCandidate(fullKeyboardAccess: fullKeyboardAccess)
  }

  /// The item to focus inside `environment`: its preferred environments searched in order,
  /// else the first item inside it in reading order.
  func _preferredItem(in environment: any UIFocusEnvironment, depth: Int = 0) -> (any UIFocusItem)? {
    guard depth < 64 else { return nil }
    if let item = environment as? any UIFocusItem, _isCandidate(item) { return item }
    for preferred in environment.preferredFocusEnvironments where preferred !== environment {
      if let found = _preferredItem(in: preferred, depth: depth + 1) { return found }
    }
    let root: UIView? =
      (environment as? UIView) ?? (environment as? UIViewController)?.viewIfLoaded
    guard let root else { return nil }
    return _items(under: root).first
  }

  private func _isCandidate(_ item: any UIFocusItem) -> Bool {
    if let view = item as? UIView { return view.window === _window && _isUsable(view) }
    return item.canBecomeFocused
  }

  // MARK: The items on screen

  /// The focusable items on screen in reading order (top to bottom, then in the reading
  /// direction), inside a presented controller when one is up.
  func _items() -> [any UIFocusItem] {
    guard let window = _window else { return [] }
    return _items(under: window._modalControllers.last?._presentationRootView ?? window)
  }

  private func _items(under root: UIView) -> [any UIFocusItem] {
    var found: [(item: any UIFocusItem, frame: CGRect)] = []
    let fka = fullKeyboardAccess
    func collect(_ view: UIView) {
      // Interaction first: a label has none, and reading it costs less than `isHidden`.
      guard view.isUserInteractionEnabled, !view.isHidden, view.alpha > 0.01 else { return }
      if fka, view is UIControl {
        let parts = view._focusPartFrames
        if !parts.isEmpty {
          for index in parts.indices {
            let part = _part(of: view, index: index)
            if part.canBecomeFocused { found.append((part, view.convert(parts[index], to: nil))) }
          }
          return
        }
      }
      if view._isFocusCandidate(fullKeyboardAccess: fka) {
        found.append((view, view.convert(view.bounds, to: nil)))
        // A focusable view's contents are not focused apart from it (a cell: unless Full
        // Keyboard Access reaches the controls in it).
        guard fka, view is UITableViewCell || view is UICollectionViewCell else { return }
      }
      for subview in view.subviews { collect(subview) }
    }
    collect(root)
    let rightToLeft = root.effectiveUserInterfaceLayoutDirection == .rightToLeft
    found.sort {
      if $0.frame.minY != $1.frame.minY { return $0.frame.minY < $1.frame.minY }
      return rightToLeft ? $0.frame.maxX > $1.frame.maxX : $0.frame.minX < $1.frame.minX
    }
    return found.map(\.item)
  }

  private func _part(of control: UIView, index: Int) -> _FocusPart {
    let key = _PartKey(control: ObjectIdentifier(control), index: index)
    if let part = _parts[key], part.control === control { return part }
    _parts = _parts.filter { $0.value.control != nil }
    let part = _FocusPart(control: control, index: index)
    _parts[key] = part
    return part
  }

  /// The focus group of `item`: the nearest `focusGroupIdentifier` from it outwards; without
  /// one, the table or collection view when it is a cell, else the item alone.
  func _groupKey(of item: any UIFocusItem) -> AnyHashable {
    for each in Self._outwards(from: item) {
      if let identifier = each.focusGroupIdentifier { return AnyHashable("id:" + identifier) }
      // Cells go together; what is inside a cell (a field) is a stop of its own.
      if each !== item, each is UITableView || each is UICollectionView, item is UITableViewCell || item is UICollectionViewCell {
        return AnyHashable(ObjectIdentifier(each))
      }
    }
    if let part = item as? _FocusPart, let control = part.control { return AnyHashable(ObjectIdentifier(control)) }
    return AnyHashable(ObjectIdentifier(item))
  }

  final class _WeakItem {
    weak var item: (any UIFocusItem)?
    init(_ item: any UIFocusItem) { self.item = item }
  }

  private struct _PartKey: Hashable {
    var control: ObjectIdentifier
    var index: Int
  }
}

/// One part of a control Full Keyboard Access focuses on its own: a segment of a segmented
/// control, a half of a stepper (on iOS these are separate accessibility elements).
@MainActor
final class _FocusPart: NSObject, UIFocusItem {
  weak var control: UIView?
  let index: Int

  init(control: UIView, index: Int) {
    self.control = control
    self.index = index
  }

  var canBecomeFocused: Bool {
    guard let control, control._focusPartFrames.indices.contains(index) else { return false }
    return control._focusPartIsEnabled(index)
  }

  /// The part's frame in the control's bounds.
  var frame: CGRect {
    guard let frames = control?._focusPartFrames, frames.indices.contains(index) else { return .zero }
    return frames[index]
  }

  var focusEffect: UIFocusEffect? { UIFocusHaloEffect(rect: frame) }
  var preferredFocusEnvironments: [any UIFocusEnvironment] { [] }
  var parentFocusEnvironment: (any UIFocusEnvironment)? { control }
  var focusItemContainer: (any UIFocusItemContainer)? { nil }
  func setNeedsFocusUpdate() { control?.setNeedsFocusUpdate() }
  func updateFocusIfNeeded() { control?.updateFocusIfNeeded() }
  func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool { true }
  func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {}
}
