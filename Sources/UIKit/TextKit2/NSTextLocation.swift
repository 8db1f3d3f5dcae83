import Foundation

// TextKit 2 names places in a document with locations, not integers: a content manager decides
// what a location is (a rope offset, a node in a tree). The content storage here uses UTF-16
// offsets into its attributed string (`_TextLocation`), as NSTextContentStorage's opaque
// locations are on iOS; `NSTextContentManager.offset(from:to:)` and
// `location(_:offsetBy:)` convert.

/// A place in a document, ordered against the document's other locations.
public protocol NSTextLocation: NSObjectProtocol {
  /// Whether this location is before (`.orderedAscending`), at or after `location`.
  func compare(_ location: any NSTextLocation) -> ComparisonResult
}

/// A content storage's location: a UTF-16 offset into its attributed string. The locations of
/// the storage's element ranges move with edits before them (the storage shifts them), as a
/// paragraph's place does.
final class _TextLocation: NSObject, NSTextLocation, @unchecked Sendable {
  var offset: Int

  init(_ offset: Int) {
    self.offset = offset
  }

  func compare(_ location: any NSTextLocation) -> ComparisonResult {
    guard let other = location as? _TextLocation else {
      // Another manager's location: ordered by what it says of this one, reversed.
      switch location.compare(self) {
      case .orderedAscending: return .orderedDescending
      case .orderedDescending: return .orderedAscending
      case .orderedSame: return .orderedSame
      }
    }
    return offset < other.offset ? .orderedAscending : offset > other.offset ? .orderedDescending : .orderedSame
  }

  override func isEqual(_ object: Any?) -> Bool {
    (object as? _TextLocation)?.offset == offset
  }

  override var hash: Int { offset.hashValue }

  override var description: String { "\(offset)" }
}

extension NSTextLocation {
  /// The UTF-16 offset of a content storage's location (nil for another manager's).
  var _offset: Int? { (self as? _TextLocation)?.offset }
}
