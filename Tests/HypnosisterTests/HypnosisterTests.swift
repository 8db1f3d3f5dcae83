import Foundation
import Testing
import UIKit
import UIKitTesting

@testable import Hypnosister

/// Seed 002's Hypnosister, driven as a user would drive it in the Simulator.
@MainActor
@Suite struct HypnosisterTests {
  /// An 80 × 23 cell terminal window (the terminal host's size for an 80 × 24 terminal), text
  /// measured in cells as the terminal host measures it.
  static let terminalSize = CGSize(width: 640, height: 368)

  func launch(seed: UInt64? = 2002, size: CGSize = terminalSize, cells: Bool = true) -> (HeadlessHost, HypnosisViewController) {
    let controller = HypnosisViewController()
    if let seed { controller.randomNumberGenerator = SeededRandomNumberGenerator(seed: seed) }
    let host = HeadlessHost(rootViewController: controller, screenSize: size, measuresTextInCells: cells)
    host.window.backgroundColor = .white  // as the app delegate does
    host.name(controller.textField, "field")
    return (host, controller)
  }

  func messageLabels(_ controller: HypnosisViewController) -> [UILabel] {
    controller.view.subviews.compactMap { $0 as? UILabel }
  }

  /// The screen's cells, row by row, one character each (every character here is one column
  /// wide), trailing spaces kept.
  func rows(_ host: HeadlessHost) -> [[Character]] {
    let grid = host.grid()
    return (0..<grid.rows).map { row in
      (0..<grid.columns).map { column in Character(grid[column, row].text.isEmpty ? " " : grid[column, row].text) }
    }
  }

  static func isBraille(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    return (0x2801...0x28FF).contains(scalar.value)
  }

  static func occurrences(of needle: String, in haystack: String) -> Int {
    haystack.components(separatedBy: needle).count - 1
  }

  // MARK: The screen

  @Test func theFieldSitsOverTheHypnosisView() {
    let (host, controller) = launch()
    #expect(controller.view is HypnosisView)
    #expect(controller.view.backgroundColor == .clear)
    let field = controller.textField!
    #expect(field.superview === controller.view)
    #expect(field.frame == CGRect(x: 40, y: 70, width: 240, height: 30))
    #expect(field.borderStyle == .roundedRect)
    #expect(field.placeholder == "Hypnotize me")
    #expect(field.returnKeyType == .done)
    #expect(field.delegate === controller)
    #expect(!field.isFirstResponder)
    #expect(!host.isKeyboardVisible)
    // The 30-point field covers two cell rows: brackets on the row of its text.
    let fieldRow = rows(host)[5]
    #expect(String(fieldRow[5...]).hasPrefix("[Hypnotize me"))
    #expect(fieldRow[34] == "]")
  }

  @Test func theCirclesAreDrawn() {
    let (host, controller) = launch()
    let screen = rows(host)
    let braille = screen.joined().filter(Self.isBraille).count
    #expect(braille > 80 * 23 / 3, "rings 10 points wide every 20 points cover about half the screen")

    // The dots of the line through the centre (y = 184: dot row 45 of 92, the second of cell
    // row 11) meet each ring on the right of the centre once: radii 9, 29, ..., 309 are inside
    // the 320 points to the right edge.
    let grid0 = host.grid()
    var dots: [Bool] = []
    for column in 40..<80 {
      let bits = grid0[column, 11].text.unicodeScalars.first.map { $0.value >= 0x2800 && $0.value <= 0x28FF ? $0.value - 0x2800 : 0 } ?? 0
      dots += [bits & 0x02 != 0, bits & 0x10 != 0]
    }
    var runs = 0
    for (index, dot) in dots.enumerated() where dot && (index == 0 || !dots[index - 1]) { runs += 1 }
    #expect(runs == 16, "\(runs) rings to the right of the centre")
    // Each ring is 10 points wide: 2 or 3 dots 4 points apart.
    var widths: [Int] = []
    var width = 0
    for dot in dots + [false] {
      if dot { width += 1 } else if width > 0 { widths.append(width); width = 0 }
    }
    #expect(widths.allSatisfy { $0 == 2 || $0 == 3 }, "\(widths)")

    // Light gray, on the window's white.
    let grid = host.grid()
    let gray = CellGrid.RGB(r: 170, g: 170, b: 170)
    let ringCells = grid.cells.filter { Self.isBraille(Character($0.text.isEmpty ? " " : $0.text)) }
    #expect(!ringCells.isEmpty && ringCells.allSatisfy { $0.foreground == gray })
    #expect(ringCells.allSatisfy { $0.background == CellGrid.RGB(r: 255, g: 255, b: 255) })
    // The field's own white covers the rings behind it.
    #expect(!screen[5][6..<34].contains(where: Self.isBraille))
    _ = controller
  }

  @Test func theRingsAreSymmetricAboutTheCentre() {
    let (host, _) = launch()
    host.window.frame = CGRect(x: 0, y: 0, width: 640, height: 384)  // 24 rows: centre between 11 and 12
    let screen = rows(host)
    // Mirror images top to bottom and left to right, cell by cell, in where dots are (the
    // patterns themselves mirror, so compare presence). The field (rows 4–5) is left out.
    for row in 7..<12 {
      for column in 0..<80 {
        let here = Self.isBraille(screen[row][column])
        #expect(here == Self.isBraille(screen[23 - row][column]), "row \(row), column \(column)")
        #expect(here == Self.isBraille(screen[row][79 - column]), "row \(row), column \(column)")
      }
    }
  }

  // MARK: Editing and Return

  @Test func tappingTheFieldBeginsEditingAndShowsTheKeyboard() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    #expect(controller.textField.isFirstResponder)
    #expect(host.isKeyboardVisible)
    #expect(host.returnKeyLabel == "Done")
    #expect(host.timeline.lines.prefix(7) == [
      "field: .touchDown",
      "field: .touchUpInside",
      "field: textFieldShouldBeginEditing(_:)",
      "field: textFieldDidBeginEditing(_:)",
      "field: UITextFieldTextDidBeginEditingNotification",
      "field: .editingDidBegin",
      "UIKeyboardWillChangeFrameNotification",
    ])
    host.settle()
    #expect(host.timeline.names.last == "UIKeyboardDidShowNotification")
  }

  @Test func returnDrawsTheMessageTwentyTimesInRed() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.settle()
    host.type("Hi")
    #expect(controller.textField.text == "Hi")
    host.pressReturn()

    let labels = messageLabels(controller)
    #expect(labels.count == 20)
    for label in labels {
      #expect(label.text == "Hi")
      #expect(label.textColor == .red)
      #expect(label.backgroundColor == .clear)
      // sizeToFit: two cells wide, one row tall in the terminal's measure.
      #expect(label.bounds.size == label.sizeThatFits(.zero))
      #expect(label.bounds.size == CGSize(width: 16, height: 16))
      #expect(controller.view.bounds.contains(label.frame), "\(label.frame) is inside the view")
      #expect(label.frame.origin.x == label.frame.origin.x.rounded() && label.frame.origin.y == label.frame.origin.y.rounded())
    }
    // The labels are in front of the field, added in order.
    #expect(controller.view.subviews.first === controller.textField)

    #expect(controller.textField.text == "")
    #expect(!controller.textField.isFirstResponder)
    host.settle()
    #expect(!host.isKeyboardVisible)

    // Red "Hi"s on the screen (20, less any that overlap).
    let screen = host.screen()
    #expect(Self.occurrences(of: "Hi", in: screen) >= 17)
    let grid = host.grid()
    let red = grid.cells.filter { $0.foreground == CellGrid.RGB(r: 255, g: 0, b: 0) }
    #expect(red.allSatisfy { $0.text == "H" || $0.text == "i" })
    #expect(red.count >= 2 * 17 && red.count <= 40)
    // The placeholder is back in the emptied field.
    #expect(screen.contains("Hypnotize me"))
  }

  @Test func returnAsksTheDelegateWhichEndsEditingAndHidesTheKeyboard() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.settle()
    host.type("Hi")
    host.clearTimeline()
    host.pressReturn()
    host.settle()
    // textFieldShouldReturn draws, clears and resigns: the end of editing and the keyboard's
    // "will" notifications happen inside it, then Return's control events, then the animation.
    #expect(host.timeline.lines == [
      "field: textFieldShouldReturn(_:)",
      "field: textFieldShouldEndEditing(_:)",
      "field: textFieldDidEndEditing(_:reason:) .committed",
      "field: UITextFieldTextDidEndEditingNotification",
      "field: .editingDidEnd",
      "UIKeyboardWillChangeFrameNotification",
      "UIKeyboardWillHideNotification",
      "field: .editingDidEndOnExit",
      "field: .primaryActionTriggered",
      "UIKeyboardDidChangeFrameNotification",
      "UIKeyboardDidHideNotification",
    ])
    // Clearing the field from code asks nothing and posts no change.
    #expect(!host.timeline.names.contains("textField(_:shouldChangeCharactersIn:replacementString:)"))
    #expect(!host.timeline.names.contains("UITextFieldTextDidChangeNotification"))
  }

  @Test func theSoftwareKeyboardsDoneKeyDoesTheSame() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.settle()
    #expect(host.typeOnSoftwareKeyboard("Hi"))
    #expect(host.tapKey("Done"))
    #expect(messageLabels(controller).count == 20)
    #expect(messageLabels(controller).allSatisfy { $0.text == "Hi" })
    #expect(controller.textField.text == "")
    host.settle()
    #expect(!host.isKeyboardVisible)
  }

  @Test func eachReturnAddsTwentyMore() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.type("one\n")
    host.tap(controller.textField)
    host.type("two\n")
    let labels = messageLabels(controller)
    #expect(labels.count == 40)
    #expect(labels.filter { $0.text == "one" }.count == 20)
    #expect(labels.filter { $0.text == "two" }.count == 20)
    #expect(labels.prefix(20).allSatisfy { $0.text == "one" }, "the second message is in front")
  }

  @Test func eachLabelTiltsWithTheDevice() {
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.type("Hi\n")
    for label in messageLabels(controller) {
      let effects = label.motionEffects.compactMap { $0 as? UIInterpolatingMotionEffect }
      #expect(effects.count == 2)
      #expect(effects.map(\.keyPath) == ["center.x", "center.y"])
      #expect(effects.map(\.type) == [.tiltAlongHorizontalAxis, .tiltAlongVerticalAxis])
      for effect in effects {
        #expect((effect.minimumRelativeValue as? Int) == -25)
        #expect((effect.maximumRelativeValue as? Int) == 25)
      }
      // What iOS would apply, tilted fully right and up; the terminal never tilts.
      let x = effects[0].keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: 1, vertical: -1))
      let y = effects[1].keyPathsAndRelativeValues(forViewerOffset: UIOffset(horizontal: 1, vertical: -1))
      #expect((x?["center.x"] as? NSNumber)?.doubleValue == 25)
      #expect((y?["center.y"] as? NSNumber)?.doubleValue == -25)
    }
  }

  // MARK: Edge cases

  @Test func anEmptyMessageAddsTwentyEmptyLabels() {
    let (host, controller) = launch()
    let before = host.screen()
    host.tap(controller.textField)
    host.settle()
    host.pressReturn()
    host.settle()
    let labels = messageLabels(controller)
    #expect(labels.count == 20, "the book's code adds them whatever the message")
    #expect(labels.allSatisfy { $0.text == "" && $0.bounds.size == .zero })
    #expect(!controller.textField.isFirstResponder)
    #expect(!host.isKeyboardVisible)
    #expect(host.screen() == before, "nothing shows")
  }

  @Test func seededRandomnessGivesReproduciblePositions() {
    func positions(seed: UInt64) -> [CGPoint] {
      let (host, controller) = launch(seed: seed)
      host.tap(controller.textField)
      host.type("Hi\n")
      return messageLabels(controller).map(\.frame.origin)
    }
    let first = positions(seed: 7)
    #expect(first.count == 20)
    #expect(positions(seed: 7) == first)
    #expect(positions(seed: 8) != first)
    #expect(Set(first.map(\.x)).count > 10, "spread out, not piled up")
  }

  @Test func theSystemGeneratorAlsoKeepsLabelsInside() {
    let (host, controller) = launch(seed: nil)
    host.tap(controller.textField)
    host.type("Hypnotize\n")
    let labels = messageLabels(controller)
    #expect(labels.count == 20)
    #expect(labels.allSatisfy { controller.view.bounds.contains($0.frame) })
  }

  @Test func aMessageAsWideAsTheViewStartsAtTheLeftEdge() {
    // 80 characters: exactly 640 points, no room to move (the book's `% 0`).
    let message = String(repeating: "0123456789", count: 8)
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.type(message + "\n")
    let labels = messageLabels(controller)
    #expect(labels.count == 20)
    #expect(labels.allSatisfy { $0.frame.width == 640 && $0.frame.minX == 0 }, "\(labels.map(\.frame))")
    #expect(labels.allSatisfy { $0.frame.minY >= 0 && $0.frame.maxY <= 368 })
    #expect(host.screen().contains(message))
  }

  @Test func aMessageWiderThanTheViewStartsAtTheLeftEdgeAndIsCut() {
    let message = String(repeating: "wider", count: 20)  // 100 columns: 800 points
    let (host, controller) = launch()
    host.tap(controller.textField)
    host.type(message + "\n")
    let labels = messageLabels(controller)
    #expect(labels.count == 20)
    #expect(labels.allSatisfy { $0.frame.width == 800 && $0.frame.minX == 0 })
    #expect(labels.allSatisfy { $0.frame.minY >= 0 && $0.frame.maxY <= 368 })
    let shown = rows(host).map { String($0) }.filter { $0.hasPrefix("widerwider") }
    #expect(!shown.isEmpty)
    #expect(shown.allSatisfy { $0 == String(message.prefix(80)) }, "cut at the screen's edge")
  }

  @Test func onAnIPhoneTheLabelsAreMeasuredInPoints() {
    let (host, controller) = launch(size: CGSize(width: 390, height: 844), cells: false)
    host.tap(controller.textField)
    host.type("Hi\n")
    for label in messageLabels(controller) {
      #expect(label.bounds.size == label.sizeThatFits(.zero))
      #expect(label.bounds.width > 0 && label.bounds.height > 0)
      #expect(controller.view.bounds.contains(label.frame))
    }
  }
}

/// The hypnosis view's drawing: when `draw(_:)` runs and what it draws.
@MainActor
@Suite struct HypnosisViewTests {
  /// A hypnosis view that counts its `draw(_:)` calls.
  final class CountingHypnosisView: HypnosisView {
    var draws = 0
    override func draw(_ rect: CGRect) {
      draws += 1
      super.draw(rect)
    }
  }

  func show(_ view: UIView, size: CGSize = HypnosisterTests.terminalSize) -> HeadlessHost {
    let controller = UIViewController()
    controller.view = view
    return HeadlessHost(rootViewController: controller, screenSize: size, measuresTextInCells: true)
  }

  @Test func drawRunsOnceUntilTheViewNeedsDisplay() {
    let view = CountingHypnosisView()
    let host = show(view)
    _ = host.screen()
    _ = host.screen()
    #expect(view.draws == 1, "the drawing is kept between displays")
    view.setNeedsDisplay()
    _ = host.screen()
    #expect(view.draws == 2)
  }

  @Test func aNewCircleColorRedrawsInThatColor() {
    let view = CountingHypnosisView()
    let host = show(view)
    _ = host.screen()
    view.circleColor = .blue
    let grid = host.grid()
    #expect(view.draws == 2)
    let rings = grid.cells.filter { $0.text.unicodeScalars.first.map { (0x2801...0x28FF).contains($0.value) } ?? false }
    #expect(!rings.isEmpty && rings.allSatisfy { $0.foreground == CellGrid.RGB(r: 0, g: 0, b: 255) })
  }

  @Test func aNewSizeRedrawsWithMoreRings() {
    let view = CountingHypnosisView()
    let host = show(view)
    let small = host.screen().filter(HypnosisterTests.isBraille).count
    host.window.frame = CGRect(x: 0, y: 0, width: 960, height: 560)
    let large = host.screen().filter(HypnosisterTests.isBraille).count
    #expect(view.draws == 2)
    #expect(large > small * 2)
  }
}
