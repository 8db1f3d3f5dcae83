import Foundation
import TextEditing

// Lines that flow around the text container's exclusion paths, as TextKit 1 lays them out: each
// visual line is laid out in what the container's `lineFragmentRect(forProposedRect:…)` answers
// for the line's rectangle, and a line it leaves no room on is skipped (an empty line that holds
// no text and is not drawn). The fragments live in the layout (`TextViewLayout.fragments`), so
// that everything reading line geometry (`_lineRect`, `_lineContent`, the layout manager) reads
// them from the lines it already has. Without paths, nothing here runs: a keystroke's layout is
// the incremental one; with paths, an edit lays the text out anew (`update` wraps at one width).

extension UITextView {
  /// The lines laid out around the container's exclusion paths (or the shape of a container
  /// that is not a simple rectangle); nil for a rectangular container, which wraps every line
  /// at `_wrapWidth`.
  func _layoutAroundExclusionPaths(metrics: TextViewLayout.Metrics, lineHeight: CGFloat) -> TextViewLayout? {
    guard let container = _textKit?.container, !container.isSimpleRectangularTextContainer else { return nil }
    let width = _textContainerRect.width
    let height = container.size.height
    var layout = TextViewLayout()
    layout.rebuild(_state.text, width: _wrapWidth, padding: _lineFragmentPadding, metrics: metrics, lineHeight: lineHeight) {
      _, start, top, left in
      container._fragment(top: top, at: start, lineHeight: lineHeight, width: width, height: height, left: left)
    }
    layout.fragmentsHeight = height
    return layout
  }

  /// Drops lines laid out around exclusion paths when the container's height changed (it
  /// follows the view's while `heightTracksTextView`): lines below the old height took the full
  /// width, and may now be shown.
  func _dropLayoutAroundExclusionPathsIfHeightChanged() {
    guard let layout = _layout, layout.fragments != nil, let container = _textKit?.container,
      layout.fragmentsHeight != container.size.height
    else { return }
    _layout = nil
  }

  /// The width line `line`'s text may take: its fragment less the padding at both ends.
  func _textWidth(ofLine line: Int, in layout: TextViewLayout) -> CGFloat {
    guard let fragment = layout.fragment(ofLine: line) else { return _wrapWidth }
    return max(0, fragment.width - 2 * _lineFragmentPadding)
  }

  /// The lines shown when some are skipped: `maximumNumberOfLines` counts the lines that hold
  /// text (as TextKit 1 counts line fragments), and the last line shown is one that does.
  func _shownLines(aroundExclusionPathsOf layout: TextViewLayout, in container: NSTextContainer) -> Int {
    var shown = layout.lineCount
    if container.maximumNumberOfLines > 0 {
      var held = 0
      for index in 0..<layout.lineCount where !layout.isSkipped(index) {
        held += 1
        if held == container.maximumNumberOfLines {
          shown = index + 1
          break
        }
      }
    }
    let height = container.size.height
    if height < 1e12 { shown = min(shown, layout.linesFitting(height: height, lineHeight: _lineHeight)) }
    while shown > 1, layout.isSkipped(shown - 1) { shown -= 1 }
    return shown
  }
}
