import Foundation

/// A service the share sheet offers: subclass it for your app's own (``UIActivityViewController``'s
/// `applicationActivities`). The share sheet asks `canPerform(withActivityItems:)`, shows the
/// activity with its title and image, and when it is chosen calls
/// `prepare(withActivityItems:)`, then either presents its `activityViewController` or calls
/// `perform()`; the activity calls `activityDidFinish(_:)` when it is done.
@preconcurrency @MainActor
open class UIActivity: NSObject {
  /// A kind of activity. The system's are constants; an app's own use their own strings.
  public struct ActivityType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let postToFacebook = ActivityType("com.apple.UIKit.activity.PostToFacebook")
    public static let postToTwitter = ActivityType("com.apple.UIKit.activity.PostToTwitter")
    public static let postToWeibo = ActivityType("com.apple.UIKit.activity.PostToWeibo")
    public static let message = ActivityType("com.apple.UIKit.activity.Message")
    public static let mail = ActivityType("com.apple.UIKit.activity.Mail")
    public static let print = ActivityType("com.apple.UIKit.activity.Print")
    public static let copyToPasteboard = ActivityType("com.apple.UIKit.activity.CopyToPasteboard")
    public static let assignToContact = ActivityType("com.apple.UIKit.activity.AssignToContact")
    public static let saveToCameraRoll = ActivityType("com.apple.UIKit.activity.SaveToCameraRoll")
    public static let addToReadingList = ActivityType("com.apple.UIKit.activity.AddToReadingList")
    public static let postToFlickr = ActivityType("com.apple.UIKit.activity.PostToFlickr")
    public static let postToVimeo = ActivityType("com.apple.UIKit.activity.PostToVimeo")
    public static let postToTencentWeibo = ActivityType("com.apple.UIKit.activity.TencentWeibo")
    public static let airDrop = ActivityType("com.apple.UIKit.activity.AirDrop")
    public static let openInIBooks = ActivityType("com.apple.UIKit.activity.OpenInIBooks")
    public static let markupAsPDF = ActivityType("com.apple.UIKit.activity.MarkupAsPDF")
    public static let sharePlay = ActivityType("com.apple.UIKit.activity.SharePlay")
    public static let collaborationInviteWithLink = ActivityType("com.apple.UIKit.activity.CollaborationInviteWithLink")
    public static let collaborationCopyLink = ActivityType("com.apple.UIKit.activity.CollaborationCopyLink")
    public static let addToHomeScreen = ActivityType("com.apple.UIKit.activity.AddToHomeScreen")
  }

  /// Whether an activity acts on the items (copy, print) or shares them with someone.
  public enum Category: Int, Sendable {
    case action = 0
    case share = 1
  }

  public override init() {
    super.init()
  }

  /// The activity's category (`.action` by default); the share sheet lists share activities first.
  open class var activityCategory: Category { .action }
  /// The activity's kind (nil by default: override it).
  open var activityType: ActivityType? { nil }
  /// The title the share sheet shows.
  open var activityTitle: String? { nil }
  /// The image the share sheet shows beside the title.
  open var activityImage: UIImage? { nil }
  /// Whether the activity can act on `activityItems` (false by default: override it).
  open func canPerform(withActivityItems activityItems: [Any]) -> Bool { false }
  /// Called with the items when the user chose the activity, before it runs.
  open func prepare(withActivityItems activityItems: [Any]) {}
  /// A screen of the activity's own (a compose screen) to present instead of `perform()`.
  open var activityViewController: UIViewController? { nil }
  /// Runs the activity (when it has no `activityViewController`); call `activityDidFinish(_:)`
  /// when done. The default finishes at once, not completed.
  open func perform() { activityDidFinish(false) }

  /// Tells the share sheet the activity is done: its screen (if any) is dismissed and the share
  /// sheet's completion handler hears whether it `completed`.
  open func activityDidFinish(_ completed: Bool) {
    let owner = _owner
    _owner = nil
    owner?._activity(self, didFinish: completed)
  }

  /// The share sheet running the activity.
  weak var _owner: UIActivityViewController?
}

/// An object standing in for an item of the share sheet, asked for the item once an activity is
/// chosen (as data for that activity, or nil to leave it out).
@preconcurrency @MainActor
public protocol UIActivityItemSource: NSObjectProtocol {
  /// An object of the item's kind, for the share sheet to decide which activities apply.
  func activityViewControllerPlaceholderItem(_ activityViewController: UIActivityViewController) -> Any
  /// The item for `activityType` (nil: none for that activity).
  func activityViewController(
    _ activityViewController: UIActivityViewController, itemForActivityType activityType: UIActivity.ActivityType?
  ) -> Any?
  /// A subject for activities that take one (mail): empty by default.
  func activityViewController(
    _ activityViewController: UIActivityViewController, subjectForActivityType activityType: UIActivity.ActivityType?
  ) -> String
}

extension UIActivityItemSource {
  public func activityViewController(
    _ activityViewController: UIActivityViewController, subjectForActivityType activityType: UIActivity.ActivityType?
  ) -> String { "" }
}
