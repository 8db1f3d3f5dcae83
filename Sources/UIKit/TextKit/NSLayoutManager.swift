import Foundation
import TextEditing

// TextKit 1's layout manager, answered from the text view's own line layout (TextViewLayout), so
// that a rectangle it gives covers what the view draws: there is one layout, not a second one
// kept beside it. Without a text view (a stack built to measure text) it lays the storage out
// itself, with the same line breaking, in the storage's first font and the screen's measurer.
//
// Glyphs: nothing here shapes text, so there is one glyph per UTF-16 unit of the text (TextKit 1
// also keeps that count for surrogate pairs and ligatures, padding with null glyphs), and a glyph
// index is a character index. Geometry is in the text container's coordinates: its origin is the
// container's top left, which in a text view is `textContainerInset` from the content's.

/// What a layout manager reads of a laid-out text: its lines and where characters are on them.
@MainActor
protocol _TextKitLayout {
  /// The UTF-16 length of the text laid out.
  var _tkLength: Int { get }
  /// How many lines the container holds (its `maximumNumberOfLines` at most).
  var _tkLineCount: Int { get }
  /// The UTF-16 range of line `index`, its line break included.
  func _tkLineRange(_ index: Int) -> Range<Int>
  /// The line holding the character at `offset`.
  func _tkLineIndex(containing offset: Int) -> Int
  /// The natural height of a line (its font's).
  var _tkLineHeight: CGFloat { get }
  /// Line `index`'s place down the container (container coordinates).
  func _tkLineBox(_ index: Int) -> TextViewLayout.LineBox
  /// The line at `y` (container coordinates): -1 above the first, the line count below the
  /// last; the first line of its row when a path splits the row.
  func _tkLine(atY y: CGFloat) -> Int
  /// The line of the row holding line `index` nearest `x` (container coordinates).
  func _tkLine(inRowOf index: Int, nearestX x: CGFloat) -> Int
  /// The last line of the row holding line `index`.
  func _tkRowEnd(ofLine index: Int) -> Int
  /// The container's width (lines are as wide unless exclusion paths shorten them).
  var _tkContainerWidth: CGFloat { get }
  /// The line's characters as drawn: each one's range and its left edge and width (container
  /// coordinates), in visual order; the line break left out.
  func _tkCharacters(onLine index: Int) -> [(range: Range<Int>, left: CGFloat, width: CGFloat)]
  /// Where the line's text starts when it has no character (container coordinates).
  func _tkTextStart(onLine index: Int) -> CGFloat
  /// The line's fragment across the container (its left edge and width, container
  /// coordinates): the whole width, or what exclusion paths leave; nil for a line they skip.
  func _tkFragment(onLine index: Int) -> (x: CGFloat, width: CGFloat)?
}

extension _TextKitLayout {
  /// Line `line`'s fragment: the container's width, or the part that exclusion paths leave the
  /// line, a line tall (container coordinates).
  func _tkFragmentRect(_ line: Int) -> CGRect {
    let fragment = _tkFragment(onLine: line) ?? (0, 0)
    let box = _tkLineBox(line)
    return CGRect(x: fragment.x, y: box.top, width: fragment.width, height: box.height)
  }

  /// The part of line `line` its text uses, `padding` at both ends included.
  func _tkUsedRect(_ line: Int, padding: CGFloat) -> CGRect {
    let characters = _tkCharacters(onLine: line)
    let fragment = _tkFragment(onLine: line) ?? (0, 0)
    let left = max(fragment.x, (characters.map(\.left).min() ?? _tkTextStart(onLine: line)) - padding)
    // Spaces that hang past the line's end are not part of what it uses.
    let right = min(
      (characters.map { $0.left + $0.width }.max() ?? _tkTextStart(onLine: line)) + padding, fragment.x + fragment.width)
    let box = _tkLineBox(line)
    return CGRect(x: left, y: box.usedTop, width: max(0, right - left), height: box.usedHeight)
  }

  /// Whether the last line is the empty one after a final line break (or of an empty text).
  var _tkHasExtraLine: Bool {
    let last = _tkLineCount - 1
    return last >= 0 && _tkLineRange(last).isEmpty && _tkLineRange(last).lowerBound == _tkLength
  }

  /// Where the characters of `range` on line `line` are drawn (container coordinates): from
  /// the leftmost one's left edge to the rightmost one's right; nil when none of them is on it.
  func _tkSpan(of range: Range<Int>, onLine line: Int) -> (left: CGFloat, right: CGFloat)? {
    guard !range.isEmpty else { return nil }
    var left = CGFloat.infinity
    var right = -CGFloat.infinity
    for character in _tkCharacters(onLine: line) where character.range.overlaps(range) {
      left = min(left, character.left)
      right = max(right, character.left + character.width)
    }
    return left.isFinite ? (left, right) : nil
  }

  /// A rectangle per line over the characters of `range` drawn on it: their span, the line's
  /// used height (container coordinates); lines holding none of them are left out. What
  /// backgrounds and highlights fill.
  func _tkSpanRects(of range: Range<Int>) -> [CGRect] {
    let last = _tkLineCount - 1
    guard last >= 0, !range.isEmpty else { return [] }
    var rects: [CGRect] = []
    var line = min(_tkLineIndex(containing: range.lowerBound), last)
    while line <= last, _tkLineRange(line).lowerBound < range.upperBound {
      if let span = _tkSpan(of: range, onLine: line) {
        let box = _tkLineBox(line)
        rects.append(CGRect(x: span.left, y: box.usedTop, width: span.right - span.left, height: box.usedHeight))
      }
      line += 1
    }
    return rects
  }

  /// Where the caret before `offset` goes on `line` (container coordinates).
  func _tkCaretX(_ offset: Int, line: Int) -> CGFloat {
    let characters = _tkCharacters(onLine: line)
    if let at = characters.first(where: { $0.range.lowerBound == offset }) { return at.left }
    if let before = characters.first(where: { $0.range.upperBound == offset }) { return before.left + before.width }
    return characters.last.map { $0.left + $0.width } ?? _tkTextStart(onLine: line)
  }

  /// The characters of `string` (starting at UTF-16 offset `offset`) laid side by side from
  /// `x`, in logical order: what ``_tkCharacters(onLine:)`` answers for a line drawn so.
  func _tkCharacters(
    of string: some StringProtocol, from offset: Int, at x: CGFloat, measure: TextViewLayout.Measure
  ) -> [(range: Range<Int>, left: CGFloat, width: CGFloat)] {
    var x = x
    var offset = offset
    var result: [(range: Range<Int>, left: CGFloat, width: CGFloat)] = []
    // An ASCII letter is measured once per line (`measure` goes through the font's cache,
    // which costs more than this table).
    var asciiWidths = [CGFloat](repeating: -1, count: 128)
    for character in string {
      let n = character.utf16.count
      let w: CGFloat
      let utf8 = character.utf8
      if utf8.count == 1, let byte = utf8.first, byte < 0x80 {
        if asciiWidths[Int(byte)] < 0 { asciiWidths[Int(byte)] = measure(character) }
        w = asciiWidths[Int(byte)]
      } else {
        w = measure(character)
      }
      result.append((offset..<(offset + n), x, w))
      x += w
      offset += n
    }
    return result
  }
}

/// The character of a line's `characters` (as ``_TextKitLayout/_tkCharacters(onLine:)`` gives
/// them) drawn at `x`, or the nearest one at the line's ends, and how far across it `x` is
/// (not clamped); nil for a line without characters. TextKit 1's and TextKit 2's hit testing.
func _characterHit(
  atX x: CGFloat, in characters: [(range: Range<Int>, left: CGFloat, width: CGFloat)]
) -> (character: (range: Range<Int>, left: CGFloat, width: CGFloat), fraction: CGFloat)? {
  guard let leftmost = characters.min(by: { $0.left < $1.left }), let rightmost = characters.max(by: { $0.left < $1.left }) else {
    return nil
  }
  let hit = characters.first { x >= $0.left && x < $0.left + $0.width } ?? (x < leftmost.left ? leftmost : rightmost)
  return (hit, hit.width > 0 ? (x - hit.left) / hit.width : 0)
}

/// Lays text out in text containers and answers where it is: TextKit 1's layout manager.
@preconcurrency @MainActor
open class NSLayoutManager: NSObject {
  private var _textContainers: [NSTextContainer] = []
  private var _standalone: _StandaloneTextLayout?
  /// Set while a text view draws its text through this layout manager: the view draws the
  /// glyphs itself (with its caret and selection), so `drawGlyphs` adds only what an override
  /// draws around them, and the default decoration methods leave their ranges here for the view.
  var _viewDrawing: _ViewGlyphDrawing?
  /// Where the default `drawUnderline`/`drawStrikethrough` put what they draw while
  /// `drawGlyphs` runs (NSLayoutManager+Drawing.swift).
  var _decorationTarget: _DecorationTarget?

  public override init() {
    super.init()
  }

  /// A layout manager with no containers: nothing here is archived (there are no nibs).
  public required init?(coder: NSCoder) {
    super.init()
  }

  // MARK: Text storage and containers

  /// The storage whose text is laid out (set by the storage's `addLayoutManager(_:)`).
  open internal(set) weak var textStorage: NSTextStorage?

  /// Moves every layout manager of the current storage to `newTextStorage` (a text view shows
  /// the new storage's text from then on).
  open func replaceTextStorage(_ newTextStorage: NSTextStorage) {
    guard let old = textStorage, old !== newTextStorage else {
      if textStorage == nil { newTextStorage.addLayoutManager(self) }
      return
    }
    for manager in old._allLayoutManagers {
      old.removeLayoutManager(manager)
      newTextStorage.addLayoutManager(manager)
    }
  }

  func _storageDidAdd(_ storage: NSTextStorage) {
    if let old = textStorage, old !== storage { old.removeLayoutManager(self) }
    textStorage = storage
    _standalone = nil
    for container in _textContainers { container._textView?._adopt(storage) }
  }

  func _storageDidRemove(_ storage: NSTextStorage) {
    guard textStorage === storage else { return }
    textStorage = nil
    _standalone = nil
    for container in _textContainers { container._textView?._releaseStorage(storage) }
  }

  /// The containers, in the order text flows through them (a text view's is the only one).
  open var textContainers: [NSTextContainer] { _textContainers }

  /// Whether this is the layout manager a TextKit 2 text view keeps out of sight.
  var _isHiddenByTextKit2: Bool { _textContainers.first?._textView?._usesTextKit2 == true }

  /// The first container's line fragment padding.
  private var _padding: CGFloat { _textContainers.first?.lineFragmentPadding ?? 0 }

  /// Adds a container at the end.
  open func addTextContainer(_ container: NSTextContainer) {
    insertTextContainer(container, at: _textContainers.count)
  }

  /// Inserts a container at `index`; it then belongs to this layout manager.
  open func insertTextContainer(_ container: NSTextContainer, at index: Int) {
    if let other = container._layoutManager, other !== self,
      let at = other.textContainers.firstIndex(where: { $0 === container })
    {
      other.removeTextContainer(at: at)
    }
    _textContainers.insert(container, at: index)
    container._layoutManager = self
    _standalone = nil
  }

  /// Removes the container at `index`.
  open func removeTextContainer(at index: Int) {
    let container = _textContainers.remove(at: index)
    if container._layoutManager === self { container._layoutManager = nil }
    _standalone = nil
  }

  /// The container's size, padding or line limit changed: its text is laid out again.
  open func textContainerChangedGeometry(_ container: NSTextContainer) {
    _standalone = nil
    _layoutInvalidated()
    if let view = container._textView {
      view._layout = nil
      view.invalidateIntrinsicContentSize()
      view.setNeedsLayout()
      view.setNeedsDisplay()
    }
  }

  // MARK: Delegate

  /// The delegate, held weakly: told when layout completes and when it becomes invalid, and
  /// asked for the spacing around each line.
  open weak var delegate: (any NSLayoutManagerDelegate)? {
    didSet {
      // The lines are laid out again, with the new delegate's spacing.
      _standalone = nil
      for container in _textContainers { container._textView?._paragraphStylesDidChange() }
    }
  }

  /// The paragraph style of the glyph at `glyphIndex` (of its character), nil without one.
  func _paragraphStyle(atGlyph glyphIndex: Int) -> NSParagraphStyle? {
    guard let storage = textStorage, storage.length > 0 else { return nil }
    return storage.attribute(.paragraphStyle, at: min(max(0, glyphIndex), storage.length - 1), effectiveRange: nil) as? NSParagraphStyle
  }

  /// Asks the delegate whether the line of `range` (laid out in `fragment`, stacked in `box`,
  /// container coordinates) takes other rectangles, and takes them: its height, where its text
  /// is and where its glyphs sit (`ascent` below their top is the baseline; `natural` tall).
  func _askLineFragment(
    _ box: inout TextViewLayout.LineBox, range: Range<Int>, fragment: TextViewLayout.Fragment, ascent: CGFloat, natural: CGFloat
  ) {
    guard let delegate, let container = _textContainers.first else { return }
    let outer = fragment.outer ?? TextViewLayout.Span(x: fragment.x, width: fragment.width)
    var rect = CGRect(x: outer.x, y: box.top, width: outer.width, height: box.height)
    var used = CGRect(x: fragment.x, y: box.usedTop, width: fragment.width, height: box.usedHeight)
    var baseline = box.textTop - box.top + ascent
    guard delegate.layoutManager(
      self, shouldSetLineFragmentRect: &rect, lineFragmentUsedRect: &used, baselineOffset: &baseline, in: container,
      forGlyphRange: UTF16Conversion.nsRange(range))
    else { return }
    // Rectangles no line could have (not finite, negative or taller than any screen) are not taken.
    guard [rect.height, used.minY, used.height, baseline].allSatisfy(TextViewLayout.isLineMetric), rect.height >= 0, used.height >= 0
    else { return }
    let top = box.top
    let textTop = top + max(0, baseline - ascent)
    box = TextViewLayout.LineBox(
      top: top, height: rect.height, usedTop: max(top, used.minY), usedHeight: used.height, textTop: textTop,
      textBottom: textTop + natural)
  }

  /// Asks the delegate for the spacing around the line of `range` (a line laid out in
  /// `fragment`, its rectangle `rect`), when there is a delegate: what a text view's and a
  /// standalone layout's stacking take instead of the paragraph style's.
  func _askSpacing(
    _ fragment: inout TextViewLayout.Fragment, range: Range<Int>, rect: CGRect, startsParagraph: Bool, endsParagraph: Bool,
    startsText: Bool
  ) {
    guard let delegate, !range.isEmpty else { return }
    fragment.lineSpacing = TextViewLayout.lineMetric(
      delegate.layoutManager(self, lineSpacingAfterGlyphAt: range.upperBound - 1, withProposedLineFragmentRect: rect))
    if startsParagraph, !startsText {
      fragment.spaceBefore = TextViewLayout.lineMetric(
        delegate.layoutManager(self, paragraphSpacingBeforeGlyphAt: range.lowerBound, withProposedLineFragmentRect: rect))
    }
    if endsParagraph {
      fragment.paragraphSpacing = TextViewLayout.lineMetric(
        delegate.layoutManager(self, paragraphSpacingAfterGlyphAt: range.upperBound - 1, withProposedLineFragmentRect: rect))
    }
  }
  /// Whether the delegate was told that layout completed (and not since that it became invalid).
  private var _toldComplete = false

  /// Layout became invalid: the delegate hears it if it heard that layout was complete.
  private func _layoutInvalidated() {
    guard _toldComplete else { return }
    _toldComplete = false
    delegate?.layoutManagerDidInvalidateLayout(self)
  }

  /// Layout of `container` is complete: the delegate hears it once until it becomes invalid.
  private func _layoutCompleted(_ container: NSTextContainer) {
    guard !_toldComplete, let delegate else { return }
    _toldComplete = true
    delegate.layoutManager(self, didCompleteLayoutFor: container, atEnd: true)
  }

  /// `container`'s size changed from `oldSize` (told by the container before it invalidates).
  func _containerChangedSize(_ container: NSTextContainer, from oldSize: CGSize) {
    delegate?.layoutManager(self, textContainer: container, didChangeGeometryFrom: oldSize)
  }

  // MARK: Options

  /// Whether line height includes the font's leading (kept: the fonts here have none).
  open var usesFontLeading = true
  /// Whether layout may skip text before what is asked for. Layout here is always contiguous
  /// from the start of the text, so this is only kept.
  open var allowsNonContiguousLayout = false
  /// Whether some text is laid out while text before it is not (never, see
  /// ``allowsNonContiguousLayout``).
  open var hasNonContiguousLayout: Bool { false }
  /// Whether spaces, tabs and line breaks are drawn as visible marks (kept; not drawn).
  open var showsInvisibleCharacters = false
  /// Whether control characters are drawn as visible marks (kept; not drawn).
  open var showsControlCharacters = false

  // MARK: Processing edits

  /// Told by the text storage after it processed edits: `newCharRange` is the changed range of
  /// the text as it is now. A text view takes the change (characters a storage subclass keeps
  /// itself, attributes its delegate set) and lays out again.
  open func processEditing(
    for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions, range newCharRange: NSRange,
    changeInLength delta: Int, invalidatedRange invalidatedCharRange: NSRange
  ) {
    _standalone = nil
    _layoutInvalidated()
    for container in _textContainers {
      guard let view = container._textView else { continue }
      view._textStorageDidProcessEditing(textStorage, edited: editMask, range: newCharRange, changeInLength: delta)
      // A text view lays its lines out as its text changes: complete again at once.
      _layoutCompleted(container)
    }
  }

  /// Drops the layout of the characters in `charRange` (and, in a text view, every line: the
  /// view lays out again before it next draws or answers).
  open func invalidateLayout(forCharacterRange charRange: NSRange, actualCharacterRange actualCharRange: NSRangePointer?) {
    actualCharRange?.pointee = charRange
    _standalone = nil
    _layoutInvalidated()
    for container in _textContainers {
      guard let view = container._textView else { continue }
      view._layout = nil
      view.setNeedsLayout()
      view.setNeedsDisplay()
    }
  }

  /// Glyphs are made from characters as they are laid out; this drops the layout of
  /// `charRange` (see ``invalidateLayout(forCharacterRange:actualCharacterRange:)``).
  open func invalidateGlyphs(
    forCharacterRange charRange: NSRange, changeInLength delta: Int, actualCharacterRange actualCharRange: NSRangePointer?
  ) {
    invalidateLayout(forCharacterRange: charRange, actualCharacterRange: actualCharRange)
  }

  /// Redraws the characters in `charRange`.
  open func invalidateDisplay(forCharacterRange charRange: NSRange) {
    for container in _textContainers { container._textView?.setNeedsDisplay() }
  }

  /// Redraws the glyphs in `glyphRange`.
  open func invalidateDisplay(forGlyphRange glyphRange: NSRange) {
    invalidateDisplay(forCharacterRange: glyphRange)
  }

  // MARK: Ensuring layout

  /// Lays out the text of `container` now.
  open func ensureLayout(for container: NSTextContainer) { _ = _layout(for: container) }

  /// Lays out the text up to the end of `charRange` now.
  open func ensureLayout(forCharacterRange charRange: NSRange) { _ = _layout(for: nil) }

  /// Lays out the text up to the end of `glyphRange` now.
  open func ensureLayout(forGlyphRange glyphRange: NSRange) { _ = _layout(for: nil) }

  /// Lays out the text that falls in `bounds` of `container` now.
  open func ensureLayout(forBoundingRect bounds: CGRect, in container: NSTextContainer) { _ = _layout(for: container) }

  /// Makes glyphs for `charRange` (they are laid out with it).
  open func ensureGlyphs(forCharacterRange charRange: NSRange) { _ = _layout(for: nil) }

  /// Makes the glyphs in `glyphRange` (they are laid out with them).
  open func ensureGlyphs(forGlyphRange glyphRange: NSRange) { _ = _layout(for: nil) }

  /// The layout of `container` (the first container when nil): its text view's lines, or a
  /// layout of the storage's text of the manager's own.
  func _layout(for container: NSTextContainer?) -> (any _TextKitLayout)? {
    guard let container = container ?? _textContainers.first else { return nil }
    if let view = container._textView {
      let layout = view._textKitLayout()
      _layoutCompleted(container)
      return layout
    }
    if let layout = _standalone, layout.container === container { return layout }
    guard let storage = textStorage else { return nil }
    let layout = _StandaloneTextLayout(storage: storage, container: container, layoutManager: self)
    _standalone = layout
    _layoutCompleted(container)
    return layout
  }

  // MARK: Glyphs and characters

  /// How many glyphs the text has (one per UTF-16 unit).
  open var numberOfGlyphs: Int { textStorage?.length ?? 0 }

  /// Whether `glyphIndex` names a glyph of the text.
  open func isValidGlyphIndex(_ glyphIndex: Int) -> Bool { glyphIndex >= 0 && glyphIndex < numberOfGlyphs }

  /// The first glyph of the character at `charIndex`.
  open func glyphIndexForCharacter(at charIndex: Int) -> Int { min(max(0, charIndex), numberOfGlyphs) }

  /// The character the glyph at `glyphIndex` draws.
  open func characterIndexForGlyph(at glyphIndex: Int) -> Int { min(max(0, glyphIndex), numberOfGlyphs) }

  /// The glyphs of the characters in `charRange`; `actualCharRange` gets the characters those
  /// glyphs draw (the same range, glyphs being one per unit).
  open func glyphRange(forCharacterRange charRange: NSRange, actualCharacterRange actualCharRange: NSRangePointer?) -> NSRange {
    let range = _clamped(charRange)
    actualCharRange?.pointee = range
    return range
  }

  /// The characters the glyphs in `glyphRange` draw; `actualGlyphRange` gets all their glyphs.
  open func characterRange(forGlyphRange glyphRange: NSRange, actualGlyphRange: NSRangePointer?) -> NSRange {
    let range = _clamped(glyphRange)
    actualGlyphRange?.pointee = range
    return range
  }

  func _clamped(_ range: NSRange) -> NSRange {
    let count = numberOfGlyphs
    let start = min(max(0, range.location), count)
    // `&+`: NSNotFound (Int.max) plus a length must not trap.
    let end = min(max(start, range.location &+ range.length), count)
    return NSRange(location: start, length: end - start)
  }

  /// ``_clamped(_:)`` as UTF-16 offsets.
  func _clampedOffsets(_ range: NSRange) -> Range<Int> {
    let clamped = _clamped(range)
    return clamped.location..<(clamped.location + clamped.length)
  }

  // MARK: Lines

  /// The glyphs laid out in `container`: all of them, unless its `maximumNumberOfLines` leaves
  /// some out.
  open func glyphRange(for container: NSTextContainer) -> NSRange {
    guard let layout = _layout(for: container), layout._tkLineCount > 0 else { return NSRange(location: 0, length: 0) }
    return NSRange(location: 0, length: layout._tkLineRange(layout._tkLineCount - 1).upperBound)
  }

  /// The container the glyph at `glyphIndex` is laid out in (nil past the lines it holds);
  /// `effectiveGlyphRange` gets the container's glyphs.
  open func textContainer(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> NSTextContainer? {
    guard let container = _textContainers.first else { return nil }
    let range = glyphRange(for: container)
    effectiveGlyphRange?.pointee = range
    return glyphIndex < range.location + range.length || (glyphIndex == 0 && range.length == 0) ? container : nil
  }

  /// As ``textContainer(forGlyphAt:effectiveRange:)``; layout is never deferred here.
  open func textContainer(
    forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?, withoutAdditionalLayout flag: Bool
  ) -> NSTextContainer? {
    textContainer(forGlyphAt: glyphIndex, effectiveRange: effectiveGlyphRange)
  }

  /// The line holding glyph `glyphIndex` (the last line for the end of the text), or nil when
  /// nothing is laid out.
  private func _line(forGlyphAt glyphIndex: Int) -> (layout: any _TextKitLayout, index: Int)? {
    guard let layout = _layout(for: nil), layout._tkLineCount > 0 else { return nil }
    let last = layout._tkLineCount - 1
    let limit = layout._tkLineRange(last).upperBound
    if glyphIndex >= limit { return (layout, last) }
    return (layout, min(layout._tkLineIndex(containing: max(0, glyphIndex)), last))
  }

  /// The rectangle of the line holding the glyph at `glyphIndex` (the container's width, or
  /// the part that its exclusion paths leave the line, a line tall); `effectiveGlyphRange`
  /// gets the line's glyphs, its line break included.
  open func lineFragmentRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> CGRect {
    guard let (layout, line) = _line(forGlyphAt: glyphIndex) else {
      effectiveGlyphRange?.pointee = NSRange(location: 0, length: 0)
      return .zero
    }
    effectiveGlyphRange?.pointee = UTF16Conversion.nsRange(layout._tkLineRange(line))
    return layout._tkFragmentRect(line)
  }

  /// The glyphs of the line holding `glyphIndex` that the line's "…" stands for, when the
  /// container's `lineBreakMode` truncates its last line (`{NSNotFound, 0}` otherwise).
  open func truncatedGlyphRange(inLineFragmentForGlyphAt glyphIndex: Int) -> NSRange {
    guard let (layout, line) = _line(forGlyphAt: glyphIndex), let view = layout as? UITextView,
      let range = view._truncatedRange(onLine: line)
    else { return NSRange(location: NSNotFound, length: 0) }
    return range
  }

  /// The height of a line of `theFont` as this layout manager lays lines out (measured as text
  /// on the screen is: a terminal cell row is one line).
  open func defaultLineHeight(for theFont: UIFont) -> CGFloat {
    var height = _StringLayout.measurer.size(of: "X", font: theFont).height
    if usesFontLeading { height += theFont.leading }
    return height
  }

  /// As ``lineFragmentRect(forGlyphAt:effectiveRange:)``; layout is never deferred here.
  open func lineFragmentRect(
    forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?, withoutAdditionalLayout flag: Bool
  ) -> CGRect {
    lineFragmentRect(forGlyphAt: glyphIndex, effectiveRange: effectiveGlyphRange)
  }

  /// The part of the line holding `glyphIndex` that its text uses, the line fragment padding
  /// at both ends included.
  open func lineFragmentUsedRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> CGRect {
    guard let (layout, line) = _line(forGlyphAt: glyphIndex) else {
      effectiveGlyphRange?.pointee = NSRange(location: 0, length: 0)
      return .zero
    }
    effectiveGlyphRange?.pointee = UTF16Conversion.nsRange(layout._tkLineRange(line))
    return layout._tkUsedRect(line, padding: _padding)
  }

  /// As ``lineFragmentUsedRect(forGlyphAt:effectiveRange:)``; layout is never deferred here.
  open func lineFragmentUsedRect(
    forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?, withoutAdditionalLayout flag: Bool
  ) -> CGRect {
    lineFragmentUsedRect(forGlyphAt: glyphIndex, effectiveRange: effectiveGlyphRange)
  }

  /// The line for the caret after a final line break, or in an empty text (`.zero` when the
  /// text does not end so).
  open var extraLineFragmentRect: CGRect {
    guard let layout = _layout(for: nil), layout._tkHasExtraLine else { return .zero }
    return layout._tkFragmentRect(layout._tkLineCount - 1)
  }

  /// The used part of ``extraLineFragmentRect`` (its padding).
  open var extraLineFragmentUsedRect: CGRect {
    guard let layout = _layout(for: nil), layout._tkHasExtraLine else { return .zero }
    return layout._tkUsedRect(layout._tkLineCount - 1, padding: _padding)
  }

  /// The container of ``extraLineFragmentRect``, when there is one.
  open var extraLineFragmentTextContainer: NSTextContainer? {
    guard let layout = _layout(for: nil), layout._tkHasExtraLine else { return nil }
    return _textContainers.first
  }

  /// The rectangle the text of `container` uses: from the container's top to the end of its
  /// last line (the empty line after a final line break included), as wide as its widest
  /// line's used part. Growing text views size themselves with its height.
  open func usedRect(for container: NSTextContainer) -> CGRect {
    guard let layout = _layout(for: container), layout._tkLineCount > 0 else { return .zero }
    var result = CGRect.null
    // A line that exclusion paths skip has no fragment, so nothing of it is used.
    for line in 0..<layout._tkLineCount where layout._tkFragment(onLine: line) != nil {
      result = result.union(layout._tkUsedRect(line, padding: _padding))
    }
    return result.isNull ? .zero : result
  }

  /// Calls `block` with each line holding glyphs of `glyphRange`: its rectangle, its used
  /// part, its container and its glyphs (line break included), until `block` sets its last
  /// argument to true.
  open func enumerateLineFragments(
    forGlyphRange glyphRange: NSRange,
    using block: (CGRect, CGRect, NSTextContainer, NSRange, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    guard let container = _textContainers.first, let layout = _layout(for: container), layout._tkLineCount > 0 else { return }
    let range = _clamped(glyphRange)
    let last = layout._tkLineCount - 1
    guard range.location < layout._tkLineRange(last).upperBound else { return }
    let first = layout._tkLineIndex(containing: range.location)
    let end = range.length == 0 ? range.location + 1 : range.location + range.length
    var stop: ObjCBool = false
    var line = first
    while line <= last, layout._tkLineRange(line).lowerBound < end {
      let lineRange = layout._tkLineRange(line)
      if !lineRange.isEmpty {
        block(layout._tkFragmentRect(line), layout._tkUsedRect(line, padding: _padding), container, UTF16Conversion.nsRange(lineRange), &stop)
        if stop.boolValue { return }
      }
      line += 1
    }
  }

  /// Calls `block` with the rectangles, one per line, that enclose the glyphs of `glyphRange`
  /// in `textContainer` (as a selection is drawn), until `block` sets its argument to true.
  open func enumerateEnclosingRects(
    forGlyphRange glyphRange: NSRange, withinSelectedGlyphRange selectedRange: NSRange, in textContainer: NSTextContainer,
    using block: (CGRect, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    var stop: ObjCBool = false
    for rect in _rects(for: _clamped(glyphRange), in: textContainer) {
      block(rect, &stop)
      if stop.boolValue { return }
    }
  }

  /// One rectangle per line for the glyphs of `range`: the span of its characters on the line.
  private func _rects(for range: NSRange, in container: NSTextContainer) -> [CGRect] {
    guard let layout = _layout(for: container), layout._tkLineCount > 0 else { return [] }
    let r = range.location..<(range.location + range.length)
    let last = layout._tkLineCount - 1
    guard r.lowerBound <= layout._tkLineRange(last).upperBound else { return [] }
    var rects: [CGRect] = []
    var line = min(layout._tkLineIndex(containing: r.lowerBound), last)
    while line <= last {
      let lineRange = layout._tkLineRange(line)
      if lineRange.lowerBound >= r.upperBound, !r.isEmpty { break }
      if layout._tkFragment(onLine: line) == nil {
        line += 1
        continue
      }
      let box = layout._tkLineBox(line)
      if let span = layout._tkSpan(of: r, onLine: line) {
        rects.append(CGRect(x: span.left, y: box.usedTop, width: span.right - span.left, height: box.usedHeight))
      } else if r.isEmpty || lineRange.lowerBound >= r.lowerBound {
        // An empty range, or a line break alone: a zero-width rectangle where the caret goes.
        let x = layout._tkCaretX(r.lowerBound, line: line)
        rects.append(CGRect(x: x, y: box.usedTop, width: 0, height: box.usedHeight))
        if r.isEmpty { break }
      }
      line += 1
    }
    return rects
  }

  /// The smallest rectangle enclosing the glyphs of `glyphRange` in `container`: the union of
  /// their spans on each line (a zero-width rectangle at the caret's place for an empty range).
  open func boundingRect(forGlyphRange glyphRange: NSRange, in container: NSTextContainer) -> CGRect {
    let rects = _rects(for: _clamped(glyphRange), in: container)
    return rects.dropFirst().reduce(rects.first ?? .zero) { $0.union($1) }
  }

  /// The glyphs of the lines that `bounds` (container coordinates) crosses.
  open func glyphRange(forBoundingRect bounds: CGRect, in container: NSTextContainer) -> NSRange {
    guard let layout = _layout(for: container), layout._tkLineCount > 0, !bounds.isNull else { return NSRange(location: 0, length: 0) }
    let last = layout._tkLineCount - 1
    guard bounds.maxY > 0, bounds.minY < layout._tkLineBox(last).bottom else { return NSRange(location: 0, length: 0) }
    let first = min(last, max(0, layout._tkLine(atY: bounds.minY)))
    // A rectangle that ends where a line starts does not reach it.
    var end = min(last, max(0, layout._tkLine(atY: bounds.maxY)))
    if end > first, layout._tkLineBox(end).top >= bounds.maxY { end -= 1 }
    end = min(last, layout._tkRowEnd(ofLine: end))
    let start = layout._tkLineRange(first).lowerBound
    return NSRange(location: start, length: layout._tkLineRange(max(first, end)).upperBound - start)
  }

  /// As ``glyphRange(forBoundingRect:in:)``; layout is never deferred here.
  open func glyphRange(forBoundingRectWithoutAdditionalLayout bounds: CGRect, in container: NSTextContainer) -> NSRange {
    glyphRange(forBoundingRect: bounds, in: container)
  }

  // MARK: Points

  /// The character drawn under `point` (container coordinates), or the nearest one: the first
  /// or last of the nearest line when the point is beside it, of the last line when below the
  /// text. `partialFraction` gets how far across that character, from its insertion point
  /// to the next (0 to 1), the point is.
  open func characterIndex(
    for point: CGPoint, in container: NSTextContainer,
    fractionOfDistanceBetweenInsertionPoints partialFraction: UnsafeMutablePointer<CGFloat>?
  ) -> Int {
    partialFraction?.pointee = 0
    guard let layout = _layout(for: container), layout._tkLineCount > 0, layout._tkLength > 0 else { return 0 }
    let last = layout._tkLineCount - 1
    let y = point.y.isNaN ? 0 : point.y
    let x = point.x.isNaN ? 0 : point.x
    var line = min(last, max(0, layout._tkLine(atY: y)))
    line = min(last, layout._tkLine(inRowOf: line, nearestX: x))
    // Nothing is drawn on the empty line after a final line break: the nearest glyph is the
    // line break before it.
    while line > 0, layout._tkCharacters(onLine: line).isEmpty, layout._tkLineRange(line).isEmpty { line -= 1 }
    let characters = layout._tkCharacters(onLine: line)
    guard let (hit, fraction) = _characterHit(atX: x, in: characters) else {
      // A line holding only its line break.
      return min(layout._tkLineRange(line).lowerBound, layout._tkLength - 1)
    }
    // The insertion point of a character drawn right to left is on its right.
    let rightToLeft = characters.count > 1 && characters.first!.range.lowerBound > characters.last!.range.lowerBound
    partialFraction?.pointee = min(1, max(0, rightToLeft ? 1 - fraction : fraction))
    return hit.range.lowerBound
  }

  /// The glyph under `point` (or the nearest one; see
  /// ``characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)``), and how far across
  /// it the point is.
  open func glyphIndex(
    for point: CGPoint, in container: NSTextContainer, fractionOfDistanceThroughGlyph partialFraction: UnsafeMutablePointer<CGFloat>?
  ) -> Int {
    characterIndex(for: point, in: container, fractionOfDistanceBetweenInsertionPoints: partialFraction)
  }

  /// The glyph under `point`, or the nearest one.
  open func glyphIndex(for point: CGPoint, in container: NSTextContainer) -> Int {
    glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: nil)
  }

  /// How far across the glyph under `point` the point is (0 to 1).
  open func fractionOfDistanceThroughGlyph(for point: CGPoint, in container: NSTextContainer) -> CGFloat {
    var fraction: CGFloat = 0
    _ = glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: &fraction)
    return fraction
  }

  /// Where the glyph at `glyphIndex` is drawn, from its line fragment's origin: its left edge,
  /// and its baseline (the font's ascender below the line's top).
  open func location(forGlyphAt glyphIndex: Int) -> CGPoint {
    guard let (layout, line) = _line(forGlyphAt: glyphIndex) else { return .zero }
    let x = layout._tkCaretX(glyphIndex, line: line) - (layout._tkFragment(onLine: line)?.x ?? 0)
    let font = (textStorage.flatMap { $0.length > 0 ? $0.attribute(.font, at: min(glyphIndex, $0.length - 1), effectiveRange: nil) : nil }
      as? UIFont) ?? UIFont.systemFont(ofSize: 12)
    let box = layout._tkLineBox(line)
    return CGPoint(x: x, y: box.textTop - box.top + min(font.ascender, layout._tkLineHeight))
  }

  // MARK: Drawing (NSLayoutManager+Drawing.swift)

  /// Fills the backgrounds (`.backgroundColor`) of the glyphs in `glyphsToShow` into the current
  /// drawing context, the container's origin at `origin`: each run of one colour through
  /// ``fillBackgroundRectArray(_:count:forCharacterRange:color:)``, a rectangle per line. Call
  /// it before ``drawGlyphs(forGlyphRange:at:)``.
  open func drawBackground(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
    _drawBackground(forGlyphRange: glyphsToShow, at: origin)
  }

  /// Draws the glyphs in `glyphsToShow` into the current drawing context, the container's origin
  /// at `origin`: where the layout put them, in their fonts and colours, underlined and struck
  /// through as their attributes say (backgrounds are ``drawBackground(forGlyphRange:at:)``'s).
  open func drawGlyphs(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
    _drawGlyphs(forGlyphRange: glyphsToShow, at: origin)
  }

  /// Fills `rectCount` rectangles (the current context's coordinates) in the current fill colour,
  /// which the caller set to `color`: the background of the characters in `charRange`.
  /// ``drawBackground(forGlyphRange:at:)`` calls it; override it to draw backgrounds otherwise
  /// (rounded, padded), and restore any drawing state you change.
  open func fillBackgroundRectArray(
    _ rectArray: UnsafePointer<CGRect>, count rectCount: Int, forCharacterRange charRange: NSRange, color: UIColor
  ) {
    _fillBackgroundRectArray(rectArray, count: rectCount)
  }

  /// Underlines the glyphs of `glyphRange` (all on the line of `lineGlyphRange`, whose fragment
  /// is `lineRect`, container coordinates): ``drawGlyphs(forGlyphRange:at:)`` calls it for each
  /// run of `.underlineStyle` on a line. It leaves out the run's leading and trailing white
  /// space (every space between words with `.byWord`) and calls
  /// ``drawUnderline(forGlyphRange:underlineType:baselineOffset:lineFragmentRect:lineFragmentGlyphRange:containerOrigin:)``
  /// for what remains.
  open func underlineGlyphRange(
    _ glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle, lineFragmentRect lineRect: CGRect,
    lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint
  ) {
    _decorateGlyphRange(glyphRange, style: underlineVal, lineRect: lineRect, lineGlyphRange: lineGlyphRange, containerOrigin: containerOrigin) {
      drawUnderline(
        forGlyphRange: $0, underlineType: underlineVal, baselineOffset: $1, lineFragmentRect: lineRect,
        lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
    }
  }

  /// Draws the underline of `glyphRange`: under the glyphs drawn by `drawGlyphs`, the line the
  /// text's own drawing has; called on its own (outside `drawGlyphs`), a line below the glyphs'
  /// baseline in the text's colour. Override it to underline otherwise (a subclass that does not
  /// call `super` replaces the underline).
  open func drawUnderline(
    forGlyphRange glyphRange: NSRange, underlineType underlineVal: NSUnderlineStyle, baselineOffset: CGFloat,
    lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint
  ) {
    _drawDecoration(glyphRange, style: underlineVal, strikethrough: false, baselineOffset: baselineOffset, lineRect: lineRect, containerOrigin: containerOrigin)
  }

  /// ``underlineGlyphRange(_:underlineType:lineFragmentRect:lineFragmentGlyphRange:containerOrigin:)``
  /// for `.strikethroughStyle`.
  open func strikethroughGlyphRange(
    _ glyphRange: NSRange, strikethroughType strikethroughVal: NSUnderlineStyle, lineFragmentRect lineRect: CGRect,
    lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint
  ) {
    _decorateGlyphRange(glyphRange, style: strikethroughVal, lineRect: lineRect, lineGlyphRange: lineGlyphRange, containerOrigin: containerOrigin) {
      drawStrikethrough(
        forGlyphRange: $0, strikethroughType: strikethroughVal, baselineOffset: $1, lineFragmentRect: lineRect,
        lineFragmentGlyphRange: lineGlyphRange, containerOrigin: containerOrigin)
    }
  }

  /// ``drawUnderline(forGlyphRange:underlineType:baselineOffset:lineFragmentRect:lineFragmentGlyphRange:containerOrigin:)``
  /// for a strikethrough: through the middle of the glyphs.
  open func drawStrikethrough(
    forGlyphRange glyphRange: NSRange, strikethroughType strikethroughVal: NSUnderlineStyle, baselineOffset: CGFloat,
    lineFragmentRect lineRect: CGRect, lineFragmentGlyphRange lineGlyphRange: NSRange, containerOrigin: CGPoint
  ) {
    _drawDecoration(glyphRange, style: strikethroughVal, strikethrough: true, baselineOffset: baselineOffset, lineRect: lineRect, containerOrigin: containerOrigin)
  }
}

/// A layout of a storage's text in a container that no text view shows (a TextKit stack built to
/// measure text, or to find the character under a touch in a label): the text view's line
/// breaking, in the storage's first font, measured with the screen's measurer (as
/// `boundingRect(with:options:attributes:context:)` measures). Paragraphs take the alignment,
/// indents, line heights and spacing of their styles, as a text view lays them out.
@MainActor
final class _StandaloneTextLayout: _TextKitLayout {
  let container: NSTextContainer
  private let text: TextBuffer
  private let layout: TextViewLayout
  private let measure: TextViewLayout.Measure
  private let lineHeight: CGFloat
  private let padding: CGFloat
  /// The unit a justified line's spaces grow by (a terminal's cell; 0: any width).
  private let advanceStep: CGFloat
  /// The paragraph styles at each paragraph's start, when some paragraph needs laying out in
  /// its own (nil: every line is the container's width, left to right from its padding).
  private let styles: ((Int) -> NSParagraphStyle?)?

  /// The container's size as laid out (TextKit 2 takes a side of 0 as no limit).
  private let size: CGSize

  /// `zeroIsUnlimited`: a side of the container's size that is 0 has no limit (TextKit 2's
  /// reading of a container made with `NSTextContainer(size: CGSize(width: w, height: 0))`).
  init(storage: NSAttributedString, container: NSTextContainer, layoutManager: NSLayoutManager? = nil, zeroIsUnlimited: Bool = false) {
    self.container = container
    var size = container.size
    if zeroIsUnlimited {
      if size.width <= 0 { size.width = .greatestFiniteMagnitude }
      if size.height <= 0 { size.height = .greatestFiniteMagnitude }
    }
    self.size = size
    let text = TextBuffer(storage.string)
    self.text = text
    let font = (storage.length > 0 ? storage.attribute(.font, at: 0, effectiveRange: nil) as? UIFont : nil) ?? UIFont.systemFont(ofSize: 12)
    // As strings are measured outside a view (`boundingRect(with:…)`): the screen's measurer,
    // so that a label's text laid out here breaks where the label draws it.
    let measurer = _StringLayout.measurer
    let measure: TextViewLayout.Measure = { measurer.size(of: $0 == "\t" ? " " : String($0), font: font).width }
    self.measure = measure
    let lineHeight = measurer.size(of: "X", font: font).height
    self.lineHeight = lineHeight
    advanceStep = measurer.advanceStep
    padding = container.lineFragmentPadding
    var layout = TextViewLayout()
    // The storage's styles, read once: the layout asks at each paragraph's start.
    var styled: [(range: Range<Int>, style: NSParagraphStyle)] = []
    storage.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: storage.length)) { value, range, _ in
      if let style = value as? NSParagraphStyle, style._laysOutLinesOfItsOwn {
        styled.append((range.location..<(range.location + range.length), style))
      }
    }
    let styleAt: (Int) -> NSParagraphStyle? = { offset in
      var low = 0
      var high = styled.count
      while low < high {
        let mid = (low + high) / 2
        if styled[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
      }
      return low < styled.count && styled[low].range.contains(offset) ? styled[low].style : nil
    }
    // A delegate spaces the lines as paragraph styles would.
    let byParagraph = !styled.isEmpty || layoutManager?.delegate != nil
    let styles = byParagraph ? styleAt : nil
    self.styles = styles
    // Tabs go to the stops of their paragraph's style (the standard ones without styles).
    let space = measure(" ")
    let step = advanceStep
    let metrics = TextViewLayout.Metrics(measure).tabbing { x, offset in
      TextTabStops(styles?(offset)).width(at: x, space: space, step: step)
    }
    if byParagraph {
      layout = UITextView._paragraphLayout(
        of: text, style: styleAt, isRightToLeft: { text.paragraphIsRightToLeft(containing: $0) ?? false },
        around: container.isSimpleRectangularTextContainer ? nil : container, width: size.width, padding: padding, metrics: metrics,
        lineHeight: lineHeight, rowHeight: measurer.rowHeight, layoutManager: layoutManager,
        ascent: lineHeight * font.ascender / font.lineHeight)
    } else if container.isSimpleRectangularTextContainer {
      layout.rebuild(text, width: max(0, size.width - 2 * padding), metrics: metrics)
    } else {
      // Around the container's exclusion paths, as a text view lays its lines out.
      layout.rebuild(text, width: max(0, size.width - 2 * padding), padding: padding, metrics: metrics, lineHeight: lineHeight) {
        _, start, top, left in
        container._fragment(top: top, at: start, lineHeight: lineHeight, width: size.width, height: size.height, left: left)
      }
    }
    self.layout = layout
  }

  var _tkLength: Int { text.utf16Count }
  var _tkLineCount: Int {
    var count = layout.lineCount
    if container.maximumNumberOfLines > 0 { count = min(count, container.maximumNumberOfLines) }
    if size.height < .greatestFiniteMagnitude {
      count = min(count, layout.linesFitting(height: size.height, lineHeight: lineHeight))
    }
    return count
  }
  func _tkLineRange(_ index: Int) -> Range<Int> { layout.lineRange(index) }
  func _tkLineIndex(containing offset: Int) -> Int { layout.lineIndex(containing: offset) }
  var _tkLineHeight: CGFloat { lineHeight }
  func _tkLineBox(_ index: Int) -> TextViewLayout.LineBox { layout.box(ofLine: index, lineHeight: lineHeight) }
  func _tkLine(atY y: CGFloat) -> Int { layout.line(atY: y, lineHeight: lineHeight) }
  func _tkLine(inRowOf index: Int, nearestX x: CGFloat) -> Int { layout.line(inRowOf: index, nearestX: x) }
  func _tkRowEnd(ofLine index: Int) -> Int { layout.rowEnd(ofLine: index) }
  var _tkContainerWidth: CGFloat { size.width }
  func _tkTextStart(onLine index: Int) -> CGFloat { _content(ofLine: index).x }
  func _tkFragment(onLine index: Int) -> (x: CGFloat, width: CGFloat)? {
    guard let fragment = layout.fragment(ofLine: index) else { return (0, size.width) }
    if fragment.isSkipped { return nil }
    guard styles != nil else { return (fragment.x, fragment.width) }
    return UITextView._lineFragmentOutsideIndents(ofLine: index, in: layout, container: container, width: size.width)
  }
  func _tkCharacters(onLine index: Int) -> [(range: Range<Int>, left: CGFloat, width: CGFloat)] {
    let content = _content(ofLine: index)
    let rightToLeft = text.paragraphIsRightToLeft(containing: content.range.lowerBound) ?? false
    let extras = _VisualCharacter.extras(content.extras, plus: _tabExtras(of: content.string, at: content.range.lowerBound))
    if let visual = _VisualCharacter.line(
      content.string, at: content.range.lowerBound, rightToLeft: rightToLeft, extras: extras, width: { self.measure($0) })
    {
      return visual.map { (range: $0.range, left: content.x + $0.left, width: $0.width) }
    }
    return _tkCharacters(of: content.string, from: content.range.lowerBound, at: content.x, measure: measure)
  }

  /// What each tab of `string` (a line's, from UTF-16 `offset`) gains going to its stop.
  private func _tabExtras(of string: String, at offset: Int) -> [CGFloat]? {
    guard string.utf8.contains(0x09) else { return nil }
    let stops = styles.map { TextTabStops($0(offset)) } ?? .standard
    return stops.extras(of: string, kerns: nil, space: measure(" "), step: advanceStep, width: measure)
  }

  /// Line `index`'s drawn text (its line break left out) and where it starts: after the
  /// padding, moved by its paragraph's alignment; with what each character gains when the line
  /// is justified (as a text view stretches it, TextJustification.swift).
  private func _content(ofLine index: Int) -> (range: Range<Int>, string: String, x: CGFloat, extras: [CGFloat]?) {
    var range = layout.lineRange(index)
    if !range.isEmpty, let last = text.character(before: range.upperBound), last.isNewline {
      range = range.lowerBound..<(range.upperBound - last.utf16.count)
    }
    let string = text.substring(range)
    let fragment = layout.fragment(ofLine: index)
    var x = (fragment?.x ?? 0) + padding
    guard styles != nil, let fragment else { return (range, string, x, nil) }
    let rightToLeft = text.paragraphIsRightToLeft(containing: range.lowerBound) ?? false
    var alignment = (fragment.alignment ?? .natural)._resolved(rightToLeft: rightToLeft)
    let available = max(0, fragment.width - 2 * padding)
    if alignment == .justified {
      // Every line but a paragraph's last is stretched, when it has spaces between words.
      let lineEnd = layout.lineRange(index).upperBound
      if lineEnd < text.utf16Count, !UITextView._isParagraphBreak(text.character(before: lineEnd)),
        let extras = TextJustification.extraWidths(
          of: string, lineWidth: available, step: advanceStep, rightToLeft: rightToLeft, width: measure)
      {
        if rightToLeft {
          var width: CGFloat = 0
          for (character, extra) in zip(string, extras) { width += measure(character) + extra }
          x += max(0, available - width)
        }
        return (range, string, x, extras)
      }
      alignment = rightToLeft ? .right : .left
    }
    if alignment == .center || alignment == .right {
      let width = string.reduce(CGFloat(0)) { $0 + measure($1) }
      x += alignment == .center ? max(0, (available - width) / 2) : max(0, available - width)
    }
    return (range, string, x, nil)
  }
}
