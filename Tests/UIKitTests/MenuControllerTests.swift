import Foundation
import Testing
import UIKit
import UIKitTesting

/// A view of the app's own that takes the first responder and has a command of its own.
@MainActor
private final class NoteView: UIView {
  var defined = 0
  override var canBecomeFirstResponder: Bool { true }
  func define(_ sender: Any?) { defined += 1 }
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
}
