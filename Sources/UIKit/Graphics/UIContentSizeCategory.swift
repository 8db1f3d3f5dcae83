import Foundation
import Synchronization

// Dynamic Type: the content size category a person chose, the system font's size for each text
// style at each category, and the views that follow a change.
//
// The sizes are Apple's "Dynamic Type sizes" tables for iOS and iPadOS in the Human Interface
// Guidelines (Typography → Specifications → Dynamic Type sizes,
// https://developer.apple.com/design/human-interface-guidelines/typography): xSmall to xxxLarge
// and the five accessibility sizes AX1–AX5, each text style's point size at each.

/// A content size category (a preferred text size), with Apple's raw values. Categories compare
/// by size.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// No preference: traits of this category take the app's.
  public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
  public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
  public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
  public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
  /// The default.
  public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
  public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
  public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
  public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
  public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
  public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
  public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
  public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
  public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(
    rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

  /// Posted (by the application) when the preferred content size category changed; the new one
  /// is under ``newValueUserInfoKey``.
  public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")
  /// The user-info key of the new category in ``didChangeNotification``.
  public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"

  /// The categories from smallest to largest.
  package static let ordered: [UIContentSizeCategory] = [
    .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
    .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
    .accessibilityExtraExtraExtraLarge,
  ]

  /// The position in ``ordered`` (-1 for unspecified or unknown categories).
  package var _index: Int { Self.ordered.firstIndex(of: self) ?? -1 }

  /// Whether the category is one of the five accessibility sizes.
  public var isAccessibilityCategory: Bool { _index >= Self.ordered.firstIndex(of: .accessibilityMedium)! }

  public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool {
    lhs._index < rhs._index
  }

  /// `category` when specified, else the app's preferred one.
  package static func _resolved(_ category: UIContentSizeCategory?) -> UIContentSizeCategory {
    guard let category, category._index >= 0 else { return _preferred }
    return category
  }

  private static let preferredStorage = Mutex(UIContentSizeCategory.large)

  /// The app's preferred category (`UIApplication.preferredContentSizeCategory`).
  package static var _preferred: UIContentSizeCategory {
    get { preferredStorage.withLock { $0 } }
    set { preferredStorage.withLock { $0 = newValue } }
  }
}

extension UIFont.TextStyle {
  /// The style's point size at `category` (Apple's table; a style it does not list scales as
  /// body).
  package func _size(for category: UIContentSizeCategory) -> CGFloat {
    let index = UIContentSizeCategory._resolved(category)._index
    //                xS  S   M   L   XL  XXL XXXL AX1 AX2 AX3 AX4 AX5
    let sizes: [CGFloat] =
      switch self {
      case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
      case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
      case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
      case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
      case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
      case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
      case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
      case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
      case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
      case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
      case .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
      default:
        // Another style: body's sizes scaled to the style's own size at Large.
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53].map { $0 * defaultSizeAndWeight.size / 17 }
      }
    return sizes[index]
  }
}

/// A view whose font can follow the content size category.
@MainActor
public protocol UIContentSizeCategoryAdjusting: NSObjectProtocol {
  /// Whether the font (one from `preferredFont(forTextStyle:)` or `UIFontMetrics`) is made
  /// again at the new size when the content size category changes.
  var adjustsFontForContentSizeCategory: Bool { get set }
}

extension UIApplication {
  /// The text size the person prefers (`.large` unless a host changed it).
  public var preferredContentSizeCategory: UIContentSizeCategory { UIContentSizeCategory._preferred }

  /// Changes the preferred content size category (what Settings does on a device): the fonts of
  /// views that adjust to it are made at the new size in every window (at their own category
  /// where an ancestor overrides the trait), then
  /// `UIContentSizeCategory.didChangeNotification` is posted with the new category.
  package func _setPreferredContentSizeCategory(_ category: UIContentSizeCategory) {
    guard category != UIContentSizeCategory._preferred, category._index >= 0 else { return }
    UIContentSizeCategory._preferred = category
    UIScreen.main._traitInputsDidChange()
    func visit(_ view: UIView) {
      if let adjusting = view as? any _ContentSizeCategoryFollowing, adjusting.adjustsFontForContentSizeCategory {
        // The view's own category: the new one, unless an ancestor overrides it.
        adjusting._contentSizeCategoryDidChange(to: UIContentSizeCategory._resolved(view.traitCollection.preferredContentSizeCategory))
      }
      view.subviews.forEach(visit)
    }
    for window in windows { visit(window) }
    NotificationCenter.default.post(
      name: UIContentSizeCategory.didChangeNotification, object: self,
      userInfo: [UIContentSizeCategory.newValueUserInfoKey: category])
  }
}

/// The views of this module that follow a content size category change.
@MainActor
protocol _ContentSizeCategoryFollowing: UIContentSizeCategoryAdjusting {
  func _contentSizeCategoryDidChange(to category: UIContentSizeCategory)
}

extension UILabel: UIContentSizeCategoryAdjusting, _ContentSizeCategoryFollowing {
  func _contentSizeCategoryDidChange(to category: UIContentSizeCategory) {
    font = font._scaled(to: category)
  }
}

extension UITextField: UIContentSizeCategoryAdjusting, _ContentSizeCategoryFollowing {
  func _contentSizeCategoryDidChange(to category: UIContentSizeCategory) {
    _scaleFonts(to: category)
    if let font { _replaceDefaultFont(font._scaled(to: category)) }
  }
}

extension UITextView: UIContentSizeCategoryAdjusting, _ContentSizeCategoryFollowing {
  func _contentSizeCategoryDidChange(to category: UIContentSizeCategory) {
    _scaleFonts(to: category)
    if let font { _replaceDefaultFont(font._scaled(to: category)) }
  }
}

extension _AttributedTextObject {
  /// Rescales the Dynamic Type fonts of attributed runs (other fonts stay).
  func _scaleFonts(to category: UIContentSizeCategory) {
    _syncRuns()
    _runStorage.modify(in: 0..<_runStorage.length) { attributes in
      if let font = attributes[.font] as? UIFont { attributes[.font] = font._scaled(to: category) }
    }
  }
}
