import Foundation
import Testing
import UIKit

/// A view's system guides have a frame after layout even when no constraint uses them, as on iOS
/// (`safeAreaLayoutGuide.layoutFrame` was `.zero` then), and it is the frame a constraint on the
/// guide would give.
@MainActor @Suite(.serialized)
struct SystemGuideFrameTests {
  private func controllerInWindow(pinning: Bool) -> (UIWindow, UIViewController) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = UIViewController()
    window.rootViewController = controller
    window.makeKeyAndVisible()
    if pinning {
      let view = controller.view!
      for guide in [view.safeAreaLayoutGuide, view.layoutMarginsGuide, view.readableContentGuide, view.keyboardLayoutGuide] {
        let probe = UIView()
        probe.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(probe)
        NSLayoutConstraint.activate([
          probe.topAnchor.constraint(equalTo: guide.topAnchor),
          probe.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
          probe.widthAnchor.constraint(equalToConstant: 10), probe.heightAnchor.constraint(equalToConstant: 10),
        ])
      }
    }
    controller.view.layoutIfNeeded()
    return (window, controller)
  }

  private func frames(of view: UIView) -> [CGRect] {
    [view.safeAreaLayoutGuide, view.layoutMarginsGuide, view.readableContentGuide, view.keyboardLayoutGuide].map(\.layoutFrame)
  }

  @Test func guidesNoConstraintUsesHaveTheirFrames() {
    // The main screen is the app's, which a suspended test's host may have sized (a window's
    // safe area is the part of the screen's it overlaps): an iPhone's here, whatever ran before.
    let (startingBounds, startingInsets) = (UIScreen.main.bounds, UIScreen.main._safeAreaInsets)
    UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    UIScreen.main._safeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    defer { (UIScreen.main.bounds, UIScreen.main._safeAreaInsets) = (startingBounds, startingInsets) }

    let (window, controller) = controllerInWindow(pinning: false)
    let view = controller.view!
    #expect(view.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 47, width: 390, height: 763))
    #expect(view.layoutMarginsGuide.layoutFrame == CGRect(x: 16, y: 47, width: 358, height: 763))
    #expect(view.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 810, width: 390, height: 34))

    let (pinnedWindow, pinned) = controllerInWindow(pinning: true)
    #expect(frames(of: view) == frames(of: pinned.view), "the frames constraints give")
    withExtendedLifetime((window, pinnedWindow)) {}
  }

  @Test func anAppsOwnGuideOutsideLayoutIsZero() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let guide = UILayoutGuide()
    view.addLayoutGuide(guide)
    view.layoutIfNeeded()
    #expect(guide.layoutFrame == .zero)
    #expect(view.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 100, height: 100), "outside a window: no insets")
  }
}
