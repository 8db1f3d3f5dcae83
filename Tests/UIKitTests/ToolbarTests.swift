import Foundation
import Testing
import UIKit
import UIKitTesting

/// A screen with one text field whose accessory view is a toolbar, recording what its items do.
@MainActor
private final class ToolbarFormController: UIViewController {
  let field = UITextField(frame: CGRect(x: 16, y: 16, width: 200, height: 16))
  let toolbar = UIToolbar()
  var log: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(field)
    field.inputAccessoryView = toolbar
  }

  func cancel(_ sender: UIBarButtonItem) { log.append("cancel \(sender.title ?? "")") }
  func done() {
    log.append("done")
    field.resignFirstResponder()
  }
  func next(_ sender: Any, _ event: UIEvent?) { log.append("next") }
}

@MainActor @Suite struct ToolbarTests {
  /// A host measuring text in cells (as the terminal does) on an 80 × 24 cell screen.
  private func cellHost(_ controller: UIViewController) -> HeadlessHost {
    HeadlessHost(
      rootViewController: controller, screenSize: CGSize(width: 640, height: 384), measuresTextInCells: true)
  }

  private func grid(_ host: HeadlessHost) -> CellGrid { host.grid() }

  // MARK: Items

  @Test func systemItemsHaveIOSTitlesAndIcons() {
    #expect(UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil).title == "Done")
    #expect(UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil).style == .done)
    #expect(UIBarButtonItem(barButtonSystemItem: .cancel, target: nil, action: nil).title == "Cancel")
    #expect(UIBarButtonItem(barButtonSystemItem: .save, target: nil, action: nil).title == "Save")
    #expect(UIBarButtonItem(barButtonSystemItem: .edit, target: nil, action: nil).style == .plain)
    let trash = UIBarButtonItem(barButtonSystemItem: .trash, target: nil, action: nil)
    #expect(trash.title == nil)
    #expect(trash.image == UIImage(systemName: "trash"))
    #expect(UIBarButtonItem.SystemItem.close.rawValue == 24)
    #expect(UIBarButtonItem.SystemItem.redo.rawValue == 22)
    #expect(UIBarButtonItem.fixedSpace(20).width == 20)
  }

  @Test func aPrimaryActionGivesItsTitleExceptToASystemItem() {
    let action = UIAction(title: "Send", image: UIImage(systemName: "paperplane")) { _ in }
    let item = UIBarButtonItem(primaryAction: action)
    #expect(item.title == "Send")
    #expect(item.image == UIImage(systemName: "paperplane"))
    let system = UIBarButtonItem(systemItem: .save, primaryAction: action)
    #expect(system.title == "Save")
    #expect(system.image == nil)
  }

  // MARK: Layout

  @Test func flexibleSpacesShareTheLeftoverAndItemsKeepTheirWidths() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller)
    let toolbar = UIToolbar(frame: CGRect(x: 0, y: 100, width: 390, height: 44))
    controller.view.addSubview(toolbar)
    let cancel = UIBarButtonItem(barButtonSystemItem: .cancel, target: nil, action: nil)
    let edit = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
    let done = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
    toolbar.items = [cancel, .flexibleSpace(), edit, .flexibleSpace(), done]
    host.window.layoutIfNeeded()
    // A column of the 17-point font is 8.5 points: Cancel 51, Edit 34, Done 34; iOS's margins,
    // 16 points from the bar's ends.
    let c = toolbar._view(for: cancel)!.frame, e = toolbar._view(for: edit)!.frame
    let d = toolbar._view(for: done)!.frame
    #expect(c.minX == 16 && c.width == 51 && c.height == 44)
    #expect(d.maxX == 390 - 16 && d.width == 34)
    #expect(e.width == 34)
    let leftGap = e.minX - c.maxX, rightGap = d.minX - e.maxX
    #expect(abs(leftGap - rightGap) <= 1, "two flexible spaces share the leftover equally")
    #expect(leftGap + rightGap == CGFloat(390 - 32 - 51 - 34 - 34))
  }

  @Test func withoutAFlexibleSpaceItemsSitAtTheLeadingEdgeAndFixedSpacesAddTheirWidth() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller)
    let toolbar = UIToolbar(frame: CGRect(x: 0, y: 100, width: 390, height: 44))
    controller.view.addSubview(toolbar)
    let a = UIBarButtonItem(title: "Ab", style: .plain, target: nil, action: nil)
    let b = UIBarButtonItem(title: "Cd", style: .plain, target: nil, action: nil)
    let c = UIBarButtonItem(image: UIImage(systemName: "star"), style: .plain, target: nil, action: nil)
    let hidden = UIBarButtonItem(title: "Gone", style: .plain, target: nil, action: nil)
    hidden.isHidden = true
    toolbar.items = [a, b, hidden, .fixedSpace(30), c]
    host.window.layoutIfNeeded()
    #expect(toolbar._view(for: a)!.frame.minX == 16, "iOS's margin from the bar's end")
    #expect(toolbar._view(for: b)!.frame.minX == CGFloat(16 + 17 + 8), "iOS's 8 points between neighbours")
    #expect(toolbar._view(for: c)!.frame.minX == CGFloat(16 + 17 + 8 + 17 + 30), "a fixed space is the gap")
    #expect(toolbar._view(for: c)!.frame.width == 24, "an image keeps its size")
    #expect(toolbar._view(for: hidden) == nil)
    hidden.isHidden = false
    host.window.layoutIfNeeded()
    #expect(toolbar._view(for: hidden)!.frame.minX == CGFloat(16 + 17 + 8 + 17 + 8))
  }

  @Test func aCustomViewKeepsItsSizeAndTakesItsOwnTouches() {
    let controller = ToolbarFormController()
    let host = cellHost(controller)
    host.isSoftwareKeyboardEnabled = false
    let button = UIButton(type: .system)
    button.setTitle("Go", for: .normal)
    button.frame = CGRect(x: 0, y: 0, width: 40, height: 8)
    var taps = 0
    button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
    let custom = UIBarButtonItem(customView: button)
    controller.toolbar.sizeToFit()
    controller.toolbar.items = [.flexibleSpace(), custom, .flexibleSpace()]
    host.tap(controller.field)
    #expect(controller.toolbar._view(for: custom) === button)
    #expect(button.frame == CGRect(x: 300, y: 4, width: 40, height: 8), "centred by the two flexible spaces")
    host.tap(button)
    #expect(taps == 1)
    #expect(host.screen().components(separatedBy: "\n")[23].trimmingCharacters(in: .whitespaces) == "Go")
    controller.toolbar.items = []
    #expect(button.superview == nil)
  }

  @Test func sizeToFitIsIOSHeightInPointsAndOneRowInCells() {
    let pointHost = HeadlessHost(rootViewController: UIViewController())
    let toolbar = UIToolbar()
    toolbar.items = [UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)]
    toolbar.sizeToFit()
    #expect(toolbar.frame.height == 44)
    #expect(toolbar.frame.width == CGFloat(16 + 34 + 16))
    _ = pointHost

    let cellHost = cellHost(UIViewController())
    let cells = UIToolbar()
    cells.items = [UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)]
    cells.sizeToFit()
    #expect(cells.frame.height == 16, "one cell row")
    #expect(cells.frame.width == CGFloat(8 * 6), "Done and a column at each end")
    _ = cellHost
  }

  // MARK: On the keyboard

  @Test func theToolbarIsDrawnOnTopOfTheKeyboard() {
    let controller = ToolbarFormController()
    let host = cellHost(controller)
    controller.toolbar.sizeToFit()
    controller.toolbar.items = [
      UIBarButtonItem(barButtonSystemItem: .cancel, target: controller, action: ToolbarFormController.cancel),
      UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil),
      UIBarButtonItem(barButtonSystemItem: .trash, target: nil, action: nil),
      UIBarButtonItem(barButtonSystemItem: .done, target: controller, action: ToolbarFormController.done),
    ]
    host.tap(controller.field)
    host.settle()
    let keyboard = host.keyboardFrame!
    let toolbarRow = Int(keyboard.minY / 16)
    let lines = host.screen().components(separatedBy: "\n")
    // Cancel after a one-column margin; the trash icon (16 points: two columns, its glyph in
    // the first), a column's gap, Done, and the margin at the right edge.
    #expect(lines[toolbarRow].hasPrefix(" Cancel  "))
    #expect(lines[toolbarRow].hasSuffix("🗑  Done"))
    #expect(grid(host)[72, toolbarRow].text == "🗑")
    // The software keys are below the bar, inside the keyboard's frame.
    let keysRow = lines.firstIndex { $0.contains("Q") && $0.contains("W") && $0.contains("P") }
    #expect(keysRow.map { $0 > toolbarRow } == true)
    #expect(host.keyboardFrame!.maxY == 384)
    let grid = host.grid()
    let doneColumn = 80 - 1 - 4
    #expect(grid[doneColumn, toolbarRow].text == "D")
    #expect(grid[doneColumn, toolbarRow].isBold, "the done style is bold")
    #expect(!grid[1, toolbarRow].isBold)
    #expect(grid[doneColumn, toolbarRow].foreground == CellGrid.RGB(r: 0, g: 122, b: 255), "tinted")
  }

  @Test func withoutTheSoftwareKeyboardTheToolbarIsTheBottomRow() {
    let controller = ToolbarFormController()
    let host = cellHost(controller)
    host.isSoftwareKeyboardEnabled = false
    controller.toolbar.sizeToFit()
    controller.toolbar.items = [
      .flexibleSpace(),
      UIBarButtonItem(barButtonSystemItem: .done, target: controller, action: ToolbarFormController.done),
    ]
    host.tap(controller.field)
    #expect(host.keyboardFrame == CGRect(x: 0, y: 384 - 16, width: 640, height: 16))
    let lines = host.screen().components(separatedBy: "\n")
    #expect(lines.count == 24)
    #expect(lines[23] == String(repeating: " ", count: 75) + "Done")
  }

  @Test func aBarSizedBeforeTheTerminalMeasuresTakesOneRowOnTheKeyboard() {
    // viewDidLoad runs before the terminal host sets its measurer: the bar measured in points.
    let pointHost = HeadlessHost(rootViewController: UIViewController())
    let controller = ToolbarFormController()
    controller.toolbar.items = [.flexibleSpace(), UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)]
    controller.toolbar.sizeToFit()
    #expect(controller.toolbar.frame.height == 44)
    _ = pointHost
    let host = cellHost(controller)
    host.isSoftwareKeyboardEnabled = false
    host.tap(controller.field)
    #expect(controller.toolbar.frame.height == 16)
    #expect(host.keyboardFrame?.height == 16)
    host.tapBackground()

    // A height the app chose is the app's.
    let other = ToolbarFormController()
    let otherHost = cellHost(other)
    otherHost.isSoftwareKeyboardEnabled = false
    other.toolbar.frame = CGRect(x: 0, y: 0, width: 100, height: 32)
    otherHost.tap(other.field)
    #expect(otherHost.keyboardFrame?.height == 32)
  }

  @Test func tapsFireTheItemsActionsInOrder() {
    let controller = ToolbarFormController()
    let host = cellHost(controller)
    var ran: [String] = []
    let cancel = UIBarButtonItem(barButtonSystemItem: .cancel, target: controller, action: ToolbarFormController.cancel)
    let next = UIBarButtonItem(title: "Next", style: .plain, target: controller, action: ToolbarFormController.next)
    let send = UIBarButtonItem(primaryAction: UIAction(title: "Send") { action in
      ran.append("send from \((action.sender as? UIBarButtonItem)?.title ?? "?")")
      controller.log.append("send")
    })
    let done = UIBarButtonItem(barButtonSystemItem: .done, target: controller, action: ToolbarFormController.done)
    controller.toolbar.sizeToFit()
    controller.toolbar.items = [cancel, next, send, .flexibleSpace(), done]
    host.tap(controller.field)
    host.type("42")
    for item in [next, cancel, send, next] { host.tap(controller.toolbar._view(for: item)!) }
    #expect(controller.log == ["next", "cancel Cancel", "send", "next"])
    #expect(ran == ["send from Send"])
    #expect(controller.field.isFirstResponder, "the other items leave editing alone")
    host.tap(controller.toolbar._view(for: done)!)
    #expect(controller.log.last == "done")
    #expect(!controller.field.isFirstResponder)
    #expect(controller.field.text == "42")
    host.settle()
    #expect(!host.isKeyboardVisible)
  }

  @Test func aPrimaryActionWinsOverTargetAction() {
    let controller = ToolbarFormController()
    let host = cellHost(controller)
    let item = UIBarButtonItem(title: "Go", style: .plain, target: controller, action: ToolbarFormController.next)
    item.primaryAction = UIAction(title: "Go") { _ in controller.log.append("primary") }
    controller.toolbar.sizeToFit()
    controller.toolbar.items = [item]
    host.tap(controller.field)
    host.tap(controller.toolbar._view(for: item)!)
    #expect(controller.log == ["primary"])
  }

  @Test func aNilTargetSendsTheActionUpTheResponderChain() {
    let controller = ToolbarFormController()
    let host = cellHost(controller)
    let item = UIBarButtonItem(
      title: "Next", style: .plain, target: nil as ToolbarFormController?, action: ToolbarFormController.next)
    controller.toolbar.sizeToFit()
    controller.toolbar.items = [item]
    host.tap(controller.field)
    host.tap(controller.toolbar._view(for: item)!)
    #expect(controller.log == ["next"], "from the field to its view controller")
  }

  @Test func disabledItemsAreDimmedAndInert() {
    let controller = ToolbarFormController()
    let host = cellHost(controller)
    host.isSoftwareKeyboardEnabled = false
    let done = UIBarButtonItem(barButtonSystemItem: .done, target: controller, action: ToolbarFormController.done)
    done.isEnabled = false
    controller.toolbar.sizeToFit()
    controller.toolbar.items = [.flexibleSpace(), done]
    host.tap(controller.field)
    host.tap(controller.toolbar._view(for: done)!)
    #expect(controller.log.isEmpty)
    #expect(controller.field.isFirstResponder)
    #expect(!host.press(.escape), "Escape has no enabled Done item to activate")
    #expect(host.grid()[75, 23].text == "D")
    #expect(host.grid()[75, 23].foreground == CellGrid.RGB(r: 142, g: 142, b: 147), "grey when disabled")
    done.isEnabled = true
    #expect(host.grid()[75, 23].foreground == CellGrid.RGB(r: 0, g: 122, b: 255))
    host.tap(controller.toolbar._view(for: done)!)
    #expect(controller.log == ["done"])
    #expect(!controller.field.isFirstResponder)
  }

  @Test func escapeActivatesTheDoneItemFromTheHardwareKeyboard() {
    let controller = ToolbarFormController()
    let host = cellHost(controller)
    controller.toolbar.sizeToFit()
    controller.toolbar.items = [
      UIBarButtonItem(barButtonSystemItem: .cancel, target: controller, action: ToolbarFormController.cancel),
      .flexibleSpace(),
      UIBarButtonItem(barButtonSystemItem: .done, target: controller, action: ToolbarFormController.done),
    ]
    host.tap(controller.field)
    host.type("7")
    // Escape first cancels marked text, as before; only an unused Escape reaches the bar.
    host.compose(["k"], commit: "")
    #expect(controller.log.isEmpty)
    #expect(host.press(.escape))
    #expect(controller.log == ["done"])
    #expect(!controller.field.isFirstResponder)
    #expect(!host.press(.escape), "no keyboard, no accessory bar")
    #expect(controller.log == ["done"])
  }

  @Test func keyboardNotificationsIncludeTheAccessoryHeight() {
    let controller = ToolbarFormController()
    let host = HeadlessHost(rootViewController: controller)
    host.tap(controller.field)
    host.settle()
    let plainHeight = host.keyboardFrame!.height
    controller.field.resignFirstResponder()
    host.settle()

    controller.toolbar.sizeToFit()
    controller.toolbar.items = [
      .flexibleSpace(),
      UIBarButtonItem(barButtonSystemItem: .done, target: controller, action: ToolbarFormController.done),
    ]
    #expect(controller.toolbar.frame.height == 44)
    host.clearTimeline()
    host.tap(controller.field)
    let show = host.timeline.entries.first { $0.name == UIResponder.keyboardWillShowNotification.rawValue }
    let end = (show?.notification?.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
    #expect(end == CGRect(x: 0, y: 844 - plainHeight - 44, width: 390, height: plainHeight + 44))
    #expect(host.keyboardFrame == end)
    // The toolbar sits at the top of that frame, as wide as the screen.
    let toolbarFrame = controller.toolbar.convert(controller.toolbar.bounds, to: nil)
    #expect(toolbarFrame == CGRect(x: 0, y: end!.minY, width: 390, height: 44))
  }
}

