import Foundation

extension UIResponder {
  /// Posted before the keyboard appears; object nil, userInfo with its frames and animation.
  nonisolated public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
  /// Posted after the keyboard appeared.
  nonisolated public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
  /// Posted before the keyboard disappears.
  nonisolated public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
  /// Posted after the keyboard disappeared.
  nonisolated public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
  /// Posted before the keyboard's frame changes (before every show and hide too).
  nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name(
    "UIKeyboardWillChangeFrameNotification")
  /// Posted after the keyboard's frame changed.
  nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name(
    "UIKeyboardDidChangeFrameNotification")

  /// userInfo key: the keyboard's frame before the change (`NSValue` of a `CGRect`, screen
  /// coordinates).
  nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
  /// userInfo key: the keyboard's frame after the change (`NSValue` of a `CGRect`).
  nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
  /// userInfo key: the animation's duration in seconds (`NSNumber`).
  nonisolated public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
  /// userInfo key: the animation's curve (`NSNumber` holding a `UIView.AnimationCurve` raw
  /// value; iOS's keyboard uses 7).
  nonisolated public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
  /// userInfo key: whether the keyboard belongs to this app (`NSNumber` of a Bool).
  nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

/// A window's keyboard: the software keyboard of the first responder's traits, or its input
/// view, with its accessory view above. It animates in and out on UIKit's clock and posts the
/// keyboard notifications in iOS's order: `willChangeFrame`, `willShow`/`willHide` at once;
/// `didChangeFrame`, `didShow`/`didHide` when the animation has run.
@MainActor
package final class KeyboardController {
  /// The animation's length and curve, as iOS reports them for the keyboard.
  package static let animationDuration = SoftwareKeyboard.animationDuration
  package static let animationCurve = SoftwareKeyboard.animationCurveRawValue
  /// The light keyboard's grey, behind its keys, input view and accessory view (the dark
  /// keyboard's is `SoftwareKeyboard.darkPalette.background`).
  package static let backgroundColor = SoftwareKeyboard.lightPalette.background
  /// The height of an input view that has none of its own (iOS's 216 points, a picker's).
  package static let defaultInputViewHeight: CGFloat = 216

  private unowned let window: UIWindow

  /// Whether the software keyboard shows when a text object is first responder (the
  /// Simulator's "Toggle Software Keyboard"; hosts switch it). With it off, the terminal's
  /// keyboard is the only keyboard, and only an input view or accessory view appears.
  package var isSoftwareKeyboardEnabled = true {
    didSet {
      if oldValue != isSoftwareKeyboardEnabled { window._updateKeyboard(for: window.firstResponderObject) }
    }
  }

  /// Settings › General › Keyboard › Smart Punctuation (on by default, as on iOS): what
  /// `smartQuotesType` and `smartDashesType` `.default` follow (see SmartPunctuation.swift).
  package var smartPunctuation = true
  /// Settings › General › Keyboard › Hardware Keyboard › Auto-Capitalization (on by default, as
  /// on iOS): whether keys of a hardware keyboard follow `autocapitalizationType`.
  package var hardwareKeyboardAutoCapitalization = true
  /// Whether `smartInsertDeleteType` `.default` adds and removes spaces around pasted and deleted
  /// words (iOS has no switch for it: on).
  package var smartInsertDelete = true

  /// The user's locale: the Return key's label and the decimal pad's separator follow it.
  package var locale: Locale = .current {
    didSet {
      // Switching language is switching input mode, which iOS announces.
      guard oldValue.identifier != locale.identifier else { return }
      NotificationCenter.default.post(
        name: UITextInputMode.currentInputModeDidChangeNotification, object: UITextInputMode(locale: locale))
    }
  }

  /// The frame the keyboard has (or is animating to), in window coordinates; nil when hidden.
  package private(set) var frame: CGRect?
  /// Whether the keyboard is drawn sliding in over its animation (a host that shows frames
  /// over time sets it: the browser's). Off, it is drawn where it is going, as the terminal and
  /// the headless host's text screen show it.
  package var drawsSlide = false
  /// The slide in under way: from where, when it started (UIKit's clock) and for how long.
  private var slide: (begin: CGRect, start: TimeInterval, duration: TimeInterval)?
  /// The responder the keyboard serves.
  package private(set) weak var responder: UIResponder?
  /// The software keyboard's state while it is shown (nil when an input view replaces it).
  package private(set) var softwareKeyboard: SoftwareKeyboardState?
  /// A hidden window holding input and accessory views, as iOS's keyboard window does.
  private lazy var inputWindow = UIWindow(_keyboardWindowFor: window)
  private var pending: (token: MainScheduler.Token, notes: [Notification.Name], userInfo: [AnyHashable: Any])?
  /// The input and accessory views on screen (with the controllers they came from).
  private var installed: (input: UIView?, accessory: UIView?, panel: UIView?, controllers: [UIInputViewController]) = (
    nil, nil, nil, []
  )

  init(window: UIWindow) {
    self.window = window
  }

  /// The accessory view above the keys, while one is on screen.
  package var _installedAccessoryView: UIView? { installed.accessory }

  /// Whether the keyboard is on screen (or animating in).
  package var isVisible: Bool { frame != nil }

  /// Shows, changes or hides the keyboard for the new first responder (nil: none).
  func update(for responder: UIResponder?) {
    self.responder = responder
    let newFrame = responder.flatMap { desiredFrame(for: $0) }
    // Rebuilt for every new first responder and every reload (traits may have changed).
    if responder != nil, newFrame != nil {
      softwareKeyboard = responder.flatMap { r in
        (r._shownInputView == nil && isSoftwareKeyboardEnabled && r._wantsKeyboard)
          ? SoftwareKeyboardState(responder: r, windowSize: window.bounds.size, locale: locale) : nil
      }
    }
    if newFrame == nil { softwareKeyboard = nil }
    let viewsChanged = installInputViews(for: newFrame == nil ? nil : responder, frame: newFrame)
    move(to: newFrame, viewsChanged: viewsChanged)
  }

  /// The window changed size: the keyboard docks again at its bottom, at the height a window
  /// of the new size has (posting the frame-change notifications).
  func windowDidResize() {
    guard let responder else { return }
    update(for: responder)
  }

  /// The responder's text changed: the Return key may enable, shift may change (worked out
  /// when the keyboard is next drawn or touched).
  func responderTextDidChange() {
    softwareKeyboard?.setNeedsRefresh()
  }

  private func desiredFrame(for responder: UIResponder) -> CGRect? {
    let bounds = window.bounds
    var height: CGFloat = 0
    let inputView = responder._shownInputView
    if let inputView {
      height = Self.height(of: inputView, width: bounds.width) ?? Self.defaultInputViewHeight
    } else if responder._wantsKeyboard && isSoftwareKeyboardEnabled {
      height = SoftwareKeyboardState.height(for: responder, windowSize: bounds.size)
    }
    // The find panel sits above everything, for a responder without a keyboard too (a
    // read-only text view being searched): on iOS it is drawn inline there.
    if let panel = responder._findPanel as? _UIFindNavigatorView {
      panel.frame.size.height = panel._height(measuredBy: window.textMeasurer)
      height += panel.frame.height
    }
    if let accessory = responder._shownInputAccessoryView, responder._wantsKeyboard || inputView != nil {
      (accessory as? UIToolbar)?._refitHeight(for: window)
      if let inputView = accessory as? UIInputView, inputView.allowsSelfSizing,
        let fitted = Self.height(of: inputView, width: bounds.width)
      {
        accessory.frame.size.height = fitted
      }
      height += accessory.frame.height
    }
    guard height > 0 else { return nil }
    return CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
  }

  /// The height an input or accessory view asks for at `width`: its constraints' for a
  /// self-sizing `UIInputView`, else its frame's, else its intrinsic height; nil when it has none.
  private static func height(of view: UIView, width: CGFloat) -> CGFloat? {
    if let inputView = view as? UIInputView, inputView.allowsSelfSizing {
      let fitted = inputView.systemLayoutSizeFitting(CGSize(width: width, height: 0)).height
      if fitted > 0 { return fitted }
    }
    if view.frame.height > 0 { return view.frame.height }
    let intrinsic = view.intrinsicContentSize.height
    return intrinsic > 0 ? intrinsic : nil
  }

  /// Puts the responder's input and accessory views in the keyboard's place; returns whether
  /// they are other views than those shown before.
  @discardableResult
  private func installInputViews(for responder: UIResponder?, frame: CGRect?) -> Bool {
    let inputView = frame == nil ? nil : responder?._shownInputView
    let accessory = frame == nil ? nil : responder.flatMap { $0._wantsKeyboard || inputView != nil ? $0._shownInputAccessoryView : nil }
    let panel = frame == nil ? nil : responder?._findPanel
    let changed = installed.input !== inputView || installed.accessory !== accessory || installed.panel !== panel
    // The find panel stays while it is shown: its field may be the first responder, which
    // leaving the window would end.
    for view in inputWindow.subviews where view !== panel { view.removeFromSuperview() }
    for controller in installed.controllers { controller._serve(nil) }
    installed = (inputView, accessory, panel, [])
    guard let responder, let frame else { return changed }
    // Input and accessory views measure text as the app's window does (a toolbar one cell row
    // tall in a terminal).
    inputWindow.textMeasurer = window.textMeasurer
    var top = frame.minY
    if let panel {
      panel.frame = CGRect(x: 0, y: top, width: frame.width, height: panel.frame.height)
      if panel.superview !== inputWindow { inputWindow.addSubview(panel) }
      top += panel.frame.height
    }
    if let accessory {
      accessory.frame = CGRect(x: 0, y: top, width: frame.width, height: accessory.frame.height)
      inputWindow.addSubview(accessory)
      top += accessory.frame.height
    }
    if let inputView {
      inputView.frame = CGRect(x: 0, y: top, width: frame.width, height: frame.maxY - top)
      inputWindow.addSubview(inputView)
    }
    for controller in [responder.inputViewController, responder.inputAccessoryViewController] {
      guard let controller, controller.isViewLoaded, controller.view.superview === inputWindow else { continue }
      controller._serve(responder)
      installed.controllers.append(controller)
    }
    inputWindow.layoutIfNeeded()
    return changed
  }

  /// Puts the find panel in the keyboard's window before its field becomes first responder
  /// (a responder must be in a window); the next update places it, or takes it away.
  func hostFindPanel(_ panel: UIView) {
    inputWindow.textMeasurer = window.textMeasurer
    if panel.superview !== inputWindow { inputWindow.addSubview(panel) }
  }

  /// The input view on screen (a custom one, in the keyboard's place), if any.
  package var inputView: UIView? { frame == nil ? nil : installed.input }

  /// The frame of the software keys (below any accessory view), in window coordinates.
  package var keysFrame: CGRect? {
    guard let frame, softwareKeyboard != nil else { return nil }
    let accessory = (installed.accessory?.frame.height ?? 0) + (installed.panel?.frame.height ?? 0)
    return CGRect(x: frame.minX, y: frame.minY + accessory, width: frame.width, height: frame.height - accessory)
  }

  private func move(to newFrame: CGRect?, viewsChanged: Bool) {
    let oldFrame = frame
    // Other input or accessory views while the keyboard stays up are a new keyboard to
    // observers even at the same height: iOS posts the show sequence again (developers report
    // keyboardWillShow for every field that has its own accessory view, and only once when
    // fields share one).
    guard oldFrame != newFrame || (oldFrame != nil && viewsChanged) else { return }
    finishPendingAnimation()
    let bounds = window.bounds
    let offscreen = { (f: CGRect) in CGRect(x: f.minX, y: bounds.height, width: f.width, height: f.height) }
    let begin = oldFrame ?? offscreen(newFrame!)
    let end = newFrame ?? offscreen(oldFrame!)
    frame = newFrame
    // A keyboard that stays up and changes height (another keyboard type, an accessory view on
    // one input and not the other, a custom input view) posts a *show* sequence, not only the
    // frame change, and does not animate (duration 0). That is iOS 11+'s behaviour as developers
    // report it ("keyboardWillShow is called every time another text field is selected", with an
    // input accessory view) and as UIKit's input window controller does it (a forced
    // notification with the immediate animation style, posted as a show). Apple's
    // UITextFieldDelegate overview says only that the frame-change notifications are posted
    // "instead"; observers of either kind see the new frame. A keyboard whose frame does not
    // change posts nothing (radar 34432484: iOS 11 stopped posting hide-then-show between fields).
    let staysUp = oldFrame != nil && newFrame != nil
    // An input view (a picker) is the keyboard to these notifications: showing one, hiding it
    // and switching between it and the keys post what the keys would.
    let duration = staysUp ? 0 : Self.animationDuration
    // Keyboard layout guides follow (their views lay out again before the next display), and
    // the views that move with them animate alongside the keyboard, as on iOS.
    if window._treeUsesAutoLayout { window._keyboardMoveDuration = duration }
    window._systemGuidesMoved()
    let userInfo: [AnyHashable: Any] = [
      UIResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
      UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
      UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: duration),
      UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: Self.animationCurve),
      UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
    ]
    var will: [Notification.Name] = [UIResponder.keyboardWillChangeFrameNotification]
    var did: [Notification.Name] = [UIResponder.keyboardDidChangeFrameNotification]
    if oldFrame == nil || staysUp {
      will.append(UIResponder.keyboardWillShowNotification)
      did.append(UIResponder.keyboardDidShowNotification)
    } else if newFrame == nil {
      will.append(UIResponder.keyboardWillHideNotification)
      did.append(UIResponder.keyboardDidHideNotification)
    }
    // Only a keyboard coming up slides in here; one going away disappears at once (what it
    // showed is gone with its responder).
    slide = (oldFrame == nil && newFrame != nil && duration > 0)
      ? (begin, UIApplication.shared._scheduler.now, duration) : nil
    for name in will { UIKitTrace.post(name, object: nil, userInfo: userInfo, window: window) }
    let token = UIApplication.shared._scheduler.schedule(after: duration) { [weak self] in
      self?.finishPendingAnimation()
    }
    pending = (token, did, userInfo)
  }

  /// Posts the "did" notifications of an animation under way now (it finished, or another
  /// change interrupts it).
  private func finishPendingAnimation() {
    guard let pending else { return }
    self.pending = nil
    UIApplication.shared._scheduler.cancel(pending.token)
    for name in pending.notes {
      UIKitTrace.post(name, object: nil, userInfo: pending.userInfo, window: window)
    }
  }

  /// Whether an animation is under way.
  package var isAnimating: Bool { pending != nil }

  // MARK: Touches

  /// Whether `point` (window coordinates) is on the keyboard.
  package func contains(_ point: CGPoint) -> Bool {
    frame?.contains(point) ?? false
  }

  /// A touch on the keyboard: software keys act on touch up; input and accessory views get
  /// the touch as views do.
  package func touch(at point: CGPoint, phase: UITouch.Phase) {
    if let keys = keysFrame, keys.contains(point), let keyboard = softwareKeyboard {
      if phase == .ended {
        keyboard.tap(at: CGPoint(x: point.x - keys.minX, y: point.y - keys.minY))
      }
      return
    }
    inputWindow.layoutIfNeeded()
    inputWindow._touch(at: point, phase: phase)
  }

  // MARK: Keys

  /// A hardware key the first responder did not use: Escape activates the Done item of a
  /// toolbar accessory view (its action runs, typically ending editing), the one key a terminal
  /// sends that a text object leaves alone. iPadOS shows the accessory bar above a hardware
  /// keyboard but gives it no key of its own; this is the terminal's way to reach the button
  /// that a number pad, having no Return key, depends on. Returns whether an item ran.
  ///
  /// Arrows nothing used turn a picker shown as the input view (see `UIPickerView`): iOS gives a
  /// picker no key of its own either, and a first responder that takes text (a field) keeps
  /// its arrows for the caret, as on iOS; a responder that does not use them (a custom
  /// responder whose input view is a picker) lets them reach the picker, the terminal's way to
  /// spin it without a mouse.
  package func performAccessoryKey(_ key: HardwareKey) -> Bool {
    if key.modifiers.isEmpty, frame != nil, [.up, .down, .left, .right].contains(key.code),
      let picker = installed.input.flatMap(Self.picker(in:))
    {
      return picker._arrowKey(key.code)
    }
    guard key.code == .escape, key.modifiers.isEmpty, frame != nil,
      let item = Self.accessoryDoneItem(of: responder)
    else { return false }
    return item._performAction(event: nil)
  }

  /// The enabled Done item of `responder`'s accessory toolbar, which Escape runs (hosts name it
  /// in their key hints).
  package static func accessoryDoneItem(of responder: UIResponder?) -> UIBarButtonItem? {
    responder?.inputAccessoryView.flatMap(toolbar(in:))?._doneItem
  }

  /// The picker of an input view: the view itself, a date picker's wheels, or the first picker
  /// inside it.
  private static func picker(in view: UIView) -> UIPickerView? {
    if let picker = view as? UIPickerView { return picker }
    if let datePicker = view as? UIDatePicker, let wheels = datePicker._wheelsIfShown { return wheels }
    for subview in view.subviews {
      if let picker = picker(in: subview) { return picker }
    }
    return nil
  }

  // MARK: Wheel

  /// A mouse wheel at `point` (window coordinates) over the input or accessory view: a picker
  /// under it turns. Returns whether one did.
  package func scrollWheel(at point: CGPoint, delta: CGPoint) -> Bool {
    guard let frame, frame.contains(point), !(keysFrame?.contains(point) ?? false) else { return false }
    inputWindow.layoutIfNeeded()
    return inputWindow._turnPicker(at: point, delta: delta)
  }

  /// The accessory view if it is a toolbar, else the first toolbar inside it.
  private static func toolbar(in view: UIView) -> UIToolbar? {
    if let toolbar = view as? UIToolbar { return toolbar }
    for subview in view.subviews {
      if let toolbar = toolbar(in: subview) { return toolbar }
    }
    return nil
  }

  // MARK: Drawing

  func render(into list: inout DisplayList) {
    guard let frame else { return }
    let first = list.items.count
    defer { if drawsSlide { slideDrawing(of: &list, from: first, to: frame) } }
    if let keyboard = softwareKeyboard, let view = keyboard.responder as? UIView {
      keyboard.followInterfaceStyle(view.traitCollection.userInterfaceStyle)
    }
    let background = softwareKeyboard?.model.palette.background ?? Self.backgroundColor
    list.append(DisplayItem(frame: frame, clip: window.bounds, content: .fill(background)))
    inputWindow.layoutIfNeeded()
    for view in inputWindow.subviews {
      view._render(into: &list, clip: window.bounds, alpha: 1)
    }
    if let keys = keysFrame, let keyboard = softwareKeyboard {
      keyboard.render(in: keys, into: &list)
    }
  }
}

extension KeyboardController {
  /// Moves what the keyboard drew (items from `first` on) to where its slide puts it now: from
  /// its begin frame to `frame` over the animation, eased in and out.
  fileprivate func slideDrawing(of list: inout DisplayList, from first: Int, to frame: CGRect) {
    guard let slide else { return }
    let elapsed = UIApplication.shared._scheduler.now - slide.start
    guard elapsed < slide.duration else { return }
    let t = max(0, elapsed / slide.duration)
    let eased = t < 0.5 ? 2 * t * t : 1 - (2 - 2 * t) * (2 - 2 * t) / 2
    let dy = (slide.begin.minY - frame.minY) * CGFloat(1 - eased)
    guard dy != 0 else { return }
    for index in first..<list.items.count {
      list.items[index].frame.origin.y += dy
      if case .path(let run) = list.items[index].content {
        list.items[index].content = .path(run.offsetBy(dx: 0, dy: dy))
      }
    }
  }
}

extension UIWindow {
  /// A window that is not one of the app's windows: it hosts the keyboard's input and
  /// accessory views over `window`.
  convenience init(_keyboardWindowFor window: UIWindow) {
    self.init(_unregisteredFrame: window.bounds)
    _keyboardOwner = window
  }
}

extension KeyboardController {
  /// The app window `window` belongs to: itself, or the window whose keyboard it is (a date
  /// picker's value change in the keyboard's place is the app window's event to traces; a
  /// field in the find panel is the app window's first responder).
  static func appWindow(for window: UIWindow) -> UIWindow { window._keyboardOwner ?? window }
}
