import Foundation
import Testing
import UIKit
import UIKitTesting

/// Windows, controllers and views that the app lets go are freed, whatever constraints they had
/// (issue 32, item 9: a window whose views had active constraints was never freed, with its
/// controller and views).
@MainActor @Suite struct ReleasedObjectsTests {
  final class Weak {
    weak var object: AnyObject?
    let name: String
    init(_ object: AnyObject, _ name: String) { self.object = object; self.name = name }
  }

  /// A screen as an app builds one: a field, a text view and a label pinned by anchors, a stack
  /// view, a constraint between siblings and one to the safe area.
  func buildScreen(in window: UIWindow) -> [Weak] {
    let controller = UIViewController()
    let field = UITextField()
    let textView = UITextView()
    let label = UILabel()
    let stack = UIStackView(arrangedSubviews: [UILabel(), UIButton(type: .system)])
    for view in [field, textView, label, stack] as [UIView] {
      view.translatesAutoresizingMaskIntoConstraints = false
      controller.view.addSubview(view)
    }
    let guide = controller.view.safeAreaLayoutGuide
    NSLayoutConstraint.activate([
      field.topAnchor.constraint(equalTo: guide.topAnchor, constant: 8),
      field.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
      field.trailingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.trailingAnchor),
      textView.topAnchor.constraint(equalToSystemSpacingBelow: field.bottomAnchor, multiplier: 1),
      textView.leadingAnchor.constraint(equalTo: field.leadingAnchor),
      textView.widthAnchor.constraint(equalTo: field.widthAnchor),
      textView.heightAnchor.constraint(equalToConstant: 120),
      label.firstBaselineAnchor.constraint(equalTo: textView.bottomAnchor, constant: 20),
      label.centerXAnchor.constraint(equalTo: controller.view.centerXAnchor),
      stack.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 8),
      stack.leadingAnchor.constraint(equalTo: field.leadingAnchor),
    ])
    window.rootViewController = controller
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    field.becomeFirstResponder()
    field.insertText("abc")
    textView.becomeFirstResponder()
    textView.insertText("def")
    return [Weak(controller, "controller"), Weak(controller.view, "controller's view"), Weak(field, "field"),
            Weak(textView, "text view"), Weak(label, "label"), Weak(stack, "stack view"),
            Weak(stack.arrangedSubviews[1], "button"), Weak(guide, "safe area guide")]
  }

  @Test func aWindowWithConstrainedViewsIsFreedWithItsControllerAndViews() {
    func run() -> [Weak] {
      let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      let watched = buildScreen(in: window) + [Weak(window, "window")]
      window.resignKey()
      window.isHidden = true
      return watched
    }
    let watched = run()
    let alive = watched.filter { $0.object != nil }.map(\.name)
    #expect(alive == [])
  }

  @Test func aHostedScreenIsFreedWhenTheHostGoes() {
    func run() -> [Weak] {
      let host = HeadlessHost(rootViewController: UIViewController())
      let watched = buildScreen(in: host.window) + [Weak(host.window, "window"), Weak(host, "host")]
      host.type("g")
      _ = host.screen()
      return watched
    }
    let watched = run()
    let alive = watched.filter { $0.object != nil }.map(\.name)
    #expect(alive == [])
  }

  @Test func aViewRemovedFromItsSuperviewWithActiveConstraintsIsFreed() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller)
    weak var removed: UIView?
    weak var constraint: NSLayoutConstraint?
    func run() {
      let view = UIView()
      view.translatesAutoresizingMaskIntoConstraints = false
      controller.view.addSubview(view)
      let width = view.widthAnchor.constraint(equalToConstant: 40)
      NSLayoutConstraint.activate([width, view.topAnchor.constraint(equalTo: controller.view.topAnchor),
                                   view.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
                                   view.heightAnchor.constraint(equalToConstant: 20)])
      host.window.layoutIfNeeded()
      removed = view
      constraint = width
      view.removeFromSuperview()
      host.window.layoutIfNeeded()
    }
    run()
    #expect(removed == nil)
    #expect(constraint == nil)
  }
}
