import Foundation
import Testing
import UIKit
import UIKitTesting

/// A shared list of what happened, in order.
@MainActor
final class EventLog {
  var entries: [String] = []
  func add(_ entry: String) { entries.append(entry) }
  func take() -> [String] {
    defer { entries = [] }
    return entries
  }
}

/// A screen that logs its appearance and containment calls as "Name call".
@MainActor
class LoggingController: UIViewController {
  let name: String
  let log: EventLog
  var movingFromParentInWillDisappear: Bool?
  var movingToParentInWillAppear: Bool?

  init(_ name: String, log: EventLog, title: String? = nil) {
    self.name = name
    self.log = log
    super.init(nibName: nil, bundle: nil)
    self.title = title ?? name
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    log.add("\(name) viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    movingToParentInWillAppear = isMovingToParent
    log.add("\(name) viewWillAppear")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    log.add("\(name) viewDidAppear")
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    movingFromParentInWillDisappear = isMovingFromParent
    log.add("\(name) viewWillDisappear")
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    log.add("\(name) viewDidDisappear")
  }
  override func willMove(toParent parent: UIViewController?) {
    super.willMove(toParent: parent)
    log.add("\(name) willMove(toParent: \(parent == nil ? "nil" : "nav"))")
  }
  override func didMove(toParent parent: UIViewController?) {
    super.didMove(toParent: parent)
    log.add("\(name) didMove(toParent: \(parent == nil ? "nil" : "nav"))")
  }
}

@MainActor
final class NavigationDelegateLog: NSObject, UINavigationControllerDelegate {
  let log: EventLog
  init(_ log: EventLog) { self.log = log }
  func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
    log.add("delegate willShow \((viewController as? LoggingController)?.name ?? "?")")
  }
  func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
    log.add("delegate didShow \((viewController as? LoggingController)?.name ?? "?")")
  }
}

/// A screen with one text field, logging its delegate's end of editing.
@MainActor
final class FieldScreen: LoggingController, UITextFieldDelegate {
  let field = UITextField(frame: CGRect(x: 16, y: 120, width: 200, height: 34))
  override func viewDidLoad() {
    super.viewDidLoad()
    field.delegate = self
    view.addSubview(field)
  }
  func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
    log.add("\(name) field didEndEditing")
  }
}

@MainActor @Suite struct NavigationTests {
  /// An 80 × 24 cell screen measuring text as the terminal does.
  private func cellHost(_ controller: UIViewController) -> HeadlessHost {
    HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
  }

  // MARK: The stack and the order of calls

  @Test func anAnimatedPushAndPopCallAppearanceInIOSOrderOverTime() {
    let log = EventLog()
    let a = LoggingController("A", log: log)
    let navigation = UINavigationController(rootViewController: a)
    let delegate = NavigationDelegateLog(log)
    navigation.delegate = delegate
    let host = HeadlessHost(rootViewController: navigation)
    #expect(log.take() == ["A willMove(toParent: nav)", "A didMove(toParent: nav)", "A viewDidLoad", "A viewWillAppear", "A viewDidAppear"])

    let b = LoggingController("B", log: log)
    navigation.pushViewController(b, animated: true)
    #expect(log.take() == [
      "B willMove(toParent: nav)", "B viewDidLoad", "delegate willShow B", "A viewWillDisappear", "B viewWillAppear",
    ])
    #expect(b.movingToParentInWillAppear == true)
    #expect(navigation.topViewController === b)
    host.advance(by: 0.3)
    #expect(log.take().isEmpty)
    host.advance(by: 0.06)
    #expect(log.take() == [
      "A viewDidDisappear", "B viewDidAppear", "B didMove(toParent: nav)", "delegate didShow B",
    ])
    #expect(b.isMovingToParent == false)
    #expect(a.viewIfLoaded?.superview == nil)

    let popped = navigation.popViewController(animated: true)
    #expect(popped === b)
    #expect(navigation.viewControllers == [a])
    #expect(log.take() == ["delegate willShow A", "B willMove(toParent: nil)", "B viewWillDisappear", "A viewWillAppear"])
    #expect(b.movingFromParentInWillDisappear == true)
    #expect(a.movingToParentInWillAppear == false)
    host.advance(by: 0.35)
    #expect(log.take() == ["B viewDidDisappear", "A viewDidAppear", "B didMove(toParent: nil)", "delegate didShow A"])
    #expect(b.parent == nil)
    #expect(b.navigationController == nil)
  }

  @Test func anUnanimatedPushIsImmediateAndTheSlideMovesTheViews() {
    let log = EventLog()
    let a = LoggingController("A", log: log)
    let navigation = UINavigationController(rootViewController: a)
    let host = HeadlessHost(rootViewController: navigation)
    _ = log.take()
    let b = LoggingController("B", log: log)
    navigation.pushViewController(b, animated: false)
    #expect(log.take() == [
      "B willMove(toParent: nav)", "B viewDidLoad", "A viewWillDisappear", "B viewWillAppear", "A viewDidDisappear",
      "B viewDidAppear", "B didMove(toParent: nav)",
    ])
    #expect(b.view.frame == host.window.bounds)

    // Animated: the new screen starts off the right edge and is drawn sliding in.
    let c = LoggingController("C", log: log)
    navigation.pushViewController(c, animated: true)
    #expect(c.view.frame == host.window.bounds)  // the model frame is the final one at once
    #expect(c.view.layer.presentation()?.frame.minX ?? 0 > 300)
    host.advance(by: 0.2)
    let midway = c.view.layer.presentation()?.frame.minX ?? 0
    #expect(midway > 0 && midway < 390)
    host.advance(by: 0.2)
    #expect(c.view.layer.presentation()?.frame.minX == 0)
  }

  @Test func aPushDuringASlideFinishesTheSlideFirst() {
    let log = EventLog()
    let navigation = UINavigationController(rootViewController: LoggingController("A", log: log))
    let host = HeadlessHost(rootViewController: navigation)
    let b = LoggingController("B", log: log), c = LoggingController("C", log: log)
    navigation.pushViewController(b, animated: true)
    _ = log.take()
    navigation.pushViewController(c, animated: false)
    #expect(log.take() == [
      "A viewDidDisappear", "B viewDidAppear", "B didMove(toParent: nav)",
      "C willMove(toParent: nav)", "C viewDidLoad", "B viewWillDisappear", "C viewWillAppear", "B viewDidDisappear",
      "C viewDidAppear", "C didMove(toParent: nav)",
    ])
    host.settle()
    #expect(log.take().isEmpty)
    #expect(navigation.viewControllers.map { ($0 as! LoggingController).name } == ["A", "B", "C"])
  }

  @Test func popToRootAndPopToAControllerReturnThePopped() {
    let log = EventLog()
    let a = LoggingController("A", log: log)
    let navigation = UINavigationController(rootViewController: a)
    let host = HeadlessHost(rootViewController: navigation)
    let b = LoggingController("B", log: log), c = LoggingController("C", log: log), d = LoggingController("D", log: log)
    navigation.setViewControllers([a, b, c, d], animated: false)
    #expect(navigation.topViewController === d)
    #expect(b.viewIfLoaded == nil)  // screens under the top are not loaded
    _ = log.take()
    #expect(navigation.popToViewController(b, animated: false) == [c, d])
    #expect(log.take() == [
      "B viewDidLoad", "C willMove(toParent: nil)", "D willMove(toParent: nil)", "D viewWillDisappear",
      "B viewWillAppear", "D viewDidDisappear", "B viewDidAppear", "C didMove(toParent: nil)", "D didMove(toParent: nil)",
    ])
    #expect(navigation.popToRootViewController(animated: false) == [b])
    #expect(navigation.popToRootViewController(animated: false) == nil)
    #expect(navigation.popViewController(animated: false) == nil)
    #expect(navigation.popToViewController(c, animated: false) == nil)
    #expect(navigation.viewControllers == [a])
    #expect(a.view.superview === navigation.view)
    _ = host
  }

  @Test func offScreenTheStackChangesWithoutAppearanceCalls() {
    let log = EventLog()
    let navigation = UINavigationController(rootViewController: LoggingController("A", log: log))
    let b = LoggingController("B", log: log)
    navigation.pushViewController(b, animated: true)
    #expect(log.take() == ["A willMove(toParent: nav)", "A didMove(toParent: nav)", "B willMove(toParent: nav)", "B didMove(toParent: nav)"])
    #expect(b.navigationController === navigation)
    #expect(navigation.children == navigation.viewControllers)
  }

  // MARK: The bar

  @Test func theBarShowsTheBackButtonTitleAndItemsOnScreen() {
    let log = EventLog()
    let list = LoggingController("List", log: log, title: "Notes")
    list.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
    let navigation = UINavigationController(rootViewController: list)
    let host = cellHost(navigation)
    var lines = host.screen().components(separatedBy: "\n")
    #expect(lines[0].contains("Notes"))
    #expect(!lines[0].contains("‹"))
    #expect(lines[0].hasSuffix("+"))

    let edit = LoggingController("Edit", log: log, title: "Edit Note")
    edit.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .save, target: nil, action: nil)
    navigation.pushViewController(edit, animated: false)
    lines = host.screen().components(separatedBy: "\n")
    #expect(lines[0].hasPrefix(" ‹ Notes"))
    #expect(lines[0].hasSuffix("Save"))
    // The title is centred on the 80-column bar.
    let title = lines[0].range(of: "Edit Note")!
    let column = lines[0].distance(from: lines[0].startIndex, to: title.lowerBound)
    #expect(column == 40 - 9 / 2 - 1 || column == 40 - 9 / 2)
    // The screen's safe area starts under the bar's row.
    #expect(edit.view.safeAreaInsets.top == 16)
  }

  @Test func theBackButtonUsesTheBackTitleOfThePreviousItem() {
    let log = EventLog()
    let a = LoggingController("A", log: log, title: "Settings")
    let navigation = UINavigationController(rootViewController: a)
    let host = cellHost(navigation)
    navigation.pushViewController(LoggingController("B", log: log), animated: false)
    let bar = navigation.navigationBar
    func firstLine() -> String { host.screen().components(separatedBy: "\n")[0] }
    #expect(firstLine().hasPrefix(" ‹ Settings"))
    a.navigationItem.backButtonTitle = "Back Home"
    #expect(firstLine().hasPrefix(" ‹ Back Home"))
    a.navigationItem.backBarButtonItem = UIBarButtonItem(title: "Up", style: .plain, target: nil, action: nil)
    #expect(firstLine().hasPrefix(" ‹ Up "))
    a.navigationItem.backButtonDisplayMode = .minimal
    #expect(firstLine().hasPrefix(" ‹ ") && !firstLine().contains("Up"))
    a.navigationItem.backButtonDisplayMode = .generic
    #expect(firstLine().hasPrefix(" ‹ Back "))
    navigation.topViewController?.navigationItem.hidesBackButton = true
    #expect(!firstLine().contains("‹"))
    #expect(bar.backItem === a.navigationItem)
  }

  @Test func tappingTheBackButtonPopsWithASlide() {
    let log = EventLog()
    let navigation = UINavigationController(rootViewController: LoggingController("A", log: log))
    let host = HeadlessHost(rootViewController: navigation)
    let b = LoggingController("B", log: log)
    navigation.pushViewController(b, animated: false)
    _ = log.take()
    host.tapBackButton(of: navigation)
    #expect(log.take() == ["B willMove(toParent: nil)", "B viewWillDisappear", "A viewWillAppear"])
    #expect(b.movingFromParentInWillDisappear == true)
    host.settle()
    #expect(log.take() == ["B viewDidDisappear", "A viewDidAppear", "B didMove(toParent: nil)"])
    #expect(navigation.viewControllers.count == 1)
    #expect(navigation.navigationBar._backButtonView.isHidden)
  }

  @Test func barButtonItemsAreTappable() {
    final class Screen: UIViewController {
      var saved = 0
      override func viewDidLoad() {
        super.viewDidLoad()
        title = "Edit"
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .save, target: self, action: Screen.save)
        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: nil, action: nil)
      }
      func save() { saved += 1 }
    }
    let screen = Screen()
    let navigation = UINavigationController(rootViewController: screen)
    let host = HeadlessHost(rootViewController: navigation)
    let save = screen.navigationItem.rightBarButtonItem!
    let saveView = navigation.navigationBar._view(for: save)!
    let frame = saveView.convert(saveView.bounds, to: nil)
    #expect(frame.maxX <= 390 && frame.maxX > 370)
    #expect(frame.minY == 47 && frame.height == 44)
    host.tap(saveView)
    #expect(screen.saved == 1)
    let cancelFrame = navigation.navigationBar._view(for: screen.navigationItem.leftBarButtonItem!)!.frame
    #expect(cancelFrame.minX < 20)
  }

  @Test func theScreenIsLaidOutUnderTheBarThroughItsSafeArea() {
    let screen = UIViewController()
    let label = UILabel()
    label.translatesAutoresizingMaskIntoConstraints = false
    screen.view.addSubview(label)
    label.topAnchor.constraint(equalTo: screen.view.safeAreaLayoutGuide.topAnchor).isActive = true
    label.leadingAnchor.constraint(equalTo: screen.view.leadingAnchor).isActive = true
    let navigation = UINavigationController(rootViewController: screen)
    let host = HeadlessHost(rootViewController: navigation)
    #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 47, width: 390, height: 44))
    #expect(screen.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
    #expect(screen.view.safeAreaInsets.top == 91)
    #expect(screen.additionalSafeAreaInsets == .zero)
    #expect(label.frame.minY == 91)
    navigation.setNavigationBarHidden(true, animated: false)
    host.window.layoutIfNeeded()
    #expect(navigation.navigationBar.isHidden)
    #expect(screen.view.safeAreaInsets.top == 47)
    #expect(label.frame.minY == 47)
  }

  @Test func theToolbarShowsTheTopScreensToolbarItems() {
    let screen = UIViewController()
    screen.toolbarItems = [.flexibleSpace(), UIBarButtonItem(title: "Share", style: .plain, target: nil, action: nil)]
    let navigation = UINavigationController(rootViewController: screen)
    let host = HeadlessHost(rootViewController: navigation, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    #expect(!host.screen().contains("Share"))
    navigation.isToolbarHidden = false
    let lines = host.screen().components(separatedBy: "\n")
    #expect(lines.count == 24)
    #expect(lines[23].hasSuffix("Share"))
    #expect(screen.view.safeAreaInsets.bottom == 16)
  }

  // MARK: View controller API

  @Test func titleSetsTheNavigationItemsTitleButNotTheReverse() {
    let controller = UIViewController()
    controller.title = "Inbox"
    #expect(controller.navigationItem.title == "Inbox")
    controller.title = "Mail"
    #expect(controller.navigationItem.title == "Mail")
    controller.navigationItem.title = "Other"
    #expect(controller.title == "Mail")
    let item = UINavigationItem(title: "T")
    item.rightBarButtonItems = [UIBarButtonItem(title: "1", style: .plain, target: nil, action: nil), UIBarButtonItem(title: "2", style: .plain, target: nil, action: nil)]
    #expect(item.rightBarButtonItem?.title == "1")
    item.rightBarButtonItem = nil
    #expect(item.rightBarButtonItems == nil)
  }

  @Test func showPushesInANavigationControllerAndPresentsOtherwise() {
    let log = EventLog()
    let a = LoggingController("A", log: log)
    let navigation = UINavigationController(rootViewController: a)
    let host = HeadlessHost(rootViewController: navigation)
    let b = LoggingController("B", log: log)
    a.show(b, sender: nil)
    #expect(navigation.topViewController === b)
    host.settle()
    let c = UIViewController()
    let lone = UIViewController()
    let other = HeadlessHost(rootViewController: lone)
    lone.show(c, sender: nil)
    #expect(lone.presentedViewController === c)
    other.settle()
    _ = host
  }

  // MARK: Editing

  @Test func poppingAScreenWithAFieldBeingEditedEndsEditing() {
    let log = EventLog()
    let navigation = UINavigationController(rootViewController: LoggingController("A", log: log))
    let host = HeadlessHost(rootViewController: navigation)
    let edit = FieldScreen("Edit", log: log)
    navigation.pushViewController(edit, animated: false)
    host.tap(edit.field)
    host.type("Hi")
    #expect(edit.field.isFirstResponder)
    #expect(host.isKeyboardVisible)
    _ = log.take()
    navigation.popViewController(animated: true)
    #expect(log.take() == [
      "Edit willMove(toParent: nil)",
      "Edit viewWillDisappear", "A viewWillAppear", "Edit field didEndEditing",
    ])
    #expect(!edit.field.isFirstResponder)
    #expect(host.firstResponder == nil)
    host.settle()
    #expect(!host.isKeyboardVisible)
    #expect(edit.field.text == "Hi")
  }
}

@MainActor @Suite struct NavigationBarUpdateTests {
  @Test func aTitleOrPromptChangedLaterShowsOnTheBar() {
    let screen = UIViewController()
    screen.title = "Draft"
    let navigation = UINavigationController(rootViewController: screen)
    let host = HeadlessHost(rootViewController: navigation, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    #expect(host.screen().components(separatedBy: "\n")[0].contains("Draft"))
    screen.title = "Sent"
    #expect(host.screen().components(separatedBy: "\n")[0].contains("Sent"))
    screen.navigationItem.prompt = "Choose a folder"
    let lines = host.screen().components(separatedBy: "\n")
    #expect(lines[0].contains("Choose a folder"))
    #expect(lines[1].contains("Sent"))
    #expect(screen.view.safeAreaInsets.top == 32)
  }

  @Test func aPushFromViewDidAppearAndTapBackgroundUnderANavigationController() {
    final class Bouncer: UIViewController {
      var pushed = false
      override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if !pushed {
          pushed = true
          navigationController?.pushViewController(UIViewController(), animated: true)
        }
      }
    }
    let first = Bouncer()
    let navigation = UINavigationController(rootViewController: first)
    let host = HeadlessHost(rootViewController: navigation)
    #expect(navigation.viewControllers.count == 2)
    host.settle()
    #expect(navigation.topViewController !== first)
    host.tapBackground()  // the top screen's view is the background
    #expect(navigation.viewControllers.count == 2)
  }
}

@MainActor @Suite struct StandaloneNavigationBarTests {
  @MainActor final class BarDelegate: NSObject, UINavigationBarDelegate {
    var allowPop = true
    var calls: [String] = []
    func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
      calls.append("shouldPop \(item.title ?? "")")
      return allowPop
    }
    func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem) {
      calls.append("didPop \(item.title ?? "")")
    }
  }

  @Test func aBarOfItsOwnPopsThroughItsDelegateAndShowsATitleView() {
    let controller = UIViewController()
    let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 640, height: 16))
    controller.view.addSubview(bar)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
    let delegate = BarDelegate()
    bar.delegate = delegate
    bar.setItems([UINavigationItem(title: "Mail"), UINavigationItem(title: "Inbox")], animated: false)
    #expect(host.screen().components(separatedBy: "\n")[0].hasPrefix(" ‹ Mail"))
    delegate.allowPop = false
    host.tap(bar._backButtonView)
    #expect(delegate.calls == ["shouldPop Inbox"])
    #expect(bar.topItem?.title == "Inbox")
    delegate.allowPop = true
    host.tap(bar._backButtonView)
    #expect(delegate.calls == ["shouldPop Inbox", "shouldPop Inbox", "didPop Inbox"])
    #expect(bar.items?.count == 1)
    #expect(bar._backButtonView.isHidden)

    let titleView = UILabel()
    titleView.text = "[logo]"
    titleView.frame.size = CGSize(width: 48, height: 16)
    bar.topItem?.titleView = titleView
    let line = host.screen().components(separatedBy: "\n")[0]
    #expect(line.contains("[logo]"))
    #expect(!line.contains("Mail"))
    #expect(titleView.frame.midX == 320)
  }
}

@MainActor @Suite struct EmbeddedNavigationTests {
  @Test func aNavigationControllerInAContainerOfTheAppsOwnCallsAppearanceOnPush() {
    let log = EventLog()
    let container = UIViewController()
    let host = HeadlessHost(rootViewController: container)
    let navigation = UINavigationController(rootViewController: LoggingController("A", log: log))
    container.addChild(navigation)
    container.view.addSubview(navigation.view)
    navigation.didMove(toParent: container)
    _ = log.take()
    navigation.pushViewController(LoggingController("B", log: log), animated: false)
    #expect(log.take() == [
      "B willMove(toParent: nav)", "B viewDidLoad", "A viewWillDisappear", "B viewWillAppear", "A viewDidDisappear",
      "B viewDidAppear", "B didMove(toParent: nav)",
    ])
    #expect(container.children == [navigation])
    #expect(navigation.parent === container)
    _ = host
  }
}
