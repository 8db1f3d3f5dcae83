import Foundation

/// A tab stop of a paragraph style: where text after a tab goes, and how it aligns there.
open class NSTextTab: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
  /// CoreFoundation's object header; the first stored property (see `_CFObjectHeader`).
  private let _cfHeader = _CFObjectHeader.word
  /// Keys of a tab stop's options.
  public struct OptionKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The characters that end a column (a `CharacterSet`) for a tab aligned at a decimal point.
    public static let columnTerminators = OptionKey(rawValue: "NSTabColumnTerminatorsAttributeName")
  }

  /// The characters that end a column for `aLocale` (nil: the current one): its decimal
  /// separator, tab and the line and paragraph separators.
  open class func columnTerminators(for aLocale: Locale?) -> CharacterSet {
    let separator = (aLocale ?? Locale.current).decimalSeparator ?? "."
    var set = CharacterSet(charactersIn: separator + "\t\n\r\u{2028}\u{2029}")
    set.insert(charactersIn: "\u{85}")
    return set
  }

  public static var supportsSecureCoding: Bool { true }

  /// How text aligns at the stop.
  open private(set) var alignment: NSTextAlignment
  /// The stop's distance from the leading margin, in points.
  open private(set) var location: CGFloat
  /// The stop's options.
  open private(set) var options: [NSTextTab.OptionKey: Any]

  /// A tab stop at `location` points aligning text as `alignment` says.
  public init(textAlignment alignment: NSTextAlignment, location loc: CGFloat, options: [NSTextTab.OptionKey: Any] = [:]) {
    self.alignment = alignment
    self.location = loc
    self.options = options
    super.init()
  }

  public required init?(coder: NSCoder) {
    alignment = .left
    location = 0
    options = [:]
    super.init()
  }

  open func encode(with coder: NSCoder) {}

  open func copy(with zone: NSZone? = nil) -> Any {
    NSTextTab(textAlignment: alignment, location: location, options: options)
  }

  // Two stops are equal when they align alike at the same place, as Apple's -isEqual: says.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? NSTextTab else { return false }
    return alignment == other.alignment && location == other.location
  }

  open override var hash: Int { alignment.rawValue &* 31 &+ location.hashValue }
}
