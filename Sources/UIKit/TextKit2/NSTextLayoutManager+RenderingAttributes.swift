import Foundation
import TextEditing

// Rendering attributes: colours, underlines and strikethroughs drawn over ranges of the text
// without changing it (TextKit 2's temporary attributes; syntax highlighters set them). They
// are kept as attribute runs over the document, move with edits before them (text typed inside
// a run takes its attributes), and a text view draws them over the text's own attributes.

extension NSTextLayoutManager {
  /// The body of ``NSTextLayoutManager/setRenderingAttributes(_:for:)``.
  func _setRenderingAttributes(_ renderingAttributes: [NSAttributedString.Key: Any], for textRange: NSTextRange) {
    guard let range = _renderingRange(textRange) else { return }
    _renderingRuns?.set(renderingAttributes, in: range)
    _renderingAttributesChanged()
  }

  /// The body of ``NSTextLayoutManager/addRenderingAttribute(_:value:for:)``.
  func _addRenderingAttribute(_ renderingAttribute: NSAttributedString.Key, value: Any?, for textRange: NSTextRange) {
    guard let range = _renderingRange(textRange) else { return }
    _renderingRuns?.modify(in: range) { $0[renderingAttribute] = value }
    _renderingAttributesChanged()
  }

  /// The body of ``NSTextLayoutManager/removeRenderingAttribute(_:for:)``.
  func _removeRenderingAttribute(_ renderingAttribute: NSAttributedString.Key, for textRange: NSTextRange) {
    _addRenderingAttribute(renderingAttribute, value: nil, for: textRange)
  }

  /// The body of ``NSTextLayoutManager/invalidateRenderingAttributes(for:)``.
  func _invalidateRenderingAttributes(for textRange: NSTextRange) {
    guard let range = _renderingRange(textRange) else { return }
    _renderingRuns?.set([:], in: range)
    invalidateLayout(for: textRange)
    _renderingAttributesChanged()
  }

  /// The body of ``NSTextLayoutManager/enumerateRenderingAttributes(from:reverse:using:)``.
  func _enumerateRenderingAttributes(
    from location: any NSTextLocation, reverse: Bool,
    using block: (NSTextLayoutManager, [NSAttributedString.Key: Any], NSTextRange) -> Bool
  ) {
    guard let runs = _renderingRuns, let offset = location._offset else { return }
    let at = min(max(0, offset), runs.length)
    let slices = reverse ? runs.slices(in: 0..<at).reversed() : runs.slices(in: at..<runs.length)
    for (range, run) in slices where !run.attributes.isEmpty {
      if !block(self, run.attributes, NSTextRange(_offsets: range)) { return }
    }
  }

  /// The body of ``NSTextLayoutManager/renderingAttributes(forLink:at:)``.
  func _renderingAttributes(forLink link: Any, at location: any NSTextLocation) -> [NSAttributedString.Key: Any] {
    let defaults = type(of: self).linkRenderingAttributes
    return delegate?.textLayoutManager(self, renderingAttributesForLink: link, at: location, defaultAttributes: defaults)
      ?? defaults
  }

  // MARK: Helpers

  /// `textRange` as offsets, the runs made when missing; nil for a range outside the document.
  private func _renderingRange(_ textRange: NSTextRange) -> Range<Int>? {
    let length = (textContentManager as? NSTextContentStorage)?.textStorage?.length ?? 0
    guard let range = textRange._offsets, range.upperBound <= length else { return nil }
    if _renderingRuns?.length != length { _renderingRuns = _AttributeRuns(length: length, attributes: [:], revision: 0) }
    return range
  }

  /// The document's text changed: `old` became `newLength` units (rendering runs there move;
  /// typed text takes the attributes of the run it is typed in; fragments before it stay).
  func _textEdited(_ old: Range<Int>, newLength: Int, oldLength: Int) {
    _pendingChangeStart = min(_pendingChangeStart ?? .max, old.lowerBound)
    _noteEdit(old, newLength: newLength)
    guard var runs = _renderingRuns else { return }
    _renderingRuns = nil
    guard runs.length == oldLength, old.upperBound <= oldLength else { return }
    runs.replace(old, withLength: newLength, attributes: nil)
    _renderingRuns = runs
  }

  /// A text view showing this layout draws the new rendering attributes.
  private func _renderingAttributesChanged() {
    _view?.setNeedsDisplay()
  }

  /// The styles the rendering attributes draw over line `range` (offsets from its start).
  func _renderingSpans(in range: Range<Int>) -> [TextStyleSpan] {
    guard let runs = _renderingRuns, range.upperBound <= runs.length else { return [] }
    return runs.spans(in: range)
  }
}

extension UITextView {
  /// Lays the TextKit 2 layout manager's rendering attributes over a line's styles: their
  /// colours replace the text's, their underline and strikethrough add to them.
  func _styleRenderingAttributes(in run: inout TextRun, lineStart: Int) {
    guard let manager = _textKit2?.layoutManager, manager._renderingRuns != nil else { return }
    let overlays = manager._renderingSpans(in: lineStart..<(lineStart + run.string.utf16.count))
    guard !overlays.isEmpty else { return }
    run.restyle(cutting: overlays.map(\.range)) { base, index in
      guard let index else { return base }
      let over = overlays[index].style
      var style = base ?? TextRunStyle()
      if let foreground = over.foreground { style.foreground = foreground }
      if let background = over.background { style.background = background }
      if over.isUnderlined { style.isUnderlined = true }
      if over.isStrikethrough { style.isStrikethrough = true }
      return style
    }
  }
}
