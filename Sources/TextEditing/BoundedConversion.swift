// Counts and indexes derived from geometry (rows in a height, columns in a width, units in a
// gap) come from values a program may set to anything: NaN, ±infinity, 1e300. `Int(_:)` traps on
// every one of those (and stops the app with no message), so geometry code converts with this.

extension Int {
  /// The largest magnitude ``init(bounded:)`` gives: 2⁵³, beyond which a Double does not hold
  /// every integer, and far enough from `Int.max` that a count can still be added to or
  /// multiplied by small numbers.
  @usableFromInline package static let boundedMagnitude = 1 << 53

  /// `value` rounded toward zero, NaN as 0, and held within ±``boundedMagnitude``.
  @inlinable
  package init<F: BinaryFloatingPoint>(bounded value: F) {
    if value.isNaN {
      self = 0
    } else if value >= F(Int.boundedMagnitude) {
      self = Int.boundedMagnitude
    } else if value <= -F(Int.boundedMagnitude) {
      self = -Int.boundedMagnitude
    } else {
      self = Int(value)
    }
  }
}
