import Foundation

// Text highlights (iOS 18): a range with `.textHighlightStyle` is drawn on a tinted background
// in its scheme's colour, its text in that colour too (a text view's
// `drawTextHighlightBackground(for:origin:)` draws the background; UITextView+TextHighlights.swift).

extension NSAttributedString.Key {
  /// How the text is highlighted (a `NSAttributedString.TextHighlightStyle`); none when absent.
  public static let textHighlightStyle = NSAttributedString.Key("NSTextHighlightStyle")
  /// The colours of a highlight (a `NSAttributedString.TextHighlightColorScheme`); the text
  /// view's `textHighlightAttributes` when absent or `.default`.
  public static let textHighlightColorScheme = NSAttributedString.Key("NSTextHighlightColorScheme")
}

extension NSAttributedString {
  /// The style of a text highlight (iOS 18).
  public struct TextHighlightStyle: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The system's highlight.
    public static let `default` = TextHighlightStyle(rawValue: "NSTextHighlightStyleDefault")
  }

  /// The colours of a text highlight (iOS 18).
  public struct TextHighlightColorScheme: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The text view's `textHighlightAttributes` (its tint colour unless set).
    public static let `default` = TextHighlightColorScheme(rawValue: "NSTextHighlightColorSchemeDefault")
    public static let purple = TextHighlightColorScheme(rawValue: "NSTextHighlightColorSchemePurple")
    public static let pink = TextHighlightColorScheme(rawValue: "NSTextHighlightColorSchemePink")
    public static let orange = TextHighlightColorScheme(rawValue: "NSTextHighlightColorSchemeOrange")
    public static let mint = TextHighlightColorScheme(rawValue: "NSTextHighlightColorSchemeMint")
    public static let blue = TextHighlightColorScheme(rawValue: "NSTextHighlightColorSchemeBlue")
  }
}

extension NSAttributedString.TextHighlightColorScheme {
  /// The scheme of a `.textHighlightColorScheme` value (given as the struct or its raw string).
  static func _of(_ value: Any?) -> Self {
    if let scheme = value as? Self { return scheme }
    if let raw = value as? String { return Self(rawValue: raw) }
    return .default
  }

  /// The system colour a named scheme draws in; nil for `.default` (the view's attributes).
  var _color: UIColor? {
    switch self {
    case .purple: .systemPurple
    case .pink: .systemPink
    case .orange: .systemOrange
    case .mint: .systemMint
    case .blue: .systemBlue
    default: nil
    }
  }
}
