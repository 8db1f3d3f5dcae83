import Foundation
import TextEditing

// A drag from the window's side: each window has one driver, which sees every touch before
// the views do (UIWindow._deliver). The order of messages, as iOS sends them:
//
//   lift (a touch held still for `_liftDelay` on a view with an enabled drag interaction):
//       itemsForBeginning → previewForLifting (each item) → willAnimateLiftWith
//       (no items: nothing more; the touch goes on as a long press)
//   the finger moves after the lift: the view's touch is cancelled, then
//       sessionAllowsMoveOperation → sessionIsRestrictedToDraggingApplication →
//       sessionWillBegin; at each move sessionDidMove, then for the drop interaction under the
//       finger: canHandle (once per session) → sessionDidEnter → sessionDidUpdate (its
//       proposal); sessionDidExit when the finger leaves it
//   the finger lifts over a `.copy` or `.move` proposal:
//       performDrop → willEndWith(operation) → previewForDropping + item:willAnimateDropWith
//       (each item) → concludeDrop → sessionDidEnd (each drop interaction the drag entered) →
//       didEndWith(operation) → sessionDidTransferItems
//   anywhere else (no target, `.cancel`, `.forbidden`, or `.move` the source does not allow):
//       sessionDidExit (the target under the finger) → willEndWith(.cancel) →
//       previewForCancelling + item:willAnimateCancelWith (each item) → sessionDidEnd →
//       didEndWith(.cancel)
//   the lift's animator completes (at `.end`) as the drag begins; a lift the finger never moves
//   from ends nothing more: the animator completes at `.start` and the view gets the touch's
//   end (a text object's long press shows its menu).

/// How long a touch stays still before its items lift: UILongPressGestureRecognizer's default,
/// which iOS's drag lift uses on touch screens.
let _liftDelay: TimeInterval = 0.5
/// How far the finger may stray before the lift and still lift (a long press's
/// `allowableMovement`); after the lift, any move begins the drag.
let _liftAllowableMovement: CGFloat = 10

/// One window's drags: the touch held for a lift, the session, the drop target under the
/// finger, and what the display list shows of them.
@MainActor
final class _DragDriver {
  private enum Phase { case idle, pending, lifted, dragging }

  private weak var window: UIWindow?
  private var phase = Phase.idle
  private weak var interaction: UIDragInteraction?
  private weak var touch: UITouch?
  private var start = CGPoint.zero
  private var timer: MainScheduler.Token?
  private var viewTouchCancelled = false
  /// The session under way (from the lift to the end).
  private(set) var session: _DragSession?
  private var dropSession: _DropSession?
  private var liftPreviews: [(item: UIDragItem, preview: UITargetedDragPreview?)] = []
  /// What each item's `previewProvider` made as the drag began (it follows the finger instead
  /// of the lifted preview).
  private var dragPreviews: [ObjectIdentifier: UIDragPreview] = [:]
  private var liftAnimator: _DragAnimator?
  /// The drop interaction under the finger that can handle the session, and its proposal.
  private(set) var target: UIDropInteraction?
  private var proposal: UIDropProposal?
  private var entered: [UIDropInteraction] = []
  private var canHandle: [ObjectIdentifier: Bool] = [:]
  /// Where a text drop target draws its drop caret, in window coordinates.
  var dropCaret: CGRect?

  init(window: UIWindow) {
    self.window = window
  }

  /// Whether items are following the finger.
  var isDragging: Bool { phase == .dragging }

  /// Sees `touch` before the views: true when the drag takes it (the views do not get it).
  func takes(_ touch: UITouch, event: UIEvent) -> Bool {
    let point = touch.location(in: nil)
    switch (touch.phase, phase) {
    case (.began, _):
      reset()
      guard let interaction = Self.dragInteraction(from: touch.view) else { return false }
      self.interaction = interaction
      self.touch = touch
      start = point
      phase = .pending
      timer = UIApplication.shared._scheduler.schedule(after: _liftDelay) {
        [weak self, weak event] in self?.lift(event: event)
      }
      return false
    case (.moved, .pending), (.stationary, .pending):
      if distance(point, start) > _liftAllowableMovement { reset() }
      return false
    case (.moved, .lifted), (.stationary, .lifted):
      // Moves too small to begin the drag reach nobody: the view would take them for a drag
      // selection and change what is about to be dragged.
      if distance(point, start) >= 1 { begin(at: point, event: event) }
      return true
    case (.moved, .dragging), (.stationary, .dragging):
      move(to: point)
      return true
    case (.ended, .dragging):
      if point != session?._location { move(to: point) }
      end()
      return true
    case (.cancelled, .dragging):
      target = nil
      end()
      return true
    case (_, .lifted):
      // Lifted without moving: the lift goes back and the view has the touch's end.
      liftAnimator?.complete(at: .start)
      let taken = viewTouchCancelled
      reset()
      return taken
    default:
      reset()
      return false
    }
  }

  /// The nearest enabled drag interaction with a delegate, from `view` up.
  private static func dragInteraction(from view: UIView?) -> UIDragInteraction? {
    var current = view
    while let view = current {
      for case let drag as UIDragInteraction in view.interactions
      where drag.isEnabled && drag.delegate != nil {
        return drag
      }
      current = view.superview
    }
    return nil
  }

  private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(a.x - b.x, a.y - b.y) }

  // MARK: Delegates, reported to hosts' timelines

  /// `delegate` (an interaction's), after `message` is reported to hosts' timelines as sent by
  /// the interaction's view (a text object's own delegate reports the text messages instead).
  private func traced<Delegate>(
    _ delegate: Delegate?, of interaction: any UIInteraction, _ message: String,
    _ arguments: @autoclosure () -> String = ""
  ) -> Delegate? {
    trace(delegate as AnyObject?, from: interaction.view, message, arguments())
    return delegate
  }

  private func trace(
    _ delegate: AnyObject?, from view: UIView?, _ message: String,
    _ arguments: @autoclosure () -> String
  ) {
    guard UIKitTrace.isObserved, delegate != nil, !(delegate is _TextDragAndDrop), let view else {
      return
    }
    UIKitTrace.report(
      .delegate(sender: view, message: message, arguments: arguments()), window: window)
  }

  // MARK: The lift

  private func lift(event: UIEvent?) {
    timer = nil
    guard phase == .pending, let interaction, interaction.isEnabled, interaction.delegate != nil,
      interaction.view?.window === window
    else { return reset() }
    let session = _DragSession(interaction: interaction, location: start)
    let items =
      traced(interaction.delegate, of: interaction, "dragInteraction(_:itemsForBeginning:)")?
      .dragInteraction(
        interaction, itemsForBeginning: session) ?? []
    guard !items.isEmpty else { return reset() }
    session.items = items
    self.session = session
    dropSession = _DropSession(dragSession: session)
    liftPreviews = items.map { item in
      (
        item,
        traced(
          interaction.delegate, of: interaction, "dragInteraction(_:previewForLifting:session:)")?
          .dragInteraction(
            interaction, previewForLifting: item, session: session)
      )
    }
    let animator = _DragAnimator()
    traced(
      interaction.delegate, of: interaction, "dragInteraction(_:willAnimateLiftWith:session:)")?
      .dragInteraction(
        interaction, willAnimateLiftWith: animator, session: session)
    // The lift completes when the drag begins (at its end) or is abandoned (at its start).
    animator.runAnimations()
    liftAnimator = animator
    phase = .lifted
    if !interaction.allowsSimultaneousRecognitionDuringLift { cancelViewTouch(event: event) }
  }

  private func cancelViewTouch(event: UIEvent?) {
    guard !viewTouchCancelled, let touch else { return }
    viewTouchCancelled = true
    touch.view?.touchesCancelled([touch], with: event)
  }

  // MARK: Dragging

  private func begin(at point: CGPoint, event: UIEvent) {
    guard let interaction, let session, interaction.delegate != nil else { return reset() }
    cancelViewTouch(event: event)
    liftAnimator?.complete(at: .end)
    for item in session.items {
      if let preview = item.previewProvider?() { dragPreviews[ObjectIdentifier(item)] = preview }
    }
    session.allowsMoveOperation =
      traced(
        interaction.delegate, of: interaction, "dragInteraction(_:sessionAllowsMoveOperation:)")?
      .dragInteraction(
        interaction, sessionAllowsMoveOperation: session) ?? true
    session.isRestrictedToDraggingApplication =
      traced(
        interaction.delegate, of: interaction,
        "dragInteraction(_:sessionIsRestrictedToDraggingApplication:)")?
      .dragInteraction(
        interaction, sessionIsRestrictedToDraggingApplication: session) ?? false
    traced(interaction.delegate, of: interaction, "dragInteraction(_:sessionWillBegin:)")?
      .dragInteraction(
        interaction, sessionWillBegin: session)
    phase = .dragging
    move(to: point)
  }

  private func move(to point: CGPoint) {
    guard let session, let dropSession else { return }
    session._location = point
    traced(
      session.interaction.delegate, of: session.interaction, "dragInteraction(_:sessionDidMove:)")?
      .dragInteraction(
        session.interaction, sessionDidMove: session)
    let under = dropInteraction(at: point, for: dropSession)
    if under !== target {
      if let target {
        traced(target.delegate, of: target, "dropInteraction(_:sessionDidExit:)")?.dropInteraction(
          target, sessionDidExit: dropSession)
      }
      target = under
      proposal = nil
      if let under {
        if !entered.contains(where: { $0 === under }) { entered.append(under) }
        traced(under.delegate, of: under, "dropInteraction(_:sessionDidEnter:)")?.dropInteraction(
          under, sessionDidEnter: dropSession)
      }
    }
    if let target,
      let delegate = traced(target.delegate, of: target, "dropInteraction(_:sessionDidUpdate:)")
    {
      proposal = delegate.dropInteraction(target, sessionDidUpdate: dropSession)
    }
  }

  /// The drop interaction that can handle the session, from the view under `point` up.
  private func dropInteraction(at point: CGPoint, for session: _DropSession) -> UIDropInteraction? {
    var current = window?.hitTest(point, with: nil)
    while let view = current {
      for case let drop as UIDropInteraction in view.interactions {
        guard drop.delegate != nil else { continue }
        let key = ObjectIdentifier(drop)
        let handles =
          canHandle[key]
          ?? (traced(drop.delegate, of: drop, "dropInteraction(_:canHandle:)").map {
            $0.dropInteraction(drop, canHandle: session)
          } ?? false)
        canHandle[key] = handles
        if handles { return drop }
      }
      current = view.superview
    }
    return nil
  }

  /// What the drop does: the proposal's operation, `.cancel` for a forbidden drop, for a move
  /// the session does not allow, and where nothing takes it.
  private var finalOperation: UIDropOperation {
    guard target != nil, let operation = proposal?.operation else { return .cancel }
    switch operation {
    case .copy: return .copy
    case .move: return session?.allowsMoveOperation == true ? .move : .cancel
    case .cancel, .forbidden: return .cancel
    }
  }

  private func end() {
    guard let session, let dropSession else { return reset() }
    let source = session.interaction
    let operation = finalOperation
    if operation != .cancel, let target, target.delegate != nil {
      traced(target.delegate, of: target, "dropInteraction(_:performDrop:)")?.dropInteraction(
        target, performDrop: dropSession)
      traced(
        source.delegate, of: source, "dragInteraction(_:session:willEndWith:)", "\(operation)")?
        .dragInteraction(
          source, session: session, willEndWith: operation)
      let animator = _DragAnimator()
      for (item, preview) in liftPreviews {
        if let preview {
          _ = traced(
            target.delegate, of: target, "dropInteraction(_:previewForDropping:withDefault:)")?
            .dropInteraction(
              target, previewForDropping: item, withDefault: landing(preview, at: target))
        }
        traced(target.delegate, of: target, "dropInteraction(_:item:willAnimateDropWith:)")?
          .dropInteraction(
            target, item: item, willAnimateDropWith: animator)
      }
      animator.run()
      traced(target.delegate, of: target, "dropInteraction(_:concludeDrop:)")?.dropInteraction(
        target, concludeDrop: dropSession)
    } else {
      if let target {
        traced(target.delegate, of: target, "dropInteraction(_:sessionDidExit:)")?.dropInteraction(
          target, sessionDidExit: dropSession)
      }
      traced(source.delegate, of: source, "dragInteraction(_:session:willEndWith:)", "cancel")?
        .dragInteraction(
          source, session: session, willEndWith: .cancel)
      let animator = _DragAnimator()
      for (item, preview) in liftPreviews {
        if let preview {
          _ = traced(
            source.delegate, of: source, "dragInteraction(_:previewForCancelling:withDefault:)")?
            .dragInteraction(
              source, previewForCancelling: item, withDefault: preview)
        }
        traced(source.delegate, of: source, "dragInteraction(_:item:willAnimateCancelWith:)")?
          .dragInteraction(
            source, item: item, willAnimateCancelWith: animator)
      }
      animator.run()
    }
    for interaction in entered {
      traced(interaction.delegate, of: interaction, "dropInteraction(_:sessionDidEnd:)")?
        .dropInteraction(
          interaction, sessionDidEnd: dropSession)
    }
    traced(source.delegate, of: source, "dragInteraction(_:session:didEndWith:)", "\(operation)")?
      .dragInteraction(
        source, session: session, didEndWith: operation)
    if operation != .cancel {
      traced(source.delegate, of: source, "dragInteraction(_:sessionDidTransferItems:)")?
        .dragInteraction(
          source, sessionDidTransferItems: session)
    }
    reset()
  }

  /// The preview of a drop: the lifted preview, landing under the finger in the target's view.
  private func landing(_ preview: UITargetedDragPreview, at target: UIDropInteraction)
    -> UITargetedDragPreview
  {
    guard let view = target.view, let session else { return preview }
    return preview.retargetedPreview(
      with: UIDragPreviewTarget(container: view, center: session.location(in: view)))
  }

  private func reset() {
    if let timer { UIApplication.shared._scheduler.cancel(timer) }
    timer = nil
    phase = .idle
    interaction = nil
    touch = nil
    viewTouchCancelled = false
    session = nil
    dropSession = nil
    liftPreviews = []
    dragPreviews = [:]
    liftAnimator = nil
    target = nil
    proposal = nil
    entered = []
    canHandle = [:]
    dropCaret = nil
  }

  // MARK: Drawing

  /// The drop caret, then the lifted previews hanging just under the finger (iOS lifts them
  /// under it; a cell cannot be half transparent, so they hang below where the caret shows).
  func render(into list: inout DisplayList) {
    guard phase == .dragging, let session else { return }
    let tint = UIColor.systemBlue
    if let caret = dropCaret {
      list.append(
        DisplayItem(
          frame: CGRect(x: caret.minX - 1, y: caret.minY, width: 2, height: caret.height),
          clip: caret.insetBy(dx: -2, dy: 0),
          content: .fill(tint), hosts: .pixels))
      let bar = TextRun(
        string: "▏", font: UIFont.systemFont(ofSize: 17), color: tint, alignment: .left)
      let cell = CGRect(
        x: caret.minX, y: caret.minY, width: max(caret.height / 2, 8), height: caret.height)
      list.append(DisplayItem(frame: cell, clip: cell, content: .text(bar), hosts: .cells))
    }
    let finger = session._location
    for (item, lifted) in liftPreviews {
      if let preview = dragPreviews[ObjectIdentifier(item)] {
        // A preview of the provider's: centred on the finger.
        renderPreview(
          of: preview.view, parameters: preview.parameters, centreX: finger.x, finger: finger,
          into: &list)
      } else if let lifted {
        // The lifted preview keeps its place beside the finger, as it was lifted.
        let centre = lifted.target.container.convert(lifted.target.center, to: nil)
        renderPreview(
          of: lifted.view, parameters: lifted.parameters, centreX: centre.x + finger.x - start.x,
          finger: finger, into: &list)
      }
    }
  }

  /// Draws what `parameters` shows of `view`, centred on `centreX` and hanging just under the
  /// finger.
  private func renderPreview(
    of view: UIView, parameters: UIDragPreviewParameters, centreX: CGFloat, finger: CGPoint,
    into list: inout DisplayList
  ) {
    let viewRect = view.convert(view.bounds, to: nil)
    let lineRects = parameters._textLineRects
    let shown: [CGRect] =
      !lineRects.isEmpty ? lineRects : (parameters.visiblePath.map { [$0.bounds] } ?? [view.bounds])
    let visible = shown.map { view.convert($0, to: nil) }
    guard let first = visible.first else { return }
    let lifted = visible.dropFirst().reduce(first) { $0.union($1) }
    let dx = centreX - lifted.midX
    let dy = finger.y + 12 - lifted.minY
    var content = DisplayList()
    view._render(into: &content, clip: viewRect, alpha: 1)
    let background = parameters.backgroundColor ?? .white
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    for rect in visible {
      let moved = rect.offsetBy(dx: dx, dy: dy)
      list.append(DisplayItem(frame: moved, clip: moved, content: .fill(background)))
      for var item in content.items {
        guard !item.clip.safeIntersection(rect).isEmpty else { continue }
        if case .text(var run) = item.content {
          // A line of a text preview is the characters inside its rectangle (a host starts a
          // run where its clip starts, so the run is cut rather than clipped).
          if !lineRects.isEmpty {
            guard
              let (cut, frame) = Self.characters(
                of: run, in: item.frame, inside: rect, measurer: measurer)
            else { continue }
            run = cut
            item.frame = frame
          }
          // A preview is a picture of the text: no caret, selection or composition.
          run.caretOffset = nil
          run.selectedRange = nil
          run.selectionHandles = []
          run.markedRange = nil
          run.scrollsToCaret = false
          if parameters._stripsTextColor {
            run.color = .label
            run.spans = run.spans.map { span in
              var plain = span
              plain.style.foreground = nil
              return plain
            }
          }
          item.content = .text(run)
        }
        item.frame = item.frame.offsetBy(dx: dx, dy: dy)
        item.clip = item.clip.offsetBy(dx: dx, dy: dy).safeIntersection(moved)
        list.append(item)
      }
    }
  }

  /// The part of `run` (drawn in `frame`) whose characters lie inside `rect`, and the frame
  /// that part is drawn in; nil when none do.
  private static func characters(
    of run: TextRun, in frame: CGRect, inside rect: CGRect, measurer: any TextMeasuring
  ) -> (TextRun, CGRect)? {
    let total = measurer.size(of: run.string, font: run.font).width
    var x = frame.minX
    switch run.alignment {
    case .center: x += (frame.width - total) / 2
    case .right: x += frame.width - total
    default: break
    }
    var offset = 0
    var first: (offset: Int, x: CGFloat)?
    var end = 0
    var endX = x
    // A justified line's widened spaces, as its host drew them.
    let extras = run.justifiedWidth.flatMap { lineWidth in
      TextJustification.extraWidths(
        of: run.string, lineWidth: lineWidth, step: measurer.advanceStep, rightToLeft: run._paragraphRunsRightToLeft
      ) { measurer.size(of: String($0), font: run.font).width }
    }
    // Where the cut's last character that is not a space ends: the width its own spaces fill.
    var wordsEndX = x
    for (index, character) in run.string.enumerated() {
      let width = measurer.size(of: String(character), font: run.font).width + (extras?[index] ?? 0)
      let length = String(character).utf16.count
      if x + width / 2 >= rect.minX, x + width / 2 <= rect.maxX {
        if first == nil { first = (offset, x) }
        end = offset + length
        endX = x + width
        if !TextJustification.widens(character) { wordsEndX = endX }
      }
      x += width
      offset += length
    }
    guard let first else { return nil }
    var cut = run
    cut.string = UTF16Conversion.substring(of: run.string, first.offset..<end)
    cut.alignment = .left
    cut.justifiedWidth = extras == nil ? nil : max(0, wordsEndX - first.x)
    cut.spans = run.spans.compactMap { span in
      let lower = max(span.range.lowerBound, first.offset)
      let upper = min(span.range.upperBound, end)
      guard lower < upper else { return nil }
      return TextStyleSpan(
        range: (lower - first.offset)..<(upper - first.offset), style: span.style)
    }
    return (cut, CGRect(x: first.x, y: frame.minY, width: endX - first.x, height: frame.height))
  }
}
