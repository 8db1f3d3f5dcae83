import Foundation

// Every conversion between UTF-16 offsets (what NSRange counts) and Swift's String.Index lives in
// this file, together with the checks that guard caller-supplied ranges.

/// Conversions between `NSRange` / UTF-16 offsets and Swift strings.
public enum UTF16Conversion {
  /// The UTF-16 code units of `string`, transcoded in one pass over its UTF-8 storage (ASCII
  /// runs eight bytes at a time).
  public static func units(of string: String) -> [UInt16] {
    var string = string
    return string.withUTF8 { utf8 -> [UInt16] in
      // One "leaf" exactly as long as the text: the same transcoder as the rope's.
      let count = utf16Count(ofUTF8: utf8)
      return leaves(ofUTF8: utf8, leafCapacity: max(count, 1)).first?.units ?? []
    }
  }

  /// The UTF-16 length of `string` (`NSString.length`), counted from its UTF-8 without the
  /// standard library's breadcrumb index, which allocates and is several times slower on long
  /// non-ASCII strings.
  public static func utf16Count(of string: String) -> Int {
    if string.utf8.count <= 32 { return string.utf16.count }
    var string = string
    return string.withUTF8 { utf16Count(ofUTF8: $0) }
  }

  /// The number of UTF-16 code units needed for the valid UTF-8 in `utf8`.
  ///
  /// Counts, eight bytes at a time, the bytes that start a scalar plus one more for each 4-byte
  /// scalar (which becomes a surrogate pair).
  public static func utf16Count(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = utf8.baseAddress else { return 0 }
    let n = utf8.count
    var i = 0
    var continuation = 0
    var fourByteLeads = 0
    let high: UInt64 = 0x8080_8080_8080_8080
    let raw = UnsafeRawPointer(base)
    while i &+ 8 <= n {
      // Per-byte-lane tallies (one per matching byte), folded every 255 words so that no lane
      // overflows. (Population count is not in the baseline x86-64 instruction set.)
      var c: UInt64 = 0
      var f: UInt64 = 0
      var words = 0
      while words < 255 && i &+ 8 <= n {
        let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        if w & high != 0 {
          // Continuation bytes are 10xxxxxx: high bit set, next bit clear.
          c &+= (w & high & ~(w << 1)) >> 7
          // Leads of 4-byte sequences are 11110xxx.
          f &+= (w & (w << 1) & (w << 2) & (w << 3) & ~(w << 4) & high) >> 7
        }
        i &+= 8
        words &+= 1
      }
      continuation += sumOfByteLanes(c)
      fourByteLeads += sumOfByteLanes(f)
    }
    while i < n {
      let b = base[i]
      if b & 0xC0 == 0x80 { continuation += 1 }
      if b & 0xF8 == 0xF0 { fourByteLeads += 1 }
      i += 1
    }
    return n - continuation + fourByteLeads
  }

  /// 0x01 in each byte lane of `w` that holds 0x0A, 0x00 elsewhere (exact: no false positives).
  @inline(__always)
  static func newlineLanes(in w: UInt64) -> UInt64 {
    let x = w ^ 0x0A0A_0A0A_0A0A_0A0A
    let nonzero = ((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x
    return (~nonzero & 0x8080_8080_8080_8080) >> 7
  }

  /// The sum of the eight byte lanes of `lanes`.
  @inline(__always)
  static func sumOfByteLanes(_ lanes: UInt64) -> Int {
    let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
    return Int((pairs &* 0x0001_0001_0001_0001) >> 48)
  }

  /// Four ASCII bytes (the low half of `w`) widened to four UTF-16 units in one word.
  @inline(__always)
  static func widen(_ w: UInt64) -> UInt64 {
    (w & 0xFF) | ((w & 0xFF00) << 8) | ((w & 0xFF_0000) << 16) | ((w & 0xFF00_0000) << 24)
  }

  /// Transcodes valid UTF-8 into rope leaves of at most `leafCapacity` UTF-16 units each (never
  /// splitting a surrogate pair), counting their line feeds on the way: one pass, no
  /// intermediate array. ASCII runs are widened eight bytes at a time.
  static func leaves(
    ofUTF8 utf8: UnsafeBufferPointer<UInt8>, leafCapacity: Int
  ) -> [(units: [UInt16], newlines: Int)] {
    guard let src = utf8.baseAddress else { return [] }
    let n = utf8.count
    let raw = UnsafeRawPointer(src)
    var result: [(units: [UInt16], newlines: Int)] = []
    result.reserveCapacity(n / leafCapacity + 2)
    var i = 0
    while i < n {
      var outerI = i
      var outerNewlines = 0
      let leaf = [UInt16](unsafeUninitializedCapacity: leafCapacity) { out, initialized in
        // Work on locals: variables captured from outside the closure would be read and written
        // through memory on every byte.
        var i = i
        var newlines = 0
        // Per byte lane; a leaf of 1,024 units takes at most 128 words, two tallies per 16 bytes.
        var newlineTally: UInt64 = 0
        defer {
          outerI = i
          outerNewlines = newlines + sumOfByteLanes(newlineTally)
        }
        let dst = UnsafeMutableRawPointer(out.baseAddress!)
        var o = 0
        while i < n && o < leafCapacity {
          // Index arithmetic wraps (&+): every index is bounded by the buffers, and overflow
          // checks were a fifth of this loop's instructions.
          let b0 = UInt32(src[i])
          if b0 < 0x80 {
            // ASCII: sixteen bytes at a time while the run lasts, then eight, then one.
            while i &+ 16 <= n && o &+ 16 <= leafCapacity {
              let w0 = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
              let w1 = raw.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
              guard (w0 | w1) & 0x8080_8080_8080_8080 == 0 else { break }
              let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
              dst.storeBytes(
                of: SIMD16<UInt16>(truncatingIfNeeded: v), toByteOffset: o &* 2,
                as: SIMD16<UInt16>.self)
              newlineTally &+= newlineLanes(in: w0) &+ newlineLanes(in: w1)
              i &+= 16
              o &+= 16
            }
            if i &+ 8 <= n && o &+ 8 <= leafCapacity {
              let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
              if w & 0x8080_8080_8080_8080 == 0 {
                dst.storeBytes(of: widen(w), toByteOffset: o &* 2, as: UInt64.self)
                dst.storeBytes(of: widen(w >> 32), toByteOffset: o &* 2 + 8, as: UInt64.self)
                newlineTally &+= newlineLanes(in: w)
                i &+= 8
                o &+= 8
                continue
              }
            }
            // A short run (a non-ASCII byte lies within the next eight): byte by byte to its
            // end, without probing again at every byte.
            while i < n && o < leafCapacity && src[i] < 0x80 {
              let b = src[i]
              out[o] = UInt16(b)
              if b == 0x0A { newlines &+= 1 }
              i &+= 1
              o &+= 1
            }
          } else if b0 < 0xE0 {
            out[o] = UInt16((b0 & 0x1F) << 6 | UInt32(src[i &+ 1] & 0x3F))
            i &+= 2
            o &+= 1
          } else if b0 < 0xF0 {
            out[o] = UInt16(
              (b0 & 0x0F) << 12 | UInt32(src[i &+ 1] & 0x3F) << 6 | UInt32(src[i &+ 2] & 0x3F))
            i &+= 3
            o &+= 1
          } else {
            if o &+ 2 > leafCapacity { break }  // a surrogate pair never straddles two leaves
            let v =
              (b0 & 0x07) << 18 | UInt32(src[i &+ 1] & 0x3F) << 12 | UInt32(src[i &+ 2] & 0x3F) << 6
              | UInt32(src[i &+ 3] & 0x3F)
            let u = v - 0x10000
            out[o] = UInt16(0xD800 | (u >> 10))
            out[o &+ 1] = UInt16(0xDC00 | (u & 0x3FF))
            i &+= 4
            o &+= 2
          }
        }
        initialized = o
      }
      i = outerI
      result.append((leaf, outerNewlines))
    }
    return result
  }

  /// The string of the UTF-16 code units (a lone surrogate becomes U+FFFD).
  public static func string<C: Collection>(of units: C) -> String where C.Element == UInt16 {
    if let s = units.withContiguousStorageIfAvailable({ string(ofBuffer: $0) }) { return s }
    return Array(units).withUnsafeBufferPointer { string(ofBuffer: $0) }
  }

  /// The string of the UTF-16 code units in `units`, transcoded to UTF-8 in one pass (the
  /// standard library's generic decoding is several times slower for short strings).
  static func string(ofBuffer units: UnsafeBufferPointer<UInt16>) -> String {
    let n = units.count
    if n == 0 { return "" }
    return String(unsafeUninitializedCapacity: n * 3) { out in
      var o = 0
      var i = 0
      while i < n {
        let u = UInt32(units[i])
        if u < 0x80 {
          out[o] = UInt8(u)
          o += 1
          i += 1
        } else if u < 0x800 {
          out[o] = UInt8(0xC0 | (u >> 6))
          out[o + 1] = UInt8(0x80 | (u & 0x3F))
          o += 2
          i += 1
        } else if u & 0xFC00 == 0xD800, i + 1 < n, units[i + 1] & 0xFC00 == 0xDC00 {
          let v = 0x10000 + ((u & 0x3FF) << 10) + (UInt32(units[i + 1]) & 0x3FF)
          out[o] = UInt8(0xF0 | (v >> 18))
          out[o + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
          out[o + 2] = UInt8(0x80 | ((v >> 6) & 0x3F))
          out[o + 3] = UInt8(0x80 | (v & 0x3F))
          o += 4
          i += 2
        } else {
          // A lone surrogate becomes U+FFFD, as String(decoding:as:) does.
          let v = u & 0xF800 == 0xD800 ? 0xFFFD : u
          out[o] = UInt8(0xE0 | (v >> 12))
          out[o + 1] = UInt8(0x80 | ((v >> 6) & 0x3F))
          out[o + 2] = UInt8(0x80 | (v & 0x3F))
          o += 3
          i += 1
        }
      }
      return o
    }
  }

  // MARK: NSRange and Range<Int>

  /// Converts a caller's `NSRange` into a UTF-16 range of a text `length` units long.
  ///
  /// - Precondition: the range lies inside the text. A violation is a programming error and stops
  ///   with a message that names the range and the length, as `NSString` does.
  public static func checkedRange(_ range: NSRange, length: Int, function: String = #function)
    -> Range<Int>
  {
    precondition(
      range.location != NSNotFound && range.location >= 0 && range.length >= 0
        && range.location <= length && range.length <= length - range.location,
      "\(function): range {\(range.location), \(range.length)} out of bounds; string length \(length)"
    )
    return range.location..<(range.location + range.length)
  }

  /// Checks a UTF-16 range of a text `length` units long.
  ///
  /// - Precondition: `0 <= lowerBound <= upperBound <= length`.
  public static func checkedRange(_ range: Range<Int>, length: Int, function: String = #function)
    -> Range<Int>
  {
    precondition(
      range.lowerBound >= 0 && range.upperBound <= length,
      "\(function): range {\(range.lowerBound), \(range.count)} out of bounds; string length \(length)"
    )
    return range
  }

  /// Checks a UTF-16 offset into a text `length` units long.
  ///
  /// - Precondition: `0 <= offset <= length`.
  public static func checkedOffset(_ offset: Int, length: Int, function: String = #function) -> Int
  {
    precondition(
      offset >= 0 && offset <= length,
      "\(function): index \(offset) out of bounds; string length \(length)")
    return offset
  }

  // MARK: String.Index

  /// The index of `string` at UTF-16 offset `offset`, or nil when the offset is outside the
  /// string or falls inside a surrogate pair.
  public static func index(in string: String, utf16Offset offset: Int) -> String.Index? {
    guard offset >= 0, offset <= string.utf16.count else { return nil }
    let i = string.utf16.index(string.utf16.startIndex, offsetBy: offset)
    return i.samePosition(in: string.unicodeScalars) == nil ? nil : i
  }

  /// The range of `string` that `range` (UTF-16) covers, or nil when either end is outside the
  /// string or inside a surrogate pair.
  public static func range(in string: String, _ range: NSRange) -> Range<String.Index>? {
    guard range.location != NSNotFound, range.length >= 0,
      let lo = index(in: string, utf16Offset: range.location),
      let hi = index(in: string, utf16Offset: range.location + range.length)
    else { return nil }
    return lo..<hi
  }

  /// The UTF-16 offset of `index` in `string`.
  public static func utf16Offset(of index: String.Index, in string: String) -> Int {
    string.utf16.distance(from: string.utf16.startIndex, to: index)
  }

  /// The `NSRange` (UTF-16) of `range` in `string`.
  public static func nsRange(of range: Range<String.Index>, in string: String) -> NSRange {
    let lo = utf16Offset(of: range.lowerBound, in: string)
    let hi = utf16Offset(of: range.upperBound, in: string)
    return NSRange(location: lo, length: hi - lo)
  }

  /// The `NSRange` of a UTF-16 range.
  public static func nsRange(_ range: Range<Int>) -> NSRange {
    NSRange(location: range.lowerBound, length: range.count)
  }

  /// The UTF-16 slice `range` of `string` as a string.
  ///
  /// - Precondition: `range` lies inside the string.
  public static func substring(of string: String, _ range: Range<Int>) -> String {
    let length = string.utf16.count
    _ = checkedRange(range, length: length)
    let lo = string.utf16.index(string.utf16.startIndex, offsetBy: range.lowerBound)
    let hi = string.utf16.index(lo, offsetBy: range.count)
    return String(string.utf16[lo..<hi]) ?? UTF16Conversion.string(of: string.utf16[lo..<hi])
  }
}
