import Foundation
import TextEditing

// Programmatic text input, as on iOS: `insertText`, `deleteBackward` and `replace(_:withText:)`
// do not ask the delegate but do send `.editingChanged` and post the notification; each step of
// marked text (an input method) is user input and asks `shouldChangeCharactersIn`.
extension UITextField: UITextInput {
  public var hasText: Bool { _state.text.utf16Count > 0 }

  public func insertText(_ text: String) {
    _perform(.insertText(text), origin: .program)
  }

  public func deleteBackward() {
    _perform(.deleteBackward, origin: .program)
  }

  public func text(in range: UITextRange) -> String? { _inputText(in: range) }

  public func replace(_ range: UITextRange, withText text: String) { _inputReplace(range, withText: text) }

  public var selectedTextRange: UITextRange? {
    get { UITextRange(_state.selection.range) }
    set { _inputSelect(newValue) }
  }

  public var markedTextRange: UITextRange? {
    _state.markedRange.map { UITextRange($0) }
  }

  public var markedTextStyle: [NSAttributedString.Key: Any]? {
    get { nil }
    set {}
  }

  public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
    _inputSetMarkedText(markedText, selectedRange: selectedRange)
  }

  public func unmarkText() {
    _perform(.unmarkText)
  }

  public var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }

  public var endOfDocument: UITextPosition { UITextPosition(offset: _state.text.utf16Count) }

  public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
    _inputTextRange(from: fromPosition, to: toPosition)
  }

  public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
    _inputPosition(from: position, offset: offset)
  }

  public func position(
    from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int
  ) -> UITextPosition? {
    switch direction {
    case .right: self.position(from: position, offset: offset)
    case .left: _inputPosition(from: position, offset: offset, backwards: true)
    case .up: offset == 0 ? position : beginningOfDocument
    case .down: offset == 0 ? position : endOfDocument
    }
  }

  public func caretRect(for position: UITextPosition) -> CGRect {
    let measurer = window?.textMeasurer ?? ProportionalTextMeasurer()
    let rect = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
    let offset = min(max(0, position._offset), _state.text.utf16Count)
    let font = _drawingFont
    let (origin, visible) = _lineOrigin(in: rect, font: font, measurer: measurer)
    let clamped = min(max(offset, visible.range.lowerBound), visible.range.upperBound)
    let prefix = String(visible.string.utf16.prefix(visible.offset(clamped))) ?? ""
    let x = rect.minX + origin + measurer.size(of: prefix, font: font).width
    let height = font.lineHeight
    return CGRect(x: x, y: rect.midY - height / 2, width: 2, height: height)
  }

  public func closestPosition(to point: CGPoint) -> UITextPosition? {
    UITextPosition(offset: _offset(at: point))
  }
}
