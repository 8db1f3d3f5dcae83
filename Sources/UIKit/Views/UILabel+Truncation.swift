import Foundation

// Truncation, as a label draws it on iOS: text that does not fit within `numberOfLines` and
// inside the label's bounds is cut by `lineBreakMode`. Only the last line drawn truncates: it
// holds the rest of the text, ended ("…" at the tail), begun ("…" at the head) or cut in its
// middle so that it fits the width with an ellipsis. Clipping and the wrapping modes draw no
// ellipsis (the line is clipped at the label's edge). What was cut is remembered for the next
// frame: a label is drawn at every frame, and measuring is what truncating costs.

/// A label's last line after truncation: the string drawn, and where its pieces come from in the
/// label's text (UTF-16 offsets), so that attributed text keeps its styles.
struct _TruncatedLine {
  /// The line as drawn, the ellipsis included.
  var string: String
  /// The text kept before the ellipsis (its start and UTF-16 length) and after it.
  var head: (start: Int, length: Int)
  var tail: (start: Int, length: Int)
  /// Whether an ellipsis was put in (between head and tail).
  var hasEllipsis: Bool
}

extension UILabel {
  /// The ellipsis iOS draws (U+2026).
  static let _ellipsis = "\u{2026}"

  /// `rest` (the label's text from UTF-16 `start` to its end, line breaks drawn as spaces) as
  /// the last line of a label `width` wide, cut by `mode`: nil when it fits (or the mode clips).
  /// `moreText`: the line stands for text beyond what it shows, so it truncates even when it
  /// fits (iOS ends such a line with the ellipsis).
  static func _truncate(
    _ rest: String, start: Int, width: CGFloat, mode: NSLineBreakMode, moreText: Bool, measure: (String) -> CGFloat
  ) -> _TruncatedLine? {
    switch mode {
    case .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle: break
    default: return nil
    }
    guard width.isFinite, width > 0 else { return nil }
    if !moreText, measure(rest) <= width { return nil }
    let characters = Array(rest)
    let ellipsis = _ellipsis
    // How many characters of the head and of the tail fit with the ellipsis: the most that do
    // (binary search on the count; widths grow with it).
    func fits(_ head: Int, _ tail: Int) -> Bool {
      measure(String(characters[..<head]) + ellipsis + String(characters[(characters.count - tail)...])) <= width
    }
    func most(_ fitsWith: (Int) -> Bool, upTo limit: Int) -> Int {
      var low = 0
      var high = limit
      while low < high {
        let mid = (low + high + 1) / 2
        if fitsWith(mid) { low = mid } else { high = mid - 1 }
      }
      return low
    }
    var head = 0
    var tail = 0
    // Spaces beside the ellipsis are left out, as iOS draws it ("brown…", not "brown …").
    switch mode {
    case .byTruncatingTail:
      head = most({ fits($0, 0) }, upTo: characters.count)
      while head > 0, characters[head - 1] == " " { head -= 1 }
    case .byTruncatingHead:
      tail = most({ fits(0, $0) }, upTo: characters.count)
      while tail > 0, characters[characters.count - tail] == " " { tail -= 1 }
    default:
      // The middle: as much of the start as of the end, the start taking the odd one.
      let total = most({ fits(($0 + 1) / 2, $0 / 2) }, upTo: characters.count)
      head = (total + 1) / 2
      tail = total / 2
    }
    let headString = String(characters[..<head])
    let tailString = String(characters[(characters.count - tail)...])
    let headLength = headString.utf16.count
    let tailLength = tailString.utf16.count
    let restLength = rest.utf16.count
    return _TruncatedLine(
      string: headString + ellipsis + tailString, head: (start, headLength), tail: (start + restLength - tailLength, tailLength),
      hasEllipsis: true)
  }

  /// The spans of a truncated line: the head's and the tail's own, the ellipsis in the style of
  /// the character before it (or after it, at the head).
  static func _truncatedSpans(_ line: _TruncatedLine, runs: _AttributeRuns) -> [TextStyleSpan] {
    var spans: [TextStyleSpan] = []
    let headEnd = min(runs.length, line.head.start + line.head.length)
    if line.head.length > 0 { spans += runs.spans(in: line.head.start..<headEnd) }
    let ellipsisAt = line.head.length
    let ellipsisLength = _ellipsis.utf16.count
    if line.hasEllipsis, runs.length > 0 {
      let source = line.head.length > 0 ? headEnd - 1 : min(runs.length - 1, line.tail.start)
      if let style = runs.spans(in: source..<(source + 1)).first?.style {
        spans.append(TextStyleSpan(range: ellipsisAt..<(ellipsisAt + ellipsisLength), style: style))
      }
    }
    if line.tail.length > 0 {
      let shift = ellipsisAt + (line.hasEllipsis ? ellipsisLength : 0)
      let tailEnd = min(runs.length, line.tail.start + line.tail.length)
      for span in runs.spans(in: line.tail.start..<tailEnd) {
        spans.append(TextStyleSpan(range: (span.range.lowerBound + shift)..<(span.range.upperBound + shift), style: span.style))
      }
    }
    return spans
  }
}
