import Foundation
import Testing
import UIKit
import UIKitTesting

/// A screen with one field whose controller offers key commands, as an editor's does.
@MainActor
final class ShortcutController: UIViewController {
  let field = UITextField(frame: CGRect(x: 20, y: 60, width: 300, height: 34))
  let panel = CommandPanel(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
  var commands: [UIKeyCommand] = []
  var log: [String] = []

  override var keyCommands: [UIKeyCommand]? { commands }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(panel)
    panel.addSubview(field)
  }

  func save(_ sender: UIKeyCommand) { log.append("save \(sender.input ?? "")") }
  func find() { log.append("find") }
  func copyLink(_ sender: Any?) { log.append("copyLink") }
}

/// A view between the field and the controller that can offer commands of its own.
@MainActor
final class CommandPanel: UIView {
  var commands: [UIKeyCommand]?
  var log: [String] = []
  var acceptsFocus = false
  override var canBecomeFirstResponder: Bool { acceptsFocus }
  override var keyCommands: [UIKeyCommand]? { commands }
  func panelAction(_ sender: UIKeyCommand) { log.append("panel") }
}

@MainActor
private func makeShortcutScreen() -> (HeadlessHost, ShortcutController) {
  let controller = ShortcutController()
  let host = HeadlessHost(rootViewController: controller)
  host.tap(controller.field)
  return (host, controller)
}

/// `UIKeyCommand` along the responder chain, in iOS 15's order: the first responder's text
/// input first, then the commands, unless a command wants priority.
@MainActor @Suite struct KeyCommandTests {
  @Test func aCommandOnTheControllerRunsWhileAFieldIsEditingAndTheKeyIsNotTyped() {
    let (host, controller) = makeShortcutScreen()
    controller.commands = [UIKeyCommand(input: "s", modifierFlags: .command, action: ShortcutController.save)]
    host.type("ab")
    #expect(host.press(.character("s"), modifiers: .command))
    #expect(controller.log == ["save s"])
    #expect(controller.field.text == "ab")
    host.type("s")
    #expect(controller.field.text == "abs", "a plain s still types")
    #expect(controller.log == ["save s"])
  }

  @Test func keysTheTextUsesGoToTheTextUnlessTheCommandWantsPriority() {
    let (host, controller) = makeShortcutScreen()
    let plainJ = UIKeyCommand(input: "j", modifierFlags: [], action: ShortcutController.find)
    let left = UIKeyCommand(input: UIKeyCommand.inputLeftArrow, modifierFlags: [], action: ShortcutController.find)
    let copy = UIKeyCommand(input: "c", modifierFlags: .command, action: ShortcutController.copyLink)
    controller.commands = [plainJ, left, copy]
    host.type("xj")
    #expect(controller.field.text == "xj")
    host.press(.left)
    #expect(controller.field.selectedTextRange.map { controller.field.offset(from: controller.field.beginningOfDocument, to: $0.start) } == 1)
    host.press(.character("a"), modifiers: .command)
    host.press(.character("c"), modifiers: .command)
    #expect(UIPasteboard.general.string == "xj", "the field's ⌘C copies")
    #expect(controller.log.isEmpty)

    plainJ.wantsPriorityOverSystemBehavior = true
    copy.wantsPriorityOverSystemBehavior = true
    UIPasteboard.general.string = ""
    host.press(.end)
    host.type("j")
    host.press(.character("c"), modifiers: .command)
    #expect(controller.field.text == "xj")
    #expect(controller.log == ["find", "copyLink"])
    #expect(UIPasteboard.general.string == "")
  }

  @Test func anArrowReachesTheCommandsWhenTheFirstResponderTakesNoText() {
    let (host, controller) = makeShortcutScreen()
    controller.commands = [
      UIKeyCommand(input: UIKeyCommand.inputDownArrow, modifierFlags: [], action: ShortcutController.find)
    ]
    host.press(.down)
    #expect(controller.log.isEmpty, "the field moves its caret")
    controller.panel.acceptsFocus = true
    #expect(controller.panel.becomeFirstResponder())
    #expect(host.press(.down))
    #expect(controller.log == ["find"])
    controller.panel.resignFirstResponder()
    // With no first responder the chain is the window's: the controller is not on it.
    #expect(!host.press(.down))
    #expect(controller.log == ["find"])
  }

  @Test func theNearestCommandWinsAndItsActionGoesToTheFirstResponderOfTheMethodsClass() {
    let (host, controller) = makeShortcutScreen()
    controller.commands = [UIKeyCommand(input: "k", modifierFlags: .command, action: ShortcutController.find)]
    // The panel offers a command whose action is the controller's: it runs on the controller.
    controller.panel.commands = [UIKeyCommand(input: "k", modifierFlags: .command, action: ShortcutController.save)]
    host.press(.character("k"), modifiers: .command)
    #expect(controller.log == ["save k"])
    controller.panel.commands = [UIKeyCommand(input: "k", modifierFlags: .command, action: CommandPanel.panelAction)]
    host.press(.character("k"), modifiers: .command)
    #expect(controller.panel.log == ["panel"])
  }

  @Test func modifiersMustMatchAndLettersMatchEitherCase() {
    let (host, controller) = makeShortcutScreen()
    controller.commands = [
      UIKeyCommand(input: "S", modifierFlags: [.command, .shift], action: ShortcutController.save),
      UIKeyCommand(input: "f", modifierFlags: [.command, .alternate], action: ShortcutController.find),
    ]
    #expect(!host.press(.character("s"), modifiers: .command), "⌘S is not ⇧⌘S; the field does not use it")
    host.press(.character("S"), modifiers: [.command, .shift])
    host.press(.character("f"), modifiers: .command)
    host.press(.character("f"), modifiers: [.command, .option])
    #expect(controller.log == ["save S", "find"])
    #expect(controller.field.text == "")
  }

  @Test func aDisabledCommandOrOneWithoutAReceiverLetsTheKeyThrough() {
    let (host, controller) = makeShortcutScreen()
    let disabled = UIKeyCommand(input: "j", modifierFlags: [], action: ShortcutController.find)
    disabled.attributes = .disabled
    disabled.wantsPriorityOverSystemBehavior = true
    // No object of this class is on the chain.
    let orphan = UIKeyCommand(input: "q", modifierFlags: [], action: UIAlertController.dismissNothing)
    orphan.wantsPriorityOverSystemBehavior = true
    controller.commands = [disabled, orphan]
    host.type("jq")
    #expect(controller.field.text == "jq")
    #expect(controller.log.isEmpty)
  }

  @Test func theCommandsDeclarationsFollowApple() {
    let command = UIKeyCommand(
      title: "Save", action: ShortcutController.save, input: "s", modifierFlags: .command,
      discoverabilityTitle: "Save Document", state: .on)
    #expect(command.title == "Save")
    #expect(command.input == "s")
    #expect(command.modifierFlags == .command)
    #expect(command.discoverabilityTitle == "Save Document")
    #expect(command.state == .on)
    #expect(command.attributes == [])
    #expect(command.wantsPriorityOverSystemBehavior == false)
    #expect(command.propertyList == nil)
    #expect(command.alternates.isEmpty)
    #expect((command as UICommand).title == "Save")
    #expect(UIKeyModifierFlags.command.rawValue == 1 << 20)
    #expect(UIKeyModifierFlags.alphaShift.rawValue == 1 << 16)
    #expect(UIKeyCommand.inputUpArrow == "UIKeyInputUpArrow")
    #expect(UIKeyCommand.inputEscape == "UIKeyInputEscape")
    #expect(UIKeyCommand.inputDelete == "UIKeyInputDelete")
  }
}

extension UIAlertController {
  /// An action of a class that is never on the test screens' responder chains.
  func dismissNothing() {}
}
