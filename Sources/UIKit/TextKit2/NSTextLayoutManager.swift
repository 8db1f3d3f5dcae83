import Foundation
import TextEditing

// TextKit 2's layout manager, answered from the same line layout as TextKit 1's (the
// `_TextKitLayout` of NSLayoutManager.swift): in a text view, the view's own lines; without
// one, a layout of the content storage's text in the container. So a fragment's frame covers
// what the view draws, and TextKit 1 and TextKit 2 give the same lines for the same text.
//
// Elements are paragraphs; a layout fragment holds a paragraph's lines. Fragments are made when
// asked for (enumeration, hit testing, the viewport) and kept until the text or the container
// changes. Geometry is in the container's coordinates (a text view's container origin is
// `textContainerInset` from its content's); a line fragment's bounds are in its layout
// fragment's.

/// Lays a content manager's elements out in a text container, in layout fragments, and
/// answers where text is: TextKit 2's layout manager.
@preconcurrency @MainActor
open class NSTextLayoutManager: NSObject, NSTextSelectionDataSource {
  /// The kinds of segment ``enumerateTextSegments(in:type:options:using:)`` gives.
  public enum SegmentType: Int, Sendable {
    /// Tight around the glyphs.
    case standard = 0
    /// As a selection is drawn: the lines' full height.
    case selection = 1
    /// As a highlight is drawn.
    case highlight = 2
  }

  /// Options for ``enumerateTextSegments(in:type:options:using:)``.
  public struct SegmentOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The block is given nil for the segment's range.
    public static let rangeNotRequired = SegmentOptions(rawValue: 1 << 0)
    /// Only the first and last lines' segments are given.
    public static let middleFragmentsExcluded = SegmentOptions(rawValue: 1 << 1)
    /// The first segment reaches the line's start.
    public static let headSegmentExtended = SegmentOptions(rawValue: 1 << 2)
    /// The last segment reaches the line's end.
    public static let tailSegmentExtended = SegmentOptions(rawValue: 1 << 3)
    /// A location where a line wraps belongs to the line before.
    public static let upstreamAffinity = SegmentOptions(rawValue: 1 << 4)
  }

  public override init() {
    super.init()
  }

  /// A layout manager with no content: nothing here is archived (there are no nibs).
  public required init?(coder: NSCoder) {
    super.init()
  }

  /// The delegate (held weakly): it may make the layout fragments.
  open weak var delegate: (any NSTextLayoutManagerDelegate)? {
    didSet { _contentDidChange() }
  }

  /// Whether lines take their font's leading (true).
  open var usesFontLeading = true
  /// Whether layout of text that would take very long is limited (no such limit is needed
  /// here: kept for code that sets it).
  open var limitsLayoutForSuspiciousContents = false
  /// Whether lines break with hyphens (no hyphenation here, README).
  open var usesHyphenation = false

  // MARK: The content and the container

  /// The content manager whose elements are laid out (set by its `addTextLayoutManager(_:)`).
  open private(set) weak var textContentManager: NSTextContentManager?

  func _setContentManager(_ manager: NSTextContentManager?) {
    textContentManager = manager
    _contentDidChange()
  }

  /// Makes this layout manager lay out `textContentManager`'s content, leaving its current one.
  open func replace(_ textContentManager: NSTextContentManager) {
    textContentManager.addTextLayoutManager(self)
  }

  /// The container text is laid out in (its `textLayoutManager` becomes this one).
  open var textContainer: NSTextContainer? {
    didSet {
      guard oldValue !== textContainer else { return }
      if let oldValue, oldValue._textLayoutManager === self { oldValue._textLayoutManager = nil }
      textContainer?._textLayoutManager = self
      _containerChanged()
    }
  }

  /// The text view showing this layout, when it is a TextKit 2 text view's.
  var _view: UITextView? {
    guard let view = textContainer?._textView, view._usesTextKit2 else { return nil }
    return view
  }

  /// The viewport's layout controller.
  open private(set) lazy var textViewportLayoutController = NSTextViewportLayoutController(textLayoutManager: self)

  /// The queue layout would run on (layout runs on the main actor here).
  open var layoutQueue: OperationQueue?

  // MARK: The line layout

  private var _standalone: _StandaloneTextLayout?
  /// The fragments made, by their element: kept while the element stands for its paragraph
  /// (an edit elsewhere moves it, and the fragment's frame follows when next asked for).
  var _fragments: [ObjectIdentifier: NSTextLayoutFragment] = [:]
  /// How many times a fragment was laid out (tests read it: a keystroke lays out its
  /// paragraph's fragment only).
  var _fragmentsLaidOut = 0
  /// How many lines were measured for fragments (tests read it: a keystroke in a long paragraph
  /// measures the lines it changed only).
  var _linesMeasured = 0
  /// Counts changes of the line layout: a fragment laid out at an older count checks where its
  /// lines are now.
  private(set) var _revision = 0
  /// The fragment that holds the empty line after a final separator (it changes with any edit
  /// at the end).
  private weak var _extraLineHolder: NSTextLayoutFragment?
  /// The lines of the paragraph the last edit was in, as laid out before it
  /// (NSTextLayoutManager+KeptLines.swift).
  var _linesBeforeEdit: _LinesBeforeEdit?
  /// The last edit of the document (the replaced offsets and the change in length), and how
  /// many edits came since the layout managers last heard which elements changed.
  var _lastEdit: (old: Range<Int>, delta: Int)?
  var _editsBeforeSynchronization = 0
  /// The change count before the view's lines changed for the edit being told of (nil once
  /// anything else changed it).
  var _revisionBeforeEdit: Int?

  /// The lines of the content in the container: the text view's, or a layout of the content
  /// storage's text of this manager's own (nil without a container or a content storage).
  func _lineLayout() -> (any _TextKitLayout)? {
    if let view = _view { return _TextViewLines(view) }
    if let layout = _standalone { return layout }
    guard let container = textContainer, let storage = (textContentManager as? NSTextContentStorage)?.textStorage else { return nil }
    let layout = _StandaloneTextLayout(storage: storage, container: container, zeroIsUnlimited: true)
    _standalone = layout
    return layout
  }

  /// Anything may have changed (the container, the fonts, the whole text): every fragment is
  /// made and laid out again when asked for.
  func _contentDidChange() {
    _standalone = nil
    _linesBeforeEdit = nil
    _editsBeforeSynchronization = 0
    _revisionBeforeEdit = nil
    _bumpRevision(from: 0)
    for fragment in _fragments.values { fragment.invalidateLayout() }
    _fragments.removeAll()
  }

  /// The text changed in the paragraphs of `replaced` (their elements are new now): their
  /// fragments go; the others keep their lines and move.
  func _elementsReplaced(_ replaced: [NSTextElement]) {
    _keepLinesBeforeEdit(of: replaced)
    _standalone = nil
    _bumpRevision(from: _pendingChangeStart ?? 0)
    _pendingChangeStart = nil
    _extraLineHolder?.invalidateLayout()
    for element in replaced {
      _fragments.removeValue(forKey: ObjectIdentifier(element))?.invalidateLayout()
    }
  }

  /// The view's lines changed around an edit, at the same width: fragments of paragraphs the
  /// edit did not touch keep their lines and move.
  func _linesMoved(from offset: Int) {
    // The view lays its lines out for an edit (in one or more steps) before its storage tells
    // the content storage: fragments placed at the count before the first step are the text
    // just before the edit. (Every other change of the count forgets it.)
    if _revisionBeforeEdit == nil { _revisionBeforeEdit = _revision }
    _bumpRevision(from: offset)
    _extraLineHolder?.invalidateLayout()
  }

  /// Where the changes of the last revisions began (UTF-16 offsets of the text before each):
  /// a fragment that ends before all of those since it was placed has not moved.
  private var _changeLog: [(revision: Int, from: Int)] = []
  /// Where the edit being told of began (the earliest, for several in a transaction).
  var _pendingChangeStart: Int?

  private func _bumpRevision(from offset: Int) {
    _revision &+= 1
    _changeLog.append((_revision, offset))
    if _changeLog.count > 64 { _changeLog.removeFirst(_changeLog.count - 32) }
  }

  /// Whether every change since revision `placedAt` began at or after `end` (so a fragment
  /// ending there, laid out at `placedAt`, is where it was).
  func _unchangedBefore(_ end: Int, since placedAt: Int) -> Bool {
    guard let oldest = _changeLog.first, oldest.revision <= placedAt + 1 else { return false }
    for change in _changeLog.reversed() {
      if change.revision <= placedAt { break }
      if change.from < end { return false }
    }
    return true
  }

  /// Moves a fragment laid out before the last change to where its lines are now (a
  /// paragraph the change did not touch: the same lines, perhaps lower or higher); nil when its
  /// lines are not where they were (it is laid out anew).
  func _moved(_ fragment: NSTextLayoutFragment, _ laidOut: _FragmentLayout) -> _FragmentLayout? {
    guard let range = fragment._offsets, let layout = _lineLayout(), range.lowerBound < layout._tkLength,
      let last = laidOut.lines.last
    else { return nil }
    let first = layout._tkLineIndex(containing: range.lowerBound)
    let lastIndex = first + laidOut.lines.count - 1
    guard layout._tkLineRange(first).lowerBound == range.lowerBound, lastIndex < layout._tkLineCount,
      layout._tkLineRange(lastIndex).lowerBound - range.lowerBound == last.characterRange.location
    else { return nil }
    var moved = laidOut
    moved.frame.origin.y = layout._tkLineBox(first).top
    return moved
  }

  /// The container's size or shape changed.
  func _containerChanged() {
    _contentDidChange()
  }

  var _padding: CGFloat { textContainer?.lineFragmentPadding ?? 0 }

  /// Lays `fragment` out: its element's lines (the empty line after a final paragraph
  /// separator included in the last one's). As TextKit 2 does since iOS 17, the frame starts
  /// where the leftmost line's glyphs start (after the container's line fragment padding and
  /// the paragraph's indent) and is as wide as the widest line; each line's bounds are
  /// relative to the frame, as wide as its glyphs.
  func _layOut(_ fragment: NSTextLayoutFragment) -> _FragmentLayout? {
    guard let range = fragment._offsets, let layout = _lineLayout() else { return nil }
    _fragmentsLaidOut &+= 1
    let count = layout._tkLineCount
    let length = layout._tkLength
    var indexes: [Int] = []
    if range.lowerBound < length, count > 0 {
      var line = layout._tkLineIndex(containing: range.lowerBound)
      while line < count, layout._tkLineRange(line).lowerBound < range.upperBound {
        indexes.append(line)
        line += 1
      }
    }
    // The empty line after the last separator (or of an empty text) belongs to the last fragment.
    if range.upperBound == length, count > 0, layout._tkHasExtraLine, indexes.last != count - 1 {
      indexes.append(count - 1)
      _extraLineHolder = fragment
    }
    guard let first = indexes.first, let last = indexes.last else {
      return _FragmentLayout(frame: .zero, lines: [])
    }
    let top = layout._tkLineBox(first).top
    let bottom = layout._tkLineBox(last).bottom
    let paragraph = fragment.textElement as? NSTextParagraph
    // Lines an edit inside the paragraph left as they were are taken from its layout before
    // the edit: a key typed into a long paragraph lays out the lines it changed only.
    let rightToLeft = _paragraphIsRightToLeft(at: range.lowerBound, length: layout._tkLength)
    let kept = _linesKept(for: range, rightToLeft: rightToLeft)
    // Each line's characters (relative to the paragraph's start and to the line's glyph span),
    // the span (container coordinates), where its caret stands without characters, and its
    // ascent; the lines' frame is known once all are.
    var measured: [_MeasuredLine] = []
    measured.reserveCapacity(indexes.count)
    for line in indexes {
      let lineRange = layout._tkLineRange(line)
      if let line = kept?.line(at: lineRange, paragraphStart: range.lowerBound) {
        measured.append(line)
        continue
      }
      measured.append(_measureLine(line, range: lineRange, paragraphStart: range.lowerBound, in: layout))
    }
    let left = measured.map(\.span.left).min() ?? 0
    let right = max(left, measured.map(\.span.right).max() ?? left)
    let frame = CGRect(x: left, y: top, width: right - left, height: bottom - top)
    var lines: [NSTextLineFragment] = []
    lines.reserveCapacity(measured.count)
    for (line, measuredLine) in zip(indexes, measured) {
      let lineRange = layout._tkLineRange(line)
      let box = layout._tkLineBox(line)
      let span = measuredLine.span
      let bounds = CGRect(x: span.left - left, y: box.top - top, width: span.right - span.left, height: box.height)
      let textTop = box.textTop - box.top
      let start = min(range.count, max(0, lineRange.lowerBound - range.lowerBound))
      let local = NSRange(location: start, length: min(range.count - start, max(0, min(lineRange.upperBound, range.upperBound) - lineRange.lowerBound)))
      let lineFragment = NSTextLineFragment(
        laidOut: paragraph, range: local, bounds: bounds, glyphOrigin: CGPoint(x: 0, y: textTop + measuredLine.ascent), textTop: textTop,
        characters: measuredLine.characters, emptyCaretX: measuredLine.emptyCaretX)
      lines.append(lineFragment)
    }
    let laidOut = _FragmentLayout(
      frame: frame, lines: lines, rightToLeft: rightToLeft)
    if let validator = renderingAttributesValidator {
      // After the layout is in place (the validator may read the fragment's lines).
      fragment._layout = laidOut
      validator(self, fragment)
    }
    return laidOut
  }

  /// Line `line` (UTF-16 range `lineRange`) of the paragraph starting at `paragraphStart`,
  /// measured: its characters, glyph span, empty caret and ascent.
  func _measureLine(_ line: Int, range lineRange: Range<Int>, paragraphStart: Int, in layout: any _TextKitLayout) -> _MeasuredLine {
    _linesMeasured &+= 1
    let placed = layout._tkCharacters(onLine: line)
    let emptyStart = placed.isEmpty ? layout._tkTextStart(onLine: line) : 0
    let span = _glyphSpan(ofLine: line, characters: placed, start: emptyStart, in: layout)
    let originX = span.left
    // A loop, not `map`: a closure here checks the main actor's executor per character.
    var characters: [(range: Range<Int>, left: CGFloat, width: CGFloat)] = []
    characters.reserveCapacity(placed.count)
    for character in placed {
      characters.append(
        ((character.range.lowerBound - paragraphStart)..<(character.range.upperBound - paragraphStart), character.left - originX,
          character.width))
    }
    let ascent = _ascent(at: lineRange.lowerBound, lineHeight: layout._tkLineHeight)
    return _MeasuredLine(
      characters: characters, span: span, emptyCaretX: (placed.isEmpty ? emptyStart : span.left) - originX, ascent: ascent)
  }

  /// Where line `line`'s glyphs start and end (container coordinates): a line without any
  /// starts and ends where its caret stands; spaces hanging past the line's end are left out.
  func _glyphSpan(ofLine line: Int, in layout: any _TextKitLayout) -> (left: CGFloat, right: CGFloat) {
    let characters = layout._tkCharacters(onLine: line)
    return _glyphSpan(ofLine: line, characters: characters, start: characters.isEmpty ? layout._tkTextStart(onLine: line) : 0, in: layout)
  }

  /// ``_glyphSpan(ofLine:in:)`` of a line whose `characters` were read (and, without any, whose
  /// text `start`s there).
  func _glyphSpan(
    ofLine line: Int, characters: [(range: Range<Int>, left: CGFloat, width: CGFloat)], start: CGFloat, in layout: any _TextKitLayout
  ) -> (left: CGFloat, right: CGFloat) {
    var left = CGFloat.infinity
    var right = -CGFloat.infinity
    for character in characters {
      left = min(left, character.left)
      right = max(right, character.left + character.width)
    }
    guard left.isFinite else { return (start, start) }
    let fragment = layout._tkFragment(onLine: line) ?? (0, 0)
    let end = fragment.x + fragment.width - _padding
    return (left, max(left, min(right, end)))
  }

  /// The ascent of the font at `offset` of the storage, as the line lays glyphs out: read from
  /// the view's own attributes when the storage is its text (a storage's `attribute(_:at:)`
  /// builds a dictionary per call, which a layout pass would pay on every line).
  private func _ascent(at offset: Int, lineHeight: CGFloat) -> CGFloat {
    let storage = (textContentManager as? NSTextContentStorage)?.textStorage
    let viewRuns = _view.flatMap { storage != nil && storage === $0._textKit?.storage ? $0._runs : nil }
    return _ascent(at: offset, in: storage, viewRuns: viewRuns, lineHeight: lineHeight)
  }

  /// The ascent of the font at `offset` of the storage, as the line lays glyphs out.
  private func _ascent(at offset: Int, in storage: NSTextStorage?, viewRuns: _AttributeRuns?, lineHeight: CGFloat) -> CGFloat {
    var font: UIFont?
    if let runs = viewRuns {
      if runs.length > 0 { font = runs.attributes(at: min(max(0, offset), runs.length - 1)).attributes[.font] as? UIFont }
    } else if let storage, storage.length > 0 {
      font = storage.attribute(.font, at: min(max(0, offset), storage.length - 1), effectiveRange: nil) as? UIFont
    }
    return min((font ?? _view?.font ?? UIFont.systemFont(ofSize: 12)).ascender, lineHeight)
  }

  // MARK: Fragments

  /// The fragment of the element starting at UTF-16 offset `start` (with range `range`):
  /// the one made before, or a new one (the delegate's, when it makes them).
  private func _fragment(for element: NSTextElement) -> NSTextLayoutFragment? {
    guard let range = element.elementRange else { return nil }
    if let fragment = _fragments[ObjectIdentifier(element)] { return fragment }
    let fragment =
      delegate?.textLayoutManager(self, textLayoutFragmentFor: range.location, in: element)
      ?? NSTextLayoutFragment(textElement: element, range: range)
    fragment.textLayoutManager = self
    _fragments[ObjectIdentifier(element)] = fragment
    return fragment
  }

  /// The element of the empty line of an empty document (kept while the document is empty).
  private var _emptyDocumentElement: NSTextParagraph?

  /// The fragment of the empty line of an empty document.
  private func _emptyDocumentFragment() -> NSTextLayoutFragment? {
    if let element = _emptyDocumentElement, let fragment = _fragments[ObjectIdentifier(element)] { return fragment }
    let element = NSTextParagraph(attributedString: nil)
    _emptyDocumentElement = element
    element.elementRange = NSTextRange(location: _TextLocation(0))
    element.textContentManager = textContentManager
    return _fragment(for: element)
  }

  /// Calls `block` with each layout fragment from the one holding `location` (the document's
  /// start, or its end with `.reverse`, when nil), in order, until `block` answers false;
  /// returns the location where the enumeration stopped (after the last fragment given; before
  /// it in reverse).
  @discardableResult
  open func enumerateTextLayoutFragments(
    from location: (any NSTextLocation)?, options: NSTextLayoutFragment.EnumerationOptions = [],
    using block: (NSTextLayoutFragment) -> Bool
  ) -> (any NSTextLocation)? {
    guard let manager = textContentManager else { return nil }
    if options.contains(.ensuresExtraLineFragment), manager.documentRange.isEmpty {
      // An empty document has no element: its caret's line is a fragment of its own.
      if let fragment = _emptyDocumentFragment() {
        if options.contains(.ensuresLayout) { fragment._ensureLayout() }
        _ = block(fragment)
      }
      return nil
    }
    let elementOptions: NSTextContentManager.EnumerationOptions = options.contains(.reverse) ? [.reverse] : []
    return manager.enumerateTextElements(from: location, options: elementOptions) { element in
      guard let fragment = _fragment(for: element) else { return true }
      if options.contains(.ensuresLayout) { fragment._ensureLayout() }
      return block(fragment)
    }
  }

  /// The fragment holding `location` (nil at the document's end, which no fragment holds).
  open func textLayoutFragment(for location: any NSTextLocation) -> NSTextLayoutFragment? {
    var found: NSTextLayoutFragment?
    enumerateTextLayoutFragments(from: location, options: []) {
      found = $0
      return false
    }
    return found
  }

  /// The fragment at `position` (container coordinates), or nil where no fragment is.
  open func textLayoutFragment(for position: CGPoint) -> NSTextLayoutFragment? {
    guard let layout = _lineLayout(), layout._tkLineCount > 0, position.y.isFinite else { return nil }
    let count = layout._tkLineCount
    // Above the text: the first fragment; below it: none.
    let line = max(0, layout._tkLine(atY: position.y))
    guard line < count else { return nil }
    let offset = layout._tkLineRange(line).lowerBound
    // The empty line after a final separator is the last fragment's.
    return textLayoutFragment(for: _TextLocation(offset < layout._tkLength ? offset : max(0, offset - 1)))
  }

  /// The rectangle the laid-out text takes in the container: from where its glyphs start
  /// (the line fragment padding) to the widest line's end, from the top to the last line's
  /// bottom (the empty line after a final separator included).
  open var usageBoundsForTextContainer: CGRect {
    guard let layout = _lineLayout(), layout._tkLineCount > 0 else { return .zero }
    let last = layout._tkLineCount - 1
    var left = CGFloat.infinity
    var right = -CGFloat.infinity
    for line in 0...last where layout._tkFragment(onLine: line) != nil {
      let span = _glyphSpan(ofLine: line, in: layout)
      left = min(left, span.left)
      right = max(right, span.right)
    }
    guard left.isFinite else { return .zero }
    return CGRect(x: left, y: 0, width: max(0, right - left), height: layout._tkLineBox(last).bottom)
  }

  // MARK: Layout

  /// Lays out the fragments of `range` (layout here is never deferred: they are laid out when
  /// asked for; this makes them now).
  open func ensureLayout(for range: NSTextRange) {
    enumerateTextLayoutFragments(from: range.location, options: [.ensuresLayout]) { fragment in
      fragment.rangeInElement.location.compare(range.endLocation) == .orderedAscending
    }
  }

  /// Lays out the fragments that `bounds` (container coordinates) crosses.
  open func ensureLayout(for bounds: CGRect) {
    guard let first = textLayoutFragment(for: CGPoint(x: 0, y: max(0, bounds.minY))) else { return }
    enumerateTextLayoutFragments(from: first.rangeInElement.location, options: [.ensuresLayout]) { fragment in
      fragment.layoutFragmentFrame.minY < bounds.maxY
    }
  }

  /// Drops the layout of the fragments of `range`: they are laid out again when next asked for
  /// (a text view lays out its viewport again on its next layout pass).
  open func invalidateLayout(for range: NSTextRange) {
    _view?.setNeedsLayout()
    _view?.setNeedsDisplay()
    _linesBeforeEdit = nil
    guard let offsets = range._offsets else {
      _contentDidChange()
      return
    }
    _standalone = nil
    for fragment in _fragments.values {
      guard let span = fragment._offsets else { continue }
      if span.overlaps(offsets) || span.contains(offsets.lowerBound) || span.lowerBound == offsets.lowerBound {
        fragment.invalidateLayout()
      }
    }
  }

  // MARK: Segments

  /// Calls `block` with the segments of `textRange`, one per line: each one's range (nil with
  /// `.rangeNotRequired`), its frame (container coordinates), its baseline (from the frame's
  /// top) and its container, until `block` answers false. An empty range gives the caret's
  /// segment (zero wide).
  open func enumerateTextSegments(
    in textRange: NSTextRange, type: NSTextLayoutManager.SegmentType, options: NSTextLayoutManager.SegmentOptions = [],
    using block: (NSTextRange?, CGRect, CGFloat, NSTextContainer) -> Bool
  ) {
    guard let container = textContainer, let layout = _lineLayout(), layout._tkLineCount > 0,
      let offsets = textRange._offsets
    else { return }
    let count = layout._tkLineCount
    let length = layout._tkLength
    let range = min(offsets.lowerBound, length)..<min(offsets.upperBound, length)
    var first = layout._tkLineIndex(containing: range.lowerBound)
    // A location where a line wraps is the next line's start, unless the caret is upstream.
    if options.contains(.upstreamAffinity), first > 0, layout._tkLineRange(first).lowerBound == range.lowerBound,
      range.isEmpty, !UITextView._isParagraphBreak(_character(before: range.lowerBound))
    {
      first -= 1
    }
    first = min(first, count - 1)
    var lines: [Int] = []
    var line = first
    while line < count {
      let lineRange = layout._tkLineRange(line)
      if !lines.isEmpty, lineRange.lowerBound >= range.upperBound { break }
      if layout._tkFragment(onLine: line) != nil { lines.append(line) }
      if range.isEmpty { break }
      line += 1
    }
    let padding = _padding
    for (position, line) in lines.enumerated() {
      if options.contains(.middleFragmentsExcluded), position > 0, position < lines.count - 1 { continue }
      let lineRange = layout._tkLineRange(line)
      let box = layout._tkLineBox(line)
      let part = max(lineRange.lowerBound, range.lowerBound)..<min(lineRange.upperBound, range.upperBound)
      var left: CGFloat
      var right: CGFloat
      if range.isEmpty {
        left = layout._tkCaretX(range.lowerBound, line: line)
        right = left
      } else if let span = layout._tkSpan(of: part, onLine: line) {
        (left, right) = span
      } else {
        left = layout._tkCaretX(part.lowerBound, line: line)
        right = left
      }
      if !range.isEmpty {
        let fragment = layout._tkFragment(onLine: line) ?? (0, 0)
        // A selection's line that the range goes on past reaches the line's trailing edge.
        let goesOn = position < lines.count - 1
        if goesOn, type == .selection || options.contains(.tailSegmentExtended) {
          right = max(right, fragment.x + fragment.width - padding)
        }
        if options.contains(.headSegmentExtended), position > 0 { left = min(left, fragment.x + padding) }
      }
      let ascent = _ascent(
        at: part.lowerBound, in: (textContentManager as? NSTextContentStorage)?.textStorage, viewRuns: nil,
        lineHeight: layout._tkLineHeight)
      // Segments are as tall as their line (they tile, line after line); the baseline is
      // where the line's glyphs sit, from the segment's top.
      let frame = CGRect(x: left, y: box.top, width: max(0, right - left), height: box.height)
      let baseline = box.textTop - box.top + ascent
      let segmentRange = options.contains(.rangeNotRequired)
        ? nil : NSTextRange(_offsets: part.isEmpty ? range.lowerBound..<range.lowerBound : part)
      if !block(segmentRange, frame, baseline, container) { return }
    }
  }

  private func _character(before offset: Int) -> Character? {
    guard offset > 0, let storage = (textContentManager as? NSTextContentStorage) else { return nil }
    return storage._textBuffer.character(before: offset)
  }

  // MARK: Rendering attributes (bodies in NSTextLayoutManager+RenderingAttributes.swift)

  /// Attributes drawn over the text without changing it (a highlighter's colours), per range;
  /// nil until some are set. They move with edits.
  var _renderingRuns: _AttributeRuns?

  /// Called for a fragment laid out anew, to set its rendering attributes again (a
  /// highlighter colours the paragraph that changed).
  open var renderingAttributesValidator: ((NSTextLayoutManager, NSTextLayoutFragment) -> Void)?

  /// Replaces the rendering attributes of `textRange` with `renderingAttributes`.
  open func setRenderingAttributes(_ renderingAttributes: [NSAttributedString.Key: Any], for textRange: NSTextRange) {
    _setRenderingAttributes(renderingAttributes, for: textRange)
  }

  /// Adds (or, with nil, removes) one rendering attribute over `textRange`.
  open func addRenderingAttribute(_ renderingAttribute: NSAttributedString.Key, value: Any?, for textRange: NSTextRange) {
    _addRenderingAttribute(renderingAttribute, value: value, for: textRange)
  }

  /// Removes one rendering attribute from `textRange`.
  open func removeRenderingAttribute(_ renderingAttribute: NSAttributedString.Key, for textRange: NSTextRange) {
    _removeRenderingAttribute(renderingAttribute, for: textRange)
  }

  /// Removes the rendering attributes of `textRange`; the fragments there are validated
  /// (``renderingAttributesValidator``) when next laid out.
  open func invalidateRenderingAttributes(for textRange: NSTextRange) {
    _invalidateRenderingAttributes(for: textRange)
  }

  /// Calls `block` with each run of rendering attributes from `location` (cut there) to the
  /// end, or with `reverse` from the location back to the start, until `block` answers false.
  /// Ranges without rendering attributes are passed over.
  open func enumerateRenderingAttributes(
    from location: any NSTextLocation, reverse: Bool,
    using block: (NSTextLayoutManager, [NSAttributedString.Key: Any], NSTextRange) -> Bool
  ) {
    _enumerateRenderingAttributes(from: location, reverse: reverse, using: block)
  }

  /// What links are drawn with unless the delegate says otherwise: the link colour, underlined.
  open class var linkRenderingAttributes: [NSAttributedString.Key: Any] {
    [.foregroundColor: UIColor.link, .underlineStyle: NSUnderlineStyle.single.rawValue]
  }

  /// The attributes the link `link` at `location` is drawn with: the delegate's, or
  /// ``linkRenderingAttributes``.
  open func renderingAttributes(forLink link: Any, at location: any NSTextLocation) -> [NSAttributedString.Key: Any] {
    _renderingAttributes(forLink: link, at: location)
  }

  // MARK: Selections

  private var _textSelections: [NSTextSelection] = []

  /// The selections: in a text view, its selection (setting them selects in the view).
  open var textSelections: [NSTextSelection] {
    get {
      if let view = _view {
        let range = view.selectedRange
        return [NSTextSelection(range: NSTextRange(_offsets: range.location..<(range.location + range.length)), affinity: .downstream, granularity: .character)]
      }
      return _textSelections
    }
    set {
      if let view = _view, let range = newValue.first?.textRanges.first?._offsets {
        view.selectedRange = UTF16Conversion.nsRange(range)
        return
      }
      _textSelections = newValue
    }
  }

  /// The navigation that moves the selections (over this layout manager).
  open lazy var textSelectionNavigation = NSTextSelectionNavigation(dataSource: self)

  // MARK: NSTextSelectionDataSource (bodies in NSTextLayoutManager+NSTextSelectionDataSource.swift)

  /// The content manager's whole document.
  open var documentRange: NSTextRange { textContentManager?.documentRange ?? NSTextRange(location: _TextLocation(0)) }

  /// See ``NSTextSelectionDataSource/enumerateSubstrings(from:options:using:)``.
  open func enumerateSubstrings(
    from location: any NSTextLocation, options: NSString.EnumerationOptions = [],
    using block: (String?, NSTextRange, NSTextRange?, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    _enumerateSubstrings(from: location, options: options, using: block)
  }

  /// See ``NSTextSelectionDataSource/textRange(for:enclosing:)``.
  open func textRange(for selectionGranularity: NSTextSelection.Granularity, enclosing location: any NSTextLocation) -> NSTextRange? {
    _textRange(for: selectionGranularity, enclosing: location)
  }

  /// The location `offset` units from `location` (the content manager's answer).
  open func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)? {
    textContentManager?.location(location, offsetBy: offset)
  }

  /// How many units `to` is after `from` (the content manager's answer).
  open func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int {
    textContentManager?.offset(from: from, to: to) ?? NSNotFound
  }

  /// The writing direction of the paragraph at `location` (from its first strong character).
  open func baseWritingDirection(at location: any NSTextLocation) -> NSTextSelectionNavigation.WritingDirection {
    _baseWritingDirection(at: location)
  }

  /// See ``NSTextSelectionDataSource/enumerateCaretOffsetsInLineFragment(at:using:)``.
  open func enumerateCaretOffsetsInLineFragment(
    at location: any NSTextLocation, using block: (CGFloat, any NSTextLocation, Bool, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    _enumerateCaretOffsets(at: location, using: block)
  }

  /// The range of the line at `point` (container coordinates), its line break included.
  open func lineFragmentRange(for point: CGPoint, inContainerAt location: any NSTextLocation) -> NSTextRange? {
    _lineFragmentRange(for: point)
  }

  // MARK: Editing

  /// Replaces the content of `range` with `textElements` (through the content manager).
  open func replaceContents(in range: NSTextRange, with textElements: [NSTextElement]) {
    textContentManager?.replaceContents(in: range, with: textElements)
  }

  /// Replaces the content of `range` with `attributedString`.
  open func replaceContents(in range: NSTextRange, with attributedString: NSAttributedString) {
    guard let manager = textContentManager else { return }
    if let storage = manager as? NSTextContentStorage, let textStorage = storage.textStorage, let offsets = range._offsets,
      offsets.upperBound <= textStorage.length
    {
      storage.performEditingTransaction {
        textStorage.replaceCharacters(in: UTF16Conversion.nsRange(offsets), with: attributedString)
      }
      return
    }
    manager.replaceContents(in: range, with: [NSTextParagraph(attributedString: attributedString)])
  }
}
