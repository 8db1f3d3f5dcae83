import Foundation
import UIKit
import TextEditing

/// A headless iPhone for tests: a window with a virtual clock, driven by taps, typing on the
/// hardware or the software keyboard, pastes, IME composition, Return, the clear button and
/// the background; it records a ``Timeline`` and prints what the screen would show.
///
/// ```swift
/// let host = HeadlessHost(rootViewController: ConversionViewController())
/// host.tap(controller.textField)
/// host.type("212")
/// #expect(controller.celsiusLabel.text == "100")
/// ```
///
/// Time moves only when the test says so (``advance(by:)``, ``settle()``): the keyboard's
/// "did" notifications come 0.25 s after its "will" notifications. The host takes UIKit's clock
/// over from real time when it starts and gives it back when it goes away (or at
/// ``releaseClock()``); without a host, UIKit's timed work arrives in real time through the
/// main queue, as on a device.
@preconcurrency @MainActor
public final class HeadlessHost {
  /// The host's window (key and visible).
  public let window: UIWindow
  /// What happened since the host started recording (or since ``clearTimeline()``). It holds
  /// the objects it names weakly: recording never keeps a view or controller alive.
  public private(set) var timeline = Timeline()
  private var token: UIKitTrace.ObserverToken?
  /// The names given with ``name(_:_:)``, by object; the object is held weakly (naming must not
  /// keep it alive) and compared on lookup, since a freed object's address can be reused.
  private var names: [ObjectIdentifier: NamedObject] = [:]
  /// Keys held with `keyDown`, with the presses event each began, in the order they went down.
  private var heldKeys: [(key: Key, event: UIPressesEvent)] = []
  private struct NamedObject {
    weak var object: AnyObject?
    let name: String
  }
  private let rasterizer: CellRasterizer
  /// The URLs the app asked to open (`UIApplication.shared.open(_:options:completionHandler:)`:
  /// a tap on a link in a text view, say), in order. The host stands in for the apps that
  /// would open them and reports each as opened.
  public private(set) var openedURLs: [URL] = []

  /// What the app announced to assistive technology (`UIAccessibility.post(notification:
  /// .announcement, argument:)`), in order, as VoiceOver would read it out.
  public private(set) var accessibilityAnnouncements: [String] = []

  /// A host showing `rootViewController` in a window of `screenSize` points (an iPhone 14's
  /// 390 × 844 by default), with the keyboard of `locale`. Its view loads and lays out.
  ///
  /// With `measuresTextInCells`, text is measured as the terminal host measures it (every font
  /// one cell row tall, one cell per column), so that layouts match what `TerminalHost` shows.
  ///
  /// `safeAreaInsets` are the simulated device's status bar and home indicator: by default an
  /// iPhone 14's (47 points at the top, 34 at the bottom) on its 390 × 844 screen, and none on a
  /// screen of another size (a terminal-sized one, as the terminal host has none).
  public convenience init(
    rootViewController: UIViewController,
    screenSize: CGSize = CGSize(width: 390, height: 844),
    locale: Locale = Locale(identifier: "en_US"),
    measuresTextInCells: Bool = false,
    safeAreaInsets: UIEdgeInsets? = nil
  ) {
    UIScreen.main.bounds = CGRect(origin: .zero, size: screenSize)
    UIScreen.main._safeAreaInsets =
      safeAreaInsets
      ?? (screenSize == CGSize(width: 390, height: 844) ? UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0) : .zero)
    let window = UIWindow(frame: CGRect(origin: .zero, size: screenSize))
    if measuresTextInCells { window.textMeasurer = CellTextMeasurer(cellSize: Self.defaultCellSize) }
    window.rootViewController = rootViewController
    self.init(window: window, locale: locale)
  }

  /// The points one cell of ``screen()`` covers unless a host says otherwise (8 × 16 pt, the
  /// terminal host's cell too).
  public static let defaultCellSize = CellRasterizer.defaultCellSize

  /// A host driving `window` (made key and visible).
  public init(window: UIWindow, locale: Locale = Locale(identifier: "en_US"), cellSize: CGSize = HeadlessHost.defaultCellSize) {
    self.window = window
    rasterizer = CellRasterizer(cellSize: cellSize)
    // Each host starts as a device in light appearance (the screen is the app's, shared by
    // every host).
    UIScreen.main._resetSimulatedSettings()
    UIScreen.main._userInterfaceIdiom = .phone
    let screen = UIScreen.main.bounds.size
    UIScreen.main._interfaceOrientation = screen.width > screen.height ? .landscapeRight : .portrait
    UIDevice.current._orientation = UIScreen.main._interfaceOrientation._deviceOrientation
    UIScreen.main._textMeasurer = window.textMeasurer
    window.keyboard.locale = locale
    // A test sees exactly the characters it types unless it turns these on (see below).
    window.keyboard.smartPunctuation = false
    window.keyboard.hardwareKeyboardAutoCapitalization = false
    window.keyboard.smartInsertDelete = false
    UIApplication.shared._scheduler.takeOver()
    drivesClock = true
    UIApplication.shared._urlOpener = { [weak self] url in
      guard let self else { return false }
      self.openedURLs.append(url)
      return true
    }
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    startRecording()
  }

  isolated deinit {
    if let token { UIKitTrace.removeObserver(token) }
    releaseClock()
    // The screen's settings are the process's: a host that changed them puts them back, so
    // that tests running beside it see a device in its usual state.
    if changedScreenSettings { UIScreen.main._resetSimulatedSettings() }
  }

  /// Whether this host switched dark mode, contrast, bold text or reduce motion.
  private var changedScreenSettings = false

  // MARK: Recording

  /// Starts recording into ``timeline`` (hosts record from the start).
  public func startRecording() {
    guard token == nil else { return }
    token = UIKitTrace.addObserver { [weak self] record, window in
      self?.record(record, window: window)
    }
  }

  /// Stops recording.
  public func stopRecording() {
    if let token { UIKitTrace.removeObserver(token) }
    token = nil
  }

  /// Forgets what was recorded so far.
  public func clearTimeline() {
    timeline = Timeline()
  }

  /// Names `object` in the timeline's lines (e.g. "name", "email").
  public func name(_ object: AnyObject, _ name: String) {
    names = names.filter { $0.value.object != nil }
    names[ObjectIdentifier(object)] = NamedObject(object: object, name: name)
  }

  private func label(for object: AnyObject?) -> String? {
    guard let object else { return nil }
    if let named = names[ObjectIdentifier(object)], named.object === object { return named.name }
    if let view = object as? UIView, let identifier = view.accessibilityIdentifier { return identifier }
    return nil
  }

  private func record(_ record: TraceRecord, window: UIWindow?) {
    // Only this host's window (a keyboard notification names the window whose keyboard moved).
    guard window === self.window else { return }
    let entry: Timeline.Entry
    switch record {
    case .delegate(let sender, let message, let arguments):
      entry = .init(kind: .delegate, name: message, sender: sender, senderName: label(for: sender),
        arguments: arguments, notification: nil)
    case .notification(let note):
      let object = note.object as AnyObject?
      entry = .init(kind: .notification, name: note.name.rawValue, sender: object, senderName: label(for: object),
        arguments: "", notification: note)
    case .controlEvent(let sender, let event):
      entry = .init(kind: .controlEvent, name: event.traceName, sender: sender, senderName: label(for: sender),
        arguments: "", notification: nil)
    case .feedback(let generator, let message, let arguments):
      entry = .init(kind: .feedback, name: message, sender: generator,
        senderName: label(for: generator) ?? label(for: generator.view), arguments: arguments, notification: nil)
    case .accessibility(let notification, let argument):
      entry = .init(kind: .accessibility, name: notification._traceName, sender: nil, senderName: nil,
        arguments: argument, notification: nil)
      if notification == .announcement { accessibilityAnnouncements.append(argument) }
    }
    timeline.entries.append(entry)
  }

  // MARK: Time

  /// Whether this host moves UIKit's clock (from its start until ``releaseClock()`` or until it
  /// goes away).
  public private(set) var drivesClock = false

  /// UIKit's clock, in seconds since it started.
  public var now: TimeInterval { UIApplication.shared._scheduler.now }

  /// Moves the virtual clock forward, running what falls due (keyboard animations, completions).
  public func advance(by seconds: TimeInterval) {
    precondition(drivesClock, "HeadlessHost.advance(by:): this host gave UIKit's clock back (releaseClock()); time is real again")
    UIApplication.shared._scheduler.advance(by: seconds)
    endOfTurn()
  }

  /// Runs every pending animation and timer to its end. A display link's frames run on the
  /// way, but are not waited for (they never end).
  public func settle() {
    precondition(drivesClock, "HeadlessHost.settle(): this host gave UIKit's clock back (releaseClock()); time is real again")
    UIApplication.shared._scheduler.runUntilIdle()
    endOfTurn()
  }

  /// What the main run loop does at the end of each turn on a device: lay out what changed, so
  /// that frames read after an event or a tick are the ones the screen shows.
  func endOfTurn() {
    window.layoutIfNeeded()
  }

  /// Gives UIKit's clock back: unless another host holds it, time runs in real time again from
  /// where this host left it, and waiting work (a keyboard animation, a completion) arrives
  /// through the main queue. The host goes on recording and taking input. Calling it again does
  /// nothing; a host that goes away releases the clock itself.
  public func releaseClock() {
    guard drivesClock else { return }
    drivesClock = false
    UIApplication.shared._scheduler.giveBack()
  }

  // MARK: Touches

  /// Taps the centre of `view` (its visible part under other views is what gets the touch, as
  /// on a device).
  public func tap(_ view: UIView) {
    let frame = view.convert(view.bounds, to: nil)
    tap(at: CGPoint(x: frame.midX, y: frame.midY))
  }

  /// Taps a point of `view` (in its coordinates).
  public func tap(_ view: UIView, at point: CGPoint) {
    tap(at: view.convert(point, to: nil))
  }

  /// Taps a point of the window.
  public func tap(at point: CGPoint) {
    window._touch(at: point, phase: .began)
    window._touch(at: point, phase: .ended)
    endOfTurn()
  }

  /// Moves the pointer (a mouse or trackpad, no button down) to a point of the window: hover
  /// recognizers under it begin or change, those it left end.
  public func hover(at point: CGPoint) {
    window._hover(at: point)
    endOfTurn()
  }

  /// Pinches at `point` (window points) to `scale` (above 1: the fingers move apart) in
  /// `steps` even steps over `duration` seconds of the host's clock, as two fingers (or a
  /// trackpad) would: the innermost pinch recognizer there that may begin gets it.
  public func pinch(at point: CGPoint, scale: CGFloat, steps: Int = 4, duration: TimeInterval = 0.2) {
    let count = max(1, steps)
    let step = pow(scale > 0 && scale.isFinite ? scale : 1, 1 / CGFloat(count))
    for index in 0..<count {
      if duration > 0 { advance(by: duration / Double(count)) }
      window._pinch(at: point, scale: step, phase: index == 0 ? .began : .moved)
    }
    window._pinch(at: point, scale: 1, phase: .ended)
    endOfTurn()
  }

  /// Turns two fingers at `point` by `angle` radians (clockwise positive) in `steps` even steps
  /// over `duration` seconds: the innermost rotation recognizer there that may begin gets it.
  public func rotate(at point: CGPoint, by angle: CGFloat, steps: Int = 4, duration: TimeInterval = 0.2) {
    let count = max(1, steps)
    for index in 0..<count {
      if duration > 0 { advance(by: duration / Double(count)) }
      window._rotate(at: point, by: angle / CGFloat(count), phase: index == 0 ? .began : .moved)
    }
    window._rotate(at: point, by: 0, phase: .ended)
    endOfTurn()
  }

  /// Moves the pointer over the centre of `view`.
  public func hover(_ view: UIView) {
    let frame = view.convert(view.bounds, to: nil)
    hover(at: CGPoint(x: frame.midX, y: frame.midY))
  }

  /// Moves the pointer out of the window: every hover under way ends.
  public func endHover() {
    window._hover(at: nil)
    endOfTurn()
  }

  /// Drags from one window point to another (in an editing text object: selects; elsewhere in
  /// a scroll view: scrolls it). With a `duration`, the clock advances evenly between the
  /// steps, so the finger has a speed when it lifts and the content glides on (run it out with
  /// ``settle()``); without one, the content stops where the finger lifted.
  public func drag(from start: CGPoint, to end: CGPoint, steps: Int = 4, duration: TimeInterval = 0) {
    window._touch(at: start, phase: .began)
    for step in 1...max(1, steps) {
      if duration > 0 { advance(by: duration / Double(max(1, steps))) }
      let t = CGFloat(step) / CGFloat(max(1, steps))
      window._touch(at: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t), phase: .moved)
    }
    window._touch(at: end, phase: .ended)
    endOfTurn()
  }

  /// Drags and drops as a person does: touches `start` (window points), holds still for
  /// `hold` seconds (the lift delay, half a second, by default a little more) so that a drag
  /// interaction there lifts its items (held selected text, a view whose drag delegate gives
  /// items), moves to `end` in `steps` moves and lifts. The clock moves by `hold`; what the
  /// drop loads arrives on the main queue, delivered before this returns. Without items to
  /// lift the gesture is a long press followed by a drag, as on a device.
  public func dragAndDrop(from start: CGPoint, to end: CGPoint, steps: Int = 4, hold: TimeInterval = 0.6) {
    precondition(drivesClock, "HeadlessHost.dragAndDrop: this host gave UIKit's clock back (releaseClock())")
    window._touch(at: start, phase: .began)
    UIApplication.shared._scheduler.advance(by: hold)
    for step in 1...max(1, steps) {
      let t = CGFloat(step) / CGFloat(max(1, steps))
      window._touch(at: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t), phase: .moved)
    }
    window._touch(at: end, phase: .ended)
    UIApplication.shared._scheduler.advance(by: 0)
    endOfTurn()
  }

  /// Drags from a point of `source` to a point of `destination` (each in its own view's
  /// coordinates; see ``dragAndDrop(from:to:steps:hold:)``).
  public func dragAndDrop(
    from source: UIView, at start: CGPoint, to destination: UIView, at end: CGPoint, steps: Int = 4, hold: TimeInterval = 0.6
  ) {
    dragAndDrop(from: source.convert(start, to: nil), to: destination.convert(end, to: nil), steps: steps, hold: hold)
  }

  /// Touches `point` (window points) and holds it for `hold` seconds without lifting: a drag
  /// interaction there lifts; then ``moveTouch(to:)`` and ``liftTouch(at:)`` go on with it, so
  /// that a test can look at the screen and at ``isDragging`` mid-drag.
  public func touchDown(at point: CGPoint, hold: TimeInterval = 0) {
    precondition(drivesClock, "HeadlessHost.touchDown: this host gave UIKit's clock back (releaseClock())")
    window._touch(at: point, phase: .began)
    if hold > 0 { UIApplication.shared._scheduler.advance(by: hold) }
    endOfTurn()
  }

  /// Moves the touch that ``touchDown(at:hold:)`` began to `point` (window points).
  public func moveTouch(to point: CGPoint) {
    window._touch(at: point, phase: .moved)
    endOfTurn()
  }

  /// Lifts the touch at `point` (window points): a drag under way drops there.
  public func liftTouch(at point: CGPoint) {
    window._touch(at: point, phase: .ended)
    UIApplication.shared._scheduler.advance(by: 0)
    endOfTurn()
  }

  /// Whether dragged items are following the finger (between the first move after a lift
  /// and the drop).
  public var isDragging: Bool { window._isDragging }

  /// Turns the mouse wheel over a window point, as the terminal host's wheel does: a picker
  /// there turns, otherwise the innermost scroll view that can move scrolls by `delta` points
  /// (positive: towards the end). Returns whether something moved.
  @discardableResult
  public func scrollWheel(at point: CGPoint, by delta: CGPoint) -> Bool {
    defer { endOfTurn() }
    return window._mouseWheel(at: point, delta: delta)
  }

  /// Turns the mouse wheel over the centre of `view` (see ``scrollWheel(at:by:)``).
  @discardableResult
  public func scroll(_ view: UIView, by delta: CGPoint) -> Bool {
    let frame = view.convert(view.bounds, to: nil)
    return scrollWheel(at: CGPoint(x: frame.midX, y: frame.midY), by: delta)
  }

  /// Turns component `component` of a picker (a `UIPickerView`, or a `UIDatePicker` showing
  /// wheels) by `rows` rows with the mouse wheel over it (positive: later rows), one row at a
  /// time. The delegate hears of the row once the wheel stops (``settle()``).
  public func spinPicker(_ view: UIView, component: Int = 0, rows: Int) {
    guard let picker = (view as? UIPickerView) ?? (view as? UIDatePicker)?._wheelsIfShown else {
      preconditionFailure("spinPicker: \(Swift.type(of: view)) shows no wheels")
    }
    window.layoutIfNeeded()
    let columns = picker._columns()
    precondition(columns.indices.contains(component), "spinPicker: the picker has no component \(component)")
    let height = picker.rowSize(forComponent: component).height
    let point = picker.convert(CGPoint(x: columns[component].x + columns[component].width / 2, y: picker.bounds.midY), to: nil)
    for _ in 0..<abs(rows) {
      _ = window._scrollWheelOverPicker(at: point, delta: CGPoint(x: 0, y: rows < 0 ? -height : height))
    }
    endOfTurn()
  }

  /// The rows a picker shows from top to bottom, each its components' titles side by side
  /// (empty where a component has no row there), the centre row (the selection) marked with
  /// `isSelected`.
  public func pickerRows(_ view: UIView) -> [(titles: [String], isSelected: Bool)] {
    guard let picker = (view as? UIPickerView) ?? (view as? UIDatePicker)?._wheelsIfShown else { return [] }
    window.layoutIfNeeded()
    return picker._visibleTitleRows()
  }

  /// Taps an empty point of the background: the top-left-most point of the root view that no
  /// subview covers (it fires a tap gesture recognizer there, as in seed 000's
  /// `dismissKeyboard`).
  public func tapBackground() {
    // Under a navigation controller, the background is its top screen's view.
    var controller = window.rootViewController
    while let navigation = controller as? UINavigationController, let top = navigation.topViewController {
      controller = top
    }
    let root = controller?.view ?? window
    let frame = root.convert(root.bounds, to: nil)
    let step: CGFloat = 4
    var y = frame.minY + step
    while y < frame.maxY {
      var x = frame.minX + step
      while x < frame.maxX {
        let point = CGPoint(x: x, y: y)
        if window.hitTest(point, with: nil) === root, !window.keyboard.contains(point) {
          tap(at: point)
          return
        }
        x += step * 4
      }
      y += step * 4
    }
    preconditionFailure("HeadlessHost.tapBackground: no uncovered point of the root view")
  }

  /// Taps twice in a row at a point of `view` (its centre when nil): in text, selects the word
  /// there and shows the edit menu.
  public func doubleTap(_ view: UIView, at point: CGPoint? = nil) {
    let target = view.convert(point ?? CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    for count in 1...2 {
      window._touch(at: target, phase: .began, tapCount: count)
      window._touch(at: target, phase: .ended, tapCount: count)
    }
    endOfTurn()
  }

  /// Touches a point of `view` (its centre when nil) and holds for `duration` seconds before
  /// lifting: in text, puts the caret there and shows the edit menu. The host's clock moves on
  /// by `duration` (timers and animations due meanwhile run).
  public func longPress(_ view: UIView, at point: CGPoint? = nil, duration: TimeInterval = 0.6) {
    precondition(drivesClock, "HeadlessHost.longPress: this host gave UIKit's clock back (releaseClock())")
    let target = view.convert(point ?? CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
    window._touch(at: target, phase: .began)
    UIApplication.shared._scheduler.advance(by: duration)
    window._touch(at: target, phase: .ended)
    endOfTurn()
  }

  /// Clicks the secondary (right) button at a point of `view` (its centre when nil): in text,
  /// shows the edit menu there.
  public func rightClick(_ view: UIView, at point: CGPoint? = nil) {
    window._secondaryClick(at: view.convert(point ?? CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil))
    endOfTurn()
  }

  // MARK: The edit menu

  /// The titles of the edit menu's items on screen, left to right (empty when none shows).
  public var editMenuItems: [String] {
    window._editMenuInteraction?._callout?.titles ?? []
  }

  /// Whether an edit menu is on screen.
  public var isEditMenuVisible: Bool { window._editMenuInteraction?._callout != nil }

  /// Taps the edit menu's item titled `title`, as a user does; false when no such item shows.
  @discardableResult
  public func chooseEditMenuItem(_ title: String) -> Bool {
    guard let button = window._editMenuInteraction?._callout?.button(titled: title) else { return false }
    tap(button)
    return true
  }

  // MARK: Bar button items and menus

  /// Taps a bar button item on a toolbar, a navigation bar or the keyboard's accessory bar, as
  /// a user does: its action runs, or its menu shows when it has no action.
  public func tap(_ item: UIBarButtonItem) {
    guard let view = window._view(forBarButtonItem: item) else {
      preconditionFailure("HeadlessHost.tap: the bar button item \(item.title ?? "(untitled)") is not on screen")
    }
    tap(view)
  }

  /// Holds a finger on a bar button item for `duration` seconds (an item with an action and a
  /// menu shows the menu after half a second). The host's clock moves on by `duration`.
  public func longPress(_ item: UIBarButtonItem, duration: TimeInterval = 0.6) {
    guard let view = window._view(forBarButtonItem: item) else {
      preconditionFailure("HeadlessHost.longPress: the bar button item \(item.title ?? "(untitled)") is not on screen")
    }
    longPress(view, duration: duration)
  }

  /// The titles of the rows of the menu a button or bar button item shows, top to bottom (a
  /// row whose element is on starts with "✓ "; a submenu's first row is "‹ " and its title);
  /// empty when none shows.
  public var menuItems: [String] { window._contextMenu?.titles ?? [] }

  /// Whether a button's or bar button item's menu is on screen.
  public var isMenuVisible: Bool { window._contextMenu != nil }

  /// Taps the row titled `title` (with or without its "✓ ") of the menu on screen: an element
  /// runs, a submenu opens; false when no such row shows.
  @discardableResult
  public func chooseMenuItem(_ title: String) -> Bool {
    guard let row = window._contextMenu?.rowView(titled: title) else { return false }
    tap(row)
    return true
  }

  /// Swipes down on `view` (a presented sheet's view): from near its top a third of the
  /// window's height down, as a user dismisses a sheet. Settle or advance the clock for the
  /// dismissal to finish.
  public func swipeDown(on view: UIView) {
    let frame = view.convert(view.bounds, to: nil)
    let start = CGPoint(x: frame.midX, y: frame.minY + min(8, frame.height / 2))
    drag(from: start, to: CGPoint(x: start.x, y: min(window.bounds.maxY - 1, start.y + max(frame.height / 2, window.bounds.height / 3))))
  }

  /// Swipes a presented sheet down (see ``swipeDown(on:)``): it goes, unless it is
  /// `isModalInPresentation` or its presentation controller's delegate refuses.
  public func swipeDownToDismiss(_ presented: UIViewController) {
    swipeDown(on: presented.view)
  }

  /// Taps the back button of `navigationController`'s bar.
  public func tapBackButton(of navigationController: UINavigationController) {
    endOfTurn()
    tap(navigationController.navigationBar._backButtonView)
  }

  /// Taps a text field's clear button.
  public func tapClearButton(of field: UITextField) {
    let rect = field.clearButtonRect(forBounds: field.bounds)
    tap(field, at: CGPoint(x: rect.midX, y: rect.midY))
  }

  // MARK: The hardware keyboard

  /// A key of a hardware keyboard.
  public enum Key: Hashable, Sendable {
    case character(String)
    case returnKey, tab, backspace, deleteForward, escape
    case left, right, up, down, home, end, pageUp, pageDown
    /// Modifier keys on their own (a press has `keyCode` `.keyboardLeftShift`, … and empty
    /// `characters`). Held with ``HeadlessHost/keyDown(_:modifiers:)``, their modifier applies
    /// to the keys pressed until they come up.
    case leftShift, rightShift, leftControl, rightControl, leftOption, rightOption, leftCommand, rightCommand
  }

  /// Modifier keys.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let control = Modifiers(rawValue: 2)
    public static let option = Modifiers(rawValue: 4)
    public static let command = Modifiers(rawValue: 8)
  }

  /// Whether Full Keyboard Access is on (iOS's Settings › Accessibility › Keyboards › Full
  /// Keyboard Access; off unless set, as on a device): Tab then reaches every enabled control,
  /// each segment of a segmented control, each half of a stepper and selectable cells, and
  /// Space activates the focused one (see `UIFocusSystem`). The terminal and the browser turn it
  /// on unless started with `--no-full-keyboard-access`.
  public var fullKeyboardAccess: Bool {
    get { window._fullKeyboardAccess }
    set { window._fullKeyboardAccess = newValue }
  }

  /// Presses one key of the hardware keyboard (e.g. `.backspace`, `.left` with `.shift`,
  /// `.character("z")` with `.command` for undo) and releases it: key commands, then
  /// `pressesBegan` and `pressesEnded` along the responder chain, as the terminal delivers them.
  /// Returns whether something used the key. Modifier keys held with
  /// ``keyDown(_:modifiers:)`` add their modifiers.
  @discardableResult
  public func press(_ key: Key, modifiers: Modifiers = []) -> Bool {
    let used = window._press(hardwareKey(key, modifiers: modifiers.union(heldModifiers)))
    endOfTurn()
    return used
  }

  /// Holds a key down, as a person does on a keyboard whose releases the host hears (the
  /// terminal with the kitty keyboard protocol): key commands, then `pressesBegan` along the
  /// responder chain, in ``press(_:modifiers:)``'s order; the key stays down until
  /// ``keyUp(_:)``. Modifier keys held this way add their modifier to the keys pressed after
  /// them (and a modifier key's own modifier is down with it, as iOS reports it). Holding a key
  /// that is already down releases it first. Returns whether something used the key.
  @discardableResult
  public func keyDown(_ key: Key, modifiers: Modifiers = []) -> Bool {
    if heldKeys.contains(where: { $0.key == key }) { keyUp(key) }
    var all = modifiers.union(heldModifiers)
    if let own = Self.modifier(of: key) { all.insert(own) }
    let (used, event) = window._keyDown(hardwareKey(key, modifiers: all))
    if let event { heldKeys.append((key, event)) }
    endOfTurn()
    return used
  }

  /// The keyboard repeats a key held with ``keyDown(_:modifiers:)``, as iOS's key repeat does:
  /// no new `pressesBegan`; a key command that took the key performs again (unless its
  /// `repeatBehavior` is `.nonRepeatable`), and a text field or text view that used the key
  /// handles it again (types the letter, moves, deletes). Returns whether something used the
  /// repeat; false for a key that is not down.
  @discardableResult
  public func keyRepeat(_ key: Key) -> Bool {
    guard let event = heldKeys.first(where: { $0.key == key })?.event else { return false }
    let used = window._keyRepeat(event)
    endOfTurn()
    return used
  }

  /// Releases a key held with ``keyDown(_:modifiers:)``: `pressesEnded` along the way its
  /// `pressesBegan` went (`pressesCancelled` if the view it began in left the window
  /// meanwhile). A key that is not down: nothing.
  public func keyUp(_ key: Key) {
    guard let index = heldKeys.firstIndex(where: { $0.key == key }) else { return }
    window._keyUp(heldKeys.remove(at: index).event)
    endOfTurn()
  }

  /// The keys held with ``keyDown(_:modifiers:)``, in the order they went down.
  public var keysDown: [Key] { heldKeys.map(\.key) }

  /// Cancels the keys that are down (`pressesCancelled`), as when the app stops being active
  /// while they are held.
  public func cancelKeysDown() {
    let events = heldKeys.map(\.event)
    heldKeys.removeAll()
    for event in events { window._cancelKey(event) }
    endOfTurn()
  }

  /// The modifiers of the modifier keys held down.
  private var heldModifiers: Modifiers {
    heldKeys.reduce(into: []) { all, held in
      if let own = Self.modifier(of: held.key) { all.insert(own) }
    }
  }

  private static func modifier(of key: Key) -> Modifiers? {
    switch key {
    case .leftShift, .rightShift: .shift
    case .leftControl, .rightControl: .control
    case .leftOption, .rightOption: .option
    case .leftCommand, .rightCommand: .command
    default: nil
    }
  }

  private func hardwareKey(_ key: Key, modifiers: Modifiers) -> HardwareKey {
    let code: HardwareKey.Code = switch key {
    case .character(let s): .character(s)
    case .returnKey: .returnKey
    case .tab: .tab
    case .backspace: .backspace
    case .deleteForward: .deleteForward
    case .escape: .escape
    case .left: .left
    case .right: .right
    case .up: .up
    case .down: .down
    case .home: .home
    case .end: .end
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    case .leftShift: .modifier(.leftShift)
    case .rightShift: .modifier(.rightShift)
    case .leftControl: .modifier(.leftControl)
    case .rightControl: .modifier(.rightControl)
    case .leftOption: .modifier(.leftOption)
    case .rightOption: .modifier(.rightOption)
    case .leftCommand: .modifier(.leftCommand)
    case .rightCommand: .modifier(.rightCommand)
    }
    return HardwareKey(code, modifiers: HardwareKey.Modifiers(rawValue: modifiers.rawValue))
  }

  /// Types `text` on the hardware keyboard, one key per grapheme cluster ("\n" presses Return).
  /// Any character reaches any field this way, whatever its keyboard type.
  public func type(_ text: String) {
    for character in text {
      if character == "\n" || character == "\r\n" {
        press(.returnKey)
      } else if character == "\t" {
        press(.tab)
      } else {
        press(.character(String(character)))
      }
    }
  }

  /// Presses Return (on the hardware keyboard).
  public func pressReturn() { press(.returnKey) }

  /// Presses Backspace `count` times.
  public func deleteBackward(_ count: Int = 1) {
    for _ in 0..<count { press(.backspace) }
  }

  /// Puts `text` on the general pasteboard and pastes it (⌘V) into the first responder.
  public func paste(_ text: String) {
    UIPasteboard.general.string = text
    press(.character("v"), modifiers: .command)
  }

  /// Composes text with an input method: each string in `steps` becomes the marked text in
  /// turn (e.g. "h", "ha"), then `commit` replaces it (e.g. "哈"). Each step asks the delegate's
  /// `shouldChangeCharactersIn`, as on iOS.
  public func compose(_ steps: [String], commit: String) {
    guard let input = window._firstResponder as? any UITextInput else { return }
    for step in steps {
      let length = (step as NSString).length
      input.setMarkedText(step, selectedRange: NSRange(location: length, length: 0))
    }
    let length = (commit as NSString).length
    input.setMarkedText(commit, selectedRange: NSRange(location: length, length: 0))
    input.unmarkText()
    window.undoManager?._endEventGroupIfNeeded()
  }

  // MARK: The software keyboard

  /// Whether the software keyboard (or an input view) is on screen.
  public var isKeyboardVisible: Bool { window.keyboard.isVisible }

  /// The keyboard's frame in window coordinates, when visible.
  public var keyboardFrame: CGRect? { window.keyboard.frame }

  /// Shows or hides the software keyboard, like the Simulator's "Toggle Software Keyboard":
  /// with it off, only the hardware keyboard types.
  public var isSoftwareKeyboardEnabled: Bool {
    get { window.keyboard.isSoftwareKeyboardEnabled }
    set { window.keyboard.isSoftwareKeyboardEnabled = newValue }
  }

  /// Settings › General › Keyboard › Smart Punctuation: with it on, typed quotes and `--` turn
  /// typographic where a text object's `smartQuotesType` / `smartDashesType` is `.default`.
  /// Off in a headless host (on in the terminal and on iOS), so that tests see exactly what
  /// they type; a trait set to `.yes` substitutes either way.
  public var smartPunctuation: Bool {
    get { window.keyboard.smartPunctuation }
    set { window.keyboard.smartPunctuation = newValue }
  }

  /// Settings › General › Keyboard › Hardware Keyboard › Auto-Capitalization: with it on,
  /// ``type(_:)`` and ``press(_:modifiers:)`` capitalise as the first responder's
  /// `autocapitalizationType` asks. Off in a headless host (on in the terminal and on iOS).
  public var hardwareKeyboardAutoCapitalization: Bool {
    get { window.keyboard.hardwareKeyboardAutoCapitalization }
    set { window.keyboard.hardwareKeyboardAutoCapitalization = newValue }
  }

  /// Whether `smartInsertDeleteType` `.default` adds and removes spaces around pasted and
  /// deleted words, as iOS always does. Off in a headless host (on in the terminal); a trait
  /// set to `.yes` does it either way.
  public var smartInsertDelete: Bool {
    get { window.keyboard.smartInsertDelete }
    set { window.keyboard.smartInsertDelete = newValue }
  }

  /// The labels of the software keys showing, row by row.
  public var softwareKeyboardRows: [[String]] {
    window.keyboard.softwareKeyboard?.rows.map { $0.map(\.label) } ?? []
  }

  /// The Return key's label, or nil when the keyboard has none (number and decimal pads).
  public var returnKeyLabel: String? {
    window.keyboard.softwareKeyboard?.rows.joined().first { $0.action == .return }?.label
  }

  /// Whether the Return key can be pressed (`enablesReturnKeyAutomatically`).
  public var isReturnKeyEnabled: Bool {
    window.keyboard.softwareKeyboard?.rows.joined().first { $0.action == .return }?.isEnabled ?? false
  }

  /// Taps the software key labelled `label` (e.g. "a", "123", "⌫", "Done"); false when no key
  /// showing has that label.
  @discardableResult
  public func tapKey(_ label: String) -> Bool {
    guard let keyboard = window.keyboard.softwareKeyboard, let keysFrame = window.keyboard.keysFrame,
      let key = keyboard.rows.joined().first(where: { $0.label == label })
    else { return false }
    tap(at: CGPoint(x: keysFrame.minX + key.frame.midX, y: keysFrame.minY + key.frame.midY))
    return true
  }

  /// Types `text` on the software keyboard, switching planes and shift as a person would;
  /// stops (returning false) at the first character the keyboard does not offer.
  @discardableResult
  public func typeOnSoftwareKeyboard(_ text: String) -> Bool {
    for character in text {
      guard typeSoftwareCharacter(String(character)) else { return false }
    }
    return true
  }

  private func typeSoftwareCharacter(_ target: String) -> Bool {
    guard let keyboard = window.keyboard.softwareKeyboard else { return false }
    func findKey() -> SoftwareKeyboard.Key? {
      keyboard.rows.joined().first { key in
        switch key.action {
        case .insert(let s): s == target
        case .space: target == " "
        case .return: target == "\n"
        default: false
        }
      }
    }
    // Try the plane showing, then shift, then every other plane (and shift there).
    var attempts = 0
    while attempts < 8 {
      if let key = findKey() {
        return tapKeyAt(key)
      }
      attempts += 1
      let keys = keyboard.rows.joined()
      if attempts % 2 == 1, let shift = keys.first(where: { $0.action == .shift }) {
        _ = tapKeyAt(shift)
        continue
      }
      if let shift = keys.first(where: { $0.action == .shift }), shift.isSelected { _ = tapKeyAt(shift) }
      let switches = keys.filter { if case .switchPlane = $0.action { true } else { false } }
      guard let next = switches.first else { return false }
      _ = tapKeyAt(next)
    }
    return false
  }

  private func tapKeyAt(_ key: SoftwareKeyboard.Key) -> Bool {
    guard let keysFrame = window.keyboard.keysFrame else { return false }
    tap(at: CGPoint(x: keysFrame.minX + key.frame.midX, y: keysFrame.minY + key.frame.midY))
    return true
  }

  // MARK: The screen

  /// What the screen would show, as text: one line per cell row (8 × 16 pt cells by default),
  /// trailing spaces trimmed and trailing empty lines dropped. Borders are box-drawing
  /// characters (or brackets for fields too short for a box), images their glyph, the
  /// keyboard its key labels.
  public func screen() -> String {
    var lines = grid().lines
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// Where the caret is on the text screen (column, row), when a text object is editing.
  public var caretCell: (column: Int, row: Int)? { grid().cursor }

  package func grid() -> CellGrid {
    rasterizer.rasterize(window.displayList(), size: window.bounds.size)
  }

  /// Changes the app's preferred content size category, as a person does in Settings: views that
  /// adjust to it (`adjustsFontForContentSizeCategory`) get their Dynamic Type fonts at the new
  /// size, `UIContentSizeCategory.didChangeNotification` is posted, and the window lays out.
  /// The category is the app's, shared by every host: set `.large` back when done.
  public func setPreferredContentSizeCategory(_ category: UIContentSizeCategory) {
    UIApplication.shared._setPreferredContentSizeCategory(category)
    window.layoutIfNeeded()
  }

  /// Turns the device, as the Simulator's Rotate Left and Rotate Right do:
  /// `UIDevice.orientationDidChangeNotification` is posted (to apps that generate it), and if
  /// the app and the controller on screen support the orientation, the interface turns: the
  /// root view controller (and each presentation) gets `willTransition(to:with:)` if size
  /// classes change, then `viewWillTransition(to:with:)`; the screen, its safe area and the
  /// window take the new size in a 0.3 s animation on UIKit's clock (the coordinator's
  /// alongside animations with it), the views get their new traits and lay out, and the
  /// coordinator's completions run when it ends (``settle()`` or ``advance(by:)``).
  ///
  /// Only this host's window turns: the screen is the process's, but windows of other hosts
  /// (other tests running beside this one) keep their size.
  public func rotate(to orientation: UIDeviceOrientation) {
    UIApplication.shared._deviceDidRotate(to: orientation, windows: [window])
    endOfTurn()
  }

  /// Gives the screen another size, as a terminal host does when its window is resized (an
  /// iPad's windows resize likewise): the controllers are told as for a rotation, without an
  /// animation; a screen that changes shape turns the interface (landscape when wider).
  public func resizeScreen(to size: CGSize) {
    UIApplication.shared._screenDidResize(to: size, windows: [window])
    endOfTurn()
  }

  /// The appearance the simulated device shows (Settings → Display & Brightness): light or
  /// dark. Setting it switches it live, as Control Center does: every window, view and view
  /// controller gets the new `userInterfaceStyle` trait, `traitCollectionDidChange(_:)` and
  /// the trait-change registrations run, dynamic colours resolve again and the window lays out
  /// and draws in the new appearance. `.unspecified` means light. Each host starts in light.
  public var userInterfaceStyle: UIUserInterfaceStyle {
    get { UIScreen.main._userInterfaceStyle }
    set { changeScreenSetting { $0._userInterfaceStyle = newValue == .dark ? .dark : .light } }
  }

  /// The kind of device the host simulates: an iPhone (`.phone`, each host's start) or an iPad
  /// (`.pad`). Switched live: on an iPad-sized screen an iPad has regular size classes, so
  /// popovers show as popovers and sheets as form sheets.
  public var userInterfaceIdiom: UIUserInterfaceIdiom {
    get { UIScreen.main._userInterfaceIdiom }
    set { changeScreenSetting { $0._userInterfaceIdiom = newValue } }
  }

  /// Increase Contrast (Settings → Accessibility → Display & Text Size), switched live: the
  /// `accessibilityContrast` trait, and the system colours' high-contrast variants.
  public var increasesContrast: Bool {
    get { UIScreen.main._accessibilityContrast == .high }
    set { changeScreenSetting { $0._accessibilityContrast = newValue ? .high : .normal } }
  }

  /// Bold Text (Settings → Accessibility → Display & Text Size), switched live: the
  /// `legibilityWeight` trait.
  public var usesBoldText: Bool {
    get { UIScreen.main._legibilityWeight == .bold }
    set { changeScreenSetting { $0._legibilityWeight = newValue ? .bold : .regular } }
  }

  /// Reduce Motion (Settings → Accessibility → Motion): `UIAccessibility.isReduceMotionEnabled`
  /// and `prefersCrossFadeTransitions` read it, and their notifications are posted when it
  /// changes.
  public var reducesMotion: Bool {
    get { UIScreen.main._reducesMotion }
    set { changeScreenSetting { $0._reducesMotion = newValue } }
  }

  /// Changes one of the screen's simulated settings (put back when the host goes away), then
  /// lays the window out, as the end of the run loop's turn does.
  private func changeScreenSetting(_ change: (UIScreen) -> Void) {
    change(UIScreen.main)
    changedScreenSettings = true
    window.layoutIfNeeded()
  }

  /// The first responder of the host's window.
  public var firstResponder: UIResponder? { window._firstResponder }
}
