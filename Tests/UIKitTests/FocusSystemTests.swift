import Foundation
import Testing
import UIKit
import UIKitTesting

/// A view that takes keyboard focus, records what the focus system asks and tells it, and may
/// refuse to let focus go.
@MainActor
private final class FocusTile: UIView {
  let name: String
  var log: [String]
  var refusesToLoseFocus = false

  init(_ name: String, frame: CGRect, log: [String] = []) {
    self.name = name
    self.log = log
    super.init(frame: frame)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override var canBecomeFocused: Bool { true }

  override func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool {
    recorder?.append("\(name) should \(describe(context))")
    return !(refusesToLoseFocus && context.previouslyFocusedItem === self)
  }

  override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
    recorder?.append("\(name) did \(describe(context))")
    coordinator.addCoordinatedAnimations({ self.alpha = self.isFocused ? 0.5 : 1 })
  }

  var recorder: FocusRecorder?
}

@MainActor
private final class FocusRecorder {
  var entries: [String] = []
  func append(_ entry: String) { entries.append(entry) }
}

@MainActor
private func describe(_ context: UIFocusUpdateContext) -> String {
  func name(_ view: UIView?) -> String {
    guard let view else { return "nil" }
    return (view as? FocusTile)?.name ?? view.accessibilityIdentifier ?? String(describing: type(of: view))
  }
  let heading: String
  switch context.focusHeading {
  case .next: heading = "next"
  case .previous: heading = "previous"
  case .down: heading = "down"
  case .up: heading = "up"
  case .left: heading = "left"
  case .right: heading = "right"
  default: heading = "-"
  }
  return "\(name(context.previouslyFocusedView))→\(name(context.nextFocusedView)) \(heading)"
}

/// A form: two fields, a switch, a segmented control and a stepper in a row, a button, and two
/// custom focusable views sharing a focus group.
@MainActor
private final class FocusFormController: UIViewController {
  let name = UITextField(frame: CGRect(x: 16, y: 60, width: 200, height: 34))
  let city = UITextField(frame: CGRect(x: 16, y: 110, width: 200, height: 34))
  let toggle = UISwitch(frame: CGRect(x: 16, y: 160, width: 51, height: 31))
  let segments = UISegmentedControl(items: ["A", "B", "C"])
  let stepper = UIStepper(frame: CGRect(x: 250, y: 210, width: 94, height: 32))
  let button = UIButton(type: .system)
  let left = FocusTile("left", frame: CGRect(x: 16, y: 300, width: 80, height: 40))
  let right = FocusTile("right", frame: CGRect(x: 120, y: 300, width: 80, height: 40))
  var events: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    name.borderStyle = .roundedRect
    name.accessibilityIdentifier = "name"
    city.borderStyle = .roundedRect
    city.accessibilityIdentifier = "city"
    segments.frame = CGRect(x: 16, y: 210, width: 180, height: 32)
    button.setTitle("Save", for: .normal)
    button.frame = CGRect(x: 16, y: 250, width: 80, height: 34)
    left.focusGroupIdentifier = "tiles"
    right.focusGroupIdentifier = "tiles"
    for view in [name, city, toggle, segments, stepper, button, left, right] as [UIView] { self.view.addSubview(view) }
    toggle.addAction(UIAction { [unowned self] _ in events.append("switch \(toggle.isOn)") }, for: .valueChanged)
    segments.addAction(UIAction { [unowned self] _ in events.append("segment \(segments.selectedSegmentIndex)") }, for: .valueChanged)
    stepper.addAction(UIAction { [unowned self] _ in events.append("stepper \(stepper.value)") }, for: .valueChanged)
    button.addAction(UIAction { [unowned self] _ in events.append("save") }, for: .touchUpInside)
  }
}

@MainActor
private func makeFocusForm(fullKeyboardAccess: Bool = false) -> (HeadlessHost, FocusFormController) {
  let controller = FocusFormController()
  let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
  host.fullKeyboardAccess = fullKeyboardAccess
  _ = host.screen()
  return (host, controller)
}

@MainActor
private func focused(_ host: HeadlessHost) -> (any UIFocusItem)? {
  UIFocusSystem.focusSystem(for: host.window)?.focusedItem
}

/// Keyboard focus as iPadOS 15 gives it with a hardware keyboard, and Full Keyboard Access.
@MainActor @Suite struct FocusSystemTests {
  @Test func focusStartsDeferredAndTabBringsItUpOnTheFirstFieldThenMovesByGroup() {
    let (host, form) = makeFocusForm()
    #expect(focused(host) == nil)
    #expect(!form.name.isFocused)
    host.press(.tab)
    #expect(focused(host) === form.name)
    #expect(form.name.isFocused && form.name.isFirstResponder)
    host.press(.tab)
    #expect(focused(host) === form.city && form.city.isFirstResponder)
    // Without Full Keyboard Access the switch, segments, stepper and button are not stops; the
    // two tiles share a group, entered at its first.
    host.press(.tab)
    #expect(focused(host) === form.left)
    #expect(!form.city.isFirstResponder, "focus leaving a field ends its editing")
    host.press(.tab)
    #expect(focused(host) === form.name, "the loop wraps round")
    host.press(.tab, modifiers: .shift)
    #expect(focused(host) === form.left)
    host.press(.tab, modifiers: .shift)
    #expect(focused(host) === form.city)
  }

  @Test func theArrowsMoveWithinTheGroupAndReportAFailedMoveAtItsEdge() {
    let (host, form) = makeFocusForm()
    host.press(.tab)
    host.press(.tab)
    host.press(.tab)
    #expect(focused(host) === form.left)
    var failures = 0
    let token = NotificationCenter.default.addObserver(
      forName: UIFocusSystem.movementDidFailNotification, object: nil, queue: .main
    ) { _ in MainActor.assumeIsolated { failures += 1 } }
    defer { NotificationCenter.default.removeObserver(token) }
    host.press(.right)
    #expect(focused(host) === form.right)
    host.press(.right)
    #expect(focused(host) === form.right)
    #expect(failures == 1)
    // Down leaves nothing in the group below: the fields are in other groups.
    host.press(.up)
    #expect(focused(host) === form.right && failures == 2)
    // Leaving the group and coming back returns to the item focused last in it.
    host.press(.tab)
    #expect(focused(host) === form.name)
    host.press(.tab)
    host.press(.tab)
    #expect(focused(host) === form.right)
    host.press(.left)
    #expect(focused(host) === form.left)
  }

  @Test func theEnvironmentsAreAskedAndToldInOrderAndTheNotificationCarriesTheContext() {
    let (host, form) = makeFocusForm()
    let recorder = FocusRecorder()
    form.left.recorder = recorder
    form.right.recorder = recorder
    var contexts: [UIFocusUpdateContext] = []
    var coordinators = 0
    let token = NotificationCenter.default.addObserver(forName: UIFocusSystem.didUpdateNotification, object: nil, queue: .main) { note in
      let context = note.userInfo?[UIFocusSystem.focusUpdateContextUserInfoKey] as? UIFocusUpdateContext
      let coordinator = note.userInfo?[UIFocusSystem.animationCoordinatorUserInfoKey] as? UIFocusAnimationCoordinator
      MainActor.assumeIsolated {
        if let context { contexts.append(context) }
        if coordinator != nil { coordinators += 1 }
      }
    }
    defer { NotificationCenter.default.removeObserver(token) }
    host.press(.tab, modifiers: .shift)
    #expect(focused(host) === form.left)
    host.press(.right)
    #expect(recorder.entries == [
      "left should nil→left previous", "left did nil→left previous",
      "left should left→right right", "right should left→right right",
      "left did left→right right", "right did left→right right",
    ])
    #expect(contexts.count == 2 && coordinators == 2)
    #expect(contexts.last?.previouslyFocusedItem === form.left && contexts.last?.nextFocusedItem === form.right)
    #expect(contexts.last?.focusHeading == .right)
    // The coordinated animation runs on UIKit's clock.
    #expect(form.right.alpha == 0.5 && form.left.alpha == 1)
  }

  @Test func anEnvironmentThatRefusesKeepsTheFocus() {
    let (host, form) = makeFocusForm()
    host.press(.tab, modifiers: .shift)
    form.left.refusesToLoseFocus = true
    host.press(.right)
    #expect(focused(host) === form.left)
    host.press(.tab)
    #expect(focused(host) === form.left)
    #expect(!form.name.isFirstResponder)
    form.left.refusesToLoseFocus = false
    host.press(.tab)
    #expect(focused(host) === form.name)
  }

  @Test func aTouchDefersFocusAndTheNextTabStartsFromTheFirstResponder() {
    let (host, form) = makeFocusForm()
    host.press(.tab, modifiers: .shift)
    #expect(focused(host) === form.left)
    host.tap(form.city)
    #expect(focused(host) == nil && form.city.isFirstResponder)
    host.press(.tab)
    #expect(focused(host) === form.left)
  }

  @Test func theFocusedViewIsDrawnWithAHaloAndAFieldWithItsCaret() {
    let (host, form) = makeFocusForm()
    func rows() -> [String] { host.screen().components(separatedBy: "\n") + Array(repeating: "", count: 60) }
    #expect(!host.screen().contains("[[") && !rows()[19].contains("["))
    host.press(.tab, modifiers: .shift)
    // Two rows tall: brackets a cell outside the view on each side (it spans columns 2–12),
    // on the row of its middle (320 pt).
    #expect(Array(rows()[19]).firstIndex(of: "[") == 1, "\(rows()[19])")
    #expect(Array(rows()[19]).firstIndex(of: "]") == 12, "\(rows()[19])")
    host.press(.tab)
    #expect(focused(host) === form.name)
    #expect(!host.screen().contains("[[") && !rows()[19].contains("["), "a field shows its caret, not a halo: \(host.screen())")
    form.name.focusEffect = UIFocusHaloEffect(roundedRect: form.name.bounds, cornerRadius: 5, curve: .continuous)
    // The field's own brackets, and the halo's outside them.
    #expect(host.screen().contains("[[") && host.screen().contains("]]"))
    form.left.focusEffect = nil
    host.press(.tab, modifiers: .shift)
    #expect(focused(host) === form.left)
    #expect(!host.screen().contains("[[") && !rows()[19].contains("["), "no effect, nothing drawn")
  }

  @Test func aFocusedItemThatLeavesTheScreenLosesFocus() {
    let (host, form) = makeFocusForm()
    host.press(.tab, modifiers: .shift)
    form.left.isHidden = true
    #expect(focused(host) == nil)
    #expect(!form.left.isFocused)
  }

  @Test func setNeedsFocusUpdateMovesFocusToThePreferredEnvironment() {
    let (host, form) = makeFocusForm()
    final class Container: UIView {
      var preferred: [any UIFocusEnvironment] = []
      override var preferredFocusEnvironments: [any UIFocusEnvironment] { preferred }
    }
    let container = Container(frame: CGRect(x: 0, y: 400, width: 390, height: 100))
    let a = FocusTile("a", frame: CGRect(x: 10, y: 10, width: 40, height: 40))
    let b = FocusTile("b", frame: CGRect(x: 100, y: 10, width: 40, height: 40))
    container.addSubview(a)
    container.addSubview(b)
    form.view.addSubview(container)
    host.press(.tab, modifiers: .shift)
    #expect(focused(host) === b, "Shift-Tab from nothing goes to the last stop")
    container.preferred = [a]
    // Outside the focused item's environments: nothing happens.
    form.left.setNeedsFocusUpdate()
    form.left.updateFocusIfNeeded()
    #expect(focused(host) === b)
    container.setNeedsFocusUpdate()
    #expect(focused(host) === b, "the update waits for the end of the turn")
    container.updateFocusIfNeeded()
    #expect(focused(host) === a)
    #expect(UIFocusSystem.environment(container, contains: a))
    #expect(!UIFocusSystem.environment(a, contains: container))
    #expect(UIFocusSystem.environment(form, contains: a), "a controller contains its view's items")
  }

  @Test func keyCommandsThatDoNotWantPriorityComeAfterNavigation() {
    final class Commands: UIViewController {
      var performed: [String] = []
      let tile = FocusTile("tile", frame: CGRect(x: 10, y: 100, width: 50, height: 50))
      override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(tile)
      }
      lazy var tabCommand = UIKeyCommand(input: "\t", modifierFlags: [], action: Commands.tab)
      lazy var downCommand: UIKeyCommand = {
        let command = UIKeyCommand(input: UIKeyCommand.inputDownArrow, modifierFlags: [], action: Commands.down)
        command.wantsPriorityOverSystemBehavior = true
        return command
      }()
      override var keyCommands: [UIKeyCommand]? { [tabCommand, downCommand] }
      func tab() { performed.append("tab") }
      func down() { performed.append("down") }
    }
    let controller = Commands()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    host.press(.tab)
    #expect(focused(host) === controller.tile)
    #expect(controller.performed.isEmpty)
    host.press(.down)
    #expect(controller.performed == ["down"])
  }

  // MARK: Full Keyboard Access

  @Test func fullKeyboardAccessTabsThroughEveryControlAndSpaceActivatesIt() {
    let (host, form) = makeFocusForm(fullKeyboardAccess: true)
    var stops: [String] = []
    for _ in 0..<10 {
      host.press(.tab)
      guard let item = focused(host) else { break }
      if let view = item as? UIView {
        stops.append((view as? FocusTile)?.name ?? view.accessibilityIdentifier ?? String(describing: type(of: view)))
      } else {
        stops.append("part of \(String(describing: type(of: UIFocusSystem.focusSystem(for: host.window)!.focusedItem!.parentFocusEnvironment!)))")
      }
    }
    #expect(stops == [
      "name", "city", "UISwitch",
      "part of UISegmentedControl", "part of UISegmentedControl", "part of UISegmentedControl",
      "part of UIStepper", "part of UIStepper", "UIButton", "left",
    ])
    // Space on the focused stepper half, then on the button; Return works too.
    host.press(.tab, modifiers: .shift)
    host.press(.tab, modifiers: .shift)
    host.press(.character(" "))
    #expect(form.events == ["stepper 1.0"])
    host.press(.tab)
    host.press(.character(" "))
    host.press(.returnKey)
    #expect(form.events == ["stepper 1.0", "save", "save"])
    #expect(focused(host) === form.button, "activation keeps the focus")
  }

  @Test func fullKeyboardAccessFlipsTheSwitchAndPicksASegment() {
    let (host, form) = makeFocusForm(fullKeyboardAccess: true)
    host.press(.tab)
    host.press(.tab)
    host.press(.tab)
    #expect(focused(host) === form.toggle)
    host.press(.character(" "))
    #expect(form.toggle.isOn)
    host.press(.down)
    #expect(focused(host)?.parentFocusEnvironment === form.segments)
    host.press(.right)
    host.press(.character(" "))
    #expect(form.segments.selectedSegmentIndex == 1)
    #expect(form.events == ["switch true", "segment 1"])
    // Typing in a field still types the space.
    host.tap(form.name)
    host.type("a b")
    #expect(form.name.text == "a b")
  }

  @Test func fullKeyboardAccessDrawsItsRingRoundAFieldAndAControl() {
    let (host, form) = makeFocusForm(fullKeyboardAccess: true)
    host.press(.tab)
    #expect(focused(host) === form.name)
    #expect(host.screen().contains("[[") && host.screen().contains("]]"), "Full Keyboard Access rings a field too")
    form.toggle.isEnabled = false
    host.press(.tab)
    host.press(.tab)
    #expect(focused(host)?.parentFocusEnvironment === form.segments, "a disabled control is passed over")
  }

  @Test func anAlertKeepsItsOwnArrowKeys() {
    let (host, form) = makeFocusForm(fullKeyboardAccess: true)
    let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
    var chosen: [String] = []
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in chosen.append("cancel") })
    alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in chosen.append("delete") })
    form.present(alert, animated: false)
    _ = host.screen()
    host.press(.tab)
    #expect(focused(host) == nil, "the alert's Tab moves between its actions")
    host.press(.returnKey)
    host.advance(by: 1)
    #expect(chosen.count == 1)
  }
}

@MainActor @Suite struct FocusFollowsTheFirstResponderTests {
  @Test func aFieldMadeFirstResponderByCodeTakesTheFocusWhileItIsUp() {
    let controller = UIViewController()
    let first = UITextField(frame: CGRect(x: 16, y: 60, width: 200, height: 34))
    let second = UITextField(frame: CGRect(x: 16, y: 110, width: 200, height: 34))
    controller.view.addSubview(first)
    controller.view.addSubview(second)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    host.fullKeyboardAccess = true
    // Deferred: a field becoming first responder does not bring focus up.
    #expect(first.becomeFirstResponder())
    #expect(UIFocusSystem.focusSystem(for: first)?.focusedItem == nil)
    host.press(.tab)
    #expect(second.isFocused)
    // Up: it follows (as a delegate's becomeFirstResponder on Return moves it).
    #expect(first.becomeFirstResponder())
    #expect(first.isFocused && !second.isFocused)
  }
}

@MainActor @Suite struct FocusOnAFieldThatStoppedEditingTests {
  @Test func tabOnTheOnlyFieldBeginsEditingAgainAndKeysDoNotTypeIntoItMeanwhile() {
    final class Screen: UIViewController, UITextFieldDelegate {
      let field = UITextField(frame: CGRect(x: 16, y: 60, width: 200, height: 34))
      override func viewDidLoad() {
        super.viewDidLoad()
        field.delegate = self
        view.addSubview(field)
      }
      func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        textField.resignFirstResponder()
        return true
      }
    }
    let screen = Screen()
    let host = HeadlessHost(rootViewController: screen, screenSize: CGSize(width: 390, height: 844))
    host.press(.tab)
    #expect(screen.field.isFirstResponder && screen.field.isFocused)
    host.type("hi")
    host.pressReturn()
    #expect(!screen.field.isFirstResponder && screen.field.isFocused)
    // Not editing: keys do not reach it.
    host.type("x")
    #expect(screen.field.text == "hi")
    host.press(.tab)
    #expect(screen.field.isFirstResponder)
    host.type("!")
    #expect(screen.field.text == "hi!")
  }
}

@MainActor @Suite struct FocusLeavingAFieldThatWillNotEndTests {
  @Test func aFieldThatWillNotEndKeepsTheFocusAndIsAskedOncePerTab() {
    final class Screen: UIViewController, UITextFieldDelegate {
      let field = UITextField(frame: CGRect(x: 16, y: 60, width: 200, height: 34))
      let first = UISwitch(frame: CGRect(x: 16, y: 120, width: 51, height: 31))
      let second = UISwitch(frame: CGRect(x: 16, y: 170, width: 51, height: 31))
      var asked = 0
      override func viewDidLoad() {
        super.viewDidLoad()
        field.delegate = self
        for view in [field, first, second] as [UIView] { self.view.addSubview(view) }
      }
      func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        asked += 1
        return false
      }
    }
    let screen = Screen()
    let host = HeadlessHost(rootViewController: screen, screenSize: CGSize(width: 390, height: 844))
    host.fullKeyboardAccess = true
    host.press(.tab)
    #expect(screen.field.isFocused && screen.field.isFirstResponder)
    host.press(.tab)
    #expect(screen.field.isFocused && screen.field.isFirstResponder)
    #expect(screen.asked == 1)
  }
}

@MainActor @Suite struct FocusItemsAndEffectsTests {
  @Test func aViewListsTheFocusableViewsInARectGoingIntoThoseThatAreNot() {
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
    let a = FocusTile("a", frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    let holder = UIView(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
    let b = FocusTile("b", frame: CGRect(x: 10, y: 10, width: 30, height: 30))
    let c = FocusTile("c", frame: CGRect(x: 250, y: 0, width: 50, height: 50))
    let label = UILabel(frame: CGRect(x: 60, y: 0, width: 30, height: 20))
    holder.addSubview(b)
    for view in [a, holder, c, label] { container.addSubview(view) }
    let found = container.focusItems(in: CGRect(x: 0, y: 0, width: 200, height: 100))
    #expect(found.count == 2 && found[0] === a && found[1] === b, "the label is not focusable; c is outside")
    #expect(container.focusItemContainer === container && container.coordinateSpace === container)
  }

  @Test func aPrioritizedItemIsWhereFocusEntersItsGroup() {
    let (host, form) = makeFocusForm()
    form.right.focusGroupPriority = .prioritized
    host.press(.tab, modifiers: .shift)
    #expect(focused(host) === form.right)
  }

  @Test func aHaloEffectsShapeIsDrawnWhereItSays() {
    let (host, form) = makeFocusForm()
    func row() -> [Character] {
      Array((host.screen().components(separatedBy: "\n") + Array(repeating: "", count: 60))[19])
    }
    // The right half of the left tile (window x 56–96), a cell outside it each side.
    form.left.focusEffect = UIFocusHaloEffect(rect: CGRect(x: 40, y: 0, width: 40, height: 40))
    host.press(.tab, modifiers: .shift)
    #expect(row().firstIndex(of: "[") == 6 && row().firstIndex(of: "]") == 12, "\(String(row()))")
    // Relative to a reference view: the right tile's bounds.
    let relative = UIFocusHaloEffect(rect: CGRect(x: 0, y: 0, width: 80, height: 40))
    relative.referenceView = form.right
    form.left.focusEffect = relative
    #expect(row().firstIndex(of: "[") == 14 && row().firstIndex(of: "]") == 25, "\(String(row()))")
    // A path: its bounds.
    form.left.focusEffect = UIFocusHaloEffect(path: UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)))
    #expect(row().firstIndex(of: "[") == 1 && row().firstIndex(of: "]") == 7, "\(String(row()))")
    // The system effect: the bounds.
    form.left.focusEffect = UIFocusEffect.effect()
    #expect(row().firstIndex(of: "[") == 1 && row().firstIndex(of: "]") == 12, "\(String(row()))")
  }

  @Test func focusingAndUnfocusingAnimationsRunForTheFocusAnimationsDuration() {
    final class Tile: UIView {
      var durations: [TimeInterval] = []
      var completions = 0
      override var canBecomeFocused: Bool { true }
      override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
        if context.nextFocusedView === self {
          coordinator.addCoordinatedFocusingAnimations({
            self.durations.append($0.duration)
            self.alpha = 0.5
          }, completion: { self.completions += 1 })
        } else {
          coordinator.addCoordinatedUnfocusingAnimations({
            self.durations.append($0.duration)
            self.backgroundColor = .red
          }, completion: { self.completions += 1 })
        }
      }
    }
    let controller = UIViewController()
    let one = Tile(frame: CGRect(x: 10, y: 100, width: 40, height: 40))
    let two = Tile(frame: CGRect(x: 10, y: 200, width: 40, height: 40))
    controller.view.addSubview(one)
    controller.view.addSubview(two)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    _ = host.screen()
    host.press(.tab)
    host.press(.tab)
    #expect(one.durations == [0.2, 0.2] && two.durations == [0.2])
    host.advance(by: 0.1)
    #expect(one.completions == 0, "still animating")
    host.advance(by: 0.2)
    #expect(one.completions == 2 && two.completions == 1)
  }
}
