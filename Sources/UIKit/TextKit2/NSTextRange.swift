import Foundation

/// A range between two locations of a document: from `location` up to, not including,
/// `endLocation`.
open class NSTextRange: NSObject, @unchecked Sendable {
  /// The first location of the range.
  open private(set) var location: any NSTextLocation
  /// The location just after the range.
  open private(set) var endLocation: any NSTextLocation

  /// A range from `location` to `end` (an empty range at `location` when `end` is nil); nil
  /// when `end` is before `location`.
  public init?(location: any NSTextLocation, end: (any NSTextLocation)?) {
    if let end, end.compare(location) == .orderedAscending { return nil }
    self.location = location
    self.endLocation = end ?? location
    super.init()
  }

  /// An empty range at `location`.
  public convenience init(location: any NSTextLocation) {
    self.init(location: location, end: nil)!
  }

  /// Whether the range holds no location (it starts where it ends).
  open var isEmpty: Bool { location.compare(endLocation) == .orderedSame }

  /// Whether the two ranges start and end at the same locations.
  open func isEqual(to textRange: NSTextRange) -> Bool {
    location.compare(textRange.location) == .orderedSame && endLocation.compare(textRange.endLocation) == .orderedSame
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? NSTextRange else { return false }
    return isEqual(to: other)
  }

  open override var hash: Int {
    if let start = location._offset, let end = endLocation._offset { return start &* 31 &+ end }
    return 0
  }

  /// Whether `location` is in the range (at or after its start, before its end).
  open func contains(_ location: any NSTextLocation) -> Bool {
    self.location.compare(location) != .orderedDescending && location.compare(endLocation) == .orderedAscending
  }

  /// Whether `textRange` lies within this range (an empty range: at its start or inside it,
  /// not at its end).
  open func contains(_ textRange: NSTextRange) -> Bool {
    if textRange.isEmpty { return contains(textRange.location) || isEqual(to: textRange) }
    return location.compare(textRange.location) != .orderedDescending
      && textRange.endLocation.compare(endLocation) != .orderedDescending
  }

  /// Whether the ranges share a location (ranges that only touch do not), or one is empty
  /// and lies within the other (at its start or inside it).
  open func intersects(_ textRange: NSTextRange) -> Bool { intersection(textRange) != nil }

  /// The part both ranges hold; nil when they are apart or only touch. An empty range within
  /// the other (at its start or inside it) is their intersection.
  open func intersection(_ textRange: NSTextRange) -> NSTextRange? {
    let start = location.compare(textRange.location) == .orderedAscending ? textRange.location : location
    let end = endLocation.compare(textRange.endLocation) == .orderedDescending ? textRange.endLocation : endLocation
    switch start.compare(end) {
    case .orderedAscending:
      return NSTextRange(location: start, end: end)
    case .orderedSame:
      // Touching ranges share no location; an empty range does when the other holds its place.
      if isEmpty, textRange.isEmpty { return NSTextRange(location: start) }
      if isEmpty, textRange.contains(location) { return NSTextRange(location: start) }
      if textRange.isEmpty, contains(textRange.location) { return NSTextRange(location: start) }
      return nil
    case .orderedDescending:
      return nil
    }
  }

  /// The smallest range holding both.
  open func union(_ textRange: NSTextRange) -> NSTextRange {
    let start = location.compare(textRange.location) == .orderedDescending ? textRange.location : location
    let end = endLocation.compare(textRange.endLocation) == .orderedAscending ? textRange.endLocation : endLocation
    return NSTextRange(location: start, end: end)!
  }

  open override var description: String { "\(location)...\(endLocation)" }
}

extension NSTextRange {
  /// A content storage's range as UTF-16 offsets (nil for another manager's locations).
  var _offsets: Range<Int>? {
    guard let start = location._offset, let end = endLocation._offset, start <= end else { return nil }
    return start..<end
  }

  /// A content storage's range of UTF-16 offsets.
  convenience init(_offsets range: Range<Int>) {
    self.init(location: _TextLocation(range.lowerBound), end: _TextLocation(range.upperBound))!
  }
}
