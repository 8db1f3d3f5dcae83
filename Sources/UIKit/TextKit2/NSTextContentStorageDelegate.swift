import Foundation

/// What a content storage's delegate decides: the paragraph element made for a range of the
/// storage (a library shows a paragraph with other attributes, or hides it, this way). The
/// method is optional (the default: the storage's own paragraph).
@preconcurrency @MainActor
public protocol NSTextContentStorageDelegate: NSTextContentManagerDelegate {
  /// A paragraph for `range` of the storage's attributed string (its separator included), or
  /// nil for the storage's own.
  func textContentStorage(_ textContentStorage: NSTextContentStorage, textParagraphWith range: NSRange) -> NSTextParagraph?
}

extension NSTextContentStorageDelegate {
  public func textContentStorage(_ textContentStorage: NSTextContentStorage, textParagraphWith range: NSRange) -> NSTextParagraph? {
    nil
  }

  /// `delegate?.textContentStorage?(…)`; never nil.
  public var textContentStorage: ((NSTextContentStorage, NSRange) -> NSTextParagraph?)? {
    { self.textContentStorage($0, textParagraphWith: $1) }
  }
}
