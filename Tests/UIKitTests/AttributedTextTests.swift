import Foundation
import Testing
import UIKit
import UIKitTesting

/// A host with one text field (or text view) at the top, text measured in cells.
@MainActor
private func host(with view: UIView, size: CGSize = CGSize(width: 320, height: 160)) -> HeadlessHost {
  let controller = UIViewController()
  controller.view = UIView(frame: CGRect(origin: .zero, size: size))
  view.frame = CGRect(x: 0, y: 0, width: 240, height: view is UITextView ? 96 : 16)
  controller.view.addSubview(view)
  return HeadlessHost(rootViewController: controller, screenSize: size, measuresTextInCells: true)
}

/// The text of each attribute run of `string`, with whether it is red, bold, underlined.
private func runs(_ string: NSAttributedString?) -> [String] {
  guard let string else { return [] }
  var result: [String] = []
  string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: .longestEffectiveRangeNotRequired) { attributes, range, _ in
    var marks: [String] = []
    if (attributes[.foregroundColor] as? UIColor) == UIColor.red { marks.append("red") }
    if let font = attributes[.font] as? UIFont, font.fontDescriptor.symbolicTraits.contains(.traitBold) { marks.append("bold") }
    if let font = attributes[.font] as? UIFont, font.fontDescriptor.symbolicTraits.contains(.traitItalic) { marks.append("italic") }
    if let underline = attributes[.underlineStyle] as? Int, underline != 0 { marks.append("underline") }
    if attributes[.link] != nil { marks.append("link") }
    let text = (string.string as NSString).substring(with: range)
    result.append(marks.isEmpty ? text : "\(text)[\(marks.joined(separator: ","))]")
  }
  return result
}

@MainActor
private func select(_ field: UITextField, _ start: Int, _ end: Int) {
  field.selectedTextRange = field.textRange(
    from: field.position(from: field.beginningOfDocument, offset: start)!,
    to: field.position(from: field.beginningOfDocument, offset: end)!)
}

nonisolated(unsafe) private let red: [NSAttributedString.Key: Any] = [.foregroundColor: UIColor.red]

@MainActor
@Suite struct AttributedTextTests {
  @Test func aFieldKeepsItsRunsThroughEditsAtTheirEdges() {
    let field = UITextField()
    let host = host(with: field)
    let text = NSMutableAttributedString(string: "ab")
    text.append(NSAttributedString(string: "CD", attributes: red))
    text.append(NSAttributedString(string: "ef"))
    field.attributedText = text
    #expect(runs(field.attributedText) == ["ab", "CD[red]", "ef"])
    field.becomeFirstResponder()

    // Typing takes the attributes of the character before the caret.
    select(field, 4, 4)
    host.type("X")
    #expect(runs(field.attributedText) == ["ab", "CDX[red]", "ef"])
    // At the run's start, the run before.
    select(field, 2, 2)
    host.type("y")
    #expect(runs(field.attributedText) == ["aby", "CDX[red]", "ef"])
    // At the very start, the first character's.
    select(field, 0, 0)
    host.type("0")
    #expect(runs(field.attributedText) == ["0aby", "CDX[red]", "ef"])
    // Deleting the red run's last characters keeps the rest of it; deleting all of it drops it.
    select(field, 6, 7)
    host.press(.backspace)
    #expect(runs(field.attributedText) == ["0aby", "CD[red]", "ef"])
    select(field, 3, 6)
    host.type("Z")
    #expect(field.text == "0abZef")
    #expect(runs(field.attributedText) == ["0abZef"], "a replacement across runs takes the attributes before it")
    // Undo brings the text back (and the runs stay in step with it).
    host.press(.character("z"), modifiers: .command)
    #expect(field.text == "0abyCDef")
    #expect(field.attributedText?.length == 8)
  }

  @Test func explicitTypingAttributesColourWhatIsTypedUntilTheSelectionMoves() {
    let field = UITextField()
    let host = host(with: field)
    field.text = "ab"
    field.becomeFirstResponder()
    field.typingAttributes = field.typingAttributes!.merging(red) { _, new in new }
    host.type("cd")
    host.press(.left)
    host.press(.right)
    host.type("e")
    #expect(runs(field.attributedText) == ["ab", "cde[red]"], "after the caret moved, typing takes the red before it")
    host.press(.left)
    host.press(.left)
    host.press(.left)
    #expect((field.typingAttributes?[.foregroundColor] as? UIColor) != UIColor.red)
    host.type("f")
    #expect(runs(field.attributedText) == ["abf", "cde[red]"])
  }

  @Test func commandBToggleBoldOverTheSelectionOnlyWhenAllowed() {
    let view = UITextView()
    let host = host(with: view)
    view.text = "one two"
    view.becomeFirstResponder()
    view.selectedRange = NSRange(location: 0, length: 3)
    host.press(.character("b"), modifiers: .command)
    #expect(runs(view.attributedText) == ["one two"], "not without allowsEditingTextAttributes")

    view.allowsEditingTextAttributes = true
    host.press(.character("b"), modifiers: .command)
    #expect(runs(view.attributedText) == ["one[bold]", " two"])
    view.selectedRange = NSRange(location: 0, length: 5)
    host.press(.character("b"), modifiers: .command)
    #expect(runs(view.attributedText) == ["one t[bold]", "wo"], "part of the selection was not bold: all of it becomes bold")
    host.press(.character("b"), modifiers: .command)
    #expect(runs(view.attributedText) == ["one two"], "all bold: bold goes")
    host.press(.character("u"), modifiers: .command)
    host.press(.character("i"), modifiers: .command)
    #expect(runs(view.attributedText) == ["one t[italic,underline]", "wo"])

    // At a caret, the toggle is for what is typed next.
    view.selectedRange = NSRange(location: 7, length: 0)
    host.press(.character("b"), modifiers: .command)
    host.type("!")
    #expect(runs(view.attributedText) == ["one t[italic,underline]", "wo", "![bold]"])
  }

  @Test func anAttachmentIsOneCharacterDrawnAsItsImage() {
    let field = UITextField()
    let host = host(with: field)
    let text = NSMutableAttributedString(string: "go ")
    text.append(NSAttributedString(attachment: NSTextAttachment(image: UIImage(systemName: "star")!)))
    text.append(NSAttributedString(string: " now"))
    field.attributedText = text
    #expect(field.text == "go \u{FFFC} now")
    #expect(field.attributedText!.length == 8, "one UTF-16 unit")
    #expect(field.attributedText!.attribute(.attachment, at: 3, effectiveRange: nil) is NSTextAttachment)
    let glyph = UIImage(systemName: "star")!.glyph
    #expect(host.screen().hasPrefix("go \(glyph)"))
    // Backspace over it removes the one character.
    field.becomeFirstResponder()
    select(field, 4, 4)
    host.press(.backspace)
    #expect(field.text == "go  now")
    #expect(runs(field.attributedText) == ["go  now"])
  }

  @Test func standardTextScalingLeavesAnIPhonesTextAsItIs() {
    let view = UITextView()
    view.text = "Scaled only on a Mac"
    let host = host(with: view)
    let before = host.screen()
    view.usesStandardTextScaling = true
    view.setNeedsDisplay()
    #expect(host.screen() == before, "only Mac Catalyst's Mac idiom scales text")
    #expect(view.usesStandardTextScaling)
  }

  @Test func attributeKeysAndWritingDirectionValuesAreApplesOwn() {
    #expect(NSAttributedString.Key.textEffect.rawValue == "NSTextEffect")
    #expect(NSAttributedString.Key.verticalGlyphForm.rawValue == "CTVerticalForms")
    #expect(NSAttributedString.Key.tracking.rawValue == "NSTracking")
    #expect(NSAttributedString.TextEffectStyle.letterpressStyle.rawValue == "_UIKitNewLetterpressStyle")
    // An override of right to left, as the attribute's array holds it (NSWritingDirectionOverride).
    #expect(NSWritingDirection.rightToLeft.rawValue | NSWritingDirectionFormatType.override.rawValue == 3)
    #expect(NSWritingDirectionFormatType.embedding.rawValue == 0)
    // Kept on the text through edits, as any attribute is.
    let field = UITextField()
    let host = host(with: field)
    field.attributedText = NSAttributedString(string: "ab", attributes: [.tracking: 2, .kern: 1])
    field.becomeFirstResponder()
    host.type("c")
    #expect(field.attributedText?.attribute(.tracking, at: 0, effectiveRange: nil) as? Int == 2)
  }

  @Test func anAttachmentSubclassChoosesTheImageDrawnForEachCharacter() {
    // Libraries override the container methods, as on iOS, to vary an attachment's image.
    final class Checkbox: NSTextAttachment, @unchecked Sendable {
      var asked: [Int] = []
      override func image(forBounds imageBounds: CGRect, textContainer: NSTextContainer?, characterIndex charIndex: Int) -> UIImage? {
        asked.append(charIndex)
        return UIImage(systemName: charIndex == 0 ? "checkmark.square" : "square")
      }
    }
    let field = UITextField()
    let host = host(with: field)
    let checkbox = Checkbox()
    let text = NSMutableAttributedString(attachment: checkbox)
    text.append(NSAttributedString(string: " a "))
    text.append(NSAttributedString(attachment: checkbox))
    text.append(NSAttributedString(string: " b"))
    field.attributedText = text
    let checked = UIImage(systemName: "checkmark.square")!.glyph
    let unchecked = UIImage(systemName: "square")!.glyph
    #expect(host.screen().hasPrefix("\(checked) a \(unchecked) b"))
    #expect(Set(checkbox.asked) == [0, 4], "asked with each attachment character's own index")
    let plain = NSTextAttachment(image: UIImage(systemName: "star")!)
    #expect(plain.attachmentBounds(for: nil, proposedLineFragment: .zero, glyphPosition: .zero, characterIndex: 0).size == UIImage(systemName: "star")!.size)
    plain.bounds = CGRect(x: 0, y: -2, width: 10, height: 10)
    #expect(plain.attachmentBounds(for: nil, proposedLineFragment: .zero, glyphPosition: .zero, characterIndex: 0) == plain.bounds)
  }

  @Test func cellsShowBoldItalicUnderlineStrikethroughColoursAndLinks() {
    let view = UITextView()
    let host = host(with: view)
    // Neighbouring runs differ in their number of attributes: Foundation on Linux traps
    // comparing two UIKit objects (see AttributeRuns.swift).
    let text = NSMutableAttributedString(string: "B", attributes: [.font: UIFont.boldSystemFont(ofSize: 12)])
    text.append(NSAttributedString(string: "I", attributes: [.font: UIFont.italicSystemFont(ofSize: 12), .kern: 0]))
    text.append(NSAttributedString(string: "U", attributes: [.underlineStyle: NSUnderlineStyle.single.rawValue]))
    text.append(NSAttributedString(string: "S", attributes: [.strikethroughStyle: NSUnderlineStyle.single.rawValue, .kern: 0]))
    text.append(NSAttributedString(string: "R", attributes: [.foregroundColor: UIColor.red, .backgroundColor: UIColor.yellow, .kern: 0]))
    text.append(NSAttributedString(string: "L", attributes: [.link: URL(string: "https://example.com")!]))
    text.append(NSAttributedString(string: "p"))
    view.attributedText = text
    view.textContainerInset = .zero
    let grid = host.grid()
    let row = grid.lines.firstIndex { $0.contains("BIUSRLp") }!
    let start = grid.lines[row].range(of: "BIUSRLp")!.lowerBound.utf16Offset(in: grid.lines[row])
    func cell(_ i: Int) -> CellGrid.Cell { grid[start + i, row] }
    #expect(cell(0).isBold && !cell(0).isItalic)
    #expect(cell(1).isItalic && !cell(1).isBold)
    #expect(cell(2).isUnderlined && !cell(2).isStrikethrough)
    #expect(cell(3).isStrikethrough && !cell(3).isUnderlined)
    #expect(cell(4).foreground == CellGrid.RGB(r: 255, g: 0, b: 0))
    #expect(cell(4).background == CellGrid.RGB(r: 255, g: 255, b: 0))
    #expect(cell(5).link == "https://example.com")
    #expect(!cell(6).isBold && !cell(6).isUnderlined && cell(6).link == nil)
  }

  @Test func theAttributedPlaceholderIsDrawnWithItsAttributes() {
    let field = UITextField()
    let host = host(with: field)
    let placeholder = NSMutableAttributedString(string: "Name ")
    placeholder.append(NSAttributedString(string: "required", attributes: [.font: UIFont.boldSystemFont(ofSize: 17)]))
    field.attributedPlaceholder = placeholder
    #expect(runs(field.attributedPlaceholder) == ["Name ", "required[bold]"])
    let grid = host.grid()
    #expect(grid.lines[0] == "Name required")
    #expect(!grid[0, 0].isBold)
    #expect(grid[5, 0].isBold)
    field.text = "x"
    #expect(host.screen().hasPrefix("x"))
  }

  @Test func fontAndColourSettersApplyToTheWholeText() {
    let field = UITextField()
    _ = host(with: field)
    let text = NSMutableAttributedString(string: "ab")
    text.append(NSAttributedString(string: "cd", attributes: red))
    field.attributedText = text
    field.textColor = .blue
    #expect(runs(field.attributedText) == ["abcd"])
    #expect((field.attributedText!.attribute(.foregroundColor, at: 3, effectiveRange: nil) as? UIColor) == UIColor.blue)
  }

  @Test func neighbouringRunsOfEqualSizeComeBackReadable() {
    // Two runs with the same keys and different UIKit objects: the getter keeps their sizes
    // apart so that Foundation never compares the objects, and reading them back is lossless.
    let view = UITextView()
    _ = host(with: view)
    view.text = "abcd"
    view.allowsEditingTextAttributes = true
    view.becomeFirstResponder()
    view.selectedRange = NSRange(location: 0, length: 2)
    view.toggleBoldface(nil)
    let text = view.attributedText!
    #expect(runs(text) == ["ab[bold]", "cd"])
    var longest = NSRange()
    _ = text.attributes(at: 0, longestEffectiveRange: &longest, in: NSRange(location: 0, length: 4))
    #expect(longest == NSRange(location: 0, length: 2))
    view.attributedText = text
    #expect(runs(view.attributedText) == ["ab[bold]", "cd"])
    #expect(view.attributedText.attribute(.baselineOffset, at: 0, effectiveRange: nil) == nil)
  }

  @Test func runsFollowRandomEditsAsAPerCharacterModelDoes() {
    // Each UTF-16 unit's colour, kept beside the text view's: an insertion takes the typing
    // attributes when set just before it, else the colour before it (the first character's at
    // the start); deletions and replacements drop what they cover.
    let view = UITextView()
    _ = host(with: view)
    view.text = "abcdefgh"
    view.becomeFirstResponder()
    let base = view.textColor!
    let colours: [UIColor] = [base, .red, .blue, .green]
    var model = Array(repeating: 0, count: 8)
    var random = SeededRandomNumberGenerator(seed: 19)
    func index(of colour: UIColor?) -> Int { colours.firstIndex { $0 == colour } ?? -1 }
    for step in 0..<400 {
      let length = model.count
      let start = Int.random(in: 0...length, using: &random)
      let end = min(length, start + Int.random(in: 0...3, using: &random))
      let inserted = String((0..<Int.random(in: 0...3, using: &random)).map { _ in "xyz".randomElement(using: &random)! })
      // Never empty the text (what an empty text keeps for typing is not this model's).
      if length - (end - start) + inserted.count == 0 { continue }
      view.selectedRange = NSRange(location: start, length: end - start)
      var colour: Int
      if Bool.random(using: &random) {
        colour = Int.random(in: 0..<colours.count, using: &random)
        view.typingAttributes = view.typingAttributes.merging([.foregroundColor: colours[colour]]) { _, new in new }
      } else {
        colour = model.isEmpty ? 0 : model[max(0, start - 1)]
        if start == 0 && !model.isEmpty { colour = model[0] }
      }
      if inserted.isEmpty {
        if start == end { continue }
        view.deleteBackward()
      } else {
        view.insertText(inserted)
      }
      let before = model
      model.replaceSubrange(start..<end, with: Array(repeating: colour, count: inserted.count))
      let text = view.attributedText!
      #expect(text.length == model.count)
      let actual = (0..<text.length).map { index(of: text.attribute(.foregroundColor, at: $0, effectiveRange: nil) as? UIColor) }
      #expect(actual == model, "step \(step): \(before) \(start)..<\(end) → \(inserted.debugDescription) in \(colour): \(text.string)")
      if actual != model { break }
    }
  }

  @Test func aLongUniformTextKeepsOneRunWhileTyped() {
    let field = UITextField()
    let host = host(with: field)
    field.text = String(repeating: "x", count: 10_000)
    field.becomeFirstResponder()
    host.type("abc")
    var range = NSRange()
    _ = field.attributedText!.attributes(at: 0, effectiveRange: &range)
    #expect(range == NSRange(location: 0, length: 10_003))
    #expect(field.attributedText!.length == 10_003)
  }
}
