import Foundation
import TextEditing

// TextKit 1's drawing: what a label or view that draws its text through a layout manager
// (`drawText(in:)` calling `drawBackground(forGlyphRange:at:)` then `drawGlyphs(forGlyphRange:at:)`,
// as attributed-label libraries do) gets in the current drawing context.
//
// The lines are the layout manager's own (the text view's, or the standalone layout of the
// storage), so what is drawn is where `boundingRect(forGlyphRange:in:)` and
// `characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)` say it is: a tap the label
// hit-tests through the same layout manager lands on the glyph drawn there.
//
// iOS's order, kept: `drawBackground` fills each run of `.backgroundColor` through
// `fillBackgroundRectArray(_:count:forCharacterRange:color:)`, one rectangle per line the run
// touches (a subclass overrides that method to round or pad highlights); `drawGlyphs` draws the
// glyphs with their fonts, colours, underlines and strikethroughs, never their backgrounds.

extension NSLayoutManager {
  func _drawBackground(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
    guard let storage = textStorage, let container = textContainers.first else { return }
    let range = _clamped(glyphsToShow)
    guard range.length > 0 else { return }
    var runs: [(range: NSRange, color: UIColor)] = []
    storage.enumerateAttribute(.backgroundColor, in: range) { value, runRange, _ in
      if let color = value as? UIColor, runRange.length > 0 { runs.append((runRange, color)) }
    }
    guard !runs.isEmpty, let layout = _layout(for: container) else { return }
    for run in runs {
      let rects = layout._tkSpanRects(of: run.range.location..<(run.range.location + run.range.length))
        .map { $0.offsetBy(dx: origin.x, dy: origin.y) }
      guard !rects.isEmpty else { continue }
      // The colour is set before the call, as iOS sets it: an override that only fills paths
      // fills them in it.
      run.color.setFill()
      rects.withUnsafeBufferPointer { buffer in
        fillBackgroundRectArray(buffer.baseAddress!, count: buffer.count, forCharacterRange: run.range, color: run.color)
      }
    }
  }

  func _fillBackgroundRectArray(_ rectArray: UnsafePointer<CGRect>, count rectCount: Int) {
    guard UIGraphicsGetCurrentContext() != nil, rectCount > 0 else { return }
    for index in 0..<rectCount { UIRectFill(rectArray[index]) }
  }

  func _drawGlyphs(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
    let forView = _viewDrawing
    guard let recording = UIGraphicsDrawingContext.currentTextRecording, let storage = textStorage,
      storage.length > 0, let container = textContainers.first
    else { return }
    let range = _clampedOffsets(glyphsToShow)
    guard !range.isEmpty, let layout = _layout(for: container), layout._tkLineCount > 0 else { return }
    let runs = _AttributeRuns(storage, defaults: [:], revision: 0)
    let last = layout._tkLineCount - 1
    var line = min(layout._tkLineIndex(containing: range.lowerBound), last)
    while line <= last {
      let lineRange = layout._tkLineRange(line)
      if lineRange.lowerBound >= range.upperBound { break }
      defer { line += 1 }
      // A line's break is not drawn; nor is a glyph its line leaves out (a line cut at the
      // container's height).
      let characters = layout._tkCharacters(onLine: line).filter { $0.range.overlaps(range) }
      guard let first = characters.map(\.range.lowerBound).min(), let end = characters.map(\.range.upperBound).max(),
        let left = characters.map(\.left).min(), let right = characters.map({ $0.left + $0.width }).max()
      else { continue }
      let drawn = first..<end
      let decorations = _decorations(in: drawn, of: storage)
      let lineRect = layout._tkFragmentRect(line)
      let lineGlyphs = UTF16Conversion.nsRange(lineRange)
      if let forView {
        // The view draws the glyphs; the decorations' methods still run, for an override.
        _decorationTarget = .view(forView)
        _callDecorationMethods(decorations, lineRect: lineRect, lineGlyphRange: lineGlyphs, containerOrigin: origin)
        _decorationTarget = nil
        continue
      }
      let string = storage._substring(drawn)
      let attributes = runs.attributes(at: first).attributes
      let font = attributes[.font] as? UIFont ?? UIFont.systemFont(ofSize: 12)
      let color = attributes[.foregroundColor] as? UIColor ?? .black
      var run = TextRun(string: string, font: font, color: color, alignment: .left)
      run.spans = runs.spans(in: drawn)
      run._removeBackgrounds()
      run._removeDecorations()
      let glyphsWidth = characters.reduce(CGFloat(0)) { $0 + $1.width }
      let width = right - left
      // A justified line's spaces are wider than their glyphs: the run is stretched to the
      // width its characters take on the line.
      if width > glyphsWidth + 0.5 { run.justifiedWidth = width }
      let box = layout._tkLineBox(line)
      let frame = CGRect(x: origin.x + left, y: origin.y + box.textTop, width: width, height: layout._tkLineHeight)
      recording.record(run, frame: frame, clip: UIGraphicsDrawingContext.unclipped, lineWidth: width)
      // Underlines and strikethroughs after the glyphs, through the overridable methods; the
      // default ones mark the run just recorded, which the host draws with its glyphs.
      _decorationTarget = .run(recording: recording, index: recording.texts.count - 1, start: first)
      _callDecorationMethods(decorations, lineRect: lineRect, lineGlyphRange: lineGlyphs, containerOrigin: origin)
      _decorationTarget = nil
    }
  }

  /// The runs of `.underlineStyle` and `.strikethroughStyle` over `range`.
  private func _decorations(in range: Range<Int>, of storage: NSTextStorage)
    -> [(range: NSRange, style: NSUnderlineStyle, strikethrough: Bool)]
  {
    var result: [(range: NSRange, style: NSUnderlineStyle, strikethrough: Bool)] = []
    for (key, strikethrough) in [(NSAttributedString.Key.underlineStyle, false), (.strikethroughStyle, true)] {
      storage.enumerateAttribute(key, in: UTF16Conversion.nsRange(range)) { value, runRange, _ in
        if let raw = _AttributeRuns.number(value), raw != 0, runRange.length > 0 {
          result.append((runRange, NSUnderlineStyle(rawValue: raw), strikethrough))
        }
      }
    }
    return result
  }

  private func _callDecorationMethods(
    _ decorations: [(range: NSRange, style: NSUnderlineStyle, strikethrough: Bool)], lineRect: CGRect, lineGlyphRange: NSRange,
    containerOrigin: CGPoint
  ) {
    for decoration in decorations {
      if decoration.strikethrough {
        strikethroughGlyphRange(
          decoration.range, strikethroughType: decoration.style, lineFragmentRect: lineRect, lineFragmentGlyphRange: lineGlyphRange,
          containerOrigin: containerOrigin)
      } else {
        underlineGlyphRange(
          decoration.range, underlineType: decoration.style, lineFragmentRect: lineRect, lineFragmentGlyphRange: lineGlyphRange,
          containerOrigin: containerOrigin)
      }
    }
  }

  /// The default `underlineGlyphRange`/`strikethroughGlyphRange`: the range less its leading and
  /// trailing white space (each word of it with `.byWord`), each part to `draw` with the text's
  /// baseline offset there.
  func _decorateGlyphRange(
    _ glyphRange: NSRange, style: NSUnderlineStyle, lineRect: CGRect, lineGlyphRange: NSRange, containerOrigin: CGPoint,
    draw: (NSRange, CGFloat) -> Void
  ) {
    guard let storage = textStorage else { return }
    let range = _clampedOffsets(glyphRange)
    guard !range.isEmpty else { return }
    // The words (runs of characters other than white space), then the parts to decorate.
    var words: [Range<Int>] = []
    var offset = range.lowerBound
    for character in storage._substring(range) {
      let next = offset + character.utf16.count
      if !character.isWhitespace {
        if let last = words.last, last.upperBound == offset { words[words.count - 1] = last.lowerBound..<next } else { words.append(offset..<next) }
      }
      offset = next
    }
    let parts: [Range<Int>]
    if style.contains(.byWord) {
      parts = words
    } else if let first = words.first, let last = words.last {
      parts = [first.lowerBound..<last.upperBound]
    } else {
      parts = []
    }
    for part in parts {
      let baselineOffset = (storage.attribute(.baselineOffset, at: part.lowerBound, effectiveRange: nil) as? NSNumber)
        .map { CGFloat($0.doubleValue) } ?? 0
      draw(UTF16Conversion.nsRange(part), baselineOffset)
    }
  }

  /// The default `drawUnderline`/`drawStrikethrough`: marks the glyphs `drawGlyphs` just drew
  /// (the host draws the line with them), tells a text view drawing through this layout manager
  /// which characters keep theirs, or, called on its own, fills the line into the current context.
  func _drawDecoration(
    _ glyphRange: NSRange, style: NSUnderlineStyle, strikethrough: Bool, baselineOffset: CGFloat, lineRect: CGRect,
    containerOrigin: CGPoint
  ) {
    guard let storage = textStorage else { return }
    let range = _clampedOffsets(glyphRange)
    guard !range.isEmpty else { return }
    switch _decorationTarget {
    case .view(let collected):
      if strikethrough { collected.struck.append(range) } else { collected.underlined.append(range) }
    case .run(let recording, let index, let start):
      guard recording.texts.indices.contains(index) else { return }
      // Only what the recorded line holds (an override may pass any range to `super`).
      let length = recording.texts[index].run.string.utf16.count
      let lower = min(max(0, range.lowerBound - start), length)
      let local = lower..<min(max(lower, range.upperBound - start), length)
      guard !local.isEmpty else { return }
      recording.texts[index].run.restyle(cutting: [local]) { base, part in
        guard part != nil else { return base }
        var style = base ?? TextRunStyle()
        if strikethrough { style.isStrikethrough = true } else { style.isUnderlined = true }
        return style
      }
    case nil:
      guard UIGraphicsGetCurrentContext() != nil, let container = textContainers.first, let layout = _layout(for: container),
        layout._tkLineCount > 0
      else { return }
      let line = min(layout._tkLineIndex(containing: range.lowerBound), layout._tkLineCount - 1)
      guard let span = layout._tkSpan(of: range, onLine: line) else { return }
      let font = storage.attribute(.font, at: range.lowerBound, effectiveRange: nil) as? UIFont ?? UIFont.systemFont(ofSize: 12)
      let key: NSAttributedString.Key = strikethrough ? .strikethroughColor : .underlineColor
      let color = storage.attribute(key, at: range.lowerBound, effectiveRange: nil) as? UIColor
        ?? storage.attribute(.foregroundColor, at: range.lowerBound, effectiveRange: nil) as? UIColor ?? .black
      let box = layout._tkLineBox(line)
      let baseline = containerOrigin.y + box.textTop + min(font.ascender, layout._tkLineHeight) - baselineOffset
      let thickness: CGFloat = style.contains(.thick) ? 2 : 1
      let y = strikethrough ? baseline - font.xHeight / 2 - thickness / 2 : baseline + max(1, -font.descender / 3)
      color.setFill()
      UIRectFill(CGRect(x: containerOrigin.x + span.left, y: y, width: span.right - span.left, height: thickness))
      if style.contains(.double) {
        UIRectFill(CGRect(x: containerOrigin.x + span.left, y: y + thickness + 1, width: span.right - span.left, height: thickness))
      }
    }
  }
}

/// Where the default underline and strikethrough go while `drawGlyphs` draws a line.
enum _DecorationTarget {
  /// The text view draws the glyphs: the ranges are collected for it.
  case view(_ViewGlyphDrawing)
  /// The run recorded at `index` of `recording`, its text starting at UTF-16 `start`.
  case run(recording: UIGraphicsDrawingContext.TextRecording, index: Int, start: Int)
}

/// The underlines and strikethroughs the default decoration methods leave to a text view that
/// draws its glyphs itself (UITextView+LayoutManagerDrawing.swift).
final class _ViewGlyphDrawing {
  var underlined: [Range<Int>] = []
  var struck: [Range<Int>] = []
}

extension TextRun {
  /// Drops the spans' underlines and strikethroughs: a layout manager's decoration methods draw
  /// them.
  mutating func _removeDecorations() {
    guard spans.contains(where: { $0.style.isUnderlined || $0.style.isStrikethrough }) else { return }
    for index in spans.indices {
      spans[index].style.isUnderlined = false
      spans[index].style.isStrikethrough = false
    }
  }

  /// Drops the spans' background colours: a layout manager's `drawBackground` draws them.
  mutating func _removeBackgrounds() {
    guard spans.contains(where: { $0.style.background != nil }) else { return }
    for index in spans.indices { spans[index].style.background = nil }
  }
}
