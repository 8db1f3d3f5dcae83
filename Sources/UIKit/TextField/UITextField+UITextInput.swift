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

  public func text(in range: UITextRange) -> String? {
    let r = range._range
    guard r.upperBound <= _state.text.utf16Count else { return nil }
    return _state.text.substring(r)
  }

  public func replace(_ range: UITextRange, withText text: String) {
    let r = range._range
    guard r.upperBound <= _state.text.utf16Count else { return }
    _perform(.replace(r, with: text), origin: .program)
  }

  public var selectedTextRange: UITextRange? {
    get { UITextRange(_state.selection.range) }
    set {
      guard let newValue else { return }
      let length = _state.text.utf16Count
      let anchor = min(newValue._start._offset, length)
      let head = min(newValue._end._offset, length)
      _perform(.select(TextSelection(anchor: anchor, head: head)), origin: .program)
    }
  }

  public var markedTextRange: UITextRange? {
    _state.markedRange.map { UITextRange($0) }
  }

  public var markedTextStyle: [NSAttributedString.Key: Any]? {
    get { nil }
    set {}
  }

  public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
    let text = markedText ?? ""
    let length = text.utf16.count
    let lower = min(max(0, selectedRange.location), length)
    let upper = min(lower + max(0, selectedRange.length), length)
    _perform(.setMarkedText(text, selectedRange: lower..<upper))
  }

  public func unmarkText() {
    _perform(.unmarkText)
  }

  public var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }

  public var endOfDocument: UITextPosition { UITextPosition(offset: _state.text.utf16Count) }

  public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
    let length = _state.text.utf16Count
    guard (0...length).contains(fromPosition._offset), (0...length).contains(toPosition._offset)
    else { return nil }
    return UITextRange(start: fromPosition, end: toPosition)
  }

  public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
    let (target, overflow) = position._offset.addingReportingOverflow(offset)
    guard !overflow, (0..._state.text.utf16Count).contains(target) else { return nil }
    return UITextPosition(offset: target)
  }

  public func position(
    from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int
  ) -> UITextPosition? {
    switch direction {
    case .right: self.position(from: position, offset: offset)
    case .left: self.position(from: position, offset: -offset)
    case .up: offset == 0 ? position : beginningOfDocument
    case .down: offset == 0 ? position : endOfDocument
    }
  }

  public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
    position._offset < other._offset
      ? .orderedAscending : position._offset > other._offset ? .orderedDescending : .orderedSame
  }

  public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
    toPosition._offset - from._offset
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
