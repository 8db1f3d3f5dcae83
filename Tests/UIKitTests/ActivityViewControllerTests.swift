import Foundation
import Testing
import UIKit
import UIKitTesting

/// An app's own share activity, as apps write one.
@MainActor
private final class ShoutActivity: UIActivity {
  var prepared: [Any] = []
  var performed = 0
  override class var activityCategory: UIActivity.Category { .share }
  override var activityType: UIActivity.ActivityType? { UIActivity.ActivityType("com.example.shout") }
  override var activityTitle: String? { "Shout" }
  override var activityImage: UIImage? { UIImage(systemName: "megaphone") }
  override func canPerform(withActivityItems activityItems: [Any]) -> Bool { activityItems.contains { $0 is String } }
  override func prepare(withActivityItems activityItems: [Any]) { prepared = activityItems }
  override func perform() {
    performed += 1
    activityDidFinish(true)
  }
}

/// An activity with a screen of its own, finished by its Done button.
@MainActor
private final class ComposeActivity: UIActivity {
  let screen = UIViewController()
  override var activityType: UIActivity.ActivityType? { UIActivity.ActivityType("com.example.compose") }
  override var activityTitle: String? { "Compose" }
  override func canPerform(withActivityItems activityItems: [Any]) -> Bool { true }
  override var activityViewController: UIViewController? { screen }
}

/// An item that is a short text for Copy and a long one for other activities.
@MainActor
private final class ArticleSource: NSObject, UIActivityItemSource {
  func activityViewControllerPlaceholderItem(_ activityViewController: UIActivityViewController) -> Any { "" }
  func activityViewController(
    _ activityViewController: UIActivityViewController, itemForActivityType activityType: UIActivity.ActivityType?
  ) -> Any? {
    activityType == .copyToPasteboard ? "Swift on Linux" : "Swift on Linux — the whole article"
  }
}

@MainActor @Suite struct ActivityViewControllerTests {
  private func row(_ title: String, in host: HeadlessHost) throws -> HeadlessHost.AccessibilityElement {
    try #require(host.accessibilityElement(label: title))
  }

  @Test func copyPutsTheItemsOnThePasteboardAndTheHandlerHearsIt() throws {
    let root = UIViewController()
    let host = HeadlessHost(rootViewController: root)
    let url = URL(string: "https://swift.org")!
    let share = UIActivityViewController(activityItems: ["Hello", url], applicationActivities: [ShoutActivity()])
    var heard: [(UIActivity.ActivityType?, Bool)] = []
    share.completionWithItemsHandler = { type, completed, returned, error in
      heard.append((type, completed))
      #expect(returned == nil && error == nil)
    }
    #expect(share.modalPresentationStyle == .popover)
    root.present(share, animated: true)
    host.settle()
    // An iPhone: the popover is a sheet.
    #expect(share.presentationController is UISheetPresentationController)
    let labels = host.accessibilityElements.compactMap(\.label)
    #expect(labels.contains("Hello"), "the first item heads the sheet")
    let rows = labels.filter { ["Shout", "Copy"].contains($0) }
    #expect(rows == ["Shout", "Copy"], "an app's share activities come before Copy")
    host.activate(try row("Copy", in: host))
    host.settle()
    #expect(UIPasteboard.general.strings == ["Hello"])
    #expect(UIPasteboard.general.urls == [url])
    #expect(heard.count == 1)
    #expect(heard.first?.0 == .copyToPasteboard)
    #expect(heard.first?.1 == true)
    #expect(root.presentedViewController == nil)
  }

  @Test func anAppsActivityIsPreparedWithTheSourcesItemAndPerformed() throws {
    let root = UIViewController()
    let host = HeadlessHost(rootViewController: root)
    let shout = ShoutActivity()
    let share = UIActivityViewController(activityItems: [ArticleSource()], applicationActivities: [shout])
    share.excludedActivityTypes = [.copyToPasteboard]
    var heard: (UIActivity.ActivityType?, Bool)?
    share.completionWithItemsHandler = { type, completed, _, _ in heard = (type, completed) }
    root.present(share, animated: false)
    host.settle()
    #expect(host.accessibilityElement(label: "Copy") == nil, "Copy is excluded")
    host.activate(try row("Shout", in: host))
    host.settle()
    #expect(shout.prepared as? [String] == ["Swift on Linux — the whole article"])
    #expect(shout.performed == 1)
    #expect(heard?.0 == UIActivity.ActivityType("com.example.shout"))
    #expect(heard?.1 == true)
    #expect(root.presentedViewController == nil)
  }

  @Test func anActivitysScreenShowsAndGoesWhenItFinishes() throws {
    let root = UIViewController()
    let host = HeadlessHost(rootViewController: root)
    let compose = ComposeActivity()
    let share = UIActivityViewController(activityItems: ["Note"], applicationActivities: [compose])
    var heard: (UIActivity.ActivityType?, Bool)?
    share.completionWithItemsHandler = { type, completed, _, _ in heard = (type, completed) }
    root.present(share, animated: true)
    host.settle()
    host.activate(try row("Compose", in: host))
    host.settle()
    #expect(root.presentedViewController === compose.screen, "the sheet went and the activity's screen came")
    #expect(heard == nil)
    compose.activityDidFinish(false)
    host.settle()
    #expect(root.presentedViewController == nil)
    #expect(heard?.0 == UIActivity.ActivityType("com.example.compose"))
    #expect(heard?.1 == false)
  }

  @Test func closingTheSheetCompletesWithNothing() throws {
    let root = UIViewController()
    let host = HeadlessHost(rootViewController: root)
    let share = UIActivityViewController(activityItems: ["Hello"], applicationActivities: nil)
    var calls = 0
    var heardType: UIActivity.ActivityType?
    share.completionWithItemsHandler = { type, completed, _, _ in
      calls += 1
      heardType = type
      #expect(!completed)
    }
    root.present(share, animated: true)
    host.settle()
    host.activate(try row("Close", in: host))
    host.settle()
    #expect(calls == 1)
    #expect(heardType == nil)
    #expect(root.presentedViewController == nil)

    // Swiped away: the handler hears it too, once.
    root.present(share, animated: true)
    host.settle()
    host.swipeDownToDismiss(share)
    host.settle()
    #expect(calls == 2)
    #expect(heardType == nil)
    #expect(root.presentedViewController == nil)
  }

  @Test func onAnIPadItIsAPopoverAtItsSource() throws {
    let root = UIViewController()
    let button = UIButton(type: .system)
    button.setTitle("Share", for: .normal)
    button.frame = CGRect(x: 600, y: 100, width: 80, height: 44)
    root.view.addSubview(button)
    let host = HeadlessHost(rootViewController: root, screenSize: CGSize(width: 820, height: 1180))
    host.userInterfaceIdiom = .pad
    let share = UIActivityViewController(activityItems: ["Hello"], applicationActivities: nil)
    share.popoverPresentationController?.sourceView = button
    root.present(share, animated: false)
    let popover = try #require(share.popoverPresentationController)
    #expect(share.presentationController === popover)
    #expect(popover.arrowDirection == .up)
    #expect(share.view.convert(share.view.bounds, to: nil).width == 320)
  }
}
