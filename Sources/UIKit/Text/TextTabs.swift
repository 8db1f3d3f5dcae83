import Foundation

// Tabs go to tab stops, as TextKit lays them out: a tab ends at the first of its paragraph's
// `tabStops` past where it starts (12 stops 28 points apart by default), then at multiples of
// `defaultTabInterval` when that is positive; past them all it is as wide as a space. Positions
// count from the line's text start. Views measure tabs and hosts draw them through this one
// rule, in points where a host draws in points and in whole cells on a terminal (a tab ends at
// the first cell edge at or after its stop), so the caret after a tab is where the text after it
// is drawn. Every stop is taken as left-aligned: right, centred and decimal stops, which align
// the text after them, place it from the stop too.

/// A paragraph's tab stops.
package struct TextTabStops: Equatable, Sendable {
  /// The stops' locations, in points, ascending.
  package var locations: [CGFloat]
  /// The distance between stops after the last one (0: none).
  package var interval: CGFloat

  /// iOS's default: 12 stops 28 points apart, no interval.
  package static let standard = TextTabStops(locations: (1...12).map { CGFloat($0) * 28 }, interval: 0)

  package init(locations: [CGFloat], interval: CGFloat) {
    self.locations = locations.filter { $0.isFinite }.sorted()
    self.interval = interval.isFinite && interval > 0 ? interval : 0
  }

  /// The stops of `style` (the standard ones without a style).
  package init(_ style: NSParagraphStyle?) {
    guard let style else {
      self = .standard
      return
    }
    self.init(locations: (style.tabStops ?? []).map(\.location), interval: style.defaultTabInterval)
  }

  /// What each tab of a line (`characters`, each `width` wide and followed by its kern, `kerns`)
  /// gains over its own width going to its stop; nil when the line has no tab.
  package func extras(
    of characters: some Sequence<Character>, kerns: [CGFloat]?, space: CGFloat, step: CGFloat, width: (Character) -> CGFloat
  ) -> [CGFloat]? {
    var x: CGFloat = 0
    var extras: [CGFloat] = []
    var any = false
    for (index, character) in characters.enumerated() {
      var w = width(character)
      if character == "\t" {
        let tab = self.width(at: x, space: space, step: step)
        extras.append(tab - w)
        w = tab
        any = true
      } else {
        extras.append(0)
      }
      x += w + (kerns.map { index < $0.count ? $0[index] : 0 } ?? 0)
    }
    return any ? extras : nil
  }

  /// How wide a tab starting `x` points from its line's text start is: to the next stop, or
  /// `space` wide past the last. With a `step` (a terminal's cell width) it ends on a step, at
  /// least one step on.
  package func width(at x: CGFloat, space: CGFloat, step: CGFloat) -> CGFloat {
    guard x.isFinite else { return space }
    // A stop the line has reached (within rounding) is behind it.
    var stop = locations.first { $0 > x + 1e-6 }
    if stop == nil, interval > 0 { stop = ((x + 1e-6) / interval).rounded(.down) * interval + interval }
    guard var end = stop else { return space }
    if step > 0 { end = max(x + step, ((end - 1e-6) / step).rounded(.up) * step) }
    return end - x
  }
}
