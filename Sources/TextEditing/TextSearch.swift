import Foundation

/// Finding every occurrence of a query in a text: what a find panel's search does.
///
/// Matches are whole grapheme clusters of the text (a query "e" does not match the "e" of an
/// "e" with a combining accent unless diacritics are ignored, and then the whole cluster
/// matches), do not overlap, and come in text order as UTF-16 ranges. Case and diacritics
/// are ignored as Foundation's `.caseInsensitive` and `.diacriticInsensitive` ignore them (each
/// cluster folded on its own), and canonically equivalent clusters match each other (é and
/// e + U+0301), as in `NSString`'s search without `.literal`. Word matching counts a match as starting (or ending) a word when
/// the text starts (ends) there or the character before (after) it is white space or one of
/// the punctuation marks iOS's text view counts: `. ! ? , ' ’ “ ” "` and their CJK, Armenian,
/// Arabic, Devanagari, Ethiopic and Canadian forms.
///
/// The cost is linear in the text: characters that cannot combine (ASCII, most letters, CJK)
/// are folded unit by unit through a table, other runs cluster by cluster (each distinct
/// cluster folded once).
public struct TextSearch: Sendable {
  /// Where a match must sit among words.
  public enum WordMatch: Sendable {
    case contains, startsWith, fullWord
  }

  public var caseInsensitive: Bool
  public var diacriticInsensitive: Bool
  public var wordMatch: WordMatch

  public init(caseInsensitive: Bool = false, diacriticInsensitive: Bool = false, wordMatch: WordMatch = .contains) {
    self.caseInsensitive = caseInsensitive
    self.diacriticInsensitive = diacriticInsensitive
    self.wordMatch = wordMatch
  }

  /// Every match of `query` in `text`, in order (none for an empty query).
  public func ranges(of query: String, in text: TextBuffer) -> [Range<Int>] {
    let count = text.utf16Count
    guard !query.isEmpty, count > 0 else { return [] }
    let units = text.units(in: 0..<count)
    var folder = Folder(search: self)
    let needle = Array(query.utf16).withUnsafeBufferPointer { query in
      let folded = folder.fold(query)
      defer { folded.deallocate() }
      return folded.unitArray
    }
    guard !needle.isEmpty else { return [] }
    var found: [Range<Int>] = []
    units.withUnsafeBufferPointer { source in
      let folded = folder.fold(source)
      defer { folded.deallocate() }
      let h = folded.units
      let o = folded.origin
      needle.withUnsafeBufferPointer { q in
        let m = q.count
        guard folded.count >= m else { return }
        let first = q[0]
        var i = 0
        let last = folded.count - m
        outer: while i <= last {
          guard h[i] == first, o[i] >= 0, o[i + m] >= 0 else {
            i += 1
            continue
          }
          var k = 1
          while k < m {
            if h[i + k] != q[k] {
              i += 1
              continue outer
            }
            k += 1
          }
          let range = Int(o[i])..<Int(o[i + m])
          if wordMatch == .contains || Self.fits(range, wordMatch, source) {
            found.append(range)
            i += m
          } else {
            i += 1
          }
        }
      }
    }
    return found
  }

  // MARK: Words

  private static func fits(_ range: Range<Int>, _ match: WordMatch, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
    let startsWord = range.lowerBound == 0 || isBoundary(units[range.lowerBound - 1])
    guard startsWord else { return false }
    if match == .startsWith { return true }
    return range.upperBound == units.count || isBoundary(units[range.upperBound])
  }

  /// White space, a line break, or a sentence or quotation mark.
  static func isBoundary(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x2E, 0x21, 0x3F, 0x2C, 0x27, 0x22: return true
    case 0x2019, 0x201C, 0x201D, 0x0589, 0x06D4, 0x0964, 0x1362, 0x166E, 0x203C, 0x203D, 0x2048, 0x2049, 0x3002,
      0xFF01, 0xFF0E, 0xFF1F, 0xFF61:
      return true
    default:
      guard unit >= 0x80, !UTF16.isLeadSurrogate(unit), !UTF16.isTrailSurrogate(unit),
        let scalar = Unicode.Scalar(unit)
      else { return false }
      return scalar.properties.isWhitespace
    }
  }

  // MARK: Folding

  /// Whether `unit` is a character that neither extends the one before it nor joins the one
  /// after it: ASCII, and the Latin, Greek, Cyrillic, CJK, kana, Hangul-syllable and
  /// punctuation blocks without their combining marks and joiners. Two such units in a row
  /// are two clusters (but CR LF is one), so text made of them needs no grapheme breaking.
  @inline(__always)
  static func standsAlone(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x0000...0x007F, 0x00A0...0x02FF, 0x0370...0x03FF, 0x0400...0x0482, 0x048A...0x052F, 0x2010...0x2027,
      0x2030...0x205E, 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9D:
      return true
    default:
      return false
    }
  }

  /// Folded text in memory of its own (appending to arrays unit by unit cost more than the
  /// folding; a struct, so that appends carry no exclusivity checks): the units, and for each
  /// (and one past the end) the offset of the cluster of the original text that starts there,
  /// -1 inside a cluster's folded form. Its owner deallocates it.
  private struct Folded {
    private(set) var units: UnsafeMutablePointer<UInt16>
    private(set) var origin: UnsafeMutablePointer<Int32>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
      self.capacity = max(capacity, 16)
      units = .allocate(capacity: self.capacity)
      origin = .allocate(capacity: self.capacity + 1)
    }

    func deallocate() {
      units.deallocate()
      origin.deallocate()
    }

    @inline(__always)
    mutating func append(_ unit: UInt16, origin offset: Int) {
      if count == capacity { grow() }
      units[count] = unit
      origin[count] = Int32(truncatingIfNeeded: offset)
      count += 1
    }

    func finish(end: Int) { origin[count] = Int32(truncatingIfNeeded: end) }

    var unitArray: [UInt16] { Array(UnsafeBufferPointer(start: units, count: count)) }

    private mutating func grow() {
      let bigger = capacity * 2
      let newUnits = UnsafeMutablePointer<UInt16>.allocate(capacity: bigger)
      newUnits.update(from: units, count: count)
      units.deallocate()
      units = newUnits
      let newOrigin = UnsafeMutablePointer<Int32>.allocate(capacity: bigger + 1)
      newOrigin.update(from: origin, count: count)
      origin.deallocate()
      origin = newOrigin
      capacity = bigger
    }
  }

  /// The length (2) of the pictographic emoji whose surrogate pair starts at `index`, 0 when
  /// none does: the blocks of emoji that neither extend the character before them nor pair up
  /// as flags do (the skin tones and other modifiers are left out).
  @inline(__always)
  static func pictograph(_ units: UnsafeBufferPointer<UInt16>, at index: Int) -> Int {
    guard index + 1 < units.count else { return 0 }
    let lead = units[index]
    guard lead == 0xD83C || lead == 0xD83D || lead == 0xD83E else { return 0 }
    let trail = units[index + 1]
    guard UTF16.isTrailSurrogate(trail) else { return 0 }
    let scalar = 0x10000 + ((UInt32(lead) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
    switch scalar {
    case 0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF: return 2
    default: return 0
    }
  }

  /// Folds text cluster by cluster, remembering where each cluster came from.
  private struct Folder {
    let search: TextSearch
    /// Folded clusters of more than one unit. (Canonically equivalent clusters are equal keys;
    /// they fold alike, to the same decomposed form.)
    var cache: [String: [UInt16]] = [:]
    /// The fold of each single unit met so far: the folded unit, -1 not yet folded, -2 folds to
    /// several units (in `unitMultiFolds`).
    var unitFolds: [Int32] = []
    var unitMultiFolds: [UInt16: [UInt16]] = [:]

    init(search: TextSearch) { self.search = search }

    /// The folded units, and for each folded index (and one past the end) the offset in
    /// `units` of the cluster that starts there, -1 inside a cluster's folded form.
    mutating func fold(_ units: UnsafeBufferPointer<UInt16>) -> Folded {
      let n = units.count
      var out = Folded(capacity: n + 16)
      let lowers = search.caseInsensitive
      var i = 0
      while i < n {
        let u = units[i]
        let next: UInt16 = i + 1 < n ? units[i + 1] : 0x20
        // ASCII followed by ASCII (the common case), then any unit that stands alone followed
        // by one that does: a cluster of its own (but CR LF is one).
        if (u < 0x80 && next < 0x80)
          || (TextSearch.standsAlone(u) && (TextSearch.standsAlone(next) || TextSearch.pictograph(units, at: i + 1) > 0)),
          !(u == 0x0D && next == 0x0A)
        {
          foldUnit(u, at: i, lowers: lowers, into: &out)
          i += 1
          continue
        }
        // A common emoji (with a skin tone or an emoji variation selector) followed by a unit
        // that stands alone or another such emoji: one cluster, copied (emoji do not fold).
        let emoji = TextSearch.pictograph(units, at: i)
        if emoji > 0 {
          var length = emoji
          if i + length + 1 < n, units[i + length] == 0xD83C, (0xDFFB...0xDFFF).contains(units[i + length + 1]) {
            length += 2
          }
          if i + length < n, units[i + length] == 0xFE0F { length += 1 }
          let after = i + length
          if after == n || TextSearch.standsAlone(units[after]) || TextSearch.pictograph(units, at: after) > 0 {
            for k in 0..<length { out.append(units[i + k], origin: k == 0 ? i : -1) }
            i = after
            continue
          }
        }
        // A run that needs grapheme breaking: up to the next unit that stands alone between two
        // that do.
        var end = i + 1
        while end < n {
          // Where the units either side stand alone too, a cluster surely ends.
          if TextSearch.standsAlone(units[end]), TextSearch.standsAlone(units[end - 1]),
            end + 1 == n || TextSearch.standsAlone(units[end + 1]), !(units[end - 1] == 0x0D && units[end] == 0x0A)
          {
            break
          }
          end += 1
        }
        let run = String(decoding: UnsafeBufferPointer(rebasing: units[i..<end]), as: UTF16.self)
        var offset = i
        for character in run {
          let first = units[offset]
          // A single unit (the spaces and letters around an emoji) folds through the table.
          if character.utf16.count == 1 {
            foldUnit(first, at: offset, lowers: lowers, into: &out)
            offset += 1
            continue
          }
          // Emoji and other characters beyond the Basic Multilingual Plane have no case or
          // diacritics to fold (and are most of what comes this way): copied as they are.
          if UTF16.isLeadSurrogate(first) {
            var count = 0
            for unit in character.utf16 {
              out.append(unit, origin: count == 0 ? offset : -1)
              count += 1
            }
            offset += count
            continue
          }
          let own = Array(character.utf16)
          let folded = fold(character, own)
          for (k, unit) in folded.enumerated() { out.append(unit, origin: k == 0 ? offset : -1) }
          offset += own.count
        }
        i = end
      }
      out.finish(end: n)
      return out
    }

    /// Appends the fold of a unit that is a cluster of its own: ASCII lowered in place (when
    /// `lowers`), others through the table.
    @inline(__always)
    mutating func foldUnit(_ u: UInt16, at offset: Int, lowers: Bool, into out: inout Folded) {
      if u < 0x80 {
        out.append(lowers && u >= 0x41 && u <= 0x5A ? u + 0x20 : u, origin: offset)
        return
      }
      if unitFolds.isEmpty { unitFolds = [Int32](repeating: -1, count: 0x10000) }
      var known = unitFolds[Int(u)]
      if known == -1 {
        let folded = fold(Character(Unicode.Scalar(u)!), [u])
        known = folded.count == 1 ? Int32(folded[0]) : -2
        if known == -2 { unitMultiFolds[u] = folded }
        unitFolds[Int(u)] = known
      }
      if known >= 0 {
        out.append(UInt16(known), origin: offset)
        return
      }
      let folded = unitMultiFolds[u]!
      for (k, unit) in folded.enumerated() { out.append(unit, origin: k == 0 ? offset : -1) }
    }

    mutating func fold(_ character: Character, _ own: [UInt16]) -> [UInt16] {
      let key = String(character)
      if let known = cache[key] { return known }
      var options: String.CompareOptions = []
      if search.caseInsensitive { options.insert(.caseInsensitive) }
      if search.diacriticInsensitive { options.insert(.diacriticInsensitive) }
      // Decomposed, so that canonically equivalent text matches (é and e + U+0301), as
      // NSString's search without `.literal` finds either for the other.
      var folded = Array(key.folding(options: options, locale: nil).decomposedStringWithCanonicalMapping.utf16)
      // A cluster that folds to nothing (a lone combining mark) still matches itself.
      if folded.isEmpty { folded = own }
      cache[key] = folded
      return folded
    }
  }
}
