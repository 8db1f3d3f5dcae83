import Foundation
import TextEditing

// Dragging and dropping text, what UITextField and UITextView share. Each object has one
// `_TextDragAndDrop`: the delegate of the drag interaction and the drop interaction UIKit adds
// to it (`textDragInteraction`, `textDropInteraction`), which turns the generic messages of
// DragDriver.swift into text: what is dragged, where a drop goes, the edits.
//
// As a source: a touch held still on the selection lifts it (elsewhere the hold stays a long
// press: caret, edit menu). The messages, with the drag interaction's around them:
//   itemsForBeginning → textDraggableView(_:itemsForDrag:) (the request suggests the selected
//   text as plain text; no items, no drag) → previewForLifting →
//   textDraggableView(_:dragPreviewForLiftingItem:session:) (nil: the selected lines) →
//   textDraggableView(_:willAnimateLiftWith:session:) → (the finger moves)
//   textDraggableView(_:dragSessionWillBegin:) → … → textDraggableView(_:dragSessionDidEnd:with:)
// A `.move` into another object removes the dragged text after the drop, through the one
// mutation path (the delegate may refuse), unless the target refused the text.
//
// As a target, for a session whose items make strings:
//   sessionDidEnter → textDroppableView(_:willBecomeEditableForDrop:) (an object that is not
//   editable only; `.no` takes nothing) → textDroppableView(_:dropSessionDidEnter:);
//   each move: textDroppableView(_:proposalForDrop:) (the suggestion: `.move` within the same
//   object, `.copy` from another, as iOS; `.cancel` over the dragged text itself) →
//   textDroppableView(_:dropSessionDidUpdate:);
//   the drop: textDroppableView(_:willPerformDrop:) → the edit (unless the delegate performs)
//   → textDroppableView(_:previewForDroppingAllItemsWithDefault:) → … →
//   textDroppableView(_:dropSessionDidEnd:); textDroppableView(_:dropSessionDidExit:) when
//   the finger leaves.
// The text goes in at the position closest to the finger (or over the selection, or over
// all, as the proposal's `dropAction` says) through the object's one mutation path: the
// delegate's `shouldChangeCharactersIn`/`shouldChangeTextIn` may refuse it; undo, the
// notification and `.editingChanged`/`textViewDidChange` follow as for any edit. A move
// within one object is one edit of the span from the dragged text to the drop position (one
// question to the delegate, one undo step), after which the moved text is selected; the
// object becomes first responder to take a drop, as on iOS, unless it is editable only for
// this drop.

/// A text object that drags and takes dropped text.
@MainActor
protocol _TextDragDropOwner: UIView, EditableTextObject, UITextDraggable, UITextDroppable {
  /// The object's drag and drop (made with it).
  var _textDragAndDrop: _TextDragAndDrop! { get }
  /// Whether text can be lifted from the object (an enabled field whose text is not secure; a
  /// selectable text view).
  var _canLiftText: Bool { get }
  /// Whether a drop may change the text without asking (an enabled field; an editable view).
  var _isEditableForDrop: Bool { get }
  /// Makes a text view editable (or not again) for a drop its drop delegate lets in.
  func _setEditableForDrop(_ editable: Bool)
}

/// The delegate of a text object's drag and drop interactions (see the top of this file).
@MainActor
final class _TextDragAndDrop: NSObject, UIDragInteractionDelegate, UIDropInteractionDelegate {
  private weak var owner: (any _TextDragDropOwner)?
  weak var dragDelegate: (any UITextDragDelegate)?
  weak var dropDelegate: (any UITextDropDelegate)?
  var options: UITextDragOptions = []
  private(set) var dragInteraction: UIDragInteraction!
  private(set) var dropInteraction: UIDropInteraction!
  /// The text being dragged from the object (UTF-16 offsets).
  private var dragRange: Range<Int>?
  /// Where a drop over the object would go, and how.
  private var dropOffset: Int?
  private var proposal: UITextDropProposal?
  private var request: _TextDropRequest?
  /// What the drop delegate answered for an object that is not editable.
  private var editability: UITextDropEditability?

  init(owner: any _TextDragDropOwner) {
    self.owner = owner
    super.init()
    dragInteraction = UIDragInteraction(delegate: self)
    dropInteraction = UIDropInteraction(delegate: self)
    owner.addInteraction(dragInteraction)
    owner.addInteraction(dropInteraction)
  }

  var isDragActive: Bool { owner?.window?._dragDriver.session?.interaction === dragInteraction }
  var isDropActive: Bool { owner?.window?._dragDriver.target === dropInteraction }

  /// `delegate`, after `message` is reported to hosts' timelines as sent by the object.
  private func traced<Delegate>(
    _ delegate: Delegate?, _ message: String, _ arguments: @autoclosure () -> String = ""
  ) -> Delegate? {
    if delegate != nil, UIKitTrace.isObserved, let owner {
      UIKitTrace.report(
        .delegate(sender: owner, message: message, arguments: arguments()), window: owner.window)
    }
    return delegate
  }

  // MARK: Dragging from the object

  func dragInteraction(
    _ interaction: UIDragInteraction, itemsForBeginning session: any UIDragSession
  ) -> [UIDragItem] {
    guard let owner, owner._canLiftText, owner.isFirstResponder else { return [] }
    let selection = owner._state.selection.range
    guard !selection.isEmpty, owner._state.markedRange == nil else { return [] }
    // Only a hold on the selection lifts it: elsewhere the hold is a long press.
    let point = session.location(in: owner)
    let rects = owner.selectionRects(for: UITextRange(selection)).map(\.rect)
    guard rects.contains(where: { $0.insetBy(dx: -2, dy: -2).contains(point) }) else { return [] }
    let text = owner._state.text.substring(selection)
    let suggested = [UIDragItem(itemProvider: NSItemProvider(object: text as NSString))]
    let items: [UIDragItem]
    if let dragDelegate = traced(dragDelegate, "textDraggableView(_:itemsForDrag:)") {
      let request = _TextDragRequest(
        dragRange: UITextRange(selection), suggestedItems: suggested, dragSession: session)
      items = dragDelegate.textDraggableView(owner, itemsForDrag: request)
    } else {
      items = suggested
    }
    dragRange = items.isEmpty ? nil : selection
    return items
  }

  func dragInteraction(
    _ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: any UIDragSession
  ) -> UITargetedDragPreview? {
    guard let owner else { return nil }
    if let preview = traced(
      dragDelegate, "textDraggableView(_:dragPreviewForLiftingItem:session:)")?.textDraggableView(
        owner, dragPreviewForLiftingItem: item, session: session)
    {
      return preview
    }
    return textPreview(of: dragRange ?? owner._state.selection.range)
  }

  /// The lines of `range` as they are drawn: what iOS lifts from text.
  private func textPreview(of range: Range<Int>) -> UITargetedDragPreview? {
    guard let owner else { return nil }
    let rects = owner.selectionRects(for: UITextRange(range)).map(\.rect).filter { $0.width > 0 }
    guard let first = rects.first else { return nil }
    let parameters = UIDragPreviewParameters(textLineRects: rects.map { NSValue(cgRect: $0) })
    parameters._stripsTextColor = options.contains(.stripTextColorFromPreviews)
    let bounds = rects.dropFirst().reduce(first) { $0.union($1) }
    return UITargetedDragPreview(
      view: owner, parameters: parameters,
      target: UIDragPreviewTarget(container: owner, center: CGPoint(x: bounds.midX, y: bounds.midY))
    )
  }

  func dragInteraction(
    _ interaction: UIDragInteraction, willAnimateLiftWith animator: any UIDragAnimating,
    session: any UIDragSession
  ) {
    guard let owner else { return }
    traced(dragDelegate, "textDraggableView(_:willAnimateLiftWith:session:)")?.textDraggableView(
      owner, willAnimateLiftWith: animator, session: session)
  }

  func dragInteraction(
    _ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession
  ) {
    guard let owner else { return }
    traced(dragDelegate, "textDraggableView(_:dragSessionWillBegin:)")?.textDraggableView(
      owner, dragSessionWillBegin: session)
  }

  func dragInteraction(
    _ interaction: UIDragInteraction, session: any UIDragSession,
    didEndWith operation: UIDropOperation
  ) {
    defer { dragRange = nil }
    guard let owner else { return }
    // A move into another object: the text leaves this one, unless the target refused it or
    // the move stayed here (one edit already did both).
    if operation == .move, let range = dragRange, let session = session as? _DragSession,
      !session._textMovedWithinSource, !session._textDropRefused,
      range.upperBound <= owner._state.text.utf16Count
    {
      owner._perform(.replace(range, with: ""), origin: .user)
    }
    traced(dragDelegate, "textDraggableView(_:dragSessionDidEnd:with:)", "\(operation)")?
      .textDraggableView(
        owner, dragSessionDidEnd: session, with: operation)
  }

  // MARK: Dropping on the object

  func dropInteraction(_ interaction: UIDropInteraction, canHandle session: any UIDropSession)
    -> Bool
  {
    guard let owner, (owner as? UIControl)?.isEnabled ?? true else { return false }
    return session.canLoadObjects(ofClass: NSString.self)
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession)
  {
    guard let owner else { return }
    editability = nil
    if !owner._isEditableForDrop {
      editability =
        traced(dropDelegate, "textDroppableView(_:willBecomeEditableForDrop:)")?.textDroppableView(
          owner, willBecomeEditableForDrop: makeRequest(for: session)) ?? .no
    }
    traced(dropDelegate, "textDroppableView(_:dropSessionDidEnter:)")?.textDroppableView(
      owner, dropSessionDidEnter: session)
  }

  func dropInteraction(
    _ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession
  ) -> UIDropProposal {
    guard let owner else { return UIDropProposal(operation: .cancel) }
    let request = makeRequest(for: session)
    let proposal =
      traced(dropDelegate, "textDroppableView(_:proposalForDrop:)")?.textDroppableView(
        owner, proposalForDrop: request) ?? request.suggestedProposal
    self.request = request
    self.proposal = proposal
    dropOffset = request.dropPosition._offset
    traced(dropDelegate, "textDroppableView(_:dropSessionDidUpdate:)")?.textDroppableView(
      owner, dropSessionDidUpdate: session)
    showDropCaret()
    return proposal
  }

  /// Where a drop would go now, and what UIKit suggests.
  private func makeRequest(for session: any UIDropSession) -> _TextDropRequest {
    let owner = owner!
    let point = session.location(in: owner)
    let offset = owner.closestPosition(to: point)?._offset ?? owner._state.text.utf16Count
    let source = (session.localDragSession as? _DragSession)?.interaction
    let sameView = source != nil && source === dragInteraction
    var operation: UIDropOperation = sameView ? .move : .copy
    if editability == UITextDropEditability.no { operation = .cancel }
    // Over the dragged text itself a drop would change nothing: iOS shows no caret there.
    if sameView, let range = dragRange, range.lowerBound < offset, offset < range.upperBound {
      operation = .cancel
    }
    return _TextDropRequest(
      dropPosition: UITextPosition(offset: offset),
      suggestedProposal: UITextDropProposal(operation: operation),
      isSameView: sameView, dropSession: session)
  }

  /// The drop caret at the drop position, for an insertion that would happen.
  private func showDropCaret() {
    guard let owner, let driver = owner.window?._dragDriver else { return }
    guard let proposal, let dropOffset, proposal.operation == .copy || proposal.operation == .move,
      proposal.dropAction == .insert
    else {
      driver.dropCaret = nil
      return
    }
    driver.dropCaret = owner.convert(
      owner.caretRect(for: UITextPosition(offset: dropOffset)), to: nil)
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession)
  {
    guard let owner else { return }
    owner.window?._dragDriver.dropCaret = nil
    traced(dropDelegate, "textDroppableView(_:dropSessionDidExit:)")?.textDroppableView(
      owner, dropSessionDidExit: session)
  }

  func dropInteraction(_ interaction: UIDropInteraction, performDrop session: any UIDropSession) {
    guard let owner, let request, let proposal, let dropOffset else { return }
    owner.window?._dragDriver.dropCaret = nil
    traced(dropDelegate, "textDroppableView(_:willPerformDrop:)", "at \(dropOffset)")?
      .textDroppableView(owner, willPerformDrop: request)
    guard proposal.dropPerformer == .view else { return }
    let strings =
      (session as? _DropSession)?._objects(ofClass: NSString.self).compactMap { $0 as? NSString }
      ?? []
    let string = strings.map { $0 as String }.joined()
    let dragSession = session.localDragSession as? _DragSession
    let temporary = !owner._isEditableForDrop && editability == .temporary
    if !owner._isEditableForDrop { owner._setEditableForDrop(true) }
    defer { if temporary { owner._setEditableForDrop(false) } }
    if !temporary, !owner.isFirstResponder { _ = owner.becomeFirstResponder() }
    let text = owner._state.text
    let length = text.utf16Count
    let edit: (range: Range<Int>, replacement: String, inserted: Range<Int>)
    let count = string.utf16.count
    // Within one object the drop is the whole move: the source removes nothing afterwards.
    if request.isSameView { dragSession?._textMovedWithinSource = true }
    switch proposal.dropAction {
    case .insert:
      let offset = min(dropOffset, length)
      if request.isSameView, proposal.operation == .move, let moved = dragRange,
        moved.upperBound <= length,
        offset <= moved.lowerBound || offset >= moved.upperBound
      {
        // The move as one edit of the span between the dragged text and the drop position.
        if offset <= moved.lowerBound {
          edit = (
            offset..<moved.upperBound, string + text.substring(offset..<moved.lowerBound),
            offset..<offset + count
          )
        } else {
          let start = offset - moved.count
          edit = (
            moved.lowerBound..<offset, text.substring(moved.upperBound..<offset) + string,
            start..<start + count
          )
        }
      } else {
        edit = (offset..<offset, string, offset..<offset + count)
      }
    case .replaceSelection:
      let selection = owner._state.selection.range
      edit = (selection, string, selection.lowerBound..<selection.lowerBound + count)
    case .replaceAll:
      edit = (0..<length, string, 0..<count)
    }
    guard owner._perform(.replace(edit.range, with: edit.replacement), origin: .user) else {
      dragSession?._textDropRefused = true
      return
    }
    let inserted = edit.inserted.clamped(to: 0..<owner._state.text.utf16Count + 1)
    owner._perform(
      .select(TextSelection(anchor: inserted.lowerBound, head: inserted.upperBound)), origin: .user)
  }

  func dropInteraction(
    _ interaction: UIDropInteraction, previewForDropping item: UIDragItem,
    withDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview? {
    guard let owner, let dropDelegate else { return defaultPreview }
    // Asked once, for all the items, as the delegate's name says.
    guard (owner.window?._dragDriver.session?.items.first).map({ $0 === item }) ?? true else {
      return defaultPreview
    }
    return traced(dropDelegate, "textDroppableView(_:previewForDroppingAllItemsWithDefault:)")?
      .textDroppableView(
        owner, previewForDroppingAllItemsWithDefault: defaultPreview) ?? nil
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession) {
    guard let owner else { return }
    dropOffset = nil
    proposal = nil
    request = nil
    editability = nil
    traced(dropDelegate, "textDroppableView(_:dropSessionDidEnd:)")?.textDroppableView(
      owner, dropSessionDidEnd: session)
  }
}

// MARK: The two text objects

extension UITextField: _TextDragDropOwner {
  /// Told of drags of the field's text and asked what they carry (held weakly).
  public var textDragDelegate: (any UITextDragDelegate)? {
    get { _textDragAndDrop.dragDelegate }
    set { _textDragAndDrop.dragDelegate = newValue }
  }
  /// The drag interaction UIKit added to the field (enabled: see `UIDragInteraction.isEnabledByDefault`).
  public var textDragInteraction: UIDragInteraction? { _textDragAndDrop.dragInteraction }
  /// Whether text of the field is being dragged.
  public var isTextDragActive: Bool { _textDragAndDrop.isDragActive }
  /// How drags of the field's text are shown.
  public var textDragOptions: UITextDragOptions {
    get { _textDragAndDrop.options }
    set { _textDragAndDrop.options = newValue }
  }
  /// Asked how text dropped on the field goes in (held weakly).
  public var textDropDelegate: (any UITextDropDelegate)? {
    get { _textDragAndDrop.dropDelegate }
    set { _textDragAndDrop.dropDelegate = newValue }
  }
  /// The drop interaction UIKit added to the field.
  public var textDropInteraction: UIDropInteraction? { _textDragAndDrop.dropInteraction }
  /// Whether a drag is over the field.
  public var isTextDropActive: Bool { _textDragAndDrop.isDropActive }

  var _canLiftText: Bool { isEnabled && !isSecureTextEntry }
  var _isEditableForDrop: Bool { isEnabled }
  func _setEditableForDrop(_ editable: Bool) {}
}

extension UITextView: _TextDragDropOwner {
  /// Told of drags of the view's text and asked what they carry (held weakly).
  public var textDragDelegate: (any UITextDragDelegate)? {
    get { _textDragAndDrop.dragDelegate }
    set { _textDragAndDrop.dragDelegate = newValue }
  }
  /// The drag interaction UIKit added to the view (enabled: see `UIDragInteraction.isEnabledByDefault`).
  public var textDragInteraction: UIDragInteraction? { _textDragAndDrop.dragInteraction }
  /// Whether text of the view is being dragged.
  public var isTextDragActive: Bool { _textDragAndDrop.isDragActive }
  /// How drags of the view's text are shown.
  public var textDragOptions: UITextDragOptions {
    get { _textDragAndDrop.options }
    set { _textDragAndDrop.options = newValue }
  }
  /// Asked how text dropped on the view goes in, and whether a view that is not editable takes
  /// it (held weakly).
  public var textDropDelegate: (any UITextDropDelegate)? {
    get { _textDragAndDrop.dropDelegate }
    set { _textDragAndDrop.dropDelegate = newValue }
  }
  /// The drop interaction UIKit added to the view.
  public var textDropInteraction: UIDropInteraction? { _textDragAndDrop.dropInteraction }
  /// Whether a drag is over the view.
  public var isTextDropActive: Bool { _textDragAndDrop.isDropActive }

  var _canLiftText: Bool { isSelectable && !isSecureTextEntry }
  var _isEditableForDrop: Bool { isEditable }
  func _setEditableForDrop(_ editable: Bool) { isEditable = editable }
}
