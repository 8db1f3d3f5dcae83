import Foundation
import Testing
@testable import UIKit
import UIKitTesting
import TextEditing

/// Records a text storage's delegate calls and, when asked, colours what was edited.
final class StorageRecorder: NSObject, NSTextStorageDelegate {
  var calls: [String] = []
  var colour: UIColor?

  func textStorage(
    _ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange,
    changeInLength delta: Int
  ) {
    calls.append("will \(editedMask.rawValue) {\(editedRange.location), \(editedRange.length)} \(delta)")
  }

  func textStorage(
    _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange,
    changeInLength delta: Int
  ) {
    calls.append("did \(editedMask.rawValue) {\(editedRange.location), \(editedRange.length)} \(delta)")
    if let colour, editedRange.length > 0 { textStorage.addAttribute(.foregroundColor, value: colour, range: editedRange) }
  }
}

/// A storage subclass that keeps its text itself, in the four primitives, as Apple's documentation
/// shows, and underlines every "#" word when it processes edits.
final class TaggingStorage: NSTextStorage {
  let backing = NSMutableAttributedString(string: "")
  var processed = 0

  override var string: String { backing.string }
  override var length: Int { backing.length }
  override func attributes(at location: Int, effectiveRange range: NSRangePointer?) -> [NSAttributedString.Key: Any] {
    backing.attributes(at: location, effectiveRange: range)
  }
  override func replaceCharacters(in range: NSRange, with str: String) {
    beginEditing()
    backing.replaceCharacters(in: range, with: str)
    edited(.editedCharacters, range: range, changeInLength: str.utf16.count - range.length)
    endEditing()
  }
  override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
    beginEditing()
    backing.setAttributes(attrs, range: range)
    edited(.editedAttributes, range: range, changeInLength: 0)
    endEditing()
  }
  override func processEditing() {
    processed += 1
    let text = string as NSString
    let all = NSRange(location: 0, length: text.length)
    backing.removeAttribute(.underlineStyle, range: all)
    var location = 0
    while location < text.length {
      let hash = text.range(of: "#", options: [], range: NSRange(location: location, length: text.length - location))
      guard hash.location != NSNotFound else { break }
      var end = hash.location + 1
      while end < text.length, let scalar = UnicodeScalar(text.character(at: end)), CharacterSet.alphanumerics.contains(scalar) { end += 1 }
      backing.addAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, range: NSRange(location: hash.location, length: end - hash.location))
      location = end
    }
    edited(.editedAttributes, range: all, changeInLength: 0)
    super.processEditing()
  }
}

/// A screen with one text view of 176 × 96 points, text measured in cells (8 × 16 points).
@MainActor
final class TextKitController: UIViewController {
  let textView: UITextView
  init(textView: UITextView = UITextView(frame: CGRect(x: 16, y: 48, width: 176, height: 96))) {
    self.textView = textView
    super.init(nibName: nil, bundle: nil)
  }
  required init?(coder: NSCoder) { fatalError() }
  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(textView)
  }
}

@MainActor
func makeTextKit(_ textView: UITextView? = nil) -> (HeadlessHost, UITextView) {
  let controller = textView.map { TextKitController(textView: $0) } ?? TextKitController()
  let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480), measuresTextInCells: true)
  host.name(controller.textView, "notes")
  controller.textView.frame = CGRect(x: 16, y: 48, width: 176, height: 96)
  host.settle()
  return (host, controller.textView)
}

/// The lines the text view drew: each line's text and frame in window coordinates.
@MainActor
func drawnLines(_ host: HeadlessHost) -> [(string: String, frame: CGRect, run: TextRun)] {
  host.window.layoutIfNeeded()
  return host.window.displayList().items.compactMap { item in
    if case .text(let run) = item.content { return (run.string, item.frame, run) }
    return nil
  }
}

/// A text view of `makeTextKit()` (176 × 96 points at 16, 48, cells of 8 × 16 points) with no
/// inset and no padding, so that a column of text is 8 points of the view from its left edge,
/// laid out around rectangles `paths`.
@MainActor
func makeBareTextView(paths: [CGRect] = []) -> (HeadlessHost, UITextView) {
  let (host, textView) = makeTextKit()
  textView.textContainerInset = .zero
  textView.textContainer.lineFragmentPadding = 0
  textView.textContainer.exclusionPaths = paths.map { UIBezierPath(rect: $0) }
  return (host, textView)
}

/// The rows of the screen that a text view of `makeBareTextView` covers (rows 3 to 8), each its
/// 22 columns.
@MainActor
func viewRows(_ host: HeadlessHost) -> [String] {
  let rows = host.screen().components(separatedBy: "\n")
  return (3..<9).map { row in
    guard row < rows.count else { return "" }
    let characters = Array(rows[row])
    let cells = characters.count > 2 ? String(characters[2..<min(characters.count, 24)]) : ""
    return String(cells.reversed().drop { $0 == " " }.reversed())
  }
}

/// The lines `textView` drew, in its own coordinates.
@MainActor
func drawnFrames(_ host: HeadlessHost, _ textView: UITextView) -> [(string: String, frame: CGRect)] {
  drawnLines(host).map { ($0.string, textView.convert($0.frame, from: nil)) }
}

@MainActor
@Suite struct TextKitTests {
  // MARK: The objects

  @Test func aTextViewHasAContainerLayoutManagerAndStorageOfItsText() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "Hi 👩‍👩‍👧 漢字 e\u{301}"
    let container = textView.textContainer
    #expect(container.lineFragmentPadding == 5)
    #expect(container.widthTracksTextView)
    #expect(!container.heightTracksTextView)
    #expect(container.size.width == 176)
    #expect(textView.layoutManager.textContainers.count == 1)
    #expect(textView.layoutManager.textContainers.first === container)
    #expect(container.layoutManager === textView.layoutManager)
    #expect(textView.layoutManager.textStorage === textView.textStorage)
    #expect(textView.textStorage.layoutManagers.first === textView.layoutManager)
    #expect(textView.textStorage.string == textView.text)
    // One glyph per UTF-16 unit, as TextKit 1 keeps for surrogates and combining marks.
    let length = (textView.text! as NSString).length
    #expect(textView.textStorage.length == length)
    #expect(textView.layoutManager.numberOfGlyphs == length)
    textView.textContainerInset = UIEdgeInsets(top: 8, left: 10, bottom: 8, right: 6)
    #expect(container.size.width == 160, "the width follows the view less its insets")
  }

  @Test func typingDoesNotMakeTheTextKitObjects() {
    let (host, textView) = makeTextKit()
    textView.becomeFirstResponder()
    host.type("abc")
    #expect(textView._textKit == nil, "a keystroke pays nothing for TextKit until code asks for it")
    _ = textView.textStorage
    #expect(textView._textKit != nil)
  }

  // MARK: What placeholder and growing text views do

  @Test func zeroPaddingAndInsetPutTheTextAtTheEdge() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "Hello"
    #expect(textView.caretRect(for: textView.beginningOfDocument).minX == 5)
    textView.textContainer.lineFragmentPadding = 0
    textView.textContainerInset = .zero
    #expect(textView.caretRect(for: textView.beginningOfDocument).minX == 0)
    #expect(textView.caretRect(for: textView.beginningOfDocument).minY == 0)
    let used = textView.layoutManager.usedRect(for: textView.textContainer)
    #expect(used.minX == 0)
    #expect(used.width == 40, "five cells")
  }

  @Test func usedRectSizesAGrowingTextView() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.textContainer.lineFragmentPadding = 0
    textView.textContainerInset = .zero
    let layoutManager = textView.layoutManager
    let line = layoutManager.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil).height
    #expect(line == 16)
    #expect(layoutManager.usedRect(for: textView.textContainer).height == 16, "an empty text has its caret's line")
    // 22 cells wrap to two lines in 176 points; a final line break adds a third, empty one.
    textView.text = "one two three four fi five\n"
    #expect(layoutManager.usedRect(for: textView.textContainer).height == 48)
    #expect(textView.sizeThatFits(CGSize(width: 176, height: 0)).height == 48)
    #expect(layoutManager.extraLineFragmentRect == CGRect(x: 0, y: 32, width: 176, height: 16))
    textView.text = "one"
    #expect(layoutManager.usedRect(for: textView.textContainer).height == 16)
    #expect(layoutManager.extraLineFragmentRect == .zero)
  }

  // MARK: Geometry is what is drawn

  @Test func lineFragmentsCoverTheDrawnLines() {
    let (host, textView) = makeTextKit()
    textView.textContainerInset = UIEdgeInsets(top: 16, left: 8, bottom: 16, right: 8)
    textView.text = "漢字かな交じり文 with 👩‍👩‍👧 and e\u{301}tude\nsecond"
    let layoutManager = textView.layoutManager
    let container = textView.textContainer
    var fragments: [(rect: CGRect, used: CGRect, range: NSRange)] = []
    layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: layoutManager.numberOfGlyphs)) {
      rect, used, inContainer, range, _ in
      #expect(inContainer === container)
      fragments.append((rect, used, range))
    }
    let lines = drawnLines(host)
    #expect(fragments.count == lines.count)
    #expect(fragments.count >= 3)
    let text = textView.text! as NSString
    for (fragment, line) in zip(fragments, lines) {
      // Container coordinates → the view's → the window's.
      let used = textView.convert(
        fragment.used.offsetBy(dx: textView.textContainerInset.left, dy: textView.textContainerInset.top), to: nil)
      #expect(used.minY == line.frame.minY)
      #expect(used.minX + container.lineFragmentPadding == line.frame.minX)
      let drawn = text.substring(with: fragment.range).trimmingCharacters(in: .newlines)
      #expect(drawn == line.string)
      var effective = NSRange()
      let rect = layoutManager.lineFragmentRect(forGlyphAt: fragment.range.location, effectiveRange: &effective)
      #expect(rect == fragment.rect)
      #expect(effective == fragment.range)
    }
  }

  @Test func boundingRectsAgreeWithTheTextInputGeometry() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "ab 漢字 👩‍👩‍👧 e\u{301}f"
    let text = textView.text! as NSString
    let layoutManager = textView.layoutManager
    let inset = textView.textContainerInset
    var location = 0
    while location < text.length {
      let cluster = text.rangeOfComposedCharacterSequence(at: location)
      let rect = layoutManager.boundingRect(forGlyphRange: cluster, in: textView.textContainer)
        .offsetBy(dx: inset.left, dy: inset.top)
      let start = textView.position(from: textView.beginningOfDocument, offset: cluster.location)!
      let end = textView.position(from: start, offset: cluster.length)!
      let first = textView.firstRect(for: textView.textRange(from: start, to: end)!)
      #expect(rect == first, "\(text.substring(with: cluster))")
      location = cluster.location + cluster.length
    }
    // A range over two lines encloses both.
    textView.text = "first line\nsecond"
    let both = layoutManager.boundingRect(forGlyphRange: NSRange(location: 6, length: 8), in: textView.textContainer)
    #expect(both.height == 32)
    #expect(both.minX == 5)
  }

  @Test func characterIndexForAPoint() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "ab漢\ncd"
    let layoutManager = textView.layoutManager
    let container = textView.textContainer
    var fraction: CGFloat = -1
    // "a" spans 5..<13, "b" 13..<21, "漢" 21..<37 in the container.
    #expect(layoutManager.characterIndex(for: CGPoint(x: 15, y: 4), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction) == 1)
    #expect(fraction == 0.25)
    #expect(layoutManager.characterIndex(for: CGPoint(x: 33, y: 4), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction) == 2)
    #expect(fraction == 0.75)
    // Past the end of the line: its last character; before its start: its first.
    #expect(layoutManager.characterIndex(for: CGPoint(x: 150, y: 4), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction) == 2)
    #expect(fraction == 1)
    #expect(layoutManager.characterIndex(for: CGPoint(x: 0, y: 20), in: container, fractionOfDistanceBetweenInsertionPoints: nil) == 4)
    // Below the text: the nearest character of the last line.
    #expect(layoutManager.characterIndex(for: CGPoint(x: 0, y: 500), in: container, fractionOfDistanceBetweenInsertionPoints: nil) == 4)
    #expect(layoutManager.characterIndex(for: CGPoint(x: 150, y: 500), in: container, fractionOfDistanceBetweenInsertionPoints: nil) == 5)
    #expect(layoutManager.glyphIndex(for: CGPoint(x: 15, y: 4), in: container) == 1)
  }

  @Test func glyphAndCharacterRangesAreTheSame() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "a👩‍👩‍👧b"
    let layoutManager = textView.layoutManager
    var actual = NSRange()
    #expect(layoutManager.glyphRange(forCharacterRange: NSRange(location: 1, length: 8), actualCharacterRange: &actual) == NSRange(location: 1, length: 8))
    #expect(actual == NSRange(location: 1, length: 8))
    #expect(layoutManager.characterRange(forGlyphRange: NSRange(location: 0, length: 99), actualGlyphRange: &actual) == NSRange(location: 0, length: 10))
    #expect(layoutManager.glyphRange(for: textView.textContainer) == NSRange(location: 0, length: 10))
    #expect(layoutManager.glyphIndexForCharacter(at: 3) == 3)
    #expect(layoutManager.characterIndexForGlyph(at: 3) == 3)
  }

  // MARK: Edits through the storage

  @Test func storageEditsReachTheViewButNotTextViewDidChange() {
    let (host, textView) = makeTextKit()
    let delegate = TextViewRecorder()
    textView.delegate = delegate
    textView.text = "Hello world"
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: 8, length: 0)
    let storageDelegate = StorageRecorder()
    textView.textStorage.delegate = storageDelegate
    delegate.calls = []
    textView.textStorage.replaceCharacters(in: NSRange(location: 0, length: 5), with: "Goodbye")
    #expect(textView.text == "Goodbye world")
    #expect(textView.selectedRange == NSRange(location: 10, length: 0), "the caret after the edit moves with its text")
    #expect(delegate.calls == ["didChangeSelection"], "textViewDidChange is for the user's edits")
    #expect(storageDelegate.calls == ["will 2 {0, 7} 2", "did 2 {0, 7} 2"])
    #expect(drawnLines(host).first?.string == "Goodbye world")
    // An insertion at the end, and a deletion before the caret.
    textView.textStorage.append(NSAttributedString(string: "!"))
    textView.textStorage.deleteCharacters(in: NSRange(location: 0, length: 4))
    #expect(textView.text == "bye world!")
    #expect(textView.selectedRange == NSRange(location: 6, length: 0))
    #expect(delegate.calls == ["didChangeSelection", "didChangeSelection"])
  }

  @Test func attributesAddedThroughTheStorageAreDrawn() {
    let (host, textView) = makeTextKit()
    textView.text = "red blue plain"
    let storage = textView.textStorage
    // Neighbouring runs with different colours: Foundation on Linux traps comparing these.
    storage.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 3))
    storage.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 3, length: 5))
    var colours: [String] = []
    storage.enumerateAttribute(.foregroundColor, in: NSRange(location: 0, length: storage.length)) { value, range, _ in
      colours.append("\(range.location)+\(range.length):\((value as? UIColor) == .red ? "red" : (value as? UIColor) == .blue ? "blue" : "other")")
    }
    #expect(colours == ["0+3:red", "3+5:blue", "8+6:other"])
    var longest = NSRange()
    _ = storage.attribute(.font, at: 0, longestEffectiveRange: &longest, in: NSRange(location: 0, length: storage.length))
    #expect(longest == NSRange(location: 0, length: 14), "the font runs on across colours")
    #expect((textView.attributedText.attribute(.foregroundColor, at: 4, effectiveRange: nil) as? UIColor) == .blue)
    let spans = drawnLines(host).first?.run.spans ?? []
    #expect(spans.first { $0.range == 0..<3 }?.style.foreground == .red)
    #expect(spans.first { $0.range == 3..<8 }?.style.foreground == .blue)
    // Copies are plain attributed strings with the same runs.
    let copy = storage.attributedSubstring(from: NSRange(location: 2, length: 4))
    #expect(copy.string == "d bl")
    #expect((copy.attribute(.foregroundColor, at: 1, effectiveRange: nil) as? UIColor) == .blue)
    #expect(storage.isEqual(to: textView.attributedText))
  }

  @Test func editsGroupedByBeginAndEndEditingAreProcessedOnce() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "abcdef"
    let storage = textView.textStorage
    let recorder = StorageRecorder()
    storage.delegate = recorder
    storage.beginEditing()
    storage.replaceCharacters(in: NSRange(location: 1, length: 1), with: "XYZ")
    storage.addAttribute(.underlineStyle, value: 1, range: NSRange(location: 5, length: 2))
    #expect(recorder.calls.isEmpty)
    #expect(storage.editedMask == [.editedCharacters, .editedAttributes])
    #expect(storage.changeInLength == 2)
    storage.endEditing()
    #expect(recorder.calls == ["will 3 {1, 6} 2", "did 3 {1, 6} 2"])
    #expect(storage.editedRange.location == NSNotFound)
    #expect(textView.text == "aXYZcdef")
  }

  @Test func typingTellsTheStorageDelegateBeforeTheViewDelegate() {
    let (host, textView) = makeTextKit()
    let delegate = TextViewRecorder()
    textView.delegate = delegate
    let storage = StorageRecorder()
    storage.colour = .red
    textView.textStorage.delegate = storage
    textView.becomeFirstResponder()
    host.settle()
    delegate.calls = []
    host.startRecording()
    host.type("a")
    #expect(storage.calls == ["will 3 {0, 1} 1", "did 3 {0, 1} 1"])
    #expect(delegate.calls == ["shouldChange {0, 0} \"a\"", "didChangeSelection", "didChange"])
    // The delegate coloured the typed character.
    #expect((textView.attributedText.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor) == .red)
    host.type("b")
    #expect(storage.calls.suffix(2) == ["will 3 {1, 1} 1", "did 3 {1, 1} 1"])
    // Undo reports the text it changed.
    storage.calls = []
    textView.undoManager?.undo()
    #expect(textView.text == "")
    #expect(storage.calls == ["will 3 {0, 0} -2", "did 3 {0, 0} -2"])
  }

  // MARK: A stack of the client's own

  @Test func aTextViewShowsTheStorageOfTheContainerItIsGiven() {
    let storage = NSTextStorage(string: "Hello there, TextKit", attributes: [.font: UIFont.systemFont(ofSize: 12)])
    let layoutManager = NSLayoutManager()
    storage.addLayoutManager(layoutManager)
    let container = NSTextContainer(size: CGSize(width: 90, height: CGFloat.greatestFiniteMagnitude))
    layoutManager.addTextContainer(container)
    let textView = UITextView(frame: .zero, textContainer: container)
    let (host, _) = makeTextKit(textView)
    #expect(textView.textContainer === container)
    #expect(textView.layoutManager === layoutManager)
    #expect(textView.textStorage === storage)
    #expect(textView.text == "Hello there, TextKit")
    // 90 points less 10 of padding: ten cells a line.
    #expect(drawnLines(host).map(\.string) == ["Hello ", "there, ", "TextKit"])
    storage.replaceCharacters(in: NSRange(location: 0, length: 5), with: "Hi")
    #expect(textView.text == "Hi there, TextKit")
    textView.becomeFirstResponder()
    host.type("!")
    #expect(storage.string == "Hi there, TextKit!")
  }

  @Test func aStorageSubclassThatKeepsItsTextIsKeptInStep() {
    let storage = TaggingStorage()
    storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "note #todo")
    let layoutManager = NSLayoutManager()
    storage.addLayoutManager(layoutManager)
    let container = NSTextContainer(size: .zero)
    container.widthTracksTextView = true
    layoutManager.addTextContainer(container)
    let textView = UITextView(frame: .zero, textContainer: container)
    let (host, _) = makeTextKit(textView)
    #expect(textView.text == "note #todo")
    #expect(textView.attributedText.attribute(.underlineStyle, at: 6, effectiveRange: nil) != nil)
    // The user's typing reaches the subclass's own text, and its colouring comes back.
    textView.becomeFirstResponder()
    host.type(" #done")
    #expect(storage.string == "note #todo #done")
    #expect(textView.text == "note #todo #done")
    #expect(textView.attributedText.attribute(.underlineStyle, at: 13, effectiveRange: nil) != nil)
    #expect(textView.attributedText.attribute(.underlineStyle, at: 2, effectiveRange: nil) == nil)
    // Its own edits reach the view.
    storage.replaceCharacters(in: NSRange(location: 0, length: 4), with: "task")
    #expect(textView.text == "task #todo #done")
    host.press(.backspace)
    #expect(storage.string == "task #todo #don")
  }

  @Test func aStackWithoutATextViewLaysItsTextOut() {
    let storage = NSTextStorage(string: "one two three", attributes: [.font: UIFont.systemFont(ofSize: 12)])
    let layoutManager = NSLayoutManager()
    storage.addLayoutManager(layoutManager)
    let container = NSTextContainer(size: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude))
    container.lineFragmentPadding = 0
    layoutManager.addTextContainer(container)
    let font = UIFont.systemFont(ofSize: 12)
    let lineHeight = _StringLayout.measurer.size(of: "X", font: font).height
    let used = layoutManager.usedRect(for: container)
    #expect(used.height == lineHeight * CGFloat(used.height / lineHeight).rounded())
    #expect(used.width <= 60)
    #expect(used.height > lineHeight, "wraps at 60 points")
    // The character under a point on the second line.
    var effective = NSRange()
    _ = layoutManager.lineFragmentRect(forGlyphAt: 8, effectiveRange: &effective)
    let index = layoutManager.characterIndex(
      for: CGPoint(x: 1, y: lineHeight * 1.5), in: container, fractionOfDistanceBetweenInsertionPoints: nil)
    #expect(index == effective.location || layoutManager.lineFragmentRect(forGlyphAt: index, effectiveRange: nil).minY == lineHeight)
    storage.replaceCharacters(in: NSRange(location: 0, length: 13), with: "x")
    #expect(layoutManager.usedRect(for: container).height == lineHeight)
  }

  // MARK: The container's limits

  @Test func maximumNumberOfLinesCutsTheTextWithAnEllipsis() {
    let (host, textView) = makeTextKit()
    textView.textContainer.maximumNumberOfLines = 2
    textView.textContainer.lineBreakMode = .byTruncatingTail
    textView.text = "one two three four five six seven eight nine ten eleven twelve"
    let lines = drawnLines(host)
    #expect(lines.count == 2)
    #expect(lines.last?.string.hasSuffix("…") == true)
    #expect(lines.last.map { $0.frame.maxX <= textView.convert(textView.bounds, to: nil).maxX } == true)
    let layoutManager = textView.layoutManager
    #expect(layoutManager.usedRect(for: textView.textContainer).height == 32)
    #expect(textView.contentSize.height == 48)
    let shown = layoutManager.glyphRange(for: textView.textContainer)
    #expect(shown.length < (textView.text! as NSString).length)
    #expect(layoutManager.textContainer(forGlyphAt: shown.length + 1, effectiveRange: nil) == nil)
    textView.textContainer.lineBreakMode = .byWordWrapping
    #expect(drawnLines(host).last?.string.hasSuffix("…") == false)
  }

  @Test func theTruncatedGlyphRangeIsWhatTheEllipsisHides() {
    let (host, textView) = makeTextKit()
    textView.textContainer.maximumNumberOfLines = 2
    textView.textContainer.lineBreakMode = .byTruncatingTail
    textView.text = "one two three four five six seven eight nine ten eleven twelve"
    let layoutManager = textView.layoutManager
    var second = NSRange()
    let lines = drawnLines(host)
    _ = layoutManager.lineFragmentRect(forGlyphAt: (lines[0].string as NSString).length, effectiveRange: &second)
    let hidden = layoutManager.truncatedGlyphRange(inLineFragmentForGlyphAt: second.location)
    // The second line draws what it keeps, then "…"; the rest of the line is hidden.
    let kept = (lines[1].string as NSString).length - 1
    #expect(hidden.location == second.location + kept)
    let lineText = (textView.text! as NSString).substring(with: second)
    #expect(hidden.location + hidden.length == second.location + (lineText as NSString).length)
    #expect(hidden.length > 0)
    #expect(layoutManager.truncatedGlyphRange(inLineFragmentForGlyphAt: 0).location == NSNotFound, "the first line is whole")
    textView.textContainer.lineBreakMode = .byWordWrapping
    #expect(layoutManager.truncatedGlyphRange(inLineFragmentForGlyphAt: second.location).location == NSNotFound)
    // A line is a cell row in the terminal's measure, as the view lays lines out.
    #expect(layoutManager.defaultLineHeight(for: UIFont.systemFont(ofSize: 17)) == 16 + UIFont.systemFont(ofSize: 17).leading)
  }

  @Test func aContainerThatStopsTrackingKeepsItsWidth() {
    let (host, textView) = makeTextKit()
    textView.text = "aaaa bbbb cccc dddd eeee"
    textView.textContainer.widthTracksTextView = false
    #expect(textView.textContainer.size.width == 176)
    textView.textContainer.size = CGSize(width: 50, height: CGFloat.greatestFiniteMagnitude)
    // 40 points of text a line: five cells.
    #expect(drawnLines(host).map(\.string) == ["aaaa ", "bbbb ", "cccc ", "dddd ", "eeee"])
  }

  @Test func exclusionPathsShortenProposedLineFragments() {
    let container = NSTextContainer(size: CGSize(width: 200, height: 100))
    #expect(container.isSimpleRectangularTextContainer)
    container.exclusionPaths = [UIBezierPath(rect: CGRect(x: 80, y: 0, width: 40, height: 40))]
    #expect(!container.isSimpleRectangularTextContainer)
    var remaining = CGRect.zero
    let rect = container.lineFragmentRect(
      forProposedRect: CGRect(x: 0, y: 10, width: 200, height: 16), at: 0, writingDirection: .leftToRight, remaining: &remaining)
    #expect(rect == CGRect(x: 0, y: 10, width: 80, height: 16))
    #expect(remaining == CGRect(x: 120, y: 10, width: 80, height: 16))
    let below = container.lineFragmentRect(
      forProposedRect: CGRect(x: 0, y: 50, width: 200, height: 16), at: 0, writingDirection: .leftToRight, remaining: &remaining)
    #expect(below == CGRect(x: 0, y: 50, width: 200, height: 16))
  }
}

extension TextKitTests {
  @Test func aContainerOfAHeightHoldsTheLinesThatFit() {
    let (host, textView) = makeTextKit()
    textView.textContainer.size = CGSize(width: 176, height: 40)
    textView.textContainer.lineBreakMode = .byTruncatingTail
    textView.text = "one\ntwo\nthree\nfour"
    // 40 points hold two lines of 16.
    #expect(drawnLines(host).map(\.string) == ["one", "two…"])
    #expect(textView.layoutManager.glyphRange(for: textView.textContainer) == NSRange(location: 0, length: 8))
    textView.textContainer.heightTracksTextView = true
    // The view's 96 points less 16 of insets hold five lines: all four show.
    #expect(drawnLines(host).map(\.string) == ["one", "two", "three", "four"])
  }
}

extension TextKitTests {
  @Test func theStoragesMutableStringChangesTheView() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "cat and cat 🐈"
    let recorder = StorageRecorder()
    textView.textStorage.delegate = recorder
    let string = textView.textStorage.mutableString
    #expect(string.length == 14)
    #expect(string.range(of: "and").location == 4)
    #expect(string.hasSuffix("🐈"))
    string.replaceCharacters(in: NSRange(location: 0, length: 3), with: "dog")
    #expect(textView.text == "dog and cat 🐈")
    string.append("!")
    #expect(textView.text == "dog and cat 🐈!")
    _ = string.replaceOccurrences(of: "cat", with: "cow", options: [], range: NSRange(location: 0, length: string.length))
    #expect(textView.text == "dog and cow 🐈!")
    #expect(recorder.calls.count >= 6)
  }

  @Test func settingTextTellsTheStorageDelegate() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = "abc"
    let recorder = StorageRecorder()
    textView.textStorage.delegate = recorder
    textView.text = "hello"
    #expect(recorder.calls == ["will 3 {0, 5} 2", "did 3 {0, 5} 2"])
    textView.attributedText = NSAttributedString(string: "hi", attributes: [.underlineStyle: 1])
    #expect(recorder.calls.suffix(2) == ["will 3 {0, 2} -3", "did 3 {0, 2} -3"])
    #expect(textView.textStorage.attribute(.underlineStyle, at: 0, effectiveRange: nil) != nil)
  }
}

/// Records a layout manager's delegate calls, and the used height at each completed layout.
@MainActor
final class LayoutRecorder: NSObject, NSLayoutManagerDelegate {
  var calls: [String] = []
  func layoutManagerDidInvalidateLayout(_ sender: NSLayoutManager) { calls.append("invalidated") }
  func layoutManager(_ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd layoutFinishedFlag: Bool) {
    calls.append("completed \(layoutFinishedFlag) \(textContainer.map { layoutManager.usedRect(for: $0).height } ?? -1)")
  }
  func layoutManager(_ layoutManager: NSLayoutManager, textContainer: NSTextContainer, didChangeGeometryFrom oldSize: CGSize) {
    calls.append("geometry from \(oldSize.width)")
  }
}

extension TextKitTests {
  @Test func theLayoutManagersDelegateHearsLayoutCompleteAndBecomeInvalid() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    let recorder = LayoutRecorder()
    let layoutManager = textView.layoutManager
    layoutManager.delegate = recorder
    layoutManager.ensureLayout(for: textView.textContainer)
    #expect(recorder.calls == ["completed true 16.0"])
    layoutManager.ensureLayout(for: textView.textContainer)
    #expect(recorder.calls.count == 1, "told once until layout becomes invalid")
    textView.becomeFirstResponder()
    host.type("a")
    host.pressReturn()
    #expect(recorder.calls.suffix(4) == ["invalidated", "completed true 16.0", "invalidated", "completed true 32.0"])
    recorder.calls = []
    textView.textContainer.widthTracksTextView = false
    textView.textContainer.size = CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude)
    #expect(recorder.calls == ["invalidated", "geometry from 176.0"], "no longer tracking is a change of geometry too")
    // The optional-call syntax of iOS code.
    layoutManager.delegate?.layoutManagerDidInvalidateLayout?(layoutManager)
    layoutManager.delegate?.layoutManager?(layoutManager, didCompleteLayoutFor: nil, atEnd: false)
    #expect(recorder.calls.suffix(2) == ["invalidated", "completed false -1.0"])
  }
}

extension TextKitTests {
  @Test func aLongTextEditedByKeysAndThroughTheStorageStaysOneText() {
    let (host, textView) = makeTextKit()
    defer { withExtendedLifetime(host) {} }
    textView.text = String(repeating: "line of text 漢字 👩‍👩‍👧\n", count: 400)
    let storage = textView.textStorage
    let recorder = StorageRecorder()
    storage.delegate = recorder
    textView.becomeFirstResponder()
    var seed: UInt64 = 19
    func next(_ bound: Int) -> Int {
      // A fixed sequence (xorshift), so that a failure replays.
      seed ^= seed << 13
      seed ^= seed >> 7
      seed ^= seed << 17
      return Int(seed % UInt64(bound))
    }
    for step in 0..<60 {
      let length = (textView.text! as NSString).length
      let at = (textView.text! as NSString).rangeOfComposedCharacterSequence(at: next(length)).location
      if step % 3 == 0 {
        storage.replaceCharacters(in: NSRange(location: at, length: 0), with: "é")
        storage.addAttribute(.underlineStyle, value: 1, range: NSRange(location: at, length: 1))
      } else {
        textView.selectedRange = NSRange(location: at, length: 0)
        host.type(step % 2 == 0 ? "a" : "字")
      }
      #expect(storage.length == (textView.text! as NSString).length)
    }
    #expect(storage.string == textView.text)
    #expect(recorder.calls.count == 2 * 60 + 2 * 20, "every key and every storage edit processed once")
    #expect(storage.isEqual(to: textView.attributedText))
    // The lines are those of the same text set afresh.
    func fragments(_ view: UITextView) -> [NSRange] {
      var ranges: [NSRange] = []
      view.layoutManager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: view.layoutManager.numberOfGlyphs)) {
        _, _, _, range, _ in ranges.append(range)
      }
      return ranges
    }
    let fresh = UITextView(frame: textView.frame)
    fresh.attributedText = textView.attributedText
    let (freshHost, _) = makeTextKit(fresh)
    defer { withExtendedLifetime(freshHost) {} }
    #expect(fragments(fresh) == fragments(textView))
  }
}

extension TextKitTests {
  /// The way apps find the character tapped in a label: a TextKit stack of the label's text.
  @Test func aStackOfALabelsTextFindsTheTappedCharacter() {
    let controller = UIViewController()
    let host = HeadlessHost(rootViewController: controller, screenSize: CGSize(width: 320, height: 480), measuresTextInCells: true)
    defer { withExtendedLifetime(host) {} }
    let label = UILabel(frame: CGRect(x: 16, y: 48, width: 96, height: 64))
    label.numberOfLines = 0
    label.attributedText = NSAttributedString(string: "Tap the link below here", attributes: [.font: UIFont.systemFont(ofSize: 17)])
    controller.view.addSubview(label)
    let storage = NSTextStorage(attributedString: label.attributedText!)
    let layoutManager = NSLayoutManager()
    storage.addLayoutManager(layoutManager)
    let container = NSTextContainer(size: label.bounds.size)
    container.lineFragmentPadding = 0
    container.maximumNumberOfLines = label.numberOfLines
    container.lineBreakMode = label.lineBreakMode
    layoutManager.addTextContainer(container)
    let lines = drawnLines(host)
    #expect(lines.map { $0.string.trimmingCharacters(in: .whitespaces) } == ["Tap the link", "below here"])
    // A label centres its text vertically (as on iOS): the snippets apps use take that off.
    let used = layoutManager.usedRect(for: container)
    #expect(used.height == 32)
    let offset = (label.bounds.height - used.height) / 2
    let text = storage.string as NSString
    for line in lines {
      // The first letter drawn on the line, tapped in its middle.
      var point = label.convert(CGPoint(x: line.frame.minX + 4, y: line.frame.midY), from: nil)
      point.y -= offset
      let index = layoutManager.characterIndex(for: point, in: container, fractionOfDistanceBetweenInsertionPoints: nil)
      #expect(text.substring(from: index).hasPrefix(line.string), "\(line.string)")
    }
  }
}
