import Foundation
import Testing
@testable import UIKit
import UIKitTesting

// Dragging text within and between text fields and text views: moves, copies, the delegates'
// order, vetoes, editability, undo, Unicode, and what the screen shows mid-drag.

/// Two fields and a text view on a screen measured in cells (8 × 16 pt).
@MainActor
private final class DragForm: UIViewController {
  let first = UITextField(frame: CGRect(x: 16, y: 16, width: 200, height: 16))
  let second = UITextField(frame: CGRect(x: 16, y: 48, width: 200, height: 16))
  let notes = UITextView(frame: CGRect(x: 16, y: 80, width: 200, height: 96))

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    first.borderStyle = .none
    second.borderStyle = .none
    notes.textContainerInset = .zero
    view.addSubview(first)
    view.addSubview(second)
    view.addSubview(notes)
  }
}

@MainActor
private func makeForm() -> (HeadlessHost, DragForm) {
  let controller = DragForm()
  let host = HeadlessHost(
    rootViewController: controller, screenSize: CGSize(width: 320, height: 480),
    measuresTextInCells: true)
  host.name(controller.first, "first")
  host.name(controller.second, "second")
  host.name(controller.notes, "notes")
  return (host, controller)
}

/// Selects the UTF-16 `range` of a text object that is first responder.
@MainActor
private func select(_ range: NSRange, in input: some UITextInput) {
  let start = input.position(from: input.beginningOfDocument, offset: range.location)!
  input.selectedTextRange = input.textRange(
    from: start, to: input.position(from: start, offset: range.length)!)
}

/// Gives `field` its `text`, makes it first responder and selects the UTF-16 `range`.
@MainActor
private func prepare(
  _ host: HeadlessHost, _ field: UITextField, _ text: String, selecting range: NSRange
) {
  field.text = text
  host.tap(field)
  select(range, in: field)
}

/// The window point in the middle of the selection's first line.
@MainActor
private func selectionPoint(_ view: UIView & UITextInput) -> CGPoint {
  let rect = view.firstRect(for: view.selectedTextRange!)
  return view.convert(CGPoint(x: rect.midX, y: rect.midY), to: nil)
}

/// The window point where the caret before UTF-16 `offset` stands.
@MainActor
private func caretPoint(_ view: UIView & UITextInput, _ offset: Int) -> CGPoint {
  let rect = view.caretRect(for: view.position(from: view.beginningOfDocument, offset: offset)!)
  return view.convert(CGPoint(x: rect.midX, y: rect.midY), to: nil)
}

/// Records a field's editing messages.
@MainActor
private final class FieldLog: NSObject, UITextFieldDelegate {
  var calls: [String] = []
  var allows = true
  func textField(
    _ textField: UITextField, shouldChangeCharactersIn range: NSRange,
    replacementString string: String
  ) -> Bool {
    calls.append("shouldChange {\(range.location), \(range.length)} \(string.debugDescription)")
    return allows
  }
  func textFieldDidChangeSelection(_ textField: UITextField) { calls.append("didChangeSelection") }
}

/// A text drag and drop delegate writing to one log.
@MainActor
private final class TextDragLog: NSObject, UITextDragDelegate, UITextDropDelegate {
  var log: [String] = []
  var items: ((any UITextDragRequest) -> [UIDragItem])?
  var proposal: ((any UITextDropRequest) -> UITextDropProposal)?
  var editability: UITextDropEditability = .no
  private func name(_ view: UIView) -> String {
    view.tag == 2 ? "second" : view is UITextView ? "notes" : "first"
  }

  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, itemsForDrag dragRequest: any UITextDragRequest
  ) -> [UIDragItem] {
    let range = dragRequest.dragRange
    let start = textDraggableView.offset(
      from: textDraggableView.beginningOfDocument, to: range.start)
    let length = textDraggableView.offset(from: range.start, to: range.end)
    log.append(
      "\(name(textDraggableView)) itemsForDrag {\(start), \(length)} selected=\(dragRequest.isSelected)"
    )
    return items?(dragRequest) ?? dragRequest.suggestedItems
  }
  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, dragPreviewForLiftingItem item: UIDragItem,
    session: any UIDragSession
  ) -> UITargetedDragPreview? {
    log.append("\(name(textDraggableView)) dragPreviewForLiftingItem")
    return nil
  }
  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable,
    willAnimateLiftWith animator: any UIDragAnimating, session: any UIDragSession
  ) {
    log.append("\(name(textDraggableView)) willAnimateLift")
  }
  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, dragSessionWillBegin session: any UIDragSession
  ) {
    log.append("\(name(textDraggableView)) dragSessionWillBegin")
  }
  func textDraggableView(
    _ textDraggableView: UIView & UITextDraggable, dragSessionDidEnd session: any UIDragSession,
    with operation: UIDropOperation
  ) {
    log.append("\(name(textDraggableView)) dragSessionDidEnd \(operation)")
  }
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable,
    willBecomeEditableForDrop drop: any UITextDropRequest
  ) -> UITextDropEditability {
    log.append("\(name(textDroppableView)) willBecomeEditableForDrop")
    return editability
  }
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, proposalForDrop drop: any UITextDropRequest
  ) -> UITextDropProposal {
    let offset = textDroppableView.offset(
      from: textDroppableView.beginningOfDocument, to: drop.dropPosition)
    let entry =
      "\(name(textDroppableView)) proposalForDrop sameView=\(drop.isSameView) suggested=\(drop.suggestedProposal.operation)"
    if log.last?.hasPrefix("\(name(textDroppableView)) proposalForDrop") != true {
      log.append(entry)
    }
    _ = offset
    return proposal?(drop) ?? drop.suggestedProposal
  }
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, willPerformDrop drop: any UITextDropRequest
  ) {
    let offset = textDroppableView.offset(
      from: textDroppableView.beginningOfDocument, to: drop.dropPosition)
    log.append("\(name(textDroppableView)) willPerformDrop at \(offset)")
  }
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable,
    previewForDroppingAllItemsWithDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview? {
    log.append("\(name(textDroppableView)) previewForDroppingAllItems")
    return defaultPreview
  }
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidEnter session: any UIDropSession
  ) {
    log.append("\(name(textDroppableView)) dropSessionDidEnter")
  }
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidUpdate session: any UIDropSession
  ) {}
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidExit session: any UIDropSession
  ) {
    log.append("\(name(textDroppableView)) dropSessionDidExit")
  }
  func textDroppableView(
    _ textDroppableView: UIView & UITextDroppable, dropSessionDidEnd session: any UIDropSession
  ) {
    log.append("\(name(textDroppableView)) dropSessionDidEnd")
  }
}

@MainActor @Suite struct TextDragAndDropTests {
  // MARK: Moves and copies

  @Test func aHeldSelectionMovesWithinAFieldAsOneEditAndOneUndoStep() {
    let (host, form) = makeForm()
    let field = form.first
    let log = FieldLog()
    field.delegate = log
    field.text = "red green blue"
    host.tap(field)
    select(NSRange(location: 4, length: 6), in: field)
    #expect(marked(field) == "red [green ]blue")
    var changes = 0
    field.addAction(UIAction { _ in changes += 1 }, for: .editingChanged)
    log.calls = []
    host.dragAndDrop(from: selectionPoint(field), to: caretPoint(field, 14))
    #expect(marked(field) == "red blue[green ]")
    #expect(
      log.calls == [
        "shouldChange {4, 10} \"bluegreen \"", "didChangeSelection", "didChangeSelection",
      ])
    #expect(changes == 1)
    #expect(field.isFirstResponder)
    field.undoManager?.undo()
    #expect(field.text == "red green blue")
    field.undoManager?.redo()
    #expect(field.text == "red bluegreen ")
  }

  @Test func aMoveToTheLeftWithinAField() {
    let (host, form) = makeForm()
    let field = form.first
    field.text = "one two three"
    host.tap(field)
    select(NSRange(location: 8, length: 5), in: field)
    host.dragAndDrop(from: selectionPoint(field), to: caretPoint(field, 0))
    #expect(marked(field) == "[three]one two ")
  }

  @Test func aMoveWithinATextViewAcrossLines() {
    let (host, form) = makeForm()
    let notes = form.notes
    let delegate = TextViewRecorder()
    notes.delegate = delegate
    notes.text = "first line\nsecond line\nthird"
    host.tap(notes)
    select(NSRange(location: 11, length: 7), in: notes)
    #expect(marked(notes) == "first line\n[second ]line\nthird")
    delegate.calls = []
    host.dragAndDrop(from: selectionPoint(notes), to: caretPoint(notes, 23))
    #expect(marked(notes) == "first line\nline\n[second ]third")
    #expect(
      delegate.calls.filter { $0.hasPrefix("shouldChange") } == [
        "shouldChange {11, 12} \"line\\nsecond \""
      ])
    #expect(delegate.calls.filter { $0 == "didChange" }.count == 1)
    notes.undoManager?.undo()
    #expect(notes.text == "first line\nsecond line\nthird")
  }

  @Test func aDropInAnotherFieldCopiesAndSelectsTheText() {
    let (host, form) = makeForm()
    form.first.text = "hello world"
    form.second.text = "say "
    let secondLog = FieldLog()
    form.second.delegate = secondLog
    host.tap(form.first)
    select(NSRange(location: 6, length: 5), in: form.first)
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.second, 4))
    #expect(form.first.text == "hello world")
    #expect(marked(form.second) == "say [world]")
    #expect(form.second.isFirstResponder)
    #expect(secondLog.calls.first == "shouldChange {4, 0} \"world\"")
  }

  @Test func aMoveProposedIntoAnotherFieldTakesTheTextAwayFromTheSource() {
    let (host, form) = makeForm()
    let drops = TextDragLog()
    drops.proposal = { drop in
      let move = UITextDropProposal(operation: .move)
      move.dropAction = drop.suggestedProposal.dropAction
      return move
    }
    form.second.textDropDelegate = drops
    form.second.text = "say "
    prepare(host, form.first, "hello world", selecting: NSRange(location: 5, length: 6))
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.second, 4))
    #expect(form.first.text == "hello")
    #expect(form.second.text == "say  world")
  }

  @Test func theDelegatesHearADropBetweenFieldsInIOSOrder() {
    let (host, form) = makeForm()
    let log = TextDragLog()
    form.second.tag = 2
    form.first.textDragDelegate = log
    form.first.textDropDelegate = log
    form.second.textDropDelegate = log
    form.second.text = "say "
    prepare(host, form.first, "hello world", selecting: NSRange(location: 6, length: 5))
    #expect(!form.first.isTextDragActive)
    host.touchDown(at: selectionPoint(form.first), hold: 0.6)
    #expect(form.first.isTextDragActive)
    host.moveTouch(to: caretPoint(form.first, 2))
    #expect(form.first.isTextDropActive)
    host.moveTouch(to: caretPoint(form.second, 4))
    #expect(form.second.isTextDropActive && !form.first.isTextDropActive)
    host.liftTouch(at: caretPoint(form.second, 4))
    #expect(!form.first.isTextDragActive && !form.second.isTextDropActive)
    #expect(
      log.log == [
        "first itemsForDrag {6, 5} selected=true", "first dragPreviewForLiftingItem",
        "first willAnimateLift",
        "first dragSessionWillBegin",
        "first dropSessionDidEnter", "first proposalForDrop sameView=true suggested=move",
        "first dropSessionDidExit",
        "second dropSessionDidEnter", "second proposalForDrop sameView=false suggested=copy",
        "second willPerformDrop at 4", "second previewForDroppingAllItems",
        "first dropSessionDidEnd", "second dropSessionDidEnd", "first dragSessionDidEnd copy",
      ])
    // The host's timeline has the text delegates' messages, not the interactions' inside them.
    let lines = host.timeline.lines.filter {
      $0.contains("Draggable") || $0.contains("Droppable") || $0.contains("Interaction(")
    }
    #expect(lines.first == "first: textDraggableView(_:itemsForDrag:)")
    #expect(lines.contains("second: textDroppableView(_:willPerformDrop:) at 4"))
    #expect(lines.last == "first: textDraggableView(_:dragSessionDidEnd:with:) copy")
    #expect(!lines.contains { $0.contains("Interaction(") })
    // iOS's optional-call syntax reaches the same methods.
    let delegate: (any UITextDragDelegate)? = log
    _ = delegate?.textDraggableView?(form.first, dragSessionWillBegin: DragAndDropTestSession())
    #expect(log.log.last == "first dragSessionWillBegin")
  }

  // MARK: What stops a drag or a drop

  @Test func aDelegateVetoKeepsBothTexts() {
    let (host, form) = makeForm()
    let log = FieldLog()
    log.allows = false
    form.first.delegate = log
    prepare(host, form.first, "red green blue", selecting: NSRange(location: 4, length: 6))
    log.calls = []
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.first, 14))
    #expect(marked(form.first) == "red [green ]blue")
    #expect(log.calls == ["shouldChange {4, 10} \"bluegreen \""])
    #expect(form.first.undoManager?.canUndo != true)

    // Refused in another field: a move leaves the source alone.
    let drops = TextDragLog()
    drops.proposal = { _ in UITextDropProposal(operation: .move) }
    form.second.textDropDelegate = drops
    let second = FieldLog()
    second.allows = false
    form.second.delegate = second
    form.first.delegate = nil
    select(NSRange(location: 4, length: 6), in: form.first)
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.second, 0))
    #expect(form.first.text == "red green blue")
    #expect(form.second.text == "")
  }

  @Test func noItemsMeansNoDragAndTheTouchSelectsAsBefore() {
    let (host, form) = makeForm()
    let log = TextDragLog()
    log.items = { _ in [] }
    form.first.textDragDelegate = log
    prepare(host, form.first, "red green blue", selecting: NSRange(location: 4, length: 6))
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.first, 14))
    #expect(log.log == ["first itemsForDrag {4, 6} selected=true"])
    #expect(form.first.text == "red green blue")
    #expect(!host.isDragging)
  }

  @Test(arguments: [UIDropOperation.cancel, .forbidden])
  func aProposalThatDropsNothingChangesNothing(_ operation: UIDropOperation) {
    let (host, form) = makeForm()
    let log = TextDragLog()
    log.proposal = { _ in UITextDropProposal(operation: operation) }
    form.second.tag = 2
    form.first.textDragDelegate = log
    form.second.textDropDelegate = log
    form.second.text = "say "
    prepare(host, form.first, "hello world", selecting: NSRange(location: 6, length: 5))
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.second, 4))
    #expect(form.second.text == "say ")
    #expect(form.first.text == "hello world")
    #expect(
      log.log.suffix(3) == [
        "second dropSessionDidExit", "second dropSessionDidEnd", "first dragSessionDidEnd cancel",
      ])
  }

  @Test func aHoldAwayFromTheSelectionIsStillALongPress() {
    let (host, form) = makeForm()
    prepare(host, form.first, "red green blue", selecting: NSRange(location: 4, length: 6))
    let log = TextDragLog()
    form.first.textDragDelegate = log
    host.longPress(form.first, at: form.first.convert(caretPoint(form.first, 1), from: nil))
    #expect(log.log.isEmpty)
    #expect(host.isEditMenuVisible)
    // And a drag that starts at once (no hold) selects, as it always did.
    host.drag(from: caretPoint(form.first, 0), to: caretPoint(form.first, 3))
    #expect(marked(form.first) == "[red] green blue")
  }

  @Test func aHeldSelectionReleasedWithoutMovingShowsTheEditMenu() {
    let (host, form) = makeForm()
    prepare(host, form.first, "red green blue", selecting: NSRange(location: 4, length: 6))
    host.longPress(form.first, at: form.first.convert(selectionPoint(form.first), from: nil))
    #expect(host.isEditMenuVisible)
    #expect(form.first.text == "red green blue")
  }

  @Test func aDisabledDragInteractionLiftsNothing() {
    let (host, form) = makeForm()
    form.first.text = "red green blue"
    form.first.textDragInteraction?.isEnabled = false
    host.tap(form.first)
    select(NSRange(location: 4, length: 6), in: form.first)
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.first, 14))
    #expect(form.first.text == "red green blue")
  }

  @Test func secureTextIsNeverLifted() {
    let (host, form) = makeForm()
    form.first.isSecureTextEntry = true
    prepare(host, form.first, "password", selecting: NSRange(location: 0, length: 4))
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.second, 0))
    #expect(form.second.text == "")
  }

  // MARK: Text views that are not editable

  @Test func aReadOnlyTextViewAsksWhetherToBecomeEditable() {
    let (host, form) = makeForm()
    let log = TextDragLog()
    form.notes.isEditable = false
    form.notes.text = "notes"
    form.notes.textDropDelegate = log
    prepare(host, form.first, "hello world", selecting: NSRange(location: 6, length: 5))
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.notes, 5))
    #expect(form.notes.text == "notes")
    #expect(log.log.prefix(2) == ["notes willBecomeEditableForDrop", "notes dropSessionDidEnter"])
    #expect(log.log.contains("notes proposalForDrop sameView=false suggested=cancel"))

    log.editability = .temporary
    select(NSRange(location: 6, length: 5), in: form.first)
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.notes, 5))
    #expect(form.notes.text == "notesworld")
    #expect(!form.notes.isEditable)

    log.editability = .yes
    host.tap(form.first)
    select(NSRange(location: 0, length: 5), in: form.first)
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.notes, 0))
    #expect(form.notes.text == "hellonotesworld")
    #expect(form.notes.isEditable)
    #expect(form.notes.isFirstResponder)
  }

  // MARK: Unicode

  @Test func clustersMoveWholeAndRangesAreUTF16() {
    let (host, form) = makeForm()
    let log = FieldLog()
    let family = "👩\u{200D}👩\u{200D}👧"
    form.first.delegate = log
    prepare(host, form.first, "a\(family)b漢字e\u{301}", selecting: NSRange(location: 1, length: 8))
    #expect(marked(form.first) == "a[\(family)]b漢字e\u{301}")
    log.calls = []
    let end = (form.first.text! as NSString).length
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.first, end))
    #expect(marked(form.first) == "ab漢字e\u{301}[\(family)]")
    #expect(log.calls.first == "shouldChange {1, 13} \"b漢字e\u{301}\(family)\"")

    // CJK and a combining mark into the other field.
    select(NSRange(location: 1, length: 5), in: form.first)
    #expect(marked(form.first) == "a[b漢字e\u{301}]\(family)")
    host.dragAndDrop(from: selectionPoint(form.first), to: caretPoint(form.second, 0))
    #expect(marked(form.second) == "[b漢字e\u{301}]")
  }

  // MARK: Previews

  @Test func aPreviewRendererGivesTheLinesOfARange() {
    let (_, form) = makeForm()
    let notes = form.notes
    notes.text = "first line\nsecond line\nthird"
    let renderer = UITextDragPreviewRenderer(
      layoutManager: notes.layoutManager, range: NSRange(location: 6, length: 20))
    let first = renderer.firstLineRect
    let body = renderer.bodyRect
    let last = renderer.lastLineRect
    // Widths in the layout manager's measure: "line", "second line", "thi".
    let unit = first.width / 4
    #expect(unit > 0)
    #expect(body.minY == first.maxY && last.minY == body.maxY)
    #expect(body.width == 11 * unit)
    #expect(last.width == 3 * unit && last.minX < first.minX)
    #expect(renderer.image.size == first.union(body).union(last).size)
    let unified = UITextDragPreviewRenderer(
      layoutManager: notes.layoutManager, range: NSRange(location: 6, length: 20), unifyRects: true)
    var (a, b, c) = (unified.firstLineRect, unified.bodyRect, unified.lastLineRect)
    unified.adjust(
      firstLineRect: &a, bodyRect: &b, lastLineRect: &c, textOrigin: CGPoint(x: 10, y: 20))
    #expect(a.maxX == b.maxX && c.minX == b.minX)
    #expect(b.minY == body.minY + 20)
    let single = UITextDragPreviewRenderer(
      layoutManager: notes.layoutManager, range: NSRange(location: 0, length: 5))
    #expect(
      single.firstLineRect.width == 5 * unit && single.bodyRect == .zero
        && single.lastLineRect == .zero)
  }

  // MARK: The screen

  @Test func aSelectionOverTwoLinesIsLiftedAsItsTwoLines() {
    let (host, form) = makeForm()
    let notes = form.notes
    notes.text = "first line\nsecond line of text"
    host.tap(notes)
    select(NSRange(location: 6, length: 11), in: notes)
    host.touchDown(at: selectionPoint(notes), hold: 0.6)
    host.moveTouch(to: caretPoint(notes, 30))
    let rows = host.screen().components(separatedBy: "\n")
    // The text view's lines are rows 5 and 6, the drop caret at the end; the lifted
    // lines hang from row 7, keeping their places beside the pointer: "line", then "second".
    #expect(rows[6].hasSuffix("second line of text▏"))
    #expect(rows[7].trimmingCharacters(in: .whitespaces) == "line")
    #expect(rows[8].trimmingCharacters(in: .whitespaces) == "second")
    #expect(
      rows[7].firstIndex(of: "l")!.utf16Offset(in: rows[7])
        > rows[8].firstIndex(of: "s")!.utf16Offset(in: rows[8]))
    host.liftTouch(at: caretPoint(notes, 30))
    #expect(marked(notes) == "first  line of text[line\nsecond]")
  }

  @Test(arguments: [false, true])
  func theLiftedTextKeepsItsColourUnlessTheOptionStripsIt(_ strips: Bool) {
    let (host, form) = makeForm()
    form.first.textColor = .red
    if strips { form.first.textDragOptions = [.stripTextColorFromPreviews] }
    prepare(host, form.first, "hello world", selecting: NSRange(location: 6, length: 5))
    host.touchDown(at: selectionPoint(form.first), hold: 0.6)
    host.moveTouch(to: caretPoint(form.second, 0))
    let grid = host.grid()
    let row = grid.lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "world" }!
    let column = grid.lines[row].firstIndex(of: "w")!.utf16Offset(in: grid.lines[row])
    let red = grid[2, 1].foreground
    #expect(grid[2, 1].text == "h" && red != nil)
    #expect((grid[column, row].foreground == red) == !strips)
    host.liftTouch(at: caretPoint(form.second, 0))
  }

  @Test func theScreenShowsThePreviewAndTheDropCaretMidDrag() {
    let (host, form) = makeForm()
    form.second.text = "say it"
    prepare(host, form.first, "hello world", selecting: NSRange(location: 6, length: 5))
    host.touchDown(at: selectionPoint(form.first), hold: 0.6)
    host.moveTouch(to: caretPoint(form.second, 4))
    #expect(host.isDragging)
    let screen = host.screen()
    let rows = screen.components(separatedBy: "\n")
    // The drop caret before "it" in the second field's row; the lifted "world" a row below it.
    #expect(rows[3].contains("say ▏t"))
    #expect(rows[4].contains("world"))
    host.liftTouch(at: caretPoint(form.second, 4))
    #expect(!host.screen().contains("▏"))
    #expect(form.second.text == "say worldit")
  }
}

/// A drag session to call delegate methods with directly.
@MainActor
private final class DragAndDropTestSession: NSObject, UIDragSession {
  var localContext: Any?
  var items: [UIDragItem] = []
  func location(in view: UIView) -> CGPoint { .zero }
  var allowsMoveOperation: Bool { true }
  var isRestrictedToDraggingApplication: Bool { false }
  func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool { false }
  func canLoadObjects(ofClass aClass: any NSItemProviderReading.Type) -> Bool { false }
}
