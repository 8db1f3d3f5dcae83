import Foundation
import TextEditing

// Programmatic text input, as on iOS: `insertText`, `deleteBackward` and `replace(_:withText:)`
// do not ask the delegate but do call `textViewDidChange` and post the notification; each step
// of marked text (an input method) is user input and asks `shouldChangeTextIn`. Up and down
// move by visual line.
extension UITextView: UITextInput {
  public var hasText: Bool { _inputLength > 0 }

  public func insertText(_ text: String) { _perform(.insertText(text), origin: .program) }

  public func deleteBackward() { _perform(.deleteBackward, origin: .program) }

  public func text(in range: UITextRange) -> String? { _inputText(in: range) }

  public func replace(_ range: UITextRange, withText text: String) { _inputReplace(range, withText: text) }

  public var selectedTextRange: UITextRange? {
    get { UITextRange(_state.selection.range) }
    set { _inputSelect(newValue) }
  }

  public var markedTextRange: UITextRange? { _state.markedRange.map { UITextRange($0) } }

  public var markedTextStyle: [NSAttributedString.Key: Any]? {
    get { nil }
    set {}
  }

  public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
    _inputSetMarkedText(markedText, selectedRange: selectedRange)
  }

  public func unmarkText() { _perform(.unmarkText) }

  public var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }

  public var endOfDocument: UITextPosition { UITextPosition(offset: _inputLength) }

  public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
    _inputTextRange(from: fromPosition, to: toPosition)
  }

  public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
    _inputPosition(from: position, offset: offset)
  }

  public func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
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
      let target = caret.line + (direction == .down ? lines : -lines)
      if target < 0 { return beginningOfDocument }
      if target >= lineCount { return endOfDocument }
      return UITextPosition(offset: _offset(onLine: target, x: caret.x))
    }
  }

  /// The caret's rectangle at `position`, in the view's coordinates (scrolled content
  /// included, as on iOS).
  public func caretRect(for position: UITextPosition) -> CGRect {
    let offset = min(max(0, position._offset), _inputLength)
    let caret = _caretPoint(for: offset)
    let line = _lineRect(caret.line)
    return CGRect(x: caret.x, y: line.minY, width: 2, height: line.height)
  }

  public func closestPosition(to point: CGPoint) -> UITextPosition? {
    UITextPosition(offset: _offset(at: point))
  }
}
