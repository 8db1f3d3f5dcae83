import Foundation
import TextEditing

/// A text view's visual lines: where each line starts (UTF-16 offsets of the text), wrapped
/// greedily at `width` points — after spaces, after wide (CJK) characters, and inside a word
/// only when the word alone is wider than the line. A line feed (or CR LF) ends its line and
/// belongs to it; the text after a final line feed is an empty last line.
///
/// Greedy wrapping from a line start depends only on the text after it, so an edit rewraps
/// from the line before the edit until a line start coincides with an old one past the edit
/// (or, in one long paragraph, until a seam a screenful below it): typing costs the lines it
/// touches, not the length of the text.
struct TextViewLayout {
  /// The start of every visual line as stored: entries from `shiftFrom` on are `shift` short
  /// of their value. Typing moves line starts after the caret by one unit per key; keeping that
  /// move pending (and moving the boundary only as far as the next edit is from the last) keeps
  /// a keystroke from touching every line of a long text.
  private var starts: [Int] = [0]
  private var shiftFrom = 1
  private var shift = 0
  /// The UTF-16 length of the text laid out.
  private(set) var length = 0
  /// The width lines were wrapped at (points).
  private(set) var width: CGFloat = 0

  /// The width of one character as drawn (a tab draws as one space).
  typealias Measure = (Character) -> CGFloat

  var lineCount: Int { starts.count }

  /// Where line `index` starts (UTF-16 offset).
  func start(ofLine index: Int) -> Int { starts[index] + (index >= shiftFrom ? shift : 0) }

  /// Every line start, ascending (for tests: O(lines)).
  var lineStarts: [Int] { starts.indices.map(start(ofLine:)) }

  /// The line holding `offset` (a caret at a soft line break belongs to the line after it).
  func lineIndex(containing offset: Int) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if start(ofLine: mid) <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The UTF-16 range of line `index`, its line break included.
  func lineRange(_ index: Int) -> Range<Int> {
    start(ofLine: index)..<(index + 1 < starts.count ? start(ofLine: index + 1) : length)
  }

  /// Lays the whole text out anew at `width`.
  mutating func rebuild(_ text: TextBuffer, width: CGFloat, measure: @escaping Measure) {
    rebuild(text, width: width, metrics: Metrics(measure))
  }

  /// Lays the whole text out anew at `width`.
  mutating func rebuild(_ text: TextBuffer, width: CGFloat, metrics: Metrics) {
    self.width = width
    length = text.utf16Count
    var starts = [0]
    Self.wrap(text, from: 0, width: width, metrics: metrics) { start in
      starts.append(start)
      return false
    }
    self.starts = starts
    shiftFrom = starts.count
    shift = 0
  }

  /// Moves the boundary of the pending shift to `index`, storing the values in between.
  private mutating func moveShiftBoundary(to index: Int) {
    if index < shiftFrom {
      for i in index..<shiftFrom { starts[i] -= shift }
    } else if index > shiftFrom {
      for i in shiftFrom..<index { starts[i] += shift }
    }
    shiftFrom = index
  }

  /// Updates the lines for `edit` (a range of the old text and its replacement), `text` being
  /// the text after it.
  ///
  /// In one long paragraph the new wrapping may never fall back into step with the old one (a
  /// periodic text wraps out of phase for ever). After `seamAfter` lines past the edit the
  /// rewrap stops at a *seam*: the next line ends at the old line start that comes first, which
  /// makes that one line shorter than greedy wrapping would (it never overflows), and the old
  /// lines after it stay. A keystroke's cost is bounded that way; a full layout (new text, width
  /// or font) removes the seams.
  mutating func update(after edit: TextEdit, in text: TextBuffer, measure: @escaping Measure, seamAfter: Int = 32) {
    update(after: edit, in: text, metrics: Metrics(measure), seamAfter: seamAfter)
  }

  /// Updates the lines for `edit`, measuring with `metrics` (see ``update(after:in:measure:seamAfter:)``).
  mutating func update(after edit: TextEdit, in text: TextBuffer, metrics: Metrics, seamAfter: Int = 32) {
    let delta = edit.lengthDelta
    // Wrapping restarts at the line before the edit: deleting may let a word move up.
    let first = max(0, lineIndex(containing: edit.range.lowerBound) - 1)
    let restart = start(ofLine: first)
    // Old line starts that follow the edited text keep their text after them; in new offsets.
    var next = lineIndex(containing: edit.range.upperBound)
    while next < starts.count, start(ofLine: next) < edit.range.upperBound { next += 1 }
    let firstCandidate = next
    let insertedEnd = edit.range.lowerBound + edit.replacementUTF16Count
    var fresh: [Int] = []
    var converged = starts.count
    let count = starts.count
    var linesPastEdit = 0
    Self.wrap(text, from: restart, width: width, metrics: metrics) { start in
      while next < count, self.start(ofLine: next) + delta < start { next += 1 }
      if start >= insertedEnd, next < count, self.start(ofLine: next) + delta == start {
        converged = next
        return true
      }
      if start >= insertedEnd { linesPastEdit += 1 }
      // A seam: the old line start just before `start` ends the last line early.
      if linesPastEdit > seamAfter, next - 1 >= firstCandidate,
        self.start(ofLine: next - 1) + delta > (fresh.last ?? restart)
      {
        converged = next - 1
        return true
      }
      fresh.append(start)
      return false
    }
    if converged <= first {
      // Only an insertion at the very start converges on a line it rewrapped from (the old
      // first line, now after the inserted text): rebuild the list.
      let all = lineStarts
      starts = Array(all[...first]) + fresh + all[converged...].map { $0 + delta }
      shiftFrom = starts.count
      shift = 0
      length = text.utf16Count
      return
    }
    // The lines from `converged` on move by `delta`: pending, like the shift before them.
    moveShiftBoundary(to: converged)
    shift += delta
    starts.replaceSubrange((first + 1)..<converged, with: fresh)
    shiftFrom = first + 1 + fresh.count
    length = text.utf16Count
  }

  /// Wraps `text` from `start` (a line start), calling `emit` with the start of each following
  /// line until the text ends or `emit` returns true.
  static func wrap(_ text: TextBuffer, from start: Int, width: CGFloat, measure: @escaping Measure, emit: (Int) -> Bool) {
    wrap(text, from: start, width: width, metrics: Metrics(measure), emit: emit)
  }

  /// Wraps `text` from `start` (a line start) with `metrics`, calling `emit` with the start of
  /// each following line until the text ends or `emit` returns true.
  ///
  /// Reads UTF-16 units: an ASCII character that the next unit cannot join (see
  /// ``standsAlone(_:)``: below U+0300, where combining marks, joiners and variation selectors
  /// begin, or a CJK ideograph) is a cluster of its own, measured from the table (typing and
  /// prose are mostly that, and a `Character` costs the standard library's grapheme breaking),
  /// and so is such a Latin letter or ideograph between neighbours it cannot join; anything
  /// else is read as `Character`s, up to the next cluster boundary before an ASCII unit.
  static func wrap(_ text: TextBuffer, from start: Int, width: CGFloat, metrics: Metrics, emit: (Int) -> Bool) {
    let length = text.utf16Count
    // A view not laid out yet has no width: nothing wraps (rather than a line per character).
    let width = width > 0 ? width : .infinity
    let ascii = metrics.ascii
    var offset = start
    var lineStart = start
    var x: CGFloat = 0
    // The last place a line may break (after a space or a wide character), and the width of
    // the line up to it.
    var breakOffset: Int?
    var breakX: CGFloat = 0
    /// One cluster of `units` units and width `w` that is not a line break; true when `emit`
    /// asked to stop.
    @inline(__always) func place(units: Int, w: CGFloat, isSpace: Bool, breaksAfter: Bool) -> Bool {
      // Spaces may hang past the edge; anything else starts a new line there.
      while x + w > width, offset > lineStart, !isSpace {
        let at = breakOffset ?? offset
        x = breakOffset == nil ? 0 : x - breakX
        lineStart = at
        breakOffset = nil
        if emit(at) { return true }
      }
      x += w
      offset += units
      if breaksAfter {
        breakOffset = offset
        breakX = x
      }
      return false
    }
    /// A line break of `units` units; true when `emit` asked to stop.
    @inline(__always) func lineBreak(units: Int) -> Bool {
      offset += units
      lineStart = offset
      x = 0
      breakOffset = nil
      return emit(offset)
    }
    // Read in chunks that end on cluster boundaries and grow (an edit usually converges within
    // a line or two), so that a paragraph of a megabyte is never copied whole.
    var chunk = 256
    while offset < length {
      let chunkStart = offset
      let end = text.clusterBoundary(roundingUp: min(length, offset + chunk))
      chunk = min(chunk * 2, 8192)
      let units = text.units(in: chunkStart..<end)
      let count = units.count
      var i = 0
      while i < count {
        let unit = units[i]
        let next: UInt16 = i + 1 < count ? units[i + 1] : 0
        if unit < 0x80, Self.standsAlone(next) {
          switch unit {
          case 0x0D where next == 0x0A:
            if lineBreak(units: 2) { return }
            i += 2
          case 0x0A...0x0D:
            if lineBreak(units: 1) { return }
            i += 1
          default:
            if place(units: 1, w: ascii[Int(unit)], isSpace: unit == 0x20, breaksAfter: unit == 0x20 || unit == 0x09) { return }
            i += 1
          }
          continue
        }
        if unit >= 0x80, Self.standsAlone(unit), Self.standsAlone(next) {
          // A letter of Latin-1 or Latin Extended, or a CJK ideograph, between neighbours it
          // cannot join: a cluster of one unit, its width remembered.
          if unit == 0x85 {
            if lineBreak(units: 1) { return }
          } else {
            let (w, wide) = metrics.width(ofUnit: unit)
            if place(units: 1, w: w, isSpace: false, breaksAfter: wide) { return }
          }
          i += 1
          continue
        }
        // Up to the next ASCII unit; a boundary there is certain but after a prepended mark,
        // which rounding up to a cluster boundary covers.
        var j = i + 1
        while j < count, units[j] >= 0x80 { j += 1 }
        let segmentEnd = j < count ? text.clusterBoundary(roundingUp: chunkStart + j) : end
        for character in text.substring(offset..<segmentEnd) {
          let n = character.utf16.count
          if character.isNewline {
            if lineBreak(units: n) { return }
            continue
          }
          let (w, breaksAfter) = metrics.width(of: character)
          if place(units: n, w: w, isSpace: n == 1 && character.utf16.first == 0x20, breaksAfter: breaksAfter) { return }
        }
        i = segmentEnd - chunkStart
      }
    }
  }

  /// Whether `unit` is a whole scalar that forms a grapheme cluster with no neighbour: below
  /// U+0300 (where combining marks begin; nothing there is a prepended mark or a Hangul jamo)
  /// or a CJK unified ideograph (0 for the end of a chunk, which is a cluster boundary).
  @inline(__always) static func standsAlone(_ unit: UInt16) -> Bool {
    unit < 0x300 || (0x4E00...0x9FFF).contains(unit) || (0x3400...0x4DBF).contains(unit)
  }

  /// How wide characters are drawn: `measure`, its answers for the ASCII characters, which
  /// ``wrap(_:from:width:metrics:emit:)`` reads from a table, and those for other one-unit
  /// characters as they come.
  struct Metrics {
    let measure: Measure
    /// `measure` of each ASCII character, by its value.
    let ascii: [CGFloat]
    private let remembered = Remembered()

    /// Widths of one-unit characters measured so far, and whether a line may break after each.
    private final class Remembered {
      var widths: [UInt16: (w: CGFloat, breaksAfter: Bool)] = [:]
      /// Other clusters (emoji sequences, letters with combining marks), by their UTF-16 units
      /// (a `Character` key would be normalized to be hashed); at most `clusterLimit`.
      var clusters: [[UInt16]: (w: CGFloat, breaksAfter: Bool)] = [:]
      static let clusterLimit = 4096
    }

    init(_ measure: @escaping Measure) {
      self.measure = measure
      ascii = (0..<128).map { measure(Character(Unicode.Scalar(UInt8($0)))) }
    }

    /// The width of the character that is the one unit `unit` (not a surrogate), and whether
    /// a line may break after it (after a wide character that is not an emoji, as in CJK text).
    func width(ofUnit unit: UInt16) -> (w: CGFloat, breaksAfter: Bool) {
      if let known = remembered.widths[unit] { return known }
      let character = Character(Unicode.Scalar(unit)!)
      let w = measure(character)
      let answer = (w, w > 0 && TextWidth.columns(of: character) == 2 && !character._isEmojiLike)
      remembered.widths[unit] = answer
      return answer
    }

    /// The width of `character` (not a line break), and whether a line may break after it
    /// (after a space, a tab, or a wide character that is not an emoji).
    func width(of character: Character) -> (w: CGFloat, breaksAfter: Bool) {
      let key = Array(character.utf16)
      if let known = remembered.clusters[key] { return known }
      let w = measure(character)
      let wide = w > 0 && TextWidth.columns(of: character) == 2 && !character._isEmojiLike
      let answer = (w, character == " " || character == "\t" || wide)
      if remembered.clusters.count >= Remembered.clusterLimit { remembered.clusters.removeAll(keepingCapacity: true) }
      remembered.clusters[key] = answer
      return answer
    }
  }
}

extension Character {
  /// Whether the character is drawn as an emoji (no line break opportunity after it, unlike
  /// CJK ideographs of the same width).
  var _isEmojiLike: Bool {
    unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.properties.isEmoji && $0.value > 0x2000 }
  }
}
