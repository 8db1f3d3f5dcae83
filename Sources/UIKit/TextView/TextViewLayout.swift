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
  /// Whether some line ends at a seam (see ``update(after:in:metrics:seamAfter:)``) rather than
  /// where greedy wrapping puts its end; until the next full layout. Without seams every line
  /// end is greedy, which lets an edit leave the line before its own alone (see
  /// `lineBeforeStays`).
  private var hasSeams = false
  /// Each line's fragment when lines flow around a container's exclusion paths (see
  /// ``rebuild(_:width:padding:metrics:fragment:)``); nil when every line is `width` wide.
  /// ``update(after:in:metrics:seamAfter:)`` wraps at one width: such a layout is made anew.
  private(set) var fragments: [Fragment]?
  /// What the fragments were asked for beyond the width (a text view's container height).
  var fragmentsHeight: CGFloat = 0
  /// Each line's vertical box when paragraph styles give lines heights or spacing of their own
  /// (see ``rebuild(_:width:padding:metrics:lineHeight:rowHeight:fragment:)``); nil when line
  /// `i` is `lineHeight` tall at `i × lineHeight`.
  private(set) var boxes: [LineBox]?

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
    hasSeams = false
    fragments = nil
    boxes = nil
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
    // Wrapping restarts at the line before the edit (deleting may let a word move up), or at the
    // edit's own line when nothing the line before depends on changed (see `lineBeforeStays`):
    // the units from there are read once, for that question and for the wrap.
    let editLine = lineIndex(containing: edit.range.lowerBound)
    var first = max(0, editLine - 1)
    var firstChunk: (units: [UInt16], start: Int)?
    if editLine > 0 {
      let lineStart = start(ofLine: editLine)
      let editStart = edit.range.lowerBound
      // Whether the edit leaves the first cluster of its line and the boundary after it alone
      // (a unit standing alone followed by another, or a cluster whose end the units settle,
      // before the edit).
      var firstClusterStays = false
      if editStart >= lineStart + 2 {
        let from = max(0, lineStart - 2)
        let units = Self.units(of: text, from: from, toBoundaryAtOrAfter: min(text.utf16Count, lineStart + 256))
        let relative = lineStart - from
        firstClusterStays =
          relative + 1 < units.count && Self.standsAlone(units[relative]) && Self.standsAlone(units[relative + 1])
          || relative < units.count && Self.certainClusterEnd(in: units, from: relative).map { $0 < editStart - from } ?? false
        if !hasSeams, Self.lineBeforeStays(units, lineStart: relative, editStart: editStart - from) {
          first = editLine
          firstChunk = (units, from)
        }
      }
      // A line broken inside a word (no break opportunity in it) ends where its word stopped
      // fitting, and the line before it ended where that word, after the line's text, stopped
      // fitting: at the latest at the same cluster, the first of the edit's line. An edit there
      // may change the line two before the edit's (a word that now ends sooner moves up): the
      // wrap restarts one line earlier, unless the line before ends with a line feed.
      if first == editLine - 1, editLine >= 2, !firstClusterStays, text[utf16: lineStart - 1] != 0x0A {
        first = editLine - 2
      }
    }
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
    var seamed = false
    Self.wrap(text, from: restart, width: width, metrics: metrics, firstChunk: firstChunk) { start in
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
        seamed = true
        return true
      }
      fresh.append(start)
      return false
    }
    if seamed { hasSeams = true }
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

  /// Whether an edit from `editStart` leaves the line that ends at `lineStart` as greedy
  /// wrapping had it (`units`: the text from two units before `lineStart`, or its start, to past
  /// the edit's start, indices relative to it; `lineStart < editStart`). The old lines being
  /// greedy (no seams), that line ended at `lineStart` because a cluster *c* at or after it did
  /// not fit, with no break opportunity between `lineStart` and *c*; its end depends on the text
  /// up to *c* only. Two cases bound *c* before the edit, the units up to there (and the
  /// clusters they make) being the same before and after it:
  /// - a space or tab that is a cluster of its own follows `lineStart`, one unit before the
  ///   edit at least: a break opportunity, so *c* comes before it;
  /// - the line before ends with an ASCII letter standing alone (not a break opportunity: the
  ///   line was broken inside a word, at *c* itself) and the edit's line starts with one, one
  ///   unit before the edit at least: *c* is that letter;
  /// - the line before ends with an emoji scalar (a cluster holding one is no break
  ///   opportunity: see `Metrics`), and the edit's line starts with a cluster whose end the
  ///   units settle, two units before the edit at least: *c* is that cluster.
  /// Otherwise (an edit in a line's first word, after a line break or a CJK character) the
  /// wrap restarts at the line before, as it always did.
  static func lineBeforeStays(_ units: [UInt16], lineStart: Int, editStart: Int) -> Bool {
    let count = units.count
    // Forced break: ... x | y z ... with x and y ASCII letters or signs, alone.
    if lineStart >= 1, lineStart + 1 < editStart, lineStart + 1 < count,
      (0x21...0x7E).contains(units[lineStart - 1]), (0x21...0x7E).contains(units[lineStart]),
      lineStart == 1 || standsAlone(units[lineStart - 2]), standsAlone(units[lineStart + 1])
    {
      return true
    }
    // Forced break after an emoji: ... 👍🏽 | c ... The cluster that ends at the line's start ends
    // with an emoji scalar, so `Metrics` gives it no break opportunity: the line before ended
    // where c, the first cluster of the edit's line, did not fit. The units settle c's end
    // (`certainClusterEnd`), and c and the scalar after it lie before the edit.
    if lineStart >= 2, (0xDC00...0xDFFF).contains(units[lineStart - 1]), (0xD800...0xDBFF).contains(units[lineStart - 2]) {
      let value = 0x10000 + (UInt32(units[lineStart - 2] & 0x3FF) << 10) + UInt32(units[lineStart - 1] & 0x3FF)
      if let scalar = Unicode.Scalar(value), scalar.properties.isEmoji,
        let end = certainClusterEnd(in: units, from: lineStart), end + 2 <= editStart
      {
        return true
      }
    }
    // A lone space or tab after the line's start, followed by a unit before the edit.
    var i = lineStart
    let end = min(editStart - 1, count - 1)
    while i < end {
      let u = units[i]
      if u == 0x20 || u == 0x09, standsAlone(units[i + 1]), i == lineStart || standsAlone(units[i - 1]) { return true }
      i += 1
    }
    return false
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
  ///
  /// `firstChunk`: the text's units from `firstChunk.start` (at or before `start`) to a cluster
  /// boundary after it, already read.
  static func wrap(
    _ text: TextBuffer, from start: Int, width: CGFloat, metrics: Metrics,
    firstChunk: (units: [UInt16], start: Int)? = nil, emit: (Int) -> Bool
  ) {
    let length = text.utf16Count
    // A view not laid out yet has no width: nothing wraps (rather than a line per character).
    let width = width > 0 ? width : .infinity
    let ascii = metrics.asciiTable
    var offset = start
    var lineStart = start
    var x: CGFloat = 0
    // The last place a line may break (after a space or a wide character), and the width of
    // the line up to it.
    var breakOffset: Int?
    var breakX: CGFloat = 0
    let extra = metrics.extra
    let tab = metrics.tab
    let tabsStop = tab != nil
    /// One cluster of `units` units and width `w` that is not a line break; true when `emit`
    /// asked to stop.
    @inline(__always) func place(units: Int, w: CGFloat, isSpace: Bool, breaksAfter: Bool, isTab: Bool = false) -> Bool {
      var w = _slowPath(extra != nil) ? w + extra!(offset) : w
      // Spaces may hang past the edge; anything else starts a new line there.
      while x + w > width, offset > lineStart, !isSpace {
        let at = breakOffset ?? offset
        x = breakOffset == nil ? 0 : x - breakX
        lineStart = at
        breakOffset = nil
        if emit(at) { return true }
        // A tab on its new line goes to the stop after where it now starts.
        if _slowPath(isTab) { w = tab!(x, offset) + (extra?(offset) ?? 0) }
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
    var pending = firstChunk
    while offset < length {
      let chunkStart: Int
      let end: Int
      let units: [UInt16]
      if let given = pending {
        pending = nil
        chunkStart = given.start
        units = given.units
        end = chunkStart + units.count
      } else {
        chunkStart = offset
        units = Self.units(of: text, from: chunkStart, toBoundaryAtOrAfter: min(length, offset + chunk))
        end = chunkStart + units.count
      }
      chunk = min(chunk * 2, 8192)
      // The chunk's units through a buffer pointer: the loop reads them without the array's
      // bounds and ownership checks (the ASCII step is most of the work of a long paste).
      var stopped = false
      units.withUnsafeBufferPointer { units in
        let count = units.count
        var i = offset - chunkStart
        while i < count {
          // A run of lone ASCII units that neither end the line nor overflow it (most of any
          // prose): the line's state in locals, one table read and a comparison a unit, none of
          // the other branches in the loop. Whatever ends the run (a line break, a unit that
          // overflows the line, a non-ASCII unit, a unit joined by the next) goes on below.
          if units[i] < 0x80, extra == nil {
            // The chunk's last unit is left to the general path below: every unit the loop
            // reads has a next one to look at, without a bounds check.
            let last = count - 1
            let lineStartIndex = lineStart - chunkStart
            var j = i
            var u = units[j]
            var runX = x
            var runBreak = -1
            var runBreakX: CGFloat = 0
            while j < last {
              let n = units[j &+ 1]
              guard u < 0x80, u &- 0x0A > 3 else { break }
              // A tab going to a tab stop is as wide as where it starts makes it: placed below.
              if _slowPath(u == 0x09), tabsStop { break }
              // The next unit may join this one only from U+0300 on (not a CJK ideograph).
              if _slowPath(n >= 0x300), !Self.standsAlone(n) { break }
              let w = ascii[Int(u)]
              if u == 0x20 {
                // A space hangs past the edge and may end the line.
                runX += w
                j &+= 1
                runBreak = j
                runBreakX = runX
                u = n
                continue
              }
              guard runX + w <= width || j == lineStartIndex else { break }
              runX += w
              j &+= 1
              if u == 0x09 {
                runBreak = j
                runBreakX = runX
              }
              u = n
            }
            if j > i {
              x = runX
              offset = chunkStart + j
              if runBreak >= 0 {
                breakOffset = chunkStart + runBreak
                breakX = runBreakX
              }
              i = j
            }
          }
          let unit = units[i]
          let next: UInt16 = i + 1 < count ? units[i + 1] : 0
          if unit < 0x80, Self.standsAlone(next) {
            switch unit {
            case 0x0D where next == 0x0A:
              if lineBreak(units: 2) { stopped = true; return }
              i += 2
            case 0x0A...0x0D:
              if lineBreak(units: 1) { stopped = true; return }
              i += 1
            default:
              let isTab = unit == 0x09 && tabsStop
              let w = isTab ? tab!(x, offset) : ascii[Int(unit)]
              if place(units: 1, w: w, isSpace: unit == 0x20, breaksAfter: unit == 0x20 || unit == 0x09, isTab: isTab) {
                stopped = true
                return
              }
              i += 1
            }
            continue
          }
          if unit >= 0x80, Self.standsAlone(unit), Self.standsAlone(next) {
            // A letter of Latin-1 or Latin Extended, or a CJK ideograph, between neighbours it
            // cannot join: a cluster of one unit, its width remembered.
            if unit == 0x85 {
              if lineBreak(units: 1) { stopped = true; return }
            } else {
              let (w, wide) = metrics.width(ofUnit: unit)
              if place(units: 1, w: w, isSpace: false, breaksAfter: wide) { stopped = true; return }
            }
            i += 1
            continue
          }
          // A cluster whose end the units show for certain (an emoji sequence, a flag, a letter
          // with combining marks: see `certainClusterEnd`), its width remembered by its units;
          // reading it as a `Character` took the standard library's grapheme breaking and a
          // string per run of such clusters.
          if let clusterEnd = Self.certainClusterEnd(in: units, from: i) {
            let (w, breaksAfter) = metrics.width(ofCluster: units[i..<clusterEnd])
            // A space before a unit that is not alone (an emoji's surrogate) still hangs.
            let isSpace = clusterEnd - i == 1 && units[i] == 0x20
            if place(units: clusterEnd - i, w: w, isSpace: isSpace, breaksAfter: breaksAfter) { stopped = true; return }
            i = clusterEnd
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
              if lineBreak(units: n) { stopped = true; return }
              continue
            }
            let (w, breaksAfter) = metrics.width(of: character)
            if place(units: n, w: w, isSpace: n == 1 && character.utf16.first == 0x20, breaksAfter: breaksAfter) { stopped = true; return }
          }
          i = segmentEnd - chunkStart
        }
      }
      if stopped { return }
    }
  }

  /// The units of `text` from `start` to a cluster boundary at or after `end`, near it. A few
  /// units more are read to find one that is certain from the two scalars beside it: two units
  /// that stand alone (not CR LF), which is the common case, or a certain break
  /// (`ClusterBreak.isCertainBreak`, as between two emoji sequences); the text's grapheme
  /// breaking is asked (`clusterBoundary(roundingUp:)`) only when none is found.
  static func units(of text: TextBuffer, from start: Int, toBoundaryAtOrAfter end: Int) -> [UInt16] {
    let length = text.utf16Count
    guard end < length, end > start else {
      return text.units(in: start..<max(start, text.clusterBoundary(roundingUp: end)))
    }
    let readEnd = min(length, end + 16)
    var units = text.units(in: start..<readEnd)
    let count = units.count
    var p = end - start
    while p < count {
      let before = units[p - 1]
      let after = units[p]
      if standsAlone(before), standsAlone(after) {
        if before != 0x0D || after != 0x0A { break }
      } else if !(0xDC00...0xDFFF).contains(after) {
        // The scalar that ends at `p` and the one that starts there, when both are whole.
        let x: UInt32?
        if (0xDC00...0xDFFF).contains(before) {
          x = p >= 2 && (0xD800...0xDBFF).contains(units[p - 2])
            ? 0x10000 + (UInt32(units[p - 2] & 0x3FF) << 10) + UInt32(before & 0x3FF) : nil
        } else {
          x = (0xD800...0xDBFF).contains(before) ? nil : UInt32(before)
        }
        let y: UInt32?
        if (0xD800...0xDBFF).contains(after) {
          y = p + 1 < count && (0xDC00...0xDFFF).contains(units[p + 1])
            ? 0x10000 + (UInt32(after & 0x3FF) << 10) + UInt32(units[p + 1] & 0x3FF) : nil
        } else {
          y = UInt32(after)
        }
        if let x, let y, let a = Unicode.Scalar(x), let b = Unicode.Scalar(y), ClusterBreak.isCertainBreak(between: a, and: b) {
          break
        }
      }
      p += 1
    }
    if p < count {
      units.removeLast(count - p)
      return units
    }
    // The text's end is a boundary; otherwise none was certain within the units read.
    if readEnd == length { return units }
    return text.units(in: start..<text.clusterBoundary(roundingUp: end))
  }

  /// The end of the grapheme cluster that starts at `start` (a cluster boundary) in `units` (a
  /// chunk that ends on a cluster boundary), when the rules of UAX #29 settle it from the units
  /// alone: a starter with nothing attached before it (`ClusterBreak.isPlainStarter`: letters,
  /// CJK, most emoji), followed by extending marks (combining marks, variation selectors, skin
  /// tones, tags, the keycap) and emoji joined by ZWJ (GB11, with pictographs of blocks that are
  /// Extended_Pictographic throughout), up to a certain break (`ClusterBreak.isCertainBreak`);
  /// or a pair of regional indicators (a flag). Nil for anything else (a lone regional
  /// indicator, Hangul jamo, prepended marks, spacing marks, a joiner after a letter): those are
  /// read as `Character`s. Never wrong where it answers (tested against `Character`s).
  static func certainClusterEnd(in units: [UInt16], from start: Int) -> Int? {
    units.withUnsafeBufferPointer { certainClusterEnd(in: $0, from: start) }
  }

  /// ``certainClusterEnd(in:from:)`` on a chunk's buffer.
  static func certainClusterEnd(in units: UnsafeBufferPointer<UInt16>, from start: Int) -> Int? {
    let count = units.count
    /// The scalar at `k` and its width in units; nil for a lone surrogate.
    @inline(__always) func scalar(at k: Int) -> (value: UInt32, width: Int)? {
      let u = units[k]
      if u < 0xD800 || u > 0xDFFF { return (UInt32(u), 1) }
      guard u < 0xDC00, k + 1 < count, (0xDC00...0xDFFF).contains(units[k + 1]) else { return nil }
      return (0x10000 + (UInt32(u & 0x3FF) << 10) + UInt32(units[k + 1] & 0x3FF), 2)
    }
    @inline(__always) func isRegionalIndicator(_ v: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(v) }
    guard let (first, firstWidth) = scalar(at: start) else { return nil }
    var j = start + firstWidth
    if isRegionalIndicator(first) {
      // GB12/13: from a boundary, regional indicators pair; the pair ends at another one.
      guard j < count, let (second, secondWidth) = scalar(at: j), isRegionalIndicator(second) else { return nil }
      j += secondWidth
      guard j < count else { return j }
      guard let (next, _) = scalar(at: j) else { return nil }
      if isRegionalIndicator(next) { return j }
      return ClusterBreak.isCertainBreak(between: Unicode.Scalar(second)!, and: Unicode.Scalar(next)!) ? j : nil
    }
    guard ClusterBreak.isPlainStarter(first) else { return nil }
    var previous = first
    // Whether the cluster so far is a pictograph and extending marks (GB11's left side).
    let pictographic = isSurelyPictographic(first)
    while j < count {
      guard let (next, width) = scalar(at: j) else { return nil }
      if ClusterBreak.isCertainBreak(between: Unicode.Scalar(previous)!, and: Unicode.Scalar(next)!) { return j }
      // A regional indicator joins only another (GB12/13) or what a prepended mark leads (GB9b):
      // after a starter, an extending mark or a pictograph, a flag starts a cluster.
      if isRegionalIndicator(next) { return j }
      if isSurelyExtending(next) {
        // GB9: nothing breaks before an extending mark.
        j += width
        previous = next
        continue
      }
      if next == 0x200D, pictographic, j + 1 < count, let (joined, joinedWidth) = scalar(at: j + 1),
        isSurelyPictographic(joined)
      {
        // GB11: a pictograph, extending marks, ZWJ × a pictograph.
        j += 1 + joinedWidth
        previous = joined
        continue
      }
      return nil
    }
    // The chunk ends on a cluster boundary.
    return j
  }

  /// Scalars of Grapheme_Cluster_Break=Extend (a subset): combining diacritical marks and those
  /// for symbols, variation selectors, combining half marks, skin tones, tags.
  @inline(__always) static func isSurelyExtending(_ v: UInt32) -> Bool {
    switch v {
    case 0x300...0x36F, 0x20D0...0x20F0, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F,
      0xE0100...0xE01EF:
      return true
    default:
      return false
    }
  }

  /// Extended_Pictographic scalars (a subset: blocks that are pictographic throughout, so that
  /// no ZWJ is ever taken to join what it does not).
  @inline(__always) static func isSurelyPictographic(_ v: UInt32) -> Bool {
    switch v {
    case 0x1F300...0x1F3FA, 0x1F400...0x1F53D, 0x1F546...0x1F64F, 0x1F680...0x1F6FF, 0x1F90C...0x1F93A,
      0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF:
      return true
    default:
      return false
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
    /// What the character at a UTF-16 offset takes beyond its width (its kern), when some
    /// character does: the wrap then places every cluster one by one.
    private(set) var extra: ((Int) -> CGFloat)?

    /// The width of a tab at `x` in its line (from the line's text start) and at UTF-16 `offset`
    /// (whose paragraph's tab stops it goes to), when tabs go to tab stops; nil: a tab is as
    /// wide as `measure` says.
    private(set) var tab: ((_ x: CGFloat, _ offset: Int) -> CGFloat)?

    /// These metrics, each character at offset `o` taking `extra(o)` more.
    func adding(_ extra: @escaping (Int) -> CGFloat) -> Metrics {
      var metrics = self
      metrics.extra = extra
      return metrics
    }

    /// These metrics, a tab at `x` and `offset` taking `tab(x, offset)`.
    func tabbing(_ tab: @escaping (_ x: CGFloat, _ offset: Int) -> CGFloat) -> Metrics {
      var metrics = self
      metrics.tab = tab
      return metrics
    }

    /// Widths of one-unit characters measured so far, and whether a line may break after each.
    private final class Remembered {
      /// One-unit characters (Latin-1, Latin Extended, CJK ideographs) by their unit: 256 pages
      /// of 256 entries, a page made when one of its units is first measured, NaN where not
      /// measured yet. Read without hashing (`let` pointers: no exclusivity check on the way).
      let unitPages: UnsafeMutablePointer<UnsafeMutablePointer<(w: CGFloat, breaksAfter: Bool)>?> = {
        let pages = UnsafeMutablePointer<UnsafeMutablePointer<(w: CGFloat, breaksAfter: Bool)>?>.allocate(capacity: 256)
        pages.initialize(repeating: nil, count: 256)
        return pages
      }()
      /// The clusters measured last, in sets of two slots (`PackedCluster.set`: two clusters of
      /// one set do not push each other out): read before the dictionary (a comparison of three
      /// words instead of hashing them).
      let recentClusters: UnsafeMutablePointer<(key: PackedCluster, w: CGFloat, breaksAfter: Bool)> = {
        let slots = UnsafeMutablePointer<(key: PackedCluster, w: CGFloat, breaksAfter: Bool)>.allocate(capacity: PackedCluster.slots)
        slots.initialize(repeating: (PackedCluster.vacant, 0, false), count: PackedCluster.slots)
        return slots
      }()

      func remember(_ answer: (w: CGFloat, breaksAfter: Bool), unit: UInt16) {
        let index = Int(unit >> 8)
        let page: UnsafeMutablePointer<(w: CGFloat, breaksAfter: Bool)>
        if let made = unitPages[index] {
          page = made
        } else {
          page = .allocate(capacity: 256)
          page.initialize(repeating: (.nan, false), count: 256)
          unitPages[index] = page
        }
        page[Int(unit & 0xFF)] = answer
      }
      /// Other clusters (emoji sequences, letters with combining marks), by their UTF-16 units
      /// (a `Character` key would be normalized to be hashed); at most `clusterLimit`.
      var clusters: [[UInt16]: (w: CGFloat, breaksAfter: Bool)] = [:]
      /// The same for clusters read from units (`certainClusterEnd`), packed without an array.
      var packed: [PackedCluster: (w: CGFloat, breaksAfter: Bool)] = [:]
      /// `ascii` again, for the wrap's inner loop (no bounds check: it reads units below 0x80).
      let ascii: UnsafeMutablePointer<CGFloat> = {
        let table = UnsafeMutablePointer<CGFloat>.allocate(capacity: 0x80)
        table.initialize(repeating: 0, count: 0x80)
        return table
      }()
      static let clusterLimit = 4096
      deinit {
        for index in 0..<256 { unitPages[index]?.deallocate() }
        unitPages.deallocate()
        recentClusters.deallocate()
        ascii.deallocate()
      }
    }

    /// `ascii` as a table the wrap reads without bounds checks.
    var asciiTable: UnsafePointer<CGFloat> { UnsafePointer(remembered.ascii) }

    /// Up to 12 UTF-16 units packed in three words: a dictionary key made and hashed without
    /// allocating (a cluster of emoji with skin tones and joiners is rarely longer).
    struct PackedCluster: Hashable {
      var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
      var count = 0
      static let capacity = 12

      init?<Units: Collection<UInt16>>(_ units: Units) {
        guard units.count <= Self.capacity else { return nil }
        count = units.count
        var k = 0
        for unit in units {
          let value = UInt64(unit) << UInt64((k & 3) << 4)
          if k < 4 {
            words.0 |= value
          } else if k < 8 {
            words.1 |= value
          } else {
            words.2 |= value
          }
          k &+= 1
        }
      }

      /// A key no cluster has (an empty slot of `Remembered.recentClusters`).
      static let vacant: PackedCluster = {
        var key = PackedCluster(EmptyCollection<UInt16>())!
        key.count = -1
        return key
      }()
      static let slots = 256

      /// The first of the two slots of `Remembered.recentClusters` where the key may be.
      var set: Int {
        Int(truncatingIfNeeded: (words.0 &* 0x9E37_79B9_7F4A_7C15 ^ words.1 &* 0xC2B2_AE3D_27D4_EB4F ^ words.2) >> 57) << 1
      }

      static func == (a: Self, b: Self) -> Bool {
        a.count == b.count && a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2
      }

      func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(count)
      }
    }

    init(_ measure: @escaping Measure) {
      self.measure = measure
      ascii = (0..<128).map { measure(Character(Unicode.Scalar(UInt8($0)))) }
      for (value, w) in ascii.enumerated() { remembered.ascii[value] = w }
    }

    /// The width of the character that is the one unit `unit` (not a surrogate), and whether
    /// a line may break after it (after a wide character that is not an emoji, as in CJK text).
    func width(ofUnit unit: UInt16) -> (w: CGFloat, breaksAfter: Bool) {
      if let page = remembered.unitPages[Int(unit >> 8)] {
        let known = page[Int(unit & 0xFF)]
        if !known.w.isNaN { return known }
      }
      let character = Character(Unicode.Scalar(unit)!)
      let w = measure(character)
      let answer = (w, w > 0 && TextWidth.columns(of: character) == 2 && !character._isEmojiLike)
      // A measurer answering NaN is asked again next time (NaN marks an empty table entry).
      remembered.remember(answer, unit: unit)
      return answer
    }

    /// The width of the cluster that is `units` (not a line break), as ``width(of:)`` answers.
    func width<Units: Collection<UInt16>>(ofCluster units: Units) -> (w: CGFloat, breaksAfter: Bool) {
      let packed = PackedCluster(units)
      if let packed {
        let set = packed.set
        let first = remembered.recentClusters[set]
        if first.key == packed { return (first.w, first.breaksAfter) }
        let second = remembered.recentClusters[set + 1]
        if second.key == packed { return (second.w, second.breaksAfter) }
        if let known = remembered.packed[packed] {
          rememberRecent(known, packed: packed)
          return known
        }
      }
      let key = Array(units)
      if let known = remembered.clusters[key] {
        if let packed { remember(known, packed: packed) }
        return known
      }
      // One cluster by `certainClusterEnd`; `first` rather than a trap should the two ever differ.
      let string = String(decoding: key, as: UTF16.self)
      let answer = measured(string.first ?? " ", key: key)
      if let packed { remember(answer, packed: packed) }
      return answer
    }

    /// Puts `packed` in its set (not there yet): in a free slot, else first, the first moving
    /// to the second.
    private func rememberRecent(_ answer: (w: CGFloat, breaksAfter: Bool), packed: PackedCluster) {
      let set = packed.set
      let slots = remembered.recentClusters
      if slots[set].key.count >= 0, slots[set + 1].key.count < 0 {
        slots[set + 1] = (packed, answer.w, answer.breaksAfter)
        return
      }
      if slots[set].key.count >= 0 { slots[set + 1] = slots[set] }
      slots[set] = (packed, answer.w, answer.breaksAfter)
    }

    private func remember(_ answer: (w: CGFloat, breaksAfter: Bool), packed: PackedCluster) {
      rememberRecent(answer, packed: packed)
      if remembered.packed.count >= Remembered.clusterLimit { remembered.packed.removeAll(keepingCapacity: true) }
      remembered.packed[packed] = answer
    }

    /// The width of `character` (not a line break), and whether a line may break after it
    /// (after a space, a tab, or a wide character that is not an emoji).
    func width(of character: Character) -> (w: CGFloat, breaksAfter: Bool) {
      let key = Array(character.utf16)
      if let known = remembered.clusters[key] { return known }
      return measured(character, key: key)
    }

    /// Measures `character` (whose units are `key`) and remembers the answer.
    private func measured(_ character: Character, key: [UInt16]) -> (w: CGFloat, breaksAfter: Bool) {
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

// MARK: Lines around exclusion paths

extension TextViewLayout {
  /// The part of the container's width a line is laid out in, as the container's
  /// `lineFragmentRect(forProposedRect:at:writingDirection:remaining:)` answers (container
  /// coordinates, the line fragment padding at both ends included). A line with no room is
  /// skipped: it holds no text and is `width` 0.
  struct Fragment: Equatable {
    var x: CGFloat
    var width: CGFloat
    /// The alignment of the paragraph the line belongs to, when its paragraph style gives one
    /// (nil: the view's `textAlignment`).
    var alignment: NSTextAlignment? = nil
    /// The line's own height when its paragraph style sets one (multiple, minimum, maximum),
    /// and the natural height its glyphs take, at the bottom of it (TextKit 1 puts what a
    /// style adds above the glyphs); nil: the layout's line height.
    var lineHeight: CGFloat? = nil
    /// Space above the line: its paragraph's `paragraphSpacingBefore` on its first line.
    var spaceBefore: CGFloat = 0
    /// Space below the line: its paragraph's `lineSpacing`.
    var lineSpacing: CGFloat = 0
    /// Space below the line when it ends its paragraph: the paragraph's `paragraphSpacing`.
    var paragraphSpacing: CGFloat = 0
    /// What the container leaves of the line right of a path in its middle (its `remaining`
    /// rectangle), where the text goes on in the same row.
    var remaining: Span? = nil
    /// The container's line fragment when the line's text is narrower (paragraph indents
    /// inside it); nil: the fragment itself.
    var outer: Span? = nil
    /// Whether the line goes on the row of the line before it, right of a path.
    var continuesRow = false
    var isSkipped: Bool { width <= 0 }
    /// Whether the fragment gives its line a height or spacing of its own.
    var hasVerticalMetrics: Bool { lineHeight != nil || spaceBefore != 0 || lineSpacing != 0 || paragraphSpacing != 0 }
  }

  /// `value` as a line's height or spacing, in points: values no line could have (not finite,
  /// negative, or taller than any screen) count as `otherwise`, so the text stays on screen,
  /// reachable, whatever a paragraph style or a delegate says.
  static func lineMetric(_ value: CGFloat, otherwise: CGFloat = 0) -> CGFloat {
    isLineMetric(value) && value >= 0 ? value : otherwise
  }

  /// Whether `value` is a coordinate or length a line could have (finite, within any screen).
  static func isLineMetric(_ value: CGFloat) -> Bool { value.isFinite && value.magnitude <= 1e5 }

  /// A part of a row across the container (container coordinates).
  struct Span: Equatable {
    var x: CGFloat
    var width: CGFloat
  }

  /// A line's place down the container (container coordinates), as TextKit 1 stacks line
  /// fragments: the fragment's whole height (`top`, `height`: space before, the line, line
  /// spacing, and paragraph spacing after a paragraph's last line), the part its text uses
  /// (`usedTop`, `usedHeight`: the line and its line spacing, as iOS's caret and selection
  /// cover), and where the glyphs are drawn (`textTop` to `textBottom`, the line's own height
  /// less what a style adds above the glyphs).
  struct LineBox: Equatable {
    var top: CGFloat
    var height: CGFloat
    var usedTop: CGFloat
    var usedHeight: CGFloat
    var textTop: CGFloat
    /// The bottom of the line's glyphs: what must fit in a container's height.
    var textBottom: CGFloat
    var bottom: CGFloat { top + height }

    /// A box for a line `lineHeight` tall at `top`, with nothing of a style's.
    static func uniform(top: CGFloat, lineHeight: CGFloat) -> LineBox {
      LineBox(top: top, height: lineHeight, usedTop: top, usedHeight: lineHeight, textTop: top, textBottom: top + lineHeight)
    }
  }

  /// Line `index`'s box, for lines `lineHeight` tall when no style sets heights.
  func box(ofLine index: Int, lineHeight: CGFloat) -> LineBox {
    if let boxes, boxes.indices.contains(index) { return boxes[index] }
    return .uniform(top: CGFloat(index) * lineHeight, lineHeight: lineHeight)
  }

  /// The line at `y` (container coordinates): -1 above the first line, `lineCount` below the
  /// last (a point in the spacing below a line belongs to that line); the first line of its
  /// row when paths split it.
  func line(atY y: CGFloat, lineHeight: CGFloat) -> Int {
    guard let boxes, boxes.count == lineCount else {
      guard lineHeight > 0, !y.isNaN else { return 0 }
      let line = (y / lineHeight).rounded(.down)
      return line < 0 ? -1 : (line >= CGFloat(lineCount) ? lineCount : Int(line))
    }
    if y < 0 { return -1 }
    var low = 0
    var high = boxes.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if boxes[mid].top <= y { low = mid } else { high = mid - 1 }
    }
    return y >= boxes[low].bottom && low == boxes.count - 1 ? lineCount : rowStart(ofLine: low)
  }

  /// The first line of the row holding line `index` (lines right of a path in the middle of a
  /// row share it with the line left of it).
  func rowStart(ofLine index: Int) -> Int {
    guard let fragments, fragments.indices.contains(index) else { return index }
    var line = index
    while line > 0, fragments[line].continuesRow { line -= 1 }
    return line
  }

  /// The last line of the row holding line `index`.
  func rowEnd(ofLine index: Int) -> Int {
    guard let fragments, fragments.indices.contains(index) else { return index }
    var line = index
    while line + 1 < fragments.count, fragments[line + 1].continuesRow { line += 1 }
    return line
  }

  /// The line of the row holding line `index` that `x` (container coordinates) falls in: the
  /// last whose fragment starts at or before it (the first when none does). A line's part of
  /// its row reaches the next one's start: spaces that hang past a fragment's end, and a tap on
  /// the path after it, belong to the line before the path.
  func line(inRowOf index: Int, nearestX x: CGFloat) -> Int {
    guard let fragments, fragments.indices.contains(index) else { return index }
    let first = rowStart(ofLine: index)
    let last = rowEnd(ofLine: index)
    guard first < last else { return index }
    var line = first
    while line < last, fragments[line + 1].x <= x { line += 1 }
    return line
  }

  /// The bottom of the first `count` lines (container coordinates).
  func height(ofLines count: Int, lineHeight: CGFloat) -> CGFloat {
    guard count > 0 else { return 0 }
    guard let boxes, boxes.count == lineCount else { return CGFloat(count) * lineHeight }
    return boxes[min(count, boxes.count) - 1].bottom
  }

  /// How many lines from the first fit a container `height` tall: those whose text ends
  /// within it (at least one).
  func linesFitting(height: CGFloat, lineHeight: CGFloat) -> Int {
    guard let boxes, boxes.count == lineCount else {
      return lineHeight > 0 ? max(1, Int(bounded: (height / lineHeight).rounded(.down))) : lineCount
    }
    var low = 0
    var high = boxes.count
    while low < high {
      let mid = (low + high) / 2
      if boxes[mid].textBottom <= height { low = mid + 1 } else { high = mid }
    }
    return max(1, low)
  }

  /// The most lines in a row that exclusion paths may skip. A path taller than that many lines
  /// across the whole width (or a container that never has room) would otherwise skip lines for
  /// ever; the line after them takes the container's full width, over the path.
  static let skippedLineLimit = 1000

  /// Line `index`'s fragment, when lines flow around exclusion paths.
  func fragment(ofLine index: Int) -> Fragment? {
    guard let fragments, fragments.indices.contains(index) else { return nil }
    return fragments[index]
  }

  /// Whether line `index` is skipped (an exclusion path leaves it no room): it holds no text
  /// (its range is empty, the same start as the next line's) and is not drawn.
  func isSkipped(_ index: Int) -> Bool { fragment(ofLine: index)?.isSkipped ?? false }

  /// The first line of the row `lines` rows after the row of `line` (before it when
  /// negative), skipped lines not counted: -1 or `lineCount` (or further) past either end. Up
  /// and Down step over what a path skips, and over the other parts of a row a path splits.
  func line(_ line: Int, movedBy lines: Int) -> Int {
    guard let fragments else { return line + lines }
    var index = rowStart(ofLine: line)
    var left = lines.magnitude
    while left > 0 {
      index = lines < 0 ? (index > 0 ? rowStart(ofLine: index - 1) : -1) : rowEnd(ofLine: index) + 1
      if index < 0 || index >= fragments.count { return index }
      if !fragments[index].isSkipped { left -= 1 }
    }
    return index
  }

  /// Lays the whole text out anew, line by line, each line in the fragment that `fragment`
  /// gives for its index and start (UTF-16 offset), its text `padding` in from both ends, as
  /// TextKit 1's typesetter asks its container for each line. A fragment with no room, or too
  /// narrow for the line's first character (one that the full `width` would hold), is skipped:
  /// the line moves down a line. When the container leaves a part right of a path in the middle
  /// of a line (the fragment's `remaining`), the paragraph's text goes on there, in the same row,
  /// as TextKit 1 fills it (`left` is where the rectangle proposed for such a part starts; 0 for
  /// a row's first line); a new paragraph starts a new row. `width`: the full width less the
  /// padding.
  ///
  /// Lines are stacked down from the top, each as tall as its fragment says (``LineBox``);
  /// `top` is where the line being asked for starts. With `rowHeight` (a terminal's cell row),
  /// every line's height rounds to whole rows, at least one, and its text to the row its
  /// glyphs' bottom is in, so that what is drawn in rows is where the caret and taps put it.
  mutating func rebuild(
    _ text: TextBuffer, width: CGFloat, padding: CGFloat, metrics: Metrics, lineHeight: CGFloat = 0,
    rowHeight: CGFloat? = nil,
    spacing: ((_ fragment: inout Fragment, _ range: Range<Int>, _ top: CGFloat, _ endsParagraph: Bool) -> Void)? = nil,
    setLineFragment: ((_ box: inout LineBox, _ range: Range<Int>, _ fragment: Fragment) -> Void)? = nil,
    fragment: (_ line: Int, _ start: Int, _ top: CGFloat, _ left: CGFloat) -> Fragment
  ) {
    // A view not laid out yet has no width: every fragment would be empty.
    guard width > 0 else {
      rebuild(text, width: width, metrics: metrics)
      return
    }
    let length = text.utf16Count
    var starts = [0]
    var fragments: [Fragment] = []
    var boxes: [LineBox] = []
    var hasVerticalMetrics = false
    var splitsRows = false
    var top: CGFloat = 0
    /// Stacks the row just laid out, `parts` lines whose first is in `fragment`, which ends its
    /// paragraph when `endsParagraph`.
    func stack(_ fragment: Fragment, parts: Int = 1, endsParagraph: Bool, range: Range<Int>? = nil) {
      if fragment.hasVerticalMetrics { hasVerticalMetrics = true }
      let own = fragment.lineHeight ?? lineHeight
      let before = fragment.isSkipped ? 0 : fragment.spaceBefore
      let spacing = fragment.isSkipped ? 0 : fragment.lineSpacing
      let after = spacing + (endsParagraph && !fragment.isSkipped ? fragment.paragraphSpacing : 0)
      let rise = max(0, own - lineHeight)
      let height = before + own + after
      var box = LineBox(
        top: top, height: height, usedTop: top + before, usedHeight: own + spacing, textTop: top + before + rise,
        textBottom: top + before + own)
      // A layout manager's delegate may set the line's rectangles (in points).
      if let setLineFragment, let range, !fragment.isSkipped {
        let proposed = box
        setLineFragment(&box, range, fragment)
        if box != proposed { hasVerticalMetrics = true }
        if let row = rowHeight, row > 0, box != proposed {
          // Whole rows, as below, from the rectangles the delegate set.
          let rows = max(1, (box.height / row).rounded())
          let textRow = min(rows - 1, max(0, ((box.textBottom - top) / row).rounded(.up) - 1))
          let usedRows = max(1, min(rows - textRow, (box.usedHeight / row).rounded()))
          let textTop = top + textRow * row
          box = LineBox(top: top, height: rows * row, usedTop: textTop, usedHeight: usedRows * row, textTop: textTop, textBottom: textTop + row)
        }
        if box != proposed || rowHeight == nil {
          boxes.append(contentsOf: repeatElement(box, count: parts))
          top += box.height
          return
        }
      }
      guard let row = rowHeight, row > 0 else {
        boxes.append(contentsOf: repeatElement(box, count: parts))
        top += height
        return
      }
      // Whole rows: the line keeps at least one, its glyphs the row their bottom is in.
      let rows = max(1, (height / row).rounded())
      let textRow = min(rows - 1, max(0, ((before + rise + lineHeight) / row).rounded(.up) - 1))
      let usedRows = max(1, min(rows - textRow, ((lineHeight + spacing) / row).rounded()))
      let textTop = top + textRow * row
      let snapped = LineBox(top: top, height: rows * row, usedTop: textTop, usedHeight: usedRows * row, textTop: textTop, textBottom: textTop + row)
      boxes.append(contentsOf: repeatElement(snapped, count: parts))
      top += rows * row
    }
    var start = 0
    var skippedInARow = 0
    /// Whether the text from `start` has room in `fragment`: its first character fits (one that
    /// a full line could not hold fits anywhere).
    func fits(_ fragment: Fragment, from start: Int, orWiderThanALine: Bool) -> Bool {
      let room = fragment.width - 2 * padding
      guard room > 0 else { return false }
      guard start < length, let first = text.character(at: start), !first.isNewline else { return true }
      let w = metrics.width(of: first).w
      return w <= room || orWiderThanALine && w > width
    }
    while true {
      var lineFragment = fragment(fragments.count, start, top, 0)
      // A part left of a path too narrow for the text: the row starts right of the path.
      // (Each part starts further right: a container subclass answering otherwise ends the row.)
      while !fits(lineFragment, from: start, orWiderThanALine: true), let remaining = lineFragment.remaining,
        remaining.x > lineFragment.x
      {
        lineFragment = fragment(fragments.count, start, top, remaining.x)
      }
      if !fits(lineFragment, from: start, orWiderThanALine: true) {
        if skippedInARow < Self.skippedLineLimit {
          var skipped = lineFragment
          skipped.width = 0
          fragments.append(skipped)
          stack(skipped, endsParagraph: false)
          starts.append(start)
          skippedInARow += 1
          continue
        }
        lineFragment.x = 0
        lineFragment.width = width + 2 * padding
        lineFragment.remaining = nil
      }
      skippedInARow = 0
      fragments.append(lineFragment)
      var next: Int?
      Self.wrap(text, from: start, width: lineFragment.width - 2 * padding, metrics: metrics) { lineEnd in
        next = lineEnd
        return true
      }
      // The rest of the row, right of paths in the middle of it, while the paragraph goes on.
      var parts = 1
      var part = lineFragment
      while let remaining = part.remaining, remaining.x > part.x, let from = next, !Self.endsParagraph(text, at: from) {
        var right = fragment(fragments.count, from, top, remaining.x)
        right.continuesRow = true
        guard fits(right, from: from, orWiderThanALine: false) else { break }
        starts.append(from)
        fragments.append(right)
        parts += 1
        splitsRows = true
        next = nil
        Self.wrap(text, from: from, width: right.width - 2 * padding, metrics: metrics) { lineEnd in
          next = lineEnd
          return true
        }
        part = right
      }
      // The text's last line ends no paragraph that another follows: no space after it.
      let endsParagraph = next.map { Self.endsParagraph(text, at: $0) } ?? false
      spacing?(&lineFragment, start..<(next ?? length), top, endsParagraph)
      stack(lineFragment, parts: parts, endsParagraph: endsParagraph, range: start..<(next ?? length))
      guard let next else { break }
      starts.append(next)
      start = next
    }
    self.width = width
    self.length = length
    self.starts = starts
    shiftFrom = starts.count
    shift = 0
    hasSeams = false
    self.fragments = fragments
    self.boxes = hasVerticalMetrics || splitsRows ? boxes : nil
  }

  /// Whether the line ending at `offset` ends its paragraph (a line break, or U+2029, before it).
  static func endsParagraph(_ text: TextBuffer, at offset: Int) -> Bool {
    guard offset > 0 else { return false }
    let unit = text[utf16: offset - 1]
    return unit == 0x0A || unit == 0x0D || unit == 0x2029
  }
}
