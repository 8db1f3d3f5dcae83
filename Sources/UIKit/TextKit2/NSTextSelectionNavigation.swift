import Foundation
import TextEditing

/// Moves, extends and makes selections as the keyboard and pointer do in TextKit 2: by
/// characters, words, lines, sentences, paragraphs, to the document's ends, by clicks. It
/// reads the document through its data source (a text layout manager).
@preconcurrency @MainActor
open class NSTextSelectionNavigation: NSObject {
  /// Which way a selection moves.
  public enum Direction: Int, Sendable {
    case forward = 0, backward = 1, right = 2, left = 3, up = 4, down = 5
  }
  /// How far a selection moves.
  public enum Destination: Int, Sendable {
    case character = 0, word = 1, line = 2, sentence = 3, paragraph = 4, container = 5, document = 6
  }
  /// How a click makes its selection.
  public struct Modifier: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// From the anchors to the click (Shift).
    public static let extend = Modifier(rawValue: 1 << 0)
    /// Visual rather than logical order.
    public static let visual = Modifier(rawValue: 1 << 1)
    /// A selection added to the others.
    public static let multiple = Modifier(rawValue: 1 << 2)
  }
  /// A paragraph's writing direction.
  public enum WritingDirection: Int, Sendable {
    case leftToRight = 0, rightToLeft = 1
  }
  /// How text is laid out.
  public enum LayoutOrientation: Int, Sendable {
    case horizontal = 0, vertical = 1
  }

  /// What the document is read through (held weakly).
  open private(set) weak var textSelectionDataSource: (any NSTextSelectionDataSource)?
  /// Whether a click with `.multiple` adds a range to a selection (false).
  open var allowsNonContiguousRanges = false
  /// Whether up and down follow a vertical layout's lines (false; text is horizontal here).
  open var rotatesCoordinateSystemForLayoutOrientation = false

  /// Navigation over `dataSource`'s document.
  public init(dataSource: any NSTextSelectionDataSource) {
    textSelectionDataSource = dataSource
    super.init()
  }

  /// Forgets what was read of the layout (nothing is kept between calls here).
  open func flushLayoutCache() {}

  // MARK: Moving

  /// Where `textSelection` goes when moved (or, `extending`, grown) in `direction` by
  /// `destination`; `confined` keeps it within its paragraph. Nil without a data source or a
  /// range.
  open func destinationSelection(
    for textSelection: NSTextSelection, direction: Direction, destination: Destination, extending: Bool, confined: Bool
  ) -> NSTextSelection? {
    guard let source = textSelectionDataSource, let first = textSelection.textRanges.first,
      let last = textSelection.textRanges.last
    else { return nil }
    let start = _offset(first.location, source)
    let end = _offset(last.endLocation, source)
    let logical = _logical(direction, at: first.location, source)
    // Up and down move between lines by character; by larger units they are logical moves.
    if direction == .up || direction == .down, destination == .character {
      return _verticalMove(textSelection, down: direction == .down, start: start, end: end, extending: extending, source)
    }
    let forward = logical == .forward
    if !extending, start != end, destination == .character {
      // A selection collapses to the end it moves toward.
      return _caret(forward ? end : start, like: textSelection, source)
    }
    // Growing: the far end moves by characters, the near end backward by larger units.
    let head = extending ? (forward || destination == .character ? end : start) : (forward ? end : start)
    var target = _move(head, forward: forward, by: destination, source)
    if confined, let paragraph = source.textRange(for: .paragraph, enclosing: _location(min(head, max(0, _length(source) - 1)), source)) {
      let bounds = _offset(paragraph.location, source)..._offset(paragraph.endLocation, source)
      target = min(max(target, bounds.lowerBound), bounds.upperBound)
    }
    // The end of a line that wraps is the line before's (upstream).
    let affinity: NSTextSelection.Affinity = destination == .line && forward && target < _length(source) ? .upstream : .downstream
    guard extending else { return _caret(target, like: textSelection, source, affinity: affinity) }
    let anchor = head == end ? start : end
    let range = min(anchor, target)..<max(anchor, target)
    let affinityOfRange: NSTextSelection.Affinity = !forward && destination != .character ? .upstream : affinity
    return _selection(range, like: textSelection, source, affinity: affinityOfRange)
  }

  /// The ranges a deletion from `textSelection` removes: the selection's own ranges, or from a
  /// caret to where it would move in `direction` by `destination`. With `allowsDecomposition`,
  /// a backward deletion by character removes the last scalar of a cluster.
  open func deletionRanges(
    for textSelection: NSTextSelection, direction: Direction, destination: Destination, allowsDecomposition: Bool
  ) -> [NSTextRange] {
    guard let source = textSelectionDataSource else { return [] }
    let ranges = textSelection.textRanges.filter { !$0.isEmpty }
    if !ranges.isEmpty { return ranges }
    guard let caret = textSelection.textRanges.first else { return [] }
    let at = _offset(caret.location, source)
    let forward = _logical(direction, at: caret.location, source) == .forward
    var target = _move(at, forward: forward, by: destination, source)
    if allowsDecomposition, !forward, destination == .character, at > 0,
      let cluster = source.textRange(for: .character, enclosing: _location(at - 1, source))
    {
      // One scalar of the cluster: what its last scalar takes in UTF-16.
      let clusterStart = _offset(cluster.location, source)
      if at - clusterStart > 1, let text = _text(source) {
        target = at - (UTF16.isTrailSurrogate(text[utf16: at - 1]) ? 2 : 1)
      }
    }
    guard target != at else { return [] }
    return [_range(min(at, target)..<max(at, target), source)]
  }

  // MARK: Clicks

  /// The selections a click at `point` (container coordinates) makes: a caret at the nearest
  /// insertion point, or with `.extend` a range from the anchors to it. None in an empty
  /// document.
  open func textSelections(
    interactingAt point: CGPoint, inContainerAt containerLocation: any NSTextLocation, anchors: [NSTextSelection],
    modifiers: Modifier, selecting: Bool, bounds: CGRect
  ) -> [NSTextSelection] {
    guard let source = textSelectionDataSource, _length(source) > 0,
      let at = _insertionPoint(at: point, containerLocation, source)
    else { return [] }
    if modifiers.contains(.extend), let anchor = anchors.first, let range = anchor.textRanges.first {
      let start = _offset(range.location, source)
      let end = _offset(range.endLocation, source)
      let fixed = at < start ? end : start
      return [_selection(min(fixed, at)..<max(fixed, at), like: anchor, source, affinity: .downstream)]
    }
    let caret = NSTextSelection(_location(at, source), affinity: .downstream)
    if modifiers.contains(.multiple), allowsNonContiguousRanges { return anchors + [caret] }
    return [caret]
  }

  /// `textSelection` grown to whole units of `selectionGranularity` (words, paragraphs…).
  open func textSelection(for selectionGranularity: NSTextSelection.Granularity, enclosing textSelection: NSTextSelection) -> NSTextSelection {
    guard let source = textSelectionDataSource, let first = textSelection.textRanges.first, let last = textSelection.textRanges.last
    else { return textSelection }
    let startRange = source.textRange(for: selectionGranularity, enclosing: first.location)
    let endLocation = last.isEmpty ? last.endLocation : (source.location(last.endLocation, offsetBy: -1) ?? last.endLocation)
    let endRange = source.textRange(for: selectionGranularity, enclosing: endLocation)
    let start = startRange.map { _offset($0.location, source) } ?? _offset(first.location, source)
    let end = endRange.map { _offset($0.endLocation, source) } ?? _offset(last.endLocation, source)
    let selection = NSTextSelection([_range(start..<max(start, end), source)], affinity: textSelection.affinity, granularity: selectionGranularity)
    selection.typingAttributes = textSelection.typingAttributes
    return selection
  }

  /// The unit of `selectionGranularity` at `point` (a double click's word); nil where there is
  /// no text.
  open func textSelection(
    for selectionGranularity: NSTextSelection.Granularity, enclosing point: CGPoint, inContainerAt location: any NSTextLocation
  ) -> NSTextSelection? {
    guard let source = textSelectionDataSource, let at = _insertionPoint(at: point, location, source, roundingDown: true),
      _length(source) > 0
    else { return nil }
    guard let range = source.textRange(for: selectionGranularity, enclosing: _location(min(at, _length(source) - 1), source)) else { return nil }
    return NSTextSelection(range: range, affinity: .downstream, granularity: selectionGranularity)
  }

  /// Where text typed at `textSelection` goes: its first range's start (the caret).
  open func resolvedInsertionLocation(for textSelection: NSTextSelection, writingDirection: WritingDirection) -> (any NSTextLocation)? {
    textSelection.textRanges.first?.location
  }

  // MARK: Helpers

  private func _length(_ source: any NSTextSelectionDataSource) -> Int {
    _offset(source.documentRange.endLocation, source)
  }

  private func _offset(_ location: any NSTextLocation, _ source: any NSTextSelectionDataSource) -> Int {
    source.offset(from: source.documentRange.location, to: location)
  }

  private func _location(_ offset: Int, _ source: any NSTextSelectionDataSource) -> any NSTextLocation {
    source.location(source.documentRange.location, offsetBy: offset) ?? source.documentRange.endLocation
  }

  private func _range(_ range: Range<Int>, _ source: any NSTextSelectionDataSource) -> NSTextRange {
    NSTextRange(location: _location(range.lowerBound, source), end: _location(range.upperBound, source))!
  }

  private func _caret(
    _ offset: Int, like selection: NSTextSelection, _ source: any NSTextSelectionDataSource, affinity: NSTextSelection.Affinity = .downstream
  ) -> NSTextSelection {
    _selection(offset..<offset, like: selection, source, affinity: affinity)
  }

  private func _selection(
    _ range: Range<Int>, like selection: NSTextSelection, _ source: any NSTextSelectionDataSource, affinity: NSTextSelection.Affinity
  ) -> NSTextSelection {
    let made = NSTextSelection([_range(range, source)], affinity: affinity, granularity: .character)
    made.typingAttributes = selection.typingAttributes
    return made
  }

  /// Left and right as forward or backward in the paragraph's direction; up and down as
  /// backward and forward.
  private func _logical(_ direction: Direction, at location: any NSTextLocation, _ source: any NSTextSelectionDataSource) -> Direction {
    switch direction {
    case .forward, .down: return .forward
    case .backward, .up: return .backward
    case .right: return source.baseWritingDirection(at: location) == .rightToLeft ? .backward : .forward
    case .left: return source.baseWritingDirection(at: location) == .rightToLeft ? .forward : .backward
    }
  }

  /// Where `offset` goes moving one `destination` forward or backward.
  private func _move(_ offset: Int, forward: Bool, by destination: Destination, _ source: any NSTextSelectionDataSource) -> Int {
    let length = _length(source)
    switch destination {
    case .document, .container:
      return forward ? length : 0
    case .character:
      guard forward ? offset < length : offset > 0,
        let cluster = source.textRange(for: .character, enclosing: _location(forward ? offset : offset - 1, source))
      else { return offset }
      return forward ? _offset(cluster.endLocation, source) : _offset(cluster.location, source)
    case .word, .sentence:
      let options: NSString.EnumerationOptions = destination == .word ? ._byWords : ._bySentences
      return _nextBoundary(from: offset, forward: forward, options: options, source) ?? (forward ? length : 0)
    case .line, .paragraph:
      let granularity: NSTextSelection.Granularity = destination == .line ? .line : .paragraph
      guard length > 0, let unit = source.textRange(for: granularity, enclosing: _location(min(offset, length - 1), source)) else { return offset }
      let start = _offset(unit.location, source)
      let end = _beforeBreak(_offset(unit.endLocation, source), start: start, source)
      if forward { return offset == end && end < length ? _move(end + 1, forward: true, by: destination, source) : end }
      return offset == start && start > 0 ? _move(start - 1, forward: false, by: destination, source) : start
    }
  }

  /// The end of the next word (sentence) after `offset`, or the start of the one before it.
  private func _nextBoundary(
    from offset: Int, forward: Bool, options: NSString.EnumerationOptions, _ source: any NSTextSelectionDataSource
  ) -> Int? {
    var found: Int?
    let from = _location(offset, source)
    source.enumerateSubstrings(from: from, options: forward ? options : options.union(.reverse)) { _, range, _, stop in
      let start = _offset(range.location, source)
      let end = _offset(range.endLocation, source)
      if forward, end > offset {
        found = end
        stop.pointee = true
      } else if !forward, start < offset {
        found = start
        stop.pointee = true
      }
    }
    return found
  }

  /// A caret moved to the line above or below, at its anchor's x.
  private func _verticalMove(
    _ selection: NSTextSelection, down: Bool, start: Int, end: Int, extending: Bool, _ source: any NSTextSelectionDataSource
  ) -> NSTextSelection? {
    let length = _length(source)
    // Growing, the selection's end moves (up or down) and its start stays.
    let head = extending ? end : (down ? end : start)
    guard length > 0, let line = source.textRange(for: .line, enclosing: _location(min(head, length - 1), source)) else {
      return _caret(head, like: selection, source)
    }
    let lineStart = _offset(line.location, source)
    let lineEnd = _offset(line.endLocation, source)
    let x = selection.anchorPositionOffset != 0 ? selection.anchorPositionOffset : _caretX(head, source)
    var target: Int
    if down {
      target = lineEnd >= length ? length : _nearestCaret(toX: x, onLineAt: lineEnd, source)
    } else {
      target = lineStart == 0 ? 0 : _nearestCaret(toX: x, onLineAt: lineStart - 1, source)
    }
    target = min(max(0, target), length)
    let made: NSTextSelection
    if extending {
      let anchor = start
      made = _selection(min(anchor, target)..<max(anchor, target), like: selection, source, affinity: .downstream)
    } else {
      made = _caret(target, like: selection, source)
    }
    made.anchorPositionOffset = x
    return made
  }

  /// The caret places on the line at `offset`, left to right: each one's x and offset.
  private func _caretPlaces(onLineAt offset: Int, _ source: any NSTextSelectionDataSource) -> [(x: CGFloat, offset: Int)] {
    var places: [(x: CGFloat, offset: Int)] = []
    source.enumerateCaretOffsetsInLineFragment(at: _location(offset, source)) { x, location, leadingEdge, _ in
      let at = _offset(location, source)
      places.append((x, leadingEdge ? at : (source.textRange(for: .character, enclosing: location).map { _offset($0.endLocation, source) } ?? at)))
    }
    return places
  }

  private func _caretX(_ offset: Int, _ source: any NSTextSelectionDataSource) -> CGFloat {
    let places = _caretPlaces(onLineAt: min(offset, max(0, _length(source) - 1)), source)
    return places.first { $0.offset == offset }?.x ?? places.last?.x ?? 0
  }

  private func _nearestCaret(toX x: CGFloat, onLineAt offset: Int, _ source: any NSTextSelectionDataSource) -> Int {
    let places = _caretPlaces(onLineAt: offset, source)
    return places.min { abs($0.x - x) < abs($1.x - x) }?.offset ?? offset
  }

  /// The insertion point nearest `point` on the line there (`roundingDown`: the character
  /// under it).
  private func _insertionPoint(
    at point: CGPoint, _ containerLocation: any NSTextLocation, _ source: any NSTextSelectionDataSource, roundingDown: Bool = false
  ) -> Int? {
    guard let line = source.lineFragmentRange(for: point, inContainerAt: containerLocation) else { return nil }
    let lineStart = _offset(line.location, source)
    let places = _caretPlaces(onLineAt: min(lineStart, max(0, _length(source) - 1)), source)
    if roundingDown, let under = zip(places, places.dropFirst()).first(where: { point.x >= $0.0.x && point.x < $0.1.x }) {
      return min(under.0.offset, under.1.offset)
    }
    let nearest = places.min { abs($0.x - point.x) < abs($1.x - point.x) }?.offset ?? lineStart
    // Past a line that ends with a break: before the break.
    let lineEnd = _offset(line.endLocation, source)
    return nearest == lineEnd ? _beforeBreak(lineEnd, start: lineStart, source) : nearest
  }

  /// The characters of a text layout manager's content storage (nil for another data source).
  private func _text(_ source: any NSTextSelectionDataSource) -> TextBuffer? {
    ((source as? NSTextLayoutManager)?.textContentManager as? NSTextContentStorage)?._textBuffer
  }

  /// `end` (of a line or paragraph starting at `start`) moved before the line break it
  /// follows, if any.
  private func _beforeBreak(_ end: Int, start: Int, _ source: any NSTextSelectionDataSource) -> Int {
    guard end > start, let text = _text(source), let last = text.character(before: end), UITextView._isParagraphBreak(last) else {
      return end
    }
    return end - last.utf16.count
  }
}
