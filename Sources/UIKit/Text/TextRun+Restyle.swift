import Foundation

// Drawing-time styles laid over a line's attribute spans: detected links (UITextView+Links.swift)
// and a find session's matches (UITextView+Find.swift).
extension TextRun {
  /// The elements of `sorted` (ranges of the whole text, sorted and disjoint, each given by
  /// `range`) that fall on this line, which starts at `lineStart`: each clamped to the line, in
  /// offsets of the run's string. A binary search finds the first, so that a text with thousands
  /// of them costs a screenful of lines little.
  func lineSlices<Element>(
    of sorted: [Element], lineStart: Int, range: (Element) -> Range<Int>
  ) -> [(range: Range<Int>, element: Element)] {
    let lineRange = lineStart..<(lineStart + string.utf16.count)
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if range(sorted[middle]).upperBound <= lineStart { low = middle + 1 } else { high = middle }
    }
    var slices: [(range: Range<Int>, element: Element)] = []
    for element in sorted[low...] {
      let whole = range(element)
      guard whole.lowerBound < lineRange.upperBound else { break }
      let r = whole.clamped(to: lineRange)
      if !r.isEmpty { slices.append(((r.lowerBound - lineStart)..<(r.upperBound - lineStart), element)) }
    }
    return slices
  }

  /// Restyles the run piece by piece: the string is cut where its spans and `ranges` (sorted,
  /// disjoint offsets of the string) begin and end, and `restyle` gives each piece its style
  /// from the span's (nil: none) and the index in `ranges` of the range it lies in (nil: none);
  /// nil leaves the piece plain. Neighbouring pieces of one style make one span.
  mutating func restyle(cutting ranges: [Range<Int>], _ restyle: (TextRunStyle?, Int?) -> TextRunStyle?) {
    var cuts: Set<Int> = [0, string.utf16.count]
    for span in spans { cuts.insert(span.range.lowerBound); cuts.insert(span.range.upperBound) }
    for range in ranges { cuts.insert(range.lowerBound); cuts.insert(range.upperBound) }
    let sortedCuts = cuts.sorted()
    var result: [TextStyleSpan] = []
    var spanIndex = 0
    var rangeIndex = 0
    for (from, to) in zip(sortedCuts, sortedCuts.dropFirst()) where from < to {
      while spanIndex < spans.count, spans[spanIndex].range.upperBound <= from { spanIndex += 1 }
      while rangeIndex < ranges.count, ranges[rangeIndex].upperBound <= from { rangeIndex += 1 }
      let base = spanIndex < spans.count && spans[spanIndex].range.lowerBound <= from ? spans[spanIndex].style : nil
      let inside = rangeIndex < ranges.count && ranges[rangeIndex].lowerBound <= from ? rangeIndex : nil
      guard let style = restyle(base, inside) else { continue }
      if let last = result.last, last.range.upperBound == from, last.style == style {
        result[result.count - 1].range = last.range.lowerBound..<to
      } else {
        result.append(TextStyleSpan(range: from..<to, style: style))
      }
    }
    spans = result
  }
}
