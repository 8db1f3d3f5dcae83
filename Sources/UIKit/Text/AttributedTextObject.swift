import Foundation
import TextEditing

// What UITextField and UITextView share of attributed text: the attribute runs kept beside the
// engine's text (see AttributeRuns.swift), brought along by every edit of the one mutation path,
// typing attributes, and the ⌘B / ⌘I / ⌘U toggles of `allowsEditingTextAttributes`.

/// The attribute ⌘B, ⌘I or ⌘U toggles.
enum _AttributeToggle { case bold, italic, underline }

/// A text object whose text has attributes per range.
@MainActor
protocol _AttributedTextObject: EditableTextObject {
  /// The runs, valid while their revision is the text's (see ``_syncRuns()``).
  var _runStorage: _AttributeRuns { get set }
  /// The attributes of a text set with `text` (the object's font, colour, alignment…).
  var _defaultRunAttributes: [NSAttributedString.Key: Any] { get }
  /// Typing attributes set explicitly (nil: the text's at the caret).
  var _typingAttributes: [NSAttributedString.Key: Any]? { get set }
  var allowsEditingTextAttributes: Bool { get }
  /// The attributes of the text changed (not the characters): redraw.
  func _attributesDidChange()
}

extension _AttributedTextObject {
  /// Brings the runs to the text: a text set as a whole, or changed by a path that did not tell
  /// the runs, takes the default attributes all over.
  func _syncRuns() {
    let length = _state.text.utf16Count
    if _runStorage.revision != _state.textRevision || _runStorage.length != length {
      _runStorage = _AttributeRuns(length: length, attributes: _defaultRunAttributes, revision: _state.textRevision)
    }
  }

  /// The runs, in step with the text.
  var _runs: _AttributeRuns {
    _syncRuns()
    return _runStorage
  }

  /// The text with its attributes.
  var _attributedString: NSAttributedString {
    _runs.attributedString(_state.cachedString())
  }

  /// Replaces the runs with `string`'s, over a text just set to `string.string`.
  func _takeRuns(of string: NSAttributedString) {
    // Characters without a font or colour of their own keep none (drawn in the object's), as
    // the string was given.
    _runStorage = _AttributeRuns(string, defaults: [:], revision: _state.textRevision)
    if _runStorage.length != _state.text.utf16Count { _syncRuns() }
  }

  /// Sets `key` to `value` (nil removes it) over the whole text: what `font =`, `textColor =`
  /// do on iOS, whose setters apply to the entire text.
  func _setAttributeEverywhere(_ key: NSAttributedString.Key, _ value: Any?) {
    _syncRuns()
    _runStorage.modify(in: 0..<_runStorage.length) { $0[key] = value }
  }

  /// The attributes text typed at the caret takes.
  var _currentTypingAttributes: [NSAttributedString.Key: Any] {
    if let explicit = _typingAttributes { return explicit }
    let runs = _runs
    return runs.length == 0 ? runs.runs[0].attributes : runs.attributesForTyping(at: _state.selection.range.lowerBound)
  }

  /// `textStyling(at:in:)`: the attributes of the character after a UTF-16 offset (forward)
  /// or before it (backward); where there is none (an end of the text), the typing attributes.
  func _textStyling(atOffset offset: Int, in direction: UITextStorageDirection) -> [NSAttributedString.Key: Any] {
    let runs = _runs
    let index = direction == .backward ? offset - 1 : offset
    guard index >= 0, index < runs.length else { return _currentTypingAttributes }
    return runs.attributes(at: index).attributes
  }

  /// Called by the mutation path before the engine applies `edit`.
  func _runsWillApply(_ edit: TextEdit) {
    _syncRuns()
    _runStorage.replace(edit.range, withLength: edit.replacementUTF16Count, attributes: _typingAttributes)
  }

  /// Called after the engine applied the edit ``_runsWillApply(_:)`` announced.
  func _runsDidApply() {
    if _runStorage.length == _state.text.utf16Count { _runStorage.revision = _state.textRevision }
  }

  // MARK: ⌘B, ⌘I, ⌘U

  /// Toggles a trait over the selection (on when any of it lacks it, else off), or in the
  /// typing attributes at a caret. Does nothing unless `allowsEditingTextAttributes`.
  func _toggle(_ toggle: _AttributeToggle) {
    guard allowsEditingTextAttributes else { return }
    let selection = _state.selection.range
    func has(_ attributes: [NSAttributedString.Key: Any]) -> Bool {
      switch toggle {
      case .bold: (attributes[.font] as? UIFont)?._isBold ?? false
      case .italic: (attributes[.font] as? UIFont)?._isItalic ?? false
      case .underline: (_AttributeRuns.number(attributes[.underlineStyle]) ?? 0) != 0
      }
    }
    func apply(_ on: Bool, to attributes: inout [NSAttributedString.Key: Any]) {
      let font = (attributes[.font] as? UIFont) ?? (_defaultRunAttributes[.font] as? UIFont) ?? UIFont._defaultTextFieldFont
      switch toggle {
      case .bold: attributes[.font] = font._withTraits(bold: on, italic: font._isItalic)
      case .italic: attributes[.font] = font._withTraits(bold: font._isBold, italic: on)
      case .underline: attributes[.underlineStyle] = on ? NSUnderlineStyle.single.rawValue : nil
      }
    }
    if selection.isEmpty {
      var typing = _currentTypingAttributes
      apply(!has(typing), to: &typing)
      _typingAttributes = typing
      return
    }
    _syncRuns()
    let turnOn = _runStorage.slices(in: selection).contains { !has($0.run.attributes) }
    _runStorage.modify(in: selection) { apply(turnOn, to: &$0) }
    _attributesDidChange()
  }
}
