import Foundation
import TextEditing

// A content manager backed by a text storage: its elements are the storage's paragraphs (a
// paragraph's separator belongs to it; an empty last paragraph after a final line break is not
// an element: layout shows it as the extra line fragment). Its locations are UTF-16 offsets.
//
// The paragraphs are made when asked for (enumeration, layout) and kept until the storage
// changes: a keystroke drops them (constant time) and nothing is made again until something
// enumerates. In a text view the storage is the view's text (no copy); its paragraphs are read
// from the view's text engine.

/// The content manager of TextKit 2 whose document is an attributed string (a text storage).
@preconcurrency @MainActor
open class NSTextContentStorage: NSTextContentManager, @preconcurrency NSTextStorageObserving {
  /// The paragraphs made since the storage last changed, by their start.
  private var _paragraphs: [Int: _Paragraph] = [:]

  /// A paragraph made: its element and the locations of its range (moved in place by edits
  /// before it).
  private struct _Paragraph {
    let element: NSTextElement
    let start: _TextLocation
    let end: _TextLocation
  }
  /// The storage's characters, read once per change (the view's engine text, or a copy).
  private var _text: TextBuffer?

  /// A content storage with a new, empty text storage.
  public override init() {
    super.init()
    _observe(NSTextStorage())
  }

  /// A content storage with a new, empty text storage (nothing here is archived).
  public required init?(coder: NSCoder) {
    super.init(coder: coder)
    _observe(NSTextStorage())
  }

  /// Takes `storage` as the text storage (`didSet` does not run in an initializer).
  private func _observe(_ storage: NSTextStorage) {
    textStorage = storage
    storage.textStorageObserver = self
  }

  // MARK: The text storage

  /// The text storage whose text this is (the storage's observer becomes this object).
  open var textStorage: NSTextStorage? {
    didSet {
      guard oldValue !== textStorage else { return }
      if let oldValue, oldValue.textStorageObserver === self { oldValue.textStorageObserver = nil }
      textStorage?.textStorageObserver = self
      _storageChanged()
    }
  }

  /// The document: the text storage. Setting it replaces the storage's contents.
  open var attributedString: NSAttributedString? {
    get { textStorage }
    set {
      guard let storage = textStorage else { return }
      storage.setAttributedString(newValue ?? NSAttributedString(string: ""))
    }
  }

  /// The storage processed edits: the paragraphs the edit touched are made again when next
  /// asked for (and their fragments laid out again); the others keep their elements, moved.
  open func processEditing(
    for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions, range newCharRange: NSRange,
    changeInLength delta: Int, invalidatedRange invalidatedCharRange: NSRange
  ) {
    guard textStorage === self.textStorage else { return }
    guard newCharRange.location != NSNotFound, newCharRange.length >= 0 else {
      _storageChanged()
      return
    }
    _text = nil
    let newLength = textStorage.length
    let edited = newCharRange.location..<(newCharRange.location + newCharRange.length)
    // The edit's range in the text before it.
    let old = edited.lowerBound..<max(edited.lowerBound, edited.upperBound - delta)
    let oldLength = newLength - delta
    var replaced: [NSTextElement] = []
    var kept: [Int: _Paragraph] = [:]
    kept.reserveCapacity(_paragraphs.count)
    for (start, paragraph) in _paragraphs {
      let range = paragraph.start.offset..<max(paragraph.start.offset, paragraph.end.offset)
      // A paragraph the edit overlaps or inserts into changes; so does a last paragraph
      // without a separator that text is added after.
      let touched =
        range.overlaps(old) || range.contains(old.lowerBound)
        || (old.lowerBound == range.upperBound && range.upperBound == oldLength && !_endsWithSeparator(paragraph.element))
        // Text removed up to its start took the separator before it: it joins that paragraph.
        || (!old.isEmpty && range.lowerBound == old.upperBound)
      if touched {
        replaced.append(paragraph.element)
      } else if start >= old.upperBound, delta != 0 {
        // Moved in place: the element's range (and the fragments' that follow it) stay the
        // same objects.
        paragraph.start.offset += delta
        if paragraph.end !== paragraph.start { paragraph.end.offset += delta }
        kept[start + delta] = paragraph
      } else {
        kept[start] = paragraph
      }
    }
    _paragraphs = kept
    for manager in textLayoutManagers { manager._textEdited(old, newLength: edited.count, oldLength: oldLength) }
    _contentChanged(replacing: replaced)
  }

  /// Whether `element` (a paragraph of this storage, its range still the one before an edit
  /// at its end) ends with a paragraph separator: the text before the edit is unchanged.
  private func _endsWithSeparator(_ element: NSTextElement) -> Bool {
    ((element as? NSTextParagraph)?._separatorLength ?? 0) > 0
  }

  /// Runs `transaction` (which edits `textStorage`) as one editing transaction.
  open func performEditingTransaction(for textStorage: NSTextStorage, using transaction: () -> Void) {
    performEditingTransaction(transaction)
  }

  private func _storageChanged() {
    _paragraphs.removeAll(keepingCapacity: true)
    _text = nil
    _contentChanged()
  }

  /// The storage's characters.
  var _textBuffer: TextBuffer {
    if let text = _text { return text }
    let text = textStorage?._textBuffer ?? TextBuffer()
    _text = text
    return text
  }

  // MARK: Elements and strings

  /// The storage's attributed string of `textElement` (a paragraph's text).
  open func attributedString(for textElement: NSTextElement) -> NSAttributedString? {
    (textElement as? NSTextParagraph)?.attributedString
  }

  /// A paragraph element of `attributedString`.
  open func textElement(for attributedString: NSAttributedString) -> NSTextElement? {
    NSTextParagraph(attributedString: attributedString)
  }

  open override var documentRange: NSTextRange {
    NSTextRange(_offsets: 0..<(textStorage?.length ?? 0))
  }

  /// The paragraph holding UTF-16 offset `offset` (less than the length): its range, its
  /// separator included.
  func _paragraphRange(containing offset: Int) -> Range<Int> {
    let text = _textBuffer
    let start = text.lineStart(containing: offset)
    var end = text.lineEnd(containing: offset)
    if end < text.utf16Count { end += text[utf16: end] == 0x0D ? 2 : 1 }
    return start..<min(end, text.utf16Count)
  }

  /// The element of the paragraph starting at `range.lowerBound`: the delegate's or a paragraph
  /// of the storage's text.
  func _element(for range: Range<Int>) -> NSTextElement {
    if let paragraph = _paragraphs[range.lowerBound] { return paragraph.element }
    let nsRange = UTF16Conversion.nsRange(range)
    let element: NSTextElement =
      delegate?.textContentManager(self, textElementAt: _TextLocation(range.lowerBound))
      ?? (delegate as? any NSTextContentStorageDelegate)?.textContentStorage(self, textParagraphWith: nsRange)
      ?? NSTextParagraph(_paragraphOf: self)
    // The storage places the element: its range is the paragraph's (as iOS sets it).
    let start = _TextLocation(range.lowerBound)
    let end = _TextLocation(range.upperBound)
    element.elementRange = NSTextRange(location: start, end: end)
    if element.textContentManager == nil { element.textContentManager = self }
    _paragraphs[range.lowerBound] = _Paragraph(element: element, start: start, end: end)
    return element
  }

  @discardableResult
  open override func enumerateTextElements(
    from textLocation: (any NSTextLocation)?, options: NSTextContentManager.EnumerationOptions = [],
    using block: (NSTextElement) -> Bool
  ) -> (any NSTextLocation)? {
    let length = _textBuffer.utf16Count
    let reverse = options.contains(.reverse)
    var offset = textLocation?._offset ?? (reverse ? length : 0)
    offset = min(max(0, offset), length)
    guard length > 0 else { return textLocation }
    if reverse {
      // Backward from the element before the location (the one holding its previous unit).
      var position = offset - 1
      var reached: Int = offset
      while position >= 0 {
        let range = _paragraphRange(containing: position)
        let element = _element(for: range)
        reached = range.lowerBound
        if _shouldEnumerate(element, options), !block(element) { break }
        position = range.lowerBound - 1
      }
      return _TextLocation(reached)
    }
    guard offset < length else { return _TextLocation(length) }
    var position = offset
    var reached = offset
    while position < length {
      // After the first, each paragraph starts where the one before ended: one made already
      // knows its end (finding a paragraph's ends in the text costs more than the rest).
      let range = _paragraphs[position].map { $0.start.offset..<max($0.start.offset, $0.end.offset) }
        ?? _paragraphRange(containing: position)
      let element = _element(for: range)
      reached = range.upperBound
      if _shouldEnumerate(element, options), !block(element) { break }
      position = range.upperBound
    }
    return _TextLocation(reached)
  }

  private func _shouldEnumerate(_ element: NSTextElement, _ options: NSTextContentManager.EnumerationOptions) -> Bool {
    delegate?.textContentManager(self, shouldEnumerate: element, options: options) ?? true
  }

  /// Replaces the text of `range` with the elements' text (paragraphs' attributed strings, one
  /// after another; nothing when nil), through the text storage.
  open override func replaceContents(in range: NSTextRange, with textElements: [NSTextElement]?) {
    guard let storage = textStorage, let offsets = range._offsets, offsets.upperBound <= storage.length else { return }
    let replacement = NSMutableAttributedString(string: "")
    for element in textElements ?? [] {
      if let string = attributedString(for: element) { replacement.append(string) }
    }
    performEditingTransaction {
      storage.replaceCharacters(in: UTF16Conversion.nsRange(offsets), with: replacement)
    }
  }

  /// `textRange` widened to whole grapheme clusters, or nil when its ends are on cluster
  /// boundaries already (or outside the document).
  open override func adjustedRange(from textRange: NSTextRange, forEditingTextSelection: Bool) -> NSTextRange? {
    guard let offsets = textRange._offsets else { return nil }
    let text = _textBuffer
    guard offsets.upperBound <= text.utf16Count else { return nil }
    let start = text.clusterBoundary(roundingDown: offsets.lowerBound)
    let end = text.clusterBoundary(roundingUp: offsets.upperBound)
    guard start != offsets.lowerBound || end != offsets.upperBound else { return nil }
    return NSTextRange(_offsets: start..<max(start, end))
  }
}
