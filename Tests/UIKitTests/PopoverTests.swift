import Foundation
import Testing
import UIKit
import UIKitTesting

/// A popover delegate that logs and can keep the popover a popover on an iPhone.
@MainActor
private final class PopoverDelegateLog: NSObject, UIPopoverPresentationControllerDelegate {
  let log: EventLog
  var adaptsTo: UIModalPresentationStyle = .automatic
  var repositionTo: CGRect?
  init(_ log: EventLog) { self.log = log }
  func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {
    log.add("prepareForPopoverPresentation")
  }
  func adaptivePresentationStyle(
    for controller: UIPresentationController, traitCollection: UITraitCollection
  ) -> UIModalPresentationStyle {
    log.add("adaptivePresentationStyle \(traitCollection.horizontalSizeClass == .compact ? "compact" : "regular")")
    return adaptsTo
  }
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
    log.add("shouldDismiss")
    return true
  }
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { log.add("willDismiss") }
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { log.add("didDismiss") }
  func popoverPresentationController(
    _ popoverPresentationController: UIPopoverPresentationController,
    willRepositionPopoverTo rect: UnsafeMutablePointer<CGRect>, in view: UnsafeMutablePointer<UIView>
  ) {
    log.add("willReposition")
    if let repositionTo { rect.pointee = repositionTo }
  }
}

@MainActor @Suite struct PopoverTests {
  /// A screen with a button to point at, on an iPad (regular width) or an iPhone.
  private func setUp(iPad: Bool) -> (HeadlessHost, LoggingController, UIButton, EventLog) {
    let log = EventLog()
    let root = LoggingController("Root", log: log)
    let button = UIButton(type: .system)
    button.setTitle("Filter", for: .normal)
    button.frame = CGRect(x: 100, y: 100, width: 80, height: 44)
    root.view.addSubview(button)
    let host = HeadlessHost(
      rootViewController: root, screenSize: iPad ? CGSize(width: 1024, height: 1366) : CGSize(width: 390, height: 844))
    if iPad { host.userInterfaceIdiom = .pad }
    _ = log.take()
    return (host, root, button, log)
  }

  @Test func aPopoverPointsAtItsSourceAndATapOutsideDismissesIt() throws {
    let (host, root, button, log) = setUp(iPad: true)
    #expect(host.window.traitCollection.horizontalSizeClass == .regular)
    let content = LoggingController("Filters", log: log)
    content.modalPresentationStyle = .popover
    content.preferredContentSize = CGSize(width: 300, height: 200)
    let popover = try #require(content.popoverPresentationController)
    #expect(content.presentationController === popover)
    #expect(popover.presentationStyle == .popover)
    #expect(popover.arrowDirection == .unknown)
    let delegate = PopoverDelegateLog(log)
    popover.delegate = delegate
    popover.sourceView = button
    popover.sourceRect = button.bounds
    var tapped = 0
    let other = UIButton(type: .system)
    other.setTitle("Other", for: .normal)
    other.frame = CGRect(x: 600, y: 600, width: 80, height: 44)
    other.addAction(UIAction { _ in tapped += 1 }, for: .touchUpInside)
    root.view.addSubview(other)
    popover.passthroughViews = [other]

    root.present(content, animated: true)
    host.advance(by: 0.35)
    #expect(log.take() == [
      "Filters viewDidLoad", "prepareForPopoverPresentation", "Filters viewWillAppear", "Filters viewDidAppear",
    ], "a regular width asks no adaptation, and the presenting screen does not disappear under a popover")
    // Below the button, its arrow pointing up at the button's bottom edge, 13 points above;
    // centred on the button but kept 10 points from the screen's left edge.
    #expect(popover.arrowDirection == .up)
    let frame = content.view.convert(content.view.bounds, to: nil)
    #expect(frame == CGRect(x: 10, y: 144 + 13, width: 300, height: 200))
    #expect(popover.frameOfPresentedViewInContainerView == frame)
    #expect(popover.containerView?.frame == host.window.bounds)
    #expect(content.view.alpha == 1)

    // A tap on a passthrough view reaches it; the popover stays.
    host.tap(other)
    #expect(tapped == 1)
    #expect(root.presentedViewController === content)
    // A tap inside the popover does not dismiss it.
    host.tap(at: CGPoint(x: frame.midX, y: frame.midY))
    #expect(root.presentedViewController === content)
    // A tap elsewhere does, as a sheet's swipe: the delegate is asked.
    host.tap(at: CGPoint(x: 800, y: 1200))
    host.advance(by: 0.35)
    #expect(log.take() == [
      "shouldDismiss", "willDismiss", "Filters viewWillDisappear", "Filters viewDidDisappear", "didDismiss",
    ])
    #expect(root.presentedViewController == nil)
  }

  @Test func thereBeingNoRoomBelowThePopoverGoesAbove() throws {
    let (host, root, button, log) = setUp(iPad: true)
    button.frame = CGRect(x: 900, y: 1250, width: 80, height: 44)
    let content = LoggingController("Filters", log: log)
    content.modalPresentationStyle = .popover
    content.preferredContentSize = CGSize(width: 300, height: 400)
    content.popoverPresentationController?.sourceView = button
    root.present(content, animated: false)
    let popover = try #require(content.popoverPresentationController)
    #expect(popover.arrowDirection == .down)
    let frame = content.view.convert(content.view.bounds, to: nil)
    // Above the button, kept 10 points from the screen's right edge.
    #expect(frame == CGRect(x: 1024 - 10 - 300, y: 1250 - 13 - 400, width: 300, height: 400))
    _ = host
  }

  @Test func onAnIPhoneAPopoverBecomesASheetUnlessTheDelegateKeepsIt() throws {
    let (host, root, button, log) = setUp(iPad: false)
    let content = LoggingController("Filters", log: log)
    content.modalPresentationStyle = .popover
    let popover = try #require(content.popoverPresentationController)
    let delegate = PopoverDelegateLog(log)
    popover.delegate = delegate
    popover.sourceView = button
    root.present(content, animated: false)
    #expect(log.take().contains("adaptivePresentationStyle compact"))
    #expect(content.presentationController === popover.adaptiveSheetPresentationController)
    #expect(content.popoverPresentationController === popover)
    #expect(content.presentationController?.presentationStyle == .formSheet)
    // A card from under the status bar.
    #expect(content.view.convert(content.view.bounds, to: nil).minY == 57)
    root.dismiss(animated: false)

    delegate.adaptsTo = .none
    content.preferredContentSize = CGSize(width: 200, height: 150)
    root.present(content, animated: false)
    #expect(content.presentationController === popover)
    #expect(popover.arrowDirection == .up)
    #expect(content.view.convert(content.view.bounds, to: nil) == CGRect(x: 40, y: 157, width: 200, height: 150))
    _ = host
  }

  @Test func aResizeAsksTheDelegateWhereToPointAgain() throws {
    let (host, root, button, log) = setUp(iPad: true)
    let content = LoggingController("Filters", log: log)
    content.modalPresentationStyle = .popover
    content.preferredContentSize = CGSize(width: 200, height: 100)
    let popover = try #require(content.popoverPresentationController)
    let delegate = PopoverDelegateLog(log)
    delegate.repositionTo = CGRect(x: 0, y: 0, width: 10, height: 10)
    popover.delegate = delegate
    popover.sourceView = button
    root.present(content, animated: false)
    _ = log.take()
    host.resizeScreen(to: CGSize(width: 1366, height: 1024))
    host.window.layoutIfNeeded()
    #expect(log.take().contains("willReposition"))
    #expect(popover.sourceRect == CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(abs(content.view.convert(content.view.bounds, to: nil).minY - (100 + 10 + 13)) < 0.001)
  }

  @Test func aPopoverWithoutASourceOnAnIPadStopsWithIOSsMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let root = UIViewController()
        let host = HeadlessHost(rootViewController: root, screenSize: CGSize(width: 1024, height: 1366))
        host.userInterfaceIdiom = .pad
        let content = UIViewController()
        content.modalPresentationStyle = .popover
        root.present(content, animated: false)
        _ = host
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("should have a non-nil sourceView or barButtonItem set before the presentation occurs."))
  }

  @Test func arrowDirectionsAreIOSs() {
    #expect(UIPopoverArrowDirection.up.rawValue == 1)
    #expect(UIPopoverArrowDirection.down.rawValue == 2)
    #expect(UIPopoverArrowDirection.left.rawValue == 4)
    #expect(UIPopoverArrowDirection.right.rawValue == 8)
    #expect(UIPopoverArrowDirection.any.rawValue == 15)
    #expect(UIViewController().popoverPresentationController == nil)
  }
}
