import Foundation
import Testing
import UIKit
import UIKitTesting

/// Layout direction: semantic content attributes, leading and trailing edges, `.natural`
/// alignment, a text field's overlays, and right-to-left text on screen.
@MainActor
@Suite("Layout direction and right-to-left text")
struct LayoutDirectionTests {
  /// A host whose root view holds `container` (300 × 200 pt at the top left).
  func host(_ container: UIView) -> HeadlessHost {
    let controller = UIViewController()
    controller.view = UIView()
    controller.view.addSubview(container)
    container.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
    return HeadlessHost(rootViewController: controller)
  }

  /// The screen row showing `text`, or "".
  func row(_ host: HeadlessHost, containing text: String) -> String {
    host.screen().split(separator: "\n").map(String.init).first { $0.contains(text) } ?? ""
  }

  /// The column (in characters) where `text` starts on `line`.
  func column(of text: String, in line: String) -> Int? {
    line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
  }

  @Test func semanticAttributesResolveAsIOSDocumentsThem() {
    #expect(UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
    #expect(UIView.userInterfaceLayoutDirection(for: .playback, relativeTo: .rightToLeft) == .leftToRight)
    #expect(UIView.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
    #expect(UIView.userInterfaceLayoutDirection(for: .forceLeftToRight, relativeTo: .rightToLeft) == .leftToRight)
    #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft, relativeTo: .leftToRight) == .rightToLeft)
    #expect(UIApplication.shared.userInterfaceLayoutDirection == .leftToRight)
    #expect(UIView.userInterfaceLayoutDirection(for: .unspecified) == .leftToRight)
  }

  @Test func aForcedDirectionReachesTheViewsInside() {
    let container = UIView()
    let child = UIView()
    let controls = UIView()
    controls.semanticContentAttribute = .playback
    container.addSubview(child)
    container.addSubview(controls)
    #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
    container.semanticContentAttribute = .forceRightToLeft
    #expect(container.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    #expect(child.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    #expect(controls.effectiveUserInterfaceLayoutDirection == .leftToRight)
  }

  @Test func leadingAndTrailingFlipInRightToLeft() {
    let container = UIView()
    let first = UIView()
    let second = UIView()
    for view in [first, second] {
      view.translatesAutoresizingMaskIntoConstraints = false
      container.addSubview(view)
    }
    NSLayoutConstraint.activate([
      first.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
      first.widthAnchor.constraint(equalToConstant: 50),
      second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 8),
      second.widthAnchor.constraint(equalToConstant: 40),
      first.topAnchor.constraint(equalTo: container.topAnchor),
      second.topAnchor.constraint(equalTo: container.topAnchor),
    ])
    let host = host(container)
    container.layoutIfNeeded()
    #expect(first.frame.minX == 10)
    #expect(second.frame.minX == 68)
    container.semanticContentAttribute = .forceRightToLeft
    container.layoutIfNeeded()
    #expect(first.frame.maxX == 290, "10 points in from the right edge")
    #expect(second.frame.maxX == 232, "8 points to the left of the first")
    #expect(container.directionalLayoutMargins.leading == container.layoutMargins.right)
    _ = host
  }

  @Test func overlaysAndClearButtonFlipInRightToLeft() {
    let container = UIView()
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
    let left = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    let right = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
    field.leftView = left
    field.rightView = right
    field.leftViewMode = .always
    field.rightViewMode = .always
    field.clearButtonMode = .always
    field.text = "x"
    container.addSubview(field)
    let host = host(container)
    let bounds = field.bounds
    #expect(field.leftViewRect(forBounds: bounds).minX == 0)
    #expect(field.rightViewRect(forBounds: bounds).maxX == 200)
    #expect(field.clearButtonRect(forBounds: bounds).maxX <= 170)
    container.semanticContentAttribute = .forceRightToLeft
    #expect(field.leftViewRect(forBounds: bounds).maxX == 200, "the left view is on the leading side")
    #expect(field.rightViewRect(forBounds: bounds).minX == 0)
    let clear = field.clearButtonRect(forBounds: bounds)
    #expect(clear.minX >= 30 && clear.maxX < 100, "the clear button is inside the right view, on the left")
    let text = field.textRect(forBounds: bounds)
    #expect(text.minX >= clear.maxX && text.maxX <= 180)
    field.layoutIfNeeded()
    #expect(left.frame.maxX == 200 && right.frame.minX == 0)
    _ = host
  }

  @Test func naturalAlignmentFollowsTheDirection() {
    let container = UIView()
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
    label.text = "Name"
    container.addSubview(label)
    let host = host(container)
    #expect(column(of: "Name", in: row(host, containing: "Name")) == 0)
    container.semanticContentAttribute = .forceRightToLeft
    #expect(column(of: "Name", in: row(host, containing: "Name")) == 21, "right-aligned in a 25-cell label")
  }

  @Test func hebrewTypedIntoAFieldShowsRightToLeftAndRightAligned() {
    let (host, fields) = makeForm()
    let field = fields[0]
    host.tap(field)
    host.type("שלום")
    let line = row(host, containing: "םולש")
    #expect(line.contains("םולש"), "drawn in visual order: \(host.screen())")
    let start = column(of: "םולש", in: line)
    #expect((start ?? 0) > 20, "a right-to-left paragraph is right-aligned under .natural")
    // The caret follows the last letter typed: on its left.
    #expect(host.caretCell?.column == start)
    // The right arrow moves back through the word (towards its start, on the right).
    host.press(.right)
    #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 3)
    #expect(host.caretCell?.column == start.map { $0 + 1 })
    host.press(.left)
    host.press(.left)
    #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 4)
  }

  @Test func aTapOnRightToLeftTextPlacesTheCaretByWhatIsDrawnThere() {
    let (host, fields) = makeForm()
    let field = fields[0]
    host.tap(field)
    host.type("שלום")
    let rect = field.editingRect(forBounds: field.bounds)
    func tap(_ x: CGFloat) -> Int {
      host.advance(by: 1)  // not a double tap
      host.tap(field, at: CGPoint(x: x, y: field.bounds.midY))
      return field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start)
    }
    #expect(tap(rect.maxX - 1) == 0, "the right end of a right-to-left word is its start")
    #expect(tap(rect.minX + 1) == 4, "left of the word is after its last letter")
    field.text = "abc"
    #expect(tap(rect.maxX - 1) == 3)
    #expect(tap(rect.minX + 1) == 0)
  }

  @Test func arabicMixedTextNumbersAndBracketsOnScreen() {
    let (host, fields) = makeForm(4)
    fields[0].text = "مرحبا"
    fields[1].text = "abc שלום 123"
    fields[2].text = "שלום 123"
    fields[3].text = "(שלום)"
    let screen = host.screen()
    #expect(screen.contains("ابحرم"), "\(screen)")
    #expect(screen.contains("abc 123 םולש"), "the number joins the Hebrew run it follows")
    #expect(screen.contains("123 םולש"))
    #expect(screen.contains("(םולש)"), "brackets mirror in a right-to-left run")
    #expect(column(of: "abc", in: row(host, containing: "abc")) ?? 99 < 10, "a left-to-right paragraph stays left-aligned")
  }

  @Test func aTextViewDrawsEachLineInVisualOrderAndMovesByItsParagraph() throws {
    let controller = UIViewController()
    controller.view = UIView()
    let textView = UITextView(frame: CGRect(x: 0, y: 100, width: 300, height: 120))
    controller.view.addSubview(textView)
    let host = HeadlessHost(rootViewController: controller, measuresTextInCells: true)
    host.tap(textView)
    host.type("abc (שלום)")
    host.pressReturn()
    host.type("שלום 123")
    let first = row(host, containing: "abc")
    #expect(first.contains("abc (םולש)"), "\(host.screen())")
    let second = row(host, containing: "123")
    #expect(second.contains("123 םולש"))
    let start = try #require(column(of: "123 םולש", in: second))
    #expect(start > column(of: "abc", in: first) ?? 0, "the Hebrew paragraph is right-aligned")
    // The caret follows "3", the last character typed: at its right, before the Hebrew word.
    #expect(host.caretCell?.column == start + 3)
    // Hebrew paragraph: the right arrow moves back.
    host.press(.right)
    #expect(textView.offset(from: textView.beginningOfDocument, to: textView.selectedTextRange!.start) == 18)
  }

  @Test func latinTextIsUnchanged() {
    let (host, fields) = makeForm()
    host.tap(fields[0])
    host.type("Hello (world) 123")
    let line = row(host, containing: "Hello")
    #expect(line.contains("Hello (world) 123"))
    #expect(host.caretCell?.column == column(of: "Hello", in: line).map { $0 + 17 })
  }
}
