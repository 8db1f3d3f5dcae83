import Foundation

// A TextKit 1 text view draws its text through its layout manager, as iOS's does
// (`_UITextViewCanvasView` calls `drawBackground(forGlyphRange:at:)`, then
// `drawGlyphs(forGlyphRange:at:)`): a layout manager subclass that fills backgrounds its own way
// (rounded highlights through `fillBackgroundRectArray`, block backgrounds in `drawBackground`)
// or draws more around the glyphs (markers, rules in `drawGlyphs`) changes what the view shows.
//
// The view still draws the glyphs itself, with its caret, selection and marked text; the layout
// manager's own `drawGlyphs` draws nothing for it, so an override adds to the text rather than
// doubling it. Only a subclass pays for this: a plain `NSLayoutManager` draws what the view
// draws without it.

/// What a layout manager subclass drew for the view: the part that goes over the text.
struct _LayoutManagerDrawing {
  var over = DisplayList()
  /// The characters whose underline and strikethrough the layout manager's decoration methods
  /// left to the view (all of them unless a subclass draws its own).
  let decorations = _ViewGlyphDrawing()
}

extension UITextView {
  /// Draws the backgrounds of the visible lines' glyphs through a layout manager subclass
  /// (into `list`, under the text) and its `drawGlyphs` additions (returned, to go over the
  /// text); nil when the view has no such layout manager (its text's backgrounds are then drawn
  /// with the text).
  func _drawThroughLayoutManager(
    lines: ClosedRange<Int>, in layout: TextViewLayout, origin: CGPoint, clip: CGRect, alpha: CGFloat, into list: inout DisplayList
  ) -> _LayoutManagerDrawing? {
    guard let textKit = _textKit, type(of: textKit.layoutManager) != NSLayoutManager.self, textKit.storage != nil else { return nil }
    let manager = textKit.layoutManager
    let start = layout.lineRange(lines.lowerBound).lowerBound
    let glyphs = NSRange(location: start, length: layout.lineRange(lines.upperBound).upperBound - start)
    let containerOrigin = CGPoint(x: textContainerInset.left, y: textContainerInset.top)
    let measurer = window?.textMeasurer
    let background = UIGraphicsDrawingContext.recordingAll(measurer: measurer) {
      manager.drawBackground(forGlyphRange: glyphs, at: containerOrigin)
    }
    UIGraphicsDrawingContext.inDrawingOrder(paths: background.paths, texts: background.texts, images: background.images) {
      UIView._append($0, origin: origin, visible: clip, alpha: alpha, into: &list)
    }
    var drawing = _LayoutManagerDrawing()
    manager._viewDrawing = drawing.decorations
    defer { manager._viewDrawing = nil }
    let additions = UIGraphicsDrawingContext.recordingAll(measurer: measurer) {
      manager.drawGlyphs(forGlyphRange: glyphs, at: containerOrigin)
    }
    UIGraphicsDrawingContext.inDrawingOrder(paths: additions.paths, texts: additions.texts, images: additions.images) {
      UIView._append($0, origin: origin, visible: clip, alpha: alpha, into: &drawing.over)
    }
    return drawing
  }
}

extension TextRun {
  /// The layout manager's decorations on a line of the view drawn from UTF-16 `lineStart`: its
  /// spans' own underlines and strikethroughs give way to those the decoration methods kept.
  mutating func _applyLayoutManagerDecorations(_ drawing: _LayoutManagerDrawing, lineStart: Int) {
    _removeDecorations()
    let end = lineStart + string.utf16.count
    /// The ranges on this line, in the run's offsets, sorted and joined (as `restyle` takes them).
    func local(_ ranges: [Range<Int>]) -> [Range<Int>] {
      var result: [Range<Int>] = []
      for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
        let lower = max(range.lowerBound, lineStart), upper = min(range.upperBound, end)
        guard lower < upper else { continue }
        if let last = result.last, last.upperBound >= lower - lineStart {
          result[result.count - 1] = last.lowerBound..<max(last.upperBound, upper - lineStart)
        } else {
          result.append((lower - lineStart)..<(upper - lineStart))
        }
      }
      return result
    }
    for (ranges, strikethrough) in [(local(drawing.decorations.underlined), false), (local(drawing.decorations.struck), true)] where !ranges.isEmpty {
      restyle(cutting: ranges) { base, inside in
        guard inside != nil else { return base }
        var style = base ?? TextRunStyle()
        if strikethrough { style.isStrikethrough = true } else { style.isUnderlined = true }
        return style
      }
    }
  }
}
