/// A way to move the caret or the moving end of a selection. Directions are logical (in storage
/// order), not visual.
public enum TextMovement: Sendable, Hashable {
  /// One grapheme cluster back.
  case backward
  /// One grapheme cluster forward.
  case forward
  /// To the start of the word before (see ``TextBuffer/wordBoundary(before:)``).
  case wordBackward
  /// To the end of the word after (see ``TextBuffer/wordBoundary(after:)``).
  case wordForward
  /// To the start of the line.
  case lineStart
  /// To the end of the line.
  case lineEnd
  /// To the start of the text.
  case documentStart
  /// To the end of the text.
  case documentEnd
}

/// What a user or a program asks a text to do. A command *resolves* against an
/// ``EditorState`` into a ``Transaction`` without changing anything, so that a delegate can look
/// at the proposed edit and veto it.
public enum EditingCommand: Sendable, Hashable {
  /// Types `text`, replacing the marked text if there is any, else the selection.
  case insertText(String)
  /// Pastes `text`: like typing, but always its own undo step.
  case paste(String)
  /// Deletes the selection, or the grapheme cluster before the caret.
  case deleteBackward
  /// Deletes the selection, or the grapheme cluster after the caret.
  case deleteForward
  /// Deletes the selection, or back to the start of the word before the caret.
  case deleteWordBackward
  /// Deletes the selection, or forward to the end of the word after the caret.
  case deleteWordForward
  /// Deletes the selection, or back to the start of the line (at a line start: the line break).
  case deleteToLineStart
  /// Deletes the selection, or forward to the end of the line (at a line end: the line break).
  case deleteToLineEnd
  /// Moves the caret, collapsing a selection.
  case move(TextMovement)
  /// Moves the head of the selection, keeping its anchor.
  case extendSelection(TextMovement)
  /// Selects the whole text.
  case selectAll
  /// Sets the selection (UTF-16 offsets), rounded out to grapheme cluster boundaries.
  case select(TextSelection)
  /// Sets the marked (IME composition) text, replacing the current marked text or else the
  /// selection. `selectedRange` is relative to the marked text, as in
  /// `UITextInput.setMarkedText(_:selectedRange:)`. Empty text removes the marked text.
  case setMarkedText(String, selectedRange: Range<Int>)
  /// Commits the marked text as it stands.
  case unmarkText
  /// Replaces the whole text (a field that `clearsOnInsertion`); the caret goes to the end.
  case replaceAll(String)
  /// Replaces a UTF-16 range, as `UITextInput.replace(_:withText:)` does.
  case replace(Range<Int>, with: String)
  /// Typing that replaces text just before the caret (a smart dash typed over the hyphen before
  /// it): the caret ends after the replacement, and undo groups the edit with the typing it
  /// continues.
  case typeReplacing(Range<Int>, with: String)
}

/// How an edit groups into undo steps.
public enum EditKind: Sendable, Hashable {
  /// Typing: consecutive insertions at the caret form one undo step.
  case typing
  /// IME composition: every marked-text step up to the commit forms one undo step.
  case composition
  /// Deleting backwards: consecutive backward deletions form one undo step.
  case deleteBackward
  /// Deleting forwards: consecutive forward deletions form one undo step.
  case deleteForward
  /// Anything else (paste, replace, clear): always an undo step of its own.
  case other
}

/// The result of resolving a command: the edit to make (nil when only the selection changes),
/// and the selection and marked range once it is made.
public struct Transaction: Sendable, Hashable {
  /// The change of the text, or nil for a change of selection only.
  public var edit: TextEdit?
  /// The selection after the transaction, in UTF-16 offsets of the text after the edit.
  public var selection: TextSelection
  /// The marked (IME) range after the transaction, in UTF-16 offsets of the new text.
  public var markedRange: Range<Int>?
  /// How the edit groups into undo steps.
  public var kind: EditKind

  // What resolving already learned, so that the keystroke path does not walk the text again.
  /// The text the edit removes, when resolving read it anyway (nil: not known).
  var knownRemovedText: String?
  /// Whether the selection is known to lie on grapheme cluster boundaries of the new text.
  var selectionKnownOnClusterBoundaries = false

  public init(
    edit: TextEdit?, selection: TextSelection, markedRange: Range<Int>?, kind: EditKind
  ) {
    self.edit = edit
    self.selection = selection
    self.markedRange = markedRange
    self.kind = kind
  }

  /// Whether the transaction asks to change the text. An *empty* edit (nothing replaced by
  /// nothing, as Backspace at the start of a text produces) counts as a request: UIKit still
  /// asks its delegate about it.
  public var changesText: Bool { edit.map { !$0.isEmpty } ?? false }
}
