import Foundation

/// How a text drag is shown.
public struct UITextDragOptions: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The preview draws the text in the default text colour instead of its own colours.
  public static let stripTextColorFromPreviews = UITextDragOptions(rawValue: 1 << 0)
}
