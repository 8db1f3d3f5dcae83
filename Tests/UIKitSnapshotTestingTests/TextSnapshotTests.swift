import Foundation
import Testing
import UIKit
import UIKitSnapshotTesting
import UIKitTesting

@testable import WorldTrotter

/// swift-snapshot-testing's `assertSnapshot` on UIKit's views, view controllers and headless
/// hosts, against the references in `__Snapshots__/TextSnapshotTests/` (recorded once
/// with `SNAPSHOT_TESTING_RECORD=all`, or by running a test whose reference is missing: it
/// records it and fails). Snapshots that another test compares against are named: an unnamed
/// one is numbered by a counter that tests running in parallel share.
@MainActor
@Suite struct TextSnapshotTests {
  /// A small view of its own: a title label and a rounded-rect field with text, no window.
  static func greetingView() -> UIView {
    let view = UIView(frame: CGRect(x: 40, y: 60, width: 200, height: 72))
    view.backgroundColor = .white
    let label = UILabel(frame: CGRect(x: 12, y: 8, width: 176, height: 21))
    label.text = "Hello"
    label.font = .systemFont(ofSize: 17)
    view.addSubview(label)
    let field = UITextField(frame: CGRect(x: 12, y: 36, width: 176, height: 28))
    field.borderStyle = .roundedRect
    field.text = "212"
    field.tag = 7
    view.addSubview(field)
    return view
  }

  @Test func aViewAsText() {
    assertSnapshot(of: Self.greetingView(), as: .screen, named: "greeting")
  }

  @Test func aViewsRecursiveDescription() {
    assertSnapshot(of: Self.greetingView(), as: .recursiveDescription, named: "greeting")
  }

  @Test func aViewControllerOnAnIPhoneSEAsText() {
    let controller = ConversionViewController()
    controller.locale = Locale(identifier: "en_US")
    assertSnapshot(of: controller, as: .screen(on: .iPhoneSe))
  }

  /// The host's whole screen after typing (the hardware keyboard: the software keyboard's look
  /// is not what this test is about).
  @Test func aHostsScreenAfterTyping() {
    let controller = ConversionViewController()
    controller.locale = Locale(identifier: "en_US")
    let host = HeadlessHost(rootViewController: controller)
    host.isSoftwareKeyboardEnabled = false
    host.tap(controller.textField)
    host.type("212")
    assertSnapshot(of: host, as: .screen)
  }

  /// The controller hierarchy as iOS's `_printHierarchy` prints it: a navigation controller
  /// with a pushed screen over its root (whose view is out of the window).
  @Test func aNavigationControllersHierarchy() {
    let root = UIViewController()
    let pushed = UIViewController()
    let navigation = UINavigationController(rootViewController: root)
    navigation.pushViewController(pushed, animated: false)
    assertSnapshot(of: navigation, as: .hierarchy)
    #expect(pushed.view.window == nil, "the snapshot's window is gone")
  }

  /// A text mismatch fails with SnapshotTesting's message and its line diff.
  @Test func aChangedViewFailsItsTextReference() throws {
    let view = Self.greetingView()
    (view.subviews[0] as! UILabel).text = "Goodbye"
    let message = try #require(
      verifySnapshot(
        of: view, as: .recursiveDescription, named: "greeting", record: .never, testName: "aViewsRecursiveDescription()"))
    #expect(message.contains("Snapshot \"greeting\" does not match reference."))
    #expect(message.contains("−   | <UILabel; frame = (12 8; 176 21); text = 'Hello'"))
    #expect(message.contains("+   | <UILabel; frame = (12 8; 176 21); text = 'Goodbye'"))
  }

  /// Snapshotting puts a view in a window of its own and gives it back as it was: same
  /// superview, place among its siblings and frame.
  @Test func aSnapshotLeavesTheViewWhereItWas() {
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let first = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
    let view = Self.greetingView()
    let last = UIView()
    for subview in [first, view, last] { container.addSubview(subview) }
    let text = verifySnapshot(
      of: view, as: .screen(size: CGSize(width: 160, height: 80)), named: "greeting", record: .never, testName: "aViewAsText()")
    #expect(text?.contains("Snapshot \"greeting\" does not match reference.") == true, "another size draws another screen")
    #expect(view.superview === container && container.subviews.map(ObjectIdentifier.init) == [first, view, last].map(ObjectIdentifier.init))
    #expect(view.frame == CGRect(x: 40, y: 60, width: 200, height: 72))
    #expect(view.window == nil)
  }

  /// iOS's recursive description: frames as %g, properties iOS prints when not their default,
  /// subviews indented by "   | ".
  @Test func theRecursiveDescriptionsForm() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100.5, height: 1.0 / 3))
    view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    let child = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
    child.isHidden = true
    child.alpha = 0.5
    child.clipsToBounds = true
    view.addSubview(child)
    let lines = RecursiveDescriptionProbe.lines(of: view)
    #expect(lines == [
      "<UIView; frame = (0 0; 100.5 0.333333); autoresize = W+H; layer = <CALayer>>",
      "   | <UIView; frame = (1 2; 3 4); clipsToBounds = YES; hidden = YES; alpha = 0.5; layer = <CALayer>>",
    ])
  }
}

/// The recursive description as SnapshotTesting records it (through the strategy's snapshot
/// function, without a reference file).
@MainActor
enum RecursiveDescriptionProbe {
  static func lines(of view: UIView) -> [String] {
    var result = ""
    Snapshotting<UIView, String>.recursiveDescription.snapshot(view).run { result = $0 }
    return result.split(separator: "\n").map(String.init)
  }
}
