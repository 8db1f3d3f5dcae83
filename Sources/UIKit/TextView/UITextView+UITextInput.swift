import Foundation
import TextEditing

// UITextInput for UITextView. Programmatic text input, as on iOS: `insertText`, `deleteBackward`
// and `replace(_:withText:)` do not ask the delegate but do call `textViewDidChange` and post the
// notification; each step of marked text (an input method) is user input and asks
// `shouldChangeTextIn`; the keyboards' keys reach the overridable `insertText(_:)` and
// `deleteBackward()` as user input. Up and down move by visual line, and the tokenizer's lines
// are the wrapped lines. The input delegate hears of what code changes, never of what the
// keyboards do (see `UITextInputDelegate`).
//
// As for UITextField, the members are declared `open` in the class's body (UITextView.swift), where
// a subclass can override them; the longer bodies live here.
extension UITextView: UITextInput {}

extension UITextView {
  func _textInputPosition(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
    switch direction {
    case .right: return self.position(from: position, offset: offset)
    case .left: return _inputPosition(from: position, offset: offset, backwards: true)
    case .up, .down:
      guard (0..._inputLength).contains(position._offset) else { return nil }
      let caret = _caretPoint(for: position._offset)
      let lineCount = _ensureLayout().lineCount
      // Any move past either end lands there: clamping first keeps Int.min and Int.max from
      // overflowing the negation and the sum.
      let lines = min(max(offset, -lineCount), lineCount)
      let target = _ensureLayout().line(caret.line, movedBy: direction == .down ? lines : -lines)
      if target < 0 { return beginningOfDocument }
      if target >= lineCount { return endOfDocument }
      return UITextPosition(offset: _offset(onLine: target, x: caret.x))
    }
  }

  func _textInputCaretRect(for position: UITextPosition) -> CGRect {
    let offset = min(max(0, position._offset), _inputLength)
    let caret = _caretPoint(for: offset)
    let line = _lineUsedRect(caret.line)
    return CGRect(x: caret.x, y: line.minY, width: 2, height: line.height)
  }

  func _textInputSelectionRects(for range: UITextRange) -> [UITextSelectionRect] {
    let r = range._range.clamped(to: 0..<(_inputLength + 1))
    guard !r.isEmpty else { return [] }
    let start = _caretPoint(for: r.lowerBound)
    let end = _caretPoint(for: r.upperBound)
    var rects: [UITextSelectionRect] = []
    let layout = _ensureLayout()
    for line in start.line...end.line {
      if layout.isSkipped(line) { continue }
      let lineRect = _lineUsedRect(line)
      var minX = line == start.line ? start.x : lineRect.minX + _lineFragmentPadding
      var maxX = line == end.line ? end.x : lineRect.maxX
      // A line drawn in visual order: the span of the range's characters on it.
      let content = _lineContent(line, in: layout)
      if let visual = _visualLine(content) {
        let inside = visual.filter { $0.range.overlaps(r) }
        if let low = inside.map(\.left).min(), let high = inside.map({ $0.left + $0.width }).max() {
          minX = content.x + low
          maxX = line == end.line ? content.x + high : lineRect.maxX
        }
      }
      // A range that ends just after a line break ends at the next line's start: no rectangle there.
      if line == end.line, line != start.line, maxX <= minX { continue }
      rects.append(
        _TextSelectionRect(
          rect: CGRect(x: minX, y: lineRect.minY, width: max(0, maxX - minX), height: lineRect.height),
          containsStart: line == start.line, containsEnd: false))
    }
    if let last = rects.popLast() {
      rects.append(_TextSelectionRect(rect: last.rect, containsStart: last.containsStart, containsEnd: true))
    }
    return rects
  }

  /// The UTF-16 range of visual line `index` without its line break.
  private func _lineTextRange(_ index: Int, in layout: TextViewLayout) -> Range<Int> {
    var range = layout.lineRange(index)
    if !range.isEmpty, let last = _state.text.character(before: range.upperBound), last.isNewline {
      range = range.lowerBound..<(range.upperBound - last.utf16.count)
    }
    return range
  }

  func _lineUnit(endingAfter offset: Int) -> Range<Int>? {
    let layout = _ensureLayout()
    var index = layout.lineIndex(containing: offset)
    while index < layout.lineCount {
      let range = _lineTextRange(index, in: layout)
      if !range.isEmpty, range.upperBound > offset { return range }
      index += 1
    }
    return nil
  }

  func _lineUnit(startingBefore offset: Int) -> Range<Int>? {
    let layout = _ensureLayout()
    var index = layout.lineIndex(containing: offset)
    while index >= 0 {
      let range = _lineTextRange(index, in: layout)
      if !range.isEmpty, range.lowerBound < offset { return range }
      index -= 1
    }
    return nil
  }

  func _textInputCharacterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
    let offset = position._offset
    guard (0..._inputLength).contains(offset) else { return nil }
    switch direction {
    case .up: return UITextRange(0..<offset)
    case .down: return UITextRange(offset..<_inputLength)
    case .left, .right:
      let layout = _ensureLayout()
      let line = _lineTextRange(layout.lineIndex(containing: offset), in: layout)
      return direction == .left
        ? UITextRange(line.lowerBound..<max(line.lowerBound, offset)) : UITextRange(offset..<max(offset, line.upperBound))
    }
  }

  /// The grapheme cluster drawn under `point` (view coordinates, which are the content's).
  func _textInputCharacterRange(at point: CGPoint) -> UITextRange? {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    let layout = _ensureLayout()
    var line = layout.line(atY: point.y - textContainerInset.top, lineHeight: _lineHeight)
    guard line >= 0, line < layout.lineCount else { return nil }
    line = layout.line(inRowOf: line, nearestX: point.x - textContainerInset.left)
    let content = _lineContent(line, in: layout)
    guard point.x >= content.x else { return nil }
    if let visual = _visualLine(content) { return visual.character(at: point.x - content.x).map { UITextRange($0.range) } }
    let measure = _measure()
    var x = content.x
    var offset = content.range.lowerBound
    for character in content.string {
      let end = offset + character.utf16.count
      let w = measure(character)
      if point.x < x + w { return UITextRange(offset..<end) }
      x += w
      offset = end
    }
    return nil
  }
}
