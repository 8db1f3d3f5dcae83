/// An incremental, validating UTF-8 decoder: one byte in, at most one scalar out.
///
/// It follows Unicode's "maximal subpart" practice, as `String(decoding:as:)` does: each maximal
/// invalid subsequence (a stray continuation byte, an overlong or surrogate form, a byte that can
/// never occur, a sequence cut short by a byte that cannot continue it) stands for one U+FFFD, and
/// the byte that broke a sequence is decoded afresh, so no following input is lost.
struct UTF8Scalars: Sendable {
  /// What one byte did to the decoder.
  enum Step: Equatable {
    /// A scalar is complete.
    case scalar(Unicode.Scalar)
    /// The byte started or continued a sequence that needs more bytes.
    case pending
    /// The byte is invalid on its own: one U+FFFD.
    case invalid
    /// The byte cannot continue the sequence in progress: one U+FFFD for the sequence, then the
    /// byte must be decoded again.
    case invalidThenRetry
  }

  /// The bits of the scalar decoded so far.
  private var value: UInt32 = 0
  /// How many continuation bytes the sequence in progress still needs.
  private var remaining = 0
  /// The range the next continuation byte must lie in: narrower than 80–BF right after E0, ED, F0
  /// and F4, which is how overlong forms, surrogates and values above U+10FFFF are refused.
  private var lower: UInt8 = 0x80
  private var upper: UInt8 = 0xBF

  /// Whether a sequence was started and is still waiting for continuation bytes.
  var isMidSequence: Bool { remaining > 0 }

  mutating func decode(_ byte: UInt8) -> Step {
    if remaining > 0 {
      guard byte >= lower && byte <= upper else {
        reset()
        return .invalidThenRetry
      }
      value = value << 6 | UInt32(byte & 0x3F)
      remaining -= 1
      lower = 0x80
      upper = 0xBF
      guard remaining == 0 else { return .pending }
      // The bounds above make every completed value a valid scalar.
      return .scalar(Unicode.Scalar(value) ?? "\u{FFFD}")
    }
    switch byte {
    case 0x00...0x7F:
      return .scalar(Unicode.Scalar(byte))
    case 0xC2...0xDF:
      start(UInt32(byte & 0x1F), remaining: 1)
    case 0xE0:
      start(0, remaining: 2, lower: 0xA0)
    case 0xE1...0xEC, 0xEE, 0xEF:
      start(UInt32(byte & 0x0F), remaining: 2)
    case 0xED:
      start(0x0D, remaining: 2, upper: 0x9F)
    case 0xF0:
      start(0, remaining: 3, lower: 0x90)
    case 0xF1...0xF3:
      start(UInt32(byte & 0x07), remaining: 3)
    case 0xF4:
      start(0x04, remaining: 3, upper: 0x8F)
    default:
      // 80–BF without a lead byte, C0 and C1 (always overlong), F5–FF (beyond U+10FFFF).
      return .invalid
    }
    return .pending
  }

  /// Forgets a sequence in progress (the caller decides whether that is a U+FFFD).
  mutating func reset() {
    remaining = 0
    lower = 0x80
    upper = 0xBF
  }

  private mutating func start(
    _ bits: UInt32, remaining: Int, lower: UInt8 = 0x80, upper: UInt8 = 0xBF
  ) {
    value = bits
    self.remaining = remaining
    self.lower = lower
    self.upper = upper
  }
}
