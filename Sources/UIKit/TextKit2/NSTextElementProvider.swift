import Foundation

/// What provides a document's elements to TextKit 2: its range, its elements in order, and
/// replacing them. `NSTextContentManager` adopts it; the last three methods are optional (a
/// provider whose locations are offsets answers them; others leave the defaults).
@preconcurrency @MainActor
public protocol NSTextElementProvider: NSObjectProtocol {
  /// The whole document.
  var documentRange: NSTextRange { get }
  /// Calls `block` with the elements from the one holding `textLocation` (the document's start,
  /// or its end with `.reverse`, when nil), in order, until `block` answers false; returns the
  /// location where the enumeration stopped (after the last element given; before it in
  /// reverse), nil when it gave none.
  @discardableResult
  func enumerateTextElements(
    from textLocation: (any NSTextLocation)?, options: NSTextContentManager.EnumerationOptions,
    using block: (NSTextElement) -> Bool
  ) -> (any NSTextLocation)?
  /// Replaces the content of `range` with `textElements`' (removes it when nil).
  func replaceContents(in range: NSTextRange, with textElements: [NSTextElement]?)
  /// Writes pending changes to the backing store, then calls `completionHandler` (with nil: no
  /// error).
  func synchronizeToBackingStore(_ completionHandler: ((Error?) -> Void)?)
  /// The location `offset` units after `location` (before it when negative); nil outside the
  /// document.
  func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)?
  /// How many units `to` is after `from` (negative when before).
  func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int
  /// `textRange` widened to whole characters (grapheme clusters), or nil when it already is one.
  /// `forEditingTextSelection` asks for a range the user's editing can replace.
  func adjustedRange(from textRange: NSTextRange, forEditingTextSelection: Bool) -> NSTextRange?
}

extension NSTextElementProvider {
  public func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)? { nil }
  public func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int { 0 }
  public func adjustedRange(from textRange: NSTextRange, forEditingTextSelection: Bool) -> NSTextRange? { nil }
}
