import Foundation
import TextEditing

// The attributes of an editable text, per range, kept beside the text engine's string.
//
// TextEditing knows only characters; a field or text view keeps its attributes here, as runs: a
// run covers a UTF-16 range and holds one dictionary of attributes. Every edit of the text goes
// through the object's one mutation path, which calls `replace(_:withLength:attributes:)` with
// the edit's range before the engine applies it, so runs and text stay the same length.
//
// Costs: typing with the attributes of the run before the caret (the usual case) lengthens that
// run without comparing dictionaries, and moves the starts of the runs after it by a pending shift
// (as the text view's line starts: a run of keys at one place touches no later run), so a
// keystroke costs the same at any length and with any number of runs. How a run is drawn (its
// `TextRunStyle`) is worked out once, when the run is made.

/// Attribute runs over a text: sorted, adjacent, covering `0..<length`.
struct _AttributeRuns {
  struct Run {
    var start: Int
    var attributes: [NSAttributedString.Key: Any]
    /// How the run is drawn (nil: like the text's default, nothing of its own).
    var style: TextRunStyle?
  }

  /// The runs as stored: those from `shiftFrom` on start `shift` units later than stored.
  private var stored: [Run]
  private var shiftFrom = 0
  private var shift = 0
  private(set) var length: Int
  /// The text revision (`EditorState.textRevision`) the runs were last brought to; a text changed
  /// by a path that did not tell the runs is noticed through it.
  var revision: UInt64

  /// One run of `attributes` over `length` units.
  init(length: Int, attributes: [NSAttributedString.Key: Any], revision: UInt64) {
    stored = [Run(start: 0, attributes: attributes, style: Self.style(of: attributes))]
    self.length = length
    self.revision = revision
  }

  /// The runs, their starts up to date (O(runs): for reading a few, use ``start(of:)``).
  var runs: [Run] {
    var result = stored
    if shift != 0 { for i in shiftFrom..<result.count { result[i].start += shift } }
    return result
  }

  /// Where run `index` starts.
  func start(of index: Int) -> Int { stored[index].start + (index >= shiftFrom ? shift : 0) }

  /// Applies the pending shift to every run (before the runs themselves change).
  private mutating func flush() {
    if shift != 0 { for i in shiftFrom..<stored.count { stored[i].start += shift } }
    shift = 0
    shiftFrom = stored.count
  }

  /// Moves the boundary of the pending shift to `index`, storing the starts in between.
  private mutating func moveShiftBoundary(to index: Int) {
    if shift != 0 {
      if index < shiftFrom {
        for i in index..<shiftFrom { stored[i].start -= shift }
      } else if index > shiftFrom {
        for i in shiftFrom..<index { stored[i].start += shift }
      }
    }
    shiftFrom = index
  }

  /// The runs of an attributed string.
  init(_ string: NSAttributedString, defaults: [NSAttributedString.Key: Any], revision: UInt64) {
    self.init(length: string.length, attributes: defaults, revision: revision)
    guard string.length > 0 else { return }
    var built: [Run] = []
    var location = 0
    while location < string.length {
      var range = NSRange(location: 0, length: 0)
      var attributes = string.attributes(at: location, effectiveRange: &range)
      for key in Self.neutralKeys where attributes[key] != nil && Self.isZero(attributes[key]) {
        attributes[key] = nil
      }
      let merged = defaults.merging(attributes) { _, own in own }
      if let last = built.last, Self.areEqual(last.attributes, merged) {
        // Apple's effective ranges need not be maximal.
      } else {
        built.append(Run(start: location, attributes: merged, style: Self.style(of: merged)))
      }
      location = max(location + 1, range.location + range.length)
    }
    stored = built
    shiftFrom = built.count
  }

  /// Whether the whole text has one set of attributes.
  var isUniform: Bool { stored.count == 1 }

  /// Whether some run kerns its characters (`.kern`; O(runs)).
  var kerns: Bool { stored.contains { ($0.style?.kern ?? 0) != 0 } }

  /// The kern of the character at `offset`, in points as given.
  func kern(at offset: Int) -> CGFloat { stored[index(at: min(max(0, offset), length))].style?.kern ?? 0 }

  /// What kerning adds after the character at a UTF-16 offset where advances come in `step`s,
  /// as hosts draw it (TextKerning.swift); nil when no run kerns (read once for a walk over the
  /// characters).
  func kerning(step: CGFloat) -> ((Int) -> CGFloat)? {
    guard kerns else { return nil }
    return { TextKerning.advance(self.kern(at: $0), step: step) }
  }

  /// The index of the run containing `offset` (the last run for the end of the text).
  func index(at offset: Int) -> Int {
    var low = 0
    var high = stored.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if start(of: middle) <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  func end(of index: Int) -> Int { index + 1 < stored.count ? start(of: index + 1) : length }

  /// The attributes at `offset`, and the run's range.
  func attributes(at offset: Int) -> (attributes: [NSAttributedString.Key: Any], range: Range<Int>) {
    let i = index(at: min(max(0, offset), length))
    return (stored[i].attributes, start(of: i)..<end(of: i))
  }

  /// The attributes text typed at `offset` takes when nothing else says: those of the character
  /// before it (the first character's at the start), as iOS's typing attributes.
  func attributesForTyping(at offset: Int) -> [NSAttributedString.Key: Any] {
    attributes(at: max(0, offset - 1)).attributes
  }

  /// Replaces `range` with `count` units. With `attributes` nil the new units take the
  /// attributes of the character before the range (the first character's at the start).
  mutating func replace(_ range: Range<Int>, withLength count: Int, attributes: [NSAttributedString.Key: Any]?) {
    precondition(range.lowerBound >= 0 && range.upperBound <= length, "attribute runs: range \(range) outside 0..<\(length)")
    let delta = count - range.count
    let first = index(at: max(0, range.lowerBound - 1))
    // The keystroke's case: the edit lies inside one run and the new units take its attributes:
    // only the starts after it move.
    if attributes == nil, range.upperBound <= end(of: first), range.lowerBound >= start(of: first),
      end(of: first) - start(of: first) + delta > 0 || stored.count == 1
    {
      moveShiftBoundary(to: first + 1)
      shift += delta
      length += delta
      return
    }
    let typed = attributes ?? stored[first].attributes
    flush()
    cut(range)
    insert(count, at: range.lowerBound, attributes: typed)
  }

  /// Sets `attributes` over `range` (replacing the runs' dictionaries).
  mutating func set(_ attributes: [NSAttributedString.Key: Any], in range: Range<Int>) {
    guard !range.isEmpty else { return }
    let count = range.count
    flush()
    cut(range)
    insert(count, at: range.lowerBound, attributes: attributes)
  }

  /// Changes each run's attributes over `range` with `body`.
  mutating func modify(in range: Range<Int>, _ body: (inout [NSAttributedString.Key: Any]) -> Void) {
    guard !range.isEmpty else { return }
    flush()
    split(at: range.lowerBound)
    split(at: range.upperBound)
    for i in stored.indices where stored[i].start >= range.lowerBound && stored[i].start < range.upperBound {
      body(&stored[i].attributes)
      stored[i].style = Self.style(of: stored[i].attributes)
    }
    mergeAdjacent()
  }

  /// The runs over `range`, clipped to it.
  func slices(in range: Range<Int>) -> [(range: Range<Int>, run: Run)] {
    guard !range.isEmpty else { return [] }
    var result: [(Range<Int>, Run)] = []
    var i = index(at: range.lowerBound)
    while i < stored.count, start(of: i) < range.upperBound {
      let r = max(start(of: i), range.lowerBound)..<min(end(of: i), range.upperBound)
      if !r.isEmpty {
        var run = stored[i]
        run.start = start(of: i)
        result.append((r, run))
      }
      i += 1
    }
    return result
  }

  /// The styles to draw `range` with, in offsets from `range.lowerBound`; empty for a uniform
  /// text without attributes (drawn in the object's font and colour).
  func spans(in range: Range<Int>) -> [TextStyleSpan] {
    if stored.count == 1 {
      guard let style = stored[0].style, !range.isEmpty else { return [] }
      return [TextStyleSpan(range: 0..<range.count, style: style)]
    }
    var spans: [TextStyleSpan] = []
    for (r, run) in slices(in: range) {
      // Beside other runs, a run without attributes is plain (not in the text's font's weight).
      var style = run.style ?? TextRunStyle()
      // An attachment draws what it answers for its own character now (subclasses vary it).
      if style.attachmentGlyph != nil, let attachment = run.attributes[.attachment] as? NSTextAttachment {
        style.attachmentGlyph = attachment._glyph(at: r.lowerBound)
      }
      spans.append(TextStyleSpan(range: (r.lowerBound - range.lowerBound)..<(r.upperBound - range.lowerBound), style: style))
    }
    return spans
  }

  /// The text with its attributes.
  ///
  /// Foundation on Linux cannot compare attribute values of classes it does not know (UIColor,
  /// UIFont, NSParagraphStyle: CoreFoundation traps on them as not-a-type), and its attributed
  /// strings compare the attributes of neighbouring runs whenever a run is set or the longest
  /// effective range is asked for. Dictionaries of different sizes are told apart by their count
  /// alone, so neighbouring runs here always differ in size: where two would not, the second
  /// gets one attribute whose explicit value means what its absence means (a baseline offset,
  /// obliqueness or expansion of 0), which ``init(_:defaults:revision:)`` leaves out again.
  func attributedString(_ string: String) -> NSAttributedString {
    let result = NSMutableAttributedString(string: string)
    let total = result.length
    guard total > 0 else { return result }
    var previousCount = 0
    for i in stored.indices {
      let start = min(start(of: i), total)
      let end = min(end(of: i), total)
      guard start < end else { continue }
      var attributes = stored[i].attributes
      if attributes.count == previousCount, i > 0 {
        if let neutral = Self.neutralKeys.first(where: { attributes[$0] == nil }) {
          attributes[neutral] = 0
        } else if let neutral = Self.neutralKeys.first(where: { Self.isZero(attributes[$0]) }) {
          attributes[neutral] = nil
        }
      }
      previousCount = attributes.count
      result.setAttributes(attributes, range: NSRange(location: start, length: end - start))
    }
    return result
  }

  /// Attributes whose value 0 is what their absence means.
  static let neutralKeys: [NSAttributedString.Key] = [.baselineOffset, .obliqueness, .expansion]

  // MARK: Pieces

  /// Makes `offset` the start of a run (splitting the run it falls in).
  private mutating func split(at offset: Int) {
    guard offset > 0, offset < length else { return }
    let i = index(at: offset)
    guard stored[i].start != offset else { return }
    stored.insert(Run(start: offset, attributes: stored[i].attributes, style: stored[i].style), at: i + 1)
  }

  /// Removes `range`'s units (the runs inside it go; a text left empty keeps the first run's
  /// attributes for what is typed next).
  private mutating func cut(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    split(at: range.lowerBound)
    split(at: range.upperBound)
    let keep = stored[index(at: range.lowerBound)]
    stored.removeAll { $0.start >= range.lowerBound && $0.start < range.upperBound }
    let delta = range.count
    for i in stored.indices where stored[i].start >= range.upperBound { stored[i].start -= delta }
    length -= delta
    if stored.isEmpty {
      stored = [Run(start: 0, attributes: keep.attributes, style: keep.style)]
    }
    stored[0].start = 0
    mergeAdjacent()
  }

  /// Inserts `count` units of `attributes` at `offset`.
  private mutating func insert(_ count: Int, at offset: Int, attributes: [NSAttributedString.Key: Any]) {
    guard count > 0 else { return }
    let run = Run(start: offset, attributes: attributes, style: Self.style(of: attributes))
    if length == 0 {
      stored = [Run(start: 0, attributes: attributes, style: run.style)]
      length = count
      return
    }
    split(at: offset)
    var position = stored.count
    for i in stored.indices where stored[i].start >= offset {
      if position == stored.count { position = i }
      stored[i].start += count
    }
    stored.insert(run, at: position)
    length += count
    mergeAdjacent()
  }

  /// Joins neighbouring runs with equal attributes, and drops runs left empty.
  private mutating func mergeAdjacent() {
    guard stored.count > 1 else { return }
    var merged: [Run] = []
    merged.reserveCapacity(stored.count)
    for (i, run) in stored.enumerated() {
      let runEnd = i + 1 < stored.count ? stored[i + 1].start : length
      if runEnd <= run.start && !(merged.isEmpty && i == stored.count - 1) { continue }
      if let last = merged.last, Self.areEqual(last.attributes, run.attributes) { continue }
      merged.append(run)
    }
    if merged.isEmpty { merged = [stored[0]] }
    merged[0].start = 0
    stored = merged
  }

  // MARK: Attributes

  /// Whether two attribute dictionaries hold equal values (objects by `isEqual`, values by `==`).
  static func areEqual(_ a: [NSAttributedString.Key: Any], _ b: [NSAttributedString.Key: Any]) -> Bool {
    guard a.count == b.count else { return false }
    for (key, value) in a {
      guard let other = b[key], areEqual(value, other) else { return false }
    }
    return true
  }

  static func areEqual(_ a: Any, _ b: Any) -> Bool {
    if let a = a as? NSObject, let b = b as? NSObject { return a.isEqual(b) }
    if let a = a as? AnyHashable, let b = b as? AnyHashable { return a == b }
    return false
  }

  /// What a host can draw of `attributes`; nil when there are none (the text's own font and
  /// colour apply).
  static func style(of attributes: [NSAttributedString.Key: Any]) -> TextRunStyle? {
    var style = TextRunStyle()
    var any = !attributes.isEmpty
    if let color = attributes[.foregroundColor] as? UIColor { style.foreground = color; any = true }
    if let color = attributes[.backgroundColor] as? UIColor { style.background = color; any = true }
    if let font = attributes[.font] as? UIFont {
      if font._isBold { style.isBold = true; any = true }
      if font._isItalic { style.isItalic = true; any = true }
    }
    if let underline = number(attributes[.underlineStyle]), underline != 0 { style.isUnderlined = true; any = true }
    if let strike = number(attributes[.strikethroughStyle]), strike != 0 { style.isStrikethrough = true; any = true }
    if let link = attributes[.link] {
      if let url = link as? URL { style.link = url.absoluteString } else if let string = link as? String { style.link = string }
      if style.link != nil { any = true }
    }
    if let attachment = attributes[.attachment] as? NSTextAttachment {
      style.attachmentGlyph = attachment._glyph
      any = true
    }
    if let kern = TextKerning.points(attributes[.kern]), kern != 0 {
      style.kern = kern
      any = true
    }
    if attributes[.textHighlightStyle] != nil {
      style.textHighlightScheme = NSAttributedString.TextHighlightColorScheme._of(attributes[.textHighlightColorScheme]).rawValue
      any = true
    }
    return any ? style : nil
  }

  /// A number attribute's value, however it was given (Int, NSNumber, NSUnderlineStyle), as an
  /// integer (a fraction cut off); nil for what is not a number or no integer can hold (NaN,
  /// ±∞, beyond Int's range), which iOS keeps as it is and which must not trap here.
  static func number(_ value: Any?) -> Int? {
    switch value {
    case let value as Int: value
    case let value as NSUnderlineStyle: value.rawValue
    case let value as NSNumber: Int(exactly: value.doubleValue.rounded(.towardZero))
    case let value as Double: Int(exactly: value.rounded(.towardZero))
    case let value as CGFloat: Int(exactly: value.rounded(.towardZero))
    default: nil
    }
  }

  /// Whether a number attribute's value is exactly zero (what its absence means for the
  /// neutral keys): 0.3 is not.
  static func isZero(_ value: Any?) -> Bool {
    switch value {
    case let value as Int: value == 0
    case let value as Double: value == 0
    case let value as CGFloat: value == 0
    case let value as NSNumber: value.doubleValue == 0
    default: false
    }
  }
}
