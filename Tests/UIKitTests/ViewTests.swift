import Foundation
import Testing
import UIKit
import UIKitTesting

@MainActor
@Suite struct ViewTests {
  @Test func labelsSizeToFitTheirText() {
    let label = UILabel(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
    label.text = "Hello"
    label.font = .systemFont(ofSize: 20)
    label.sizeToFit()
    // The default measurement: half the point size per column, the font's line height.
    #expect(label.frame.size == CGSize(width: 50, height: 24))
    #expect(label.frame.origin == CGPoint(x: 10, y: 10))
    label.text = "日本"
    label.sizeToFit()
    #expect(label.frame.width == 40, "CJK characters are two columns wide")
  }

  @Test func hitTestingTagsAndTransforms() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let child = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
    child.tag = 7
    root.addSubview(child)
    #expect(root.viewWithTag(7) === child)
    #expect(root.hitTest(CGPoint(x: 120, y: 120), with: nil) === child)
    child.isHidden = true
    #expect(root.hitTest(CGPoint(x: 120, y: 120), with: nil) === root)
    child.isHidden = false
    child.transform = CGAffineTransform(scaleX: 2, y: 2)
    #expect(child.frame == CGRect(x: 75, y: 75, width: 100, height: 100))
    #expect(child.bounds.size == CGSize(width: 50, height: 50))
  }

  @Test func stackViewsLayOutTheirArrangedViews() {
    // Plain views have no intrinsic size: constraints give them their heights, as on iOS.
    let a = UIView()
    let b = UIView()
    a.heightAnchor.constraint(equalToConstant: 30).isActive = true
    b.heightAnchor.constraint(equalToConstant: 20).isActive = true
    let stack = UIStackView(arrangedSubviews: [a, b])
    stack.axis = .vertical
    stack.spacing = 8
    stack.frame = CGRect(x: 0, y: 0, width: 200, height: 58)
    stack.layoutIfNeeded()
    #expect(a.frame == CGRect(x: 0, y: 0, width: 200, height: 30))
    #expect(b.frame == CGRect(x: 0, y: 38, width: 200, height: 20))
  }

  @Test func animateAppliesAtOnceAndCompletesOnTheClock() {
    let (host, _) = makeForm()
    let view = UIView(frame: .zero)
    var completed = false
    UIView.animate(withDuration: 0.5, animations: { view.alpha = 0.5 }, completion: { finished in completed = finished })
    #expect(view.alpha == 0.5)
    #expect(!completed)
    host.advance(by: 0.5)
    #expect(completed)
  }

  @Test func anAlertIsModalAndRunsTheChosenHandler() {
    let (host, fields) = makeForm()
    let controller = host.window.rootViewController!
    var chosen: [String] = []
    let alert = UIAlertController(title: "Invalid SSN", message: "Use NNN-NN-NNNN", preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in chosen.append("cancel") })
    alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in chosen.append("ok") })
    controller.present(alert, animated: true)
    #expect(controller.presentedViewController === alert)
    #expect(host.screen().contains("Invalid SSN"))
    host.tap(fields[0])
    #expect(!fields[0].isFirstResponder, "touches outside an alert do nothing")
    host.press(.escape)
    #expect(chosen == ["cancel"])
    #expect(controller.presentedViewController == nil)
    #expect(!host.screen().contains("Invalid SSN"))
    controller.present(alert, animated: false)
    host.pressReturn()
    #expect(chosen == ["cancel", "ok"])
  }

  /// An alert with `actions` presented over a form; returns what was chosen so far.
  private func presentAlert(
    _ actions: [(String, UIAlertAction.Style)], preferred: String? = nil, style: UIAlertController.Style = .alert
  ) -> (HeadlessHost, UIAlertController, () -> [String]) {
    let (host, _) = makeForm()
    final class Log { var chosen: [String] = [] }
    let log = Log()
    let alert = UIAlertController(title: "Title", message: nil, preferredStyle: style)
    for (title, style) in actions {
      alert.addAction(UIAlertAction(title: title, style: style) { log.chosen.append($0.title ?? "") })
    }
    if let preferred { alert.preferredAction = alert.actions.first { $0.title == preferred } }
    host.window.rootViewController!.present(alert, animated: false)
    return (host, alert, { log.chosen })
  }

  @Test(arguments: [
    // (actions, preferred, what Return chooses)
    ([("Cancel", UIAlertAction.Style.cancel), ("OK", .default)], nil as String?, ["OK"]),
    ([("OK", .default)], nil, ["OK"]),
    ([("Dismiss", .cancel)], nil, ["Dismiss"]),
    ([("Cancel", .cancel), ("Delete", .destructive)], nil, []),  // never destructive by default
    ([("Delete", .destructive)], nil, []),
    ([("Cancel", .cancel), ("Delete", .destructive)], "Delete", ["Delete"]),  // unless preferred
    ([("Cancel", .cancel), ("Save", .default), ("Discard", .default)], nil, []),  // ambiguous: nothing
    ([("Cancel", .cancel), ("Save", .default), ("Discard", .default)], "Save", ["Save"]),
    ([("A", .default), ("B", .default)], nil, []),
  ])
  func returnChoosesThePreferredOrTheOnlyClearChoice(
    actions: [(String, UIAlertAction.Style)], preferred: String?, expected: [String]
  ) {
    let (host, alert, chosen) = presentAlert(actions, preferred: preferred)
    host.pressReturn()
    #expect(chosen() == expected)
    #expect((host.window.rootViewController!.presentedViewController == nil) == !expected.isEmpty)
    withExtendedLifetime(alert) {}
  }

  @Test func escapeChoosesTheCancelActionOnlyWhenItIsEnabled() {
    let (host, alert, chosen) = presentAlert([("Cancel", .cancel), ("OK", .default)])
    alert.actions[0].isEnabled = false
    host.press(.escape)
    #expect(chosen() == [])
    alert.actions[0].isEnabled = true
    host.press(.escape)
    #expect(chosen() == ["Cancel"])
    // Without a cancel action Escape does nothing; an action sheet has no Return.
    let (sheetHost, _, sheetChosen) = presentAlert([("Share", .default)], style: .actionSheet)
    sheetHost.press(.escape)
    sheetHost.pressReturn()
    #expect(sheetChosen() == [])
  }

  @Test func theEmphasizedActionIsBoldDestructiveIsRedAndTheHighlightShows() throws {
    let (host, alert, chosen) = presentAlert([("Cancel", .cancel), ("Delete", .destructive), ("Keep", .default)])
    let buttons = alert.view.subviews.compactMap { $0 as? UIButton }
    let cancel = try #require(buttons.first { $0.currentTitle == "Cancel" })
    let delete = try #require(buttons.first { $0.currentTitle == "Delete" })
    let keep = try #require(buttons.first { $0.currentTitle == "Keep" })
    #expect(cancel.titleLabel?.font._isBold == true, "no preferred action: Cancel is bold")
    #expect(keep.titleLabel?.font._isBold == false)
    #expect(delete.currentTitleColor == .systemRed)
    // What the alert covers is dimmed (faint cells), the alert itself is not.
    let grid = host.grid()
    let alertFrame = alert.view.frame
    let cornerCell = grid[0, 0]
    #expect(cornerCell.isDim)
    let centre = grid[Int(alertFrame.midX / 8), Int(alertFrame.minY / 16) + 1]
    #expect(!centre.isDim)
    // Arrows move a visible highlight (a filled cell background); Return chooses it.
    host.press(.down)
    host.press(.down)
    // (The alert lays its buttons out anew with the window: look them up again.)
    let highlighted = alert.view.subviews.compactMap { $0 as? UIButton }.filter { $0.backgroundColor == .systemGray4 }
    #expect(highlighted.map(\.currentTitle) == ["Delete"])
    host.pressReturn()
    #expect(chosen() == ["Delete"], "a highlighted action is chosen on purpose, destructive or not")
    // Dismissed: nothing is dimmed any more.
    #expect(!host.grid()[0, 0].isDim)
  }

  @Test func aClickOnACharacterCellPutsTheCaretBeforeIt() throws {
    // A terminal's click lands on the middle of a cell: the nearer edge is a tie, which iOS's
    // rule (at most half-way through a glyph: before it) gives to the edge before.
    let controller = UIViewController()
    let field = UITextField(frame: CGRect(x: 80, y: 32, width: 200, height: 16))
    field.text = "hello 世界"
    controller.view.addSubview(field)
    let notes = UITextView(frame: CGRect(x: 80, y: 64, width: 200, height: 64))
    notes.text = "hello"
    controller.view.addSubview(notes)
    let host = HeadlessHost(
      rootViewController: controller, screenSize: CGSize(width: 640, height: 368), measuresTextInCells: true)
    let textStart = field.convert(field.editingRect(forBounds: field.bounds), to: nil).minX
    func caret(_ object: UITextInput) throws -> Int {
      let range = try #require(object.selectedTextRange)
      return object.offset(from: object.beginningOfDocument, to: range.start)
    }
    host.tap(at: CGPoint(x: textStart + 8 + 4, y: 40))  // the middle of "e"'s cell
    #expect(try caret(field) == 1)
    host.tap(at: CGPoint(x: textStart + 6 * 8 + 4, y: 40))  // the left cell of "世"
    #expect(try caret(field) == 6)
    host.tap(at: CGPoint(x: textStart + 7 * 8 + 4, y: 40))  // its right cell
    #expect(try caret(field) == 7)
    let viewStart = notes.convert(CGPoint(x: notes.textContainerInset.left, y: 0), to: nil).x
    host.tap(at: CGPoint(x: viewStart + 2 * 8 + 4, y: 72))  // the middle of "l"'s cell
    #expect(try caret(notes) == 2)
  }

  @Test func selectionRectsCoverWhatIsDrawnLineByLine() throws {
    let controller = UIViewController()
    let field = UITextField(frame: CGRect(x: 80, y: 32, width: 200, height: 16))
    field.text = "hello world"
    controller.view.addSubview(field)
    let notes = UITextView(frame: CGRect(x: 80, y: 64, width: 120, height: 64))
    notes.text = "first line\nsecond line"
    controller.view.addSubview(notes)
    let host = HeadlessHost(
      rootViewController: controller, screenSize: CGSize(width: 640, height: 368), measuresTextInCells: true)
    defer { withExtendedLifetime(host) {} }
    func range(_ object: UITextInput, _ r: Range<Int>) throws -> UITextRange {
      let start = try #require(object.position(from: object.beginningOfDocument, offset: r.lowerBound))
      let end = try #require(object.position(from: object.beginningOfDocument, offset: r.upperBound))
      return try #require(object.textRange(from: start, to: end))
    }
    // The field: one rectangle, from the caret before "world" to the caret after it (5 cells).
    let world = try range(field, 6..<11)
    let fieldRects = field.selectionRects(for: world)
    #expect(fieldRects.count == 1)
    let rect = try #require(fieldRects.first).rect
    #expect(rect.minX == field.caretRect(for: world.start).minX && rect.width == 40, "\(rect)")
    #expect(fieldRects[0].containsStart && fieldRects[0].containsEnd)
    #expect(field.firstRect(for: world) == rect)
    #expect(field.selectionRects(for: try range(field, 3..<3)).isEmpty)
    #expect(field.firstRect(for: try range(field, 3..<3)).width == 0)

    // The text view: "line\nsec" spans two lines: the first reaches the container's edge.
    let across = try range(notes, 6..<14)
    let rects = notes.selectionRects(for: across)
    #expect(rects.count == 2)
    #expect(rects[0].containsStart && !rects[0].containsEnd && rects[1].containsEnd && !rects[1].containsStart)
    #expect(rects[0].rect.minX == notes.caretRect(for: across.start).minX)
    #expect(rects[1].rect.maxX == notes.caretRect(for: across.end).minX)
    #expect(rects[1].rect.minY == rects[0].rect.maxY)
    #expect(notes.firstRect(for: across) == rects[0].rect)
    // Ending just after the line break: nothing on the next line.
    #expect(notes.selectionRects(for: try range(notes, 6..<11)).count == 1)
  }

  @Test func tappingPlacesTheCaretAndDraggingSelects() throws {
    let (host, fields) = makeForm()
    let field = fields[0]
    field.text = "hello world"
    host.tap(field, at: CGPoint(x: 7 + 8.5 * 5, y: 17))
    #expect(field.isFirstResponder)
    let caret = try #require(field.selectedTextRange)
    #expect(field.offset(from: field.beginningOfDocument, to: caret.start) == 5)
    let origin = field.convert(CGPoint.zero, to: nil)
    host.drag(from: CGPoint(x: origin.x + 7, y: origin.y + 17), to: CGPoint(x: origin.x + 7 + 8.5 * 5, y: origin.y + 17))
    let selection = try #require(field.selectedTextRange)
    #expect(field.text(in: selection) == "hello")
  }
}
