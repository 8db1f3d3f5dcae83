import Foundation

// Lines kept through an edit. TextKit 2 lays out again the whole paragraph an edit touched, and
// in a long paragraph most of its lines did not change: those before the edit (the same range,
// so the same text) and, when lines do not depend on their height across the container (no
// exclusion paths), those after it (the same text, moved by the edit's change in length). A
// line's characters are placed by its text, where it starts and its paragraph's direction
// alone, so the lines laid out just before the edit give them again without measuring: a key
// typed into a paragraph of dozens of lines lays out the line or two it changed.

/// A line's geometry as a layout fragment keeps it.
struct _MeasuredLine {
  /// The characters: ranges from the paragraph's start, x from the glyph span's left.
  var characters: [(range: Range<Int>, left: CGFloat, width: CGFloat)]
  /// Where the glyphs start and end (container coordinates).
  var span: (left: CGFloat, right: CGFloat)
  /// Where the caret stands on a line without characters, from the span's left.
  var emptyCaretX: CGFloat
  /// The ascent of the font at the line's start.
  var ascent: CGFloat
}

/// The lines of a paragraph's fragment as they were laid out just before an edit inside it.
@MainActor
struct _LinesBeforeEdit {
  /// The paragraph's start (an edit inside the paragraph does not move it).
  let paragraphStart: Int
  /// The text the edit replaced (offsets before it) and how much longer it made the text.
  let replaced: Range<Int>
  let delta: Int
  /// Whether lines after the edit may be taken: they may move up or down, which changes
  /// nothing across the container unless exclusion paths shape the lines.
  let keepsLinesAfter: Bool
  /// The paragraph's direction when the lines were laid out.
  let rightToLeft: Bool
  /// The lines, in order (ranges from the paragraph's start), and their fragment's left edge.
  let lines: [NSTextLineFragment]
  let frameMinX: CGFloat

  /// The line laid out before the edit that is line `lineRange` (document offsets) now, moved
  /// by the edit when it comes after it; nil when that line changed or is not known.
  func line(at lineRange: Range<Int>, paragraphStart start: Int) -> _MeasuredLine? {
    guard start == paragraphStart, !lines.isEmpty else { return nil }
    let local = (lineRange.lowerBound - start)..<(lineRange.upperBound - start)
    if lineRange.upperBound <= replaced.lowerBound {
      return find(local).map { measured($0, movedBy: 0) }
    }
    guard keepsLinesAfter, lineRange.lowerBound >= replaced.lowerBound + replaced.count + delta,
      let old = find((local.lowerBound - delta)..<(local.upperBound - delta))
    else { return nil }
    return measured(old, movedBy: delta)
  }

  /// `line`'s geometry, its characters `delta` further in the paragraph.
  private func measured(_ line: NSTextLineFragment, movedBy delta: Int) -> _MeasuredLine {
    let bounds = line.typographicBounds
    let left = frameMinX + bounds.minX
    var characters = line._characters
    if delta != 0 {
      // A loop, not `map`: a closure here would check the main actor's executor per character.
      for index in characters.indices {
        let range = characters[index].range
        characters[index].range = (range.lowerBound + delta)..<(range.upperBound + delta)
      }
    }
    return _MeasuredLine(
      characters: characters, span: (left, left + bounds.width), emptyCaretX: line._emptyCaretX,
      ascent: line.glyphOrigin.y - line._textTop)
  }

  /// The line whose range was `range` (binary search: the lines are in order).
  private func find(_ range: Range<Int>) -> NSTextLineFragment? {
    var low = 0
    var high = lines.count
    while low < high {
      let mid = (low + high) / 2
      if lines[mid].characterRange.location < range.lowerBound { low = mid + 1 } else { high = mid }
    }
    guard low < lines.count else { return nil }
    let found = lines[low].characterRange
    return found.location == range.lowerBound && found.length == range.count ? lines[low] : nil
  }
}

extension NSTextLayoutManager {
  /// An edit of the document: remembered until the layout managers hear which elements it
  /// replaced (several edits before that: none kept).
  func _noteEdit(_ old: Range<Int>, newLength: Int) {
    _linesBeforeEdit = nil
    _editsBeforeSynchronization += 1
    _lastEdit = (old, newLength - old.count)
  }

  /// Keeps the lines of the fragment the edit was in, laid out before it, for the fragment
  /// made for its paragraph now (called before the fragments of `replaced` go).
  func _keepLinesBeforeEdit(of replaced: [NSTextElement]) {
    let revisionBeforeEdit = _revisionBeforeEdit
    defer {
      _editsBeforeSynchronization = 0
      _revisionBeforeEdit = nil
    }
    _linesBeforeEdit = nil
    guard _editsBeforeSynchronization == 1, let edit = _lastEdit else { return }
    var holder: NSTextLayoutFragment?
    for element in replaced {
      guard let fragment = _fragments[ObjectIdentifier(element)], let range = fragment._offsets else { continue }
      if range.contains(edit.old.lowerBound) || (holder == nil && range.upperBound == edit.old.lowerBound) { holder = fragment }
    }
    // Its lines must be the text just before the edit: placed at the current count, or (in a
    // text view, whose lines changed first) at the count before the view's lines changed.
    guard let fragment = holder, let placed = fragment._placedRevision,
      placed == _revision || placed == revisionBeforeEdit,
      let layout = fragment._layout, let start = fragment._offsets?.lowerBound, let rightToLeft = layout.rightToLeft
    else { return }
    _linesBeforeEdit = _LinesBeforeEdit(
      paragraphStart: start, replaced: edit.old, delta: edit.delta,
      keepsLinesAfter: textContainer?.isSimpleRectangularTextContainer ?? true, rightToLeft: rightToLeft, lines: layout.lines,
      frameMinX: layout.frame.minX)
  }

  /// The lines kept for the paragraph `range` laid out now, if its direction (`rightToLeft`
  /// now) is the same.
  func _linesKept(for range: Range<Int>, rightToLeft: Bool) -> _LinesBeforeEdit? {
    guard let kept = _linesBeforeEdit, kept.paragraphStart == range.lowerBound, kept.rightToLeft == rightToLeft else { return nil }
    return kept
  }

  /// The direction of the paragraph starting at `offset`, as its lines are laid out.
  func _paragraphIsRightToLeft(at offset: Int, length: Int) -> Bool {
    guard offset < length else { return false }
    if let view = _view { return view._paragraphIsRightToLeft(at: offset) }
    return (textContentManager as? NSTextContentStorage)?._textBuffer.paragraphIsRightToLeft(containing: offset) ?? false
  }
}
