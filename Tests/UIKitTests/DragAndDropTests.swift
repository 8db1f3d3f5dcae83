import Foundation
import Testing
@testable import UIKit
import UIKitTesting

// UIDragInteraction → UIDropInteraction between plain views: the order of the delegates'
// messages, items with local objects, loading objects, proposals that do not drop.

/// A drag source recording its delegate calls into a shared log.
@MainActor
private final class DragSource: NSObject, UIDragInteractionDelegate {
  var log: [String]
  var items: () -> [UIDragItem] = { [] }
  var allowsMove = true
  init(log: [String] = []) { self.log = log }
  func dragInteraction(
    _ interaction: UIDragInteraction, itemsForBeginning session: any UIDragSession
  ) -> [UIDragItem] {
    log.append("source itemsForBeginning")
    return items()
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: any UIDragSession
  ) -> UITargetedDragPreview? {
    log.append("source previewForLifting")
    return UITargetedDragPreview(view: interaction.view!)
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, willAnimateLiftWith animator: any UIDragAnimating,
    session: any UIDragSession
  ) {
    log.append("source willAnimateLift")
    animator.addCompletion { [weak self] position in
      self?.log.append("source lift completed \(position == .end ? "end" : "start")")
    }
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, sessionAllowsMoveOperation session: any UIDragSession
  ) -> Bool {
    log.append("source sessionAllowsMoveOperation")
    return allowsMove
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession
  ) {
    log.append("source sessionWillBegin")
  }
  func dragInteraction(_ interaction: UIDragInteraction, sessionDidMove session: any UIDragSession)
  {
    // Once: a drag moves many times.
    if !log.contains("source sessionDidMove") { log.append("source sessionDidMove") }
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, session: any UIDragSession,
    willEndWith operation: UIDropOperation
  ) {
    log.append("source willEndWith \(operation)")
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, session: any UIDragSession,
    didEndWith operation: UIDropOperation
  ) {
    log.append("source didEndWith \(operation)")
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, item: UIDragItem,
    willAnimateCancelWith animator: any UIDragAnimating
  ) {
    log.append("source willAnimateCancel")
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, sessionDidTransferItems session: any UIDragSession
  ) {
    log.append("source sessionDidTransferItems")
  }
}

/// A drop target recording its delegate calls into the source's log.
@MainActor
private final class DropTarget: NSObject, UIDropInteractionDelegate {
  let source: DragSource
  var operation: UIDropOperation = .copy
  var accepts = true
  var loaded: [String] = []
  var localObjects: [Any] = []
  init(source: DragSource) { self.source = source }
  func dropInteraction(_ interaction: UIDropInteraction, canHandle session: any UIDropSession)
    -> Bool
  {
    source.log.append("target canHandle")
    return accepts && session.canLoadObjects(ofClass: String.self)
  }
  func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession)
  {
    source.log.append("target sessionDidEnter")
  }
  func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession
  ) -> UIDropProposal {
    // Once per entry: the finger moves many times over the view.
    if source.log.last(where: { $0.hasPrefix("target") }) != "target sessionDidUpdate" {
      source.log.append("target sessionDidUpdate")
    }
    return UIDropProposal(operation: operation)
  }
  func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession)
  {
    source.log.append("target sessionDidExit")
  }
  func dropInteraction(_ interaction: UIDropInteraction, performDrop session: any UIDropSession) {
    source.log.append("target performDrop")
    localObjects = session.items.compactMap(\.localObject)
    session.loadObjects(ofClass: String.self) { [weak self] strings in
      MainActor.assumeIsolated {
        self?.source.log.append("target loaded \(strings)")
        self?.loaded = strings
      }
    }
  }
  func dropInteraction(
    _ interaction: UIDropInteraction, item: UIDragItem,
    willAnimateDropWith animator: any UIDragAnimating
  ) {
    source.log.append("target willAnimateDrop")
  }
  func dropInteraction(_ interaction: UIDropInteraction, concludeDrop session: any UIDropSession) {
    source.log.append("target concludeDrop")
  }
  func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession) {
    source.log.append("target sessionDidEnd")
  }
}

@MainActor
private final class TwoViews: UIViewController {
  let left = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 200))
  let right = UIView(frame: CGRect(x: 160, y: 0, width: 160, height: 200))
  override func loadView() {
    view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    view.addSubview(left)
    view.addSubview(right)
  }
}

@MainActor
private func makeTwoViews() -> (HeadlessHost, TwoViews, DragSource, DropTarget) {
  let controller = TwoViews()
  let host = HeadlessHost(
    rootViewController: controller, screenSize: CGSize(width: 320, height: 480),
    measuresTextInCells: true)
  let source = DragSource()
  source.items = {
    let item = UIDragItem(itemProvider: NSItemProvider(object: "carrot" as NSString))
    item.localObject = 42
    return [item]
  }
  let target = DropTarget(source: source)
  controller.left.addInteraction(UIDragInteraction(delegate: source))
  controller.right.addInteraction(UIDropInteraction(delegate: target))
  return (host, controller, source, target)
}

@MainActor @Suite struct DragAndDropTests {
  @Test func aDropBetweenTwoViewsSendsIOSOrderAndHandsOverObjects() {
    let (host, _, source, target) = makeTwoViews()
    host.dragAndDrop(from: CGPoint(x: 80, y: 100), to: CGPoint(x: 240, y: 100))
    #expect(
      source.log == [
        "source itemsForBeginning", "source previewForLifting", "source willAnimateLift",
        "source lift completed end",
        "source sessionAllowsMoveOperation", "source sessionWillBegin", "source sessionDidMove",
        "target canHandle", "target sessionDidEnter", "target sessionDidUpdate",
        "target performDrop", "source willEndWith copy", "target willAnimateDrop",
        "target concludeDrop",
        "target sessionDidEnd", "source didEndWith copy", "source sessionDidTransferItems",
        "target loaded [\"carrot\"]",
      ])
    #expect(target.loaded == ["carrot"])
    #expect(target.localObjects.first as? Int == 42)
    #expect(!host.isDragging)
  }

  @Test func theHostsTimelineRecordsTheDelegatesMessages() {
    let (host, controller, source, target) = makeTwoViews()
    defer { withExtendedLifetime((source, target)) {} }
    host.name(controller.left, "left")
    host.name(controller.right, "right")
    host.clearTimeline()
    host.dragAndDrop(from: CGPoint(x: 80, y: 100), to: CGPoint(x: 240, y: 100), steps: 1)
    #expect(
      host.timeline.lines == [
        "left: dragInteraction(_:itemsForBeginning:)",
        "left: dragInteraction(_:previewForLifting:session:)",
        "left: dragInteraction(_:willAnimateLiftWith:session:)",
        "left: dragInteraction(_:sessionAllowsMoveOperation:)",
        "left: dragInteraction(_:sessionIsRestrictedToDraggingApplication:)",
        "left: dragInteraction(_:sessionWillBegin:)",
        "left: dragInteraction(_:sessionDidMove:)", "right: dropInteraction(_:canHandle:)",
        "right: dropInteraction(_:sessionDidEnter:)", "right: dropInteraction(_:sessionDidUpdate:)",
        "right: dropInteraction(_:performDrop:)",
        "left: dragInteraction(_:session:willEndWith:) copy",
        "right: dropInteraction(_:previewForDropping:withDefault:)",
        "right: dropInteraction(_:item:willAnimateDropWith:)",
        "right: dropInteraction(_:concludeDrop:)", "right: dropInteraction(_:sessionDidEnd:)",
        "left: dragInteraction(_:session:didEndWith:) copy",
        "left: dragInteraction(_:sessionDidTransferItems:)",
      ])
  }

  @Test func noItemsMeansNoDrag() {
    let (host, _, source, target) = makeTwoViews()
    defer { withExtendedLifetime(target) {} }
    source.items = { [] }
    host.dragAndDrop(from: CGPoint(x: 80, y: 100), to: CGPoint(x: 240, y: 100))
    #expect(source.log == ["source itemsForBeginning"])
  }

  @Test func aTouchThatMovesBeforeTheLiftDelayLiftsNothing() {
    let (host, _, source, target) = makeTwoViews()
    defer { withExtendedLifetime(target) {} }
    host.drag(from: CGPoint(x: 80, y: 100), to: CGPoint(x: 240, y: 100))
    host.advance(by: 1)
    #expect(source.log.isEmpty)
  }

  @Test(arguments: [UIDropOperation.cancel, .forbidden])
  func aProposalThatDoesNotDropCancels(_ operation: UIDropOperation) {
    let (host, _, source, target) = makeTwoViews()
    target.operation = operation
    host.dragAndDrop(from: CGPoint(x: 80, y: 100), to: CGPoint(x: 240, y: 100))
    #expect(
      Array(source.log.suffix(5)) == [
        "target sessionDidExit", "source willEndWith cancel", "source willAnimateCancel",
        "target sessionDidEnd",
        "source didEndWith cancel",
      ])
    #expect(target.loaded.isEmpty)
  }

  @Test func aMoveTheSourceDoesNotAllowCancels() {
    let (host, _, source, target) = makeTwoViews()
    target.operation = .move
    source.allowsMove = false
    host.dragAndDrop(from: CGPoint(x: 80, y: 100), to: CGPoint(x: 240, y: 100))
    #expect(source.log.last == "source didEndWith cancel")
    source.allowsMove = true
    source.log = []
    host.dragAndDrop(from: CGPoint(x: 80, y: 100), to: CGPoint(x: 240, y: 100))
    #expect(source.log.contains("source didEndWith move"))
  }

  @Test func leavingATargetExitsItAndADropOutsideCancels() {
    let (host, _, source, target) = makeTwoViews()
    defer { withExtendedLifetime(target) {} }
    host.touchDown(at: CGPoint(x: 80, y: 100), hold: 0.6)
    host.moveTouch(to: CGPoint(x: 240, y: 100))
    #expect(host.isDragging)
    host.moveTouch(to: CGPoint(x: 80, y: 300))
    host.liftTouch(at: CGPoint(x: 80, y: 300))
    #expect(
      Array(source.log.suffix(5)) == [
        "target sessionDidExit", "source willEndWith cancel", "source willAnimateCancel",
        "target sessionDidEnd",
        "source didEndWith cancel",
      ])
  }

  @Test func aLiftTheFingerNeverMovesFromEndsNothing() {
    let (host, controller, source, target) = makeTwoViews()
    defer { withExtendedLifetime(target) {} }
    host.longPress(controller.left, duration: 0.8)
    #expect(
      source.log == [
        "source itemsForBeginning", "source previewForLifting", "source willAnimateLift",
        "source lift completed start",
      ])
  }

  @Test func aDisabledInteractionOrATargetThatCannotHandleTakesNothing() {
    let (host, controller, source, target) = makeTwoViews()
    (controller.left.interactions.first as? UIDragInteraction)?.isEnabled = false
    host.dragAndDrop(from: CGPoint(x: 80, y: 100), to: CGPoint(x: 240, y: 100))
    #expect(source.log.isEmpty)
    (controller.left.interactions.first as? UIDragInteraction)?.isEnabled = true
    target.accepts = false
    host.dragAndDrop(from: CGPoint(x: 80, y: 100), to: CGPoint(x: 240, y: 100))
    #expect(source.log.last == "source didEndWith cancel")
    #expect(!source.log.contains("target sessionDidEnter"))
  }

  @Test func theScreenShowsTheLiftedViewUnderTheFinger() {
    let (host, controller, source, target) = makeTwoViews()
    defer { withExtendedLifetime((source, target)) {} }
    let label = UILabel(frame: CGRect(x: 16, y: 16, width: 64, height: 16))
    label.text = "carrot"
    controller.left.addSubview(label)
    host.touchDown(at: CGPoint(x: 40, y: 24), hold: 0.6)
    host.moveTouch(to: CGPoint(x: 200, y: 200))
    let rows = host.screen().components(separatedBy: "\n")
    // The label's row, and the copy hanging under the finger, further right.
    #expect(rows.filter { $0.contains("carrot") }.count == 2)
    host.liftTouch(at: CGPoint(x: 200, y: 200))
    #expect(host.screen().components(separatedBy: "\n").filter { $0.contains("carrot") }.count == 1)
  }

  @Test func anItemsPreviewProviderFollowsTheFingerOnceTheDragBegins() {
    let (host, _, source, target) = makeTwoViews()
    defer { withExtendedLifetime(target) {} }
    source.items = {
      let item = UIDragItem(itemProvider: NSItemProvider(object: "pear" as NSString))
      item.previewProvider = {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 32, height: 16))
        label.text = "PEAR"
        return UIDragPreview(view: label)
      }
      return [item]
    }
    host.touchDown(at: CGPoint(x: 80, y: 100), hold: 0.6)
    host.moveTouch(to: CGPoint(x: 200, y: 200))
    let rows = host.screen().components(separatedBy: "\n")
    // Centred on the finger (column 25), a row under it (row 12).
    #expect(rows[13].hasPrefix(String(repeating: " ", count: 23) + "PEAR"))
    host.liftTouch(at: CGPoint(x: 200, y: 200))
    #expect(!host.screen().contains("PEAR"))
  }

  @Test func withoutSimultaneousRecognitionTheViewsTouchIsCancelledAtTheLift() {
    final class Pad: UIView {
      var log: [String] = []
      override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("began")
      }
      override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("moved")
      }
      override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("ended")
      }
      override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("cancelled")
      }
    }
    let (host, controller, source, target) = makeTwoViews()
    defer { withExtendedLifetime(target) {} }
    let pad = Pad(frame: CGRect(x: 0, y: 0, width: 160, height: 200))
    controller.left.addSubview(pad)
    // The view's touch goes on through the lift, and is cancelled when the drag begins.
    host.longPress(pad, duration: 0.8)
    #expect(pad.log == ["began", "ended"])
    pad.log = []
    host.dragAndDrop(from: CGPoint(x: 80, y: 100), to: CGPoint(x: 240, y: 100))
    #expect(pad.log == ["began", "cancelled"])
    // Without simultaneous recognition it is cancelled at the lift itself.
    (controller.left.interactions.first as? UIDragInteraction)?
      .allowsSimultaneousRecognitionDuringLift = false
    pad.log = []
    host.longPress(pad, duration: 0.8)
    #expect(pad.log == ["began", "cancelled"])
    #expect(source.log.last == "source lift completed start")
  }

  @Test func itemProvidersLoadStringsAndURLs() async {
    let provider = NSItemProvider(object: "hello" as NSString)
    provider.registerObject(NSURL(string: "https://example.com")!, visibility: .all)
    #expect(provider.canLoadObject(ofClass: String.self))
    #expect(provider.canLoadObject(ofClass: URL.self))
    #expect(provider.registeredTypeIdentifiers == ["public.utf8-plain-text", "public.url"])
    let string: String? = await withCheckedContinuation { continuation in
      provider.loadObject(ofClass: String.self) { string, _ in
        continuation.resume(returning: string)
      }
    }
    #expect(string == "hello")
    let url: URL? = await withCheckedContinuation { continuation in
      provider.loadObject(ofClass: URL.self) { url, _ in continuation.resume(returning: url) }
    }
    #expect(url?.absoluteString == "https://example.com")
    let text = NSItemProvider(item: "plain" as NSString, typeIdentifier: "public.utf8-plain-text")
    #expect(text.canLoadObject(ofClass: NSString.self))
    #expect(!text.canLoadObject(ofClass: URL.self))
  }
}
