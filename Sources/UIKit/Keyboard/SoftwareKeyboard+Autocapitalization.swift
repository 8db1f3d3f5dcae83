// When the shift key turns on by itself (UITextAutocapitalizationType).

extension SoftwareKeyboard {
  /// Whether the next character typed after `textBeforeCaret` should be a capital:
  /// - `.none`: never; `.allCharacters`: always;
  /// - `.words`: at the start of the text and after whitespace (a space, a tab, a newline);
  /// - `.sentences`: at the start of the text, after a newline, and after a sentence end — `.`,
  ///   `!`, `?` (or `。！？`), possibly followed by closing quotes or brackets — once at least one
  ///   space follows it. "Hi." wants a lower-case letter; "Hi. " a capital; leading spaces keep
  ///   the start of the text a sentence start.
  ///
  /// Only the letters plane is affected: shift has no effect on digits and punctuation.
  package static func shouldCapitalize(
    nextCharacterAfter textBeforeCaret: String,
    type: UITextAutocapitalizationType
  ) -> Bool {
    switch type {
    case .none:
      return false
    case .allCharacters:
      return true
    case .words:
      guard let last = textBeforeCaret.last else { return true }
      return last.isWhitespace
    case .sentences:
      guard let last = textBeforeCaret.last else { return true }
      if last.isNewline { return true }
      guard last.isWhitespace else { return false }
      // Skip the spaces (not newlines) before the caret, then any closing quotes and brackets.
      var rest = textBeforeCaret[...]
      while let character = rest.last, character.isWhitespace, !character.isNewline {
        rest = rest.dropLast()
      }
      guard let beforeSpaces = rest.last else { return true }
      if beforeSpaces.isNewline { return true }
      while let character = rest.last, closingPunctuation.contains(character) {
        rest = rest.dropLast()
      }
      guard let end = rest.last else { return false }
      return sentenceTerminators.contains(end)
    }
  }

  private static let sentenceTerminators: Set<Character> = [".", "!", "?", "。", "！", "？"]
  private static let closingPunctuation: Set<Character> = [
    "\"", "'", ")", "]", "}", "\u{201D}", "\u{2019}", "»", "」", "』", "）",
  ]
}
