import Foundation
import TextEditing

// UITextInput for UITextField. Programmatic text input, as on iOS: `insertText`, `deleteBackward`
// and `replace(_:withText:)` do not ask the delegate but do send `.editingChanged` and post the
// notification; each step of marked text (an input method) is user input and asks
// `shouldChangeCharactersIn`; the keyboards' keys (typing, Backspace) are user input that reaches
// the overridable `insertText(_:)` and `deleteBackward()`. The input delegate hears of what code
// changes, never of what the keyboards do (see `UITextInputDelegate`).
//
// Swift without Objective-C lets a subclass override only what a class declares in its own body
// (members of extensions are final), so the UITextInput members are declared `open` in
// UITextField.swift; the longer bodies live here.
extension UITextField: UITextInput {}

extension UITextField {
  func _textInputPosition(
    from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int
  ) -> UITextPosition? {
    switch direction {
    case .right: self.position(from: position, offset: offset)
    case .left: _inputPosition(from: position, offset: offset, backwards: true)
    case .up: offset == 0 ? position : beginningOfDocument
    case .down: offset == 0 ? position : endOfDocument
    }
  }

  func _textInputCaretRect(for position: UITextPosition) -> CGRect {
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
    let offset = min(max(0, position._offset), _state.text.utf16Count)
    let font = _drawingFont
    let (origin, visible) = _lineOrigin(in: rect, font: font, measurer: measurer)
    let clamped = min(max(offset, visible.range.lowerBound), visible.range.upperBound)
    let x: CGFloat
    if let characters = _bidiCharacters(in: visible, font: font, measurer: measurer) {
      // After the character before the position, on its side (where the host draws the caret).
      if let before = characters.first(where: { $0.range.upperBound == clamped }) {
        x = rect.minX + origin + before.left + (before.rightToLeft ? 0 : before.width)
      } else if let first = characters.first(where: { $0.range.lowerBound == clamped }) {
        x = rect.minX + origin + first.left + (first.rightToLeft ? first.width : 0)
      } else {
        x = rect.minX + origin
      }
    } else {
      let prefix = String(visible.string.utf16.prefix(visible.offset(clamped))) ?? ""
      x = rect.minX + origin + measurer.size(of: prefix, font: font).width
        + _kernWidth(in: visible.range.lowerBound..<clamped, measurer: measurer)
    }
    let height = font.lineHeight
    return CGRect(x: x, y: rect.midY - height / 2, width: 2, height: height)
  }


  /// The grapheme cluster drawn across `point.x`, as `_offset(at:)` walks them.
  func _textInputCharacterRange(at point: CGPoint) -> UITextRange? {
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
    let font = _drawingFont
    let (origin, visible) = _lineOrigin(in: rect, font: font, measurer: measurer)
    let x = point.x - rect.minX - origin
    guard x >= 0 else { return nil }
    if let characters = _bidiCharacters(in: visible, font: font, measurer: measurer) {
      return characters.first { x < $0.left + $0.width }.map { UITextRange($0.range) }
    }
    var width: CGFloat = 0
    var offset = visible.range.lowerBound
    let kerning = _kerning(measurer: measurer)
    for (character, source) in zip(visible.string, _state.text.substring(visible.range)) {
      let w = measurer.size(of: String(character), font: font).width + (kerning?(offset) ?? 0)
      let end = offset + source.utf16.count
      if x < width + w { return UITextRange(offset..<end) }
      width += w
      offset = end
    }
    return nil
  }

  /// On a line with right-to-left text: the span of the drawn characters of `range` (nil for
  /// a left-to-right line).
  private func _bidiRect(for range: Range<Int>) -> CGRect? {
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
    let font = _drawingFont
    let (origin, visible) = _lineOrigin(in: rect, font: font, measurer: measurer)
    guard let characters = _bidiCharacters(in: visible, font: font, measurer: measurer) else { return nil }
    let inside = characters.filter { $0.range.overlaps(range) }
    guard let minX = inside.map(\.left).min(), let maxX = inside.map({ $0.left + $0.width }).max() else { return nil }
    let height = font.lineHeight
    return CGRect(x: rect.minX + origin + minX, y: rect.midY - height / 2, width: maxX - minX, height: height)
  }

  /// The rectangle from the caret at `range`'s start to the caret at its end.
  func _textInputRects(for range: UITextRange) -> (rect: CGRect, isEmpty: Bool) {
    let r = range._range.clamped(to: 0..<(_state.text.utf16Count + 1))
    if !r.isEmpty, let rect = _bidiRect(for: r) { return (rect, false) }
    let start = caretRect(for: UITextPosition(offset: r.lowerBound))
    let end = caretRect(for: UITextPosition(offset: r.upperBound))
    return (CGRect(x: start.minX, y: start.minY, width: max(0, end.minX - start.minX), height: start.height), r.isEmpty)
  }
}
