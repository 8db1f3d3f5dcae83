import Foundation
import Testing
import UIKit
import UIKitTesting

@MainActor
@Suite struct InputAssistantItemTests {
  @Test func eachResponderKeepsItsOwnAssistantItem() {
    let field = UITextField()
    let other = UITextField()
    #expect(field.inputAssistantItem === field.inputAssistantItem)
    #expect(field.inputAssistantItem !== other.inputAssistantItem)
    #expect(field.inputAssistantItem.allowsHidingShortcuts)
    #expect(field.inputAssistantItem.leadingBarButtonGroups.isEmpty && field.inputAssistantItem.trailingBarButtonGroups.isEmpty)
  }

  @Test func groupsKnowTheirItemsAndItemsTheirGroup() {
    let bold = UIBarButtonItem(title: "B", style: .plain, target: nil, action: nil)
    let italic = UIBarButtonItem(title: "I", style: .plain, target: nil, action: nil)
    let more = UIBarButtonItem(title: "Aa", style: .plain, target: nil, action: nil)
    let group = UIBarButtonItemGroup(barButtonItems: [bold, italic], representativeItem: more)
    #expect(bold.buttonGroup === group && italic.buttonGroup === group && more.buttonGroup == nil)
    group.barButtonItems = [bold]
    #expect(italic.buttonGroup == nil && bold.buttonGroup === group)
    #expect(!group.isDisplayingRepresentativeItem)
  }

  @Test func anIPhoneKeyboardIgnoresTheShortcutGroupsAsIOSDoes() {
    let field = UITextField(frame: CGRect(x: 16, y: 100, width: 200, height: 32))
    let controller = UIViewController()
    controller.view.addSubview(field)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844), measuresTextInCells: true)
    host.tap(field)
    host.settle()
    let before = host.screen()
    let keyboardFrame = host.window.keyboard.frame
    field.inputAssistantItem.leadingBarButtonGroups = [
      UIBarButtonItemGroup(barButtonItems: [UIBarButtonItem(title: "B", style: .plain, target: nil, action: nil)], representativeItem: nil)
    ]
    field.inputAssistantItem.trailingBarButtonGroups = []
    field.reloadInputViews()
    host.settle()
    #expect(host.screen() == before)
    #expect(host.window.keyboard.frame == keyboardFrame)
    #expect(field.inputAssistantItem.leadingBarButtonGroups.count == 1, "kept for code that reads it back")
  }
}
