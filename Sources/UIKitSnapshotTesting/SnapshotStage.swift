import Foundation
import UIKit

/// Runs `body` on the main actor: swift-snapshot-testing calls a strategy's snapshot function
/// synchronously on the test's thread, and UIKit's views live on the main actor, so a test
/// snapshotting them must run there (`@MainActor` on a Swift Testing test; XCTest's methods
/// already do), or it stops here. (Not `Thread.isMainThread`: on Linux the main queue, the
/// main actor's executor, may be drained by another thread while Swift Testing runs.)
func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
  MainActor.assumeIsolated { body() }
}

/// Where a view or a view controller is laid out and drawn for a snapshot, as SnapshotTesting
/// does on iOS: one that is in no window is put in a window of its own for the snapshot (at the
/// size asked, with the safe area of the device asked) and taken back out after; one already in
/// a window (a `HeadlessHost`'s) is drawn where it is.
@MainActor
enum SnapshotStage {
  /// The screen a window made here pretends to be on: the window's safe area comes from the
  /// screen's insets, and views measure text with the screen's measurer until they are in a
  /// window.
  @MainActor private struct Screen {
    var bounds: CGRect
    var safeAreaInsets: UIEdgeInsets
    var measurer: any TextMeasuring

    static var current: Screen {
      Screen(bounds: UIScreen.main.bounds, safeAreaInsets: UIScreen.main._safeAreaInsets, measurer: UIScreen.main._textMeasurer)
    }

    func install() {
      UIScreen.main.bounds = bounds
      UIScreen.main._safeAreaInsets = safeAreaInsets
      UIScreen.main._textMeasurer = measurer
    }
  }

  /// `view` laid out at `size` (its frame's size when nil), given to `body`, then put back as it
  /// was (superview, place among its siblings, frame). Text is measured with `measurer` when
  /// the view is put in a window of its own (nil: as the default window measures).
  static func with<T>(
    _ view: UIView, size: CGSize?, measurer: (any TextMeasuring)?, _ body: (UIView) -> T
  ) -> T {
    let initialFrame = view.frame
    defer { view.frame = initialFrame }
    if view.window != nil {
      if let size, size != view.frame.size {
        view.frame.size = size
        view.layoutIfNeeded()
      }
      return body(view)
    }
    let superview = view.superview
    let index = superview?.subviews.firstIndex { $0 === view }
    var size = size ?? view.frame.size
    if size.width == 0 || size.height == 0 {
      // As on iOS: a view without a size is sized to fit before it is drawn.
      view.sizeToFit()
      size = view.frame.size
    }
    // A window with no safe area: the view is drawn as it lays out on its own, not under a
    // status bar (iOS moves it off screen for the same reason). It keeps its origin, as in
    // iOS's snapshot window (a recursive description shows it); only its own drawing is taken.
    view.frame = CGRect(origin: view.frame.origin, size: size)
    let windowFrame = CGRect(x: 0, y: 0, width: max(0, view.frame.maxX), height: max(0, view.frame.maxY))
    let saved = Screen.current
    let measurer = measurer ?? ProportionalTextMeasurer()
    Screen(bounds: windowFrame, safeAreaInsets: .zero, measurer: measurer).install()
    defer { saved.install() }
    let window = UIWindow(frame: windowFrame)
    window.textMeasurer = measurer
    window.addSubview(view)
    defer {
      view.removeFromSuperview()
      if let superview, let index { superview.insertSubview(view, at: min(index, superview.subviews.count)) }
    }
    window.layoutIfNeeded()
    return body(view)
  }

  /// `controller`'s view on a screen of `config`'s size and safe area (`size` overrides the
  /// size; the view's own size when neither gives one), appeared, given to `body`; then the
  /// controller disappears and leaves the window. A controller whose view is already in a
  /// window is drawn there.
  static func with<T>(
    _ controller: UIViewController, config: ViewImageConfig, size: CGSize?, measurer: (any TextMeasuring)?,
    _ body: (UIView) -> T
  ) -> T {
    if controller.isViewLoaded, let view = controller.view, view.window != nil {
      return with(view, size: size, measurer: measurer, body)
    }
    let screenSize = size ?? config.size ?? controller.view.frame.size
    let saved = Screen.current
    let measurer = measurer ?? ProportionalTextMeasurer()
    Screen(bounds: CGRect(origin: .zero, size: screenSize), safeAreaInsets: config.safeArea, measurer: measurer).install()
    defer { saved.install() }
    let window = UIWindow(frame: CGRect(origin: .zero, size: screenSize))
    window.textMeasurer = measurer
    // The window becomes key so that the controller appears (viewWillAppear, layout,
    // viewDidAppear) as in SnapshotTesting's window; the app's key window is given back after.
    let previousKey = UIApplication.shared.keyWindow
    window.rootViewController = controller
    window.makeKeyAndVisible()
    defer {
      window.rootViewController = nil
      window.isHidden = true
      previousKey?.makeKey()
    }
    window.layoutIfNeeded()
    return body(controller.view)
  }

  /// What `view` alone draws (see `UIView._subtreeDisplayList()`), moved so that its bounds'
  /// top left corner is at (0, 0), and its size.
  static func displayList(of view: UIView) -> (list: DisplayList, size: CGSize) {
    let (list, rect) = view._subtreeDisplayList()
    return (list.offsetBy(dx: -rect.minX, dy: -rect.minY), rect.size)
  }
}

extension DisplayList {
  /// The same drawing moved by (dx, dy) points: frames, clips and paths move; text, fills,
  /// borders, images and gradients are drawn relative to their frames.
  func offsetBy(dx: CGFloat, dy: CGFloat) -> DisplayList {
    guard dx != 0 || dy != 0 else { return self }
    var moved = DisplayList()
    for var item in items {
      item.frame = item.frame.offsetBy(dx: dx, dy: dy)
      item.clip = item.clip.offsetBy(dx: dx, dy: dy)
      if case .path(let run) = item.content { item.content = .path(run.offsetBy(dx: dx, dy: dy)) }
      moved.append(item)
    }
    return moved
  }
}
