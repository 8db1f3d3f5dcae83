import Foundation

// The vector kernels are C (Sources/CTextEditingSupport), declared here by symbol rather than
// imported: a module that imports UIKit without depending on this package's targets must not
// need that C module on its search path, and any import of it, `internal` included, is recorded
// in this module for its clients (without library evolution). swift-snapshot-testing does exactly
// that (`#if canImport(UIKit) import UIKit`, true on Linux once UIKit's module is built), and with
// an import it failed to compile ("missing required module 'CTextEditingSupport'") whenever it
// was built after UIKit. The declarations match CTextEditingSupport.h; the kernel numbers are its
// TES_KERNEL_ constants.
@_extern(c, "tes_best_utf8_kernel") private func tes_best_utf8_kernel() -> CInt
@_extern(c, "tes_utf8_kernel_supported") private func tes_utf8_kernel_supported(_ kernel: CInt) -> CInt
@_extern(c, "tes_utf8_to_utf16_prefix") private func tes_utf8_to_utf16_prefix(
  _ kernel: CInt, _ src: UnsafePointer<UInt8>?, _ n: Int, _ out: UnsafeMutablePointer<UInt16>?, _ capacity: Int,
  _ written: UnsafeMutablePointer<Int>?
) -> Int
@_extern(c, "tes_utf16_count_of_utf8") private func tes_utf16_count_of_utf8(
  _ kernel: CInt, _ src: UnsafePointer<UInt8>?, _ n: Int) -> Int
@_extern(c, "tes_count_byte") private func tes_count_byte(
  _ kernel: CInt, _ src: UnsafePointer<UInt8>?, _ n: Int, _ byte: UInt8) -> Int
private let TES_KERNEL_NONE: CInt = 0
private let TES_KERNEL_AVX2: CInt = 1
private let TES_KERNEL_AVX512: CInt = 2
private let TES_KERNEL_NEON: CInt = 3

// Every conversion between UTF-16 offsets (what NSRange counts) and Swift's String.Index lives in
// this file, together with the checks that guard caller-supplied ranges.

/// Conversions between `NSRange` / UTF-16 offsets and Swift strings.
public enum UTF16Conversion {
  /// How UTF-8 is transcoded into UTF-16: the engine's own Swift code, which runs everywhere,
  /// or a vector kernel for the CPU at hand (in C, Sources/CTextEditingSupport, because Swift
  /// cannot compile a function for instructions beyond the target's baseline and choose it at
  /// run time, nor express the byte shuffle the kernels rely on). Every transcoder produces the
  /// same units; they differ in speed only.
  public enum Transcoder: Sendable, CaseIterable, CustomStringConvertible {
    /// Swift, for every CPU: eight or sixteen bytes a step while they are ASCII, one scalar at a
    /// time (or a few of one length) otherwise.
    case portable
    /// x86-64 with AVX2: 32 bytes a step, whatever they hold.
    case avx2
    /// x86-64 with AVX-512 (BW, VL and VBMI2): 32 bytes a step, compacted in one instruction.
    case avx512
    /// AArch64 (every ARM64 CPU): 16 bytes a step, compacted with NEON's table lookup.
    case neon

    /// The transcoder every paste and `units(of:)` use, chosen once per process: the fastest
    /// this CPU runs, unless the environment variable `TEXTEDITING_TRANSCODER` names another
    /// available one (`portable`, `avx2`, `avx512` or `neon`; to compare them, or to rule a kernel
    /// out).
    public static let best: Transcoder = {
      let fastest: Transcoder
      switch Int(tes_best_utf8_kernel()) {
      case Int(TES_KERNEL_AVX512): fastest = .avx512
      case Int(TES_KERNEL_AVX2): fastest = .avx2
      case Int(TES_KERNEL_NEON): fastest = .neon
      default: fastest = .portable
      }
      guard let name = ProcessInfo.processInfo.environment["TEXTEDITING_TRANSCODER"] else { return fastest }
      guard let chosen = Transcoder(name: name), chosen.isAvailable else {
        FileHandle.standardError.write(
          Data(("TextEditing: TEXTEDITING_TRANSCODER=\(name) is not one of "
            + allCases.filter(\.isAvailable).map(\.name).joined(separator: ", ")
            + " on this CPU; using \(fastest.name)\n").utf8))
        return fastest
      }
      return chosen
    }()

    /// The transcoder's name in `TEXTEDITING_TRANSCODER`.
    public var name: String {
      switch self {
      case .portable: return "portable"
      case .avx2: return "avx2"
      case .avx512: return "avx512"
      case .neon: return "neon"
      }
    }

    /// The transcoder called `name` (as in `TEXTEDITING_TRANSCODER`), if there is one.
    public init?(name: String) {
      guard let match = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
      self = match
    }

    /// Whether this CPU (and its operating system) can run the transcoder.
    public var isAvailable: Bool {
      self == .portable || tes_utf8_kernel_supported(kernel) != 0
    }

    var kernel: Int32 {
      switch self {
      case .portable: return Int32(TES_KERNEL_NONE)
      case .avx2: return Int32(TES_KERNEL_AVX2)
      case .avx512: return Int32(TES_KERNEL_AVX512)
      case .neon: return Int32(TES_KERNEL_NEON)
      }
    }

    public var description: String {
      switch self {
      case .portable: return "portable (Swift)"
      case .avx2: return "AVX2"
      case .avx512: return "AVX-512"
      case .neon: return "NEON"
      }
    }
  }

  /// The UTF-16 code units of `string`: its UTF-8 storage counted, then transcoded into an
  /// array of exactly that many units by `transcoder`.
  ///
  /// - Precondition: `transcoder.isAvailable`.
  public static func units(of string: String, using transcoder: Transcoder = .best) -> [UInt16] {
    precondition(transcoder.isAvailable, "UTF16Conversion.units(of:using:): \(transcoder) does not run on this CPU")
    var string = string
    return string.withUTF8 { utf8 -> [UInt16] in
      let count = utf16Count(ofUTF8: utf8)
      return [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
        if let src = utf8.baseAddress, let out = buffer.baseAddress {
          initialized = transcode(src, count: utf8.count, into: out, capacity: count, using: transcoder).written
        }
      }
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
  /// Every byte but a continuation byte starts a scalar of one unit, and a 4-byte scalar takes
  /// one more (a surrogate pair): the byte count, less the continuation bytes, plus the leads of
  /// 4-byte sequences, tallied sixteen bytes at a time (16 to 64 with a vector transcoder).
  public static func utf16Count(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int {
    utf16Count(ofUTF8: utf8, using: .best)
  }

  static func utf16Count(ofUTF8 utf8: UnsafeBufferPointer<UInt8>, using transcoder: Transcoder) -> Int {
    guard let base = utf8.baseAddress else { return 0 }
    let n = utf8.count
    if transcoder != .portable && n >= 128 { return tes_utf16_count_of_utf8(transcoder.kernel, base, n) }
    let raw = UnsafeRawPointer(base)
    // Continuation bytes, 10xxxxxx, are the signed bytes below -64; 4-byte leads, 11110xxx, the
    // unsigned bytes above 0xEF. (Vector constants: a comparison with a scalar operand is not
    // lowered to one instruction.)
    let belowContinuation = SIMD16<Int8>(repeating: -64)
    let aboveThreeByteLead = SIMD16<UInt8>(repeating: 0xEF)
    var adjustment = 0
    var i = 0
    while i &+ 32 <= n {
      // Per lane, -1 per continuation byte and +1 per 4-byte lead (a comparison is all ones
      // where it holds), folded before a lane could wrap.
      var lanes = SIMD16<Int8>()
      let stop = min(n, i &+ 32 &* 63)
      while i &+ 32 <= stop {
        let a = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        let b = raw.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD16<UInt8>.self)
        lanes &+= (unsafeBitCast(a, to: SIMD16<Int8>.self) .< belowContinuation)._storage
        lanes &+= (unsafeBitCast(b, to: SIMD16<Int8>.self) .< belowContinuation)._storage
        lanes &-= (a .> aboveThreeByteLead)._storage
        lanes &-= (b .> aboveThreeByteLead)._storage
        i &+= 32
      }
      adjustment &+= Int(SIMD16<Int16>(truncatingIfNeeded: lanes).wrappedSum())
    }
    while i < n {
      let b = base[i]
      if b & 0xC0 == 0x80 { adjustment &-= 1 }
      if b >= 0xF0 { adjustment &+= 1 }
      i &+= 1
    }
    return n &+ adjustment
  }

  /// The U+000A LINE FEED bytes in the UTF-8 `utf8` (the same as its UTF-16's line feed
  /// units: 0x0A never occurs inside a multi-byte sequence), thirty-two bytes at a time (16 to
  /// 64 with a vector transcoder).
  static func newlineCount(ofUTF8 utf8: UnsafeBufferPointer<UInt8>, using transcoder: Transcoder = .best) -> Int {
    guard let base = utf8.baseAddress else { return 0 }
    let n = utf8.count
    if transcoder != .portable && n >= 128 { return tes_count_byte(transcoder.kernel, base, n, 0x0A) }
    let raw = UnsafeRawPointer(base)
    let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
    var total = 0
    var i = 0
    while i &+ 32 <= n {
      // Per lane, -1 per line feed, folded before a lane could wrap.
      var lanes = SIMD16<Int8>()
      let stop = min(n, i &+ 32 &* 63)
      while i &+ 32 <= stop {
        let a = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        let b = raw.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD16<UInt8>.self)
        lanes &+= (a .== lineFeed)._storage
        lanes &+= (b .== lineFeed)._storage
        i &+= 32
      }
      total &-= Int(SIMD16<Int16>(truncatingIfNeeded: lanes).wrappedSum())
    }
    while i < n {
      if base[i] == 0x0A { total &+= 1 }
      i &+= 1
    }
    return total
  }

  // MARK: UTF-8 to UTF-16

  @inline(__always)
  private static func load64(_ p: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    p.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }

  /// Stores the eight bytes of `w` (in memory order) as eight UTF-16 units at unit offset `o`.
  @inline(__always)
  private static func widen8(_ w: UInt64, to dst: UnsafeMutableRawPointer, at o: Int) {
    let units = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(w, to: SIMD8<UInt8>.self))
    dst.storeBytes(of: units, toByteOffset: o &* 2, as: SIMD8<UInt16>.self)
  }

  // The decoders below read a little-endian word whose low bytes are a sequence.

  /// The unit of the 2-byte sequence in the low bytes of `w`.
  @inline(__always)
  private static func decode2(_ w: UInt64) -> UInt16 {
    UInt16(truncatingIfNeeded: (w & 0x1F) &<< 6 | (w &>> 8) & 0x3F)
  }

  /// The unit of the 3-byte sequence in the low bytes of `w`.
  @inline(__always)
  private static func decode3(_ w: UInt64) -> UInt16 {
    UInt16(truncatingIfNeeded: (w & 0x0F) &<< 12 | (w &>> 2) & 0x0FC0 | (w &>> 16) & 0x3F)
  }

  /// The units of the two 3-byte sequences in the low six bytes of `w` (the first in the low
  /// half).
  @inline(__always)
  private static func decode3x2(_ w: UInt64) -> UInt32 {
    let first = (w & 0x0F) &<< 12 | (w &>> 2) & 0x0FC0 | (w &>> 16) & 0x3F
    let second = (w &>> 12) & 0xF000 | (w &>> 26) & 0x0FC0 | (w &>> 40) & 0x3F
    return UInt32(truncatingIfNeeded: first | second &<< 16)
  }

  /// The surrogate pair of the 4-byte sequence in the low bytes of `w`, the high surrogate in
  /// the low half. With the scalar's bits xxx yyyyyy zzzzzz wwwwww, the high surrogate is
  /// 0xD800 + (xxxyyyyyyzz - 0x40) and the low one 0xDC00 | zzzzwwwwww.
  @inline(__always)
  private static func decode4(_ w: UInt64) -> UInt32 {
    let high = 0xD7C0 &+ ((w & 0x07) &<< 8 | (w &>> 6) & 0xFC | (w &>> 20) & 0x03)
    let low = 0xDC00 | (w &>> 10) & 0x3C0 | (w &>> 24) & 0x3F
    return UInt32(truncatingIfNeeded: high | low &<< 16)
  }

  /// Transcodes the valid UTF-8 in `src[0..<n]` into UTF-16 at `out`, writing at most
  /// `capacity` units and never half a surrogate pair; returns the bytes read and the units
  /// written (fewer than `capacity` only when the input ran out or a surrogate pair did not
  /// fit).
  ///
  /// While 32 bytes of input and 32 units of room remain, it takes sixteen bytes at a time,
  /// widening all of them as if they were ASCII, and keeps the ASCII prefix; after that prefix
  /// it alternates between a non-ASCII scalar (four 2-byte or two 3-byte sequences at once
  /// when a run of them follows) and the ASCII bytes after it (eight widened at once, the
  /// prefix kept). Every load and store stays inside the margins, so the loop checks one bound
  /// per step. The rest goes one scalar at a time.
  ///
  /// With a vector `transcoder` (which must be available), its kernel takes as much as it can
  /// first (all but the last few dozen bytes, and all but the last few dozen units of room except
  /// with AVX2, which fills it), and this code the rest.
  static func transcode(
    _ src: UnsafePointer<UInt8>, count n: Int, into out: UnsafeMutablePointer<UInt16>,
    capacity: Int, using transcoder: Transcoder = .best
  ) -> (read: Int, written: Int) {
    // Index arithmetic wraps (&+): every index is bounded by the margins, and overflow checks
    // were a fifth of a loop's instructions.
    let raw = UnsafeRawPointer(src)
    let dst = UnsafeMutableRawPointer(out)
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    var o = 0
    if transcoder != .portable && n >= 64 {
      i = tes_utf8_to_utf16_prefix(transcoder.kernel, src, n, out, capacity, &o)
    }
    let lastBulkRead = n &- 32
    let lastBulkWrite = capacity &- 32
    bulk: while i <= lastBulkRead && o <= lastBulkWrite {
      let w0 = load64(raw, i)
      let w1 = load64(raw, i &+ 8)
      widen8(w0, to: dst, at: o)
      widen8(w1, to: dst, at: o &+ 8)
      let h0 = w0 & high
      let ascii: Int
      if h0 != 0 {
        ascii = h0.trailingZeroBitCount &>> 3
      } else {
        let h1 = w1 & high
        if h1 == 0 {
          i &+= 16
          o &+= 16
          continue
        }
        ascii = 8 &+ h1.trailingZeroBitCount &>> 3
      }
      // A scalar never takes more units than bytes, so while `i` stays within `limit`, `o`
      // stays within the room too.
      let limit = min(lastBulkRead, i &+ (lastBulkWrite &- o))
      i &+= ascii
      o &+= ascii
      repeat {
        // `src[i]` starts a non-ASCII scalar; `w` holds it and the bytes after it.
        let w = load64(raw, i)
        let b0 = w & 0xFF
        if b0 < 0xE0 {
          if w & 0x80_0000 == 0 {
            // One 2-byte scalar followed by ASCII (an accented letter in a word).
            out[o] = decode2(w)
            i &+= 2
            o &+= 1
          } else if w & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0 {
            // Four 2-byte scalars: each 16-bit lane is one sequence, decoded in place.
            let units = (w & 0x001F_001F_001F_001F) &<< 6 | (w &>> 8) & 0x003F_003F_003F_003F
            dst.storeBytes(of: units, toByteOffset: o &* 2, as: UInt64.self)
            i &+= 8
            o &+= 4
            if src[i] >= 0x80 { continue }
          } else {
            out[o] = decode2(w)
            i &+= 2
            o &+= 1
            continue
          }
        } else if b0 < 0xF0 {
          if w & 0x8000_0000 == 0 {
            out[o] = decode3(w)
            i &+= 3
            o &+= 1
          } else if w & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0 {
            // Two 3-byte scalars (CJK).
            dst.storeBytes(of: decode3x2(w), toByteOffset: o &* 2, as: UInt32.self)
            i &+= 6
            o &+= 2
            if w & 0x0080_0000_0000_0000 != 0 { continue }
          } else {
            out[o] = decode3(w)
            i &+= 3
            o &+= 1
            continue
          }
        } else {
          dst.storeBytes(of: decode4(w), toByteOffset: o &* 2, as: UInt32.self)
          i &+= 4
          o &+= 2
          if w & 0x80_0000_0000 != 0 { continue }
        }
        // The ASCII bytes that follow: eight widened, the run kept.
        let a = load64(raw, i)
        widen8(a, to: dst, at: o)
        let h = a & high
        if h == 0 {
          i &+= 8
          o &+= 8
          continue bulk
        }
        let run = h.trailingZeroBitCount &>> 3
        i &+= run
        o &+= run
      } while i <= limit
    }
    // The rest, one scalar at a time.
    while i < n && o < capacity {
      let b0 = UInt32(src[i])
      if b0 < 0x80 {
        out[o] = UInt16(truncatingIfNeeded: b0)
        i &+= 1
        o &+= 1
      } else if b0 < 0xE0 {
        out[o] = UInt16(truncatingIfNeeded: (b0 & 0x1F) &<< 6 | UInt32(src[i &+ 1] & 0x3F))
        i &+= 2
        o &+= 1
      } else if b0 < 0xF0 {
        out[o] = UInt16(
          truncatingIfNeeded: (b0 & 0x0F) &<< 12 | UInt32(src[i &+ 1] & 0x3F) &<< 6
            | UInt32(src[i &+ 2] & 0x3F))
        i &+= 3
        o &+= 1
      } else {
        if o &+ 2 > capacity { break }  // a surrogate pair is never split
        let v =
          (b0 & 0x07) &<< 18 | UInt32(src[i &+ 1] & 0x3F) &<< 12 | UInt32(src[i &+ 2] & 0x3F) &<< 6
          | UInt32(src[i &+ 3] & 0x3F)
        let u = v &- 0x10000
        out[o] = UInt16(truncatingIfNeeded: 0xD800 | u &>> 10)
        out[o &+ 1] = UInt16(truncatingIfNeeded: 0xDC00 | u & 0x3FF)
        i &+= 4
        o &+= 2
      }
    }
    return (i, o)
  }

  /// The string of the UTF-16 code units (a lone surrogate becomes U+FFFD).
  public static func string<C: Collection>(of units: C) -> String where C.Element == UInt16 {
    if let s = units.withContiguousStorageIfAvailable({ string(ofBuffer: $0) }) { return s }
    return Array(units).withUnsafeBufferPointer { string(ofBuffer: $0) }
  }

  /// The string of the UTF-16 code units in `units`: its UTF-8 length counted, then transcoded
  /// into a string of exactly that size (the standard library's generic decoding is several
  /// times slower, and a worst-case capacity of three bytes a unit would triple what an ASCII
  /// string keeps allocated).
  static func string(ofBuffer units: UnsafeBufferPointer<UInt16>) -> String {
    if units.isEmpty { return "" }
    return String(unsafeUninitializedCapacity: utf8Count(ofUTF16: units)) { out in
      transcodeToUTF8(units, into: out.baseAddress!)
    }
  }

  /// The string of the UTF-16 runs that `forEachRun` passes to its body, in order, whose UTF-8
  /// length is `utf8Count` (see ``utf8Count(ofUTF16:)``): one allocation, filled run by run. No
  /// run may end between the halves of a surrogate pair.
  static func string(
    utf8Count: Int, runs forEachRun: ((UnsafeBufferPointer<UInt16>) -> Void) -> Void
  ) -> String {
    if utf8Count == 0 { return "" }
    return String(unsafeUninitializedCapacity: utf8Count) { out in
      var written = 0
      forEachRun { run in written += transcodeToUTF8(run, into: out.baseAddress! + written) }
      precondition(written == utf8Count, "UTF16Conversion: the runs changed while building a string")
      return written
    }
  }

  /// A mask of the bits that make a UTF-16 unit other than ASCII, for eight units at once.
  private static let nonASCII8 = SIMD8<UInt16>(repeating: 0xFF80)

  /// The number of UTF-8 bytes that ``transcodeToUTF8(_:into:)`` writes for `units` (a lone
  /// surrogate counts as U+FFFD's three bytes). ASCII goes eight units a step.
  static func utf8Count(ofUTF16 units: UnsafeBufferPointer<UInt16>) -> Int {
    guard let base = units.baseAddress else { return 0 }
    let n = units.count
    let raw = UnsafeRawPointer(base)
    var i = 0
    var total = 0
    while i < n {
      // Eight units at a time while they are ASCII; a block that is not goes unit by unit (a
      // test per unit would double the cost of CJK or Cyrillic).
      var blockEnd = n
      if i &+ 8 <= n {
        let v = raw.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self)
        if v & nonASCII8 == .zero {
          total &+= 8
          i &+= 8
          continue
        }
        blockEnd = i &+ 8
      }
      while i < blockEnd {
        let u = base[i]
        if u < 0x80 {
          total &+= 1
        } else if u < 0x800 {
          total &+= 2
        } else if u & 0xFC00 == 0xD800, i &+ 1 < n, base[i &+ 1] & 0xFC00 == 0xDC00 {
          total &+= 4
          i &+= 1
        } else {
          total &+= 3
        }
        i &+= 1
      }
    }
    return total
  }

  /// Transcodes `units` to UTF-8 at `out`, which has room for ``utf8Count(ofUTF16:)`` bytes; a
  /// lone surrogate becomes U+FFFD, as `String(decoding:as:)` makes it. Returns the bytes
  /// written. ASCII goes eight units a step (narrowed as a vector).
  @discardableResult
  static func transcodeToUTF8(_ units: UnsafeBufferPointer<UInt16>, into out: UnsafeMutablePointer<UInt8>) -> Int {
    guard let base = units.baseAddress else { return 0 }
    let n = units.count
    let raw = UnsafeRawPointer(base)
    let outRaw = UnsafeMutableRawPointer(out)
    var o = 0
    var i = 0
    while i < n {
      // As in utf8Count(ofUTF16:): ASCII eight units a step, other blocks unit by unit.
      var blockEnd = n
      if i &+ 8 <= n {
        let v = raw.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self)
        if v & nonASCII8 == .zero {
          outRaw.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: v), toByteOffset: o, as: SIMD8<UInt8>.self)
          o &+= 8
          i &+= 8
          continue
        }
        blockEnd = i &+ 8
      }
      while i < blockEnd {
        let u = UInt32(base[i])
        if u < 0x80 {
          out[o] = UInt8(truncatingIfNeeded: u)
          o &+= 1
          i &+= 1
        } else if u < 0x800 {
          out[o] = UInt8(truncatingIfNeeded: 0xC0 | (u >> 6))
          out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | (u & 0x3F))
          o &+= 2
          i &+= 1
        } else if u & 0xFC00 == 0xD800, i &+ 1 < n, base[i &+ 1] & 0xFC00 == 0xDC00 {
          let v = 0x10000 + ((u & 0x3FF) << 10) + (UInt32(base[i &+ 1]) & 0x3FF)
          out[o] = UInt8(truncatingIfNeeded: 0xF0 | (v >> 18))
          out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | ((v >> 12) & 0x3F))
          out[o &+ 2] = UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F))
          out[o &+ 3] = UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F))
          o &+= 4
          i &+= 2
        } else {
          // A lone surrogate becomes U+FFFD, as String(decoding:as:) does.
          let v = u & 0xF800 == 0xD800 ? 0xFFFD : u
          out[o] = UInt8(truncatingIfNeeded: 0xE0 | (v >> 12))
          out[o &+ 1] = UInt8(truncatingIfNeeded: 0x80 | ((v >> 6) & 0x3F))
          out[o &+ 2] = UInt8(truncatingIfNeeded: 0x80 | (v & 0x3F))
          o &+= 3
          i &+= 1
        }
      }
    }
    return o
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
      range.location <= Int.max - range.length,
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
