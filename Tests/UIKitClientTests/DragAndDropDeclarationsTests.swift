// Apple's declarations of drag and drop (UIKit, iOS 11 and later), and text drag and drop on
// text fields and text views, used as iOS code uses them (Swift 5 mode, as an app's code is):
// each line must compile, and the assertions check that the calls reach real behaviour.
//
//   class UIDragInteraction: NSObject, UIInteraction
//     init(delegate: UIDragInteractionDelegate); weak var delegate: UIDragInteractionDelegate? { get }
//     var allowsSimultaneousRecognitionDuringLift: Bool; var isEnabled: Bool
//     class var isEnabledByDefault: Bool { get }
//   protocol UIDragInteractionDelegate: NSObjectProtocol
//     func dragInteraction(_:itemsForBeginning:) -> [UIDragItem]
//     optional: previewForLifting:session:, willAnimateLiftWith:session:, sessionWillBegin:,
//     sessionAllowsMoveOperation:, sessionIsRestrictedToDraggingApplication:,
//     prefersFullSizePreviewsFor:, sessionDidMove:, session:willEndWith:, session:didEndWith:,
//     sessionDidTransferItems:, itemsForAddingTo:withTouchAt:, sessionForAddingItems:withTouchAt:,
//     session:willAdd:for:, previewForCancelling:withDefault:, item:willAnimateCancelWith:
//   class UIDropInteraction: NSObject, UIInteraction
//     init(delegate: UIDropInteractionDelegate); weak var delegate { get }; var allowsSimultaneousDropSessions: Bool
//   protocol UIDropInteractionDelegate: NSObjectProtocol (all optional)
//     canHandle:, sessionDidEnter:, sessionDidUpdate: -> UIDropProposal, sessionDidExit:,
//     performDrop:, concludeDrop:, sessionDidEnd:, previewForDropping:withDefault:,
//     item:willAnimateDropWith:
//   class UIDragItem: NSObject — init(itemProvider:), var itemProvider { get }, var localObject: Any?,
//     var previewProvider: (() -> UIDragPreview?)?
//   protocol UIDragDropSession — items, location(in:), allowsMoveOperation,
//     isRestrictedToDraggingApplication, hasItemsConforming(toTypeIdentifiers:), canLoadObjects(ofClass:)
//   protocol UIDragSession: UIDragDropSession — var localContext: Any?
//   protocol UIDropSession: UIDragDropSession, ProgressReporting — localDragSession,
//     progressIndicatorStyle, loadObjects(ofClass:completion:) -> Progress
//   enum UIDropOperation: UInt { cancel, forbidden, copy, move }
//   class UIDropProposal: NSObject, NSCopying — init(operation:), operation, isPrecise, prefersFullSizePreview
//   enum UIDropSessionProgressIndicatorStyle: UInt { none, default }
//   class UITargetedDragPreview: UITargetedPreview — init(view:parameters:target:), init(view:parameters:),
//     init(view:), retargetedPreview(with:)
//   class UIDragPreview: NSObject, NSCopying — init(view:parameters:), init(view:), view, parameters
//   class UIDragPreviewParameters: UIPreviewParameters — init(), init(textLineRects:), visiblePath, backgroundColor
//   class UIDragPreviewTarget: UIPreviewTarget — init(container:center:transform:), init(container:center:)
//   protocol UIDragAnimating: NSObjectProtocol — addAnimations(_:), addCompletion(_:)
//   protocol UITextDraggable: UITextInput — textDragDelegate, textDragInteraction, isTextDragActive, textDragOptions
//   struct UITextDragOptions: OptionSet — stripTextColorFromPreviews
//   protocol UITextDragDelegate: NSObjectProtocol (all optional) — textDraggableView(_:itemsForDrag:),
//     (_:dragPreviewForLiftingItem:session:), (_:willAnimateLiftWith:session:),
//     (_:dragSessionWillBegin:), (_:dragSessionDidEnd:with:)
//   protocol UITextDragRequest — dragRange, suggestedItems, existingItems, isSelected, dragSession
//   protocol UITextDroppable: UITextInput, UITextPasteConfigurationSupporting — textDropDelegate,
//     textDropInteraction, isTextDropActive
//   protocol UITextDropDelegate: NSObjectProtocol (all optional) — textDroppableView(_:willBecomeEditableForDrop:),
//     (_:proposalForDrop:), (_:willPerformDrop:), (_:previewForDroppingAllItemsWithDefault:),
//     (_:dropSessionDidEnter:), (_:dropSessionDidUpdate:), (_:dropSessionDidExit:), (_:dropSessionDidEnd:)
//   protocol UITextDropRequest — dropPosition, suggestedProposal, isSameView, dropSession
//   class UITextDropProposal: UIDropProposal — dropAction, dropProgressMode, useFastSameViewOperations, dropPerformer
//   enum UITextDropAction { insert, replaceSelection, replaceAll }; enum UITextDropProgressMode { system, custom }
//   enum UITextDropPerformer { view, delegate }; enum UITextDropEditability { no, temporary, yes }
//   class UITextDragPreviewRenderer: NSObject — init(layoutManager:range:), init(layoutManager:range:unifyRects:),
//     layoutManager, image, firstLineRect, bodyRect, lastLineRect, adjust(firstLineRect:bodyRect:lastLineRect:textOrigin:)
//   NSItemProvider — init(object:), registerObject(_:visibility:), canLoadObject(ofClass:), loadObject(ofClass:completionHandler:)
import UIKit
import UIKitTesting
import XCTest

/// A drag source as an app writes it: an image view's name, with a local object.
private final class Source: NSObject, UIDragInteractionDelegate {
  var ended: UIDropOperation?
  func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: UIDragSession)
    -> [UIDragItem]
  {
    session.localContext = "from the source"
    let item = UIDragItem(itemProvider: NSItemProvider(object: "tomato" as NSString))
    item.localObject = "tomato"
    item.previewProvider = {
      UIDragPreview(view: UIView(frame: CGRect(x: 0, y: 0, width: 8, height: 8)))
    }
    return [item]
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: UIDragSession
  ) -> UITargetedDragPreview? {
    let parameters = UIDragPreviewParameters()
    parameters.backgroundColor = .clear
    parameters.visiblePath = UIBezierPath(roundedRect: interaction.view!.bounds, cornerRadius: 4)
    return UITargetedDragPreview(view: interaction.view!, parameters: parameters)
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, willAnimateLiftWith animator: UIDragAnimating,
    session: UIDragSession
  ) {
    animator.addAnimations {}
    animator.addCompletion { (_: UIViewAnimatingPosition) in }
  }
  func dragInteraction(
    _ interaction: UIDragInteraction,
    sessionIsRestrictedToDraggingApplication session: UIDragSession
  ) -> Bool {
    true
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, session: UIDragSession, didEndWith operation: UIDropOperation
  ) {
    ended = operation
  }
  func dragInteraction(
    _ interaction: UIDragInteraction, previewForCancelling item: UIDragItem,
    withDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview? {
    defaultPreview.retargetedPreview(
      with: UIDragPreviewTarget(container: interaction.view!, center: .zero))
  }
}

/// A drop target as an app writes it.
private final class Target: NSObject, UIDropInteractionDelegate {
  var strings: [String] = []
  var context: String?
  func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool {
    session.hasItemsConforming(toTypeIdentifiers: ["public.plain-text"])
      && session.canLoadObjects(ofClass: String.self)
  }
  func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: UIDropSession)
    -> UIDropProposal
  {
    let proposal = UIDropProposal(operation: session.localDragSession == nil ? .forbidden : .copy)
    proposal.isPrecise = false
    proposal.prefersFullSizePreview = true
    return proposal
  }
  func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession) {
    context = session.localDragSession?.localContext as? String
    session.progressIndicatorStyle = .none
    let _: Progress = session.loadObjects(ofClass: String.self) { strings in self.strings = strings
    }
    let _: CGPoint = session.location(in: interaction.view!)
    let _: Bool = session.allowsMoveOperation && session.isRestrictedToDraggingApplication
  }
  func dropInteraction(
    _ interaction: UIDropInteraction, item: UIDragItem,
    willAnimateDropWith animator: UIDragAnimating
  ) {}
}

/// Text delegates as a notes app writes them.
private final class NotesDragDrop: NSObject, UITextDragDelegate, UITextDropDelegate {
  var performed: [Int] = []
  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, itemsForDrag dragRequest: UITextDragRequest
  ) -> [UIDragItem] {
    let _: UITextRange = dragRequest.dragRange
    let _: [UIDragItem] = dragRequest.existingItems
    let _: Bool = dragRequest.isSelected
    let _: UIDragSession = dragRequest.dragSession
    return dragRequest.suggestedItems
  }
  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, dragSessionDidEnd session: UIDragSession,
    with operation: UIDropOperation
  ) {}
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, willBecomeEditableForDrop drop: UITextDropRequest
  ) -> UITextDropEditability {
    .temporary
  }
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, proposalForDrop drop: UITextDropRequest
  ) -> UITextDropProposal {
    let proposal = UITextDropProposal(operation: drop.isSameView ? .move : .copy)
    proposal.dropAction = .insert
    proposal.dropProgressMode = .system
    proposal.useFastSameViewOperations = true
    proposal.dropPerformer = .view
    return proposal
  }
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, willPerformDrop drop: UITextDropRequest
  ) {
    performed.append(
      textDroppableView.offset(from: textDroppableView.beginningOfDocument, to: drop.dropPosition))
    let _: UITextDropProposal = drop.suggestedProposal
    let _: UIDropSession = drop.dropSession
  }
}

final class DragAndDropDeclarationsTests: XCTestCase {
  func testDragAndDropDeclarations() {
    let _: Bool = UIDragInteraction.isEnabledByDefault
    let source = Source()
    let drag = UIDragInteraction(delegate: source)
    drag.isEnabled = true
    drag.allowsSimultaneousRecognitionDuringLift = false
    XCTAssertTrue(drag.delegate === source)
    let target = Target()
    let drop = UIDropInteraction(delegate: target)
    drop.allowsSimultaneousDropSessions = false
    let operations: [UIDropOperation] = [.cancel, .forbidden, .copy, .move]
    XCTAssertEqual(operations.map(\.rawValue), [0, 1, 2, 3])
    XCTAssertEqual(UIDropSessionProgressIndicatorStyle.default.rawValue, 1)
    let parameters = UIDragPreviewParameters(textLineRects: [
      NSValue(cgRect: CGRect(x: 0, y: 0, width: 10, height: 16))
    ])
    XCTAssertEqual(parameters.visiblePath?.bounds, CGRect(x: 0, y: 0, width: 10, height: 16))
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
    let preview = UITargetedDragPreview(
      view: view, parameters: parameters,
      target: UIDragPreviewTarget(container: view, center: .zero, transform: .identity))
    XCTAssertEqual(preview.size, CGSize(width: 10, height: 16))
    XCTAssertTrue(UIDragPreview(view: view).view === view)
    let _: UIDragInteractionDelegate? = source
    // Optional-call syntax, as delegate proxies write it.
    let asDelegate: UIDropInteractionDelegate? = target
    XCTAssertEqual(asDelegate?.dropInteraction?(drop, canHandle: NoSession()), false)
  }

  func testADragBetweenTwoViewsOfAnApp() {
    final class Screen: UIViewController {
      let photo = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      let basket = UIView(frame: CGRect(x: 0, y: 200, width: 100, height: 100))
      override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(photo)
        view.addSubview(basket)
      }
    }
    let screen = Screen()
    let host = HeadlessHost(rootViewController: screen)
    let source = Source()
    let target = Target()
    screen.photo.addInteraction(UIDragInteraction(delegate: source))
    screen.basket.addInteraction(UIDropInteraction(delegate: target))
    host.dragAndDrop(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 50, y: 250))
    XCTAssertEqual(target.strings, ["tomato"])
    XCTAssertEqual(target.context, "from the source")
    XCTAssertEqual(source.ended, .copy)
  }

  func testTextDragAndDrop() {
    final class Screen: UIViewController {
      let field = UITextField(frame: CGRect(x: 16, y: 16, width: 200, height: 16))
      let notes = UITextView(frame: CGRect(x: 16, y: 48, width: 200, height: 96))
      override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(field)
        view.addSubview(notes)
      }
    }
    let screen = Screen()
    let host = HeadlessHost(
      rootViewController: screen, screenSize: CGSize(width: 320, height: 480),
      measuresTextInCells: true)
    let delegate = NotesDragDrop()
    let field: UIView & UITextDraggable & UITextDroppable = screen.field
    field.textDragDelegate = delegate
    field.textDragOptions = [.stripTextColorFromPreviews]
    XCTAssertNotNil(field.textDragInteraction)
    XCTAssertNotNil(screen.notes.textDropInteraction)
    XCTAssertFalse(field.isTextDragActive || field.isTextDropActive)
    screen.notes.textDropDelegate = delegate
    screen.notes.isEditable = false
    screen.notes.text = "Notes: "
    screen.field.text = "buy milk"
    host.tap(screen.field)
    screen.field.selectedTextRange = screen.field.textRange(
      from: screen.field.position(from: screen.field.beginningOfDocument, offset: 4)!,
      to: screen.field.endOfDocument)
    let selected = screen.field.firstRect(for: screen.field.selectedTextRange!)
    let end = screen.notes.caretRect(for: screen.notes.endOfDocument)
    host.dragAndDrop(
      from: screen.field, at: CGPoint(x: selected.midX, y: selected.midY), to: screen.notes,
      at: CGPoint(x: end.midX, y: end.midY))
    XCTAssertEqual(screen.notes.text, "Notes: milk")
    XCTAssertEqual(delegate.performed, [7])
    let actions: [UITextDropAction] = [.insert, .replaceSelection, .replaceAll]
    let _: [UITextDropProgressMode] = [.system, .custom]
    let _: [UITextDropPerformer] = [.view, .delegate]
    let _: [UITextDropEditability] = [.no, .temporary, .yes]
    XCTAssertEqual(actions.count, 3)
    let renderer = UITextDragPreviewRenderer(
      layoutManager: screen.notes.layoutManager, range: NSRange(location: 0, length: 5))
    var first = renderer.firstLineRect
    var body = renderer.bodyRect
    var last = renderer.lastLineRect
    renderer.adjust(firstLineRect: &first, bodyRect: &body, lastLineRect: &last, textOrigin: .zero)
    XCTAssertTrue(renderer.layoutManager === screen.notes.layoutManager)
    XCTAssertEqual(renderer.image.size, first.size)
    let textDelegate: UITextDragDelegate? = delegate
    XCTAssertEqual(
      textDelegate?.textDraggableView?(screen.field, itemsForDrag: Request(field: screen.field))
        .count, 0)
  }

  func testItemProviderObjects() {
    let provider = NSItemProvider()
    provider.registerObject(URL(string: "https://example.com")! as NSURL, visibility: .all)
    XCTAssertTrue(provider.canLoadObject(ofClass: URL.self))
    let loaded = expectation(description: "loaded")
    _ = provider.loadObject(ofClass: URL.self) { url, error in
      XCTAssertEqual(url?.host, "example.com")
      XCTAssertNil(error)
      loaded.fulfill()
    }
    wait(for: [loaded], timeout: 5)
  }
}

/// A session for calling a delegate directly.
private final class NoSession: NSObject, UIDropSession {
  var items: [UIDragItem] { [] }
  func location(in view: UIView) -> CGPoint { .zero }
  var allowsMoveOperation: Bool { false }
  var isRestrictedToDraggingApplication: Bool { true }
  func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool { false }
  func canLoadObjects(ofClass aClass: NSItemProviderReading.Type) -> Bool { false }
  var localDragSession: UIDragSession? { nil }
  var progressIndicatorStyle: UIDropSessionProgressIndicatorStyle = .default
  func loadObjects(
    ofClass aClass: NSItemProviderReading.Type,
    completion: @escaping ([NSItemProviderReading]) -> Void
  ) -> Progress {
    Progress(totalUnitCount: 0)
  }
  var progress: Progress { Progress(totalUnitCount: 0) }
}

/// A drag request for calling a delegate directly.
private final class Request: NSObject, UITextDragRequest {
  let field: UITextField
  init(field: UITextField) { self.field = field }
  var dragRange: UITextRange { field.selectedTextRange! }
  var suggestedItems: [UIDragItem] { [] }
  var existingItems: [UIDragItem] { [] }
  var isSelected: Bool { true }
  var dragSession: UIDragSession { Session() }
}

/// A drag session for calling a delegate directly.
private final class Session: NSObject, UIDragSession {
  var localContext: Any?
  var items: [UIDragItem] { [] }
  func location(in view: UIView) -> CGPoint { .zero }
  var allowsMoveOperation: Bool { true }
  var isRestrictedToDraggingApplication: Bool { true }
  func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool { false }
  func canLoadObjects(ofClass aClass: NSItemProviderReading.Type) -> Bool { false }
}
