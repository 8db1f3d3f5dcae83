import Foundation
import Testing
import UIKit
import UIKitTesting

/// A screen under a navigation bar whose right item shows a menu, with a button below it and a
/// field whose accessory toolbar has an item with a menu.
@MainActor
private final class MenuScreenController: UIViewController {
  var log: [String] = []
  var senders: [AnyObject?] = []
  let button = UIButton(type: .system)
  let field = UITextField(frame: CGRect(x: 16, y: 200, width: 200, height: 16))
  let toolbar = UIToolbar()

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Notes"
    button.setTitle("Underneath", for: .normal)
    button.frame = CGRect(x: 0, y: 60, width: 640, height: 200)
    button.addAction(UIAction { [weak self] _ in self?.log.append("underneath tapped") }, for: .primaryActionTriggered)
    view.addSubview(button)
    view.addSubview(field)
    field.inputAccessoryView = toolbar
  }

  func action(_ title: String, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off) -> UIAction {
    UIAction(title: title, attributes: attributes, state: state) { [weak self] action in
      self?.log.append(title)
      self?.senders.append(action.sender as AnyObject?)
    }
  }

  func share(_ sender: UIBarButtonItem) { log.append("share tapped") }
}

@MainActor @Suite struct BarButtonItemMenuTests {
  /// The cell where `text` starts on the screen.
  private func firstCell(of text: String, in grid: CellGrid) -> CellGrid.Cell? {
    guard let row = grid.lines.firstIndex(where: { $0.contains(text) }) else { return nil }
    let line = grid.lines[row]
    let column = line.distance(from: line.startIndex, to: line.range(of: text)!.lowerBound)
    return grid[column, row]
  }

  private func host(_ controller: UIViewController) -> HeadlessHost {
    HeadlessHost(
      rootViewController: UINavigationController(rootViewController: controller),
      screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
  }

  @Test func anItemWithoutAnActionShowsItsMenuOnATapAndChoosingRunsTheActionAfterTheMenuGoes() {
    let controller = MenuScreenController()
    let item = UIBarButtonItem(title: "Sort", image: nil, primaryAction: nil, menu: nil)
    var menuOnScreenWhileRunning: Bool?
    // Weakly: the action is kept by the item, the item by the screen the host holds, and a host
    // kept alive would keep UIKit's clock from every later test.
    weak var hostRef: HeadlessHost?
    let byName = UIAction(title: "By Name") { [weak controller] action in
      menuOnScreenWhileRunning = hostRef?.isMenuVisible
      controller?.senders.append(action.sender as AnyObject?)
    }
    item.menu = UIMenu(title: "", children: [byName, controller.action("By Date")])
    controller.navigationItem.rightBarButtonItem = item
    let host = self.host(controller)
    hostRef = host

    #expect(!host.isMenuVisible)
    host.tap(item)
    #expect(host.menuItems == ["By Name", "By Date"])
    #expect(host.screen().contains("By Name"))
    #expect(host.chooseMenuItem("By Name"))
    #expect(menuOnScreenWhileRunning == false, "the element runs after the menu has gone")
    #expect(!host.isMenuVisible)
    #expect(controller.senders.count == 1 && controller.senders[0] === item, "the item is the action's sender")
    #expect(!host.screen().contains("By Date"))
  }

  @Test func anItemWithAnActionRunsItOnATapAndShowsItsMenuOnALongPress() {
    let controller = MenuScreenController()
    let item = UIBarButtonItem(
      title: "Share", image: nil, target: controller, action: MenuScreenController.share,
      menu: UIMenu(children: [controller.action("Copy Link"), controller.action("Mail")]))
    controller.navigationItem.rightBarButtonItem = item
    let host = host(controller)

    host.tap(item)
    #expect(controller.log == ["share tapped"])
    #expect(!host.isMenuVisible)

    host.longPress(item)
    #expect(host.menuItems == ["Copy Link", "Mail"])
    #expect(controller.log == ["share tapped"], "the lift after the long press does not tap")
    host.chooseMenuItem("Mail")
    #expect(controller.log == ["share tapped", "Mail"])
  }

  @Test func aShortPressIsATapEvenWithAMenu() {
    let controller = MenuScreenController()
    let item = UIBarButtonItem(
      title: "Share", image: nil, target: controller, action: MenuScreenController.share,
      menu: UIMenu(children: [controller.action("Mail")]))
    controller.navigationItem.rightBarButtonItem = item
    let host = host(controller)
    host.longPress(item, duration: 0.3)
    #expect(!host.isMenuVisible)
    #expect(controller.log == ["share tapped"])
  }

  @Test func sectionsSubmenusAndTheElementsLooks() {
    let controller = MenuScreenController()
    let menu = UIMenu(children: [
      UIMenu(options: .displayInline, children: [
        controller.action("Select", state: .on), controller.action("Hidden", attributes: .hidden),
      ]),
      UIMenu(title: "Sort By", children: [controller.action("Name"), controller.action("Date")]),
      controller.action("Unavailable", attributes: .disabled),
      controller.action("Delete", attributes: .destructive),
    ])
    let item = UIBarButtonItem(systemItem: .action, primaryAction: nil, menu: menu)
    controller.navigationItem.rightBarButtonItem = item
    let host = host(controller)

    host.tap(item)
    #expect(host.menuItems == ["✓ Select", "Sort By", "Unavailable", "Delete"])
    let screen = host.screen()
    #expect(screen.contains("✓ Select"))
    #expect(screen.contains("─"), "a rule after the inline section")
    #expect(screen.contains("Sort By") && screen.contains("›"))
    let grid = host.grid()
    #expect(firstCell(of: "Delete", in: grid)?.foreground == CellGrid.RGB(r: 255, g: 59, b: 48), "destructive: red")
    #expect(firstCell(of: "Unavailable", in: grid)?.foreground == CellGrid.RGB(r: 142, g: 142, b: 147), "disabled: grey")

    host.chooseMenuItem("Unavailable")
    #expect(host.isMenuVisible && controller.log.isEmpty, "a disabled element cannot be chosen")

    host.chooseMenuItem("Sort By")
    #expect(host.menuItems == ["‹ Sort By", "Name", "Date"])
    host.chooseMenuItem("‹ Sort By")
    #expect(host.menuItems.first == "✓ Select")
    host.chooseMenuItem("Sort By")
    host.chooseMenuItem("Date")
    #expect(controller.log == ["Date"])
    #expect(!host.isMenuVisible)
  }

  @Test func aTouchOutsideTheMenuDismissesItAndReachesNothingElse() {
    let controller = MenuScreenController()
    let item = UIBarButtonItem(title: "More", image: nil, primaryAction: nil, menu: UIMenu(children: [controller.action("One")]))
    controller.navigationItem.rightBarButtonItem = item
    let host = host(controller)
    host.tap(controller.button, at: CGPoint(x: 400, y: 50))
    #expect(controller.log == ["underneath tapped"])
    controller.log = []
    host.tap(item)
    #expect(host.isMenuVisible)
    host.tap(controller.button, at: CGPoint(x: 400, y: 50))
    #expect(!host.isMenuVisible)
    #expect(controller.log.isEmpty, "the touch that dismissed the menu did not tap the button under it")
    host.tap(controller.button, at: CGPoint(x: 400, y: 50))
    #expect(controller.log == ["underneath tapped"])

    host.tap(item)
    host.rightClick(controller.field)
    #expect(!host.isMenuVisible, "a right click dismisses the menu")
    #expect(!host.isEditMenuVisible, "and shows no edit menu of its own")
  }

  @Test func theHardwareKeyboardMovesThroughTheMenu() {
    let controller = MenuScreenController()
    let menu = UIMenu(children: [
      controller.action("First"), controller.action("Off", attributes: .disabled),
      UIMenu(title: "More", children: [controller.action("Inner")]), controller.action("Last"),
    ])
    let item = UIBarButtonItem(title: "Menu", image: nil, primaryAction: nil, menu: menu)
    controller.navigationItem.rightBarButtonItem = item
    let host = host(controller)

    host.tap(item)
    #expect(host.press(.down))
    #expect(host.press(.down), "the disabled row is skipped")
    #expect(host.press(.right), "→ opens the highlighted submenu")
    #expect(host.menuItems == ["‹ More", "Inner"])
    host.press(.left)
    #expect(host.menuItems == ["First", "Off", "More", "Last"])
    host.press(.up)
    host.press(.up)
    host.press(.down)
    host.press(.down)
    host.press(.down)
    host.press(.returnKey)
    #expect(controller.log == ["Last"])
    #expect(!host.isMenuVisible)

    host.tap(item)
    #expect(host.press(.escape))
    #expect(!host.isMenuVisible)
    #expect(controller.log == ["Last"])
  }

  @Test func aDeferredElementShowsLoadingUntilItsProviderAnswers() {
    let controller = MenuScreenController()
    var complete: (([UIMenuElement]) -> Void)?
    let deferred = UIDeferredMenuElement { completion in complete = completion }
    let item = UIBarButtonItem(
      title: "Recent", image: nil, primaryAction: nil, menu: UIMenu(children: [controller.action("Open…"), deferred]))
    controller.navigationItem.rightBarButtonItem = item
    let host = host(controller)
    host.tap(item)
    #expect(host.menuItems == ["Open…", "Loading…"])
    complete?([controller.action("a.txt"), controller.action("b.txt")])
    #expect(host.menuItems == ["Open…", "a.txt", "b.txt"])
    host.chooseMenuItem("b.txt")
    #expect(controller.log == ["b.txt"])
  }

  @Test func anItemThatChangesSelectionKeepsOneElementOnOrTogglesWithoutAMenu() {
    let controller = MenuScreenController()
    let a = controller.action("Small", state: .on)
    let b = controller.action("Large")
    let item = UIBarButtonItem(title: "Size", image: nil, primaryAction: nil, menu: UIMenu(children: [a, b]))
    item.changesSelectionAsPrimaryAction = true
    let toggle = UIBarButtonItem(title: "Bold", image: nil, primaryAction: nil, menu: nil)
    toggle.changesSelectionAsPrimaryAction = true
    controller.navigationItem.rightBarButtonItems = [item, toggle]
    let host = host(controller)

    host.tap(item)
    host.chooseMenuItem("Large")
    #expect(a.state == .off && b.state == .on)
    host.tap(item)
    #expect(host.menuItems == ["Small", "✓ Large"])
    host.press(.escape)

    #expect(!toggle.isSelected)
    host.tap(toggle)
    #expect(toggle.isSelected)
    host.tap(toggle)
    #expect(!toggle.isSelected)
  }

  @Test func anAccessoryToolbarItemShowsItsMenuOverTheScreen() {
    let controller = MenuScreenController()
    let item = UIBarButtonItem(
      title: "Insert", image: nil, primaryAction: nil,
      menu: UIMenu(children: [
        UIAction(title: "Date") { [weak controller] _ in controller?.field.insertText("2026-11-28") },
      ]))
    controller.toolbar.items = [item]
    controller.toolbar.sizeToFit()
    let host = host(controller)
    host.tap(controller.field)
    host.settle()
    host.tap(item)
    #expect(host.menuItems == ["Date"])
    host.chooseMenuItem("Date")
    #expect(controller.field.text == "2026-11-28")
    #expect(controller.field.isFirstResponder, "choosing from the menu keeps the field editing")
  }

  // MARK: Buttons

  @Test func aButtonShowingItsMenuAsPrimaryActionSendsMenuActionTriggered() {
    let controller = MenuScreenController()
    let host = host(controller)
    var events: [String] = []
    controller.button.addAction(UIAction { _ in events.append("primary") }, for: .primaryActionTriggered)
    controller.button.addAction(UIAction { _ in events.append("menu") }, for: .menuActionTriggered)
    controller.button.menu = UIMenu(children: [controller.action("Rename"), controller.action("Duplicate")])
    #expect(controller.button.isContextMenuInteractionEnabled)
    controller.button.showsMenuAsPrimaryAction = true

    host.tap(controller.button)
    #expect(events == ["menu"])
    #expect(host.menuItems == ["Rename", "Duplicate"])
    host.chooseMenuItem("Duplicate")
    #expect(controller.log == ["Duplicate"])
    #expect(controller.senders.last! === controller.button)
  }

  @Test func aButtonWithAMenuShowsItOnALongPressAndTapsOtherwise() {
    let controller = MenuScreenController()
    let host = host(controller)
    controller.button.menu = UIMenu(children: [controller.action("Rename")])

    host.tap(controller.button)
    #expect(controller.log == ["underneath tapped"])
    #expect(!host.isMenuVisible)
    host.longPress(controller.button)
    #expect(host.menuItems == ["Rename"])
    #expect(controller.log == ["underneath tapped"], "the lift after the long press does not tap")

    host.press(.escape)
    controller.button.isContextMenuInteractionEnabled = false
    host.longPress(controller.button)
    #expect(!host.isMenuVisible, "a disabled context menu interaction shows nothing")
  }

  @Test func aPopUpButtonShowsTheChosenElementsTitle() {
    let controller = MenuScreenController()
    let host = host(controller)
    let button = controller.button
    button.showsMenuAsPrimaryAction = true
    button.changesSelectionAsPrimaryAction = true
    let first = controller.action("Celsius")
    let second = controller.action("Fahrenheit")
    button.menu = UIMenu(children: [first, second])
    #expect(button.currentTitle == "Celsius", "the first element is selected until one is chosen")
    #expect(first.state == .on)

    host.tap(button)
    #expect(host.menuItems == ["✓ Celsius", "Fahrenheit"])
    host.chooseMenuItem("Fahrenheit")
    #expect(button.currentTitle == "Fahrenheit")
    #expect(first.state == .off && second.state == .on)
    #expect(controller.log == ["Fahrenheit"])
  }

  @Test func aButtonThatChangesSelectionWithoutAMenuToggles() {
    let controller = MenuScreenController()
    let host = host(controller)
    controller.button.changesSelectionAsPrimaryAction = true
    host.tap(controller.button)
    #expect(controller.button.isSelected)
    #expect(controller.log == ["underneath tapped"])
    host.tap(controller.button)
    #expect(!controller.button.isSelected)
  }
}

