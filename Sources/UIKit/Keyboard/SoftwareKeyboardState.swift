import Foundation

/// What a text object offers the software keyboard: UIKit's text objects implement it so that
/// a key typed on the keyboard is *user* input (the delegate is asked), unlike a program's
/// `insertText(_:)`.
@MainActor
protocol SoftwareKeyboardClient: UIResponder, UITextInputTraits {
  /// Types `text` as the user.
  func _keyboardInsert(_ text: String)
  /// Backspace as the user.
  func _keyboardDeleteBackward()
  /// The Return key.
  func _keyboardReturn()
  /// Up to `limit` characters before the caret (for auto-capitalisation).
  func _textBeforeCaret(limit: Int) -> String
  /// Whether the text is empty (for `enablesReturnKeyAutomatically`).
  var _keyboardTextIsEmpty: Bool { get }
}

/// The software keyboard while it serves a text object: the key model (``SoftwareKeyboard``)
/// with its shift and plane, kept in step with the text.
@MainActor
package final class SoftwareKeyboardState {
  /// The key model (its plane, shift and Return state follow the text).
  package var model: SoftwareKeyboard {
    if needsRefresh { refresh() }
    return _model
  }
  private var _model: SoftwareKeyboard

  /// Follows the appearance of the interface the keyboard serves (a `.default` keyboard is
  /// dark in dark appearance).
  package func followInterfaceStyle(_ style: UIUserInterfaceStyle) {
    _model.interfaceIsDark = style == .dark
  }
  /// Whether the text changed since shift and the Return key were brought up to date. They
  /// are brought up to date when the keyboard is next read (drawn, touched, asked for its
  /// keys): once per frame, not on every keystroke of a burst (a paste, fast typing, a
  /// program's edits), where reading and segmenting the text before the caret each time
  /// cost as much as the edit.
  private var needsRefresh = false
  /// The keyboard's geometry in the window it serves.
  package private(set) var geometry: SoftwareKeyboard.Geometry
  weak var responder: UIResponder?
  /// The responder as a text object the keys act on, found once: looking up the protocol
  /// conformance again on every keystroke (to refresh shift) would cost more than the edit.
  private weak var client: (any SoftwareKeyboardClient)?

  init(responder: UIResponder, windowSize: CGSize, locale: Locale) {
    self.responder = responder
    client = responder as? any SoftwareKeyboardClient
    let traits = responder as? any UITextInputTraits
    _model = SoftwareKeyboard(
      keyboardType: traits?.keyboardType ?? .default,
      returnKeyType: traits?.returnKeyType ?? .default,
      keyboardAppearance: traits?.keyboardAppearance ?? .default,
      locale: locale)
    _model.interfaceIsDark = (responder as? UIView)?.traitCollection.userInterfaceStyle == .dark
    geometry = Self.geometry(for: responder, windowSize: windowSize)
    refresh()
  }

  static func geometry(for responder: UIResponder, windowSize: CGSize) -> SoftwareKeyboard.Geometry {
    let traits = responder as? any UITextInputTraits
    let type = traits?.keyboardType ?? .default
    let bar = SoftwareKeyboard.showsPredictionBar(
      keyboardType: type, autocorrectionType: traits?.autocorrectionType ?? .default,
      isSecureTextEntry: traits?.isSecureTextEntry ?? false)
    return SoftwareKeyboard.geometry(for: type, windowSize: windowSize, showsPredictionBar: bar)
  }

  /// The software keyboard's height for `responder`'s traits in a window of `windowSize`.
  static func height(for responder: UIResponder, windowSize: CGSize) -> CGFloat {
    geometry(for: responder, windowSize: windowSize).size.height
  }

  /// The text changed: shift and the Return key follow it before the keyboard is next read.
  func setNeedsRefresh() {
    needsRefresh = true
  }

  /// Updates the Return key and shift from the text.
  func refresh() {
    needsRefresh = false
    guard let client else { return }
    _model.returnKeyEnabled = SoftwareKeyboard.isReturnKeyEnabled(
      enablesReturnKeyAutomatically: client.enablesReturnKeyAutomatically,
      text: client._keyboardTextIsEmpty ? "" : "x")
    _model.updateShift(
      textBeforeCaret: client._textBeforeCaret(limit: 4),
      autocapitalizationType: client.autocapitalizationType)
  }

  /// The keys as laid out now, in keyboard coordinates.
  package var rows: [[SoftwareKeyboard.Key]] { model.rows(in: geometry) }

  /// The key at `point` (keyboard coordinates), if any.
  package func key(at point: CGPoint) -> SoftwareKeyboard.Key? {
    model.key(at: point, in: geometry)
  }

  /// A tap at `point` in keyboard coordinates.
  func tap(at point: CGPoint) {
    guard let key = key(at: point), key.isEnabled else { return }
    press(key.action)
  }

  /// Performs a key's action on the text object, then updates plane and shift as iOS does.
  package func press(_ action: SoftwareKeyboard.Action) {
    guard let client else { return }
    switch action {
    case .insert(let text): client._keyboardInsert(text)
    case .space: client._keyboardInsert(" ")
    case .deleteBackward: client._keyboardDeleteBackward()
    case .return: client._keyboardReturn()
    case .shift, .switchPlane, .nextKeyboard: break
    }
    // The client may have resigned (Return); the model still follows the key.
    if needsRefresh { refresh() }
    _model.apply(action)
    if case .shift = action { return }
    refresh()
  }

  /// Locks shift (a double tap on the shift key).
  package func lockShift() {
    if needsRefresh { refresh() }
    _model.lockShift()
  }

  /// Draws the keys into `list`; `frame` is the keyboard's frame in window coordinates
  /// (SoftwareKeyboard+Drawing.swift says how they look).
  func render(in frame: CGRect, into list: inout DisplayList) {
    let model = model
    model.render(rows: model.rows(in: geometry), geometry: geometry, in: frame, into: &list)
  }
}

extension UITextField: SoftwareKeyboardClient {
  func _keyboardReturn() { _byKeyboard { _pressReturn() } }
}
