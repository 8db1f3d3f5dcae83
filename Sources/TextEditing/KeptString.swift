/// The string a ``TextBuffer`` keeps of its whole text for readers of it (see
/// ``TextBuffer/cachedString()``), and the edits made since it was last brought up to date.
///
/// A reference, so that copying a buffer costs one retain however much it keeps (a text
/// object's state is copied several times per key); the buffer copies it before changing it
/// when another buffer shares it, as copy-on-write storage does. The string itself is a value:
/// a caller holding a string read earlier never sees it change.
final class KeptString: @unchecked Sendable {
  // @unchecked: mutated only while uniquely referenced (see `TextBuffer.keptForEditing()`).

  /// An edit of the text in UTF-8 offsets: `removed` bytes from `start` replaced with
  /// `replacement`.
  struct Edit: Sendable {
    var start: Int
    var removed: Int
    var replacement: String
  }

  /// The most edits noted between two reads of the whole text. Each costs the edit an O(log n)
  /// walk of the rope, and the read after it a move of the string's tail (a `memmove`: tens of
  /// microseconds in a megabyte, where a build from the rope costs 1.2–5 ms); beyond them the
  /// string is dropped, so that typing without reading the text pays for a few notes and then
  /// nothing.
  static let editLimit = 8

  // Accesses are made while uniquely referenced; the runtime's exclusivity check on each would
  // cost a keystroke more than what it guards.
  /// The text as it was before ``edits``.
  @exclusivity(unchecked) private(set) var string: String
  /// The edits made since ``string`` was brought up to date, oldest first, each in UTF-8
  /// offsets of the text it applies to.
  @exclusivity(unchecked) private(set) var edits: [Edit] = []
  /// The edits noted since the text was last read.
  @exclusivity(unchecked) private(set) var editsSinceRead = 0

  init(_ string: String) { self.string = string }

  /// A copy sharing the string and the edits (both values).
  func copy() -> KeptString {
    let copy = KeptString(string)
    copy.edits = edits
    copy.editsSinceRead = editsSinceRead
    return copy
  }

  /// The text: ``string`` with ``edits`` applied, in place, and counted as read.
  func read() -> String {
    editsSinceRead = 0
    if !edits.isEmpty {
      Self.apply(edits, to: &string)
      edits.removeAll(keepingCapacity: true)
    }
    return string
  }

  /// The text, leaving this object as it is: ``string`` when no edit is pending, else a copy of
  /// it with ``edits`` applied.
  var text: String {
    guard !edits.isEmpty else { return string }
    var text = string
    Self.apply(edits, to: &text)
    return text
  }

  /// Makes an edit of the last `units` UTF-16 units of the text (replacing them with
  /// `replacement`) when no edit is pending and they start on a scalar boundary: the string is
  /// updated in place, amortized O(1 + units) while nobody else holds it. Returns false,
  /// changing nothing, when it does not qualify.
  func replaceAtEnd(units: Int, with replacement: String) -> Bool {
    guard edits.isEmpty, let cut = Self.index(cutting: units, fromTheEndOf: string) else {
      return false
    }
    if cut != string.endIndex { string.removeSubrange(cut...) }
    string.append(replacement)
    return true
  }

  /// Whether another edit may be noted before the next read (else the string is to be
  /// dropped).
  var canNote: Bool { editsSinceRead < Self.editLimit }

  /// Notes an edit, to be applied on the next read.
  ///
  /// It is merged into the last edit when it touches the text that one put in (typing on,
  /// Backspace over what was typed or before it), so that a run of keys costs the read one move
  /// of the string.
  ///
  /// - Precondition: ``canNote``.
  func note(start: Int, removed: Int, replacement: String) {
    precondition(canNote, "KeptString: more edits than editLimit between reads")
    editsSinceRead += 1
    let end = start + removed
    if let last = edits.indices.last {
      let lastStart = edits[last].start
      let inserted = edits[last].replacement.utf8.count
      let lastEnd = lastStart + inserted
      if start <= lastEnd && end >= lastStart {
        // One edit does both: the last one's replacement with the part the new edit covers
        // replaced, over the last one's range widened by what the new edit covers beyond it.
        let mergedStart = min(start, lastStart)
        let mergedEnd = max(end, lastEnd) - inserted + edits[last].removed
        let old = edits[last].replacement
        let covered = Self.utf8Range(
          (max(start, lastStart) - lastStart)..<(min(end, lastEnd) - lastStart), in: old)
        // Joined anew (a few keys' worth; the standard library's replacement in a small string
        // goes scalar by scalar), on scalar boundaries: the scalar views.
        var merged = String(old.unicodeScalars[..<covered.lowerBound])
        merged += replacement
        merged += String(old.unicodeScalars[covered.upperBound...])
        edits[last].replacement = merged
        edits[last].start = mergedStart
        edits[last].removed = mergedEnd - mergedStart
        if edits[last].removed == 0 && edits[last].replacement.isEmpty { edits.removeLast() }
        return
      }
    }
    edits.append(Edit(start: start, removed: removed, replacement: replacement))
  }

  /// Makes `edits`, in order, to `string`, in place unless another string shares its storage.
  private static func apply(_ edits: [Edit], to string: inout String) {
    // Room for the longest the string gets, reserved first: a string shared with a caller is
    // then copied once (a plain copy of its bytes; the standard library's replacement in a
    // shared string goes scalar by scalar), and one that is not grows at most once.
    var length = string.utf8.count
    var longest = length
    for edit in edits {
      length += edit.replacement.utf8.count - edit.removed
      longest = max(longest, length)
    }
    string.reserveCapacity(longest)
    for edit in edits {
      // The scalar view, whose replacement keeps every scalar as it is: `String`'s own works on
      // whole grapheme clusters and would round the range out to them.
      string.unicodeScalars.replaceSubrange(
        utf8Range(edit.start..<(edit.start + edit.removed), in: string),
        with: edit.replacement.unicodeScalars)
    }
  }

  /// The indices of `string` at the UTF-8 offsets of `range` (O(1) in a native string; taken
  /// without holding on to the string, which the caller is about to change in place).
  private static func utf8Range(_ range: Range<Int>, in string: String) -> Range<String.Index> {
    let utf8 = string.utf8
    let lo = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
    return lo..<utf8.index(lo, offsetBy: range.count)
  }

  /// The index `units` UTF-16 units before the end of `string` (walking back over the scalars
  /// they cover, O(units)), or nil when that falls inside a scalar.
  private static func index(cutting units: Int, fromTheEndOf string: String) -> String.Index? {
    let scalars = string.unicodeScalars
    var index = scalars.endIndex
    var walked = 0
    while walked < units, index > scalars.startIndex {
      index = scalars.index(before: index)
      walked += scalars[index].value > 0xFFFF ? 2 : 1
    }
    return walked == units ? index : nil
  }
}
