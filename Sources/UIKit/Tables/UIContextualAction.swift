import Foundation
import TextEditing

/// An action shown when the user swipes a row of a table view or a list (iOS 11): a coloured
/// button with a title or an image; tapping it (or a full swipe, for the first action) runs
/// its handler, which calls the completion handler when it is done.
@preconcurrency @MainActor
open class UIContextualAction: NSObject {
  /// How an action looks.
  public enum Style: Int, Sendable {
    /// A grey button.
    case normal
    /// A red button, for an action that deletes.
    case destructive
  }

  /// Runs the action: the action, the view that shows it, and the completion handler to call
  /// with whether it was performed (the row's actions close then).
  public typealias Handler = @MainActor (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

  /// The action's look.
  public let style: Style
  /// What the action runs.
  public let handler: Handler
  /// The button's title.
  open var title: String?
  /// The button's colour (default: red for a destructive action, grey otherwise).
  open var backgroundColor: UIColor!
  /// The button's image (drawn instead of the title when there is no title).
  open var image: UIImage?

  /// An action of `style` titled `title`.
  public init(style: Style, title: String?, handler: @escaping Handler) {
    self.style = style
    self.title = title
    self.handler = handler
    backgroundColor = style == .destructive ? .systemRed : .systemGray
    super.init()
  }
}

/// The actions of one side of a swiped row (iOS 11).
@preconcurrency @MainActor
open class UISwipeActionsConfiguration: NSObject {
  /// The actions, from the row's edge inwards.
  open var actions: [UIContextualAction] { _actions }
  private let _actions: [UIContextualAction]
  /// Whether swiping all the way across performs the first action (default true).
  open var performsFirstActionWithFullSwipe = true

  /// A configuration of `actions` (none: the row does not swipe on that side).
  public init(actions: [UIContextualAction]) {
    _actions = actions
    super.init()
  }
}

/// A button of a swiped row.
@MainActor
final class _SwipeActionButton: UILabel {
  let action: UIContextualAction

  init(_ action: UIContextualAction) {
    self.action = action
    super.init(frame: .zero)
    text = action.title ?? (action.image == nil ? "" : " ")
    textAlignment = .center
    textColor = .white
    backgroundColor = action.backgroundColor ?? .systemGray
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  /// iOS's width: the title with room around it, at least 74 points.
  var width: CGFloat { max(74, sizeThatFits(.zero).width + 30) }
}

/// A row of a table view or a list being swiped: its buttons, how far its content has moved,
/// and whether it stays open. The table view and the collection view drive it from their
/// touches (a horizontal drag on a row; the scroll view's own drag only takes vertical ones).
@MainActor
final class _SwipeActionsSession {
  let row: UIView
  let indexPath: IndexPath
  let configuration: UISwipeActionsConfiguration
  /// Whether the actions are the leading ones (revealed by a drag to the right).
  let leading: Bool
  let buttons: [_SwipeActionButton]
  private(set) var offset: CGFloat = 0
  var isOpen = false

  init(row: UIView, indexPath: IndexPath, configuration: UISwipeActionsConfiguration, leading: Bool) {
    self.row = row
    self.indexPath = indexPath
    self.configuration = configuration
    self.leading = leading
    buttons = configuration.actions.map(_SwipeActionButton.init)
    for button in buttons { row.addSubview(button) }
  }

  /// The width the buttons take when the row is open.
  var actionsWidth: CGFloat { buttons.reduce(0) { $0 + $1.width } }

  /// Moves the row's content by `offset` (positive: to the right), revealing the buttons.
  func move(to offset: CGFloat) {
    let limit = row.bounds.width
    self.offset = leading ? min(max(0, offset), limit) : max(min(0, offset), -limit)
    var bounds = row.bounds
    bounds.origin.x = -self.offset
    row.bounds = bounds
    // The buttons fill the revealed area at the row's edge (in the row's shifted coordinates),
    // the first action at the edge; beyond the actions' width the first one stretches.
    let revealed = abs(self.offset)
    let natural = actionsWidth
    var x: CGFloat = leading ? bounds.minX : bounds.maxX
    for (index, button) in buttons.enumerated() {
      var width = button.width * (natural > 0 ? min(1, revealed / natural) : 0)
      if index == 0, revealed > natural { width += revealed - natural }
      if leading {
        button.frame = CGRect(x: x, y: 0, width: width, height: row.bounds.height)
        x += width
      } else {
        x -= width
        button.frame = CGRect(x: x, y: 0, width: width, height: row.bounds.height)
      }
    }
  }

  /// The button at `point` (in the row's coordinates).
  func button(at point: CGPoint) -> _SwipeActionButton? {
    buttons.first { $0.frame.contains(point) }
  }

  /// Puts the row back and removes the buttons.
  func close() {
    move(to: 0)
    for button in buttons { button.removeFromSuperview() }
    isOpen = false
  }

  /// Runs `action`'s handler; the row closes when the handler says it is done.
  func perform(_ action: UIContextualAction, from view: UIView, closing: @escaping @MainActor () -> Void) {
    action.handler(action, view) { _ in
      MainActor.assumeIsolated { closing() }
    }
  }
}

/// A touch on a row that may become a swipe.
struct _SwipeTracking {
  var start: CGPoint
  var row: UIView
  var indexPath: IndexPath
  var session: _SwipeActionsSession?
  /// The button of the open row the touch went down on.
  var button: _SwipeActionButton?
  /// The touch only closed an open row (it selects nothing).
  var closesOnly = false
}

extension UIScrollView {
  /// How far a touch moves sideways (more than it moves up or down) before it swipes a row.
  static let _swipeThreshold: CGFloat = 10

  /// A touch went down at `point` (the scroll view's coordinates) on `row`. True when the
  /// swipe machinery takes it: a tap on an open row's button, or any touch while a row is open
  /// (which closes it, selecting nothing), as on iOS.
  func _swipeTouchBegan(at point: CGPoint, row: UIView?, indexPath: IndexPath?) -> Bool {
    if let open = _openSwipe {
      if open.row === row, let button = open.button(at: convert(point, to: open.row)) {
        _swipeTracking = _SwipeTracking(start: point, row: open.row, indexPath: open.indexPath, session: open, button: button)
        return true
      }
      open.close()
      _openSwipe = nil
      if let row, let indexPath {
        _swipeTracking = _SwipeTracking(start: point, row: row, indexPath: indexPath, closesOnly: true)
      }
      return true
    }
    guard let row, let indexPath else { return false }
    _swipeTracking = _SwipeTracking(start: point, row: row, indexPath: indexPath)
    return false
  }

  /// The touch moved to `point`: once it has gone sideways far enough on a row with actions on
  /// that side, the row follows it. True while the touch swipes (the row is not highlighted).
  func _swipeTouchMoved(
    to point: CGPoint, configuration: (IndexPath, _ leading: Bool) -> UISwipeActionsConfiguration?
  ) -> Bool {
    guard var tracking = _swipeTracking else { return false }
    if tracking.closesOnly || tracking.button != nil { return true }
    let dx = point.x - tracking.start.x
    let dy = point.y - tracking.start.y
    if tracking.session == nil {
      guard abs(dx) > Self._swipeThreshold, abs(dx) > abs(dy) else { return false }
      let leading = dx > 0
      guard let configuration = configuration(tracking.indexPath, leading), !configuration.actions.isEmpty else {
        return false
      }
      tracking.session = _SwipeActionsSession(
        row: tracking.row, indexPath: tracking.indexPath, configuration: configuration, leading: leading)
      _swipeTracking = tracking
    }
    tracking.session?.move(to: dx)
    return true
  }

  /// The touch ended (or was cancelled). True when the swipe machinery handled it: the row
  /// stays open past half its actions' width, a full swipe performs the first action, a tap on
  /// a button performs its action; otherwise the row closes.
  func _swipeTouchEnded(cancelled: Bool) -> Bool {
    guard let tracking = _swipeTracking else { return false }
    _swipeTracking = nil
    if tracking.closesOnly { return true }
    guard let session = tracking.session else { return false }
    if let button = tracking.button {
      if !cancelled { _performSwipeAction(button.action, from: button, in: session) }
      return true
    }
    let revealed = abs(session.offset)
    if !cancelled, session.configuration.performsFirstActionWithFullSwipe,
      revealed > max(session.actionsWidth, session.row.bounds.width * 0.6), let first = session.buttons.first
    {
      session.move(to: session.leading ? session.row.bounds.width : -session.row.bounds.width)
      _openSwipe = session
      _performSwipeAction(first.action, from: first, in: session)
    } else if !cancelled, revealed > session.actionsWidth / 2 {
      session.move(to: session.leading ? session.actionsWidth : -session.actionsWidth)
      session.isOpen = true
      _openSwipe = session
    } else {
      session.close()
    }
    return true
  }

  private func _performSwipeAction(_ action: UIContextualAction, from view: UIView, in session: _SwipeActionsSession) {
    session.perform(action, from: view) { [weak self] in
      session.close()
      if self?._openSwipe === session { self?._openSwipe = nil }
    }
  }

  /// Closes an open row (a scroll, a reload).
  func _closeSwipe() {
    guard let open = _openSwipe else { return }
    open.close()
    _openSwipe = nil
  }
}
