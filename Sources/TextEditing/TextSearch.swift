import Foundation

/// Finding every occurrence of a query in a text: what a find panel's search does.
///
/// Matches are whole grapheme clusters of the text (a query "e" does not match the "e" of an
/// "e" with a combining accent unless diacritics are ignored, and then the whole cluster
/// matches), do not overlap, and come in text order as UTF-16 ranges. Case and diacritics
/// are ignored as Foundation's `.caseInsensitive` and `.diacriticInsensitive` ignore them (each
/// cluster folded on its own). Word matching counts a match as starting (or ending) a word when
/// the text starts (ends) there or the character before (after) it is white space or one of
/// the punctuation marks iOS's text view counts: `. ! ? , ' ’ “ ” "` and their CJK, Armenian,
/// Arabic, Devanagari, Ethiopic and Canadian forms.
///
/// The cost is linear in the text: ASCII is folded unit by unit, other runs cluster by cluster
/// (each distinct cluster folded once).
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
    let needle = folder.fold(Array(query.utf16)).units
    guard !needle.isEmpty else { return [] }
    let (haystack, origin) = folder.fold(units)
    var found: [Range<Int>] = []
    haystack.withUnsafeBufferPointer { h in
      needle.withUnsafeBufferPointer { q in
        origin.withUnsafeBufferPointer { o in
          let m = q.count
          guard h.count >= m else { return }
          let first = q[0]
          var i = 0
          let last = h.count - m
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
            let range = o[i]..<o[i + m]
            if wordMatch == .contains || Self.fits(range, wordMatch, units) {
              found.append(range)
              i += m
            } else {
              i += 1
            }
          }
        }
      }
    }
    return found
  }

  // MARK: Words

  private static func fits(_ range: Range<Int>, _ match: WordMatch, _ units: [UInt16]) -> Bool {
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

  /// Folds text cluster by cluster, remembering where each cluster came from.
  private struct Folder {
    let search: TextSearch
    var cache: [String: [UInt16]] = [:]

    init(search: TextSearch) { self.search = search }

    var folds: Bool { search.caseInsensitive || search.diacriticInsensitive }

    /// The folded units, and for each folded index (and one past the end) the offset in
    /// `units` of the cluster that starts there, -1 inside a cluster's folded form.
    mutating func fold(_ units: [UInt16]) -> (units: [UInt16], origin: [Int]) {
      let n = units.count
      var out: [UInt16] = []
      var origin: [Int] = []
      out.reserveCapacity(n)
      origin.reserveCapacity(n + 1)
      let lowers = search.caseInsensitive
      var i = 0
      while i < n {
        let u = units[i]
        // An ASCII unit followed by ASCII is a cluster of its own (but CR LF is one).
        if u < 0x80, i + 1 == n || (units[i + 1] < 0x80 && !(u == 0x0D && units[i + 1] == 0x0A)) {
          out.append(lowers && u >= 0x41 && u <= 0x5A ? u + 0x20 : u)
          origin.append(i)
          i += 1
          continue
        }
        // A run that needs grapheme breaking: up to the next ASCII unit followed by ASCII.
        var end = i + 1
        while end < n {
          if units[end] < 0x80, end + 1 == n || units[end + 1] < 0x80 { break }
          end += 1
        }
        let run = String(decoding: units[i..<end], as: UTF16.self)
        var offset = i
        for character in run {
          let own = Array(character.utf16)
          let folded = folds ? fold(character, own) : own
          origin.append(offset)
          if folded.count > 1 { origin.append(contentsOf: repeatElement(-1, count: folded.count - 1)) }
          out.append(contentsOf: folded)
          offset += own.count
        }
        i = end
      }
      origin.append(n)
      return (out, origin)
    }

    mutating func fold(_ character: Character, _ own: [UInt16]) -> [UInt16] {
      let key = String(character)
      if let known = cache[key] { return known }
      var options: String.CompareOptions = []
      if search.caseInsensitive { options.insert(.caseInsensitive) }
      if search.diacriticInsensitive { options.insert(.diacriticInsensitive) }
      var folded = Array(key.folding(options: options, locale: nil).utf16)
      // A cluster that folds to nothing (a lone combining mark) still matches itself.
      if folded.isEmpty { folded = own }
      cache[key] = folded
      return folded
    }
  }
}
