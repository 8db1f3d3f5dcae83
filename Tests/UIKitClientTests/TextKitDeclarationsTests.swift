// Apple's declarations of TextKit 1 as a text view exposes it (NSTextStorage, NSTextContainer,
// NSLayoutManager, UITextView's text container, layout manager and storage), used as iOS code
// and its libraries use them (Swift 5 mode, as an app's code is): each line must compile, and
// the assertions check that the calls reach real behaviour.
import UIKit
import UIKitTesting
import XCTest

/// A placeholder text view as libraries write one: text at the edges, a label over it while empty.
final class PlaceholderTextView: UITextView {
  let placeholderLabel = UILabel()

  override init(frame: CGRect, textContainer: NSTextContainer?) {
    super.init(frame: frame, textContainer: textContainer)
    textContainer?.lineFragmentPadding = 0
    self.textContainer.lineFragmentPadding = 0
    textContainerInset = .zero
    placeholderLabel.text = "Write something"
    addSubview(placeholderLabel)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

  /// The height the text needs, as growing text views compute it.
  var neededHeight: CGFloat {
    layoutManager.ensureLayout(for: textContainer)
    return layoutManager.usedRect(for: textContainer).height + textContainerInset.top + textContainerInset.bottom
  }
}

/// A storage delegate that colours "@" mentions, as highlighting libraries do.
final class MentionHighlighter: NSObject, NSTextStorageDelegate {
  var processed: [NSTextStorage.EditActions] = []
  func textStorage(
    _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange,
    changeInLength delta: Int
  ) {
    processed.append(editedMask)
    let text = textStorage.string as NSString
    let all = NSRange(location: 0, length: text.length)
    textStorage.removeAttribute(.foregroundColor, range: all)
    var search = all
    while true {
      let found = text.range(of: "@", options: [], range: search)
      if found.location == NSNotFound { break }
      let end = text.rangeOfCharacter(from: .whitespaces, options: [], range: NSRange(location: found.location, length: text.length - found.location))
      let length = (end.location == NSNotFound ? text.length : end.location) - found.location
      textStorage.addAttribute(.foregroundColor, value: UIColor.systemBlue, range: NSRange(location: found.location, length: length))
      let next = found.location + max(1, length)
      search = NSRange(location: next, length: text.length - next)
    }
  }
}

/// A layout manager delegate as growing text views write one: resize when layout completes.
final class GrowingLayoutDelegate: NSObject, NSLayoutManagerDelegate {
  var heights: [CGFloat] = []
  var invalidations = 0
  func layoutManager(_ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd layoutFinishedFlag: Bool) {
    guard let textContainer = textContainer, layoutFinishedFlag else { return }
    heights.append(layoutManager.usedRect(for: textContainer).height)
  }
  func layoutManagerDidInvalidateLayout(_ sender: NSLayoutManager) { invalidations += 1 }
  func layoutManager(_ layoutManager: NSLayoutManager, textContainer: NSTextContainer, didChangeGeometryFrom oldSize: CGSize) {}
}

/// The classic way iOS code spaces a text view's lines without touching its text.
final class LineSpacingLayoutDelegate: NSObject, NSLayoutManagerDelegate {
  func layoutManager(_ layoutManager: NSLayoutManager, lineSpacingAfterGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect)
    -> CGFloat
  {
    10
  }
  func layoutManager(
    _ layoutManager: NSLayoutManager, paragraphSpacingBeforeGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat {
    0
  }
  func layoutManager(
    _ layoutManager: NSLayoutManager, paragraphSpacingAfterGlyphAt glyphIndex: Int, withProposedLineFragmentRect rect: CGRect
  ) -> CGFloat {
    4
  }
  func layoutManager(
    _ layoutManager: NSLayoutManager, shouldSetLineFragmentRect lineFragmentRect: UnsafeMutablePointer<CGRect>,
    lineFragmentUsedRect: UnsafeMutablePointer<CGRect>, baselineOffset: UnsafeMutablePointer<CGFloat>,
    in textContainer: NSTextContainer, forGlyphRange glyphRange: NSRange
  ) -> Bool {
    false
  }
}

final class TextKitDeclarationsTests: XCTestCase {
  func testTextStorageDeclarations() {
    let storage: NSTextStorage = NSTextStorage(string: "Hello", attributes: [.font: UIFont.systemFont(ofSize: 14)])
    let _: NSTextStorage = NSTextStorage()
    let _: NSTextStorage = NSTextStorage(string: "plain")
    let _: NSTextStorage = NSTextStorage(attributedString: NSAttributedString(string: "copied"))
    let mutable: NSMutableAttributedString = storage
    XCTAssertEqual(mutable.length, 5)
    let managers: [NSLayoutManager] = storage.layoutManagers
    XCTAssertTrue(managers.isEmpty)
    let layoutManager = NSLayoutManager()
    storage.addLayoutManager(layoutManager)
    XCTAssertTrue(layoutManager.textStorage === storage)
    storage.removeLayoutManager(layoutManager)
    XCTAssertNil(layoutManager.textStorage)
    let highlighter = MentionHighlighter()
    storage.delegate = highlighter
    let _: NSTextStorageDelegate? = storage.delegate
    storage.beginEditing()
    storage.replaceCharacters(in: NSRange(location: 0, length: 5), with: "Hi @anna")
    storage.addAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, range: NSRange(location: 0, length: 2))
    let mask: NSTextStorage.EditActions = storage.editedMask
    XCTAssertEqual(mask, [.editedCharacters, .editedAttributes])
    let _: NSRange = storage.editedRange
    let _: Int = storage.changeInLength
    storage.endEditing()
    XCTAssertEqual(highlighter.processed, [[.editedCharacters, .editedAttributes]])
    XCTAssertEqual(storage.attribute(.foregroundColor, at: 4, effectiveRange: nil) as? UIColor, UIColor.systemBlue)
    storage.edited(.editedAttributes, range: NSRange(location: 0, length: 1), changeInLength: 0)
    storage.processEditing()
    let _: Bool = storage.fixesAttributesLazily
    storage.invalidateAttributes(in: NSRange(location: 0, length: 1))
    storage.ensureAttributesAreFixed(in: NSRange(location: 0, length: 1))
    let _: NSTextStorage.EditActions = .editedAttributes
    let _: NSTextStorageEditActions = .editedCharacters
    let _: Notification.Name = NSTextStorage.willProcessEditingNotification
    let _: Notification.Name = NSTextStorage.didProcessEditingNotification
    // The optional-call syntax of iOS code.
    storage.delegate?.textStorage?(storage, willProcessEditing: .editedCharacters, range: NSRange(location: 0, length: 0), changeInLength: 0)
    storage.delegate?.textStorage?(storage, didProcessEditing: .editedCharacters, range: NSRange(location: 0, length: 0), changeInLength: 0)
    // What NSMutableAttributedString offers works on a storage.
    storage.setAttributes([.font: UIFont.boldSystemFont(ofSize: 14)], range: NSRange(location: 0, length: 2))
    storage.addAttributes([.kern: 1], range: NSRange(location: 0, length: 2))
    storage.insert(NSAttributedString(string: ">"), at: 0)
    storage.append(NSAttributedString(string: "!"))
    storage.deleteCharacters(in: NSRange(location: 0, length: 1))
    XCTAssertEqual(storage.string, "Hi @anna!")
    XCTAssertEqual(storage.attributedSubstring(from: NSRange(location: 3, length: 5)).string, "@anna")
    storage.setAttributedString(NSAttributedString(string: "new"))
    XCTAssertEqual(storage.string, "new")
  }

  func testTextContainerDeclarations() {
    let container = NSTextContainer(size: CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
    let _: NSTextContainer = NSTextContainer()
    let _: CGSize = container.size
    container.size = CGSize(width: 100, height: 100)
    container.lineFragmentPadding = 0
    container.maximumNumberOfLines = 3
    container.lineBreakMode = .byTruncatingTail
    container.exclusionPaths = [UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20))]
    container.widthTracksTextView = true
    container.heightTracksTextView = false
    let _: NSLayoutManager? = container.layoutManager
    let _: Bool = container.isSimpleRectangularTextContainer
    var remaining = CGRect.zero
    let fragment: CGRect = container.lineFragmentRect(
      forProposedRect: CGRect(x: 0, y: 0, width: 100, height: 16), at: 0, writingDirection: .natural, remaining: &remaining)
    XCTAssertEqual(fragment.minX, 20)
    // The container holds its layout manager weakly (unowned on iOS): the caller keeps it.
    let layoutManager = NSLayoutManager()
    container.replaceLayoutManager(layoutManager)
    XCTAssertTrue(container.layoutManager === layoutManager)
  }

  func testLayoutManagerDeclarations() {
    // Added with the truncation and line-height calls.
    let probe = NSLayoutManager()
    let _: NSRange = probe.truncatedGlyphRange(inLineFragmentForGlyphAt: 0)
    let _: CGFloat = probe.defaultLineHeight(for: UIFont.systemFont(ofSize: 12))
    let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    textView.text = "Hello\nworld"
    let layoutManager: NSLayoutManager = textView.layoutManager
    let container: NSTextContainer = textView.textContainer
    let storage: NSTextStorage = textView.textStorage
    XCTAssertTrue(layoutManager.textStorage === storage)
    XCTAssertTrue(layoutManager.textContainers.first === container)
    layoutManager.usesFontLeading = false
    layoutManager.allowsNonContiguousLayout = true
    let _: Bool = layoutManager.hasNonContiguousLayout
    layoutManager.showsInvisibleCharacters = false
    layoutManager.showsControlCharacters = false
    layoutManager.ensureLayout(for: container)
    layoutManager.ensureLayout(forCharacterRange: NSRange(location: 0, length: 5))
    layoutManager.ensureLayout(forGlyphRange: NSRange(location: 0, length: 5))
    layoutManager.ensureLayout(forBoundingRect: textView.bounds, in: container)
    layoutManager.ensureGlyphs(forCharacterRange: NSRange(location: 0, length: 5))
    layoutManager.ensureGlyphs(forGlyphRange: NSRange(location: 0, length: 5))
    XCTAssertEqual(layoutManager.numberOfGlyphs, 11)
    XCTAssertTrue(layoutManager.isValidGlyphIndex(10))
    let glyphs: NSRange = layoutManager.glyphRange(for: container)
    XCTAssertEqual(glyphs, NSRange(location: 0, length: 11))
    var actual = NSRange()
    let _: NSRange = layoutManager.glyphRange(forCharacterRange: NSRange(location: 6, length: 5), actualCharacterRange: &actual)
    let _: NSRange = layoutManager.glyphRange(forCharacterRange: NSRange(location: 6, length: 5), actualCharacterRange: nil)
    let _: NSRange = layoutManager.characterRange(forGlyphRange: NSRange(location: 6, length: 5), actualGlyphRange: nil)
    let _: Int = layoutManager.glyphIndexForCharacter(at: 3)
    let _: Int = layoutManager.characterIndexForGlyph(at: 3)
    let bounding: CGRect = layoutManager.boundingRect(forGlyphRange: NSRange(location: 6, length: 5), in: container)
    let lineRect: CGRect = layoutManager.lineFragmentRect(forGlyphAt: 6, effectiveRange: &actual)
    XCTAssertEqual(actual, NSRange(location: 6, length: 5))
    XCTAssertEqual(bounding.minY, lineRect.minY)
    let _: CGRect = layoutManager.lineFragmentRect(forGlyphAt: 6, effectiveRange: nil, withoutAdditionalLayout: true)
    let _: CGRect = layoutManager.lineFragmentUsedRect(forGlyphAt: 6, effectiveRange: nil)
    let _: CGRect = layoutManager.lineFragmentUsedRect(forGlyphAt: 6, effectiveRange: nil, withoutAdditionalLayout: true)
    let used: CGRect = layoutManager.usedRect(for: container)
    XCTAssertEqual(used.height, lineRect.maxY)
    let _: CGRect = layoutManager.extraLineFragmentRect
    let _: CGRect = layoutManager.extraLineFragmentUsedRect
    let _: NSTextContainer? = layoutManager.extraLineFragmentTextContainer
    let _: NSTextContainer? = layoutManager.textContainer(forGlyphAt: 0, effectiveRange: nil)
    let _: NSTextContainer? = layoutManager.textContainer(forGlyphAt: 0, effectiveRange: nil, withoutAdditionalLayout: true)
    var fraction: CGFloat = 0
    let index: Int = layoutManager.characterIndex(
      for: CGPoint(x: lineRect.minX + 6, y: lineRect.midY), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction)
    XCTAssertEqual(index, 6)
    let _: Int = layoutManager.characterIndex(for: .zero, in: container, fractionOfDistanceBetweenInsertionPoints: nil)
    let _: Int = layoutManager.glyphIndex(for: .zero, in: container)
    let _: Int = layoutManager.glyphIndex(for: .zero, in: container, fractionOfDistanceThroughGlyph: nil)
    let _: CGFloat = layoutManager.fractionOfDistanceThroughGlyph(for: .zero, in: container)
    let _: CGPoint = layoutManager.location(forGlyphAt: 0)
    let _: NSRange = layoutManager.glyphRange(forBoundingRect: textView.bounds, in: container)
    let _: NSRange = layoutManager.glyphRange(forBoundingRectWithoutAdditionalLayout: textView.bounds, in: container)
    var lines = 0
    layoutManager.enumerateLineFragments(forGlyphRange: glyphs) { rect, usedRect, textContainer, glyphRange, stop in
      lines += 1
    }
    XCTAssertEqual(lines, 2)
    var rects = 0
    layoutManager.enumerateEnclosingRects(
      forGlyphRange: glyphs, withinSelectedGlyphRange: NSRange(location: NSNotFound, length: 0), in: container
    ) { rect, stop in
      rects += 1
    }
    XCTAssertEqual(rects, 2)
    layoutManager.invalidateLayout(forCharacterRange: NSRange(location: 0, length: 5), actualCharacterRange: nil)
    layoutManager.invalidateGlyphs(forCharacterRange: NSRange(location: 0, length: 5), changeInLength: 0, actualCharacterRange: nil)
    layoutManager.invalidateDisplay(forCharacterRange: NSRange(location: 0, length: 5))
    layoutManager.invalidateDisplay(forGlyphRange: NSRange(location: 0, length: 5))
    layoutManager.textContainerChangedGeometry(container)
    layoutManager.processEditing(
      for: storage, edited: .editedAttributes, range: NSRange(location: 0, length: 1), changeInLength: 0,
      invalidatedRange: NSRange(location: 0, length: 1))
    let growing = GrowingLayoutDelegate()
    layoutManager.delegate = growing
    let _: NSLayoutManagerDelegate? = layoutManager.delegate
    layoutManager.ensureLayout(for: container)
    storage.replaceCharacters(in: NSRange(location: 11, length: 0), with: "\nthird")
    XCTAssertEqual(growing.heights.count, 2)
    XCTAssertGreaterThan(growing.heights[1], growing.heights[0])
    XCTAssertEqual(growing.invalidations, 1)
    layoutManager.delegate?.layoutManagerDidInvalidateLayout?(layoutManager)
    layoutManager.delegate?.layoutManager?(layoutManager, didCompleteLayoutFor: container, atEnd: true)
    layoutManager.delegate?.layoutManager?(layoutManager, textContainer: container, didChangeGeometryFrom: .zero)
    let spacing = LineSpacingLayoutDelegate()
    layoutManager.delegate = spacing
    let lineSpacing: CGFloat? = layoutManager.delegate?.layoutManager?(
      layoutManager, lineSpacingAfterGlyphAt: 0, withProposedLineFragmentRect: .zero)
    XCTAssertEqual(lineSpacing, 10)
    let _: CGFloat? = layoutManager.delegate?.layoutManager?(
      layoutManager, paragraphSpacingBeforeGlyphAt: 0, withProposedLineFragmentRect: .zero)
    let _: CGFloat? = layoutManager.delegate?.layoutManager?(
      layoutManager, paragraphSpacingAfterGlyphAt: 0, withProposedLineFragmentRect: .zero)
    var fragmentRect = CGRect.zero
    var usedRect = CGRect.zero
    var baseline: CGFloat = 0
    let setsRect: Bool? = layoutManager.delegate?.layoutManager?(
      layoutManager, shouldSetLineFragmentRect: &fragmentRect, lineFragmentUsedRect: &usedRect, baselineOffset: &baseline,
      in: container, forGlyphRange: NSRange(location: 0, length: 1))
    XCTAssertEqual(setsRect, false)
    let other = NSLayoutManager()
    other.addTextContainer(NSTextContainer(size: .zero))
    other.insertTextContainer(NSTextContainer(size: .zero), at: 0)
    other.removeTextContainer(at: 0)
    // The storage owns its layout managers, not the reverse: the caller keeps it.
    let replacement = NSTextStorage(string: "x")
    other.replaceTextStorage(replacement)
    XCTAssertEqual(other.textStorage?.string, "x")
  }

  func testTextViewsTextKitAsLibrariesUseIt() {
    let host = HeadlessHost(rootViewController: UIViewController(), screenSize: CGSize(width: 320, height: 480))
    let textView = PlaceholderTextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), textContainer: nil)
    host.window.rootViewController?.view.addSubview(textView)
    let empty = textView.neededHeight
    XCTAssertEqual(textView.caretRect(for: textView.beginningOfDocument).minX, 0)
    textView.text = "line one\nline two\nline three"
    XCTAssertEqual(textView.neededHeight, 3 * empty, accuracy: 0.001)
    // Highlighting through the storage, as mention and hashtag libraries do.
    let highlighter = MentionHighlighter()
    textView.textStorage.delegate = highlighter
    textView.becomeFirstResponder()
    textView.selectedRange = NSRange(location: (textView.text as NSString).length, length: 0)
    host.type(" @bob")
    let at = (textView.text as NSString).range(of: "@bob")
    XCTAssertEqual(textView.attributedText.attribute(.foregroundColor, at: at.location, effectiveRange: nil) as? UIColor, UIColor.systemBlue)
    textView.textStorage.replaceCharacters(in: NSRange(location: 0, length: 4), with: "LINE")
    XCTAssertTrue(textView.text.hasPrefix("LINE one"))
    // A text view built on a stack of the client's own.
    let storage = NSTextStorage(string: "shared")
    let layoutManager = NSLayoutManager()
    storage.addLayoutManager(layoutManager)
    let container = NSTextContainer(size: CGSize(width: 150, height: CGFloat.greatestFiniteMagnitude))
    container.widthTracksTextView = true
    layoutManager.addTextContainer(container)
    let own = UITextView(frame: CGRect(x: 0, y: 0, width: 150, height: 60), textContainer: container)
    XCTAssertEqual(own.text, "shared")
    XCTAssertTrue(own.textStorage === storage)
    withExtendedLifetime(host) {}
  }
}
