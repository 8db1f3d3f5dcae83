import Foundation

/// What selection navigation reads of a laid-out document: its ranges of text units, its
/// locations, the writing direction, and where carets stand on a line. `NSTextLayoutManager`
/// is one; the last two methods are optional (defaults: no container boundaries, horizontal
/// text).
@preconcurrency @MainActor
public protocol NSTextSelectionDataSource: NSObjectProtocol {
  /// The whole document.
  var documentRange: NSTextRange { get }
  /// Calls `block` with the substrings (words, lines, paragraphs… as `options` says) from
  /// `location` on: each one's string, range and the range enclosing it (separators
  /// included), until `block` sets its last argument to true. `.byLines` follows the laid-out
  /// lines (soft wraps included).
  func enumerateSubstrings(
    from location: any NSTextLocation, options: NSString.EnumerationOptions,
    using block: (String?, NSTextRange, NSTextRange?, UnsafeMutablePointer<ObjCBool>) -> Void)
  /// The range of the `selectionGranularity` unit enclosing `location` (nil in an empty document).
  func textRange(for selectionGranularity: NSTextSelection.Granularity, enclosing location: any NSTextLocation) -> NSTextRange?
  /// The location `offset` units from `location`; nil outside the document.
  func location(_ location: any NSTextLocation, offsetBy offset: Int) -> (any NSTextLocation)?
  /// How many units `to` is after `from`.
  func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int
  /// The writing direction of the paragraph at `location`.
  func baseWritingDirection(at location: any NSTextLocation) -> NSTextSelectionNavigation.WritingDirection
  /// Calls `block` with each caret place on the line holding `location`, left to right: its x
  /// (container coordinates), the character's location, whether it is that character's leading
  /// edge; until `block` sets its last argument to true.
  func enumerateCaretOffsetsInLineFragment(
    at location: any NSTextLocation, using block: (CGFloat, any NSTextLocation, Bool, UnsafeMutablePointer<ObjCBool>) -> Void)
  /// The range of the line at `point` (container coordinates) in the container at `location`.
  func lineFragmentRange(for point: CGPoint, inContainerAt location: any NSTextLocation) -> NSTextRange?
  /// Calls `block` with each container boundary from `location` (none: one container).
  func enumerateContainerBoundaries(
    from location: any NSTextLocation, reverse: Bool, using block: (any NSTextLocation, UnsafeMutablePointer<ObjCBool>) -> Void)
  /// How the text at `location` is laid out (horizontally here).
  func textLayoutOrientation(at location: any NSTextLocation) -> NSTextSelectionNavigation.LayoutOrientation
}

extension NSTextSelectionDataSource {
  public func enumerateContainerBoundaries(
    from location: any NSTextLocation, reverse: Bool, using block: (any NSTextLocation, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {}
  public func textLayoutOrientation(at location: any NSTextLocation) -> NSTextSelectionNavigation.LayoutOrientation { .horizontal }
}
