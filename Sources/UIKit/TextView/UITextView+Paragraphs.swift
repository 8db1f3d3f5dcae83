import Foundation
import TextEditing

// Paragraphs laid out in their own style, as on iOS: each paragraph's lines take the alignment
// and indents of the paragraph style at its first character. They reuse the lines of exclusion
// paths (`TextViewLayout.Fragment`): a line's fragment is its paragraph's indent box, narrowed
// further by the paths when there are any, so every reader of line geometry follows without
// knowing of paragraphs. A text with no such style (the usual case) keeps the incremental
// keystroke layout: whether one is needed is found by the full layout (O(text) anyway) and by one
// run lookup of what an edit inserts. Line heights and spacing stack the lines as TextKit 1 does
// (`TextViewLayout.LineBox`): what a style adds to a line's height goes above its glyphs, line
// spacing below every line, paragraph spacing after a paragraph's last line and before its first
// (never above the text's first paragraph); in a terminal they round to whole rows.

extension UITextView {
  /// Whether a paragraph in `value` (a `.paragraphStyle` attribute) is laid out differently from
  /// the view's lines.
  func _paragraphStyleNeedsLayout(_ value: Any?) -> Bool {
    guard let style = value as? NSParagraphStyle else { return false }
    return style.firstLineHeadIndent != 0 || style.headIndent != 0 || style.tailIndent != 0
      || style.alignment != textAlignment || style._setsLineHeights || TextTabStops(style) != .standard
  }

  /// Whether some run of the text has a paragraph style that needs laying out (O(runs)).
  func _textNeedsParagraphLayout() -> Bool {
    // A layout manager's delegate may space any line.
    _textKit?.layoutManager.delegate != nil || _runsNeedParagraphLayout(_runs)
  }

  /// Whether some run of `runs` has a paragraph style that needs laying out (O(runs)).
  func _runsNeedParagraphLayout(_ runs: _AttributeRuns) -> Bool {
    // Kerned characters are measured with their kern: the whole text is laid out.
    if runs.kerns { return true }
    if runs.isUniform { return _paragraphStyleNeedsLayout(runs.attributes(at: 0).attributes[.paragraphStyle]) }
    return runs.runs.contains { _paragraphStyleNeedsLayout($0.attributes[.paragraphStyle]) }
  }

  /// Whether the text `edit` just inserted carries a paragraph style that needs laying out:
  /// the keystroke's check when the text had none. Text typed without typing attributes of its
  /// own takes those of a run already laid out (every path that gives a run a paragraph style
  /// drops the layout), so only explicit typing attributes can bring one.
  func _insertionNeedsParagraphLayout(_ edit: TextEdit) -> Bool {
    guard let typing = _typingAttributes, edit.replacementUTF16Count > 0 else { return false }
    return _paragraphStyleNeedsLayout(typing[.paragraphStyle]) || (TextKerning.points(typing[.kern]) ?? 0) != 0
  }

  /// The attributes changed in a way that may touch paragraph styles: the lines are laid out
  /// anew when they are next read.
  func _paragraphStylesDidChange() {
    _layout = nil
    setNeedsDisplay()
  }

  /// TextKit changed the attributes of `range` (after the runs took them): lines are laid out
  /// anew if the text was laid out by paragraph (a style may have gone) or `range` now holds a
  /// style that needs it.
  func _paragraphStylesMayHaveChanged(in range: Range<Int>) {
    if !_layoutsByParagraph {
      let runs = _runs
      let clamped = min(range.lowerBound, runs.length)..<min(range.upperBound, runs.length)
      guard !clamped.isEmpty,
        runs.slices(in: clamped).contains(where: {
          _paragraphStyleNeedsLayout($0.run.attributes[.paragraphStyle]) || ($0.run.style?.kern ?? 0) != 0
        })
      else { return }
    }
    _paragraphStylesDidChange()
  }

  /// `textAlignment` changed: every paragraph's style takes it (as iOS's setter does), keeping
  /// its indents.
  func _textAlignmentDidChange() {
    let alignment = textAlignment
    _syncRuns()
    _runStorage.modify(in: 0..<_runStorage.length) { attributes in
      let style = (attributes[.paragraphStyle] as? NSParagraphStyle)?.mutableCopy() as? NSMutableParagraphStyle ?? NSMutableParagraphStyle()
      style.alignment = alignment
      attributes[.paragraphStyle] = style
    }
    _paragraphStylesDidChange()
    _textKitDidChangeAttributes(0..<_state.text.utf16Count)
  }

  /// The lines of a text whose paragraphs have styles of their own, each line in its
  /// paragraph's indent box (and what exclusion paths leave of it); nil (and
  /// `_layoutsByParagraph` false) when no paragraph needs it.
  func _layoutByParagraph(metrics: TextViewLayout.Metrics, lineHeight: CGFloat) -> TextViewLayout? {
    _layoutsByParagraph = _textNeedsParagraphLayout()
    guard _layoutsByParagraph else { return nil }
    return _paragraphLayout(metrics: metrics, lineHeight: lineHeight, containerWidth: _textContainerRect.width, aroundPaths: true)
  }

  /// The lines laid out by paragraph in a container `width` wide (around the container's
  /// exclusion paths when `aroundPaths`, which are laid out at the view's own width only).
  func _paragraphLayout(
    metrics: TextViewLayout.Metrics, lineHeight: CGFloat, containerWidth width: CGFloat, aroundPaths: Bool
  ) -> TextViewLayout {
    let container = _textKit?.container
    let runs = _runs
    return Self._paragraphLayout(
      of: _state.text, style: { runs.attributes(at: $0).attributes[.paragraphStyle] as? NSParagraphStyle },
      isRightToLeft: { self._paragraphIsRightToLeft(at: $0) },
      around: aroundPaths && container.map { !$0.isSimpleRectangularTextContainer } ?? false ? container : nil,
      width: width, padding: _lineFragmentPadding, metrics: _paragraphMetrics(metrics, runs: runs),
      lineHeight: lineHeight, rowHeight: _measurer.rowHeight, layoutManager: _textKit?.layoutManager,
      ascent: { let font = _metricsForFont().font; return lineHeight * font.ascender / font.lineHeight }())
  }

  /// `metrics` for a text laid out by paragraph: characters take their kern, and tabs go to
  /// the stops of their paragraph's style.
  func _paragraphMetrics(_ metrics: TextViewLayout.Metrics, runs: _AttributeRuns) -> TextViewLayout.Metrics {
    let space = metrics.measure(" ")
    let step = _measurer.advanceStep
    let tabbed = metrics.tabbing { x, offset in
      TextTabStops(runs.attributes(at: offset).attributes[.paragraphStyle] as? NSParagraphStyle).width(at: x, space: space, step: step)
    }
    return _kerning(of: runs).map { tabbed.adding($0) } ?? tabbed
  }

  /// The lines of `text` laid out by paragraph, each in the style `style` gives at its
  /// paragraph's first character, in a container `width` wide (`container`, when its exclusion
  /// paths shape the lines): what a text view and a layout manager without one both lay out.
  static func _paragraphLayout(
    of text: TextBuffer, style styleAt: (Int) -> NSParagraphStyle?, isRightToLeft: (Int) -> Bool,
    around container: NSTextContainer?, width: CGFloat, padding: CGFloat, metrics: TextViewLayout.Metrics,
    lineHeight: CGFloat, rowHeight: CGFloat?, layoutManager: NSLayoutManager? = nil, ascent: CGFloat = 0
  ) -> TextViewLayout {
    let height = container?.size.height ?? 0
    // The style of the paragraph being wrapped: the callback is called line by line, in order.
    var style: NSParagraphStyle?
    var rightToLeft = false
    var layout = TextViewLayout()
    // A layout manager's delegate spaces each line (instead of the paragraph style).
    let spacing: ((inout TextViewLayout.Fragment, Range<Int>, CGFloat, Bool) -> Void)? = layoutManager.flatMap { manager in
      guard manager.delegate != nil else { return nil }
      return { fragment, range, top, endsParagraph in
        let rect = CGRect(x: fragment.x, y: top, width: fragment.width, height: fragment.lineHeight ?? lineHeight)
        manager._askSpacing(
          &fragment, range: range, rect: rect,
          startsParagraph: range.lowerBound == 0 || _isParagraphBreak(text.character(before: range.lowerBound)),
          endsParagraph: endsParagraph, startsText: range.lowerBound == 0)
      }
    }
    // And may set each line's rectangles and baseline.
    let setLineFragment: ((inout TextViewLayout.LineBox, Range<Int>, TextViewLayout.Fragment) -> Void)? = layoutManager.flatMap {
      manager in
      guard manager.delegate != nil else { return nil }
      return { box, range, fragment in manager._askLineFragment(&box, range: range, fragment: fragment, ascent: ascent, natural: lineHeight) }
    }
    layout.rebuild(
      text, width: max(0, width - 2 * padding), padding: padding, metrics: metrics, lineHeight: lineHeight, rowHeight: rowHeight,
      spacing: spacing, setLineFragment: setLineFragment
    ) { _, start, top, left in
      let first = start == 0 || _isParagraphBreak(text.character(before: start))
      if first {
        style = styleAt(start)
        rightToLeft = isRightToLeft(start)
      }
      var fragment = _indentBox(of: style, firstLine: first, rightToLeft: rightToLeft, width: width, padding: padding)
      _stackLine(&fragment, in: style, firstLine: first, startsText: start == 0, naturalHeight: lineHeight)
      if let container {
        let around = container._fragment(
          top: top + fragment.spaceBefore, at: start, lineHeight: fragment.lineHeight ?? lineHeight, width: width, height: height,
          left: left)
        let boxEnd = fragment.x + fragment.width
        // What the container leaves right of a path, inside the paragraph's indents.
        if let remaining = around.remaining, remaining.x < boxEnd {
          fragment.remaining = TextViewLayout.Span(x: remaining.x, width: min(remaining.x + remaining.width, boxEnd) - remaining.x)
        }
        if around.isSkipped {
          fragment.width = 0
          return fragment
        }
        let start = max(fragment.x, around.x)
        fragment.width = max(0, min(boxEnd, around.x + around.width) - start)
        fragment.x = start
        fragment.outer = TextViewLayout.Span(x: around.x, width: around.width)
      }
      return fragment
    }
    layout.fragmentsHeight = height
    return layout
  }

  /// Line `index`'s line fragment as TextKit 1 reports it: the container's width, less what
  /// exclusion paths take, the paragraph's indents being inside it (in its used rectangle).
  func _lineFragmentOutsideIndents(ofLine index: Int, in layout: TextViewLayout) -> (x: CGFloat, width: CGFloat) {
    Self._lineFragmentOutsideIndents(ofLine: index, in: layout, container: _textKit?.container, width: _textContainerRect.width)
  }

  /// Line `index`'s line fragment in `container` (`width` wide), as TextKit 1 reports it (see
  /// ``_lineFragmentOutsideIndents(ofLine:in:)``): what the container answered for it.
  static func _lineFragmentOutsideIndents(
    ofLine index: Int, in layout: TextViewLayout, container: NSTextContainer?, width: CGFloat
  ) -> (x: CGFloat, width: CGFloat) {
    guard let container, !container.isSimpleRectangularTextContainer, let outer = layout.fragment(ofLine: index)?.outer else {
      return (0, width)
    }
    return (outer.x, outer.width)
  }

  /// Gives `fragment` (a line of a paragraph in `style`) the line height and spacing of the
  /// style: space before on a paragraph's first line unless it starts the text, as TextKit 1
  /// leaves the top of a container to the text.
  static func _stackLine(
    _ fragment: inout TextViewLayout.Fragment, in style: NSParagraphStyle?, firstLine: Bool, startsText: Bool, naturalHeight: CGFloat
  ) {
    guard let style, style._setsLineHeights else { return }
    let height = TextViewLayout.lineMetric(style._lineHeight(natural: naturalHeight), otherwise: naturalHeight)
    if height != naturalHeight { fragment.lineHeight = height }
    if firstLine, !startsText { fragment.spaceBefore = TextViewLayout.lineMetric(style.paragraphSpacingBefore) }
    fragment.lineSpacing = TextViewLayout.lineMetric(style.lineSpacing)
    fragment.paragraphSpacing = TextViewLayout.lineMetric(style.paragraphSpacing)
  }

  /// Whether a line starting after `character` starts a paragraph.
  static func _isParagraphBreak(_ character: Character?) -> Bool {
    character == "\n" || character == "\r\n" || character == "\r" || character == "\u{2029}"
  }

  /// The fragment (container coordinates, the padding at both ends included) of a line of a
  /// paragraph in `style`, in a container `width` wide. Indents count from the padding's inner
  /// edge on the paragraph's leading side (the right for a right-to-left paragraph).
  static func _indentBox(
    of style: NSParagraphStyle?, firstLine: Bool, rightToLeft: Bool, width: CGFloat, padding: CGFloat
  ) -> TextViewLayout.Fragment {
    guard let style else { return TextViewLayout.Fragment(x: 0, width: width) }
    let room = max(0, width - 2 * padding)
    var head = max(0, firstLine ? style.firstLineHeadIndent : style.headIndent)
    var end = style.tailIndent > 0 ? style.tailIndent : room + style.tailIndent
    end = min(end, room)
    // Indents that leave no room would skip the paragraph's lines until the layout gives up:
    // the line takes the width the indents leave on one side only.
    if end <= head {
      end = room
      if end <= head { head = 0 }
    }
    let x = rightToLeft ? width - (end + 2 * padding) : head
    return TextViewLayout.Fragment(x: x, width: end - head + 2 * padding, alignment: style.alignment)
  }
}
