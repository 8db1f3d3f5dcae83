import Foundation

extension UIWindow {
  /// A mouse wheel turn at `point` (window coordinates) over a picker, in the keyboard's place
  /// or in the window: the component under the pointer turns. Returns whether a picker took the
  /// turn (``_mouseWheel(at:delta:)`` scrolls scroll views otherwise).
  @discardableResult
  package func _scrollWheelOverPicker(at point: CGPoint, delta: CGPoint) -> Bool {
    if !_presentsModal, keyboard.contains(point) { return keyboard.scrollWheel(at: point, delta: delta) }
    return _turnPicker(at: point, delta: delta)
  }

  /// What a host's mouse wheel does at `point`: a picker under the pointer (the keyboard's or
  /// the window's) turns before any scroll view scrolls. Returns whether something moved.
  @discardableResult
  package func _mouseWheel(at point: CGPoint, delta: CGPoint) -> Bool {
    _scrollWheelOverPicker(at: point, delta: delta) || _scrollWheel(at: point, delta: delta)
  }

  /// The innermost picker under `point` turns by `delta`.
  func _turnPicker(at point: CGPoint, delta: CGPoint) -> Bool {
    var view = hitTest(point, with: nil)
    while let current = view {
      if let picker = current as? UIPickerView {
        return picker._scrollWheel(at: picker.convert(point, from: nil), delta: delta)
      }
      view = current.superview
    }
    return false
  }
}
