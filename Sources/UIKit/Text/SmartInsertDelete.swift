import Foundation
import TextEditing

// Smart insert and delete (`smartInsertDeleteType`): a pasted word gets the space that separates
// it from the word it lands against, and deleting (or cutting) a selected word takes one of the
// two spaces around it, so that "a word here" without "word" reads "a here". Apple documents the
// trait as whether UIKit "inserts an extra space when you paste text or drag and drop text, and
// whether it removes an extra space when you cut or delete text"; the rules here are the ones the
// text system has long documented for `smartInsert(for:replacingRange:)` and
// `smartDeleteRange(forProposedRange:)`:
// - insert: a space before the pasted text when it starts with a letter or digit and lands
//   right after one (or after closing punctuation); a space after it when it ends with a
//   letter, digit or punctuation and lands right before a letter or digit;
// - delete: when the selection is a whole word (or words) with a space on each side, or a space
//   after it at the start of a line, or a space before it and a sentence mark or the end of the
//   text after it, one of those spaces goes with it.
//
// `.yes` always applies; `.no` never; `.default` follows the keyboard type as smart punctuation
// does (not for secure text, URLs, email addresses, numbers). Only the user's paste, cut,
// Delete and Backspace apply it (never code's `insertText`/`replace`). The delegate is asked
// once, about the edit as it will be made: the padded string, or the widened range.
extension EditableTextObject {
  /// Whether pastes and deletions of a selection add and remove spaces.
  var _smartInsertDeleteApplies: Bool {
    guard let traits = self as? any UITextInputTraits else { return false }
    switch traits.smartInsertDeleteType {
    case .yes: return true
    case .no: return false
    case .default:
      let setting = (self as? UIView)?.window?.keyboard.smartInsertDelete ?? true
      return setting && SmartPunctuation.defaultApplies(to: traits)
    }
  }

  /// The paste of `string` over the selection (or marked text), with the spaces smart insert
  /// adds around it.
  func _smartPaste(_ string: String) -> EditingCommand {
    guard _smartInsertDeleteApplies, let first = string.first, let last = string.last else { return .paste(string) }
    let range = _state.markedRange ?? _state.selection.range
    let before = _character(endingAt: range.lowerBound)
    let after = _character(startingAt: range.upperBound)
    var padded = string
    if let before, Self._isWordCharacter(first),
      Self._isWordCharacter(before) || Self._closingPunctuation.contains(before)
    {
      padded = " " + padded
    }
    if let after, Self._isWordCharacter(after), Self._isWordCharacter(last) || last.isPunctuation {
      padded += " "
    }
    return .paste(padded)
  }

  /// The deletion of the selection with the space smart delete takes along, or `fallback` when
  /// there is none to take (a caret, a selection that is not whole words, no space around it).
  func _smartDeletion(_ fallback: EditingCommand) -> EditingCommand {
    guard !_state.selection.isEmpty, _state.markedRange == nil, _smartInsertDeleteApplies else { return fallback }
    let range = _state.selection.range
    let text = _state.text
    let selected = text.substring(range)
    guard let first = selected.first, let last = selected.last, !first.isWhitespace, !last.isWhitespace
    else { return fallback }
    let before = _character(endingAt: range.lowerBound)
    let after = _character(startingAt: range.upperBound)
    // Whole words only: no letter or digit runs on across either end of the selection.
    if let before, Self._isWordCharacter(before), Self._isWordCharacter(first) { return fallback }
    if let after, Self._isWordCharacter(after), Self._isWordCharacter(last) { return fallback }
    let spaceBefore = before.map { $0 == " " || $0 == "\t" } ?? false
    let spaceAfter = after.map { $0 == " " || $0 == "\t" } ?? false
    if spaceAfter, spaceBefore || before == nil || before?.isNewline == true {
      return .replace(range.lowerBound..<(range.upperBound + 1), with: "")
    }
    if spaceBefore, after == nil || after?.isNewline == true || Self._sentencePunctuation.contains(after!) {
      return .replace((range.lowerBound - 1)..<range.upperBound, with: "")
    }
    return fallback
  }

  /// The character (cluster) that ends at UTF-16 `offset`, nil at the start.
  private func _character(endingAt offset: Int) -> Character? {
    guard offset > 0 else { return nil }
    return _state.text.substring(_state.text.clusterBoundary(roundingDown: offset - 1)..<offset).last
  }

  /// The character (cluster) that starts at UTF-16 `offset`, nil at the end.
  private func _character(startingAt offset: Int) -> Character? {
    let text = _state.text
    guard offset < text.utf16Count, let end = text.clusterBoundary(after: offset) else { return nil }
    return text.substring(offset..<end).first
  }

  private static func _isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  private static var _closingPunctuation: Set<Character> {
    [")", "]", "}", ".", ",", ";", ":", "!", "?", "\u{201D}", "\u{2019}", "\"", "'"]
  }

  private static var _sentencePunctuation: Set<Character> {
    [".", ",", ";", ":", "!", "?", ")", "\u{201D}", "\u{2019}"]
  }
}
