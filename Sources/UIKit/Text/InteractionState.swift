import Foundation
import TextEditing

// `interactionState` of UITextField and UITextView (iOS 15): a snapshot of what the user did
// with the object — the selection, whether it was first responder, and a text view's scroll
// position — to hand back later (after the view was rebuilt, or the app relaunched) so the
// user finds things as they left them.
//
// The value is a property-list dictionary (numbers and Booleans under string keys), so it can
// go into an `NSUserActivity`'s user info or `UserDefaults` as iOS's opaque object can be
// archived. Its keys are this implementation's, not a format apps should read.

/// The keys of an interaction state.
enum _InteractionStateKey {
  static let selectionLocation = "selectionLocation"
  static let selectionLength = "selectionLength"
  static let isFirstResponder = "isFirstResponder"
  static let contentOffsetX = "contentOffsetX"
  static let contentOffsetY = "contentOffsetY"
}

extension EditableTextObject where Self: UIResponder {
  /// The selection and first-responder status, as a state dictionary.
  var _baseInteractionState: [String: Any] {
    let range = _state.selection.range
    return [
      _InteractionStateKey.selectionLocation: range.lowerBound,
      _InteractionStateKey.selectionLength: range.count,
      _InteractionStateKey.isFirstResponder: isFirstResponder,
    ]
  }

  /// Restores what `state` says of first-responder status and the selection (clamped to the
  /// current text, which may have changed since). Anything but a state dictionary is ignored.
  func _restoreBaseInteractionState(_ state: [String: Any]) {
    if let wasFirst = (state[_InteractionStateKey.isFirstResponder] as? Bool) {
      if wasFirst, !isFirstResponder {
        _ = becomeFirstResponder()
      } else if !wasFirst, isFirstResponder {
        _ = resignFirstResponder()
      }
    }
    if let location = _InteractionStateKey.number(state[_InteractionStateKey.selectionLocation]),
      let length = _InteractionStateKey.number(state[_InteractionStateKey.selectionLength])
    {
      let textLength = _state.text.utf16Count
      let lower = min(max(0, Int(location)), textLength)
      let upper = min(max(lower, lower + Int(length)), textLength)
      // Between the halves of a surrogate pair or a cluster, the engine's own rounding applies.
      _ = _perform(.select(TextSelection(range: lower..<upper)), origin: .program)
    }
  }
}

extension _InteractionStateKey {
  /// A number however it was stored (Int, Double, NSNumber from an archive).
  static func number(_ value: Any?) -> Double? {
    switch value {
    case let value as Int: Double(value)
    case let value as Double: value
    case let value as CGFloat: Double(value)
    case let value as NSNumber: value.doubleValue
    default: nil
    }
  }
}

extension UITextView {
  var _interactionState: Any {
    var state = _baseInteractionState
    state[_InteractionStateKey.contentOffsetX] = Double(contentOffset.x)
    state[_InteractionStateKey.contentOffsetY] = Double(contentOffset.y)
    return state
  }

  /// Restores first-responder status and the selection, then the scroll position (last, so
  /// that scrolling to the caret does not undo it), clamped to the content.
  func _restoreInteractionState(_ value: Any) {
    guard let state = value as? [String: Any] else { return }
    _restoreBaseInteractionState(state)
    if let x = _InteractionStateKey.number(state[_InteractionStateKey.contentOffsetX]),
      let y = _InteractionStateKey.number(state[_InteractionStateKey.contentOffsetY])
    {
      _ensureLayout()
      contentOffset = _clampedContentOffset(CGPoint(x: x, y: y))
    }
  }
}

extension UITextField {
  var _interactionState: Any { _baseInteractionState }

  func _restoreInteractionState(_ value: Any) {
    guard let state = value as? [String: Any] else { return }
    _restoreBaseInteractionState(state)
  }
}
