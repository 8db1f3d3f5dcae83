import Foundation

/// The kinds of data a text view turns into links (``UITextView/dataDetectorTypes``), with
/// Apple's bit values.
///
/// On Linux, links (URLs with a scheme, `www.` addresses, bare domains under common top-level
/// domains, and e-mail addresses) and phone numbers are detected (see `_DataDetector`);
/// swift-corelibs-foundation has no `NSDataDetector`, and addresses, calendar events, tracking
/// and flight numbers, lookup suggestions, money and physical values need Apple's language
/// models, so those options are kept but find nothing (README, "Differences Linux forces").
public struct UIDataDetectorTypes: OptionSet, Sendable, Hashable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Phone numbers.
  public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
  /// URLs (and e-mail addresses, as on iOS).
  public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
  /// Postal addresses (not detected on Linux).
  public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
  /// Calendar events (not detected on Linux).
  public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
  /// Parcel tracking numbers (not detected on Linux).
  public static let shipmentTrackingNumber = UIDataDetectorTypes(rawValue: 1 << 4)
  /// Flight numbers (not detected on Linux).
  public static let flightNumber = UIDataDetectorTypes(rawValue: 1 << 5)
  /// Lookup suggestions (not detected on Linux).
  public static let lookupSuggestion = UIDataDetectorTypes(rawValue: 1 << 6)
  /// Amounts of money (not detected on Linux).
  public static let money = UIDataDetectorTypes(rawValue: 1 << 7)
  /// Physical values such as lengths and temperatures (not detected on Linux).
  public static let physicalValue = UIDataDetectorTypes(rawValue: 1 << 8)
  /// Every kind (`NSUIntegerMax`, so kinds added later are included).
  public static let all = UIDataDetectorTypes(rawValue: .max)
}

/// Finds links and phone numbers in plain text, for ``UITextView/dataDetectorTypes``.
///
/// A careful, conservative scanner rather than a language model: it prefers missing an unusual
/// form to linking something that is not one (a date such as 2024-01-15 is not a phone number,
/// "e.g." is not a domain). Ranges are UTF-16 offsets of the text.
///
/// - Links: a scheme and `://` (`https://…`, `ftp://…`), `mailto:`/`tel:`, an address starting
///   `www.`, a bare domain whose last label is a common top-level domain (`apple.com/mac`), an
///   e-mail address (`a@b.org`, linked as `mailto:`). Trailing punctuation that ends a sentence
///   (`.,;:!?` and quotes) and a closing bracket without its opening one are left out.
/// - Phone numbers: `+` and 8 to 15 digits (`+44 20 7946 0958`); North American numbers of 7, 10
///   or 11 digits in the usual groups (`555-1234`, `(415) 555-0123`, `1-800-555-0199`,
///   `415.555.0123`, `4155550123`); national numbers of 10 or 11 digits starting with 0 in two
///   or more groups (`020 7946 0958`). Linked as `tel:` with the digits.
struct _DataDetector {
  struct Match: Equatable {
    /// UTF-16 range in the text.
    var range: Range<Int>
    var url: URL
    static func == (a: Match, b: Match) -> Bool { a.range == b.range && a.url == b.url }
  }

  /// The matches of `types` in `text`, sorted and disjoint (a link wins over a phone number in it).
  static func matches(in text: String, types: UIDataDetectorTypes) -> [Match] {
    let scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty else { return [] }
    // UTF-16 offset of each scalar, and of the end.
    var offsets = [Int]()
    offsets.reserveCapacity(scalars.count + 1)
    var at = 0
    for scalar in scalars {
      offsets.append(at)
      at += scalar.utf16.count
    }
    offsets.append(at)
    var found: [Match] = []
    if types.contains(.link) {
      for (range, url) in links(in: scalars) {
        found.append(Match(range: offsets[range.lowerBound]..<offsets[range.upperBound], url: url))
      }
    }
    if types.contains(.phoneNumber) {
      for (range, url) in phoneNumbers(in: scalars) {
        let utf16 = offsets[range.lowerBound]..<offsets[range.upperBound]
        if !found.contains(where: { $0.range.overlaps(utf16) }) { found.append(Match(range: utf16, url: url)) }
      }
    }
    return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  // MARK: Links

  /// Top-level domains a bare domain may end in (an address without a scheme or `www.`).
  static let commonTopLevelDomains: Set<String> = [
    "com", "org", "net", "edu", "gov", "mil", "int", "io", "dev", "app", "info", "biz", "me", "tv", "co",
    "ai", "uk", "de", "fr", "es", "it", "nl", "be", "ch", "at", "se", "no", "dk", "fi", "pl", "pt", "ie",
    "eu", "us", "ca", "au", "nz", "jp", "cn", "kr", "in", "br", "mx", "ru", "za", "xyz", "online", "site",
    "tech", "blog", "news", "shop", "swift",
  ]

  /// Characters that end a link candidate (besides white space).
  private static func isDelimiter(_ s: Unicode.Scalar) -> Bool {
    s.properties.isWhitespace || s == "<" || s == ">" || s == "\"" || s == "`" || s == "{" || s == "}"
      || s == "|" || s == "\\" || s == "^" || s.value < 0x20 || s == "\u{FFFC}"
  }

  private static func links(in scalars: [Unicode.Scalar]) -> [(Range<Int>, URL)] {
    var result: [(Range<Int>, URL)] = []
    var i = 0
    while i < scalars.count {
      guard !isDelimiter(scalars[i]) else {
        i += 1
        continue
      }
      var end = i
      while end < scalars.count, !isDelimiter(scalars[end]) { end += 1 }
      if let (range, url) = link(in: scalars, i..<end) { result.append((range, url)) }
      i = end
    }
    return result
  }

  /// The link in the candidate `range` (a run without white space), trimmed of the punctuation
  /// around it.
  private static func link(in scalars: [Unicode.Scalar], _ range: Range<Int>) -> (Range<Int>, URL)? {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, "([{'".unicodeScalars.contains(scalars[lower]) { lower += 1 }
    while lower < upper {
      let last = scalars[upper - 1]
      if ".,;:!?'".unicodeScalars.contains(last) || last == "\u{2019}" || last == "\u{201D}" {
        upper -= 1
      } else if let open = [")": "(", "]": "["][String(last)] {
        // A closing bracket is the link's own only when the link opened one (Wikipedia's
        // `Swift_(programming_language)`), not when the sentence did: "(see apple.com)".
        let body = scalars[lower..<(upper - 1)]
        let opens = body.filter { String($0) == open }.count
        let closes = body.filter { $0 == last }.count
        if opens > closes { break }
        upper -= 1
      } else {
        break
      }
    }
    guard lower < upper else { return nil }
    let token = String(String.UnicodeScalarView(scalars[lower..<upper]))
    guard let url = linkURL(token) else { return nil }
    return (lower..<upper, url)
  }

  private static func linkURL(_ token: String) -> URL? {
    let lowered = token.lowercased()
    if let schemeEnd = token.range(of: "://") {
      let scheme = token[..<schemeEnd.lowerBound]
      guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
        scheme.unicodeScalars.allSatisfy({ isASCIIAlphanumeric($0, or: "+-.") }),
        schemeEnd.upperBound < token.endIndex
      else { return nil }
      return URL(string: token)
    }
    if lowered.hasPrefix("mailto:") || lowered.hasPrefix("tel:") {
      return token.count > (lowered.hasPrefix("tel:") ? 4 : 7) ? URL(string: token) : nil
    }
    if let at = token.firstIndex(of: "@") {
      let local = token[..<at]
      let domain = String(token[token.index(after: at)...])
      guard !local.isEmpty,
        local.unicodeScalars.allSatisfy({ isASCIIAlphanumeric($0, or: "._%+-") }),
        !local.hasPrefix("."), !local.hasSuffix("."),
        isHostName(domain, requireKnownTopLevelDomain: false)
      else { return nil }
      return URL(string: "mailto:" + token)
    }
    let host = String(token.prefix { !"/?#:".contains($0) })
    if lowered.hasPrefix("www.") {
      guard isHostName(host, requireKnownTopLevelDomain: false) else { return nil }
      return URL(string: "http://" + token)
    }
    guard isHostName(host, requireKnownTopLevelDomain: true) else { return nil }
    return URL(string: "http://" + token)
  }

  /// Whether `host` is dot-separated labels of letters, digits and hyphens, ending in a label of
  /// two or more letters (one of ``commonTopLevelDomains`` when `requireKnownTopLevelDomain`).
  private static func isHostName(_ host: String, requireKnownTopLevelDomain: Bool) -> Bool {
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, let last = labels.last else { return false }
    for label in labels {
      guard !label.isEmpty, !label.hasPrefix("-"), !label.hasSuffix("-"),
        label.unicodeScalars.allSatisfy({ isASCIIAlphanumeric($0, or: "-") })
      else { return false }
    }
    guard last.count >= 2, last.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }) else { return false }
    return !requireKnownTopLevelDomain || commonTopLevelDomains.contains(last.lowercased())
  }

  // MARK: Phone numbers

  private static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }

  private static func phoneNumbers(in scalars: [Unicode.Scalar]) -> [(Range<Int>, URL)] {
    var result: [(Range<Int>, URL)] = []
    var i = 0
    while i < scalars.count {
      let s = scalars[i]
      guard s == "+" || s == "(" || isDigit(s) else {
        i += 1
        continue
      }
      // A number does not start inside a word or another number ("A1234567", "x+1").
      if i > 0, continuesNumberOrWord(scalars, before: i) {
        i += 1
        while i < scalars.count, isWordScalar(scalars[i]) { i += 1 }
        continue
      }
      if let (end, url) = phoneNumber(in: scalars, from: i) {
        result.append((i..<end, url))
        i = end
      } else {
        i += 1
        while i < scalars.count, isDigit(scalars[i]) { i += 1 }
      }
    }
    return result
  }

  /// Whether what comes before `index` is part of a word or a number that a phone number there
  /// would continue: a letter or digit, a sign, a dash, or a decimal point after a digit.
  private static func continuesNumberOrWord(_ scalars: [Unicode.Scalar], before index: Int) -> Bool {
    let previous = scalars[index - 1]
    if isWordScalar(previous) || previous == "+" || previous == "-" { return true }
    return previous == "." && index > 1 && isDigit(scalars[index - 2])
  }

  /// An ASCII letter or digit, or one of `extra`.
  private static func isASCIIAlphanumeric(_ s: Unicode.Scalar, or extra: String) -> Bool {
    s.isASCII && (s.properties.isAlphabetic || isDigit(s) || extra.unicodeScalars.contains(s))
  }

  private static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
    s.properties.isAlphabetic || s.properties.numericType != nil || s == "_"
  }

  /// The phone number starting at `start`: where it ends and its `tel:` URL.
  private static func phoneNumber(in scalars: [Unicode.Scalar], from start: Int) -> (Int, URL)? {
    var i = start
    let international = scalars[i] == "+"
    if international { i += 1 }
    var groups: [String] = []
    var current = ""
    var separators: [Unicode.Scalar] = []
    var openParenthesis = false
    var usedParenthesis = false
    var end = i
    while i < scalars.count {
      let s = scalars[i]
      if isDigit(s) {
        current.unicodeScalars.append(s)
        i += 1
        end = i
      } else if s == "(", current.isEmpty, !openParenthesis, !usedParenthesis {
        openParenthesis = true
        usedParenthesis = true
        i += 1
      } else if s == ")", openParenthesis, !current.isEmpty {
        openParenthesis = false
        groups.append(current)
        current = ""
        i += 1
        end = i
        // "(415) 555": one space may follow the closing parenthesis.
        if i < scalars.count, scalars[i] == " ", i + 1 < scalars.count, isDigit(scalars[i + 1]) { i += 1 }
      } else if s == "-" || s == "." || s == " ", !current.isEmpty, i + 1 < scalars.count, isDigit(scalars[i + 1]) || scalars[i + 1] == "(" {
        groups.append(current)
        current = ""
        separators.append(s)
        i += 1
      } else {
        break
      }
    }
    if !current.isEmpty { groups.append(current) }
    guard !openParenthesis, !groups.isEmpty else { return nil }
    // The number must not run on into a word or another number ("555-1234x", "555-1234-56").
    if end < scalars.count, isWordScalar(scalars[end]) { return nil }
    let digits = groups.joined()
    let sizes = groups.map(\.count)
    // One kind of separator between groups (besides the space after a parenthesis): "2024-01.15"
    // is no number anyone writes.
    if Set(separators).count > 1 { return nil }
    let valid: Bool
    if international {
      valid = (8...15).contains(digits.count) && sizes.allSatisfy { $0 <= 4 || groups.count == 1 }
    } else if digits.hasPrefix("0") {
      valid = (10...11).contains(digits.count) && groups.count >= 2 && sizes.allSatisfy { $0 >= 2 && $0 <= 5 }
    } else {
      valid = sizes == [3, 4] || sizes == [3, 3, 4] || sizes == [1, 3, 3, 4] && digits.hasPrefix("1")
        || sizes == [10] && !usedParenthesis
    }
    guard valid, let url = URL(string: "tel:" + (international ? "+" : "") + digits) else { return nil }
    return (end, url)
  }
}
