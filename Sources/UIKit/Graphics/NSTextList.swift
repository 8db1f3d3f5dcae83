import Foundation

/// A list that paragraphs belong to (through their style's `textLists`), and how its items are
/// marked.
open class NSTextList: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// CoreFoundation's object header; the first stored property (see `_CFObjectHeader`).
  private let _cfHeader = _CFObjectHeader.word
  /// A list's marker: any text with one `{keyword}` where the item's number or bullet goes.
  public struct MarkerFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let box = MarkerFormat("{box}")
    public static let check = MarkerFormat("{check}")
    public static let circle = MarkerFormat("{circle}")
    public static let diamond = MarkerFormat("{diamond}")
    public static let disc = MarkerFormat("{disc}")
    public static let hyphen = MarkerFormat("{hyphen}")
    public static let square = MarkerFormat("{square}")
    public static let lowercaseHexadecimal = MarkerFormat("{lower-hexadecimal}")
    public static let uppercaseHexadecimal = MarkerFormat("{upper-hexadecimal}")
    public static let octal = MarkerFormat("{octal}")
    public static let lowercaseAlpha = MarkerFormat("{lower-alpha}")
    public static let uppercaseAlpha = MarkerFormat("{upper-alpha}")
    public static let lowercaseLatin = MarkerFormat("{lower-latin}")
    public static let uppercaseLatin = MarkerFormat("{upper-latin}")
    public static let lowercaseRoman = MarkerFormat("{lower-roman}")
    public static let uppercaseRoman = MarkerFormat("{upper-roman}")
    public static let decimal = MarkerFormat("{decimal}")
  }

  /// How markers are built.
  public struct Options: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// A nested list's marker starts with its enclosing list's.
    public static let prependEnclosingMarker = Options(rawValue: 1 << 0)
  }

  public static var supportsSecureCoding: Bool { true }

  /// The marker format.
  open private(set) var markerFormat: NSTextList.MarkerFormat
  /// The marker options.
  open private(set) var listOptions: NSTextList.Options
  /// The number of the list's first item.
  open var startingItemNumber: Int
  /// Whether the items are numbered (rather than bulleted).
  open var isOrdered: Bool {
    Self.keyword(in: markerFormat.rawValue).map { Self.numbered.contains($0.keyword) } ?? false
  }

  /// A list marked as `markerFormat` says, its items numbered from `startingItemNumber`.
  public init(markerFormat: NSTextList.MarkerFormat, options: NSTextList.Options = [], startingItemNumber: Int) {
    self.markerFormat = markerFormat
    self.listOptions = options
    self.startingItemNumber = startingItemNumber
    super.init()
  }

  /// A list marked as `markerFormat` says, numbered from 1 (`options`: `Options` raw values).
  public convenience init(markerFormat: NSTextList.MarkerFormat, options: Int) {
    self.init(markerFormat: markerFormat, options: Options(rawValue: UInt(max(0, options))), startingItemNumber: 1)
  }

  public required init?(coder: NSCoder) {
    markerFormat = .disc
    listOptions = []
    startingItemNumber = 1
    super.init()
  }

  open func encode(with coder: NSCoder) {}

  open func copy(with zone: NSZone? = nil) -> Any {
    NSTextList(markerFormat: markerFormat, options: listOptions, startingItemNumber: startingItemNumber)
  }

  /// The marker of item `itemNumber` (the list's numbering, not an index): the format with its
  /// `{keyword}` replaced by the bullet or the number written as the keyword says.
  open func marker(forItemNumber itemNumber: Int) -> String {
    let format = markerFormat.rawValue
    guard let (keyword, range) = Self.keyword(in: format) else { return format }
    return format.replacingCharacters(in: range, with: Self.mark(itemNumber, keyword))
  }

  private static let numbered: Set<String> = [
    "decimal", "octal", "lower-hexadecimal", "upper-hexadecimal", "lower-alpha", "upper-alpha",
    "lower-latin", "upper-latin", "lower-roman", "upper-roman",
  ]

  private static func keyword(in format: String) -> (keyword: String, range: Range<String.Index>)? {
    guard let open = format.firstIndex(of: "{"), let close = format[open...].firstIndex(of: "}") else { return nil }
    return (String(format[format.index(after: open)..<close]), open..<format.index(after: close))
  }

  // The bullets are the glyphs TextKit draws for these keywords.
  private static func mark(_ number: Int, _ keyword: String) -> String {
    switch keyword {
    case "box": "\u{25FB}"
    case "check": "\u{2713}"
    case "circle": "\u{25E6}"
    case "diamond": "\u{25C6}"
    case "disc": "\u{2022}"
    case "hyphen": "\u{2043}"
    case "square": "\u{25AA}"
    case "decimal": String(number)
    case "octal": String(number, radix: 8)
    case "lower-hexadecimal": String(number, radix: 16)
    case "upper-hexadecimal": String(number, radix: 16, uppercase: true)
    case "lower-alpha", "lower-latin": alphabetic(number)
    case "upper-alpha", "upper-latin": alphabetic(number).uppercased()
    case "lower-roman": roman(number)
    case "upper-roman": roman(number).uppercased()
    default: "{\(keyword)}"
    }
  }

  /// a … z, aa … az, ba …, as CSS's lower-alpha counts (0 and below: the number itself).
  private static func alphabetic(_ number: Int) -> String {
    guard number > 0 else { return String(number) }
    var letters: [Character] = []
    var n = number
    while n > 0 {
      n -= 1
      letters.append(Character(UnicodeScalar(UInt8(97 + n % 26))))
      n /= 26
    }
    return String(letters.reversed())
  }

  /// i, ii, iv, … up to 3999 (beyond and below 1: the number itself, as CSS falls back).
  private static func roman(_ number: Int) -> String {
    guard (1...3999).contains(number) else { return String(number) }
    let values: [(Int, String)] = [
      (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
      (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
    ]
    var n = number
    var out = ""
    for (value, symbol) in values {
      while n >= value {
        out += symbol
        n -= value
      }
    }
    return out
  }
}
