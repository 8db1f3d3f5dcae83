import Foundation

// Text highlights (iOS 18): the text in a range with `.textHighlightStyle` is drawn in its
// scheme's colour on a tinted background. The background goes through the open
// `drawTextHighlightBackground(for:origin:)`, once per highlighted range of the visible lines,
// under the text (a subclass draws its own shape there); the text's colour goes into the line's
// spans.
//
// Colours: a named scheme is its system colour (`.purple` → `systemPurple`, …); `.default` (or
// no scheme) takes `textHighlightAttributes`: `.foregroundColor` for the text (the view's tint
// colour unless set), `.backgroundColor` for the background. A background not given is the text's
// colour at a fifth of its opacity (iOS leaves its tint undocumented).

extension UITextView {
  /// The colours a highlight of `scheme` (a raw scheme value) draws in.
  func _textHighlightColors(_ scheme: String) -> (text: UIColor, background: UIColor) {
    if let color = NSAttributedString.TextHighlightColorScheme(rawValue: scheme)._color {
      return (color, color.withAlphaComponent(0.2))
    }
    let attributes = textHighlightAttributes ?? [:]
    let text = attributes[.foregroundColor] as? UIColor ?? _textColor
    return (text, attributes[.backgroundColor] as? UIColor ?? text.withAlphaComponent(0.2))
  }

  /// The highlighted stretches of `range` (UTF-16), runs of one scheme joined.
  func _textHighlights(in range: Range<Int>) -> [(range: Range<Int>, scheme: String)] {
    var result: [(range: Range<Int>, scheme: String)] = []
    for slice in _runs.slices(in: range) {
      guard let scheme = slice.run.style?.textHighlightScheme else { continue }
      if let last = result.last, last.scheme == scheme, last.range.upperBound == slice.range.lowerBound {
        result[result.count - 1].range = last.range.lowerBound..<slice.range.upperBound
      } else {
        result.append((slice.range, scheme))
      }
    }
    return result
  }

  /// Draws the backgrounds of the highlights in `range` (the visible lines' text) into `list`,
  /// through ``drawTextHighlightBackground(for:origin:)``. `origin` is the window point of the
  /// view's content origin.
  func _drawTextHighlightBackgrounds(
    in range: Range<Int>, origin: CGPoint, clip: CGRect, alpha: CGFloat, into list: inout DisplayList
  ) {
    let highlights = _textHighlights(in: range)
    guard !highlights.isEmpty else { return }
    let containerOrigin = CGPoint(x: textContainerInset.left, y: textContainerInset.top)
    let drawn = UIGraphicsDrawingContext.recordingAll(measurer: window?.textMeasurer) {
      for highlight in highlights {
        drawTextHighlightBackground(for: NSTextRange(_offsets: highlight.range), origin: containerOrigin)
      }
    }
    UIGraphicsDrawingContext.inDrawingOrder(paths: drawn.paths, texts: drawn.texts, images: drawn.images) {
      UIView._append($0, origin: origin, visible: clip, alpha: alpha, into: &list)
    }
  }

  /// The default highlight background: a rounded rectangle per line over the range's glyphs,
  /// the line's height, in the background colour of the range's scheme.
  func _drawDefaultTextHighlightBackground(for textRange: NSTextRange, origin: CGPoint) {
    guard UIGraphicsGetCurrentContext() != nil, let offsets = textRange._offsets, !offsets.isEmpty else { return }
    let length = _state.text.utf16Count
    let range = min(offsets.lowerBound, length)..<min(offsets.upperBound, length)
    guard !range.isEmpty else { return }
    let scheme = _runs.attributes(at: range.lowerBound).attributes[.textHighlightColorScheme]
    _textHighlightColors(NSAttributedString.TextHighlightColorScheme._of(scheme).rawValue).background.setFill()
    for rect in _tkSpanRects(of: range) {
      let placed = rect.offsetBy(dx: origin.x, dy: origin.y)
      UIBezierPath(roundedRect: placed, cornerRadius: min(4, placed.height / 4)).fill()
    }
  }

  /// Colours the highlighted text of a line's run (its background is drawn apart).
  func _styleTextHighlights(in run: inout TextRun) {
    guard run.spans.contains(where: { $0.style.textHighlightScheme != nil }) else { return }
    for index in run.spans.indices {
      guard let scheme = run.spans[index].style.textHighlightScheme else { continue }
      run.spans[index].style.foreground = _textHighlightColors(scheme).text
    }
  }
}
