import Foundation
import Testing
import UIKit
import UIKitTesting

/// A view of the app's own that takes the first responder and has a command of its own.
@MainActor
private final class NoteView: UIView {
  var defined = 0
  var canShout = false
  var shoutAction: Selector?
  override var canBecomeFirstResponder: Bool { true }
  func define(_ sender: Any?) { defined += 1 }
  func shout(_ sender: Any?) {}
  override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
    if action == shoutAction { return canShout }
    return super.canPerformAction(action, withSender: sender)
  }
}

@MainActor @Suite struct MenuControllerTests {
  @Test func showsItsItemsForTheTargetAndPostsItsNotifications() throws {
    let controller = UIViewController()
    let note = NoteView(frame: CGRect(x: 40, y: 300, width: 200, height: 100))
    controller.view.addSubview(note)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    #expect(note.becomeFirstResponder())

    var posted: [String] = []
    let names: [(Notification.Name, String)] = [
      (UIMenuController.willShowMenuNotification, "willShow"), (UIMenuController.didShowMenuNotification, "didShow"),
      (UIMenuController.willHideMenuNotification, "willHide"), (UIMenuController.didHideMenuNotification, "didHide"),
    ]
    let observers = names.map { name, label in
      NotificationCenter.default.addObserver(forName: name, object: UIMenuController.shared, queue: .main) { _ in
        MainActor.assumeIsolated { posted.append(label) }
      }
    }
    defer { observers.forEach(NotificationCenter.default.removeObserver) }

    let menu = UIMenuController.shared
    menu.menuItems = [
      UIMenuItem(title: "Define", action: NoteView.define),
      // No responder from the note up can paste: not shown.
      UIMenuItem(title: "Paste Here", action: .paste),
    ]
    menu.showMenu(from: note, rect: CGRect(x: 20, y: 10, width: 40, height: 20))
    host.advance(by: 0.01)
    #expect(menu.isMenuVisible)
    #expect(host.editMenuItems == ["Define"])
    #expect(posted == ["willShow", "didShow"])
    // Above the target rectangle (window y 310).
    #expect(menu.menuFrame.maxY <= 310 && menu.menuFrame.height > 0, "\(menu.menuFrame)")

    host.chooseEditMenuItem("Define")
    host.advance(by: 0.01)
    #expect(note.defined == 1)
    #expect(!menu.isMenuVisible)
    #expect(posted == ["willShow", "didShow", "willHide", "didHide"])
    #expect(menu.menuFrame == .zero)

    // The older calls: a target, then visible.
    menu.setTargetRect(CGRect(x: 0, y: 0, width: 10, height: 10), in: note)
    menu.setMenuVisible(true, animated: true)
    #expect(menu.isMenuVisible)
    menu.isMenuVisible = false
    #expect(!menu.isMenuVisible)
    menu.menuItems = nil
  }

  @Test func theArrowDirectionPlacesTheMenuAndUpdateAsksAgain() throws {
    let controller = UIViewController()
    let note = NoteView(frame: CGRect(x: 40, y: 300, width: 200, height: 100))
    controller.view.addSubview(note)
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 390, height: 844))
    #expect(note.becomeFirstResponder())
    let menu = UIMenuController.shared
    defer {
      menu.menuItems = nil
      menu.arrowDirection = .default
      menu.hideMenu()
    }
    let shout = UIMenuItem(title: "Shout", action: NoteView.shout)
    note.shoutAction = shout.action
    menu.menuItems = [UIMenuItem(title: "Define", action: NoteView.define), shout]
    // Arrow up: the menu hangs below the target rectangle (window y 310 to 330).
    menu.arrowDirection = .up
    menu.showMenu(from: note, rect: CGRect(x: 20, y: 10, width: 40, height: 20))
    host.advance(by: 0.01)
    #expect(menu.menuFrame.minY >= 330, "\(menu.menuFrame)")
    #expect(host.editMenuItems == ["Define"])
    // The responder can shout now: update() asks again and shows it.
    note.canShout = true
    menu.update()
    host.advance(by: 0.01)
    #expect(host.editMenuItems == ["Define", "Shout"])
    // Arrow down: above.
    menu.arrowDirection = .down
    menu.showMenu(from: note, rect: CGRect(x: 20, y: 10, width: 40, height: 20))
    host.advance(by: 0.01)
    #expect(menu.menuFrame.maxY <= 310 && menu.menuFrame.height > 0, "\(menu.menuFrame)")
  }
}
