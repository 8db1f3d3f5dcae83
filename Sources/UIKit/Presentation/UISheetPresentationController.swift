import Foundation
import TextEditing

/// The presentation controller of a page or form sheet: a card over the dimmed screen that the
/// user dismisses by swiping it down (Escape with a hardware keyboard here), unless the
/// presented controller is `isModalInPresentation`.
///
/// Where the card goes, as on iOS: in a compact width (an iPhone, a terminal) the full width
/// from just under the status bar to the bottom (half the height at the `.medium()` detent); in
/// a regular width (768 points and more) a form sheet is a centred card of
/// `preferredContentSize` (540 × 620 by default) and a page sheet a centred card of readable
/// width. Where text is measured in cells the card's edge is drawn as box characters, and the
/// presented view sits inside them (one cell in from each drawn edge).
@preconcurrency @MainActor
open class UISheetPresentationController: UIPresentationController {
  /// A height a sheet can rest at.
  @preconcurrency @MainActor
  public final class Detent: NSObject {
    /// A detent's name.
    public struct Identifier: Hashable, RawRepresentable, Sendable {
      public let rawValue: String
      public init(rawValue: String) { self.rawValue = rawValue }
      public init(_ rawValue: String) { self.rawValue = rawValue }
      /// The medium detent (about half the screen).
      public static let medium = Identifier("com.apple.UIKit.medium")
      /// The large detent (the full sheet).
      public static let large = Identifier("com.apple.UIKit.large")
    }

    /// The detent's name.
    public let identifier: Identifier

    init(identifier: Identifier) {
      self.identifier = identifier
    }

    /// About half the screen's height.
    public static func medium() -> Detent { Detent(identifier: .medium) }
    /// The full sheet.
    public static func large() -> Detent { Detent(identifier: .large) }
  }

  /// The heights the sheet may rest at (default: large only).
  open var detents: [Detent] = [.large()] { didSet { _sheetDidChange() } }
  /// The detent the sheet rests at (nil: the smallest of ``detents``).
  open var selectedDetentIdentifier: Detent.Identifier? { didSet { _sheetDidChange() } }
  /// The largest detent at which what is behind is not dimmed (nil: always dimmed).
  open var largestUndimmedDetentIdentifier: Detent.Identifier?
  /// Whether a grabber shows at the top of the card.
  open var prefersGrabberVisible = false { didSet { _sheetDidChange() } }
  /// The card's corner radius (nil: the system's).
  open var preferredCornerRadius: CGFloat?
  /// Whether scrolling at the top edge grows the sheet (kept for source compatibility).
  open var prefersScrollingExpandsWhenScrolledToEdge = true
  /// Whether the sheet attaches to the bottom edge in a compact height (kept for source
  /// compatibility).
  open var prefersEdgeAttachedInCompactHeight = false
  /// Whether an edge-attached sheet's width follows `preferredContentSize` (kept for source
  /// compatibility).
  open var widthFollowsPreferredContentSizeWhenEdgeAttached = false

  /// Applies changes made in `changes` (animated on iOS; at once here).
  open func animateChanges(_ changes: () -> Void) {
    changes()
  }

  private var _card: _SheetCardView?

  override func _prepareViews() {
    if _card == nil { _card = _SheetCardView(presentation: self) }
    _card?._install(presentedViewController.view)
  }

  override var _wrapperView: UIView? { _card }

  private func _sheetDidChange() {
    guard let card = _card, let window = card.window, card.superview === window else { return }
    card.frame = _frameOfPresentedView(in: window.bounds)
  }

  /// The detent the card rests at.
  private var _restingDetent: Detent.Identifier {
    let identifiers = detents.map(\.identifier)
    if let selected = selectedDetentIdentifier, identifiers.contains(selected) { return selected }
    return identifiers.contains(.large) || identifiers.isEmpty ? (identifiers.first ?? .large) : identifiers[0]
  }

  override func _frameOfPresentedView(in bounds: CGRect) -> CGRect {
    let window = presentedViewController.viewIfLoaded?.window ?? presentingViewController.viewIfLoaded?.window
    let safe = window?._deviceSafeAreaInsets ?? .zero
    let cell = (window?.textMeasurer as? CellTextMeasurer)?.cellSize
    if Self._isRegularWidth(bounds) {
      let available = bounds.inset(by: UIEdgeInsets(top: safe.top + 20, left: 20, bottom: safe.bottom + 20, right: 20))
      var size: CGSize
      if _style == .formSheet {
        let preferred = presentedViewController.preferredContentSize
        size = CGSize(width: preferred.width > 0 ? preferred.width : 540, height: preferred.height > 0 ? preferred.height : 620)
      } else {
        size = CGSize(width: 704, height: available.height)
      }
      size.width = min(size.width, available.width)
      size.height = min(size.height, available.height)
      return CGRect(
        x: (available.midX - size.width / 2).rounded(.down), y: (available.midY - size.height / 2).rounded(.down),
        width: size.width, height: size.height)
    }
    // iOS leaves 10 points between the status bar and the card; a cell host a whole row, so
    // that the dimmed screen shows above the card.
    let gap = cell?.height ?? 10
    let top = bounds.minY + safe.top + gap
    var frame = CGRect(x: bounds.minX, y: top, width: bounds.width, height: max(0, bounds.maxY - top))
    if _restingDetent == .medium {
      var height = (bounds.height / 2).rounded(.down)
      if let cell { height = (height / cell.height).rounded(.down) * cell.height }
      frame.origin.y = bounds.maxY - height
      frame.size.height = height
    }
    return frame
  }

  /// A regular horizontal size class: an iPad's width.
  static func _isRegularWidth(_ bounds: CGRect) -> Bool { bounds.width >= 768 }

  override var _dimsPresentingContent: Bool {
    guard let undimmed = largestUndimmedDetentIdentifier else { return true }
    return !(undimmed == .large || (undimmed == .medium && _restingDetent == .medium))
  }

  override func _handleKey(_ key: HardwareKey) -> Bool {
    if key.code == .escape {
      // Done on an accessory bar over the keyboard comes first: it is nearer the user.
      if let window = presentedViewController.viewIfLoaded?.window, window.keyboard.performAccessoryKey(key) {
        return true
      }
      _userAttemptedDismiss()
      return true
    }
    return super._handleKey(key)
  }
}

/// A sheet's card: it holds the presented view, draws the card's edge where text is measured in
/// cells, and turns a downward swipe on it into a dismissal attempt.
@MainActor
final class _SheetCardView: UIView {
  private unowned let presentation: UISheetPresentationController
  private weak var content: UIView?

  init(presentation: UISheetPresentationController) {
    self.presentation = presentation
    super.init(frame: .zero)
    let swipe = _SheetSwipeRecognizer()
    swipe.onSwipe = { [weak self] in self?.presentation._userAttemptedDismiss() }
    addGestureRecognizer(swipe)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) is not available for a sheet's card")
  }

  /// The card is part of the presentation: it has the presentation's (elevated) traits, as
  /// iOS's presentation container views do.
  override var _inheritedTraits: UITraitCollection { presentation.traitCollection }

  func _install(_ view: UIView) {
    content = view
    if view.superview !== self { addSubview(view) }
    setNeedsLayout()
  }

  /// How far in the content sits: a cell at each edge drawn as box characters, nothing in
  /// points (iOS draws no edge: the dimming shows where the card is).
  private var _edgeInsets: UIEdgeInsets {
    guard let cell = (window?.textMeasurer as? CellTextMeasurer)?.cellSize else { return .zero }
    if _isEdgeAttached { return UIEdgeInsets(top: cell.height, left: 0, bottom: 0, right: 0) }
    return UIEdgeInsets(top: cell.height, left: cell.width, bottom: cell.height, right: cell.width)
  }

  /// Whether the card spans the window's width to its bottom (a compact width's sheet).
  private var _isEdgeAttached: Bool {
    guard let window else { return true }
    return !UISheetPresentationController._isRegularWidth(window.bounds)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    content?.frame = bounds.inset(by: _edgeInsets)
  }

  override func _draw(in rect: CGRect, clip: CGRect, alpha: CGFloat, into list: inout DisplayList) {
    list.append(DisplayItem(frame: rect, clip: clip, content: .fill(.systemBackground), alpha: alpha))
    guard let cell = (window?.textMeasurer as? CellTextMeasurer)?.cellSize else { return }
    if _isEdgeAttached {
      // The top edge only: the card runs off the screen's sides and bottom.
      let columns = max(0, Int(bounded: (rect.width / cell.width).rounded(.down)))
      guard columns >= 2 else { return }
      var edge = Array(repeating: "─", count: columns)
      edge[0] = "╭"
      edge[columns - 1] = "╮"
      if presentation.prefersGrabberVisible, columns >= 8 {
        for index in (columns / 2 - 2)..<(columns / 2 + 2) { edge[index] = "━" }
      }
      let run = TextRun(string: edge.joined(), font: UIBarButtonItem._plainFont, color: .systemGray3, alignment: .left)
      list.append(DisplayItem(frame: CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: cell.height), clip: clip, content: .text(run), alpha: alpha))
    } else {
      list.append(DisplayItem(frame: rect, clip: clip, content: .border(.roundedRect, .systemGray3), alpha: alpha))
    }
  }
}

/// A downward swipe on a sheet, as iOS's sheet pan: once the touch has moved down past the
/// pan's 10-point hysteresis the sheet is being dragged (the recognizer begins, and the view
/// under it has its touch cancelled, so a drag that starts on a button never taps it); a drag
/// of a quarter of the card's height (and more down than sideways) dismisses when it lifts.
@MainActor
final class _SheetSwipeRecognizer: UIGestureRecognizer {
  var onSwipe: (@MainActor () -> Void)?
  private var _start: CGPoint?
  static let _hysteresis: CGFloat = 10

  override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
    _start = touches.first?.location(in: nil)
  }

  override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
    guard let point = touches.first?.location(in: nil), let start = _start else { return }
    let dy = point.y - start.y, dx = abs(point.x - start.x)
    switch state {
    case .possible where dy > Self._hysteresis && dy > dx: state = .began
    case .possible where hypot(dy, dx) > Self._hysteresis: state = .failed
    case .began, .changed: state = .changed
    default: break
    }
  }

  override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
    if state == .began || state == .changed, let point = touches.first?.location(in: nil), let start = _start, let view {
      let dy = point.y - start.y, dx = abs(point.x - start.x)
      if dy > max(view.bounds.height / 4, 20), dy > dx { onSwipe?() }
    }
    _finishContinuousGesture(cancelled: false)
  }

  override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
    _finishContinuousGesture(cancelled: true)
  }

  override func reset() {
    _start = nil
  }
}
