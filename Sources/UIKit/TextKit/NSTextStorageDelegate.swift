import Foundation

/// What a text storage's delegate hears as edits are processed. Both methods are optional: the
/// protocol extension supplies iOS's behaviour without them (nothing), and a same-named
/// property makes iOS's optional-call syntax compile:
/// `storage.delegate?.textStorage?(storage, didProcessEditing: mask, range: range, changeInLength: delta)`.
///
/// Not main-actor isolated, as on iOS (a storage may be used from any one thread at a time).
public protocol NSTextStorageDelegate: NSObjectProtocol {
  /// Edits are about to be processed: `editedRange` is the changed range of the text as it is
  /// now, `delta` how much longer it became. The delegate may still change characters and
  /// attributes.
  func textStorage(
    _ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange,
    changeInLength delta: Int)
  /// Edits were processed, before the layout managers hear of them: the delegate may change
  /// attributes (syntax colouring does it here).
  func textStorage(
    _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange,
    changeInLength delta: Int)
}

extension NSTextStorageDelegate {
  public func textStorage(
    _ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange,
    changeInLength delta: Int
  ) {}
  public func textStorage(
    _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange,
    changeInLength delta: Int
  ) {}

  /// `delegate?.textStorage?(…)` (see ``NSTextStorageDelegate``); never nil.
  public var textStorage: NSTextStorageDelegateCall? { NSTextStorageDelegateCall(delegate: self) }
}

/// The value behind `delegate?.textStorage?(…)`: the delegate methods whose base name is
/// `textStorage`.
public struct NSTextStorageDelegateCall {
  let delegate: any NSTextStorageDelegate
  public func callAsFunction(
    _ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange,
    changeInLength delta: Int
  ) {
    delegate.textStorage(textStorage, willProcessEditing: editedMask, range: editedRange, changeInLength: delta)
  }
  public func callAsFunction(
    _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange,
    changeInLength delta: Int
  ) {
    delegate.textStorage(textStorage, didProcessEditing: editedMask, range: editedRange, changeInLength: delta)
  }
}
