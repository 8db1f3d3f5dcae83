import Foundation

/// What observes a text storage in TextKit 2 (a content storage): it is told of the storage's
/// processed edits, as a TextKit 1 layout manager is, and runs the storage's editing
/// transactions.
public protocol NSTextStorageObserving: NSObjectProtocol {
  /// The observed storage.
  var textStorage: NSTextStorage? { get set }
  /// The storage processed edits: `editMask` in `newCharRange` (the text as it is now),
  /// `delta` units longer; `invalidatedCharRange` needs new layout.
  func processEditing(
    for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions, range newCharRange: NSRange,
    changeInLength delta: Int, invalidatedRange invalidatedCharRange: NSRange)
  /// Runs `transaction`, which edits the storage, as one edit.
  func performEditingTransaction(for textStorage: NSTextStorage, using transaction: () -> Void)
}
